"""Evaluators for the reply.* kinds: the agent's final reply (<root>/final_reply.md)."""

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
    return verdict(bool(m) == spec.must_match, f"reply {want} regex {spec.pattern!r} ({case}): {found}", "final reply")


def number(spec: ReplyNumber, ctx: CheckContext) -> CheckResult:
    text = reply_text(ctx)
    tol = tolerance_of(spec)
    hit, seen = number_near_label(text, spec.expected, tol, spec.label, spec.window)
    rule = f"expected {tol.describe(spec.expected)}"
    if hit:
        return verdict(True, f"reply: {hit}; {rule}", "final reply")
    if spec.label and not label_found(text, spec.label):
        return verdict(False, f"the label {spec.label!r} does not occur in the reply; {rule}")
    if not spec.label:
        numbers = find_numbers(normalize(text))
        seen = [n.raw if n.raw == fmt_num(n.value) else f"{n.raw} (= {fmt_num(n.value)})" for n in numbers]
    where = f"within {spec.window} characters of {spec.label!r}" if spec.label else "in the reply"
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
    reply = f"reply ({len(text)} chars, {clip(text, 60)!r})"
    return verdict(not missing, f"{reply} must mention {len(spec.items)} {kind} ({case}): {found}", "final reply")


EVALUATORS = {
    "reply.regex": regex,
    "reply.number": number,
    "reply.mentions_all": mentions_all,
}
