"""Spec models for spreadsheet (xlsx), document (docx) and presentation (pptx) checks.

xlsx kinds also accept .xlsm/.xls/.ods/.csv (LibreOffice converts them first); docx kinds
accept .doc/.odt/.rtf and pptx kinds .ppt/.odp the same way. Indices are 1-based."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt, model_validator

from autorater.checks.specs_data import DocumentField, TableLookup
from autorater.checks.specs_base import (
    AnyOr,
    CountRange,
    ExpectedValue,
    FileSpec,
    StrictModel,
    TextMatch,
    check_regex,
)

ChartType = Literal[
    "bar", "column", "line", "pie", "doughnut", "scatter", "area", "radar", "bubble", "stock",
    "surface", "waterfall", "histogram", "treemap", "sunburst", "funnel", "boxwhisker",
]

# -- xlsx ---------------------------------------------------------------------------------


class XlsxSheetExists(FileSpec):
    """A worksheet (or chartsheet) named `sheet` exists; `ignore_case` (default false)."""

    kind: Literal["xlsx.sheet_exists"]
    sheet: str = Field(min_length=1)
    ignore_case: bool = False


class XlsxCellValue(FileSpec, ExpectedValue):
    """The value of one cell, as recalculated by LibreOffice headless.

    cell: "B6", "$B$6", "Totals!B6", "'My sheet'!B6" or a defined name ("GrandTotal"; a
    range name uses its top-left cell). sheet: used when `cell` names none (default: the
    first worksheet). recalculate: default true; false reads the values cached in the file.
    Plus expected / tolerance / rel_tolerance / match / ignore_case (see ExpectedValue)."""

    kind: Literal["xlsx.cell_value"]
    cell: str = Field(min_length=1)
    sheet: str | None = None
    recalculate: bool = True


class XlsxCellFormula(FileSpec):
    """The cell holds a formula (not a typed-in value). pattern: optional regex the formula
    text (e.g. "=SUM(B2:B5)") must match, searched; ignore_case default true."""

    kind: Literal["xlsx.cell_formula"]
    cell: str = Field(min_length=1)
    sheet: str | None = None
    pattern: str | None = None
    ignore_case: bool = True

    @model_validator(mode="after")
    def _pattern(self) -> XlsxCellFormula:
        check_regex(self.pattern, "pattern")
        return self


class XlsxChartExists(FileSpec):
    """At least one chart exists (on `sheet` if given — a worksheet's drawing or a chartsheet).
    chart_type: optional; "bar" matches horizontal and vertical bars, "column" only vertical.
    A combo chart matches each of its plot types. min_series: series in that chart (default 1)."""

    kind: Literal["xlsx.chart_exists"]
    sheet: str | None = None
    chart_type: ChartType | None = None
    min_series: int = Field(default=1, ge=0)


class XlsxRowCount(FileSpec, CountRange):
    """Rows in the used range of `sheet` (default: first worksheet): from the first to the
    last row holding a non-empty cell (formatting-only cells are ignored). min / max."""

    kind: Literal["xlsx.row_count"]
    sheet: str | None = None


class XlsxColumnCount(FileSpec, CountRange):
    """Columns in the used range of `sheet`, defined like xlsx.row_count. min / max."""

    kind: Literal["xlsx.column_count"]
    sheet: str | None = None


class XlsxHeaders(FileSpec):
    """Header cells of `row` (default 1) on `sheet` (default: first worksheet).
    expected: the names. order: "ordered" (they appear in this order, other headers may sit
    between) or "set" (all present, any order). exact: no other non-empty header allowed
    (with "ordered": the row is exactly the list). Names compare normalised, ignore_case default true."""

    kind: Literal["xlsx.headers"]
    sheet: str | None = None
    row: PositiveInt = 1
    expected: list[str] = Field(min_length=1)
    order: Literal["ordered", "set"] = "ordered"
    exact: bool = False
    ignore_case: bool = True


# -- docx ---------------------------------------------------------------------------------


class DocxHeadingExists(FileSpec, TextMatch):
    """A heading whose text matches. level: optional 1–9 (0 = the Title style). Headings are
    paragraphs styled "Heading N"/"Title" (also through style inheritance) or carrying an
    outline level. text / match / ignore_case (see TextMatch)."""

    kind: Literal["docx.heading_exists"]
    level: int | None = Field(default=None, ge=0, le=9)


class DocxParagraphContains(FileSpec, TextMatch):
    """One paragraph matches (exact: equals; contains; regex). include_tables: also the
    paragraphs inside table cells (default true)."""

    kind: Literal["docx.paragraph_contains"]
    include_tables: bool = True


class TableCell(ExpectedValue):
    """row, col: 1-based position in the table; expected & co. as in ExpectedValue."""

    row: PositiveInt
    col: PositiveInt


class DocxTable(FileSpec):
    """A table with the given shape and content. table: 1-based index or "any" (default: some
    table satisfies everything). min_rows / max_rows / min_cols / max_cols: inclusive bounds
    (columns = the table grid). cell: optional {row, col, expected, ...} the cell must hold."""

    kind: Literal["docx.table"]
    table: PositiveInt | AnyOr = "any"
    min_rows: int | None = Field(default=None, ge=0)
    max_rows: int | None = Field(default=None, ge=0)
    min_cols: int | None = Field(default=None, ge=0)
    max_cols: int | None = Field(default=None, ge=0)
    cell: TableCell | None = None

    @model_validator(mode="after")
    def _ranges(self) -> DocxTable:
        for what in ("rows", "cols"):
            lo, hi = getattr(self, f"min_{what}"), getattr(self, f"max_{what}")
            if lo is not None and hi is not None and lo > hi:
                raise ValueError(f"min_{what} ({lo}) is greater than max_{what} ({hi})")
        return self


class DocxImageCount(FileSpec, CountRange):
    """Pictures in the document body (inline and floating). min / max (default ≥ 1)."""

    kind: Literal["docx.image_count"]


class DocxWordCount(FileSpec, CountRange):
    """Words (whitespace-separated tokens with a letter or digit) in the body. min / max.
    include_tables: count text in tables too (default true)."""

    kind: Literal["docx.word_count"]
    include_tables: bool = True


# -- pptx ---------------------------------------------------------------------------------


class PptxSlideCount(FileSpec, CountRange):
    """Number of slides (hidden ones included). min / max."""

    kind: Literal["pptx.slide_count"]


class PptxSlideTitleContains(FileSpec, TextMatch):
    """A slide title matches. slide: 1-based or "any" (default). The title is the title
    placeholder; a slide without one falls back to its topmost text box (said in evidence)."""

    kind: Literal["pptx.slide_title_contains"]
    slide: PositiveInt | AnyOr = "any"


class PptxTextContains(FileSpec, TextMatch):
    """Text on slides (text boxes, placeholders, tables, groups). slide: 1-based, or omitted for
    any slide. contains/regex look at a slide's whole text; exact at single paragraphs.
    include_notes: also search the speaker notes (default false)."""

    kind: Literal["pptx.text_contains"]
    slide: PositiveInt | None = None
    include_notes: bool = False
    # Every one of these must match on the same slide as well (same match / ignore_case):
    # "all four peers are named on slide 4" without a look-ahead regex.
    all_of: list[str] = Field(default_factory=list)


class PptxPictureCount(FileSpec, CountRange):
    """Pictures (including picture placeholders and pictures in groups). slide: 1-based, or
    omitted for the whole deck. min / max (default ≥ 1)."""

    kind: Literal["pptx.picture_count"]
    slide: PositiveInt | None = None


class PptxChartCount(FileSpec, CountRange):
    """Native charts (graphic frames holding a chart). slide optional. min / max (default ≥ 1)."""

    kind: Literal["pptx.chart_count"]
    slide: PositiveInt | None = None


class PptxNotesContain(FileSpec, TextMatch):
    """Speaker notes match. slide: 1-based, or omitted for any slide's notes."""

    kind: Literal["pptx.notes_contain"]
    slide: PositiveInt | None = None


OFFICE_SPECS = (
    XlsxSheetExists, XlsxCellValue, XlsxCellFormula, XlsxChartExists, XlsxRowCount, XlsxColumnCount,
    XlsxHeaders, DocxHeadingExists, DocxParagraphContains, DocxTable, DocxImageCount, DocxWordCount,
    PptxSlideCount, PptxSlideTitleContains, PptxTextContains, PptxPictureCount, PptxChartCount,
    PptxNotesContain,
)

class DocxTableCell(FileSpec, TableLookup):
    """A cell of a Word table found by row key and column header (see TableLookup); header
    rows are the first row of each table; merged cells repeat their text."""

    kind: Literal["docx.table_cell"]


class PptxTableCell(FileSpec, TableLookup):
    """A cell of a slide table found by row key and column header (see TableLookup);
    `slide`: only that slide (1-based), default every slide."""

    kind: Literal["pptx.table_cell"]
    slide: PositiveInt | None = None


class DocxField(FileSpec, DocumentField):
    """The value a label introduces in a Word document (body paragraphs and table rows; see
    DocumentField)."""

    kind: Literal["docx.field"]


class PptxField(FileSpec, DocumentField):
    """The value a label introduces on the slides (see DocumentField). `slide`: only that
    slide; `notes`: "include" (slides and speaker notes), "only" (notes only), or "exclude"
    (default)."""

    kind: Literal["pptx.field"]
    slide: PositiveInt | None = None
    notes: Literal["exclude", "include", "only"] = "exclude"


class PdfField(FileSpec, DocumentField):
    """The value a label introduces in a PDF's text, line by line (see DocumentField);
    `page`: only that page (1-based)."""

    kind: Literal["pdf.field"]
    page: PositiveInt | None = None


class PdfTableCell(FileSpec, TableLookup):
    """A cell of a table in a PDF (PyMuPDF's table finder: ruled or aligned tables) found by
    row key and column header (see TableLookup); `page`: only that page."""

    kind: Literal["pdf.table_cell"]
    page: PositiveInt | None = None


class HtmlTableCell(FileSpec, TableLookup):
    """A cell of an HTML <table> found by row key (a <td> or a row-header <th>) and column
    header (see TableLookup); a restyled page (other column order, extra columns, row
    headers) reads the same."""

    kind: Literal["html.table_cell"]


class HtmlField(FileSpec, DocumentField):
    """The value a label introduces in an HTML page's text blocks or table rows (see
    DocumentField)."""

    kind: Literal["html.field"]


OFFICE_SPECS += (DocxTableCell, PptxTableCell, DocxField, PptxField, PdfField, PdfTableCell, HtmlTableCell, HtmlField)

__all__ = ["OFFICE_SPECS", "ChartType", "StrictModel", "TableCell"]
