"""Inputs for warehouse_dashboard: a racking & dock layout drawing, three scanned delivery
manifests (one clean PNG scan, two skewed JPG scans), the supplier ASN export (xlsx) and the
WMS inventory-location extract (csv).

python3 make_inputs.py --out DIR   (deterministic: seeded RNG, fixed dates)

Only visible in the images: the handwritten quantity corrections (manifest 1: the printed
figure struck and starred, the recount written in the OS&D remarks box against its line number;
manifest 3: corrected twice in the cell, 24 -> 30 struck -> 32), the DAMAGED stamp (manifest 2,
struck in the OS&D remarks box; only a pen ring round the line's SKU and a hand-drawn leader from it
to the stamp say which line), the dock door assigned to each trailer (printed on the scans) and
the dock doors of the building (layout drawing)."""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import math
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype")
SANS = str(FONT_DIR / "liberation2/LiberationSans-Regular.ttf")
SANS_B = str(FONT_DIR / "liberation2/LiberationSans-Bold.ttf")
MONO = str(FONT_DIR / "liberation2/LiberationMono-Regular.ttf")
DJ_B = str(FONT_DIR / "dejavu/DejaVuSans-Bold.ttf")

# -- the shipments --------------------------------------------------------------------------
# (line, sku, description, printed qty, pallets, kg); corrections and damage are visual only.
MANIFESTS = [
    {"file": "manifest_1.png", "no": "NLF-558201", "carrier": "NORTHLINE FREIGHT", "logo": "NF", "supplier": "Brightline Home Goods Ltd.",
     "supplier_addr": "44 Foundry Road, Millbrook", "po": "4500-2231", "asn": "ASN-77310", "door": "D2", "appt": "08:30",
     "trailer": "NLF 53-1187", "seal": "0048817", "skew": 0.45, "noise": False, "seed": 11,
     "lines": [(1, "BHG-10418", "Ceramic mug 350 ml, 24-pack", 36, 2, 412.0),
               (2, "BHG-10517", "Glass tumbler set, 6 pc", 60, 3, 655.0),
               (3, "BHG-20963", "Bath towel, cotton, grey", 48, 2, 388.0),
               (4, "BHG-31108", "Bamboo cutting board, large", 25, 1, 210.0),
               (5, "BHG-31144", "Kitchen scale, digital", 18, 1, 96.0)],
     # the recount is written in the OS&D remarks box, keyed to the line; the printed 48 is struck and starred
     "correction": {3: {"new": 42, "initials": "JR", "style": "remark", "note": "*LINE 3 = 42 CS  JR"}}},
    {"file": "manifest_2.jpg", "no": "CPX-2025-0619", "carrier": "COASTAL PAPER CO. — OWN FLEET", "logo": "CP", "supplier": "Coastal Paper Co.",
     "supplier_addr": "2 Wharf Street, Port Hallam", "po": "4500-2240", "asn": "ASN-77318", "door": "D5", "appt": "10:15",
     "trailer": "CPX-T09", "seal": "C-771205", "skew": 1.15, "noise": True, "seed": 22,
     "lines": [(1, "CPC-5001", "Copy paper A4 80 g, 5 ream box", 40, 2, 1000.0),
               (2, "CPC-5012", "Copy paper A3 80 g, 5 ream box", 22, 1, 1098.0),
               (3, "CPC-5230", "Kraft envelope C4, box of 250", 35, 1, 315.0),
               (4, "CPC-6105", "Paper towel roll, 12-pack", 30, 2, 186.0),
               (5, "CPC-6140", "Facial tissue box, 24-pack", 28, 1, 151.0),
               (6, "CPC-7702", "Thermal label roll 100x150 mm", 16, 1, 173.0)],
     # the DAMAGED stamp is struck in the OS&D remarks box; the clerk rings the line's SKU and draws a
     # leader from the ring, down the left margin, to the stamp
     "damaged": 4, "damage_note": "CRUSHED + WET"},
    {"file": "manifest_3.jpg", "no": "RWH-DN-30917", "carrier": "MERIDIAN HAULAGE", "logo": "MH", "supplier": "Ridgeway Hardware Supply",
     "supplier_addr": "Unit 9, Kiln Lane Trade Park", "po": "4500-2252", "asn": "ASN-77351", "door": "D7", "appt": "13:45",
     "trailer": "MHX 48-0621", "seal": "770219", "skew": -0.85, "noise": True, "seed": 33,
     "lines": [(1, "RWH-0815", "Wood screw 4x40, box of 500", 54, 1, 378.0),
               (2, "RWH-1120", "Cable tie 300 mm, 100 pack", 24, 1, 77.0),
               (3, "RWH-2214", "LED work light 20 W", 12, 1, 115.0),
               (4, "RWH-3307", "Extension cord 10 m", 20, 1, 196.0)],
     # corrected twice in the cell: printed 24 struck, 30 written and struck, 32 written
     "correction": {2: {"new": 32, "initials": "KM", "style": "double", "first": 30}}},
]
RECEIPT_DATE = dt.date(2025, 6, 12)

# -- handwriting (stroke font, smoothed and jittered) --------------------------------------

