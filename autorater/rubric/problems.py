"""Every problem in a raw rubric mapping, each naming the file and the criterion.

Works on the parsed YAML rather than on pydantic models: pydantic stops at the first bad
field of a model and never reaches rules that span criteria, while an author fixing a
rubric wants the whole list in one go. A rubric with no problems here validates cleanly."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from harness.validation import describe_error, format_loc

from autorater.rubric.graph import find_cycles, format_cycle
from autorater.rubric.model import ALIAS_KINDS, REPLY_FILE, RUBRIC_TIER_SOURCES, Criterion, check_subjects, with_aliases

TOP_LEVEL_KEYS = ("task", "tier_source", "criteria")
LOADER_FIELDS = ("tier_source",)  # filled by the loader; an author writing them is a mistake
REPLY_KIND_PREFIX = "reply."  # check kinds that read the final reply, never a deliverable

CheckValidator = Callable[[dict[str, Any]], list[str]]


def default_check_problems(check: dict[str, Any]) -> list[str]:
    """Validate a check spec with the checks package.

    Imported on use: `autorater.checks` is built for the autorater container, and the CLI
    should stay importable (and `mka --help` fast) whatever that package pulls in."""
    from autorater.checks.specs import check_problems

    return list(check_problems(check))


def criterion_label(item: Any, index: int) -> str:
    """How a criterion is named in messages: its id when it has a usable one."""
    cid = item.get("id") if isinstance(item, Mapping) else None
    return f"criterion {cid!r}" if isinstance(cid, str) and cid.strip() else f"criteria[{index}]"


def _describe(err: ErrorDetails) -> str:
    """Rubric-specific wording for weight and id; the generic wording otherwise."""
    value = err.get("input")
    if err["loc"] and err["loc"][0] == "weight" and err["type"] not in ("missing", "extra_forbidden"):
        return f"must be an integer from 1 to 5 (got {value!r})"  # one message for type and range
    if err["type"] == "string_pattern_mismatch":
        return f"must start with a letter or digit and use only letters, digits, '_', '.', '-' (got {value!r})"
    return describe_error(err, quote_value_errors=True)


def _field_problems(item: dict[str, Any]) -> list[str]:
    """Per-field problems of one criterion, as 'field: message'."""
    out = [f"{key}: set by the loader, do not write it" for key in LOADER_FIELDS if key in item]
    try:
        Criterion.model_validate({k: v for k, v in item.items() if k not in LOADER_FIELDS})
    except ValidationError as exc:
        out += [f"{format_loc(tuple(e['loc'])) or '(criterion)'}: {_describe(e)}" for e in exc.errors()]
    return out


def _file_problem(file: Any, deliverables: list[str] | None, field: str = "file") -> str | None:
    if deliverables is None or not isinstance(file, str):
        return None  # type problems come from the model; no task means nothing to compare with
    allowed = {posixpath.normpath(p) for p in deliverables} | {REPLY_FILE}
    if posixpath.normpath(file) in allowed:
        return None
    declared = ", ".join(sorted(allowed))
    return f"{field}: not a deliverable of the task (got {file!r}; declared: {declared})"


def _check_problem_lines(item: dict[str, Any], validate: CheckValidator, deliverables: list[str] | None) -> list[str]:
    """The checks package validates the spec itself; the rules tying it to the criterion
    (which file it reads) live here, since only the rubric knows the criterion's `file`."""
    check = item.get("check")
    aliases = item.get("aliases")
    if isinstance(aliases, list) and aliases and (not isinstance(check, dict) or check.get("kind") not in ALIAS_KINDS):
        return [f"aliases: only a check of kind {', '.join(ALIAS_KINDS)} takes aliases (got {check.get('kind') if isinstance(check, dict) else 'no check'})"]
    if not isinstance(check, dict):
        return []  # absent, or the model reports the wrong type
    if isinstance(aliases, list) and all(isinstance(a, str) for a in aliases):
        check = with_aliases(check, aliases)
    try:
        # The checks package already prefixes its messages with `check.` / `check:`.
        lines = [p if p.startswith("check") else f"check: {p}" for p in validate(check)]
    except Exception as exc:  # a crashing validator must still name the criterion
        return [f"check: could not be validated ({type(exc).__name__}: {exc})"]
    kind = check.get("kind")
    target = check.get("file")
    if lines or not isinstance(kind, str) or kind.startswith(REPLY_KIND_PREFIX):
        return lines  # reply.* kinds always read final_reply.md and take no file
    if target is None and item.get("file") is None:
        lines.append("check: needs a file to read: set the criterion's `file` or `check.file`")
    problem = _file_problem(target, deliverables, "check.file")
    return lines + ([problem] if problem else [])


