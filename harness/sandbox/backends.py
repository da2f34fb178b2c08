"""Sandbox backends, chosen by name in this one place: callers ask for a sandbox by spec and
see only the `Sandbox` protocol, so a new backend (Kubernetes, a microVM) needs no caller
changes — only an entry here."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable

from harness.sandbox.types import Sandbox, SandboxError, SandboxSpec

DEFAULT_BACKEND = "docker"
BACKEND_ENV = "MKA_SANDBOX_BACKEND"  # pick another backend without touching any caller


async def _docker(spec: SandboxSpec) -> Sandbox:
    from harness.sandbox.docker_sandbox import DockerSandbox

    return await DockerSandbox.create(spec)


def _docker_remove_open() -> None:
    from harness.sandbox.docker_sandbox import remove_open

    remove_open()


BACKENDS: dict[str, Callable[[SandboxSpec], Awaitable[Sandbox]]] = {"docker": _docker}
# How each backend removes, at once and synchronously, every sandbox this process still has open.
REMOVERS: dict[str, Callable[[], None]] = {"docker": _docker_remove_open}


def remove_open_sandboxes(backend: str | None = None) -> None:
    """Remove this process's open sandboxes now: for a process about to be killed (a Ray
    worker whose task was cancelled) that may not live to unwind its trials. Their own
    `close` later finds them gone, which is fine."""
    REMOVERS[backend or os.environ.get(BACKEND_ENV) or DEFAULT_BACKEND]()


async def create_sandbox(spec: SandboxSpec, backend: str | None = None) -> Sandbox:
    """A started sandbox from `backend` (default: $MKA_SANDBOX_BACKEND, else docker)."""
    name = backend or os.environ.get(BACKEND_ENV) or DEFAULT_BACKEND
    try:
        make = BACKENDS[name]
    except KeyError:
        raise SandboxError(f"unknown sandbox backend {name!r} (known: {', '.join(sorted(BACKENDS))})") from None
    return await make(spec)
