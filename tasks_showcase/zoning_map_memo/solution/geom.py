"""Geometry shared by the oracle and the text-only solver: corridor membership from the
GeoJSON inputs (no zoning here: the parcel file has none) and the site-map figure."""

from __future__ import annotations

import json
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch, Polygon  # noqa: E402

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"
R = 6371008.8
CORRIDOR_M = 400.0

parcels_fc = json.loads((INP / "parcels.geojson").read_text())
transit_fc = json.loads((INP / "transit_line.geojson").read_text())
_line_ll = next(f["geometry"]["coordinates"] for f in transit_fc["features"] if f["geometry"]["type"] == "LineString")
_pts = [p for f in parcels_fc["features"] for p in f["geometry"]["coordinates"][0]]
LAT_REF = sum(p[1] for p in _pts) / len(_pts)
LON_REF = sum(p[0] for p in _pts) / len(_pts)


def xy(p):
    """WGS 84 -> local metres (equirectangular about the district centre; sub-metre here)."""
    return (math.radians(p[0] - LON_REF) * R * math.cos(math.radians(LAT_REF)), math.radians(p[1] - LAT_REF) * R)


def _seg_point(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _intersect(a, b, c, d):
    return _cross(a, b, c) * _cross(a, b, d) <= 0 and _cross(c, d, a) * _cross(c, d, b) <= 0


def _inside(p, ring):
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


LINE = [xy(p) for p in _line_ll]
STATIONS = [(f["properties"]["name"], xy(f["geometry"]["coordinates"])) for f in transit_fc["features"]
            if f["geometry"]["type"] == "Point"]


def boundary_distance(ring):
    """Parcel boundary (or interior) to the centreline polyline, metres."""
    if any(_inside(v, ring) for v in LINE):
        return 0.0
    best = math.inf
    for a, b in zip(LINE, LINE[1:]):
        for c, d in zip(ring, ring[1:]):
            if _intersect(a, b, c, d):
                return 0.0
            best = min(best, _seg_point(c, a, b), _seg_point(d, a, b), _seg_point(a, c, d), _seg_point(b, c, d))
    return best


PARCELS = []  # (id, ring in metres, distance)
for _f in parcels_fc["features"]:
    _ring = [xy(p) for p in _f["geometry"]["coordinates"][0]]
    PARCELS.append((_f["properties"]["parcel_id"], _ring, boundary_distance(_ring)))
CORRIDOR = sorted((pid, d) for pid, _, d in PARCELS if d <= CORRIDOR_M)


def draw_site_map(path: Path, colour_of=None, legend=None) -> None:
    """colour_of: parcel id -> fill colour for corridor parcels (None: one highlight colour)."""
    fig, ax = plt.subplots(figsize=(14, 10), dpi=100)
    ax.set_aspect("equal")
    in_ids = {pid for pid, _ in CORRIDOR}
    for pid, ring, _ in PARCELS:
        if pid in in_ids:
            fill = colour_of(pid) if colour_of else "#ffb300"
            ax.add_patch(Polygon(ring, closed=True, facecolor=fill, edgecolor="black", lw=1.6, zorder=3))
        else:
            ax.add_patch(Polygon(ring, closed=True, facecolor="#eeeeee", edgecolor="#9a9a9a", lw=0.6, zorder=2))
        cx = sum(p[0] for p in ring[:-1]) / (len(ring) - 1)
        cy = sum(p[1] for p in ring[:-1]) / (len(ring) - 1)
        ax.text(cx, cy, pid, ha="center", va="center", fontsize=7, zorder=5)
    xs, ys = zip(*LINE)
    ax.plot(xs, ys, color="#c2185b", lw=3, zorder=6)
    # 400 m corridor limit: the buffer outline of each segment (offsets and round caps)
    for a, b in zip(LINE, LINE[1:]):
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        nx, ny = -(b[1] - a[1]) / L * CORRIDOR_M, (b[0] - a[0]) / L * CORRIDOR_M
        ang = math.atan2(ny, nx)
        cap_b = [(b[0] + CORRIDOR_M * math.cos(ang - math.radians(k)), b[1] + CORRIDOR_M * math.sin(ang - math.radians(k)))
                 for k in range(0, 181, 10)]
        cap_a = [(a[0] + CORRIDOR_M * math.cos(ang + math.radians(k)), a[1] + CORRIDOR_M * math.sin(ang + math.radians(k)))
                 for k in range(0, 181, 10)]
        ax.add_patch(Polygon([*cap_a[::-1], *cap_b], closed=True, fill=False, edgecolor="#c2185b", ls="--", lw=1.2, zorder=6))
    for name, (sx, sy) in STATIONS:
        ax.plot(sx, sy, "o", ms=9, mfc="white", mec="#c2185b", mew=2.5, zorder=7)
        ax.annotate(name, (sx, sy), xytext=(6, -14), textcoords="offset points", fontsize=8, color="#880e4f", zorder=7)
    allx = [p[0] for _, r, _ in PARCELS for p in r]
    ally = [p[1] for _, r, _ in PARCELS for p in r]
    ax.set_xlim(min(allx) - 150, max(allx) + 150)
    ax.set_ylim(min(ally) - 150, max(ally) + 150)
    ax.set_xlabel("Easting from district centre (m)")
    ax.set_ylabel("Northing from district centre (m)")
    ax.set_title("Transit corridor parcels", fontsize=22, fontweight="bold")
    handles = list(legend or [Patch(facecolor="#ffb300", edgecolor="black", label="Corridor parcel (within 400 m)")])
    handles += [Patch(facecolor="#eeeeee", edgecolor="#9a9a9a", label="Outside corridor"),
                Line2D([], [], color="#c2185b", lw=3, label="Line H centreline (proposed)"),
                Line2D([], [], color="#c2185b", lw=1.2, ls="--", label="400 m corridor limit")]
    ax.legend(handles=handles, loc="upper left", fontsize=9, framealpha=0.95, title="Legend")
    ax.annotate("N", xy=(0.96, 0.95), xytext=(0.96, 0.86), xycoords="axes fraction", ha="center", fontsize=14,
                fontweight="bold", arrowprops={"arrowstyle": "-|>", "lw": 2, "color": "black"})
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
