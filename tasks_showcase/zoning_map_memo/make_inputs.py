"""Inputs for zoning_map_memo: a zoning map raster, parcel and transit GeoJSON, a policy PDF.

python3 make_inputs.py --out DIR   (deterministic: seeded RNG, reportlab invariant=1)

The zoning class of each parcel exists ONLY on land_use_map.png: as its fill colour (legend on
the map), or, for the four parcels rezoned after consolidation (AMENDMENTS), as the new class
handwritten in red pen on the parcel or on a note whose leader arrow points at it.
parcels.geojson carries ids and geometry but no class."""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrow, Polygon, Rectangle  # noqa: E402

# -- geometry (local metres: x east, y north, before rotating the street grid) -------------

LAT0, LON0 = 44.93420, -93.18760  # south-west corner of the district grid (fictional city)
EARTH_R = 6371008.8
GRID_ROT_DEG = 14.0  # the street grid is rotated 14 degrees anticlockwise from true east

CLASSES = [  # legend order: code, name, fill colour
    ("R-1", "Single-detached residential", "#f6e27f"),
    ("R-3", "Multiple-unit residential", "#e9a23b"),
    ("MU", "Mixed use", "#b77fc9"),
    ("C-2", "General commercial", "#e0605a"),
    ("I-1", "Light industrial", "#9c9c9c"),
    ("OS", "Open space / park", "#86c57a"),
    ("PF", "Public facility", "#6f9fd8"),
]
COLOUR = {code: col for code, _, col in CLASSES}

ZONING = {
    "P-111": "R-1", "P-121": "R-1", "P-122": "R-1", "P-123": "R-1", "P-131": "PF", "P-132": "R-1",
    "P-141": "R-1", "P-142": "R-1", "P-151": "OS", "P-152": "R-1", "P-161": "OS",
    "P-211": "R-1", "P-212": "R-3", "P-221": "R-1", "P-222": "R-1", "P-223": "R-3", "P-231": "MU",
    "P-232": "R-3", "P-241": "C-2", "P-251": "R-3", "P-261": "R-1", "P-262": "R-1",
    "P-311": "R-1", "P-312": "R-1", "P-321": "R-3", "P-322": "R-1", "P-331": "R-1", "P-332": "R-3",
    "P-341": "R-1", "P-342": "PF", "P-351": "R-3", "P-361": "MU", "P-362": "R-3",
    "P-411": "R-3", "P-412": "C-2", "P-421": "MU", "P-431": "C-2", "P-432": "MU", "P-441": "C-2",
    "P-442": "C-2", "P-443": "MU", "P-451": "R-3", "P-452": "R-3", "P-461": "C-2", "P-462": "I-1",
    "P-511": "OS", "P-521": "I-1", "P-522": "I-1", "P-531": "C-2", "P-532": "I-1", "P-541": "MU",
    "P-542": "I-1", "P-551": "C-2", "P-552": "R-3", "P-561": "I-1",
}
HERITAGE = {"P-122", "P-123", "P-331"}  # hatched overlay on the map
# Zoning amendments adopted after the map was consolidated, marked up BY HAND in red pen on the
# zoning desk's working copy (the printed fill still shows the old class). Visual only: the new
# class exists nowhere but in the handwriting. (parcel, new class, bylaw, markup style)
AMENDMENTS = [
    ("P-322", "R-3", "BL 2025-03", "on_parcel"),
    ("P-341", "MU", "BL 2025-06", "on_parcel"),
    ("P-532", "C-2", "BL 2025-08", "callout"),
    ("P-551", "MU", "BL 2025-11", "callout"),
]
PEN = "#b5121b"

EW_STREETS = {1200: "RIDGE ROAD", 960: "ALDER STREET", 720: "BIRCH STREET", 480: "CEDAR STREET",
              240: "HARMON AVENUE", 0: "CANAL STREET"}
NS_STREETS = {0: "KENT ST", 300: "LYLE ST", 600: "MOSS ST", 900: "NASH ST", 1200: "ORR ST",
              1500: "PIKE ST", 1800: "QUAY ST"}


