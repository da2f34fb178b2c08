"""Build the electrical_schematic_review alternates (correct work in other styles) from gold/.

Every alternate states the same facts as gold (bom.xlsx, design_review.docx, final_reply.md) and
keeps every explicit prompt instruction: sheet BOM with exactly Designator/Part/Value/Quantity,
one row per designator in sorted order, Quantity 1, R2's fitted value in ohms; sheet Summary with
Type/Count and the six rows in order as plain numbers; the review's heading "Design review", an
introduction, the findings table first (rules DR-07-01..07 in rows 2-8, the seven columns in the
given order, Result exactly Pass/Fail, Severity Major/Minor/—), the LED table second (plain numbers,
'none'/'none'/'—' for an LED without resistor), a closing paragraph reading exactly
"Release to layout: No", and the ten labelled reply lines. Only the style differs.

The facts are read from the gold files (BOM rows by designator, findings rows by rule, LED rows by
LED, labelled reply lines by regex), so the alternates follow the gold when it changes.

Run: python3 make_alternates.py --gold /task/gold --out /out  (writes /out/<name>/final_reply.md
and /out/<name>/deliverables/{bom.xlsx,design_review.docx}). Deterministic: no randomness, no
clock; the other_tools alternates need LibreOffice (`soffice`) and a writable HOME."""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from docx import Document
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Alignment, Font, PatternFill

BOM, REVIEW, REPLY = "bom.xlsx", "design_review.docx", "final_reply.md"
BOM_HEAD = ["Designator", "Part", "Value", "Quantity"]
FIND_HEAD = ["Rule", "Result", "Designators", "Net / connection", "Finding", "Severity", "Recommended action"]
LED_HEAD = ["LED", "Colour", "Series resistor", "Resistance (Ω)", "Current (mA)"]
TYPES = ["Resistors", "Capacitors", "LEDs", "ICs", "Connectors"]


# -- the gold facts ----------------------------------------------------------------------------

@dataclass
class Part:
    ref: str
    part: str
    value: str
    qty: int


@dataclass
class Led:
    led: str
    colour: str
    resistor: str
    ohms: str
    ma: str


@dataclass
class Facts:
    bom: dict[str, Part]
    counts: dict[str, int]
    findings: dict[str, list[str]]  # rule -> the seven cells
    leds: dict[str, Led]
    intro: str
    reply: dict[str, str]
    reply_text: str
    gold: Path

    @property
    def total(self) -> int:
        return sum(self.counts[t] for t in TYPES)

    @property
    def refs(self) -> list[str]:
        return list(self.bom)

    def v(self, ref: str) -> str:
        return self.bom[ref].value

    @property
    def bad_led(self) -> str:
        return self.reply["LED without series resistor"]

    @property
    def pin(self) -> str:  # "pin 11 (PA2)"
        return self.reply["Driving pin"]

    @property
    def pin_no(self) -> str:
        return re.search(r"pin\s*(\d+)", self.pin).group(1)

    @property
    def port(self) -> str:
        return re.search(r"\b(P[AB]\d)\b", self.pin).group(1)

    def result(self, rule: str) -> str:
        return self.findings[rule][1]

    def severity(self, rule: str) -> str:
        return self.findings[rule][5]

    def ma(self, led: str) -> float:
        return float(self.leds[led].ma)

    def by_prefix(self, prefix: str) -> list[str]:
        return [r for r in self.refs if re.fullmatch(prefix + r"\d+", r)]


def read_gold(gold: Path) -> Facts:
    wb = load_workbook(gold / BOM)
    ws = wb["BOM"]
    head = [c.value for c in ws[1]]
    bom = {}
    for row in ws.iter_rows(min_row=2, values_only=True):
        rec = dict(zip(head, row))
        if rec.get("Designator"):
            bom[rec["Designator"]] = Part(rec["Designator"], rec["Part"], str(rec["Value"]), int(rec["Quantity"]))
    # counts from the designators (the gold's Total is a formula without a cached value)
    prefix = {"Resistors": "R", "Capacitors": "C", "LEDs": "D", "ICs": "U", "Connectors": "J"}
    counts = {t: sum(1 for r in bom if re.fullmatch(p + r"\d+", r)) for t, p in prefix.items()}
    summ = {r[0]: r[1] for r in wb["Summary"].iter_rows(min_row=2, values_only=True)}
    for t in TYPES:
        if summ.get(t) != counts[t]:
            raise SystemExit(f"gold Summary {t}={summ.get(t)!r} disagrees with the BOM's {counts[t]}")
    doc = Document(gold / REVIEW)
    findings, leds = {}, {}
    for t in doc.tables:
        first = t.rows[0].cells[0].text.strip().lower()
        if first == "rule":
            for r in t.rows[1:]:
                cells = [c.text.strip() for c in r.cells]
                findings[cells[0]] = cells
        elif first == "led":
            for r in t.rows[1:]:
                cells = [c.text.strip() for c in r.cells]
                leds[cells[0]] = Led(*cells[:5])
    intro = next(p.text for p in doc.paragraphs if p.text.startswith("Scope:"))
    reply_text = (gold / REPLY).read_text()
    reply = {}
    for line in reply_text.splitlines():
        m = re.match(r"^([A-Za-z][\w -]*?):\s*(.+)$", line)
        if m:
            reply[m.group(1)] = m.group(2).strip()
    return Facts(bom, counts, findings, leds, intro, reply, reply_text, gold)


# -- writing helpers ---------------------------------------------------------------------------

def add_table(doc, rows: list[list[str]], style: str | None = "Table Grid", bold_header: bool = True):
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    if style:
        t.style = style
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            cell = t.cell(i, j)
            run = cell.paragraphs[0].add_run(str(text))
            if i == 0 and bold_header:
                run.bold = True
    return t


def bullets(doc, items: list[str], style: str = "List Bullet") -> None:
    for item in items:
        doc.add_paragraph(item, style=style)


