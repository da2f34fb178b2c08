"""Sections of a Markdown text by heading level (markdown-it-py), for checks that look inside
one part of a document ("the MU-02 section").

A section runs from its heading to the next heading of the same or a higher level, so a
`###` sub-heading inside a `##` section stays inside it. A line that is nothing but bold text
(`**MU-02 — Leaderboard**`) is a heading too, below `######`, because models write headings
that way. Headings inside code fences are code, not structure (markdown-it knows)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from autorater.checks.textmatch import normalize, strip_markup

_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)(?P<text>[^*_\n]{1,120})(?:\*\*|__)\s*:?\s*$")
PSEUDO_LEVEL = 7


@dataclass(frozen=True)
class Heading:
    level: int  # 1-6, or PSEUDO_LEVEL for a bold line
    text: str  # markup stripped
    line: int  # 0-based


def headings(text: str) -> list[Heading]:
    """The headings of `text` in order: ATX and setext headings, and bold-only lines."""
    from markdown_it import MarkdownIt  # noqa: PLC0415 - only section checks parse Markdown

    tokens = MarkdownIt("commonmark").parse(text)
    found: list[Heading] = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map:
            found.append(Heading(int(tok.tag[1]), strip_markup(tokens[i + 1].content), tok.map[0]))
        elif tok.type == "paragraph_open" and tok.map and tok.map[1] - tok.map[0] == 1:
            m = _BOLD_LINE.match(tokens[i + 1].content)
            if m:
                found.append(Heading(PSEUDO_LEVEL, strip_markup(m.group("text")), tok.map[0]))
    return found


def section_texts(text: str, wanted: list[str]) -> list[tuple[Heading, str]]:
    """Each section whose heading contains one of `wanted` (case-insensitive, whitespace
    normalised, whole words), with its text from the heading line to the section's end."""
    lines = text.splitlines()
    heads = headings(text)
    patterns = [re.compile(rf"(?<!\w){re.escape(normalize(w))}(?!\w)", re.IGNORECASE) for w in wanted]
    out = []
    for i, head in enumerate(heads):
        if not any(p.search(normalize(head.text)) for p in patterns):
            continue
        end = next((h.line for h in heads[i + 1:] if h.level <= head.level), len(lines))
        out.append((head, "\n".join(lines[head.line:end])))
    return out
