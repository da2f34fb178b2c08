"""Inputs: a photo of a printed freight-dispatch sheet on a clipboard."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import Image, ImageDraw

SEED = 909
ORDERS = [("MO-2024-04411", "Paris", "Kestrel K5-M", "1"), ("MO-2024-04418", "Berlin", "Kestrel K5-L", "2"),
          ("MO-2024-04425", "Vienna", "Kestrel K5-M", "1"), ("MO-2024-04431", "Milan", "Kestrel K5-L", "1"),
          ("MO-2024-04440", "Copenhagen", "Kestrel K5-M", "3"), ("MO-2024-04452", "Madrid", "Kestrel K5-L", "1")]


def sheet():
    w, h = 820, 1000
    img = Image.new("RGB", (w, h), (252, 252, 250))
    d = ImageDraw.Draw(img)
    d.text((50, 50), "MERIDIAN OUTFITTERS", font=font("arial-bold", 38), fill=(20, 20, 20))
    d.text((50, 100), "Rotterdam warehouse - Freight dispatch", font=font("arial", 28), fill=(20, 20, 20))
    d.text((50, 140), "Week 38, 16 September 2024", font=font("arial", 28), fill=(20, 20, 20))
    cols = (50, 310, 520, 730)
    y = 220
    for x, head in zip(cols, ("Order", "Deliver to", "Item", "Qty")):
        d.text((x, y), head, font=font("arial-bold", 26), fill=(20, 20, 20))
    d.line((50, y + 40, w - 50, y + 40), fill=(20, 20, 20), width=2)
    for i, row in enumerate(ORDERS):
        yy = y + 60 + i * 56
        for x, cell in zip(cols, row):
            d.text((x, yy), cell, font=font("arial", 26), fill=(20, 20, 20))
        d.line((50, yy + 44, w - 50, yy + 44), fill=(190, 190, 190), width=1)
    d.text((50, 640), "All orders ship by freight from the warehouse.", font=font("arial", 24), fill=(60, 60, 60))
    d.text((50, 680), "Signed: J. de Vries", font=font("times-italic", 28), fill=(30, 40, 120))
    return img


def main():
    out = out_dir()
    img = texture((1100, 1200), (90, 100, 92), SEED, amount=10)  # desk mat
    board = Image.new("RGB", (900, 1120), (150, 112, 70))
    shadow_paste(img, board, (100, 50), offset=10, blur=12)
    shadow_paste(img, sheet(), (140, 120), angle=0.4, offset=4, blur=4, opacity=80)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((430, 30, 670, 120), 16, fill=(170, 172, 178), outline=(110, 112, 118), width=4)  # clip
    save_jpeg(grain(img, SEED, 2.0), out / "dispatch_sheet.jpg", quality=85)


if __name__ == "__main__":
    main()
