"""Answers inside office documents, read like answers in a reply: a table cell found by its
row key and column header (docx.table_cell, pptx.table_cell), and the value a label
introduces in running text (docx.field, pptx.field, pdf.field).

Positions are what a restyled document changes first (a memo block above Table 1, an extra
column, a summary slide first), so nothing here counts tables, rows or columns: tables are
Markdown-shaped (headers, rows) and go through the same lookup and judging as a reply's
tables (answer_checks.judge_tables); text units go through value.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from autorater.checks import docx_text
from autorater.checks.answer import judge, rule_of
from autorater.checks.answer_checks import judge_tables
from autorater.checks.context import CheckContext
from autorater.checks.mdtable import Table
from autorater.checks.result import CheckResult, outcome, verdict
from autorater.checks.specs_data import DocumentField
from autorater.checks.specs_office import DocxField, DocxTableCell, PdfField, PptxField, PptxTableCell
from autorater.checks.textmatch import clip, normalize


@dataclass(frozen=True)
class Unit:
    """A paragraph, line or table row of a document, where it is, and (for a row) its cells
    and the table's headers."""

    where: str
    text: str
    cells: list[str] | None = None
    headers: list[str] | None = None


# -- reading the documents --------------------------------------------------------------------


def _grid(rows: list[list[str]], index: int, where: str) -> Table | None:
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return None
    width = max(len(r) for r in rows)
    padded = [r + [""] * (width - len(r)) for r in rows]
    return Table(index=index, line=0, headers=padded[0], rows=padded[1:], where=where)


def _docx_rows(tbl: Any) -> list[list[str]]:
    from docx.table import Table as DocxTable  # noqa: PLC0415

    table = DocxTable(tbl, None)
    return [[normalize(" ".join(docx_text.paragraph_text(p) for p in docx_text.paragraphs(c._tc))) for c in row.cells]
            for row in table.rows]


def docx_tables(ctx: CheckContext) -> list[Table]:
    from autorater.checks.docx_checks import document  # noqa: PLC0415

    doc, _ = document(ctx)
    grids = [_grid(_docx_rows(t), i, f"table {i}") for i, t in enumerate(docx_text.tables(doc.element.body), 1)]
    return [g for g in grids if g is not None]


def docx_units(ctx: CheckContext) -> Iterator[Unit]:
    from autorater.checks.docx_checks import document  # noqa: PLC0415

    doc, _ = document(ctx)
    for i, p in enumerate(docx_text.paragraphs(doc.element.body, include_tables=False), 1):
        text = normalize(docx_text.paragraph_text(p))
        if text:
            yield Unit(f"paragraph {i}", text)
    for table in docx_tables(ctx):
        for r, row in enumerate(table.rows, 2):
            yield Unit(f"{table.where} row {r}", " | ".join(row), row, table.headers)


def _slides(ctx: CheckContext, slide: int | None) -> list[tuple[int, Any]]:
    from autorater.checks.pptx_checks import _select, presentation  # noqa: PLC0415

    return _select(presentation(ctx), slide)


def pptx_tables(ctx: CheckContext, slide: int | None) -> list[Table]:
    from autorater.checks.pptx_checks import _shapes  # noqa: PLC0415

    out, index = [], 0
    for number, s in _slides(ctx, slide):
        for shape in _shapes(s.shapes):
            if getattr(shape, "has_table", False):
                index += 1
                rows = [[normalize(c.text) for c in row.cells] for row in shape.table.rows]
                grid = _grid(rows, index, f"slide {number} table {index}")
                if grid is not None:
                    out.append(grid)
    return out


def pptx_units(ctx: CheckContext, spec: PptxField) -> Iterator[Unit]:
    from autorater.checks.pptx_checks import _notes, _shapes  # noqa: PLC0415

    for number, s in _slides(ctx, spec.slide):
        if spec.notes != "only":
            for shape in _shapes(s.shapes):
                if getattr(shape, "has_text_frame", False):
                    for p in shape.text_frame.paragraphs:
                        if p.text.strip():
                            yield Unit(f"slide {number}", normalize(p.text))
        if spec.notes != "exclude":
            for line in _notes(s).splitlines():
                if line.strip():
                    yield Unit(f"slide {number} notes", normalize(line))
    for table in pptx_tables(ctx, spec.slide) if spec.notes != "only" else []:
        for r, row in enumerate(table.rows, 2):
            yield Unit(f"{table.where} row {r}", " | ".join(row), row, table.headers)


