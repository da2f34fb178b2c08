"""Inputs for architecture_takeoff: a ground-floor GA plan (PNG export), the room data /
finishes schedule (xlsx) and the architect's instruction letter (PDF).

    python3 make_inputs.py --out DIR

Deterministic: the architect's red-pen mark-ups use a fixed-seed RNG; matplotlib PNG metadata is
pinned, reportlab runs with invariant=1 and the workbook's properties carry a fixed date. The plan
is a raster export, so every dimension, label and door symbol on it exists only as pixels; the
mark-ups (two dimensions struck through and rewritten by hand, a new door sketched in, a
finish change written into a room) exist only as hand-drawn strokes."""

from __future__ import annotations

import argparse
import datetime as dt
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.patches as mpatches  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
from openpyxl import Workbook  # noqa: E402
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402
from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

matplotlib.rcParams["font.family"] = "DejaVu Sans"
matplotlib.rcParams["hatch.linewidth"] = 0.4

# ---------------------------------------------------------------------------------------
# Geometry, in metres, origin at the south-west external corner. Rooms are net internal
# rectangles (x0, y0, x1, y1); everything between them is wall.
# ---------------------------------------------------------------------------------------
FOOT = (0.0, 0.0, 15.30, 10.60)
ROOMS = [  # number, name, rectangle
    ("G01", "Reception", (0.30, 0.30, 5.10, 4.50)),
    ("G02", "Office 1", (5.20, 0.30, 8.65, 4.50)),
    ("G03", "Office 2", (8.75, 0.30, 12.05, 4.50)),
    ("G04", "Consulting Room", (12.15, 0.30, 15.00, 4.50)),
    ("G05", "Corridor", (0.30, 4.60, 15.00, 6.10)),
    ("G06", "Meeting Room", (0.30, 6.20, 5.85, 10.30)),
    ("G07", "Kitchenette", (5.95, 6.20, 8.70, 10.30)),
    ("G08", "Accessible WC", (8.80, 6.20, 11.00, 8.40)),
    ("G09", "Plant Room", (8.80, 8.50, 11.00, 10.30)),
    ("G10", "Staff Room", (11.10, 6.20, 15.00, 8.90)),
    ("G11", "Store", (11.10, 9.00, 15.00, 10.30)),
]
# Doors: (orientation of the wall, wall span across its thickness, opening a..b along the
# wall, hinge end "a"|"b", swing side +1 (towards larger coordinate) or -1).
DOORS = [
    ("h", (0.00, 0.30), (1.50, 2.50), "a", +1),    # main entrance into Reception
    ("h", (4.50, 4.60), (7.55, 8.45), "b", -1),    # Office 1
    ("h", (4.50, 4.60), (8.95, 9.85), "a", -1),    # Office 2
    ("h", (4.50, 4.60), (12.35, 13.25), "a", -1),  # Consulting Room
    ("h", (6.10, 6.20), (4.75, 5.65), "b", +1),    # Meeting Room
    ("v", (5.85, 5.95), (9.10, 10.00), "b", +1),   # Meeting Room -> Kitchenette (leaf into kitchenette)
    ("h", (6.10, 6.20), (6.20, 7.10), "a", +1),    # Kitchenette
    ("h", (6.10, 6.20), (9.40, 10.40), "b", +1),   # Accessible WC (1000 leaf)
    ("h", (10.30, 10.60), (9.10, 10.00), "a", +1),  # Plant Room, external, opens out
    ("h", (6.10, 6.20), (11.40, 12.30), "a", +1),  # Staff Room
    ("h", (8.90, 9.00), (13.80, 14.70), "b", -1),  # Store, from Staff Room (leaf into staff room)
    ("v", (15.00, 15.30), (4.80, 5.80), "a", +1),  # rear exit from corridor, opens out
]
ARCHES = [("h", (4.50, 4.60), (2.00, 3.80))]  # Reception -> Corridor: opening, no leaf
WINDOWS = [  # external wall windows
    ("h", (0.00, 0.30), (3.10, 4.60)), ("h", (0.00, 0.30), (5.90, 7.90)),
    ("h", (0.00, 0.30), (9.40, 11.40)), ("h", (0.00, 0.30), (12.80, 14.40)),
    ("h", (10.30, 10.60), (1.00, 4.80)), ("h", (10.30, 10.60), (6.60, 8.00)),
    ("h", (10.30, 10.60), (11.80, 14.20)), ("v", (0.00, 0.30), (7.00, 9.40)),
    ("v", (15.00, 15.30), (6.70, 8.40)), ("v", (15.00, 15.30), (1.20, 3.40)),
]
# Dimension strings drawn inside a few rooms: (x0, y0, x1, y1, text)
DIMS = [
    (0.30, 3.75, 5.10, 3.75, "4800"), (4.55, 0.30, 4.55, 4.50, "4200"),        # Reception
    (12.15, 3.55, 15.00, 3.55, "2850"), (14.45, 0.30, 14.45, 4.50, "4200"),    # Consulting
    (0.30, 5.78, 15.00, 5.78, "14700"), (14.40, 4.60, 14.40, 6.10, "1500"),    # Corridor
    (8.80, 8.12, 11.00, 8.12, "2200"), (9.02, 6.20, 9.02, 8.40, "2200"),       # WC
]

SCALE = 20.0  # paper mm per metre (1:50)
PAPER = (594.0, 420.0)  # A2 landscape, mm
ORIGIN = (60.0, 135.0)  # paper position of the building's south-west corner
DPI = 120
INK = "#111111"
POCHE = "#5b5b5b"


def P(x: float, y: float) -> tuple[float, float]:
    return ORIGIN[0] + SCALE * x, ORIGIN[1] + SCALE * y


def rect(ax, x0, y0, x1, y1, **kw):
    (a, b), (c, d) = P(x0, y0), P(x1, y1)
    ax.add_patch(mpatches.Rectangle((a, b), c - a, d - b, **kw))


