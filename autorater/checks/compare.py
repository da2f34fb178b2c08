"""Comparing one found value (a cell, a CSV field, a JSON value) with an `expected`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from autorater.checks.answer import judge, rule_of
from autorater.checks.dates import as_date
from autorater.checks.numbers import fmt_num, tolerance_of
from autorater.checks.textmatch import clip
from autorater.checks.value import State


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


def compare_expected(found: Any, spec: Any, *, percent_cell: bool = False) -> tuple[State, str]:
    """(pass | fail | undecided, rule) for a found cell value against an ExpectedValue.

    Numbers (a numeric cell) are compared with the tolerance; a cell formatted as a
    percentage also reads as its percentage (0.126 shown as 12.6 % equals 12.6); a date cell
    compares as a date. Text is read as a written answer (value.py): "139.90 m²", "347m",
    "13 (12 printed + 1 new)" and an anchored pattern followed by context all read right."""
    rule = rule_of(spec)
    if spec.date:
        day = as_date(found)
        if day is not None:
            from autorater.checks.dates import parse_expected  # noqa: PLC0415

            ok = any(parse_expected(t).matches(day) for t in spec.expected_texts())
            return ("pass" if ok else "fail"), f"{rule} (a date cell: {day.isoformat()})"
    if spec.numeric() and isinstance(found, (int, float)) and not isinstance(found, bool):
        tol, expected = tolerance_of(spec), float(spec.expected)
        readings = [float(found)] + ([float(found) * 100] if percent_cell else [])
        unit = spec.resolved_unit()
        if unit is not None and str(unit.pint_unit) == "percent" and abs(float(found)) <= 1.5:
            readings.append(float(found) * 100)
        for value in readings:
            if tol.ok(value, expected):
                note = f" (read {fmt_num(float(found))} as {fmt_num(value)} %)" if value != float(found) else ""
                return "pass", rule + note
        return "fail", rule
    if found is None or (isinstance(found, str) and not found.strip()):
        return "fail", f"{rule}, but the cell is empty"
    judged = judge(as_text(found), spec)
    return judged.state, f"{rule}: {judged.reason}"
