"""Numbers in a written answer: which are quantities that could be the answer, in which unit,
and which one the answer commits to. The rules are value.py's (its docstring); this module
applies them to figures.

- Not quantities: identifiers and codes, dates and times, list enumerators ("1. Undersized
  logo"), a ratio's second term, tolerances (±5 %).
- Candidates only when nothing else is offered: numbers after an identifier noun ("Day 2"),
  years, changes ("up 9.5 %", "rose 9.5 % to").
- Never candidates: numbers marked superseded ("printed 48", "not 96", "vs", "from").
- With a rubric unit: a number written in another dimension or currency (11 rooms, €412m for
  a percentage) is not a candidate; a unit written once covers numbers joined to it
  ("160 or 139.90 m²", "72×16 px", "between 135 and 140 m²").
- Alternatives: numbers joined by or, /, a range dash, to, between … and, a bare comma list;
  not the same value in two units, not a money amount next to a share."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from autorater.checks.numbers import FoundNumber, Tolerance, find_numbers, fmt_num
from autorater.checks.textmatch import clip, strip_markup
from autorater.checks.value import ZERO_WORDS, MONTHS, Outcome, Reading, read

_MONTHS = MONTHS
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
    r"\b(?:printed|previously|formerly|originally|old|struck(?:\s+out)?|superseded|replacing|replaces"
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


_CHANGE_BEFORE = re.compile(
    r"(?:\b(?:up|down|rose|fell|grew|gained|lost|climbed|dropped|declined|increased|decreased|eased|improved"
    r"|widened|narrowed|growth|change|by)\W{0,3}(?:\w+\W{1,3}){0,1}|[+\u2212]\s?)$",
    re.IGNORECASE,
)
_ENUMERATOR = re.compile(r"(?:^|\n|<br>)\s*$")
_CURRENCY_AFTER = re.compile(r"\s?(€|£|\$|¥|₹|[A-Z]{3}\b|euros?|pounds?|dollars?|yen)", re.IGNORECASE)


@dataclass(frozen=True)
class Quantity:
    """A number in a value that could be an answer: its readings (the values it may stand for
    in the rubric's unit) and why it is or is not a candidate."""

    raw: str
    start: int
    end: int
    readings: tuple[float, ...]
    identifier: bool = False  # "Day 2", "Bylaw 2025", "up 9.5 %": a candidate only when nothing else is
    superseded: bool = False  # "printed 48", "not 96"
    unit_ok: bool | None = None  # with a rubric unit: the written unit fits (None: none written)
    kind: str = "plain"  # plain | percent | money: a money amount and a share are never alternatives
    values: tuple[float, ...] = ()  # the readings before any unit conversion
    written: Any = None  # the unit written after it (pint unit), for numbers joined to it

    def within(self, expected: float, tol: Tolerance) -> bool:
        return any(tol.ok(v, expected) for v in self.readings)


def _plain_values(number: FoundNumber) -> list[float]:
    values = [number.value]
    scale = re.search(r"(?<=\d)\s?(?:k|K|m|M|MM|b|B|bn|mn|mln|bln|thousand|million|billion)$", number.raw)
    if scale:  # "347m" in a column headed €m is 347: both readings count
        words = number.raw[: scale.start()].split()
        base = next((n.value for n in find_numbers(re.sub(r"[^\d.,\-]", "", words[-1] if words else ""))), None)
        if base is not None:
            values.append(-abs(base) if number.value < 0 else base)
    if number.percent:
        values.append(number.value / 100)
    return values


def _readings(number: FoundNumber, text: str, unit: Any) -> tuple[tuple[float, ...], bool | None, Any]:
    """(readings in the rubric's unit, does the written unit fit?, the pint unit written)."""
    values = _plain_values(number)
    if unit is None:
        return tuple(values), None, None
    from autorater.checks import units  # noqa: PLC0415 - pint only for checks that name a unit

    after = _CURRENCY_AFTER.match(text, number.end)
    money = units.currency_of(number.currency) or (units.currency_of(after.group(1)) if after else None)
    if unit.currency is not None:
        if number.percent:
            return tuple(values), False, None
        return tuple(values), (money == unit.currency) if money else None, None
    if money is not None:
        return tuple(values), False, None  # money is no percentage, no kWh
    if number.percent:
        converted = units.convert(number.value, units.registry().parse_units("percent"), unit)
        return ((converted,) if converted is not None else tuple(values)), converted is not None, None
    written_unit = units.unit_after(text, number.end)
    if written_unit is None:
        if unit.is_percent():
            values += [v * 100 for v in values]  # 0.126 for 12.6 %
        return tuple(values), None, None
    written, _ = written_unit
    fits = [c for c in (units.convert(v, written, unit) for v in values) if c is not None]
    return (tuple(fits), True, written) if fits else (tuple(values), False, written)


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
        if _ENUMERATOR.search(before) and re.match(r"[.)]\s+[A-Za-z]", head[n.end:n.end + 3]) and n.value == int(n.value):
            continue  # "1. Undersized logo": a list enumerator
        year = re.fullmatch(r"(?:19|20)\d\d", n.raw) is not None and not 1900 <= expected <= 2100
        change = (n.percent and bool(_CHANGE_BEFORE.search(before))) or n.raw.startswith("+")
        readings, unit_ok, written = _readings(n, head, unit)
        kind = "percent" if n.percent else ("money" if n.currency or _CURRENCY_AFTER.match(head, n.end) else "plain")
        found.append(Quantity(
            n.raw, n.start, n.end, readings, identifier=year or change or bool(_ID_NOUN.search(before)),
            superseded=bool(_SUPERSEDED_BEFORE.search(before)), unit_ok=unit_ok, kind=kind,
            values=tuple(_plain_values(n)), written=written,
        ))
    if unit is not None and unit.pint_unit is not None and _is_resistance(unit):
        found = _rkm(head, found, unit)
    for m in _NUMBER_WORD.finditer(head):
        if any(q.start <= m.start() < q.end for q in found):
            continue
        value = _TENS.get((m.group("tens") or "").lower(), 0) + _WORD_NUMBERS.get((m.group("unit") or m.group("small") or "").lower(), 0)
        before = head[max(0, m.start() - 40): m.start()]
        found.append(Quantity(m.group(0), m.start(), m.end(), (float(value),), values=(float(value),),
                              superseded=bool(_SUPERSEDED_BEFORE.search(before))))
    found.sort(key=lambda q: q.start)
    return _spread_units(head, found, unit)


_RKM = re.compile(r"(?<![\w.])(\d+)([RKkM])(\d*)(?![\w.])")


def _is_resistance(unit: Any) -> bool:
    from autorater.checks import units  # noqa: PLC0415

    return unit.pint_unit.dimensionality == units.registry().ohm.dimensionality


def _rkm(head: str, found: list[Quantity], unit: Any) -> list[Quantity]:
    """IEC 60062 resistor codes: 100R = 100 Ω, 4R7 = 4.7 Ω, 1k0 = 1 kΩ, 2M2 = 2.2 MΩ."""
    from autorater.checks import units  # noqa: PLC0415

    out = []
    for m in _RKM.finditer(head):
        if any(q.start <= m.start() < q.end and q.unit_ok for q in found):
            continue
        ohms = float(f"{m.group(1)}.{m.group(3) or 0}") * {"R": 1, "K": 1e3, "k": 1e3, "M": 1e6}[m.group(2)]
        value = units.convert(ohms, units.registry().ohm, unit)
        if value is not None:
            out.append(Quantity(m.group(0), m.start(), m.end(), (value,), unit_ok=True, values=(ohms,)))
    if not out:
        return found
    return [q for q in found if not any(o.start <= q.start < o.end for o in out)] + out


def _spread_units(head: str, found: list[Quantity], unit: Any) -> list[Quantity]:
    """A unit written once covers the numbers joined to it: "160 or 139.90 m²", "between 135
    and 140 m²", "72×16 px" (W×H: the unit belongs to both)."""
    if unit is None or unit.pint_unit is None:
        return found
    from autorater.checks import units  # noqa: PLC0415

    out = list(found)
    for _ in range(2):  # right to left, then left to right
        for i in range(len(out) - 1):
            a, b = out[i], out[i + 1]
            dims = re.fullmatch(r"\s*[x×]\s*", head[a.end:b.start]) is not None
            if not (dims or _joined(head, a, b)):
                continue
            src, dst = (b, a) if b.unit_ok and a.unit_ok is None else ((a, b) if a.unit_ok and b.unit_ok is None else (None, None))
            if src is None or src.written is None:
                continue
            fits = tuple(c for c in (units.convert(v, src.written, unit) for v in dst.values) if c is not None)
            if fits:
                out[out.index(dst)] = replace(dst, readings=fits, unit_ok=True, written=src.written)
    return out


def _candidates(qs: list[Quantity], unit: Any) -> list[Quantity]:
    live = [q for q in qs if not q.superseded]
    if unit is not None:
        fitting = [q for q in live if q.unit_ok]
        live = fitting or [q for q in live if q.unit_ok is None]
    plain = [q for q in live if not q.identifier]
    return plain or live


_JOIN = re.compile(r"^\W{0,3}(?:or|/|-|to|and|,|either|or\s+(?:possibly|maybe|perhaps)|\s)\W{0,3}$", re.IGNORECASE)
_NOT_UNIT_WORDS = frozenset({"of", "or", "to", "in", "at", "on", "by", "and", "per", "for", "the", "vs", "x", "\u00d7", "out"})


def _unit_word(text: str) -> str | None:
    """The short unit-like token at the start of `text` ("m", "m2", "kWh", "°C", "px"), if any."""
    m = re.match(r"\s?([^\s\d/,().;:!?]{1,4}\d?)(?=\s|/|,|\)|[.;:!?]|$)", text)
    if m is None or m.group(1).lower() in _NOT_UNIT_WORDS or not re.search(r"[A-Za-z%°µΩ²³€$£]", m.group(1)):
        return None
    return m.group(1)


def _same_quantity(a: Quantity, unit_a: str, b: Quantity, unit_b: str) -> bool:
    """Do two numbers in two units state the same amount (within 1 %)? Units pint cannot
    read (rooms, leaves) are taken as a conversion, as before."""
    from autorater.checks import units  # noqa: PLC0415 - pint only when two unit words differ

    ua, ub = units.unit_after(f"1 {unit_a}", 1), units.unit_after(f"1 {unit_b}", 1)
    if ua is None or ub is None:
        return True
    try:
        qa = units.registry().Quantity(a.values[0], ua[0])
        return abs(qa.to(ub[0]).magnitude - b.values[0]) <= 0.01 * max(abs(b.values[0]), 1e-12)
    except Exception:  # noqa: BLE001 - other dimensions: two different things, not alternatives
        return True


def _joined(head: str, a: Quantity, b: Quantity) -> bool:
    """Is `b` offered as an alternative to `a` (`12 or 13`, `72/96 px`, `3.45-3.75 m`,
    `12 to 13`, `between 12 and 13`, `12, 13`, `13 leaves or 12 leaves`)? The same value in
    two units (`39.6 °C / 103.3 °F`) is a conversion; a money amount next to a share
    (`€412m, 47.8 %`) two answers; a number followed by words (`118,000 kWh, ~45,500 kWh above
    normal`) context."""
    if {a.kind, b.kind} == {"percent", "money"}:
        return False
    unit_a, unit_b = _unit_word(head[a.end:]), _unit_word(head[b.end:])
    if unit_a and unit_b and unit_a.casefold() != unit_b.casefold():
        return not _same_quantity(a, unit_a, b, unit_b)  # "39.6 °C / 103.3 °F" yes; "100 Ω or 1 kΩ" no
    gap = head[a.end:b.start]
    noun = next((m for m in (re.match(r"\s?([A-Za-z]{1,12}\s[A-Za-z]{1,12})\b", gap), re.match(r"\s?([A-Za-z]{1,12})\b", gap))
                 if m and re.match(rf"\s?{re.escape(m.group(1))}\b", head[b.end:], re.IGNORECASE)), None)
    if noun is not None:
        gap = gap[noun.end():]  # "13 leaves or 12 leaves", "139.90 sq m or 160 sq m"
    elif unit_a:
        gap = gap.replace(unit_a, "", 1)  # a's unit: "3.45 m or 3.75 m"
    if gap.strip() and not _JOIN.match(gap):
        return False
    if re.fullmatch(r"\W*and\W*", gap, re.IGNORECASE):
        return bool(re.search(r"\bbetween\s+\S*\s*$", head[: a.start], re.IGNORECASE))
    if re.fullmatch(r"[\s,~]*", gap):  # a bare list: "12, 13" — not "118,000 kWh, 45,500 kWh above normal"
        rest = head[b.end:]
        unit = _unit_word(rest)
        rest = rest.replace(unit, "", 1) if unit else rest
        return not rest.strip() or bool(re.match(r"\s*(?:,|or\b|and\b|/)\s*[-+]?[$€£]?\d", rest))
    return True


def judge_number(value: str, expected: float, tol: Tolerance, unit: Any = None) -> Outcome:
    """A written value against a numeric expectation (module docstring for the rules)."""
    text = strip_markup(value)
    reading = read(text)
    rule = tol.describe(expected) + (f" {unit.name}" if unit is not None else "")
    if expected == 0 and ZERO_WORDS.match(reading.head):
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
    if not cands and reading.asides and reading.asides[0].cut == "dash" and not reading.asides[0].superseded:
        # "Undersized logo - 72 px wide": the dash separates a label from its value.
        after = reading.asides[0]
        if not _candidates(quantities(reading.head, expected=expected, unit=unit), unit):
            return judge_number(after.text, expected, tol, unit)
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
    group += [q for q in cands if q not in group and _OTHERWISE.search(reading.head[max(0, q.start - 30):q.start])]
    wrong = [q for q in group if not q.within(expected, tol)]
    if len({round(q.readings[0], 9) for q in group}) > 1:
        # An explicit alternative is no committed answer, even when both ends are near the
        # truth ("39.6 or 39.8", "39.6-39.8 °C"): the prompt asks for one value.
        listed = ", ".join(q.raw for q in group)
        return Outcome("fail", f"{clip(text)!r} offers several candidate numbers ({listed}): a hedged answer "
                               f"(an alternative, not one committed value); expected {rule}")
    if not wrong:
        note = "" if committed.readings[0] == committed.readings[-1] or len(committed.readings) == 1 else ""
        return Outcome("pass", f"{clip(text)!r} commits to {committed.raw}{note}; expected {rule}")
    others = [q for q in cands if q is not committed and q not in group and q.within(expected, tol)]
    if others:
        return Outcome("undecided", f"{clip(text)!r} commits first to {committed.raw}, but {others[0].raw} later in "
                                    f"the same statement matches: which one is the answer cannot be told; expected {rule}")
    return Outcome("fail", f"{clip(text)!r} commits to {committed.raw}; expected {rule}")


# "41.52 m² if Office 2 goes to vinyl, otherwise 27.66 m²": a conditional second answer.
_OTHERWISE = re.compile(r"\b(?:otherwise|alternatively|or\s+else|if\s+not)\b[^\d]{0,25}$", re.IGNORECASE)
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
        if any(q.within(expected, tol) and q.unit_ok for q in offered) and not aside.superseded and not aside.alternative:
            # "47.8 % of group revenue (€412m)": the only figure in the rubric's unit is the
            # answer, judged as one (its own alternatives and hedges fail it).
            inner = judge_number(aside.text, expected, tol, unit)
            return Outcome(inner.state, f"{clip(text)!r}: the only figure in {unit.name} is {clip(aside.text, 40)!r}: "
                                        f"{inner.reason}")
        if any(q.within(expected, tol) for q in offered) and not aside.superseded:
            if aside.alternative:
                return Outcome("fail", f"{clip(text)!r} offers the figure only as an alternative ({clip(aside.text, 40)!r}); "
                                       f"expected {rule}")
            return Outcome("undecided", f"{clip(text)!r} states no number up front; {clip(aside.text, 40)!r} "
                                        f"matches but is context; expected {rule}")
    anywhere = find_numbers(text)
    if not anywhere:
        return Outcome("fail", f"{clip(text)!r} holds no number; expected {rule}", absent=True)
    return Outcome("fail", f"{clip(text)!r} commits to no candidate number "
                           f"(seen: {', '.join(n.raw for n in anywhere[:6])}); expected {rule}", absent=True)


