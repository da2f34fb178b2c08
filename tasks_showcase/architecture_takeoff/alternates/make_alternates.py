"""Build the architecture_takeoff alternates (correct take-offs in other styles) from the gold files.

    python3 make_alternates.py --gold /task/gold --out /out

Every alternate states exactly the gold facts (room sizes, areas, finishes, totals per finish,
door leaves, scaled rooms) and keeps every instruction the prompt fixes: the file
area_takeoff.xlsx, the sheet Areas, the headers of A-E in row 1, the rooms in schedule order in
rows 2-12 by their schedule names, the Total row 13 with a SUM formula in D13, and the seven
labelled reply lines with one committed value each. Only the style differs: wording, order,
extra columns and sheets, context numbers next to the answers, number and unit formats, the
tool that wrote the workbook, or the bare minimum.

Everything is read from gold/area_takeoff.xlsx and gold/final_reply.md, so the alternates follow
the gold when it changes. Deterministic: no randomness, no clock, no network.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

XLSX = "area_takeoff.xlsx"
SHEET = "Areas"
HEADERS = ["Room", "Width (m)", "Length (m)", "Area (m²)", "Finish"]  # fixed by the prompt
CODES = ("FF-01", "FF-02", "FF-03", "FF-04")
LABELS = {
    "Total net floor area": "total",
    "FF-01 area": "FF-01",
    "FF-02 area": "FF-02",
    "FF-03 area": "FF-03",
    "FF-04 area": "FF-04",
    "Door leaves": "doors",
    "Scaled rooms": "scaled",
    "Read from drawn dimensions": "dimmed",
}
LABEL_OF = {v: k for k, v in LABELS.items()}
REQUIRED = ["total", "FF-01", "FF-02", "FF-03", "FF-04", "doors", "scaled"]


# ----------------------------------------------------------------------------- reading gold
class Gold:
    """The gold take-off: rooms in schedule order with sizes and finishes, the reply's fields."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        ws = load_workbook(gold / XLSX)[SHEET]
        self.rooms: list[dict] = []
        for r in range(2, ws.max_row + 1):
            name = ws.cell(r, 1).value
            if not name or str(name).strip().lower() == "total":
                break
            w, length = float(ws.cell(r, 2).value), float(ws.cell(r, 3).value)
            self.rooms.append({"no": f"G{r - 1:02d}", "name": str(name), "w": w, "l": length,
                               "area": round(w * length, 4), "finish": str(ws.cell(r, 5).value)})
        self.reply = (gold / "final_reply.md").read_text()
        self.fields = {LABELS[m.group(1)]: m.group(2).strip()
                       for m in re.finditer(r"^(" + "|".join(map(re.escape, LABELS)) + r"):[ \t]*(.*)$",
                                            self.reply, flags=re.M)}
        self.doors = int(re.search(r"\d+", self.fields["doors"]).group())
        self.scaled = [s.strip() for s in self.fields["scaled"].split(",") if s.strip()]
        self.dimmed = [r["name"] for r in self.rooms if r["name"] not in self.scaled]
        for r in self.rooms:
            r["scaled"] = r["name"] in self.scaled
            r["code"] = code(r["finish"])
            r["desc"] = re.sub(r"\s*\(FF-\d\d\)\s*", "", r["finish"]).strip()
        self.total = sum(r["area"] for r in self.rooms)
        self.by_code = {c: sum(r["area"] for r in self.rooms if r["code"] == c) for c in CODES}
        self.finish_of_code = {r["code"]: r["finish"] for r in self.rooms}
        self.desc_of_code = {r["code"]: r["desc"] for r in self.rooms}
        # the hand corrections the gold reply describes: "Reception 4650 and Consulting Room 4050
        # (site-measured) replace the printed 4800 and 4200"
        m = re.search(r"(\w[\w ]*?) (\d{4}) and ([\w ]+?) (\d{4})[^.]*?replace the printed (\d{4}) and (\d{4})", self.reply)
        self.corrections = {}
        if m:
            self.corrections = {m.group(1).strip(): (int(m.group(2)), int(m.group(5))),
                                m.group(3).strip(): (int(m.group(4)), int(m.group(6)))}
        # the finish changes the gold applies: Staff Room (letter) and Office 2 (mark-up)
        self.changed = {"Staff Room": ("FF-01", self.room("Staff Room")["code"]),
                        "Office 2": ("FF-02", self.room("Office 2")["code"])}
        # the checks below keep every alternate in step with the gold's own reply
        assert abs(self.total - num(self.fields["total"])) < 0.006, (self.total, self.fields["total"])
        for c in CODES:
            assert abs(self.by_code[c] - num(self.fields[c])) < 0.006, (c, self.by_code[c], self.fields[c])

    def room(self, name: str) -> dict:
        return next(r for r in self.rooms if r["name"] == name)

    def printed_total(self) -> float:
        """The total on the superseded printed dimensions (the hand corrections not applied)."""
        out = self.total
        for name, (new, old) in self.corrections.items():
            r = self.room(name)
            if abs(r["w"] * 1000 - new) < 1:
                out += (old - new) / 1000 * r["l"]
            else:
                out += (old - new) / 1000 * r["w"]
        return out

    def schedule_by_code(self) -> dict[str, float]:
        """Finish totals on the unrevised schedule (before the letter's and the mark-up's changes)."""
        out = {c: 0.0 for c in CODES}
        for r in self.rooms:
            out[self.changed[r["name"]][0] if r["name"] in self.changed else r["code"]] += r["area"]
        return out


