"""What a written answer commits to. The one definition of a value's meaning that every check
reading a short answer uses: a `Label: value` line, a Markdown or docx table cell, a text
cell of a workbook.

A grader reads `Door leaves: 13 — 12 printed swings plus the red-pen door` as 13, and
`Door leaves: 12 or 13` as no answer. So do we:

- **The committed answer is the head of the value**: what the label introduces, up to the
  first context boundary (a semicolon, a spaced dash, the end of the first sentence).
  Brackets are context wherever they stand. After an `=`, the result is the answer
  (`4.65 × 4.20 = 19.53 m²`).
- **Context never competes with it**: numbers in brackets or after a boundary; numbers that
  are not quantities (codes and identifiers `MU-02`, `FF-01`, `Bylaw 2025-03`, `Policy 7.4.2`;
  dates `July 2024`, `16/05/2025`; the `1` of a ratio `4.5:1`; tolerances `±5 %`); numbers
  marked superseded (`printed 48`, `was 12`, `previously`, `not 96`, `vs`, `up from`); with
  a rubric unit, numbers in another dimension (`11 rooms` next to `139.90 m²`).
- **A fail needs evidence**: a committed wrong value; an explicit alternative joined to the
  answer (`12 or 13`, `72/96`, `3.45–3.75`, `12 to 13`, `between 12 and 13`, `12, 13`, an
  `(or 48)` / `(48?)` aside); a hedge in the head (either, possibly, maybe, perhaps,
  probably, unclear, TBD, could be, `?`); a value that opens with a denial (`none`, `n/a`,
  `not 140.96 m²`); or no answer at all.
- **What cannot be told apart is undecided**, never a fail: the first figure is wrong but a
  later one in the head is right (`of the 14 openings, 13 have leaves`), the right value is
  only in un-marked context, a text answer is only part of a longer verdict (`Approved with
  conditions` for `Approved`). The judge decides those, or they widen the bounds.

Everything here works on short strings (a line, a cell); the regexes are ours and linear on
such input. Units go through units.py (pint), dates through dates.py (dateparser)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from autorater.checks.numbers import FoundNumber, Tolerance, find_numbers, fmt_num
from autorater.checks.textmatch import clip, normalize, strip_markup

State = Literal["pass", "fail", "undecided"]


@dataclass(frozen=True)
class Outcome:
    state: State
    reason: str

    @property
    def passed(self) -> bool:
        return self.state == "pass"


# -- splitting a value into its head and its context ----------------------------------------

_ABBREVIATIONS = frozenset({
    "no", "nos", "approx", "e.g", "i.e", "eg", "ie", "vs", "incl", "excl", "ca", "c", "st", "dr", "mr", "ms", "mrs",
    "fig", "p", "pp", "para", "ref", "nr", "art", "cl", "sec", "min", "max", "est", "avg", "ltd", "inc", "co", "dept",
    "rev", "dwg", "approx", "sq", "ft", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
    "dec", "etc", "al", "resp", "cf", "op", "vol",
})
_CUT = re.compile(r";|\s-{1,2}\s|\s\u2014|\u2014\s|\.\s+|\s\|\s")
_HEDGE = re.compile(
    r"\b(?:either|possibly|maybe|perhaps|probably|unclear|uncertain|unsure|not\s+sure|undecided|tbd|tbc"
    r"|to\s+be\s+(?:confirmed|determined|checked)|could\s+be|might\s+be|may\s+be)\b|\?",
    re.IGNORECASE,
)
_DENIAL = re.compile(r"^\W*(?:(?:none|nil|not|nothing|neither|no)\b(?!\.?\s*\d)|n/a\b|n\.a\.)", re.IGNORECASE)
_ZERO_WORDS = re.compile(r"^\W*(?:none|nil|no|zero|nothing)\b(?!\.?\s*\d)", re.IGNORECASE)
_ALT_ASIDE = re.compile(r"^\W*(?:or|either|possibly|maybe|perhaps|probably|alternatively|could\s+be|might\s+be)\b"
                        r"|\?\W*$", re.IGNORECASE)
_SUPERSEDED_ASIDE = re.compile(
    r"^\W*(?:printed|was|were|previously|formerly|originally|old|struck|superseded|replac\w*|instead\s+of|not"
    r"|corrected\s+from|changed\s+from|revised\s+from|down\s+from|up\s+from|vs\.?|versus|prior|last\s+year)\b",
    re.IGNORECASE)


@dataclass(frozen=True)
class Aside:
    """A piece of context: its text, its place in the value and what kind it is."""

    text: str
    start: int
    bracketed: bool
    superseded: bool  # "(printed 48)", "(was 12)", "— previously 4800": a value it is NOT
    alternative: bool  # "(or 48)", "(48?)", "(possibly 12)": a value offered instead


@dataclass(frozen=True)
class Reading:
    """A value split for judging: `head` is the committed part (brackets blanked to spaces,
    offsets kept), `asides` the context."""

    text: str
    head: str
    asides: list[Aside] = field(default_factory=list)

    @property
    def head_text(self) -> str:
        return normalize(self.head)

    def first_clause_raw(self) -> str:
        """The head up to its first comma or colon (`No, D4 has no resistor` -> `No`), with
        the value's own offsets."""
        m = re.search(r"[,:]\s", self.head)
        return self.head[: m.start()] if m else self.head.rstrip()

    def first_clause(self) -> str:
        return normalize(self.first_clause_raw())

    def denial(self) -> str | None:
        m = _DENIAL.match(self.head)
        return m.group(0).strip(" *_`") if m else None

    def hedge(self, expected: Iterable[str] = ()) -> str | None:
        """A hedge word or question mark in the head (one the expected text contains is fine)."""
        for m in _HEDGE.finditer(self.head):
            if not _in_expected(m.group(0), expected):
                return m.group(0)
        return None


