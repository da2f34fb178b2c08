"""Dates as people and spreadsheets write them (dateparser): "July 2024", "Jul-24", "2024-07",
"07/2024", "16 May 2025", "May 16th, 2025", "16/05/2025", "2025-05-16", real Excel date cells.

A rubric gives the expected date in ISO form; its precision is the precision of the answer
it asks for: "2024-07" is a month (any day of July 2024 written as a day still matches,
"July 2024" matches), "2025-05-16" is a day. A date written without a year takes the expected
year ("July" for a 2024 data set). Day-first is the default reading of "05/03/2025" (the
showcase is British); a rubric can say `date_order: MDY`.

Explicit month formats are tried before dateparser's free reading, because dateparser reads
"Jul-24" as the 24th of July of the current year."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal

from autorater.checks.textmatch import clip, strip_markup
from autorater.checks.value import MONTHS, Outcome, offered_alternative, read, text_alternative

DateOrder = Literal["DMY", "MDY", "YMD"]
_ISO = re.compile(r"^(\d{4})-(\d{2})(?:-(\d{2}))?$")
_MONTH_FORMATS = ("%b-%y", "%B-%y", "%b '%y", "%B '%y", "%m/%Y", "%m-%Y", "%m.%Y", "%Y-%m",
                  "%Y/%m", "%B %Y", "%b %Y", "%b. %Y", "%B, %Y", "%b-%Y", "%B-%Y")
_LEAD = re.compile(r"^(?:on|by|in|dated|due|from|since|before|until|the)\s+", re.IGNORECASE)
_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b", re.IGNORECASE)


@dataclass(frozen=True)
class ExpectedDate:
    """An ISO date a rubric expects: a month ("2024-07") or a day ("2025-05-16")."""

    year: int
    month: int
    day: int | None

    @property
    def precision(self) -> str:
        return "month" if self.day is None else "day"

    def describe(self) -> str:
        return f"{self.year:04d}-{self.month:02d}" + (f"-{self.day:02d}" if self.day else "")

    def matches(self, found: dt.date) -> bool:
        same_month = (found.year, found.month) == (self.year, self.month)
        return same_month and (self.day is None or found.day == self.day)


def parse_expected(text: str) -> ExpectedDate:
    """ValueError (for spec validation) unless `text` is YYYY-MM or YYYY-MM-DD."""
    m = _ISO.match(text.strip())
    if not m:
        raise ValueError(f"expected date {text!r} should be ISO: YYYY-MM (a month) or YYYY-MM-DD (a day)")
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None
    dt.date(year, month, day or 1)  # raises ValueError for 2024-13
    return ExpectedDate(year, month, day)


def read_date(text: str, expected: ExpectedDate, order: DateOrder = "DMY") -> dt.date | None:
    """The one date `text` (a short answer) states, or None. A month-only answer reads as the
    first of that month; an answer without a year takes the expected year."""
    text = _ORDINAL.sub("", _LEAD.sub("", text.strip().strip(".,;:")))
    if not text or len(text) > 60 or not re.search(r"\d|[A-Za-z]{3}", text):
        return None
    for fmt in _MONTH_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    import dateparser  # noqa: PLC0415 - slow to import; only date checks load it

    settings = {
        "DATE_ORDER": order, "PREFER_DAY_OF_MONTH": "first", "PREFER_DATES_FROM": "current_period",
        "RELATIVE_BASE": dt.datetime(expected.year, expected.month, 1), "STRICT_PARSING": False,
        "REQUIRE_PARTS": ["month"],
    }
    found = dateparser.parse(text, languages=["en"], settings=settings)
    return found.date() if found else None


def as_date(value: object) -> dt.date | None:
    """A cell value that is a date (openpyxl gives datetime for date-formatted cells)."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return None


_QUARTER = re.compile(r"\b(?:Q[1-4]|H[12]|[1-4](?:st|nd|rd|th)\s+quarter)\b", re.IGNORECASE)
_RANGE = re.compile(rf"\b\d{{1,2}}\s*(?:-|to|and)\s*\d{{1,2}}(?:st|nd|rd|th)?\s+[A-Za-z]{{3}}"
                    rf"|\b{MONTHS}\s*(?:-|to|and|/)\s*{MONTHS}", re.IGNORECASE)


def judge_date(value: str, expected: list[str], order: DateOrder = "DMY") -> Outcome:
    """A written date against ISO expectations (value.py's reading: the head commits; an
    alternative, a range, a hedge or a denial fails; a quarter is not a month)."""
    text = strip_markup(value)
    reading = read(text)
    wanted = [parse_expected(t) for t in expected]
    denial = reading.denial()
    if denial is not None:
        return Outcome("fail", f"{clip(text)!r} opens with a denial ({denial!r}), not a date")
    alt = text_alternative(reading.head, []) or reading.hedge()
    aside = offered_alternative(reading)
    if alt is not None or aside is not None or _RANGE.search(reading.head):
        return Outcome("fail", f"{clip(text)!r} offers more than one date ({alt or (aside and clip(aside.text, 30)) or 'a range'!r})")
    if _QUARTER.search(reading.head):
        return Outcome("fail", f"{clip(text)!r} gives a quarter or half-year, not a {wanted[0].precision}")
    for part in (reading.head_text, reading.first_clause(), text):
        found = read_date(part, wanted[0], order)
        if found is None:
            continue
        if any(w.matches(found) for w in wanted):
            return Outcome("pass", f"{clip(text)!r} reads as {found.isoformat()}")
        return Outcome("fail", f"{clip(text)!r} commits to {found.isoformat()} ({wanted[0].precision} precision)")
    for aside in reading.asides:
        found = read_date(aside.text, wanted[0], order)
        if found is not None and any(w.matches(found) for w in wanted) and not aside.superseded:
            return Outcome("undecided", f"{clip(text)!r}: the expected date is only in context ({clip(aside.text, 40)!r})")
    head = reading.head_text
    date_like = re.search(MONTHS, head, re.IGNORECASE) or len(re.findall(r"\d+", head)) >= 2 or re.search(r"\b\d{4}\b", head)
    if not date_like:
        return Outcome("fail", f"{clip(text)!r} states no date (no month, no day-month-year figures)")
    return Outcome("undecided", f"{clip(text)!r}: no date could be read with confidence")
