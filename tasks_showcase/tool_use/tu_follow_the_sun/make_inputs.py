"""Inputs: a travel blogger's planning page: the 'chasing summer' rule, the city list and budget."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import ImageDraw

SEED = 2121
LINES = [
    ("title", "CHASING SUMMER - January 2024"),
    ("", "Day 1: London, Mon 8 Jan."),
    ("", "Every morning after that: fly to the city on"),
    ("", "my list with the highest MAX temperature"),
    ("", "that day, skipping cities I've already had."),
    ("", "8 hops in total (8 flights), ending there."),
    ("head", "My list:"),
    ("", "Paris, Berlin, Madrid, Rome, New York,"),
    ("", "Tokyo, Sydney, Singapore, Cairo"),
    ("head", "Budget:"),
    ("", "flights ~ 0.09 EUR per great-circle km"),
]


def page():
    rng = np.random.default_rng(SEED)
    w, h = 980, 900
    img = texture((w, h), (252, 250, 240), SEED, amount=4)
    d = ImageDraw.Draw(img)
    for x in range(40, w, 40):  # dotted grid
        for y in range(40, h, 40):
            d.point((x, y), fill=(190, 190, 200))
    ink = (20, 60, 110)
    y = 50
    for kind, text in LINES:
        f = font("times-bold", 44) if kind == "title" else font("times-bold", 36) if kind == "head" else \
            font("times-italic", 35)
        if kind == "head":
            y += 18
        d.text((60 + rng.normal(0, 2), y), text, font=f, fill=(170, 40, 40) if kind == "title" else ink)
        y += 62 if kind == "title" else 54
    d.ellipse((735, 595, 905, 765), outline=(230, 170, 20), width=6)  # a doodled sun
    for i in range(12):
        a = i * np.pi / 6
        d.line((820 + 100 * np.cos(a), 680 + 100 * np.sin(a), 820 + 125 * np.cos(a), 680 + 125 * np.sin(a)),
               fill=(230, 170, 20), width=5)
    return img


def main():
    out = out_dir()
    img = texture((1200, 1050), (188, 200, 210), SEED + 1, amount=8)
    shadow_paste(img, page(), (110, 70), angle=-0.8, offset=10, blur=10)
    save_jpeg(grain(img, SEED, 2.0), out / "chasing_summer.jpg", quality=85)


if __name__ == "__main__":
    main()