def _bracket_spans(text: str) -> list[tuple[int, int]]:
    """Outermost (...) / [...] / {...} spans, as (open, close+1); unbalanced ones ignored."""
    pairs, spans, stack = {")": "(", "]": "[", "}": "{"}, [], []
    for i, ch in enumerate(text):
        if ch in "([{":
            stack.append((ch, i))
        elif ch in pairs and stack and stack[-1][0] == pairs[ch]:
            _, start = stack.pop()
            if not stack:
                spans.append((start, i + 1))
    return spans


def _is_sentence_end(text: str, dot: int) -> bool:
    word = re.search(r"([A-Za-z.]+)$", text[:dot])
    if word and word.group(1).lower().rstrip(".") in _ABBREVIATIONS:
        return False
    return not (dot > 0 and text[dot - 1].isdigit() and dot + 1 < len(text) and text[dot + 1 : dot + 2].isdigit())


def read(value: str) -> Reading:
    """Split a value (markup already stripped) into its committed head and its asides."""
    text = value
    spans = _bracket_spans(text)
    blanked = list(text)
    for s, e in spans:
        blanked[s:e] = " " * (e - s)
    head = "".join(blanked)
    if not re.search(r"[0-9A-Za-z]", head):  # "(1,200)", "(30)": the bracket IS the value
        head, spans = text, []
    asides = [_aside(text[s + 1 : e - 1], s + 1, bracketed=True) for s, e in spans]
    start = re.search(r"[0-9A-Za-z]", head)
    lo = start.start() if start else 0
    for m in _CUT.finditer(head, lo):
        if m.group(0).startswith(".") and not _is_sentence_end(head, m.start()):
            continue
        if _is_range_dash(head, m):
            continue
        rest = head[m.end():]
        asides.append(_aside(text[m.end():], m.end(), bracketed=False))
        head = head[: m.start()] + " " * (len(m.group(0)) + len(rest))
        break
    return Reading(text, head, asides)


def _aside(text: str, start: int, *, bracketed: bool) -> Aside:
    return Aside(text, start, bracketed, bool(_SUPERSEDED_ASIDE.match(text)), bool(_ALT_ASIDE.search(text)))


