"""One Docker client per process, made on first use (never at import)."""

from __future__ import annotations

import functools

import docker


@functools.cache
def shared_client() -> docker.DockerClient:
    # Every live exec holds a connection; the default pool of 10 would serialise
    # a suite running many sandboxes at once.
    return docker.from_env(timeout=600, max_pool_size=256)


@functools.cache
def engine_cpus(client: docker.DockerClient) -> int:
    return int(client.info().get("NCPU") or 1)


def fair_share(cpus: int, concurrency: int, *, floor: float = 0.5) -> float:
    """Each of `concurrency` sandboxes gets an equal slice of the engine's CPUs (never under
    `floor`): a CPU burner or a contained fork bomb in one cannot starve its neighbours."""
    return max(cpus / max(concurrency, 1), floor)
