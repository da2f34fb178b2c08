"""Build the electrical_schematic_review decoys from the gold deliverables.

Each decoy is a plausible WRONG submission made by transforming gold/ (bom.xlsx,
design_review.docx, final_reply.md) in place: cells and runs are edited, never re-authored, so
the decoys follow the gold when it changes. Cells are found by what they hold (the BOM row of a
designator, the findings row of a rule, the LED-table row of an LED), not by position.
decoys.yaml lists, per decoy, the criteria a correct grader must fail.

Run: python3 make_decoys.py --gold /task/gold --out /out  (writes /out/<name>/final_reply.md and
/out/<name>/deliverables/{bom.xlsx,design_review.docx}). Deterministic: no randomness, no clock."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

from docx import Document
from openpyxl import Workbook, load_workbook

BOM, REVIEW, REPLY = "bom.xlsx", "design_review.docx", "final_reply.md"
RULE_COL, RESULT_COL, PARTS_COL, NET_COL, FINDING_COL, SEV_COL, ACTION_COL = range(7)
LED_COL, COLOUR_COL, RES_COL, OHMS_COL, MA_COL = range(5)


# -- editing helpers ---------------------------------------------------------------------------

def set_text(paragraph_owner, text: str) -> None:
    """Replace the text of a cell or paragraph keeping the first run (and so its formatting)."""
    paragraphs = paragraph_owner.paragraphs if hasattr(paragraph_owner, "paragraphs") else [paragraph_owner]
    first = paragraphs[0]
    if first.runs:
        first.runs[0].text = text
        for run in first.runs[1:]:
            run.text = ""
    else:
        first.add_run(text)
    for extra in paragraphs[1:]:
        for run in extra.runs:
            run.text = ""


def sub_all(doc, pairs: list[tuple[str, str]]) -> None:
    """Apply regex substitutions to every run of every body paragraph and table cell."""
    def runs():
        for p in doc.paragraphs:
            yield from p.runs
        for t in doc.tables:
            for row in t.rows:
                for cell in row.cells:
                    for p in cell.paragraphs:
                        yield from p.runs
    for run in runs():
        text = run.text
        for old, new in pairs:
            text = re.sub(old, new, text)
        run.text = text


def findings(doc):
    """The findings table: the table whose header holds 'Rule' and 'Result'."""
    for t in doc.tables:
        head = [c.text.strip().lower() for c in t.rows[0].cells]
        if "rule" in head and "result" in head:
            return t
    raise SystemExit("gold review has no findings table")


def led_table(doc):
    for t in doc.tables:
        if t.rows[0].cells[0].text.strip().lower() == "led":
            return t
    raise SystemExit("gold review has no LED current table")


def row_of(table, key: str, col: int = 0):
    for row in table.rows[1:]:
        if row.cells[col].text.strip().upper() == key.upper():
            return row
    raise SystemExit(f"no row {key!r} in table")


def edit_findings(doc, rows: dict[str, dict[int, str]]) -> None:
    t = findings(doc)
    for rule, cols in rows.items():
        row = row_of(t, rule)
        for col, text in cols.items():
            set_text(row.cells[col], text)


def edit_leds(doc, rows: dict[str, dict[int, str]]) -> None:
    t = led_table(doc)
    for led, cols in rows.items():
        row = row_of(t, led)
        for col, text in cols.items():
            set_text(row.cells[col], text)


def set_paragraph(doc, pattern: str, text: str) -> None:
    """Replace the whole text of every body paragraph matching `pattern`."""
    for p in doc.paragraphs:
        if re.search(pattern, p.text):
            set_text(p, text)


def bom_cells(wb, values: dict[tuple[str, str], object]) -> None:
    """values: {(designator, column header): new value} on sheet BOM."""
    ws = wb["BOM"]
    head = [c.value for c in ws[1]]
    for (ref, header), value in values.items():
        col = head.index(header) + 1
        row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == ref)
        ws.cell(row, col).value = value


def bom_delete(wb, refs: list[str]) -> None:
    ws = wb["BOM"]
    for ref in refs:
        row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == ref)
        ws.delete_rows(row)


def summary(wb, counts: dict[str, object]) -> None:
    ws = wb["Summary"]
    for r in range(2, ws.max_row + 1):
        name = ws.cell(r, 1).value
        if name in counts:
            ws.cell(r, 2).value = counts[name]


def reply_lines(text: str, labels: dict[str, str], pairs: list[tuple[str, str]] = ()) -> str:
    """Rewrite the labelled `Label: value` lines and apply prose substitutions."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z][\w -]*?):\s*(.*)$", line)
        if m and m.group(1) in labels:
            line = f"{m.group(1)}: {labels[m.group(1)]}"
        else:
            for old, new in pairs:
                line = re.sub(old, new, line)
        out.append(line)
    return "\n".join(out) + "\n"


