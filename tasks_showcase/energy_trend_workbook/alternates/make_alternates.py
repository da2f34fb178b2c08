"""Build the energy_trend_workbook alternates (correct reviews in other styles) from the gold files.

    python3 make_alternates.py --gold /task/gold --out /out

Every alternate states exactly the gold facts (the completed kWh series with the six chart-read
months, the tariff costs, the peak and dearest months, the annual kWh and GBP, the Riverside
October anomaly) and keeps every instruction the prompt fixes: energy_review.xlsx with the sheets
Monthly (A-F headers, January-December in rows 2-13 in kWh, notes naming chart-read sites, the
Total row 14 with SUM formulas, a line chart of the three sites) and Costs (A-E headers, monthly
GBP ex VAT, Total row 14 with SUM formulas, the two labelled months in A16:B17), and the eight
labelled reply lines with one committed value each. Only the style differs.

Everything is read from gold/energy_review.xlsx (kWh, notes, the Tariff sheet's rates, the
Costs sheet's days and seasons) and gold/final_reply.md; the costs are recomputed from the
tariff and checked against the gold reply. Deterministic: no randomness, no clock, no network.
"""

from __future__ import annotations

import argparse
import ast
import calendar
import datetime as dt
import operator
import os
import re
import shutil
import subprocess
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill

XLSX = "energy_review.xlsx"
SITES = ["Northgate Depot", "Riverside Offices", "Eastfield Cold Store"]
SITE_IDS = {"Northgate Depot": "NGD-01", "Riverside Offices": "RVO-02", "Eastfield Cold Store": "EFC-03"}
MONTHLY_HEAD = ["Month", *SITES, "Total", "Notes"]  # fixed by the prompt
COSTS_HEAD = ["Month", *SITES, "Total"]
MONTHS = [calendar.month_name[m] for m in range(1, 13)]
LABELS = {
    "Peak consumption month": "peak",
    "Peak month consumption": "peak_kwh",
    "Most expensive month": "dear",
    "Annual consumption": "kwh",
    "Annual cost": "gbp",
    "Anomaly site": "site",
    "Anomaly month": "month",
    "Anomaly consumption": "size",
}
LABEL_OF = {v: k for k, v in LABELS.items()}
TARIFF_ROWS = ["winter", "summer", "ccl", "standing", "capacity"]  # gold Tariff rows 2-6


# ----------------------------------------------------------------------------- reading gold
def _arith(text: str) -> float:
    """A constant arithmetic formula such as '=800*4.1' (the gold's capacity charge)."""
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}

    def ev(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return ops[type(node.op)](ev(node.left), ev(node.right))
        raise ValueError(f"unsupported tariff formula {text!r}")

    return ev(ast.parse(text.lstrip("="), mode="eval"))


class Gold:
    def __init__(self, gold: Path) -> None:
        self.dir = gold
        wb = load_workbook(gold / XLSX)
        mo, co, ta = wb["Monthly"], wb["Costs"], wb["Tariff"]
        self.kwh = [[float(mo.cell(r, c).value) for c in (2, 3, 4)] for r in range(2, 14)]
        self.read = [[s for s in SITES if s.lower() in str(mo.cell(r, 6).value or "").lower()] for r in range(2, 14)]
        self.days = [int(co.cell(r, 7).value) for r in range(2, 14)]
        self.season = [str(co.cell(r, 8).value) for r in range(2, 14)]
        self.tariff = {}
        self.tariff_labels = [str(ta.cell(r, 1).value) for r in range(2, 7)]
        for i, key in enumerate(TARIFF_ROWS, start=2):
            row = []
            for c in (2, 3, 4):
                v = ta.cell(i, c).value
                row.append(_arith(v) if isinstance(v, str) else float(v))
            self.tariff[key] = row
        self.tariff_source = str(ta.cell(7, 1).value or "")
        self.cost = [[self.charge(m, s) for s in range(3)] for m in range(12)]
        self.month_kwh = [sum(r) for r in self.kwh]
        self.month_gbp = [sum(r) for r in self.cost]
        self.annual_kwh = sum(self.month_kwh)
        self.annual_gbp = sum(self.month_gbp)
        self.site_kwh = [sum(self.kwh[m][s] for m in range(12)) for s in range(3)]
        self.site_gbp = [sum(self.cost[m][s] for m in range(12)) for s in range(3)]
        self.peak = max(range(12), key=lambda m: self.month_kwh[m])
        self.dear = max(range(12), key=lambda m: self.month_gbp[m])
        reply = (gold / "final_reply.md").read_text()
        self.fields = {LABELS[m.group(1)]: m.group(2).strip()
                       for m in re.finditer(r"^(" + "|".join(map(re.escape, LABELS)) + r"):[ \t]*(.*)$", reply, flags=re.M)}
        self.anom_site = SITES.index(next(s for s in SITES if s.lower() in self.fields["site"].lower()))
        self.anom_month = next(i for i, n in enumerate(MONTHS) if n.lower() in self.fields["month"].lower())
        self.anom_kwh = self.kwh[self.anom_month][self.anom_site]
        others = [self.kwh[m][self.anom_site] for m in range(12) if m != self.anom_month]
        self.anom_typical = sum(others) / len(others)
        # stay in step with the gold's own reply
        assert MONTHS[self.peak] in self.fields["peak"], (self.peak, self.fields["peak"])
        assert MONTHS[self.dear] in self.fields["dear"], (self.dear, self.fields["dear"])
        assert abs(self.month_kwh[self.peak] - num(self.fields["peak_kwh"])) < 0.5
        assert abs(self.annual_kwh - num(self.fields["kwh"])) < 0.5
        assert abs(self.annual_gbp - num(self.fields["gbp"])) < 0.01, (self.annual_gbp, self.fields["gbp"])
        assert abs(self.anom_kwh - num(self.fields["size"])) < 0.5

    def charge(self, m: int, s: int) -> float:
        t = self.tariff
        rate = t["winter"][s] if self.season[m].lower() == "winter" else t["summer"][s]
        return round(self.kwh[m][s] * (rate + t["ccl"][s]) / 100 + self.days[m] * (t["standing"][s] + t["capacity"][s]) / 100, 6)

    def chart_reads(self) -> list[tuple[int, str]]:
        return [(m, s) for m in range(12) for s in self.read[m]]


def num(text: str) -> float:
    return float(re.search(r"\d[\d,]*\.?\d*", text).group().replace(",", ""))


def money(x: float, sym: str = "£") -> str:
    return f"{sym}{Decimal(repr(round(x, 6))).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP):,}"


def poss(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def kwh(x: float) -> str:
    return f"{x:,.0f}"


def pct(x: float) -> str:
    return f"{x * 100:.0f} %"


# ----------------------------------------------------------------------------- output helpers
def target(out: Path, name: str) -> Path:
    d = out / name
    if d.exists():
        shutil.rmtree(d)
    (d / "deliverables").mkdir(parents=True)
    return d


def write_reply(d: Path, text: str) -> None:
    (d / "final_reply.md").write_text(text.strip() + "\n")


def head_style(ws, ncols: int, fill: str, row: int = 1) -> None:
    for c in range(1, ncols + 1):
        cell = ws.cell(row, c)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor=fill)
        cell.alignment = Alignment(horizontal="center", wrap_text=True)


def widths(ws, values: dict[str, float]) -> None:
    for col, w in values.items():
        ws.column_dimensions[col].width = w


def line_chart(ws, title: str, anchor: str, y_title: str = "kWh", last_row: int = 13, style: int | None = None) -> None:
    ch = LineChart()
    ch.title = title
    ch.y_axis.title = y_title
    ch.x_axis.title = "Month"
    ch.add_data(Reference(ws, min_col=2, max_col=4, min_row=1, max_row=last_row), titles_from_data=True)
    ch.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last_row))
    ch.height, ch.width = 9, 18
    if style:
        ch.style = style
    ws.add_chart(ch, anchor)