def _graph_problems(items: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, str]]:
    """(criterion id, message) for unknown or repeated prerequisites and for cycles."""
    ids = {cid for cid, _ in items}
    out: list[tuple[str, str]] = []
    requires: dict[str, list[str]] = {}
    for cid, item in items:
        prereqs = item.get("prerequisites") or []
        if not isinstance(prereqs, list):
            continue  # reported by the model
        named = [p for p in prereqs if isinstance(p, str)]
        for p in sorted({p for p in named if named.count(p) > 1}):
            out.append((cid, f"prerequisites: {p!r} listed more than once"))
        for p in dict.fromkeys(named):
            if p not in ids:
                out.append((cid, f"prerequisites: unknown criterion {p!r}"))
        requires.setdefault(cid, [p for p in dict.fromkeys(named) if p in ids])
    for cycle in find_cycles(requires):
        out.append((cycle[0], f"prerequisites: cycle {format_cycle(cycle)} (each requires the next)"))
    return out


def rubric_problems(raw: Any, name: str, *, task_id: str | None = None,
                    deliverables: list[str] | None = None,
                    check_validator: CheckValidator | None = None) -> list[str]:
    """Every problem with a parsed rubric file; `name` prefixes each message.

    `task_id` and `deliverables` come from the task folder when it is known; without them
    the `task` and `file` fields are only checked for shape. `check_validator` defaults to
    the checks package (looked up on each call, so tests can stand in for it)."""
    validate_check = check_validator or default_check_problems
    if not isinstance(raw, Mapping):
        return [f"{name}: must be a mapping with 'task' and 'criteria' (got {type(raw).__name__})"]
    problems = [f"{name}: {key}: unknown field" for key in raw if key not in TOP_LEVEL_KEYS]
    task = raw.get("task")
    if not isinstance(task, str) or not task.strip():
        problems.append(f"{name}: task: must be the task id (got {task!r})")
    elif task_id is not None and task != task_id:
        problems.append(f"{name}: task: must equal the task id {task_id!r} (got {task!r})")
    if "tier_source" in raw and raw["tier_source"] not in RUBRIC_TIER_SOURCES:
        problems.append(f"{name}: tier_source: must be one of {', '.join(RUBRIC_TIER_SOURCES)} (got {raw['tier_source']!r})")

    criteria = raw.get("criteria")
    if not isinstance(criteria, list) or not criteria:
        problems.append(f"{name}: criteria: must be a non-empty list of criteria")
        return problems

    seen: dict[str, int] = {}
    usable: list[tuple[str, dict[str, Any]]] = []  # (id, item) for the graph checks
    for index, item in enumerate(criteria):
        label = criterion_label(item, index)
        if not isinstance(item, dict):
            problems.append(f"{name}: {label}: must be a mapping (got {item!r})")
            continue
        lines = _field_problems(item)
        lines += _check_problem_lines(item, validate_check, deliverables)
        file_problem = _file_problem(item.get("file"), deliverables)
        lines += [file_problem] if file_problem else []
        cid = item.get("id")
        if isinstance(cid, str) and cid.strip():
            if cid in seen:
                label = f"{label} (criteria[{index}])"  # the id alone would not say which one
                lines.insert(0, f"id: duplicate of criteria[{seen[cid]}]")
            else:
                seen[cid] = index
                usable.append((cid, item))
        problems += [f"{name}: {label}: {line}" for line in lines]

    problems += [f"{name}: criterion {cid!r}: {msg}" for cid, msg in _graph_problems(usable)]
    problems += [f"{name}: criterion {cid!r}: {msg}" for cid, msg in _alias_problems(usable)]
    return problems


def _words(text: str) -> str:
    return " " + " ".join(text.casefold().replace("*", " ").split()) + " "


def _alias_problems(items: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, str]]:
    """An alias that would also match another criterion's subject in the same file (equal,
    or one inside the other as whole words) would let one answer stand for two criteria."""
    def target(item: dict[str, Any]) -> str:
        check = item.get("check") if isinstance(item.get("check"), dict) else {}
        kind = str(check.get("kind", ""))
        return REPLY_FILE if kind.startswith(REPLY_KIND_PREFIX) else str(check.get("file") or item.get("file"))

    out: list[tuple[str, str]] = []
    for cid, item in items:
        aliases = item.get("aliases") if isinstance(item.get("aliases"), list) else []
        for alias in (a for a in aliases if isinstance(a, str) and a.strip()):
            for other_id, other in items:
                if other_id == cid or target(other) != target(item):
                    continue
                for subject in check_subjects(with_aliases(other.get("check") if isinstance(other.get("check"), dict) else None,
                                                           [a for a in other.get("aliases") or [] if isinstance(a, str)])):
                    a, b = _words(alias), _words(subject)
                    if a in b or b in a:
                        out.append((cid, f"aliases: {alias!r} would also match criterion {other_id!r} "
                                         f"(its subject {subject!r})"))
                        break
    return out
