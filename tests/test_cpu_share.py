"""Concurrent sandboxes share the engine's CPUs instead of each taking the 4-CPU default."""

from __future__ import annotations

from pathlib import Path

from harness.runner.trial import _sandbox_limits
from harness.sandbox.client import fair_share
from harness.tasks import load_task

TASK = Path(__file__).parent / "data" / "tasks" / "sales_summary"


def test_fair_share_divides_the_engine_and_keeps_a_floor():
    assert fair_share(2, 2) == 1.0
    assert fair_share(64, 4) == 16.0  # the 4-CPU cap below still applies on big hosts
    assert fair_share(2, 8) == 0.5


def test_a_trials_sandbox_is_capped_at_its_share():
    task = load_task(TASK)
    assert _sandbox_limits(task).cpus == 4.0
    assert _sandbox_limits(task, fair_share(2, 2)).cpus == 1.0
    assert _sandbox_limits(task, fair_share(64, 2)).cpus == 4.0
