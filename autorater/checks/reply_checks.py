"""Evaluators for the reply.* kinds (the agent's final reply, <root>/final_reply.md) and the
text.* kinds (the same checks on a plain-text deliverable such as notes.md)."""

from __future__ import annotations

import re

from autorater.checks.context import CheckContext
from autorater.checks.nearby import label_found, number_near_label
from autorater.checks.numbers import find_numbers, fmt_num, tolerance_of
from autorater.checks.result import CheckResult, verdict
from autorater.checks.safety import MiB, check_size
from autorater.checks.specs_data import ReplyMentionsAll, ReplyNumber, ReplyRegex
from autorater.checks.textmatch import clip, normalize, snippet

MAX_REPLY_BYTES = 4 * MiB


def _subject(ctx: CheckContext) -> tuple[str, str]:
    """How evidence names what was read: ("reply", "final reply") or the deliverable's name twice."""
    return ("reply", "final reply") if ctx.rel == "final_reply.md" else (ctx.rel, ctx.rel)


def reply_text(ctx: CheckContext) -> str:
    def load() -> str:
        path = ctx.file()
        check_size(path, MAX_REPLY_BYTES)
        return path.read_bytes().decode("utf-8", errors="replace")

    return ctx.load("reply", load)


def regex(spec: ReplyRegex, ctx: CheckContext) -> CheckResult:
    text = reply_text(ctx)
    flags = re.MULTILINE | (re.IGNORECASE if spec.ignore_case else 0)
    m = re.search(spec.pattern, text, flags)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    found = f"found {snippet(text, m.start(), m.end())!r}" if m else "no match"
    want = "must match" if spec.must_match else "must NOT match"
    name, where = _subject(ctx)
    return verdict(bool(m) == spec.must_match, f"{name} {want} regex {spec.pattern!r} ({case}): {found}", where)


def number(spec: ReplyNumber, ctx: CheckContext) -> CheckResult:
    text = reply_text(ctx)
    tol = tolerance_of(spec)
    hit, seen = number_near_label(text, spec.expected, tol, spec.label, spec.window)
    rule = f"expected {tol.describe(spec.expected)}"
    name, where = _subject(ctx)
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


def mentions_all(spec: ReplyMentionsAll, ctx: CheckContext) -> CheckResult:
    text = normalize(reply_text(ctx))
    flags = re.IGNORECASE if spec.ignore_case else 0
    missing = []
    for item in spec.items:
        pattern = item if spec.regex else re.escape(normalize(item))
        if not re.search(pattern, text, flags):
            missing.append(item)
    case = "case-insensitive" if spec.ignore_case else "case-sensitive"
    kind = "regexes" if spec.regex else "strings"
    found = f"missing {missing}" if missing else "all found"
    name, where = _subject(ctx)
    subject = f"{name} ({len(text)} chars, {clip(text, 60)!r})"
    return verdict(not missing, f"{subject} must mention {len(spec.items)} {kind} ({case}): {found}", where)


EVALUATORS = {
    "reply.regex": regex,
    "reply.number": number,
    "reply.mentions_all": mentions_all,
    "text.regex": regex,
    "text.number": number,
    "text.mentions_all": mentions_all,
}
