"""Robust number parsing for deliverables and replies, and tolerance comparisons.

Handles what models and spreadsheets write: "1,234.5", "1.234,5" (European), "1 234"
with a no-break or thin space, "$1.2M", "€3.4bn", "12 %", "(1,200)" (accounting
negative), "−5" (Unicode minus), "1.2k", "3 million", "1.5e6".

Deliberate limits (ambiguity is resolved towards *not* inventing numbers):
- a plain space is not a thousands separator in free text ("in 2023 12 items" is two numbers);
- a one-letter scale counts only when attached ("1.2m", "5B"; not "5 m" = metres);
- a number glued to letters or digits before it ("Q3", "FY2024") is not a number;
- in free text "3,4" is 3 and 4 (a list); a whole cell "3,4" is 3.4 (decimal comma).
Pure standard library: imported on the host by the spec tests as well as in the container.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_SCALES: dict[str, float] = {
    "k": 1e3, "thousand": 1e3,
    "m": 1e6, "mm": 1e6, "mn": 1e6, "mln": 1e6, "million": 1e6,
    "b": 1e9, "bn": 1e9, "bln": 1e9, "billion": 1e9,
    "t": 1e12, "tn": 1e12, "trillion": 1e12,
}
_CURRENCY = r"(?:US\$|A\$|C\$|HK\$|S\$|[$€£¥₹₩]|(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\s?)"
_BODY = r"""
    \d{1,3}(?:,\d{3})+(?:\.\d+)?              # 1,234,567.89
  | \d{1,3}(?:\.\d{3})+,\d+                   # 1.234.567,89
  | \d{1,3}(?:\.\d{3}){2,}(?![.,]?\d)         # 1.234.567
  | \d{1,3}(?:[\u00a0\u202f\u2009']\d{3})+(?:[.,]\d+)?   # 1 234 567,8 (no-break/thin space, apostrophe)
  | \d+(?:\.\d+)?                             # 1234.5
  | \.\d+                                     # .5
"""
# Suffixes: attached letters (1.2M, 3bn) or words after at most one space (3 million,
# 3.4 bn). Never followed by another letter ("12 months"). A spaced single letter
# ("Option 2 B", "10 T") is not a scale.
_SUFFIX = r"""
    (?:\s?(?P<word>(?i:thousand|million|billion|trillion|mln|bln|mn|bn|tn))(?![A-Za-z])
     | (?P<attached>MM|[kKmMbBT])(?![A-Za-z]))
"""
_TOKEN = re.compile(
    rf"""
    (?<![\w.])                        # not glued to a word or to another number
    (?P<open>\(\s*)?
    (?P<sign>[-+\u2212\u2013])?
    (?P<cur>{_CURRENCY})?
    (?P<sign2>[-+\u2212])?
    (?P<body>{_BODY})
    (?P<exp>[eE][-+]?\d+(?![A-Za-z]))?
    {_SUFFIX}?
    (?P<pct>\s?(?:%|percent(?![A-Za-z])|per\s?cent(?![A-Za-z])|pct(?![A-Za-z])))?
    (?(open)\s*\))                    # "(1,200)": the parenthesis must close right after
    (?![\d])
    """,
    re.VERBOSE,
)


@dataclass(frozen=True)
class FoundNumber:
    value: float  # signed and scaled: "$1.2M" -> 1200000.0, "12 %" -> 12.0
    raw: str
    start: int
    end: int
    percent: bool = False
    currency: str | None = None  # the currency sign or code written before it ("€", "GBP"), if any

    def candidates(self) -> list[float]:
        """Values this token may stand for: a percentage also counts as a fraction (12 % = 0.12)."""
        return [self.value, self.value / 100] if self.percent else [self.value]


def _body_to_float(body: str, *, whole: bool) -> float:
    body = re.sub(r"[\u00a0\u202f\u2009']", "", body)
    if "," in body and "." in body:
        decimal = "," if body.rfind(",") > body.rfind(".") else "."
        body = body.replace("." if decimal == "," else ",", "").replace(",", ".")
    elif "," in body:
        thousands = re.fullmatch(r"\d{1,3}(?:,\d{3})+", body) is not None
        # A whole cell "3,4" is a decimal comma; "1,234" is a thousands separator either way.
        body = body.replace(",", "") if thousands or not whole else body.replace(",", ".")
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3}){2,}", body):
        body = body.replace(".", "")
    return float(body)


def _from_match(m: re.Match[str], *, whole: bool) -> FoundNumber | None:
    try:
        value = _body_to_float(m.group("body"), whole=whole)
        if m.group("exp"):
            value *= 10 ** int(m.group("exp")[1:])
    except (ValueError, OverflowError):
        return None
    suffix = m.group("word") or m.group("attached")
    if suffix:
        value *= _SCALES[suffix.lower()]
    signs = (m.group("sign") or "") + (m.group("sign2") or "")
    if m.group("open") or any(c in signs for c in "-\u2212\u2013"):
        value = -value
    if not math.isfinite(value):
        return None
    return FoundNumber(value, m.group(0).strip(), m.start(), m.end(), bool(m.group("pct")),
                       (m.group("cur") or "").strip() or None)


_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMBER_WORD_BEFORE = re.compile(
    rf"\b(?:zero|{_UNITS}|{_TEENS}|{_TENS}|hundred|thousand)(?:-(?:{_UNITS}))?\s*$", re.IGNORECASE
)


def find_numbers(text: str) -> list[FoundNumber]:
    """Every number written in free text, in order of appearance.

    "(30)" is an accounting negative, except right after the number in words: legal drafting
    writes "thirty (30) days", which is 30."""
    found = []
    for m in _TOKEN.finditer(text):
        number = _from_match(m, whole=False)
        if number is None:
            continue
        if m.group("open") and number.value < 0 and _NUMBER_WORD_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            number = FoundNumber(-number.value, number.raw, number.start, number.end, number.percent, number.currency)
        found.append(number)
    return found


def parse_number(text: str) -> FoundNumber | None:
    """The number a whole string (a cell, a CSV field) holds, or None if it holds text."""
    stripped = text.strip().replace("\u2212", "-")
    if not stripped:
        return None
    # Decimal comma is accepted for a whole field: "3,4" -> 3.4.
    decimal_comma = rf"(?P<neg>-)?\s*(?:{_CURRENCY})?\s*(?P<n>\d+,\d{{1,2}}|\d+,\d{{4,}})\s*(?:%|{_CURRENCY})?"
    m = re.fullmatch(decimal_comma, stripped)
    if m:
        value = float(m.group("n").replace(",", "."))
        return FoundNumber(-value if m.group("neg") else value, stripped, 0, len(stripped), stripped.endswith("%"))
    m = _TOKEN.match(stripped)
    # A trailing currency after the number is fine: "3.4 €", "100 USD".
    if not m or not re.fullmatch(rf"\s*(?:{_CURRENCY})?\s*", stripped[m.end():]):
        return None
    return _from_match(m, whole=True)


def to_number(value: object) -> FoundNumber | None:
    """A cell/CSV/JSON value as a number: numbers as they are, numeric text parsed, else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        x = float(value)
        return FoundNumber(x, fmt_num(x), 0, 0) if math.isfinite(x) else None
    if isinstance(value, str):
        return parse_number(value)
    return None


@dataclass(frozen=True)
class Tolerance:
    """Absolute and/or relative tolerance; a value passes if it is within either.

    A hair of float slack (1e-9 relative) is always added so 0.1 + 0.2 equals 0.3;
    it is too small to change any verdict a rubric could mean."""

    abs_tol: float = 0.0
    rel_tol: float = 0.0

    def allowed(self, expected: float) -> float:
        return max(self.abs_tol, self.rel_tol * abs(expected))

    def ok(self, found: float, expected: float) -> bool:
        slack = 1e-9 * max(1.0, abs(expected))
        return abs(found - expected) <= self.allowed(expected) + slack

    def describe(self, expected: float) -> str:
        """e.g. '153900 ± 0.5', '153900 ± 1% (= 1539)', '153900 exactly (± 0)'."""
        e = fmt_num(expected)
        if self.abs_tol == 0 and self.rel_tol == 0:
            return f"{e} exactly (± 0)"
        rel = f"{fmt_num(self.rel_tol * 100)}% (= {fmt_num(self.rel_tol * abs(expected))})"
        if self.rel_tol == 0:
            return f"{e} ± {fmt_num(self.abs_tol)}"
        if self.abs_tol == 0:
            return f"{e} ± {rel}"
        return f"{e} ± max({fmt_num(self.abs_tol)}, {rel})"


def tolerance_of(spec: object) -> Tolerance:
    """Tolerance from a spec's optional `tolerance` / `rel_tolerance` fields."""
    return Tolerance(getattr(spec, "tolerance", None) or 0.0, getattr(spec, "rel_tolerance", None) or 0.0)


def best_match(found: list[FoundNumber], expected: float, tol: Tolerance) -> tuple[FoundNumber, float] | None:
    """The first number (or its fraction reading, for a percentage) within tolerance."""
    for number in found:
        for value in number.candidates():
            if tol.ok(value, expected):
                return number, value
    return None


def closest(found: list[FoundNumber], expected: float) -> FoundNumber | None:
    return min(found, key=lambda n: min(abs(v - expected) for v in n.candidates()), default=None)


def fmt_num(x: float) -> str:
    """Compact, exact-looking: 153900.0 -> '153900', 0.125 -> '0.125', 1e20 -> '1e+20'."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.10g}"
