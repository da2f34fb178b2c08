"""Building blocks of the check specs: the base model and the reusable parameter groups.

Every model forbids unknown fields, so a typo ("tolerence") is refused when the rubric is
validated instead of silently ignored at grading time."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeFloat, StrictFloat, StrictInt, StrictStr, field_validator, model_validator

from autorater.checks.rx import regex_problem
from autorater.checks.textmatch import MatchMode

Count = int  # a non-negative integer bound; validated by Field(ge=0)


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FileSpec(StrictModel):
    """Base of every deliverable check.

    file: deliverable path relative to the deliverables folder; when omitted, the rubric
    criterion's `file` is used (the caller supplies it)."""

    file: str | None = Field(default=None, min_length=1)


class CountRange(StrictModel):
    """min / max: inclusive bounds on a count. Neither given means "at least 1"."""

    min: Count | None = Field(default=None, ge=0)
    max: Count | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> CountRange:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self

    def bounds(self) -> tuple[int, int | None]:
        if self.min is None and self.max is None:
            return 1, None
        return self.min or 0, self.max

    def count_ok(self, n: int) -> bool:
        lo, hi = self.bounds()
        return n >= lo and (hi is None or n <= hi)

    def describe_bounds(self) -> str:
        lo, hi = self.bounds()
        if hi is None:
            return f"≥ {lo}"
        return f"= {lo}" if lo == hi else f"between {lo} and {hi}"


def _check_regex(pattern: str, where: str) -> None:
    """Rubric patterns run on RE2 (rx.py): one RE2 refuses is refused here, naming the field."""
    problem = regex_problem(pattern)
    if problem is not None:
        raise ValueError(f"{where} is not a valid RE2 regular expression: {problem}")


class TextMatch(StrictModel):
    """text: what to look for. match: exact (a whole unit — paragraph, line, heading, title,
    cell — equals it), contains (substring) or regex (Python syntax, searched).
    ignore_case: default true. Whitespace and typographic quotes/dashes are normalised."""

    text: str = Field(min_length=1)
    match: MatchMode = "contains"
    ignore_case: bool = True
    aliases: list[str] = Field(default_factory=list)  # other words for `text` (any one matches)

    @model_validator(mode="after")
    def _regex_compiles(self) -> TextMatch:
        if self.match == "regex":
            _check_regex(self.text, "text")
        return self

    def texts(self) -> list[str]:
        """`text` and its aliases (an alias is matched like `text`; a regex's aliases are literal)."""
        if self.match == "regex":
            import re  # noqa: PLC0415

            return [self.text, *(re.escape(a) for a in self.aliases)]
        return [self.text, *self.aliases]


class NumberTolerance(StrictModel):
    """tolerance: absolute (≥ 0); rel_tolerance: relative, as a fraction (0.01 = 1%).
    A number passes if it is within either. Neither given: exact (plus float rounding slack)."""

    tolerance: NonNegativeFloat | None = None
    rel_tolerance: NonNegativeFloat | None = None


DateOrder = Literal["DMY", "MDY", "YMD"]
_YAML_BOOL = (
    "YAML reads an unquoted yes/no/true/false/on/off as a boolean; quote it (expected: \"No\") "
    "or list the spellings (expected: [\"No\", \"N\"])"
)


