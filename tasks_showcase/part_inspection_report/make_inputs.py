"""Inputs for part_inspection_report: a scanned drawing, CMM results and an inspection procedure.

python3 make_inputs.py --out DIR writes
  DRG-FL-2207_revB.pdf     A3 landscape drawing of flange FL-2207, embedded as one raster
                           image (a scan: no text layer): front view with the bolt pattern,
                           section A-A, dimensions with tolerances, GD&T frames, title block
  cmm_results_L24-0471.csv CMM export for 10 sample parts (measured values only)
  QP-114_inspection_procedure.docx  the final-inspection procedure (characteristics list,
                           sampling, acceptance rules; only two tolerances restated)

Facts that exist only on the drawing image: most tolerances (e.g. bore +0.025/0, hub
±0.05, position Ø0.20), the nominal sizes, the material, and the number of bolt holes
(drawn, never written as a count). The controlled copy also carries an approved redline
(ECR-2291, handwritten in jittered pen strokes, not a font): the printed ±0.10 of the outer
diameter (F01) and of the overall height (F04) are struck through and ±0.05 written by hand."""

from __future__ import annotations

import argparse
import csv
import io
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from docx import Document  # noqa: E402
from docx.enum.text import WD_ALIGN_PARAGRAPH  # noqa: E402
from docx.shared import Pt, RGBColor  # noqa: E402
from matplotlib.patches import Circle, Polygon, Rectangle  # noqa: E402
from PIL import Image  # noqa: E402
from reportlab.lib.pagesizes import A3, landscape  # noqa: E402
from reportlab.lib.utils import ImageReader  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

SERIALS = [f"24-{1181 + i}" for i in range(10)]
N_HOLES = 8  # drawn only
THICK, THIN = 1.6, 0.7  # line widths in points
PT_PER_MM = 72 / 25.4


# -- drawing primitives (coordinates in mm on an A3 sheet, 420 x 297) -------------------

