"""Evaluators for the reply.* kinds (the agent's final reply, <root>/final_reply.md) and the
text.* kinds (the same checks on a plain-text deliverable such as notes.md).

regex / number / mentions_all live here; table_cell / field (answers judged where they sit)
in answer_checks.py. Negation and hedging cues come from negation.py, never from here."""

from __future__ import annotations

import re

from autorater.checks import answer_checks
from autorater.checks.context import CheckContext
from autorater.checks.nearby import label_found, number_near_label, numbers_near
from autorater.checks.negation import candidate_numbers, describe_rejected, disagreeing, guarded_search
from autorater.checks.numbers import FoundNumber, find_numbers, fmt_num, tolerance_of
from autorater.checks.reply_source import MAX_REPLY_BYTES, reply_text, subject
from autorater.checks.result import CheckResult, verdict
from autorater.checks.specs_data import ReplyMentionsAll, ReplyNumber, ReplyRegex
from autorater.checks.textmatch import clip, normalize, normalize_lines, snippet

__all__ = ["EVALUATORS", "MAX_REPLY_BYTES", "reply_text"]


def regex(spec: ReplyRegex, ctx: CheckContext) -> CheckResult:
    text = reply_text(ctx)
    flags = re.MULTILINE | (re.IGNORECASE if spec.ignore_case else 0)
    pattern = re.compile(spec.pattern, flags)
    rejected_note = ""
    if spec.negation_guard:
        m, rejected = guarded_search(pattern, text)
        rejected_note = describe_rejected(rejected)
    else:
        m = pattern.search(text)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    guard = ", negation guard" if spec.negation_guard else ""
    none = "no asserted match" if rejected_note else "no match"
    found = f"found {snippet(text, m.start(), m.end())!r}" if m else none
    want = "must match" if spec.must_match else "must NOT match"
    name, where = subject(ctx)
    evidence = f"{name} {want} regex {spec.pattern!r} ({case}{guard}): {found}{rejected_note}"
    return verdict(bool(m) == spec.must_match, evidence, where)


def _hedged(text: str, spec: ReplyNumber) -> list[FoundNumber] | None:
    """The candidate numbers near the label when they disagree (a hedged answer), else None."""
    assert spec.label is not None
    candidates, _ = candidate_numbers(text, numbers_near(text, spec.label, spec.window) or [])
    distinct = {fmt_num(n.value) for n in candidates}
    if len(distinct) > 1 and disagreeing(candidates, spec.expected, tolerance_of(spec)):
        return candidates
    return None


def number(spec: ReplyNumber, ctx: CheckContext) -> CheckResult:
    text = reply_text(ctx)
    tol = tolerance_of(spec)
    hit, seen = number_near_label(text, spec.expected, tol, spec.label, spec.window)
    rule = f"expected {tol.describe(spec.expected)}"
    name, where = subject(ctx)
    if hit and spec.single_candidate:
        hedged = _hedged(normalize(text), spec)
        if hedged is not None:
            listed = ", ".join(n.raw for n in hedged[:12])
            return verdict(False, f"{name}: {hit}, but within {spec.window} characters of {spec.label!r} there "
                                  f"are several candidate numbers ({listed}), not all within tolerance: a hedged "
                                  f"answer; {rule}, single candidate", where)
    if hit:
        return verdict(True, f"{name}: {hit}; {rule}", where)
    if spec.label and not label_found(text, spec.label):
        return verdict(False, f"the label {spec.label!r} does not occur in the {name}; {rule}")
    if not spec.label:
        numbers = find_numbers(normalize(text))
        seen = [n.raw if n.raw == fmt_num(n.value) else f"{n.raw} (= {fmt_num(n.value)})" for n in numbers]
    where = f"within {spec.window} characters of {spec.label!r}" if spec.label else f"in the {name}"
    listed = ", ".join(seen[:12]) + (f", … {len(seen) - 12} more" if len(seen) > 12 else "") if seen else "none"
    return verdict(False, f"numbers {where}: {listed}; {rule}")


def _item_pattern(item: str, spec: ReplyMentionsAll) -> re.Pattern[str]:
    """A plain item matches across any run of whitespace, so line breaks do not hide it."""
    source = item if spec.regex else r"\s+".join(re.escape(w) for w in normalize(item).split(" "))
    return re.compile(source, re.IGNORECASE if spec.ignore_case else 0)


def mentions_all(spec: ReplyMentionsAll, ctx: CheckContext) -> CheckResult:
    # The guard needs line breaks (they end clauses); without it the text is one line, as it
    # always was, so existing regex items keep their verdicts.
    raw = reply_text(ctx)
    text = normalize_lines(raw) if spec.negation_guard else normalize(raw)
    missing: list[str] = []
    negated_only: list[str] = []
    for item in spec.items:
        pattern = _item_pattern(item, spec)
        if not spec.negation_guard:
            if not pattern.search(text):
                missing.append(item)
            continue
        m, rejected = guarded_search(pattern, text)
        if m is None and rejected:
            negated_only.append(f"{item!r} only negated{describe_rejected(rejected, 2)}")
        elif m is None:
            missing.append(item)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    kind = "regexes" if spec.regex else "strings"
    guard = ", each un-negated" if spec.negation_guard else ""
    parts = ([f"missing {missing}"] if missing else []) + negated_only
    found = "; ".join(parts) if parts else "all found"
    name, where = subject(ctx)
    subject_text = f"{name} ({len(text)} chars, {clip(text, 60)!r})"
    ok = not missing and not negated_only
    return verdict(ok, f"{subject_text} must mention {len(spec.items)} {kind} ({case}{guard}): {found}", where)


EVALUATORS = {
    "reply.regex": regex,
    "reply.number": number,
    "reply.mentions_all": mentions_all,
    "text.regex": regex,
    "text.number": number,
    "text.mentions_all": mentions_all,
    **answer_checks.EVALUATORS,
}
