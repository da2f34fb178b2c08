"""Judging one written answer — a Markdown table cell, the value of a `Label: value` line —
against an AnswerSpec, so that a hedged, negated or multi-candidate answer fails.

Returns the verdict and a reason that quotes what was read; the evaluators
(answer_checks.py) add where it was found."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from autorater.checks.negation import candidate_numbers, disagreeing, guarded_search, hedge_word, opens_with_denial
from autorater.checks.numbers import FoundNumber, fmt_num, tolerance_of
from autorater.checks.specs_answer import AnswerSpec
from autorater.checks.textmatch import clip, compile_pattern, describe, normalize, strip_markup

_TRAILING_PUNCT = ".,;:!"


@dataclass(frozen=True)
class Judgement:
    passed: bool
    reason: str  # what was read and why it passes or fails, without the location


def rule_of(spec: AnswerSpec) -> str:
    """The comparison, for evidence: 'expected 72 ± 2', "expected one of ['No', 'N'] ..."."""
    if spec.numeric():
        return f"expected {tolerance_of(spec).describe(float(spec.expected))} (one candidate number)"
    texts = spec.expected_texts()
    if len(texts) == 1:
        return f"expected an answer that {describe(texts[0], spec.match, spec.ignore_case)}"
    verb = {"exact": "equals", "contains": "contains", "regex": "matches"}[spec.match]
    return f"expected an answer that {verb} one of {texts!r}"


def _bare(text: str) -> str:
    """An exact answer as compared: markup, symbols (✅) and trailing . , ; : ! stripped."""
    text = strip_markup(text)
    while text and (text[-1] in _TRAILING_PUNCT or unicodedata.category(text[-1]) == "So" or text[-1].isspace()):
        text = text[:-1]
    while text and (unicodedata.category(text[0]) == "So" or text[0].isspace()):
        text = text[1:]
    return text


def _show(numbers: list[FoundNumber]) -> str:
    return ", ".join(n.raw for n in numbers)


def _judge_number(value: str, spec: AnswerSpec) -> Judgement:
    tol, expected = tolerance_of(spec), float(spec.expected)  # type: ignore[arg-type]
    denial = opens_with_denial(value)
    if denial is not None:
        return Judgement(False, f"{clip(value)!r} opens with a denial ({denial!r}), not a number")
    offered, negated = candidate_numbers(value)
    left_out = f" (left out as negated: {_show(negated)})" if negated else ""
    if not offered:
        return Judgement(False, f"{clip(value)!r} holds no candidate number{left_out}")
    wrong = disagreeing(offered, expected, tol)
    hedge = hedge_word(value)
    if not wrong and hedge is None:
        return Judgement(True, f"{clip(value)!r} holds {_show(offered)}{left_out}")
    if hedge is not None:
        return Judgement(False, f"{clip(value)!r} is hedged ({hedge!r})")
    distinct = {fmt_num(n.value) for n in offered}
    if len(distinct) > 1:
        return Judgement(False, f"{clip(value)!r} offers several candidate numbers ({_show(offered)}), "
                                f"not all within tolerance: a hedged answer")
    return Judgement(False, f"{clip(value)!r} holds {_show(wrong)}{left_out}")


def _judge_exact(value: str, spec: AnswerSpec) -> Judgement:
    bare, texts = _bare(value), spec.expected_texts()

    def fold(t: str) -> str:
        t = normalize(t)
        return t.casefold() if spec.ignore_case else t

    if any(fold(bare) == fold(_bare(t)) for t in texts):
        return Judgement(True, f"{clip(value)!r} reads {bare!r}")
    alternative = re.search(r"\bor\b|\S+/\S+", bare)
    why = hedge_word(bare, texts) or (alternative.group(0) if alternative else None)
    note = f" (it hedges: {why!r})" if why else ""
    return Judgement(False, f"{clip(value)!r} reads {bare!r}, none of the expected{note}")


def _judge_search(value: str, spec: AnswerSpec) -> Judgement:
    text, texts = strip_markup(value), spec.expected_texts()
    rejected_all = []
    for expected in texts:
        source = expected if spec.match == "regex" else re.escape(normalize(expected))
        found, rejected = guarded_search(
            compile_pattern(source, spec.ignore_case), text, reject_hedges=True,
            expected=texts, alternatives=not spec.allow_alternatives,
        )
        if found is not None:
            return Judgement(True, f"{clip(value)!r}: found {found.group(0)!r}")
        rejected_all.extend(rejected)
    if rejected_all:
        reasons = "; ".join(f"{r.found!r} {r.reason}" for r in rejected_all[:3])
        return Judgement(False, f"{clip(value)!r}: every match is negated or hedged ({reasons})")
    return Judgement(False, f"{clip(value)!r}: no match")


def judge(value: str, spec: AnswerSpec) -> Judgement:
    """Does `value` (raw, markup included) give the expected answer, once and unhedged?"""
    if spec.numeric():
        return _judge_number(strip_markup(value), spec)
    if spec.match == "exact":
        return _judge_exact(value, spec)
    return _judge_search(value, spec)


def judge_all(values: list[tuple[str, str]], spec: AnswerSpec) -> tuple[bool, str]:
    """Several places giving the answer ([(where, value)]): all must pass. Disagreeing copies
    (one passes, another fails) are a conflicting answer and fail. Judging stops at the first
    failing copy (the verdict is known), so a table repeating a row 10^5 times stays cheap."""
    judged: list[tuple[str, Judgement]] = []
    for where, value in values:
        judged.append((where, judge(value, spec)))
        if not judged[-1][1].passed:
            break
    passed = judged[-1][1].passed
    if len(values) == 1:
        return passed, f"{judged[0][0]}: {judged[0][1].reason}"
    # Show the first copies and, when it failed, the copy that decided it.
    shown_copies = judged[:3] + ([judged[-1]] if len(judged) > 3 else [])
    shown = "; ".join(f"{where}: {j.reason} ({'pass' if j.passed else 'fail'})" for where, j in shown_copies)
    mixed = not passed and len(judged) > 1
    head = f"{len(values)} places give this answer" + (" and they disagree" if mixed else "")
    return passed, f"{head}: {shown}"
