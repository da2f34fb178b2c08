"""Read run directories into one row per trial (what ran, what it cost, how it scored) and
each run's plan (which trials were meant to run), so a report can count what is missing."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autorater.scoring.trial import decided_only, decided_share
from harness.recording.trial import COMPLETED_STATUSES, INFRA_STATUSES, is_model_failure, variant_name

Interval = tuple[float, float]


@dataclass(frozen=True)
class System:
    """What a leaderboard row is: one agent, one tool configuration, in one run."""

    run: str  # the run's label (--label, default the run folder's name)
    model: str
    variant: str = "default"


@dataclass
class TrialRow:
    run_dir: Path
    run: str
    trial_id: str
    task: str
    model: str
    variant: str  # "default" or e.g. "no-view_image"
    kind: str  # deliverable (rubric-graded) | tool_use (M3)
    repeat: int
    status: str
    sector: str
    turns: int
    tokens: dict[str, int]
    cost_usd: float
    wall_s: float
    score: dict[str, Any] | None = None  # grade/score.json
    m3: dict[str, Any] | None = None  # grade/m3.json metrics (tool-use trials)
    failed_criteria: list[str] = field(default_factory=list)
    tool_calls: Counter = field(default_factory=Counter)  # tool name -> calls the agent made
    attempts: int = 1
    judge_errors: list[str] = field(default_factory=list)

    @property
    def system(self) -> System:
        return System(self.run, self.model, self.variant)

    @property
    def graded(self) -> bool:
        return self.score is not None or self.m3 is not None

    @property
    def infra_failed(self) -> bool:
        return self.status in INFRA_STATUSES

    @property
    def model_failed(self) -> bool:
        return is_model_failure(self.status)

    def bounds(self, name: str) -> Interval | None:
        """A WSR-type metric as [undecided as fail, undecided as pass]; equal ends when all decided."""
        if not self.score or self.score.get(f"{name}_bounds") is None:
            return None
        low, high = self.score[f"{name}_bounds"]
        return float(low), float(high)

    def decided_only(self, name: str) -> float | None:
        """Diagnostic only: passed over decided weight (see autorater.scoring.trial.decided_only)."""
        return decided_only(self.bounds(name))

    def decided_share(self) -> float | None:
        return decided_share(self.bounds("wsr"))

    def check_undecided_share(self) -> float | None:
        """The share of rubric weight whose checks found the answer but could not decide it
        (decided by the judge since, or unjudged); None for scores written before it existed."""
        if not self.score or "check_undecided_weight" not in self.score or not self.score.get("total_weight"):
            return None
        return self.score["check_undecided_weight"] / self.score["total_weight"]


@dataclass(frozen=True)
class Planned:
    task: str
    system: System
    trial_id: str
    kind: str = "deliverable"


def collect(run_dirs: list[Path], labels: list[str] | None = None) -> tuple[list[TrialRow], list[Planned], list[str]]:
    """Rows for every trial folder, the planned trials from each run.json, and notes.

    Labels name the runs (default: each folder's name; repeated names get a suffix), so the
    same model in two runs is two rows, never merged or collided."""
    names = run_labels(run_dirs, labels)
    rows: list[TrialRow] = []
    planned: list[Planned] = []
    notes: list[str] = []
    sectors: dict[tuple[str, str], str] = {}
    for run_dir, label in zip(run_dirs, names):
        trial_files = sorted((run_dir / "trials").glob("*/trial.json"))
        if not trial_files:
            notes.append(f"{run_dir}: no trials found")
        for path in trial_files:
            row = _row(path, run_dir, label, sectors, notes)
            if row is not None:
                rows.append(row)
        planned += _planned(run_dir, label, notes)
    notes += rubric_version_notes(rows)
    return rows, planned, notes


def rubric_version_notes(rows: list[TrialRow]) -> list[str]:
    """A warning per task whose trials were graded with different rubric files: their scores
    measure different things and must not be compared (regrade one side with the other's)."""
    seen: dict[str, dict[str, set[str]]] = {}
    for row in rows:
        sha = (row.score or {}).get("rubric_sha256")
        if sha:
            seen.setdefault(row.task, {}).setdefault(sha, set()).add(row.run)
    out = []
    for task, versions in sorted(seen.items()):
        if len(versions) > 1:
            listed = "; ".join(f"{sha[:12]} in {', '.join(sorted(runs))}" for sha, runs in versions.items())
            out.append(f"WARNING {task}: graded with {len(versions)} different rubrics ({listed}); its scores are not "
                       f"comparable across them (regrade with `mka grade DIR --regrade` under one rubric)")
    return out


def rubric_paths(rows: list[TrialRow]) -> dict[str, Path]:
    """task -> the rubric file its trials were graded with (recorded in score.json, or the
    rubrics folder run.json names), where that file still exists."""
    out: dict[str, Path] = {}
    for row in rows:
        if row.task in out:
            continue
        recorded = (row.score or {}).get("rubric_path")
        candidates = [Path(recorded)] if recorded else []
        run_json = row.run_dir / "run.json"
        if run_json.is_file():
            try:
                folder = json.loads(run_json.read_text()).get("rubrics_dir")
            except (OSError, ValueError):
                folder = None
            if folder:
                candidates.append(Path(folder) / f"{row.task}.yaml")
        found = next((c for c in candidates if c.is_file()), None)
        if found is not None:
            out[row.task] = found
    return out


def run_labels(run_dirs: list[Path], labels: list[str] | None) -> list[str]:
    if labels:
        if len(labels) != len(run_dirs):
            raise ValueError(f"--label given {len(labels)} time(s) for {len(run_dirs)} run folder(s): give one per run")
        if len(set(labels)) != len(labels):
            raise ValueError(f"--label values must differ (got {labels})")
        return list(labels)
    out: list[str] = []
    for run_dir in run_dirs:
        base = run_dir.resolve().name or str(run_dir)
        name, n = base, 2
        while name in out:
            name, n = f"{base}#{n}", n + 1
        out.append(name)
    return out


def _row(path: Path, run_dir: Path, label: str, sectors: dict[tuple[str, str], str], notes: list[str]) -> TrialRow | None:
    try:
        record = json.loads(path.read_text())
        config = record.get("config", {})
        row = TrialRow(
            run_dir=run_dir, run=label, trial_id=record["trial_id"], task=record["task"], model=record["model"],
            variant=variant_name(config.get("disabled_tools")),
            kind=_task_field(config.get("task_dir"), record["task"], "kind", "deliverable", sectors),
            repeat=_repeat(record["trial_id"]), status=record["status"],
            sector=_task_field(config.get("task_dir"), record["task"], "sector", "unknown", sectors),
            turns=record.get("turns", 0), tokens=record.get("tokens", {}), cost_usd=record.get("cost_usd", 0.0),
            wall_s=record.get("wall_s", 0.0), attempts=int(config.get("attempt", 1)),
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        notes.append(f"{path}: skipped, unreadable trial.json ({exc})")
        return None
    row.tool_calls = _tool_calls(path.parent / "trajectory.jsonl")
    grade = path.parent / "grade"
    if row.status in COMPLETED_STATUSES:
        if (grade / "m3.json").is_file():
            row.m3 = json.loads((grade / "m3.json").read_text())["metrics"]
        elif (grade / "score.json").is_file():
            row.score = json.loads((grade / "score.json").read_text())
            row.judge_errors = list(row.score.get("judge_errors") or [])
            verdicts = json.loads((grade / "verdicts.json").read_text())["verdicts"]
            row.failed_criteria = [v["criterion_id"] for v in verdicts if v["verdict"] in ("fail", "blocked")]
        else:
            notes.append(f"{row.trial_id}: not graded (run `mka grade {run_dir}`)")
    if row.attempts > 1:
        notes.append(f"{row.trial_id}: needed {row.attempts} attempts (infrastructure failures before; see trial.json)")
    return row


def _planned(run_dir: Path, label: str, notes: list[str]) -> list[Planned]:
    path = run_dir / "run.json"
    if not path.is_file():
        return []
    try:
        items = json.loads(path.read_text()).get("planned", [])
        return [Planned(p["task"], System(label, p["model"], p.get("variant", "default")), p["trial_id"],
                        p.get("kind", "deliverable")) for p in items]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        notes.append(f"{path}: planned trials unreadable ({exc}); coverage counts only trials on disk")
        return []


def _tool_calls(trajectory: Path) -> Counter:
    """Tool calls per name from the trajectory (the ablation needs to know if view_image was used)."""
    calls: Counter = Counter()
    if not trajectory.is_file():
        return calls
    with trajectory.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if '"assistant"' not in line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                continue  # a torn last line of a killed trial
            if event.get("type") == "assistant":
                calls.update(c.get("name", "") for c in event.get("tool_calls") or [])
    return calls


def _repeat(trial_id: str) -> int:
    tail = trial_id.rsplit("__r", 1)
    return int(tail[1]) if len(tail) == 2 and tail[1].isdigit() else 1


def _task_field(task_dir: str | None, task: str, key: str, default: str, cache: dict[tuple[str, str], str]) -> str:
    """A field of the task's task.toml (sector, kind), read once per task."""
    if (task, key) not in cache:
        cache[(task, key)] = default
        if task_dir and (Path(task_dir) / "task.toml").is_file():
            cache[(task, key)] = str(tomllib.loads((Path(task_dir) / "task.toml").read_text()).get(key, default))
    return cache[(task, key)]