def tariff_sheet(wb: Workbook, g: Gold, name: str = "Tariff") -> None:
    ts = wb.create_sheet(name)
    ts.append(["Parameter", *SITES])
    for label, key in zip(g.tariff_labels, TARIFF_ROWS):
        ts.append([label, *g.tariff[key]])
    ts.append([g.tariff_source])
    head_style(ts, 4, "404040")
    widths(ts, {"A": 44, "B": 18, "C": 18, "D": 20})


def tariff_formula(col: str, row: int, sheet: str = "Tariff") -> str:
    """Gold-style charge formula referencing the tariff sheet (rows 2-6) and Days/Season in G/H."""
    return (f"=Monthly!{col}{row}*(IF($H{row}=\"Winter\",{sheet}!{col}$2,{sheet}!{col}$3)+{sheet}!{col}$4)/100"
            f"+$G{row}*({sheet}!{col}$5+{sheet}!{col}$6)/100")


# ----------------------------------------------------------------------------- alternates
def paraphrase(g: Gold, out: Path) -> None:
    """Gold's layout with other wording: notes, chart title, the tariff sheet renamed 'Rates'
    with its formulas, and a reply rewritten throughout."""
    d = target(out, "paraphrase")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        note = ("Taken from GridSight dashboard (2024 line/bars): " + " & ".join(g.read[m])) if g.read[m] else None
        mo.append([f"{MONTHS[m]} 2024", *g.kwh[m], f"=B{m + 2}+C{m + 2}+D{m + 2}", note])
        for c in range(2, 6):
            mo.cell(m + 2, c).number_format = "#,##0"
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = "#,##0"
        mo.cell(14, c).font = Font(bold=True)
    mo.cell(14, 1).font = Font(bold=True)
    head_style(mo, 6, "0B5345")
    widths(mo, {"A": 16, "B": 17, "C": 17, "D": 20, "E": 13, "F": 52})
    mo["H1"] = "All consumption figures in kWh."
    line_chart(mo, "Monthly electricity use by site, 2024 (kWh)", "H3")

    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD + [None, "Days", "Season"])
    for m in range(12):
        r = m + 2
        co.append([f"{MONTHS[m]} 2024", tariff_formula("B", r, "Rates"), tariff_formula("C", r, "Rates"),
                   tariff_formula("D", r, "Rates"), f"=SUM(B{r}:D{r})", None, g.days[m], g.season[m]])
        for c in range(2, 6):
            co.cell(r, c).number_format = "£#,##0.00"
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        co.cell(14, c).number_format = "£#,##0.00"
    co["A16"], co["B16"] = "Peak consumption month", f"{MONTHS[g.peak]} 2024"
    co["A17"], co["B17"] = "Most expensive month", f"{MONTHS[g.dear]} 2024"
    co["A19"] = "Charges in GBP, VAT excluded: energy at the seasonal unit rate plus CCL, plus daily standing and capacity charges."
    head_style(co, 8, "0B5345")
    widths(co, {"A": 24, "B": 17, "C": 17, "D": 20, "E": 15, "F": 3, "G": 7, "H": 9})
    tariff_sheet(wb, g, "Rates")
    wb.save(d / "deliverables" / XLSX)

    by_site = {s: [MONTHS[m] for m in range(12) if s in g.read[m]] for s in SITES}
    reads = "; ".join(f"{s} ({' and '.join(ms)})" for s, ms in by_site.items() if ms)
    a_s, a_m = SITES[g.anom_site], MONTHS[g.anom_month]
    write_reply(d, f"""
Hello,

The 2024 electricity review is ready in `{XLSX}`: consumption by month on the Monthly sheet (with a line chart),
charges under the Schedule 2 tariff on Costs, and the rates themselves on a Rates sheet.

Peak consumption month: {MONTHS[g.peak]} 2024
Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh
Most expensive month: {MONTHS[g.dear]} 2024
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {a_s}
Anomaly month: {a_m} 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh

What stands out: the portfolio's busiest month is {MONTHS[g.peak]}, mostly because of Eastfield Cold Store's summer
cooling load ({kwh(g.kwh[g.peak][2])} kWh that month). {MONTHS[g.dear]} costs the most — it falls in the winter rate
period and includes the {a_s} spike — at {money(g.month_gbp[g.dear])}, against {money(g.month_gbp[g.peak])} in
{MONTHS[g.peak]}. All costs are before VAT.

On the anomaly: {a_s} used about {kwh(g.anom_kwh)} kWh in {a_m}, roughly {pct(g.anom_kwh / g.anom_typical - 1)} more
than its usual ~{kwh(g.anom_typical)} kWh per month, and last year's line has no equivalent peak. I'd ask facilities
to look at the heating/cooling schedules for that month before we accept the invoice.

The six site-months without a valid supplier read were taken off the dashboard charts: {reads}. Expect about
±2 % reading error on those values; they are flagged in the Notes column.
""")


