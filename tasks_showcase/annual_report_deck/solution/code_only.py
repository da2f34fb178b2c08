"""Code-only baseline for annual_report_deck: the strongest honest attempt that never looks at
the chart images the way a person (or a vision model) would.

Text comes from the PDF text layer and the peer workbook. The two chart images are read by a
generic chart-digitising pipeline that would work on any similar bar or line chart:
- Tesseract OCR with word boxes (TSV) finds the y-axis tick labels, the x-axis category or
  year labels and the legend entries;
- the y axis is calibrated by a least-squares fit of tick value against tick position;
- a bar chart's series colours are sampled from the legend swatches next to the legend
  labels (any phrase with a coloured swatch left of it); each series' bars are the column runs
  of pixels of that colour, the height of the colour block in each (top minus bottom, so a
  stacked segment counts only itself) is converted to a value and assigned to the nearest
  category label; series keyed by segment are turned round to be keyed by year;
- a line chart's line colour is the dominant saturated colour; the line's height above each
  year label is converted to a value.
Nothing read off the charts is hard-coded; if a step fails the deck still commits to the best
figures it has (nothing is left blank where the prompt asks for a number)."""

from __future__ import annotations

import difflib
import re
import statistics
import subprocess
import tempfile
from pathlib import Path

import fitz
import numpy as np
from openpyxl import load_workbook
from PIL import Image
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"


# -- OCR and calibration ----------------------------------------------------------------------

def ocr_words(img: Image.Image) -> list[dict]:
    """Words with boxes: [{text, x0, y0, x1, y1, cx, cy}] (Tesseract TSV, sparse text, 2x upscaled)."""
    path = Path(tempfile.mkdtemp()) / "chart.png"
    img.convert("L").resize((img.width * 2, img.height * 2), Image.LANCZOS).save(path)
    tsv = subprocess.run(["tesseract", str(path), "-", "--psm", "11", "tsv"], capture_output=True, text=True, timeout=120).stdout
    words = []
    for line in tsv.splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) == 12 and cols[11].strip() and float(cols[10]) > 30:
            x, y, w, h = (int(c) / 2 for c in cols[6:10])
            words.append({"text": cols[11].strip(), "x0": x, "y0": y, "x1": x + w, "y1": y + h, "cx": x + w / 2, "cy": y + h / 2})
    return words


def axis_fit(words: list[dict], width: int) -> tuple[float, float] | None:
    """value = a * y + b from the numeric tick labels at the left edge of the chart."""
    ticks = []
    for w in words:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)%?", w["text"].replace(",", ""))
        if m and w["x1"] < 0.12 * width:
            ticks.append((w["cy"], float(m.group(1))))
    if len(ticks) < 3:
        return None
    ys, vs = np.array([t[0] for t in ticks]), np.array([t[1] for t in ticks])
    a, b = np.polyfit(ys, vs, 1)
    keep = np.abs(a * ys + b - vs) <= 0.2 * (vs.max() - vs.min()) / max(1, len(vs) - 1) + 1e-9
    if keep.sum() >= 3 and keep.sum() < len(ys):  # drop OCR misreads and refit
        a, b = np.polyfit(ys[keep], vs[keep], 1)
    return float(a), float(b)


def saturated(rgb: np.ndarray) -> np.ndarray:
    return (rgb.max(axis=2).astype(int) - rgb.min(axis=2).astype(int)) > 40


def colour_mask(rgb: np.ndarray, colour: np.ndarray, tol: float = 30) -> np.ndarray:
    return np.linalg.norm(rgb.astype(float) - colour, axis=2) < tol


def phrases(words: list[dict], min_y: float) -> list[tuple[str, float]]:
    """Words below `min_y` joined into phrases (same line, small gaps): [(text, centre x)]."""
    low = sorted((w for w in words if w["cy"] > min_y), key=lambda w: w["x0"])
    out: list[list[dict]] = []
    for w in low:
        if out and w["x0"] - out[-1][-1]["x1"] < 15 and abs(w["cy"] - out[-1][-1]["cy"]) < 8:
            out[-1].append(w)
        else:
            out.append([w])
    return [(" ".join(x["text"] for x in p), (p[0]["x0"] + p[-1]["x1"]) / 2) for p in out]


