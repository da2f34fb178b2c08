"""Evaluators for the docx.* kinds (python-docx; .doc/.odt/.rtf are converted first).

Text is read with docx_text (content controls, tracked insertions, text boxes, merged cells
once); `docx.paragraph_contains` also searches headers, footers, footnotes and endnotes,
after the body, and says where it found the text. Headings, tables and word counts stay
with the body."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autorater.checks import docx_text, office
from autorater.checks.compare import compare_expected, show
from autorater.checks.context import CheckContext
from autorater.checks.ooxml import readable
from autorater.checks.result import CheckError, CheckResult, outcome, verdict
from autorater.checks.safety import check_size, preflight_zip
from autorater.checks.specs_office import (
    DocxHeadingExists,
    DocxImageCount,
    DocxParagraphContains,
    DocxTable,
    DocxWordCount,
)
from autorater.checks.textmatch import clip, describe, spec_matches, text_matches

_PACKAGES = {".docx", ".docm", ".dotx", ".dotm"}  # OOXML: opened natively (see ooxml.py)
_CONVERTIBLE = {".doc", ".odt", ".rtf", ".fodt"}
_HEADING = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_PIC = "{http://schemas.openxmlformats.org/drawingml/2006/picture}pic"
_WORD = re.compile(r"\S*[^\W_]\S*")  # a token with at least one letter or digit


def document(ctx: CheckContext) -> tuple[Any, str | None]:
    """(python-docx Document, conversion note)."""

    def load() -> tuple[Any, str | None]:
        path, note = _native(ctx)
        import docx

        try:
            return docx.Document(str(path)), note
        except Exception as exc:  # noqa: BLE001 - any parser failure: unreadable document
            name = ctx.file().name
            raise CheckError(f"{name} cannot be opened as a Word document: {type(exc).__name__}: {exc}") from None

    return ctx.load("docx", load)


def _native(ctx: CheckContext) -> tuple[Path, str | None]:
    path = ctx.file()
    suffix = path.suffix.lower()
    if suffix in _PACKAGES:
        package = readable(ctx, "word")
        return package.path, package.note
    if suffix in _CONVERTIBLE:
        if suffix == ".odt":
            preflight_zip(path, "document")
        check_size(path)
        return office.convert(path, "docx", ctx.work_dir, ctx.remaining()), f"converted from {suffix} by LibreOffice"
    raise CheckError(f"{path.name} is not a Word document (expected .docx, .docm, .doc, .odt or .rtf)")


def _body(doc: Any, include_tables: bool) -> Iterator[Any]:
    """python-docx Paragraphs for every paragraph of the body (see docx_text.paragraphs)."""
    from docx.text.paragraph import Paragraph

    for p in docx_text.paragraphs(doc.element.body, include_tables):
        yield Paragraph(p, doc._body)


def _texts(doc: Any, include_tables: bool) -> list[str]:
    return [docx_text.paragraph_text(p) for p in docx_text.paragraphs(doc.element.body, include_tables)]


def heading_level(paragraph: Any) -> int | None:
    """0 for Title, N for "Heading N" (also inherited through base styles or an outline level)."""
    style = paragraph.style
    for _ in range(10):  # style inheritance chain, bounded
        if style is None:
            break
        name = (style.name or "").strip()
        if name.lower() == "title":
            return 0
        m = _HEADING.match(name)
        if m:
            return int(m.group(1))
        style = style.base_style
    ppr = paragraph._p.pPr
    outline = ppr.find(f"{_W}outlineLvl") if ppr is not None else None
    if outline is not None and (val := outline.get(f"{_W}val", "")).isdigit() and int(val) < 9:
        return int(val) + 1
    return None


def _bold_title(paragraph: Any) -> bool:
    """A short paragraph set entirely in bold: a section title written without a Heading
    style ("Allergies"), as people and converters often do."""
    runs = [r for r in paragraph.runs if r.text.strip()]
    text = paragraph.text.strip()
    return bool(runs) and len(text.split()) <= 8 and not text.endswith(".") and all(
        r.bold or (r.style is not None and r.style.font.bold) or (paragraph.style is not None and paragraph.style.font.bold)
        for r in runs)


def heading_exists(spec: DocxHeadingExists, ctx: CheckContext) -> CheckResult:
    doc, note = document(ctx)
    headings: list[tuple[int | None, str]] = []
    for p in _body(doc, False):
        lvl = heading_level(p)
        if lvl is not None:
            headings.append((lvl, docx_text.paragraph_text(p._p)))
        elif spec.level is None and _bold_title(p):
            headings.append((None, docx_text.paragraph_text(p._p)))  # a bold title line: matches "any level"
    pool = [(lvl, t) for lvl, t in headings if spec.level is None or lvl == spec.level]
    hit = next(((lvl, t) for lvl, t in pool if spec_matches(t, spec)), None)
    level = "any level" if spec.level is None else ("the Title style" if spec.level == 0 else f"level {spec.level}")
    listed = "; ".join(f"{'H' + str(lvl) if lvl is not None else 'bold title'} {clip(t, 60)!r}" for lvl, t in headings[:15]) or "no headings"
    found = f"found {'H' + str(hit[0]) if hit[0] is not None else 'the bold title'} {clip(hit[1])!r}" if hit else "no such heading"
    prefix = f"({note}) " if note else ""
    rule = f"a heading at {level} that {describe(spec.text, spec.match, spec.ignore_case)}"
    where = f"heading {clip(hit[1], 60)!r}" if hit else None
    return verdict(hit is not None, f"{prefix}headings: {listed}; wanted {rule}: {found}", where)


def paragraph_contains(spec: DocxParagraphContains, ctx: CheckContext) -> CheckResult:
    doc, note = document(ctx)
    prefix = f"({note}) " if note else ""
    rule = describe(spec.text, spec.match, spec.ignore_case)
    scope = "paragraphs incl. tables" if spec.include_tables else "body paragraphs"
    searched = []
    stories = [("body", doc.element.body), *docx_text.stories(doc)]
    for label, root in stories:
        texts = [docx_text.paragraph_text(p) for p in docx_text.paragraphs(root, spec.include_tables)]
        searched.append(len(texts))
        index = next((i for i, t in enumerate(texts) if spec_matches(t, spec)), None)
        if index is not None:
            where = f"paragraph {index + 1}" if label == "body" else f"{label}, paragraph {index + 1}"
            looked = f"{len(texts)} {scope}" if label == "body" else f"the body, then the {label}"
            found = f"{where}: {clip(texts[index])!r}"
            return verdict(True, f"{prefix}searched {looked} for one that {rule}: {found}", where)
    others = f" and {sum(searched[1:])} in {len(stories) - 1} header/footer/note part(s)" if len(stories) > 1 else ""
    return verdict(False, f"{prefix}searched {searched[0]} {scope}{others} for one that {rule}: no paragraph matches")


def table(spec: DocxTable, ctx: CheckContext) -> CheckResult:
    doc, _ = document(ctx)
    from docx.table import Table

    tables = [Table(tbl, doc._body) for tbl in docx_text.tables(doc.element.body)]
    if not tables:
        return verdict(False, "the document has no tables")
    indices = range(len(tables)) if spec.table == "any" else [spec.table - 1]
    if spec.table != "any" and spec.table > len(tables):
        return verdict(False, f"table {spec.table} requested but the document has {len(tables)} table(s)")
    reports, undecided = [], None
    for i in indices:
        state, report = _table_ok(tables[i], spec)
        if state == "pass":
            return verdict(True, f"table {i + 1}: {report}", f"table {i + 1}")
        if state == "undecided" and undecided is None:
            undecided = (f"table {i + 1}: {report}", f"table {i + 1}")
        reports.append(f"table {i + 1}: {report}")
    if undecided is not None:
        return outcome("undecided", *undecided)
    return verdict(False, "; ".join(reports[:5]) + (f"; … {len(reports) - 5} more" if len(reports) > 5 else ""))


def _table_ok(tbl: Any, spec: DocxTable) -> tuple[str, str]:
    rows, cols = len(tbl.rows), len(tbl.columns)
    problems = []
    for what, n in (("rows", rows), ("cols", cols)):
        lo, hi = getattr(spec, f"min_{what}"), getattr(spec, f"max_{what}")
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            problems.append(f"{what} {n} not within [{lo if lo is not None else 0}, {hi if hi is not None else '∞'}]")
    report = f"{rows} rows × {cols} columns"
    if spec.cell is not None:
        c = spec.cell
        if c.row > rows or c.col > cols:
            problems.append(f"no cell ({c.row}, {c.col})")
        else:
            cell = tbl.cell(c.row - 1, c.col - 1)._tc
            value = "\n".join(docx_text.paragraph_text(p) for p in docx_text.paragraphs(cell))
            state, rule = compare_expected(value, c)
            report += f"; cell ({c.row}, {c.col}) = {show(value)}, {rule}"
            if state == "undecided" and not problems:
                return "undecided", report
            if state != "pass":
                problems.append(f"cell ({c.row}, {c.col}) does not match")
    return ("fail" if problems else "pass"), report + (f" ({'; '.join(problems)})" if problems else "")


def image_count(spec: DocxImageCount, ctx: CheckContext) -> CheckResult:
    doc, _ = document(ctx)
    n = sum(1 for _ in doc.element.body.iter(_PIC))  # inline and floating (anchored) pictures
    return verdict(spec.count_ok(n), f"{n} picture(s) in the document body; wanted {spec.describe_bounds()}")


def word_count(spec: DocxWordCount, ctx: CheckContext) -> CheckResult:
    doc, _ = document(ctx)
    n = sum(len(_WORD.findall(t)) for t in _texts(doc, spec.include_tables))
    scope = "including tables" if spec.include_tables else "body paragraphs only"
    return verdict(spec.count_ok(n), f"{n} words ({scope}); wanted {spec.describe_bounds()}")


EVALUATORS = {
    "docx.heading_exists": heading_exists,
    "docx.paragraph_contains": paragraph_contains,
    "docx.table": table,
    "docx.image_count": image_count,
    "docx.word_count": word_count,
}