def restructured(g: Gold, out: Path) -> None:
    """A Summary sheet first, extra columns on Monthly (source per site) and Costs (days,
    season, average p/kWh), Tariff last; the reply leads with the labelled lines as bold
    bullets, then ## / ### sections with per-site and per-month tables."""
    d = target(out, "restructured")
    wb = Workbook()
    su = wb.active
    su.title = "Summary"
    mo = wb.create_sheet("Monthly")
    co = wb.create_sheet("Costs")
    tariff_sheet(wb, g)

    mo.append(MONTHLY_HEAD + ["Source NGD", "Source RVO", "Source EFC"])
    for m in range(12):
        r = m + 2
        note = ", ".join(g.read[m]) if g.read[m] else None
        src = ["dashboard" if s in g.read[m] else "meter (CSV)" for s in SITES]
        mo.append([f"{MONTHS[m][:3]} 2024", *g.kwh[m], f"=SUM(B{r}:D{r})", note, *src])
        for c in range(2, 6):
            mo.cell(r, c).number_format = "#,##0"
            if c <= 4 and SITES[c - 2] in g.read[m]:
                mo.cell(r, c).fill = PatternFill("solid", fgColor="FCE4D6")
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = "#,##0"
    head_style(mo, 9, "1F4E79")
    widths(mo, {"A": 12, "B": 17, "C": 17, "D": 20, "E": 13, "F": 30, "G": 13, "H": 13, "I": 13})
    mo.freeze_panes = "B2"
    line_chart(mo, "2024 consumption by site (kWh)", "K2", style=12)

    co.append(COSTS_HEAD + ["Days", "Season", "Avg p/kWh"])
    for m in range(12):
        r = m + 2
        co.append([f"{MONTHS[m][:3]} 2024", *[round(x, 2) for x in g.cost[m]], f"=SUM(B{r}:D{r})",
                   g.days[m], g.season[m], f"=E{r}/Monthly!E{r}*100"])
        for c in range(2, 6):
            co.cell(r, c).number_format = "£#,##0.00"
        co.cell(r, 8).number_format = "0.00"
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)", "=SUM(F2:F13)", None,
               "=E14/Monthly!E14*100"])
    for c in range(2, 6):
        co.cell(14, c).number_format = "£#,##0.00"
    co.cell(14, 8).number_format = "0.00"
    co["A16"], co["B16"] = "Peak consumption month", f"{MONTHS[g.peak][:3]} 2024"
    co["A17"], co["B17"] = "Most expensive month", f"{MONTHS[g.dear][:3]} 2024"
    head_style(co, 8, "1F4E79")
    widths(co, {"A": 24, "B": 17, "C": 17, "D": 20, "E": 15, "F": 7, "G": 9, "H": 11})

    su.append(["Harrowfield Estates – 2024 electricity review"])
    su["A1"].font = Font(bold=True, size=14)
    su.append([])
    su.append(["Site", "Annual kWh", "Annual cost (GBP ex VAT)", "Months read from dashboard"])
    for s in range(3):
        col = "BCD"[s]
        su.append([SITES[s], f"=Monthly!{col}14", f"=Costs!{col}14", sum(SITES[s] in x for x in g.read)])
    su.append(["Portfolio", "=Monthly!E14", "=Costs!E14", "=SUM(D4:D6)"])
    for r in range(4, 8):
        su.cell(r, 2).number_format = "#,##0"
        su.cell(r, 3).number_format = "£#,##0.00"
    su.append([])
    su.append(["Peak consumption month", "=Costs!B16"])
    su.append(["Most expensive month", "=Costs!B17"])
    su.append(["Anomaly", f"{SITES[g.anom_site]}, {MONTHS[g.anom_month]} 2024, {kwh(g.anom_kwh)} kWh"])
    head_style(su, 4, "1F4E79", row=3)
    widths(su, {"A": 24, "B": 16, "C": 24, "D": 26})
    wb.save(d / "deliverables" / XLSX)

    sites = "\n".join(f"| {SITES[s]} | {kwh(g.site_kwh[s])} | {money(g.site_gbp[s])} |" for s in range(3))
    months = "\n".join(f"| {MONTHS[m]} | {kwh(g.month_kwh[m])} | {money(g.month_gbp[m])} |" for m in range(12))
    reads = "\n".join(f"- {MONTHS[m]}: {s}" for m, s in g.chart_reads())
    a_s, a_m = SITES[g.anom_site], MONTHS[g.anom_month]
    write_reply(d, f"""
## Answers

- **Peak consumption month:** {MONTHS[g.peak]} 2024
- **Peak month consumption:** {kwh(g.month_kwh[g.peak])} kWh
- **Most expensive month:** {MONTHS[g.dear]} 2024
- **Annual consumption:** {kwh(g.annual_kwh)} kWh
- **Annual cost:** {money(g.annual_gbp)}
- **Anomaly site:** {a_s}
- **Anomaly month:** {a_m} 2024
- **Anomaly consumption:** {kwh(g.anom_kwh)} kWh

## Workbook

`{XLSX}` has four sheets: **Summary** (site and portfolio totals), **Monthly** (kWh, notes, line chart),
**Costs** (GBP ex VAT, totals, the two summary months in A16:B17) and **Tariff** (Schedule 2 rates).

### By site

| Site | kWh 2024 | Cost (ex VAT) |
|---|--:|--:|
{sites}
| **Portfolio** | **{kwh(g.annual_kwh)}** | **{money(g.annual_gbp)}** |

### By month

| Month | kWh | Cost (ex VAT) |
|---|--:|--:|
{months}

## Anomaly

### What the chart shows
{poss(a_s)} 2024 line jumps to about {kwh(g.anom_kwh)} kWh in {a_m}, against a typical ~{kwh(g.anom_typical)} kWh a month;
the 2023 comparison line has no such peak.

### Recommended action
Check the BMS / HVAC schedules for {a_m} before the bill is accepted.

## Gap filling

These site-months had no valid supplier read and were read off the dashboard charts (±2 % or so):
{reads}
""")


