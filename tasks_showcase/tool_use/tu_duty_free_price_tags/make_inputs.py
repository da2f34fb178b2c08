"""Inputs: five instant photos of duty-free shelf labels for the same drone, lying on a desk,
with a sticky note giving the day they were taken."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import centered, font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import Image, ImageDraw

SEED = 707
TAGS = [("LHR · London Heathrow T5", "£ 389.00"), ("ZRH · Zurich Airport", "CHF 419.00"),
        ("HND · Tokyo Haneda", "¥ 61,800"), ("JFK · New York T4", "US$ 449.00"),
        ("ARN · Stockholm Arlanda", "SEK 3 690")]


def polaroid(shop, price, i):
    w, h = 380, 330
    card = Image.new("RGB", (w, h), (250, 250, 246))
    shelf = texture((340, 230), (92, 96, 104), SEED + i, amount=10)  # shelf and product behind the label
    d = ImageDraw.Draw(shelf)
    d.rectangle((40, 10, 300, 100), fill=(40, 42, 48))
    d.text((60, 40), "NIMBUS N2", font=font("sans-bold", 30), fill=(220, 220, 225))
    d.rectangle((0, 118, 340, 230), fill=(250, 214, 50))  # shelf-edge label
    d.text((12, 124), shop, font=font("arial-bold", 20), fill=(20, 20, 20))
    d.text((12, 150), "Nimbus N2 Mini Drone", font=font("arial", 18), fill=(20, 20, 20))
    d.text((12, 176), price, font=font("arial-bold", 40), fill=(10, 10, 10))
    card.paste(shelf, (20, 20))
    centered(ImageDraw.Draw(card), w / 2, 268, shop.split(" · ")[0], font("times-italic", 30), (40, 40, 120))
    return card


def note():
    card = Image.new("RGB", (260, 150), (255, 240, 120))
    d = ImageDraw.Draw(card)
    d.text((16, 14), "Drone prices", font=font("times-italic", 30), fill=(30, 30, 90))
    d.text((16, 56), "all taken on", font=font("times-italic", 28), fill=(30, 30, 90))
    d.text((16, 96), "15 Nov 2024", font=font("times-bold", 32), fill=(30, 30, 90))
    return card


def main():
    out = out_dir()
    img = texture((1300, 900), (118, 84, 52), SEED, amount=14, blur=0.6)  # wooden desk
    spots = [(40, 40, -3.0), (450, 30, 2.0), (860, 50, -1.5), (120, 460, 2.5), (540, 470, -2.0)]
    for i, ((shop, price), (x, y, a)) in enumerate(zip(TAGS, spots)):
        shadow_paste(img, polaroid(shop, price, i), (x, y), angle=a, offset=8, blur=8)
    shadow_paste(img, note(), (980, 560), angle=4.0, offset=5, blur=6, opacity=90)
    save_jpeg(grain(img, SEED, 2.0), out / "price_tags.jpg", quality=85)


if __name__ == "__main__":
    main()