class Sheet:
    def __init__(self) -> None:
        plt.rcParams.update({"font.family": "DejaVu Sans"})
        self.fig = plt.figure(figsize=(420 / 25.4, 297 / 25.4))
        self.ax = self.fig.add_axes((0, 0, 1, 1))
        self.ax.set_xlim(0, 420)
        self.ax.set_ylim(0, 297)
        self.ax.set_aspect("equal")
        self.ax.axis("off")

    def line(self, x1, y1, x2, y2, lw=THIN, ls="-", color="black", z=2):
        self.ax.plot([x1, x2], [y1, y2], color=color, linewidth=lw, linestyle=ls, solid_capstyle="butt", zorder=z)

    def center(self, x1, y1, x2, y2):
        self.ax.plot([x1, x2], [y1, y2], color="black", linewidth=0.5, dashes=(14, 3, 2, 3), zorder=1)

    def circle(self, cx, cy, r, lw=THICK, center_style=False):
        kw = {"linestyle": (0, (14, 3, 2, 3))} if center_style else {}
        self.ax.add_patch(Circle((cx, cy), r, fill=False, linewidth=0.5 if center_style else lw, edgecolor="black", zorder=2, **kw))

    def text(self, x, y, s, size=3.5, ha="center", va="center", rot=0, weight="normal", color="black", bg=False, z=5):
        kw = {"bbox": {"facecolor": "white", "edgecolor": "none", "pad": 0.6}} if bg else {}
        return self.ax.text(x, y, s, fontsize=size * PT_PER_MM, ha=ha, va=va, rotation=rot, fontweight=weight, color=color, zorder=z, **kw)

    def arrow(self, x, y, angle, length=3.2, width=1.0):
        """Filled arrowhead with its tip at (x, y) pointing along angle (radians)."""
        dx, dy = math.cos(angle), math.sin(angle)
        bx, by = x - dx * length, y - dy * length
        px, py = -dy * width / 2, dx * width / 2
        self.ax.add_patch(Polygon([(x, y), (bx + px, by + py), (bx - px, by - py)], closed=True, color="black", zorder=4))

    def hdim(self, x1, x2, y_feat1, y_feat2, y, label, tol=None, split=False):
        """Horizontal dimension between x1 and x2, dimension line at height y."""
        for x, yf in ((x1, y_feat1), (x2, y_feat2)):
            self.line(x, yf + (1.5 if y > yf else -1.5), x, y + (2 if y > yf else -2), lw=0.5)
        self.line(x1, y, x2, y, lw=0.5)
        self.arrow(x1, y, math.pi)
        self.arrow(x2, y, 0)
        if split:  # nominal and tolerance as two runs, so a redline can strike the tolerance alone
            self.text((x1 + x2) / 2 - 0.6, y + 2.4, label, ha="right", va="bottom", bg=True)
            return self.text((x1 + x2) / 2 + 0.6, y + 2.4, tol, ha="left", va="bottom", bg=True)
        self.dim_text((x1 + x2) / 2, y + 2.4, label, tol, rot=0)

    def vdim(self, y1, y2, x_feat, x, label, tol=None, side=1):
        for yy in (y1, y2):
            self.line(x_feat + 1.5 * np.sign(x - x_feat), yy, x + 2 * np.sign(x - x_feat), yy, lw=0.5)
        self.line(x, y1, x, y2, lw=0.5)
        self.arrow(x, y1, -math.pi / 2)
        self.arrow(x, y2, math.pi / 2)
        self.dim_text(x - 2.4 * side, (y1 + y2) / 2, label, tol, rot=90)

    def dim_text(self, x, y, label, tol, rot):
        """Nominal plus tolerance; tol is '±0.05' or a (upper, lower) pair written stacked."""
        if not label:
            return
        if tol is None:
            self.text(x, y, label, rot=rot, va="bottom" if rot == 0 else "center", ha="center", bg=True)
            return
        if isinstance(tol, str):
            self.text(x, y, f"{label} {tol}", rot=rot, va="bottom" if rot == 0 else "center", bg=True)
            return
        upper, lower = tol
        if rot == 0:
            self.text(x - 1, y, label, ha="right", va="bottom", bg=True)
            self.text(x, y + 2.3, upper, size=2.6, ha="left", va="bottom", bg=True)
            self.text(x, y - 0.3, lower, size=2.6, ha="left", va="bottom", bg=True)
        else:
            self.text(x, y - 1, label, rot=90, ha="center", va="top", bg=True)
            self.text(x - 1.4, y, upper, size=2.6, rot=90, ha="center", va="bottom", bg=True)
            self.text(x + 1.6, y, lower, size=2.6, rot=90, ha="center", va="bottom", bg=True)

    def balloon(self, x, y, n, tx, ty):
        self.line(tx, ty, x, y, lw=0.4)
        self.ax.add_patch(Circle((x, y), 3.4, facecolor="white", edgecolor="black", linewidth=0.8, zorder=6))
        self.ax.add_patch(Circle((tx, ty), 0.5, color="black", zorder=6))
        self.text(x, y, str(n), size=3.2, weight="bold", z=7)

    def fcf(self, x, y, symbol, cells, h=6.0):
        """Feature control frame: symbol cell then text cells; (x, y) lower-left."""
        widths = [7.0] + [max(7.0, 2.2 * len(c) + 2.5) for c in cells]
        cx = x
        for i, w in enumerate(widths):
            self.ax.add_patch(Rectangle((cx, y), w, h, fill=True, facecolor="white", edgecolor="black", linewidth=0.8, zorder=5))
            if i == 0:
                self.symbol(cx + w / 2, y + h / 2, symbol)
            else:
                self.text(cx + w / 2, y + h / 2, cells[i - 1], size=3.2, z=6)
            cx += w
        return cx

    def symbol(self, x, y, kind):
        lw = 0.9
        if kind == "position":
            self.ax.add_patch(Circle((x, y), 1.6, fill=False, linewidth=lw, edgecolor="black", zorder=6))
            self.line(x - 2.4, y, x + 2.4, y, lw=lw, z=6)
            self.line(x, y - 2.4, x, y + 2.4, lw=lw, z=6)
        elif kind == "flatness":
            self.ax.add_patch(Polygon([(x - 2.6, y - 1.2), (x + 1.4, y - 1.2), (x + 2.6, y + 1.2), (x - 1.4, y + 1.2)],
                                      closed=True, fill=False, linewidth=lw, edgecolor="black", zorder=6))
        elif kind == "perpendicularity":
            self.line(x - 2.4, y - 1.8, x + 2.4, y - 1.8, lw=lw, z=6)
            self.line(x, y - 1.8, x, y + 2.2, lw=lw, z=6)

    def datum(self, x, y, letter, direction):
        """Datum feature symbol: filled triangle on the feature at (x, y), box offset by direction (dx, dy)."""
        dx, dy = direction
        px, py = -dy, dx
        self.ax.add_patch(Polygon([(x + px * 1.8, y + py * 1.8), (x - px * 1.8, y - py * 1.8), (x + dx * 2.6, y + dy * 2.6)],
                                  closed=True, color="black", zorder=5))
        ex, ey = x + dx * 8, y + dy * 8
        self.line(x + dx * 2.6, y + dy * 2.6, ex, ey, lw=0.6)
        self.ax.add_patch(Rectangle((ex - 3 + dx * 3, ey - 3 + dy * 3), 6, 6, facecolor="white", edgecolor="black", linewidth=0.8, zorder=5))
        self.text(ex + dx * 3, ey + dy * 3, letter, size=3.5, weight="bold", z=6)


# -- handwriting: jittered pen strokes (never a font), so no OCR engine reads them as type -------

