"""The Ray executor: trials and gradings on the nodes of a Ray cluster, decided on the head.

The head keeps the local executor's SuiteRunner (resume, retries, the cost budget checked
before each launch, the live progress display); only the per-trial call changes: it runs on
a node that has a free `mka_sandbox` slot and the trial's CPUs and memory (RayTrialRunner).
Launches are bounded by the cluster's slots, so the budget is decided trial by trial rather
than for a queue submitted up front."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path
from typing import Any

import ray

from harness.runner.executors import DirJob
from harness.runner.ray_cluster import SANDBOX_RESOURCE, RayCluster
from harness.runner.ray_files import Bundle, install, pack, pack_chunks, staging_dir, unpack
from harness.runner.ray_images import check_nodes
from harness.runner.ray_trial import NODE_LOST, MAX_NODE_LOSSES, RayTrialRunner
from harness.runner.ray_watch import NoSandboxNodes, SandboxWatch
from harness.runner.suite import SuiteRunner
from harness.runner.trial import TrialSpec


class RayExecutor:
    name = "ray"

    def __init__(self, address: str | None, concurrency: int) -> None:
        self.cluster = RayCluster(address, local_slots=concurrency)
        self.watch = SandboxWatch()  # queued work ends, not hangs, if every sandbox node goes
        self._trials: RayTrialRunner | None = None

    def slots(self, requested: int) -> int:
        return self.cluster.slots()

    def check_images(self, tags: set[str]) -> None:
        check_nodes(self.cluster, tags)

    def check_fits(self, specs: list[TrialSpec], trials: RayTrialRunner) -> None:
        """A trial no node could ever take would wait forever: refuse it now, naming the task."""
        from harness.runner.ray_cluster import ClusterError  # noqa: PLC0415

        nodes = self.cluster.nodes()
        for spec in {s.task_dir: s for s in specs}.values():
            need = trials.needs(spec)
            if not any(n.cpus >= need["num_cpus"] and n.memory >= need.get("memory", 0) for n in nodes):
                raise ClusterError(f"{spec.task_dir.name}: needs {need['num_cpus']} CPUs"
                                   f"{' and %.1f GiB' % (need['memory'] / 2**30) if 'memory' in need else ''}"
                                   f" on one node; no {SANDBOX_RESOURCE} node has that")

    def suite_runner(self, specs: list[TrialSpec], *, concurrency: int, max_cost_usd: float | None,
                     calls_per_provider: int | None, max_attempts: int) -> SuiteRunner:
        self._trials = RayTrialRunner(self.cluster, calls_per_provider, self.watch)
        self.check_fits(specs, self._trials)
        return SuiteRunner(specs, concurrency=concurrency, max_cost_usd=max_cost_usd, calls_per_provider=None,
                           max_attempts=max_attempts, execute=self._trials)

    async def in_trial_dir(self, fn: DirJob, trial_dir: Path, subdir: str, files: dict[str, Path], *args: Any,
                           env: dict[str, str] | None = None) -> Any:
        bundles = {name: path.read_bytes() for name, path in files.items()}
        options: dict[str, Any] = {"resources": {SANDBOX_RESOURCE: 1}}
        if env:  # a runtime_env only when needed: each distinct one gets its own workers
            options["runtime_env"] = {"env_vars": dict(env)}
        for _ in range(MAX_NODE_LOSSES):
            ref = _in_dir.options(**options).remote(fn, pack(trial_dir), subdir, bundles, args)
            try:
                result, chunks = await self.watch.guard(ref)
                break
            except NODE_LOST:
                continue
            except (asyncio.CancelledError, NoSandboxNodes):
                ray.cancel(ref)
                raise
        else:
            raise RuntimeError(f"{trial_dir.name}: {MAX_NODE_LOSSES} nodes lost while grading it")
        await asyncio.to_thread(_install_subdir, chunks, trial_dir, subdir)
        return result

    def close(self) -> None:
        self.cluster.close()


@ray.remote(max_retries=0)
def _in_dir(fn: DirJob, trial: Bundle, subdir: str, files: dict[str, bytes], args: tuple) -> tuple[Any, list[bytes]]:
    """On a node: a copy of the trial directory in temp, `fn` run against it, `subdir` sent back."""
    root = Path(tempfile.mkdtemp(prefix="mka-ray-dir-"))
    try:
        unpack(trial.data, root)
        local = root / trial.name
        paths = {}
        (root / "files").mkdir()
        for name, data in files.items():  # by basename: a rubric keeps its file name
            paths[name] = root / "files" / Path(name).name
            paths[name].write_bytes(data)
        result = asyncio.run(fn(local, paths, *args))
        out = local / subdir
        return result, (list(pack_chunks(out)) if out.is_dir() else [])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _install_subdir(chunks: list[bytes], trial_dir: Path, subdir: str) -> None:
    if not chunks:
        return
    staging = staging_dir(trial_dir / subdir, trial_dir.parent.parent / ".incoming")
    try:
        unpack(b"".join(chunks), staging)
        install(staging, trial_dir / subdir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
