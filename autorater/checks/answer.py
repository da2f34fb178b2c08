"""Judging one written answer — a Markdown table cell, the value of a `Label: value` line —
against an ExpectedValue. What the answer commits to is value.py's to say; this module picks
the reading the spec asks for (a number, a date, an exact text, a search) and says which of
several copies decides.

Returns pass, fail or undecided with a reason that quotes what was read; the evaluators
(answer_checks.py) add where it was found."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from autorater.checks import value as reading
from autorater.checks.negation import alternative_near, negation_of
from autorater.checks.numbers import tolerance_of
from autorater.checks.quantities import judge_number
from autorater.checks.rx import compile_rx
from autorater.checks.specs_base import ExpectedValue
from autorater.checks.textmatch import clip, describe, normalize, strip_markup
from autorater.checks.value import Outcome, State


@dataclass(frozen=True)
class Judgement:
    state: State
    reason: str  # what was read and why it passes, fails or stays undecided, without the location
    absent: bool = False  # it states no answer of the asked kind at all

    @property
    def passed(self) -> bool:
        return self.state == "pass"


def rule_of(spec: ExpectedValue) -> str:
    """The comparison, for evidence: 'expected 72 ± 2', "expected one of ['No', 'N'] ..."."""
    if spec.numeric():
        unit = f" {spec.unit}" if spec.unit else ""
        return f"expected {tolerance_of(spec).describe(float(spec.expected))}{unit} (one committed number)"
    texts = spec.expected_texts()
    if spec.date:
        return f"expected the date {' or '.join(texts)}"
    if spec.match == "all":
        return f"expected a list naming all of {texts!r}" + (f" and none of {spec.exclude!r}" if spec.exclude else "")
    if len(texts) == 1:
        return f"expected an answer that {describe(texts[0], spec.match, spec.ignore_case)}"
    verb = {"exact": "equals", "contains": "contains", "regex": "matches"}[spec.match]
    return f"expected an answer that {verb} one of {texts!r}"


def _judge_search(value: str, spec: ExpectedValue) -> Outcome:
    """contains / regex: a match that is asserted, not hedged, not offered as an alternative
    and not in a superseded or alternative aside. Tried on the whole value, then on its head
    and the head's first clause (so an anchored pattern accepts an answer followed by
    context); offsets of all three are the value's own."""
    text = strip_markup(value)
    read = reading.read(text)
    texts = spec.expected_texts()
    rejected: list[str] = []
    for expected in texts:
        source = expected if spec.match == "regex" else _escaped(normalize(expected))
        pattern = compile_rx(source, spec.ignore_case)
        for subject in (text, read.head.rstrip(), read.first_clause_raw()):
            pos = 0
            while pos <= len(subject) and len(rejected) < 50:
                found = pattern.search(subject, pos)
                if found is None:
                    break
                cue = negation_of(text, found.start(), found.end(), pattern)
                # A marker counts as the answer's own only if the pattern needs it (a regex
                # source is full of "?" and "/"; a wildcard may swallow a "possibly"):
                # "REJECT?" hedges "^REJECT(?:ED)?", "Day 4 possibly omitted" hedges "Day\s*4[^.]*omitted".
                own = [] if spec.match == "regex" else texts
                why = f"negated by {cue.describe()}" if cue else _why_not(read, found.start(), found.end(), spec, own, pattern)
                if why is None:
                    return Outcome("pass", f"{clip(text)!r}: found {found.group(0)!r}")
                rejected.append(f"{found.group(0)!r} {why}")
                pos = found.start() + 1
    if rejected:
        return Outcome("fail", f"{clip(text)!r}: every match is negated, hedged or superseded ({'; '.join(rejected[:3])})")
    return Outcome("fail", f"{clip(text)!r}: no match")


_MARKER = re.compile(r"\s(?:or|/)\s|(?<=\w)/(?=\w)|\(\s*or\s", re.IGNORECASE)


def _also_acceptable(text: str, start: int, end: int, pattern: Any) -> bool:
    """"Deleted / struck out", "omitted or deleted", "GBP 400,000 (or £400k)": the other side
    of the alternative is an acceptable answer too, so nothing competes. The other side is
    what stands past the "or" / "/" nearest the match, to the end of its clause (or before it,
    for "Y or X"); "Sun Coral #FF6B4A or Tangerine" offers Tangerine, whatever else the clause says."""
    lo = max((m.end() for m in re.finditer(r"[;|\n]|\.\s|,\s", text[:start])), default=0)
    edge = re.search(r"[;|\n]|\.\s|,\s", text[end:])
    hi = end + edge.start() if edge else len(text)
    after = next(_MARKER.finditer(text, end, hi), None)
    if after is not None:
        stop = re.search(r"[()]|\s(?:or|and)\s|/", text[after.end():hi])  # the offered phrase only
        return pattern.search(text[after.end():after.end() + stop.start() if stop else hi]) is not None
    before = [m for m in _MARKER.finditer(text, lo, start)]
    if not before:
        return False
    edge = max((m.end() for m in re.finditer(r"[()]|\s(?:or|and)\s|/", text[lo:before[-1].start()])), default=0)
    return pattern.search(text[lo + edge:before[-1].start()]) is not None


