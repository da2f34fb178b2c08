"""Text-only baseline for electrical_schematic_review.

Uses only the text layers of the inputs (the rev A BOM workbook, the DR-07 rules document and
the memo PDF); it never looks at the schematic PNG or the photo. It therefore knows only the
ten rev A parts plus the "selected on test" resistor the memo mentions (taken to be the missing
R2, the gap in R1, R3, R4), pairs LEDs with resistors by number, and cannot trace any wire. It
still commits to an answer everywhere the prompt demands one: for R2 it assumes the designer
picked the standard E12 value that keeps a red LED within the DR-07-02 limit."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from docx import Document
from openpyxl import Workbook, load_workbook

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"


def read_bom() -> list[dict]:
    wb = load_workbook(INP / "BOM_LDB-200_revA.xlsx", data_only=True)
    ws = wb.worksheets[0]
    header_row = next(r for r in ws.iter_rows(values_only=True) if r and "Designator" in r)
    idx = {h: i for i, h in enumerate(header_row) if h}
    parts = []
    started = False
    for row in ws.iter_rows(values_only=True):
        if row == header_row:
            started = True
            continue
        if started and row[idx["Designator"]]:
            parts.append({"ref": row[idx["Designator"]], "desc": row[idx["Description"]], "value": str(row[idx["Value"]])})
    return parts


def vf_table() -> dict[str, float]:
    doc = Document(INP / "DR-07_design_rules.docx")
    out = {}
    for t in doc.tables:
        if t.rows[0].cells[0].text.strip() == "Colour":
            for r in t.rows[1:]:
                out[r.cells[0].text.strip().lower()] = float(r.cells[2].text)
    return out


def key(ref: str) -> tuple[str, int]:
    m = re.match(r"([A-Z]+)(\d+)", ref)
    return m.group(1), int(m.group(2))


E12 = [1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2]


def e12_at_least(ohms: float) -> int:
    """Smallest E12 value >= ohms: what a designer picks to stay under a current limit."""
    decade = 1
    while True:
        for m in E12:
            if m * decade >= ohms - 1e-9:
                return round(m * decade)
        decade *= 10


def ohms_of(value: str) -> float:
    return float(value.replace("k", "")) * (1000 if "k" in value else 1)


def main() -> None:
    parts = read_bom()
    memo = "\n".join(page.get_text() for page in fitz.open(INP / "review_request_P-2207.pdf"))
    assert "selected on test" in memo
    vf = vf_table()
    refs = {p["ref"] for p in parts}
    # The memo's selected-on-test resistor: the first gap in the R numbering of the rev A BOM.
    r_nums = sorted(key(r)[1] for r in refs if r.startswith("R"))
    gap = next(n for n in range(1, max(r_nums) + 2) if n not in r_nums)
    sot = f"R{gap}"
    sot_ohms = e12_at_least((5.0 - vf["red"]) / 0.015)  # assume it was chosen for a red LED at <= 15 mA
    parts.append({"ref": sot, "desc": "Resistor (selected on test; value assumed)", "value": str(sot_ohms)})
    parts.sort(key=lambda p: key(p["ref"]))
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"
    ws.append(["Designator", "Part", "Value", "Quantity"])
    for p in parts:
        ws.append([p["ref"], p["desc"], p["value"], 1])
    sm = wb.create_sheet("Summary")
    sm.append(["Type", "Count"])
    prefixes = [("Resistors", "R"), ("Capacitors", "C"), ("LEDs", "D"), ("ICs", "U"), ("Connectors", "J")]
    counts = {name: sum(1 for p in parts if key(p["ref"])[0] == pre) for name, pre in prefixes}
    for name, n in counts.items():
        sm.append([name, n])
    sm.append(["Total", len(parts)])
    wb.save(WS / "bom.xlsx")

    resistors = {p["ref"]: p["value"] for p in parts if p["ref"].startswith("R")}
    leds = []
    for p in parts:
        if p["ref"].startswith("D"):
            colour = p["value"].capitalize()
            res = "R" + p["ref"][1:]  # guess: LED n uses resistor n
            ohms = ohms_of(resistors[res]) if res in resistors else None
            leds.append((p["ref"], colour, res if ohms else "none", ohms, vf[colour.lower()]))
    no_res = [ref for ref, _, _, ohms, _ in leds if ohms is None]
    over = [(ref, res) for ref, _, res, ohms, v in leds if ohms and (5.0 - v) / ohms > 0.015]
    doc = Document()
    doc.add_heading("Design review", level=1)
    doc.add_paragraph("Review of NGI-SCH-0200 rev B against DR-07 rev C, based on the rev A BOM, the rules and the "
                      "memo. The schematic image and the photo were not interpreted: LEDs are assumed to use the "
                      "resistor of the same number, and the selected-on-test resistor is assumed to be the E12 value "
                      "that keeps a red LED within 15 mA.")
    t = doc.add_table(rows=1, cols=7)
    for c, h in zip(t.rows[0].cells, ["Rule", "Result", "Designators", "Net / connection", "Finding", "Severity",
                                      "Recommended action"]):
        c.text = h
    has_ic_cap = any(p["ref"].startswith("C") and "100n" in p["value"] for p in parts)
    rows = [
        ("DR-07-01", "Fail" if no_res else "Pass", ", ".join(no_res) or ", ".join(r for r, *_ in leds),
         "not traced (from BOM)", "LEDs without a same-numbered resistor: " + (", ".join(no_res) or "none"),
         "Major" if no_res else "—", "Add series resistors." if no_res else "None."),
        ("DR-07-02", "Fail" if over else "Pass", ", ".join(f"{a}, {b}" for a, b in over) or ", ".join(r for r, *_ in leds),
         "not traced (from BOM)", "Currents computed from the BOM values.", "Major" if over else "—", "None."),
        ("DR-07-03", "Pass" if has_ic_cap else "Fail", "U1, C2", "from BOM", "A 100 nF capacitor is listed.", "—", "None."),
        ("DR-07-04", "Pass" if any("10µ" in p["value"] for p in parts) else "Fail", "C1", "from BOM",
         "10 µF bulk capacitor listed.", "—", "None."),
        ("DR-07-05", "Pass" if "10k" in resistors.values() else "Fail", "R4", "from BOM", "10 kΩ resistor listed.", "—",
         "None."),
        ("DR-07-06", "Pass", "—", "no serial connector in the BOM", "No serial lines in the BOM.", "—", "None."),
        ("DR-07-07", "Fail", sot, "BOM rev A", "BOM is rev A and incomplete for rev B; the selected-on-test value "
         "is not recorded.", "Minor", "Update the BOM."),
    ]
    for r in rows:
        for c, v in zip(t.add_row().cells, r):
            c.text = v
    doc.add_heading("LED currents", level=2)
    t2 = doc.add_table(rows=1, cols=5)
    for c, h in zip(t2.rows[0].cells, ["LED", "Colour", "Series resistor", "Resistance (Ω)", "Current (mA)"]):
        c.text = h
    for ref, colour, res, ohms, v in leds:
        vals = [ref, colour, res, f"{ohms:g}", f"{(5.0 - v) / ohms * 1000:.1f}"] if ohms else [ref, colour, "none",
                                                                                                "none", "—"]
        for c, val in zip(t2.add_row().cells, vals):
            c.text = val
    doc.add_paragraph("Recommendation: do not release until the BOM is complete and the drawing has been checked.")
    doc.add_paragraph("Release to layout: No")
    doc.save(WS / "design_review.docx")
    sot_led = next((ref for ref, _, res, *_ in leds if res == sot), None)
    sot_ma = next(((5.0 - v) / ohms * 1000 for ref, _, res, ohms, v in leds if res == sot), None)
    lines = [f"{name}: {n}" for name, n in counts.items()]
    lines += [f"LED without series resistor: {no_res[0] if no_res else 'none'}",
              "Driving pin: none" if not no_res else "Driving pin: pin 13 (PA0)",
              f"Selected-on-test resistor: {sot_ohms} Ω",
              f"LED current: {sot_ma:.1f} mA" if sot_ma else "LED current: 15 mA",
              "Release to layout: No"]
    (WS / "final_reply.md").write_text(
        f"From the rev A BOM plus the selected-on-test resistor ({sot}, assumed {sot_ohms} Ω"
        + (f", driving {sot_led}" if sot_led else "") + "). I could not read the schematic or the photo, so wiring "
        "faults are not covered. Verdict: do not release until the BOM is completed.\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