def line(ax, pts, **kw):
    xs, ys = zip(*(P(*p) for p in pts))
    ax.plot(xs, ys, **kw)


def opening_rect(orient, span, ab):
    (w0, w1), (a, b) = span, ab
    return (a, w0, b, w1) if orient == "h" else (w0, a, w1, b)


def draw_door(ax, orient, span, ab, hinge, side):
    x0, y0, x1, y1 = opening_rect(orient, span, ab)
    rect(ax, x0, y0, x1, y1, facecolor="white", edgecolor="none", zorder=3)
    (w0, w1), (a, b) = span, ab
    leaf = b - a
    face = w1 if side > 0 else w0
    h = a if hinge == "a" else b
    free = b if hinge == "a" else a
    # jamb lines
    for t in (a, b):
        pts = [(t, w0), (t, w1)] if orient == "h" else [(w0, t), (w1, t)]
        line(ax, pts, color=INK, lw=0.9, zorder=4)
    end = face + side * leaf
    if orient == "h":
        line(ax, [(h, face), (h, end)], color=INK, lw=1.6, zorder=5)
        start = math.degrees(math.atan2(0, free - h))
        stop = math.degrees(math.atan2(side * leaf, 0))
        cx, cy = P(h, face)
    else:
        line(ax, [(face, h), (end, h)], color=INK, lw=1.6, zorder=5)
        start = math.degrees(math.atan2(free - h, 0))
        stop = math.degrees(math.atan2(0, side * leaf))
        cx, cy = P(face, h)
    lo, hi = sorted((start, stop))
    if hi - lo > 180:
        lo, hi = hi, lo + 360
    ax.add_patch(mpatches.Arc((cx, cy), 2 * SCALE * leaf, 2 * SCALE * leaf, theta1=lo, theta2=hi,
                              color=INK, lw=0.6, zorder=5))


def draw_arch(ax, orient, span, ab):
    x0, y0, x1, y1 = opening_rect(orient, span, ab)
    rect(ax, x0, y0, x1, y1, facecolor="white", edgecolor="none", zorder=3)
    (w0, w1), (a, b) = span, ab
    for w in (w0, w1):  # head over the opening, dashed
        pts = [(a, w), (b, w)] if orient == "h" else [(w, a), (w, b)]
        line(ax, pts, color=INK, lw=0.6, ls=(0, (4, 3)), zorder=4)
    for t in (a, b):
        pts = [(t, w0), (t, w1)] if orient == "h" else [(w0, t), (w1, t)]
        line(ax, pts, color=INK, lw=0.9, zorder=4)


def draw_window(ax, orient, span, ab):
    x0, y0, x1, y1 = opening_rect(orient, span, ab)
    rect(ax, x0, y0, x1, y1, facecolor="white", edgecolor=INK, lw=0.8, zorder=3)
    (w0, w1), (a, b) = span, ab
    for f in (0.42, 0.58):
        w = w0 + f * (w1 - w0)
        pts = [(a, w), (b, w)] if orient == "h" else [(w, a), (w, b)]
        line(ax, pts, color=INK, lw=0.6, zorder=4)


def draw_dim(ax, x0, y0, x1, y1, text, fs=8.5):
    line(ax, [(x0, y0), (x1, y1)], color="#1a3c8c", lw=0.7, zorder=6)
    horiz = abs(y1 - y0) < 1e-9
    for (x, y) in ((x0, y0), (x1, y1)):
        d = 0.09
        line(ax, [(x - d, y - d), (x + d, y + d)], color="#1a3c8c", lw=1.2, zorder=6)
        if horiz:
            line(ax, [(x, y - 0.14), (x, y + 0.14)], color="#1a3c8c", lw=0.5, zorder=6)
        else:
            line(ax, [(x - 0.14, y), (x + 0.14, y)], color="#1a3c8c", lw=0.5, zorder=6)
    mx, my = P((x0 + x1) / 2, (y0 + y1) / 2)
    if horiz:
        ax.text(mx, my + 1.2, text, ha="center", va="bottom", fontsize=fs, color="#1a3c8c", zorder=7)
    else:
        ax.text(mx - 1.2, my, text, ha="right", va="center", rotation=90, fontsize=fs, color="#1a3c8c", zorder=7)


