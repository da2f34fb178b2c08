"""The calibration sidecar rubrics/<task_id>.calibration.yaml: read, check, apply, write.

Calibration (see autorater.calibrate) decides each criterion's tier from baseline runs.
It lives beside the rubric instead of rewriting it so the authored file stays as written
and a recalibration is one file to review (or delete)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from autorater.rubric.model import CalibrationFile, Criterion, Rubric
from autorater.rubric.yamlio import read_yaml

SUFFIX = ".calibration.yaml"
HEADER = ("# Written by `mka rubric calibrate`. Tiers here override the rubric's own;\n"
          "# delete this file to fall back to the tiers written in the rubric.\n")


def calibration_path(rubric_path: Path, task_id: str) -> Path:
    return rubric_path.parent / f"{task_id}{SUFFIX}"


def is_calibration_file(path: Path) -> bool:
    return path.name.endswith(SUFFIX)


def read_calibration(path: Path, name: str, problems: list[str]) -> CalibrationFile | None:
    """The parsed sidecar, or None with problems appended (each prefixed with `name`)."""
    local: list[str] = []
    raw = read_yaml(path, name, local)
    if local:
        problems += local
        return None
    if raw is None:
        raw = {}  # an empty file is an empty overlay
    try:
        return CalibrationFile.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = ".".join(str(part) for part in err["loc"]) or "(top level)"
            msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
            problems.append(f"{name}: {loc}: {msg}")
        return None


def overlay_problems(cal: CalibrationFile, name: str, task_id: str, criterion_ids: list[str]) -> list[str]:
    """A sidecar naming another task or criteria the rubric no longer has is stale: refusing
    it beats silently applying half of it after a rubric edit."""
    problems = []
    if cal.task is not None and cal.task != task_id:
        problems.append(f"{name}: task: must equal the rubric's task {task_id!r} (got {cal.task!r})")
    known = set(criterion_ids)
    for cid in cal.criteria:
        if cid not in known:
            problems.append(f"{name}: criterion {cid!r}: not in the rubric (stale calibration?"
                            " rerun `mka rubric calibrate`)")
    return problems


def apply_overlay(rubric: Rubric, cal: CalibrationFile | None) -> Rubric:
    """Fill `tier_source` everywhere; calibrated tiers replace the rubric's own."""
    entries = cal.criteria if cal is not None else {}
    criteria: list[Criterion] = []
    for c in rubric.criteria:
        if c.id in entries:
            criteria.append(c.model_copy(update={"tier": entries[c.id].tier, "tier_source": "calibration"}))
        else:
            criteria.append(c.model_copy(update={"tier_source": "rubric" if c.tier else None}))
    return rubric.model_copy(update={"criteria": criteria, "calibration": cal})


def write_calibration(path: Path, cal: CalibrationFile) -> None:
    """Atomic write: a reader never sees half a sidecar."""
    data: dict[str, Any] = cal.model_dump(mode="json", exclude_none=True)
    text = HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
