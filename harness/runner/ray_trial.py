"""One trial on a Ray node: the same `run_trial`, in node-local temp, streamed back to the head.

The node gets everything a trial reads as bytes (the task folder, the models file, a script
agent's file), so it needs no shared storage and no path of the head's. It runs the trial on
its own Docker engine, streams progress events while it runs and, at the end, the finished
trial directory as a tarball; the head installs it under `--out` in one rename. A node lost
on the way (raylet gone, worker killed, the transfer cut) raises a Ray system error on the
head: the partial result is dropped, the live counters are reset and the trial runs again
on another node, so nothing is counted twice."""

from __future__ import annotations

import asyncio
import functools
import os
import queue
import shutil
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

import ray
from ray.exceptions import NodeDiedError, ObjectLostError, RaySystemError, RayTaskError, WorkerCrashedError

from harness.paths import project_root
from harness.providers.settings import resolve_model
from harness.recording.trajectory import now_iso
from harness.recording.trial import TrialRecord
from harness.runner.agents import AgentSpec
from harness.runner.ray_cluster import SANDBOX_RESOURCE, RayCluster, this_node
from harness.runner.ray_files import Bundle, cached, install, pack, pack_chunks, staging_dir, unpack
from harness.runner.ray_gates import ClusterGate, ProviderGates
from harness.runner.ray_watch import NoSandboxNodes, SandboxWatch
from harness.runner.trial import TrialSpec, run_trial, why_stopped
from harness.sandbox.types import GiB
from harness.tasks import load_task
from harness.tools.web_search.brave import API_KEY_ENV as BRAVE_KEY_ENV

NODE_LOST = (NodeDiedError, WorkerCrashedError, ObjectLostError, RaySystemError)
MAX_NODE_LOSSES = 3  # a trial that loses this many nodes is recorded as an infrastructure failure
_TEMP_PREFIX = "mka-ray-trial-"  # + the worker's pid: a dead worker's folder can be told apart
_EVENT_KEYS = ("type", "turn", "usage", "cost_usd", "name", "ok")  # what the head's progress reads


@dataclass(frozen=True)
class NodeJob:
    spec: TrialSpec  # as the head wrote it (its paths)
    models: bytes | None  # the models file's text (the head's, or the project default)
    script: bytes | None  # a script agent's file
    holder: str  # this attempt's name at the provider gates
    gates: Any | None  # the ProviderGates actor, when --provider-concurrency is set
    lost_nodes: tuple[str, ...] = ()
    prune: bool = False  # after a node loss: remove containers whose owner died (one machine, one engine)


# -- on the node -----------------------------------------------------------------------------

@ray.remote(max_retries=0)
def run_on_node(job: NodeJob, task: Bundle, search: Bundle | None) -> Iterator[dict]:
    node = this_node()
    yield {"kind": "node", **node}
    _sweep_dead()
    root = Path(tempfile.mkdtemp(prefix=f"{_TEMP_PREFIX}{os.getpid()}-"))
    try:
        spec = _localise(job, task, search, root)
        if job.prune:
            from harness.sandbox.client import shared_client  # noqa: PLC0415
            from harness.sandbox.prune import prune_containers  # noqa: PLC0415

            prune_containers(shared_client())
        running = _Running(spec, job)
        yield from running.events()
        _stamp(spec.trial_dir, job, node)
        for piece in pack_chunks(spec.trial_dir):
            yield {"kind": "chunk", "data": piece}
        yield {"kind": "done"}
    finally:
        if job.gates is not None:  # a call cancelled mid-acquire may have been granted after all
            job.gates.release_all.remote(job.holder)
        shutil.rmtree(root, ignore_errors=True)


