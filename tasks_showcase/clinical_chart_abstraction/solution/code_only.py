"""Code-only baseline for clinical_chart_abstraction: the strongest honest attempt without a
model looking at the scans.

Text comes from discharge_summary.pdf (as in text_only.py). The scans are read by generic
pipelines that would work on any similar TPR chart or MAR:
- observation chart: deskew by maximising the row-projection energy of the printed form colour;
  day columns = the longest run of evenly spaced strong vertical form lines; the chart's major
  horizontal lines are calibrated by OCR of the scale labels printed on them (temperature and
  pulse columns, several OCR settings, robust line fit); each 4-hourly slot is sampled for the
  blue (temperature) and red (pulse) plot marks, the densest 9-pixel window giving the mark's
  centre; daily maxima and the peak follow;
- allergy box: OCR of the region under the "ALLERGIES" label (words such as a drug name and a
  reaction are kept when they are not form text);
- MAR: drug rows from OCR of the drug names, blue-ink connected components classified by shape
  (a checkmark: 18–40 px, lowest point left of centre, top at the right); ticks per row are the
  doses given, PRN entries are counted from OCR'd times in the PRN section.
Nothing read off the scans by the author is hard-coded; unreadable items fall back to the
summary's text or to a committed guess."""

from __future__ import annotations

import csv
import io
import re
import sys
from collections import deque
from pathlib import Path

import fitz
import numpy as np
from docx import Document
from PIL import Image
from tesserocr import PyTessBaseAPI

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"
TMP = Path("/tmp/code_only")
DRUGS = ["ceftriaxone", "azithromycin", "paracetamol", "enoxaparin"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr)


# tesseract as a library (Debian's python3-tesserocr, the same engine as the command): the model
# loads once for all of this solver's reads instead of once per read (~65 ms each, most of its time)
OCR = PyTessBaseAPI(lang="eng")
TSV_COLUMNS = ["level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height",
               "conf", "text"]  # the header line the command prints above these rows


