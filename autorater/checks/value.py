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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from autorater.checks.textmatch import clip, normalize, strip_markup

State = Literal["pass", "fail", "undecided"]


@dataclass(frozen=True)
class Outcome:
    state: State
    reason: str
    absent: bool = False  # a fail because the value states no answer of the asked kind (a prose lead-in)

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
    r"|to\s+be\s+(?:confirmed|determined|checked)|could\s+be|might\s+be|may\s+be|give\s+or\s+take|or\s+thereabouts"
    r"|or\s+so|depending\s+on|possible|unconfirmed|suspected|presumed|presumably|apparently|likely)\b|\?",
    re.IGNORECASE,
)
_DENIAL = re.compile(r"^\W*(?:(?:none|nil|not|nothing|neither|no)\b(?!\.?\s*\d)|n/a\b|n\.a\.)", re.IGNORECASE)
ZERO_WORDS = re.compile(r"^\W*(?:none|nil|no|zero|nothing)\b(?!\.?\s*\d)", re.IGNORECASE)
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
    cut: str = "bracket"  # what set it apart: bracket | dash | semicolon | sentence | pipe


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

    def hedge(self, expected: Iterable[str] = (), needed: Callable[[int, int], bool] | None = None) -> str | None:
        """A hedge word or question mark in the head (one the expected text contains, or the
        rubric's pattern needs, is fine)."""
        return _first_hedge(self.head, 0, len(self.head), expected, needed)


_CLAUSE_EDGE = re.compile(r"[;|\n()\[\]]|\.\s|,\s")


def hedge_in_clause(text: str, start: int, end: int, expected: Iterable[str] = (),
                    needed: Callable[[int, int], bool] | None = None) -> str | None:
    """A hedge word or question mark in the clause holding text[start:end] (for matches
    outside the head: "offer line about 2.3:1?"). `needed(s, e)`: whether the rubric's
    pattern needs the marker at text[s:e] (then it is the answer's own, not a hedge)."""
    lo = max((m.end() for m in _CLAUSE_EDGE.finditer(text, 0, start)), default=0)
    edge = _CLAUSE_EDGE.search(text, end)
    hi = edge.start() if edge else len(text)
    return _first_hedge(text, lo, hi + (1 if hi < len(text) and text[hi] == "?" else 0), expected, needed)


def _first_hedge(text: str, lo: int, hi: int, expected: Iterable[str], needed: Callable[[int, int], bool] | None) -> str | None:
    expected = list(expected)
    for m in _HEDGE.finditer(text, lo, hi):
        if _in_expected(m.group(0), expected) or (needed is not None and needed(m.start(), m.end())):
            continue
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
    if (dot > 0 and text[dot - 1] == ".") or text[dot + 1 : dot + 2] == ".":
        return False  # an ellipsis ("19.53 + 14.49 + ... = 139.90"), not a full stop
    if re.search(r"(?:^|\n)\s*\d{1,3}$", text[:dot]):
        return False  # a list enumerator ("1. Undersized logo")
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
    asides = [_aside(text[s + 1 : e - 1], s + 1, "bracket") for s, e in spans]
    start = re.search(r"[0-9A-Za-z]", head)
    lo = start.start() if start else 0
    for m in _CUT.finditer(head, lo):
        if m.group(0).startswith(".") and not _is_sentence_end(head, m.start()):
            continue
        if _is_range_dash(head, m):
            continue
        rest = head[m.end():]
        cut = {";": "semicolon", "|": "pipe"}.get(m.group(0).strip(), "sentence" if m.group(0).startswith(".") else "dash")
        asides.append(_aside(text[m.end():], m.end(), cut))
        head = head[: m.start()] + " " * (len(m.group(0)) + len(rest))
        break
    return Reading(text, head, asides)


def _aside(text: str, start: int, cut: str) -> Aside:
    return Aside(text, start, cut == "bracket", bool(_SUPERSEDED_ASIDE.match(text)), bool(_ALT_ASIDE.search(text)), cut)


MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
          r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_MONTH_YEAR_END = re.compile(rf"\b{MONTHS}\s*'?\d{{2,4}}\s*$", re.IGNORECASE)


_LEFT_NUMBER = re.compile(r"\d(?:\s?(?P<unit>[A-Za-z%²³°µ/]{1,6}))?\s*$")
_RIGHT_NUMBER = re.compile(r"^\s*[-+]?[$€£]?\d[\d,.]*(?:\s?(?P<unit>[A-Za-z%²³°µ/]{1,6}))?(?P<rest>(?:\s+[A-Za-z]+){0,2})\s*$")


