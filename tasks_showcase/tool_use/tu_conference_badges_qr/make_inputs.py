"""Inputs: a welcome-desk photo: the summit's poster (venue and date only in its QR code) and four
attendees' name badges with their home offices."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import (
    centered,
    font,
    gradient,
    grain,
    out_dir,
    qr_image,
    rounded_card,
    save_jpeg,
    shadow_paste,
    texture,
)
from PIL import ImageDraw

SEED = 1919
SUMMIT = "MERIDIAN SALES SUMMIT 2024\nVenue: Congress Centre Mitte, Berlin\nDate: 2024-09-12\nDoors 09:00"
BADGES = [("Oliver Grant", "London office"), ("Kasia Nowak", "Warsaw office"), ("Elin Berg", "Stockholm office"),
          ("Lucía Ortega", "Madrid office")]


def poster():
    w, h = 520, 720
    img = gradient((w, h), (230, 90, 40), (140, 30, 60))
    d = ImageDraw.Draw(img)
    centered(d, w / 2, 40, "MERIDIAN", font("sans-bold", 54), (255, 255, 255))
    centered(d, w / 2, 106, "SALES SUMMIT", font("sans-bold", 44), (255, 255, 255))
    centered(d, w / 2, 166, "2024", font("sans-bold", 40), (255, 220, 120))
    centered(d, w / 2, 226, "Venue, date and agenda:", font("sans", 26), (255, 240, 230))
    code = qr_image(SUMMIT, module=6, border=3)
    img.paste(code, ((w - code.width) // 2, 280))
    return img


def badge(name, office, i):
    card = rounded_card((330, 210), (255, 255, 255), radius=16, outline=(160, 160, 170), width=3)
    d = ImageDraw.Draw(card)
    d.rectangle((3, 3, 326, 52), fill=(140, 30, 60))
    centered(d, 165, 10, "SALES SUMMIT 2024", font("sans-bold", 24), (255, 255, 255))
    centered(d, 165, 78, name, font("sans-bold", 34), (20, 20, 20))
    centered(d, 165, 138, office, font("sans", 28), (60, 60, 60))
    return card


def main():
    out = out_dir()
    img = texture((1400, 1000), (70, 72, 84), SEED, amount=10)  # desk cloth
    shadow_paste(img, poster(), (60, 120), angle=-1.0, offset=12, blur=12)
    for i, (name, office) in enumerate(BADGES):
        x, y = 640 + (i % 2) * 370, 170 + (i // 2) * 300
        shadow_paste(img, badge(name, office, i), (x, y), angle=(-2, 3, 2, -3)[i], offset=6, blur=6)
    save_jpeg(grain(img, SEED, 2.0), out / "summit_desk.jpg", quality=85)


if __name__ == "__main__":
    main()