def subdivide() -> list[tuple[str, tuple[float, float, float, float]]]:
    """55 parcels on a 6 x 5 block grid (blocks 280 x 220 m, streets 20 m), seeded."""
    rng = random.Random(19)
    parcels = []
    for r in range(1, 6):
        for c in range(1, 7):
            x0 = (c - 1) * 300 + 10
            x1 = x0 + 280
            y0 = (5 - r) * 240 + 10
            y1 = y0 + 220
            n = rng.choice([1, 2, 2, 2, 3])
            if n == 1:
                parts = [(x0, y0, x1, y1)]
            elif n == 2:
                f = rng.uniform(0.4, 0.6)
                if rng.random() < 0.6:
                    xm = x0 + f * 280
                    parts = [(x0, y0, xm, y1), (xm, y0, x1, y1)]
                else:
                    ym = y1 - f * 220
                    parts = [(x0, ym, x1, y1), (x0, y0, x1, ym)]
            else:
                a, b = sorted([rng.uniform(0.28, 0.4), rng.uniform(0.6, 0.72)])
                parts = [(x0, y0, x0 + a * 280, y1), (x0 + a * 280, y0, x0 + b * 280, y1), (x0 + b * 280, y0, x1, y1)]
            for k, p in enumerate(parts, 1):
                parcels.append((f"P-{r}{c}{k}", tuple(round(v, 1) for v in p)))
    return parcels


# -- handwriting (stroke glyphs, jittered; y grows downwards inside a glyph box) -------------

GLYPHS = {
    "0": [[(0.30, 0.0), (0.08, 0.15), (0.02, 0.5), (0.10, 0.88), (0.32, 1.0), (0.52, 0.85), (0.58, 0.45), (0.50, 0.10), (0.30, 0.0), (0.22, 0.05)]],
    "1": [[(0.12, 0.22), (0.36, 0.0), (0.34, 1.0)]],
    "2": [[(0.04, 0.22), (0.22, 0.02), (0.46, 0.04), (0.56, 0.26), (0.42, 0.52), (0.04, 0.98), (0.36, 0.95), (0.62, 0.97)]],
    "3": [[(0.06, 0.10), (0.30, 0.0), (0.52, 0.12), (0.48, 0.36), (0.24, 0.48), (0.50, 0.58), (0.56, 0.84), (0.30, 1.0), (0.02, 0.90)]],
    "5": [[(0.56, 0.0), (0.12, 0.02), (0.06, 0.44), (0.34, 0.38), (0.56, 0.58), (0.50, 0.90), (0.24, 1.0), (0.02, 0.90)]],
    "6": [[(0.50, 0.04), (0.22, 0.16), (0.04, 0.56), (0.08, 0.90), (0.30, 1.0), (0.52, 0.88), (0.52, 0.62), (0.30, 0.50), (0.06, 0.64)]],
    "8": [[(0.50, 0.14), (0.30, 0.0), (0.08, 0.14), (0.14, 0.38), (0.46, 0.58), (0.54, 0.84), (0.30, 1.0), (0.04, 0.84), (0.14, 0.58), (0.46, 0.36), (0.50, 0.14)]],
    "R": [[(0.06, 1.0), (0.06, 0.02), (0.40, 0.0), (0.56, 0.16), (0.48, 0.42), (0.10, 0.50)], [(0.26, 0.50), (0.62, 1.0)]],
    "M": [[(0.02, 1.0), (0.08, 0.0), (0.36, 0.62), (0.62, 0.0), (0.70, 1.0)]],
    "U": [[(0.04, 0.0), (0.06, 0.70), (0.20, 0.98), (0.42, 0.98), (0.56, 0.70), (0.58, 0.0)]],
    "C": [[(0.56, 0.12), (0.36, 0.0), (0.12, 0.12), (0.02, 0.50), (0.12, 0.88), (0.36, 1.0), (0.58, 0.88)]],
    "B": [[(0.06, 1.0), (0.06, 0.0)], [(0.06, 0.02), (0.38, 0.0), (0.52, 0.14), (0.44, 0.40), (0.08, 0.48), (0.46, 0.54),
                                      (0.58, 0.76), (0.46, 0.96), (0.06, 1.0)]],
    "L": [[(0.06, 0.0), (0.06, 1.0), (0.52, 0.98)]],
    "-": [[(0.04, 0.56), (0.40, 0.52)]],
}
ADVANCE = {"M": 0.85, "-": 0.50, "1": 0.50}