INK = "#1f45c8"
REDLINE_TOL = "±0.05"  # the approved redline value of F01 and F04 (ECR-2291), handwritten only
# Stroke skeletons in a unit box (x 0..0.6, y 0..1), one list of points per pen stroke.
GLYPHS = {
    "0": [[(0.30, 1.0), (0.10, 0.85), (0.04, 0.5), (0.10, 0.12), (0.30, 0.0), (0.50, 0.12), (0.56, 0.5), (0.50, 0.86), (0.28, 1.0)]],
    "1": [[(0.14, 0.78), (0.32, 1.0), (0.30, 0.0)]],
    "2": [[(0.06, 0.78), (0.18, 0.96), (0.36, 1.0), (0.52, 0.86), (0.50, 0.62), (0.04, 0.0), (0.58, 0.02)]],
    "4": [[(0.44, 0.0), (0.46, 1.0), (0.03, 0.32), (0.60, 0.34)]],
    "5": [[(0.55, 1.0), (0.14, 0.98), (0.09, 0.56), (0.34, 0.62), (0.54, 0.44), (0.52, 0.12), (0.30, 0.0), (0.05, 0.10)]],
    "6": [[(0.50, 0.96), (0.26, 0.86), (0.09, 0.52), (0.10, 0.14), (0.30, 0.0), (0.50, 0.12), (0.52, 0.38), (0.31, 0.50), (0.10, 0.34)]],
    "9": [[(0.50, 0.62), (0.30, 0.50), (0.10, 0.64), (0.14, 0.92), (0.35, 1.0), (0.52, 0.84), (0.50, 0.40), (0.36, 0.0)]],
    ".": [[(0.10, 0.02), (0.16, 0.06), (0.12, 0.10)]],
    "±": [[(0.04, 0.58), (0.56, 0.60)], [(0.30, 0.86), (0.29, 0.30)], [(0.04, 0.08), (0.56, 0.10)]],
    "-": [[(0.06, 0.50), (0.50, 0.52)]],
    "/": [[(0.08, -0.05), (0.50, 1.05)]],
    "E": [[(0.52, 1.0), (0.08, 0.98), (0.06, 0.0), (0.54, 0.02)], [(0.07, 0.52), (0.42, 0.54)]],
    "C": [[(0.54, 0.86), (0.36, 1.0), (0.14, 0.90), (0.04, 0.50), (0.12, 0.10), (0.34, 0.0), (0.56, 0.14)]],
    "R": [[(0.08, 0.0), (0.08, 1.0), (0.40, 0.98), (0.54, 0.80), (0.44, 0.58), (0.08, 0.52), (0.54, 0.0)]],
    "O": [[(0.30, 1.0), (0.08, 0.86), (0.03, 0.5), (0.10, 0.12), (0.32, 0.0), (0.54, 0.14), (0.58, 0.52), (0.50, 0.88), (0.26, 1.0)]],
    " ": [],
}


def _wobble(points, rng, amp):
    """Resample a polyline densely and add smooth low-frequency noise (a hand, not a plotter)."""
    pts = np.asarray(points, dtype=float)
    seg = np.hypot(*np.diff(pts, axis=0).T)
    t = np.concatenate([[0], np.cumsum(seg)])
    n = max(8, int(t[-1] * 40))
    u = np.linspace(0, t[-1], n)
    xy = np.stack([np.interp(u, t, pts[:, 0]), np.interp(u, t, pts[:, 1])], axis=1)
    noise = rng.normal(0, amp, (n, 2))
    kernel = np.ones(7) / 7
    noise = np.stack([np.convolve(noise[:, k], kernel, mode="same") for k in (0, 1)], axis=1)
    return xy + noise * 2.2


def handwrite(s, text, x, y, height, seed, angle=4.0):
    """Write `text` with its baseline starting at (x, y) mm, characters `height` mm tall."""
    rng = np.random.RandomState(seed)
    rot = math.radians(angle + rng.uniform(-1.5, 1.5))
    ca, sa = math.cos(rot), math.sin(rot)
    pen = 0.0
    for ch in text:
        scale = height * rng.uniform(0.88, 1.12)
        slant = rng.uniform(0.05, 0.42)
        lift = rng.uniform(-0.12, 0.12) * height
        for stroke in GLYPHS[ch]:
            xy = _wobble(stroke, rng, 0.034)
            gx = pen + (xy[:, 0] + slant * xy[:, 1]) * scale
            gy = xy[:, 1] * scale + lift
            s.ax.plot(x + gx * ca - gy * sa, y + gx * sa + gy * ca, color=INK, linewidth=rng.uniform(1.0, 1.35),
                      solid_capstyle="round", solid_joinstyle="round", zorder=9)
        pen += (0.38 if ch in ".±-/ " and ch != "±" else 0.72) * height * rng.uniform(0.9, 1.1)
    return pen


def redline(s, box, new_text, seed, dx, dy):
    """Strike the printed tolerance in `box` (data-coordinate Bbox) twice by hand and write the
    approved value next to it, with a hand-drawn leader from the new value to the struck one."""
    rng = np.random.RandomState(seed)
    for k in range(2):
        y0 = box.y0 + box.height * (0.35 + 0.25 * k) + rng.uniform(-0.3, 0.3)
        xy = _wobble([(box.x0 - 1.0, y0 - 0.6), (box.x1 + 1.0, y0 + 0.7)], rng, 0.03)
        s.ax.plot(xy[:, 0], xy[:, 1], color=INK, linewidth=1.0, solid_capstyle="round", zorder=9)
    hx, hy = box.x0 + dx, box.y0 + dy
    width = handwrite(s, new_text, hx, hy, 3.6, seed + 1)
    # leader: from the handwritten value towards the struck tolerance, with a small hook
    tx, ty = ((box.x0 + box.x1) / 2, box.y1) if dy > 0 else (box.x1 - 1.0, box.y0)
    sx, sy = (hx + width / 2, hy - 0.8) if dy > 0 else (hx + 0.8, hy + 4.4)
    xy = _wobble([(sx, sy), ((sx + tx) / 2 + 1.2, (sy + ty) / 2), (tx, ty + (0.8 if dy > 0 else -0.6))], rng, 0.03)
    s.ax.plot(xy[:, 0], xy[:, 1], color=INK, linewidth=0.9, zorder=9)
    ang = math.atan2(xy[-1, 1] - xy[-4, 1], xy[-1, 0] - xy[-4, 0])
    for side in (2.6, -2.6):
        s.ax.plot([xy[-1, 0], xy[-1, 0] - 2.0 * math.cos(ang + side / 6)], [xy[-1, 1], xy[-1, 1] - 2.0 * math.sin(ang + side / 6)],
                  color=INK, linewidth=0.9, zorder=9)


