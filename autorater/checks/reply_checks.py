"""Evaluators for the reply.* kinds (the agent's final reply, <root>/final_reply.md) and the
text.* kinds (the same checks on a plain-text deliverable such as notes.md).

regex / number / mentions_all live here; table_cell / field (answers judged where they sit)
in answer_checks.py. Negation cues come from negation.py, what a value commits to from
value.py, never from here. Patterns run on RE2 (rx.py)."""

from __future__ import annotations

from autorater.checks import answer_checks
from autorater.checks.context import CheckContext
from autorater.checks.nearby import label_found, number_near_label
from autorater.checks.negation import describe_rejected, guarded_search
from autorater.checks.numbers import find_numbers, fmt_num, tolerance_of
from autorater.checks.reply_source import (
    MAX_REPLY_BYTES, is_markdown, missing_note, reply_text, scoped_outcome, scoped_texts, subject,
)
from autorater.checks.result import CheckResult, verdict
from autorater.checks.rx import compile_rx
from autorater.checks.specs_data import ReplyMentionsAll, ReplyNumber, ReplyRegex
from autorater.checks.textmatch import clip, normalize, normalize_lines, snippet, unwrap_paragraphs
from autorater.checks.quantities import judge_number

__all__ = ["EVALUATORS", "MAX_REPLY_BYTES", "reply_text"]


def regex(spec: ReplyRegex, ctx: CheckContext) -> CheckResult:
    pattern = compile_rx(spec.pattern, spec.ignore_case, multiline=True)
    scopes, missing_section = scoped_texts(ctx, spec)
    rejected_note, m, text = "", None, ""
    markdown = is_markdown(ctx)
    for _, raw in scopes:
        text = normalize_lines(unwrap_paragraphs(raw) if markdown else raw)
        if spec.negation_guard or spec.hedge_guard:
            m, rejected = guarded_search(pattern, text, hedges=spec.hedge_guard)
            rejected_note += describe_rejected(rejected)
        else:
            m = pattern.search(text)
        if m:
            break
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    guard = (", negation guard" if spec.negation_guard else "") + (", hedge guard" if spec.hedge_guard else "")
    none = "no asserted match" if rejected_note else "no match"
    found = f"found {snippet(text, m.start(), m.end())!r}" if m else none
    want = "must match" if spec.must_match else "must NOT match"
    name, where = subject(ctx)
    evidence = f"{name} {want} regex {spec.pattern!r} ({case}{guard}): {found}{rejected_note}"
    state = "pass" if bool(m) == spec.must_match else "fail"
    return scoped_outcome(state, evidence, where, missing_section)


def _label_values(text: str, labels: list[str], window: int) -> list[tuple[str, str]]:
    """For each place a label occurs: the text after it, to the end of its line (at most
    `window` characters), read as that label's value."""
    import re  # noqa: PLC0415

    out = []
    for label in labels:
        for m in re.finditer(re.escape(normalize(label)), text, re.IGNORECASE):
            line_end = text.find("\n", m.end())
            value = text[m.end(): min(len(text) if line_end < 0 else line_end, m.end() + window)]
            value = value.lstrip(" :*_-\u2013\u2014=\t")
            out.append((f"after {label!r} at char {m.start()}", value))
    return out


