"""trial.json: what a trial was and how it ended. Written atomically at start and end."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

TrialStatus = Literal["running", "finished", "turn_limit", "time_limit", "budget_limit", "error"]
# Trials that ran to an end (the agent finished or a cap stopped it): kept on resume, graded.
COMPLETED_STATUSES = ("finished", "turn_limit", "time_limit", "budget_limit")


@dataclass
class TokenCounts:
    input: int = 0
    cached_input: int = 0
    output: int = 0
    reasoning: int = 0


@dataclass
class TrialRecord:
    trial_id: str
    task: str
    model: str  # PROVIDER:MODEL, or oracle / script:FILE
    config: dict[str, Any]
    status: TrialStatus = "running"
    turns: int = 0
    tokens: TokenCounts = field(default_factory=TokenCounts)
    cost_usd: float = 0.0
    wall_s: float = 0.0
    model_s: float = 0.0
    tool_s: float = 0.0
    started: str = ""
    ended: str | None = None
    deliverables: list[str] = field(default_factory=list)
    error: str | None = None
    harness_version: str = ""

    def write(self, trial_dir: Path) -> None:
        trial_dir.mkdir(parents=True, exist_ok=True)
        tmp = trial_dir / "trial.json.part"
        tmp.write_text(json.dumps(asdict(self), indent=2, ensure_ascii=False))
        os.replace(tmp, trial_dir / "trial.json")

    @classmethod
    def read(cls, trial_dir: Path) -> TrialRecord:
        raw = json.loads((trial_dir / "trial.json").read_text())
        raw["tokens"] = TokenCounts(**raw.get("tokens", {}))
        return cls(**raw)