def draw_plan(path: Path) -> None:
    fig = plt.figure(figsize=(PAPER[0] / 25.4, PAPER[1] / 25.4), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, PAPER[0])
    ax.set_ylim(0, PAPER[1])
    ax.set_aspect("equal")
    ax.axis("off")
    # sheet border
    ax.add_patch(mpatches.Rectangle((10, 10), PAPER[0] - 20, PAPER[1] - 20, fill=False, lw=1.6, color=INK))
    ax.add_patch(mpatches.Rectangle((12, 12), PAPER[0] - 24, PAPER[1] - 24, fill=False, lw=0.4, color=INK))

    # structural grid stubs (outside the building only)
    gx = [("1", 0.15), ("2", 5.15), ("3", 8.70), ("4", 12.10), ("5", 15.15)]
    gy = [("A", 0.15), ("B", 4.55), ("C", 6.15), ("D", 10.45)]
    for label, x in gx:
        line(ax, [(x, 10.60), (x, 12.6)], color="#777777", lw=0.5, ls=(0, (8, 2, 1.5, 2)), zorder=1)
        cx, cy = P(x, 13.05)
        ax.add_patch(mpatches.Circle((cx, cy), 4.5, fill=False, lw=0.8, color=INK))
        ax.text(cx, cy, label, ha="center", va="center", fontsize=9)
    for label, y in gy:
        line(ax, [(-2.0, y), (0.0, y)], color="#777777", lw=0.5, ls=(0, (8, 2, 1.5, 2)), zorder=1)
        cx, cy = P(-2.45, y)
        ax.add_patch(mpatches.Circle((cx, cy), 4.5, fill=False, lw=0.8, color=INK))
        ax.text(cx, cy, label, ha="center", va="center", fontsize=9)

    # walls = footprint minus rooms
    rect(ax, *FOOT, facecolor=POCHE, edgecolor=INK, lw=1.4, zorder=2)
    for _, _, r in ROOMS:
        rect(ax, *r, facecolor="white", edgecolor=INK, lw=0.7, zorder=2.5)
    for w in WINDOWS:
        draw_window(ax, *w)
    for a in ARCHES:
        draw_arch(ax, *a)
    for d in DOORS:
        draw_door(ax, *d)

    # kitchenette worktop and sink, WC fittings (furniture adds realism)
    rect(ax, 8.10, 6.90, 8.70, 10.30, facecolor="none", edgecolor="#555555", lw=0.5, zorder=4)
    rect(ax, 8.18, 8.20, 8.62, 8.80, facecolor="none", edgecolor="#555555", lw=0.5, zorder=4)
    rect(ax, 10.78, 7.20, 11.00, 7.70, facecolor="none", edgecolor="#555555", lw=0.5, zorder=4)  # cistern
    cx, cy = P(10.50, 7.45)
    ax.add_patch(mpatches.Ellipse((cx, cy), 11, 7.5, fill=False, lw=0.5, color="#555555", zorder=4))
    rect(ax, 0.30, 0.30, 0.95, 2.50, facecolor="none", edgecolor="#555555", lw=0.5, zorder=4)  # reception desk
    rect(ax, 1.60, 7.40, 4.40, 9.00, facecolor="none", edgecolor="#555555", lw=0.5, zorder=4)  # meeting table
    rect(ax, 10.35, 8.60, 10.95, 10.20, facecolor="none", edgecolor="#555555", lw=0.5, hatch="xx", zorder=4)  # plant

    # room labels
    for number, name, (x0, y0, x1, y1) in ROOMS:
        cx, cy = P((x0 + x1) / 2, (y0 + y1) / 2)
        small = (x1 - x0) * (y1 - y0) < 6
        if number == "G05":
            cx, cy = P(7.2, 5.30)
        if number == "G01":
            cx, cy = P(2.55, 2.35)
        if number == "G04":
            cx, cy = P(13.30, 2.20)
        if number == "G08":
            cx, cy = P(9.95, 7.55)
        if number == "G09":
            cx, cy = P(9.55, 9.40)
        fs = 7.5 if small else 9.5
        ax.text(cx, cy + (2.6 if small else 3.2), name.upper(), ha="center", va="center", fontsize=fs,
                fontweight="bold", zorder=8)
        ax.text(cx, cy - (0.6 if small else 0.4), number, ha="center", va="center", fontsize=fs - 1, zorder=8)
        ax.text(cx, cy - (3.4 if small else 4.0), "FFL +0.000", ha="center", va="center", fontsize=fs - 2.5,
                color="#444444", zorder=8)

    for d in DIMS:
        draw_dim(ax, *d)

    # overall dimensions outside the building
    draw_dim(ax, 0.0, -1.30, 15.30, -1.30, "15300", fs=9)
    for x in (0.0, 15.30):
        line(ax, [(x, -0.25), (x, -1.50)], color="#1a3c8c", lw=0.5)
    draw_dim(ax, 16.90, 0.0, 16.90, 10.60, "10600", fs=9)
    for y in (0.0, 10.60):
        line(ax, [(15.55, y), (17.10, y)], color="#1a3c8c", lw=0.5)

    # entrance arrow
    ex, ey = P(2.0, -2.4)
    ax.annotate("", xy=P(2.0, -0.35), xytext=(ex, ey), arrowprops=dict(arrowstyle="-|>", lw=1.0, color=INK))
    ax.text(ex, ey - 2.5, "MAIN ENTRANCE", ha="center", va="top", fontsize=7.5)

    # drawing title under the plan
    tx, ty = P(0.0, -3.9)
    ax.add_patch(mpatches.Circle((tx + 6, ty - 4), 6, fill=False, lw=1.0, color=INK))
    ax.text(tx + 6, ty - 4, "01", ha="center", va="center", fontsize=10, fontweight="bold")
    ax.text(tx + 16, ty - 1.5, "GROUND FLOOR PLAN", ha="left", va="center", fontsize=13, fontweight="bold")
    ax.text(tx + 16, ty - 8, "SCALE 1:50", ha="left", va="center", fontsize=8.5)
    ax.plot([tx + 16, tx + 110], [ty - 4.6, ty - 4.6], color=INK, lw=0.8)

    # scale bar: 0-5 m, first metre split in halves
    sx, sy = P(9.0, -4.45)
    ax.text(sx, sy + 6.2, "SCALE BAR (METRES)", ha="left", va="bottom", fontsize=7.5, fontweight="bold")
    segments = [(0, 0.5), (0.5, 1.0), (1, 2), (2, 3), (3, 4), (4, 5)]
    for i, (a, b) in enumerate(segments):
        ax.add_patch(mpatches.Rectangle((sx + SCALE * a, sy), SCALE * (b - a), 2.6,
                                        facecolor=INK if i % 2 == 0 else "white", edgecolor=INK, lw=0.6))
    for v, lab in [(0, "0"), (0.5, "0.5"), (1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5 m")]:
        ax.text(sx + SCALE * v, sy - 1.6, lab, ha="center", va="top", fontsize=7)

    # north arrow
    nx, ny = 445.0, 350.0
    ax.add_patch(mpatches.Circle((nx, ny), 11, fill=False, lw=0.8, color=INK))
    ax.add_patch(mpatches.Polygon([(nx, ny + 12), (nx - 4.5, ny - 7), (nx, ny - 3)], closed=True, color=INK))
    ax.add_patch(mpatches.Polygon([(nx, ny + 12), (nx + 4.5, ny - 7), (nx, ny - 3)], closed=True, fill=False, lw=0.8, color=INK))
    ax.text(nx, ny + 15, "N", ha="center", va="bottom", fontsize=12, fontweight="bold")

    # notes and legend (left of the title block, bottom)
    lx, ly = 402.0, 128.0
    ax.text(lx, ly + 140, "LEGEND", fontsize=8.5, fontweight="bold", va="top")
    ax.add_patch(mpatches.Rectangle((lx, ly + 124), 14, 5, facecolor=POCHE, edgecolor=INK, lw=0.6))
    ax.text(lx + 18, ly + 126.5, "Masonry / blockwork wall", fontsize=7, va="center")
    ax.add_patch(mpatches.Rectangle((lx, ly + 112), 14, 5, facecolor="white", edgecolor=INK, lw=0.6))
    ax.plot([lx, lx + 14], [ly + 114.1, ly + 114.1], color=INK, lw=0.5)
    ax.plot([lx, lx + 14], [ly + 114.9, ly + 114.9], color=INK, lw=0.5)
    ax.text(lx + 18, ly + 114.5, "Window (glazed screen)", fontsize=7, va="center")
    ax.plot([lx + 2, lx + 2], [ly + 96, ly + 106], color=INK, lw=1.4)
    ax.add_patch(mpatches.Arc((lx + 2, ly + 96), 20, 20, theta1=0, theta2=90, color=INK, lw=0.5))
    ax.text(lx + 18, ly + 100.5, "Single leaf door and swing", fontsize=7, va="center")
    ax.plot([lx, lx + 14], [ly + 88, ly + 88], color=INK, lw=0.6, ls=(0, (4, 3)))
    ax.text(lx + 18, ly + 88, "Opening / bulkhead over", fontsize=7, va="center")
    ax.plot([lx, lx + 14], [ly + 78, ly + 78], color="#1a3c8c", lw=0.7)
    ax.plot([lx - 1.2, lx + 1.2], [ly + 76.8, ly + 79.2], color="#1a3c8c", lw=1.2)
    ax.plot([lx + 12.8, lx + 15.2], [ly + 76.8, ly + 79.2], color="#1a3c8c", lw=1.2)
    ax.text(lx + 18, ly + 78, "Dimension to finished face (mm)", fontsize=7, va="center")

    ax.text(lx, ly + 62, "NOTES", fontsize=8.5, fontweight="bold", va="top")
    notes = [
        "1. Do not scale for setting out. Scaling for cost",
        "    planning only, against the scale bar.",
        "2. All dimensions in millimetres, to finished",
        "    internal faces unless noted otherwise.",
        "3. Dimensions shown on selected rooms only.",
        "4. Finishes: refer to Room Data Schedule",
        "    BCH-HMA-00-ZZ-SH-A-0201.",
        "5. Report discrepancies to the architect.",
    ]
    for i, n in enumerate(notes):
        ax.text(lx, ly + 54 - 5.2 * i, n, fontsize=6.6, va="top")

    title_block(ax)
    fig.savefig(path, dpi=DPI, metadata={"Software": None})
    plt.close(fig)
    img = mark_up(Image.open(path).convert("RGB"))
    img = img.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    img.save(path, optimize=True, dpi=(DPI, DPI))


# ---------------------------------------------------------------------------------------
# Red-pen handwriting: a hand-drawn stroke alphabet rendered with a seeded jitter (slant,
# wobbling baseline, uneven size and spacing, pen-pressure width), the way a person marks
# up a print. Not a font: no two glyphs are alike and nothing here is text to a PDF/OCR layer.
# ---------------------------------------------------------------------------------------
GLYPHS = {  # unit box: x 0..0.6, y 0 (baseline) .. 1 (cap height); a list of strokes
    "0": [[(0.30, 1.0), (0.08, 0.85), (0.02, 0.45), (0.12, 0.08), (0.32, 0.0), (0.52, 0.15), (0.58, 0.55), (0.50, 0.9), (0.30, 1.0), (0.22, 0.96)]],
    "1": [[(0.12, 0.78), (0.34, 1.0), (0.33, 0.45), (0.31, 0.0)]],
    "2": [[(0.04, 0.74), (0.18, 0.96), (0.40, 1.0), (0.56, 0.84), (0.50, 0.58), (0.22, 0.28), (0.02, 0.02), (0.30, 0.05), (0.62, 0.02)]],
    "3": [[(0.06, 0.88), (0.30, 1.0), (0.52, 0.88), (0.46, 0.64), (0.24, 0.54), (0.50, 0.44), (0.58, 0.2), (0.36, 0.0), (0.04, 0.1)]],
    "4": [[(0.40, 1.0), (0.18, 0.62), (0.02, 0.30), (0.32, 0.32), (0.56, 0.34)], [(0.46, 0.70), (0.44, 0.30), (0.42, -0.04)]],
    "5": [[(0.58, 1.0), (0.34, 0.99), (0.12, 0.98)], [(0.14, 0.98), (0.08, 0.56), (0.30, 0.62), (0.54, 0.46), (0.56, 0.18), (0.34, 0.0), (0.04, 0.08)]],
    "6": [[(0.52, 0.98), (0.26, 0.82), (0.06, 0.46), (0.10, 0.10), (0.30, 0.0), (0.52, 0.12), (0.54, 0.36), (0.36, 0.52), (0.12, 0.44), (0.07, 0.30)]],
    "7": [[(0.02, 0.96), (0.30, 1.0), (0.62, 0.98), (0.40, 0.55), (0.20, -0.02)], [(0.16, 0.50), (0.52, 0.52)]],
    "8": [[(0.46, 0.88), (0.30, 1.0), (0.10, 0.86), (0.16, 0.62), (0.44, 0.44), (0.54, 0.18), (0.30, 0.0), (0.06, 0.16), (0.14, 0.40), (0.44, 0.60), (0.50, 0.84)]],
    "9": [[(0.52, 0.70), (0.34, 0.54), (0.10, 0.62), (0.10, 0.88), (0.32, 1.0), (0.52, 0.90), (0.54, 0.60), (0.48, 0.25), (0.40, -0.04)]],
    "A": [[(0.0, 0.0), (0.28, 1.0), (0.58, 0.0)], [(0.12, 0.38), (0.46, 0.40)]],
    "C": [[(0.56, 0.86), (0.36, 1.0), (0.10, 0.86), (0.02, 0.48), (0.12, 0.10), (0.34, 0.0), (0.58, 0.12)]],
    "D": [[(0.04, 1.0), (0.04, 0.0)], [(0.02, 0.98), (0.36, 0.94), (0.58, 0.62), (0.54, 0.24), (0.30, 0.02), (0.04, 0.02)]],
    "E": [[(0.56, 1.0), (0.04, 1.0), (0.04, 0.0), (0.58, 0.0)], [(0.04, 0.52), (0.42, 0.52)]],
    "F": [[(0.58, 1.0), (0.04, 1.0), (0.04, -0.02)], [(0.04, 0.52), (0.44, 0.54)]],
    "I": [[(0.30, 1.0), (0.28, 0.0)]],
    "L": [[(0.06, 1.0), (0.04, 0.0), (0.56, 0.02)]],
    "M": [[(0.0, 0.0), (0.04, 1.0), (0.32, 0.40), (0.58, 1.0), (0.62, 0.0)]],
    "N": [[(0.02, 0.0), (0.04, 1.0), (0.54, 0.0), (0.56, 1.0)]],
    "O": [[(0.30, 1.0), (0.06, 0.84), (0.0, 0.44), (0.14, 0.06), (0.34, 0.0), (0.56, 0.18), (0.60, 0.58), (0.48, 0.92), (0.28, 1.0)]],
    "R": [[(0.04, 0.0), (0.04, 1.0), (0.38, 0.96), (0.54, 0.78), (0.40, 0.56), (0.06, 0.52), (0.56, 0.0)]],
    "S": [[(0.54, 0.88), (0.30, 1.0), (0.08, 0.86), (0.14, 0.60), (0.44, 0.44), (0.56, 0.18), (0.32, 0.0), (0.04, 0.12)]],
    "T": [[(0.0, 1.0), (0.62, 1.0)], [(0.31, 1.0), (0.30, 0.0)]],
    "V": [[(0.0, 1.0), (0.30, 0.0), (0.60, 1.0)]],
    "W": [[(0.0, 1.0), (0.14, 0.0), (0.32, 0.66), (0.48, 0.0), (0.64, 1.0)]],
    "Y": [[(0.0, 1.0), (0.30, 0.50), (0.60, 1.0)], [(0.30, 0.50), (0.30, 0.0)]],
    "-": [[(0.06, 0.48), (0.46, 0.52)]],
    ".": [[(0.10, 0.02), (0.14, 0.06)]],
    "/": [[(0.04, -0.04), (0.52, 1.04)]],
    ">": [[(0.04, 0.86), (0.56, 0.50), (0.04, 0.14)]],
}


def _smooth(pts, n=6):
    """Catmull-Rom through the control points (a pen moves in curves, not polylines)."""
    if len(pts) < 3:
        return pts
    ext = [pts[0]] + list(pts) + [pts[-1]]
    out = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                     + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in range(2)))
    out.append(pts[-1])
    return out


