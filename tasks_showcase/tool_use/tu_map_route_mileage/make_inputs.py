"""Inputs: a route-planner map snippet of north-western Europe with a red route (numbered stops,
the one driven) and a dashed blue alternative."""

import itertools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, out_dir, save_png
from PIL import Image, ImageDraw

SEED = 505
W, H = 1100, 980
LON0, LAT1, K = -2.0, 57.0, 94.0
CITIES = {"London": (51.5074, -0.1278), "Paris": (48.8566, 2.3522), "Brussels": (50.8503, 4.3517),
          "Rotterdam": (51.9244, 4.4777), "Amsterdam": (52.3676, 4.9041), "Hamburg": (53.5511, 9.9937),
          "Copenhagen": (55.6761, 12.5683), "Berlin": (52.52, 13.405), "Prague": (50.0755, 14.4378),
          "Zurich": (47.3769, 8.5417), "Munich": (48.1351, 11.582)}
RED = ["Brussels", "Amsterdam", "Hamburg", "Copenhagen"]
BLUE = ["Brussels", "Berlin", "Copenhagen"]
SEA = [(-2.6, 57.5), (8.0, 57.5), (8.6, 56.5), (8.1, 55.5), (8.6, 54.9), (8.9, 54.0), (8.0, 53.6), (7.0, 53.4),
       (6.0, 53.45), (4.8, 53.1), (4.6, 52.5), (4.1, 51.9), (3.4, 51.4), (2.5, 51.1), (1.6, 50.9), (1.4, 50.1),
       (0.0, 49.8), (-1.3, 49.6), (-2.6, 49.6), (-2.6, 50.6), (-1.0, 50.75), (0.9, 50.9), (1.4, 51.35),
       (1.75, 52.6), (0.3, 53.5), (-0.5, 54.5), (-1.6, 55.5), (-2.1, 56.0), (-2.6, 57.5)]
BALTIC = [(10.6, 58.0), (10.5, 57.2), (10.9, 56.4), (11.9, 55.9), (12.5, 55.9), (12.6, 55.35), (12.0, 55.0),
          (11.0, 54.9), (10.3, 54.45), (11.0, 54.05), (12.5, 54.4), (13.6, 54.15), (14.3, 53.9), (16.5, 54.4),
          (16.5, 58.0)]


def xy(lat, lon):
    return ((lon - LON0) * K * math.cos(math.radians(52)), (LAT1 - lat) * K)


def main():
    out = out_dir()
    rng = np.random.default_rng(SEED)
    img = Image.new("RGB", (W, H), (241, 237, 226))
    d = ImageDraw.Draw(img)
    for poly in (SEA, BALTIC):
        d.polygon([xy(lat, lon) for lon, lat in poly], fill=(172, 206, 232), outline=(120, 160, 200))
    for gx in range(-2, 17, 2):  # graticule
        d.line((xy(57.5, gx)[0], 0, xy(57.5, gx)[0], H), fill=(222, 218, 206), width=1)
    for gy in range(47, 58):
        d.line((0, xy(gy, 0)[1], W, xy(gy, 0)[1]), fill=(222, 218, 206), width=1)
    names = list(CITIES)
    for _ in range(16):  # minor roads between random city pairs
        a, b = rng.choice(len(names), 2, replace=False)
        (x0, y0), (x1, y1) = xy(*CITIES[names[a]]), xy(*CITIES[names[b]])
        mx, my = (x0 + x1) / 2 + rng.normal(0, 25), (y0 + y1) / 2 + rng.normal(0, 25)
        d.line([(x0, y0), (mx, my), (x1, y1)], fill=(214, 200, 170), width=3, joint="curve")
    pts = [xy(*CITIES[c]) for c in BLUE]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        n = int(math.hypot(x1 - x0, y1 - y0) // 18)
        for i in range(0, n, 2):
            d.line((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n, x0 + (x1 - x0) * (i + 1) / n,
                    y0 + (y1 - y0) * (i + 1) / n), fill=(40, 90, 210), width=5)
    pts = [xy(*CITIES[c]) for c in RED]
    d.line(pts, fill=(214, 30, 36), width=8, joint="curve")
    for name, (lat, lon) in CITIES.items():
        x, y = xy(lat, lon)
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=(60, 60, 60), outline=(255, 255, 255), width=2)
        f = font("arial-bold", 22)
        tx = x + 12 if name not in ("Rotterdam", "Brussels") else x - 14 - d.textlength(name, font=f)
        d.text((tx, y - 40 if name == "Amsterdam" else y - 12), name, font=f, fill=(30, 30, 30),
               stroke_width=3, stroke_fill=(250, 248, 240))
    for i, (x, y) in enumerate(pts, start=1):
        x, y = x + 10, y + 22
        d.ellipse((x - 16, y - 16, x + 16, y + 16), fill=(214, 30, 36), outline=(255, 255, 255), width=3)
        d.text((x - 6, y - 13), str(i), font=font("arial-bold", 22), fill=(255, 255, 255))
    d.rectangle((W - 330, H - 118, W - 20, H - 20), fill=(255, 255, 255), outline=(150, 150, 150))
    d.line((W - 310, H - 88, W - 250, H - 88), fill=(214, 30, 36), width=8)
    d.text((W - 238, H - 100), "Route driven", font=font("arial", 22), fill=(20, 20, 20))
    for i in range(3):
        d.line((W - 310 + 22 * i, H - 48, W - 298 + 22 * i, H - 48), fill=(40, 90, 210), width=5)
    d.text((W - 238, H - 60), "Alternative (not used)", font=font("arial", 22), fill=(20, 20, 20))
    save_png(img, out / "route_map.png")


if __name__ == "__main__":
    main()
