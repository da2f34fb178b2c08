"""Code-only baseline for energy_trend_workbook: the strongest honest attempt without looking.

No value was read off a chart by a person. A generic chart-digitising pipeline, the kind that
works on any dashboard screenshot of this sort, reads the missing months:

- tesseract OCR finds the site name (matched against the CSV's sites), the y-axis tick labels
  (a column of evenly spaced numbers, fitted linearly to their pixel rows), the unit (MWh/kWh),
  the month tick labels on the x axis and the legend entries "2024" / "2023";
- the 2024 series colour is sampled from the legend marker left of "2024"; at each month's x
  position the series' pixels give the value: the top of a bar, or the centre of a line's
  marker (median row of the series colour there);
- the anomaly: both years are digitised; a month whose 2024/2023 ratio stands far above the
  site's usual ratio is flagged (the strongest such month in the portfolio, if any);
- CSV readings and the tariff PDF's text layer (rates, levy, standing and capacity charges)
  are used as in the text-only baseline.

It commits to every answer the prompt asks for, whatever the pipeline returns."""

from __future__ import annotations

import calendar
import csv
import io
import math
import re
import statistics
import subprocess
from pathlib import Path

import fitz
import numpy as np
from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from PIL import Image

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"
MONTHS = [calendar.month_abbr[m] for m in range(1, 13)]
WINTER = {1, 2, 3, 10, 11, 12}


