"""Answers inside documents, read like answers in a reply: a table cell found by its row key
and column header (docx/pptx/pdf/html.table_cell), and the value a label introduces in
running text (docx/pptx/pdf/html.field).

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
from autorater.checks.answer import Judgement, judge, rule_of
from autorater.checks.answer_checks import judge_tables
from autorater.checks.context import CheckContext
from autorater.checks.mdtable import Table
from autorater.checks.negation import negation_of
from autorater.checks.pdf_text import page_words
from autorater.checks.result import CheckResult, outcome, verdict
from autorater.checks.specs_data import DocumentField
from autorater.checks.specs_office import (
    DocxField, DocxTableCell, HtmlField, HtmlTableCell, PdfField, PdfTableCell, PptxField, PptxTableCell,
)
from autorater.checks.textmatch import clip, normalize


@dataclass(frozen=True)
class Unit:
    """A paragraph, line or table row of a document, where it is, and (for a row) its cells
    and the table's headers."""

    where: str
    text: str
    cells: list[str] | None = None
    headers: list[str] | None = None
    value: str | None = None  # a KPI tile's figure, shown above its caption (the text)


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


def _table_units(table: Table) -> Iterator[Unit]:
    """A table's rows as units: its first row too, on its own (a label/value grid such as
    "Material | C45 steel (1.0503), normalised" has no header row), then each body row with the
    headers that name its cells."""
    yield Unit(f"{table.where} row 1", " | ".join(table.headers), table.headers, None)
    for r, row in enumerate(table.rows, 2):
        yield Unit(f"{table.where} row {r}", " | ".join(row), row, table.headers)


def docx_units(ctx: CheckContext) -> Iterator[Unit]:
    from autorater.checks.docx_checks import document  # noqa: PLC0415

    doc, _ = document(ctx)
    for i, p in enumerate(docx_text.paragraphs(doc.element.body, include_tables=False), 1):
        text = normalize(docx_text.paragraph_text(p))
        if text:
            yield Unit(f"paragraph {i}", text)
    for table in docx_tables(ctx):
        yield from _table_units(table)


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
                    paras = [normalize(p.text) for p in shape.text_frame.paragraphs if p.text.strip()]
                    for i, text in enumerate(paras):
                        yield Unit(f"slide {number}", text)
                        if i and _TILE_FIGURE.fullmatch(paras[i - 1]):
                            # A KPI tile: the big figure above, its caption below ("€862m" / "Group revenue").
                            yield Unit(f"slide {number} (tile)", text, value=paras[i - 1])
        if spec.notes != "exclude":
            for line in _notes(s).splitlines():
                if line.strip():
                    yield Unit(f"slide {number} notes", normalize(line))
    for table in pptx_tables(ctx, spec.slide) if spec.notes != "only" else []:
        yield from _table_units(table)


def _pdf_page_tables(page: Any, number: int, first_index: int) -> tuple[list[Table], list[Any], list[Unit]]:
    """The ruled or aligned tables PyMuPDF finds on a page (as Markdown-shaped tables), their
    areas, and the cells of one-row tables as units of their own (a header grid "Material /
    Steel C45 ..." in one ruled row: each cell is a label and its value). A page it cannot
    analyse has none (its text still reads as lines)."""
    try:
        found = page.find_tables().tables
    except Exception:  # noqa: BLE001 - table detection is heuristic; a failure is no table
        return [], [], []
    tables, areas, cells = [], [], []
    for i, t in enumerate(found, first_index):
        rows = [[normalize(c or "") for c in row] for row in t.extract()]
        grid = _grid(rows, i, f"page {number + 1} table {i}")
        if grid is None or len(grid.headers) < 2:
            continue
        areas.append(t.bbox)
        if grid.rows:
            tables.append(grid)
        else:
            cells += [Unit(f"page {number + 1} table {i}", c) for c in grid.headers if c]
    return tables, areas, cells


def pdf_tables(ctx: CheckContext, page: int | None) -> list[Table]:
    from autorater.checks.pdf_checks import MAX_TEXT_PAGES, _pages, pdf_document  # noqa: PLC0415

    doc, out = pdf_document(ctx), []
    for number in _pages(doc, page)[:MAX_TEXT_PAGES]:
        out += _pdf_page_tables(doc[number], number, len(out) + 1)[0]
    return out


_BLOCKS = ("p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "caption", "figcaption", "blockquote", "div",
           "section", "article", "span", "td", "th")


