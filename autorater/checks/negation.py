"""Is a found answer asserted, denied or hedged? One place for the cues every text kind uses.

Keyword checks are easy to satisfy with wrong work: "No rezoning to R-3 is recommended"
contains "rezoning to R-3", "There is no anomaly at Riverside" contains "anomaly at
Riverside", "72 or 96 px" contains "72 px". The functions here tell a match that asserts
something from one that denies it (a negation cue in the same clause, before it or right
after it) or offers it as one of several alternatives (a hedge).

Deliberately small and lexical: a cue counts only within a clause (bounded by . ; : | ! ?
newline and by contrastive "but / however / whereas / although / while / yet") and within a
few words of the match, so "not R-2 but R-3" asserts R-3. Comparisons with a threshold are
not denials of it ("no less than 120 px", "must not fall below 4.5:1", "does not meet the
4.5:1 minimum"), nor are "not only", "no doubt". A cue the pattern needs in order to match
("not approved") is part of what the rubric asks for; one a wildcard merely swallowed is not.
Pure standard library (imported on the host by the tests)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from autorater.checks.numbers import FoundNumber, Tolerance, find_numbers

NEGATION_WINDOW = 6  # words between a cue and the match it negates
_SHORT_WINDOW = 3  # "rather than X", "instead of X" negate only what follows closely

_CUE = re.compile(
    r"\b(?:no|not|never|none|nothing|without|neither|nor|cannot|fail(?:s|ed)?\s+to|rather\s+than|instead\s+of)\b"
    r"|n['\u2019]t\b|\bnon-(?=\w)",
    re.IGNORECASE,
)
_SHORT_CUES = ("rather", "instead")
# Boundaries of a clause: a negation does not reach across them. A '.' or ':' between
# digits (2.3, 4.5:1) is not one.
_BOUNDARY = re.compile(
    r"[;|\n!?]|\.(?!\d)|:(?!\d)|\b(?:but|however|whereas|although|though|while|yet)\b", re.IGNORECASE
)
_NOT_A_DENIAL = re.compile(r"\s*(?:only|just|least|doubt|matter|exception|fewer|less|more|later)\b", re.IGNORECASE)
_COMPARATIVE = re.compile(
    r"\b(?:less|more|fewer|greater|below|under|above|over|exceed\w*|smaller|larger|lower|higher|later|earlier"
    r"|sooner|beyond|short\s+of|at\s+(?:least|most)|meets?|reach\w*|satisf\w*|achiev\w*)\b",
    re.IGNORECASE,
)
# A denial right after the match: "Rezoning to R-3 is not recommended".
_TRAILING = re.compile(
    r"(?:\bnot|n['\u2019]t)\s+(?:be\s+)?(?:recommended|warranted|needed|required|necessary|justified|advis\w+"
    r"|supported|appropriate|found|observed|detected|present|applicable|compl\w+|occur\w*|exist\w*|apply)\b"
    r"|\bruled\s+out\b|\b(?:unnecessary|unwarranted|inadvisable|unjustified|unsupported)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'\u2019#$€£%-]+")

_HEDGE_WORD = re.compile(
    r"\b(?:either|possibly|maybe|perhaps|unclear|uncertain|unsure|not\s+sure|undecided|tbd|tbc"
    r"|to\s+be\s+(?:confirmed|determined)|could\s+be|might\s+be)\b|\?",
    re.IGNORECASE,
)
# "or" that offers another answer, right next to the match or past one short token or a
# parenthetical ("Coral #FF6B4A or Tangerine", "pin 11 (PA2) or pin 12"); "120 px or more"
# states a bound, not an alternative.
_SHORT_TOKEN = r"[^\s,;:|()!?]{0,11}[^\s,;:|().!?]"  # a short word, code or number, not ending a sentence
_BETWEEN = rf"(?:\s*\([^()\n]{{0,30}}\)|\s+{_SHORT_TOKEN})?"
_OR_AFTER = re.compile(
    rf"[*_`)\]]*{_BETWEEN}[\s*_`)\]]*,?\s*\(?\s*or\b(?!\s+(?:more|less|larger|smaller|higher|lower|above|below"
    r"|greater|better|fewer|over|under|so|not)\b)",
    re.IGNORECASE,
)
_OR_BEFORE = re.compile(rf"\bor\s*\(?(?:{_SHORT_TOKEN}\s+){{0,2}}[(\[*_`\s]*$", re.IGNORECASE)
_SLASH = re.compile(r"(?<![\s/])\s?/\s?(?![\s/])")
_NOT_ALTERNATIVES = re.compile(r"^(?:\d{1,4}/\d{1,2}/\d{1,4}|and/or|n/a|w/o?|c/o|\w/\w+|\w+/\w)$", re.IGNORECASE)


@dataclass(frozen=True)
class Cue:
    """A negation cue found in the text: what it says and where."""

    text: str
    start: int

    def describe(self) -> str:
        return repr(self.text)


def _clause_start(text: str, pos: int) -> int:
    lo = max(0, pos - 400)
    last = lo
    for m in _BOUNDARY.finditer(text, lo, pos):
        last = m.end()
    return last


def _clause_end(text: str, pos: int) -> int:
    m = _BOUNDARY.search(text, pos, min(len(text), pos + 400))
    return m.start() if m else min(len(text), pos + 400)


def _needs(pattern: re.Pattern[str] | None, text: str, start: int, cue: re.Match[str]) -> bool:
    """Does the rubric's pattern need this cue to match here ("not approved", "fails? to")?

    The cue is masked and the pattern tried again at the same place: a cue a wildcard merely
    swallowed ("Riverside[^\\n]*anomal" over "Riverside: no anomaly") is not needed, so it
    negates; a cue the pattern spells is part of what the rubric asks for."""
    if pattern is None:
        return False
    masked = text[: cue.start()] + "\x00" * (cue.end() - cue.start()) + text[cue.end():]
    return pattern.match(masked, start) is None


def _reaches(text: str, cue: re.Match[str], target: int) -> bool:
    """Does the negation `cue` reach the word at `target` (same clause, few words, no comparison)?"""
    gap = text[cue.end():target]
    if _BOUNDARY.search(gap) or _NOT_A_DENIAL.match(gap) or _COMPARATIVE.search(gap):
        return False
    short = cue.group(0).lower().startswith(_SHORT_CUES)
    if short and "," in gap:
        return False
    return len(_WORD.findall(gap)) <= (_SHORT_WINDOW if short else NEGATION_WINDOW)


def negation_of(text: str, start: int, end: int, pattern: re.Pattern[str] | None = None) -> Cue | None:
    """The cue that puts `text[start:end]` in a negated clause, or None when it is asserted.

    Looks for a cue earlier in the same clause (up to NEGATION_WINDOW words before the match),
    inside the match unless `pattern` (the one that matched) needs it, and for a denial right
    after it ("... is not recommended")."""
    for cue in _CUE.finditer(text, _clause_start(text, start)):
        if cue.start() >= end:
            break
        inside = cue.start() >= start
        if inside and _needs(pattern, text, start, cue):
            continue
        if _reaches(text, cue, end if inside else start):
            return Cue(cue.group(0), cue.start())
    after = text[end:_clause_end(text, end)]
    words = list(_WORD.finditer(after))
    head = after[: words[min(len(words), NEGATION_WINDOW) - 1].end()] if words else ""
    trailing = _TRAILING.search(head)
    if trailing:
        return Cue(trailing.group(0), end + trailing.start())
    return None


def _allowed(marker: str, expected: Iterable[str]) -> bool:
    """A marker the expected answer itself contains ("and/or", "R-2 or R-3") is not a hedge.
    Words count whole: "or" is not in "coral"."""
    marker = re.sub(r"\s+", " ", marker.strip().lower())
    if not marker[:1].isalpha():
        return any(marker in e.lower() for e in expected)
    word = re.compile(rf"(?<![a-z]){re.escape(marker)}(?![a-z])")
    return any(word.search(re.sub(r"\\[a-z]", " ", e.lower())) for e in expected)


def hedge_word(value: str, expected: Iterable[str] = ()) -> str | None:
    """A word or mark of uncertainty in `value` ("either", "possibly", "unclear", "?"), or None."""
    expected = list(expected)
    for m in _HEDGE_WORD.finditer(value):
        if not _allowed(m.group(0), expected):
            return m.group(0)
    return None


def alternative_near(value: str, start: int, end: int, expected: Iterable[str] = ()) -> str | None:
    """How `value[start:end]` is offered as one of several answers ("X or Y", "Y or X", "X/Y"),
    quoted for evidence, or None. Dates (16/05/2025), "and/or", "N/A" and units (km/h) are not."""
    expected = list(expected)
    after, before = value[end:end + 40], value[max(0, start - 40):start]
    if (_OR_AFTER.match(after) or _OR_BEFORE.search(before)) and not _allowed("or", expected):
        return "or"
    lo = start
    while lo > 0 and not value[lo - 1].isspace():
        lo -= 1
    hi = end
    while hi < len(value) and not value[hi].isspace():
        hi += 1
    token = value[lo:hi].strip("*_`()[],.;")
    around = value[max(0, start - 3):end + 3]
    if _SLASH.search(token) and not _NOT_ALTERNATIVES.match(token) and not _allowed("/", expected):
        return token
    if re.search(r"\S\s/\s\S", around) and not _allowed("/", expected):
        return around.strip()
    return None


def hedge_of(
    value: str, start: int, end: int, expected: Iterable[str] = (), *, alternatives: bool = True
) -> str | None:
    """Why the answer at `value[start:end]` is hedged (an alternative offered next to it, when
    `alternatives`, or a word of uncertainty anywhere in `value`), or None."""
    expected = list(expected)
    alt = alternative_near(value, start, end, expected) if alternatives else None
    if alt is not None:
        return f"offers an alternative ({alt!r})"
    word = hedge_word(value, expected)
    return f"is hedged ({word!r})" if word is not None else None


@dataclass(frozen=True)
class Rejected:
    """A match a guard refused, with the reason, for evidence."""

    found: str
    reason: str


MAX_REJECTED = 50


def guarded_search(
    pattern: re.Pattern[str], text: str, *, reject_hedges: bool = False,
    expected: Iterable[str] = (), alternatives: bool = True,
) -> tuple[re.Match[str] | None, list[Rejected]]:
    """The first match of `pattern` in `text` that is neither negated nor (if asked) hedged,
    and the matches rejected before it. Matches are tried at every start position, so a
    rejected long match does not hide a shorter asserted one behind it. Hedges are for short
    answers (a cell, a field value): a "?" anywhere in `text` counts."""
    rejected: list[Rejected] = []
    pos = 0
    expected = list(expected)
    while pos <= len(text) and len(rejected) < MAX_REJECTED:
        m = pattern.search(text, pos)
        if m is None:
            return None, rejected
        cue = negation_of(text, m.start(), m.end(), pattern)
        hedge = None
        if reject_hedges and cue is None:
            hedge = hedge_of(text, m.start(), m.end(), expected, alternatives=alternatives)
        if cue is None and hedge is None:
            return m, rejected
        reason = f"negated by {cue.describe()}" if cue is not None else str(hedge)
        rejected.append(Rejected(m.group(0), reason))
        pos = m.start() + 1
    return None, rejected


def describe_rejected(rejected: list[Rejected], limit: int = 3) -> str:
    """e.g. "rejected 2 negated/hedged: 'R-3' (negated by 'No'), ..." for evidence."""
    if not rejected:
        return ""
    shown = ", ".join(f"{r.found[:60]!r} ({r.reason})" for r in rejected[:limit])
    more = f", … {len(rejected) - limit} more" if len(rejected) > limit else ""
    return f"; rejected {len(rejected)} negated/hedged match(es): {shown}{more}"


# -- numbers: how many different answers does a text give? -----------------------------------

_DENIAL_FIRST = re.compile(
    r"^\W*(?:(?:none|nil|not|nothing|neither|no)\b(?!\.?\s*\d)|n/a\b)", re.IGNORECASE
)


def opens_with_denial(answer: str) -> str | None:
    """The denial an answer opens with ("none; 118,000 kWh is normal", "No anomaly (118 MWh)"),
    or None. A number given after it is context, not the answer. "No. 12" is a number."""
    m = _DENIAL_FIRST.match(answer)
    return m.group(0).strip(" *_`") if m else None


# Just before a number that is not an answer: a code's letters ("MU-", "R-"), a hex colour,
# or a ratio's first term ("4.5:" before the 1; not "MU-02: " before a value).
_CODE_BEFORE = re.compile(r"(?:[A-Za-z]-|#[0-9A-Fa-f]*|(?<![\w.-])\d+(?:\.\d+)?\s?:\s?)$")


def candidate_numbers(
    text: str, numbers: list[FoundNumber] | None = None
) -> tuple[list[FoundNumber], list[FoundNumber]]:
    """(the numbers `text` offers as answers, the negated ones left out); `numbers`: only
    these numbers of `text` (default: all of them).

    Not candidates: numbers in codes ("MU-02", "R-3", "#7A3E9D"), the second term of a ratio
    (the 1 of "4.5:1") and negated numbers ("72 px (not 96)": a correction, not a hedge)."""
    offered, negated = [], []
    for n in find_numbers(text) if numbers is None else numbers:
        if _CODE_BEFORE.search(text, max(0, n.start - 12), n.start):
            continue
        (negated if negation_of(text, n.start, n.end) is not None else offered).append(n)
    return offered, negated


def disagreeing(numbers: list[FoundNumber], expected: float, tol: Tolerance) -> list[FoundNumber]:
    """The numbers not within tolerance of `expected` (either reading of a percentage counts)."""
    return [n for n in numbers if not any(tol.ok(v, expected) for v in n.candidates())]