def _is_range_dash(head: str, m: re.Match[str]) -> bool:
    """`3.45 - 3.75 m` is a range (an alternative, judged as one); `13 - 12 printed swings plus
    the new door` and `457,500 kWh - 298,000 of it Eastfield` are an answer and its context:
    a range's second end is a bare number, in the first end's unit, with at most one word
    after it ("3.45 - 3.75 m wide")."""
    if "-" not in m.group(0):
        return False
    left, right = head[: m.start()], head[m.end():]
    if _MONTH_YEAR_END.search(left):
        return False  # "October 2024 - £99,954.38": a date, then context
    if bool(re.match(r"\s*[-+]?[$€£]", right)) != bool(re.search(r"[$€£][\d,.\s]*\d\s*[A-Za-z]{0,3}\s*$", left)):
        return False  # "13 - £400": not the same kind of figure on both sides
    a, b = _LEFT_NUMBER.search(left), _RIGHT_NUMBER.match(right)
    if a is None or b is None:
        return False
    unit_a, unit_b, rest = a.group("unit"), b.group("unit"), b.group("rest").split()
    if unit_a and unit_b and unit_a.casefold() != unit_b.casefold():
        rest, unit_b = [unit_b, *rest], None  # "298,000 of it": "of" is a word, not kWh
    return len(rest) + (1 if unit_b and not unit_a and not re.fullmatch(r"[A-Za-z]{1,3}|%|°\w?", unit_b) else 0) <= 1


def _in_expected(marker: str, expected: Iterable[str]) -> bool:
    """A marker the expected answer itself contains ("and/or", "R-2 or R-3") is no hedge."""
    marker = re.sub(r"\s+", " ", marker.strip().lower())
    if not marker[:1].isalpha():
        return any(marker in e.lower() for e in expected)
    word = re.compile(rf"(?<![a-z]){re.escape(marker)}(?![a-z])")
    return any(word.search(re.sub(r"\\[a-z]", " ", e.lower())) for e in expected)


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


def _shape(token: str) -> str:
    """A token's shape: "R-1" and "R-3" (or "CPC-6105" and "CPC-7702") are alike."""
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", token))


def offered_alternative(reading: Reading) -> Aside | None:
    """An aside that offers another answer ("(or 48)", "(possibly Yes)", "(13 March?)")."""
    return next((a for a in reading.asides if a.alternative and not a.superseded), None)


def judge_exact(value: str, expected: list[str], ignore_case: bool) -> Outcome:
    """An exact text answer: the whole value, its head or the head's first clause equals one
    of the expected spellings; an alternative or hedge in the head, or an aside offering
    another answer, fails; an expected spelling that is only part of the head or only in
    context is undecided."""
    text = strip_markup(value)

    def fold(t: str) -> str:
        t = normalize(bare(t))
        return t.casefold() if ignore_case else t

    wanted = {fold(e) for e in expected}
    if fold(text) in wanted:
        return Outcome("pass", f"{clip(text)!r} reads {bare(text)!r}")
    reading = read(text)
    alt = text_alternative(reading.head, expected) or reading.hedge(expected)
    aside = offered_alternative(reading)
    if alt is not None or aside is not None:
        return Outcome("fail", f"{clip(text)!r} hedges ({alt or clip(aside.text, 40)!r}), none of the expected")
    if fold(reading.head_text) in wanted:
        return Outcome("pass", f"{clip(text)!r} commits to {bare(reading.head_text)!r}")
    first = reading.first_clause()
    if fold(first) in wanted:
        rest = reading.head[len(reading.first_clause_raw()):].lstrip(" ,:")
        other = rest.split()[0].strip(".,;:") if rest.split() else ""
        if other and _shape(other) == _shape(bare(first)):
            return Outcome("fail", f"{clip(text)!r} lists several answers ({bare(first)!r}, {other!r}, ...)")
        return Outcome("pass", f"{clip(text)!r} commits to {bare(first)!r}")
    denial = reading.denial()
    if denial is not None and not any(_DENIAL.match(e) for e in expected):
        return Outcome("fail", f"{clip(text)!r} opens with a denial ({denial!r}), none of the expected")
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


# In a list answer, what comes before an excluded item in its clause, or right after it, and
# says it is not listed: "replaces LVT (FF-01)", "the schedule's LVT", "supplier read MISSING".
_NOT_LISTED_BEFORE = re.compile(
    r"\b(?:instead\s+of|rather\s+than|replac\w*|supersed\w*|had|has\s+been|was|were|previously|formerly|originally"
    r"|changed\s+from|moved\s+from|not|except|excluding|other\s+than|schedule's|printed)\b[^,;.]*$",
    re.IGNORECASE,
)
_NOT_LISTED_AFTER = re.compile(r"^\W{0,3}(?:\w+\W+){0,2}?(?:missing|unavailable|not\s+available|absent|invalid|n/a"
                               r"|were\s+read|was\s+read|are\s+dimensioned|is\s+dimensioned|use\s+the)\b",
                               re.IGNORECASE)