_NUMBER_END = re.compile(r"\d(?:\s?[A-Za-z%²³°µ/]{0,6})?\s*$")
_NUMBER_ONLY = re.compile(r"^\s*[-+]?[$€£]?\d[\d,.\s]*(?:[A-Za-z%²³°µ/]{0,6})?\s*(?:[A-Za-z]+\s*){0,2}$")


def _is_range_dash(head: str, m: re.Match[str]) -> bool:
    """`3.45 - 3.75 m` is a range (an alternative, judged as one); `13 - 12 printed swings plus
    the new door` is an answer and its context."""
    if "-" not in m.group(0):
        return False
    return bool(_NUMBER_END.search(head[: m.start()])) and bool(_NUMBER_ONLY.match(head[m.end():]))


def _in_expected(marker: str, expected: Iterable[str]) -> bool:
    """A marker the expected answer itself contains ("and/or", "R-2 or R-3") is no hedge."""
    marker = re.sub(r"\s+", " ", marker.strip().lower())
    if not marker[:1].isalpha():
        return any(marker in e.lower() for e in expected)
    word = re.compile(rf"(?<![a-z]){re.escape(marker)}(?![a-z])")
    return any(word.search(re.sub(r"\\[a-z]", " ", e.lower())) for e in expected)


# -- quantities ------------------------------------------------------------------------------

_MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
           r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DATE_SPAN = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS},?\s+\d{{2,4}}\b|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b"
    rf"|\b{_MONTHS}[\s'-]+\d{{2,4}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|\b\d{1,4}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}/\d{4}\b"
    r"|\b\d{1,2}:\d{2}\b(?:\s*[ap]\.?m\.?)?|\b\d{1,2}\.\d{2}\s*[ap]\.?m\.?|\b\d{1,2}h\d{2}\b",
    re.IGNORECASE,
)
# Just before a number that is an identifier, not a quantity.
_CODE_BEFORE = re.compile(r"(?:[A-Za-z]-|#[0-9A-Fa-f]*|[A-Za-z]\.|(?<![\w.-])\d+(?:\.\d+)?\s?:\s?|\d-)$")
_ID_NOUN = re.compile(
    r"\b(?:bylaws?|policy|policies|clauses?|sections?|§|items?|no|nos|number|ref|reference|drawings?|dwg|rev|revision"
    r"|sheets?|pages?|p|pp|tables?|figures?|fig|annex|appendix|schedule|articles?|art|rules?|rooms?|bays?|lots?"
    r"|parcels?|units?|lines?|rows?|columns?|col|steps?|versions?|v|phase|orders?|invoices?|po|id|codes?|cl|para"
    r"|paragraphs?|exhibits?|notes?|levels?|floors?|zones?|wards?|beds?|pins?|ports?|channels?|days?|weeks?|months?"
    r"|years?|quarters?|q|fy|batch|serial|parts?|models?|types?|class|category|tier|options?|samples?|grades?"
    r"|criteri(?:on|a)|standard|iso|en|bs|iec|ieee|act|regulation|reg|cap|route|highway|hwy|gate|dock|aisle|zone"
    r"|block|plot|building|bldg|suite|apt|flat|house|street|road|mu|ff|r|p)\.?\s*#?$",
    re.IGNORECASE,
)
_TOLERANCE_BEFORE = re.compile(r"(?:±|\+/-|\+-|\+/\u2212)\s*$")
_SUPERSEDED_BEFORE = re.compile(
    r"\b(?:printed|was|were|previously|formerly|originally|old|struck(?:\s+out)?|superseded|replacing|replaces"
    r"|instead\s+of|rather\s+than|not|vs\.?|versus|compared\s+(?:with|to)|against|from|prior|last\s+year)"
    r"\W{0,3}(?:\w+\W{1,3}){0,1}$",
    re.IGNORECASE,
)
_WORD_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_NUMBER_WORD = re.compile(
    rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[- ](?P<unit>{'|'.join(list(_WORD_NUMBERS)[1:10])}))?"
    rf"|(?P<small>{'|'.join(_WORD_NUMBERS)}))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Quantity:
    """A number in a value that could be an answer: its readings (the values it may stand for
    in the rubric's unit) and why it is or is not a candidate."""

    raw: str
    start: int
    end: int
    readings: tuple[float, ...]
    identifier: bool = False  # "Day 2", "Bylaw 2025": a candidate only when nothing else is
    superseded: bool = False  # "printed 48", "not 96"
    unit_ok: bool | None = None  # with a rubric unit: the written unit's dimension fits (None: none written)

    def within(self, expected: float, tol: Tolerance) -> bool:
        return any(tol.ok(v, expected) for v in self.readings)

    @property
    def shown(self) -> str:
        return self.raw if len(self.readings) == 1 and self.raw == fmt_num(self.readings[0]) else self.raw