def pdf_units(ctx: CheckContext, spec: PdfField) -> Iterator[Unit]:
    from autorater.checks.pdf_checks import MAX_TEXT_PAGES, _pages, pdf_document, visual_lines  # noqa: PLC0415

    doc = pdf_document(ctx)
    for number in _pages(doc, spec.page)[:MAX_TEXT_PAGES]:
        for line in visual_lines(doc[number]):
            if line.strip():
                yield Unit(f"page {number + 1}", normalize(line))


# -- judging -----------------------------------------------------------------------------------


def _tables_result(tables: list[Table], spec: Any, name: str) -> CheckResult:
    if not tables:
        return verdict(False, f"{name} has no table; {rule_of(spec)}")
    state, evidence, where = judge_tables(tables, spec)
    at = next((t.where for t in tables if where == f"table {t.index}"), where)
    return outcome(state, f"{name}: {evidence}", at)


def docx_table_cell(spec: DocxTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(docx_tables(ctx), spec, ctx.rel)


def pptx_table_cell(spec: PptxTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(pptx_tables(ctx, spec.slide), spec, ctx.rel)


_LEAD = re.compile(r"^[\s:=*_|\u2013\u2014-]+")


def _values(unit: Unit, label: re.Pattern[str], spec: DocumentField) -> list[tuple[str, str]]:
    """[(where, value)] the label introduces in one unit."""
    if unit.cells is not None:
        key = next((i for i, c in enumerate(unit.cells) if label.search(c)), None)
        if key is None:
            return []
        if spec.column is not None and unit.headers:
            col = next((i for i, h in enumerate(unit.headers) if normalize(h).casefold().startswith(spec.column.casefold())), None)
            return [(f"{unit.where}, column {unit.headers[col]!r}", unit.cells[col])] if col is not None else []
        after = label.search(unit.cells[key])
        rest = _LEAD.sub("", unit.cells[key][after.end():]) if after else ""
        out = [(f"{unit.where}", rest)] if rest else []
        heads = unit.headers or []
        return out + [(f"{unit.where}, column {heads[i]!r}" if i < len(heads) else unit.where, c)
                      for i, c in enumerate(unit.cells) if i != key and c.strip()]
    out = []
    for m in label.finditer(unit.text):
        value = _LEAD.sub("", unit.text[m.end(): m.end() + spec.window])
        if value:
            out.append((unit.where, value))
    return out


def document_field(spec: DocumentField, units: Iterator[Unit], name: str) -> CheckResult:
    labels = [spec.label, *spec.aliases]
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(normalize(x))}(?!\w)" for x in labels), re.IGNORECASE)
    rule = rule_of(spec)
    judged = []
    for unit in units:
        for where, value in _values(unit, pattern, spec):
            judged.append((where, value, judge(value, spec)))
            if judged[-1][2].state == "pass":
                return outcome("pass", f"{name}, {where}: {judged[-1][2].reason}; {rule}", where)
    if not judged:
        return verdict(False, f"{name}: no text introduced by {' / '.join(repr(x) for x in labels)}; {rule}")
    undecided = [j for j in judged if j[2].state == "undecided"]
    shown = "; ".join(f"{w}: {j.reason}" for w, _, j in (undecided or judged)[:3])
    more = f" (… {len(judged) - 3} more places)" if len(judged) > 3 else ""
    return outcome("undecided" if undecided else "fail", f"{name}: {len(judged)} place(s), none passes: {clip(shown, 600)}{more}; {rule}")


def docx_field(spec: DocxField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, docx_units(ctx), ctx.rel)


def pptx_field(spec: PptxField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, pptx_units(ctx, spec), ctx.rel)


def pdf_field(spec: PdfField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, pdf_units(ctx, spec), ctx.rel)


EVALUATORS = {
    "docx.table_cell": docx_table_cell,
    "pptx.table_cell": pptx_table_cell,
    "docx.field": docx_field,
    "pptx.field": pptx_field,
    "pdf.field": pdf_field,
}