# -- the decoys --------------------------------------------------------------------------------

NEGATE_PROSE = [
    (r"has no series current-limiting resistor", "has its series current-limiting resistor"),
    (r"has no series resistor", "has a series resistor"),
    (r"has no decoupling capacitor", "has its decoupling capacitor"),
    (r"has no decoupling", "is decoupled"),
    (r"is driven directly from", "is not driven directly from"),
    (r"wired straight to the D4 anode", "not wired straight to the D4 anode (series resistor fitted)"),
    (r"C3 is on net TEMP_SENSE", "C3 is not on net TEMP_SENSE"),
    (r"C3 is wired to TEMP_SENSE", "C3 is not wired to TEMP_SENSE"),
    (r"above the 15 mA", "within the 15 mA"), (r"twice the 15 mA limit", "within the 15 mA limit"),
    (r"Do not release", "Release"), (r"do not release", "release"),
    (r"must be fixed first", "need no fix"), (r"until these are fixed", "now"), (r"Three major violations", "No major violations"),
    (r"four rules fail \(DR-07-01, -02, -03 major; DR-07-07 minor\); DR-07-04, -05 and -06 pass",
     "DR-07-01, -02, -03 and -07 pass; DR-07-04, -05 and -06 fail"),
    (r"lists 10 of the 17 parts; C3, D4, J2, R2, R5, R6 and U2 are missing",
     "lists all 17 parts; none is missing"),
    (r"Bulk capacitor of 10 µF fitted", "No bulk capacitor fitted"),
    (r"has a 10 kΩ pull-up to VCC", "has no pull-up to VCC"),
    (r"have 1 kΩ series resistors", "have no series resistors"),
]
FLIP = {"Pass": "Fail", "Fail": "Pass"}


def negated(gold: Path, out: Path) -> None:
    """Every conclusion reversed (violations become passes and back), every number kept."""
    doc = Document(gold / REVIEW)
    t = findings(doc)
    for row in t.rows[1:]:
        res = row.cells[RESULT_COL].text.strip()
        set_text(row.cells[RESULT_COL], FLIP.get(res, res))
        set_text(row.cells[SEV_COL], "—" if res == "Fail" else "Major")
    sub_all(doc, NEGATE_PROSE)
    edit_leds(doc, {"D4": {RES_COL: "present", OHMS_COL: "present"}})
    set_paragraph(doc, r"^Release to layout:", "Release to layout: Yes")
    doc.save(out / "deliverables" / REVIEW)
    shutil.copy(gold / BOM, out / "deliverables" / BOM)
    reply = reply_lines((gold / REPLY).read_text(), {
        "LED without series resistor": "none", "Driving pin": "none", "Release to layout": "Yes"}, NEGATE_PROSE)
    (out / REPLY).write_text(reply)


PERTURB_BOM = {
    ("C3", "Value"): "47nF", ("D4", "Value"): "WHITE", ("D4", "Part"): "LED white 0603 (LTST-C191KWKT)",
    ("R2", "Value"): "120", ("R3", "Value"): "330", ("R6", "Value"): "2.2k",
    ("U2", "Part"): "Temperature sensor MCP9701A-E/TT, SOT-23-3", ("U2", "Value"): "MCP9701A-E/TT",
}
PERTURB_REFS = {"C3": "C4", "J2": "J3", "R5": "R7"}  # a neighbouring designator read wrongly
PERTURB_COUNTS = {"Resistors": 7, "Capacitors": 2, "LEDs": 3, "ICs": 1, "Connectors": 3}
PERTURB_PROSE = [
    (r"\bD4\b", "D3"), (r"\bPA2\b", "PA1"), (r"pin 11\b", "pin 12"), (r"\(blue\)", "(yellow)"),
    (r"\b100 Ω", "120 Ω"), (r"= 30 mA", "= 25 mA"), (r"at 30 mA", "at 25 mA"), (r"30 mA through", "25 mA through"),
    (r"\bTEMP_SENSE\b", "TXD"), (r"U2 pin 2 VOUT → U1 pin 6 PA7", "J2 pin 2 → U1 pin 2 PB0"),
    (r"U2 VOUT", "J2 TXD"), (r"\bU2\b", "U1"),
]
PERTURB_LEDS = {
    "D1": {MA_COL: "3.4"},
    "D2": {OHMS_COL: "120", MA_COL: "25.0"},
    "D3": {RES_COL: "none", OHMS_COL: "none", MA_COL: "—"},
    "D4": {RES_COL: "R3", OHMS_COL: "330", MA_COL: "6.1"},
}
PERTURB_REPLY = {
    "Resistors": "7", "Capacitors": "2", "LEDs": "3", "ICs": "1", "Connectors": "3",
    "LED without series resistor": "D3", "Driving pin": "pin 12 (PA1)",
    "Selected-on-test resistor": "120 Ω", "LED current": "25 mA",
}


