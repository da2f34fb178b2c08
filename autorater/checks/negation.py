"""Is a match asserted or denied? One place for the negation cues every text kind uses, and
for an alternative offered right next to a match ("X or Y", "X/Y"). What a short answer
commits to (its head, hedges, competing numbers) is value.py's.

Keyword checks are easy to satisfy with wrong work: "No rezoning to R-3 is recommended"
contains "rezoning to R-3", "There is no anomaly at Riverside" contains "anomaly at
Riverside", "72 or 96 px" contains "72 px". The functions here tell a match that asserts
something from one that denies it (a negation cue in the same clause, before it or right
after it) or offers it as one of several alternatives (a hedge).

Deliberately small and lexical: a cue counts only within its own clause (bounded by . ; : | ! ?
, newline, brackets, a spaced dash and contrastive "but / however / whereas / although / while
/ yet") and within a few words of the match, so "not R-2 but R-3" asserts R-3, "all 40 to bay
E-12, none of them to bay E-13" asserts E-12, and "No valid meter read (MISSING) – value read
from the chart" does not deny the chart reading. Comparisons with a threshold are
not denials of it ("no less than 120 px", "must not fall below 4.5:1", "does not meet the
4.5:1 minimum"), nor are "not only", "no doubt". A cue the pattern needs in order to match
("not approved") is part of what the rubric asks for; one a wildcard merely swallowed is not.
Pure standard library (imported on the host by the tests)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from typing import Any

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
    r"[;|\n!?()\[\]]|\.(?!\d)|:(?!\d)|,(?!\d)|\s[-\u2013\u2014]{1,2}\s"
    r"|\b(?:but|however|whereas|although|though|while|yet)\b"
    r"|\band\s+(?:has|have|is|are|was|were|does|did|will|would|should|must|can)\b", re.IGNORECASE
)
# A threshold named right after the match: "72 px, not the 120 px minimum" contrasts a value
# with the threshold; it does not deny the threshold.
_THRESHOLD_AFTER = re.compile(r"^\W{0,3}(?:\w+\W+){0,2}?(?:minimum|maximum|limit|threshold|requirement|floor|cap|target)\b",
                              re.IGNORECASE)
_NOT_A_DENIAL = re.compile(r"\s*(?:only|just|least|doubt|matter|exception|fewer|less|more|later)\b", re.IGNORECASE)
_COMPARATIVE = re.compile(
    r"\b(?:less|more|fewer|greater|below|under|above|over|exceed\w*|smaller|larger|lower|higher|later|earlier"
    r"|sooner|beyond|short\s+of|at\s+(?:least|most)|meets?|reach\w*|satisf\w*|achiev\w*)\b",
    re.IGNORECASE,
)
# A denial right after the match: "Rezoning to R-3 is not recommended".
_TRAILING = re.compile(
    r"(?:\bnot|n['\u2019]t)\s+(?:be\s+)?(?:recommended|warranted|needed|required|necessary|justified|advis\w+"
    r"|supported|appropriate|found|observed|detected|present|applicable|compl\w+|occur\w*|exist\w*|apply"
    r"|wired|connected|tied|driven|fitted|installed|given|administered|documented|recorded|affected|involved)\b"
    r"|\bruled\s+out\b|\b(?:unnecessary|unwarranted|inadvisable|unjustified|unsupported|immaterial|negligible)\b"
    r"|\bno\s+longer\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'\u2019#$€£%-]+")

# "or" that offers another answer, right next to the match or past one short token or a
# parenthetical ("Coral #FF6B4A or Tangerine", "pin 11 (PA2) or pin 12"); "120 px or more"
# states a bound, not an alternative.
_SHORT_TOKEN = r"[^\s,;:|()!?]{0,11}[^\s,;:|().!?]"  # a short word, code or number, not ending a sentence
_BETWEEN = rf"(?:\s*\([^()\n]{{0,30}}\)|\s+{_SHORT_TOKEN})?"
_OR_AFTER = re.compile(
    rf"[*_`)\]]*{_BETWEEN}[\s*_`)\]]*,?\s*\(?\s*(?<!/)\bor\b(?!\s+(?:more|less|larger|smaller|higher|lower|above|below"
    r"|greater|better|fewer|over|under|so|not)\b)",
    re.IGNORECASE,
)
_OR_BEFORE = re.compile(rf"(?<!/)\bor\s*\(?(?:{_SHORT_TOKEN}\s+){{0,2}}[(\[*_`\s]*$", re.IGNORECASE)
# A range around a figure the match ends with: "14:00-18:00", "14:00 to 18:00", "between 14:00 and 18:00".
_RANGE_AFTER = re.compile(r"^\s?(?:[-\u2013\u2014]|to\b)\s?(\d[\d:.,]*)")


def _range_end(match: str, after: str) -> bool:
    """A second figure of the same shape right after a dash or "to" ("14:00-18:00", "39.6 to
    39.8"); "14:00 - 1.2 °C above" is context, not a range."""
    m = _RANGE_AFTER.match(after)
    last = re.search(r"\d[\d:.,]*$", match)
    return m is not None and last is not None and _shape(m.group(1)) == _shape(last.group(0))
_RANGE_BEFORE = re.compile(r"(?:\bbetween\s+|\d\s?(?:[-\u2013\u2014]|to)\s?)$", re.IGNORECASE)
_SLASH = re.compile(r"(?<![\s/])\s?/\s?(?![\s/])")
_NOT_ALTERNATIVES = re.compile(
    r"^(?:\d{1,4}/\d{1,2}/\d{1,4}|and/or|n/a|w/o?|c/o|\w/\w+|\w+/\w"
    r"|[\w.]+-[\w.]+/\w{1,3})$",  # an ordering code: "MCP9700A-E/TT"
    re.IGNORECASE)


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


def _needs(pattern: Any, text: str, start: int, cue: re.Match[str]) -> bool:
    """Does the rubric's pattern need this cue to match here ("not approved", "fails? to")?

    The cue is masked and the pattern tried again at the same place: a cue a wildcard merely
    swallowed ("Riverside[^\\n]*anomal" over "Riverside: no anomaly") is not needed, so it
    negates; a cue the pattern spells is part of what the rubric asks for."""
    if pattern is None:
        return False
    masked = text[: cue.start()] + "\x00" * (cue.end() - cue.start()) + text[cue.end():]
    return pattern.match(masked, start) is None


_WHEN_AFTER = re.compile(r"\s+(?:in|on|during|by|until|since|before|after)\b", re.IGNORECASE)


def _compares(gap: str) -> bool:
    """A threshold comparison between the cue and the match ("not below 4.5:1", "does not
    meet the 4.5:1 minimum"); "not reached in 2021" is a denial of the year, not a comparison."""
    for m in _COMPARATIVE.finditer(gap):
        verb = m.group(0).lower().startswith(("reach", "meet", "satisf", "achiev", "later", "earlier", "sooner"))
        if not (verb and _WHEN_AFTER.match(gap, m.end())):
            return True
    return False


def _reaches(text: str, cue: re.Match[str], target: int) -> bool:
    """Does the negation `cue` reach the word at `target` (same clause, few words, no comparison)?"""
    gap = text[cue.end():target]
    if _BOUNDARY.search(gap) or _NOT_A_DENIAL.match(gap) or _compares(gap):
        return False
    short = cue.group(0).lower().startswith(_SHORT_CUES)
    if short and "," in gap:
        return False
    return len(_WORD.findall(gap)) <= (_SHORT_WINDOW if short else NEGATION_WINDOW)


def negation_of(text: str, start: int, end: int, pattern: Any = None, *, appositive: bool = True) -> Cue | None:
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
        if inside:  # a cue inside the match denies what follows it: "C3 is not on net TEMP_SENSE (…)",
            # unless a new clause starts right after it ("initialled none and has not signed")
            words = list(_WORD.finditer(text, cue.end(), end))[:2]
            target = words[-1].end() if words else end
        else:
            target = start
            if _THRESHOLD_AFTER.match(text[end:end + 40]) and re.fullmatch(r"\s*(?:the|a|an)?\s*", text[cue.end():start]):
                continue  # "not the 120 px minimum"
        if _reaches(text, cue, target):
            return Cue(cue.group(0), cue.start())
    bracket = _open_bracket_before(text, start) if appositive else None
    if bracket is not None:
        # "not U1 pin 11 (PA2)": an appositive in brackets shares its phrase's denial.
        word = re.search(r"[\w-]+\s*$", text[:bracket])
        if word is not None:
            cue = negation_of(text, word.start(), word.end(), appositive=False)
            if cue is not None:
                return cue
    skip = re.match(r"[^\S\n]*\([^()\n]{0,60}\)", text[end:])  # "pin 11 (PA2) not wired": past the appositive
    tail = end + (skip.end() if skip else 0)
    if text[tail - 1:tail] == ")" and _open_bracket_before(text, start) is not None:
        tail = end  # the match itself is in brackets: its clause ends with them
    after = text[tail:_clause_end(text, tail)]
    words = list(_WORD.finditer(after))
    head = after[: words[min(len(words), NEGATION_WINDOW) - 1].end()] if words else ""
    trailing = _TRAILING.search(head)
    if trailing:
        return Cue(trailing.group(0), tail + trailing.start())
    return None


def _open_bracket_before(text: str, pos: int) -> int | None:
    """The "(" that encloses `pos` (no ")" between them), within 60 characters, or None."""
    depth = 0
    for i in range(pos - 1, max(-1, pos - 61), -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            if depth == 0:
                return i
            depth -= 1
    return None


def _shape(token: str) -> str:
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", token))[:4]


def _other_notation(value: str, start: int, end: int) -> bool:
    """"#7a3e9d / RGB(122, 62, 157)": the other side of a spaced slash is the same thing in
    another notation (another shape), not a competing answer of the same shape."""
    after = re.match(r"\s/\s(\S+)", value[end:end + 40])
    before = re.search(r"(\S+)\s/\s$", value[max(0, start - 40):start])
    other = after.group(1) if after else (before.group(1) if before else None)
    return other is not None and _shape(other) != _shape(value[start:end])


def _allowed(marker: str, expected: Iterable[str]) -> bool:
    """A marker the expected answer itself contains ("and/or", "R-2 or R-3") is not a hedge.
    Words count whole: "or" is not in "coral"."""
    marker = re.sub(r"\s+", " ", marker.strip().lower())
    if not marker[:1].isalpha():
        return any(marker in e.lower() for e in expected)
    word = re.compile(rf"(?<![a-z]){re.escape(marker)}(?![a-z])")
    return any(word.search(re.sub(r"\\[a-z]", " ", e.lower())) for e in expected)


def alternative_near(value: str, start: int, end: int, expected: Iterable[str] = (), *,
                     conversions: bool = False) -> str | None:
    """How `value[start:end]` is offered as one of several answers ("X or Y", "Y or X", "X/Y"),
    quoted for evidence, or None. Dates (16/05/2025), "and/or", "N/A" and units (km/h) are not."""
    expected = list(expected)
    after, before = value[end:end + 40], value[max(0, start - 40):start]
    if (_OR_AFTER.match(after) or _OR_BEFORE.search(before)) and not _allowed("or", expected):
        return "or"
    if value[start:end][-1:].isdigit() and (_range_end(value[start:end], after) or _RANGE_BEFORE.search(before)):
        return "a range"  # "14:00-18:00", "between 14:00 and 18:00", "39.6 to 39.8"
    lo = start
    while lo > 0 and not value[lo - 1].isspace():
        lo -= 1
    hi = end
    while hi < len(value) and not value[hi].isspace():
        hi += 1
    token = value[lo:hi].strip("*_`()[],.;")
    around = value[max(0, lo - 4):hi + 4]
    if _SLASH.search(token) and not _NOT_ALTERNATIVES.match(token) and not _allowed("/", expected):
        return token
    if re.search(r"\S\s/\s\S", around) and not _allowed("/", expected):
        if conversions and _other_notation(value, start, end):
            return None
        return around.strip()
    return None


@dataclass(frozen=True)
class Rejected:
    """A match a guard refused, with the reason, for evidence."""

    found: str
    reason: str


MAX_REJECTED = 50


def guarded_search(pattern: Any, text: str, *, hedges: bool = False) -> tuple[Any | None, list[Rejected]]:
    """The first match of `pattern` in `text` that is not in a negated clause (and, with
    `hedges`, not offered as an alternative or hedged in its clause), and the matches
    rejected before it. Matches are tried at every start position, so a rejected long match
    does not hide a shorter asserted one behind it."""
    from autorater.checks.value import hedge_in_clause  # noqa: PLC0415 - value imports this module lazily too

    rejected: list[Rejected] = []
    pos = 0
    while pos <= len(text) and len(rejected) < MAX_REJECTED:
        m = pattern.search(text, pos)
        if m is None:
            return None, rejected
        cue = negation_of(text, m.start(), m.end(), pattern)
        why = f"negated by {cue.describe()}" if cue is not None else None
        if why is None and hedges:
            alt = alternative_near(text, m.start(), m.end(), [m.group(0)], conversions=True)
            hedge = hedge_in_clause(text, m.start(), m.end(), [m.group(0)])
            why = f"offers an alternative ({alt!r})" if alt else (f"is hedged ({hedge!r})" if hedge else None)
        if why is None:
            return m, rejected
        rejected.append(Rejected(m.group(0), why))
        pos = m.start() + 1
    return None, rejected


def describe_rejected(rejected: list[Rejected], limit: int = 3) -> str:
    """e.g. "rejected 2 negated/hedged: 'R-3' (negated by 'No'), ..." for evidence."""
    if not rejected:
        return ""
    shown = ", ".join(f"{r.found[:60]!r} ({r.reason})" for r in rejected[:limit])
    more = f", … {len(rejected) - limit} more" if len(rejected) > limit else ""
    return f"; rejected {len(rejected)} negated/hedged match(es): {shown}{more}"