def html_tables(ctx: CheckContext) -> list[Table]:
    """Every <table> as headers (its first row: thead's or the first tr) and body rows;
    nested tables are tables of their own."""
    from autorater.checks.html_checks import soup  # noqa: PLC0415

    out = []
    for i, table in enumerate(soup(ctx).find_all("table"), 1):
        rows = [[normalize(c.get_text(" ")) for c in tr.find_all(["th", "td"], recursive=False)]
                for tr in table.find_all("tr") if tr.find_parent("table") is table]
        grid = _grid(rows, i, f"table {i}" + (f" (#{table.get('id')})" if table.get("id") else ""))
        if grid is not None:
            out.append(grid)
    return out


def html_units(ctx: CheckContext) -> Iterator[Unit]:
    """Text blocks that hold no other block (a <p>, an <li>, a leaf <div>), then table rows."""
    from autorater.checks.html_checks import soup  # noqa: PLC0415

    page = soup(ctx)
    for el in page.find_all(_BLOCKS):
        if el.name in ("td", "th") or el.find(_BLOCKS) is not None:
            continue
        text = normalize(el.get_text(" "))
        if text:
            yield Unit(f"<{el.name}>" + (f"#{el.get('id')}" if el.get("id") else ""), text)
    for table in html_tables(ctx):
        yield from _table_units(table)


def pdf_units(ctx: CheckContext, spec: PdfField) -> Iterator[Unit]:
    """Each page's tables as rows (cells and headers), and the rest of its text as visual
    lines, so two tables side by side never run into one line."""
    from autorater.checks.pdf_checks import MAX_TEXT_PAGES, _pages, pdf_document, visual_lines  # noqa: PLC0415

    doc, index = pdf_document(ctx), 0
    for number in _pages(doc, spec.page)[:MAX_TEXT_PAGES]:
        page = doc[number]
        tables, areas, cells = _pdf_page_tables(page, number, index + 1)
        index += len(tables)
        yield from cells
        words = [w for w in page_words(page) if not any(
            a[0] <= (w[0] + w[2]) / 2 <= a[2] and a[1] <= (w[1] + w[3]) / 2 <= a[3] for a in areas)]
        for line in visual_lines(page, words):
            if line.strip():
                yield Unit(f"page {number + 1}", normalize(line))
        for table in tables:
            yield from _table_units(table)


# -- judging -----------------------------------------------------------------------------------


def _tables_result(tables: list[Table], spec: Any, name: str) -> CheckResult:
    if not tables:
        return verdict(False, f"{name} has no table; {rule_of(spec)}")
    state, evidence, where = judge_tables(tables, spec)
    at = next((t.where for t in tables if where == f"table {t.index}"), where)
    return outcome(state, f"{name}: {evidence}", at)