def _verbose_workbook(g: Gold, path: Path, caveat_notes: bool = True, context_in_cell: bool = False) -> None:
    """Gold-style workbook with long notes (with `caveat_notes`, 'no valid supplier read'
    caveats), context next to the summary months (in C16:C17, or with `context_in_cell` in the
    B16:B17 cells themselves) and a methods block under the Costs table."""
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        r = m + 2
        note = None
        if g.read[m]:
            if caveat_notes:
                parts = [f"{s}: no valid supplier read (MISSING in the CSV), value read off the GridSight 2024 series "
                         f"at ≈{g.kwh[m][SITES.index(s)] / 1000:.1f} MWh" for s in g.read[m]]
            else:
                parts = [f"{s} – read off the GridSight dashboard chart (2024 series, ≈{g.kwh[m][SITES.index(s)] / 1000:.1f} MWh, "
                         f"±2 %); supplier read MISSING" for s in g.read[m]]
            note = "; ".join(parts)
        mo.append([f"{MONTHS[m]} 2024", *g.kwh[m], f"=SUM(B{r}:D{r})", note])
        for c in range(2, 6):
            mo.cell(r, c).number_format = "#,##0"
            if c <= 4 and SITES[c - 2] in g.read[m]:
                mo.cell(r, c).fill = PatternFill("solid", fgColor="FFF2CC")
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)",
               f"Annual totals; {len(g.chart_reads())} of 36 site-months read from charts"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = "#,##0"
    head_style(mo, 6, "833C0B")
    widths(mo, {"A": 16, "B": 17, "C": 17, "D": 20, "E": 13, "F": 90})
    mo["A16"] = "Units: kWh (the dashboards show MWh; 1 MWh = 1,000 kWh). Shaded cells were read from the charts, ±2 %."
    line_chart(mo, "2024 monthly consumption – Northgate, Riverside, Eastfield (kWh)", "A18")

    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD + [None, "Days", "Season"])
    for m in range(12):
        r = m + 2
        co.append([f"{MONTHS[m]} 2024", *[tariff_formula(c, r) for c in "BCD"], f"=SUM(B{r}:D{r})", None,
                   g.days[m], g.season[m]])
        for c in range(2, 6):
            co.cell(r, c).number_format = "£#,##0.00"
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        co.cell(14, c).number_format = "£#,##0.00"
    if context_in_cell:
        co["A16"], co["B16"] = "Peak consumption month", f"{MONTHS[g.peak]} 2024 ({kwh(g.month_kwh[g.peak])} kWh)"
        co["A17"], co["B17"] = "Most expensive month", f"{MONTHS[g.dear]} 2024 ({money(g.month_gbp[g.dear])} ex VAT)"
    else:
        co["A16"], co["B16"], co["C16"] = ("Peak consumption month", f"{MONTHS[g.peak]} 2024",
                                           f"{kwh(g.month_kwh[g.peak])} kWh across the three sites")
        co["A17"], co["B17"], co["C17"] = ("Most expensive month", f"{MONTHS[g.dear]} 2024",
                                           f"{money(g.month_gbp[g.dear])} ex VAT ({MONTHS[g.peak]}: {money(g.month_gbp[g.peak])})")
    co["A19"] = ("Charge = kWh × (seasonal unit rate + CCL) / 100 + days × (standing + capacity) / 100; "
                 "winter Jan–Mar & Oct–Dec, summer Apr–Sep; 2024 is a leap year (February 29 days). VAT not included.")
    head_style(co, 8, "833C0B")
    widths(co, {"A": 24, "B": 17, "C": 17, "D": 20, "E": 15, "F": 3, "G": 7, "H": 9})
    tariff_sheet(wb, g)
    wb.save(path)


def verbose(g: Gold, out: Path) -> None:
    """Committed answers with their context on the same line (month-on-month change, the
    site split, the July comparison, VAT-inclusive cost, the typical level and 2023 caveat
    with 'no'), long notes cells with 'no valid supplier read'."""
    d = target(out, "verbose")
    _verbose_workbook(g, d / "deliverables" / XLSX)
    p, dm, am, asite = g.peak, g.dear, g.anom_month, g.anom_site
    prev = g.month_kwh[p - 1]
    split = " + ".join(f"{SITES[s].split()[0]} {kwh(g.kwh[p][s])}" for s in sorted(range(3), key=lambda s: -g.kwh[p][s]))
    excess = g.anom_kwh - g.anom_typical
    vat = float(Decimal(repr(round(g.annual_gbp, 6))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) * Decimal("1.2"))
    reads = ", ".join(f"{s.split()[0]} {MONTHS[m][:3]} ≈{kwh(g.kwh[m][SITES.index(s)])} kWh" for m, s in g.chart_reads())
    write_reply(d, f"""
Hi,

I've completed the 2024 electricity review for Northgate Depot, Riverside Offices and Eastfield Cold Store; the
workbook is `{XLSX}` with the sheets **Monthly** (the completed kWh series, notes and a line chart), **Costs**
(monthly charges in GBP excluding VAT, annual totals, and the peak / most expensive month in A16:B17) and
**Tariff** (the Schedule 2 rates used by the cost formulas).

**How the gaps were filled.** The supplier export had six MISSING site-months. I read each one off the 2024 series
of the relevant GridSight dashboard (not the 2023 comparison line) and converted MWh to kWh: {reads}. Chart reading
on the phone photos carries roughly ±2 % uncertainty; none of the six values is an interpolation.

**How the costs were calculated.** kWh × (seasonal unit rate + Climate Change Levy {g.tariff['ccl'][0]:g} p/kWh) plus days in the
month × (standing + capacity charge). Winter rates apply January–March and October–December. Eastfield also pays a
capacity charge of {g.tariff['capacity'][2]:g} p/day. 2024 is a leap year, so February has 29 days.

Peak consumption month: {MONTHS[p]} 2024 ({kwh(g.month_kwh[p])} kWh, up {pct(g.month_kwh[p] / prev - 1)} on {MONTHS[p - 1]})
Peak month consumption: {kwh(g.month_kwh[p])} kWh ({split})
Most expensive month: {MONTHS[dm]} 2024 ({money(g.month_gbp[dm])} vs {money(g.month_gbp[p])} in {MONTHS[p]})
Annual consumption: {kwh(g.annual_kwh)} kWh (36 site-months, {len(g.chart_reads())} of them read from the dashboards)
Annual cost: {money(g.annual_gbp)} excluding VAT ({money(vat)} with VAT at 20 %)
Anomaly site: {SITES[asite]} (site ID {SITE_IDS[SITES[asite]]})
Anomaly month: {MONTHS[am]} 2024 (no comparable peak on the 2023 line)
Anomaly consumption: {kwh(g.anom_kwh)} kWh (about {kwh(excess)} kWh, or {pct(g.anom_kwh / g.anom_typical - 1)}, above its typical {kwh(g.anom_typical)} kWh)

Site totals for the year (GBP ex VAT): Northgate Depot {money(g.site_gbp[0])}, Riverside Offices {money(g.site_gbp[1])},
Eastfield Cold Store {money(g.site_gbp[2])}.

Neither Northgate nor Eastfield shows anything unusual against 2023; Eastfield's July high is its normal summer
cooling peak, not an anomaly. The {SITES[asite]} {MONTHS[am]} figure has not been validated by the supplier, so I would
not accept that bill until the BMS/HVAC schedules for the month have been checked.
""")