def text_lines(words: list[dict]) -> list[dict]:
    """Words joined into phrases (same line, small gaps), each with its box."""
    out: list[list[dict]] = []
    words = [w for w in words if re.search(r"[A-Za-z]{2}", w["text"]) or re.fullmatch(r"[\d.,%]+", w["text"])]
    for w in sorted(words, key=lambda w: (w["cy"], w["x0"])):
        near = [p for p in out if abs(p[-1]["cy"] - w["cy"]) < 6 and 0 <= w["x0"] - p[-1]["x1"] < 15]
        if near:
            near[0].append(w)
            continue
        out.append([w])
    out = [sorted(p, key=lambda w: w["x0"]) for p in out]
    return [{"text": " ".join(x["text"] for x in p), "x0": p[0]["x0"], "x1": p[-1]["x1"],
             "y0": min(x["y0"] for x in p), "y1": max(x["y1"] for x in p)} for p in out]


def block_extent(mask: np.ndarray) -> tuple[int, int] | None:
    """(top row, bottom row) of the tallest block of rows where the series colour fills the bar
    (grouped bars stand on the axis; stacked segments float): solid fills first, sparse ones
    (hatched or dotted fills) if no row is solid."""
    frac = mask.mean(axis=1)
    for level in (0.5, 0.08):
        rows = np.nonzero(frac >= level)[0]
        if len(rows) == 0:
            continue
        blocks, start = [], rows[0]
        for a, b in zip(rows[:-1], rows[1:]):
            if b - a > 4:
                blocks.append((start, a))
                start = b
        blocks.append((start, rows[-1]))
        top, bottom = max(blocks, key=lambda t: t[1] - t[0])
        if bottom - top > 2:
            return int(top), int(bottom)
    return None


def read_bars(img: Image.Image) -> dict[str, dict[str, float]]:
    """{series label: {category: value}} for a grouped or stacked bar chart. Legend entries are
    phrases with a coloured swatch just left of them; each bar's value is the height of its
    colour block (top minus bottom, so stacked segments count their own height only)."""
    rgb = np.asarray(img.convert("RGB"))
    h, w = rgb.shape[:2]
    words = ocr_words(img)
    fit = axis_fit(words, w)
    x_axis = max((wd["cy"] for wd in words if re.fullmatch(r"0", wd["text"])), default=h * 0.9)
    series = {}
    for ph in text_lines(words):
        if not re.search(r"[A-Za-z]{3}", ph["text"]) or ph["y0"] > x_axis:
            continue
        y0, y1 = int(ph["y0"]), int(ph["y1"]) + 1
        x0 = int(max(0, ph["x0"] - 70))
        patch = rgb[y0:y1, x0:max(x0, int(ph["x0"]) - 3)].reshape(-1, 3)
        patch = patch[patch.astype(int).sum(axis=1) < 700]
        if len(patch) > 20:
            series[ph["text"]] = np.median(patch, axis=0)
    cats = [(t, x) for t, x in phrases(words, x_axis + 8) if re.search(r"[A-Za-z]{2}|\d{4}", t)]
    out: dict[str, dict[str, float]] = {}
    for label, colour in series.items():
        mask = colour_mask(rgb, colour, 40)
        mask[int(x_axis) - 2:] = False
        cols = mask.sum(axis=0) > 0.05 * h
        runs, start = [], None
        for x in range(w + 1):
            on = x < w and cols[x]
            if on and start is None:
                start = x
            elif not on and start is not None:
                if x - start > 10:
                    runs.append((start, x))
                start = None
        values = {}
        for a, b in runs:
            ext = block_extent(mask[:, a + 2:b - 2])
            if ext is None or not fit or not cats:
                continue
            top, bottom = ext
            value = fit[0] * top + fit[1] - max(0.0, fit[0] * bottom + fit[1])
            name = min(cats, key=lambda c: abs(c[1] - (a + b) / 2))[0]
            values[name] = value
        out[label] = values
    # series may be years (grouped by segment) or segments (stacked per year): key by year
    if out and not all(re.search(r"\d{4}", k) for k in out):
        flipped: dict[str, dict[str, float]] = {}
        for label, values in out.items():
            for cat, v in values.items():
                flipped.setdefault(cat, {})[label] = v
        out = flipped
    return out


