"""Inputs: an overhead photo of a loaded pallet (red, blue and green crates) with a weight label."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import Image, ImageDraw

SEED = 303
COLOURS = {"red": (204, 36, 42), "blue": (32, 72, 188), "green": (40, 148, 62)}
COUNTS = {"red": 7, "blue": 5, "green": 9}


def crate(colour, w, h, rng):
    base = np.array(COLOURS[colour], dtype=np.float32)
    yy, xx = np.mgrid[0:h, 0:w]
    shade = 1.08 - 0.16 * (xx / w + yy / h) / 2  # light from the top left
    arr = np.clip(base[None, None, :] * shade[..., None], 0, 255).astype(np.uint8)
    img = Image.fromarray(arr)
    d = ImageDraw.Draw(img)
    dark = tuple(int(c * 0.62) for c in COLOURS[colour])
    d.rectangle((0, 0, w - 1, h - 1), outline=dark, width=4)
    d.line((8, h // 2, w - 9, h // 2), fill=dark, width=2)  # lid seam
    tx = int(rng.integers(w // 4, w // 2))  # a piece of tape that stays inside the lid
    d.rectangle((tx, h // 2 - 14, tx + w // 4, h // 2 + 14), fill=(228, 206, 160))
    return img


def label():
    img = Image.new("RGB", (250, 200), (250, 250, 246))
    d = ImageDraw.Draw(img)
    d.text((14, 10), "CRATE WEIGHTS", font=font("arial-bold", 24), fill=(10, 10, 10))
    rows = [("RED crate", "12.5 kg"), ("BLUE crate", "8.0 kg"), ("GREEN crate", "3.2 kg"), ("Empty pallet", "25 kg")]
    for i, (a, b) in enumerate(rows):
        d.text((14, 48 + 34 * i), a, font=font("arial", 21), fill=(20, 20, 20))
        d.text((160, 48 + 34 * i), b, font=font("arial-bold", 21), fill=(20, 20, 20))
    return img


def main():
    out = out_dir()
    rng = np.random.default_rng(SEED)
    img = texture((1100, 900), (132, 132, 128), SEED, amount=16, blur=0.7)  # concrete floor
    px0, py0, px1, py1 = 110, 70, 990, 830
    for i, y in enumerate(range(py0, py1, 76)):  # deck boards
        board = texture((px1 - px0, 66), (150, 110, 66), SEED + 10 + i, amount=12, blur=0.6)
        img.paste(board, (px0, y))
    colours = [c for c, n in COUNTS.items() for _ in range(n)]
    rng.shuffle(colours)
    slots = [(r, c) for r in range(5) for c in range(5) if (r, c) not in ((0, 4), (1, 4), (4, 0), (4, 1))]
    slots = slots[:len(colours)]
    for (r, c), colour in zip(slots, colours):
        w, h = int(rng.integers(128, 150)), int(rng.integers(112, 130))
        x = px0 + 28 + c * 172 + int(rng.integers(0, 12))
        y = py0 + 22 + r * 150 + int(rng.integers(0, 10))
        shadow_paste(img, crate(colour, w, h, rng), (x, y), offset=6, blur=5, opacity=120)
    shadow_paste(img, label(), (px0 + 28 + 4 * 172 - 8, py0 + 30), angle=-2.0, offset=4, blur=4, opacity=90)
    save_jpeg(grain(img, SEED + 1, 2.5), out / "pallet_overhead.jpg", quality=86)


if __name__ == "__main__":
    main()