def _readings(number: FoundNumber, text: str, unit: Any) -> tuple[tuple[float, ...], bool | None, int]:
    """(readings, unit fits?, end of the number with its unit)."""
    values = [number.value]
    raw = number.raw
    scale = re.search(r"(?<=\d)\s?(?:k|K|m|M|MM|b|B|bn|mn|mln|bln|thousand|million|billion)$", raw)
    if scale:  # "347m" in a column headed €m is 347: both readings count
        mantissa = re.sub(r"[^\d.,\-]", "", raw[: scale.start()].split()[-1] if raw[: scale.start()].split() else "")
        base = next((n.value for n in find_numbers(mantissa)), None)
        if base is not None:
            values.append(-abs(base) if number.value < 0 else base)
    if number.percent:
        values.append(number.value / 100)
    end = number.end
    if unit is None:
        return tuple(values), None, end
    from autorater.checks import units  # noqa: PLC0415 - pint only for checks that name a unit

    if number.percent:
        written = units.registry().parse_units("percent")
        converted = units.convert(number.value, written, unit)
        return ((converted,) if converted is not None else tuple(values)), converted is not None, end
    after = units.unit_after(text, number.end)
    if after is None:
        if unit.dimensionless() and str(unit.pint_unit) == "percent":
            values += [v * 100 for v in values]  # 0.126 for 12.6 %
        return tuple(values), None, end
    written, end = after
    converted = [units.convert(v, written, unit) for v in values]
    fits = [c for c in converted if c is not None]
    if not fits:
        return tuple(values), False, end
    return tuple(fits), True, end


def quantities(head: str, *, expected: float, unit: Any = None) -> list[Quantity]:
    """The numbers in `head` that could be answers, in order (see the module's rules)."""
    dates = [(m.start(), m.end()) for m in _DATE_SPAN.finditer(head)]
    found: list[Quantity] = []
    for n in find_numbers(head):
        if any(s <= n.start < e for s, e in dates):
            continue
        before = head[max(0, n.start - 40): n.start]
        if _CODE_BEFORE.search(before) or _TOLERANCE_BEFORE.search(before):
            continue
        if re.match(r"-\d", head[n.end:n.end + 2]) and not re.search(r"\d\s*$", before):
            continue  # "2025-03": an identifier's first half
        year = re.fullmatch(r"(?:19|20)\d\d", n.raw) is not None and not 1900 <= expected <= 2100
        readings, unit_ok, _ = _readings(n, head, unit)
        found.append(Quantity(
            n.raw, n.start, n.end, readings,
            identifier=year or bool(_ID_NOUN.search(before)),
            superseded=bool(_SUPERSEDED_BEFORE.search(before)),
            unit_ok=unit_ok,
        ))
    for m in _NUMBER_WORD.finditer(head):
        if any(q.start <= m.start() < q.end for q in found):
            continue
        value = _TENS.get((m.group("tens") or "").lower(), 0) + _WORD_NUMBERS.get((m.group("unit") or m.group("small") or "").lower(), 0)
        before = head[max(0, m.start() - 40): m.start()]
        found.append(Quantity(m.group(0), m.start(), m.end(), (float(value),),
                              superseded=bool(_SUPERSEDED_BEFORE.search(before))))
    return sorted(found, key=lambda q: q.start)