def save(out: Path, wb, doc, reply: str) -> None:
    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    if wb is not None:
        wb.save(out / "deliverables" / BOM)
    if doc is not None:
        doc.save(out / "deliverables" / REVIEW)
    (out / REPLY).write_text(reply)


def soffice(args: list[str], cwd: Path) -> None:
    """Run LibreOffice headless with a private profile."""
    profile = Path(tempfile.mkdtemp(prefix="lo-profile-", dir=os.environ.get("HOME", "/tmp")))
    cmd = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore", *args]
    res = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    shutil.rmtree(profile, ignore_errors=True)
    if res.returncode != 0:
        raise SystemExit(f"soffice failed ({res.returncode}): {res.stdout}\n{res.stderr}")


def led_rows(g: Facts, fmt=lambda led: [led.led, led.colour, led.resistor, led.ohms, led.ma]) -> list[list[str]]:
    return [fmt(g.leds[k]) for k in sorted(g.leds, key=lambda s: int(s[1:]))]


def bom_sheet(ws, g: Facts, part=lambda p: p.part, value=lambda p: p.value, qty=lambda p: p.qty) -> None:
    ws.append(BOM_HEAD)
    for ref in g.refs:
        p = g.bom[ref]
        ws.append([ref, part(p), value(p), qty(p)])


def summary_sheet(ws, g: Facts, total_formula: bool = False) -> None:
    ws.append(["Type", "Count"])
    for t in TYPES:
        ws.append([t, g.counts[t]])
    ws.append(["Total", "=SUM(B2:B6)" if total_formula else g.total])


def ohm(value: str) -> str:
    """'1k' -> '1 kΩ', '100' -> '100 Ω', '10k' -> '10 kΩ'."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kM]?)", value)
    return f"{m.group(1)} {m.group(2)}Ω" if m else value


def led_current_note(g: Facts) -> str:
    d = g.leds
    return ", ".join(f"{k} {d[k].ma} mA" for k in sorted(d, key=lambda s: int(s[1:])) if d[k].ma not in ("—", "-"))


# -- the alternates ----------------------------------------------------------------------------

PARA_PARTS = {
    "C": "Ceramic chip capacitor, X7R, 0603",
    "R": "Thick-film chip resistor, 1 %, 0603",
}


def paraphrase(g: Facts, out: Path) -> None:
    """Gold's structure with every sentence and free label reworded."""
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"

    def part(p: Part) -> str:
        if p.ref == "C1":
            return "Tantalum capacitor 16 V, case A / 3216 — KEMET T491A106K016AT"
        if p.ref == "R2":
            return "Leaded resistor, 5 % — selected on test, value as fitted on proto #3"
        if p.ref == "R3":
            return "Thick-film chip resistor, 1 %, 0603 — value from the designer's red-pen mark-up"
        if p.ref.startswith("D"):
            mpn = re.search(r"\((.*)\)", p.part)
            return f"0603 {p.value.lower()} LED, Lite-On {mpn.group(1) if mpn else ''}".strip()
        return PARA_PARTS.get(p.ref[0], p.part)

    bom_sheet(ws, g, part=part)
    summary_sheet(wb.create_sheet("Summary"), g)
    r2, r3 = g.v("R2"), g.v("R3")
    doc = Document()
    doc.add_heading("Design review", 1)
    doc.add_paragraph(
        f"This record covers the review of drawing NGI-SCH-0200, revision B (LDB-200 status indicator board, single "
        f"sheet), checked rule by rule against DR-07 revision C. I also compared it with the revision A purchasing BOM "
        f"and read the fitted R2 off the prototype #3 close-up. Every symbol was counted and every LED, capacitor and "
        f"IC supply connection traced along its wires: {g.total} parts in all — {g.counts['Resistors']} resistors, "
        f"{g.counts['Capacitors']} capacitors, {g.counts['LEDs']} LEDs, {g.counts['ICs']} ICs and "
        f"{g.counts['Connectors']} connectors.")
    doc.add_heading("Results per rule", 2)
    F = g.findings
    rows = [FIND_HEAD,
            ["DR-07-01", g.result("DR-07-01"), g.bad_led, f"D4 anode tied directly to U1 {g.pin}; cathode to GND",
             "The blue LED D4 has no current-limiting resistor, so only the PA2 driver limits its current — well "
             "over the 15 mA design limit and the LED's 20 mA rating; D4 or U1 may be damaged.",
             g.severity("DR-07-01"), f"Fit a series resistor between U1 {g.pin} and D4 — 150 Ω 0603 gives "
                                     "(5.0 − 3.0) V / 150 Ω = 13.3 mA."],
            ["DR-07-02", g.result("DR-07-02"), "D2, R2", "U1 pin 13 (PA0) via R2 to the D2 anode; cathode to GND",
             f"R2 ('selected on test') is fitted as {r2} Ω on prototype #3 (brown, black, brown, gold). D2 (red, Vf "
             f"2.0 V) therefore draws (5.0 − 2.0) V / {r2} Ω = {g.ma('D2'):g} mA, twice the 15 mA limit and above its "
             f"20 mA maximum — which would explain the status LED dimming on the bench. D1 ({g.ma('D1'):g} mA) and D3 "
             f"({g.ma('D3'):g} mA with R3 at {r3} Ω, the red-pen value replacing the struck-out 330) are compliant.",
             g.severity("DR-07-02"), "Raise R2 to 220 Ω (13.6 mA), swap D2 on prototype #3, and print the value on "
                                     "the drawing."],
            ["DR-07-03", g.result("DR-07-03"), "U2, C3",
             "C3 sits between TEMP_SENSE (U2 pin 2 VOUT → U1 pin 6 PA7) and GND; U2 VDD (pin 1) runs straight to +5V",
             "U2 (MCP9700A) is not decoupled: C3, although drawn beside it, loads the sensor output instead of "
             "bypassing VDD. U1 is correctly decoupled by C2 (100 nF at VCC, pin 1).",
             g.severity("DR-07-03"), "Re-connect C3 (100 nF) from U2 VDD (pin 1) to GND, close to U2, and leave "
                                     "TEMP_SENSE unloaded."],
            ["DR-07-04", g.result("DR-07-04"), "C1", "C1, 10 µF tantalum, across +5V and GND at J1",
             "The power entry J1 has its 10 µF bulk capacitor.", g.severity("DR-07-04"), "No action."],
            ["DR-07-05", g.result("DR-07-05"), "R4", "R4 (10 kΩ) pulls ~RESET, U1 pin 4 (PB3), up to +5V",
             "Reset pull-up present with the required 10 kΩ.", g.severity("DR-07-05"), "No action."],
            ["DR-07-06", g.result("DR-07-06"), "R5, R6",
             "TXD: J2 → R5 1 kΩ → U1 pin 2 (PB0); RXD: J2 → R6 1 kΩ → U1 pin 3 (PB1)",
             "Each serial line to the J2 UART header has a 1 kΩ series resistor.", g.severity("DR-07-06"),
             "No action."],
            ["DR-07-07", g.result("DR-07-07"), F["DR-07-07"][2], "Revision A BOM compared with revision B schematic",
             f"Only 10 of the {g.total} parts appear on the revision A BOM; {F['DR-07-07'][2].replace(', U2', ' and U2')} "
             f"are absent, R2 is still drawn as '*', and R3 is {r3} Ω after the red-pen bench change (BOM: 330).",
             g.severity("DR-07-07"), f"Issue the attached revision B BOM ({g.total} lines) and put R2's value on the "
                                     "schematic."]]
    add_table(doc, rows)
    doc.add_paragraph("In short: DR-07-01, -02 and -03 fail with major severity and DR-07-07 fails as minor; "
                      "DR-07-04, -05 and -06 are met.")
    doc.add_heading("LED current check", 2)
    add_table(doc, [LED_HEAD] + led_rows(g))
    doc.add_paragraph("Currents follow DR-07-02: I = (5.0 V − Vf typical) / R, with the forward voltages of DR-07 "
                      "table 2 (green 2.2 V, red 2.0 V, yellow 2.1 V, blue 3.0 V).")
    doc.add_heading("Conclusion", 2)
    doc.add_paragraph(
        f"Revision B should not go to layout in its current state. The three major findings — {g.bad_led} with no "
        f"series resistor on {g.port}, D2 overdriven at {g.ma('D2'):g} mA by the {r2} Ω R2, and U2 left without "
        "decoupling because C3 is on TEMP_SENSE — need correcting first, followed by a revision C issue together "
        "with the complete BOM.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        f"I've reviewed NGI-SCH-0200 rev B and written `bom.xlsx` ({g.total} designators plus the Summary sheet) and "
        "`design_review.docx`.\n\n"
        f"The drawing has {g.counts['Resistors']} resistors, {g.counts['Capacitors']} capacitors, {g.counts['LEDs']} LEDs, "
        f"{g.counts['ICs']} ICs and {g.counts['Connectors']} connectors. {g.bad_led}, the blue LED, has no series "
        f"resistor at all: its anode goes straight to U1 {g.pin}. The resistor marked 'selected on test' (R2) is "
        f"actually {r2} Ω on prototype #3 (brown-black-brown-gold), which puts D2 at {g.ma('D2'):g} mA — double the "
        "15 mA limit and the likely cause of the dimming LED. C3 is hung on TEMP_SENSE, leaving U2 undecoupled, and "
        f"R3 is {r3} Ω per the red-pen mark-up.\n\n"
        "Verdict: not ready for layout — fix DR-07-01, -02 and -03 first.\n\n"
        + "".join(f"{t}: {g.counts[t]}\n" for t in TYPES)
        + f"LED without series resistor: {g.bad_led}\n"
        f"Driving pin: {g.pin}\n"
        f"Selected-on-test resistor: {r2} Ω\n"
        f"LED current: {g.ma('D2'):g} mA\n"
        "Release to layout: No\n")
    save(out, wb, doc, reply)


