"""Inputs: a phone photo of a Paris street sign with a concert ticket taped below it."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import (
    centered,
    font,
    grain,
    out_dir,
    rounded_card,
    save_jpeg,
    shadow_paste,
    texture,
    vignette,
)
from PIL import Image, ImageDraw

SEED = 101


def wall(size):
    img = texture(size, (196, 184, 160), SEED, amount=14)
    d = ImageDraw.Draw(img)
    # dressed stone courses
    for y in range(0, size[1], 118):
        d.line((0, y, size[0], y), fill=(180, 168, 144), width=2)
        off = 0 if (y // 118) % 2 == 0 else 150
        for x in range(off, size[0], 300):
            d.line((x, y, x, y + 118), fill=(182, 170, 146), width=2)
    return img


def street_sign():
    w, h = 560, 210
    card = rounded_card((w, h), (18, 46, 112), radius=26, outline=(24, 110, 70), width=10)
    d = ImageDraw.Draw(card)
    d.rounded_rectangle((16, 16, w - 17, h - 17), 18, outline=(235, 235, 235), width=4)
    centered(d, w / 2, 30, "1er Arrt", font("arial-bold", 30), (240, 240, 240))
    centered(d, w / 2, 78, "RUE DE RIVOLI", font("arial-bold", 66), (248, 248, 248))
    return card


def ticket():
    w, h = 520, 250
    card = Image.new("RGBA", (w, h), (252, 246, 226, 255))
    d = ImageDraw.Draw(card)
    d.rectangle((0, 0, w - 1, 54), fill=(150, 28, 40))
    d.text((20, 10), "CONCERT TICKET", font=font("arial-bold", 30), fill=(255, 240, 220))
    d.text((20, 70), "Orchestre des Tuileries", font=font("times-bold", 34), fill=(30, 30, 30))
    d.text((20, 118), "Salle Rivoli, Paris", font=font("times", 34), fill=(30, 30, 30))
    d.text((20, 162), "Date: 21/06/2024   20:30", font=font("courier-bold", 30), fill=(20, 20, 20))
    d.text((20, 206), "Row F  Seat 14     EUR 45.00", font=font("courier", 24), fill=(60, 60, 60))
    for x in range(w - 70, w - 10, 9):  # perforation
        d.ellipse((x, 60, x + 4, 64), fill=(200, 190, 170))
    return card


def main():
    out = out_dir()
    img = wall((1000, 760))
    shadow_paste(img, street_sign(), (210, 90), angle=1.2)
    shadow_paste(img, ticket(), (250, 420), angle=-0.6, offset=5, blur=5, opacity=80)
    d = ImageDraw.Draw(img)
    d.line((470, 405, 520, 440), fill=(210, 210, 200), width=14)  # tape
    img = vignette(grain(img, SEED + 1, 2.0), 0.06)
    save_jpeg(img, out / "street_corner.jpg", quality=86)


if __name__ == "__main__":
    main()
