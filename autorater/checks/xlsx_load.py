"""Opening workbooks for the xlsx kinds: native or converted copies, recalculated values,
sheet lookup and cell/defined-name resolution."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

from autorater.checks import office
from autorater.checks.context import CheckContext
from autorater.checks.ooxml import readable
from autorater.checks.result import Absent, CheckError, InfraError
from autorater.checks.safety import check_size, preflight_zip

NATIVE = {".xlsx", ".xlsm", ".xltx", ".xltm"}  # OOXML packages openpyxl reads (after ooxml.readable)
CONVERTIBLE = {".xls", ".ods", ".fods", ".csv", ".xlsb"}  # via LibreOffice
_CELL = re.compile(r"^(?:(?:'(?P<q>(?:[^']|'')+)'|(?P<s>[^!]+))!)?\$?(?P<col>[A-Za-z]{1,3})\$?(?P<row>\d+)$")


def native_copy(ctx: CheckContext) -> tuple[Path, str | None]:
    """An .xlsx openpyxl can read, and a note when it had to be converted."""
    path = ctx.file()
    suffix = path.suffix.lower()
    if suffix in NATIVE:
        package = readable(ctx, "spreadsheet")
        return package.path, package.note
    if suffix in CONVERTIBLE:
        if suffix in {".ods", ".xlsb"}:
            ctx.load("xlsx.preflight", lambda: preflight_zip(path, "spreadsheet"))
        check_size(path)
        converted = office.convert(path, "xlsx", ctx.work_dir, ctx.remaining())
        return converted, f"converted from {suffix} by LibreOffice"
    raise CheckError(f"{path.name} is not a spreadsheet (expected .xlsx, .xlsm, .xls, .ods or .csv)")


def recalculated_copy(ctx: CheckContext) -> Path:
    """The workbook after a LibreOffice load (with forced recalculation) and save as .xlsx."""
    path = ctx.file()
    if path.suffix.lower() in NATIVE:
        package = readable(ctx, "spreadsheet")
        if package.by_libreoffice:  # already loaded, recalculated and saved by LibreOffice
            return package.path
        path = package.path  # the normalised package: LibreOffice cannot load some originals either
    elif path.suffix.lower() in {".ods", ".xlsb"}:
        ctx.load("xlsx.preflight", lambda: preflight_zip(path, "spreadsheet"))
    elif path.suffix.lower() not in CONVERTIBLE:
        raise CheckError(f"{path.name} is not a spreadsheet (expected .xlsx, .xlsm, .xls, .ods or .csv)")
    return office.convert(path, "xlsx", ctx.work_dir, ctx.remaining())


def workbook(ctx: CheckContext, *, values: bool, recalc: bool = False) -> tuple[Any, str]:
    """(openpyxl Workbook, source note). values=True: cell values (recalculated when `recalc`,
    else as cached in the file); values=False: formulas as written."""

    def load() -> tuple[Any, str]:
        if recalc:
            path, note = recalculated_copy(ctx), "recalculated by LibreOffice"
        else:
            path, converted = native_copy(ctx)
            note = converted or ("cached value in the file" if values else "as written")
        name = ctx.file().name
        try:
            return _openpyxl(path, values, name), note
        except CheckError as exc:
            if recalc or ctx.file().suffix.lower() not in NATIVE or readable(ctx, "spreadsheet").by_libreoffice:
                raise
            failure = str(exc)
        # openpyxl rejects some valid files other writers make (unknown attributes, odd
        # styles); Excel and LibreOffice open them, so grade LibreOffice's re-saved copy.
        try:
            resaved = recalculated_copy(ctx)
        except InfraError:
            raise
        except CheckError as exc:
            raise CheckError(f"{failure}; LibreOffice could not re-save it either: {exc}") from None
        reason = failure.split(": ", 1)[-1][:160]
        return _openpyxl(resaved, values, name), f"re-saved by LibreOffice, as openpyxl cannot read the file ({reason})"

    return ctx.load(f"xlsx.wb.{values}.{recalc}", load)


def _openpyxl(path: Path, values: bool, name: str) -> Any:
    import openpyxl

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "DrawingML support is incomplete", data validation, ...
            return openpyxl.load_workbook(path, data_only=values, keep_links=False, rich_text=False)
    except Exception as exc:  # noqa: BLE001 - any parser failure means an unreadable workbook
        raise CheckError(f"{name} cannot be opened as a workbook: {type(exc).__name__}: {exc}") from None


def find_sheet(wb: Any, name: str | None, *, ignore_case: bool = True) -> Any:
    """The worksheet called `name` (exact, then case/whitespace-insensitive); None: the first."""
    if name is None:
        if not wb.worksheets:
            raise Absent("the workbook has no worksheet")
        return wb.worksheets[0]
    if name in wb.sheetnames:
        return wb[name]
    if ignore_case:
        for title in wb.sheetnames:
            if title.strip().casefold() == name.strip().casefold():
                return wb[title]
    raise Absent(f"no sheet named {name!r} (sheets: {', '.join(wb.sheetnames)})")


def resolve_cell(wb: Any, ref: str, sheet: str | None) -> tuple[Any, str, str | None]:
    """(worksheet, coordinate, note) for "B6", "Totals!B6", "'A b'!$B$6" or a defined name."""
    m = _CELL.match(ref.strip())
    if m and _column_ok(m.group("col")):
        named_sheet = (m.group("q") or "").replace("''", "'") or m.group("s")
        ws = find_sheet(wb, named_sheet or sheet)
        return ws, f"{m.group('col').upper()}{int(m.group('row'))}", None
    return _defined_name(wb, ref.strip(), sheet)


def _column_ok(letters: str) -> bool:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n <= 16384


def _defined_name(wb: Any, name: str, sheet: str | None) -> tuple[Any, str, str | None]:
    scopes = [ws.defined_names for ws in wb.worksheets if sheet is None or ws.title == sheet] + [wb.defined_names]
    for scope in scopes:
        for key, defined in scope.items():
            if key.casefold() != name.casefold():
                continue
            try:
                destinations = list(defined.destinations)
            except Exception:  # noqa: BLE001 - a name defined by a formula, not a range
                destinations = []
            if not destinations:
                raise Absent(f"defined name {name!r} does not refer to a cell range ({defined.attr_text!r})")
            title, rng = destinations[0]
            coord = rng.replace("$", "").split(":")[0]
            note = f"defined name {key} → {title}!{rng.replace('$', '')}"
            if ":" in rng:
                note += " (a range: its top-left cell is used)"
            return find_sheet(wb, title), coord, note
    raise Absent(f"{name!r} is neither a cell reference (like B6 or Sheet1!B6) nor a defined name in the workbook")


def used_range(ws: Any) -> tuple[int, int, int, int] | None:
    """(min_row, max_row, min_col, max_col) of the non-empty cells, or None for an empty sheet.

    openpyxl's max_row/max_column also count cells that only carry formatting, so the
    stored cells are scanned instead (ws._cells holds exactly the cells in the file)."""
    rows, cols = [], []
    for (row, col), cell in getattr(ws, "_cells", {}).items():
        value = cell.value
        if value is not None and not (isinstance(value, str) and not value.strip()):
            rows.append(row)
            cols.append(col)
    if not rows:
        return None
    return min(rows), max(rows), min(cols), max(cols)


def formula_text(cell: Any) -> str | None:
    """The formula a cell holds ("=SUM(B2:B5)"), or None for a plain value."""
    value = cell.value
    if getattr(cell, "data_type", None) != "f":
        return None
    if isinstance(value, str):
        return value if value.startswith("=") else f"={value}"
    text = getattr(value, "text", None)  # ArrayFormula / DataTableFormula
    if isinstance(text, str):
        return text if text.startswith("=") else f"={text}"
    return "=(formula)"
