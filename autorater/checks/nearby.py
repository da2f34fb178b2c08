"""Finding a number within tolerance, optionally near a label (pdf.number_near, reply.number)."""

from __future__ import annotations

import bisect
import re

from autorater.checks.numbers import FoundNumber, Tolerance, best_match, find_numbers, fmt_num
from autorater.checks.textmatch import normalize, snippet


def numbers_near(text: str, label: str | None, window: int) -> list[FoundNumber] | None:
    """The numbers of the normalised `text` within `window` characters of any occurrence of
    `label` (all numbers without a label); None when the label does not occur. Numbers
    inside the label itself ("2024 revenue") never count."""
    numbers = find_numbers(text)
    if label is None:
        return numbers
    spans = [(m.start(), m.end()) for m in re.finditer(re.escape(normalize(label)), text, re.IGNORECASE)]
    if not spans:
        return None
    starts = [s for s, _ in spans]  # in order: only the spans that can lie within `window` are tried
    longest = max(e - s for s, e in spans)

    def near(n: FoundNumber) -> bool:
        lo = bisect.bisect_left(starts, n.start - window - longest)
        hi = bisect.bisect_right(starts, n.end + window)
        return any(_gap(n, s) <= window and not _inside(n, s) for s in spans[lo:hi])

    return [n for n in numbers if near(n)]


def number_near_label(
    text: str, expected: float, tol: Tolerance, label: str | None, window: int
) -> tuple[str | None, list[str]]:
    """(description of the matching number, or None; raw numbers that were eligible).

    Text is normalised first (whitespace collapsed), so `window` counts characters of the
    normalised text between the label and the number, on either side."""
    text = normalize(text)
    numbers = numbers_near(text, label, window)
    if numbers is None:
        return None, []
    match = best_match(numbers, expected, tol)
    if match is None:
        return None, [n.raw for n in numbers]
    number, value = match
    reading = f" = {fmt_num(value)}" if number.raw != fmt_num(value) else ""
    near = f" near {label!r}" if label else ""
    return f"found {number.raw!r}{reading}{near} in {snippet(text, number.start, number.end)!r}", []


def _gap(n: FoundNumber, span: tuple[int, int]) -> int:
    start, end = span
    if n.start >= end:
        return n.start - end
    if n.end <= start:
        return start - n.end
    return 0


def _inside(n: FoundNumber, span: tuple[int, int]) -> bool:
    return n.start >= span[0] and n.end <= span[1]


def label_found(text: str, label: str) -> bool:
    return re.search(re.escape(normalize(label)), normalize(text), re.IGNORECASE) is not None