def number(spec: ReplyNumber, ctx: CheckContext) -> CheckResult:
    tol = tolerance_of(spec)
    rule = f"expected {tol.describe(spec.expected)}" + (f" {spec.unit}" if spec.unit else "")
    name, where = subject(ctx)
    scopes, missing_section = scoped_texts(ctx, spec)
    labels = [spec.label, *spec.aliases] if spec.label else []
    if spec.single_candidate or spec.unit:
        unit = None
        if spec.unit:
            from autorater.checks.units import resolve  # noqa: PLC0415

            unit = resolve(spec.unit)
        judged = []
        for _, text in scopes:
            places = _label_values(normalize_lines(text), labels, spec.window) if labels else [("text", normalize(text))]
            judged += [(at, judge_number(value, spec.expected, tol, unit)) for at, value in places]
        if not judged:
            return verdict(False, f"the label {spec.label!r} does not occur in the {name}{missing_note(missing_section)}; {rule}")
        best = next((j for j in judged if j[1].state == "pass"), None) or next(
            (j for j in judged if j[1].state == "undecided"), judged[0])
        conflict = [j for j in judged if j[1].state == "fail"] if best[1].state == "pass" and spec.single_candidate else []
        if conflict:
            return verdict(False, f"{name}: {best[0]}: {best[1].reason}, but {conflict[0][0]}: {conflict[0][1].reason}", where)
        return scoped_outcome(best[1].state, f"{name}: {best[0]}: {best[1].reason}", where, missing_section)
    for _, text in scopes:
        for label in labels or [None]:
            hit, _ = number_near_label(text, spec.expected, tol, label, spec.window)
            if hit:
                return scoped_outcome("pass", f"{name}: {hit}; {rule}", where, missing_section)
    text = "\n".join(t for _, t in scopes)
    if labels and not any(label_found(text, label) for label in labels):
        return verdict(False, f"the label {spec.label!r} does not occur in the {name}{missing_note(missing_section)}; {rule}")
    numbers = find_numbers(normalize(text))
    seen = [n.raw if n.raw == fmt_num(n.value) else f"{n.raw} (= {fmt_num(n.value)})" for n in numbers]
    at = f"within {spec.window} characters of {spec.label!r}" if spec.label else f"in the {name}"
    listed = ", ".join(seen[:12]) + (f", … {len(seen) - 12} more" if len(seen) > 12 else "") if seen else "none"
    return verdict(False, f"numbers {at}: {listed}; {rule}")


def _item_pattern(item: str, spec: ReplyMentionsAll):  # noqa: ANN202 - an RE2 pattern
    """A plain item matches across any run of whitespace, so line breaks do not hide it."""
    import re  # noqa: PLC0415

    source = item if spec.regex else r"\s+".join(re.escape(w) for w in normalize(item).split(" "))
    return compile_rx(source, spec.ignore_case)


def mentions_all(spec: ReplyMentionsAll, ctx: CheckContext) -> CheckResult:
    # The guard needs line breaks (they end clauses); without it the text is one line.
    scopes, missing_section = scoped_texts(ctx, spec)
    raw = "\n".join(t for _, t in scopes)
    guarded = spec.negation_guard or spec.hedge_guard
    text = normalize_lines(unwrap_paragraphs(raw) if is_markdown(ctx) else raw) if guarded else normalize(raw)
    missing: list[str] = []
    negated_only: list[str] = []
    for synonyms in spec.synonyms():
        shown = synonyms[0] if len(synonyms) == 1 else " | ".join(synonyms)
        rejected_all = []
        hit = False
        for item in synonyms:
            pattern = _item_pattern(item, spec)
            if not guarded:
                hit = pattern.search(text) is not None
            else:
                m, rejected = guarded_search(pattern, text, hedges=spec.hedge_guard)
                hit, rejected_all = m is not None, rejected_all + rejected
            if hit:
                break
        if not hit and rejected_all:
            negated_only.append(f"{shown!r} only negated{describe_rejected(rejected_all, 2)}")
        elif not hit:
            missing.append(shown)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    kind = "regexes" if spec.regex else "strings"
    guard = ", each un-negated" if spec.negation_guard else ""
    parts = ([f"missing {missing}"] if missing else []) + negated_only
    found = "; ".join(parts) if parts else "all found"
    name, where = subject(ctx)
    subject_text = f"{name} ({len(text)} chars, {clip(text, 60)!r})"
    state = "pass" if not missing and not negated_only else "fail"
    return scoped_outcome(state, f"{subject_text} must mention {len(spec.items)} {kind} ({case}{guard}): {found}", where,
                   missing_section)


EVALUATORS = {
    "reply.regex": regex,
    "reply.number": number,
    "reply.mentions_all": mentions_all,
    "text.regex": regex,
    "text.number": number,
    "text.mentions_all": mentions_all,
    **answer_checks.EVALUATORS,
}
