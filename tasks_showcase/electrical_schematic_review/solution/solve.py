"""Oracle for electrical_schematic_review.

Knows what the drawing shows (the author drew it): 17 parts, D4 driven straight from U1 pin 11
(PA2), C3 wired to TEMP_SENSE (U2 VOUT / U1 PA7) instead of U2 VDD, and R2 = 100 ohm from the
colour bands brown-black-brown-gold; R3 = 680 ohm from the designer's red-pen mark-up over the
printed 330 (D3 then draws 4.3 mA). Text inputs supply the rules and the LED forward voltages."""

from __future__ import annotations

from pathlib import Path

from docx import Document
from docx.shared import Cm, Pt
from openpyxl import Workbook
from openpyxl.styles import Font

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()

BOM = [
    ("C1", "Capacitor, tantalum 16 V, 3216 (KEMET T491A106K016AT)", "10µF"),
    ("C2", "Capacitor, ceramic X7R 0603", "100nF"),
    ("C3", "Capacitor, ceramic X7R 0603", "100nF"),
    ("D1", "LED green 0603 (LTST-C191KGKT)", "GREEN"),
    ("D2", "LED red 0603 (LTST-C191KRKT)", "RED"),
    ("D3", "LED yellow 0603 (LTST-C191KSKT)", "YELLOW"),
    ("D4", "LED blue 0603 (LTST-C191TBKT)", "BLUE"),
    ("J1", "Terminal block 2-pole 5.08 mm (Phoenix 1935161)", "PWR IN 5V"),
    ("J2", "Pin header 1x4 2.54 mm", "UART"),
    ("R1", "Resistor 0603 1%", "1k"),
    ("R2", "Resistor, leaded, 5% (selected on test; fitted value)", "100"),
    ("R3", "Resistor 0603 1% (value per red-pen bench mark-up)", "680"),
    ("R4", "Resistor 0603 1%", "10k"),
    ("R5", "Resistor 0603 1%", "1k"),
    ("R6", "Resistor 0603 1%", "1k"),
    ("U1", "Microcontroller ATtiny84A-SSU, SOIC-14", "ATtiny84A-SSU"),
    ("U2", "Temperature sensor MCP9700A-E/TT, SOT-23-3", "MCP9700A-E/TT"),
]
COUNTS = [("Resistors", 6), ("Capacitors", 3), ("LEDs", 4), ("ICs", 2), ("Connectors", 2)]

VCC = 5.0
LEDS = [  # designator, colour, resistor, ohms, Vf
    ("D1", "Green", "R1", 1000, 2.2),
    ("D2", "Red", "R2", 100, 2.0),
    ("D3", "Yellow", "R3", 680, 2.1),
    ("D4", "Blue", "none", None, 3.0),
]

FINDINGS = [  # one row per DR-07 rule, in order: Rule, Result, Designators, Net, Finding, Severity, Action
    ("DR-07-01", "Fail", "D4", "U1 pin 11 (PA2) wired straight to the D4 anode; D4 cathode to GND",
     "D4 (blue) has no series current-limiting resistor. The current is limited only by the PA2 output "
     "driver, far above the 15 mA design limit and the 20 mA LED maximum; it can damage D4 and U1.",
     "Major", "Add a series resistor between U1 pin 11 (PA2) and D4, e.g. 150 Ω 0603 "
     "((5.0 − 3.0) V / 150 Ω = 13.3 mA)."),
    ("DR-07-02", "Fail", "D2, R2", "U1 pin 13 (PA0) → R2 → D2 anode; D2 cathode to GND",
     "R2 is marked 'selected on test'; the part fitted on prototype #3 is brown-black-brown-gold = 100 Ω ±5 %. "
     "I = (5.0 − 2.0) V / 100 Ω = 30 mA, above the 15 mA design limit and the 20 mA absolute maximum of the red "
     "LED. This explains the status LED that went dim on the bench. D1 (2.8 mA) and D3 (4.3 mA through R3 = 680 Ω, "
     "the value the designer wrote over the struck-out 330 in red pen) are within the limit.",
     "Major", "Change R2 to 220 Ω (13.6 mA), replace D2 on prototype #3 and mark the value on the drawing."),
    ("DR-07-03", "Fail", "U2, C3", "C3 is on net TEMP_SENSE (U2 pin 2 VOUT → U1 pin 6 PA7) to GND; U2 VDD (pin 1) goes straight to +5V",
     "U2 (MCP9700A) has no decoupling capacitor: its VDD (pin 1) goes straight to +5V. C3 is drawn next to U2 "
     "but is wired from TEMP_SENSE to GND, i.e. it loads the sensor output instead of decoupling the supply. "
     "U1 is decoupled correctly by C2 (100 nF on VCC pin 1).",
     "Major", "Move C3 (100 nF) to U2 pin 1 (VDD) to GND, next to U2; keep TEMP_SENSE unloaded "
     "(or follow the sensor's output-load guidance)."),
    ("DR-07-04", "Pass", "C1", "C1 10 µF tantalum across J1 +5V / GND at the power entry",
     "Bulk capacitor of 10 µF fitted at the power entry connector J1.", "—", "None."),
    ("DR-07-05", "Pass", "R4", "R4 10 kΩ from +5V to ~RESET (U1 pin 4, PB3)",
     "The active-low reset has a 10 kΩ pull-up to VCC.", "—", "None."),
    ("DR-07-06", "Pass", "R5, R6", "J2 TXD → R5 1 kΩ → U1 pin 2 (PB0); J2 RXD → R6 1 kΩ → U1 pin 3 (PB1)",
     "Both serial lines to the UART header J2 have 1 kΩ series resistors.", "—", "None."),
    ("DR-07-07", "Fail", "C3, D4, J2, R2, R5, R6, U2", "BOM rev A vs schematic rev B",
     "The purchasing BOM (rev A) lists 10 of the 17 parts; C3, D4, J2, R2, R5, R6 and U2 are missing, and the "
     "drawing still shows R2 as '*'; R3 is 680 Ω per the red-pen bench mark-up (rev A BOM: 330).",
     "Minor", "Release the attached rev B BOM (17 lines) and update R2's value on the schematic."),
]


