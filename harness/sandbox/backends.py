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


BACKENDS: dict[str, Callable[[SandboxSpec], Awaitable[Sandbox]]] = {"docker": _docker}


async def create_sandbox(spec: SandboxSpec, backend: str | None = None) -> Sandbox:
    """A started sandbox from `backend` (default: $MKA_SANDBOX_BACKEND, else docker)."""
    name = backend or os.environ.get(BACKEND_ENV) or DEFAULT_BACKEND
    try:
        make = BACKENDS[name]
    except KeyError:
        raise SandboxError(f"unknown sandbox backend {name!r} (known: {', '.join(sorted(BACKENDS))})") from None
    return await make(spec)