GLYPHS = {
    "0": [[(0.30, 0.0), (0.08, 0.15), (0.02, 0.5), (0.10, 0.88), (0.32, 1.0), (0.52, 0.85), (0.58, 0.45), (0.50, 0.10), (0.30, 0.0), (0.22, 0.05)]],
    "1": [[(0.12, 0.22), (0.36, 0.0), (0.34, 1.0)]],
    "2": [[(0.04, 0.22), (0.22, 0.02), (0.46, 0.04), (0.56, 0.26), (0.42, 0.52), (0.04, 0.98), (0.36, 0.95), (0.62, 0.97)]],
    "3": [[(0.06, 0.10), (0.30, 0.0), (0.52, 0.12), (0.48, 0.36), (0.24, 0.48), (0.50, 0.58), (0.56, 0.84), (0.30, 1.0), (0.02, 0.90)]],
    "4": [[(0.40, 0.0), (0.02, 0.66), (0.62, 0.66)], [(0.46, 0.30), (0.44, 1.02)]],
    "5": [[(0.56, 0.0), (0.12, 0.02), (0.06, 0.44), (0.34, 0.38), (0.56, 0.58), (0.50, 0.90), (0.24, 1.0), (0.02, 0.90)]],
    "6": [[(0.50, 0.04), (0.22, 0.16), (0.04, 0.56), (0.08, 0.90), (0.30, 1.0), (0.52, 0.88), (0.52, 0.62), (0.30, 0.50), (0.06, 0.64)]],
    "7": [[(0.0, 0.04), (0.60, 0.0), (0.22, 1.02)]],
    "8": [[(0.50, 0.14), (0.30, 0.0), (0.08, 0.14), (0.14, 0.38), (0.46, 0.58), (0.54, 0.84), (0.30, 1.0), (0.04, 0.84), (0.14, 0.58), (0.46, 0.36), (0.50, 0.14)]],
    "9": [[(0.54, 0.30), (0.34, 0.48), (0.08, 0.38), (0.06, 0.12), (0.30, 0.0), (0.54, 0.12), (0.54, 0.50), (0.42, 1.02)]],
    "J": [[(0.10, 0.02), (0.62, 0.0)], [(0.42, 0.0), (0.40, 0.80), (0.24, 1.0), (0.04, 0.86)]],
    "R": [[(0.06, 1.0), (0.06, 0.02), (0.40, 0.0), (0.56, 0.16), (0.48, 0.42), (0.10, 0.50)], [(0.26, 0.50), (0.62, 1.0)]],
    "K": [[(0.08, 0.0), (0.06, 1.0)], [(0.56, 0.02), (0.10, 0.56)], [(0.22, 0.44), (0.60, 1.0)]],
    "M": [[(0.02, 1.0), (0.08, 0.0), (0.36, 0.62), (0.62, 0.0), (0.70, 1.0)]],
    "L": [[(0.06, 0.0), (0.06, 1.0), (0.52, 0.98)]],
    "I": [[(0.20, 0.0), (0.18, 1.0)]],
    "N": [[(0.04, 1.0), (0.06, 0.0), (0.54, 1.0), (0.58, 0.0)]],
    "E": [[(0.56, 0.02), (0.06, 0.0), (0.04, 1.0), (0.56, 0.98)], [(0.06, 0.48), (0.44, 0.50)]],
    "S": [[(0.54, 0.12), (0.32, 0.0), (0.08, 0.10), (0.10, 0.38), (0.46, 0.56), (0.56, 0.82), (0.32, 1.0), (0.02, 0.88)]],
    "H": [[(0.06, 0.0), (0.04, 1.0)], [(0.56, 0.0), (0.58, 1.0)], [(0.05, 0.50), (0.57, 0.48)]],
    "O": [[(0.30, 0.0), (0.06, 0.16), (0.02, 0.52), (0.12, 0.88), (0.34, 1.0), (0.56, 0.84), (0.62, 0.46), (0.52, 0.10), (0.30, 0.0)]],
    "T": [[(0.0, 0.02), (0.62, 0.0)], [(0.32, 0.0), (0.30, 1.0)]],
    "C": [[(0.56, 0.12), (0.36, 0.0), (0.12, 0.12), (0.02, 0.50), (0.12, 0.88), (0.36, 1.0), (0.58, 0.88)]],
    "U": [[(0.04, 0.0), (0.06, 0.70), (0.20, 0.98), (0.42, 0.98), (0.56, 0.70), (0.58, 0.0)]],
    "D": [[(0.06, 0.0), (0.06, 1.0)], [(0.06, 0.02), (0.36, 0.04), (0.58, 0.30), (0.58, 0.70), (0.36, 0.96), (0.06, 1.0)]],
    ":": [[(0.12, 0.30), (0.14, 0.36)], [(0.10, 0.84), (0.12, 0.90)]],
    "=": [[(0.04, 0.38), (0.50, 0.36)], [(0.04, 0.66), (0.52, 0.64)]],
    "+": [[(0.28, 0.22), (0.26, 0.82)], [(0.0, 0.52), (0.54, 0.50)]],
    "W": [[(0.0, 0.0), (0.16, 1.0), (0.38, 0.36), (0.58, 1.0), (0.76, 0.0)]],
    "(": [[(0.32, 0.0), (0.10, 0.30), (0.08, 0.70), (0.30, 1.04)]],
    ")": [[(0.04, 0.0), (0.26, 0.30), (0.28, 0.70), (0.06, 1.04)]],
    "*": [[(0.28, 0.10), (0.30, 0.62)], [(0.04, 0.22), (0.54, 0.50)], [(0.54, 0.20), (0.04, 0.52)]],
}
ADVANCE = {"M": 0.85, "W": 0.9, "I": 0.42, ":": 0.32, "(": 0.42, ")": 0.42}


def catmull(points, n=8):
    pts = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = (np.array(p) for p in pts[i - 1:i + 3])
        for t in np.linspace(0, 1, n, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3))
    out.append(np.array(pts[-2]))
    return out


def handwrite(draw, text, x, y, size, rng, ink=(28, 52, 150), width=3, slant=0.22):
    """Draw `text` with the stroke font; (x, y) top-left, size = glyph height in px."""
    cx = x
    for ch in text:
        if ch == " ":
            cx += size * 0.45
            continue
        scale = size * rng.uniform(0.94, 1.06)
        base = y + rng.uniform(-0.04, 0.04) * size
        for stroke in GLYPHS[ch]:
            jit = [(px + rng.uniform(-0.03, 0.03), py + rng.uniform(-0.025, 0.025)) for px, py in stroke]
            pts = []
            for p in catmull(jit):
                gx, gy = float(p[0]), float(p[1])
                pts.append((cx + (gx + slant * (1 - gy)) * scale, base + gy * scale))
            w = max(2, int(round(width * rng.uniform(0.85, 1.15))))
            draw.line(pts, fill=ink, width=w, joint="curve")
        cx += scale * ADVANCE.get(ch, 0.72) + rng.uniform(0, 0.05) * size
    return cx


