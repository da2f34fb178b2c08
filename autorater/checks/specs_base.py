"""Building blocks of the check specs: the base model and the reusable parameter groups.

Every model forbids unknown fields, so a typo ("tolerence") is refused when the rubric is
validated instead of silently ignored at grading time."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeFloat, StrictFloat, StrictInt, StrictStr, model_validator

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
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"{where} is not a valid regular expression: {exc}") from None


class TextMatch(StrictModel):
    """text: what to look for. match: exact (a whole unit — paragraph, line, heading, title,
    cell — equals it), contains (substring) or regex (Python syntax, searched).
    ignore_case: default true. Whitespace and typographic quotes/dashes are normalised."""

    text: str = Field(min_length=1)
    match: MatchMode = "contains"
    ignore_case: bool = True

    @model_validator(mode="after")
    def _regex_compiles(self) -> TextMatch:
        if self.match == "regex":
            _check_regex(self.text, "text")
        return self


class NumberTolerance(StrictModel):
    """tolerance: absolute (≥ 0); rel_tolerance: relative, as a fraction (0.01 = 1%).
    A number passes if it is within either. Neither given: exact (plus float rounding slack)."""

    tolerance: NonNegativeFloat | None = None
    rel_tolerance: NonNegativeFloat | None = None


Expected = StrictInt | StrictFloat | StrictStr


class ExpectedValue(NumberTolerance):
    """expected: a JSON number (compared numerically with the tolerance; numeric text such as
    "$1,234" in the deliverable is parsed) or a JSON string (compared as text with `match`,
    default exact, and `ignore_case`, default true). A tolerance only makes sense with a number."""

    expected: Expected
    match: MatchMode = "exact"
    ignore_case: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> ExpectedValue:
        if isinstance(self.expected, str):
            if self.tolerance is not None or self.rel_tolerance is not None:
                raise ValueError("tolerance/rel_tolerance apply only to a numeric expected value")
            if self.match == "regex":
                _check_regex(self.expected, "expected")
        elif self.match != "exact":
            raise ValueError("match applies only to a text expected value")
        return self


SheetName = str
SlideIndex = int  # 1-based
AnyOr = Literal["any"]


def check_regex(pattern: str | None, where: str) -> None:
    if pattern is not None:
        _check_regex(pattern, where)
