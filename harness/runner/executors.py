"""Trial executors, chosen by name in this one place: `local` (this machine's engine) or `ray`
(a cluster). Callers (`mka run`, `mka grade`) see only the `Executor` protocol, so another
executor (Kubernetes jobs, a batch queue) is an entry here, with no caller changes.

Whatever the executor, the head decides: which trials run (resume, deterministic ids), how
many at once, whether the budget allows the next one (SuiteRunner), and where results go."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from harness.runner.suite import SuiteRunner
from harness.runner.trial import TrialSpec

T = TypeVar("T")
DEFAULT_EXECUTOR = "local"
# fn(trial_dir, files, *args): runs where the executor puts it, with the trial directory and
# named files there; what it writes under trial_dir/<subdir> arrives in the head's trial dir.
DirJob = Callable[..., Awaitable[Any]]


class Executor(Protocol):
    name: str

    def slots(self, requested: int) -> int:
        """How many trials run at once (the local --concurrency, or the cluster's sandbox slots)."""

    def check_images(self, tags: set[str]) -> None:
        """Refuse to start (ExecutorError) when a worker lacks an image or holds a stale one."""

    def suite_runner(self, specs: list[TrialSpec], *, concurrency: int, max_cost_usd: float | None,
                     calls_per_provider: int | None, max_attempts: int) -> SuiteRunner: ...

    async def in_trial_dir(self, fn: DirJob, trial_dir: Path, subdir: str, files: dict[str, Path], *args: Any,
                           env: dict[str, str] | None = None) -> Any:
        """Run `fn` against a trial directory (grading): here, or on a node with a copy of it.
        `env`: variables `fn` reads from the environment (a judge's API key), which a node
        started without them must be given."""

    def close(self) -> None: ...


class ExecutorError(RuntimeError):
    """The executor cannot run this work; the message says what to do."""


class LocalExecutor:
    name = "local"

    def slots(self, requested: int) -> int:
        return requested

    def check_images(self, tags: set[str]) -> None:
        return None  # the run's preflight resolved them on this very engine

    def suite_runner(self, specs: list[TrialSpec], *, concurrency: int, max_cost_usd: float | None,
                     calls_per_provider: int | None, max_attempts: int) -> SuiteRunner:
        return SuiteRunner(specs, concurrency=concurrency, max_cost_usd=max_cost_usd,
                           calls_per_provider=calls_per_provider, max_attempts=max_attempts)

    async def in_trial_dir(self, fn: DirJob, trial_dir: Path, subdir: str, files: dict[str, Path], *args: Any,
                           env: dict[str, str] | None = None) -> Any:
        return await fn(trial_dir, files, *args)  # this process's environment is where env came from

    def close(self) -> None:
        return None


def _ray(*, ray_address: str | None, concurrency: int) -> Executor:
    from harness.runner.ray_cluster import import_ray  # noqa: PLC0415 - Ray loads only when chosen

    import_ray(ray_address)  # before any module of ours imports ray: keeps a loopback cluster on 127.0.0.1
    from harness.runner.ray_executor import RayExecutor  # noqa: PLC0415

    return RayExecutor(ray_address, concurrency)


def _local(*, ray_address: str | None, concurrency: int) -> Executor:
    if ray_address:
        raise ExecutorError("--ray-address needs --executor ray")
    return LocalExecutor()


EXECUTORS: dict[str, Callable[..., Executor]] = {"local": _local, "ray": _ray}


def make_executor(name: str | None, *, ray_address: str | None = None, concurrency: int = 2) -> Executor:
    """The executor called `name` (default local). For ray: join `ray_address`, or start a local
    runtime offering `concurrency` sandbox slots."""
    chosen = name or DEFAULT_EXECUTOR
    try:
        make = EXECUTORS[chosen]
    except KeyError:
        raise ExecutorError(f"unknown executor {chosen!r} (known: {', '.join(sorted(EXECUTORS))})") from None
    return make(ray_address=ray_address, concurrency=concurrency)