class ExpectedValue(NumberTolerance):
    """What a found value (a spreadsheet, docx, CSV cell; a reply's table cell or labelled
    line) must be, and how it is judged; what a written value commits to is defined once, in
    value.py (numbers in cells are compared directly, text cells are read like answers).

    expected: a number (the committed number must be within tolerance / rel_tolerance;
    context — brackets, text after a spaced dash or semicolon, superseded figures, codes,
    dates — never competes; an alternative joined to it, "12 or 13", fails), a string, or a
    list of acceptable strings (any one passes).
    unit (numbers): the unit `expected` is in (pint: kWh, m^2, mm, mA, px, %, degC...);
    numbers written in another unit of the same dimension are converted (412.3 MWh =
    412,300 kWh), numbers in another dimension are not candidates ("11 rooms").
    date: true reads `expected` as an ISO date, YYYY-MM (a month) or YYYY-MM-DD (a day), and
    the answer as a date in any common writing ("Jul-24", "07/2024", "16 May 2025");
    date_order: how "05/03/2025" reads (DMY default, MDY, YMD).
    match (strings): exact (default; the whole answer, its head or the head's first clause,
    with emphasis, backticks and trailing . , ; : ! stripped, equals an expected string),
    contains or regex (RE2; searched in the whole answer, its head and first clause, so an
    anchored pattern accepts trailing context; a match in a negated clause, next to an "or" /
    "/" alternative, in a hedged head — either, possibly, maybe, probably, unclear, TBD, "?" —
    or in superseded context does not count, unless the expected text itself contains that
    marker). ignore_case: default true.
    match all (a list answer, "Scaled rooms: Office 1, Office 2, ..."): every expected item
    (a phrase; "Accessible WC|WC" gives synonyms) appears asserted — not negated, not in
    superseded context — and no item of `exclude` does; a hedge in the answer fails it.
    allow_alternatives: default false; true accepts contains/regex matches that sit next to
    an "or" / "/" alternative (a "Required fix" column that legitimately offers two fixes).
    An answer that cannot be told apart (the first figure wrong, a later one right; the
    expected text only in context) is undecided: the judge decides it."""

    expected: StrictInt | StrictFloat | StrictStr | list[StrictStr] = Field(union_mode="left_to_right")
    match: MatchMode | Literal["all"] = "exact"
    ignore_case: bool = True
    allow_alternatives: bool = False
    exclude: list[StrictStr] = Field(default_factory=list)
    unit: str | None = Field(default=None, min_length=1)
    date: bool = False
    date_order: DateOrder = "DMY"

    @field_validator("unit")
    @classmethod
    def _unit_known(cls, value: str | None) -> str | None:
        if value is not None:
            from autorater.checks.units import resolve  # noqa: PLC0415 - pint loads only for specs naming a unit

            resolve(value)
        return value

    def resolved_unit(self) -> Any:
        if self.unit is None:
            return None
        from autorater.checks.units import resolve  # noqa: PLC0415

        return resolve(self.unit)

    @field_validator("expected", mode="before")
    @classmethod
    def _not_yaml_bool(cls, value: Any) -> Any:
        if isinstance(value, bool) or (isinstance(value, list) and any(isinstance(v, bool) for v in value)):
            raise ValueError(f"expected is a boolean: {_YAML_BOOL}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> ExpectedValue:
        texts = self.expected_texts()
        if isinstance(self.expected, list) and not texts:
            raise ValueError("expected: give at least one acceptable string")
        if any(not t.strip() for t in texts):
            raise ValueError("expected: an acceptable string must not be empty")
        if texts and (self.tolerance is not None or self.rel_tolerance is not None):
            raise ValueError("tolerance/rel_tolerance apply only to a numeric expected value")
        if not texts and self.match != "exact":
            raise ValueError("match applies only to a text expected value (a string or a list of strings)")
        if self.match == "regex":
            for i, text in enumerate(texts):
                check_regex(text, "expected" if isinstance(self.expected, str) else f"expected[{i}]")
        if self.unit is not None and texts:
            raise ValueError("unit applies only to a numeric expected value")
        if self.exclude and self.match != "all":
            raise ValueError("exclude applies only to match: all")
        if self.date:
            from autorater.checks.dates import parse_expected  # noqa: PLC0415

            if not texts or self.match != "exact":
                raise ValueError("date: true needs expected ISO date string(s) and match exact")
            for text in texts:
                parse_expected(text)
        return self

    def expected_texts(self) -> list[str]:
        """The acceptable strings ([] for a numeric expected)."""
        if isinstance(self.expected, str):
            return [self.expected]
        return list(self.expected) if isinstance(self.expected, list) else []

    def numeric(self) -> bool:
        return not isinstance(self.expected, (str, list))


SheetName = str
SlideIndex = int  # 1-based
AnyOr = Literal["any"]


def check_regex(pattern: str | None, where: str) -> None:
    if pattern is not None:
        _check_regex(pattern, where)
