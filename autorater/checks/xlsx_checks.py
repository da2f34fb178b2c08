"""Evaluators for the xlsx.* kinds."""

from __future__ import annotations

from typing import Any

from autorater.checks.compare import compare_expected, show
from autorater.checks.context import CheckContext
from autorater.checks.result import Absent, CheckError, CheckResult, outcome, verdict
from autorater.checks.specs_office import (
    XlsxCellFormula,
    XlsxCellValue,
    XlsxChartExists,
    XlsxColumnCount,
    XlsxHeaders,
    XlsxRowCount,
    XlsxSheetExists,
)
from autorater.checks.textmatch import clip, normalize
from autorater.checks.xlsx_charts import read_charts
from autorater.checks.xlsx_load import find_sheet, formula_text, native_copy, resolve_cell, used_range, workbook


def sheet_exists(spec: XlsxSheetExists, ctx: CheckContext) -> CheckResult:
    wb, _ = workbook(ctx, values=False)
    names = list(wb.sheetnames)
    want = spec.sheet.strip().casefold() if spec.ignore_case else spec.sheet
    hit = next((n for n in names if (n.strip().casefold() if spec.ignore_case else n) == want), None)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    found = f"found {hit!r}" if hit else "not found"
    return verdict(hit is not None, f"sheets: {', '.join(names)}; looked for {spec.sheet!r} ({case}): {found}", hit)


def cell_value(spec: XlsxCellValue, ctx: CheckContext) -> CheckResult:
    wb, source = workbook(ctx, values=True, recalc=spec.recalculate)
    ws, coord, note = resolve_cell(wb, spec.cell, spec.sheet)
    value = ws[coord].value
    where = f"{ws.title}!{coord}"
    formula = _formula_or_none(ctx, ws.title, coord)
    detail = source + (f"; formula {formula}" if formula else "")
    state, rule = compare_expected(value, spec, percent_cell="%" in str(ws[coord].number_format or ""))
    prefix = f"{note}; " if note else ""
    return outcome(state, f"{prefix}{where} = {show(value)} ({detail}); {rule}", where)


def _formula_or_none(ctx: CheckContext, title: str, coord: str) -> str | None:
    """The formula behind a cell, for the evidence only (never fails the check)."""
    try:
        wb, _ = workbook(ctx, values=False)
        return formula_text(wb[title][coord]) if title in wb.sheetnames else None
    except CheckError:
        return None


def cell_formula(spec: XlsxCellFormula, ctx: CheckContext) -> CheckResult:
    wb, source = workbook(ctx, values=False)
    ws, coord, note = resolve_cell(wb, spec.cell, spec.sheet)
    where = f"{ws.title}!{coord}"
    formula = formula_text(ws[coord])
    notes = [n for n in (note, source if source.startswith("converted") else None) if n]
    prefix = "".join(f"{n}; " for n in notes)
    if formula is None:
        return verdict(False, f"{prefix}{where} holds a plain value {show(ws[coord].value)}, not a formula", where)
    if spec.pattern is None:
        return verdict(True, f"{prefix}{where} holds the formula {formula}", where)
    from autorater.checks.rx import compile_rx

    ok = compile_rx(spec.pattern, spec.ignore_case).search(formula) is not None
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    evidence = f"{prefix}{where} holds the formula {formula}; must match regex {spec.pattern!r} ({case})"
    return verdict(ok, evidence, where)


def chart_exists(spec: XlsxChartExists, ctx: CheckContext) -> CheckResult:
    path, _ = native_copy(ctx)
    try:
        charts = read_charts(path)
    except CheckError:
        raise
    except Exception as exc:  # noqa: BLE001 - malformed chart XML
        raise CheckError(f"cannot read the charts of {ctx.file().name}: {type(exc).__name__}: {exc}") from None
    if spec.sheet is not None:
        wb, _ = workbook(ctx, values=False)
        title = _sheet_title(wb, spec.sheet)
        charts = [c for c in charts if c.sheet == title]
    wanted = [
        c for c in charts
        if (spec.chart_type is None or spec.chart_type in c.types) and c.series >= spec.min_series
    ]
    rule = "a chart" + (f" of type {spec.chart_type}" if spec.chart_type else "")
    rule += f" with ≥ {spec.min_series} series"
    rule += f" on sheet {spec.sheet!r}" if spec.sheet else ""
    listed = "; ".join(c.describe() for c in charts) or "no charts"
    where = wanted[0].sheet if wanted else spec.sheet
    return verdict(bool(wanted), f"found {listed}; wanted {rule}", where)