def _candidates(qs: list[Quantity], unit: Any) -> list[Quantity]:
    live = [q for q in qs if not q.superseded]
    if unit is not None:
        fitting = [q for q in live if q.unit_ok]
        live = fitting or [q for q in live if q.unit_ok is None]
    plain = [q for q in live if not q.identifier]
    return plain or live


_JOIN = re.compile(r"^\W{0,3}(?:or|/|-|to|~|and|,|either|or\s+(?:possibly|maybe|perhaps)|\s)\W{0,3}$", re.IGNORECASE)


_NOT_UNIT_WORDS = frozenset({"of", "or", "to", "in", "at", "on", "by", "and", "per", "for", "the", "vs", "x", "\u00d7", "out"})


def _unit_word(text: str) -> str | None:
    """The short unit-like token at the start of `text` ("m", "kWh", "°C", "px"), if any."""
    m = re.match(r"\s?([^\s\d/,()]{1,4})(?=\s|/|,|\)|$)", text)
    if m is None or m.group(1).lower() in _NOT_UNIT_WORDS or not re.search(r"[A-Za-z%°µΩ²³€$£]", m.group(1)):
        return None
    return m.group(1)


def _joined(head: str, a: Quantity, b: Quantity) -> bool:
    """Is `b` offered as an alternative to `a` (`12 or 13`, `72/96 px`, `3.45-3.75 m`,
    `12 to 13`, `between 12 and 13`, `12, 13`)? The same value in two units (`39.6 °C /
    103.3 °F`) is a conversion, not an alternative."""
    unit_a, unit_b = _unit_word(head[a.end:]), _unit_word(head[b.end:])
    if unit_a and unit_b and unit_a.casefold() != unit_b.casefold():
        return False
    gap = head[a.end:b.start]
    if unit_a:
        gap = gap.replace(unit_a, "", 1)  # a's unit: "3.45 m or 3.75 m"
    if not _JOIN.match(gap) and gap.strip():
        return False
    if re.fullmatch(r"\W*and\W*", gap, re.IGNORECASE):
        return bool(re.search(r"\bbetween\s+\S*\s*$", head[: a.start], re.IGNORECASE))
    return True


def judge_number(value: str, expected: float, tol: Tolerance, unit: Any = None) -> Outcome:
    """A written value against a numeric expectation (module docstring for the rules)."""
    text = strip_markup(value)
    reading = read(text)
    rule = tol.describe(expected) + (f" {unit.name}" if unit is not None else "")
    if expected == 0 and _ZERO_WORDS.match(reading.head):
        return Outcome("pass", f"{clip(text)!r} reads as zero")
    denial = reading.denial()
    qs = quantities(reading.head, expected=expected, unit=unit)
    cands = _candidates(qs, unit)
    if denial is not None and not cands:
        return Outcome("fail", f"{clip(text)!r} opens with a denial ({denial!r}), not a number; expected {rule}")
    hedge = reading.hedge()
    if hedge is not None:
        return Outcome("fail", f"{clip(text)!r} is hedged ({hedge!r}); expected {rule}")
    for aside in reading.asides:
        if aside.alternative and not aside.superseded:
            offered = _candidates(quantities(aside.text, expected=expected, unit=unit), unit)
            wrong = [q for q in offered if not q.within(expected, tol)]
            if wrong:
                return Outcome("fail", f"{clip(text)!r} offers an alternative ({clip(aside.text, 40)!r}); expected {rule}")
    if not cands:
        cands = _bracketed_number(reading, expected, unit)
    if not cands:
        return _only_in_context(text, reading, expected, tol, unit, rule)
    eq = reading.head.rfind("=")
    after_eq = [q for q in cands if q.start > eq] if eq >= 0 else []
    committed = after_eq[0] if after_eq else cands[0]
    group = [committed]
    rest = cands[cands.index(committed) + 1:]
    for q in rest:
        if _joined(reading.head, group[-1], q):
            group.append(q)
        else:
            break
    wrong = [q for q in group if not q.within(expected, tol)]
    if len(group) > 1 and wrong:
        listed = ", ".join(q.raw for q in group)
        return Outcome("fail", f"{clip(text)!r} offers several candidate numbers ({listed}), not all within "
                               f"tolerance: a hedged answer; expected {rule}")
    if not wrong:
        note = "" if committed.readings[0] == committed.readings[-1] or len(committed.readings) == 1 else ""
        return Outcome("pass", f"{clip(text)!r} commits to {committed.raw}{note}; expected {rule}")
    others = [q for q in cands if q is not committed and q not in group and q.within(expected, tol)]
    if others:
        return Outcome("undecided", f"{clip(text)!r} commits first to {committed.raw}, but {others[0].raw} later in "
                                    f"the same statement matches: which one is the answer cannot be told; expected {rule}")
    return Outcome("fail", f"{clip(text)!r} commits to {committed.raw}; expected {rule}")


