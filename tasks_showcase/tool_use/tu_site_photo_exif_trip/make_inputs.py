"""Inputs: a construction-site photo from a surveyor's camera; its EXIF block carries the GPS
position and the capture time (camera clock in UTC). Nothing in the picture names the place."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, gradient, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import ExifTags, Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational

SEED = 1717
TAKEN = "2024:10:22 06:40:00"
LAT = (30, 0, 47.16)  # 30.0131 N
LON = (31, 12, 32.04)  # 31.2089 E


def exif_bytes():
    ex = Image.Exif()
    ex[ExifTags.Base.Make] = "Ricoh"
    ex[ExifTags.Base.Model] = "WG-80"
    ex[ExifTags.Base.DateTime] = TAKEN
    ex[ExifTags.Base.ImageDescription] = "Site 14 survey point B"
    ex.get_ifd(0x8769)[ExifTags.Base.DateTimeOriginal] = TAKEN
    gps = ex.get_ifd(0x8825)
    gps[1], gps[3] = "N", "E"
    gps[2] = tuple(IFDRational(round(v * 100), 100) for v in LAT)
    gps[4] = tuple(IFDRational(round(v * 100), 100) for v in LON)
    return ex.tobytes()


def main():
    out = out_dir()
    rng = np.random.default_rng(SEED)
    img = gradient((1200, 800), (150, 190, 225), (235, 220, 200))  # hazy early-morning sky
    img.paste(texture((1200, 330), (196, 170, 128), SEED, amount=18, blur=0.8), (0, 470))  # sand
    d = ImageDraw.Draw(img)
    d.rectangle((700, 120, 716, 600), fill=(220, 170, 30))  # crane mast
    for y in range(130, 600, 30):
        d.line((700, y, 716, y + 30), fill=(160, 120, 20), width=3)
    d.rectangle((420, 112, 1080, 128), fill=(220, 170, 30))  # jib
    d.line((1000, 128, 1000, 360), fill=(60, 60, 60), width=3)
    d.rectangle((980, 360, 1020, 392), fill=(90, 90, 96))
    for _ in range(5):  # stacked rebar and blocks
        x = int(rng.integers(80, 600))
        d.rectangle((x, 560, x + int(rng.integers(60, 140)), 560 + int(rng.integers(30, 70))), fill=(150, 150, 150))
    d.rectangle((120, 480, 180, 560), fill=(230, 110, 30))  # site cabin
    board = Image.new("RGB", (360, 150), (250, 250, 250))
    bd = ImageDraw.Draw(board)
    bd.rectangle((0, 0, 359, 149), outline=(20, 60, 140), width=8)
    bd.text((22, 20), "SITE 14", font=font("arial-bold", 44), fill=(20, 60, 140))
    bd.text((22, 80), "Foundations - survey point B", font=font("arial", 24), fill=(20, 20, 20))
    shadow_paste(img, board, (780, 470), offset=5, blur=5, opacity=90)
    d.rectangle((850, 620, 860, 700), fill=(90, 90, 90))
    d.rectangle((1060, 620, 1070, 700), fill=(90, 90, 90))
    save_jpeg(grain(img, SEED, 3.0), out / "site_photo.jpg", quality=85, exif=exif_bytes())


if __name__ == "__main__":
    main()