def handwrite(draw, rng, text, x, y, size, colour=(200, 30, 40), slant=0.36, angle=-0.12, width=2.6, jitter=0.06, joined=True):
    """Write `text` with its baseline starting at pixel (x, y), cap height `size` px, joined up
    the way a quick hand writes (the pen drags from one figure into the next). Returns the
    (x0, y0, x1, y1) pixel box it covers."""
    import math
    angle += rng.uniform(-0.04, 0.04)
    ca, sa = math.cos(angle), math.sin(angle)
    pen = 0.0
    boxes = []
    base_wobble = rng.uniform(0, 6.28)
    last = None
    for ch in text:
        if ch == " ":
            pen += 0.42 + rng.uniform(-0.05, 0.12)
            last = None
            continue
        strokes = GLYPHS[ch.upper()]
        sx = size * rng.uniform(0.92, 1.18)
        sy = size * rng.uniform(0.92, 1.20)
        rise = 0.16 * size * math.sin(base_wobble + pen * 2.3) + rng.normal(0, 0.05 * size)
        lean = slant + rng.uniform(-0.12, 0.12)
        for k, stroke in enumerate(strokes):
            pts = []
            for (u, v) in stroke:
                u += rng.normal(0, jitter)
                v += rng.normal(0, jitter)
                lx = pen * size + u * sx + lean * v * sy
                ly = -(v * sy) - rise
                pts.append((x + lx * ca - ly * sa, y + lx * sa + ly * ca))
            if joined and k == 0 and last is not None and pts[0][1] > last[1] - 0.45 * size:  # joined: drag the pen on
                draw.line(_smooth([last, ((last[0] + pts[0][0]) / 2, max(last[1], pts[0][1]) + 0.08 * size), pts[0]], 4),
                          fill=colour, width=max(1, int(width * 0.6)), joint="curve")
            curve = _smooth(pts)
            w = max(1, int(round(width * rng.uniform(0.8, 1.25))))
            draw.line(curve, fill=colour, width=w, joint="curve")
            boxes += curve
            last = pts[-1]
        pen += 0.80 + rng.uniform(-0.06, 0.14)
    xs, ys = [p[0] for p in boxes], [p[1] for p in boxes]
    return min(xs), min(ys), max(xs), max(ys)


