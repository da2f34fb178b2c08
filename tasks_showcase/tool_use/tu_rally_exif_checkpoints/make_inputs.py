"""Inputs: a photo of a classic car under a rally start arch; the place is only in the EXIF GPS."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import centered, font, gradient, grain, out_dir, save_jpeg, texture
from PIL import ExifTags, Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational

SEED = 2020
TAKEN = "2024:04:21 08:15:00"
LAT = (41, 57, 4.32)  # 41.9512 N
LON = (12, 26, 30.12)  # 12.4417 E


def exif_bytes():
    ex = Image.Exif()
    ex[ExifTags.Base.Make] = "Fujifilm"
    ex[ExifTags.Base.Model] = "X-T5"
    ex[ExifTags.Base.DateTime] = TAKEN
    ex.get_ifd(0x8769)[ExifTags.Base.DateTimeOriginal] = TAKEN
    gps = ex.get_ifd(0x8825)
    gps[1], gps[3] = "N", "E"
    gps[2] = tuple(IFDRational(round(v * 100), 100) for v in LAT)
    gps[4] = tuple(IFDRational(round(v * 100), 100) for v in LON)
    return ex.tobytes()


def main():
    out = out_dir()
    img = gradient((1200, 800), (120, 170, 220), (220, 230, 236))
    img.paste(texture((1200, 300), (92, 92, 96), SEED, amount=10), (0, 500))  # asphalt
    d = ImageDraw.Draw(img)
    for x in range(0, 1200, 60):  # chequered start line
        d.rectangle((x, 640, x + 30, 660), fill=(245, 245, 245))
        d.rectangle((x + 30, 660, x + 60, 680), fill=(245, 245, 245))
    d.rectangle((150, 150, 190, 640), fill=(200, 30, 40))  # arch
    d.rectangle((1010, 150, 1050, 640), fill=(200, 30, 40))
    d.rectangle((150, 120, 1050, 240), fill=(200, 30, 40))
    centered(d, 600, 134, "GRAND TOUR RALLY 2024", font("sans-bold", 52), (255, 255, 255))
    centered(d, 600, 196, "START  ·  CHECKPOINT 1", font("sans-bold", 30), (255, 230, 120))
    # a classic car, side view
    d.rounded_rectangle((380, 500, 840, 600), 30, fill=(24, 90, 60))
    d.rounded_rectangle((470, 430, 730, 520), 40, fill=(24, 90, 60))
    d.rounded_rectangle((495, 448, 600, 510), 12, fill=(170, 200, 220))
    d.rounded_rectangle((612, 448, 712, 510), 12, fill=(170, 200, 220))
    for cx in (480, 740):
        d.ellipse((cx - 50, 555, cx + 50, 655), fill=(20, 20, 20))
        d.ellipse((cx - 22, 583, cx + 22, 627), fill=(190, 190, 190))
    d.ellipse((590, 520, 650, 580), fill=(245, 245, 245))
    centered(d, 620, 528, "17", font("sans-bold", 34), (20, 20, 20))
    save_jpeg(grain(img, SEED, 2.5), out / "rally_start.jpg", quality=86, exif=exif_bytes())


if __name__ == "__main__":
    main()