def restructured(g: Facts, out: Path) -> None:
    """Summary sheet first plus extra sheets and columns; the review leads with an executive
    summary, uses ### sub-headings, an extra column in both tables and a third table of actions;
    the reply opens with the verdict, has a Markdown table and a fenced block of labelled lines."""
    wb = Workbook()
    sm = wb.active
    sm.title = "Summary"
    summary_sheet(sm, g, total_formula=True)
    prefix = {"Resistors": "R", "Capacitors": "C", "LEDs": "D", "ICs": "U", "Connectors": "J"}
    sm["C1"], sm["D1"] = "Designators", "Not on rev A BOM"
    rev_a = {"C1", "C2", "D1", "D2", "D3", "J1", "R1", "R3", "R4", "U1"}  # the purchasing BOM rev A
    for i, t in enumerate(TYPES, start=2):
        refs = g.by_prefix(prefix[t])
        sm.cell(i, 3).value = ", ".join(refs)
        sm.cell(i, 4).value = ", ".join(r for r in refs if r not in rev_a) or "—"
    for c in sm[1]:
        c.font = Font(bold=True)
    ws = wb.create_sheet("BOM")
    bom_sheet(ws, g)
    for c in ws[1]:
        c.font = Font(bold=True, color="FFFFFF")
        c.fill = PatternFill("solid", fgColor="305496")
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:D{ws.max_row}"
    ws.column_dimensions["B"].width = 55
    ch = wb.create_sheet("Changes vs rev A")
    ch.append(["Designator", "Change", "Rev A BOM", "Rev B (this BOM)"])
    for ref in g.refs:
        if ref not in rev_a:
            change = "Selected on test; missing from rev A BOM" if ref == "R2" else "Added in rev B"
            ch.append([ref, change, "—", g.v(ref)])
    ch.append(["R3", "Value changed (red-pen bench mark-up)", "330", g.v("R3")])
    lc = wb.create_sheet("LED currents")
    lc.append(["LED", "Colour", "Vf typ (V)", "R (Ω)", "I (mA)", "Limit (mA)"])
    vf = {"Green": 2.2, "Red": 2.0, "Yellow": 2.1, "Blue": 3.0}
    for led in led_rows(g):
        ohms = float(led[3]) if led[3] not in ("none",) else None
        lc.append([led[0], led[1], vf[led[1]], ohms if ohms is not None else "none",
                   f"=(5-C{lc.max_row + 1})/D{lc.max_row + 1}*1000" if ohms else "—", 15])

    doc = Document()
    doc.add_heading("Design review", 1)
    doc.add_heading("Executive summary", 2)
    bullets(doc, [f"Verdict: do not release revision B to layout (3 major findings, 1 minor).",
                  f"DR-07-01 — {g.bad_led} (blue) is driven straight from U1 {g.pin} with no series resistor.",
                  f"DR-07-02 — R2 fitted as {g.v('R2')} Ω, so D2 runs at {g.ma('D2'):g} mA (limit 15 mA).",
                  "DR-07-03 — C3 is on TEMP_SENSE; U2 has no decoupling on VDD.",
                  f"DR-07-07 — rev A BOM lists 10 of {g.total} parts; completed rev B BOM attached."])
    doc.add_heading("Introduction", 2)
    doc.add_heading("Scope", 3)
    doc.add_paragraph(g.intro.replace("Scope: ", ""))
    doc.add_heading("Inputs", 3)
    bullets(doc, ["NGI-SCH-0200 rev B schematic export (with K. Ostrander's red-pen bench mark-ups)",
                  "DR-07 design rules, revision C (rules DR-07-01 to -07, LED table 2)",
                  "BOM_LDB-200 rev A purchasing BOM", "Prototype #3 close-up photo of R2",
                  "Review request memo P-2207"])
    doc.add_heading("Findings", 2)
    req = {"DR-07-01": "Series resistor per LED", "DR-07-02": "LED current ≤ 15 mA",
           "DR-07-03": "100 nF decoupling per IC", "DR-07-04": "≥ 10 µF bulk at power entry",
           "DR-07-05": "10 kΩ reset pull-up", "DR-07-06": "≤ 1 kΩ on serial lines", "DR-07-07": "Every part on the BOM"}
    add_table(doc, [FIND_HEAD + ["Requirement"]] + [g.findings[r] + [req[r]] for r in sorted(g.findings)],
              style="Light List Accent 1")
    doc.add_heading("LED currents", 2)
    vf_txt = {"Green": "2.2", "Red": "2.0", "Yellow": "2.1", "Blue": "3.0"}
    rows = [LED_HEAD + ["Vf typ (V)", "Within 15 mA?"]]
    for led in led_rows(g):
        ok = "n/a — no resistor" if led[4] in ("—", "-") else ("Yes" if float(led[4]) <= 15 else "No")
        rows.append(led + [vf_txt[led[1]], ok])
    add_table(doc, rows, style="Light List Accent 1")
    doc.add_heading("Actions before release", 2)
    add_table(doc, [["#", "Action", "Rule", "Severity"],
                    ["1", f"Add a 150 Ω series resistor between U1 {g.pin} and {g.bad_led}", "DR-07-01",
                     g.severity("DR-07-01")],
                    ["2", "Change R2 to 220 Ω; replace D2 on prototype #3", "DR-07-02", g.severity("DR-07-02")],
                    ["3", "Move C3 to U2 VDD (pin 1) – GND", "DR-07-03", g.severity("DR-07-03")],
                    ["4", f"Release the rev B BOM ({g.total} lines); mark R2's value on the drawing", "DR-07-07",
                     g.severity("DR-07-07")]], style="Light List Accent 1")
    doc.add_heading("Recommendation", 2)
    doc.add_heading("Decision", 3)
    doc.add_paragraph("Hold revision B. Fix the three major violations above, issue revision C with the completed BOM, "
                      "then re-review.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        "**Verdict: do not release NGI-SCH-0200 rev B to layout yet** — three major DR-07 violations.\n\n"
        "| Part type | Count |\n|---|---:|\n"
        + "".join(f"| {t} | {g.counts[t]} |\n" for t in TYPES)
        + f"| **Total** | **{g.total}** |\n\n"
        "### Findings\n"
        f"- **{g.bad_led}** (blue) has no series resistor; it is driven directly by **U1 {g.pin}**.\n"
        f"- **R2** (selected on test) is **{g.v('R2')} Ω** (brown-black-brown-gold) → D2 at **{g.ma('D2'):g} mA**.\n"
        "- C3 sits on TEMP_SENSE, so U2 is not decoupled.\n\n"
        "### Files\n- `bom.xlsx` (sheets Summary, BOM, Changes vs rev A, LED currents)\n- `design_review.docx`\n\n"
        "```text\n"
        + "".join(f"{t}: {g.counts[t]}\n" for t in TYPES)
        + f"LED without series resistor: {g.bad_led}\n"
        f"Driving pin: {g.pin}\n"
        f"Selected-on-test resistor: {g.v('R2')} Ω\n"
        f"LED current: {g.ma('D2'):g} mA\n"
        "Release to layout: No\n"
        "```\n")
    save(out, wb, doc, reply)


