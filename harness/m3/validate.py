"""Check reference and prediction files before any model loads: a malformed call must be a
clear error naming the file, the task id and the field, never a silently renamed tool "",
a crash deep inside the encoder, or a task scored twice."""

from __future__ import annotations

import json
from typing import Any


def task_problems(obj: Any, where: str, index: int) -> list[str]:
    """Problems of one task object in the reference shape ({"id", "steps": [{"calls": [...]}]})."""
    if not isinstance(obj, dict):
        return [f"{where}: task #{index + 1} is {type(obj).__name__}, not an object"]
    name = f"{where}: task {obj['id']!r}" if isinstance(obj.get("id"), str) and obj.get("id") else f"{where}: task #{index + 1}"
    out: list[str] = []
    if "id" in obj and (not isinstance(obj["id"], str) or not obj["id"].strip()):
        out.append(f"{name}: id must be a non-empty string (got {obj['id']!r})")
    steps = obj.get("steps")
    if not isinstance(steps, list):
        return out + [f"{name}: steps must be a list (got {type(steps).__name__})"]
    for s, step in enumerate(steps):
        if not isinstance(step, dict):
            out.append(f"{name}: steps[{s}] must be an object with calls (got {type(step).__name__})")
            continue
        calls = step.get("calls")
        if not isinstance(calls, list):
            out.append(f"{name}: steps[{s}].calls must be a list (got {type(calls).__name__})")
            continue
        for c, call in enumerate(calls):
            out += _call_problems(call, f"{name}: steps[{s}].calls[{c}]")
    return out


def _call_problems(call: Any, where: str) -> list[str]:
    if not isinstance(call, dict):
        return [f"{where}: a call must be an object (got {type(call).__name__})"]
    out = []
    tool = call.get("name")
    if not isinstance(tool, str) or not tool.strip():
        out.append(f"{where}: name: a call needs its tool's name (got {tool!r})")
    if "id" in call and (not isinstance(call["id"], str) or not call["id"].strip()):
        out.append(f"{where}: id must be a non-empty string (got {call['id']!r})")
    try:
        json.dumps(call.get("arguments"), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        out.append(f"{where}: arguments hold a lone surrogate ({exc.reason} at {exc.start}): not valid Unicode text")
    except (TypeError, ValueError) as exc:
        out.append(f"{where}: arguments are not JSON data ({exc})")
    return out


def duplicate_ids(tasks: list[dict], where: str) -> list[str]:
    """Task ids that occur more than once in one file (each would be scored twice)."""
    seen: dict[str, int] = {}
    for t in tasks:
        if isinstance(t, dict) and isinstance(t.get("id"), str):
            seen[t["id"]] = seen.get(t["id"], 0) + 1
    return [f"{where}: task id {tid!r} occurs {n} times" for tid, n in sorted(seen.items()) if n > 1]