def docx_table_cell(spec: DocxTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(ctx.load("tables:docx", lambda: docx_tables(ctx)), spec, ctx.rel)


def pptx_table_cell(spec: PptxTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(pptx_tables(ctx, spec.slide), spec, ctx.rel)


_LEAD = re.compile(r"^[\s:=*_|\u2013\u2014-]+")
# Only a cue that denies the label itself ("did not peak", "not Rank 3", "is not the peak year"),
# not one that denies another verb ("does not give the peak, but the chart shows ...").
_DENYING_GAP = re.compile(r"\s*(?:(?:the|a|an|its|their|his|her|any|really|actually|yet|ever|been|be)\s+)*", re.IGNORECASE)
DENIED = "\x00denied: "  # a place whose label or subject is denied (never a written value)
# The labelled subject denied right after it: "is no longer", "is not (considered)", "remains immaterial".
_DENIED_SUBJECT = re.compile(
    r"^(?:(?:is|are|was|were|remains?|has\s+been|have\s+been|becomes?|became)\s+(?:no\s+longer|not|never|immaterial|negligible)\b"
    r"(?:\s+considered)?|(?:considered\s+)?(?:immaterial|negligible)\b)\s*", re.IGNORECASE)
# A tile's figure: a short paragraph that is one number with its unit or currency, or a year.
_TILE_FIGURE = re.compile(r"[^\w]{0,3}(?:[A-Z]{3}\s?)?[-+]?[$€£¥]?\s?\d[\d.,\s]{0,12}\s?(?:[A-Za-z%°²]{0,4}\.?)\s*")


def _values(unit: Unit, label: re.Pattern[str], spec: DocumentField) -> list[tuple[str, str]]:
    """[(where, value)] the label introduces in one unit. A label denied in its own clause
    ("Margin did not peak in 2021", "not Rank 3 of 5") introduces a denial: that place fails."""
    if unit.value is not None:
        return [(unit.where, unit.value)] if label.search(unit.text) else []
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
        others = [(i, c) for i, c in enumerate(unit.cells) if i != key and c.strip()]
        if len(others) > 1:  # the row read as one line too: "24-1183 | F03 | 11.940 | lower 11.950"
            out.append((f"{unit.where} (the row)", " | ".join(c for _, c in others)))
        return out + [(f"{unit.where}, column {heads[i]!r}" if i < len(heads) else unit.where, c) for i, c in others]
    out = []
    for m in label.finditer(unit.text):
        cue = negation_of(unit.text, m.start(), m.end())
        if cue is not None and _DENYING_GAP.fullmatch(unit.text[cue.start + len(cue.text):m.start()]):
            out.append((unit.where, DENIED + f"{cue.text!r} before the label"))
            continue
        value = _LEAD.sub("", unit.text[m.end(): m.end() + spec.window])
        denied = _DENIED_SUBJECT.match(value)
        if denied:  # "Currency is no longer a principal risk": the labelled subject is denied
            value = DENIED + repr(denied.group(0).strip())
        if value:
            out.append((unit.where, value))
    return out


def document_field(spec: DocumentField, units: Iterator[Unit], name: str) -> CheckResult:
    labels = [spec.label, *spec.aliases]
    longest_first = sorted(labels, key=len, reverse=True)  # "Currency risk" before "Currency"
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(normalize(x))}(?!\w)" for x in longest_first), re.IGNORECASE)
    rule = rule_of(spec)
    judged = []
    for unit in units:
        for where, value in _values(unit, pattern, spec):
            if value.startswith(DENIED):
                judged.append((where, value, Judgement("fail", f"the label is denied ({value[len(DENIED):]})")))
                continue
            judged.append((where, value, judge(value, spec)))
            if judged[-1][2].state == "pass":
                return outcome("pass", f"{name}, {where}: {judged[-1][2].reason}; {rule}", where)
    if not judged:
        return verdict(False, f"{name}: no text introduced by {' / '.join(repr(x) for x in labels)}; {rule}")
    undecided = [j for j in judged if j[2].state == "undecided"]
    shown = "; ".join(f"{w}: {j.reason}" for w, _, j in (undecided or judged)[:3])
    more = f" (… {len(judged) - 3} more places)" if len(judged) > 3 else ""
    return outcome("undecided" if undecided else "fail", f"{name}: {len(judged)} place(s), none passes: {clip(shown, 600)}{more}; {rule}")


def pdf_table_cell(spec: PdfTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(ctx.load(f"tables:pdf:{spec.page}", lambda: pdf_tables(ctx, spec.page)), spec, ctx.rel)


def html_table_cell(spec: HtmlTableCell, ctx: CheckContext) -> CheckResult:
    return _tables_result(html_tables(ctx), spec, ctx.rel)


def html_field(spec: HtmlField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, _memo_units(ctx, "html", lambda: html_units(ctx)), ctx.rel)


def _memo_units(ctx: CheckContext, key: str, make: Any) -> Iterator[Unit]:
    """A document's units are read once per grading (find_tables on every PDF page is the slow
    part), then every field check on the file reuses them."""
    return iter(ctx.load(f"units:{key}", lambda: list(make())))


def docx_field(spec: DocxField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, _memo_units(ctx, "docx", lambda: docx_units(ctx)), ctx.rel)


def pptx_field(spec: PptxField, ctx: CheckContext) -> CheckResult:
    units = _memo_units(ctx, f"pptx:{spec.slide}:{spec.notes}", lambda: pptx_units(ctx, spec))
    return document_field(spec, units, ctx.rel)


def pdf_field(spec: PdfField, ctx: CheckContext) -> CheckResult:
    return document_field(spec, _memo_units(ctx, f"pdf:{spec.page}", lambda: pdf_units(ctx, spec)), ctx.rel)


EVALUATORS = {
    "docx.table_cell": docx_table_cell,
    "pptx.table_cell": pptx_table_cell,
    "pdf.table_cell": pdf_table_cell,
    "html.table_cell": html_table_cell,
    "html.field": html_field,
    "docx.field": docx_field,
    "pptx.field": pptx_field,
    "pdf.field": pdf_field,
}