def read_line(img: Image.Image) -> dict[int, float]:
    """{year: value} for a single-series line chart."""
    rgb = np.asarray(img.convert("RGB"))
    h, w = rgb.shape[:2]
    words = ocr_words(img)
    fit = axis_fit(words, w)
    sat = saturated(rgb)
    ys, xs = np.nonzero(sat)
    plot = ys > 0.08 * h  # below the title
    colours = rgb[ys[plot], xs[plot]] // 16
    keys, counts = np.unique(colours.reshape(-1, 3), axis=0, return_counts=True)
    colour = keys[np.argmax(counts)] * 16 + 8
    mask = colour_mask(rgb, colour, 60)
    years = {}
    for wd in words:
        m = re.fullmatch(r"((?:19|20)\d\d)", wd["text"])
        if m and wd["cy"] > 0.75 * h:
            x = int(round(wd["cx"]))
            band = mask[:, max(0, x - 2):x + 3]
            rows = np.nonzero(band.any(axis=1))[0]
            if len(rows) and fit:
                years[int(m.group(1))] = fit[0] * float(np.median(rows)) + fit[1]
    return dict(sorted(years.items()))


# -- text inputs -------------------------------------------------------------------------------

def report() -> tuple[str, list[Image.Image], list[str]]:
    """The text layer, the embedded images (largest first per page) and the figure captions."""
    doc = fitz.open(INP / "aldermoor_annual_report_2024.pdf")
    text = "\n".join(p.get_text() for p in doc)
    images = []
    for page in doc:
        for info in sorted(page.get_images(full=True), key=lambda i: page.get_image_rects(i[0])[0].y0 if page.get_image_rects(i[0]) else 0):
            if info[2] >= 400 and info[3] >= 200:
                raw = doc.extract_image(info[0])
                path = Path(tempfile.mkdtemp()) / f"img.{raw['ext']}"
                path.write_bytes(raw["image"])
                images.append(Image.open(path).convert("RGB"))
    return text, images, re.findall(r"Figure \d+\s+([^\n]+)", text)


def peers() -> list[dict]:
    ws = load_workbook(INP / "peer_comparison.xlsx")["Peer set"]
    header = [c.value for c in ws[4]]
    out = []
    for row in ws.iter_rows(min_row=5, values_only=True):
        rec = dict(zip(header, row))
        if rec.get("Company") and isinstance(rec.get("Revenue FY2024"), (int, float)):
            out.append({"name": rec["Company"], "revenue": float(rec["Revenue FY2024"]), "margin": float(rec["Operating margin FY2024 %"])})
    return out


def column_total(words: list[dict], width: int) -> int | None:
    """The number printed above the right-most column (the latest year's total), if OCR read one."""
    cats = [w for w in words if re.fullmatch(r"(?:FY)?\d{4}", w["text"])]
    if not cats:
        return None
    last = max(cats, key=lambda w: w["cx"])
    nums = [w for w in words if re.fullmatch(r"\d{2,5}", w["text"]) and w["x1"] > 0.12 * width
            and abs(w["cx"] - last["cx"]) < 40 and w["cy"] < last["cy"]]
    return int(min(nums, key=lambda w: w["cy"])["text"]) if nums else None


def name_segments(text: str, readings: dict[str, int]) -> dict[str, int]:
    """Chart labels (as OCR spelt them) mapped onto the segment names the text layer gives
    ("the three operating segments are A, B and C"); every named segment gets a figure."""
    m = re.search(r"segments are\s+(.+?),\s+(.+?)\s+and\s+(.+?)\.", " ".join(text.split()))
    names = [g.strip() for g in m.groups()] if m else list(readings)
    out, left = {}, dict(readings)
    for name in names:
        if not left:
            break
        best = max(left, key=lambda k: difflib.SequenceMatcher(None, k.lower(), name.lower()).ratio())
        out[name] = left.pop(best)
    for name in names:  # nothing left to map: commit to an even share of what was read
        out.setdefault(name, round(sum(readings.values()) / max(1, len(readings))) if readings else 0)
    return out


