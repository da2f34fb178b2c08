"""Inputs: a photo of a hotel receipt whose printed total is lost under a coffee stain; the
e-invoice QR code at the bottom is intact."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import (
    centered,
    font,
    grain,
    out_dir,
    qr_image,
    save_jpeg,
    shadow_paste,
    texture,
)
from PIL import Image, ImageDraw, ImageFilter

SEED = 1515
INVOICE = ("E-INVOICE 2024-0408-117\nHotel Sakura Shinjuku, Tokyo\nGuest: M. Okafor\nCheck-in: 2024-04-08\n"
           "Nights: 3\nRoom total incl. tax: 94500 JPY")


def receipt():
    w, h = 520, 1000
    img = texture((w, h), (246, 244, 236), SEED, amount=4)
    d = ImageDraw.Draw(img)
    ink = (60, 60, 66)
    centered(d, w / 2, 40, "HOTEL SAKURA", font("mono-bold", 38), ink)
    centered(d, w / 2, 90, "SHINJUKU  TOKYO", font("mono", 26), ink)
    centered(d, w / 2, 126, "Tel 03-5555-0117", font("mono", 22), ink)
    d.text((30, 190), "Guest    M. OKAFOR", font=font("mono", 26), fill=ink)
    d.text((30, 230), "Room     1207 Superior", font=font("mono", 26), fill=ink)
    d.text((30, 270), "Arrive   08.04.2024", font=font("mono", 26), fill=ink)
    d.text((30, 310), "Depart   11.04.2024", font=font("mono", 26), fill=ink)
    d.line((30, 360, w - 30, 360), fill=ink, width=2)
    d.text((30, 380), "Room charge   x3", font=font("mono", 26), fill=ink)
    d.text((30, 420), "Consumption tax incl.", font=font("mono", 26), fill=ink)
    d.text((30, 470), "TOTAL", font=font("mono-bold", 34), fill=ink)
    d.text((300, 470), "¥94,500", font=font("mono-bold", 34), fill=ink)
    d.line((30, 530, w - 30, 530), fill=ink, width=2)
    code = qr_image(INVOICE, module=5, border=3)
    img.paste(code, ((w - code.width) // 2, 580))
    centered(d, w / 2, 600 + code.height, "Scan for your e-invoice", font("mono", 22), ink)
    # coffee stain over the charges and the total
    stain = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(stain)
    sd.ellipse((60, 330, 500, 560), fill=255)
    sd.ellipse((380, 420, 520, 540), fill=255)
    stain = stain.filter(ImageFilter.GaussianBlur(10))
    brown = texture((w, h), (104, 66, 32), SEED + 2, amount=14)
    img = Image.composite(brown, img, stain)
    ring = ImageDraw.Draw(img)
    ring.ellipse((60, 330, 500, 560), outline=(90, 58, 28), width=5)
    return img


def main():
    out = out_dir()
    img = texture((900, 1150), (54, 58, 66), SEED + 1, amount=8)
    shadow_paste(img, receipt(), (190, 70), angle=-1.2, offset=10, blur=10)
    save_jpeg(grain(img, SEED, 2.0), out / "hotel_receipt.jpg", quality=86)


if __name__ == "__main__":
    main()
