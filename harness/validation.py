"""Pydantic errors as the file author reads them: `deliverables[0].path: unknown field`.

Shared by every loader that validates a user's file (tasks, rubrics)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic_core import ErrorDetails


def format_loc(loc: Sequence[str | int]) -> str:
    """('deliverables', 0, 'path') -> 'deliverables[0].path'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def describe_error(err: ErrorDetails, *, quote_value_errors: bool = False) -> str:
    """A short message; the offending value is quoted unless it is a container, or a value
    error whose message already quotes it (pass quote_value_errors when messages do not)."""
    kind, msg, value = err["type"], str(err["msg"]), err.get("input")
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "missing (required)"
    msg = msg.removeprefix("Value error, ")
    if (kind == "value_error" and not quote_value_errors) or isinstance(value, (dict, list)):
        return msg  # containers are too long to echo
    return f"{msg} (got {value!r})"
