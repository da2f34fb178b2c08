"""Plain data the M3 scorer works on: calls, trajectories, matches and thresholds.

A reference trajectory and a prediction share one shape: an ordered list of steps, each a
list of calls that ran (or should run) in parallel. Indices are positions in that list, not
the optional `step` numbers of the JSON, exactly as the reference scorer does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Call:
    """One tool call. `started`/`ended` are monotonic seconds from tool_result events (only
    predictions read from trial directories have them)."""

    name: str
    arguments: Any
    step: int
    index: int
    id: str = ""
    depends_on: tuple[str, ...] | None = None  # None: the default (all calls of the previous step)
    uses_image: bool = False
    started: float | None = None
    ended: float | None = None
    failed: bool = False  # its tool result was an error (trial predictions only)


@dataclass
class Trajectory:
    """A reference task or one prediction for it."""

    task_id: str
    steps: list[list[Call]]
    system: str = ""  # which agent produced a prediction (trial.json `model`, or the file's stem)
    trial_id: str = ""
    source: str = ""  # where it was read from, for messages
    from_trial: bool = False  # read from our trial directory format
    final_reply: str | None = None
    notes: list[str] = field(default_factory=list)

    def calls(self) -> list[Call]:
        """Every call, step by step (the global call index used by matches)."""
        return [call for step in self.steps for call in step]


@dataclass(frozen=True)
class Match:
    """A reference call aligned with a predicted call of the same tool name."""

    ref: int  # global index into the reference's calls()
    pred: int  # global index into the prediction's calls()
    sim: float
    ref_step: int
    pred_step: int


@dataclass(frozen=True)
class Thresholds:
    """τ_weak: the least similarity a match may have; τ_strong: a strong match."""

    weak: float = 0.60
    strong: float = 0.80


def _seconds(value: Any) -> float | None:
    """A monotonic timestamp, or None for anything else (e.g. a wall-clock ISO string)."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def build_steps(raw_steps: list[list[dict[str, Any]]]) -> list[list[Call]]:
    """Calls from plain dicts (name, arguments and the optional id/depends_on/uses_image),
    with positions filled in; a call without an id gets `s<step>c<index>`."""
    steps: list[list[Call]] = []
    for s, raw_calls in enumerate(raw_steps):
        calls = []
        for c, raw in enumerate(raw_calls):
            deps = raw.get("depends_on")
            calls.append(Call(
                name=str(raw.get("name", "")).strip(), arguments=raw.get("arguments"), step=s, index=c,
                id=str(raw.get("id") or f"s{s}c{c}"),
                depends_on=None if deps is None else tuple(str(d) for d in deps),
                uses_image=bool(raw.get("uses_image", False)),
                started=_seconds(raw.get("started")), ended=_seconds(raw.get("ended")),
                failed=raw.get("ok") is False,
            ))
        steps.append(calls)
    return steps
