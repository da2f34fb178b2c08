"""Rubric regular expressions run on RE2 (google-re2): linear time in the text, whatever the
pattern, so a crafted deliverable cannot make a check run out of time (a timeout is an
`error` verdict, which raises the upper WSR bound: a fail turned into "maybe").

RE2 has no look-around and no back-references; a rubric pattern that uses them is refused
when the rubric is validated, naming the field. What those were used for in rubrics (refusing
hedges, negations, competing numbers) is what the answer reader does (value.py), once.

Patterns are Python-flavoured otherwise: (?P<name>...), \\d, \\b, (?i), (?m) all work."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


class RegexError(ValueError):
    """A rubric pattern RE2 cannot compile."""


@lru_cache(maxsize=512)
def compile_rx(pattern: str, ignore_case: bool = True, multiline: bool = False) -> Any:
    """The compiled RE2 pattern (search / match / finditer with pos, as `re`); RegexError."""
    import re2  # noqa: PLC0415 - a compiled extension; imported where patterns are used

    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = not ignore_case
    flags = "(?m)" if multiline else ""
    try:
        return re2.compile(flags + pattern, options)
    except re2.error as exc:
        reason = exc.args[0].decode() if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        if "perl operator" in reason and ("(?=" in reason or "(?!" in reason or "(?<" in reason):
            reason += " (RE2 has no look-around; the answer reader already refuses hedges and negations)"
        if "\\1" in pattern or "backreference" in reason.lower():
            reason += " (RE2 has no back-references)"
        raise RegexError(reason) from None


def regex_problem(pattern: str) -> str | None:
    """Why RE2 cannot compile `pattern`, or None."""
    try:
        compile_rx(pattern)
    except RegexError as exc:
        return str(exc)
    return None
