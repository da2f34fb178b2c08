"""Inputs for electrical_schematic_review (run inside the sandbox image).

    python3 make_inputs.py --out DIR

Writes a Rev B schematic drawing (PNG, raster only), a photo of the prototype's fitted R2
(JPG, colour bands only), the outdated Rev A bill of materials (xlsx), the company design
rules (docx) and the review request memo (PDF). Everything is deterministic and fictitious.

Ground truth on the drawing (visual only): 6 resistors, 3 capacitors, 4 LEDs, 2 ICs,
2 connectors; D4 (blue) hangs on U1 pin 11 (PA2) with no series resistor; C3 sits next to
U2 but is wired to TEMP_SENSE (U2 VOUT / U1 PA7), so U2's VDD has no decoupling capacitor;
R2 (photo, a warm-lit phone shot with glare) is brown-black-brown-gold = 100 ohm, so D2 (red,
Vf 2.0 V) draws 30 mA; R3's printed 330 is struck out and overwritten by hand in red pen with 680 (jittered pen
strokes, no font), so D3 draws 4.3 mA."""

from __future__ import annotations

import argparse
import io
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.patches import Circle, Polygon, Rectangle  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402

WIRE = "#007a00"
BODY = "#8a0000"
FILL = "#ffffd0"
REF = "#005f5f"
PINC = "#8a0000"
TXT = "#1a1a1a"
FONT = "DejaVu Sans"
REDLINE = "#d8261c"  # red pen mark-up


# -- handwriting: single-line pen strokes, jittered per glyph and per point (no font) -------------

HAND_GLYPHS = {  # strokes on a unit cap height, baseline y = 0; value: (advance, strokes)
    "A": (0.62, [[(0, 0), (0.31, 1), (0.62, 0)], [(0.13, 0.42), (0.49, 0.42)]]),
    "C": (0.58, [[(0.56, 0.86), (0.42, 1), (0.2, 0.98), (0.04, 0.78), (0, 0.5), (0.04, 0.2), (0.2, 0.01),
                  (0.42, 0), (0.58, 0.14)]]),
    "D": (0.58, [[(0, 0), (0, 1), (0.28, 1), (0.52, 0.8), (0.58, 0.5), (0.52, 0.2), (0.28, 0), (0, 0)]]),
    "E": (0.52, [[(0.52, 1), (0, 1), (0, 0), (0.54, 0)], [(0, 0.52), (0.4, 0.52)]]),
    "G": (0.6, [[(0.56, 0.86), (0.42, 1), (0.2, 0.98), (0.04, 0.78), (0, 0.5), (0.04, 0.2), (0.2, 0.01),
                 (0.42, 0), (0.58, 0.12), (0.58, 0.45), (0.34, 0.45)]]),
    "H": (0.58, [[(0, 1), (0, 0)], [(0.58, 1), (0.58, 0)], [(0, 0.5), (0.58, 0.52)]]),
    "I": (0.46, [[(0.16, 1), (0.16, 0)]]),
    "J": (0.46, [[(0.46, 1), (0.46, 0.22), (0.32, 0), (0.12, 0.02), (0, 0.2)]]),
    "K": (0.55, [[(0, 1), (0, 0)], [(0.52, 1), (0, 0.42)], [(0.16, 0.56), (0.56, 0)]]),
    "L": (0.48, [[(0, 1), (0, 0), (0.5, 0)]]),
    "N": (0.6, [[(0, 0), (0, 1), (0.6, 0), (0.6, 1)]]),
    "O": (0.62, [[(0.31, 1), (0.08, 0.86), (0, 0.5), (0.08, 0.14), (0.31, 0), (0.54, 0.14), (0.62, 0.5),
                  (0.54, 0.86), (0.31, 1), (0.22, 0.97)]]),
    "P": (0.54, [[(0, 0), (0, 1), (0.38, 1), (0.54, 0.88), (0.54, 0.64), (0.38, 0.5), (0, 0.5)]]),
    "R": (0.56, [[(0, 0), (0, 1), (0.38, 1), (0.54, 0.88), (0.54, 0.64), (0.38, 0.5), (0, 0.5)],
                 [(0.24, 0.5), (0.58, 0)]]),
    "S": (0.54, [[(0.54, 0.86), (0.4, 1), (0.14, 1), (0, 0.84), (0.06, 0.6), (0.48, 0.42), (0.56, 0.2),
                  (0.42, 0), (0.14, 0), (0, 0.14)]]),
    "T": (0.6, [[(0, 1), (0.6, 1)], [(0.3, 1), (0.3, 0)]]),
    "U": (0.58, [[(0, 1), (0, 0.25), (0.14, 0), (0.42, 0), (0.58, 0.25), (0.58, 1)]]),
    "V": (0.66, [[(0.04, 1), (0.33, 0), (0.66, 1)]]),
    "Y": (0.58, [[(0, 1), (0.29, 0.5), (0.58, 1)], [(0.29, 0.5), (0.29, 0)]]),
    "0": (0.5, [[(0.25, 1), (0.05, 0.85), (0, 0.5), (0.05, 0.15), (0.25, 0), (0.45, 0.15), (0.5, 0.5),
                 (0.45, 0.85), (0.25, 1)]]),
    "1": (0.3, [[(0.02, 0.78), (0.22, 1), (0.22, 0)]]),
    "2": (0.5, [[(0, 0.8), (0.15, 1), (0.38, 1), (0.5, 0.82), (0.44, 0.56), (0, 0), (0.52, 0)]]),
    "3": (0.5, [[(0, 0.9), (0.2, 1), (0.4, 1), (0.5, 0.84), (0.44, 0.62), (0.2, 0.53), (0.5, 0.4), (0.5, 0.12),
                 (0.34, 0), (0.1, 0), (0, 0.12)]]),
    "4": (0.52, [[(0.4, 0), (0.4, 1), (0, 0.3), (0.56, 0.3)]]),
    "5": (0.5, [[(0.5, 1), (0.06, 1), (0, 0.56), (0.3, 0.62), (0.5, 0.46), (0.5, 0.14), (0.34, 0), (0.1, 0),
                 (0, 0.1)]]),
    "6": (0.5, [[(0.44, 0.96), (0.24, 1), (0.05, 0.8), (0, 0.4), (0.05, 0.1), (0.25, 0), (0.45, 0.1),
                 (0.5, 0.3), (0.4, 0.5), (0.2, 0.52), (0.02, 0.38)]]),
    "7": (0.5, [[(0, 1), (0.52, 1), (0.16, 0)]]),
    "8": (0.5, [[(0.25, 0.53), (0.06, 0.66), (0.06, 0.9), (0.25, 1), (0.44, 0.9), (0.44, 0.66), (0.25, 0.53),
                 (0, 0.36), (0, 0.12), (0.25, 0), (0.5, 0.12), (0.5, 0.36), (0.25, 0.53)]]),
    "9": (0.5, [[(0.5, 0.62), (0.3, 0.48), (0.08, 0.55), (0, 0.78), (0.12, 0.98), (0.35, 1), (0.5, 0.85),
                 (0.5, 0.4), (0.4, 0.1), (0.2, 0), (0.04, 0.08)]]),
    "/": (0.55, [[(0, -0.1), (0.55, 1.1)]]),
    "-": (0.38, [[(0.02, 0.46), (0.36, 0.5)]]),
    ".": (0.22, [[(0.06, 0), (0.12, 0.06), (0.07, 0.1)]]),
    "(": (0.24, [[(0.22, 1.08), (0.05, 0.75), (0.03, 0.25), (0.2, -0.12)]]),
    ")": (0.24, [[(0.02, 1.08), (0.19, 0.75), (0.21, 0.25), (0.04, -0.12)]]),
}