def code(finish: str) -> str:
    m = re.search(r"FF-\d\d", finish)
    return m.group() if m else finish


def num(text: str) -> float:
    return float(re.search(r"\d[\d,]*\.?\d*", text).group().replace(",", ""))


def f2(x: float) -> str:
    """Two decimals, half up (47.775 -> 47.78, as the gold rounds)."""
    return str(Decimal(repr(round(x, 6))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


# ----------------------------------------------------------------------------- output helpers
def target(out: Path, name: str) -> Path:
    d = out / name
    if d.exists():
        shutil.rmtree(d)
    (d / "deliverables").mkdir(parents=True)
    return d


def write_reply(d: Path, text: str) -> None:
    (d / "final_reply.md").write_text(text.strip() + "\n")


def style_header(ws, ncols: int, fill: str = "2F4F4F") -> None:
    for c in range(1, ncols + 1):
        cell = ws.cell(1, c)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor=fill)
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)


def widths(ws, values: dict[str, float]) -> None:
    for col, w in values.items():
        ws.column_dimensions[col].width = w


def total_row_style(ws, row: int, ncols: int) -> None:
    for c in range(1, ncols + 1):
        ws.cell(row, c).font = Font(bold=True)
        ws.cell(row, c).border = Border(top=Side(style="thin"), bottom=Side(style="double"))


# ----------------------------------------------------------------------------- alternates
def paraphrase(g: Gold, out: Path) -> None:
    """Gold's layout in other words: the provenance column and the finish summary sheet are
    labelled differently, and the covering note is rewritten throughout."""
    d = target(out, "paraphrase")
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append(HEADERS + [None, "How measured"])
    for i, r in enumerate(g.rooms, start=2):
        ws.append([r["name"], r["w"], r["l"], f"=C{i}*B{i}", r["finish"], None,
                   "Scaled off the drawing (scale bar)" if r["scaled"] else "Taken from dimension string"])
        for c in (2, 3, 4):
            ws.cell(i, c).number_format = "0.00"
    last = len(g.rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})"])
    ws.cell(last + 1, 4).number_format = "0.00"
    style_header(ws, 7, "385723")
    total_row_style(ws, last + 1, 5)
    widths(ws, {"A": 18, "B": 10, "C": 11, "D": 10, "E": 28, "F": 3, "G": 32})
    fs = wb.create_sheet("Finish totals")
    fs.append(["Code", "Floor finish", "Net area (m²)"])
    for j, c in enumerate(CODES, start=2):
        fs.append([c, g.finish_of_code[c], f'=SUMIF({SHEET}!E$2:E${last},"*{c}*",{SHEET}!D$2:D${last})'])
        fs.cell(j, 3).number_format = "0.00"
    style_header(fs, 3, "385723")
    widths(fs, {"A": 8, "B": 30, "C": 14})
    wb.save(d / "deliverables" / XLSX)

    corr = " and ".join(f"{n} ({new} in place of the printed {old})" for n, (new, old) in g.corrections.items())
    scaled_alpha = ", ".join(sorted(g.scaled))
    dimmed = ", ".join(g.dimmed[:-1]) + " and " + g.dimmed[-1]
    write_reply(d, f"""
Hi Rachel,

Attached is our net internal area take-off for the ground floor — see the Areas tab of `{XLSX}`. It covers all
{len(g.rooms)} rooms, listed in the same sequence as your room data schedule.

Both finish revisions are reflected. Following your letter, the Staff Room moves from LVT to carpet tile (FF-02);
following the note you ringed on the drawing, Office 2 is priced in safety vinyl sheet (FF-03). We also took your
hand-corrected dimensions for {corr}. For ironmongery, the new connecting door you sketched between Office 1 and
Office 2 is counted, while the Reception/Corridor opening is left out as it has no leaf.

Total net floor area: {f2(g.total)} m²
FF-01 area: {f2(g.by_code['FF-01'])} m²
FF-02 area: {f2(g.by_code['FF-02'])} m²
FF-03 area: {f2(g.by_code['FF-03'])} m²
FF-04 area: {f2(g.by_code['FF-04'])} m²
Door leaves: {g.doors}
Scaled rooms: {scaled_alpha}

The sizes for {dimmed} come straight from the figured dimensions. Everything else was measured against the graphic
scale bar and rounded to 0.05 m, so it would be worth confirming those rooms from the CAD model before we issue the
tender.

Kind regards,
Pell & Ashworth
""")