def _sweep_dead() -> None:
    """Remove the temp folders of this node's workers that were killed mid-trial (a lost
    head or a cancelled job): their `finally` never ran."""
    import psutil  # noqa: PLC0415

    for folder in Path(tempfile.gettempdir()).glob(f"{_TEMP_PREFIX}*-*"):
        pid = folder.name.removeprefix(_TEMP_PREFIX).split("-", 1)[0]
        if pid.isdigit() and not psutil.pid_exists(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _localise(job: NodeJob, task: Bundle, search: Bundle | None, root: Path) -> TrialSpec:
    """The head's spec with node-local paths: the cached task folder, shipped files, temp out."""
    cache = Path(tempfile.gettempdir()) / "mka-ray-cache"
    spec = job.spec
    agent, models = spec.agent, None
    if job.script is not None:
        agent = AgentSpec("script", str(root / Path(agent.value).name))  # same stem: same label
        Path(agent.value).write_bytes(job.script)
    if job.models is not None:
        models = root / "models.yaml"
        models.write_bytes(job.models)
    return replace(
        spec, task_dir=cached(task, cache), agent=agent, out_dir=root / "out", models_file=models,
        search=f"offline:{cached(search, cache)}" if search else spec.search,
        cpu_cap=_node_cpu_share(),
    )


@functools.cache
def _node_cpu_share() -> float:
    """This node's engine CPUs shared among the sandboxes it advertises (as the local executor
    shares one engine among --concurrency)."""
    from harness.sandbox.client import engine_cpus, fair_share, shared_client  # noqa: PLC0415

    me = ray.get_runtime_context().get_node_id()
    slots = next((n["Resources"].get(SANDBOX_RESOURCE, 1) for n in ray.nodes() if n["NodeID"] == me), 1)
    return fair_share(engine_cpus(shared_client()), max(int(slots), 1))


class _Running:
    """run_trial on its own event loop in a thread, so the generator can stream its events and
    a Ray cancellation (KeyboardInterrupt in this thread) can cancel it cleanly."""

    def __init__(self, spec: TrialSpec, job: NodeJob) -> None:
        self.queue: queue.Queue[dict | None] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        gates = _gate_factory(job)
        self.task = self.loop.create_task(run_trial(spec, on_event=self._observe, provider_gates=gates))
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._main, name="mka-ray-trial", daemon=True)
        self.thread.start()

    def _observe(self, event: dict) -> None:
        self.queue.put({k: event[k] for k in _EVENT_KEYS if k in event})

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.task)
        except BaseException as exc:  # noqa: BLE001 - handed to the generator, which re-raises
            self.error = exc
        finally:
            self.loop.run_until_complete(self.loop.shutdown_default_executor())
            self.loop.close()
            self.queue.put(None)

    def events(self) -> Iterator[dict]:
        batch: list[dict] = []
        try:
            while True:
                try:
                    item = self.queue.get(timeout=0.2)
                except queue.Empty:
                    item = {}
                if item is None:
                    break
                if item:
                    batch.append(item)
                    continue
                if batch:
                    yield {"kind": "events", "events": batch}
                    batch = []
        except BaseException:
            # Cancelled from the head (Ctrl-C, SIGTERM): let the trial unwind and record itself
            # as it can. The head may exit at once and Ray then kill this worker; its sandbox
            # then goes with it (harness.sandbox.lifeline).
            self.loop.call_soon_threadsafe(self.task.cancel)
            self.thread.join(60)
            raise
        if batch:
            yield {"kind": "events", "events": batch}
        if self.error is not None:
            raise self.error


def _gate_factory(job: NodeJob) -> Callable[[str], Any] | None:
    if job.gates is None:
        return None
    return lambda provider: ClusterGate(job.gates, provider, job.holder)


def _stamp(trial_dir: Path, job: NodeJob, node: dict[str, str]) -> None:
    """trial.json names the head's task folder (not this node's cache), the node that ran it
    and the CPU share its sandbox had there (nodes differ; run.json cannot hold one number)."""
    record = TrialRecord.read(trial_dir)
    record.config["task_dir"] = str(job.spec.task_dir.resolve())
    record.config["executor"] = {"name": "ray", **node, "cpus_per_sandbox": _node_cpu_share(),
                                 "lost_nodes": list(job.lost_nodes)}
    record.write(trial_dir)


# -- on the head -----------------------------------------------------------------------------

