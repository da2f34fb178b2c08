"""Evaluators for reply.table_cell / reply.field (and their text.* twins): find the one place
a written answer sits — a Markdown table cell, a `Label: value` line — and judge it there,
instead of searching the whole text for words that a wrong answer also contains."""

from __future__ import annotations

import re

from autorater.checks.answer import judge_all, rule_of
from autorater.checks.context import CheckContext
from autorater.checks.mdtable import Table, find_tables
from autorater.checks.reply_source import missing_note, scoped_outcome, scoped_texts, subject
from autorater.checks.result import CheckResult, verdict
from autorater.checks.specs_data import ReplyField, ReplyTableCell, TableLookup
from autorater.checks.textmatch import clip, normalize, normalize_lines, strip_markup, text_matches


def _fold(text: str) -> str:
    return strip_markup(text).casefold()


def column_index(headers: list[str], ref: str | int) -> int | None:
    """0-based index of a column named by 1-based index, exact header or header prefix."""
    if isinstance(ref, int):
        return ref - 1 if ref <= len(headers) else None
    want = normalize(ref).casefold()
    folded = [_fold(h) for h in headers]
    if want in folded:
        return folded.index(want)
    return next((i for i, h in enumerate(folded) if h.startswith(want)), None)


def _key_matches(cell: str, spec: TableLookup) -> bool:
    """The row's key cell is the spec's `row` or one of its aliases (aliases compare exactly)."""
    cell = strip_markup(cell)
    if text_matches(cell, str(spec.row), spec.row_match, ignore_case=True):
        return True
    return any(text_matches(cell, a, "exact", ignore_case=True) for a in spec.aliases)


def _rows_in(table: Table, spec: TableLookup) -> tuple[list[tuple[str, str]] | None, str]:
    """([(where, cell)] for the matching rows, or None) and why not, for one table."""
    col, key = column_index(table.headers, spec.column), column_index(table.headers, spec.key_column)
    headers = [clip(strip_markup(h), 30) for h in table.headers]
    if col is None or key is None:
        missing = spec.column if col is None else spec.key_column
        return None, f"{_named(table)} has no column {missing!r} (headers: {headers})"
    hits = [(i, r) for i, r in enumerate(table.rows, 1) if _key_matches(r[key], spec)]
    if not hits:
        keys = [clip(strip_markup(r[key]), 20) for r in table.rows[:12]]
        at = _named(table)
        return None, f"{at} has no row {spec.row!r} in column {headers[key]!r} (keys: {keys})"
    return [(f"{table.where or f'table {table.index}'} row {i} ({clip(strip_markup(r[key]), 30)!r}) column {headers[col]!r}", r[col])
            for i, r in hits], ""


def _named(table: Table) -> str:
    return table.where or f"table {table.index} (line {table.line})"


def table_cell(spec: ReplyTableCell, ctx: CheckContext) -> CheckResult:
    name, where = subject(ctx)
    scopes, missing_section = scoped_texts(ctx, spec)
    tables = [t for _, text in scopes for t in find_tables(text)]
    if not tables:
        return verdict(False, f"no Markdown table in the {name}{missing_note(missing_section)}; {rule_of(spec)}", where)
    state, evidence, at = judge_tables(tables, spec)
    return scoped_outcome(state, f"{name}: {evidence}", f"{where}{', ' + at if at else ''}", missing_section)


def judge_tables(tables: list[Table], spec: TableLookup) -> tuple[str, str, str | None]:
    """(state, evidence, where) for a TableLookup over `tables` (Markdown, Word or slide
    tables alike): the first table selected by `table` that has the column and the row."""
    rule = rule_of(spec)
    if isinstance(spec.table, int):
        if spec.table > len(tables):
            return "fail", f"{len(tables)} table(s), not table {spec.table}; {rule}", None
        chosen = [tables[spec.table - 1]]
    elif spec.table == "any":
        chosen = tables
    else:
        chosen = [t for t in tables if any(spec.table.casefold() in _fold(h) for h in t.headers)]
        if not chosen:
            return "fail", f"no table has a header containing {spec.table!r}; {rule}", None
    reasons = []
    for table in chosen:
        rows, why = _rows_in(table, spec)
        if rows is None:
            reasons.append(why)
            continue
        state, evidence = judge_all(rows, spec)
        return state, f"{evidence}; {rule}", f"table {table.index}"
    shown = "; ".join(reasons[:3]) + (f"; … {len(reasons) - 3} more tables" if len(reasons) > 3 else "")
    return "fail", f"{shown}; {rule}", None


_BULLET = r"^[ \t]{0,3}(?:>\s?)*(?:[-*+\u2022]\s+|\d{1,3}[.)]\s+)?(?:#{1,6}\s+)?"
_MARKS = r"[*_`]*"


def field_pattern(label: str) -> re.Pattern[str]:
    """A `Label: value` line for this label (see ReplyField for the accepted shapes)."""
    words = r"\s+".join(re.escape(w) for w in normalize(label).split(" "))
    return re.compile(
        rf"{_BULLET}{_MARKS}\s*{words}(?:\s*\([^)\n]*\))?\s*{_MARKS}(?:\s*:|\s+-{{1,2}}(?=\s)|-{{1,2}}(?=\s))"
        rf"\s*{_MARKS}[ \t]*(?P<value>[^\n]*)$",
        re.IGNORECASE | re.MULTILINE,
    )


def field_values(text: str, label: str) -> list[tuple[str, str]]:
    """[(where, value)] for every line carrying the label; an empty value takes the next
    non-empty line ("**Recommendation:**" then the answer on its own line)."""
    text = normalize_lines(text)
    lines = text.split("\n")
    found = []
    for m in field_pattern(label).finditer(text):
        line_no = text.count("\n", 0, m.start()) + 1
        value = strip_markup(m.group("value"))
        if not value:
            following = next((ln for ln in lines[line_no:] if strip_markup(ln)), "")
            value = following.strip()
        found.append((f"line {line_no}", value))
    return found


def field(spec: ReplyField, ctx: CheckContext) -> CheckResult:
    name, where = subject(ctx)
    rule = rule_of(spec)
    labels = [spec.label, *spec.aliases]
    scopes, missing_section = scoped_texts(ctx, spec)
    values = list(dict.fromkeys(
        (f"{scope + ', ' if scope else ''}{at}", value)
        for scope, text in scopes for label in labels for at, value in field_values(text, label)))
    if not values:
        shown = " / ".join(repr(label) for label in labels)
        return verdict(False, f"no line labelled {shown} (\"{spec.label}: …\") in the {name}{missing_note(missing_section)}; {rule}",
                       where)
    state, evidence = judge_all(values, spec)
    return scoped_outcome(state, f"{name}, {spec.label!r}: {evidence}; {rule}", where, missing_section)


EVALUATORS = {
    "reply.table_cell": table_cell,
    "reply.field": field,
    "text.table_cell": table_cell,
    "text.field": field,
}