def perturb_bom(gold: Path, refs: bool = True) -> Workbook:
    wb = load_workbook(gold / BOM)
    bom_cells(wb, PERTURB_BOM)
    if refs:
        bom_cells(wb, {(old, "Designator"): new for old, new in PERTURB_REFS.items()})
    summary(wb, PERTURB_COUNTS)
    return wb


def perturb_review(gold: Path):
    doc = Document(gold / REVIEW)
    sub_all(doc, PERTURB_PROSE)  # LED-table labels are restored below: rows stay D1..D4 in order
    t = led_table(doc)
    for row, name in zip(t.rows[1:], ("D1", "D2", "D3", "D4")):
        set_text(row.cells[LED_COL], name)
    edit_leds(doc, PERTURB_LEDS)
    return doc


def perturbed(gold: Path, out: Path) -> None:
    """Every visually read value wrong by a believable step, structure and conclusions kept."""
    perturb_bom(gold).save(out / "deliverables" / BOM)
    perturb_review(gold).save(out / "deliverables" / REVIEW)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), PERTURB_REPLY, PERTURB_PROSE))


def hedged(gold: Path, out: Path) -> None:
    """Each visual answer offered as two candidates, the right one among them."""
    wb = load_workbook(gold / BOM)
    bom_cells(wb, {("C3", "Value"): "100nF or 10nF", ("D4", "Value"): "BLUE or WHITE", ("R2", "Value"): "100 or 1k", ("R3", "Value"): "680 or 330",
                   ("R6", "Value"): "1k or 10k", ("U2", "Part"): "Temperature sensor MCP9700A-E/TT or LM35"})
    summary(wb, {"Resistors": "6 or 7", "Capacitors": "3 or 2", "LEDs": "4 or 3", "ICs": "2 or 1",
                 "Connectors": "2 or 1", "Total": "17 or 15"})
    wb.save(out / "deliverables" / BOM)
    doc = Document(gold / REVIEW)
    t = findings(doc)
    for row in t.rows[1:]:
        res = row.cells[RESULT_COL].text.strip()
        set_text(row.cells[RESULT_COL], f"{res} or {FLIP.get(res, res)}")
    edit_findings(doc, {
        "DR-07-01": {PARTS_COL: "D4 or D3", NET_COL: "U1 pin 11 (PA2) or pin 12 (PA1), possibly direct to the anode"},
        "DR-07-02": {PARTS_COL: "D2, R2 or D3, R3"},
        "DR-07-03": {PARTS_COL: "U2 or U1, C3", NET_COL: "C3 either on TEMP_SENSE (U2 VOUT) or on +5V (U2 VDD)"},
    })
    edit_leds(doc, {"D1": {MA_COL: "2.8 or 3.4"}, "D2": {OHMS_COL: "100 or 1000", MA_COL: "30 or 3"},
                    "D3": {OHMS_COL: "680 or 330", MA_COL: "4.3 or 8.8"}, "D4": {OHMS_COL: "none or 150"}})
    set_paragraph(doc, r"^Release to layout:", "Release to layout: No, or Yes once the BOM is updated")
    doc.save(out / "deliverables" / REVIEW)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Resistors": "6 or 7", "Capacitors": "3 or 2", "LEDs": "4 or 3", "ICs": "2 or 1", "Connectors": "2 or 1",
        "LED without series resistor": "D4 or D3", "Driving pin": "pin 11 (PA2) or pin 12 (PA1)",
        "Selected-on-test resistor": "100 Ω or 1 kΩ", "LED current": "30 mA or 3 mA",
        "Release to layout": "probably No"}))


def overlisted(gold: Path, out: Path) -> None:
    """Gold with the Designators of the three major violations over-listed: parts that comply named as involved."""
    doc = Document(gold / REVIEW)
    edit_findings(doc, {"DR-07-01": {PARTS_COL: "D3, D4"}, "DR-07-02": {PARTS_COL: "D1, D2, D3, R2"},
                        "DR-07-03": {PARTS_COL: "U1, U2, C3"}})
    doc.save(out / "deliverables" / REVIEW)
    shutil.copy(gold / BOM, out / "deliverables" / BOM)
    shutil.copy(gold / REPLY, out / REPLY)