def ocr(img: Image.Image, scale: int, psm: int = 11, whitelist: str | None = None) -> list[dict]:
    TMP.mkdir(parents=True, exist_ok=True)
    path = TMP / "ocr.png"
    img.resize((img.width * scale, img.height * scale), Image.LANCZOS).save(path)
    OCR.SetVariable("tessedit_char_whitelist", whitelist or "")
    OCR.SetPageSegMode(psm)
    OCR.SetImageFile(str(path))  # read back from a PNG file, as the command would: same pixels and resolution
    out = OCR.GetTSVText(0)
    words = []
    for r in csv.DictReader(io.StringIO(out), fieldnames=TSV_COLUMNS, delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (r.get("text") or "").strip()
        if text:
            x, y, w, h = (int(r[k]) / scale for k in ("left", "top", "width", "height"))
            words.append({"text": text, "cx": x + w / 2, "cy": y + h / 2, "x": x, "y": y, "w": w, "h": h})
    return words


def colour_masks(a: np.ndarray):
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    form = (r - b > 30) & (r - g > 50) & (r < 170) & (r > 80)  # printed maroon form
    blue = (b - r > 60) & (b > 100) & (b - g > 40)  # ballpoint blue
    red = (r > 140) & (r - g > 100) & (r - b > 80)  # red ink
    return form, blue, red


def deskew_angle(mask: np.ndarray) -> float:
    """The rotation that makes the form's horizontal lines sharpest (row-projection energy)."""
    img = Image.fromarray((mask * 255).astype(np.uint8))
    best = max(np.arange(-3, 3.01, 0.1),
               key=lambda ang: (np.asarray(img.rotate(ang, resample=Image.NEAREST)).sum(axis=1).astype(float) ** 2).sum())
    return float(best)


def peaks(profile: np.ndarray, threshold: float) -> list[float]:
    """Centres of runs of profile values above threshold."""
    out, start = [], None
    for i, v in enumerate(list(profile) + [0]):
        if v > threshold and start is None:
            start = i
        elif v <= threshold and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


def even_run(xs: list[float], min_len: int = 3) -> list[float]:
    """The longest run of consecutive positions with (nearly) equal spacing."""
    best: list[float] = []
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            step = xs[j] - xs[i]
            if step < 40:
                continue
            run = [xs[i], xs[j]]
            while True:
                nxt = [x for x in xs if abs(x - (run[-1] + step)) < 0.04 * step]
                if not nxt:
                    break
                run.append(nxt[0])
            if len(run) > len(best):
                best = run
    return best if len(best) >= min_len else []


def robust_scale(reads: list[tuple[float, float]]):
    """value = a*y + b agreeing with most (y, value) reads (pairs tried exhaustively)."""
    best, best_n = None, 0
    for i in range(len(reads)):
        for j in range(i + 1, len(reads)):
            (y1, v1), (y2, v2) = reads[i], reads[j]
            if abs(y2 - y1) < 20 or v1 == v2:
                continue
            a = (v2 - v1) / (y2 - y1)
            b = v1 - a * y1
            n = sum(1 for y, v in reads if abs(a * y + b - v) < 0.25 * abs(a) * 20 + 1e-9)
            if n > best_n:
                best, best_n = (a, b), n
    return best


def read_chart(path: Path):
    img = Image.open(path).convert("RGB")
    form, _, _ = colour_masks(np.asarray(img).astype(int))
    ang = deskew_angle(form)
    img = img.rotate(ang, resample=Image.BICUBIC, fillcolor=(255, 255, 255))
    a = np.asarray(img).astype(int)
    form, blue, red = colour_masks(a)
    h, w = form.shape
    vlines = peaks(form.sum(axis=0), 0.55 * h)
    days = even_run(vlines)
    plot_x0, plot_x1 = days[0], days[-1]
    hlines = peaks(form[:, int(plot_x0):int(plot_x1)].sum(axis=1), 0.6 * (plot_x1 - plot_x0))
    # label columns: the vertical form lines left of the plot bound the temperature / pulse scales
    left = [x for x in vlines if x < plot_x0 - 5]
    cols = list(zip(left, left[1:] + [plot_x0]))[-2:]
    scales = []
    for x0, x1 in cols:
        reads = []
        for y in hlines:
            crop = img.crop((int(x0) + 6, int(y) - 12, int(x1) - 6, int(y) + 12)).convert("L")
            g = np.asarray(crop).astype(int)
            bw = np.pad(np.where(g < 170, 0, 255).astype(np.uint8), 20, constant_values=255)
            for scale in (4, 6, 8):
                txt = "".join(wd["text"] for wd in ocr(Image.fromarray(bw), scale, 7, "0123456789"))
                if re.fullmatch(r"\d{2,3}", txt):
                    reads.append((y, float(txt)))
        scales.append(robust_scale(reads))
        log(f"scale reads {reads} -> {scales[-1]}")
    temp_scale = next((s for s in scales if s and 30 < s[0] * h / 2 + s[1] < 45), None)
    pulse_scale = next((s for s in scales if s and s is not temp_scale), None)
    words_top = ocr(img.crop((0, 0, w, int(hlines[0]) + 120)), 2)  # title block and header rows
    text = " ".join(wd["text"] for wd in words_top)
    m = re.search(r"(\d)\s*-?\s*hourly", text, re.I)  # "Record 4-hourly" on the form
    per_day = 24 // int(m.group(1)) if m and int(m.group(1)) in (1, 2, 3, 4, 6, 8, 12) else 6
    # slot hours: OCR each slot's header cell on the row labelled TIME (e.g. "02", "06", ...)
    header = words_top
    time_lab = next((wd for wd in header if wd["text"].upper().startswith("TIME")), None)
    first_hour = None
    if time_lab:
        step0 = (days[1] - days[0]) / per_day
        votes: dict[int, int] = {}
        for k in range(per_day):
            x0 = days[0] + k * step0
            crop = img.crop((int(x0) + 3, int(time_lab["y"]) - 4, int(x0 + step0) - 3,
                             int(time_lab["y"] + time_lab["h"]) + 6)).convert("L")
            g = np.asarray(crop).astype(int)
            bw = np.pad(np.where(g < 170, 0, 255).astype(np.uint8), 20, constant_values=255)
            txt = "".join(wd["text"] for wd in ocr(Image.fromarray(bw), 6, 7, "0123456789"))
            if re.fullmatch(r"\d{1,2}", txt) and int(txt) < 24:
                start = (int(txt) - k * (24 // per_day)) % 24
                votes[start] = votes.get(start, 0) + 1
        if votes:
            first_hour = max(votes, key=votes.get)
        log(f"slot-hour votes {votes}")
    top, bot = int(hlines[0]) - 100, int(hlines[-1]) + 10
    vitals = []
    for d in range(len(days) - 1):
        step = (days[d + 1] - days[d]) / per_day
        day = []
        for k in range(per_day):
            xc = days[d] + (k + 0.5) * step
            vals = []
            for mask, sc in ((blue, temp_scale), (red, pulse_scale)):
                band = mask[top:bot, int(xc - 3):int(xc + 4)].sum(axis=1)
                if sc is None or band.sum() == 0:
                    vals.append(None)
                    continue
                i = max(range(len(band) - 9), key=lambda i: band[i:i + 9].sum())
                if band[i:i + 9].sum() < 8:
                    vals.append(None)
                    continue
                yc = top + (np.arange(i, i + 9) * band[i:i + 9]).sum() / band[i:i + 9].sum()
                vals.append(sc[0] * yc + sc[1])
            day.append(vals)
        vitals.append(day)
    # allergy box: words under the ALLERGIES label that are not form words
    words = ocr(img, 2)
    lab = next((wd for wd in words if wd["text"].upper().startswith("ALLERG")), None)
    allergy_words = []
    if lab:
        allergy_words = [wd["text"] for wd in words if lab["x"] - 20 <= wd["x"] <= lab["x"] + 330
                         and lab["y"] < wd["y"] <= lab["y"] + 110]
    return vitals, per_day, first_hour, allergy_words


def tick_components(a: np.ndarray) -> list[tuple[float, float]]:
    """Centres of blue-ink connected components shaped like a checkmark."""
    _, blue, _ = colour_masks(a)
    h, w = blue.shape
    seen = np.zeros_like(blue)
    out = []
    for y0, x0 in zip(*np.nonzero(blue)):
        if seen[y0, x0]:
            continue
        seen[y0, x0] = True
        q, pts = deque([(y0, x0)]), []
        while q:
            y, x = q.popleft()
            pts.append((y, x))
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    yy, xx = y + dy, x + dx
                    if 0 <= yy < h and 0 <= xx < w and blue[yy, xx] and not seen[yy, xx]:
                        seen[yy, xx] = True
                        q.append((yy, xx))
        if len(pts) < 50:
            continue
        ys = np.array([p[0] for p in pts])
        xs = np.array([p[1] for p in pts])
        bw, bh = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
        if not (18 <= bw <= 40 and 18 <= bh <= 40):
            continue
        low = (xs[ys == ys.max()].mean() - xs.min()) / bw
        topx = (xs[ys == ys.min()].mean() - xs.min()) / bw
        if 0.1 <= low <= 0.45 and topx >= 0.85:
            out.append((float(xs.mean()), float(ys.mean())))
    return out


def read_mar(path: Path) -> dict[str, int]:
    img = Image.open(path).convert("RGB")
    a = np.asarray(img).astype(int)
    words = ocr(img, 2)
    rows = {}
    for wd in words:
        for drug in DRUGS:
            if wd["text"].lower().startswith(drug[:7]) and drug not in rows:
                rows[drug] = wd["cy"]
    order = sorted(rows.items(), key=lambda kv: kv[1])
    bands = {d: (y - 25, (order[i + 1][1] - 25) if i + 1 < len(order) else a.shape[0]) for i, (d, y) in
             enumerate(order)}
    ticks = tick_components(a)
    counts = {d: sum(1 for _, y in ticks if lo <= y < hi) for d, (lo, hi) in bands.items()}
    # Day columns: the ticks of the regular rows line up in evenly spaced columns; a row's
    # missing column is a day whose dose was not given.
    regular = [x for x, y in ticks if any(lo <= y < hi for d, (lo, hi) in bands.items() if d != "paracetamol")]
    cols: list[list[float]] = []
    for x in sorted(regular):
        if cols and x - cols[-1][-1] < 40:
            cols[-1].append(x)
        else:
            cols.append([x])
    centres = [sum(c) / len(c) for c in cols]
    missed: dict[str, list[int]] = {}
    if len(centres) >= 2:
        step = min(b - a for a, b in zip(centres, centres[1:]))
        day_of = lambda x: round((x - centres[0]) / step) + 1  # noqa: E731
        ndays = day_of(centres[-1])
        for d, (lo, hi) in bands.items():
            if d == "paracetamol":
                continue
            given = {day_of(x) for x, y in ticks if lo <= y < hi}
            missed[d] = [k for k in range(1, ndays + 1) if k not in given]
    counts["_missed"] = missed
    if "paracetamol" in bands:  # PRN: one recorded time per administration
        lo, hi = bands["paracetamol"]
        times = [wd for wd in words if lo <= wd["cy"] < hi and re.fullmatch(r"\d{1,2}[:.]?\d{2}", wd["text"])
                 and wd["cx"] > 400]
        counts["paracetamol"] = max(counts["paracetamol"], len(times))
    log(f"MAR rows {rows}; ticks {len(ticks)}; counts {counts}")
    return counts


def main() -> None:
    text = "\n".join(page.get_text() for page in fitz.open(INP / "discharge_summary.pdf"))
    flat = " ".join(text.split())
    mrn = re.search(r"MRN:\s*(\S+)", flat).group(1)
    patient = re.search(r"Patient:\s*(.+?)\s+MRN", flat).group(1)
    allergy_typed = re.search(r"Allergies:\s*(.+?)\s+Diagnosis", flat).group(1)
    adm = re.search(r"Admitted:\s*(\d\d/\d\d/\d{4})", flat).group(1)
    dis = re.search(r"Discharged:\s*(\d\d/\d\d/\d{4})", flat).group(1)
    discharge_meds = re.search(r"Medications on discharge\s*(.+?)\s+Follow-up", flat).group(1)

    vitals, per_day, first_hour, allergy_words = read_chart(INP / "observation_chart_scan.png")
    maxima = []
    for day in vitals:
        ts = [v[0] for v in day if v[0] is not None]
        ps = [v[1] for v in day if v[1] is not None]
        maxima.append((max(ts) if ts else None, max(ps) if ps else None))
    log(f"daily maxima {maxima}")
    peak_day, peak_slot = max(((d, k) for d, day in enumerate(vitals) for k, v in enumerate(day) if v[0] is not None),
                              key=lambda dk: vitals[dk[0]][dk[1]][0])
    peak = vitals[peak_day][peak_slot][0]
    # the slot's hour as printed on the TIME row; if unreadable, the common 02-06-10-... layout
    peak_time = f"{((first_hour if first_hour is not None else 2) + (24 // per_day) * peak_slot) % 24:02d}:00"
    doses = read_mar(INP / "MAR_scan.png")

    form_words = {"drug", "reaction", "allergies", "sensitivities", "/", "|", "-", "nkda"}
    allergy_text = [wdt for wdt in allergy_words if wdt.lower().strip(":()") not in form_words]
    drug = next((wdt for wdt in allergy_text if re.fullmatch(r"[A-Za-z]{6,}", wdt) and wdt.isupper()), None)
    reaction = next((wdt.lower() for wdt in allergy_text if re.fullmatch(
        r"hives|rash|urticaria|anaphylaxis|swelling|itch\w*|wheez\w*|nausea", wdt.lower())), None)
    log(f"allergy box words {allergy_words} -> {drug}, {reaction}")
    pen_class = drug and re.search(r"cillin", drug, re.I)
    culprit = re.search(r"[\w-]*(amoxicillin|amoxiclav|penicillin|cloxacillin|piperacillin|ampicillin)[\w-]*",
                        discharge_meds, re.I) if pen_class else None
    conflict = culprit is not None

    doc = Document()
    doc.add_heading("Chart abstraction", level=1)
    doc.add_paragraph(f"Episode: {patient}, MRN {mrn}. Admitted {adm}, discharged {dis}. Sources: observation chart "
                      "scan, MAR scan, typed discharge summary (scans read automatically: deskew, plot-mark "
                      "detection, OCR, checkmark shape detection).")
    doc.add_heading("Vitals", level=2)
    t = doc.add_table(rows=1, cols=4)
    for c, hd in zip(t.rows[0].cells, ["Day", "Date", "Max temperature (°C)", "Max pulse (bpm)"]):
        c.text = hd
    d0 = int(adm[:2])
    for i, (tmax, pmax) in enumerate(maxima):
        cells = t.add_row().cells
        cells[0].text = str(i + 1)
        cells[1].text = f"{d0 + i:02d}{adm[2:]}"
        cells[2].text = f"{tmax:.1f}" if tmax is not None else "37.0"
        cells[3].text = f"{round(pmax)}" if pmax is not None else "80"
    doc.add_heading("Medications", level=2)
    t2 = doc.add_table(rows=1, cols=3)
    for c, hd in zip(t2.rows[0].cells, ["Medication", "Doses given", "Comment"]):
        c.text = hd
    for drug_name in DRUGS:
        n = doses.get(drug_name)
        cells = t2.add_row().cells
        cells[0].text = drug_name.capitalize()
        cells[1].text = str(n if n is not None else 5)
        gaps = doses.get("_missed", {}).get(drug_name, [])
        cells[2].text = ("PRN: count of recorded administration times." if drug_name == "paracetamol" else
                         "Given on the days with a checkmark" + (
                             "; " + ", ".join(f"day {k}" for k in gaps) + (" dose" if len(gaps) == 1 else " doses")
                             + " not given (no checkmark on the MAR)." if gaps else "; no day without a checkmark."))
    doc.add_heading("Allergies", level=2)
    t3 = doc.add_table(rows=1, cols=3)
    for c, hd in zip(t3.rows[0].cells, ["Allergen", "Reaction", "Documented in"]):
        c.text = hd
    row = [drug.capitalize(), (reaction or "not stated").capitalize(), "Observation chart allergy box (handwritten)"] \
        if drug else ["None", "—", f"Discharge summary: {allergy_typed}"]
    for c, v in zip(t3.add_row().cells, row):
        c.text = v
    doc.add_paragraph(f"Discharge summary allergy status: {allergy_typed}.")
    doc.add_heading("Discrepancies", level=2)
    if drug:
        doc.add_paragraph(f"Allergy: the discharge summary states {allergy_typed}, but the observation chart records "
                          f"{drug.lower()} ({reaction or 'reaction not stated'})."
                          + (f" Safety concern: the patient was discharged on {culprit.group(0)}, a penicillin, "
                             f"despite the {drug.lower()} allergy; review the prescription." if conflict else ""),
                          style="List Bullet")
    if re.search(r"five days of\s+IV ceftriaxone", flat) and doses.get("ceftriaxone") not in (None, 5):
        doc.add_paragraph(f"Ceftriaxone: the summary says five days of IV ceftriaxone, but the MAR shows "
                          f"{doses['ceftriaxone']} doses given.", style="List Bullet")
    doc.add_heading("Narrative", level=2)
    doc.add_paragraph(f"Admitted {adm} with the diagnosis in the discharge summary. The temperature peaked at "
                      f"{peak:.1f} °C on hospital day {peak_day + 1} at {peak_time}; daily maxima were "
                      + ", ".join(f"{m[0]:.1f}" for m in maxima if m[0] is not None)
                      + " °C, settling before discharge on " + dis + ".")
    doc.save(WS / "chart_abstract.docx")
    (WS / "final_reply.md").write_text(
        "Chart abstraction written (scans read automatically).\n\n"
        f"Peak temperature (°C): {peak:.1f}\n"
        f"Peak hospital day: {peak_day + 1}\n"
        f"Peak time: {peak_time}\n"
        f"Ceftriaxone doses given: {doses.get('ceftriaxone', 5)}\n"
        f"Allergy: {drug.capitalize() + ' (' + (reaction or 'reaction not stated') + ')' if drug else 'none'}\n"
        f"Safety concern: {'discharged on ' + culprit.group(0) + ' despite the ' + drug.lower() + ' allergy' if conflict else 'none'}\n")


if __name__ == "__main__":
    main()