def restructured(g: Gold, out: Path) -> None:
    """Summary sheet first, Areas with extra columns (room number, measurement basis, finish
    code, perimeter), a notes sheet; the reply leads with the labelled lines as a bulleted list
    and then breaks the take-off down under ## and ### headings with tables."""
    d = target(out, "restructured")
    wb = Workbook()
    summ = wb.active
    summ.title = "Summary"
    ws = wb.create_sheet(SHEET)
    ws.append(HEADERS + ["Room No", "Measured", "Finish code", "Perimeter (m)"])
    for i, r in enumerate(g.rooms, start=2):
        ws.append([r["name"], r["w"], r["l"], f"=ROUND(B{i}*C{i},4)", r["finish"], r["no"],
                   "Scaled" if r["scaled"] else "Dimensioned", r["code"], f"=2*(B{i}+C{i})"])
        for c in (2, 3, 4, 9):
            ws.cell(i, c).number_format = "0.00"
    last = len(g.rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None, None, None, None, f"=SUM(I2:I{last})"])
    for c in (4, 9):
        ws.cell(last + 1, c).number_format = "0.00"
    style_header(ws, 9, "1F4E79")
    total_row_style(ws, last + 1, 9)
    ws.freeze_panes = "B2"
    widths(ws, {"A": 18, "B": 10, "C": 11, "D": 10, "E": 28, "F": 9, "G": 13, "H": 11, "I": 13})

    summ.append(["Brookfield Community Health Hub – GF net floor areas"])
    summ["A1"].font = Font(bold=True, size=13)
    summ.append([])
    summ.append(["Finish code", "Description", "Rooms", "Area (m²)", "Share"])
    for j, c in enumerate(CODES, start=4):
        summ.append([c, g.desc_of_code[c], f'=COUNTIF({SHEET}!H$2:H${last},"{c}")',
                     f'=SUMIF({SHEET}!H$2:H${last},"{c}",{SHEET}!D$2:D${last})', f"=D{j}/D8"])
        summ.cell(j, 4).number_format = "0.00"
        summ.cell(j, 5).number_format = "0.0%"
    summ.append(["Total", None, f"=SUM(C4:C7)", f"={SHEET}!D{last + 1}", "=SUM(E4:E7)"])
    summ.cell(8, 4).number_format = "0.00"
    summ.cell(8, 5).number_format = "0.0%"
    summ.append([])
    summ.append(["Door leaves (ironmongery)", g.doors])
    style_header_row(summ, 3, 5)
    widths(summ, {"A": 26, "B": 24, "C": 8, "D": 11, "E": 8})

    notes = wb.create_sheet("Notes")
    for line in ["Basis of measurement: net internal, finished face to finished face, metres to 2 d.p.",
                 "Source: drawing 1001 rev P03 (PNG export), room schedule Rev C, R. Marr instruction letter.",
                 "Dimensioned rooms use the figured dimensions; hand corrections on the plan take precedence.",
                 "Scaled rooms measured against the graphic scale bar, rounded to 0.05 m."]:
        notes.append([line])
    notes.column_dimensions["A"].width = 95
    wb.save(d / "deliverables" / XLSX)

    rows = "\n".join(f"| {r['no']} | {r['name']} | {f2(r['w'])} | {f2(r['l'])} | {f2(r['area'])} | {r['finish']} | "
                     f"{'scaled' if r['scaled'] else 'dimensioned'} |" for r in g.rooms)
    fin = "\n".join(f"| {c} | {g.desc_of_code[c]} | {f2(g.by_code[c])} |" for c in CODES)
    corr = "; ".join(f"{n}: {new} (printed {old} struck out)" for n, (new, old) in g.corrections.items())
    write_reply(d, f"""
## Key figures for the cost plan

- **Total net floor area:** {f2(g.total)} m²
- **FF-01 area:** {f2(g.by_code['FF-01'])} m²
- **FF-02 area:** {f2(g.by_code['FF-02'])} m²
- **FF-03 area:** {f2(g.by_code['FF-03'])} m²
- **FF-04 area:** {f2(g.by_code['FF-04'])} m²
- **Door leaves:** {g.doors}
- **Scaled rooms:** {', '.join(g.scaled)}

## Covering note to Rachel Marr

Rachel, the ground-floor take-off is in `{XLSX}`. The `{SHEET}` sheet carries the eleven rooms in schedule order
with the total in row 13; a `Summary` sheet rolls the areas up by finish code.

### Changes applied

1. **Staff Room** re-finished in carpet tile (FF-02), per your letter.
2. **Office 2** priced in safety vinyl sheet (FF-03), per the ringed mark-up on the plan.
3. **Hand-corrected dimensions** used: {corr}.
4. **New door** between Office 1 and Office 2 added to the door count; the Reception/Corridor opening has no leaf
   and is left out.

### Room by room

| No | Room | Width (m) | Length (m) | Area (m²) | Finish | Basis |
|---|---|--:|--:|--:|---|---|
{rows}
| | **Total** | | | **{f2(g.total)}** | | |

### By floor finish

| Code | Finish | Area (m²) |
|---|---|--:|
{fin}

### Measurement tolerance

The scaled rooms were measured against the graphic scale bar and rounded to the nearest 0.05 m; please check them
against the CAD model before tender.
""")


