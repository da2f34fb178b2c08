"""Load rubrics/<task_id>.yaml (plus its calibration sidecar) and report every problem.

Loading is all or nothing: a rubric with any problem raises RubricError carrying the full
list, never a partial object a grader could score against."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from autorater.rubric.model import Rubric
from autorater.rubric.overlay import (
    apply_overlay,
    calibration_path,
    is_calibration_file,
    overlay_problems,
    read_calibration,
)
from autorater.rubric.problems import CheckValidator, rubric_problems
from autorater.rubric.yamlio import read_yaml
from harness.tasks.loader import display_path

if TYPE_CHECKING:
    from harness.tasks import Task


class RubricError(ValueError):
    """One or more problems with a rubric; `problems` holds each line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def load_rubric(path: str | Path, task: Task | None = None, *, calibration: bool = True,
                check_validator: CheckValidator | None = None) -> Rubric:
    """Load and validate one rubric file.

    With `task`, the rubric's `task` must equal the task id and every `file` must be one
    of the task's deliverables (or final_reply.md). With `calibration` (the default) the
    sidecar rubrics/<task>.calibration.yaml is applied when present; its problems are
    reported with the rubric's."""
    path = Path(path)
    name = display_path(path)
    problems: list[str] = []
    raw = read_yaml(path, name, problems)
    if problems:
        raise RubricError(problems)
    problems = rubric_problems(
        raw, name,
        task_id=None if task is None else task.id,
        deliverables=None if task is None else task.deliverable_paths,
        check_validator=check_validator,
    )
    cal = None
    task_id = raw.get("task") if isinstance(raw, dict) else None
    if calibration and isinstance(task_id, str) and task_id:
        side = calibration_path(path, task_id)
        if side.is_file():
            side_name = display_path(side)
            cal = read_calibration(side, side_name, problems)
            ids = [c.get("id") for c in raw.get("criteria") or [] if isinstance(c, dict)]
            if cal is not None:
                problems += overlay_problems(cal, side_name, task_id, [i for i in ids if isinstance(i, str)])
    if problems:
        raise RubricError(problems)
    return apply_overlay(Rubric.model_validate(raw), cal)


def rubric_task_id(path: str | Path) -> str | None:
    """The `task` a rubric file names, or None when unreadable: lets a caller find the
    task folder before the full load (which needs it to check `file` fields)."""
    raw = read_yaml(Path(path), "", [])
    task = raw.get("task") if isinstance(raw, dict) else None
    return task if isinstance(task, str) and task.strip() else None


def find_rubric_files(path: str | Path) -> list[Path]:
    """The rubric file itself, or every *.yaml / *.yml directly in a folder, sorted;
    calibration sidecars are not rubrics and are skipped."""
    root = Path(path)
    if root.is_file():
        return [root]
    if not root.is_dir():
        raise RubricError([f"{display_path(root)}: not a file or folder"])
    files = [p for p in root.iterdir() if p.is_file() and p.suffix in (".yaml", ".yml")]
    return sorted(p for p in files if not is_calibration_file(p) and not p.name.startswith("."))