def verbose(g: Facts, out: Path) -> None:
    """Committed answers with correct context right beside them: colour bands and struck-out
    printed values in the BOM, notes columns, derivations and neighbouring pins in the review,
    context in every labelled reply line."""
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"

    def value(p: Part) -> str:
        if p.ref == "R2":
            return f"{p.value} (brown-black-brown-gold, ±5 %)"
        if p.ref == "R3":
            return f"{p.value} (red-pen value; printed 330 struck out)"
        return p.value

    def part(p: Part) -> str:
        extra = {"C3": " — added in rev B (temperature sense zone)", "D4": " — added in rev B",
                 "J2": " — added in rev B (UART 1x4)", "R2": " — not on rev A BOM", "R5": " — added in rev B (TXD)",
                 "R6": " — added in rev B (RXD)", "U2": " — added in rev B"}.get(p.ref, "")
        return p.part + extra

    bom_sheet(ws, g, part=part, value=value)
    ws.column_dimensions["B"].width = 70
    ws.column_dimensions["C"].width = 40
    sm = wb.create_sheet("Summary")
    summary_sheet(sm, g)
    sm["C1"] = "Notes"
    notes = {"Resistors": "R1–R6 (rev A BOM: 3 — R1, R3, R4)", "Capacitors": "C1–C3 (rev A: 2)",
             "LEDs": "D1–D4 (rev A: 3)", "ICs": "U1 ATtiny84A-SSU, U2 MCP9700A-E/TT (rev A: 1)",
             "Connectors": "J1 PWR IN 5V, J2 UART (rev A: 1)", "Total": f"rev A BOM lists 10 of {g.total}"}
    for i, t in enumerate(TYPES + ["Total"], start=2):
        sm.cell(i, 3).value = notes[t]

    r2, r3 = g.v("R2"), g.v("R3")
    doc = Document()
    doc.add_heading("Design review — NGI-SCH-0200 revision B", 1)
    doc.add_paragraph(
        g.intro + f" Sources: NGI-SCH-0200 rev B export (K. Ostrander, 2024-03-12, with red-pen bench mark-ups), "
        f"DR-07 rev C (effective 2023-09-04), BOM rev A (2024-01-22, 10 lines), prototype #3 photo, memo P-2207 "
        f"(14 March 2024). Counts: R1–R6 = {g.counts['Resistors']}, C1–C3 = {g.counts['Capacitors']}, D1–D4 = "
        f"{g.counts['LEDs']}, U1–U2 = {g.counts['ICs']}, J1–J2 = {g.counts['Connectors']}; {g.total} in total "
        f"(rev A BOM: 10, i.e. 7 missing).")
    doc.add_heading("Findings against DR-07 rev C", 2)
    F = {k: list(v) for k, v in g.findings.items()}
    F["DR-07-01"][3] = (f"U1 {g.pin} → D4 anode directly (no resistor); D4 cathode → GND. For comparison PA0 (pin 13) "
                        "→ R2 → D2 and PA1 (pin 12) → R3 → D3.")
    F["DR-07-01"][4] += " With a series resistor the blue LED would draw (5.0 − 3.0) V / R, e.g. 13.3 mA at 150 Ω."
    F["DR-07-02"][3] = f"U1 pin 13 (PA0) → R2 ({r2} Ω fitted; drawn as '*') → D2 anode; D2 cathode → GND"
    F["DR-07-02"][4] = (f"R2 fitted on prototype #3: brown (1), black (0), brown (×10), gold (±5 %) = {r2} Ω. "
                        f"I(D2) = (5.0 − 2.0) V / {r2} Ω = {g.ma('D2'):g} mA — 2× the 15 mA limit and 1.5× the 20 mA "
                        f"absolute maximum; consistent with the LED that went dim after 2 days on the bench. D1: "
                        f"(5.0 − 2.2) / 1000 = {g.ma('D1'):g} mA; D3: (5.0 − 2.1) / {r3} = {g.ma('D3'):g} mA (R3 {r3} Ω "
                        "per the red-pen mark-up, printed 330 → 8.8 mA).")
    F["DR-07-03"][3] = ("C3 (100 nF) from TEMP_SENSE — U2 pin 2 (VOUT) → U1 pin 6 (PA7) — to GND; U2 VDD (pin 1) "
                        "straight to +5V with nothing on it")
    add_table(doc, [FIND_HEAD] + [F[r] for r in sorted(F)])
    doc.add_paragraph(f"Score: 3 of 7 rules pass (DR-07-04, -05, -06); 4 fail (DR-07-01, -02, -03 Major; DR-07-07 "
                      "Minor).")
    doc.add_heading("LED currents (DR-07-02, VCC = 5.0 V, Vf from DR-07 table 2)", 2)
    add_table(doc, [LED_HEAD] + led_rows(g))
    bullets(doc, [f"D1 green: (5.0 − 2.2) V / 1000 Ω = {g.ma('D1'):g} mA (limit 15 mA).",
                  f"D2 red: (5.0 − 2.0) V / {r2} Ω = {g.ma('D2'):g} mA — over the limit.",
                  f"D3 yellow: (5.0 − 2.1) V / {r3} Ω = {2.9 / float(r3) * 1000:.2f} ≈ {g.ma('D3'):g} mA.",
                  f"{g.bad_led} blue: no series resistor — current set only by the PA2 driver (not computable "
                  "from DR-07-02)."])
    doc.add_heading("Recommendation", 2)
    doc.add_paragraph(
        f"Do not release revision B to layout. Fix first: (1) add ~150 Ω in series with {g.bad_led} (13.3 mA), "
        f"(2) raise R2 from {r2} Ω to 220 Ω (13.6 mA) and replace D2 on prototype #3, (3) move C3 to U2 VDD. Then "
        f"issue revision C with the {g.total}-line BOM (7 lines more than rev A) and re-review.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        f"Review of NGI-SCH-0200 rev B complete: `bom.xlsx` ({g.total} BOM lines + Summary) and `design_review.docx` "
        "(7 rules: 3 pass, 4 fail).\n\n"
        f"- Counts: {g.counts['Resistors']} resistors (R1–R6), {g.counts['Capacitors']} capacitors (C1–C3), "
        f"{g.counts['LEDs']} LEDs (D1–D4), {g.counts['ICs']} ICs (U1, U2), {g.counts['Connectors']} connectors (J1, J2) "
        f"= {g.total}; the rev A BOM had 10.\n"
        f"- {g.bad_led} (blue) has no series resistor; driven from U1 {g.pin}.\n"
        f"- R2 = {r2} Ω → D2 at {g.ma('D2'):g} mA (limit 15 mA, abs. max 20 mA).\n"
        f"- R3 = {r3} Ω per the red-pen mark-up (printed 330) → D3 {g.ma('D3'):g} mA.\n\n"
        "Verdict: not releasable until DR-07-01, -02 and -03 are fixed.\n\n"
        f"Resistors: {g.counts['Resistors']} (R1–R6; rev A BOM listed 3)\n"
        f"Capacitors: {g.counts['Capacitors']} (C1 10 µF, C2 and C3 100 nF)\n"
        f"LEDs: {g.counts['LEDs']} (D1 green, D2 red, D3 yellow, D4 blue)\n"
        f"ICs: {g.counts['ICs']} (U1 ATtiny84A-SSU, U2 MCP9700A-E/TT)\n"
        f"Connectors: {g.counts['Connectors']} (J1 power, J2 UART 1x4)\n"
        f"LED without series resistor: {g.bad_led} (blue, DR-07-01)\n"
        f"Driving pin: {g.pin} of U1\n"
        f"Selected-on-test resistor: {r2} Ω (brown-black-brown-gold, ±5 %)\n"
        f"LED current: {g.ma('D2'):g} mA (D2 red: (5.0 − 2.0) V / {r2} Ω; limit 15 mA)\n"
        "Release to layout: No (3 major DR-07 violations open)\n")
    save(out, wb, doc, reply)