def workbook() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"
    ws.append(["Designator", "Part", "Value", "Quantity"])
    for ref, part, value in BOM:
        ws.append([ref, part, value, 1])
    for c in ws[1]:
        c.font = Font(bold=True)
    for col, width in zip("ABCD", (12, 52, 16, 10)):
        ws.column_dimensions[col].width = width
    sm = wb.create_sheet("Summary")
    sm.append(["Type", "Count"])
    for name, n in COUNTS:
        sm.append([name, n])
    sm.append(["Total", "=SUM(B2:B6)"])
    for c in sm[1]:
        c.font = Font(bold=True)
    sm.column_dimensions["A"].width = 14
    wb.save(WS / "bom.xlsx")


def table(doc, header, rows, widths_cm):
    t = doc.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    t.autofit = False
    for cell, h in zip(t.rows[0].cells, header):
        cell.text = h
        cell.paragraphs[0].runs[0].bold = True
    for row in rows:
        for cell, value in zip(t.add_row().cells, row):
            cell.text = value
    for col, w in zip(t.columns, widths_cm):
        col.width = Cm(w)
    for row in t.rows:
        for cell, w in zip(row.cells, widths_cm):
            cell.width = Cm(w)
            for par in cell.paragraphs:
                for run in par.runs:
                    run.font.size = Pt(8.5)
    return t


def review() -> None:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(10)
    for section in doc.sections:
        section.left_margin = section.right_margin = Cm(1.5)
    doc.add_heading("Design review", level=1)
    doc.add_paragraph(
        "Scope: schematic NGI-SCH-0200 revision B (LDB-200 status indicator board, sheet 1 of 1) reviewed "
        "against design rules DR-07 revision C, with the revision A purchasing BOM and the close-up photo of "
        "prototype #3. Every part on the drawing was counted and every LED, capacitor and IC supply net was "
        "followed wire by wire. The drawing holds 17 parts: 6 resistors, 3 capacitors, 4 LEDs, 2 ICs and "
        "2 connectors.")
    doc.add_heading("Findings", level=2)
    table(doc, ["Rule", "Result", "Designators", "Net / connection", "Finding", "Severity", "Recommended action"],
          FINDINGS, (1.9, 1.2, 1.8, 3.2, 4.8, 1.3, 3.8))
    doc.add_paragraph("Summary: four rules fail (DR-07-01, -02, -03 major; DR-07-07 minor); DR-07-04, -05 and -06 "
                      "pass.")
    doc.add_heading("LED currents", level=2)
    rows = []
    for ref, colour, res, ohms, vf in LEDS:
        if ohms is None:
            rows.append([ref, colour, res, "none", "—"])
        else:
            rows.append([ref, colour, res, f"{ohms}", f"{(VCC - vf) / ohms * 1000:.1f}"])
    table(doc, ["LED", "Colour", "Series resistor", "Resistance (Ω)", "Current (mA)"], rows, (2.0, 2.5, 3.0, 3.0, 3.0))
    doc.add_paragraph("Currents computed per DR-07-02 as (5.0 V − Vf typ) / R with the table 2 forward voltages "
                      "(green 2.2 V, red 2.0 V, yellow 2.1 V, blue 3.0 V).")
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Do not release revision B to layout yet. Three major violations (D4 without series "
                      "resistor on PA2, D2 at 30 mA through the 100 Ω R2, U2 without decoupling because C3 is on "
                      "TEMP_SENSE) must be fixed first; then issue revision C with the completed BOM.")
    doc.add_paragraph("Release to layout: No")
    doc.save(WS / "design_review.docx")


def reply() -> None:
    (WS / "final_reply.md").write_text(
        "Review of NGI-SCH-0200 rev B done: `bom.xlsx` (17 lines) and `design_review.docx`.\n\n"
        "- Part counts: 6 resistors, 3 capacitors, 4 LEDs, 2 ICs, 2 connectors (17 parts in total).\n"
        "- D4 (blue) has no series resistor: it is driven directly from U1 pin 11 (PA2) — DR-07-01.\n"
        "- R2 (selected on test) is 100 Ω (brown-black-brown-gold), so D2 (red, Vf 2.0 V) runs at 30 mA, "
        "twice the 15 mA limit (DR-07-02) — likely why the LED went dim.\n"
        "- C3 is wired to TEMP_SENSE (U2 VOUT), so U2 has no decoupling on VDD (DR-07-03).\n"
        "- R3 is 680 Ω per the red-pen bench mark-up over the printed 330 (D3 4.3 mA); the rev A BOM still says 330.\n\n"
        "Verdict: do not release to layout until these are fixed.\n\n"
        "Resistors: 6\n"
        "Capacitors: 3\n"
        "LEDs: 4\n"
        "ICs: 2\n"
        "Connectors: 2\n"
        "LED without series resistor: D4\n"
        "Driving pin: pin 11 (PA2)\n"
        "Selected-on-test resistor: 100 Ω\n"
        "LED current: 30 mA\n"
        "Release to layout: No\n")


if __name__ == "__main__":
    workbook()
    review()
    reply()