def _chaikin(pts, rounds=2):
    import numpy as np
    pts = np.asarray(pts, dtype=float)
    for _ in range(rounds):
        if len(pts) < 3:
            break
        q = 0.75 * pts[:-1] + 0.25 * pts[1:]
        r = 0.25 * pts[:-1] + 0.75 * pts[1:]
        mid = np.empty((2 * len(q), 2))
        mid[0::2], mid[1::2] = q, r
        pts = np.vstack([pts[:1], mid, pts[-1:]])
    return pts


def hand_strokes(ax, rng, x, y, s, size, color, lw=0.9, rot=0.0, slant=14.0, wobble=0.04, gap=0.08, zorder=9):
    """Write `s` in jittered single-line pen strokes at (x, y) (baseline, data units), cap height `size`.
    Returns the width written. Each glyph gets its own slant, scale, baseline drift and point noise;
    strokes are corner-cut so they look drawn, not printed."""
    import math

    import numpy as np
    cx = 0.0
    th = math.radians(rot)
    ct, st = math.cos(th), math.sin(th)
    for ch in s:
        if ch == " ":
            cx += size * (0.42 + rng.normal(0, 0.06))
            continue
        adv, strokes = HAND_GLYPHS[ch.upper()]
        sc = size * (1 + rng.normal(0, 0.07))
        sl = math.tan(math.radians(slant + rng.normal(0, 3)))
        base = rng.normal(0, 0.06) * size
        r = math.radians(rng.normal(0, 5))
        for stroke in strokes:
            p = np.asarray(stroke, dtype=float) + rng.normal(0, wobble, (len(stroke), 2))
            p = _chaikin(p, 2)
            gx = p[:, 0] * math.cos(r) - p[:, 1] * math.sin(r)
            gy = p[:, 0] * math.sin(r) + p[:, 1] * math.cos(r)
            gx = (gx + sl * gy) * sc + cx
            gy = gy * sc + base
            X = x + gx * ct - gy * st
            Y = y + gx * st + gy * ct
            ax.plot(X, Y, color=color, lw=lw * (1 + rng.normal(0, 0.12)), solid_capstyle="round",
                    solid_joinstyle="round", zorder=zorder, alpha=0.93)
        cx += (adv + gap + rng.normal(0, 0.05)) * sc
    return cx


# -- schematic primitives (mm on an A3 sheet) ---------------------------------------------


