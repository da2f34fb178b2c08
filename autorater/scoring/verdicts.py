"""grade/verdicts.json (written by the grader) and finding graded trials in a run folder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from harness.tasks.loader import display_path

# error: a check or the judge failed for infrastructure reasons (never the deliverable's fault):
# undecided like unjudged, never counted as a fail.
VerdictValue = Literal["pass", "fail", "blocked", "unjudged", "error"]
VERDICTS_FILE = Path("grade") / "verdicts.json"


class VerdictsError(ValueError):
    """Problems with verdicts (unreadable file, unknown or missing criteria); one per line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class Verdict(BaseModel):
    # Extra fields are ignored, not refused: the grader may record more (judge turns,
    # timings) without breaking scoring. The fields scores depend on are strict.
    model_config = ConfigDict(extra="ignore", frozen=True)

    criterion_id: str
    verdict: VerdictValue
    decided_by: str = "none"  # check:KIND | llm:MODEL | blocked | none
    rationale: str = ""
    evidence: str = ""
    cited_files: list[str] = Field(default_factory=list)
    blocked_by: str | list[str] | None = None
    # Set when a deterministic check found the thing but could not decide it (its reading),
    # whoever decided it afterwards (the judge) or not (unjudged): the report's undecided share.
    check_undecided: str | None = None


class VerdictsFile(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    task: str
    trial_id: str | None = None
    model: str | None = None
    rubric_sha256: str | None = None
    verdicts: list[Verdict]


def load_verdicts(path: str | Path) -> VerdictsFile:
    path = Path(path)
    name = display_path(path)
    try:
        raw = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VerdictsError([f"{name}: cannot read verdicts ({exc})"]) from exc
    try:
        return VerdictsFile.model_validate(raw)
    except ValidationError as exc:
        raise VerdictsError([f"{name}: {'.'.join(map(str, e['loc'])) or '(top level)'}: {e['msg']}"
                             for e in exc.errors()]) from exc


@dataclass(frozen=True)
class GradedTrial:
    trial_id: str
    task: str
    model: str
    verdicts: VerdictsFile
    trial_dir: Path


def load_graded_trials(run_dir: str | Path) -> tuple[list[GradedTrial], list[str]]:
    """Every trial under RUN/trials/ with a readable trial.json and grade/verdicts.json.

    Returns (trials, notes): a trial that cannot be used (not graded yet, unreadable,
    verdicts for another task) is skipped with a note, because one broken trial should
    not hide the rest of a run; callers show the notes."""
    root = Path(run_dir) / "trials"
    if not root.is_dir():
        raise VerdictsError([f"{display_path(Path(run_dir))}: not a run folder (no trials/ inside)"])
    trials: list[GradedTrial] = []
    notes: list[str] = []
    for trial_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        name = display_path(trial_dir)
        try:
            record = json.loads((trial_dir / "trial.json").read_text(encoding="utf-8"))
            task, model = str(record["task"]), str(record["model"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            notes.append(f"{name}: skipped, unreadable trial.json ({exc})")
            continue
        if not (trial_dir / VERDICTS_FILE).is_file():
            notes.append(f"{name}: skipped, not graded (no {VERDICTS_FILE.as_posix()})")
            continue
        try:
            verdicts = load_verdicts(trial_dir / VERDICTS_FILE)
        except VerdictsError as exc:
            notes += [f"skipped: {p}" for p in exc.problems]
            continue
        if verdicts.task != task:
            notes.append(f"{name}: skipped, verdicts are for task {verdicts.task!r} but the trial ran {task!r}")
            continue
        trial_id = str(record.get("trial_id") or verdicts.trial_id or trial_dir.name)
        trials.append(GradedTrial(trial_id=trial_id, task=task, model=model, verdicts=verdicts,
                                  trial_dir=trial_dir))
    return trials, notes
