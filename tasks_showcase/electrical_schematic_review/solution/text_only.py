"""Text-only baseline for electrical_schematic_review.

Uses only the text layers of the inputs (the rev A BOM workbook, the DR-07 rules document and
the memo PDF); it never looks at the schematic PNG or the photo. It therefore knows only the
ten rev A parts, pairs LEDs with resistors by number as a guess, and cannot trace any wire."""

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


def main() -> None:
    parts = sorted(read_bom(), key=lambda p: key(p["ref"]))
    memo = "\n".join(page.get_text() for page in fitz.open(INP / "review_request_P-2207.pdf"))
    assert "selected on test" in memo
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"
    ws.append(["Designator", "Part", "Value", "Quantity"])
    for p in parts:
        ws.append([p["ref"], p["desc"], p["value"], 1])
    sm = wb.create_sheet("Summary")
    sm.append(["Type", "Count"])
    prefixes = [("Resistors", "R"), ("Capacitors", "C"), ("LEDs", "D"), ("ICs", "U"), ("Connectors", "J")]
    for name, pre in prefixes:
        sm.append([name, sum(1 for p in parts if key(p["ref"])[0] == pre)])
    sm.append(["Total", len(parts)])
    wb.save(WS / "bom.xlsx")

    vf = vf_table()
    resistors = {p["ref"]: p["value"] for p in parts if p["ref"].startswith("R")}
    doc = Document()
    doc.add_heading("Design review", level=1)
    doc.add_paragraph("Review of NGI-SCH-0200 rev B against DR-07 rev C, based on the rev A BOM and the rules. "
                      "The schematic image could not be interpreted, so the findings are limited to the BOM.")
    t = doc.add_table(rows=1, cols=7)
    for c, h in zip(t.rows[0].cells, ["No.", "Rule", "Designators", "Net / connection", "Finding", "Severity",
                                      "Recommended action"]):
        c.text = h
    row = t.add_row().cells
    for c, v in zip(row, ["1", "DR-07-07", "—", "BOM rev A", "BOM is rev A and incomplete for rev B; the "
                          "selected-on-test resistor value is unknown.", "Minor", "Update the BOM."]):
        c.text = v
    doc.add_heading("LED currents", level=2)
    t2 = doc.add_table(rows=1, cols=5)
    for c, h in zip(t2.rows[0].cells, ["LED", "Colour", "Series resistor", "Resistance (Ω)", "Current (mA)"]):
        c.text = h
    for p in parts:
        if not p["ref"].startswith("D"):
            continue
        colour = p["value"].capitalize()
        guess = "R" + p["ref"][1:]  # guess: LED n uses resistor n
        cells = t2.add_row().cells
        if guess in resistors:
            ohms = float(resistors[guess].replace("k", "")) * (1000 if "k" in resistors[guess] else 1)
            cur = (5.0 - vf[colour.lower()]) / ohms * 1000
            vals = [p["ref"], colour, guess, f"{ohms:g}", f"{cur:.1f}"]
        else:
            vals = [p["ref"], colour, "unknown", "unknown", "—"]
        for c, v in zip(cells, vals):
            c.text = v
    doc.add_paragraph("Recommendation: do not release until the BOM is complete.")
    doc.save(WS / "design_review.docx")
    (WS / "final_reply.md").write_text(
        "From the rev A BOM: 3 resistors, 2 capacitors, 3 LEDs, 1 IC, 1 connector (10 parts). I could not read "
        "the schematic or the photo, so I cannot say which LED lacks a resistor or the fitted R2 value. "
        "Verdict: do not release until the BOM is completed.\n")


if __name__ == "__main__":
    main()
