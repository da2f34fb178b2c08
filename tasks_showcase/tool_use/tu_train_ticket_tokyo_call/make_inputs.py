"""Inputs: a phone screenshot of a rail e-ticket (train number and date, no times)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, out_dir, qr_image, save_png
from PIL import Image, ImageDraw

SEED = 1414


def main():
    out = out_dir()
    w, h = 640, 1120
    img = Image.new("RGB", (w, h), (238, 240, 244))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 44), fill=(20, 20, 24))
    d.text((24, 10), "09:12", font=font("sans-bold", 22), fill=(255, 255, 255))
    d.text((w - 110, 10), "5G  87%", font=font("sans", 20), fill=(255, 255, 255))
    d.rectangle((0, 44, w, 150), fill=(0, 84, 150))
    d.text((28, 70), "CHANNEL RAIL", font=font("sans-bold", 40), fill=(255, 255, 255))
    d.rounded_rectangle((24, 180, w - 24, 1080), 24, fill=(255, 255, 255))
    dark, grey = (20, 24, 32), (110, 116, 126)
    d.text((56, 210), "E-TICKET  ·  Standard, 1 adult", font=font("sans", 24), fill=grey)
    d.text((56, 260), "London St Pancras", font=font("sans-bold", 36), fill=dark)
    d.text((56, 310), "to Paris Nord", font=font("sans-bold", 36), fill=dark)
    d.line((56, 380, w - 56, 380), fill=(220, 222, 228), width=2)
    fields = [("Date", "Wed 14 Aug 2024"), ("Train", "CR 9036"), ("Coach", "7"), ("Seat", "42 (window)"),
              ("Booking ref", "QZK4TP")]
    for i, (k, v) in enumerate(fields):
        y = 405 + i * 62
        d.text((56, y), k, font=font("sans", 26), fill=grey)
        d.text((280, y), v, font=font("sans-bold", 30), fill=dark)
    code = qr_image("CR9036|2024-08-14|C7S42|QZK4TP", module=6, border=2)
    img.paste(code, ((w - code.width) // 2, 740))
    d.text((56, 1010), "Check-in closes 30 min before departure", font=font("sans", 22), fill=grey)
    save_png(img, out / "eticket.png")


if __name__ == "__main__":
    main()
