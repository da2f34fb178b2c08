"""Spec models for tabular data (csv, json) and the agent's final reply."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, PositiveInt, StrictFloat, StrictInt, StrictStr, field_validator, model_validator

from autorater.checks.specs_base import AnyOr, ExpectedValue, FileSpec, NumberTolerance, StrictModel, check_regex
from autorater.checks.textmatch import MatchMode

_SEGMENT = re.compile(r"""\.?([^.\[\]]+)|\[(\d+)\]|\[["']([^"']*)["']\]""")


def parse_json_path(path: str) -> list[str | int]:
    """'a.b[0].c', 'a.b.0.c', '$.a["key.with.dots"]' -> ['a', 'b', 0, 'c'] ...

    A bare all-digit segment ("a.0") is a list index when the value there is a list and a
    key otherwise; the evaluator decides, so it stays a str here. Raises ValueError."""
    text = path[1:] if path.startswith("$") else path
    parts: list[str | int] = []
    pos = 0
    while pos < len(text):
        m = _SEGMENT.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"cannot parse path {path!r} at position {pos + (len(path) - len(text))}")
        key, index, quoted = m.groups()
        parts.append(int(index) if index is not None else (quoted if quoted is not None else key))
        pos = m.end()
    if not parts:
        raise ValueError("path is empty")
    return parts


class _Delimited(FileSpec):
    delimiter: str | None = Field(default=None, min_length=1, max_length=1)


class CsvColumnExists(_Delimited):
    """A header (first row) named `column`; ignore_case default true (names normalised).
    delimiter: default sniffed among , ; tab |. Encoding: UTF-8 (with or without BOM), else Latin-1."""

    kind: Literal["csv.column_exists"]
    column: str = Field(min_length=1)
    ignore_case: bool = True


class CsvValue(_Delimited, ExpectedValue):
    """The value in `column` of one row. The row is selected either by key_column + key (the
    first data row whose key cell equals `key`, compared as numbers when both are numeric,
    otherwise as normalised case-insensitive text) or by `row` (1-based data row, header
    excluded). expected / tolerance / rel_tolerance / match / ignore_case as in ExpectedValue."""

    kind: Literal["csv.value"]
    column: str = Field(min_length=1)
    key_column: str | None = Field(default=None, min_length=1)
    key: StrictStr | StrictInt | StrictFloat | None = None
    row: PositiveInt | None = None

    @model_validator(mode="after")
    def _row_selector(self) -> CsvValue:
        by_key = self.key_column is not None or self.key is not None
        if by_key and (self.key_column is None or self.key is None):
            raise ValueError("key_column and key go together")
        if by_key == (self.row is not None):
            raise ValueError("select the row with either key_column + key or row")
        return self


class _JsonPath(FileSpec):
    path: str = Field(min_length=1)

    @field_validator("path")
    @classmethod
    def _parses(cls, path: str) -> str:
        parse_json_path(path)
        return path


class JsonKeyExists(_JsonPath):
    """The value at `path` exists (it may be null). Paths: 'a.b[0].c', 'a.b.0.c', '$.a',
    '["key.with.dots"]'."""

    kind: Literal["json.key_exists"]


class JsonValue(_JsonPath, NumberTolerance):
    """The value at `path`. expected: a number (tolerance applies; numeric strings such as
    "1,234" in the file are parsed), a string (match exact/contains/regex, ignore_case default
    true), or true/false/null/list/object (compared for equality)."""

    kind: Literal["json.value"]
    expected: Any
    match: MatchMode = "exact"
    ignore_case: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> JsonValue:
        numeric = isinstance(self.expected, (int, float)) and not isinstance(self.expected, bool)
        if not numeric and (self.tolerance is not None or self.rel_tolerance is not None):
            raise ValueError("tolerance/rel_tolerance apply only to a numeric expected value")
        if self.match != "exact" and not isinstance(self.expected, str):
            raise ValueError("match applies only to a text expected value")
        if self.match == "regex":
            check_regex(self.expected, "expected")
        return self


# -- the final reply (final_reply.md; these kinds take no `file`) ---------------------------


class Sectioned(StrictModel):
    """section: a heading text (or a list of them): look only inside the Markdown sections
    whose heading contains it (whole words, case-insensitive), each from its heading to the
    next heading of the same or a higher level (sub-headings stay inside; a bold-only line
    counts as a heading). When no heading matches, the check fails if the whole text would
    fail too, and is undecided if the whole text would pass (the answer may be elsewhere)."""

    section: StrictStr | list[StrictStr] | None = None

    def sections(self) -> list[str]:
        if self.section is None:
            return []
        return [self.section] if isinstance(self.section, str) else list(self.section)


class ReplyRegex(Sectioned):
    """pattern: an RE2 regex (Python syntax without look-around or back-references) searched
    in the reply (MULTILINE; ignore_case default true).
    must_match: default true; false means the pattern must NOT occur.
    negation_guard: default false; true ignores matches in a negated clause ("no", "not",
    "never", "without", "n't", "rather than", "instead of", "... is not recommended" in the
    same clause within ~6 words; see negation.py) unless the pattern needs the cue to match.
    With must_match true one asserted match passes; with must_match false only an asserted
    match fails. The evidence quotes the rejected matches."""

    kind: Literal["reply.regex"]
    pattern: str = Field(min_length=1)
    ignore_case: bool = True
    must_match: bool = True
    negation_guard: bool = False
    hedge_guard: bool = False  # also refuse a match offered as one of several ("#7A3E9D or #9F63C2") or hedged

    @model_validator(mode="after")
    def _compiles(self) -> ReplyRegex:
        check_regex(self.pattern, "pattern")
        return self


class ReplyNumber(Sectioned, NumberTolerance):
    """A number within tolerance of `expected` appears in the reply (parsed robustly:
    "1,234.5", "$1.2M", "12 %", "€3.4bn", "(1,200)" = -1200, "1.2k"; a percentage also
    matches its fraction, 12 % = 0.12). label / window: as in pdf.number_near.
    single_candidate (needs label): fail when the window(s) around the label hold two or more
    different numbers not all within tolerance ("72 or 96 px": a hedged answer). Numbers in
    codes ("MU-02", "#7A3E9D"), the "1" of a ratio "4.5:1" and negated numbers ("not 96")
    are not candidates."""

    kind: Literal["reply.number"]
    expected: float
    label: str | None = Field(default=None, min_length=1)
    aliases: list[str] = Field(default_factory=list)  # other words for the label
    window: PositiveInt = 80
    single_candidate: bool = False
    unit: str | None = Field(default=None, min_length=1)

    @field_validator("unit")
    @classmethod
    def _unit_known(cls, value: str | None) -> str | None:
        if value is not None:
            from autorater.checks.units import resolve  # noqa: PLC0415

            resolve(value)
        return value

    @model_validator(mode="after")
    def _candidates_need_label(self) -> ReplyNumber:
        if self.single_candidate and self.label is None:
            raise ValueError("single_candidate needs a `label` (the numbers near it are the candidates)")
        return self


class ReplyMentionsAll(Sectioned):
    """Every item of `items` occurs in the reply (case-insensitive by default, whitespace
    normalised). An item may be a list of synonyms, any one of which counts ("peak",
    "highest", "maximum"). regex: treat the items as RE2 regexes (default false: plain text).
    negation_guard: default false; true requires each item to occur at least once outside a
    negated clause (as in reply.regex)."""

    kind: Literal["reply.mentions_all"]
    items: list[StrictStr | list[StrictStr]] = Field(min_length=1)
    regex: bool = False
    ignore_case: bool = True
    negation_guard: bool = False
    hedge_guard: bool = False  # also refuse a mention offered as one of several or hedged in its clause

    @model_validator(mode="after")
    def _compiles(self) -> ReplyMentionsAll:
        for i, item in enumerate(self.items):
            if isinstance(item, list) and not item:
                raise ValueError(f"items[{i}]: an empty list of synonyms")
            if self.regex:
                for j, one in enumerate([item] if isinstance(item, str) else item):
                    check_regex(one, f"items[{i}]" if isinstance(item, str) else f"items[{i}][{j}]")
        return self

    def synonyms(self) -> list[list[str]]:
        return [[item] if isinstance(item, str) else list(item) for item in self.items]


class TableLookup(ExpectedValue):
    """One cell of a table found by its row key and column header, never by position, so a
    table with extra columns, another column order, a caption row above it or more tables
    around it still reads right. The row is the one whose `key_column` cell (header text or
    1-based index, default 1) equals `row` or one of its `aliases` after markdown emphasis,
    backticks and links are stripped (row_match: exact, case-insensitive; or contains / regex).
    `column`: a header (case-insensitive prefix of the header cell after stripping emphasis:
    "Complies" finds "Complies (Yes/No)"; an exact header wins) or a 1-based index. `table`:
    a 1-based index, "any" (default: the first table that has both columns and the row), or
    a header text (the tables whose header row has a cell containing it). The cell is judged
    as in ExpectedValue. Fails, quoting the cell, when no table has the row and column, or
    when several rows match and disagree."""

    row: StrictStr | StrictInt = Field(union_mode="left_to_right")
    row_match: MatchMode = "exact"
    aliases: list[str] = Field(default_factory=list)  # other keys for the row
    key_column: StrictStr | PositiveInt = 1
    column: StrictStr | PositiveInt
    table: PositiveInt | AnyOr | StrictStr = "any"

    @field_validator("table", mode="before")
    @classmethod
    def _table_ref(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"should be a 1-based table index, \"any\" or a header text, got {value!r}")
        return value

    @field_validator("row", mode="before")
    @classmethod
    def _row_text(cls, value: Any) -> Any:
        if isinstance(value, (bool, float)):
            raise ValueError(f"read by YAML as {value!r}, not as text; quote it (row: \"4.10\", row: \"No\")")
        return value

    @field_validator("column", "key_column", mode="before")
    @classmethod
    def _column_ref(cls, value: Any) -> Any:
        ok_text = isinstance(value, str) and value.strip()
        ok_index = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        if not (ok_text or ok_index):
            raise ValueError(f"should be a header text or a 1-based column index, got {value!r}")
        return value

    @model_validator(mode="after")
    def _row_ok(self) -> TableLookup:
        if isinstance(self.row, str) and not self.row.strip():
            raise ValueError("row must not be empty")
        if self.row_match == "regex":
            check_regex(str(self.row), "row")
        return self


class ReplyTableCell(Sectioned, TableLookup):
    """A cell of a Markdown (GFM pipe) table in the reply, found as in TableLookup."""

    kind: Literal["reply.table_cell"]


class DocumentField(ExpectedValue):
    """The value a label introduces in a document's text: for each paragraph, line or table
    row where `label` (or one of its `aliases`) occurs as whole words, the text right after
    it (past ":", "-", "=", up to `window` characters, the end of its paragraph or line) is
    read as an answer and judged as in ExpectedValue. In a table row the value is the cell
    under `column` (a header) when given, else each other cell of the row. Free text repeats
    itself, so one passing place is enough; when none passes, a place that cannot be decided
    leaves the check undecided, otherwise it fails."""

    label: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)
    window: PositiveInt = 120
    column: StrictStr | None = None


class ReplyField(Sectioned, ExpectedValue):
    """A labelled line in the reply: `Label: value`, `Label - value` / `Label — value`, with
    an optional list bullet or heading mark, emphasis around the label (`**Label:** value`,
    `**Label**: value`) and an optional parenthetical after it (`Label (units): value`). The
    label is matched case-insensitively, whole. An empty value takes the next non-empty
    line. The value is judged as in ExpectedValue. Fails when no line carries the label, or when
    several do and they disagree (one passes, another fails)."""

    kind: Literal["reply.field"]
    label: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)  # other words for the label (any one is the label)


# -- plain-text deliverables (md, txt, ...): the reply checks, on a file named by `file` ----


class TextRegex(FileSpec, ReplyRegex):
    """reply.regex on a text deliverable (Markdown, plain text, ...) named by `file`."""

    kind: Literal["text.regex"]  # type: ignore[assignment]


class TextNumber(FileSpec, ReplyNumber):
    """reply.number on a text deliverable named by `file`."""

    kind: Literal["text.number"]  # type: ignore[assignment]


class TextMentionsAll(FileSpec, ReplyMentionsAll):
    """reply.mentions_all on a text deliverable named by `file`."""

    kind: Literal["text.mentions_all"]  # type: ignore[assignment]


class TextTableCell(FileSpec, ReplyTableCell):
    """reply.table_cell on a text deliverable named by `file`."""

    kind: Literal["text.table_cell"]  # type: ignore[assignment]


class TextField(FileSpec, ReplyField):
    """reply.field on a text deliverable named by `file`."""

    kind: Literal["text.field"]  # type: ignore[assignment]


DATA_SPECS = (CsvColumnExists, CsvValue, JsonKeyExists, JsonValue, ReplyRegex, ReplyNumber, ReplyMentionsAll,
              ReplyTableCell, ReplyField, TextRegex, TextNumber, TextMentionsAll, TextTableCell, TextField)