def cloud(draw, rng, box, colour=(200, 30, 40), pad=4, width=2):
    """A revision cloud (scalloped loop) drawn tight around a pixel box, by hand."""
    import math
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0) / 2 + pad, (y1 - y0) / 2 + pad
    n = max(8, int((rx + ry) / 7))
    pts = []
    for i in range(n):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        for k in range(7):  # one scallop bulging outwards
            a = a0 + (a1 - a0) * k / 6
            bulge = 1 + 0.22 * math.sin(math.pi * k / 6)
            pts.append((cx + rx * bulge * math.cos(a) + rng.normal(0, 0.5), cy + ry * bulge * math.sin(a) + rng.normal(0, 0.5)))
    pts.append(pts[0])
    draw.line(pts, fill=colour, width=width, joint="curve")


def pen_line(draw, rng, pts, colour=(200, 30, 40), width=2.4, jitter=1.2):
    """A hand-drawn line or curve through pixel points (strike-throughs, arrows, door swings)."""
    wobbly = [(px + rng.normal(0, jitter), py + rng.normal(0, jitter)) for px, py in pts]
    draw.line(_smooth(wobbly), fill=colour, width=max(1, int(round(width * rng.uniform(0.85, 1.2)))), joint="curve")


MARKUP_SEED = 11
RED = (196, 28, 36)