def _why_not(read: reading.Reading, start: int, end: int, spec: ExpectedValue, own: list[str], pattern: Any) -> str | None:
    """Why a match does not count, or None: an alternative next to it (wherever it is; "Sun
    Coral or Tangerine" in a later finding too) unless its other side is acceptable too, an
    aside offering another answer, a hedge in its clause the pattern does not need, or
    superseded context."""
    def needed(s: int, e: int) -> bool:
        if not (start <= s and e <= end):
            return False
        masked = read.text[:s] + "\x00" * (e - s) + read.text[e:]
        return pattern.match(masked, start) is None

    aside = next((a for a in read.asides if a.start <= start < a.start + len(a.text)), None)
    if aside is not None and aside.superseded:
        return f"is superseded context ({clip(aside.text, 40)!r})"
    denial = read.denial()
    if aside is not None and denial is not None:
        return f"is context to an answer that opens with a denial ({denial!r})"  # "Not deleted - the strike-through …"
    if not spec.allow_alternatives:
        if aside is not None and aside.alternative:
            return f"is offered as an alternative ({clip(aside.text, 40)!r})"
        alt = alternative_near(read.text, start, end, own or [read.text[start:end]])
        if alt is not None and not _also_acceptable(read.text, start, end, pattern):
            return f"offers an alternative ({alt!r})"
        offered = reading.offered_alternative(read)
        if aside is None and offered is not None and pattern.search(offered.text) is None:
            return f"offers an alternative ({clip(offered.text, 40)!r})"
    in_head = aside is None and read.head[start:end].strip()
    hedge = read.hedge(own, needed) if in_head else reading.hedge_in_clause(read.text, start, end, own, needed)
    return f"is hedged ({hedge!r})" if hedge is not None else None


def _escaped(text: str) -> str:
    """A literal for RE2, matching across any run of whitespace."""
    import re  # noqa: PLC0415

    return r"\s+".join(re.escape(w) for w in text.split(" "))


def judge(value: str, spec: ExpectedValue) -> Judgement:
    """Does `value` (raw, markup included) give the expected answer, once and unhedged?"""
    if spec.numeric():
        unit = spec.resolved_unit()
        outcome = judge_number(value, float(spec.expected), tolerance_of(spec), unit)  # type: ignore[arg-type]
    elif spec.date:
        from autorater.checks.dates import judge_date  # noqa: PLC0415 - dateparser is slow to import

        outcome = judge_date(value, spec.expected_texts(), spec.date_order)
    elif spec.match == "exact":
        outcome = reading.judge_exact(value, spec.expected_texts(), spec.ignore_case)
    elif spec.match == "all":
        outcome = reading.judge_all_of(value, spec.expected_texts(), spec.exclude, spec.ignore_case)
    else:
        outcome = _judge_search(value, spec)
    return Judgement(outcome.state, outcome.reason, outcome.absent)


def judge_all(values: list[tuple[str, str]], spec: ExpectedValue) -> tuple[State, str]:
    """Several places giving the answer ([(where, value)]): all must pass. A copy that fails
    decides (a conflicting or wrong answer); otherwise an undecided copy leaves the whole
    undecided. Judging stops at the first failing copy, so a table repeating a row 10^5 times
    stays cheap."""
    judged: list[tuple[str, Judgement]] = []
    for where, value in values:
        judged.append((where, judge(value, spec)))
        if judged[-1][1].state == "fail" and not judged[-1][1].absent:
            break
    if any(j.state != "fail" or not j.absent for _, j in judged):
        # A copy that states no answer of the asked kind ("**Selected-on-test resistor:** R2. The
        # photo shows ...", a prose lead-in) does not contradict one that does.
        judged = [(w, j) for w, j in judged if not (j.state == "fail" and j.absent)]
    states = [j.state for _, j in judged]
    state: State = "fail" if "fail" in states else ("undecided" if "undecided" in states else "pass")
    if len(values) == 1:
        return state, f"{judged[0][0]}: {judged[0][1].reason}"
    shown_copies = judged[:3] + ([judged[-1]] if len(judged) > 3 else [])
    shown = "; ".join(f"{where}: {j.reason} ({j.state})" for where, j in shown_copies)
    mixed = state == "fail" and "pass" in states
    head = f"{len(values)} places give this answer" + (" and they disagree" if mixed else "")
    return state, f"{head}: {shown}"