def style_header_row(ws, row: int, ncols: int) -> None:
    for c in range(1, ncols + 1):
        cell = ws.cell(row, c)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4E79")


def _verbose_workbook(g: Gold, path: Path, prior: bool = False) -> None:
    """Gold's layout plus a derivation column and a notes block under the total; with
    `prior`, two more columns give the schedule's original finish and the superseded printed
    dimension beside the values used."""
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append(HEADERS + ["Derivation / source"] + (["Schedule Rev C finish", "Printed dimension (superseded)"] if prior else []))
    for i, r in enumerate(g.rooms, start=2):
        how = f"{f2(r['w'])} × {f2(r['l'])} = {f2(r['area'])} m²; "
        if r["name"] in g.corrections:
            new, old = g.corrections[r["name"]]
            how += f"figured dimensions, {new} hand-corrected (printed {old} struck out)"
        elif r["scaled"]:
            how += "scaled against the 5 m scale bar (±0.15 m)"
        else:
            how += "figured dimensions on the plan"
        if r["name"] in g.changed:
            how += f"; finish changed from {g.changed[r['name']][0]}"
        extra = []
        if prior:
            was = g.changed[r["name"]][0] if r["name"] in g.changed else r["code"]
            extra = [g.finish_of_code[was], f"{g.corrections[r['name']][1]} mm" if r["name"] in g.corrections else None]
        finish = r["finish"]
        if not prior and r["name"] in g.changed:  # the finish cell itself says where the change comes from
            finish += (f" (was {g.desc_of_code[g.changed[r['name']][0]]} {g.changed[r['name']][0]} in schedule Rev C; "
                       + ("RM letter item 3)" if r["name"] == "Staff Room" else "RM red-pen mark-up)"))
        ws.append([r["name"], r["w"], r["l"], f"=B{i}*C{i}", finish, how] + extra)
        for c in (2, 3, 4):
            ws.cell(i, c).number_format = "0.00"
    last = len(g.rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None, f"{len(g.rooms)} rooms, {len(g.scaled)} scaled"])
    ws.cell(last + 1, 4).number_format = "0.00"
    style_header(ws, 6, "7F3F00")
    total_row_style(ws, last + 1, 6)
    ws.cell(last + 3, 1).value = "Notes"
    ws.cell(last + 3, 1).font = Font(bold=True)
    for k, line in enumerate([
            "Net internal areas, finished face to finished face; all rooms rectangular.",
            f"Door leaves counted on the plan: {g.doors} (printed swings plus the hand-drawn Office 1/Office 2 door).",
            "Scaled sizes rounded to 0.05 m; confirm against the CAD model before tender."], start=last + 4):
        ws.cell(k, 1).value = line
    widths(ws, {"A": 18, "B": 10, "C": 11, "D": 10, "E": 28, "F": 70, "G": 26, "H": 16})
    wb.save(path)