def hatch(sheet: Sheet, pts):
    sheet.ax.add_patch(Polygon(pts, closed=True, facecolor="none", edgecolor="black", hatch="////", linewidth=0, zorder=1))


def draw_sheet() -> bytes:
    s = Sheet()
    # frame and zones
    s.ax.add_patch(Rectangle((10, 10), 400, 277, fill=False, linewidth=2.2, zorder=2))
    s.ax.add_patch(Rectangle((5, 5), 410, 287, fill=False, linewidth=0.5, zorder=2))
    for i in range(8):
        x = 10 + 50 * i
        if i:
            for y0, y1 in ((5, 10), (287, 292)):
                s.line(x, y0, x, y1, lw=0.5)
        for y in (7.5, 289.5):
            s.text(x + 25, y, str(i + 1), size=2.8)
    for j, letter in enumerate("FEDCBA"):
        y = 10 + 277 / 6 * j
        if j:
            for x0, x1 in ((5, 10), (410, 415)):
                s.line(x0, y, x1, y, lw=0.5)
        for x in (7.5, 412.5):
            s.text(x, y + 277 / 12, letter, size=2.8)

    # -- front view ------------------------------------------------------------------------
    cx, cy = 110.0, 175.0
    s.circle(cx, cy, 60)          # OD 120
    s.circle(cx, cy, 30)          # hub 60
    s.circle(cx, cy, 20)          # bore 40
    s.circle(cx, cy, 48, center_style=True)  # PCD 96
    s.center(cx - 70, cy, cx + 70, cy)
    s.center(cx, cy - 70, cx, cy + 70)
    for k in range(N_HOLES):
        a = math.radians(45 * k)
        hx, hy = cx + 48 * math.cos(a), cy + 48 * math.sin(a)
        s.circle(hx, hy, 5.5)
        s.center(hx - 8 * math.cos(a), hy - 8 * math.sin(a), hx + 8 * math.cos(a), hy + 8 * math.sin(a))
        s.center(hx + 8 * math.sin(a), hy - 8 * math.cos(a), hx - 8 * math.sin(a), hy + 8 * math.cos(a))
    # section line A-A (vertical through the centre, viewed from the left)
    for y0, y1, sgn in ((cy + 64, cy + 74, 1), (cy - 64, cy - 74, -1)):
        s.line(cx, y0, cx, y1, lw=2.4)
        s.line(cx, y1, cx + 9, y1, lw=0.8)
        s.arrow(cx + 9, y1, 0, length=4, width=1.6)
        s.text(cx + 13, y1 + 0.2, "A", size=5, weight="bold")
    # OD dimension: diameter leader from upper-left
    a = math.radians(140)
    px, py = cx + 60 * math.cos(a), cy + 60 * math.sin(a)
    qx, qy = cx + 76 * math.cos(a), cy + 76 * math.sin(a)
    s.line(px, py, qx, qy, lw=0.5)
    s.arrow(px, py, a + math.pi)
    s.line(qx, qy, qx - 30, qy, lw=0.5)
    s.text(qx - 14.4, qy + 0.6, "Ø120.00", ha="right", va="bottom")
    od_tol = s.text(qx - 13.2, qy + 0.6, "±0.10", ha="left", va="bottom")
    s.balloon(qx - 34, qy, 1, qx - 30, qy)
    # bolt hole callout: leader to the hole at -45 degrees (lower right)
    a = math.radians(-45)
    hx, hy = cx + 48 * math.cos(a), cy + 48 * math.sin(a)
    ex, ey = hx + 5.5 * math.cos(math.radians(-30)), hy + 5.5 * math.sin(math.radians(-30))
    tx, ty = 186.0, 112.0
    s.line(ex, ey, tx, ty, lw=0.5)
    s.arrow(ex, ey, math.atan2(ey - ty, ex - tx))
    s.line(tx, ty, tx + 46, ty, lw=0.5)
    s.text(tx + 1, ty + 0.6, "Ø11.00 +0.15/0 THRU", ha="left", va="bottom")
    s.text(tx + 1, ty - 1.2, "EQ. SP. ON", ha="left", va="top")
    s.ax.add_patch(Rectangle((tx + 21, ty - 6.4), 11.5, 5.6, fill=False, linewidth=0.8, zorder=5))
    s.text(tx + 26.75, ty - 3.6, "Ø96", size=3.3)
    s.text(tx + 34, ty - 1.2, "PCD", ha="left", va="top")
    s.fcf(tx, ty - 15, "position", ["Ø0.20", "A", "B"])
    s.balloon(tx + 54, ty + 2, 6, tx + 46, ty)
    s.balloon(tx + 42, ty - 12, 7, tx + 34.5, ty - 12)
    s.text(cx, cy - 84, "VIEW FROM FRONT", size=3.5, weight="bold")

    # -- section A-A ------------------------------------------------------------------------
    x0, yc = 290.0, 175.0  # back face (datum A) at x0, axis at yc
    xf, xh = x0 + 12, x0 + 30
    for sgn in (1, -1):
        def Y(v):
            return yc + sgn * v
        hatch(s, [(x0, Y(20)), (xh, Y(20)), (xh, Y(30)), (xf, Y(30)), (xf, Y(42.5)), (x0, Y(42.5))])
        hatch(s, [(x0, Y(53.5)), (xf, Y(53.5)), (xf, Y(60)), (x0, Y(60))])
        # outline
        s.line(x0, Y(20), x0, Y(60), lw=THICK)
        s.line(x0, Y(60), xf, Y(60), lw=THICK)
        s.line(xf, Y(60), xf, Y(30), lw=THICK)
        s.line(xf, Y(30), xh, Y(30), lw=THICK)
        s.line(xh, Y(30), xh, Y(20), lw=THICK)
        s.line(x0, Y(20), xh, Y(20), lw=THICK)
        s.line(x0, Y(42.5), xf, Y(42.5), lw=THICK)
        s.line(x0, Y(53.5), xf, Y(53.5), lw=THICK)
        s.center(x0 - 5, Y(48), xf + 5, Y(48))
    s.center(x0 - 8, yc, xh + 10, yc)
    s.text((x0 + xh) / 2 + 4, yc - 84, "SECTION A–A", size=3.5, weight="bold")
    # flange thickness and overall height (below)
    s.hdim(x0, xf, yc - 60, yc - 60, yc - 68, "12.00", "±0.05")
    s.balloon(x0 - 14, yc - 66, 3, x0 - 8, yc - 66)
    height_tol = s.hdim(x0, xh, yc - 60, yc - 20, yc - 78, "30.00", "±0.10", split=True)
    s.balloon(xh + 9, yc - 76, 4, xh + 2, yc - 78)
    # hub diameter (right)
    s.vdim(yc - 30, yc + 30, xh, xh + 18, "Ø60.00", "±0.05")
    s.balloon(xh + 26, yc + 38, 5, xh + 18, yc + 30)
    # bore diameter (left of the back face), datum B on it, perpendicularity frame below it
    s.vdim(yc - 20, yc + 20, x0, x0 - 22, "", None, side=1)
    s.line(x0 - 22, yc + 4, x0 - 34, yc + 12, lw=0.5)
    s.line(x0 - 34, yc + 12, x0 - 78, yc + 12, lw=0.5)
    s.text(x0 - 56, yc + 12.6, "Ø40.000 H7 (+0.025/0)", va="bottom")
    s.balloon(x0 - 82, yc + 12, 2, x0 - 78, yc + 12)
    s.line(x0 - 22, yc + 20, x0 - 22, yc + 27.4, lw=0.5)
    s.datum(x0 - 22, yc + 27.4, "B", (0, 1))
    s.line(x0 - 22, yc - 20, x0 - 22, yc - 34, lw=0.5)
    s.line(x0 - 34, yc - 34, x0 - 22, yc - 34, lw=0.5)
    s.fcf(x0 - 60, yc - 37, "perpendicularity", ["Ø0.03", "A"])
    s.balloon(x0 - 66, yc - 34, 9, x0 - 60, yc - 34)
    # flatness of the back face, and datum A on it
    fx, fy = x0 - 48, yc + 70
    end = s.fcf(fx, fy, "flatness", ["0.05"])
    s.line(end, fy + 3, x0 - 8, fy + 3, lw=0.5)
    s.line(x0 - 8, fy + 3, x0, yc + 56, lw=0.5)
    s.arrow(x0, yc + 56, math.atan2(yc + 56 - fy - 3, 8))
    s.balloon(fx - 6, fy + 3, 8, fx, fy + 3)
    s.datum(x0, yc - 34, "A", (-1, 0))

    # -- notes -----------------------------------------------------------------------------
    notes = [
        "NOTES",
        "1. REMOVE ALL BURRS AND SHARP EDGES, 0.2–0.5 x 45°.",
        "2. UNTOLERANCED DIMENSIONS: ISO 2768-mK.",
        "3. SURFACE FINISH Ra 3.2 UNLESS OTHERWISE STATED; BORE Ra 0.8.",
        "4. BOLT HOLES EQUALLY SPACED; HOLES BREAK THROUGH FLANGE ONLY.",
        "5. DATUM A: FLANGE BACK FACE. DATUM B: BORE AXIS.",
        "6. BALLOONED CHARACTERISTICS ARE INSPECTED PER QP-114.",
        "7. MARK PART NUMBER AND SERIAL ON HUB FACE, 3 mm CHARACTERS.",
    ]
    for i, n in enumerate(notes):
        s.text(16, 76 - 5.2 * i, n, size=3.4 if i else 3.8, ha="left", weight="bold" if i == 0 else "normal")

    # -- revision block (top right) ------------------------------------------------------------
    rx, ry = 262.0, 268.0
    rows = [("REV", "DESCRIPTION", "DATE", "BY"), ("A", "FIRST ISSUE", "2023-05-16", "TB"),
            ("B", "BORE TOL. CHANGED TO H7; ITEM 7 ADDED", "2024-11-04", "TB")]
    cols = [0, 12, 100, 126, 148]
    for j, row in enumerate(rows):
        y = ry + 12 - 6 * j
        for k in range(4):
            s.ax.add_patch(Rectangle((rx + cols[k], y), cols[k + 1] - cols[k], 6, fill=False, linewidth=0.7))
            s.text(rx + cols[k] + 1.5, y + 3, row[k], size=2.9, ha="left", weight="bold" if j == 0 else "normal")

    # -- title block (bottom right) -------------------------------------------------------------
    bx, by, bw = 230.0, 10.0, 180.0
    s.ax.add_patch(Rectangle((bx, by), bw, 62, fill=False, linewidth=1.6, zorder=3))
    grid = [
        # x, y, w, h, label, value, value size
        (0, 50, 110, 12, "", "HALDEN PRECISION COMPONENTS LTD", 4.4),
        (110, 50, 70, 12, "TITLE", "BEARING HOUSING FLANGE", 3.8),
        (0, 38, 55, 12, "PART NO.", "FL-2207", 5.0),
        (55, 38, 55, 12, "DRAWING NO.", "DRG-FL-2207", 4.0),
        (110, 38, 35, 12, "REV", "B", 5.0),
        (145, 38, 35, 12, "SHEET", "1 / 1", 4.0),
        (0, 26, 110, 12, "MATERIAL", "STEEL C45 (1.0503), NORMALISED", 3.7),
        (110, 26, 35, 12, "SCALE", "1:1", 4.0),
        (145, 26, 35, 12, "UNITS", "mm", 4.0),
        (0, 14, 55, 12, "DRAWN", "T. BRANDT  2023-05-16", 3.0),
        (55, 14, 55, 12, "CHECKED", "R. OKAFOR  2024-11-05", 3.0),
        (110, 14, 70, 12, "GENERAL TOLERANCES", "ISO 2768-mK", 3.6),
        (0, 0, 55, 14, "APPROVED", "M. JENSEN  2024-11-06", 3.0),
        (55, 0, 55, 14, "FINISH", "ZINC-NICKEL 8 µm, BORE MASKED", 2.9),
        (110, 0, 70, 14, "PROJECTION", "", 3.0),
    ]
    for x, y, w, h, label, value, size in grid:
        s.ax.add_patch(Rectangle((bx + x, by + y), w, h, fill=False, linewidth=0.8, zorder=3))
        if label:
            s.text(bx + x + 1.2, by + y + h - 1.6, label, size=2.2, ha="left", va="top", color="#333333")
        s.text(bx + x + w / 2, by + y + h / 2 - (1.2 if label else 0), value, size=size, weight="bold" if size >= 4 else "normal")
    # first-angle projection symbol
    px0, py0 = bx + 140, by + 6.5
    s.ax.add_patch(Polygon([(px0 - 14, py0 - 3), (px0 - 14, py0 + 3), (px0 - 4, py0 + 4.5), (px0 - 4, py0 - 4.5)],
                           closed=True, fill=False, linewidth=0.8, zorder=3))
    s.ax.add_patch(Circle((px0 + 8, py0), 4.5, fill=False, linewidth=0.8, zorder=3))
    s.ax.add_patch(Circle((px0 + 8, py0), 2.2, fill=False, linewidth=0.8, zorder=3))
    s.text(px0 + 20, py0, "ISO E", size=2.4)

    # -- approved redline (ECR-2291): OD and height tolerances tightened by hand (pen; the scan palette darkens it)
    s.fig.canvas.draw()
    for artist, seed, dx, dy in ((od_tol, 11, -2.0, 5.2), (height_tol, 23, 21.0, -12.0)):
        box = artist.get_window_extent().transformed(s.ax.transData.inverted())
        redline(s, box, REDLINE_TOL, seed, dx, dy)
    handwrite(s, "ECR-2291  R.O. 6/11/24", 322.0, 80.0, 3.0, seed=37)

    # -- controlled-copy stamp --------------------------------------------------------------------
    s.ax.add_patch(Rectangle((150, 36), 62, 20, angle=8, fill=False, edgecolor="#c0392b", linewidth=2.0, zorder=8))
    s.ax.text(180, 47.5, "CONTROLLED COPY\nQUALITY DEPT.", color="#c0392b", fontsize=4.2 * PT_PER_MM,
              ha="center", va="center", rotation=8, fontweight="bold", zorder=8, linespacing=1.3)

    buf = io.BytesIO()
    s.fig.savefig(buf, format="png", dpi=150, metadata={"Software": None})
    plt.close(s.fig)
    img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    # a light scan: warm paper tone, a whisker of rotation, then a small palette
    arr = np.asarray(img).astype(np.int16)
    arr = np.where(arr > 200, arr - np.array([6, 8, 14]), arr).astype(np.uint8)
    img = Image.fromarray(arr).rotate(-0.35, resample=Image.BICUBIC, expand=False, fillcolor=(249, 247, 241))
    img = img.quantize(colors=8, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def drawing_pdf(path: Path) -> None:
    png = draw_sheet()
    c = canvas.Canvas(str(path), pagesize=landscape(A3), invariant=1)
    c.setTitle("Scan 2024-11-07 09:41")
    c.setCreator("MFP-3 scan to PDF")
    w, h = landscape(A3)
    c.drawImage(ImageReader(io.BytesIO(png)), 0, 0, width=w, height=h)
    c.showPage()
    c.save()


# -- CMM results ---------------------------------------------------------------------------

FEATURES = [
    ("F01", "OUTER DIAMETER"),
    ("F02", "BORE DIAMETER"),
    ("F03", "FLANGE THICKNESS"),
    ("F04", "OVERALL HEIGHT"),
    ("F05", "HUB DIAMETER"),
    ("F06.MIN", "BOLT HOLE DIAMETER - PATTERN MIN"),
    ("F06.MAX", "BOLT HOLE DIAMETER - PATTERN MAX"),
    ("F07", "BOLT HOLE POSITION - PATTERN MAX (DIA ZONE)"),
    ("F08", "FLATNESS DATUM A"),
    ("F09", "PERPENDICULARITY BORE TO A"),
]

# Measured values, one column per serial 24-1181 .. 24-1190 (hand-set so that no value sits on
# a limit). Failures: 24-1183 F03 (11.940 < 11.95), 24-1185 F05 (59.938 < 59.95),
# 24-1187 F02 (39.994 < 40.000), 24-1189 F07 (0.231 > 0.20).
VALUES = {
    "F01": [119.982, 120.031, 119.958, 120.044, 119.967, 120.012, 119.991, 120.058, 120.006, 119.973],
    "F02": [40.008, 40.014, 40.011, 40.006, 40.017, 40.009, 39.994, 40.012, 40.019, 40.007],
    "F03": [12.012, 11.986, 11.940, 12.021, 11.978, 12.004, 12.017, 11.993, 12.031, 11.969],
    "F04": [30.024, 29.961, 30.047, 29.982, 30.013, 30.066, 29.944, 30.008, 29.977, 30.035],
    "F05": [60.012, 59.981, 60.027, 59.968, 59.938, 60.004, 59.991, 60.033, 59.976, 60.018],
    "F06.MIN": [11.031, 11.024, 11.046, 11.018, 11.037, 11.029, 11.041, 11.022, 11.035, 11.027],
    "F06.MAX": [11.072, 11.088, 11.094, 11.061, 11.079, 11.103, 11.084, 11.067, 11.096, 11.076],
    "F07": [0.084, 0.121, 0.067, 0.143, 0.098, 0.112, 0.156, 0.089, 0.231, 0.127],
    "F08": [0.018, 0.024, 0.031, 0.012, 0.027, 0.036, 0.021, 0.016, 0.029, 0.041],
    "F09": [0.011, 0.017, 0.009, 0.014, 0.022, 0.013, 0.008, 0.019, 0.016, 0.012],
}


def cmm_csv(path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["report_id", "part_no", "lot", "part_serial", "feature_id", "feature_name", "measured_mm", "cmm", "program", "timestamp"])
        for i, serial in enumerate(SERIALS):
            minute = 8 * 60 + 12 + 7 * i
            for fid, name in FEATURES:
                ts = f"2024-11-07T{minute // 60:02d}:{minute % 60:02d}:00"
                w.writerow([f"CMM02-{8841 + i}", "FL-2207", "L24-0471", serial, fid, name, f"{VALUES[fid][i]:.3f}",
                            "CMM-02", "FL2207_FINAL.prg", ts])


# -- procedure ---------------------------------------------------------------------------------

def procedure_docx(path: Path) -> None:
    doc = Document()
    st = doc.styles["Normal"]
    st.font.name = "Liberation Sans"
    st.font.size = Pt(10.5)
    head = doc.add_paragraph()
    r = head.add_run("HALDEN PRECISION COMPONENTS LTD · QUALITY MANAGEMENT SYSTEM")
    r.bold, r.font.size, r.font.color.rgb = True, Pt(9), RGBColor(0x55, 0x55, 0x55)
    doc.add_heading("QP-114 Final inspection of bearing housing flange FL-2207", level=1)
    ctl = doc.add_table(rows=2, cols=4)
    ctl.style = "Table Grid"
    for cell, text in zip(ctl.rows[0].cells, ["Document", "Revision", "Effective", "Owner"]):
        cell.text = text
        cell.paragraphs[0].runs[0].bold = True
    for cell, text in zip(ctl.rows[1].cells, ["QP-114", "C", "2024-11-11", "Quality Engineering (R. Okafor)"]):
        cell.text = text

    sections = [
        ("1 Purpose", ["Defines how sample parts of flange FL-2207 are inspected before a production lot is released, "
                       "and how the inspection report is written."]),
        ("2 Scope", ["Applies to every production lot of FL-2207 machined in cell M4. The customer classifies the flange as "
                     "safety-relevant; critical characteristics are marked C in section 6."]),
        ("3 References", ["Drawing DRG-FL-2207, current revision (the drawing governs nominal sizes and tolerances).",
                          "ISO 2768-1 and ISO 2768-2, general tolerances; ISO 1101, geometrical tolerancing.",
                          "CMM program FL2207_FINAL.prg; work instruction WI-CMM-02 (fixturing and alignment).",
                          "Approved redlines: a change marked by hand on the controlled copy of the drawing, with an ECR "
                          "number and the initials of Quality Engineering, is released and governs over the printed value "
                          "until the drawing is re-issued."]),
        ("4 Equipment", ["Bridge CMM 'CMM-02' with a 3 mm ruby stylus, calibrated, MPE 1.9 + L/300 µm. Parts are soaked "
                         "at 20 ± 1 °C for at least 2 hours before measurement."]),
        ("5 Sampling", ["Measure 10 consecutive parts taken from the end of the lot. Record the part serial engraved on "
                        "the hub face. The CMM export lists one row per part and characteristic; pattern characteristics "
                        "(bolt holes) are reported as the pattern minimum and maximum."]),
    ]
    for title, paras in sections:
        doc.add_heading(title, level=2)
        for p in paras:
            doc.add_paragraph(p, style="List Bullet" if title.startswith("3") else None)

    doc.add_heading("6 Characteristics", level=2)
    doc.add_paragraph("Balloon numbers on the drawing correspond to the feature IDs below (balloon 1 = F01, ...). "
                      "Class: C = critical, M = major. Where this table says 'per drawing', take the nominal size and "
                      "tolerance from the drawing; do not use general tolerances for ballooned characteristics.")
    rows = [
        ("F01", "Outer diameter", "M", "CMM, circle 12 points", "per drawing"),
        ("F02", "Bore diameter", "C", "CMM, cylinder 3 levels", "per drawing"),
        ("F03", "Flange thickness", "C", "CMM, plane to plane", "12.00 ± 0.05 (customer-critical, restated)"),
        ("F04", "Overall height", "M", "CMM, plane to plane", "per drawing"),
        ("F05", "Hub diameter", "M", "CMM, circle 12 points", "per drawing"),
        ("F06", "Bolt hole diameter (all holes)", "M", "CMM, circle per hole", "per drawing"),
        ("F07", "Bolt hole position (all holes)", "C", "CMM, position to A|B", "per drawing"),
        ("F08", "Flatness of datum face A", "M", "CMM, plane 25 points", "0.05 (restated)"),
        ("F09", "Perpendicularity of bore to A", "M", "CMM", "per drawing"),
    ]
    t = doc.add_table(rows=1, cols=5)
    t.style = "Table Grid"
    for cell, text in zip(t.rows[0].cells, ["Feature ID", "Characteristic", "Class", "Method", "Tolerance"]):
        cell.text = text
        cell.paragraphs[0].runs[0].bold = True
    for row in rows:
        cells = t.add_row().cells
        for cell, text in zip(cells, row):
            cell.text = text
    doc.add_paragraph("")
    doc.add_paragraph("Visual check: count the holes of the bolt pattern on the drawing and confirm the same number on "
                      "every sample part; the CMM program reports the pattern as a whole.")

    doc.add_heading("7 Acceptance", level=2)
    for p in [
        "A part conforms when every characteristic F01–F09 is within its tolerance. Limits are inclusive. "
        "Geometric tolerances (F07, F08, F09) have a lower limit of 0 and the tolerance value as upper limit.",
        "For F06 the pattern minimum must not be below the lower limit and the pattern maximum must not exceed the upper limit.",
        "Lot disposition: ACCEPT when all 10 samples conform. REJECT the lot (quarantine, raise an NCR, 100 % inspection) "
        "when any sample fails a critical (C) characteristic. HOLD for the material review board when only major (M) "
        "characteristics fail.",
    ]:
        doc.add_paragraph(p)
    doc.add_heading("8 Inspection report", level=2)
    doc.add_paragraph("The report (PDF, A4) states part number, drawing revision, material, lot, sample serials, the CMM used "
                      "and the date; a table of the characteristics with nominal, tolerance, limits, the minimum and maximum "
                      "measured over the samples and PASS/FAIL; the serial of each nonconforming part with the failed "
                      "characteristic and measured value; and the lot disposition.")
    sig = doc.add_paragraph("Approved: M. Jensen, Head of Quality · 2024-11-11")
    sig.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    doc.core_properties.author = "R. Okafor"
    doc.core_properties.title = "QP-114 Rev C"
    doc.save(path)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    drawing_pdf(args.out / "DRG-FL-2207_revB.pdf")
    cmm_csv(args.out / "cmm_results_L24-0471.csv")
    procedure_docx(args.out / "QP-114_inspection_procedure.docx")


if __name__ == "__main__":
    main()
