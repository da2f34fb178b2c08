"""Inputs: a roadside photo of a French town-entrance sign."""

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
    save_jpeg,
    shadow_paste,
    texture,
)
from PIL import Image, ImageDraw

SEED = 1111


def sign():
    w, h = 620, 250
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 22, fill=(250, 250, 250), outline=(200, 24, 30), width=22)
    centered(d, w / 2, 48, "LYON", font("arial-bold", 118), (20, 20, 20))
    centered(d, w / 2, 186, "Métropole de Lyon", font("arial", 30), (20, 20, 20))
    return img


def main():
    out = out_dir()
    rng = np.random.default_rng(SEED)
    img = gradient((1100, 820), (120, 170, 225), (205, 225, 240))
    d = ImageDraw.Draw(img)
    for i in range(6):  # distant hills
        x = int(rng.integers(-200, 1000))
        d.ellipse((x, 470, x + int(rng.integers(400, 700)), 700), fill=(96, 128, 88))
    img.paste(texture((1100, 260), (104, 140, 78), SEED, amount=16, blur=0.8), (0, 560))
    d = ImageDraw.Draw(img)
    d.polygon([(430, 820), (690, 820), (580, 560), (545, 560)], fill=(80, 80, 84))  # the road
    d.line((562, 820, 562, 560), fill=(240, 240, 240), width=4)
    for x in (330, 770):
        d.rectangle((x, 360, x + 16, 700), fill=(150, 150, 155))  # posts
    shadow_paste(img, sign(), (240, 210), angle=0.5, offset=6, blur=8, opacity=90)
    save_jpeg(grain(img, SEED, 2.5), out / "town_sign.jpg", quality=86)


if __name__ == "__main__":
    main()