_BARE_NUMBER = re.compile(r"\s*[-+]?(?:[$€£]\s?)?\d[\d,.\s]*%?\s*")


def _bracketed_number(reading: Reading, expected: float, unit: Any) -> list[Quantity]:
    """A head that is only a currency or unit beside a bracketed figure ("$ (1,200)", "EUR
    (30)"): the bracket is the figure, written the accounting way."""
    if re.search(r"[A-Za-z]{4,}|\d", reading.head):
        return []
    for aside in reading.asides:
        if aside.bracketed and _BARE_NUMBER.fullmatch(aside.text):
            lo, hi = aside.start - 1, aside.start + len(aside.text) + 1
            restored = reading.head[:lo] + reading.text[lo:hi] + reading.head[hi:]
            return _candidates(quantities(restored, expected=expected, unit=unit), unit)
    return []


def _only_in_context(text: str, reading: Reading, expected: float, tol: Tolerance, unit: Any, rule: str) -> Outcome:
    """No candidate in the head: the answer is absent, or only in context (undecided unless
    that context is marked as superseded)."""
    for aside in reading.asides:
        offered = _candidates(quantities(aside.text, expected=expected, unit=unit), unit)
        if any(q.within(expected, tol) for q in offered) and not aside.superseded:
            return Outcome("undecided", f"{clip(text)!r} states no number up front; {clip(aside.text, 40)!r} "
                                        f"matches but is context; expected {rule}")
    anywhere = find_numbers(text)
    if not anywhere:
        return Outcome("fail", f"{clip(text)!r} holds no number; expected {rule}")
    return Outcome("fail", f"{clip(text)!r} commits to no candidate number "
                           f"(seen: {', '.join(n.raw for n in anywhere[:6])}); expected {rule}")


# -- text answers -----------------------------------------------------------------------------

_TEXT_ALT = re.compile(r"\bor\b|\beither\b|(?<![\s/])\s?/\s?(?![\s/])", re.IGNORECASE)
_NOT_ALT = re.compile(r"\band/or\b|\bn/a\b|\bw/o?\b|\bc/o\b|\b\w/\w\b|\d/\d|\b(?:km|m|kw|kwh|mm)/\w+", re.IGNORECASE)
_TRAILING = ".,;:!"


def bare(text: str) -> str:
    """An answer as compared exactly: markup, symbols (✅) and trailing . , ; : ! stripped."""
    import unicodedata  # noqa: PLC0415

    text = strip_markup(text)
    while text and (text[-1] in _TRAILING or unicodedata.category(text[-1]) == "So" or text[-1].isspace()):
        text = text[:-1]
    while text and (unicodedata.category(text[0]) == "So" or text[0].isspace()):
        text = text[1:]
    return text


