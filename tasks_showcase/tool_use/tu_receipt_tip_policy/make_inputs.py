"""Inputs: a phone photo of a Zurich restaurant receipt (thermal paper) on a table."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import centered, font, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import ImageDraw

SEED = 1616
ITEMS = [("Geschnetzeltes x2", "93.00"), ("Rosti x2", "24.00"), ("Green salad", "14.50"),
         ("Mineral water 1L", "9.00"), ("Espresso x4", "22.00"), ("Apple strudel x2", "22.00")]


def receipt():
    w, h = 560, 1080
    img = texture((w, h), (247, 246, 240), SEED, amount=4)
    d = ImageDraw.Draw(img)
    ink = (40, 40, 46)
    f, fb = font("mono", 25), font("mono-bold", 27)
    centered(d, w / 2, 36, "ZUNFTHAUS AM SEE", font("mono-bold", 34), ink)
    centered(d, w / 2, 82, "Seestrasse 12, 8002 Zurich", f, ink)
    centered(d, w / 2, 116, "CHE-123.456.789 MWST", font("mono", 21), ink)
    d.text((30, 170), "Date 16.05.2024   Time 20:41", font=f, fill=ink)
    d.text((30, 206), "Table 7   Guests 4", font=f, fill=ink)
    d.line((30, 250, w - 30, 250), fill=ink, width=2)
    y = 268
    for name, price in ITEMS:
        d.text((30, y), name, font=f, fill=ink)
        d.text((w - 90 - d.textlength(price, font=f), y), price, font=f, fill=ink)
        y += 40
    d.line((30, y + 6, w - 30, y + 6), fill=ink, width=2)
    rows = [("Subtotal incl. VAT", "184.50", f), ("Tip", "30.00", f), ("TOTAL CHF", "214.50", fb)]
    for name, price, ff in rows:
        y += 46
        d.text((30, y), name, font=ff, fill=ink)
        d.text((w - 90 - d.textlength(price, font=ff), y), price, font=ff, fill=ink)
    y += 70
    d.text((30, y), "Paid by card (CHF)", font=f, fill=ink)
    centered(d, w / 2, y + 70, "Vielen Dank!", font("mono-bold", 28), ink)
    return img


def main():
    out = out_dir()
    img = texture((1000, 1200), (150, 104, 70), SEED + 1, amount=14, blur=0.7)  # wooden table
    shadow_paste(img, receipt(), (220, 60), angle=1.0, offset=10, blur=10)
    save_jpeg(grain(img, SEED, 2.0), out / "dinner_receipt.jpg", quality=86)


if __name__ == "__main__":
    main()