def scrawl(draw, text, x, y, size, rng, ink=(28, 52, 150), width=3):
    """Hurried handwriting: the stroke font with a wandering baseline, per-letter size, squash and
    tilt, crowded letters joined by cursive ligatures, uneven pen pressure. (x, y) top-left."""
    cx, drift = x, 0.0
    slant = rng.uniform(0.18, 0.38)
    tilt = math.tan(math.radians(rng.uniform(-3.0, 3.0)))
    prev_end, prev_ch = None, " "
    for ch in text:
        if ch == " ":
            cx += size * rng.uniform(0.30, 0.48)
            prev_end, prev_ch = None, ch
            continue
        scale = size * rng.uniform(0.82, 1.18)
        squash = rng.uniform(0.80, 1.15)
        drift = max(-0.15, min(0.15, drift + rng.uniform(-0.06, 0.06)))
        base = y + (drift + (cx - x) / size * tilt) * size
        turn = math.radians(rng.uniform(-9, 9))
        ox, oy = cx + 0.3 * scale * squash, base + 0.5 * scale
        strokes = []
        for stroke in GLYPHS[ch]:
            jit = [(px + rng.uniform(-0.07, 0.07), py + rng.uniform(-0.06, 0.06)) for px, py in stroke]
            pts = []
            for p in catmull(jit):
                gx, gy = float(p[0]), float(p[1])
                px_, py_ = cx + (gx + slant * (1 - gy)) * scale * squash, base + gy * scale
                dx, dy = px_ - ox, py_ - oy
                pts.append((ox + dx * math.cos(turn) - dy * math.sin(turn), oy + dx * math.sin(turn) + dy * math.cos(turn)))
            strokes.append(pts)
        if prev_end is not None and prev_ch.isalnum() and ch.isalnum() and rng.random() < 0.75:
            a, b = prev_end, strokes[0][0]
            mid = ((a[0] + b[0]) / 2, max(a[1], b[1]) + rng.uniform(0.0, 0.25) * size)
            lig = [(a[0] + (b[0] - a[0]) * t + 0 * t, (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * mid[1] + t * t * b[1])
                   for t in [k / 8 for k in range(9)]]
            draw.line(lig, fill=ink, width=max(1, width - 1), joint="curve")
        for pts in strokes:
            cut = max(2, len(pts) // 2 + rng.randint(-2, 2))
            for seg in (pts[:cut + 1], pts[cut:]):
                if len(seg) > 1:
                    draw.line(seg, fill=ink, width=max(2, int(round(width * rng.uniform(0.7, 1.35)))), joint="curve")
        prev_end, prev_ch = strokes[-1][-1], ch
        cx += scale * squash * ADVANCE.get(ch, 0.72) * rng.uniform(0.86, 1.0)
    return cx


def scribble(draw, x, y, w, h, rng, ink=(28, 52, 150)):
    """A signature-like scribble."""
    pts = []
    n = 9
    for i in range(n):
        pts.append((i / (n - 1) + rng.uniform(-0.04, 0.04), rng.uniform(0.1, 0.9) if i % 2 else rng.uniform(0.4, 1.0)))
    sm = catmull(pts, 10)
    draw.line([(x + float(p[0]) * w, y + float(p[1]) * h) for p in sm], fill=ink, width=2, joint="curve")
    draw.line([(x + 0.1 * w, y + 0.95 * h), (x + 0.95 * w, y + 0.8 * h)], fill=ink, width=2)


# -- manifest pages ---------------------------------------------------------------------------

W, H = 1240, 1754  # A4 at 150 dpi


def font(path, size):
    return ImageFont.truetype(path, size)


def stamp_layer(size, text, sub, colour, angle, rng):
    """An ink stamp (RGBA) with a double border, rotated, with uneven ink."""
    w, h = size
    im = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle([4, 4, w - 5, h - 5], radius=10, outline=255, width=6)
    d.rounded_rectangle([14, 14, w - 15, h - 15], radius=6, outline=255, width=2)
    f = font(DJ_B, int(h * (0.42 if sub else 0.52)))
    tw = d.textlength(text, font=f)
    d.text(((w - tw) / 2, h * (0.16 if sub else 0.2)), text, font=f, fill=255)
    if sub:
        fs = font(DJ_B, int(h * 0.16))
        sw = d.textlength(sub, font=fs)
        d.text(((w - sw) / 2, h * 0.66), sub, font=fs, fill=255)
    noise = np.array(Image.fromarray((np.array([[rng.random() for _ in range(w)] for _ in range(h)]) * 255).astype("uint8"))
                     .filter(ImageFilter.GaussianBlur(1.2)))
    a = np.array(im).astype(float) * np.clip(0.55 + (noise / 255.0) * 0.7, 0, 1) * 0.9
    layer = Image.new("RGBA", (w, h), colour + (0,))
    layer.putalpha(Image.fromarray(a.astype("uint8")))
    return layer.rotate(angle, resample=Image.BICUBIC, expand=True)


def manifest_page(m) -> Image.Image:
    rng = random.Random(m["seed"])
    page = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(page)
    L, R = 90, W - 90
    # carrier header
    d.rectangle([L, 80, L + 84, 164], fill=(30, 30, 30))
    d.text((L + 14, 96), m["logo"], font=font(SANS_B, 44), fill=(255, 255, 255))
    d.text((L + 104, 84), m["carrier"], font=font(SANS_B, 30), fill=(20, 20, 20))
    d.text((L + 104, 124), "DELIVERY MANIFEST / PACKING LIST", font=font(SANS, 20), fill=(40, 40, 40))
    d.text((R - 330, 84), "Manifest no.", font=font(SANS, 17), fill=(60, 60, 60))
    d.text((R - 330, 106), m["no"], font=font(SANS_B, 28), fill=(0, 0, 0))
    d.text((R - 330, 144), "Page 1 of 1", font=font(SANS, 15), fill=(60, 60, 60))
    d.line([L, 184, R, 184], fill=(0, 0, 0), width=3)
    # address / shipment boxes
    boxes = [("SHIP FROM", [m["supplier"], m["supplier_addr"]]),
             ("SHIP TO", ["Kestrel Logistics — Northgate DC, Bldg 2", "17 Northgate Way, Ashby Cross"])]
    for i, (title, lines) in enumerate(boxes):
        x0 = L + i * ((R - L) // 2 + 8)
        x1 = x0 + (R - L) // 2 - 8
        d.rectangle([x0, 204, x1, 330], outline=(0, 0, 0), width=2)
        d.rectangle([x0, 204, x1, 234], fill=(225, 225, 225), outline=(0, 0, 0), width=2)
        d.text((x0 + 10, 208), title, font=font(SANS_B, 17), fill=(0, 0, 0))
        for k, t in enumerate(lines):
            d.text((x0 + 12, 246 + k * 30), t, font=font(SANS, 20), fill=(0, 0, 0))
    info = [("Ship date", "2025-06-11"), ("Delivery date", RECEIPT_DATE.isoformat()), ("Purchase order", m["po"]),
            ("ASN ref.", m["asn"]), ("Trailer", m["trailer"]), ("Seal no.", m["seal"]),
            ("Dock appointment", f"{m['appt']}  DOOR {m['door']}"), ("Terms", "DAP Northgate DC")]
    y0 = 350
    d.rectangle([L, y0, R, y0 + 4 * 38 + 8], outline=(0, 0, 0), width=2)
    for k, (lab, val) in enumerate(info):
        col, row = k % 2, k // 2
        x = L + 12 + col * ((R - L) // 2)
        y = y0 + 10 + row * 38
        d.text((x, y + 4), lab + ":", font=font(SANS, 18), fill=(70, 70, 70))
        vf = font(SANS_B, 21) if lab == "Dock appointment" else font(MONO, 20)
        d.text((x + 190, y + 2), val, font=vf, fill=(0, 0, 0))
    # line table
    cols = [("Line", 70), ("SKU", 170), ("Description", 430), ("Qty (cs)", 130), ("Pallets", 110), ("Gross kg", 150)]
    tx = [L]
    for _, wcol in cols:
        tx.append(tx[-1] + wcol)
    ty = 560
    rh = 52
    d.rectangle([L, ty, tx[-1], ty + 44], fill=(210, 210, 210), outline=(0, 0, 0), width=2)
    for (name, _), x in zip(cols, tx):
        d.text((x + 10, ty + 11), name, font=font(SANS_B, 19), fill=(0, 0, 0))
    qty_cells = {}
    row_y = {}
    y = ty + 44
    for ln, sku, desc, qty, pal, kg in m["lines"]:
        d.rectangle([L, y, tx[-1], y + rh], outline=(0, 0, 0), width=1)
        vals = [str(ln), sku, desc, str(qty), str(pal), f"{kg:,.1f}"]
        for k, (v, x) in enumerate(zip(vals, tx)):
            f = font(MONO, 19) if k in (1, 3, 4, 5) else font(SANS, 20)
            if k in (3, 4, 5):
                tw = d.textlength(v, font=f)
                d.text((tx[k + 1] - 14 - tw, y + 15), v, font=f, fill=(0, 0, 0))
                if k == 3:
                    qty_cells[ln] = (tx[k + 1] - 14 - tw, y + 15, tx[k + 1] - 14, y + 36)
            else:
                d.text((x + 10, y + 15), v, font=f, fill=(0, 0, 0))
        row_y[ln] = y
        y += rh
    for x in tx:
        d.line([x, ty, x, y], fill=(0, 0, 0), width=1)
    d.rectangle([L, ty, tx[-1], y], outline=(0, 0, 0), width=2)
    tot_q = sum(r[3] for r in m["lines"])
    tot_p = sum(r[4] for r in m["lines"])
    tot_kg = sum(r[5] for r in m["lines"])
    d.rectangle([tx[2], y, tx[-1], y + 46], outline=(0, 0, 0), width=2)
    d.text((tx[2] + 10, y + 13), "TOTAL (as shipped)", font=font(SANS_B, 19), fill=(0, 0, 0))
    for k, v in ((3, str(tot_q)), (4, str(tot_p)), (5, f"{tot_kg:,.1f}")):
        tw = d.textlength(v, font=font(MONO, 19))
        d.text((tx[k + 1] - 14 - tw, y + 13), v, font=font(MONO, 19), fill=(0, 0, 0))
        d.line([tx[k], y, tx[k], y + 46], fill=(0, 0, 0), width=1)
    y += 80
    notes = ["Quantities in cases. Count and inspect on receipt; note any shortage, overage or damage on this",
             "manifest before signing. Claims not noted on delivery cannot be accepted by the carrier.",
             "Pallets: CHEP 1200 x 1000, stretch-wrapped. Do not double-stack."]
    for k, t in enumerate(notes):
        d.text((L, y + k * 28), t, font=font(SANS, 17), fill=(40, 40, 40))
    y += 100
    remarks_y = y
    d.rectangle([L, y, R, y + 120], outline=(0, 0, 0), width=1)
    d.text((L + 10, y + 8), "RECEIVING REMARKS (OS&D) — consignee use", font=font(SANS_B, 16), fill=(60, 60, 60))
    for k in range(2):
        d.line([L + 10, y + 62 + k * 36, R - 10, y + 62 + k * 36], fill=(170, 170, 170), width=1)
    y += 150
    # signature blocks
    for i, lab in enumerate(["Driver signature", "Received by (print / sign)", "Time out"]):
        x0 = L + i * 360
        d.line([x0, y + 70, x0 + 320, y + 70], fill=(0, 0, 0), width=1)
        d.text((x0, y + 78), lab, font=font(SANS, 16), fill=(60, 60, 60))
    d.text((L, H - 90), f"{m['carrier'].title()}  •  Form NLF-DM-04 (rev. 2023)  •  Retain with proof of delivery",
           font=font(SANS, 14), fill=(90, 90, 90))

    # --- what the receiving clerk added on the dock (visual only) ---
    ink = (28, 52, 150)
    scribble(d, L + 10, y + 20, 200, 45, rng, ink=(20, 20, 20))
    scribble(d, L + 370, y + 18, 190, 48, rng, ink=ink)
    handwrite(d, "1405" if m["door"] == "D7" else ("0912" if m["door"] == "D2" else "1107"), L + 730, y + 24, 38, rng, ink=ink)
    for ln, corr in m.get("correction", {}).items():
        x0, y0c, x1, y1c = qty_cells[ln]
        # strike the printed quantity
        d.line([(x0 - 6, y0c + 16 + rng.uniform(-2, 2)), (x1 + 6, y0c + 8 + rng.uniform(-2, 2))], fill=ink, width=3)
        d.line([(x0 - 4, y0c + 22), (x1 + 4, y0c + 14)], fill=ink, width=2)
        if corr["style"] == "remark":
            # a star by the struck figure; the recount itself goes in the remarks box
            scrawl(d, "*", x0 - 34, row_y[ln] + 10, 30, rng, ink=ink, width=3)
            scrawl(d, corr["note"], L + 16, remarks_y + 44, 32, rng, ink=ink, width=3)
        else:
            # first recount written left of the print and struck out, the final one squeezed in before it
            first_x = x0 - 70
            end = scrawl(d, str(corr["first"]), first_x, row_y[ln] + 7, 38, rng, ink=ink, width=4)
            zig = [(first_x - 6, row_y[ln] + 40), (first_x + 10, row_y[ln] + 8), (first_x + 22, row_y[ln] + 42),
                   (first_x + 36, row_y[ln] + 6), (end - 2, row_y[ln] + 40), (end + 6, row_y[ln] + 10)]
            d.line([(x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)) for x, y in zig], fill=ink, width=3, joint="curve")
            scrawl(d, str(corr["new"]), first_x - 92, row_y[ln] + 4, 42, rng, ink=ink, width=4)
        handwrite(d, corr["initials"], tx[-1] + 12, row_y[ln] + 12, 26, rng, ink=ink, width=2)
    # RECEIVED stamp (blue) on every manifest
    rec = stamp_layer((360, 120), "RECEIVED", f"NORTHGATE DC  {RECEIPT_DATE:%d %b %Y}".upper(), (30, 60, 160), 6 + rng.uniform(-2, 2), rng)
    # (on a manifest whose remarks box carries the DAMAGED stamp, RECEIVED goes above the box, clear of it)
    page.paste(rec, (R - 400, remarks_y - 150) if "damaged" in m else (R - 420, y - 150), rec)
    if "damaged" in m:
        ln = m["damaged"]
        # the stamp on the left of the remarks box, the clerk's note beside it; the damaged line's SKU
        # ringed in pen, with a leader from the ring down the left margin to the stamp
        st = stamp_layer((300, 66), "DAMAGED", None, (200, 25, 30), -3.0, rng)
        page.paste(st, (L + 40, remarks_y + 66 - st.size[1] // 2), st)
        scrawl(d, m["damage_note"], L + 380, remarks_y + 44, 32, rng, ink=ink, width=3)
        ry = row_y[ln] + rh // 2
        cx0, rx, ryad = tx[1] + 78, 96, 24
        start = rng.uniform(0, 2 * math.pi)
        loop = [(cx0 + rx * (1 + rng.uniform(-0.03, 0.03)) * math.cos(start + k / 44 * 2 * math.pi),
                 ry + ryad * (1 + rng.uniform(-0.03, 0.03)) * math.sin(start + k / 44 * 2 * math.pi)) for k in range(50)]
        d.line(loop, fill=ink, width=3, joint="curve")
        p0, p3 = (cx0 - rx + 4, ry + 10), (L + 36, remarks_y + 66)
        p1, p2 = (L - 70, ry + 60), (L - 80, remarks_y + 10)
        lead = []
        for k in range(61):
            t = k / 60
            lead.append(((1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * p1[0] + 3 * (1 - t) * t * t * p2[0] + t ** 3 * p3[0] + rng.uniform(-1.5, 1.5),
                         (1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * p1[1] + 3 * (1 - t) * t * t * p2[1] + t ** 3 * p3[1] + rng.uniform(-1.5, 1.5)))
        d.line(lead, fill=ink, width=3, joint="curve")
        hx, hy = lead[-1]
        dx, dy = hx - lead[-6][0], hy - lead[-6][1]
        n = math.hypot(dx, dy)
        dx, dy = dx / n, dy / n
        for side in (-1, 1):
            a = math.radians(side * 28)
            bx, by = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
            d.line([(hx - 22 * bx, hy - 22 * by), (hx, hy)], fill=ink, width=3)
    return page


def scan(page: Image.Image, m) -> Image.Image:
    rng = np.random.default_rng(m["seed"])
    arr = np.asarray(page).astype(np.float32)
    arr = arr * np.array([0.965, 0.955, 0.93]) + 3  # paper tone
    if m["noise"]:
        arr += rng.normal(0, 5.0, arr.shape[:2])[..., None]
    im = Image.fromarray(np.clip(arr, 0, 255).astype("uint8"))
    im = im.rotate(m["skew"], resample=Image.BICUBIC, expand=True, fillcolor=(62, 62, 64) if m["noise"] else (255, 255, 255))
    if m["noise"]:
        im = im.filter(ImageFilter.GaussianBlur(0.55))
    im = im.resize((int(im.size[0] * 0.86), int(im.size[1] * 0.86)), Image.LANCZOS)
    return im


# -- layout drawing -----------------------------------------------------------------------------

def draw_layout(out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrow, Polygon, Rectangle

    plt.rcParams["font.family"] = "DejaVu Sans"
    fig = plt.figure(figsize=(16, 11), dpi=110)
    ax = fig.add_axes([0.03, 0.06, 0.70, 0.88])
    ax.set_aspect("equal")
    ax.set_xlim(-8, 74)
    ax.set_ylim(-13, 58)
    ax.axis("off")
    BW, BH = 64.0, 52.0
    wall = 0.45
    # building shell
    ax.add_patch(Rectangle((0, 0), BW, BH, facecolor="#fcfcfa", edgecolor="black", lw=3.2, zorder=1))
    # structural columns every 8 m
    for cx in range(8, 64, 8):
        for cy in (10.5, 20.5, 49.5):
            ax.add_patch(Rectangle((cx - 0.25, cy - 0.25), 0.5, 0.5, facecolor="black", zorder=4))
    # rack rows (north-south), aisles A-F between them
    x = 5.0
    rack_w = [1.2, 2.4, 2.4, 2.4, 2.4, 2.4, 1.2]
    aisle_w = 3.4
    ry0, ry1 = 22.0, 47.0
    bays = 8
    aisle_names = "ABCDEF"
    rack_x = []
    for i, rw in enumerate(rack_w):
        rack_x.append((x, rw))
        ax.add_patch(Rectangle((x, ry0), rw, ry1 - ry0, facecolor="#dfe8f3", edgecolor="#1d4e89", lw=1.0, zorder=2))
        for b in range(1, bays):
            yb = ry0 + b * (ry1 - ry0) / bays
            ax.plot([x, x + rw], [yb, yb], color="#1d4e89", lw=0.6, zorder=3)
        if 0 < i < len(rack_w) - 1:
            ax.plot([x + rw / 2, x + rw / 2], [ry0, ry1], color="#1d4e89", lw=0.5, ls=":", zorder=3)
        x += rw
        if i < len(rack_w) - 1:
            # aisle i
            name = aisle_names[i]
            ax.text(x + aisle_w / 2, ry1 + 1.2, f"AISLE {name}", ha="center", va="bottom", fontsize=7, fontweight="bold", color="#1d4e89")
            ax.text(x + aisle_w / 2, ry0 - 0.5, f"AISLE {name}", ha="center", va="top", fontsize=7, fontweight="bold",
                    color="#1d4e89", zorder=6, bbox={"fc": "#fcfcfa", "ec": "none", "pad": 0.5})
            for b in range(bays):
                yc = ry0 + (b + 0.5) * (ry1 - ry0) / bays
                # odd bay numbers on the west face, even on the east face
                ax.text(x - 0.55, yc, f"{2 * b + 1:02d}", ha="center", va="center", fontsize=5.2, color="#0d2f57", rotation=90, zorder=5)
                ax.text(x + aisle_w + 0.55, yc, f"{2 * b + 2:02d}", ha="center", va="center", fontsize=5.2, color="#0d2f57", rotation=90, zorder=5)
            x += aisle_w
    # staging lanes along the south wall
    ax.add_patch(Rectangle((3, 2.2), 44, 12.5, facecolor="none", edgecolor="#6b6b6b", lw=0.9, ls="--", hatch="..", zorder=2))
    ax.text(25, 8.5, "INBOUND / OUTBOUND STAGING LANES", ha="center", va="center", fontsize=8, color="#444444",
            bbox={"fc": "white", "ec": "none", "pad": 1.5}, zorder=5)
    ax.add_patch(Rectangle((50, 2.2), 12, 22, facecolor="none", edgecolor="#6b6b6b", lw=0.9, ls="--", zorder=2))
    ax.text(56, 13, "CROSS-DOCK\nFLOOR", ha="center", va="center", fontsize=7.5, color="#444444", zorder=5)
    # rooms on the east side
    rooms = [((50, 40, 14, 12), "OFFICE / QC"), ((50, 30, 7, 8), "CHARGING"), ((57, 30, 7, 8), "QUARANTINE\nCAGE")]
    for (rx, ry, rw, rh), name in rooms:
        ax.add_patch(Rectangle((rx, ry), rw, rh, facecolor="#efefef", edgecolor="black", lw=1.4, zorder=2))
        ax.text(rx + rw / 2, ry + rh / 2, name, ha="center", va="center", fontsize=7.5, zorder=5)
    # dock doors: south wall D1-D6, east wall D7-D8; grade-level door on the east wall
    def dock_south(xc, label):
        ax.add_patch(Rectangle((xc - 1.5, -0.3), 3.0, 0.6, facecolor="white", edgecolor="white", zorder=6))
        ax.plot([xc - 1.5, xc + 1.5], [0, 0], color="black", lw=1.0, ls=(0, (2, 1)), zorder=7)
        ax.add_patch(Rectangle((xc - 1.1, 0.3), 2.2, 2.4, facecolor="#c9c9c9", edgecolor="black", lw=0.8, hatch="////", zorder=6))
        ax.add_patch(Rectangle((xc - 1.9, -1.2), 0.5, 1.2, facecolor="black", zorder=6))
        ax.add_patch(Rectangle((xc + 1.4, -1.2), 0.5, 1.2, facecolor="black", zorder=6))
        ax.add_patch(Rectangle((xc - 1.6, -10.5), 3.2, 9.0, facecolor="none", edgecolor="#9a9a9a", lw=0.7, ls=(0, (4, 3)), zorder=2))
        ax.text(xc, -2.6, label, ha="center", va="center", fontsize=9, fontweight="bold", zorder=7,
                bbox={"boxstyle": "circle,pad=0.25", "fc": "white", "ec": "black", "lw": 1.0})

    def dock_east(yc, label):
        ax.add_patch(Rectangle((BW - 0.3, yc - 1.5), 0.6, 3.0, facecolor="white", edgecolor="white", zorder=6))
        ax.plot([BW, BW], [yc - 1.5, yc + 1.5], color="black", lw=1.0, ls=(0, (2, 1)), zorder=7)
        ax.add_patch(Rectangle((BW - 2.7, yc - 1.1), 2.4, 2.2, facecolor="#c9c9c9", edgecolor="black", lw=0.8, hatch="////", zorder=6))
        ax.add_patch(Rectangle((BW, yc - 1.9), 1.2, 0.5, facecolor="black", zorder=6))
        ax.add_patch(Rectangle((BW, yc + 1.4), 1.2, 0.5, facecolor="black", zorder=6))
        ax.add_patch(Rectangle((BW + 1.5, yc - 1.6), 9.0, 3.2, facecolor="none", edgecolor="#9a9a9a", lw=0.7, ls=(0, (4, 3)), zorder=2))
        ax.text(BW + 2.7, yc, label, ha="center", va="center", fontsize=9, fontweight="bold", zorder=7,
                bbox={"boxstyle": "circle,pad=0.25", "fc": "white", "ec": "black", "lw": 1.0})

    for i, xc in enumerate([7, 15, 23, 31, 39, 47]):
        dock_south(xc, f"D{i + 1}")
    dock_east(8.0, "D7")
    dock_east(17.0, "D8")
    # grade-level drive-in door with ramp (not a dock door)
    ax.add_patch(Rectangle((BW - 0.3, 25.5), 0.6, 4.0, facecolor="white", edgecolor="white", zorder=6))
    ax.plot([BW, BW + 0.0], [25.5, 29.5], color="black", lw=1.0, ls=(0, (2, 1)), zorder=7)
    ramp = Polygon([(BW, 25.5), (BW + 7, 25.0), (BW + 7, 30.0), (BW, 29.5)], closed=True, facecolor="#ececec",
                   edgecolor="black", lw=0.8, zorder=5)
    ax.add_patch(ramp)
    for k in range(1, 7):
        ax.plot([BW + k, BW + k], [25.5 - 0.07 * k, 29.5 + 0.07 * k], color="#888888", lw=0.5, zorder=6)
    ax.text(BW + 3.5, 31.3, "GL-1 RAMP", ha="center", va="bottom", fontsize=6.5, zorder=7)
    # personnel doors
    for px, py in ((0, 44), (0, 12)):
        ax.add_patch(Rectangle((px - 0.3, py), 0.6, 1.2, facecolor="white", edgecolor="white", zorder=6))
        ax.add_patch(matplotlib.patches.Arc((px, py), 2.4, 2.4, theta1=0, theta2=90, lw=0.6, zorder=7))
    # forklift route (one-way loop) and pedestrian walkway
    route = [(46.5, 17.5), (46.5, 19.6), (3.6, 19.6), (3.6, 49.4), (47.5, 49.4), (47.5, 19.6)]
    rx, ry = zip(*route)
    ax.plot(rx, ry, color="#e07b00", lw=2.2, ls=(0, (6, 3)), zorder=8)
    for (x0, y0), (x1, y1) in zip(route[1:], route[2:]):
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        dx, dy = (x1 - x0), (y1 - y0)
        n = math.hypot(dx, dy)
        ax.add_patch(FancyArrow(mx - dx / n, my - dy / n, 2 * dx / n, 2 * dy / n, width=0.15, head_width=1.1,
                                head_length=1.2, length_includes_head=True, color="#e07b00", zorder=9))
    ax.add_patch(Rectangle((48.6, 24.8), 1.0, 25.0, facecolor="none", edgecolor="#2e8b57", hatch="\\\\\\\\", lw=0.8, zorder=3))
    # dimensions
    ax.annotate("", xy=(0, 54.5), xytext=(BW, 54.5), arrowprops={"arrowstyle": "<->", "lw": 0.8})
    ax.text(BW / 2, 55.0, "64.0 m", ha="center", va="bottom", fontsize=8)
    ax.annotate("", xy=(-4.5, 0), xytext=(-4.5, BH), arrowprops={"arrowstyle": "<->", "lw": 0.8})
    ax.text(-5.0, BH / 2, "52.0 m", ha="right", va="center", fontsize=8, rotation=90)
    ax.text(25, -12.3, "TRUCK COURT (trailer positions dashed)", ha="center", va="bottom", fontsize=7.5, color="#555555")
    # north arrow + scale bar
    ax.add_patch(FancyArrow(70, 44, 0, 7, width=0.8, head_width=2.2, head_length=2.4, length_includes_head=True, color="black"))
    ax.text(70, 52, "N", ha="center", va="bottom", fontsize=13, fontweight="bold")
    sx, sy = 52, -11
    for i, (a, b) in enumerate([(0, 2.5), (2.5, 5), (5, 10)]):
        ax.add_patch(Rectangle((sx + a, sy), b - a, 0.7, facecolor="black" if i % 2 == 0 else "white", edgecolor="black", lw=0.7))
    for v in (0, 5, 10):
        ax.text(sx + v, sy + 1.1, f"{v}", ha="center", va="bottom", fontsize=7)
    ax.text(sx + 10.8, sy + 0.35, "m", ha="left", va="center", fontsize=7)

    # side panel: legend + title block
    fig.text(0.755, 0.93, "KESTREL LOGISTICS", fontsize=16, fontweight="bold", color="#7a2e0e")
    fig.text(0.755, 0.905, "Northgate DC — Building 2", fontsize=11)
    fig.text(0.755, 0.868, "RACKING & DOCK LAYOUT", fontsize=15, fontweight="bold")
    fig.text(0.755, 0.848, "Ground floor — general arrangement", fontsize=10)
    lg = fig.add_axes([0.755, 0.43, 0.225, 0.39])
    lg.set_xlim(0, 10)
    lg.set_ylim(0, 12)
    lg.axis("off")
    lg.add_patch(Rectangle((0, 0), 10, 12, facecolor="white", edgecolor="#333333", lw=1))
    lg.text(0.4, 11.3, "LEGEND", fontsize=10, fontweight="bold", va="center")
    items = [
        ("rack", "Pallet racking, bay lines (bay no. on aisle face)"),
        ("dock", "Dock door with dock leveller & bumpers"),
        ("gl", "Grade-level drive-in door with ramp"),
        ("route", "Forklift route, one-way"),
        ("walk", "Pedestrian walkway"),
        ("stage", "Staging lanes (floor marking)"),
        ("trailer", "Trailer position (truck court)"),
        ("col", "Structural column"),
    ]
    for i, (kind, label) in enumerate(items):
        y = 10.0 - i * 1.22
        if kind == "rack":
            lg.add_patch(Rectangle((0.4, y - 0.35), 1.3, 0.7, facecolor="#dfe8f3", edgecolor="#1d4e89", lw=1))
        elif kind == "dock":
            lg.add_patch(Rectangle((0.6, y - 0.35), 0.9, 0.6, facecolor="#c9c9c9", edgecolor="black", hatch="////", lw=0.8))
            lg.add_patch(Rectangle((0.45, y - 0.5), 0.15, 0.3, facecolor="black"))
            lg.add_patch(Rectangle((1.5, y - 0.5), 0.15, 0.3, facecolor="black"))
        elif kind == "gl":
            lg.add_patch(Polygon([(0.4, y - 0.3), (1.7, y - 0.4), (1.7, y + 0.4), (0.4, y + 0.3)], closed=True,
                                 facecolor="#ececec", edgecolor="black", lw=0.8))
        elif kind == "route":
            lg.plot([0.4, 1.7], [y, y], color="#e07b00", lw=2.2, ls=(0, (4, 2)))
        elif kind == "walk":
            lg.add_patch(Rectangle((0.4, y - 0.25), 1.3, 0.5, facecolor="none", edgecolor="#2e8b57", hatch="\\\\\\\\", lw=0.8))
        elif kind == "stage":
            lg.add_patch(Rectangle((0.4, y - 0.3), 1.3, 0.6, facecolor="none", edgecolor="#6b6b6b", hatch="..", ls="--", lw=0.8))
        elif kind == "trailer":
            lg.add_patch(Rectangle((0.4, y - 0.3), 1.3, 0.6, facecolor="none", edgecolor="#9a9a9a", ls=(0, (4, 3)), lw=0.8))
        else:
            lg.add_patch(Rectangle((0.9, y - 0.15), 0.3, 0.3, facecolor="black"))
        lg.text(2.1, y, label, fontsize=7.6, va="center")
    lg.text(0.4, 0.45, "Bay id = aisle letter + bay no., e.g. C-07", fontsize=7.4, va="center", color="#333333")
    notes = ("NOTES\n"
             "1. Rack: 3 beam levels + floor; 2,700 x 1,100 bays.\n"
             "2. Clear height 10.4 m under haunch.\n"
             "3. Door numbers as painted on the door headers.\n"
             "4. Do not scale from print; verify on site.")
    fig.text(0.757, 0.30, notes, fontsize=7.8, va="bottom", linespacing=1.5)
    tb = fig.add_axes([0.755, 0.06, 0.225, 0.21])
    tb.set_xlim(0, 10)
    tb.set_ylim(0, 6)
    tb.axis("off")
    tb.add_patch(Rectangle((0, 0), 10, 6, facecolor="white", edgecolor="black", lw=1.2))
    for yy in (4.5, 3.0, 1.5):
        tb.plot([0, 10], [yy, yy], color="black", lw=0.7)
    tb.plot([5, 5], [0, 4.5], color="black", lw=0.7)
    tb.text(0.2, 5.25, "DWG WH2-L-101", fontsize=11.5, fontweight="bold", va="center")
    tb.text(9.8, 5.25, "REV D", fontsize=10, fontweight="bold", va="center", ha="right")
    cells = [("Scale", "1:400 at A3"), ("Date", "2025-04-07"), ("Drawn", "S. Achebe"), ("Checked", "P. Varga (Ops)"),
             ("Project", "Bldg 2 re-rack 2025"), ("Status", "AS BUILT")]
    for idx, (k, v) in enumerate(cells):
        col, row = idx % 2, idx // 2
        xx = 0.2 + col * 5
        yy = 4.1 - row * 1.5
        tb.text(xx, yy, k.upper(), fontsize=6.2, color="#555555", va="center")
        tb.text(xx, yy - 0.65, v, fontsize=7.8, va="center")
    fig.savefig(out / "warehouse_layout.png", dpi=110, metadata={"Software": None})
    plt.close(fig)


# -- text inputs ----------------------------------------------------------------------------------

# bay, on hand, capacity for the SKUs on the manifests (others are filler stock)
LOCATIONS = {
    "BHG-10418": ("A-03", 1, 30, 80), "BHG-10517": ("A-06", 2, 12, 90), "BHG-20963": ("B-11", 1, 40, 84),
    "BHG-31108": ("B-04", 3, 15, 60), "BHG-31144": ("B-09", 2, 27, 60),
    "CPC-5001": ("D-02", 0, 110, 140), "CPC-5012": ("D-05", 0, 64, 100), "CPC-5230": ("D-08", 1, 20, 70),
    "CPC-6105": ("E-13", 1, 60, 80), "CPC-6140": ("E-10", 2, 35, 90), "CPC-7702": ("E-15", 3, 8, 50),
    "RWH-0815": ("F-01", 1, 18, 96), "RWH-1120": ("F-06", 2, 50, 80), "RWH-2214": ("F-11", 3, 9, 36),
    "RWH-3307": ("F-14", 2, 26, 60),
}
FILLER = [("BHG-10430", "Ceramic bowl 15 cm, 12-pack"), ("BHG-20970", "Hand towel, cotton, white"),
          ("BHG-31150", "Kitchen timer, mechanical"), ("CPC-5003", "Copy paper A4 100 g, 5 ream box"),
          ("CPC-5235", "Kraft envelope C5, box of 500"), ("CPC-6110", "Toilet roll 2-ply, 36-pack"),
          ("CPC-7705", "Thermal label roll 50x25 mm"), ("RWH-0820", "Wood screw 5x60, box of 200"),
          ("RWH-1125", "Cable tie 200 mm, 100 pack"), ("RWH-2218", "LED torch, rechargeable"),
          ("RWH-3310", "Extension cord 25 m, reel"), ("KLX-0001", "Stretch film 500 mm x 300 m"),
          ("KLX-0002", "Pallet label A5, roll of 500"), ("BHG-40011", "Storage box 30 L, lidded"),
          ("BHG-40019", "Storage box 60 L, lidded"), ("CPC-8001", "Sticky notes 76x76, 12-pack"),
          ("RWH-4400", "Padlock 40 mm, brass"), ("RWH-4410", "Hasp and staple 100 mm")]


AVOID = ("42", "32")


def write_text_inputs(out: Path) -> None:
    rng = random.Random(5)
    desc = {sku: d for m in MANIFESTS for _, sku, d, *_ in m["lines"]}
    rows = []
    for sku, (bay, level, on_hand, cap) in LOCATIONS.items():
        rows.append([sku, desc[sku], bay, level, on_hand, cap, "2025-06-02"])
    used = {r[2] for r in rows}
    free = [f"{a}-{b:02d}" for a in "ABCDEF" for b in range(1, 17) if f"{a}-{b:02d}" not in used]
    rng.shuffle(free)
    for (sku, d), bay in zip(FILLER, free):
        cap = rng.choice([48, 60, 72, 90, 100, 120])
        on_hand = rng.randint(3, cap - 10)
        while any(v in str(on_hand) for v in AVOID):  # keep the handwritten recounts out of the text inputs
            on_hand = rng.randint(3, cap - 10)
        rows.append([sku, d, bay, rng.randint(0, 3), on_hand, cap, rng.choice(["2025-05-26", "2025-06-02"])])
    rows.sort(key=lambda r: (r[2], r[3]))
    with open(out / "inventory_locations.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "description", "bay_id", "beam_level", "on_hand_cases", "bay_capacity_cases", "last_cycle_count"])
        w.writerows(rows)

    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill

    wb = Workbook()
    ws = wb.active
    ws.title = "ASN lines"
    head = ["asn_no", "supplier", "manifest_no", "po_no", "po_line", "sku", "description", "qty_shipped_cases",
            "ship_date", "expected_delivery"]
    ws.append(head)
    for c in ws[1]:
        c.font = Font(bold=True)
        c.fill = PatternFill("solid", fgColor="DDE6EF")
    for m in MANIFESTS:
        for ln, sku, d, qty, _, _ in m["lines"]:
            ws.append([m["asn"], m["supplier"], m["no"], m["po"], ln, sku, d, qty,
                       dt.date(2025, 6, 11), RECEIPT_DATE])
    for row in ws.iter_rows(min_row=2):
        for c in row[8:10]:
            c.number_format = "yyyy-mm-dd"
    for col, width in zip("ABCDEFGHIJ", (11, 26, 15, 11, 8, 12, 32, 18, 12, 18)):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    info = wb.create_sheet("Export info")
    info.append(["Source", "Supplier portal ASN export (EDI 856)"])
    info.append(["Exported", "2025-06-11 18:02"])
    info.append(["Consignee", "Kestrel Logistics — Northgate DC, Bldg 2"])
    info.append(["Note", "Quantities are as advised by the supplier at dispatch, before receipt."])
    fixed = dt.datetime(2025, 6, 11, 18, 2, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.creator = "supplier-portal"
    wb.save(out / "asn_export.xlsx")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    draw_layout(out)
    for m in MANIFESTS:
        im = scan(manifest_page(m), m)
        if m["file"].endswith(".png"):
            im.convert("P", palette=Image.ADAPTIVE, colors=48).save(out / m["file"], optimize=True)
        else:
            im.save(out / m["file"], quality=72, optimize=True, subsampling=2)
    write_text_inputs(out)


if __name__ == "__main__":
    main()
