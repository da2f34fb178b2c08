"""Inputs: a photo of a design-week poster pinned to a cork board; the offer is in its QR code."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import (
    centered,
    font,
    gradient,
    grain,
    out_dir,
    qr_image,
    save_jpeg,
    shadow_paste,
    texture,
)
from PIL import ImageDraw

SEED = 202
OFFER = ("ADW24 EARLY BIRD PASS\nPrice: SGD 380 per person\nBook by: 2024-09-18\n"
         "Groups of 4 or more: 15% off the total")


def poster():
    w, h = 620, 860
    img = gradient((w, h), (18, 24, 58), (120, 30, 90))
    d = ImageDraw.Draw(img)
    rng = np.random.default_rng(SEED)
    for _ in range(14):  # abstract design circles
        x, y, r = rng.integers(0, w), rng.integers(0, 240), rng.integers(25, 90)
        col = tuple(int(c) for c in rng.integers(60, 255, 3))
        d.ellipse((x - r, y - r, x + r, y + r), outline=col, width=int(rng.integers(3, 9)))
    centered(d, w / 2, 300, "ASIA DESIGN WEEK", font("sans-bold", 50), (255, 255, 255))
    centered(d, w / 2, 362, "2024", font("sans-bold", 44), (255, 200, 60))
    centered(d, w / 2, 430, "Singapore  ·  Marina Bay Hall", font("sans", 28), (235, 235, 245))
    centered(d, w / 2, 468, "14 - 18 October", font("sans", 28), (235, 235, 245))
    qr = qr_image(OFFER, module=6, border=3)
    img.paste(qr, ((w - qr.width) // 2, 530))
    centered(d, w / 2, 540 + qr.height, "Scan for the early-bird offer", font("sans-bold", 24), (255, 200, 60))
    return img


def main():
    out = out_dir()
    board = texture((900, 1060), (176, 132, 88), SEED, amount=18, blur=0.8)
    shadow_paste(board, poster(), (140, 95), angle=0.8, offset=10, blur=10)
    d = ImageDraw.Draw(board)
    for x, y in ((160, 108), (742, 112), (150, 950), (752, 945)):  # push pins
        d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=(210, 30, 30), outline=(120, 10, 10), width=2)
        d.ellipse((x - 4, y - 6, x + 1, y - 1), fill=(255, 170, 170))
    save_jpeg(grain(board, SEED + 1, 2.5), out / "design_week_poster.jpg", quality=87)


if __name__ == "__main__":
    main()