def main() -> None:
    text, images, _ = report()
    m = re.search(r"Operating profit\s+([\d.]+)\s+([\d.]+)", text)
    op24 = float(m.group(1)) if m else 0.0
    bars: dict[str, dict[str, float]] = {}
    line: dict[int, float] = {}
    total = None
    for img in images:
        words = ocr_words(img)
        if "%" in " ".join(w["text"] for w in words[:40]) and not line:
            line = read_line(img)
        elif not bars:
            bars = read_bars(img)
            if re.search(r"total above each", text):  # the caption says the group total is printed on each column
                total = column_total(words, img.width)
    latest = max(bars, key=lambda k: int(re.sub(r"\D", "", k) or 0), default=None)
    segments = name_segments(text, {k: round(v) for k, v in (bars.get(latest) or {}).items()})
    group = total or sum(segments.values())
    year = max(line) if line else 2024
    # Note 3 defines the (reported) margin as operating profit / revenue: compute it when both are known
    margin = round(100 * op24 / group, 1) if op24 and total else round(line.get(year, 100 * op24 / group if group else 0.0), 1)
    peak_year = max(line, key=line.get) if line else year
    peer_rows = peers()
    median = statistics.median(p["margin"] for p in peer_rows)
    rank = 1 + sum(p["margin"] > margin for p in peer_rows)

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Aldermoor Technologies: FY2024 results"
    s.placeholders[1].text = "Investor briefing"

    def slide(title: str, lines: list[str]):
        sl = prs.slides.add_slide(prs.slide_layouts[1])
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        for i, ln in enumerate(lines):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = ln
            for r in p.runs:
                r.font.size = Pt(18)
        return sl

    s = slide("Key figures", [f"Group revenue: €{group}m", f"Operating margin: {margin:.1f}%", f"Operating profit: €{op24:.1f}m",
                              f"Margin peak: {peak_year} ({line.get(peak_year, 0):.1f}%)"])
    s.notes_slide.notes_text_frame.text = (f"Group revenue €{group}m, operating profit €{op24:.1f}m; the operating margin was {margin:.1f}% "
                                           f"in FY2024. The margin peaked in {peak_year} at {line.get(peak_year, 0):.1f}%.")
    s = slide("Segment mix", [f"{k}: €{v}m, {100 * v / group:.1f}%" for k, v in segments.items()])
    if segments:
        data = CategoryChartData()
        data.categories = list(segments)
        data.add_series("FY2024 revenue (€m)", list(segments.values()))
        s.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(7.5), Inches(2.5), Inches(5), Inches(4.5), data)
    lines = [f"{p['name']}: €{p['revenue']:,.0f}m, {p['margin']:.1f}%" for p in peer_rows]
    lines.insert(0, f"Aldermoor Technologies N.V.: €{group}m, {margin:.1f}%")
    lines += [f"Peer median operating margin: {median:.1f}%", f"Aldermoor by operating margin: Rank {rank} of 5"]
    slide("Peer comparison", lines)
    risks = []
    for name in ("Currency", "Customer concentration", "Input-cost inflation", "Cyber security"):
        mm = re.search(re.escape(name) + r"\s+(.+?)\s+(?:Rolling|Broaden|Index|ISO)", text, re.S)
        risks.append(f"{name}: {' '.join(mm.group(1).split()) if mm else 'see annual report p.6'}")
    slide("Risks", risks)
    prs.save(WS / "investor_deck.pptx")
    seg_lines = "".join(f"- {k}: €{v}m\n" for k, v in segments.items())
    (WS / "final_reply.md").write_text(
        "investor_deck.pptx is ready.\n\n" + seg_lines +
        f"- Group revenue: €{group}m\n- Operating margin: {margin:.1f}%\n- Margin peak year: {peak_year}\n- Margin rank: Rank {rank} of 5\n")


if __name__ == "__main__":
    main()
