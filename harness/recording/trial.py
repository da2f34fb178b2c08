"""trial.json: what a trial was and how it ended. Written atomically at start and end."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from harness.recording.writes import write_atomic

TrialStatus = Literal["running", "finished", "turn_limit", "time_limit", "budget_limit", "context_overflow",
                      "no_finish", "infra_error", "interrupted", "error"]
# Trials whose end the agent caused — it finished, hit a cap, overflowed its context a second
# time, or stopped without finishing: kept on resume and graded on what they delivered (maybe
# nothing), so a model cannot improve its average by failing the hard tasks.
COMPLETED_STATUSES = ("finished", "turn_limit", "time_limit", "budget_limit", "context_overflow", "no_finish")
# Trials the infrastructure ended (harness exception, Docker, provider outage after retries):
# retried, and if that persists reported as infra-failed — never scored as the model's.
# "error" is how runs before this distinction recorded either; it is read as infra_error.
INFRA_STATUSES = ("infra_error", "error")


def variant_name(disabled_tools) -> str:
    """How reports name a trial's tool configuration: "default", or e.g. "no-view_image"."""
    disabled = sorted(disabled_tools or [])
    return "no-" + "-".join(disabled) if disabled else "default"


def infra_note(status: str, error: str | None, attempts: int) -> str:
    """Why an infra-failed trial is not graded and what retries it: one message for `mka run`
    and `mka grade`, so they never disagree about whether a trial is done."""
    return (f"status {status}: the infrastructure failed it, not the model ({error or 'no detail'}); "
            f"{attempts} attempt(s) spent: `mka run` on the same --out retries it while --max-attempts is "
            f"above {attempts} (default 3)")


def is_model_failure(status: str) -> bool:
    """Graded, but the agent did not finish: a cap or its own stop."""
    return status in COMPLETED_STATUSES and status != "finished"


@dataclass
class TokenCounts:
    input: int = 0
    cached_input: int = 0
    output: int = 0
    reasoning: int = 0
    cache_write: int = 0


@dataclass
class TrialRecord:
    trial_id: str
    task: str
    model: str  # PROVIDER:MODEL, or oracle / script:FILE
    config: dict[str, Any]
    status: TrialStatus = "running"
    turns: int = 0
    tokens: TokenCounts = field(default_factory=TokenCounts)  # every attempt's, failed ones included
    cost_usd: float = 0.0
    model_calls: int = 0  # answered model calls
    failed_attempts: int = 0  # model calls that failed and were retried (retry events)
    usage_estimated_calls: int = 0  # calls whose tokens the server did not report: estimated on the high side
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
        write_atomic(trial_dir / "trial.json", json.dumps(asdict(self), indent=2, ensure_ascii=False))

    @classmethod
    def read(cls, trial_dir: Path) -> TrialRecord:
        raw = json.loads((trial_dir / "trial.json").read_text())
        raw["tokens"] = TokenCounts(**raw.get("tokens", {}))
        return cls(**raw)