def verbose_units(g: Gold, out: Path) -> None:
    """Committed answers in kWh with the same quantity in other units or split by site right
    next to it (457,500 kWh (457.5 MWh), ≈4.75 GWh, the dashboard's 118 MWh, per-site GBP)."""
    d = target(out, "verbose_units")
    _verbose_workbook(g, d / "deliverables" / XLSX, caveat_notes=False, context_in_cell=True)
    p, dm = g.peak, g.dear
    a_s, a_m = SITES[g.anom_site], MONTHS[g.anom_month]
    write_reply(d, f"""
Summary of the 2024 review (`{XLSX}`):

Peak consumption month: {MONTHS[p]} 2024
Peak month consumption: {kwh(g.month_kwh[p])} kWh ({g.month_kwh[p] / 1000:.1f} MWh)
Most expensive month: {MONTHS[dm]} 2024
Annual consumption: {kwh(g.annual_kwh)} kWh (≈{g.annual_kwh / 1e6:.2f} GWh)
Annual cost: {money(g.annual_gbp)} ex VAT (Northgate {money(g.site_gbp[0])}, Riverside {money(g.site_gbp[1])}, Eastfield {money(g.site_gbp[2])})
Anomaly site: {a_s}
Anomaly month: {a_m} 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh ({g.anom_kwh / 1000:.0f} MWh on the dashboard)

{MONTHS[dm]} costs {money(g.month_gbp[dm])} against {money(g.month_gbp[p])} for {MONTHS[p]}: fewer kWh, but winter unit
rates and the {a_s.split()[0]} spike. The spike is roughly {pct(g.anom_kwh / g.anom_typical - 1)} above that site's
usual ~{g.anom_typical / 1000:.1f} MWh a month and has no counterpart in 2023 — worth a BMS check before paying.
Gap months read from the charts are noted in the Monthly sheet (±2 %).
""")


def formats_dates(g: Gold, out: Path) -> None:
    """Months as real Excel dates everywhere (Monthly!A shown 'mmm-yy', Costs!B16:B17 date
    cells shown 'mmmm yyyy'), kWh and GBP number formats with units; reply months as Jul-24,
    10/2024, 2024-10."""
    d = target(out, "formats_dates")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        r = m + 2
        mo.append([dt.datetime(2024, m + 1, 1), *g.kwh[m], f"=SUM(B{r}:D{r})",
                   ("Dashboard: " + ", ".join(g.read[m])) if g.read[m] else None])
        mo.cell(r, 1).number_format = "mmm-yy"
        for c in range(2, 6):
            mo.cell(r, c).number_format = '#,##0" kWh"'
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = '#,##0" kWh"'
    head_style(mo, 6, "5B2C6F")
    widths(mo, {"A": 10, "B": 18, "C": 18, "D": 21, "E": 15, "F": 36})
    line_chart(mo, "kWh by site, 2024", "H2")

    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD + [None, "Days", "Season"])
    for m in range(12):
        r = m + 2
        co.append([dt.datetime(2024, m + 1, 1), *[tariff_formula(c, r) for c in "BCD"], f"=SUM(B{r}:D{r})", None,
                   g.days[m], g.season[m]])
        co.cell(r, 1).number_format = "mmm-yy"
        for c in range(2, 6):
            co.cell(r, c).number_format = '[$£-809]#,##0.00'
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        co.cell(14, c).number_format = '[$£-809]#,##0.00'
    co["A16"], co["B16"] = "Peak consumption month", dt.datetime(2024, g.peak + 1, 1)
    co["A17"], co["B17"] = "Most expensive month", dt.datetime(2024, g.dear + 1, 1)
    co["B16"].number_format = co["B17"].number_format = "mmmm yyyy"
    head_style(co, 8, "5B2C6F")
    widths(co, {"A": 24, "B": 18, "C": 18, "D": 21, "E": 16, "F": 3, "G": 7, "H": 9})
    tariff_sheet(wb, g)
    wb.save(d / "deliverables" / XLSX)

    p, dm = g.peak, g.dear
    a_s, am = SITES[g.anom_site], g.anom_month
    write_reply(d, f"""
2024 electricity review attached (`{XLSX}`).

Peak consumption month: {dt.date(2024, p + 1, 1):%b-%y}
Peak month consumption: {kwh(g.month_kwh[p])} kWh
Most expensive month: {dm + 1:02d}/2024
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {a_s}
Anomaly month: 2024-{am + 1:02d}
Anomaly consumption: {kwh(g.anom_kwh)} kWh

Costs exclude VAT. The {a_s} reading for {dt.date(2024, am + 1, 1):%m/%Y} is far above its other months and above the
2023 line; please have the site's HVAC schedules checked. Missing supplier reads were filled from the dashboards (see
Notes on the Monthly sheet).
""")


