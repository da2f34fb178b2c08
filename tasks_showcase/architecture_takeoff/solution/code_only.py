"""Code-only baseline for architecture_takeoff: the strongest honest attempt without looking.

No fact was read off the plan by a person. Everything comes from generic pipelines that would
work on any similar raster plan export:

- room names and finishes from input/room_schedule.xlsx, the finish change from the brief's
  text layer (input/architect_brief.pdf);
- OCR (tesseract) finds each room's label on the plan, the dimension strings (also on a 90°
  rotated copy, for vertical dimensions) and the graphic scale bar's caption and tick labels;
- the scale: the scale bar's drawn extent in pixels over its largest tick label (metres);
- room extents: rays cast from the room label in four directions stop at the wall poché
  (the plan's dominant mid-grey fill, found as the most frequent non-white grey); the median
  over several parallel rays ignores door and window openings;
- a room whose rectangle holds a dimension string close to its scaled extent takes the
  dimension (mm), and those dimensions refine the scale; every other room is scaled and
  given to two decimals, as the prompt asks;
- door leaves: a circle Hough transform over thin dark strokes finds quarter-circle swing arcs
  whose radius is a door width (0.75–1.1 m at the measured scale).

It commits to every answer the prompt asks for, whatever the pipeline returns."""

from __future__ import annotations

import csv
import difflib
import io
import re
import statistics
import subprocess
from pathlib import Path

import fitz
import numpy as np
from openpyxl import Workbook, load_workbook
from PIL import Image

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"


# ----------------------------------------------------------------------------- text inputs
def schedule() -> tuple[list[tuple[str, str]], dict[str, str]]:
    """(room name, floor finish) in schedule order, finish text by code, with the brief's change."""
    wb = load_workbook(INPUT / "room_schedule.xlsx", data_only=True)
    ws = wb.worksheets[0]
    head_row = next(r for r in range(1, 20) if any(str(c.value or "").strip().lower() == "room name" for c in ws[r]))
    head = [str(c.value or "").strip().lower() for c in ws[head_row]]
    i_name, i_floor = head.index("room name"), next(i for i, h in enumerate(head) if "floor" in h)
    rows = [(r[i_name], r[i_floor]) for r in ws.iter_rows(min_row=head_row + 1, values_only=True) if r[i_name]]
    codes: dict[str, str] = {}
    for sheet in wb.worksheets[1:]:
        for r in sheet.iter_rows(values_only=True):
            if r and isinstance(r[0], str) and re.fullmatch(r"FF-\d\d", r[0].strip()):
                codes[r[0].strip()] = r[1]
    brief = re.sub(r"\s+", " ", "\n".join(p.get_text() for p in fitz.open(INPUT / "architect_brief.pdf")))
    return apply_changes(rows, codes, brief), codes


def apply_changes(rows: list[tuple[str, str]], codes: dict[str, str], brief: str) -> list[tuple[str, str]]:
    """Finish changes the brief instructs ("... the Staff Room floor finish was changed from
    ... to carpet tile (FF-02)"): the room is the schedule name nearest before the phrase."""
    changed: dict[str, str] = {}
    for m in re.finditer(r"([^.]*?)\bfloor finish (?:was|is|has been|to be) changed from [^.]*?\((FF-\d\d)\)", brief):
        before = m.group(1).lower()
        hits = [(before.rfind(n.lower()), n) for n, _ in rows if n.lower() in before]
        if hits:
            changed[max(hits)[1]] = m.group(2)
    return [(n, codes.get(changed[n], f) if n in changed else f) for n, f in rows]