class Sheet:
    def __init__(self) -> None:
        self.fig = plt.figure(figsize=(420 / 25.4, 297 / 25.4), dpi=150)
        self.ax = self.fig.add_axes([0, 0, 1, 1])
        self.ax.set_xlim(0, 420)
        self.ax.set_ylim(0, 297)
        self.ax.set_aspect("equal")
        self.ax.axis("off")

    def text(self, x, y, s, size=7.0, color=TXT, ha="left", va="center", **kw):
        self.ax.text(x, y, s, fontsize=size, color=color, ha=ha, va=va, family=FONT, **kw)

    def line(self, pts, color=WIRE, lw=1.1, **kw):
        xs, ys = zip(*pts)
        self.ax.plot(xs, ys, color=color, lw=lw, solid_capstyle="round", solid_joinstyle="round", **kw)

    def wire(self, *pts):
        self.line(pts)

    def dot(self, x, y):
        self.ax.add_patch(Circle((x, y), 0.85, color=WIRE, zorder=5))

    def noconnect(self, x, y):
        d = 1.4
        self.line([(x - d, y - d), (x + d, y + d)], color="#1f1fbf", lw=1.0)
        self.line([(x - d, y + d), (x + d, y - d)], color="#1f1fbf", lw=1.0)

    def gnd(self, x, y):
        self.line([(x, y), (x, y - 2.5)], color=BODY)
        for i, half in enumerate((2.6, 1.7, 0.8)):
            yy = y - 2.5 - i * 0.9
            self.line([(x - half, yy), (x + half, yy)], color=BODY, lw=1.2)

    def vcc(self, x, y, name="+5V"):
        self.line([(x, y), (x, y + 2.8)], color=BODY)
        self.line([(x - 2.2, y + 2.8), (x + 2.2, y + 2.8)], color=BODY, lw=1.3)
        self.text(x, y + 5.0, name, size=6.5, ha="center")

    def resistor(self, x1, y1, x2, y2, ref, value, side=1):
        """Body centred between the two lead ends; horizontal or vertical."""
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        vertical = x1 == x2
        L, W = 7.6, 2.6
        if vertical:
            s = 1 if y2 > y1 else -1
            self.wire((x1, y1), (x1, cy - s * L / 2))
            self.wire((x1, cy + s * L / 2), (x2, y2))
            self.ax.add_patch(Rectangle((cx - W / 2, cy - L / 2), W, L, ec=BODY, fc=FILL, lw=1.1, zorder=4))
            self.text(cx + side * 3.0, cy + 1.6, ref, color=REF, ha="left" if side > 0 else "right")
            self.text(cx + side * 3.0, cy - 1.6, value, color=REF, ha="left" if side > 0 else "right")
        else:
            s = 1 if x2 > x1 else -1
            self.wire((x1, y1), (cx - s * L / 2, y1))
            self.wire((cx + s * L / 2, y1), (x2, y2))
            self.ax.add_patch(Rectangle((cx - L / 2, cy - W / 2), L, W, ec=BODY, fc=FILL, lw=1.1, zorder=4))
            self.text(cx, cy + 3.2, ref, color=REF, ha="center")
            self.text(cx, cy - 3.2, value, color=REF, ha="center")

    def capacitor(self, x, ytop, ybot, ref, value, polar=False, side=1):
        cy = (ytop + ybot) / 2
        g = 0.8
        self.wire((x, ytop), (x, cy + g))
        self.wire((x, cy - g), (x, ybot))
        self.line([(x - 2.6, cy + g), (x + 2.6, cy + g)], color=BODY, lw=1.6)
        if polar:
            arc = np.linspace(math.pi * 0.15, math.pi * 0.85, 20)
            self.line([(x + 3.2 * math.cos(a), cy - g - 2.2 + 2.2 * math.sin(a) - 0.2) for a in arc], color=BODY, lw=1.6)
            self.text(x - 3.4, cy + 2.4, "+", size=6.5, color=BODY, ha="center")
        else:
            self.line([(x - 2.6, cy - g), (x + 2.6, cy - g)], color=BODY, lw=1.6)
        ha = "left" if side > 0 else "right"
        self.text(x + side * 4.0, cy + 1.7, ref, color=REF, ha=ha)
        self.text(x + side * 4.0, cy - 1.7, value, color=REF, ha=ha)

    def led(self, x, ytop, ybot, ref, value):
        """Vertical LED, anode at the top (current flows down)."""
        cy = (ytop + ybot) / 2
        h = 2.6
        self.wire((x, ytop), (x, cy + h / 2))
        self.wire((x, cy - h / 2), (x, ybot))
        self.ax.add_patch(Polygon([(x - 2.4, cy + h / 2), (x + 2.4, cy + h / 2), (x, cy - h / 2)], closed=True,
                                  ec=BODY, fc=FILL, lw=1.1, zorder=4))
        self.line([(x - 2.4, cy - h / 2), (x + 2.4, cy - h / 2)], color=BODY, lw=1.4)
        for dy in (0.9, -0.7):
            x0, y0 = x + 2.0, cy + dy
            x1, y1 = x0 + 2.6, y0 + 1.5
            self.ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                             arrowprops=dict(arrowstyle="-|>", color=BODY, lw=0.8, mutation_scale=5))
        self.text(x - 3.6, cy + 1.7, ref, color=REF, ha="right")
        self.text(x - 3.6, cy - 1.7, value, color=REF, ha="right")

    def ic(self, x0, y0, x1, y1, ref, value, pins):
        """pins: (side, position, number, name); side L/R: position = y; T/B: position = x."""
        self.ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, ec=BODY, fc=FILL, lw=1.3, zorder=3))
        for side, pos, num, name in pins:
            if side == "L":
                self.line([(x0 - 8, pos), (x0, pos)], color=BODY)
                self.text(x0 - 1.2, pos + 1.3, str(num), size=5.5, color=PINC, ha="right")
                self.text(x0 + 1.5, pos, name, size=6.2, color=TXT)
            elif side == "R":
                self.line([(x1, pos), (x1 + 8, pos)], color=BODY)
                self.text(x1 + 1.2, pos + 1.3, str(num), size=5.5, color=PINC)
                self.text(x1 - 1.5, pos, name, size=6.2, color=TXT, ha="right")
            elif side == "T":
                self.line([(pos, y1), (pos, y1 + 8)], color=BODY)
                self.text(pos + 1.0, y1 + 2.0, str(num), size=5.5, color=PINC)
                self.text(pos, y1 - 2.2, name, size=6.2, color=TXT, ha="center")
            else:
                self.line([(pos, y0 - 8), (pos, y0)], color=BODY)
                self.text(pos + 1.0, y0 - 2.0, str(num), size=5.5, color=PINC)
                self.text(pos, y0 + 2.2, name, size=6.2, color=TXT, ha="center")

    def connector(self, x, ytop, n, ref, value, names):
        """1×n header, pins leave to the right from x+12; pin 1 at ytop, pitch 10."""
        ybot = ytop - (n - 1) * 10
        self.ax.add_patch(Rectangle((x, ybot - 4), 12, ytop - ybot + 8, ec=BODY, fc=FILL, lw=1.3, zorder=3))
        for i in range(n):
            y = ytop - 10 * i
            self.ax.add_patch(Rectangle((x + 7.5, y - 0.6), 4.5, 1.2, ec=BODY, fc=BODY, lw=0.5, zorder=4))
            self.line([(x + 12, y), (x + 20, y)], color=BODY)
            self.text(x + 13.0, y + 1.4, str(i + 1), size=5.5, color=PINC)
            self.text(x + 1.2, y, names[i], size=5.2, color=TXT)
        self.text(x + 6, ytop + 7.5, ref, color=REF, ha="center")
        self.text(x + 6, ybot - 7.0, value, color=REF, ha="center")

    def label(self, x, y, name):
        self.text(x, y + 1.6, name, size=6.3, color=TXT, ha="center", va="bottom")


