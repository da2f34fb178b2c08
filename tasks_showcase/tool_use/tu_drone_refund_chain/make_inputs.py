"""Inputs: a scanned customer return slip (printed form, ticked by hand)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, grain, out_dir, save_jpeg, texture
from PIL import ImageDraw

SEED = 1313


def main():
    out = out_dir()
    w, h = 1000, 1150
    img = texture((w, h), (244, 243, 238), SEED, amount=4)
    d = ImageDraw.Draw(img)
    ink, pen = (25, 25, 25), (30, 50, 150)
    d.text((60, 50), "MERIDIAN OUTFITTERS", font=font("arial-bold", 44), fill=ink)
    d.text((60, 110), "Customer return slip", font=font("arial", 32), fill=ink)
    d.line((60, 165, w - 60, 165), fill=ink, width=3)
    rows = [("Order number", "MO-2024-03172"), ("Product", "Nimbus N2 Mini Drone"), ("SKU", "NIM-N2"),
            ("Delivered on", "2024-02-12"), ("Returned on", "2024-02-26"), ("Amount paid", "NOK 5190.00"),
            ("Payment", "Visa card, in NOK")]
    for i, (k, v) in enumerate(rows):
        y = 200 + i * 64
        d.text((60, y), k + ":", font=font("arial", 30), fill=ink)
        d.text((380, y), v, font=font("arial-bold", 30), fill=ink)
    y = 200 + len(rows) * 64 + 30
    d.text((60, y), "Condition on arrival at the warehouse:", font=font("arial", 30), fill=ink)
    for i, label in enumerate(("Unopened, sealed", "Opened, resaleable", "Damaged or faulty")):
        yy = y + 60 + i * 56
        d.rectangle((80, yy, 112, yy + 32), outline=ink, width=3)
        d.text((135, yy - 2), label, font=font("arial", 30), fill=ink)
        if i == 1:  # the hand-drawn tick
            d.line((84, yy + 16, 96, yy + 30, 124, yy - 10), fill=pen, width=6, joint="curve")
    d.text((60, y + 260), "Checked by: K. Larsen, Rotterdam", font=font("times-italic", 30), fill=pen)
    save_jpeg(grain(img, SEED, 3.0), out / "return_slip.jpg", quality=85)


if __name__ == "__main__":
    main()