def verbose(g: Gold, out: Path) -> None:
    """Every committed answer carries its context: room counts, the rooms that make up each
    finish total, the door count explained, derivations, caveats with 'no'/'not'/'none'."""
    d = target(out, "verbose")
    _verbose_workbook(g, d / "deliverables" / XLSX)

    def parts(c: str) -> str:
        return " + ".join(f"{r['name']} {f2(r['area'])}" for r in g.rooms if r["code"] == c)

    deriv = "\n".join(f"- {r['name']}: {f2(r['w'])} × {f2(r['l'])} = {f2(r['area'])} m²"
                      f"{' (scaled)' if r['scaled'] else ''}" for r in g.rooms)
    corr = ", ".join(f"{n} {new} (printed {old})" for n, (new, old) in g.corrections.items())
    write_reply(d, f"""
Rachel,

I've completed the net floor area take-off for the Brookfield Community Health Hub ground floor; it is attached as
`{XLSX}` (sheet `{SHEET}`, {len(g.rooms)} rooms in schedule order, G01 Reception to G11 Store, with a SUM total in
row 13 and a derivation for every room in column F). Here is how I got there and what the figures are.

**Method.** The plan is a PNG export of drawing 1001 rev P03. Four rooms carry figured dimensions and I used them
as drawn, except where you corrected them by hand: {corr}. The remaining {len(g.scaled)} rooms have no dimension
strings, so I calibrated against the 5 m graphic scale bar and measured them finished face to finished face,
rounding to the nearest 0.05 m (expect roughly ±0.15 m on each scaled side).

**Finish changes.** The Staff Room is carpet tile (FF-02), not the LVT the schedule shows, per item 3 of your letter.
Office 2 is safety vinyl sheet (FF-03), per your ringed red-pen note on the plan, not the carpet tile in the
schedule. No other finishes differ from the schedule.

**Derivations:**
{deriv}

Total net floor area: {f2(g.total)} m² ({len(g.rooms)} rooms, {len(g.scaled)} of them scaled)
FF-01 area: {f2(g.by_code['FF-01'])} m² ({parts('FF-01')})
FF-02 area: {f2(g.by_code['FF-02'])} m² ({parts('FF-02')})
FF-03 area: {f2(g.by_code['FF-03'])} m² ({parts('FF-03')})
FF-04 area: {f2(g.by_code['FF-04'])} m² ({parts('FF-04')})
Door leaves: {g.doors} — {g.doors - 1} printed swings plus the red-pen new door between Office 1 and Office 2
Scaled rooms: {', '.join(g.scaled)} (none of the four dimensioned rooms is in this list)

A note on the door count: the opening between Reception and the Corridor has no door leaf, so it is not counted.
The new connecting door has not been confirmed on a revised drawing yet, so the ironmongery schedule should follow
the next plan revision.

Please treat the scaled sizes as provisional until they have been checked against the CAD model.

Best regards
""")


def verbose_prior(g: Gold, out: Path) -> None:
    """Committed answers with the superseded figures beside them (printed dimensions, the
    unrevised schedule's finish totals, the printed door count) and a before/after table."""
    d = target(out, "verbose_prior")
    _verbose_workbook(g, d / "deliverables" / XLSX, prior=True)
    before = g.schedule_by_code()
    printed = g.printed_total()
    table = "\n".join(f"| {c} | {g.desc_of_code[c]} | {f2(before[c])} | {f2(g.by_code[c])} | "
                      f"{g.by_code[c] - before[c]:+.2f} |" for c in CODES)
    corr_lines = "\n".join(
        f"- {n}: {new / 1000:.2f} m used (printed {old / 1000:.2f} m is struck out)" for n, (new, old) in g.corrections.items())
    write_reply(d, f"""
Dear Rachel,

Please find attached the ground-floor net area take-off (`{XLSX}`, sheet `{SHEET}`). The figures below reflect your
letter and your mark-ups on drawing 1001 rev P03; where a figure changed because of them I have put the superseded
value in brackets so you can trace the difference to the schedule (Rev C).

Total net floor area: {f2(g.total)} m² (the printed, superseded dimensions would have given {f2(printed)} m²)
FF-01 area: {f2(g.by_code['FF-01'])} m² (Rev C schedule basis: {f2(before['FF-01'])} m², before the Staff Room change)
FF-02 area: {f2(g.by_code['FF-02'])} m² (Rev C schedule basis: {f2(before['FF-02'])} m²)
FF-03 area: {f2(g.by_code['FF-03'])} m² (Rev C schedule basis: {f2(before['FF-03'])} m²)
FF-04 area: {f2(g.by_code['FF-04'])} m² (unchanged)
Door leaves: {g.doors} (printed {g.doors - 1})
Scaled rooms: {', '.join(g.scaled)}

Hand-corrected dimensions:
{corr_lines}

Finish totals, schedule Rev C against this take-off (m²):

| Code | Finish | Schedule Rev C | This take-off | Change |
|---|---|--:|--:|--:|
{table}
| | **Total** | **{f2(sum(before.values()))}** | **{f2(g.total)}** | **+0.00** |

The four remaining rooms (Reception, Consulting Room, Corridor, Accessible WC) were read from figured dimensions.
The scaled rooms are rounded to 0.05 m and are not yet verified against the CAD model; please check them before the
tender issues.

Regards,
Pell & Ashworth
""")