def px(x: float, y: float, height: int) -> tuple[float, float]:
    """Pixel position of a plan point (metres) on the exported PNG."""
    mx, my = P(x, y)
    return mx * DPI / 25.4, height - my * DPI / 25.4


def mark_up(img: Image.Image) -> Image.Image:
    """Rachel Marr's red-pen mark-ups from the 7 March site walk, drawn over the export."""
    rng = np.random.default_rng(MARKUP_SEED)
    d = ImageDraw.Draw(img)
    H = img.height
    q = lambda x, y: px(x, y, H)  # noqa: E731
    m = DPI / 25.4 * SCALE  # pixels per metre
    # 1. Reception: the printed 4800 struck through twice, 4650 written above it.
    for dy in (0.0, 0.07):
        pen_line(d, rng, [q(2.32, 3.86 + dy), q(2.70, 3.89 + dy), q(3.10, 3.87 + dy)], RED, 2.6)
    cloud(d, rng, handwrite(d, rng, "4650", *q(2.25, 4.08), size=0.27 * m, colour=RED, width=3.0), RED)
    # 2. Consulting Room: the printed vertical 4200 struck through, 4050 written beside it, arrowed.
    for dx in (0.0, 0.06):
        pen_line(d, rng, [q(14.28 + dx, 2.05), q(14.31 + dx, 2.40), q(14.29 + dx, 2.78)], RED, 2.6)
    cloud(d, rng, handwrite(d, rng, "4050", *q(13.05, 2.78), size=0.26 * m, colour=RED, width=3.0), RED)
    pen_line(d, rng, [q(13.92, 2.92), q(14.08, 2.86), q(14.20, 2.68)], RED, 2.2)
    tip = q(14.22, 2.64)
    d.line([tip, (tip[0] - 9, tip[1] - 3)], fill=RED, width=2)
    d.line([tip, (tip[0] - 1, tip[1] - 10)], fill=RED, width=2)
    # 3. A new connecting door Office 1 -> Office 2: jambs across the party wall, leaf, swing.
    for y in (2.55, 3.45):
        pen_line(d, rng, [q(8.58, y), q(8.82, y)], RED, 2.4, jitter=0.6)
    pen_line(d, rng, [q(8.75, 2.55), q(9.20, 2.56), q(9.66, 2.55)], RED, 3.0, jitter=0.8)
    arc = [q(8.75 + 0.9 * np.cos(t), 2.55 + 0.9 * np.sin(t)) for t in np.linspace(0.0, np.pi / 2, 9)]
    pen_line(d, rng, arc, RED, 1.8, jitter=1.0)
    handwrite(d, rng, "NEW DOOR", *q(9.95, 3.62), size=0.21 * m, colour=RED, width=2.6)
    # 4. Office 2 floor finish changed by hand: "FLOOR FF-03", ringed.
    x0, y0, x1, y1 = handwrite(d, rng, "FLOOR FF-03", *q(9.15, 0.95), size=0.22 * m, colour=RED, width=2.6)
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + 14, (y1 - y0) / 2 + 10
    ring = [(cx + rx * np.cos(t), cy + ry * np.sin(t)) for t in np.linspace(0.3, 2 * np.pi + 0.6, 26)]
    pen_line(d, rng, ring, RED, 2.0, jitter=1.6)
    handwrite(d, rng, "RM 7/3", *q(10.9, 0.45), size=0.16 * m, colour=RED, width=2.0)
    return img


