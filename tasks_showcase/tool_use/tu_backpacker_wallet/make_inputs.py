"""Inputs: a photo of a travel-diary page listing each currency exchange and what was spent."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import ImageDraw

SEED = 1212
LINES = [
    "Interrail money diary - March 2024",
    "",
    "2 Mar   Leaving home with 1200 EUR cash.",
    "4 Mar   London: changed ALL my euros to pounds.",
    "           Spent 310 GBP in London.",
    "9 Mar   Zurich: changed all my pounds to francs.",
    "           Spent 260 CHF.",
    "14 Mar  Prague: changed all francs to koruna.",
    "           Spent 4800 CZK.",
    "19 Mar  Budapest: changed all koruna to forint.",
    "           Spent 52000 HUF.",
    "23 Mar  Warsaw: changed all forint to zloty.",
    "           Spent 390 PLN.",
    "28 Mar  Home: changed the rest back to euros.",
]


def page():
    rng = np.random.default_rng(SEED)
    w, h = 900, 1100
    img = texture((w, h), (250, 247, 236), SEED, amount=5)
    d = ImageDraw.Draw(img)
    for y in range(120, h, 56):
        d.line((0, y, w, y), fill=(170, 200, 230), width=2)
    d.line((90, 0, 90, h), fill=(230, 140, 140), width=2)
    ink = (28, 40, 120)
    for i, text in enumerate(LINES):
        if not text:
            continue
        f = font("times-bold" if i == 0 else "times-italic", 38 if i == 0 else 34)
        jitter = rng.normal(0, 1.5)
        d.text((110 + rng.normal(0, 2), 72 + i * 56 + jitter), text, font=f, fill=ink)
    return img


def main():
    out = out_dir()
    img = texture((1100, 1250), (70, 80, 96), SEED + 1, amount=10)  # table
    shadow_paste(img, page(), (100, 70), angle=-1.0, offset=10, blur=12)
    save_jpeg(grain(img, SEED, 2.0), out / "money_diary.jpg", quality=84)


if __name__ == "__main__":
    main()