def formats(g: Gold, out: Path) -> None:
    """Other number and unit formats for the same values: areas as ROUND formulas shown with
    unit number formats, finishes written code first, the reply's figures as 139.9 m2 /
    41.58 sq m / 13 nr and the labelled lines in a fenced block like the prompt's template."""
    d = target(out, "formats")
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append(HEADERS)
    for i, r in enumerate(g.rooms, start=2):
        ws.append([r["name"], r["w"], r["l"], f"=ROUND(B{i}*C{i},2)", f"{r['code']} – {r['desc']}"])
        ws.cell(i, 2).number_format = '0.00" m"'
        ws.cell(i, 3).number_format = '0.00" m"'
        ws.cell(i, 4).number_format = '#,##0.00" m²"'
    last = len(g.rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None])
    ws.cell(last + 1, 4).number_format = '#,##0.00" m²"'
    for c in range(1, 6):
        ws.cell(1, c).font = Font(bold=True)
        ws.cell(last + 1, c).font = Font(bold=True)
    widths(ws, {"A": 18, "B": 11, "C": 11, "D": 13, "E": 30})
    wb.save(d / "deliverables" / XLSX)

    write_reply(d, f"""
Rachel – GF net area take-off attached ({XLSX}, tab "{SHEET}").

Figures for the cost plan:

```
Total net floor area: {g.total:.1f} m2
FF-01 area: {f2(g.by_code['FF-01'])} sq m
FF-02 area: {g.by_code['FF-02']:.1f} m²
FF-03 area: {f2(g.by_code['FF-03'])} sq.m
FF-04 area: {f2(g.by_code['FF-04'])}m²
Door leaves: {g.doors} nr
Scaled rooms: {', '.join(g.scaled)}
```

Staff Room is now FF-02 carpet tile (your letter) and Office 2 FF-03 safety vinyl (your mark-up); Reception and the
Consulting Room use your hand figures of {' and '.join(f"{new / 1000:.2f} m" for new, _ in g.corrections.values())}.
The door count includes the new Office 1/2 door. The rooms listed as scaled were measured off the 1:50 scale bar
(nearest 50 mm) – please verify against CAD.
""")


def other_tools_xlsxwriter(g: Gold, out: Path) -> None:
    """The workbook written by xlsxwriter (formulas stored without computed values, as Excel
    would leave them for recalculation); a plain-text email reply without Markdown."""
    import xlsxwriter

    d = target(out, "other_tools_xlsxwriter")
    wb = xlsxwriter.Workbook(str(d / "deliverables" / XLSX))
    ws = wb.add_worksheet(SHEET)
    head = wb.add_format({"bold": True, "bg_color": "#D9E1F2", "border": 1, "text_wrap": True, "valign": "vcenter"})
    dec = wb.add_format({"num_format": "0.00", "border": 1})
    txt = wb.add_format({"border": 1})
    tot = wb.add_format({"bold": True, "num_format": "0.00", "top": 2, "bottom": 6})
    tot_txt = wb.add_format({"bold": True, "top": 2, "bottom": 6})
    ws.write_row(0, 0, HEADERS + ["Basis"], head)
    for i, r in enumerate(g.rooms, start=1):
        ws.write_string(i, 0, r["name"], txt)
        ws.write_number(i, 1, r["w"], dec)
        ws.write_number(i, 2, r["l"], dec)
        ws.write_formula(i, 3, f"=B{i + 1}*C{i + 1}", dec)
        ws.write_string(i, 4, r["finish"], txt)
        ws.write_string(i, 5, "scaled" if r["scaled"] else "dimensioned", txt)
    last = len(g.rooms) + 1
    ws.write_string(last, 0, "Total", tot_txt)
    ws.write_blank(last, 1, None, tot_txt)
    ws.write_blank(last, 2, None, tot_txt)
    ws.write_formula(last, 3, f"=SUM(D2:D{last})", tot)
    ws.write_blank(last, 4, None, tot_txt)
    ws.set_column(0, 0, 18)
    ws.set_column(1, 3, 11)
    ws.set_column(4, 4, 28)
    ws.set_column(5, 5, 12)
    ws.freeze_panes(1, 0)
    fs = wb.add_worksheet("Finish summary")
    fs.write_row(0, 0, ["Finish", "Area (m²)"], head)
    for j, c in enumerate(CODES, start=1):
        fs.write_string(j, 0, g.finish_of_code[c])
        fs.write_formula(j, 1, f'=SUMIF(Areas!$E$2:$E${last},"*{c}*",Areas!$D$2:$D${last})', dec)
    fs.set_column(0, 0, 30)
    fs.set_column(1, 1, 12)
    wb.close()

    corr = " and ".join(f"{n} ({new})" for n, (new, _) in g.corrections.items())
    write_reply(d, f"""
Rachel,

Attached: {XLSX} - ground floor net internal areas, one row per room in schedule order, total at the bottom.

Total net floor area: {f2(g.total)} m²
FF-01 area: {f2(g.by_code['FF-01'])} m²
FF-02 area: {f2(g.by_code['FF-02'])} m²
FF-03 area: {f2(g.by_code['FF-03'])} m²
FF-04 area: {f2(g.by_code['FF-04'])} m²
Door leaves: {g.doors}
Scaled rooms: {', '.join(g.scaled)}

Notes:
1) Staff Room priced as carpet tile FF-02 per your letter; Office 2 as safety vinyl FF-03 per your mark-up.
2) Your corrected dimensions used for {corr}.
3) Door count includes the new connecting door between Office 1 and Office 2.
4) Scaled rooms were measured off the scale bar to the nearest 50 mm - please check against the model before tender.

Thanks
""")


