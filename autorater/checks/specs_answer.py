"""The parameters of a check that judges one free-text answer (a Markdown table cell, the
value of a `Label: value` line): what is expected and how hedged or negated answers fail.

Separate from ExpectedValue (cells of spreadsheets, CSV, JSON) because an answer written by
a model can hedge ("72 or 96 px"), deny ("does not comply") or list several candidates, and
the rubric must be able to accept a list of spellings."""

from __future__ import annotations

from typing import Any

from pydantic import Field, StrictFloat, StrictInt, StrictStr, field_validator, model_validator

from autorater.checks.specs_base import NumberTolerance, check_regex
from autorater.checks.textmatch import MatchMode

_YAML_BOOL = (
    "YAML reads an unquoted yes/no/true/false/on/off as a boolean; quote it (expected: \"No\") "
    "or list the spellings (expected: [\"No\", \"N\"])"
)


class AnswerSpec(NumberTolerance):
    """expected: a number (the answer must hold exactly one candidate number, or several all
    within tolerance / rel_tolerance; "72 px", "$1.2M", "12 %" are parsed; numbers in codes
    such as "MU-02" and negated numbers "not 96" are not candidates), a string, or a list of
    acceptable strings (any one passes).
    match (strings): exact (default; the answer, with emphasis, backticks, surrounding
    whitespace and trailing . , ; : ! stripped, equals an expected string), contains or regex
    (searched; a match in a negated clause or offered as an alternative — "X or Y", "X/Y", or
    an answer with "either", "possibly", "maybe", "unclear", "?" — does not count, unless the
    expected text itself contains that marker). ignore_case: default true.
    allow_alternatives: default false; true accepts contains/regex matches that sit next to
    an "or" / "/" alternative (a "Required fix" column that legitimately offers two fixes)."""

    expected: StrictInt | StrictFloat | StrictStr | list[StrictStr] = Field(union_mode="left_to_right")
    match: MatchMode = "exact"
    ignore_case: bool = True
    allow_alternatives: bool = False

    @field_validator("expected", mode="before")
    @classmethod
    def _not_yaml_bool(cls, value: Any) -> Any:
        if isinstance(value, bool) or (isinstance(value, list) and any(isinstance(v, bool) for v in value)):
            raise ValueError(f"expected is a boolean: {_YAML_BOOL}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> AnswerSpec:
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
        return self

    def expected_texts(self) -> list[str]:
        """The acceptable strings ([] for a numeric expected)."""
        if isinstance(self.expected, str):
            return [self.expected]
        return list(self.expected) if isinstance(self.expected, list) else []

    def numeric(self) -> bool:
        return not isinstance(self.expected, (str, list))