def text_alternative(head: str, expected: Iterable[str]) -> str | None:
    """An alternative offered in a text head ("R-2 or R-3", "Yes/No", "either"), or None."""
    expected = list(expected)
    masked = _NOT_ALT.sub(lambda m: " " * len(m.group(0)), head)
    m = _TEXT_ALT.search(masked)
    if m and not _in_expected(m.group(0), expected):
        if m.group(0).strip() == "/" and any("/" in e for e in expected):
            return None
        return normalize(head[max(0, m.start() - 20): m.end() + 20])
    return None


def judge_exact(value: str, expected: list[str], ignore_case: bool) -> Outcome:
    """An exact text answer: the whole value, its head or the head's first clause equals one
    of the expected spellings; an alternative or hedge in the head fails; an expected
    spelling that is only part of the head or only in context is undecided."""
    text = strip_markup(value)

    def fold(t: str) -> str:
        t = normalize(bare(t))
        return t.casefold() if ignore_case else t

    wanted = {fold(e) for e in expected}
    if fold(text) in wanted:
        return Outcome("pass", f"{clip(text)!r} reads {bare(text)!r}")
    reading = read(text)
    alt = text_alternative(reading.head, expected)
    hedge = reading.hedge(expected)
    if alt is not None or hedge is not None:
        return Outcome("fail", f"{clip(text)!r} hedges ({alt or hedge!r}), none of the expected")
    for part in (reading.head_text, reading.first_clause()):
        if fold(part) in wanted:
            return Outcome("pass", f"{clip(text)!r} commits to {bare(part)!r}")
    from autorater.checks.negation import negation_of  # noqa: PLC0415

    flags = 0 if not ignore_case else re.IGNORECASE
    flat = normalize(text)
    for e in expected:
        hits = list(re.finditer(rf"(?<!\w){re.escape(normalize(bare(e)))}(?!\w)", flat, flags))
        asserted = [m for m in hits if negation_of(flat, m.start(), m.end()) is None]
        if hits and not asserted:
            return Outcome("fail", f"{clip(text)!r} denies {e!r}")
        if asserted:
            return Outcome("undecided", f"{clip(text)!r} commits to {bare(reading.head_text)!r}; the expected "
                                        f"{e!r} appears in it only as part of a longer statement")
    return Outcome("fail", f"{clip(text)!r} reads {bare(reading.head_text)!r}, none of the expected")


def judge_all_of(value: str, items: list[str], exclude: list[str], ignore_case: bool) -> Outcome:
    """A list answer: every item (synonyms split on "|") appears asserted, no excluded item
    does, and the answer neither opens with a denial nor hedges."""
    from autorater.checks.negation import negation_of  # noqa: PLC0415

    text = normalize(strip_markup(value))
    reading = read(text)
    denial = reading.denial()
    if denial is not None:
        return Outcome("fail", f"{clip(text)!r} opens with a denial ({denial!r})")
    hedge = reading.hedge(items)
    if hedge is not None:
        return Outcome("fail", f"{clip(text)!r} is hedged ({hedge!r})")
    flags = re.IGNORECASE if ignore_case else 0
    superseded = [(a.start, a.start + len(a.text)) for a in reading.asides if a.superseded or a.alternative]

    def asserted(item: str) -> bool:
        for word in item.split("|"):
            for m in re.finditer(rf"(?<!\w){re.escape(normalize(word))}(?!\w)", text, flags):
                if negation_of(text, m.start(), m.end()) is None and not any(s <= m.start() < e for s, e in superseded):
                    return True
        return False

    missing = [i for i in items if not asserted(i)]
    extra = [i for i in exclude if asserted(i)]
    if missing or extra:
        parts = ([f"missing {missing}"] if missing else []) + ([f"also lists {extra}"] if extra else [])
        return Outcome("fail", f"{clip(text)!r}: {'; '.join(parts)}")
    return Outcome("pass", f"{clip(text)!r} lists all {len(items)} items and none of the {len(exclude)} excluded")