def other_tools_pandas(g: Gold, out: Path) -> None:
    """A pandas DataFrame written with df.to_excel(engine="xlsxwriter"): the formulas travel
    as '=' strings, the Total row is part of the frame, default pandas header styling."""
    import pandas as pd

    d = target(out, "other_tools_pandas")
    n = len(g.rooms)
    frame = pd.DataFrame({
        "Room": [r["name"] for r in g.rooms] + ["Total"],
        "Width (m)": [r["w"] for r in g.rooms] + [None],
        "Length (m)": [r["l"] for r in g.rooms] + [None],
        "Area (m²)": [f"=B{i}*C{i}" for i in range(2, n + 2)] + [f"=SUM(D2:D{n + 1})"],
        "Finish": [r["finish"] for r in g.rooms] + [None],
    })
    by = pd.DataFrame({"Finish code": list(CODES), "Net area (m²)": [round(g.by_code[c], 4) for c in CODES]})
    with pd.ExcelWriter(d / "deliverables" / XLSX, engine="xlsxwriter") as xw:
        frame.to_excel(xw, sheet_name=SHEET, index=False)
        by.to_excel(xw, sheet_name="By code", index=False)
        xw.sheets[SHEET].set_column(0, 0, 18)
        xw.sheets[SHEET].set_column(4, 4, 28)

    table = "\n".join(f"| {c} | {f2(g.by_code[c])} |" for c in CODES)
    write_reply(d, f"""
Hi Rachel — here's the GF take-off (`{XLSX}`).

| Finish | Area (m²) |
|---|---:|
{table}

Total net floor area: {f2(g.total)} m²
FF-01 area: {f2(g.by_code['FF-01'])} m²
FF-02 area: {f2(g.by_code['FF-02'])} m²
FF-03 area: {f2(g.by_code['FF-03'])} m²
FF-04 area: {f2(g.by_code['FF-04'])} m²
Door leaves: {g.doors}
Scaled rooms: {', '.join(g.scaled)}

Your letter's Staff Room change (to carpet, FF-02) and the mark-ups on the plan (Office 2 to FF-03, the corrected
Reception and Consulting Room dimensions, the new Office 1/2 door) are all included. Reception, Consulting Room,
Corridor and Accessible WC were taken from the drawn dimensions; the scaled rooms are approximate (±50 mm rounding)
and should be checked against CAD.
""")


def other_tools_libreoffice(g: Gold, out: Path) -> None:
    """The gold workbook opened and re-saved by LibreOffice Calc (via ODS, as a Calc user
    would), so every part is LibreOffice's own OOXML; a short reply in a model's heading style."""
    d = target(out, "other_tools_libreoffice")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        src = t / "src" / XLSX
        src.parent.mkdir()
        shutil.copy(g.dir / XLSX, src)
        env_home = {"HOME": tmp}
        run_soffice(["--convert-to", "ods", "--outdir", str(t / "ods"), str(src)], env_home)
        run_soffice(["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(t / "xlsx"),
                     str(t / "ods" / "area_takeoff.ods")], env_home)
        shutil.copy(t / "xlsx" / XLSX, d / "deliverables" / XLSX)

    write_reply(d, f"""
**Ground floor net area take-off – Brookfield Community Health Hub**

Rachel, the take-off is attached as `{XLSX}` (sheet `{SHEET}`; a second sheet totals the areas by finish).

**Figures for the cost plan**

Total net floor area: {f2(g.total)} m²
FF-01 area: {f2(g.by_code['FF-01'])} m²
FF-02 area: {f2(g.by_code['FF-02'])} m²
FF-03 area: {f2(g.by_code['FF-03'])} m²
FF-04 area: {f2(g.by_code['FF-04'])} m²
Door leaves: {g.doors}
Scaled rooms: {', '.join(g.scaled)}

**What changed against the schedule and drawing**
* Staff Room → carpet tile FF-02 (your letter)
* Office 2 → safety vinyl sheet FF-03 (red-pen mark-up)
* Reception and Consulting Room → your hand-corrected dimensions
* One extra door leaf → new door between Office 1 and Office 2

The scaled rooms carry a small measurement tolerance (nearest 0.05 m); worth a check against the CAD model.
""")


def run_soffice(args: list[str], env_extra: dict[str, str]) -> None:
    import os

    env = {**os.environ, **env_extra}
    subprocess.run(["soffice", "--headless", "--norestore", "--nolockcheck", *args], check=True, env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=240)


