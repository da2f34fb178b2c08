"""Code-only baseline for zoning_map_memo: the strongest honest attempt that never looks at an
image. Everything it knows about land_use_map.png comes from a generic OCR + pixel pipeline
that would run unchanged on any similar zoning map:

1. the classes (codes and names, in legend order) come from the policy PDF's text layer
   (table 7.4-A), and so do the rezoning directions ("Initiate rezoning to X");
2. the legend swatch colour of each class: tesseract finds the class name's text line on
   the map, and the dominant non-text, non-background colour just left of it is the swatch;
3. georeferencing: tesseract reads the graticule labels (longitudes along the top/bottom,
   latitudes along the left margin after rotating it upright); a least-squares line per axis
   with outlier rejection maps lon/lat to pixels;
4. each corridor parcel's polygon (from parcels.geojson) is projected onto the raster, shrunk
   towards its centroid to keep clear of boundaries and streets, and every pixel inside is
   classified to the nearest legend colour (labels, hatching and outlines are too far from any
   swatch and drop out); the majority class is the parcel's zoning;
5. the prompt says later amendments are marked up by hand in red pen: red ink that matches no
   legend swatch is isolated, grouped into marks (dilation + connected components), each mark
   OCR'd over several scales and page-segmentation modes; a class code read in a mark replaces
   the class of the parcel the mark lies on (the nearest parcel when it lies on none).

It reads nothing the task author wrote about the image (no gold, visual_facts.json,
make_inputs.py or rubric) and always commits to an answer. Geometry (corridor, distances, the
site map figure) is shared with the other solvers (geom.py). Runs inside the sandbox
(cwd /workspace)."""

from __future__ import annotations

import difflib
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fitz  # noqa: E402
import numpy as np  # noqa: E402
from docx import Document  # noqa: E402
from docx.shared import Inches  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from PIL import Image, ImageDraw, ImageFilter  # noqa: E402
from tesserocr import PyTessBaseAPI  # noqa: E402

from geom import CORRIDOR, INP, PARCELS, WS, draw_site_map, parcels_fc  # noqa: E402

MAP = INP / "land_use_map.png"


# ----------------------------------------------------------------------------- OCR
# tesseract as a library (Debian's python3-tesserocr, the same engine as the command): the model
# loads once for all of this solver's reads instead of once per read (~65 ms each, most of its time)
OCR = PyTessBaseAPI(lang="eng")


def ocr_words(img: Image.Image, psm: int = 11) -> list[dict]:
    """Tesseract TSV words: text, box, confidence, and the (block, paragraph, line) key."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.png"
        img.save(path)  # read back from a PNG file, as the command would: the same pixels and resolution
        OCR.SetPageSegMode(psm)
        OCR.SetImageFile(str(path))
        out = OCR.GetTSVText(0)
    words = []
    for line in out.splitlines():  # the rows of the command's TSV, without its header line
        f = line.split("\t")
        if len(f) == 12 and f[11].strip():
            words.append({"text": f[11].strip(), "x": int(f[6]), "y": int(f[7]), "w": int(f[8]), "h": int(f[9]),
                          "conf": float(f[10]), "line": (int(f[2]), int(f[3]), int(f[4]))})
    return words


def ocr_lines(words: list[dict]) -> list[dict]:
    """Words grouped into tesseract's text lines, with the union box."""
    groups: dict = {}
    for w in words:
        groups.setdefault(w["line"], []).append(w)
    lines = []
    for ws in groups.values():
        ws.sort(key=lambda w: w["x"])
        x0, y0 = min(w["x"] for w in ws), min(w["y"] for w in ws)
        x1, y1 = max(w["x"] + w["w"] for w in ws), max(w["y"] + w["h"] for w in ws)
        lines.append({"text": " ".join(w["text"] for w in ws), "x0": x0, "y0": y0, "x1": x1, "y1": y1, "words": ws})
    return lines


