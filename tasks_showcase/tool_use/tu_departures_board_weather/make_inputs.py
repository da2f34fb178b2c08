"""Inputs: a photo of an airport charter-departures board (amber text on black)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, gradient, grain, out_dir, save_jpeg, shadow_paste
from PIL import Image, ImageDraw, ImageFilter

SEED = 606
ROWS = [("05 AUG", "MK 401", "ROME", "08:40"), ("06 AUG", "MK 517", "MADRID", "10:15"),
        ("07 AUG", "MK 233", "CAIRO", "06:55"), ("08 AUG", "MK 880", "TOKYO", "21:30"),
        ("09 AUG", "MK 102", "NEW YORK", "13:05"), ("10 AUG", "MK 990", "SYDNEY", "22:45")]
AMBER = (255, 186, 40)


def board():
    w, h = 960, 560
    img = Image.new("RGB", (w, h), (14, 14, 16))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 78), fill=(24, 40, 90))
    d.text((26, 16), "CHARTER DEPARTURES  ·  AUGUST 2024", font=font("sans-bold", 36), fill=(255, 255, 255))
    cols = (30, 230, 440, 790)
    f = font("mono-bold", 34)
    for x, head in zip(cols, ("DATE", "FLIGHT", "DESTINATION", "DEP")):
        d.text((x, 96), head, font=font("sans-bold", 24), fill=(170, 170, 170))
    for i, row in enumerate(ROWS):
        y = 146 + i * 66
        if i % 2 == 0:
            d.rectangle((0, y - 10, w, y + 52), fill=(26, 26, 30))
        for x, cell in zip(cols, row):
            d.text((x, y), cell, font=f, fill=AMBER)
    glow = img.filter(ImageFilter.GaussianBlur(2))
    return Image.blend(img, glow, 0.25)


def main():
    out = out_dir()
    img = gradient((1100, 760), (58, 62, 70), (96, 98, 104))
    d = ImageDraw.Draw(img)
    d.rectangle((50, 40, 1050, 680), fill=(30, 30, 34))  # housing
    shadow_paste(img, board(), (70, 80), offset=0, blur=3, opacity=60)
    d.rectangle((490, 680, 610, 760), fill=(70, 72, 78))  # mount
    save_jpeg(grain(img, SEED, 2.0), out / "departures_board.jpg", quality=86)


if __name__ == "__main__":
    main()