def verbose_caveats(g: Facts, out: Path) -> None:
    """Gold's files with correct caveats carrying negation words ('no', 'not', 'none') and the
    parts that were checked and found compliant, next to the committed answers."""
    wb = load_workbook(g.gold / BOM)
    ws = wb["BOM"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "R2":
            row[1].value = ("Resistor, leaded, 5% (selected on test; no value printed on the drawing, only '*' — "
                            "fitted value read from the prototype #3 photo)")
        if row[0].value == "U2":
            row[1].value = "Temperature sensor MCP9700A-E/TT, SOT-23-3 (not on the rev A BOM)"
    r2, r3 = g.v("R2"), g.v("R3")
    doc = Document()
    doc.add_heading("Design review", 1)
    doc.add_paragraph(g.intro + " No part on the drawing was left uncounted; none of the rev B additions is on the "
                                "rev A BOM.")
    doc.add_heading("Findings", 2)
    F = {k: list(v) for k, v in g.findings.items()}
    F["DR-07-01"][3] = f"U1 {g.pin} straight to the D4 anode — no resistor in between; cathode to GND"
    F["DR-07-02"][2] = "D2, R2 (not D1 or D3: both within 15 mA)"
    F["DR-07-03"][2] = "U2, C3 (U1 is not affected: C2 decouples it)"
    F["DR-07-03"][3] = "C3 is on TEMP_SENSE (U2 VOUT → U1 PA7) to GND — not on U2 VDD, which has no capacitor"
    add_table(doc, [FIND_HEAD] + [F[r] for r in sorted(F)])
    doc.add_paragraph("No other rule is violated: DR-07-04, -05 and -06 pass.")
    doc.add_heading("LED currents", 2)
    add_table(doc, [LED_HEAD] + led_rows(g))
    doc.add_paragraph(f"{g.bad_led} has no series resistor, so no current can be computed for it from DR-07-02; it is "
                      "not 0 mA but limited only by the port driver.")
    doc.add_heading("Recommendation", 2)
    doc.add_paragraph("Not ready: the schematic cannot go to layout until the three major findings are fixed. None of "
                      "the three fixes is difficult, and no further BOM change is needed beyond the completed rev B list.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        "Both files are written (`bom.xlsx`, `design_review.docx`).\n\n"
        f"Counts: {g.counts['Resistors']} resistors, {g.counts['Capacitors']} capacitors, {g.counts['LEDs']} LEDs, "
        f"{g.counts['ICs']} ICs, {g.counts['Connectors']} connectors. {g.bad_led} is the only LED with no series resistor "
        f"(driven from U1 {g.pin}); D1–D3 all have theirs; R2 is {r2} Ω (no value is printed on the drawing, only '*'), giving {g.ma('D2'):g} mA in D2. Not ready for layout.\n\n"
        + "".join(f"{t}: {g.counts[t]}\n" for t in TYPES)
        + f"LED without series resistor: {g.bad_led}\n"
        f"Driving pin: {g.pin} — not PA0/PA1, which drive D2/D3 through R2/R3\n"
        f"Selected-on-test resistor: {r2} Ω (no value printed on the drawing)\n"
        f"LED current: {g.ma('D2'):g} mA (not within the 15 mA limit)\n"
        "Release to layout: No — not until DR-07-01/-02/-03 are fixed\n")
    save(out, wb, doc, reply)


def formats(g: Facts, out: Path) -> None:
    """The same values in other formats: SI units with spaces and symbols in the BOM, Excel
    number formats, thousands separators and two decimals in the LED table, bold Markdown labels,
    'ohms' and one-decimal mA in the reply."""
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"

    def value(p: Part) -> str:
        if p.ref.startswith("R"):
            return ohm(p.value)
        if p.ref.startswith("C"):
            return re.sub(r"^(\d+)\s*([µun]F)$", r"\1 \2", p.value)
        if p.ref.startswith("D"):
            return p.value.capitalize()
        return p.value

    bom_sheet(ws, g, value=value)
    for row in ws.iter_rows(min_row=2, min_col=4, max_col=4):
        row[0].number_format = "0"
        row[0].alignment = Alignment(horizontal="center")
    sm = wb.create_sheet("Summary")
    summary_sheet(sm, g, total_formula=True)
    for row in sm.iter_rows(min_row=2, min_col=2, max_col=2):
        row[0].number_format = "#,##0"
    doc = Document()
    doc.add_heading("Design review", 1)
    doc.add_paragraph(f"Item: NGI-SCH-0200 rev. B | Standard: DR-07 rev. C | Date of memo: 14-Mar-2024 | Parts: "
                      f"{g.total} ({g.counts['Resistors']} R / {g.counts['Capacitors']} C / {g.counts['LEDs']} LED / "
                      f"{g.counts['ICs']} IC / {g.counts['Connectors']} J). Reviewed symbol by symbol and net by net "
                      "against the rules, the rev. A BOM and the proto #3 photo.")
    F = {k: list(v) for k, v in g.findings.items()}
    F["DR-07-01"][3] = f"{g.port} (U1-{g.pin_no}) → D4 anode, direct; cathode → GND"
    F["DR-07-02"][3] = "PA0 (U1-13) → R2 → D2 anode; cathode → GND"
    F["DR-07-02"][4] = (f"R2 = {r2_ohm(g)} (brn-blk-brn-gld). I = 3.0 V / {r2_ohm(g)} = {g.ma('D2'):.1f} mA > "
                        f"15.0 mA limit (abs. max 20.0 mA). D1 {g.ma('D1'):.2f} mA, D3 {2.9 / float(g.v('R3')) * 1000:.2f} mA "
                        f"(R3 = {ohm(g.v('R3'))} per red-pen mark-up) OK.")
    F["DR-07-03"][3] = "C3: TEMP_SENSE (U2-2 VOUT / U1-6 PA7) ↔ GND; U2-1 VDD → +5 V direct"
    add_table(doc, [FIND_HEAD] + [F[r] for r in sorted(F)], style="Medium Grid 1 Accent 1")
    doc.add_paragraph("Totals: 4 × Fail (3 × Major, 1 × Minor), 3 × Pass.")
    doc.add_heading("LED current table", 2)

    def fmt(led: Led) -> list[str]:
        if led.ma in ("—", "-"):
            return [led.led, led.colour.upper(), led.resistor, led.ohms, led.ma]
        return [led.led, led.colour.upper(), led.resistor, f"{float(led.ohms):,.0f}",
                f"{(5.0 - {'Green': 2.2, 'Red': 2.0, 'Yellow': 2.1, 'Blue': 3.0}[led.colour]) / float(led.ohms) * 1000:.2f}"]

    add_table(doc, [LED_HEAD] + led_rows(g, fmt), style="Medium Grid 1 Accent 1")
    doc.add_paragraph("I = (5.00 V − Vf) / R; Vf = 2.2 / 2.0 / 2.1 / 3.0 V (green / red / yellow / blue).")
    doc.add_heading("Recommendation", 2)
    doc.add_paragraph(f"HOLD. Fix DR-07-01/-02/-03 (add 150 Ω for {g.bad_led}; R2 → 220 Ω; C3 → U2-1 VDD), then "
                      "issue rev. C.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        f"Done: `bom.xlsx` + `design_review.docx`. Counts R/C/LED/IC/J = {g.counts['Resistors']}/{g.counts['Capacitors']}/"
        f"{g.counts['LEDs']}/{g.counts['ICs']}/{g.counts['Connectors']} ({g.total} total). {g.bad_led} is on "
        f"{g.port} (U1-{g.pin_no}) with no resistor; R2 = {g.v('R2')} ohms -> D2 at {g.ma('D2'):.1f} mA. Hold the release.\n\n"
        + "".join(f"**{t}:** {g.counts[t]}\n" for t in TYPES)
        + f"**LED without series resistor:** {g.bad_led}\n"
        f"**Driving pin:** {g.port} / U1 pin {g.pin_no}\n"
        f"**Selected-on-test resistor:** {g.v('R2')} ohms\n"
        f"**LED current:** {g.ma('D2'):.1f} mA\n"
        "**Release to layout:** No\n")
    save(out, wb, doc, reply)


def r2_ohm(g: Facts) -> str:
    return ohm(g.v("R2"))


def _review_html(g: Facts) -> str:
    """gold/design_review.docx re-emitted as HTML (headings, paragraphs, tables in body order)."""
    from docx.oxml.ns import qn
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    e = html.escape
    src = Document(g.gold / REVIEW)
    body = []
    for el in src.element.body.iterchildren():
        if el.tag == qn("w:p"):
            p = Paragraph(el, src)
            if not p.text.strip():
                continue
            style = p.style.name.lower()
            if style.startswith("heading"):
                lvl = style.split()[-1]
                body.append(f"<h{lvl}>{e(p.text)}</h{lvl}>")
            else:
                body.append(f"<p>{e(p.text)}</p>")
        elif el.tag == qn("w:tbl"):
            t = Table(el, src)
            rows = []
            for i, r in enumerate(t.rows):
                tag = "th" if i == 0 else "td"
                rows.append("<tr>" + "".join(f"<{tag}>{e(c.text)}</{tag}>" for c in r.cells) + "</tr>")
            body.append('<table border="1" cellspacing="0" cellpadding="3"><thead>' + rows[0] + "</thead><tbody>"
                        + "".join(rows[1:]) + "</tbody></table>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Design review</title></head>"
            "<body>\n" + "\n".join(body) + "\n</body></html>\n")


def other_tools(g: Facts, out: Path) -> None:
    """bom.xlsx written by pandas with the xlsxwriter engine (Total as an xlsxwriter formula, no
    cached value); design_review.docx written as HTML and converted by LibreOffice."""
    import pandas as pd

    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    bom = pd.DataFrame([[p.ref, p.part, p.value, p.qty] for p in g.bom.values()], columns=BOM_HEAD)
    summ = pd.DataFrame([[t, g.counts[t]] for t in TYPES], columns=["Type", "Count"])
    with pd.ExcelWriter(out / "deliverables" / BOM, engine="xlsxwriter") as xw:
        bom.to_excel(xw, sheet_name="BOM", index=False)
        summ.to_excel(xw, sheet_name="Summary", index=False)
        sh = xw.sheets["Summary"]
        sh.write(6, 0, "Total")
        sh.write_formula(6, 1, "=SUM(B2:B6)")
        xw.sheets["BOM"].set_column(1, 1, 50)
    work = Path(tempfile.mkdtemp(prefix="alt-html-", dir=os.environ.get("HOME", "/tmp")))
    (work / "design_review.html").write_text(_review_html(g), encoding="utf-8")
    soffice(["--convert-to", "docx:MS Word 2007 XML", "--outdir", str(work / "out"), str(work / "design_review.html")], work)
    shutil.copy(work / "out" / REVIEW, out / "deliverables" / REVIEW)
    shutil.rmtree(work, ignore_errors=True)
    (out / REPLY).write_text(g.reply_text)


def other_tools_libreoffice(g: Facts, out: Path) -> None:
    """Gold's files opened and re-saved by LibreOffice (xlsx -> ods -> xlsx in Calc, docx -> odt
    -> docx in Writer), as after an edit in LibreOffice; the reply as gold."""
    work = Path(tempfile.mkdtemp(prefix="alt-lo-", dir=os.environ.get("HOME", "/tmp")))
    for name in (BOM, REVIEW):
        shutil.copy(g.gold / name, work / name)
    soffice(["--convert-to", "ods", "--outdir", str(work / "od"), str(work / BOM)], work)
    soffice(["--convert-to", "odt", "--outdir", str(work / "od"), str(work / REVIEW)], work)
    soffice(["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(work / "ox"), str(work / "od" / "bom.ods")], work)
    soffice(["--convert-to", "docx:MS Word 2007 XML", "--outdir", str(work / "ox"), str(work / "od" / "design_review.odt")], work)
    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    for name in (BOM, REVIEW):
        shutil.copy(work / "ox" / name, out / "deliverables" / name)
    shutil.rmtree(work, ignore_errors=True)
    (out / REPLY).write_text(g.reply_text)


def minimal(g: Facts, out: Path) -> None:
    """Only what the prompt asks: bare sheets, the Summary total as a number, terse table cells,
    a one-sentence introduction and recommendation, a short reply."""
    wb = Workbook()
    ws = wb.active
    ws.title = "BOM"
    short = {"C": "Capacitor 0603", "R": "Resistor 0603", "D": "LED 0603", "J": "Connector"}

    def part(p: Part) -> str:
        if p.ref == "C1":
            return "Capacitor tantalum"
        if p.ref == "R2":
            return "Resistor (selected on test)"
        if p.ref.startswith("U"):
            return p.value
        return short.get(p.ref[0], p.part)

    bom_sheet(ws, g, part=part)
    summary_sheet(wb.create_sheet("Summary"), g)
    F = g.findings
    doc = Document()
    doc.add_heading("Design review", 1)
    doc.add_paragraph("Review of schematic NGI-SCH-0200 rev B against DR-07 rev C.")
    rows = [FIND_HEAD,
            ["DR-07-01", F["DR-07-01"][1], g.bad_led, f"U1 {g.pin}", "No series resistor.", F["DR-07-01"][5],
             "Add 150 Ω series resistor."],
            ["DR-07-02", F["DR-07-02"][1], "D2, R2", "U1 pin 13 (PA0) via R2",
             f"R2 = {g.v('R2')} Ω gives {g.ma('D2'):g} mA > 15 mA.", F["DR-07-02"][5], "R2 = 220 Ω."],
            ["DR-07-03", F["DR-07-03"][1], "U2, C3", "C3 on TEMP_SENSE (U2 VOUT)", "U2 VDD not decoupled.",
             F["DR-07-03"][5], "Move C3 to U2 VDD."],
            ["DR-07-04", F["DR-07-04"][1], "C1", "J1 +5V / GND", "10 µF at J1.", F["DR-07-04"][5], "None."],
            ["DR-07-05", F["DR-07-05"][1], "R4", "~RESET, U1 pin 4", "10 kΩ pull-up.", F["DR-07-05"][5], "None."],
            ["DR-07-06", F["DR-07-06"][1], "R5, R6", "TXD / RXD, J2 to U1", "1 kΩ each.", F["DR-07-06"][5], "None."],
            ["DR-07-07", F["DR-07-07"][1], F["DR-07-07"][2], "BOM rev A", "Parts missing from BOM.", F["DR-07-07"][5],
             "Issue rev B BOM."]]
    add_table(doc, rows)
    doc.add_paragraph()
    add_table(doc, [LED_HEAD] + led_rows(g))
    doc.add_paragraph("Not releasable until DR-07-01, -02 and -03 are fixed.")
    doc.add_paragraph("Release to layout: No")
    reply = (
        "Files written: `bom.xlsx`, `design_review.docx`. Not ready for layout.\n\n"
        + "".join(f"{t}: {g.counts[t]}\n" for t in TYPES)
        + f"LED without series resistor: {g.bad_led}\n"
        f"Driving pin: {g.pin}\n"
        f"Selected-on-test resistor: {g.v('R2')} Ω\n"
        f"LED current: {g.ma('D2'):g} mA\n"
        "Release to layout: No\n")
    save(out, wb, doc, reply)


ALTERNATES = {"paraphrase": paraphrase, "restructured": restructured, "verbose": verbose,
              "verbose_caveats": verbose_caveats, "formats": formats, "other_tools": other_tools,
              "other_tools_libreoffice": other_tools_libreoffice, "minimal": minimal}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--only", nargs="*", help="build only these alternates")
    args = ap.parse_args()
    facts = read_gold(args.gold)
    for name, build in ALTERNATES.items():
        if args.only and name not in args.only:
            continue
        out = args.out / name
        shutil.rmtree(out, ignore_errors=True)
        (out / "deliverables").mkdir(parents=True)
        build(facts, out)


if __name__ == "__main__":
    main()