def frame(s: Sheet) -> None:
    ax = s.ax
    ax.add_patch(Rectangle((5, 5), 410, 287, ec=TXT, fc="none", lw=1.4))
    ax.add_patch(Rectangle((10, 10), 400, 277, ec=TXT, fc="none", lw=0.9))
    for i in range(8):
        xm = 10 + 50 * i + 25
        for y in (7.5, 289.5):
            s.text(xm, y, str(i + 1), size=6, ha="center")
        if i:
            for y0, y1 in ((5, 10), (287, 292)):
                s.line([(10 + 50 * i, y0), (10 + 50 * i, y1)], color=TXT, lw=0.7)
    for j, letter in enumerate("ABCDEF"):
        ym = 287 - 46.17 * j - 23
        for x in (7.5, 412.5):
            s.text(x, ym, letter, size=6, ha="center")
        if j:
            for x0, x1 in ((5, 10), (410, 415)):
                yy = 287 - 46.17 * j
                s.line([(x0, yy), (x1, yy)], color=TXT, lw=0.7)
    # title block
    tb = (250, 10, 410, 52)
    ax.add_patch(Rectangle((tb[0], tb[1]), tb[2] - tb[0], tb[3] - tb[1], ec=TXT, fc="white", lw=1.0, zorder=2))
    for y in (22, 34, 44):
        s.line([(250, y), (410, y)], color=TXT, lw=0.7)
    for x, y0, y1 in ((330, 10, 34), (370, 10, 22), (355, 22, 34), (380, 34, 44)):
        s.line([(x, y0), (x, y1)], color=TXT, lw=0.7)
    s.text(253, 48, "NORTHGATE INSTRUMENTS LTD  ·  Electronics Design Office", size=8, weight="bold")
    s.text(253, 41.5, "Title:", size=5.5, color="#555555")
    s.text(253, 37.5, "LDB-200 STATUS INDICATOR BOARD — MAIN SCHEMATIC", size=8.2, weight="bold")
    s.text(383, 41.5, "Sheet:", size=5.5, color="#555555")
    s.text(383, 37.5, "1 of 1", size=8)
    s.text(253, 31, "Drawing no.", size=5.5, color="#555555")
    s.text(253, 26, "NGI-SCH-0200", size=9, weight="bold")
    s.text(333, 31, "Size", size=5.5, color="#555555")
    s.text(333, 26, "A3", size=9)
    s.text(358, 31, "Rev", size=5.5, color="#555555")
    s.text(358, 25.5, "B", size=13, weight="bold")
    s.text(253, 19, "Drawn: K. Ostrander   Date: 2024-03-12", size=6.5)
    s.text(253, 14, "Checked: —   Approved: —   File: ldb200_main.kicad_sch", size=6.5)
    s.text(333, 19, "Scale: NTS", size=6.5)
    s.text(333, 14, "Proj: P-2207", size=6.5)
    s.text(373, 19, "KiCad 7.0.10", size=6.0)
    s.text(373, 14, "PRELIMINARY", size=6.5, color="#b00000", weight="bold")
    # revision block
    rb = (300, 262, 410, 287)
    ax.add_patch(Rectangle((rb[0], rb[1]), rb[2] - rb[0], rb[3] - rb[1], ec=TXT, fc="white", lw=0.9))
    for y in (280.5, 274, 268):
        s.line([(300, y), (410, y)], color=TXT, lw=0.6)
    for x in (310, 333, 395):
        s.line([(x, 262), (x, 280.5)], color=TXT, lw=0.6)
    s.text(355, 283.7, "REVISIONS", size=6.5, ha="center", weight="bold")
    s.text(302, 277, "REV", size=5.5)
    s.text(312, 277, "DATE", size=5.5)
    s.text(335, 277, "DESCRIPTION", size=5.5)
    s.text(397, 277, "BY", size=5.5)
    s.text(303, 271, "A", size=6)
    s.text(312, 271, "2024-01-22", size=5.5)
    s.text(335, 271, "Initial release", size=5.5)
    s.text(397, 271, "KO", size=5.5)
    s.text(303, 265, "B", size=6)
    s.text(312, 265, "2024-03-12", size=5.5)
    s.text(335, 265, "Temp sensor, 4th status LED, UART hdr", size=5.0)
    s.text(397, 265, "KO", size=5.5)