# ----------------------------------------------------------------------------- OCR
def ocr_words(img: Image.Image, scale: int = 2) -> list[dict]:
    """Words with boxes in the image's own pixel coordinates (tesseract on a 2x upscale)."""
    big = img.convert("L").resize((img.width * scale, img.height * scale), Image.LANCZOS)
    buf = io.BytesIO()
    big.save(buf, format="PNG")
    out = subprocess.run(["tesseract", "stdin", "stdout", "--psm", "11", "tsv"], input=buf.getvalue(),
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    words = []
    for row in csv.DictReader(io.StringIO(out), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (row.get("text") or "").strip()
        if text and float(row.get("conf") or -1) > 20:
            x, y, w, h = (int(row[k]) / scale for k in ("left", "top", "width", "height"))
            words.append({"text": text, "x": x, "y": y, "w": w, "h": h, "cx": x + w / 2, "cy": y + h / 2})
    return words


def similar(a: str, b: str) -> float:
    a, b = re.sub(r"[^A-Z0-9]", "", a.upper()), re.sub(r"[^A-Z0-9]", "", b.upper())
    return difflib.SequenceMatcher(None, a, b).ratio() if a and b else 0.0


def find_label(words: list[dict], name: str) -> tuple[float, float] | None:
    """Centre of the best OCR match of a (possibly multi-word) room name."""
    tokens = name.upper().split()
    best, where = 0.0, None
    for w in words:
        score = similar(w["text"], tokens[0])
        if score < 0.75:
            continue
        boxes = [w]
        for tok in tokens[1:]:
            last = boxes[-1]
            nxt = [v for v in words if 0 < v["x"] - (last["x"] + last["w"]) < 40 and abs(v["cy"] - last["cy"]) < 8]
            cand = max(nxt, key=lambda v: similar(v["text"], tok), default=None)
            if cand is None or similar(cand["text"], tok) < 0.5:
                score -= 0.3  # a missing second word is weaker evidence, not none
                continue
            score += similar(cand["text"], tok)
            boxes.append(cand)
        score /= len(tokens)
        if score > best:
            best = score
            x0, x1 = min(b["x"] for b in boxes), max(b["x"] + b["w"] for b in boxes)
            where = ((x0 + x1) / 2, statistics.mean(b["cy"] for b in boxes))
    return where if best >= 0.6 else None


# ----------------------------------------------------------------------------- geometry
DEBUG = False
WINDOW_PX = 30  # set from the scale: a wall's thickness (0.35 m) in pixels


def wall_mask(rgb: np.ndarray, words: list[dict]) -> np.ndarray:
    """1 = wall poché (the most frequent neutral mid-grey, not line ink, not white),
    2 = neutral dark ink outside OCR'd text (strokes), 0 = anything else."""
    neutral = (np.abs(rgb[..., 0].astype(int) - rgb[..., 1]) < 4) & (np.abs(rgb[..., 1].astype(int) - rgb[..., 2]) < 4)
    grey = rgb[..., 0]
    hist = np.bincount(grey[neutral & (grey > 60) & (grey < 200)], minlength=256)
    tone = int(hist.argmax())
    out = np.zeros(grey.shape, dtype=np.uint8)
    out[neutral & (grey < tone - 20)] = 2
    for w in words:
        out[int(w["y"]) - 1: int(w["y"] + w["h"]) + 2, int(w["x"]) - 1: int(w["x"] + w["w"]) + 2] = 0
    out[neutral & (np.abs(grey.astype(int) - tone) <= 3)] = 1
    return out


def first_wall(line: np.ndarray, start: int, step: int, run: int = 4) -> int | None:
    """Index where a ray from start along +/-1 meets a wall: a run of `run` poché pixels, or
    (code 2 in the line) the first of three thin ink strokes within a wall's thickness, which is
    how a window is drawn across an opening in the wall."""
    i, count, strokes, prev = start, 0, [], 0
    while 0 <= i < len(line):
        v = line[i]
        count = count + 1 if v == 1 else 0
        if count >= run:
            return i - step * (run - 1)
        if v == 2 and prev != 2:
            strokes = [s for s in strokes if abs(i - s) <= WINDOW_PX] + [i]
            if len(strokes) >= 3:
                return strokes[0]
        prev = v
        i += step
    return None


def nearest_supported(hits: list[int | None], origin: int, min_share: float = 0.2) -> int | None:
    """The hit nearest the origin that enough rays agree on (within 3 px). Rays that slip
    through a door, window or opening land further away (or nowhere), so the nearest
    well-supported cluster is the room's own face."""
    found = sorted((h for h in hits if h is not None), key=lambda h: abs(h - origin))
    need = max(3, int(min_share * len(hits) + 0.999))
    for h in found:
        if sum(1 for g in found if abs(g - h) <= 3) >= need:
            return int(statistics.median(g for g in found if abs(g - h) <= 3))
    return None


def _faces(walls: np.ndarray, fixed: list[int], centre: int, horizontal: bool) -> tuple[int | None, int | None]:
    """Inner faces (low, high) along one axis from rays cast at each fixed coordinate."""
    lows, highs = [], []
    for f in fixed:
        line = walls[f] if horizontal else walls[:, f]
        lows.append(first_wall(line, centre, -1))
        highs.append(first_wall(line, centre, 1))
    lo, hi = nearest_supported(lows, centre), nearest_supported(highs, centre)
    return (lo + 1 if lo is not None else None), hi


def room_extent(walls: np.ndarray, cx: float, cy: float) -> tuple[float, float, float, float] | None:
    """(x0, x1, y0, y1) inner faces around a label point. A first pass casts rays near the
    label; later passes cast them across the whole extent found so far, so openings that
    happen to face the label cannot decide a face."""
    cx, cy = int(round(cx)), int(round(cy))
    h, w = walls.shape
    x0 = x1 = cx
    y0 = y1 = cy
    span_x, span_y = (cx - 40, cx + 40), (cy - 40, cy + 40)
    for _ in range(4):
        ys = [min(max(int(v), 0), h - 1) for v in np.linspace(span_y[0], span_y[1], 17)[1:-1]]
        xs = [min(max(int(v), 0), w - 1) for v in np.linspace(span_x[0], span_x[1], 17)[1:-1]]
        x0, x1 = _faces(walls, ys, cx, horizontal=True)
        y0, y1 = _faces(walls, xs, cy, horizontal=False)
        # a face no ray agreed on keeps the previous span; the next pass spreads wider
        span_x = (x0 if x0 is not None else span_x[0] - 40, x1 if x1 is not None else span_x[1] + 40)
        span_y = (y0 if y0 is not None else span_y[0] - 40, y1 if y1 is not None else span_y[1] + 40)
    if None in (x0, x1, y0, y1):
        return None
    return float(x0), float(x1), float(y0), float(y1)


def scale_bar(rgb: np.ndarray, words: list[dict]) -> float | None:
    """Pixels per metre from the graphic scale bar under its OCR'd caption."""
    caps = [w for w in words if similar(w["text"], "SCALE") > 0.8]
    bars = [w for w in words if similar(w["text"], "BAR") > 0.8]
    for cap in (c for c in caps for b in bars if 0 < b["x"] - c["x"] < 120 and abs(b["cy"] - c["cy"]) < 6):
        ppm = _bar_below(rgb, words, cap)
        if ppm:
            return ppm
    return None


def _bar_below(rgb: np.ndarray, words: list[dict], cap: dict) -> float | None:
    """The scale bar graphic under a caption: the row with the most long dark runs."""
    dark = rgb.mean(axis=2) < 100
    best = None
    for y in range(int(cap["y"] + cap["h"]), min(int(cap["y"] + cap["h"] + 80), dark.shape[0])):
        row = dark[y, max(int(cap["x"]) - 20, 0): int(cap["x"]) + 900]
        runs, start = [], None
        for i, v in enumerate(np.append(row, False)):
            if v and start is None:
                start = i
            elif not v and start is not None:
                runs.append((start, i))
                start = None
        long_runs = [r for r in runs if r[1] - r[0] > 20]
        if len(long_runs) >= 3 and (best is None or len(long_runs) > len(best[1])):
            best = (y, long_runs, runs)
    if best is None:
        return None
    y, long_runs, runs = best
    x0, x1 = runs[0][0], runs[-1][1]
    # the largest tick label under the bar names its length in metres
    ticks = []
    for w in words:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*m?", w["text"])
        if m and y < w["cy"] < y + 50 and x0 - 30 <= w["x"] and w["x"] + w["w"] <= x1 + 60:
            ticks.append(float(m.group(1)))
    metres = max(ticks, default=None)
    if metres:
        return (x1 - x0) / metres
    return statistics.median(sorted(r[1] - r[0] for r in long_runs)[-2:])  # the whole-metre segments


def scale_from_title(img: Image.Image, words: list[dict]) -> float | None:
    """Fallback: the export's dpi (PNG metadata) with an OCR'd '1:N' drawing scale."""
    dpi = img.info.get("dpi", (0, 0))[0]
    ratio = next((int(m.group(1)) for w in words for m in [re.fullmatch(r"1:(\d{2,4})", w["text"])] if m), None)
    return dpi / 0.0254 / ratio if dpi and ratio else None


def dimension_strings(img: Image.Image, words: list[dict]) -> list[dict]:
    """Numeric dimension strings (mm), horizontal and vertical, in image coordinates."""
    found = [{"mm": int(w["text"]), "cx": w["cx"], "cy": w["cy"], "axis": "h"}
             for w in words if re.fullmatch(r"\d{3,5}", w["text"]) and 300 <= int(w["text"]) <= 60000]
    rot = img.rotate(-90, expand=True)  # text drawn bottom-to-top reads left-to-right here
    for w in ocr_words(rot):
        if re.fullmatch(r"\d{3,5}", w["text"]) and 300 <= int(w["text"]) <= 60000:
            # rotate(-90): a point (x, y) of the original lands at (H - 1 - y, x)
            found.append({"mm": int(w["text"]), "cx": w["cy"], "cy": img.height - 1 - w["cx"], "axis": "v"})
    return found


def door_arcs(rgb: np.ndarray, words: list[dict], walls: np.ndarray, ppm: float) -> int:
    """Quarter-circle swing arcs of door radius, by a circle Hough transform on thin strokes."""
    f = 2  # work at half resolution
    grey = rgb.mean(axis=2)
    neutral = np.ptp(rgb.astype(int), axis=2) < 6
    poche = walls == 1
    near = poche.copy()  # poché and its anti-aliased rim
    for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)):
        near |= np.roll(np.roll(poche, dy, axis=0), dx, axis=1)
    strokes = neutral & (grey < 170) & ~near
    for w in words:  # text is not a stroke of interest
        strokes[int(w["y"]) - 2: int(w["y"] + w["h"]) + 3, int(w["x"]) - 2: int(w["x"] + w["w"]) + 3] = False
    ink = strokes[::f, ::f] | strokes[1::f, ::f][: strokes[::f, ::f].shape[0]] | strokes[::f, 1::f][:, : strokes[::f, ::f].shape[1]]
    poche_half = walls[::f, ::f] == 1
    cols, rows = poche_half.sum(axis=0), poche_half.sum(axis=1)
    if cols.max() == 0:
        return 0
    xs, ys = np.nonzero(cols >= 0.1 * cols.max())[0], np.nonzero(rows >= 0.1 * rows.max())[0]
    pad = int(1.2 * ppm / f)  # the building's extent (where walls are), plus doors swinging out
    y0, y1 = max(ys.min() - pad, 0), min(ys.max() + pad, ink.shape[0])
    x0, x1 = max(xs.min() - pad, 0), min(xs.max() + pad, ink.shape[1])
    region = np.zeros_like(ink)
    region[y0:y1, x0:x1] = True
    ink &= region
    py, px = np.nonzero(ink)
    h, w = ink.shape
    angles = np.linspace(0, 2 * np.pi, 240, endpoint=False)
    best_votes = np.zeros(h * w, dtype=np.float32)
    best_r = np.zeros(h * w, dtype=np.int16)
    for r in range(int(0.75 * ppm / f), int(1.10 * ppm / f) + 1):
        cy = (py[:, None] - r * np.sin(angles)[None, :]).round().astype(np.int64)
        cx = (px[:, None] - r * np.cos(angles)[None, :]).round().astype(np.int64)
        ok = (cy >= 0) & (cy < h) & (cx >= 0) & (cx < w)
        votes = np.bincount((cy[ok] * w + cx[ok]), minlength=h * w).astype(np.float32) / r
        better = votes > best_votes
        best_votes[better] = votes[better]
        best_r[better] = r
    votes = best_votes.reshape(h, w)
    radius = best_r.reshape(h, w)
    k = max(int(0.15 * ppm / f), 2)  # local maxima within 0.15 m
    peak = votes.copy()
    for axis in (0, 1):
        shifted = [np.roll(peak, d, axis=axis) for d in range(-k, k + 1)]
        peak = np.max(shifted, axis=0)
    cand = np.argwhere((votes == peak) & (votes > 0))
    cand = cand[np.argsort(-votes[cand[:, 0], cand[:, 1]])][:600]
    count, taken = 0, []
    for cy, cx in cand:
        r = int(radius[cy, cx])
        if any((cy - a) ** 2 + (cx - b) ** 2 < (0.5 * r) ** 2 for a, b in taken):
            continue
        # a thin ring: ink at radius r but not 4 px inside or outside it (a straight line
        # tangent to the circle, or a corner of two lines, has ink on both sides)
        cover = (_coverage(ink, int(cy), int(cx), r) & ~_coverage(ink, int(cy), int(cx), r - 4)
                 & ~_coverage(ink, int(cy), int(cx), r + 4)).astype(float)
        ring = np.concatenate([cover, cover])
        spans = np.array([ring[a:a + 90].mean() for a in range(0, 360, 5)])
        best = int(spans.argmax()) * 5
        rest = np.concatenate([ring[best + 100: best + 350]]).mean()  # the other ~250 degrees
        if spans.max() >= 0.7 and rest < 0.3:
            taken.append((cy, cx))
            count += 1
            if DEBUG:
                print("arc", cx * f, cy * f, r * f, round(spans.max(), 2), round(rest, 2))
    return count