def _catmull(points, n=8):
    pts = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts[i - 1:i + 3]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append((0.5 * (2 * x1 + (-x0 + x2) * t + (2 * x0 - 5 * x1 + 4 * x2 - x3) * t2 + (-x0 + 3 * x1 - 3 * x2 + x3) * t3),
                        0.5 * (2 * y1 + (-y0 + y2) * t + (2 * y0 - 5 * y1 + 4 * y2 - y3) * t2 + (-y0 + 3 * y1 - 3 * y2 + y3) * t3)))
    out.append(pts[-2])
    return out


def _turn(x, y, ox, oy, deg):
    t = math.radians(deg)
    dx, dy = x - ox, y - oy
    return ox + dx * math.cos(t) - dy * math.sin(t), oy + dx * math.sin(t) + dy * math.cos(t)


def handwrite(ax, text, x, y, size, rng, angle=0.0, lw=1.9, slant=0.2):
    """Pen handwriting in data units: (x, y) is the top-left of the text, size the glyph height."""
    cx = x
    for ch in text:
        if ch == " ":
            cx += size * 0.42
            continue
        scale = size * rng.uniform(0.92, 1.08)
        base = y + rng.uniform(-0.05, 0.05) * size
        for stroke in GLYPHS[ch]:
            jit = [(px + rng.uniform(-0.04, 0.04), py + rng.uniform(-0.03, 0.03)) for px, py in stroke]
            pts = [_turn(cx + (gx + slant * (1 - gy)) * scale, base - gy * scale, x, y, angle) for gx, gy in _catmull(jit)]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], color=PEN, lw=lw * rng.uniform(0.85, 1.15),
                    solid_capstyle="round", solid_joinstyle="round", zorder=12)
        cx += scale * ADVANCE.get(ch, 0.72) + rng.uniform(0, 0.06) * size
    return cx


def hand_loop(ax, cx, cy, rx, ry, rng, lw=1.6):
    """A quick pen loop (a ring drawn round a note), overshooting where it closes."""
    start = rng.uniform(0, 2 * math.pi)
    pts = []
    for k in range(58):
        t = start + k / 50 * 2 * math.pi
        wob = 1 + 0.06 * math.sin(3 * t + start) + rng.uniform(-0.02, 0.02)
        pts.append((cx + rx * wob * math.cos(t), cy + ry * wob * math.sin(t)))
    ax.plot([p[0] for p in pts], [p[1] for p in pts], color=PEN, lw=lw, solid_capstyle="round", zorder=12)


def hand_arrow(ax, x0, y0, x1, y1, rng, bend=0.25, lw=1.7):
    """A pen leader: a bowed stroke from (x0, y0) to an arrowhead at (x1, y1)."""
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    nx, ny = -(y1 - y0), x1 - x0
    c = (mx + bend * nx, my + bend * ny)
    pts = []
    for k in range(41):
        t = k / 40
        px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * c[0] + t * t * x1 + rng.uniform(-2, 2)
        py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * c[1] + t * t * y1 + rng.uniform(-2, 2)
        pts.append((px, py))
    ax.plot([p[0] for p in pts], [p[1] for p in pts], color=PEN, lw=lw, solid_capstyle="round", zorder=12)
    dx, dy = x1 - pts[-4][0], y1 - pts[-4][1]
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    for side in (-1, 1):
        hx, hy = _turn(x1 - 42 * dx, y1 - 42 * dy, x1, y1, side * rng.uniform(22, 30))
        ax.plot([hx, x1], [hy, y1], color=PEN, lw=lw * 1.1, solid_capstyle="round", zorder=12)


def rot(x: float, y: float) -> tuple[float, float]:
    t = math.radians(GRID_ROT_DEG)
    return x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t)


def lonlat(x: float, y: float) -> tuple[float, float]:
    """Rotated local metres -> WGS84 (equirectangular about the origin; < 0.1 m error here)."""
    lon = LON0 + math.degrees(x / (EARTH_R * math.cos(math.radians(LAT0))))
    lat = LAT0 + math.degrees(y / EARTH_R)
    return round(lon, 7), round(lat, 7)