def minimal(g: Gold, out: Path) -> None:
    """Only what the prompt asks for: a bare Areas sheet (A-E, plain numbers, the SUM total)
    and a reply of just the seven labelled lines."""
    d = target(out, "minimal")
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append(HEADERS)
    for r in g.rooms:
        ws.append([r["name"], r["w"], r["l"], round(r["area"], 4), r["finish"]])
    ws.append(["Total", None, None, f"=SUM(D2:D{len(g.rooms) + 1})", None])
    wb.save(d / "deliverables" / XLSX)
    write_reply(d, "\n".join([
        f"Total net floor area: {f2(g.total)} m²",
        f"FF-01 area: {f2(g.by_code['FF-01'])} m²",
        f"FF-02 area: {f2(g.by_code['FF-02'])} m²",
        f"FF-03 area: {f2(g.by_code['FF-03'])} m²",
        f"FF-04 area: {f2(g.by_code['FF-04'])} m²",
        f"Door leaves: {g.doors}",
        f"Scaled rooms: {', '.join(g.scaled)}",
    ]))


def verbose_context(g: Gold, out: Path) -> None:
    """Committed answers followed by context that names what they are not: the changed finish
    cells say which finish they replace after a dash ('Carpet tile (FF-02) - per letter item 3,
    replaces Luxury vinyl tile (FF-01)'), the total is a derivation with an ellipsis, the finish
    totals name their rooms after a comma or dash, the scaled-room list is followed by a
    sentence naming the four dimensioned rooms."""
    d = target(out, "verbose_context")
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append(HEADERS)
    for i, r in enumerate(g.rooms, start=2):
        finish = r["finish"]
        if r["name"] == "Staff Room":
            was = g.changed["Staff Room"][0]
            finish += f" - per letter item 3, replaces {g.finish_of_code[was]}"
        elif r["name"] in g.changed:
            was = g.changed[r["name"]][0]
            finish += f" \u2014 red-pen mark-up supersedes the schedule's {g.desc_of_code[was].lower()} ({was})"
        ws.append([r["name"], r["w"], r["l"], f"=B{i}*C{i}", finish])
    ws.append(["Total", None, None, f"=SUM(D2:D{len(g.rooms) + 1})", None])
    wb.save(d / "deliverables" / XLSX)

    def rooms(c: str) -> list[str]:
        return [r["name"] for r in g.rooms if r["code"] == c]

    def joined(names: list[str]) -> str:
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]

    first, second, last = (f2(r["area"]) for r in (g.rooms[0], g.rooms[1], g.rooms[-1]))
    sched = g.schedule_by_code()
    write_reply(d, f"""
Rachel,

The take-off is attached (`{XLSX}`, sheet `{SHEET}`). The figures for the cost plan:

Total net floor area: {first} + {second} + ... + {last} = {f2(g.total)} m²
FF-01 area: {f2(g.by_code['FF-01'])} m², replacing the schedule basis of {f2(sched['FF-01'])} m² (Staff Room moved to FF-02)
FF-02 area: {f2(g.by_code['FF-02'])} m², i.e. {joined(rooms('FF-02'))}
FF-03 area: {f2(g.by_code['FF-03'])} m² \u2014 {joined(rooms('FF-03'))}
FF-04 area: {f2(g.by_code['FF-04'])} m² \u2013 {joined(rooms('FF-04'))}, both scaled
Door leaves: {g.doors}, including the red-pen door between Office 1 and Office 2 (the Reception/Corridor opening has no leaf)
Scaled rooms: {', '.join(g.scaled)}. {joined(g.dimmed)} use the drawn dimensions.

Scaled sizes are to the nearest 0.05 m; please check them against the CAD model before the tender goes out.

Regards
""")


FIXED_TIME = (2025, 3, 10, 9, 0, 0)  # every package carries this date, so a rebuild is byte-identical


def freeze(path: Path) -> None:
    """Rewrite an xlsx package with fixed zip timestamps, fixed document dates (the writers
    stamp the current time) and chart axis ids numbered in order (LibreOffice draws them at
    random), so a rebuild is byte-identical."""
    import zipfile

    stamp = "%04d-%02d-%02dT%02d:%02d:%02dZ" % FIXED_TIME
    with zipfile.ZipFile(path) as z:
        parts = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(?:created|modified)[^>]*>)[^<]*(<)", rf"\g<1>{stamp}\g<2>", text)
                data = text.encode("utf-8")
            if re.fullmatch(r"xl/charts/chart\d+\.xml", name):  # LibreOffice draws random axis ids
                text, ids = data.decode("utf-8"), {}
                text = re.sub(r'(<c:(?:axId|crossAx) val=")(\d+)(")',
                              lambda m: m.group(1) + ids.setdefault(m.group(2), str(500001 + len(ids))) + m.group(3), text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


BUILDERS = [paraphrase, restructured, verbose, verbose_prior, verbose_context, formats, other_tools_xlsxwriter,
            other_tools_pandas, other_tools_libreoffice, minimal]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    args = ap.parse_args()
    g = Gold(args.gold)
    args.out.mkdir(parents=True, exist_ok=True)
    for build in BUILDERS:
        build(g, args.out)
    for xlsx in sorted(args.out.glob("*/deliverables/*.xlsx")):
        freeze(xlsx)


if __name__ == "__main__":
    main()