def _coverage(ink: np.ndarray, cy: int, cx: int, r: int) -> np.ndarray:
    """Per degree: is there ink within one pixel of radius r? (arc span test)"""
    deg = np.radians(np.arange(360))
    out = np.zeros(360, dtype=bool)
    for dr in (-1, 0, 1):
        yy = (cy + (r + dr) * np.sin(deg)).round().astype(int)
        xx = (cx + (r + dr) * np.cos(deg)).round().astype(int)
        ok = (yy >= 0) & (yy < ink.shape[0]) & (xx >= 0) & (xx < ink.shape[1])
        hit = np.zeros(360, dtype=bool)
        hit[ok] = ink[yy[ok], xx[ok]]
        out |= hit
    return out


# ----------------------------------------------------------------------------- main
def measure(rooms: list[tuple[str, str]]) -> tuple[dict[str, tuple[float, float]], list[str], int]:
    img = Image.open(next(INPUT.glob("*.png"))).convert("RGB")
    rgb = np.asarray(img)
    words = ocr_words(img)
    dims = dimension_strings(img, words)
    ppm = scale_bar(rgb, words) or scale_from_title(img, words)
    if ppm is None:
        raise SystemExit("no scale: neither a scale bar nor a 1:N scale with the export's dpi")
    global WINDOW_PX
    WINDOW_PX = int(0.35 * ppm)
    walls = wall_mask(rgb, words)
    sizes: dict[str, tuple[float, float]] = {}
    scaled: list[str] = []
    extents = {}
    for name, _ in rooms:
        at = find_label(words, name)
        extents[name] = room_extent(walls, *at) if at else None
    typical = [((e[1] - e[0]) / ppm, (e[3] - e[2]) / ppm) for e in extents.values() if e]
    fallback = (statistics.median(t[0] for t in typical), statistics.median(t[1] for t in typical)) if typical else (3.0, 3.0)
    # Calibrate against the drawn dimensions: a dimension string inside a room that is within
    # 10 % of the bar-scaled extent names that extent exactly, so px / m can be refined.
    ratios = []
    for e in extents.values():
        if e:
            x0, x1, y0, y1 = e
            for d in dims:
                if x0 <= d["cx"] <= x1 and y0 <= d["cy"] <= y1:
                    px = (x1 - x0) if d["axis"] == "h" else (y1 - y0)
                    if abs(px / ppm - d["mm"] / 1000) < 0.1 * d["mm"] / 1000:
                        ratios.append(px / (d["mm"] / 1000))
    if len(ratios) >= 3:
        ppm = statistics.median(ratios)
    for name, _ in rooms:
        e = extents[name]
        if e is None:  # label not found: commit to a typical room rather than abstain
            sizes[name] = (round(fallback[0], 2), round(fallback[1], 2))
            scaled.append(name)
            continue
        x0, x1, y0, y1 = e
        w_m, l_m = (x1 - x0) / ppm, (y1 - y0) / ppm
        inside = [d for d in dims if x0 <= d["cx"] <= x1 and y0 <= d["cy"] <= y1]
        dw = [d["mm"] / 1000 for d in inside if d["axis"] == "h" and abs(d["mm"] / 1000 - w_m) < 0.1 * w_m]
        dl = [d["mm"] / 1000 for d in inside if d["axis"] == "v" and abs(d["mm"] / 1000 - l_m) < 0.1 * l_m]
        width = dw[0] if dw else round(w_m, 2)
        length = dl[0] if dl else round(l_m, 2)
        if not (dw or dl):
            scaled.append(name)
        sizes[name] = (width, length)
    doors = door_arcs(rgb, words, walls, ppm)
    return sizes, scaled, doors