def formats_numbers(g: Gold, out: Path) -> None:
    """Other number formats in the reply (457500 kWh, 4.75m kWh, £1.06m, 118k kWh) and in the
    workbook (months as 'Jan 2024' / 'Jul', costs rounded to whole pounds by ROUND formulas
    shown as '£#,##0', MWh helper column)."""
    d = target(out, "formats_numbers")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD + ["Total (MWh)"])
    for m in range(12):
        r = m + 2
        mo.append([f"{MONTHS[m][:3]} 2024", *[int(x) for x in g.kwh[m]], f"=SUM(B{r}:D{r})",
                   (" / ".join(g.read[m]) + " (chart)") if g.read[m] else None, f"=E{r}/1000"])
        for c in range(2, 6):
            mo.cell(r, c).number_format = "#,##0"
        mo.cell(r, 7).number_format = "0.0"
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)", None, "=E14/1000"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = "#,##0"
    mo.cell(14, 7).number_format = "#,##0.0"
    head_style(mo, 7, "145A32")
    widths(mo, {"A": 11, "B": 17, "C": 17, "D": 20, "E": 13, "F": 34, "G": 12})
    line_chart(mo, "Site consumption 2024", "I2")

    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD)
    for m in range(12):
        r = m + 2
        cells = []
        for s, col in enumerate("BCD"):
            t = g.tariff
            rate = t["winter"][s] if g.season[m].lower() == "winter" else t["summer"][s]
            cells.append(f"=ROUND(Monthly!{col}{r}*{rate + t['ccl'][s]:g}/100+{g.days[m]}*{t['standing'][s] + t['capacity'][s]:g}/100,2)")
        co.append([f"{MONTHS[m][:3]} 2024", *cells, f"=SUM(B{r}:D{r})"])
        for c in range(2, 6):
            co.cell(r, c).number_format = '"£"#,##0'
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        co.cell(14, c).number_format = '"£"#,##0'
    co["A16"], co["B16"] = "Peak consumption month", MONTHS[g.peak][:3]
    co["A17"], co["B17"] = "Most expensive month", MONTHS[g.dear]
    head_style(co, 5, "145A32")
    widths(co, {"A": 24, "B": 15, "C": 15, "D": 18, "E": 14})
    wb.save(d / "deliverables" / XLSX)

    p, dm = g.peak, g.dear
    write_reply(d, f"""
Review done – `{XLSX}` attached.

Peak consumption month: {MONTHS[p]}
Peak month consumption: {g.month_kwh[p]:.0f} kWh
Most expensive month: {MONTHS[dm][:3]} 2024
Annual consumption: {g.annual_kwh / 1e6:.2f}m kWh
Annual cost: £{g.annual_gbp / 1e6:.2f}m
Anomaly site: {SITES[g.anom_site]}
Anomaly month: {MONTHS[g.anom_month]}
Anomaly consumption: {g.anom_kwh / 1000:.0f}k kWh

(Annual cost to the penny: GBP {g.annual_gbp:,.2f}, excluding VAT.) {poss(SITES[g.anom_site])} {MONTHS[g.anom_month]} value is
a clear spike on its dashboard versus both its other months and 2023; worth a look at the BMS logs.
""")


def formats_text_months(g: Gold, out: Path) -> None:
    """Months written as text in other common forms: 'Jan-24' down Monthly!A and Costs!A,
    'Jul-24' / 'Oct-24' in Costs!B16:B17; reply months as '07/2024', 'Oct-24', 'Oct. 2024';
    consumption in the workbook as whole kWh with thousands separators."""
    d = target(out, "formats_text_months")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        r = m + 2
        mo.append([f"{MONTHS[m][:3]}-24", *g.kwh[m], f"=SUM(B{r}:D{r})", "; ".join(g.read[m]) or None])
        for c in range(2, 6):
            mo.cell(r, c).number_format = "#,##0"
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        mo.cell(14, c).number_format = "#,##0"
    head_style(mo, 6, "7D6608")
    widths(mo, {"A": 9, "B": 17, "C": 17, "D": 20, "E": 13, "F": 24})
    line_chart(mo, "Consumption 2024 (kWh)", "H2")
    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD + [None, "Days", "Season"])
    for m in range(12):
        r = m + 2
        co.append([f"{MONTHS[m][:3]}-24", *[tariff_formula(c, r) for c in "BCD"], f"=SUM(B{r}:D{r})", None,
                   g.days[m], g.season[m]])
        for c in range(2, 6):
            co.cell(r, c).number_format = "£#,##0.00"
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in range(2, 6):
        co.cell(14, c).number_format = "£#,##0.00"
    co["A16"], co["B16"] = "Peak consumption month", f"{MONTHS[g.peak][:3]}-24"
    co["A17"], co["B17"] = "Most expensive month", f"{MONTHS[g.dear][:3]}-24"
    head_style(co, 8, "7D6608")
    widths(co, {"A": 24, "B": 17, "C": 17, "D": 20, "E": 15, "F": 3, "G": 7, "H": 9})
    tariff_sheet(wb, g)
    wb.save(d / "deliverables" / XLSX)
    write_reply(d, f"""
Please find the 2024 review in `{XLSX}`.

Peak consumption month: {g.peak + 1:02d}/2024
Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh
Most expensive month: {MONTHS[g.dear][:3]}-24
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {SITES[g.anom_site]}
Anomaly month: {MONTHS[g.anom_month][:3]}. 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh

All costs exclude VAT. The anomaly is a one-month spike on the {SITES[g.anom_site]} dashboard, well above the site's other
months and the 2023 line.
""")