def title_block(ax) -> None:
    x0, x1 = 480.0, 582.0
    ax.plot([x0, x0], [12, 408], color=INK, lw=1.2)
    rows = [408, 372, 330, 296, 252, 198, 168, 140, 112, 84, 56, 12]
    for y in rows[1:-1]:
        ax.plot([x0, x1], [y, y], color=INK, lw=0.6)
    # practice
    ax.add_patch(mpatches.Rectangle((x0 + 5, 380), 20, 20, facecolor="#1f3b5a", edgecolor="none"))
    ax.text(x0 + 15, 390, "HMA", color="white", ha="center", va="center", fontsize=9, fontweight="bold")
    ax.text(x0 + 29, 397, "HOLLIS MARR", fontsize=9.5, fontweight="bold", va="center")
    ax.text(x0 + 29, 390, "ARCHITECTS LLP", fontsize=8, va="center")
    ax.text(x0 + 29, 383, "14 Tanner Row, Leeds LS1 4QH", fontsize=6, va="center")
    ax.text(x0 + 29, 378.5, "0113 496 0271  hollismarr.co.uk", fontsize=6, va="center")

    def field(y_top, label, value, fs=8.5, bold=False):
        ax.text(x0 + 3, y_top - 4, label, fontsize=5.8, color="#555555", va="top")
        for j, v in enumerate(value.split("\n")):
            ax.text(x0 + 3, y_top - 10.5 - j * 5.2, v, fontsize=fs, va="top", fontweight="bold" if bold else "normal")

    field(372, "CLIENT", "Brookfield Primary Care\nPartnership")
    field(330, "PROJECT", "Brookfield Community Health Hub\nUnit 4, Ashgrove Business Park", fs=7.8)
    field(296, "DRAWING TITLE", "Ground Floor Plan\nGeneral Arrangement\nFit-out Works", fs=9, bold=True)
    # revision table
    ax.text(x0 + 3, 248, "REV   DATE          DESCRIPTION                 BY  CHK", fontsize=5.6, va="top", color="#555555")
    revs = [("P01", "12/12/24", "First issue for comment", "JK", "RM"),
            ("P02", "31/01/25", "Consultant comments", "JK", "RM"),
            ("P03", "07/03/25", "Kitchenette & WC revised", "JK", "RM")]
    for i, (r, d, desc, by, chk) in enumerate(revs):
        y = 240 - 8 * i
        ax.text(x0 + 3, y, r, fontsize=6.5, va="top")
        ax.text(x0 + 13, y, d, fontsize=6.5, va="top")
        ax.text(x0 + 31, y, desc, fontsize=6.5, va="top")
        ax.text(x0 + 83, y, by, fontsize=6.5, va="top")
        ax.text(x0 + 92, y, chk, fontsize=6.5, va="top")
    field(198, "STATUS", "S2  Suitable for information", fs=8)
    # scale / date / drawn / checked grid
    ax.plot([x0 + 51, x0 + 51], [112, 168], color=INK, lw=0.6)
    for (xa, ya, lab, val) in [(x0, 168, "SCALE", "1:50 @ A2"), (x0 + 48, 168, "DATE", "Mar 2025"),
                                (x0, 140, "DRAWN", "JK"), (x0 + 48, 140, "CHECKED", "RM")]:
        ax.text(xa + 3, ya - 4, lab, fontsize=5.8, color="#555555", va="top")
        ax.text(xa + 3, ya - 12, val, fontsize=8.5, va="top")
    field(112, "DRAWING NUMBER", "BCH-HMA-00-GF-DR-A-1001", fs=8.2, bold=True)
    field(84, "REVISION", "P03", fs=14, bold=True)
    ax.text(x0 + 3, 50, "\u00a9 Hollis Marr Architects LLP. This drawing is", fontsize=5.5, va="top")
    ax.text(x0 + 3, 45, "the copyright of the architect. Exported to", fontsize=5.5, va="top")
    ax.text(x0 + 3, 40, "PNG for cost planning; check the revision", fontsize=5.5, va="top")
    ax.text(x0 + 3, 35, "against the drawing register.", fontsize=5.5, va="top")


