"""Inputs: an office wall with five world clocks and a whiteboard note about an all-hands call."""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import centered, font, gradient, grain, out_dir, save_jpeg, shadow_paste
from PIL import Image, ImageDraw

SEED = 808
CLOCKS = [("LONDON", 9, 10), ("BERLIN", 10, 10), ("NEW YORK", 5, 10), ("SINGAPORE", 5, 10), ("SYDNEY", 8, 10)]


def clock(hour, minute):
    s = 190
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = s / 2
    d.ellipse((2, 2, s - 2, s - 2), fill=(250, 250, 250), outline=(30, 30, 30), width=8)
    for i in range(60):
        a = math.radians(90 - i * 6)
        r0 = 72 if i % 5 == 0 else 80
        d.line((c + r0 * math.cos(a), c - r0 * math.sin(a), c + 86 * math.cos(a), c - 86 * math.sin(a)),
               fill=(30, 30, 30), width=4 if i % 5 == 0 else 1)
    ha = math.radians(90 - (hour % 12 + minute / 60) * 30)
    ma = math.radians(90 - minute * 6)
    d.line((c, c, c + 46 * math.cos(ha), c - 46 * math.sin(ha)), fill=(20, 20, 20), width=8)
    d.line((c, c, c + 70 * math.cos(ma), c - 70 * math.sin(ma)), fill=(20, 20, 20), width=5)
    d.ellipse((c - 7, c - 7, c + 7, c + 7), fill=(200, 30, 30))
    return img


def whiteboard():
    w, h = 900, 300
    img = Image.new("RGB", (w, h), (248, 249, 250))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=(170, 174, 180), width=10)
    blue, red = (30, 60, 160), (190, 30, 40)
    d.text((40, 34), "GLOBAL ALL-HANDS", font=font("sans-bold", 40), fill=blue)
    d.text((40, 100), "Good Friday 2024, 14:00 UTC", font=font("sans", 36), fill=blue)
    d.text((40, 160), "Local time for each clock city?", font=font("sans", 32), fill=blue)
    d.text((40, 214), "Offices closed that day can't join!", font=font("sans-bold", 32), fill=red)
    return img


def main():
    out = out_dir()
    img = gradient((1300, 900), (222, 216, 200), (200, 194, 178))
    for i, (city, h, m) in enumerate(CLOCKS):
        x = 40 + i * 250
        shadow_paste(img, clock(h, m), (x + 20, 40), offset=6, blur=6, opacity=100)
        plate = Image.new("RGB", (220, 44), (40, 40, 44))
        centered(ImageDraw.Draw(plate), 110, 8, city, font("sans-bold", 24), (240, 240, 240))
        shadow_paste(img, plate, (x + 5, 250), offset=3, blur=3, opacity=90)
    shadow_paste(img, whiteboard(), (200, 420), angle=-0.5, offset=10, blur=10)
    save_jpeg(grain(img, SEED, 2.0), out / "clock_wall.jpg", quality=86)


if __name__ == "__main__":
    main()