_CLAUSE_WORDS = re.compile(
    r"\b(?:is|are|was|were|be|been|said|says|follows?|followed|overrides?|overrode|supersed\w*|replac\w*|has|have|had|per"
    r"|see|reads?|uses?|used|appl(?:y|ies|ied)|from|because|since|which|that|would|should|will|not|no)\b", re.IGNORECASE)


def _clause_segments(text: str) -> list[tuple[int, int]]:
    """The ";" segments of a list answer that are clauses, not items ("Riverside Offices;
    Northgate and Eastfield follow 2023"): an item is short and has no verb."""
    out, pos = [], 0
    for part in text.split(";"):
        start = pos
        pos += len(part) + 1
        if start and (len(part.split()) > 5 or _CLAUSE_WORDS.search(part)):
            out.append((start, start + len(part)))
    return out


def judge_all_of(value: str, items: list[str], exclude: list[str], ignore_case: bool) -> Outcome:
    """A list answer: every item (synonyms split on "|") appears asserted, and no excluded
    item is listed: an excluded name counts only in the list itself (not in brackets, not
    after a spaced dash or the first sentence), asserted, and not marked as replaced or
    absent in its clause ("replaces LVT (FF-01)", "supplier read MISSING"). The answer must
    neither open with a denial, nor hedge, nor offer an alternative aside."""
    from autorater.checks.negation import negation_of  # noqa: PLC0415

    from autorater.checks.negation import alternative_near  # noqa: PLC0415

    text = normalize(strip_markup(value))
    reading = read(text)
    denial = reading.denial()
    words = [normalize(w) for item in items for w in item.split("|")]
    if denial is not None and not any(re.match(rf"\W*{re.escape(w)}(?!\w)", text, re.IGNORECASE) for w in words):
        return Outcome("fail", f"{clip(text)!r} opens with a denial ({denial!r})")
    hedge = reading.hedge(items) or (clip(a.text, 40) if (a := offered_alternative(reading)) else None)
    if hedge is not None:
        return Outcome("fail", f"{clip(text)!r} is hedged ({hedge!r})")
    flags = re.IGNORECASE if ignore_case else 0
    set_apart = [(a.start, a.start + len(a.text)) for a in reading.asides if a.cut != "semicolon"]
    set_apart += _clause_segments(text)
    marked = [(a.start, a.start + len(a.text)) for a in reading.asides if a.superseded or a.alternative]

    def places(item: str) -> list[tuple[re.Match[str], Any]]:
        out = []
        for word in item.split("|"):
            pattern = re.compile(rf"(?<![\w-]){re.escape(normalize(word))}(?!\w)", flags)
            out += [(m, pattern) for m in pattern.finditer(text)]
        return out

    # An expected phrase that spells a cue ("not given") says what the answer is; it negates
    # nothing else in the list, so it is masked before the other items are tested.
    quiet = text
    for w in words:
        if re.search(r"\b(?:not|no|never|none|without)\b", w, re.IGNORECASE):
            quiet = re.sub(rf"(?<![\w-]){re.escape(w)}(?!\w)", lambda m: "_" * len(m.group(0)), quiet, flags=flags)

    def asserted(m: re.Match[str], pattern: Any) -> bool:
        return negation_of(quiet if quiet[m.start():m.end()] == m.group(0) else text, m.start(), m.end(), pattern) is None

    def inside(m: re.Match[str], spans: list[tuple[int, int]]) -> bool:
        return any(s <= m.start() < e for s, e in spans)

    def offered(m: re.Match[str]) -> bool:
        """'Penicillin or cephalosporin': one of two answers, unless the other is expected too."""
        if alternative_near(text, m.start(), m.end(), [m.group(0)]) is None:
            return False
        around = text[max(0, m.start() - 40):m.end() + 40]
        return not any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", around.replace(m.group(0), " "), flags) for w in words)

    missing = [i for i in items
               if not any(asserted(m, p) and not inside(m, marked) and not offered(m) for m, p in places(i))]
    extra = [i for i in exclude if any(
        asserted(m, p) and not inside(m, set_apart) and not _NOT_LISTED_BEFORE.search(text[max(0, m.start() - 60):m.start()])
        and not _NOT_LISTED_AFTER.match(text[m.end():]) for m, p in places(i))]
    if missing or extra:
        parts = ([f"missing {missing}"] if missing else []) + ([f"also lists {extra}"] if extra else [])
        return Outcome("fail", f"{clip(text)!r}: {'; '.join(parts)}")
    return Outcome("pass", f"{clip(text)!r} lists all {len(items)} items and none of the {len(exclude)} excluded")
