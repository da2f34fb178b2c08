"""Read run directories into one row per trial: what ran, what it cost, how it scored."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class TrialRow:
    run_dir: Path
    trial_id: str
    task: str
    model: str
    variant: str  # "default" or e.g. "no-view_image"
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

    def metric(self, name: str) -> float | None:
        """A WSR-type metric over the criteria that were decided (unjudged ones left out).

        With every criterion decided this is the plain metric; otherwise it is the WSR of
        what checks and judge could decide, and `decided_share` says how much that was."""
        if not self.score:
            return None
        bounds = self.score.get(f"{name}_bounds")
        if bounds is None:
            return None
        lower, upper = bounds
        decided = 1.0 - (upper - lower)
        return lower / decided if decided > 0 else None

    def decided_share(self) -> float | None:
        if not self.score or self.score.get("wsr_bounds") is None:
            return None
        lower, upper = self.score["wsr_bounds"]
        return 1.0 - (upper - lower)


def collect(run_dirs: list[Path]) -> tuple[list[TrialRow], list[str]]:
    rows: list[TrialRow] = []
    notes: list[str] = []
    sectors: dict[str, str] = {}
    for run_dir in run_dirs:
        trial_files = sorted((run_dir / "trials").glob("*/trial.json"))
        if not trial_files:
            notes.append(f"{run_dir}: no trials found")
        for path in trial_files:
            record = json.loads(path.read_text())
            config = record.get("config", {})
            disabled = config.get("disabled_tools") or []
            row = TrialRow(
                run_dir=run_dir, trial_id=record["trial_id"], task=record["task"], model=record["model"],
                variant="no-" + "-".join(disabled) if disabled else "default",
                repeat=_repeat(record["trial_id"]), status=record["status"],
                sector=_sector(config.get("task_dir"), record["task"], sectors),
                turns=record.get("turns", 0), tokens=record.get("tokens", {}), cost_usd=record.get("cost_usd", 0.0),
                wall_s=record.get("wall_s", 0.0),
            )
            grade = path.parent / "grade"
            if (grade / "m3.json").is_file():
                row.m3 = json.loads((grade / "m3.json").read_text())["metrics"]
            elif (grade / "score.json").is_file():
                row.score = json.loads((grade / "score.json").read_text())
                verdicts = json.loads((grade / "verdicts.json").read_text())["verdicts"]
                row.failed_criteria = [v["criterion_id"] for v in verdicts if v["verdict"] in ("fail", "blocked")]
            elif row.status != "error" and row.m3 is None:
                notes.append(f"{row.trial_id}: not graded (run `mka grade {run_dir}`)")
            rows.append(row)
    return rows, notes


def _repeat(trial_id: str) -> int:
    tail = trial_id.rsplit("__r", 1)
    return int(tail[1]) if len(tail) == 2 and tail[1].isdigit() else 1


def _sector(task_dir: str | None, task: str, cache: dict[str, str]) -> str:
    if task not in cache:
        cache[task] = "unknown"
        if task_dir and (Path(task_dir) / "task.toml").is_file():
            cache[task] = tomllib.loads((Path(task_dir) / "task.toml").read_text()).get("sector", "unknown")
    return cache[task]
