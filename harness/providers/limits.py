"""Limit concurrent calls to one provider across all trials of a run."""

from __future__ import annotations

import asyncio

from harness.providers.base import ModelRequest, ModelResponse, Provider


class LimitedProvider:
    def __init__(self, inner: Provider, gate: asyncio.Semaphore) -> None:
        self.inner = inner
        self.name = inner.name
        self.model = inner.model
        self._gate = gate

    async def complete(self, request: ModelRequest) -> ModelResponse:
        async with self._gate:
            return await self.inner.complete(request)