def one_size(gold: Path, out: Path) -> None:
    """The same answer everywhere: every rule passes, every count, value and current alike."""
    wb = load_workbook(gold / BOM)
    ws = wb["BOM"]
    head = [c.value for c in ws[1]]
    for r in range(2, ws.max_row + 1):
        ws.cell(r, head.index("Value") + 1).value = "10k"
        ws.cell(r, head.index("Part") + 1).value = "Resistor 0603 1%"
    summary(wb, {"Resistors": 5, "Capacitors": 5, "LEDs": 5, "ICs": 5, "Connectors": 5})
    wb.save(out / "deliverables" / BOM)
    doc = Document(gold / REVIEW)
    t = findings(doc)
    for row in t.rows[1:]:
        for col, text in ((RESULT_COL, "Pass"), (PARTS_COL, "—"), (NET_COL, "as drawn"),
                          (FINDING_COL, "Complies with the rule."), (SEV_COL, "—"), (ACTION_COL, "None.")):
            set_text(row.cells[col], text)
    for row in led_table(doc).rows[1:]:
        set_text(row.cells[RES_COL], "R1")
        set_text(row.cells[OHMS_COL], "300")
        set_text(row.cells[MA_COL], "10.0")
    set_paragraph(doc, r"^Release to layout:", "Release to layout: Yes")
    doc.save(out / "deliverables" / REVIEW)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Resistors": "5", "Capacitors": "5", "LEDs": "5", "ICs": "5", "Connectors": "5",
        "LED without series resistor": "none", "Driving pin": "none", "Selected-on-test resistor": "300 Ω",
        "LED current": "10 mA", "Release to layout": "Yes"}, NEGATE_PROSE))


def empty(gold: Path, out: Path) -> None:
    """Zero-byte deliverables and an empty reply."""
    for name in (BOM, REVIEW):
        (out / "deliverables" / name).write_bytes(b"")
    (out / REPLY).write_text("")


def stub(gold: Path, out: Path) -> None:
    """Header-only files: the gold's sheets, headings and table header rows, no content."""
    wb = load_workbook(gold / BOM)
    for ws in wb.worksheets:
        ws.delete_rows(2, ws.max_row)
    wb.save(out / "deliverables" / BOM)
    doc = Document(gold / REVIEW)
    for t in doc.tables:
        for row in list(t.rows)[1:]:
            row._tr.getparent().remove(row._tr)
    for p in doc.paragraphs:
        if not p.style.name.lower().startswith("heading"):
            set_text(p, "")
    doc.save(out / "deliverables" / REVIEW)
    last_block = (gold / REPLY).read_text().strip().split("\n\n")[-1]  # the labelled lines
    labels = [m.group(1) for m in re.finditer(r"(?m)^([A-Za-z][\w -]*?):", last_block)]
    (out / REPLY).write_text("Review to follow.\n\n" + "".join(f"{label}: TBD\n" for label in labels))


def fully_wrong(gold: Path, out: Path) -> None:
    """Every visual fact and every conclusion wrong: two parts missing from the BOM, values and
    designators perturbed, every rule result flipped, release recommended."""
    wb = perturb_bom(gold, refs=False)
    bom_delete(wb, ["C3", "J2"])
    wb.save(out / "deliverables" / BOM)
    doc = perturb_review(gold)
    t = findings(doc)
    for row in t.rows[1:]:
        res = row.cells[RESULT_COL].text.strip()
        set_text(row.cells[RESULT_COL], FLIP.get(res, res))
    sub_all(doc, NEGATE_PROSE)
    set_paragraph(doc, r"^Release to layout:", "Release to layout: Yes")
    doc.save(out / "deliverables" / REVIEW)
    labels = dict(PERTURB_REPLY, **{"LED without series resistor": "none", "Driving pin": "none",
                                    "Release to layout": "Yes"})
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), labels, PERTURB_PROSE + NEGATE_PROSE))


DECOYS = {"negated": negated, "perturbed": perturbed, "overlisted": overlisted, "hedged": hedged,
          "one_size": one_size,
          "empty": empty, "stub": stub, "fully_wrong": fully_wrong}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--only", nargs="*", help="build only these decoys")
    args = ap.parse_args()
    for name, build in DECOYS.items():
        if args.only and name not in args.only:
            continue
        out = args.out / name
        shutil.rmtree(out, ignore_errors=True)
        (out / "deliverables").mkdir(parents=True)
        build(args.gold, out)


if __name__ == "__main__":
    main()
