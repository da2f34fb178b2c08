"""Inputs for clinical_chart_abstraction (run inside the sandbox image).

    python3 make_inputs.py --out DIR

Writes a scanned-looking observation (TPR) chart (PNG), a scanned medication administration
record (PNG) and a typed discharge summary (PDF with a text layer). The patient, staff and
hospital are fictitious (synthetic test record). Deterministic: seeded RNG, reportlab invariant.

Ground truth visible only on the scans: daily maxima of the plotted temperature (38.4, 39.6,
38.9, 37.8, 37.1 °C; peak 39.6 °C on day 2 at 14:00) and pulse (112, 124, 106, 92, 84 bpm);
the handwritten allergy correction "NKDA" struck out -> "PENICILLIN - HIVES (PER DAUGHTER)", drawn as
jittered single-line pen strokes (no font) under a translucent pharmacy stamp, so OCR cannot read it; MAR doses given:
ceftriaxone 4 (day 4 omitted, cannula tissued), azithromycin 2, paracetamol PRN 6, enoxaparin 3."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.font_manager import FontProperties  # noqa: E402
from matplotlib.patches import PathPatch, Rectangle  # noqa: E402
from matplotlib.textpath import TextPath  # noqa: E402
from matplotlib.transforms import Affine2D  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402

INK = "#1c2f8a"
RED_INK = "#b3122a"
PRINT = "#2b2b2b"
FORM = "#7a1f3d"  # the form's printed colour (maroon)
STAMP = "#c4306e"  # magenta stamp-pad ink
HAND = FontProperties(family="Liberation Serif", style="italic")
FONT = "Liberation Sans"

DAYS = ["11/03/24", "12/03/24", "13/03/24", "14/03/24", "15/03/24"]
TIMES = ["02", "06", "10", "14", "18", "22"]
TEMP = [
    [None, None, 38.1, 38.4, 38.2, 37.9],
    [38.3, 38.8, 39.1, 39.6, 39.2, 38.7],
    [38.5, 38.2, 38.9, 38.6, 38.0, 37.8],
    [37.6, 37.4, 37.8, 37.5, 37.3, 37.2],
    [37.0, 36.9, 37.1, 36.8, None, None],
]
PULSE = [
    [None, None, 102, 112, 110, 104],
    [106, 114, 118, 124, 120, 112],
    [104, 100, 106, 102, 96, 94],
    [90, 88, 92, 86, 84, 82],
    [80, 78, 84, 80, None, None],
]
RESP = [
    [None, None, 24, 24, 22, 22],
    [22, 24, 26, 26, 24, 22],
    [22, 20, 20, 20, 18, 18],
    [18, 18, 18, 16, 16, 16],
    [16, 16, 16, 16, None, None],
]
SPO2 = [
    [None, None, 91, 93, 94, 94],
    [93, 92, 92, 91, 93, 94],
    [94, 95, 94, 95, 95, 96],
    [96, 96, 97, 96, 97, 97],
    [97, 98, 97, 97, None, None],
]


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


def hand_strokes(ax, rng, x, y, s, size, color, lw=0.9, rot=0.0, slant=14.0, wobble=0.04, gap=0.08, zorder=9,
                 joined=False):
    """Write `s` in jittered single-line pen strokes at (x, y) (baseline, data units), cap height `size`.
    Returns the width written. Each glyph gets its own slant, scale, baseline drift and point noise;
    strokes are corner-cut so they look drawn, not printed. joined=True: the pen is not lifted between
    letters of a word (a thin trailing stroke runs from each letter to the next), as in hurried writing."""
    import math

    import numpy as np
    cx = 0.0
    th = math.radians(rot)
    ct, st = math.cos(th), math.sin(th)
    last = None  # where the pen left the previous letter of the word
    for ch in s:
        if ch == " ":
            cx += size * (0.42 + rng.normal(0, 0.06))
            last = None
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
            if joined and last is not None and stroke is strokes[0]:
                ax.plot([last[0], X[0]], [last[1], Y[0]], color=color, lw=lw * 0.7, solid_capstyle="round",
                        zorder=zorder, alpha=0.85)
            ax.plot(X, Y, color=color, lw=lw * (1 + rng.normal(0, 0.12)), solid_capstyle="round",
                    solid_joinstyle="round", zorder=zorder, alpha=0.93)
            if stroke is strokes[-1]:
                last = (X[-1], Y[-1])
        cx += (adv + gap + rng.normal(0, 0.05)) * sc
    return cx


class Page:
    """A4 landscape in mm."""

    def __init__(self, seed: int) -> None:
        self.fig = plt.figure(figsize=(297 / 25.4, 210 / 25.4), dpi=140)
        self.ax = self.fig.add_axes([0, 0, 1, 1])
        self.ax.set_xlim(0, 297)
        self.ax.set_ylim(0, 210)
        self.ax.set_aspect("equal")
        self.ax.axis("off")
        self.rng = np.random.default_rng(seed)

    def text(self, x, y, s, size=6.5, color=PRINT, ha="left", va="center", family=FONT, **kw):
        self.ax.text(x, y, s, fontsize=size, color=color, ha=ha, va=va, family=family, **kw)

    def line(self, pts, color=PRINT, lw=0.6, **kw):
        xs, ys = zip(*pts)
        self.ax.plot(xs, ys, color=color, lw=lw, **kw)

    def hand(self, x, y, s, size=3.2, color=INK, rot=0.0, lw=0.55):
        """Handwriting-style text: italic serif glyph outlines, per-letter jitter, wobbly strokes."""
        cx = 0.0
        for ch in s:
            if ch == " ":
                cx += size * 0.35
                continue
            tp = TextPath((0, 0), ch, size=size, prop=HAND)
            w = tp.get_extents().width if tp.vertices.size else size * 0.3
            dy = self.rng.normal(0, size * 0.04)
            r = self.rng.normal(0, 4.0)
            tr = (Affine2D().skew_deg(12, 0).rotate_deg(r).translate(cx, dy).rotate_deg(rot).translate(x, y))
            patch = PathPatch(tr.transform_path(tp), fc=color, ec=color, lw=lw * 0.35, zorder=8, alpha=0.92)
            patch.set_sketch_params(scale=0.5, length=4, randomness=8)
            self.ax.add_patch(patch)
            cx += w + size * 0.07 + self.rng.normal(0, size * 0.02)
        return cx

    def tick(self, x, y, size=2.6, color=INK):
        pts = np.array([(x - size * 0.5, y + size * 0.05), (x - size * 0.15, y - size * 0.4), (x + size * 0.6, y + size * 0.6)])
        pts += self.rng.normal(0, size * 0.05, pts.shape)
        ln, = self.ax.plot(pts[:, 0], pts[:, 1], color=color, lw=1.3, solid_capstyle="round", zorder=8)
        ln.set_sketch_params(scale=0.6, length=6, randomness=10)

    def pen_line(self, pts, color=INK, lw=0.9):
        ln, = self.ax.plot(*zip(*pts), color=color, lw=lw, solid_capstyle="round", zorder=8)
        ln.set_sketch_params(scale=0.8, length=10, randomness=12)
        return ln

    def render(self) -> np.ndarray:
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=140, facecolor="white", metadata={"Software": None})
        plt.close(self.fig)
        return np.asarray(Image.open(buf).convert("RGB")).astype(np.float32)


def scan(img: np.ndarray, seed: int, angle: float, path: Path) -> None:
    """Paper tint, uneven illumination, slight rotation, dust, noise, blur; palette PNG."""
    rng = np.random.default_rng(seed)
    h, w, _ = img.shape
    yy, xx = np.mgrid[0:h, 0:w]
    paper = np.array([247, 244, 234], dtype=np.float32)
    img = img / 255.0 * paper
    light = 1.0 - 0.06 * ((xx / w - 0.35) ** 2 + (yy / h - 0.4) ** 2) * 2.2
    img = img * light[..., None]
    for _ in range(140):  # dust and toner specks
        cy, cx = rng.integers(0, h), rng.integers(0, w)
        r = rng.integers(1, 3)
        img[max(cy - r, 0):cy + r, max(cx - r, 0):cx + r] *= rng.uniform(0.35, 0.8)
    grain = rng.random((h, w)) < 0.004  # sparse scanner grain
    img[grain] *= 0.82
    img = np.clip(img, 0, 255).astype(np.uint8)
    pil = Image.fromarray(img).rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=(58, 58, 60))
    pil = pil.filter(ImageFilter.GaussianBlur(0.5))
    pil = pil.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pil.save(path, optimize=True)


# -- observation chart ----------------------------------------------------------------------------


def patient_label(p: Page, x0: float, y0: float) -> None:
    p.ax.add_patch(Rectangle((x0 + 0.8, y0 - 0.8), 92, 24, fc="#d8d8d8", ec="none", zorder=3))
    p.ax.add_patch(Rectangle((x0, y0), 92, 24, fc="white", ec="#888888", lw=0.5, zorder=4))
    lines = [("ZZTEST, Marlowe  (SYNTHETIC TEST PATIENT)", 7.2, "bold"), ("MRN: SYN-204417    DOB: 02/06/1951 (72 y)   F", 6.3, "normal"),
             ("Ward 6B Respiratory   Bed 14", 6.3, "normal"), ("Consultant: Dr R. Vance   Adm: 11/03/24 09:40", 6.3, "normal")]
    for i, (s, size, weight) in enumerate(lines):
        p.ax.text(x0 + 2.5, y0 + 19.5 - i * 5.2, s, fontsize=size, weight=weight, family="Liberation Mono", zorder=5,
                  va="center", color="#111111")


def draw_obs_chart(path: Path) -> None:
    p = Page(seed=3117)
    ax = p.ax
    # header
    p.text(12, 200, "ST ALDRIC GENERAL HOSPITAL", size=11, color=FORM, weight="bold")
    p.text(12, 194.5, "Fictitious teaching hospital · synthetic record for training use", size=5.5, color=FORM)
    p.text(12, 187.5, "OBSERVATION CHART — TEMPERATURE · PULSE · RESPIRATION", size=9, color=FORM, weight="bold")
    p.text(12, 182.5, "Form SAG-NUR-014 (rev. 06/2019)   Plot temperature ×  blue,  pulse ●  red.  Record 4-hourly.",
           size=5.6, color=FORM)
    patient_label(p, 195, 178)
    # allergy box
    ax.add_patch(Rectangle((120, 179), 70, 24, fc="none", ec=FORM, lw=0.8))
    p.text(122, 199.5, "ALLERGIES / SENSITIVITIES", size=6, color=FORM, weight="bold")
    p.text(122, 194.5, "Drug / reaction:", size=5.3, color=FORM)
    wdt = p.hand(140, 193.3, "NKDA", size=3.6)
    p.pen_line([(138.5, 194.6), (140.5 + wdt, 195.4)], color=INK, lw=0.9)
    # the correction: pen strokes (real handwriting, no font), red ballpoint, written in a hurry
    hr = np.random.default_rng(1203)
    hand_strokes(ax, hr, 144 + wdt, 192.6, "PENICILLIN", 3.3, RED_INK, lw=0.85, rot=3, gap=0.13)
    hand_strokes(ax, hr, 123, 186.4, "- HIVES (PER DAUGHTER)", 2.7, RED_INK, lw=0.75, rot=1.5, gap=0.11)
    hand_strokes(ax, hr, 123, 181.2, "12/3 J.K. RN", 2.4, RED_INK, lw=0.7, rot=1, gap=0.12)
    # pharmacy's rubber stamp, pressed later across the entry (patchy violet ink, slightly rotated)
    stamp = Affine2D().rotate_deg_around(151, 190.4, 4) + ax.transData
    ax.add_patch(Rectangle((125, 184.4), 52, 12.0, fc="none", ec=STAMP, lw=1.4, alpha=0.55, zorder=10,
                           transform=stamp))
    ax.text(151, 193.2, "PHARMACY", fontsize=11.5, color=STAMP, alpha=0.5, ha="center", va="center", family=FONT,
            weight="bold", zorder=10, transform=stamp)
    ax.text(151, 187.4, "ALLERGY STATUS CHECKED", fontsize=7.4, color=STAMP, alpha=0.5, ha="center",
            va="center", family=FONT, weight="bold", zorder=10, transform=stamp)
    # grid geometry
    gx0, gx1, gy0, gy1 = 40.0, 286.0, 44.0, 164.0
    ncol = 30
    cw = (gx1 - gx0) / ncol
    tmin, tmax = 35.0, 41.0
    rh = (gy1 - gy0) / 30  # 0.2 °C per row

    def ty(t: float) -> float:
        return gy0 + (t - tmin) / (tmax - tmin) * (gy1 - gy0)

    # header rows: date, hospital day, time
    for k, (label, y) in enumerate((("DATE", 174.5), ("HOSPITAL DAY", 169.5), ("TIME", 166.0))):
        p.text(12, y, label, size=5.3, color=FORM, weight="bold")
    ax.add_patch(Rectangle((10, 44), 276, 134 - 2, fc="none", ec=FORM, lw=0.9))
    for y in (172.0, 167.5):
        p.line([(10, y), (286, y)], color=FORM, lw=0.6)
    for d in range(5):
        xa = gx0 + d * 6 * cw
        p.hand(xa + 6 * cw / 2 - 8, 173.6, DAYS[d][:5], size=3.2)
        p.text(xa + 6 * cw / 2, 169.8, str(d + 1), size=6.3, color=PRINT, ha="center")
        for i, tm in enumerate(TIMES):
            p.text(xa + (i + 0.5) * cw, 165.7, tm, size=4.8, color=FORM, ha="center")
    # grid lines
    for i in range(ncol + 1):
        x = gx0 + i * cw
        major = i % 6 == 0
        p.line([(x, gy0), (x, 176 if major else gy1 + 3.5)], color=FORM, lw=0.9 if major else 0.25)
    for j in range(31):
        y = gy0 + j * rh
        major = j % 5 == 0
        p.line([(gx0, y), (gx1, y)], color=FORM, lw=0.6 if major else 0.18, alpha=0.9 if major else 0.7)
    p.line([(gx0, ty(37.0)), (gx1, ty(37.0))], color="#c0392b", lw=0.9, ls=(0, (4, 2)))
    # scales
    p.line([(25, gy0), (25, gy1 + 3.5)], color=FORM, lw=0.6)
    p.text(17.5, gy1 - 1.6, "°C", size=5.5, color=FORM, ha="center", weight="bold")
    p.text(32.5, gy1 - 1.6, "Pulse", size=5.5, color=FORM, ha="center", weight="bold")
    for t in range(36, 41):
        p.text(17.5, ty(t), f"{t}", size=6.5, color=FORM, ha="center")
    for t in (35.5, 36.5, 37.5, 38.5, 39.5, 40.5):
        p.text(17.5, ty(t), "·5", size=4.5, color=FORM, ha="center")
    for pulse in range(60, 160, 20):
        p.text(32.5, gy0 + (pulse - 40) / 120 * (gy1 - gy0), str(pulse), size=6.5, color=FORM, ha="center")
    # plotted observations
    for series, color, kind in ((TEMP, "#1f3fbf", "x"), (PULSE, "#c0182c", "o")):
        pts = []
        for d in range(5):
            for i in range(6):
                v = series[d][i]
                if v is None:
                    continue
                x = gx0 + (d * 6 + i + 0.5) * cw + p.rng.normal(0, 0.12)
                y = ty(v) if kind == "x" else gy0 + (v - 40) / 120 * (gy1 - gy0)
                pts.append((x, y))
        xs, ys = zip(*pts)
        ln, = ax.plot(xs, ys, color=color, lw=0.8, zorder=6, alpha=0.9)
        ln.set_sketch_params(scale=0.4, length=12, randomness=10)
        if kind == "x":
            ax.plot(xs, ys, ls="none", marker="x", ms=4.2, mew=1.3, color=color, zorder=7)
        else:
            ax.plot(xs, ys, ls="none", marker="o", ms=3.3, color=color, zorder=7)
    # rows below the grid: respirations, SpO2, initials
    rows = [("RESP / min", RESP, 39.0), ("SpO2 %", SPO2, 33.0), ("O2 L/min", None, 27.0), ("INITIALS", None, 21.0)]
    for label, data, y in rows:
        p.line([(10, y - 3), (286, y - 3)], color=FORM, lw=0.5)
        p.text(12, y, label, size=5.2, color=FORM, weight="bold")
        for d in range(5):
            for i in range(6):
                x = gx0 + (d * 6 + i + 0.5) * cw
                have = TEMP[d][i] is not None
                if not have:
                    continue
                if data is not None:
                    p.hand(x - 2.3, y - 1.0, str(data[d][i]), size=2.5)
                elif label.startswith("O2"):
                    p.hand(x - 1.2, y - 1.0, "2" if d < 2 else ("1" if d == 2 else "RA"), size=2.4)
                else:
                    p.hand(x - 2.6, y - 1.0, ["JK", "AB", "MT", "JK", "AB", "MT"][i], size=2.3)
    p.line([(10, 44), (286, 44)], color=FORM, lw=0.9)
    for i in range(0, ncol + 1, 6):
        x = gx0 + i * cw
        p.line([(x, 18), (x, 44)], color=FORM, lw=0.9)
    p.line([(40, 18), (40, 44)], color=FORM, lw=0.9)
    ax.add_patch(Rectangle((10, 18), 276, 26, fc="none", ec=FORM, lw=0.9))
    # handwritten clinical annotations
    xpk = gx0 + (1 * 6 + 3 + 0.5) * cw
    p.pen_line([(xpk + 2.0, ty(39.6) + 1.5), (xpk + 9, ty(40.3))], color=INK, lw=0.7)
    p.hand(xpk + 9.5, ty(40.35), "PCM 1g PO 14:20, Dr informed", size=2.9, rot=3)
    x3 = gx0 + (2 * 6 + 2 + 0.5) * cw
    p.hand(x3 - 6, ty(40.0), "blood cultures x2", size=2.8, rot=-2)
    x4 = gx0 + (3 * 6 + 2 + 0.5) * cw
    p.hand(x4 - 4, ty(35.6), "O2 weaned to air", size=2.8, rot=1)
    # footer
    p.text(12, 12.5, "Escalate to medical team if T ≥ 38.5 °C, pulse > 120, RR > 24 or SpO2 < 92 % (NEWS2 ≥ 5).",
           size=5.5, color=FORM)
    p.text(286, 12.5, "SAG-NUR-014  ·  Page 1 of 1  ·  File in patient notes", size=5.5, color=FORM, ha="right")
    scan(p.render(), seed=41, angle=1.3, path=path)


# -- medication administration record ---------------------------------------------------------------

MEDS = [
    # name lines, time label, per-day cells: (code, initials) or None
    (["CEFTRIAXONE  2 g  IV", "once daily   (start 11/03)", "Dr P. Okafor  bleep 4471"], "10:00",
     [("✓", "JK"), ("✓", "AB"), ("✓", "JK"), ("O", "MT"), ("✓", "AB")]),
    (["AZITHROMYCIN  500 mg  PO", "once daily   (start 11/03)", "Dr P. Okafor"], "10:00",
     [("✓", "JK"), ("✓", "AB"), ("DC", ""), ("DC", ""), ("DC", "")]),
    (["ENOXAPARIN  40 mg  SC", "once daily  (VTE prophylaxis)", "Dr P. Okafor"], "18:00",
     [("H", "JK"), ("✓", "MT"), ("✓", "JK"), ("✓", "MT"), ("", "")]),
]
PRN = [  # per day: list of (time, initials)
    [("14:20", "JK"), ("22:10", "MT")],
    [("06:05", "MT"), ("14:20", "AB"), ("21:45", "JK")],
    [("08:30", "AB")],
    [],
    [],
]


def draw_mar(path: Path) -> None:
    p = Page(seed=5521)
    ax = p.ax
    p.text(12, 200, "ST ALDRIC GENERAL HOSPITAL", size=11, color="#1d4f6e", weight="bold")
    p.text(12, 194.5, "Fictitious teaching hospital · synthetic record for training use", size=5.5, color="#1d4f6e")
    p.text(12, 187.5, "INPATIENT MEDICATION ADMINISTRATION RECORD (MAR) — chart 1 of 1", size=9, color="#1d4f6e",
           weight="bold")
    p.text(12, 182.5, "Pharmacy-printed allergy status: No known drug allergies (as at 11/03/24 09:55)", size=6,
           color="#1d4f6e")
    patient_label(p, 195, 178)
    x0, x1 = 10.0, 286.0
    col_med, col_time = 88.0, 104.0
    dw = (x1 - col_time) / 5
    top = 172.0
    # header row
    ax.add_patch(Rectangle((x0, 30), x1 - x0, top - 30, fc="none", ec="#1d4f6e", lw=1.0))
    p.line([(x0, top - 9), (x1, top - 9)], color="#1d4f6e", lw=0.8)
    p.text(x0 + 2, top - 4.5, "REGULAR MEDICATIONS — drug, dose, route, frequency, prescriber", size=5.5,
           color="#1d4f6e", weight="bold")
    p.text(col_med + 8, top - 4.5, "TIME", size=5.5, color="#1d4f6e", weight="bold", ha="center")
    for d in range(5):
        xa = col_time + d * dw
        p.text(xa + dw / 2, top - 3.0, f"Day {d + 1}", size=5.5, color="#1d4f6e", weight="bold", ha="center")
        p.hand(xa + dw / 2 - 5, top - 8.0, DAYS[d][:5], size=2.8)
    for x in [col_med, col_time] + [col_time + d * dw for d in range(1, 5)]:
        p.line([(x, 30), (x, top)], color="#1d4f6e", lw=0.7)
    row_h = 22.0
    y = top - 9
    for names, tlabel, cells in MEDS:
        yb = y - row_h
        p.line([(x0, yb), (x1, yb)], color="#1d4f6e", lw=0.7)
        for i, s in enumerate(names):
            p.text(x0 + 2, y - 5 - i * 5.5, s, size=6.8 if i == 0 else 5.6, weight="bold" if i == 0 else "normal")
        p.text(col_med + 8, y - row_h / 2, tlabel, size=6.3, ha="center")
        for d, (code, ini) in enumerate(cells):
            cx = col_time + d * dw + dw / 2
            cy = y - row_h / 2
            if code == "✓":
                p.tick(cx - 6, cy + 1, size=4.2)
                p.hand(cx + 0.5, cy - 1.0, ini, size=3.4)
            elif code in ("O", "H"):
                p.hand(cx - 6.5, cy - 1.2, code, size=4.0)
                circ = plt.Circle((cx - 5.0, cy + 0.2), 3.0, fill=False, ec=INK, lw=0.8, zorder=8)
                circ.set_sketch_params(scale=0.5, length=8, randomness=10)
                ax.add_patch(circ)
                p.hand(cx + 0.5, cy - 1.0, ini, size=3.4)
                note = "cannula tissued" if code == "O" else "plt pending"
                p.hand(cx - 8.5, cy - 7.0, note, size=2.3)
            elif code == "":
                pass
        if names[0].startswith("AZITHRO"):
            xs = col_time + 2 * dw
            p.pen_line([(xs + 2, y - row_h / 2), (x1 - 3, y - row_h / 2 + 1.2)], color=INK, lw=1.1)
            p.hand(xs + 8, y - row_h / 2 + 2.2, "DISCONTINUED 13/3  Dr Okafor", size=3.0)
        if names[0].startswith("ENOXA"):
            p.hand(col_time + 4 * dw + 3, y - row_h / 2 - 1, "discharged", size=2.8)
        y = yb
    # PRN section
    p.line([(x0, y - 7), (x1, y - 7)], color="#1d4f6e", lw=0.8)
    p.text(x0 + 2, y - 3.5, "AS REQUIRED (PRN) MEDICATIONS — record time and initials of each dose", size=5.5,
           color="#1d4f6e", weight="bold")
    y -= 7
    yb = 30.0
    names = ["PARACETAMOL  1 g  PO", "6-hourly PRN for fever / pain", "max 4 g in 24 h   Dr P. Okafor"]
    for i, s in enumerate(names):
        p.text(x0 + 2, y - 5 - i * 5.5, s, size=6.8 if i == 0 else 5.6, weight="bold" if i == 0 else "normal")
    p.text(col_med + 8, y - 10, "PRN", size=6.3, ha="center")
    slot_h = (y - yb) / 4
    for k in range(1, 4):
        p.line([(col_time, y - k * slot_h), (x1, y - k * slot_h)], color="#1d4f6e", lw=0.3)
    for d, doses in enumerate(PRN):
        for k, (tm, ini) in enumerate(doses):
            cx = col_time + d * dw
            cy = y - (k + 0.5) * slot_h
            p.hand(cx + 2.0, cy - 1.0, tm, size=2.8)
            p.tick(cx + 17.5, cy + 0.2, size=3.2)
            p.hand(cx + 21.5, cy - 1.0, ini, size=2.8)
    # legend and signatures
    p.text(12, 24.5, "CODES:  ✓ + initials = given    H = held (reason in notes)    R = refused    O = omitted / other (reason)    "
           "DC = discontinued", size=5.8, color="#1d4f6e", family="DejaVu Sans")
    p.text(12, 18.5, "SIGNATURES:  JK = J. Kowalczyk RN    AB = A. Bianchi RN    MT = M. Torres RN    (fictitious staff)",
           size=5.8, color="#1d4f6e")
    p.text(286, 12.5, "SAG-PHA-002  ·  Retain in patient notes", size=5.5, color="#1d4f6e", ha="right")
    scan(p.render(), seed=77, angle=-0.8, path=path)


# -- discharge summary (typed PDF) ------------------------------------------------------------------


def write_summary(path: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Discharge summary SYN-204417")
    c.setAuthor("St Aldric General Hospital (fictitious)")
    w, h = A4
    c.setFillColorRGB(0.11, 0.31, 0.43)
    c.rect(0, h - 62, w, 62, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 15)
    c.drawString(45, h - 34, "ST ALDRIC GENERAL HOSPITAL")
    c.setFont("Helvetica", 8.5)
    c.drawString(45, h - 50, "Department of Respiratory Medicine  ·  fictitious hospital, synthetic training record")
    c.setFillColorRGB(0, 0, 0)
    y = h - 92
    c.setFont("Helvetica-Bold", 13)
    c.drawString(45, y, "DISCHARGE SUMMARY")
    y -= 22
    c.setFont("Helvetica", 9)
    fields = [("Patient", "ZZTEST, Marlowe (synthetic test patient)"), ("MRN", "SYN-204417"),
              ("Date of birth", "02/06/1951"), ("Ward", "6B Respiratory"), ("Consultant", "Dr R. Vance"),
              ("Admitted", "11/03/2024 09:40 via Emergency Department"), ("Discharged", "15/03/2024 16:00, home"),
              ("Allergies", "No known drug allergies (NKDA)")]
    for k, v in fields:
        c.setFont("Helvetica-Bold", 9)
        c.drawString(45, y, k + ":")
        c.setFont("Helvetica", 9)
        c.drawString(135, y, v)
        y -= 13
    sections = [
        ("Diagnosis", ["Community-acquired pneumonia, right lower lobe (CURB-65 score 2)."]),
        ("Presentation", ["Three days of productive cough, fever and breathlessness. On arrival: temperature 38.1 °C,",
                          "heart rate 102/min, respiratory rate 24/min, SpO2 91 % on room air, BP 128/76.",
                          "CXR: right lower lobe consolidation. CRP 186 mg/L, WCC 15.2 x10^9/L."]),
        ("Hospital course", ["Started on IV ceftriaxone 2 g once daily and oral azithromycin 500 mg once daily with",
                             "supplementary oxygen. Azithromycin was stopped once the urinary Legionella antigen was",
                             "negative. The patient remained febrile for the first days of admission and received",
                             "paracetamol as required; fever then settled. Oxygen was weaned to room air. VTE",
                             "prophylaxis with enoxaparin 40 mg SC once daily. The patient completed five days of",
                             "IV ceftriaxone before discharge."]),
        ("Medications on discharge", ["Amoxicillin-clavulanate 625 mg PO three times daily for 2 days (to complete 7 days",
                                      "of antibiotics). Paracetamol 1 g PO up to four times daily as required."]),
        ("Follow-up", ["GP review in 1 week. Repeat chest X-ray in 6 weeks to confirm resolution.",
                       "Return if fever recurs, breathlessness worsens or new chest pain."]),
    ]
    for title, lines in sections:
        y -= 10
        c.setFont("Helvetica-Bold", 10)
        c.drawString(45, y, title)
        y -= 14
        c.setFont("Helvetica", 9)
        for line in lines:
            c.drawString(45, y, line)
            y -= 12.5
    y -= 18
    c.setFont("Helvetica", 9)
    c.drawString(45, y, "Completed by: Dr P. Okafor, FY2 (fictitious), for Dr R. Vance, 15/03/2024 15:30")
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.line(45, 55, w - 45, 55)
    c.setFont("Helvetica", 7)
    c.drawString(45, 43, "SYNTHETIC RECORD — not a real patient. Typed from the electronic record; handwritten chart "
                         "entries are not transcribed here.")
    c.drawRightString(w - 45, 32, "SAG-DS-01  ·  page 1 of 1")
    c.showPage()
    c.save()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    draw_obs_chart(out / "observation_chart_scan.png")
    draw_mar(out / "MAR_scan.png")
    write_summary(out / "discharge_summary.pdf")


if __name__ == "__main__":
    main()
