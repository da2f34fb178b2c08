"""Inputs: a photo of a roadshow poster on a shop window; the route rules and the finale details
are only in its QR code."""

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
)
from PIL import Image, ImageDraw

SEED = 2222
RULES = ("KESTREL E-BIKE ROADSHOW 2024\n"
         "Kick-off: Seattle, 2024-06-03\n"
         "Route rule: each day drive on to the nearest city in the company gazetteer not yet visited "
         "(cities only, no landmarks), never more than 3000 km in one day.\n"
         "10 cities in 10 days; the 10th city hosts the finale.\n"
         "Finale livestream: 2024-06-12 23:30 UTC\n"
         "Finale tickets: USD 65")


def poster():
    w, h = 560, 870
    img = gradient((w, h), (10, 40, 70), (20, 110, 120))
    d = ImageDraw.Draw(img)
    rng = np.random.default_rng(SEED)
    for _ in range(40):  # road dashes
        x, y = int(rng.integers(0, w)), int(rng.integers(200, 330))
        d.line((x, y, x + 30, y), fill=(240, 200, 60), width=4)
    centered(d, w / 2, 40, "KESTREL", font("sans-bold", 64), (255, 255, 255))
    centered(d, w / 2, 118, "E-BIKE ROADSHOW 2024", font("sans-bold", 34), (240, 200, 60))
    centered(d, w / 2, 350, "10 cities · 10 days", font("sans", 34), (255, 255, 255))
    centered(d, w / 2, 396, "Test rides · Finale party", font("sans", 28), (220, 235, 240))
    code = qr_image(RULES, module=5, border=3)
    img.paste(code, ((w - code.width) // 2, 450))
    centered(d, w / 2, 460 + code.height, "Route, dates & finale tickets", font("sans-bold", 24), (240, 200, 60))
    return img


def main():
    out = out_dir()
    img = gradient((1100, 1000), (70, 80, 90), (40, 44, 50))  # dark shop interior behind glass
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 1100, 40), fill=(150, 150, 155))  # window frame
    d.rectangle((0, 960, 1100, 1000), fill=(150, 150, 155))
    shadow_paste(img, poster(), (270, 60), angle=0.6, offset=6, blur=8, opacity=80)
    glare = Image.new("L", img.size, 0)
    ImageDraw.Draw(glare).polygon([(700, 0), (820, 0), (380, 1000), (260, 1000)], fill=34)
    img = Image.composite(Image.new("RGB", img.size, (255, 255, 255)), img, glare)
    save_jpeg(grain(img, SEED, 2.0), out / "roadshow_poster.jpg", quality=86)


if __name__ == "__main__":
    main()
