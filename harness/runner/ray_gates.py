"""`--provider-concurrency` across the whole cluster: one actor holds a semaphore per provider.

Every trial's model calls, on whichever node, pass through the same actor (pinned to the
head's node, so losing a worker never loses the limits). Permits are held in a trial
attempt's name: when a node dies mid-call, the head releases what that attempt held, so a
lost node never leaks a permit."""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict
from types import TracebackType
from typing import Any

import ray


@ray.remote(num_cpus=0, max_restarts=0)
class ProviderGates:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._sems: dict[str, asyncio.Semaphore] = {}
        self._held: dict[str, Counter[str]] = defaultdict(Counter)

    async def acquire(self, provider: str, holder: str) -> None:
        await self._sems.setdefault(provider, asyncio.Semaphore(self.limit)).acquire()
        self._held[holder][provider] += 1

    async def release(self, provider: str, holder: str) -> None:
        if self._held[holder][provider] > 0:
            self._held[holder][provider] -= 1
            self._sems[provider].release()

    async def release_all(self, holder: str) -> int:
        held = self._held.pop(holder, Counter())
        for provider, count in held.items():
            for _ in range(count):
                self._sems[provider].release()
        return sum(held.values())

    async def in_use(self) -> dict[str, int]:
        return {p: self.limit - s._value for p, s in self._sems.items()}  # noqa: SLF001 - a report


class ClusterGate:
    """What a trial's LimitedProvider enters around each model call (duck-types a Semaphore)."""

    def __init__(self, gates: Any, provider: str, holder: str) -> None:
        self._gates, self._provider, self._holder = gates, provider, holder

    async def __aenter__(self) -> None:
        await self._gates.acquire.remote(self._provider, self._holder)

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self._gates.release.remote(self._provider, self._holder)