def draw_schematic(path: Path) -> None:
    s = Sheet()
    frame(s)
    # -- power entry ------------------------------------------------------------------------
    s.text(25, 268, "POWER ENTRY", size=7.5, weight="bold", color="#444444")
    s.connector(30, 246, 2, "J1", "PWR IN 5V", ["+5V", "GND"])
    s.wire((50, 246), (150, 246))
    s.vcc(150, 246)
    s.wire((50, 236), (58, 236), (58, 226))
    s.gnd(58, 226)
    s.dot(78, 246)
    s.capacitor(78, 246, 226, "C1", "10µF 16V", polar=True)
    s.gnd(78, 226)
    s.dot(112, 246)
    s.resistor(112, 246, 112, 228, "R1", "1k")
    s.led(112, 228, 214, "D1", "GREEN")
    s.gnd(112, 214)
    # -- microcontroller ---------------------------------------------------------------------
    pins = [("T", 205, 1, "VCC"), ("B", 205, 14, "GND"),
            ("R", 180, 13, "PA0"), ("R", 170, 12, "PA1"), ("R", 160, 11, "PA2"), ("R", 150, 10, "PA3"),
            ("R", 140, 9, "PA4/SCK"), ("R", 130, 8, "PA5/MISO"), ("R", 120, 7, "PA6/MOSI"), ("R", 110, 6, "PA7"),
            ("L", 170, 2, "PB0"), ("L", 160, 3, "PB1"), ("L", 150, 5, "PB2"), ("L", 130, 4, "PB3/~RESET")]
    s.ic(180, 100, 230, 190, "U1", "ATtiny84A-SSU", pins)
    s.text(181, 195.5, "U1", color=REF)
    s.text(181, 94, "ATtiny84A-SSU", color=REF)
    s.wire((205, 198), (205, 210))
    s.vcc(205, 210)
    s.dot(205, 204)
    s.wire((205, 204), (250, 204))
    s.capacitor(250, 204, 190, "C2", "100nF")
    s.gnd(250, 190)
    s.gnd(205, 92)
    for y in (150, 140, 130, 120):
        s.noconnect(238, y)
    s.noconnect(172, 150)
    # UART side
    s.connector(62, 180, 4, "J2", "UART 1x4", ["+5V", "TXD", "RXD", "GND"])
    s.wire((82, 180), (92, 180), (92, 186))
    s.vcc(92, 186)
    s.wire((82, 150), (92, 150), (92, 146))
    s.gnd(92, 146)
    s.wire((82, 170), (132, 170))
    s.resistor(132, 170, 152, 170, "R5", "1k")
    s.wire((152, 170), (172, 170))
    s.wire((82, 160), (132, 160))
    s.resistor(132, 160, 152, 160, "R6", "1k")
    s.wire((152, 160), (172, 160))
    s.label(106, 170, "TXD")
    s.label(106, 160, "RXD")
    s.wire((172, 130), (150, 130))
    s.resistor(150, 130, 150, 146, "R4", "10k", side=-1)
    s.vcc(150, 146)
    s.label(163, 130, "~RESET")
    # status LEDs
    s.text(262, 200, "STATUS LEDS", size=7.5, weight="bold", color="#444444")
    s.wire((238, 180), (265, 180))
    s.resistor(265, 180, 281, 180, "R2", "*")
    s.wire((281, 180), (350, 180), (350, 140))
    s.wire((238, 170), (255, 170))
    s.resistor(255, 170, 271, 170, "R3", "330")
    # the designer's red-pen bench mark-up (pen strokes, no font): printed 330 struck out, 680 written beside it
    pen = np.random.default_rng(680)
    strike = np.array([(259.3, 166.2), (263.0, 166.9), (266.8, 167.6)]) + pen.normal(0, 0.15, (3, 2))
    s.ax.plot(strike[:, 0], strike[:, 1], color=REDLINE, lw=1.3, solid_capstyle="round", zorder=9)
    w680 = hand_strokes(s.ax, pen, 264.0, 164.3, "680", 3.4, REDLINE, lw=1.2, rot=4, slant=18, wobble=0.065, gap=0.03)
    hand_strokes(s.ax, pen, 265.6 + w680, 163.9, "KO", 2.4, REDLINE, lw=0.9, rot=3, slant=10, gap=0.1)
    s.wire((271, 170), (325, 170), (325, 140))
    s.wire((238, 160), (300, 160), (300, 140))
    s.led(350, 140, 124, "D2", "RED")
    s.led(325, 140, 124, "D3", "YELLOW")
    s.led(300, 140, 124, "D4", "BLUE")
    for x in (350, 325, 300):
        s.gnd(x, 124)
    # temperature sensor
    s.text(340, 70, "TEMPERATURE SENSE", size=7.5, weight="bold", color="#444444")
    s.wire((238, 110), (268, 110), (268, 86), (304, 86))
    s.label(252, 110, "TEMP_SENSE")
    s.dot(284, 86)
    s.capacitor(284, 86, 68, "C3", "100nF", side=-1)
    s.gnd(284, 68)
    s.ic(312, 74, 336, 98, "U2", "MCP9700A-E/TT",
         [("T", 324, 1, "VDD"), ("L", 86, 2, "VOUT"), ("B", 324, 3, "GND")])
    s.text(338, 94, "U2", color=REF)
    s.text(338, 89, "MCP9700A-E/TT", color=REF)
    s.wire((324, 106), (324, 108))
    s.vcc(324, 108)
    s.gnd(324, 66)
    # notes
    s.text(16, 82, "NOTES:", size=7, weight="bold")
    notes = [
        "1. Resistors 0603 1% 0.1 W unless stated otherwise.",
        "2. Capacitors X7R 0603 unless stated otherwise; C1 tantalum, case A.",
        "3. * Value selected on test — see fitted part on prototype #3.",
        "4. LEDs 0603, colour as marked; GPIO drive at VCC = 5.0 V.",
        "5. U1 programmed via pogo fixture FX-0200 (ISP pins not brought out).",
        "6. Crossing wires without a dot are NOT connected.",
    ]
    for i, n in enumerate(notes):
        s.text(18, 75 - 6 * i, n, size=6.3)
    buf = io.BytesIO()
    s.fig.savefig(buf, format="png", dpi=150, facecolor="white", metadata={"Software": None})
    plt.close(s.fig)
    img = Image.open(buf).convert("RGB")
    img = img.resize((img.width * 3 // 4, img.height * 3 // 4), Image.LANCZOS)
    img = img.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    img.save(path, optimize=True)


# -- R2 photo -----------------------------------------------------------------------------------


def draw_resistor_photo(path: Path) -> None:
    rng = np.random.default_rng(2207)
    W, H = 900, 560
    yy, xx = np.mgrid[0:H, 0:W]
    # PCB solder-mask green with a light gradient (desk lamp top-left)
    base = np.zeros((H, W, 3))
    base[..., 0] = 18
    base[..., 1] = 92
    base[..., 2] = 52
    light = 1.15 - 0.45 * ((xx / W) * 0.6 + (yy / H) * 0.4)
    img = base * light[..., None]
    # copper pads and traces
    def rect(a, b, c, d, color):
        img[b:d, a:c] = color
    rect(60, 250, 150, 310, (196, 160, 96))
    rect(750, 250, 840, 310, (196, 160, 96))
    rect(0, 268, 60, 292, (30, 110, 62))
    rect(840, 268, 900, 292, (30, 110, 62))
    # silkscreen outline and label
    def sline(x0, y0, x1, y1, w=4):
        n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for t in np.linspace(0, 1, n):
            cx, cy = int(x0 + t * (x1 - x0)), int(y0 + t * (y1 - y0))
            img[cy - w // 2:cy + w // 2 + 1, cx - w // 2:cx + w // 2 + 1] = (232, 232, 226)
    sline(230, 200, 670, 200)
    sline(230, 360, 670, 360)
    sline(230, 200, 230, 360)
    sline(670, 200, 670, 360)
    # leads
    for x0, x1 in ((105, 260), (640, 795)):
        img[272:288, x0:x1] = (150, 150, 155)
        img[274:278, x0:x1] = (215, 215, 220)
    # resistor body: beige, rounded ends, shaded cylinder
    body_x0, body_x1, cy, r = 255, 645, 280, 58
    yrel = (yy - cy) / r
    inside = (np.abs(yrel) <= 1) & (xx >= body_x0) & (xx <= body_x1)
    end_l = ((xx - body_x0 - 50) ** 2 / 60 ** 2 + (yy - cy) ** 2 / (r + 8) ** 2) <= 1
    end_r = ((xx - body_x1 + 50) ** 2 / 60 ** 2 + (yy - cy) ** 2 / (r + 8) ** 2) <= 1
    bulge = (end_l | end_r) & (xx >= body_x0 - 8) & (xx <= body_x1 + 8)
    mask = inside | bulge
    shade = np.clip(1.05 - 0.55 * np.abs((yy - cy + 18) / (r + 8)) ** 1.6, 0.35, 1.1)
    beige = np.array([214, 190, 146])
    img[mask] = (beige[None, :] * shade[mask][:, None])
    bands = [(330, 30, (112, 64, 30)),   # brown
             (398, 30, (22, 20, 20)),    # black
             (466, 30, (112, 64, 30)),   # brown
             (580, 26, (212, 170, 60))]  # gold
    for bx, bw, col in bands:
        bmask = mask & (xx >= bx) & (xx < bx + bw)
        img[bmask] = np.array(col)[None, :] * shade[bmask][:, None]
    gold = mask & (xx >= 580) & (xx < 606)
    img[gold] += 40 * np.clip(1 - np.abs((yy[gold] - cy + 22) / 14), 0, 1)[:, None]
    spec = mask & (np.abs(yy - (cy - 24)) < 6)
    img[spec] = img[spec] * 0.6 + 255 * 0.4
    # solder fillets
    for px in (105, 795):
        d = (xx - px) ** 2 + (yy - 280) ** 2
        blob = d < 26 ** 2
        img[blob] = np.array([205, 205, 210]) * np.clip(1.2 - np.sqrt(d[blob]) / 40, 0.6, 1.1)[:, None]
    img = np.clip(img + rng.normal(0, 5.5, img.shape), 0, 255).astype(np.uint8)
    pil = Image.fromarray(img).filter(ImageFilter.GaussianBlur(1.3))
    # silkscreen text drawn through matplotlib (raster only)
    fig = plt.figure(figsize=(W / 100, H / 100), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.imshow(np.asarray(pil))
    ax.axis("off")
    ax.text(236, 180, "R2", color="#e8e8e2", fontsize=26, family="DejaVu Sans", weight="bold")
    ax.text(30, 520, "LDB-200  REV B  PROTO 3", color="#e8e8e2", fontsize=16, family="DejaVu Sans Mono", weight="bold")
    ax.text(620, 60, "NGI", color="#e8e8e2", fontsize=20, family="DejaVu Sans", weight="bold")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    out = Image.open(buf).convert("RGB").resize((W, H)).rotate(-3.0, resample=Image.BICUBIC, expand=False,
                                                              fillcolor=(16, 70, 40))
    out = out.filter(ImageFilter.GaussianBlur(0.6))
    # phone photo on the bench: warm desk lamp (tungsten white balance), under-exposed corners,
    # a specular glare streak from the lamp across the body, sensor noise
    a = np.asarray(out).astype(np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    vign = 1 - 0.9 * (((xx - W * 0.42) / W) ** 2 + ((yy - H * 0.45) / H) ** 2)
    a = a * np.array([1.0, 0.80, 0.56]) * 0.80 * vign[..., None]
    d = xx - 0.35 * (yy - 280) - 540
    glare = 0.6 * np.exp(-(d / 14.0) ** 2) * np.exp(-((yy - 262) / 70.0) ** 2)
    a = a * (1 - glare[..., None]) + np.array([255, 238, 205]) * glare[..., None]
    a = np.clip(a + rng.normal(0, 4.0, a.shape), 0, 255).astype(np.uint8)
    out = Image.fromarray(a).filter(ImageFilter.GaussianBlur(0.7))
    out.save(path, quality=85, optimize=True)


# -- BOM (rev A, partial) ---------------------------------------------------------------------


def write_bom(path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill

    wb = Workbook()
    ws = wb.active
    ws.title = "BOM rev A"
    ws["A1"] = "Northgate Instruments Ltd — Bill of Materials"
    ws["A1"].font = Font(bold=True, size=13)
    ws["A2"] = "Assembly: LDB-200 Status Indicator Board   Drawing: NGI-SCH-0200   BOM revision: A (2024-01-22)"
    ws["A3"] = "Exported from purchasing system; NOT yet updated for schematic revision B."
    ws["A3"].font = Font(italic=True, color="B00000")
    headers = ["Line", "Designator", "Description", "Value", "Package", "Manufacturer", "MPN", "Qty", "Unit cost (GBP)"]
    ws.append([])
    ws.append(headers)
    for c in ws[5]:
        c.font = Font(bold=True, color="FFFFFF")
        c.fill = PatternFill("solid", fgColor="1F3A5F")
        c.alignment = Alignment(horizontal="center")
    rows = [
        ("C1", "Capacitor, tantalum, 16 V", "10µF", "3216-18 (A)", "KEMET", "T491A106K016AT", 1, 0.21),
        ("C2", "Capacitor, ceramic X7R, 50 V", "100nF", "0603", "Yageo", "CC0603KRX7R9BB104", 1, 0.01),
        ("D1", "LED, green, 0603", "GREEN", "0603", "Lite-On", "LTST-C191KGKT", 1, 0.06),
        ("D2", "LED, red, 0603", "RED", "0603", "Lite-On", "LTST-C191KRKT", 1, 0.06),
        ("D3", "LED, yellow, 0603", "YELLOW", "0603", "Lite-On", "LTST-C191KSKT", 1, 0.06),
        ("J1", "Terminal block, 2-pole, 5.08 mm", "PWR IN 5V", "THT", "Phoenix Contact", "1935161", 1, 0.48),
        ("R1", "Resistor, thick film, 1%", "1k", "0603", "Yageo", "RC0603FR-071KL", 1, 0.01),
        ("R3", "Resistor, thick film, 1%", "330", "0603", "Yageo", "RC0603FR-07330RL", 1, 0.01),
        ("R4", "Resistor, thick film, 1%", "10k", "0603", "Yageo", "RC0603FR-0710KL", 1, 0.01),
        ("U1", "Microcontroller, 8-bit AVR, 8 KB flash", "ATtiny84A-SSU", "SOIC-14", "Microchip", "ATTINY84A-SSU", 1, 1.12),
    ]
    for i, r in enumerate(rows, start=1):
        ws.append([i, *r])
    widths = [6, 12, 38, 15, 13, 17, 22, 6, 15]
    for i, w in enumerate(widths):
        ws.column_dimensions[chr(65 + i)].width = w
    ws.freeze_panes = "A6"
    wb.properties.creator = "Purchasing export"
    wb.save(path)


# -- design rules (docx) ------------------------------------------------------------------------


def write_rules(path: Path) -> None:
    import datetime as dt

    from docx import Document
    from docx.shared import Cm, Pt, RGBColor

    doc = Document()
    doc.core_properties.author = "Northgate Instruments — Electronics Design Office"
    doc.core_properties.created = dt.datetime(2023, 9, 4, 9, 0, 0)
    doc.core_properties.modified = dt.datetime(2023, 9, 4, 9, 0, 0)
    style = doc.styles["Normal"]
    style.font.name = "Liberation Sans"
    style.font.size = Pt(10)
    p = doc.add_paragraph()
    r = p.add_run("NORTHGATE INSTRUMENTS LTD")
    r.bold = True
    r.font.size = Pt(9)
    r.font.color.rgb = RGBColor(0x1F, 0x3A, 0x5F)
    doc.add_heading("DR-07 Design Rules — Low-voltage indicator and sensor boards", level=1)
    doc.add_paragraph("Document DR-07, revision C, effective 2023-09-04. Owner: Electronics Design Office. "
                      "These rules apply to every schematic released for layout. A schematic review records each "
                      "violation with the rule number, the designators concerned and a recommended action.")
    doc.add_heading("1. Rules", level=2)
    rules = [
        ("DR-07-01", "Every LED shall have its own series current-limiting resistor between the driving source "
                     "(GPIO pin or supply rail) and the LED. No LED may be driven directly from a pin or rail.",
         "Follow each LED anode net back to its source."),
        ("DR-07-02", "Design LED forward current shall not exceed 15 mA, computed as I = (VCC − Vf) / R with "
                     "VCC = 5.0 V, Vf the typical forward voltage from table 2, and the GPIO output drop neglected.",
         "Compute per LED from the fitted resistor value."),
        ("DR-07-03", "Each IC shall have its own 100 nF ceramic decoupling capacitor connected directly between its "
                     "supply pin (VCC/VDD) and GND, placed next to the IC.",
         "Follow the capacitor's wires to the IC's supply pin."),
        ("DR-07-04", "A bulk capacitor of at least 10 µF shall be fitted at the power entry connector.",
         "Check at the power connector."),
        ("DR-07-05", "An active-low reset input shall have a 10 kΩ pull-up to VCC.", "Check the reset net."),
        ("DR-07-06", "Serial lines brought out to a connector shall have series resistors of 1 kΩ or less.",
         "Check each line between the connector and the IC."),
        ("DR-07-07", "Every fitted part on the schematic shall appear on the BOM with designator, part and value; "
                     "values marked 'selected on test' shall be replaced by the value actually fitted.",
         "Compare the schematic against the BOM."),
    ]
    t = doc.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for cell, h in zip(t.rows[0].cells, ("Rule", "Requirement", "How to check")):
        cell.text = h
        cell.paragraphs[0].runs[0].bold = True
    for rid, req, how in rules:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = rid, req, how
    for row in t.rows:
        for cell, width in zip(row.cells, (Cm(2.4), Cm(10.0), Cm(4.6))):
            cell.width = width
    doc.add_heading("2. Approved LED parts (table 2)", level=2)
    leds = [("Green", "Lite-On LTST-C191KGKT", "2.2", "20"), ("Red", "Lite-On LTST-C191KRKT", "2.0", "20"),
            ("Yellow", "Lite-On LTST-C191KSKT", "2.1", "20"), ("Blue", "Lite-On LTST-C191TBKT", "3.0", "20")]
    t2 = doc.add_table(rows=1, cols=4)
    t2.style = "Table Grid"
    for cell, h in zip(t2.rows[0].cells, ("Colour", "Approved part", "Vf typical (V)", "Absolute max. If (mA)")):
        cell.text = h
        cell.paragraphs[0].runs[0].bold = True
    for row in leds:
        cells = t2.add_row().cells
        for c, v in zip(cells, row):
            c.text = v
    doc.add_heading("3. Approved passive parts", level=2)
    doc.add_paragraph("Resistors: Yageo RC0603FR-07 series, 1 %, 0603. Ceramic capacitors: Yageo CC0603 X7R. "
                      "Tantalum bulk capacitors: KEMET T491 series. Temperature sensors: Microchip linear "
                      "thermistor ICs in SOT-23-3. Colour-code reading of leaded prototype resistors follows "
                      "IEC 60062 (4-band: two digits, multiplier, tolerance).")
    doc.add_heading("4. Severity", level=2)
    doc.add_paragraph("Major: a rule violation that can damage a part or stop the board working (DR-07-01, -02, -03). "
                      "Minor: documentation or BOM completeness (DR-07-07).")
    doc.save(path)


# -- review request memo (pdf) -------------------------------------------------------------------


def write_memo(path: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Review request P-2207")
    c.setAuthor("Northgate Instruments Ltd")
    w, h = A4
    c.setFillColorRGB(0.12, 0.23, 0.37)
    c.rect(0, h - 70, w, 70, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(50, h - 42, "NORTHGATE INSTRUMENTS LTD")
    c.setFont("Helvetica", 9)
    c.drawString(50, h - 58, "Unit 4, Fenwick Science Park  ·  Electronics Design Office  ·  Internal memorandum")
    c.setFillColorRGB(0, 0, 0)
    y = h - 110
    c.setFont("Helvetica-Bold", 13)
    c.drawString(50, y, "Request for schematic design review — project P-2207")
    y -= 26
    c.setFont("Helvetica", 10)
    for label, value in (("To:", "Electrical engineering (design review)"), ("From:", "M. Halvorsen, project lead"),
                         ("Date:", "14 March 2024"), ("Ref:", "NGI-SCH-0200 rev B / BOM rev A")):
        c.setFont("Helvetica-Bold", 10)
        c.drawString(50, y, label)
        c.setFont("Helvetica", 10)
        c.drawString(100, y, value)
        y -= 15
    y -= 10
    body = [
        "Please review the attached revision B schematic of the LDB-200 status indicator board against our",
        "design rules DR-07 before we release it to layout.",
        "",
        "Background: revision B was drawn in a hurry for the customer demo. The purchasing BOM is still the",
        "revision A export and is known to be incomplete: it does not list the parts added in revision B.",
        "One resistor on the drawing is marked 'selected on test'; the value fitted on prototype #3 is in",
        "the attached close-up photo of the board (the drawing was not updated).",
        "",
        "What I need back:",
        "  1. a complete BOM for revision B, one line per designator, with the fitted value for the",
        "     selected-on-test resistor;",
        "  2. a short design review listing every DR-07 violation you find on the drawing, with the",
        "     designators and nets involved and a recommended fix.",
        "",
        "Prototype #3 ran for two days on the bench before one of the status LEDs went dim; I do not",
        "know whether that is related. Layout starts on Monday, so please flag anything major.",
        "",
        "Thanks,",
        "M. Halvorsen",
    ]
    c.setFont("Helvetica", 10)
    for line in body:
        c.drawString(50, y, line)
        y -= 14
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.line(50, 60, w - 50, 60)
    c.setFont("Helvetica", 7.5)
    c.drawString(50, 48, "Northgate Instruments Ltd is a fictitious company used for engineering training material.")
    c.drawRightString(w - 50, 48, "NGI-MEMO-24-031  ·  page 1 of 1")
    c.showPage()
    c.save()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    draw_schematic(out / "NGI-SCH-0200_revB_schematic.png")
    draw_resistor_photo(out / "proto3_R2_closeup.jpg")
    write_bom(out / "BOM_LDB-200_revA.xlsx")
    write_rules(out / "DR-07_design_rules.docx")
    write_memo(out / "review_request_P-2207.pdf")


if __name__ == "__main__":
    main()