def other_tools_xlsxwriter(g: Gold, out: Path) -> None:
    """The workbook written by xlsxwriter: its own line chart, charges as literal-rate
    formulas (no cached values), number formats; a plain-text reply."""
    import xlsxwriter

    d = target(out, "other_tools_xlsxwriter")
    wb = xlsxwriter.Workbook(str(d / "deliverables" / XLSX))
    head = wb.add_format({"bold": True, "bg_color": "#DDEBF7", "border": 1})
    n0 = wb.add_format({"num_format": "#,##0"})
    est = wb.add_format({"num_format": "#,##0", "bg_color": "#FFEB9C"})
    gbp = wb.add_format({"num_format": "£#,##0.00"})
    bold = wb.add_format({"bold": True})
    bn0 = wb.add_format({"bold": True, "num_format": "#,##0"})
    bgbp = wb.add_format({"bold": True, "num_format": "£#,##0.00"})

    mo = wb.add_worksheet("Monthly")
    mo.write_row(0, 0, MONTHLY_HEAD, head)
    for m in range(12):
        mo.write_string(m + 1, 0, f"{MONTHS[m]} 2024")
        for s in range(3):
            mo.write_number(m + 1, s + 1, g.kwh[m][s], est if SITES[s] in g.read[m] else n0)
        mo.write_formula(m + 1, 4, f"=SUM(B{m + 2}:D{m + 2})", n0)
        if g.read[m]:
            mo.write_string(m + 1, 5, "Read from dashboard chart: " + ", ".join(g.read[m]))
    mo.write_string(13, 0, "Total", bold)
    for c, col in enumerate("BCDE", start=1):
        mo.write_formula(13, c, f"=SUM({col}2:{col}13)", bn0)
    mo.set_column(0, 0, 16)
    mo.set_column(1, 4, 18)
    mo.set_column(5, 5, 46)
    chart = wb.add_chart({"type": "line"})
    for s in range(3):
        col = "BCD"[s]
        chart.add_series({"name": f"=Monthly!${col}$1", "categories": "=Monthly!$A$2:$A$13",
                          "values": f"=Monthly!${col}$2:${col}$13", "marker": {"type": "circle"}})
    chart.set_title({"name": "2024 monthly consumption (kWh)"})
    chart.set_y_axis({"name": "kWh", "num_format": "#,##0"})
    chart.set_size({"width": 760, "height": 360})
    mo.insert_chart("H2", chart)

    co = wb.add_worksheet("Costs")
    co.write_row(0, 0, COSTS_HEAD, head)
    t = g.tariff
    for m in range(12):
        co.write_string(m + 1, 0, f"{MONTHS[m]} 2024")
        for s in range(3):
            col = "BCD"[s]
            rate = t["winter"][s] if g.season[m].lower() == "winter" else t["summer"][s]
            co.write_formula(m + 1, s + 1, f"=Monthly!{col}{m + 2}*({rate:g}+{t['ccl'][s]:g})/100"
                                           f"+{g.days[m]}*({t['standing'][s]:g}+{t['capacity'][s]:g})/100", gbp)
        co.write_formula(m + 1, 4, f"=SUM(B{m + 2}:D{m + 2})", gbp)
    co.write_string(13, 0, "Total", bold)
    for c, col in enumerate("BCDE", start=1):
        co.write_formula(13, c, f"=SUM({col}2:{col}13)", bgbp)
    co.write_string(15, 0, "Peak consumption month", bold)
    co.write_string(15, 1, f"{MONTHS[g.peak]} 2024")
    co.write_string(16, 0, "Most expensive month", bold)
    co.write_string(16, 1, f"{MONTHS[g.dear]} 2024")
    co.set_column(0, 0, 24)
    co.set_column(1, 4, 18)
    wb.close()

    write_reply(d, f"""
Energy review 2024 - {XLSX}

Peak consumption month: {MONTHS[g.peak]} 2024
Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh
Most expensive month: {MONTHS[g.dear]} 2024
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {SITES[g.anom_site]}
Anomaly month: {MONTHS[g.anom_month]} 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh

Notes
- Costs are GBP excluding VAT, per Schedule 2 (seasonal unit rate + CCL, standing and capacity charges by day).
- The missing supplier reads were taken from the GridSight charts and are highlighted on the Monthly sheet.
- {SITES[g.anom_site]} in {MONTHS[g.anom_month]} is well above its usual level and the 2023 profile; recommend a BMS check.
""")


def other_tools_pandas(g: Gold, out: Path) -> None:
    """DataFrames written by pandas (engine xlsxwriter): values for kWh and charges, the SUM
    row appended as '=' strings, the chart added through the writer's workbook."""
    import pandas as pd

    d = target(out, "other_tools_pandas")
    months = [f"{MONTHS[m]} 2024" for m in range(12)]
    monthly = pd.DataFrame({"Month": months, **{SITES[s]: [g.kwh[m][s] for m in range(12)] for s in range(3)}})
    monthly["Total"] = [f"=SUM(B{m + 2}:D{m + 2})" for m in range(12)]
    monthly["Notes"] = [", ".join(g.read[m]) + " – dashboard reading" if g.read[m] else "" for m in range(12)]
    monthly.loc[len(monthly)] = ["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)", ""]
    costs = pd.DataFrame({"Month": months, **{SITES[s]: [round(g.cost[m][s], 2) for m in range(12)] for s in range(3)}})
    costs["Total"] = [round(sum(g.cost[m]), 2) for m in range(12)]
    costs.loc[len(costs)] = ["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"]
    with pd.ExcelWriter(d / "deliverables" / XLSX, engine="xlsxwriter") as xw:
        monthly.to_excel(xw, sheet_name="Monthly", index=False)
        costs.to_excel(xw, sheet_name="Costs", index=False)
        book, mo, co = xw.book, xw.sheets["Monthly"], xw.sheets["Costs"]
        co.write_string(15, 0, "Peak consumption month")
        co.write_string(15, 1, f"{MONTHS[g.peak]} 2024")
        co.write_string(16, 0, "Most expensive month")
        co.write_string(16, 1, f"{MONTHS[g.dear]} 2024")
        chart = book.add_chart({"type": "line"})
        for s, col in enumerate("BCD"):
            chart.add_series({"name": ["Monthly", 0, s + 1], "categories": ["Monthly", 1, 0, 12, 0],
                              "values": ["Monthly", 1, s + 1, 12, s + 1]})
        chart.set_title({"name": "Consumption by site"})
        mo.insert_chart("H2", chart)
        mo.set_column(0, 0, 16)
        mo.set_column(1, 4, 18)
        mo.set_column(5, 5, 40)
        co.set_column(0, 0, 24)
        co.set_column(1, 4, 16)

    write_reply(d, f"""
Done — the workbook is `{XLSX}` (Monthly + Costs).

| Quantity | Value |
|---|---|
| Peak month | {MONTHS[g.peak]} 2024 |
| Dearest month | {MONTHS[g.dear]} 2024 |
| 2024 total | {kwh(g.annual_kwh)} kWh |
| 2024 cost (ex VAT) | {money(g.annual_gbp)} |

Peak consumption month: {MONTHS[g.peak]} 2024
Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh
Most expensive month: {MONTHS[g.dear]} 2024
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {SITES[g.anom_site]}
Anomaly month: {MONTHS[g.anom_month]} 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh

The six missing site-months come from the dashboard charts and are named in the Notes column. The {SITES[g.anom_site]}
{MONTHS[g.anom_month]} spike looks like an operational issue (e.g. HVAC left running) rather than a reading error.
""")