# ---------------------------------------------------------------------------------------
# Room data / finishes schedule (xlsx): names and finishes, no areas.
# ---------------------------------------------------------------------------------------
FINISHES = {
    "FF-01": "Luxury vinyl tile (FF-01)",
    "FF-02": "Carpet tile (FF-02)",
    "FF-03": "Safety vinyl sheet (FF-03)",
    "FF-04": "Sealed concrete (FF-04)",
}
SCHEDULE = [  # number, name, use, floor, skirting, walls, ceiling, remarks
    ("G01", "Reception", "Public waiting / reception", "FF-01", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-01 Grid 600x600", "Entrance matwell by main contractor"),
    ("G02", "Office 1", "Admin office", "FF-02", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-01 Grid 600x600", ""),
    ("G03", "Office 2", "Admin office", "FF-02", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-01 Grid 600x600", ""),
    ("G04", "Consulting Room", "Clinical consulting", "FF-03", "Coved sit-on 100mm", "WF-02 Wipeable", "CF-02 Clean room tile", "HBN 00-03 compliant"),
    ("G05", "Corridor", "Circulation", "FF-01", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-01 Grid 600x600", "Corner guards at junctions"),
    ("G06", "Meeting Room", "Meetings / training", "FF-02", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-03 Acoustic tile", ""),
    ("G07", "Kitchenette", "Staff kitchen", "FF-03", "Coved sit-on 100mm", "WF-02 Wipeable", "CF-02 Clean room tile", ""),
    ("G08", "Accessible WC", "Sanitary", "FF-03", "Coved sit-on 100mm", "WF-03 Ceramic tile", "CF-02 Clean room tile", "Doc M pack"),
    ("G09", "Plant Room", "Plant", "FF-04", "None", "WF-04 Fair-faced block", "Exposed soffit", "Dust sealer only"),
    ("G10", "Staff Room", "Staff rest", "FF-01", "SK-01 Timber 100mm", "WF-01 Emulsion", "CF-03 Acoustic tile", ""),
    ("G11", "Store", "Storage", "FF-04", "None", "WF-01 Emulsion", "CF-01 Grid 600x600", "Shelving by client"),
]


def write_schedule(path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Room Schedule"
    bold = Font(name="Arial", bold=True, size=10)
    thin = Side(style="thin", color="999999")
    ws["A1"] = "Brookfield Community Health Hub - Room Data & Finishes Schedule"
    ws["A1"].font = Font(name="Arial", bold=True, size=13)
    ws["A2"] = "Doc ref BCH-HMA-00-ZZ-SH-A-0201   Revision C   Issued 21 February 2025"
    ws["A2"].font = Font(name="Arial", size=9, italic=True)
    ws["A3"] = "Hollis Marr Architects LLP. Finishes codes: see sheet 'Finish Codes'. Areas are not part of this schedule."
    ws["A3"].font = Font(name="Arial", size=9)
    head = ["Room No", "Room Name", "Use", "Floor Finish", "Skirting", "Wall Finish", "Ceiling", "Remarks"]
    for col, text in enumerate(head, start=1):
        c = ws.cell(row=5, column=col, value=text)
        c.font = Font(name="Arial", bold=True, size=10, color="FFFFFF")
        c.fill = PatternFill("solid", fgColor="1F3B5A")
        c.alignment = Alignment(vertical="center", wrap_text=True)
    for i, (num, name, use, ff, sk, wf, cf, rem) in enumerate(SCHEDULE, start=6):
        values = [num, name, use, FINISHES[ff], sk, wf, cf, rem]
        for col, v in enumerate(values, start=1):
            c = ws.cell(row=i, column=col, value=v)
            c.font = Font(name="Arial", size=10)
            c.border = Border(bottom=thin)
            if i % 2 == 0:
                c.fill = PatternFill("solid", fgColor="EEF2F6")
    for col, width in zip("ABCDEFGH", (10, 18, 24, 28, 22, 24, 24, 34)):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A6"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = "5:5"
    codes = wb.create_sheet("Finish Codes")
    codes.append(["Code", "Description", "Specification clause"])
    for c in codes[1]:
        c.font = bold
    for code, clause in [("FF-01", "M50/110 LVT 2.5mm, wood effect"), ("FF-02", "M50/120 Carpet tile 500x500"),
                         ("FF-03", "M50/130 Safety vinyl sheet R10, welded"), ("FF-04", "M10/210 Dust-proof sealer")]:
        codes.append([code, FINISHES[code], clause])
    for col, width in zip("ABC", (10, 30, 40)):
        codes.column_dimensions[col].width = width
    stamp = dt.datetime(2025, 2, 21, 9, 0, 0)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "Hollis Marr Architects LLP"
    wb.save(path)


# ---------------------------------------------------------------------------------------
# The architect's instruction letter (PDF)
# ---------------------------------------------------------------------------------------
def write_brief(path: Path) -> None:
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Area take-off instruction - Brookfield Community Health Hub")
    c.setAuthor("Hollis Marr Architects LLP")
    w, h = A4
    navy = HexColor("#1f3b5a")
    c.setFillColor(navy)
    c.rect(0, h - 80, w, 80, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("Helvetica-Bold", 18)
    c.drawString(50, h - 45, "HOLLIS MARR ARCHITECTS LLP")
    c.setFont("Helvetica", 9)
    c.drawString(50, h - 62, "14 Tanner Row, Leeds LS1 4QH   |   0113 496 0271   |   hollismarr.co.uk")
    c.setFillColor(HexColor("#000000"))
    y = h - 115
    c.setFont("Helvetica", 10)
    for lab, val in [("To:", "Priya Nandakumar, Pell & Ashworth Quantity Surveyors"),
                     ("From:", "Rachel Marr, Associate"),
                     ("Date:", "10 March 2025"),
                     ("Our ref:", "BCH/HMA/INS/017"),
                     ("Project:", "Brookfield Community Health Hub - fit-out, Unit 4 Ashgrove Business Park")]:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(50, y, lab)
        c.setFont("Helvetica", 10)
        c.drawString(110, y, val)
        y -= 15
    y -= 10
    c.setFont("Helvetica-Bold", 12)
    c.drawString(50, y, "Instruction: net floor area take-off for the floor finishes package")
    c.line(50, y - 5, w - 50, y - 5)
    y -= 28
    paras = [
        "Dear Priya,",
        "",
        "Please find enclosed the PNG export of drawing BCH-HMA-00-GF-DR-A-1001 (Ground Floor Plan, revision",
        "P03) and our Room Data & Finishes Schedule, revision C. We need a room-by-room net floor area take-off",
        "so that the floor finishes package can be tendered. Please note the following:",
        "",
        "1.  Areas are net internal: measure each room from finished internal face to finished internal face.",
        "     Every room on the ground floor is rectangular, so width x length is sufficient. Ignore door",
        "     thresholds, window reveals and the opening between Reception and the Corridor.",
        "2.  Only some rooms carry dimensions on this export. For every other room, please scale the plan",
        "     against the graphic scale bar on the sheet; the export may have been resized, so the bar is the",
        "     reliable reference.",
        "3.  Change since schedule revision C: at the client meeting on 5 March the Staff Room floor finish",
        "     was changed from luxury vinyl tile to carpet tile (FF-02). Please price it as carpet tile.",
        "4.  I have marked the export up by hand (red pen) after our site walk on 7 March. Where I have",
        "     struck out a dimension and written a site-measured figure, use my figure; a finish or a door I",
        "     have added by hand is instructed and must be included. Otherwise rooms follow the schedule.",
        "5.  For the ironmongery allowance, please also count the doors shown on the plan. Count door leaves",
        "     (each swing symbol, printed or added by hand, is one leaf); openings without a leaf do not count.",
        "6.  In your covering note, give the total net area and the total area for each floor finish",
        "     type, so we can check the package against the cost plan.",
        "",
        "We would be grateful for the take-off by Friday 14 March. Call me if anything on the drawing is unclear.",
        "",
        "Kind regards,",
        "",
        "Rachel Marr RIBA",
        "Associate, Hollis Marr Architects LLP",
    ]
    c.setFont("Helvetica", 10)
    for p in paras:
        c.drawString(50, y, p)
        y -= 14.5
    # enclosures box
    y -= 12
    c.setStrokeColor(HexColor("#999999"))
    c.rect(50, y - 48, w - 100, 56, stroke=1, fill=0)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(58, y - 6, "Enclosures")
    c.setFont("Helvetica", 9)
    c.drawString(58, y - 20, "floor_plan_GF.png  -  BCH-HMA-00-GF-DR-A-1001 rev P03, Ground Floor Plan (PNG export)")
    c.drawString(58, y - 33, "room_schedule.xlsx  -  BCH-HMA-00-ZZ-SH-A-0201 rev C, Room Data & Finishes Schedule")
    c.setFont("Helvetica", 7.5)
    c.setFillColor(HexColor("#666666"))
    c.drawString(50, 30, "Hollis Marr Architects LLP is a limited liability partnership registered in England and Wales, OC412877.")
    c.showPage()
    c.save()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    draw_plan(out / "floor_plan_GF.png")
    write_schedule(out / "room_schedule.xlsx")
    write_brief(out / "architect_brief.pdf")


if __name__ == "__main__":
    main()