# ----------------------------------------------------------------------------- policy text
def policy_classes() -> tuple[list[tuple[str, str]], dict[str, str]]:
    """[(code, name)] in table order, and {code: target} for 'Initiate rezoning to X'."""
    text = "\n".join(page.get_text() for page in fitz.open(INP / "corridor_policy.pdf"))
    lines = [ln.strip() for ln in text.splitlines()]
    classes, target = [], {}
    for i, ln in enumerate(lines[:-2]):
        if re.fullmatch(r"[A-Z]{1,3}(-\d)?", ln) and re.fullmatch(r"[A-Z][A-Za-z /-]+", lines[i + 1]) \
                and (lines[i + 2].startswith(("Initiate", "Retain"))):
            classes.append((ln, lines[i + 1]))
            m = re.match(r"Initiate rezoning to (\S+?)[ .]", lines[i + 2])
            if m:
                target[ln] = m.group(1)
    return classes, target


# ----------------------------------------------------------------------------- legend colours
def legend_colours(img: Image.Image, classes: list[tuple[str, str]], lines: list[dict]) -> dict[str, np.ndarray]:
    """Each class name's OCR line on the map; the dominant colourful pixel left of it."""
    arr = np.asarray(img).astype(int)
    out = {}
    for code, name in classes:
        best, score = None, 0.0
        for ln in lines:
            s = difflib.SequenceMatcher(None, ln["text"].lower(), name.lower()).ratio()
            tail = difflib.SequenceMatcher(None, ln["text"].lower()[-len(name):], name.lower()).ratio()
            s = max(s, tail)
            if s > score:
                best, score = ln, s
        if best is None or score < 0.6:
            continue
        h = best["y1"] - best["y0"]
        y0, y1 = max(0, best["y0"] - h), min(arr.shape[0], best["y1"] + h)
        x1 = best["x0"] - 2
        x0 = max(0, x1 - 12 * h)
        patch = arr[y0:y1, x0:x1].reshape(-1, 3)
        keep = patch[(patch.max(axis=1) > 90) & (patch.min(axis=1) < 235)]  # not text, not background
        if len(keep) < 20:
            continue
        q = Counter(map(tuple, (keep // 8) * 8 + 4))
        mode = np.array(q.most_common(1)[0][0])
        close = keep[np.linalg.norm(keep - mode, axis=1) < 20]
        out[code] = np.median(close, axis=0)
    return out


# ----------------------------------------------------------------------------- georeferencing
def _fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """pixel = a * degree + b, least squares, dropping the worst point while residuals > 4 px."""
    pts = list(points)
    while len(pts) >= 2:
        deg, px = np.array([p[0] for p in pts]), np.array([p[1] for p in pts])
        a, b = np.polyfit(deg, px, 1)
        res = np.abs(a * deg + b - px)
        if res.max() <= 4 or len(pts) == 2:
            return a, b
        pts.pop(int(res.argmax()))
    raise RuntimeError("graticule: not enough labels")


def georeference(img: Image.Image, words: list[dict]):
    lon_pts = []
    for w in words:
        m = re.fullmatch(r"(\d{1,3})[.,](\d{3})\s*°?\s*([EW])?", w["text"].replace("-W", "°W"))
        if m and w["y"] < img.height * 0.2 or m and w["y"] > img.height * 0.8:
            value = float(f"{m.group(1)}.{m.group(2)}")
            sign = -1 if (m.group(3) or "W") == "W" else 1
            lon_pts.append((sign * value, w["x"] + w["w"] / 2))
    # keep the most common integer degree (an OCR slip such as 33.192 for 93.192 drops out)
    if lon_pts:
        common = Counter(int(p[0]) for p in lon_pts).most_common(1)[0][0]
        lon_pts = [p for p in lon_pts if int(p[0]) == common]
    margin = img.crop((0, 0, int(img.width * 0.08), img.height)).rotate(-90, expand=True)
    lat_pts = []
    for w in ocr_words(margin):
        m = re.fullmatch(r"(\d{1,2})[.,](\d{3})\s*°?\s*([NS])?[.,]?", w["text"])
        if m:
            value = float(f"{m.group(1)}.{m.group(2)}")
            sign = -1 if m.group(3) == "S" else 1
            y = img.height - 1 - (w["x"] + w["w"] / 2)  # rotated -90: x' = H-1-y
            lat_pts.append((sign * value, y))
    if lat_pts:
        common = Counter(int(p[0]) for p in lat_pts).most_common(1)[0][0]
        lat_pts = [p for p in lat_pts if int(p[0]) == common]
    ax, bx = _fit(lon_pts)
    ay, by = _fit(lat_pts)
    return lambda lon, lat: (ax * lon + bx, ay * lat + by)


# ----------------------------------------------------------------------------- classify
def classify(img: Image.Image, to_px, colours: dict[str, np.ndarray]) -> dict[str, str]:
    arr = np.asarray(img).astype(float)
    codes = list(colours)
    pal = np.stack([colours[c] for c in codes])
    out = {}
    for f in parcels_fc["features"]:
        pid = f["properties"]["parcel_id"]
        ring = [to_px(lon, lat) for lon, lat in f["geometry"]["coordinates"][0]]
        cx = sum(p[0] for p in ring[:-1]) / (len(ring) - 1)
        cy = sum(p[1] for p in ring[:-1]) / (len(ring) - 1)
        shrunk = [(cx + 0.8 * (x - cx), cy + 0.8 * (y - cy)) for x, y in ring]
        mask = Image.new("L", img.size, 0)
        ImageDraw.Draw(mask).polygon(shrunk, fill=1)
        m = np.asarray(mask).astype(bool)
        px = arr[m]
        if not len(px):
            continue
        d = np.linalg.norm(px[:, None, :] - pal[None, :, :], axis=2)
        near = d.argmin(axis=1)
        ok = d.min(axis=1) < 40
        votes = Counter(near[ok].tolist())
        out[pid] = codes[votes.most_common(1)[0][0]] if votes else codes[0]
    return out


# ----------------------------------------------------------------------------- red-pen markups
def _components(mask: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """Connected components of a boolean mask (4-neighbour flood fill): (y0, y1, x0, x1, n)."""
    seen = np.zeros_like(mask)
    out = []
    for y, x in zip(*np.nonzero(mask)):
        if seen[y, x]:
            continue
        stack, ys, xs = [(y, x)], [], []
        seen[y, x] = True
        while stack:
            cy, cx = stack.pop()
            ys.append(cy)
            xs.append(cx)
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
        out.append((min(ys), max(ys) + 1, min(xs), max(xs) + 1, len(ys)))
    return out


def _code_in(text: str, codes: list[str]) -> str | None:
    norm = {c.replace("-", ""): c for c in codes}
    for tok in re.findall(r"[A-Z0-9]+(?:-[A-Z0-9]+)?", text.upper().replace("—", "-").replace("–", "-")):
        key = tok.replace("-", "")
        if key in norm:
            return norm[key]
    return None


def pen_amendments(img: Image.Image, to_px, colours: dict[str, np.ndarray], codes: list[str]) -> dict[str, str]:
    """{parcel: class} for class codes handwritten in red pen on the map."""
    arr = np.asarray(img).astype(int)
    r, g, b = arr[..., 0], arr[..., 1], arr[..., 2]
    pal = np.stack(list(colours.values())) if colours else np.zeros((0, 3))
    red = (r > 110) & (r - g > 70) & (r - b > 60)
    if len(pal):
        d = np.min([np.linalg.norm(arr - c, axis=2) for c in pal], axis=0)
        red &= d > 45
    if red.sum() < 50:
        return {}
    grown = np.asarray(Image.fromarray(red.astype("uint8") * 255).filter(ImageFilter.MaxFilter(9))) > 0
    polys = {}
    for f in parcels_fc["features"]:
        polys[f["properties"]["parcel_id"]] = [to_px(lon, lat) for lon, lat in f["geometry"]["coordinates"][0]]
    found = {}
    for y0, y1, x0, x1, n in _components(grown):
        ink = red[y0:y1, x0:x1]
        if n < 150 or ink.sum() < 100:  # specks (anti-aliased fill edges), not writing
            continue
        votes: Counter = Counter()
        base = Image.fromarray(np.where(ink, 0, 255).astype("uint8"))
        for scale in (1, 2):
            big = base.resize((base.width * scale, base.height * scale))
            padded = Image.new("L", (big.width + 40, big.height + 40), 255)
            padded.paste(big, (20, 20))
            for psm in (6, 11):
                text = " ".join(w["text"] for w in ocr_words(padded, psm))
                code = _code_in(text, codes)
                if code:
                    votes[code] += 1
        if not votes:
            continue
        code = votes.most_common(1)[0][0]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        inside = [pid for pid, ring in polys.items() if _point_in(cx, cy, ring)]
        if inside:
            pid = inside[0]
        else:
            pid = min(polys, key=lambda k: np.hypot(*(np.mean(polys[k][:-1], axis=0) - (cx, cy))))
        found[pid] = code
    return found


def _point_in(x: float, y: float, ring) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# ----------------------------------------------------------------------------- deliverables
def main() -> None:
    classes, target = policy_classes()
    img = Image.open(MAP).convert("RGB")
    words = ocr_words(img)
    colours = legend_colours(img, classes, ocr_lines(words))
    to_px = georeference(img, words)
    zoning = classify(img, to_px, colours)
    codes = [c for c, _ in classes]
    amended = pen_amendments(img, to_px, colours, codes)
    zoning.update(amended)
    fallback = codes[0]
    rows = [(pid, zoning.get(pid, fallback), d) for pid, d in CORRIDOR]
    counts = {c: sum(1 for _, z, _ in rows if z == c) for c in codes}
    rezone = [(pid, z, target[z]) for pid, z, _ in rows if z in target]
    hexes = {c: "#%02x%02x%02x" % tuple(int(v) for v in colours.get(c, (200, 200, 200))) for c in codes}
    legend = [Patch(facecolor=hexes[c], edgecolor="black", label=f"Corridor parcel, {c} {n}") for c, n in classes]
    draw_site_map(WS / "site_map.png", colour_of=lambda pid: hexes[zoning.get(pid, fallback)], legend=legend)

    doc = Document()
    doc.add_heading("Corridor zoning memo", level=1)
    doc.add_paragraph(
        f"Under Policy 7.4.2 a parcel is in the corridor when any part of it lies within 400 m of the Line H centreline; "
        f"{len(rows)} of the {len(PARCELS)} parcels qualify. Zoning classes were read automatically from map LU-07 "
        f"(legend swatch colours matched to the parcel fills after georeferencing the map by its graticule).")
    doc.add_paragraph("Table 1. Corridor parcels")
    t = doc.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, name in zip(t.rows[0].cells, ["Parcel ID", "Zoning class", "Distance to centreline (m)"]):
        c.text = name
    for pid, z, d in rows:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = pid, z, f"{round(d)}"
    doc.add_paragraph("")
    doc.add_paragraph("Table 2. Corridor parcels by zoning class")
    t2 = doc.add_table(rows=1, cols=2)
    t2.style = "Table Grid"
    t2.rows[0].cells[0].text, t2.rows[0].cells[1].text = "Zoning class", "Parcels"
    for code in codes:
        cells = t2.add_row().cells
        cells[0].text, cells[1].text = code, str(counts[code])
    cells = t2.add_row().cells
    cells[0].text, cells[1].text = "Total", str(len(rows))
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Following Policy 7.4.3, initiate one City rezoning bylaw for the Line H corridor covering:")
    for pid, z, tgt in rezone:
        doc.add_paragraph(f"{pid}: rezone from {z} to {tgt}", style="List Bullet")
    kept = [c for c in codes if c not in target and counts[c]]
    doc.add_paragraph(f"Retain the corridor's {', '.join(kept)} parcels as zoned (Policy 7.4.3, table 7.4-A); "
                      f"heritage overlays, where present, keep their overlay.")
    doc.add_picture(str(WS / "site_map.png"), width=Inches(6.3))
    doc.save(WS / "memo.docx")

    lines = [f"Corridor parcels: {len(rows)}", ""] + [f"{c}: {counts[c]}" for c in codes] + [""]
    lines += [f"{pid}: rezone from {z} to {tgt}" for pid, z, tgt in rezone]
    lines += ["", "Deliverables: site_map.png and memo.docx."]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
