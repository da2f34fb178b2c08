"""Notice when a cluster has no sandbox node left, so queued work ends instead of waiting.

Ray keeps a task that no live node can take pending for ever: if every node offering
`mka_sandbox` dies, the trials (and gradings) still queued would hang the run without a
word. One watcher per command polls the cluster's total sandbox slots; after `grace_s` with
none, every guarded wait ends with `NoSandboxNodes`, which the trial runner records as an
infrastructure failure (so `mka run` on the same --out retries it once nodes are back)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable
from typing import TypeVar

from harness.runner.executors import ExecutorError
from harness.runner.ray_cluster import SANDBOX_RESOURCE

GRACE_ENV = "MKA_RAY_NO_NODE_GRACE_S"
DEFAULT_GRACE_S = 120.0  # longer than a node's restart; far shorter than a hang anyone would wait out
T = TypeVar("T")


class NoSandboxNodes(ExecutorError):
    """No node of the cluster has offered a sandbox slot for the grace period."""


def grace_from_env() -> float:
    raw = os.environ.get(GRACE_ENV, "")
    try:
        return float(raw) if raw else DEFAULT_GRACE_S
    except ValueError:
        raise ExecutorError(f"{GRACE_ENV}={raw!r}: expected a number of seconds") from None


def sandbox_slots() -> float:
    """The sandbox slots of the cluster's live nodes (dead nodes drop out of Ray's total)."""
    import ray  # noqa: PLC0415 - loaded by harness.runner.ray_cluster.import_ray, which must come first

    return float(ray.cluster_resources().get(SANDBOX_RESOURCE, 0.0))


class SandboxWatch:
    def __init__(self, grace_s: float | None = None, poll_s: float = 2.0) -> None:
        self.grace_s = grace_from_env() if grace_s is None else grace_s
        self.poll_s = poll_s
        self._gone = asyncio.Event()
        self._poller: asyncio.Task | None = None
        self._waiting = 0  # guarded waits in progress: the poller runs only while there is one

    async def _poll(self) -> None:
        seen = time.monotonic()
        while True:
            slots = await asyncio.to_thread(sandbox_slots)
            now = time.monotonic()
            if slots > 0:
                seen = now
                self._gone.clear()
            elif now - seen >= self.grace_s:
                self._gone.set()
            await asyncio.sleep(self.poll_s)

    async def guard(self, work: Awaitable[T]) -> T:
        """WORK's result, or NoSandboxNodes once the cluster has had no sandbox slot for the
        grace period (WORK is then cancelled, and its own cancellation handling runs)."""
        self._waiting += 1
        if self._poller is None:
            self._gone.clear()  # a new watch: the grace period starts again
            self._poller = asyncio.create_task(self._poll())
        task = asyncio.ensure_future(work)
        gone = asyncio.create_task(self._gone.wait())
        try:
            await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._waiting -= 1
            gone.cancel()
            if not self._waiting and self._poller is not None:
                self._poller.cancel()  # nothing waits: no poller is left behind on the loop
                self._poller = None
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if task.cancelled():
            raise NoSandboxNodes(f"no node of the cluster has offered a sandbox slot ({SANDBOX_RESOURCE}) for "
                                 f"{self.grace_s:.0f} s ({GRACE_ENV}); the work waiting for one was stopped")
        return task.result()