class RayTrialRunner:
    """The SuiteRunner's per-trial function for Ray: submit, follow, install, rerun on loss."""

    def __init__(self, cluster: RayCluster, calls_per_provider: int | None, watch: SandboxWatch | None = None) -> None:
        self.cluster = cluster
        self.watch = watch or SandboxWatch()
        self.gates = None
        if calls_per_provider is not None:
            self.gates = ProviderGates.options(scheduling_strategy=cluster.pinned(cluster.head_node_id)).remote(
                calls_per_provider)
        self._bundles: dict[Path, Any] = {}

    def needs(self, spec: TrialSpec) -> dict[str, Any]:
        """Ray resources for one trial: a sandbox slot, the task's CPUs (default 1), its memory if it says."""
        limits = _task_limits(spec.task_dir.resolve())
        out: dict[str, Any] = {"num_cpus": (limits.cpus if limits and limits.cpus else 1),
                               "resources": {SANDBOX_RESOURCE: 1}}
        if limits and limits.memory_gb:
            out["memory"] = int(limits.memory_gb * GiB)
        return out

    async def __call__(self, spec: TrialSpec, on_event: Callable[[dict], None] | None = None,
                       provider_gates: Any = None) -> TrialRecord:
        emit = on_event or (lambda event: None)
        lost: list[str] = []
        while True:
            holder = f"{spec.trial_id}#{uuid.uuid4().hex[:8]}"
            job = NodeJob(spec, *self._files(spec), holder, self.gates, tuple(lost), prune=bool(lost))
            env = self._env(spec)  # a runtime_env only when needed: each distinct one gets its own workers
            options = {**self.needs(spec), **({"runtime_env": {"env_vars": env}} if env else {})}
            gen = run_on_node.options(**options).remote(job, self._bundle(spec.task_dir), self._search(spec))
            node: dict[str, str] = {}
            try:
                return await self.watch.guard(self._follow(gen, spec, emit, node))
            except NoSandboxNodes as exc:  # queued with no node left to take it: an infrastructure failure
                if self.gates is not None:
                    await self.gates.release_all.remote(holder)
                return await asyncio.to_thread(self._lost_record, spec, lost, str(exc))
            except asyncio.CancelledError as exc:
                # Stopped (a signal, or the run stopping): the node's partial trial is not sent
                # back, so the head records the interruption itself, as a local run does.
                where = f" on node {node['node_ip']}/{node.get('node_id', '?')[:8]}" if "node_ip" in node else ""
                if not (spec.trial_dir / "trial.json").exists():  # never over a result installed meanwhile
                    self._lost_record(spec, lost, f"{why_stopped(exc)} while this trial ran{where}", "interrupted")
                raise
            except NODE_LOST as exc:
                lost.append(node.get("node_id", "?"))
                if self.gates is not None:
                    await self.gates.release_all.remote(holder)
                reason = f"node {node.get('node_ip', '?')}/{node.get('node_id', '?')[:8]} lost: {type(exc).__name__}"
                if len(lost) >= MAX_NODE_LOSSES:
                    error = f"{len(lost)} nodes lost while running it (last: {reason})"
                    return await asyncio.to_thread(self._lost_record, spec, lost, error)
                emit({"type": "restart", "reason": reason})
            except RayTaskError as exc:
                raise exc.as_instanceof_cause() from None

    async def _follow(self, gen: Any, spec: TrialSpec, emit: Callable[[dict], None], node: dict[str, str]) -> TrialRecord:
        area = spec.out_dir / ".incoming"
        area.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=area) as spool:
            try:
                async for ref in gen:
                    item = await ref
                    kind = item["kind"]
                    if kind == "events":
                        for event in item["events"]:
                            emit(event)
                    elif kind == "chunk":
                        spool.write(item["data"])
                    elif kind == "node":
                        node.update({k: v for k, v in item.items() if k != "kind"})
                    elif kind == "done":
                        break
            except asyncio.CancelledError:
                await self._stop(gen)
                raise
            return await asyncio.to_thread(_install_trial, spool, spec)

    @staticmethod
    async def _stop(gen: Any) -> None:
        """Cancel the node's work and give it a bounded while to close its sandbox."""
        ray.cancel(gen)
        try:
            async with asyncio.timeout(30):
                async for ref in gen:
                    await ref
        except BaseException:  # noqa: BLE001 - cancelled, lost or timed out: all end the same
            pass

    def _bundle(self, folder: Path) -> Any:
        key = folder.resolve()
        if key not in self._bundles:
            self._bundles[key] = ray.put(pack(key))
        return self._bundles[key]

    def _search(self, spec: TrialSpec) -> Any:
        if spec.search and spec.search.startswith("offline:"):
            return self._bundle(Path(spec.search.removeprefix("offline:")))
        return None

    @staticmethod
    def _env(spec: TrialSpec) -> dict[str, str]:
        """The API keys this trial's agent and search need, from the head's environment (a node
        started without them still runs the trial the head was configured for)."""
        names = {BRAVE_KEY_ENV} if spec.search == "brave" else set()
        if spec.agent.kind == "model":
            names.add(resolve_model(spec.agent.value, spec.models_file).key_env)
        return {name: os.environ[name] for name in sorted(names) if name in os.environ}

    @staticmethod
    @functools.cache
    def _read(path: Path) -> bytes:
        return path.read_bytes()

    def _files(self, spec: TrialSpec) -> tuple[bytes | None, bytes | None]:
        """The models file (for a model agent) and the script (for a script agent), as bytes."""
        models = None
        if spec.agent.kind == "model":
            models = self._read((spec.models_file or project_root() / "models.yaml").resolve())
        script = self._read(Path(spec.agent.value).resolve()) if spec.agent.kind == "script" else None
        return models, script

    @staticmethod
    def _lost_record(spec: TrialSpec, lost: list[str], error: str, status: str = "infra_error") -> TrialRecord:
        """The head's own record of a trial no node finished (its nodes lost, none left, or stopped)."""
        task = load_task(spec.task_dir)
        record = TrialRecord(
            trial_id=spec.trial_id, task=task.id, model=spec.agent.label, status=status,
            config={"agent": spec.agent.kind, "task_dir": str(spec.task_dir.resolve()), "run_id": spec.run_id,
                    "attempt": spec.attempt, "previous_errors": list(spec.previous_errors),
                    "executor": {"name": "ray", "lost_nodes": lost}},
            started=now_iso(), ended=now_iso(), error=error,
        )
        staging = staging_dir(spec.trial_dir, spec.out_dir / ".incoming")
        record.write(staging)
        install(staging, spec.trial_dir)
        return record


@functools.cache
def _task_limits(task_dir: Path) -> Any:
    return load_task(task_dir).spec.limits


def _install_trial(spool: IO[bytes], spec: TrialSpec) -> TrialRecord:
    spool.flush()
    spool.seek(0)
    staging = staging_dir(spec.trial_dir, spec.out_dir / ".incoming")
    try:
        unpack(spool, staging)
        install(staging, spec.trial_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return TrialRecord.read(spec.trial_dir)
