"""Comparing one found value (a cell, a CSV field, a JSON value) with an `expected`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from autorater.checks.numbers import fmt_num, to_number, tolerance_of
from autorater.checks.textmatch import clip, describe, text_matches


def as_text(value: Any) -> str:
    """How a value reads as text: 153900.0 -> '153900', True -> 'TRUE', a date -> ISO."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return fmt_num(float(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time(0):
        return value.date().isoformat()  # a date cell: "2024-01-31", not "...T00:00:00"
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def show(value: Any) -> str:
    """A found value for evidence: numbers bare, text quoted and clipped, None as 'empty'."""
    if value is None or value == "":
        return "empty"
    if isinstance(value, str):
        return repr(clip(value))
    return as_text(value)


def compare_expected(found: Any, spec: Any) -> tuple[bool, str]:
    """(passed, rule) for a spec with expected / tolerance / rel_tolerance / match / ignore_case.

    The rule names the comparison and the tolerance used, e.g. 'expected 153900 ± 0.5'."""
    expected = spec.expected
    if isinstance(expected, str):
        ok = text_matches(as_text(found), expected, spec.match, spec.ignore_case)
        return ok, f"expected a value that {describe(expected, spec.match, spec.ignore_case)}"
    tol = tolerance_of(spec)
    rule = f"expected {tol.describe(float(expected))}"
    number = to_number(found)
    if number is None:
        return False, f"{rule}, but the value is not a number"
    for value in number.candidates():
        if tol.ok(value, float(expected)):
            note = f" (read {fmt_num(number.value)}% as {fmt_num(value)})" if value != number.value else ""
            return True, rule + note
    if isinstance(found, str):
        rule += f" (text parsed as {fmt_num(number.value)})"
    return False, rule