def rect_ring(rect: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = rect
    return [rot(x0, y0), rot(x1, y0), rot(x1, y1), rot(x0, y1)]


LINE_LOCAL = [(-900.0, 240.0), (1050.0, 240.0)]  # along Harmon Avenue, terminus east of Nash St
STATIONS = [("Lyle Street", 300.0), ("Moss Street", 600.0), ("Foundry Yards (terminus)", 1050.0)]


# -- GeoJSON ------------------------------------------------------------------------------


def write_geojson(out: Path, parcels) -> None:
    feats = []
    for i, (pid, rect) in enumerate(parcels):
        ring = [lonlat(*p) for p in rect_ring(rect)]
        ring.append(ring[0])
        area = (rect[2] - rect[0]) * (rect[3] - rect[1])
        feats.append({
            "type": "Feature",
            "properties": {"parcel_id": pid, "roll_no": f"14-{3100 + 7 * i:04d}-000",
                           "lot_area_m2": round(area), "ward": 4 if rect[0] < 900 else 5},
            "geometry": {"type": "Polygon", "coordinates": [[list(p) for p in ring]]},
        })
    fc = {"type": "FeatureCollection", "name": "parcels_eastside_district",
          "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}},
          "features": feats}
    (out / "parcels.geojson").write_text(json.dumps(fc, indent=1) + "\n")

    line = [list(lonlat(*rot(x, y))) for x, y in LINE_LOCAL]
    tfeats = [{
        "type": "Feature",
        "properties": {"name": "Harmon Avenue Rapid Bus (Line H)", "status": "proposed", "mode": "BRT",
                       "alignment": "centreline", "source": "Transit Planning, functional design 2025-02"},
        "geometry": {"type": "LineString", "coordinates": line},
    }]
    for name, x in STATIONS:
        tfeats.append({"type": "Feature", "properties": {"name": name, "type": "station", "status": "proposed"},
                       "geometry": {"type": "Point", "coordinates": list(lonlat(*rot(x, 240.0)))}})
    (out / "transit_line.geojson").write_text(json.dumps(
        {"type": "FeatureCollection", "name": "line_h_proposed",
         "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}},
         "features": tfeats}, indent=1) + "\n")


# -- the map ------------------------------------------------------------------------------


def draw_map(out: Path, parcels) -> None:
    plt.rcParams["font.family"] = "DejaVu Sans"
    plt.rcParams["svg.hashsalt"] = "zoning"
    fig = plt.figure(figsize=(16, 11), dpi=110)
    fig.patch.set_facecolor("white")
    ax = fig.add_axes([0.035, 0.075, 0.70, 0.86])
    ax.set_aspect("equal")
    ax.set_facecolor("#fbfbf8")
    # map window in rotated metres
    xmin, xmax, ymin, ymax = -420, 1880, -240, 1640
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(ymin, ymax)

    # canal south of Canal Street
    canal = [rot(-600, -75), rot(2100, -75), rot(2100, -40), rot(-600, -40)]
    ax.add_patch(Polygon(canal, closed=True, facecolor="#bcd9ef", edgecolor="#6fa3c9", lw=0.8, zorder=1))
    cx, cy = rot(1350, -58)
    ax.text(cx, cy, "MARLOW CANAL", rotation=GRID_ROT_DEG, color="#2f6d99", fontsize=8, style="italic",
            ha="center", va="center", zorder=2)
    # street casing (light grey carriageways) under the parcels
    for y in EW_STREETS:
        ax.add_patch(Polygon([rot(-600, y - 10), rot(2100, y - 10), rot(2100, y + 10), rot(-600, y + 10)],
                             closed=True, facecolor="#ffffff", edgecolor="#c8c8c8", lw=0.5, zorder=1))
    for x in NS_STREETS:
        ax.add_patch(Polygon([rot(x - 10, -40), rot(x + 10, -40), rot(x + 10, 1500), rot(x - 10, 1500)],
                             closed=True, facecolor="#ffffff", edgecolor="#c8c8c8", lw=0.5, zorder=1))
    for pid, rect in parcels:
        ring = rect_ring(rect)
        ax.add_patch(Polygon(ring, closed=True, facecolor=COLOUR[ZONING[pid]], edgecolor="#4a4a4a", lw=0.7, zorder=3))
        if pid in HERITAGE:
            ax.add_patch(Polygon(ring, closed=True, facecolor="none", edgecolor="#5a3d1e", hatch="////", lw=0.0, zorder=4))
            ax.add_patch(Polygon(ring, closed=True, facecolor="none", edgecolor="#4a4a4a", lw=0.7, zorder=4))
        cx, cy = rot((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
        ax.text(cx, cy, pid, ha="center", va="center", fontsize=6.6, color="#1a1a1a", rotation=GRID_ROT_DEG,
                zorder=5, bbox={"boxstyle": "square,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.75})
    for y, name in EW_STREETS.items():
        for x in (150, 1050) if y not in (1200, 0) else (750,):
            tx, ty = rot(x + 150, y)
            ax.text(tx, ty, name, rotation=GRID_ROT_DEG, ha="center", va="center", fontsize=6.2, color="#555555",
                    style="italic", zorder=2)
    for x, name in NS_STREETS.items():
        for y in (360, 1080):
            tx, ty = rot(x, y)
            ax.text(tx, ty, name, rotation=GRID_ROT_DEG + 90, ha="center", va="center", fontsize=6.0,
                    color="#555555", style="italic", zorder=2)

    # the zoning desk's red-pen amendments (after consolidation; the fill still shows the old class)
    rng = random.Random(2025)
    rect_of = dict(parcels)
    for pid, code, bylaw, style in AMENDMENTS:
        x0, y0, x1, y1 = rect_of[pid]
        if style == "on_parcel":
            # the new code high in the parcel, ringed, the bylaw number squeezed under the parcel label
            lx, ly = rot(x0 + 0.16 * (x1 - x0), y1 - 0.08 * (y1 - y0))
            end = handwrite(ax, code, lx, ly, 46, rng, angle=GRID_ROT_DEG + rng.uniform(-6, 6))
            w = end - lx
            hand_loop(ax, lx + w / 2 + 4, ly - 30, w / 2 + 26, 42, rng)
            bx, by = rot(x0 + 0.06 * (x1 - x0), y0 + 0.36 * (y1 - y0))
            handwrite(ax, bylaw.replace(" ", ""), bx, by, 20, rng, angle=GRID_ROT_DEG + rng.uniform(-4, 4), lw=1.2)
        else:
            # a note below the canal with a leader to the parcel
            tx, ty = rot((x0 + x1) / 2 + (-170 if pid == "P-532" else 90), -150)
            end = handwrite(ax, code, tx, ty, 50, rng, angle=rng.uniform(-5, 5))
            handwrite(ax, bylaw, tx - 10, ty - 66, 22, rng, angle=rng.uniform(-4, 4), lw=1.2)
            hx, hy = rot(x0 + 0.5 * (x1 - x0), y0 + 0.45 * (y1 - y0))
            hand_arrow(ax, (tx + end) / 2, ty + 12, hx, hy, rng, bend=0.18 if pid == "P-532" else -0.22)

    # graticule ticks in degrees on the frame
    def lon_to_x(lon):
        return math.radians(lon - LON0) * EARTH_R * math.cos(math.radians(LAT0))

    def lat_to_y(lat):
        return math.radians(lat - LAT0) * EARTH_R

    lons = [-93.1920 + 0.005 * i for i in range(7)]
    lats = [44.9320 + 0.004 * i for i in range(6)]
    xt = [lon_to_x(v) for v in lons]
    yt = [lat_to_y(v) for v in lats]
    ax.set_xticks([x for x in xt if xmin < x < xmax])
    ax.set_xticklabels([f"{abs(v):.3f}°W" for v, x in zip(lons, xt) if xmin < x < xmax], fontsize=7)
    ax.set_yticks([y for y in yt if ymin < y < ymax])
    ax.set_yticklabels([f"{v:.3f}°N" for v, y in zip(lats, yt) if ymin < y < ymax], fontsize=7, rotation=90, va="center")
    ax.tick_params(direction="in", length=6, top=True, right=True, labeltop=True, labelright=False)
    for s in ax.spines.values():
        s.set_linewidth(1.6)

    # north arrow and scale bar inside the map frame (lower left)
    nx, ny = -300, 1380
    ax.add_patch(FancyArrow(nx, ny, 0, 160, width=26, head_width=70, head_length=70, length_includes_head=True,
                            facecolor="black", edgecolor="black", zorder=8))
    ax.text(nx, ny + 200, "N", ha="center", va="bottom", fontsize=14, fontweight="bold", zorder=8)
    sx, sy = -330, -190
    for i, (a, b) in enumerate([(0, 100), (100, 200), (200, 400)]):
        ax.add_patch(Rectangle((sx + a, sy), b - a, 22, facecolor="black" if i % 2 == 0 else "white",
                               edgecolor="black", lw=0.8, zorder=8))
    for v in (0, 100, 200, 400):
        ax.text(sx + v, sy + 34, f"{v}", ha="center", va="bottom", fontsize=7, zorder=8)
    ax.text(sx + 430, sy + 11, "metres", ha="left", va="center", fontsize=7, zorder=8)
    ax.add_patch(Rectangle((sx - 30, sy - 25), 560, 100, facecolor="white", edgecolor="none", alpha=0.8, zorder=7))

    # side panel: title, legend, notes, title block
    fig.text(0.755, 0.925, "CITY OF MARLOW HEIGHTS", fontsize=15, fontweight="bold", color="#1b3a5c")
    fig.text(0.755, 0.900, "Planning & Development Services", fontsize=10, color="#1b3a5c")
    fig.text(0.755, 0.858, "EXISTING ZONING", fontsize=17, fontweight="bold")
    fig.text(0.755, 0.835, "Eastside District — Wards 4 & 5", fontsize=10.5)
    lax = fig.add_axes([0.755, 0.46, 0.225, 0.35])
    lax.set_xlim(0, 10)
    lax.set_ylim(0, 10)
    lax.axis("off")
    lax.add_patch(Rectangle((0, 0), 10, 10, facecolor="white", edgecolor="#333333", lw=1.0))
    lax.text(0.4, 9.3, "ZONING CLASS (Bylaw 2019-41)", fontsize=9.5, fontweight="bold", va="center")
    for i, (code, name, col) in enumerate(CLASSES):
        y = 8.3 - i * 0.98
        lax.add_patch(Rectangle((0.4, y - 0.32), 1.3, 0.64, facecolor=col, edgecolor="#4a4a4a", lw=0.7))
        lax.text(2.0, y, f"{code}", fontsize=9, fontweight="bold", va="center")
        lax.text(3.3, y, name, fontsize=8.6, va="center")
    y = 8.3 - 7 * 0.98
    lax.add_patch(Rectangle((0.4, y - 0.32), 1.3, 0.64, facecolor="white", edgecolor="#5a3d1e", hatch="////", lw=0.7))
    lax.text(2.0, y, "Heritage conservation overlay", fontsize=8.6, va="center")
    lax.text(0.4, 0.55, "Parcel boundary and parcel identifier: P-###", fontsize=7.6, va="center", color="#333333")

    notes = ("NOTES\n"
             "1. Zoning shown as consolidated to 15 January 2025.\n"
             "2. Parcel fabric from the municipal cadastre; minor\n"
             "    boundary adjustments may not be shown.\n"
             "3. Street grid rotated from true north; see arrow.\n"
             "4. For information only. The Zoning Bylaw text and\n"
             "    schedules prevail over this map.")
    fig.text(0.757, 0.285, notes, fontsize=7.8, va="bottom", linespacing=1.45, family="DejaVu Sans")

    tb = fig.add_axes([0.755, 0.075, 0.225, 0.19])
    tb.set_xlim(0, 10)
    tb.set_ylim(0, 6)
    tb.axis("off")
    tb.add_patch(Rectangle((0, 0), 10, 6, facecolor="white", edgecolor="black", lw=1.2))
    for yy in (4.5, 3.0, 1.5):
        tb.plot([0, 10], [yy, yy], color="black", lw=0.7)
    tb.plot([5, 5], [0, 4.5], color="black", lw=0.7)
    tb.text(0.2, 5.25, "MAP LU-07", fontsize=12, fontweight="bold", va="center")
    tb.text(9.8, 5.25, "Sheet 1 of 1", fontsize=8, va="center", ha="right")
    cells = [("Scale", "1:10 000 at A3"), ("Datum", "WGS 84"), ("Drawn", "GIS Section — K. Obi"),
             ("Checked", "M. Lindqvist, RPP"), ("Date", "2025-02-03"), ("File", "LU07_eastside_zoning")]
    for idx, (k, v) in enumerate(cells):
        col, row = idx % 2, idx // 2
        x = 0.2 + col * 5
        yv = 4.1 - row * 1.5
        tb.text(x, yv, k.upper(), fontsize=6.2, color="#555555", va="center")
        tb.text(x, yv - 0.65, v, fontsize=7.8, va="center")

    fig.text(0.035, 0.035, "© City of Marlow Heights. Produced by Planning & Development Services, GIS Section. "
             "Not a legal survey.", fontsize=7, color="#444444")
    fig.savefig(out / "land_use_map.png", dpi=110, metadata={"Software": None})
    plt.close(fig)


# -- the policy PDF -----------------------------------------------------------------------


def write_policy(out: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_JUSTIFY
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    ss = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=ss["BodyText"], fontName="Helvetica", fontSize=9.6, leading=13.2,
                          alignment=TA_JUSTIFY, spaceAfter=5)
    h1 = ParagraphStyle("h1", parent=ss["Heading1"], fontName="Helvetica-Bold", fontSize=15, leading=19,
                        textColor=colors.HexColor("#1b3a5c"), spaceAfter=4)
    h2 = ParagraphStyle("h2", parent=ss["Heading2"], fontName="Helvetica-Bold", fontSize=11, leading=14,
                        textColor=colors.HexColor("#1b3a5c"), spaceBefore=8, spaceAfter=3)
    small = ParagraphStyle("small", parent=body, fontSize=8.2, leading=10.5)
    cell = ParagraphStyle("cell", parent=body, fontSize=8.4, leading=10.4, alignment=0, spaceAfter=0)

    def header_footer(canvas, doc):
        canvas.saveState()
        w, h = A4
        canvas.setFillColor(colors.HexColor("#1b3a5c"))
        canvas.rect(18 * mm, h - 27 * mm, 12 * mm, 12 * mm, fill=1, stroke=0)
        canvas.setFillColor(colors.white)
        canvas.setFont("Helvetica-Bold", 11)
        canvas.drawCentredString(24 * mm, h - 22.6 * mm, "MH")
        canvas.setFillColor(colors.HexColor("#1b3a5c"))
        canvas.setFont("Helvetica-Bold", 11)
        canvas.drawString(33 * mm, h - 19.5 * mm, "CITY OF MARLOW HEIGHTS")
        canvas.setFont("Helvetica", 8.5)
        canvas.drawString(33 * mm, h - 24.5 * mm, "Planning & Development Services  |  Official Community Plan")
        canvas.setStrokeColor(colors.HexColor("#1b3a5c"))
        canvas.setLineWidth(1.2)
        canvas.line(18 * mm, h - 30 * mm, w - 18 * mm, h - 30 * mm)
        canvas.setFont("Helvetica", 7.5)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(18 * mm, 12 * mm, "OCP Policy 7.4 - Transit Corridor Intensification  |  Adopted by Council 2024-11-18, Resolution 24-611")
        canvas.drawRightString(w - 18 * mm, 12 * mm, f"Page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(str(out / "corridor_policy.pdf"), pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm,
                            topMargin=36 * mm, bottomMargin=20 * mm, title="OCP Policy 7.4 Transit Corridor Intensification",
                            author="City of Marlow Heights", subject="Official Community Plan policy", creator="Planning & Development Services",
                            invariant=1)
    story = [
        Paragraph("Policy 7.4 — Transit Corridor Intensification", h1),
        Paragraph("Official Community Plan, Part 7 (Land Use and Transportation). Consolidated February 2025.", small),
        Spacer(1, 6),
        Paragraph("7.4.1 Purpose", h2),
        Paragraph("This policy directs where the City will initiate rezoning to support ridership on new rapid "
                  "transit lines, and sets out how staff identify and report on the parcels affected. It applies "
                  "to every rapid transit line that Council has endorsed for functional design, including lines "
                  "that are still at the proposal stage.", body),
        Paragraph("7.4.2 Transit corridor", h2),
        Paragraph("A parcel is <b>within a transit corridor</b> when any part of the parcel lies within "
                  "<b>400 metres</b>, measured horizontally, of the centreline of the rapid transit line. The "
                  "distance is measured from the parcel boundary (not from its centroid, and not from station "
                  "locations). A parcel crossed or abutted by the centreline is within the corridor. Parcels are "
                  "those of the municipal cadastre; a parcel is counted once regardless of its size.", body),
        Paragraph("7.4.3 Corridor direction by zoning class", h2),
        Paragraph("Within a transit corridor, the existing zoning class of each parcel (as shown on the "
                  "consolidated zoning maps) determines the City's direction for that parcel:", body),
    ]
    rows = [["Code", "Zoning class", "Direction within a transit corridor"],
            ["R-1", "Single-detached residential", "Initiate rezoning to R-3 (Multiple-unit residential)."],
            ["R-3", "Multiple-unit residential", "Retain. Density bonus of one storey available under 7.4.5."],
            ["MU", "Mixed use", "Retain. Active ground-floor frontage required on the transit street."],
            ["C-2", "General commercial", "Initiate rezoning to MU (Mixed use) to permit housing above commercial uses."],
            ["I-1", "Light industrial", "Retain. Employment lands are protected; no conversion without an "
                                        "employment lands study (Policy 5.2)."],
            ["OS", "Open space / park", "Retain. Protect and improve pedestrian connections to stations."],
            ["PF", "Public facility", "Retain. Coordinate with the facility owner on access and frontage."]]
    data = [[Paragraph(c, cell) if i else Paragraph(f"<b>{c}</b>", cell) for c in r] for i, r in enumerate(rows)]
    table = Table(data, colWidths=[16 * mm, 48 * mm, 104 * mm], repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde6ef")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#8a9bb0")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    story += [table, Spacer(1, 4),
              Paragraph("Table 7.4-A. The zoning class codes match the legend of the consolidated zoning maps "
                        "(Schedule A to Zoning Bylaw 2019-41). A heritage conservation overlay does not change "
                        "the underlying zoning class.", small),
              Paragraph("7.4.4 Reporting", h2),
              Paragraph("For each proposed line, the planner responsible prepares a corridor zoning memo for the "
                        "Director. The memo (a) lists every parcel within the corridor with its existing zoning "
                        "class, (b) gives the number of corridor parcels in each zoning class, and (c) recommends "
                        "which parcels the City should initiate rezoning for under 7.4.3, naming each parcel and its "
                        "target class. A site map showing the corridor parcels accompanies the memo.", body),
              Paragraph("The zoning class must be taken from the consolidated zoning map in force; the cadastral "
                        "parcel file does not record zoning. Where a map is unclear, staff confirm the class with "
                        "the Zoning Bylaw schedules before the memo is issued.", body),
              Paragraph("7.4.5 Density bonus", h2),
              Paragraph("On R-3 and MU parcels within a transit corridor, one additional storey may be approved "
                        "where at least 20 per cent of the additional floor area is secured as below-market rental "
                        "housing for a term of not less than 60 years.", body),
              Paragraph("7.4.6 Sequencing", h2),
              Paragraph("City-initiated rezonings under 7.4.3 proceed as one bylaw amendment per corridor. Council "
                        "considers the amendment after a public information session and not later than twelve "
                        "months after the memo is issued. Parcels with an active development application keep "
                        "the application's zoning request until it is decided.", body),
              Paragraph("7.4.7 Definitions", h2),
              Paragraph("<i>Centreline</i>: the line in the transit alignment file published by Transit Planning. "
                        "<i>Parcel</i>: a lot in the municipal cadastre, identified by its parcel identifier "
                        "(P-###). <i>Rapid transit</i>: light rail or bus rapid transit (BRT) in a dedicated "
                        "right-of-way.", body),
              Paragraph("Amendment history", h2)]
    hist = [["Version", "Date", "Change"],
            ["1.0", "2019-06-10", "Policy adopted with the Official Community Plan (Bylaw 2019-40)."],
            ["1.1", "2022-03-21", "Corridor distance changed from 800 m around stations to 400 m from the centreline."],
            ["2.0", "2024-11-18", "Direction table 7.4-A revised; reporting requirements 7.4.4 added."]]
    ht = Table([[Paragraph(c, cell) for c in r] for r in hist], colWidths=[18 * mm, 26 * mm, 124 * mm])
    ht.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde6ef")),
                            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#8a9bb0")),
                            ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story += [ht, Spacer(1, 14),
              Paragraph("Certified a true copy of Policy 7.4 as consolidated. — A. Moreau, Corporate Officer", small)]
    doc.build(story, onFirstPage=header_footer, onLaterPages=header_footer)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    parcels = subdivide()
    assert {p for p, _ in parcels} == set(ZONING), "zoning table out of step with the parcel fabric"
    write_geojson(out, parcels)
    draw_map(out, parcels)
    write_policy(out)


if __name__ == "__main__":
    main()
