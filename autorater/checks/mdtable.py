"""GitHub-flavoured Markdown pipe tables, read from a reply or a text deliverable.

A table is a header row, a delimiter row (`|---|:--:|`) and the body rows that follow up to
a blank line or a line without a pipe. Leading and trailing pipes are optional, `\\|` is a
literal pipe, rows with fewer cells are padded and extra cells dropped (as GFM renders
them). Tables inside fenced code blocks are examples, not answers, and are skipped.
Cells keep their raw text (markup included); callers strip markup when they compare.
Pure standard library."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_DELIMITER_CELL = re.compile(r"^\s*:?-+:?\s*$")
_PREFIX = re.compile(r"^\s{0,3}(?:>\s?)*")  # indentation and blockquote marks


@dataclass(frozen=True)
class Table:
    """One table: its headers, its body rows (each as long as the headers) and the 1-based
    line of its header in the text (for evidence)."""

    index: int  # 1-based, in order of appearance
    line: int
    headers: list[str]
    rows: list[list[str]]
    where: str = ""  # how evidence names it when it is not a Markdown table (a Word or slide table)


def split_row(line: str) -> list[str]:
    """The cells of one table line: '| a | b \\| c |' -> ['a', 'b | c']."""
    body = _PREFIX.sub("", line).strip()
    cells, current, i = [], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] == "|":
            current.append("|")
            i += 2
            continue
        if ch == "|":
            cells.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    cells.append("".join(current))
    if body.startswith("|"):
        cells = cells[1:]
    if body.endswith("|") and not body.endswith("\\|") and cells:
        cells = cells[:-1]
    return [c.strip() for c in cells]


def _has_pipe(line: str) -> bool:
    return re.search(r"(?<!\\)\|", line) is not None


def _is_delimiter(line: str, width: int) -> bool:
    if not _has_pipe(line):  # a bare "---" under a line is a heading rule, not a table
        return False
    cells = split_row(line)
    return len(cells) == width and all(_DELIMITER_CELL.match(c) for c in cells)


def find_tables(text: str) -> list[Table]:
    """Every pipe table in `text`, in order."""
    lines = text.splitlines()
    tables: list[Table] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            i += 1
            continue
        if opened:
            fence = opened.group(1)
            i += 1
            continue
        if _has_pipe(line) and i + 1 < len(lines):
            headers = split_row(line)
            if _is_delimiter(lines[i + 1], len(headers)):
                rows = []
                j = i + 2
                while j < len(lines) and lines[j].strip() and _has_pipe(lines[j]) and not _FENCE.match(lines[j]):
                    cells = split_row(lines[j])
                    rows.append((cells + [""] * len(headers))[: len(headers)])
                    j += 1
                tables.append(Table(len(tables) + 1, i + 1, headers, rows))
                i = j
                continue
        i += 1
    return tables
