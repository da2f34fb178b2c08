"""Evaluators for the csv.* and json.* kinds (standard library only)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from autorater.checks.compare import compare_expected, show
from autorater.checks.context import CheckContext
from autorater.checks.numbers import Tolerance, fmt_num, to_number, tolerance_of
from autorater.checks.result import Absent, CheckError, CheckResult, outcome, verdict
from autorater.checks.safety import MiB, check_size
from autorater.checks.specs_data import CsvColumnExists, CsvValue, JsonKeyExists, JsonValue, parse_json_path
from autorater.checks.textmatch import clip, describe, normalize, text_matches

MAX_DATA_BYTES = 64 * MiB
MAX_FIELD = 1 * MiB


def _text(ctx: CheckContext) -> str:
    path = ctx.file()
    check_size(path, MAX_DATA_BYTES)
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def table(ctx: CheckContext, delimiter: str | None) -> tuple[list[str], list[list[str]], str]:
    """(header, data rows, delimiter used)."""

    def load() -> tuple[list[str], list[list[str]], str]:
        text = _text(ctx)
        delim = delimiter or _sniff(text)
        csv.field_size_limit(MAX_FIELD)
        try:
            rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delim))
        except csv.Error as exc:
            raise CheckError(f"{ctx.file().name} cannot be parsed as CSV: {exc}") from None
        rows = [r for r in rows if any(cell.strip() for cell in r)]
        if not rows:
            raise CheckError(f"{ctx.file().name} is empty")
        return rows[0], rows[1:], delim

    return ctx.load(f"csv.{delimiter}", load)


def _sniff(text: str) -> str:
    sample = text[:64 * 1024]
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        first = sample.splitlines()[0] if sample else ""
        return max(",;\t|", key=first.count)


def _column(header: list[str], name: str, ignore_case: bool = True) -> int | None:
    key = normalize(name).casefold() if ignore_case else normalize(name)
    for i, h in enumerate(header):
        if (normalize(h).casefold() if ignore_case else normalize(h)) == key:
            return i
    return None


def _shown_delim(d: str) -> str:
    return {"\t": "tab", ",": "comma", ";": "semicolon", "|": "pipe"}.get(d, repr(d))


def column_exists(spec: CsvColumnExists, ctx: CheckContext) -> CheckResult:
    header, rows, delim = table(ctx, spec.delimiter)
    i = _column(header, spec.column, spec.ignore_case)
    listed = clip(", ".join(header), 200)
    found = f"found as column {i + 1}" if i is not None else "not found"
    header_text = f"header ({_shown_delim(delim)}-separated, {len(rows)} data rows): {listed}"
    where = f"column {i + 1}" if i is not None else None
    return verdict(i is not None, f"{header_text}; column {spec.column!r} {found}", where)


def value(spec: CsvValue, ctx: CheckContext) -> CheckResult:
    header, rows, _ = table(ctx, spec.delimiter)
    col = _column(header, spec.column)
    if col is None:
        raise Absent(f"no column {spec.column!r} in the header ({clip(', '.join(header), 200)})")
    if spec.row is not None:
        if spec.row > len(rows):
            return verdict(False, f"data row {spec.row} requested but the file has {len(rows)} data rows")
        index, how = spec.row - 1, f"data row {spec.row}"
    else:
        assert spec.key_column is not None and spec.key is not None
        key_col = _column(header, spec.key_column)
        if key_col is None:
            raise Absent(f"no key column {spec.key_column!r} in the header ({clip(', '.join(header), 200)})")
        matches = [i for i, r in enumerate(rows) if key_col < len(r) and _key_equal(r[key_col], spec.key)]
        if not matches:
            return verdict(False, f"no row with {spec.key_column} = {spec.key!r} among {len(rows)} data rows")
        index = matches[0]
        how = f"row with {spec.key_column} = {spec.key!r}" + (f" (first of {len(matches)})" if len(matches) > 1 else "")
    row = rows[index]
    cell = row[col] if col < len(row) else None
    state, rule = compare_expected(cell, spec)
    where = f"data row {index + 1}, column {header[col]!r}"
    return outcome(state, f"{how}: {header[col]} = {show(cell)}; {rule}", where)


def _key_equal(cell: str, key: str | int | float) -> bool:
    if not isinstance(key, str):
        number = to_number(cell)
        return number is not None and Tolerance().ok(number.value, float(key))
    return normalize(cell).casefold() == normalize(key).casefold()


def document(ctx: CheckContext) -> Any:
    def load() -> Any:
        try:
            return json.loads(_text(ctx))
        except (json.JSONDecodeError, RecursionError) as exc:
            raise CheckError(f"{ctx.file().name} is not valid JSON: {exc}") from None

    return ctx.load("json", load)


_MISSING = object()


def lookup(doc: Any, path: str) -> tuple[Any, str]:
    """(value or _MISSING, how far the path got)."""
    node, walked = doc, "$"
    for part in parse_json_path(path):
        if isinstance(node, list) and (isinstance(part, int) or str(part).isdigit()):
            i = int(part)
            if i >= len(node):
                return _MISSING, f"{walked} has {len(node)} item(s), no [{i}]"
            node, walked = node[i], f"{walked}[{i}]"
        elif isinstance(node, dict) and str(part) in node:
            node, walked = node[str(part)], f"{walked}.{part}"
        else:
            keys = ", ".join(list(node)[:15]) if isinstance(node, dict) else type(node).__name__
            return _MISSING, f"{walked} has no {part!r} (there: {keys})"
    return node, walked


def key_exists(spec: JsonKeyExists, ctx: CheckContext) -> CheckResult:
    found, walked = lookup(document(ctx), spec.path)
    if found is _MISSING:
        return verdict(False, f"path {spec.path!r} not found: {walked}")
    return verdict(True, f"path {spec.path!r} exists: {walked} = {clip(json.dumps(found), 80)}", walked)


def json_value(spec: JsonValue, ctx: CheckContext) -> CheckResult:
    found, walked = lookup(document(ctx), spec.path)
    if found is _MISSING:
        return verdict(False, f"path {spec.path!r} not found: {walked}")
    shown = clip(json.dumps(found, ensure_ascii=False), 120)
    expected = spec.expected
    if isinstance(expected, bool) or expected is None or isinstance(expected, (list, dict)):
        ok, rule = found == expected and type(found) is type(expected), f"expected exactly {json.dumps(expected)}"
    elif isinstance(expected, str):
        ok = isinstance(found, (str, int, float)) and not isinstance(found, bool) and text_matches(
            found if isinstance(found, str) else fmt_num(float(found)), expected, spec.match, spec.ignore_case
        )
        rule = f"expected a value that {describe(expected, spec.match, spec.ignore_case)}"
    else:
        tol = tolerance_of(spec)
        number = to_number(found)
        ok = number is not None and any(tol.ok(v, float(expected)) for v in number.candidates())
        rule = f"expected {tol.describe(float(expected))}" + ("" if number is not None else ", but the value is not a number")
    return verdict(ok, f"{walked} = {shown}; {rule}", walked)


EVALUATORS = {
    "csv.column_exists": column_exists,
    "csv.value": value,
    "json.key_exists": key_exists,
    "json.value": json_value,
}