def main() -> None:
    rooms, _ = schedule()
    sizes, scaled, doors = measure(rooms)
    wb = Workbook()
    ws = wb.active
    ws.title = "Areas"
    ws.append(["Room", "Width (m)", "Length (m)", "Area (m²)", "Finish"])
    for i, (name, finish) in enumerate(rooms, start=2):
        ws.append([name, sizes[name][0], sizes[name][1], f"=B{i}*C{i}", finish])
        for c in ws[i][1:4]:
            c.number_format = "0.00"
    ws.append(["Total", None, None, f"=SUM(D2:D{len(rooms) + 1})", None])
    wb.save(WS / "area_takeoff.xlsx")

    totals = {"total": sum(w * length for w, length in sizes.values())}
    for name, finish in rooms:
        m = re.search(r"FF-\d\d", str(finish))
        if m:
            totals[m.group()] = totals.get(m.group(), 0.0) + sizes[name][0] * sizes[name][1]
    lines = [
        "Rachel,", "",
        "The take-off is attached (`area_takeoff.xlsx`, sheet `Areas`). Sizes were measured automatically from the "
        "plan export (OCR of labels and dimension strings, scale bar calibration); scaled sizes carry a measurement "
        "tolerance and should be checked.", "",
        f"Total net floor area: {totals['total']:.2f} m²",
        *[f"{c} area: {totals.get(c, 0.0):.2f} m²" for c in ("FF-01", "FF-02", "FF-03", "FF-04")],
        f"Door leaves: {doors}",
        f"Scaled rooms: {', '.join(scaled) if scaled else 'none'}",
    ]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
