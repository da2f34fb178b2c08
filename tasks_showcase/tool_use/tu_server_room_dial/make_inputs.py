"""Inputs: a photo of an analogue dial thermometer (Fahrenheit) on a server-room wall, with its
room plate and a data-logger sticker giving the date."""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import (
    centered,
    font,
    gradient,
    grain,
    out_dir,
    rounded_card,
    save_jpeg,
    shadow_paste,
)
from PIL import Image, ImageDraw, ImageFilter

SEED = 404
READING_F = 82
LO, HI = 30, 120


def angle(v):
    return math.radians(225 - (v - LO) / (HI - LO) * 270)


def dial():
    s = 600
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = s / 2
    d.ellipse((4, 4, s - 4, s - 4), fill=(70, 72, 78), outline=(40, 40, 44), width=6)  # bezel
    d.ellipse((34, 34, s - 34, s - 34), fill=(246, 244, 236))
    for v in range(LO, HI + 1, 2):
        a = angle(v)
        major, mid = v % 10 == 0, v % 10 == 5 or v % 10 == 0
        r0 = 212 if major else 226 if mid else 234
        d.line((c + r0 * math.cos(a), c - r0 * math.sin(a), c + 250 * math.cos(a), c - 250 * math.sin(a)),
               fill=(20, 20, 20), width=5 if major else 2)
        if major:
            x, y = c + 178 * math.cos(a), c - 178 * math.sin(a)
            f = font("arial-bold", 30)
            w = d.textlength(str(v), font=f)
            d.text((x - w / 2, y - 17), str(v), font=f, fill=(20, 20, 20))
    centered(d, c, c + 70, "°F", font("arial-bold", 44), (160, 20, 20))
    centered(d, c, c + 130, "THERMO-LINE", font("arial", 20), (90, 90, 90))
    a = angle(READING_F)
    tip = (c + 225 * math.cos(a), c - 225 * math.sin(a))
    tail = (c - 45 * math.cos(a), c + 45 * math.sin(a))
    perp = (math.sin(a) * 7, math.cos(a) * 7)
    d.polygon([tip, (c + perp[0], c + perp[1]), tail, (c - perp[0], c - perp[1])], fill=(190, 20, 20))
    d.ellipse((c - 18, c - 18, c + 18, c + 18), fill=(40, 40, 40))
    glare = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(glare).ellipse((120, 70, 330, 210), fill=(255, 255, 255, 46))
    img.alpha_composite(glare.filter(ImageFilter.GaussianBlur(18)))
    return img


def plate():
    card = rounded_card((420, 86), (214, 196, 120), radius=8, outline=(120, 100, 50), width=3)
    d = ImageDraw.Draw(card)
    centered(d, 210, 12, "SERVER ROOM B", font("arial-bold", 30), (30, 26, 16))
    centered(d, 210, 50, "Berlin office · Level 2", font("arial", 22), (30, 26, 16))
    return card


def sticker():
    card = Image.new("RGBA", (300, 92), (255, 255, 255, 255))
    d = ImageDraw.Draw(card)
    d.text((12, 8), "DATALOG  TL-7  #0412", font=font("courier-bold", 20), fill=(10, 10, 10))
    d.text((12, 38), "READ 2024-07-03", font=font("courier-bold", 24), fill=(10, 10, 10))
    d.text((12, 66), "15:00 CEST", font=font("courier", 18), fill=(40, 40, 40))
    return card


def main():
    out = out_dir()
    img = gradient((1000, 900), (206, 210, 212), (176, 180, 184))
    shadow_paste(img, dial(), (200, 40), offset=12, blur=12, opacity=130)
    shadow_paste(img, plate(), (290, 672), offset=5, blur=5, opacity=100)
    shadow_paste(img, sticker(), (640, 770), angle=3.0, offset=4, blur=4, opacity=90)
    save_jpeg(grain(img, SEED, 2.5), out / "server_room_dial.jpg", quality=86)


if __name__ == "__main__":
    main()
