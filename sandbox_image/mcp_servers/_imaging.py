"""Helpers for the image server: colour classes, connected components (numpy only), EXIF GPS, OCR output."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image

from mcp_servers._common import bad_arg

COLOR_CLASSES = ("black", "white", "gray", "red", "orange", "brown", "yellow", "green", "cyan", "blue",
                 "purple", "pink")


def color_classes(rgb: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Name index (into COLOR_CLASSES) of every pixel, from hue/saturation/value."""
    arr = rgb.astype(np.float32) / 255
    mx, mn = arr.max(axis=-1), arr.min(axis=-1)
    delta = mx - mn
    sat = np.where(mx > 0, delta / np.maximum(mx, 1e-6), 0)
    r, g, b = arr[..., 0], arr[..., 1], arr[..., 2]
    d = np.maximum(delta, 1e-6)
    hue = np.where(mx == r, ((g - b) / d) % 6, np.where(mx == g, (b - r) / d + 2, (r - g) / d + 4)) * 60
    bins = np.digitize(hue, [15, 40, 70, 170, 200, 260, 290, 345])
    chroma = np.array([3, 4, 6, 7, 8, 9, 10, 11, 3])[bins]  # red orange yellow green cyan blue purple pink red
    chroma = np.where((chroma == 4) & (mx < 0.6), 5, chroma)  # dark orange is brown
    grey = np.where(mx > 0.85, 1, np.where(mx < 0.2, 0, 2))
    return np.where(mx < 0.15, 0, np.where(sat < 0.25, grey, chroma))


def name_color(rgb: tuple[int, ...]) -> str:
    return COLOR_CLASSES[int(color_classes(np.array([[rgb]], dtype=np.uint8))[0, 0])]


def hex_color(rgb: Any) -> str:
    return "#" + "".join(f"{round(float(c)):02x}" for c in rgb)


def components(mask: npt.NDArray[np.bool_]) -> list[dict[str, Any]]:
    """4-connected components of a boolean mask, by run-length union-find."""
    padded = np.pad(mask, ((0, 0), (1, 1))).astype(np.int8)
    rows, cols = np.nonzero(np.diff(padded, axis=1))
    if len(rows) // 2 > 2_000_000:
        raise bad_arg("path", "image too complex (over 2 million pixel runs): use a region or a colour")
    # one (row, start, end-exclusive) per horizontal run of True pixels, in row-major order
    runs = list(zip(rows[0::2].tolist(), cols[0::2].tolist(), cols[1::2].tolist(), strict=True))
    parent = list(range(len(runs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    prev_lo = prev_hi = 0  # runs of the previous row: indices [prev_lo, prev_hi)
    i = 0
    while i < len(runs):
        row, j = runs[i][0], i
        while j < len(runs) and runs[j][0] == row:
            j += 1
        if prev_hi > prev_lo and runs[prev_lo][0] == row - 1:
            p = prev_lo
            for cur in range(i, j):
                while p < prev_hi and runs[p][2] <= runs[cur][1]:
                    p += 1
                q = p
                while q < prev_hi and runs[q][1] < runs[cur][2]:
                    parent[find(cur)] = find(q)
                    q += 1
        prev_lo, prev_hi, i = i, j, j
    comps: dict[int, list[float]] = {}
    for idx, (row, start, end) in enumerate(runs):
        c = comps.setdefault(find(idx), [0, 0.0, 0.0, start, row, end - 1, row])
        n = end - start
        c[0] += n
        c[1] += (start + end - 1) * n / 2
        c[2] += row * n
        c[3], c[4], c[5], c[6] = min(c[3], start), min(c[4], row), max(c[5], end - 1), max(c[6], row)
    return [{"area": int(a), "bbox": [int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)],
             "centroid": [round(sx / a, 1), round(sy / a, 1)], "fill_ratio": round(a / ((x1 - x0 + 1) *
             (y1 - y0 + 1)), 3)} for a, sx, sy, x0, y0, x1, y1 in comps.values()]


def gps_from_exif(exif: Image.Exif) -> dict[str, float] | None:
    """Decimal latitude/longitude from a photo's EXIF GPS block, if it has one."""
    gps = exif.get_ifd(0x8825)
    try:
        def deg(values: Any, ref: str) -> float:
            d, m, s = (float(v) for v in values)
            return round((d + m / 60 + s / 3600) * (-1 if ref in ("S", "W") else 1), 6)
        return {"lat": deg(gps[2], gps[1]), "lon": deg(gps[4], gps[3])}
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return None


def parse_tesseract_tsv(tsv: str, offset: tuple[int, int], scale: float) -> tuple[str, list[dict[str, Any]]]:
    """Text (one output line per OCR line) and words with boxes mapped back to image coordinates."""
    lines: dict[tuple[int, ...], list[str]] = {}
    words = []
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5" or not cols[11].strip():
            continue
        lines.setdefault((int(cols[2]), int(cols[3]), int(cols[4])), []).append(cols[11])
        left, top, width, height = (int(c) / scale for c in cols[6:10])
        words.append({"text": cols[11], "conf": round(float(cols[10]), 1),
                      "box": [round(left) + offset[0], round(top) + offset[1], round(width), round(height)]})
    return "\n".join(" ".join(w) for w in lines.values()), words
