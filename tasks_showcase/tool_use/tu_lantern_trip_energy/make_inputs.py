"""Inputs: a photo of a camping-lantern box on a table, with a sticky note about the trip."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
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

SEED = 1818


def box():
    w, h = 460, 560
    img = gradient((w, h), (28, 62, 52), (14, 34, 30))
    d = ImageDraw.Draw(img)
    centered(d, w / 2, 34, "AURORA", font("sans-bold", 64), (245, 200, 80))
    centered(d, w / 2, 110, "AUR-200 Camping Lantern", font("sans", 28), (240, 240, 240))
    d.ellipse((150, 170, 310, 330), fill=(255, 226, 140))  # the lantern's glow
    d.rounded_rectangle((185, 200, 275, 340), 18, fill=(60, 64, 70), outline=(200, 200, 200), width=3)
    d.rectangle((195, 215, 265, 300), fill=(255, 244, 200))
    for i, line in enumerate(("1000 lumens  ·  USB-C", "Warm white", "IPX4 splash-proof")):
        centered(d, w / 2, 380 + 40 * i, line, font("sans", 26), (230, 230, 230))
    d.rectangle((0, h - 40, w, h), fill=(245, 200, 80))
    centered(d, w / 2, h - 36, "MERIDIAN OUTFITTERS", font("sans-bold", 24), (20, 30, 26))
    return img


def note():
    img = Image.new("RGB", (330, 260), (150, 220, 250))
    d = ImageDraw.Draw(img)
    ink = (20, 20, 80)
    lines = ["Berlin winter camp", "20-27 Jan 2024", "7 nights", "5 h a night", "on MEDIUM"]
    for i, line in enumerate(lines):
        d.text((18, 14 + i * 46), line, font=font("times-italic", 34), fill=ink)
    return img


def main():
    out = out_dir()
    img = texture((1200, 850), (196, 186, 170), SEED, amount=10)  # table top
    shadow_paste(img, box(), (130, 120), angle=-2.0, offset=14, blur=14)
    shadow_paste(img, note(), (720, 260), angle=5.0, offset=6, blur=6, opacity=90)
    save_jpeg(grain(img, SEED, 2.0), out / "lantern_box.jpg", quality=86)


if __name__ == "__main__":
    main()
