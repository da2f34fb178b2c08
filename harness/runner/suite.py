"""Run many trials: bounded sandboxes, per-provider call limits, a cost budget, live state.

Each trial stays a self-contained `run_trial(spec)`; what is shared here is only scheduling
(how many at once, whether the budget allows another), so a distributed executor could
replace this loop without touching a trial."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from statistics import mean

from dataclasses import replace

from harness.recording.trial import INFRA_STATUSES, TrialRecord
from harness.recording.writes import OutputUnwritable, unwritable_cause
from harness.runner.trial import TrialSpec, run_trial


@dataclass
class TrialState:
    spec: TrialSpec
    state: str = "queued"  # queued | running | <final status> | skipped (budget)
    turn: int = 0
    tokens: int = 0
    cost: float = 0.0
    last_tool: str = ""
    started: float | None = None
    ended: float | None = None


@dataclass
class SuiteState:
    trials: dict[str, TrialState]
    started: float = field(default_factory=time.monotonic)
    budget_note: str = ""
    notes: dict[tuple[str, str], str] = field(default_factory=dict)  # (model, kind) -> the first trial's note, said once per run

    def done(self) -> list[TrialState]:
        return [t for t in self.trials.values() if t.ended is not None]

    def eta_s(self, concurrency: int) -> float | None:
        finished = [t.ended - t.started for t in self.done() if t.started is not None and t.ended is not None]
        left = sum(1 for t in self.trials.values() if t.state in ("queued", "running"))
        return mean(finished) * left / concurrency if finished and left else None

    def per_model(self) -> dict[str, tuple[int, float]]:
        out: dict[str, tuple[int, float]] = {}
        for t in self.trials.values():
            tokens, cost = out.get(t.spec.agent.label, (0, 0.0))
            out[t.spec.agent.label] = (tokens + t.tokens, cost + t.cost)
        return out


class SuiteRunner:
    def __init__(self, specs: list[TrialSpec], *, concurrency: int, max_cost_usd: float | None = None,
                 calls_per_provider: int | None = None, max_attempts: int = 1,
                 execute: Callable[..., Awaitable[TrialRecord]] = run_trial) -> None:
        self.state = SuiteState({s.trial_id: TrialState(s) for s in specs})
        self.concurrency = concurrency
        self.max_cost_usd = max_cost_usd
        self.calls_per_provider = calls_per_provider
        self.max_attempts = max_attempts
        self._gates: dict[str, asyncio.Semaphore] = {}
        self._execute = execute  # run_trial here, or an executor's remote equivalent (harness.runner.executors)
        self._unwritable: OutputUnwritable | None = None  # set by the first trial that could not be recorded

    async def run(self, on_tick: Callable[[SuiteState], None] | None = None) -> list[TrialRecord]:
        sandboxes = asyncio.Semaphore(self.concurrency)
        jobs = [asyncio.create_task(self._one(t, sandboxes)) for t in self.state.trials.values()]
        while not all(j.done() for j in jobs):
            if on_tick:
                on_tick(self.state)
            await asyncio.wait(jobs, timeout=0.25)
            await self._stop_if_unwritable(jobs)
        if on_tick:
            on_tick(self.state)
        return [r for j in jobs if (r := j.result()) is not None]

    async def _stop_if_unwritable(self, jobs: list[asyncio.Task]) -> None:
        """Once a trial could not be recorded, no other can be: cancel the running ones (they are
        recorded as interrupted if they still can be, their sandboxes removed), start no more,
        and raise (harness.recording.writes)."""
        if self._unwritable is None:
            return
        why = f"the run stopped: {self._unwritable}"
        for job in jobs:
            job.cancel(why)
        await asyncio.gather(*jobs, return_exceptions=True)
        for trial in self.state.trials.values():
            trial.state = {"running": "interrupted", "queued": "not started"}.get(trial.state, trial.state)
        raise self._unwritable

    async def _one(self, trial: TrialState, sandboxes: asyncio.Semaphore) -> TrialRecord | None:
        async with sandboxes:
            if self._unwritable is not None:  # the run is stopping: start nothing more
                trial.state = "not started"
                return None
            if not self._budget_allows(trial):
                trial.state = "skipped (budget)"
                return None
            trial.state, trial.started = "running", time.monotonic()
            try:
                record = await self._execute(trial.spec, on_event=lambda e: self._observe_run(trial, e), provider_gates=self._gate_for)
                # An infrastructure failure is not the model's: run it again (from scratch, the same
                # trial id) while attempts are left; the record keeps why earlier attempts failed.
                while record.status in INFRA_STATUSES and trial.spec.attempt < self.max_attempts:
                    trial.spec = replace(trial.spec, attempt=trial.spec.attempt + 1,
                                         previous_errors=(*trial.spec.previous_errors, record.error or record.status))
                    trial.state = f"retrying ({trial.spec.attempt}/{self.max_attempts})"
                    record = await self._execute(trial.spec, on_event=lambda e: self._observe_run(trial, e), provider_gates=self._gate_for)
            except Exception as exc:
                unwritable = unwritable_cause(exc)  # an executor's own writes (a Ray trial's install)
                if unwritable is None:
                    raise
                trial.state, trial.ended = "interrupted", time.monotonic()
                self._unwritable = self._unwritable or unwritable  # before the slot is free for another
                if unwritable is exc:
                    raise
                raise unwritable from exc
            trial.state, trial.ended = record.status, time.monotonic()
            trial.cost = record.cost_usd
            return record

    def _gate_for(self, provider: str) -> asyncio.Semaphore | None:
        if self.calls_per_provider is None:
            return None
        return self._gates.setdefault(provider, asyncio.Semaphore(self.calls_per_provider))

    def _budget_allows(self, trial: TrialState) -> bool:
        """Spend so far plus what running trials (and this one) are projected to cost, against the budget."""
        if self.max_cost_usd is None:
            return True
        trials = self.state.trials.values()
        spent = sum(t.cost for t in trials)
        projected = sum(max(self._typical_cost(t) - t.cost, 0.0) for t in trials if t.state == "running")
        projected += self._typical_cost(trial)
        if spent + projected > self.max_cost_usd:
            self.state.budget_note = (f"budget: ${spent:.2f} spent + ${projected:.2f} projected would pass "
                                      f"--max-cost ${self.max_cost_usd:.2f}; no new trials launched")
            return False
        return True

    def _typical_cost(self, trial: TrialState) -> float:
        same = [t.cost for t in self.state.done() if t.spec.agent == trial.spec.agent]
        return mean(same) if same else 0.0

    def _observe_run(self, trial: TrialState, event: dict) -> None:
        if event["type"] == "note":
            self.state.notes.setdefault((trial.spec.agent.label, event["kind"]), event["text"])
        self._observe(trial, event)

    @staticmethod
    def _observe(trial: TrialState, event: dict) -> None:
        kind = event["type"]
        if kind == "assistant":
            trial.turn = event["turn"]
        elif kind == "model_call":
            trial.tokens += event["usage"]["input"] + event["usage"]["output"]
            trial.cost += event["cost_usd"]
        elif kind == "tool_result":
            trial.last_tool = event["name"] + ("" if event["ok"] else " (error)")
        elif kind == "restart":  # its node was lost: the rerun starts from zero, nothing counted twice
            trial.turn, trial.tokens, trial.cost, trial.last_tool = 0, 0, 0.0, event.get("reason", "restarted")
