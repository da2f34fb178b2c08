"""SandboxWatch: queued Ray work ends once the cluster has had no sandbox slot for a while."""

from __future__ import annotations

import asyncio

import pytest

from harness.runner import ray_watch
from harness.runner.ray_watch import NoSandboxNodes, SandboxWatch


def _slots(monkeypatch, values: list[float]) -> None:
    """The cluster's sandbox slots, poll after poll (the last value repeats)."""
    seq = list(values)
    monkeypatch.setattr(ray_watch, "sandbox_slots", lambda: seq.pop(0) if len(seq) > 1 else seq[0])


async def _pending(stopped: list[str]) -> str:
    try:
        await asyncio.sleep(60)  # like a Ray task no node can take
    except asyncio.CancelledError:
        stopped.append("cleanup ran")
        raise
    return "never"


def test_work_ends_with_no_sandbox_node_after_the_grace_and_is_cancelled(monkeypatch):
    _slots(monkeypatch, [0.0])
    stopped: list[str] = []

    async def main() -> None:
        watch = SandboxWatch(grace_s=0.3, poll_s=0.05)
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(NoSandboxNodes, match="no node of the cluster has offered a sandbox slot"):
            await watch.guard(_pending(stopped))
        assert 0.3 <= loop.time() - started < 5
        assert watch._poller is None  # nothing left running on the loop

    asyncio.run(main())
    assert stopped == ["cleanup ran"]


def test_work_that_finishes_or_fails_is_passed_through(monkeypatch):
    _slots(monkeypatch, [2.0])

    async def boom() -> None:
        raise ValueError("node lost")

    async def main() -> None:
        watch = SandboxWatch(grace_s=0.1, poll_s=0.02)
        assert await watch.guard(asyncio.sleep(0.3, result="done")) == "done"  # outlives the grace: slots are there
        with pytest.raises(ValueError, match="node lost"):
            await watch.guard(boom())

    asyncio.run(main())


def test_nodes_coming_back_within_the_grace_keep_work_waiting(monkeypatch):
    _slots(monkeypatch, [0.0, 0.0, 1.0])  # gone for two polls, then a node joins

    async def main() -> str:
        watch = SandboxWatch(grace_s=0.5, poll_s=0.1)
        return await watch.guard(asyncio.sleep(1.0, result="ran"))

    assert asyncio.run(main()) == "ran"


def test_a_bad_grace_setting_is_named(monkeypatch):
    monkeypatch.setenv("MKA_RAY_NO_NODE_GRACE_S", "soon")
    with pytest.raises(Exception, match="MKA_RAY_NO_NODE_GRACE_S='soon': expected a number of seconds"):
        SandboxWatch()