# ----------------------------------------------------------------------------- OCR
def ocr_words(img: Image.Image, scale: int = 2) -> list[dict]:
    big = img.convert("L").resize((img.width * scale, img.height * scale), Image.LANCZOS)
    buf = io.BytesIO()
    big.save(buf, format="PNG")
    out = subprocess.run(["tesseract", "stdin", "stdout", "--psm", "11", "tsv"], input=buf.getvalue(),
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    words = []
    for row in csv.DictReader(io.StringIO(out), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (row.get("text") or "").strip()
        if text and float(row.get("conf") or -1) > 30:
            x, y, w, h = (int(row[k]) / scale for k in ("left", "top", "width", "height"))
            words.append({"text": text, "x": x, "y": y, "w": w, "h": h, "cx": x + w / 2, "cy": y + h / 2})
    return words


# ----------------------------------------------------------------------------- chart digitising
def y_axis(words: list[dict]) -> tuple[float, float] | None:
    """(slope, intercept) mapping pixel row -> value, from the best column of numeric ticks."""
    nums = [w for w in words if re.fullmatch(r"\d{1,4}", w["text"])]
    best = None
    for anchor in nums:
        col = [w for w in nums if abs((w["x"] + w["w"]) - (anchor["x"] + anchor["w"])) < 4]
        if len(col) < 4:
            continue
        ys = np.array([w["cy"] for w in col])
        vs = np.array([float(w["text"]) for w in col])
        slope, icpt = np.polyfit(ys, vs, 1)
        resid = np.abs(vs - (slope * ys + icpt))
        keep = resid < max(2.0, 0.02 * (vs.max() - vs.min()))  # drop OCR misreads ("920" for "90")
        if keep.sum() >= 4:
            slope, icpt = np.polyfit(ys[keep], vs[keep], 1)
            if slope < 0 and (best is None or keep.sum() > best[0]):
                best = (int(keep.sum()), slope, icpt)
    return (best[1], best[2]) if best else None


def month_columns(words: list[dict]) -> dict[int, float]:
    """x centre of each month tick label (the lowest row of Jan..Dec words)."""
    found: dict[int, list[dict]] = {}
    for w in words:
        t = w["text"].strip(".,").title()[:3]
        if t in MONTHS:
            found.setdefault(MONTHS.index(t) + 1, []).append(w)
    return {m: max(ws, key=lambda w: w["cy"])["cx"] for m, ws in found.items()}


def legend_colour(rgb: np.ndarray, words: list[dict], label: str) -> np.ndarray | None:
    """The most saturated / darkest non-background colour just left of a legend label."""
    years = [w for w in words if re.fullmatch(r"(19|20)\d\d", w["text"])]
    # a legend entry: a year label with another year label on the same row nearby
    cands = [w for w in years if w["text"] == label
             and any(v is not w and abs(v["cy"] - w["cy"]) < 6 and abs(v["x"] - w["x"]) < 250 for v in years)]
    if not cands:
        return None
    w = cands[0]
    y0, y1 = int(w["y"]), int(w["y"] + w["h"])
    x0, x1 = int(w["x"] - 40), int(w["x"] - 4)
    patch = rgb[y0:y1 + 1, max(x0, 0):x1].reshape(-1, 3).astype(int)
    patch = patch[patch.min(axis=1) < 235]  # not the card background
    if len(patch) == 0:
        return None
    colours, counts = np.unique(patch, axis=0, return_counts=True)
    return colours[counts.argmax()]


def series_values(rgb: np.ndarray, colour: np.ndarray, cols: dict[int, float], axis: tuple[float, float],
                  plot_top: float, plot_bottom: float) -> dict[int, float]:
    """Value at each month: the top of a bar, or the median row of a line's marker."""
    near = np.abs(rgb.astype(int) - colour[None, None, :]).sum(axis=2) < 40
    out = {}
    for m, x in cols.items():
        band = near[int(plot_top):int(plot_bottom), int(x) - 2:int(x) + 3]
        rows = np.nonzero(band.any(axis=1))[0]
        if len(rows) == 0:
            continue
        span = rows[-1] - rows[0] + 1
        if span > 0.15 * (plot_bottom - plot_top) and len(rows) > 0.6 * span:
            # a bar (possibly crossed by the other year's line marker): its top edge
            y = rows[0] + plot_top
        else:  # a line: the centre of its marker, the biggest blob of the colour here
            runs = np.split(rows, np.nonzero(np.diff(rows) > 2)[0] + 1)
            y = float(np.median(max(runs, key=len))) + plot_top
        out[m] = axis[0] * y + axis[1]
    return out


def read_dashboard(path: Path, sites: list[str]) -> tuple[str | None, dict[int, float], dict[int, float]]:
    """(site, 2024 values, 2023 values) in kWh from one dashboard screenshot."""
    img = Image.open(path).convert("RGB")
    rgb = np.asarray(img)
    words = ocr_words(img)
    text = " ".join(w["text"] for w in words).lower()
    site = max(sites, key=lambda s: sum(tok.lower() in text for tok in s.split()) + (s.lower() in text) * 2)
    axis = y_axis(words)
    cols = month_columns(words)
    if axis is None or len(cols) < 12:
        return site, {}, {}
    unit = 1000.0 if "mwh" in text else 1.0
    ticks = [w for w in words if re.fullmatch(r"\d{1,4}", w["text"])]
    top = min(w["cy"] for w in ticks)
    bottom = max(w["cy"] for w in words if w["text"].strip(".,").title()[:3] in MONTHS) - 8
    series = {}
    for year in ("2024", "2023"):
        colour = legend_colour(rgb, words, year)
        values = series_values(rgb, colour, cols, axis, top - 5, bottom) if colour is not None else {}
        series[year] = {m: v * unit for m, v in values.items()}
    return site, series["2024"], series["2023"]


# ----------------------------------------------------------------------------- tariff and output
def num(text: str) -> float:
    return float(text.replace(",", ""))


def tariff(sites: list[str]) -> tuple[dict[str, dict[str, float]], float]:
    flat = re.sub(r"\s+", " ", "\n".join(p.get_text() for p in fitz.open(INPUT / "tariff_schedule.pdf")))
    ccl = num(re.search(r"Climate Change Levy[^0-9]*([\d.]+) p/kWh", flat).group(1))
    out: dict[str, dict[str, float]] = {}
    for site in sites:
        product = re.search(re.escape(site) + r" \S+ [\d ]+? ([A-Z][^()]*\([^)]*\))", flat).group(1).strip()
        rates = re.search(re.escape(product) + r" ([\d.]+) ([\d.]+)", flat[flat.index("Part B"):])
        m = re.search(re.escape(site) + r" ([\d,.]+) (-|[\d.]+ per kVA)", flat[flat.index("Part C"):])
        capacity = 0.0
        if m.group(2) != "-":
            kva = num(re.search(re.escape(site) + r" \S+ [\d ]+? .*?(\d+) kVA", flat).group(1))
            capacity = num(m.group(2).split()[0]) * kva
        out[site] = {"winter": num(rates.group(1)), "summer": num(rates.group(2)), "standing": num(m.group(1)),
                     "capacity": capacity}
    return out, ccl


def main() -> None:
    rows = list(csv.DictReader(open(INPUT / "meter_readings_2024.csv", newline="")))
    sites = list(dict.fromkeys(r["site_name"] for r in rows))
    data: dict[tuple[str, int], float | None] = {}
    for r in rows:
        data[(r["site_name"], int(r["period"].split("-")[1]))] = float(r["kwh"]) if r["kwh"].strip() else None
    charts: dict[str, tuple[dict[int, float], dict[int, float]]] = {}
    for png in sorted(INPUT.glob("*.png")):
        site, v24, v23 = read_dashboard(png, sites)
        if site:
            charts[site] = (v24, v23)
    # the supplier's reads share a granularity (their greatest common divisor, at most 1 MWh);
    # a chart value is snapped to it, as a reader would round to the export's precision
    step = 0
    for v in data.values():
        if v is not None and float(v).is_integer():
            step = math.gcd(step, int(v))
    step = min(step, 1000) or 1
    filled: set[tuple[str, int]] = set()
    for (site, m), v in list(data.items()):
        if v is None:
            chart = charts.get(site, ({}, {}))[0]
            if m in chart:
                data[(site, m)] = round(chart[m] / step) * step
            else:  # no chart value: interpolate rather than abstain
                prev = next((data[(site, k)] for k in range(m - 1, 0, -1) if data[(site, k)] is not None), None)
                nxt = next((data[(site, k)] for k in range(m + 1, 13) if data[(site, k)] is not None), None)
                data[(site, m)] = statistics.mean(x for x in (prev, nxt) if x is not None)
            filled.add((site, m))
    rates, ccl = tariff(sites)

    def cost(s: str, m: int) -> float:
        t = rates[s]
        rate = t["winter"] if m in WINTER else t["summer"]
        return data[(s, m)] * (rate + ccl) / 100 + calendar.monthrange(2024, m)[1] * (t["standing"] + t["capacity"]) / 100

    wb = Workbook()
    mon = wb.active
    mon.title = "Monthly"
    mon.append(["Month", *sites, "Total", "Notes"])
    for m in range(1, 13):
        r = m + 1
        notes = [s for s in sites if (s, m) in filled]
        mon.append([f"{calendar.month_name[m]} 2024", *[data[(s, m)] for s in sites], f"=SUM(B{r}:D{r})",
                    ("Read from dashboard chart: " + ", ".join(notes)) if notes else None])
    mon.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    chart = LineChart()
    chart.title = "Monthly consumption 2024 (kWh)"
    chart.add_data(Reference(mon, min_col=2, max_col=4, min_row=1, max_row=13), titles_from_data=True)
    chart.set_categories(Reference(mon, min_col=1, min_row=2, max_row=13))
    mon.add_chart(chart, "H3")
    cst = wb.create_sheet("Costs")
    cst.append(["Month", *sites, "Total"])
    for m in range(1, 13):
        cst.append([f"{calendar.month_name[m]} 2024", *[round(cost(s, m), 2) for s in sites], f"=SUM(B{m + 1}:D{m + 1})"])
    cst.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    totals = {m: sum(data[(s, m)] for s in sites) for m in range(1, 13)}
    costs = {m: sum(cost(s, m) for s in sites) for m in range(1, 13)}
    peak, dear = max(totals, key=totals.get), max(costs, key=costs.get)
    cst["A16"], cst["B16"] = "Peak consumption month", f"{calendar.month_name[peak]} 2024"
    cst["A17"], cst["B17"] = "Most expensive month", f"{calendar.month_name[dear]} 2024"
    wb.save(WS / "energy_review.xlsx")

    # anomaly: the month whose 2024/2023 ratio stands furthest above the site's usual ratio
    best = None
    for site, (v24, v23) in charts.items():
        ratios = {m: v24[m] / v23[m] for m in v24 if v23.get(m)}
        if len(ratios) < 6:
            continue
        usual = statistics.median(ratios.values())
        for m, r in ratios.items():
            score = r / usual
            if best is None or score > best[0]:
                best = (score, site, m, v24[m])
    if best and best[0] > 1.25:
        site_line, month_line, size_line = best[1], f"{calendar.month_name[best[2]]} 2024", f"{round(best[3], -2):,.0f} kWh"
    else:
        site_line = month_line = size_line = "none"
    (WS / "final_reply.md").write_text(
        "The 2024 review is in `energy_review.xlsx`. Missing months were digitised from the dashboard screenshots "
        "(OCR of the axes, colour of the 2024 series) and carry a reading uncertainty.\n\n"
        f"Peak consumption month: {calendar.month_name[peak]} 2024\n"
        f"Peak month consumption: {totals[peak]:,.0f} kWh\n"
        f"Most expensive month: {calendar.month_name[dear]} 2024\n"
        f"Annual consumption: {sum(totals.values()):,.0f} kWh\n"
        f"Annual cost: £{sum(costs.values()):,.2f}\n"
        f"Anomaly site: {site_line}\n"
        f"Anomaly month: {month_line}\n"
        f"Anomaly consumption: {size_line}\n"
    )


if __name__ == "__main__":
    main()