def _sheet_title(wb: Any, name: str) -> str:
    # Chartsheets are not in wb.worksheets, so look through every sheet name.
    for title in wb.sheetnames:
        if title == name or title.strip().casefold() == name.strip().casefold():
            return title
    raise Absent(f"no sheet named {name!r} (sheets: {', '.join(wb.sheetnames)})")


def row_count(spec: XlsxRowCount, ctx: CheckContext) -> CheckResult:
    return _extent(spec, ctx, rows=True)


def column_count(spec: XlsxColumnCount, ctx: CheckContext) -> CheckResult:
    return _extent(spec, ctx, rows=False)


def _extent(spec: XlsxRowCount | XlsxColumnCount, ctx: CheckContext, *, rows: bool) -> CheckResult:
    from openpyxl.utils import get_column_letter

    wb, _ = workbook(ctx, values=False)
    ws = find_sheet(wb, spec.sheet)
    bounds = used_range(ws)
    what = "rows" if rows else "columns"
    if bounds is None:
        evidence = f"sheet {ws.title!r} is empty: 0 {what}; wanted {spec.describe_bounds()}"
        return verdict(spec.count_ok(0), evidence, ws.title)
    r0, r1, c0, c1 = bounds
    n = r1 - r0 + 1 if rows else c1 - c0 + 1
    span = f"{get_column_letter(c0)}{r0}:{get_column_letter(c1)}{r1}"
    found = f"sheet {ws.title!r} used range {span} (non-empty cells): {n} {what}"
    return verdict(spec.count_ok(n), f"{found}; wanted {spec.describe_bounds()}", f"{ws.title}!{span}")


def headers(spec: XlsxHeaders, ctx: CheckContext) -> CheckResult:
    wb, source = workbook(ctx, values=False)
    ws = find_sheet(wb, spec.sheet)
    cells = next(ws.iter_rows(min_row=spec.row, max_row=spec.row), ())
    if any(formula_text(c) for c in cells):  # computed headers: read them recalculated
        wb, source = workbook(ctx, values=True, recalc=True)
        ws = find_sheet(wb, ws.title)
        cells = next(ws.iter_rows(min_row=spec.row, max_row=spec.row), ())
    row = [c.value for c in cells]
    found = [normalize(str(v)) for v in row if v is not None and str(v).strip()]

    def key(text: str) -> str:
        return normalize(text).casefold() if spec.ignore_case else normalize(text)

    have, want = [key(f) for f in found], [key(e) for e in spec.expected]
    missing = [e for e, k in zip(spec.expected, want) if k not in have]
    if spec.order == "set":
        ok = not missing and (not spec.exact or set(have) == set(want))
    elif spec.exact:
        ok = have == want
    else:
        it = iter(have)
        ok = all(k in it for k in want)  # subsequence: each found after the previous one
    rule = {"ordered": "in this order", "set": "in any order"}[spec.order]
    rule += ", and nothing else" if spec.exact else ""
    detail = f"; missing {missing}" if missing else ""
    shown = clip(", ".join(found), 300) or "nothing"
    where = f"{ws.title}!{spec.row}:{spec.row}"
    return verdict(ok, f"{where} headers ({source}): {shown}; wanted {spec.expected} {rule}{detail}", where)


EVALUATORS = {
    "xlsx.sheet_exists": sheet_exists,
    "xlsx.cell_value": cell_value,
    "xlsx.cell_formula": cell_formula,
    "xlsx.chart_exists": chart_exists,
    "xlsx.row_count": row_count,
    "xlsx.column_count": column_count,
    "xlsx.headers": headers,
}