def other_tools_libreoffice(g: Gold, out: Path) -> None:
    """The gold workbook opened and re-saved by LibreOffice Calc (xlsx -> ods -> xlsx), chart
    and formulas included, so every part is LibreOffice's; a reply in another voice."""
    d = target(out, "other_tools_libreoffice")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        src = t / "src" / XLSX
        src.parent.mkdir()
        shutil.copy(g.dir / XLSX, src)
        run_soffice(["--convert-to", "ods", "--outdir", str(t / "ods"), str(src)], tmp)
        run_soffice(["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(t / "xlsx"),
                     str(t / "ods" / "energy_review.ods")], tmp)
        shutil.copy(t / "xlsx" / XLSX, d / "deliverables" / XLSX)

    write_reply(d, f"""
**2024 electricity review — Harrowfield Estates**

The workbook (`{XLSX}`) has the completed monthly series with a chart, the tariff costing, and the rates used.

Peak consumption month: {MONTHS[g.peak]} 2024
Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh
Most expensive month: {MONTHS[g.dear]} 2024
Annual consumption: {kwh(g.annual_kwh)} kWh
Annual cost: {money(g.annual_gbp)}
Anomaly site: {SITES[g.anom_site]}
Anomaly month: {MONTHS[g.anom_month]} 2024
Anomaly consumption: {kwh(g.anom_kwh)} kWh

**Points for the budget meeting**
* Eastfield Cold Store drives the summer peak and is the largest cost centre ({money(g.site_gbp[2])} of the total).
* {MONTHS[g.dear]} is the dearest month because winter rates coincide with the {SITES[g.anom_site]} spike.
* The spike (about {pct(g.anom_kwh / g.anom_typical - 1)} over the site's normal month) should be investigated before payment.
* Six missing reads were filled from the dashboards; they are noted and shaded in the Monthly sheet.
""")


def run_soffice(args: list[str], home: str) -> None:
    env = {**os.environ, "HOME": home}
    subprocess.run(["soffice", "--headless", "--norestore", "--nolockcheck", *args], check=True, env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=240)


def minimal(g: Gold, out: Path) -> None:
    """Only what the prompt asks: Monthly A-F with the chart, Costs A-E with charge values,
    the SUM rows and A16:B17; the reply is just the eight labelled lines."""
    d = target(out, "minimal")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        mo.append([MONTHS[m], *g.kwh[m], f"=SUM(B{m + 2}:D{m + 2})", ", ".join(g.read[m]) or None])
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    line_chart(mo, "Monthly consumption 2024", "H2")
    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD)
    for m in range(12):
        co.append([MONTHS[m], *[round(x, 2) for x in g.cost[m]], f"=SUM(B{m + 2}:D{m + 2})"])
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    co["A16"], co["B16"] = "Peak consumption month", MONTHS[g.peak]
    co["A17"], co["B17"] = "Most expensive month", MONTHS[g.dear]
    wb.save(d / "deliverables" / XLSX)
    write_reply(d, "\n".join([
        f"Peak consumption month: {MONTHS[g.peak]}",
        f"Peak month consumption: {kwh(g.month_kwh[g.peak])} kWh",
        f"Most expensive month: {MONTHS[g.dear]}",
        f"Annual consumption: {kwh(g.annual_kwh)} kWh",
        f"Annual cost: {money(g.annual_gbp)}",
        f"Anomaly site: {SITES[g.anom_site]}",
        f"Anomaly month: {MONTHS[g.anom_month]}",
        f"Anomaly consumption: {kwh(g.anom_kwh)} kWh",
    ]))


def verbose_context(g: Gold, out: Path) -> None:
    """Context after a semicolon or a dash that names what an answer is not: notes 'Eastfield
    Cold Store (chart); Northgate Depot and Riverside Offices are supplier reads', summary cells
    'July 2024 – 457,500 kWh', 'Anomaly site: Riverside Offices; Northgate and Eastfield follow
    2023', 'October 2024 — £99,954.38', '457,500 kWh — 298,000 of it Eastfield', '118,000 kWh,
    ~45,500 kWh above normal'."""
    d = target(out, "verbose_context")
    wb = Workbook()
    mo = wb.active
    mo.title = "Monthly"
    mo.append(MONTHLY_HEAD)
    for m in range(12):
        note = None
        if g.read[m]:
            rest = [s for s in SITES if s not in g.read[m]]
            note = f"{', '.join(g.read[m])} (chart); {' and '.join(rest)} are supplier reads"
        mo.append([MONTHS[m], *g.kwh[m], f"=SUM(B{m + 2}:D{m + 2})", note])
    mo.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    line_chart(mo, "Monthly consumption 2024 (kWh)", "H2")
    co = wb.create_sheet("Costs")
    co.append(COSTS_HEAD)
    for m in range(12):
        co.append([MONTHS[m], *[round(x, 2) for x in g.cost[m]], f"=SUM(B{m + 2}:D{m + 2})"])
    co.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    p, dm = g.peak, g.dear
    co["A16"], co["B16"] = "Peak consumption month", f"{MONTHS[p]} 2024 \u2013 {kwh(g.month_kwh[p])} kWh"
    co["A17"], co["B17"] = "Most expensive month", f"{MONTHS[dm]} 2024 \u2014 {money(g.month_gbp[dm])}"
    wb.save(d / "deliverables" / XLSX)
    top = max(range(3), key=lambda s: g.kwh[p][s])
    others = [SITES[s].split()[0] for s in range(3) if s != g.anom_site]
    write_reply(d, f"""
The 2024 review is in `{XLSX}`.

Peak consumption month: {MONTHS[p]} 2024 \u2013 {kwh(g.month_kwh[p])} kWh
Peak month consumption: {kwh(g.month_kwh[p])} kWh \u2014 {kwh(g.kwh[p][top])} of it {SITES[top].split()[0]}
Most expensive month: {MONTHS[dm]} 2024 \u2014 {money(g.month_gbp[dm])}
Annual consumption: {kwh(g.annual_kwh)} kWh; {len(g.chart_reads())} site-months read from the dashboards
Annual cost: {money(g.annual_gbp)} ex VAT; VAT is charged on top
Anomaly site: {SITES[g.anom_site]}; {' and '.join(others)} follow 2023
Anomaly month: {MONTHS[g.anom_month]} 2024; no such peak on the 2023 line
Anomaly consumption: {kwh(g.anom_kwh)} kWh, ~{kwh(g.anom_kwh - g.anom_typical)} kWh above normal

Chart-read months are named in the Monthly notes (about ±2 %).
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


BUILDERS = [paraphrase, restructured, verbose, verbose_units, verbose_context, formats_dates, formats_numbers, formats_text_months,
            other_tools_xlsxwriter, other_tools_pandas, other_tools_libreoffice, minimal]


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
