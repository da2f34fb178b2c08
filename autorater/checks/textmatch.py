"""Text comparison shared by every kind: normalisation and the exact/contains/regex modes.

Normalisation makes typography irrelevant: Unicode NFKC, curly quotes and dashes to ASCII,
no-break and thin spaces to spaces, runs of whitespace to one space, trimmed. Models and
office suites substitute these freely; a rubric means the words, not the code points.
Standard library, and RE2 for rubric patterns (the host imports it through the specs)."""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

MatchMode = Literal["exact", "contains", "regex"]

_TYPOGRAPHY = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00ad": None, "\u200b": None, "\ufeff": None,  # soft hyphen, zero-width space, BOM
})
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY)
    return _SPACE.sub(" ", text).strip()


def _fold(text: str, ignore_case: bool) -> str:
    text = normalize(text)
    return text.casefold() if ignore_case else text


def compile_pattern(pattern: str, ignore_case: bool):  # noqa: ANN201 - an RE2 pattern
    """A rubric pattern, on RE2 (linear time on model-written text; see rx.py)."""
    from autorater.checks.rx import compile_rx  # noqa: PLC0415

    return compile_rx(pattern, ignore_case)


# A list marker typed as text ("•\tP-311: ...", "- item", "1) item"): what a reader sees as
# the bullet, not as the paragraph's words.
_LIST_MARK = re.compile(r"^\s*(?:[\u2022\u25e6\u25aa\u25cf\u2023\u2043\u00b7\u2219*+\-\u2013\u2014]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+")


def text_matches(found: str, expected: str, mode: MatchMode, ignore_case: bool) -> bool:
    """Does `found` satisfy `expected` under `mode`? (regex: searched, on normalised text;
    exact and regex also try the text without a typed list marker, so `^P-311:` matches
    "• P-311: ...")."""
    text = normalize(found)
    variants = [text] + ([_LIST_MARK.sub("", text, count=1)] if mode != "contains" and _LIST_MARK.match(text) else [])
    if mode == "regex":
        pattern = compile_pattern(expected, ignore_case)
        return any(pattern.search(v) is not None for v in variants)
    b = _fold(expected, ignore_case)
    return any((_fold(v, ignore_case) == b) if mode == "exact" else (b in _fold(v, ignore_case)) for v in variants)


def spec_matches(found: str, spec: object) -> bool:
    """Does `found` satisfy a TextMatch spec: its `text` or one of its aliases?"""
    texts = spec.texts() if hasattr(spec, "texts") else [spec.text]  # type: ignore[attr-defined]
    return any(text_matches(found, t, spec.match, spec.ignore_case) for t in texts)  # type: ignore[attr-defined]


def describe(expected: str, mode: MatchMode, ignore_case: bool) -> str:
    """e.g. "contains 'Revenue' (case-insensitive)" for evidence lines."""
    verb = {"exact": "equals", "contains": "contains", "regex": "matches regex"}[mode]
    case = "case-insensitive" if ignore_case else "case-sensitive"
    return f"{verb} {expected!r} ({case}, whitespace normalised)"


def clip(text: str, limit: int = 120) -> str:
    """A short, single-line rendering of found text for evidence."""
    text = normalize(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def snippet(text: str, start: int, end: int, context: int = 40) -> str:
    """`text[start:end]` with some context either side, for evidence."""
    lo, hi = max(0, start - context), min(len(text), end + context)
    return ("…" if lo else "") + normalize(text[lo:hi]) + ("…" if hi < len(text) else "")


def normalize_lines(text: str) -> str:
    """normalize() line by line: typography and runs of spaces, but the line breaks kept
    (they end clauses, table rows and `Label: value` lines)."""
    return "\n".join(normalize(line) for line in text.splitlines())


_LABEL_START = re.compile(r"^\s*[*_`]*[^\s:][^:\n]{0,40}:\s")
_CLOSED_LINE = re.compile(r"^\s*(?:#|\||```|~~~)")
_BLOCK_START = re.compile(r"^\s*(?:$|#|[-*+\u2022]\s|\d{1,3}[.)]\s|\||>|```|~~~)")


def unwrap_paragraphs(text: str) -> str:
    """Lines of one Markdown paragraph joined with spaces, as Markdown renders them ("Our own\n
    signature block" is one phrase); blank lines, headings, list items, table rows, quotes and
    fences still start new lines (they end clauses and anchor `^`/`$`)."""
    lines = text.split("\n")
    out = lines[:1]
    for line in lines[1:]:
        closed = not out[-1].strip() or _CLOSED_LINE.match(out[-1])  # a heading, table row or fence ends at its line
        # A line of its own: a labelled line ("P-312: rezone ...", "Total: 28") after a line
        # that ended its thought; a wrapped phrase goes on in lower case or mid-sentence.
        own_line = not line.lstrip()[:1].islower() and (
            bool(re.search(r"[.:;!?]\s*$", out[-1])) or bool(_LABEL_START.match(line)))
        if not closed and not _BLOCK_START.match(line) and not own_line:
            out[-1] = out[-1].rstrip() + " " + line.lstrip()
        else:
            out.append(line)
    return "\n".join(out)


_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_EMPHASIS = re.compile(r"(?<!\w)(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?!\w)")
_STRUCK = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~")
_EDGE_MARKS = re.compile(r"^[\s*_`~]+|[\s*_`~]+$")


def strip_markup(text: str) -> str:
    """Markdown inline markup removed, normalised: '**`MU-02`**' -> 'MU-02',
    '[Zoning map](z.png)' -> 'Zoning map', 'a<br>b' -> 'a b'. Underscores inside words
    (snake_case) and lone asterisks (footnote marks in the middle) are kept. Struck-through
    text (~~Yes~~) is a retracted answer and is dropped."""
    text = _STRUCK.sub("", _BREAK.sub(" ", _LINK.sub(r"\1", text)).replace("`", ""))
    previous = None
    while previous != text:
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    return normalize(_EDGE_MARKS.sub("", text))
