"""One trial, end to end: a self-contained function of its spec and output location.

Nothing here depends on in-process state shared with other trials, so a distributed
executor can run `run_trial` on another machine with the same arguments."""

from __future__ import annotations

import asyncio
import posixpath
from contextlib import AsyncExitStack
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from harness import __version__
from harness.agent import prompts
from harness.agent.loop import AgentLoop, LoopLimits, LoopResult
from harness.agent.scripted import ORACLE_DIR
from harness.agent.tool_runner import ToolRunner
from harness.images.task_env import resolve_task_image
from harness.providers.base import Usage
from harness.providers.limits import LimitedProvider
from harness.recording.trajectory import MediaStore, TrajectoryWriter, now_iso
from harness.recording.trial import TokenCounts, TrialRecord
from harness.recording.writes import OutputUnwritable, unwritable_cause, writing
from harness.runner.agents import AgentSpec, build_agent
from harness.sandbox import Sandbox, SandboxLimits, SandboxSpec, create_sandbox
from harness.sandbox.client import shared_client
from harness.tasks import Task, load_task
from harness.tools.base import ToolContext, image_limits_of
from harness.tools.registry import make_tools
from harness.tools.web_search import BACKEND_EXTRA, make_backend


@dataclass(frozen=True)
class TrialSpec:
    task_dir: Path
    agent: AgentSpec
    out_dir: Path  # the run directory; the trial goes to out_dir/trials/<trial_id>
    trial_id: str
    run_id: str = "adhoc"
    disabled_tools: frozenset[str] = frozenset()
    models_file: Path | None = None
    search: str | None = None  # web_search backend; default: the task's offline corpus if any
    # Loop limits the user set explicitly; they win over the task's own limits, which win over defaults.
    limit_overrides: dict[str, Any] = field(default_factory=dict)
    image: str | None = None  # image tag; default: the task's current environment image, else the sandbox
    attempt: int = 1  # reruns of a trial the infrastructure failed count up
    previous_errors: tuple[str, ...] = ()  # why earlier attempts failed: a retried trial stays flagged
    cpu_cap: float | None = None  # the fair share of the engine's CPUs among concurrent trials

    @property
    def trial_dir(self) -> Path:
        return self.out_dir / "trials" / self.trial_id


async def run_trial(
    spec: TrialSpec,
    on_event: Callable[[dict], None] | None = None,
    provider_gates: Callable[[str], asyncio.Semaphore | None] | None = None,
) -> TrialRecord:
    """Run one trial. `provider_gates` (optional) limits concurrent calls per provider across trials."""
    from harness.mcp.tools import connect_servers  # the MCP SDK loads only when trials run

    task = load_task(spec.task_dir)
    built = build_agent(spec.agent, task, spec.models_file)  # may raise: nothing written yet
    gate = provider_gates(built.provider.name) if provider_gates and built.settings else None
    provider = LimitedProvider(built.provider, gate) if gate else built.provider
    image = spec.image or resolve_task_image(shared_client(), task)  # its [environment] image, else the sandbox
    limits = _loop_limits(task, spec.limit_overrides)
    tools = make_tools(
        disabled=set(spec.disabled_tools), exec_timeout_s=_exec_timeout(task),
        with_search=bool(spec.search or task.web_search_corpus_dir),
    )
    trial_dir = spec.trial_dir
    if trial_dir.exists():
        shutil.rmtree(trial_dir)  # a rerun of an unfinished trial starts clean; finished ones are skipped upstream
    trial_dir.mkdir(parents=True)
    record = TrialRecord(
        trial_id=spec.trial_id, task=task.id, model=spec.agent.label,
        config={"agent": spec.agent.kind, "task_dir": str(task.root.resolve()), "disabled_tools": sorted(spec.disabled_tools), "image": image,
                "max_turns": limits.max_turns, "wall_clock_s": limits.wall_clock_s, "run_id": spec.run_id,
                "attempt": spec.attempt, "previous_errors": list(spec.previous_errors)},
        started=now_iso(), harness_version=__version__,
    )
    record.write(trial_dir)
    trajectory = TrajectoryWriter(trial_dir / "trajectory.jsonl", listener=on_event)
    started = time.monotonic()
    result = LoopResult(status="infra_error")
    try:
        trajectory.emit("start", task=task.id, model=spec.agent.label, trial_id=spec.trial_id, image=image,
                        tools=[t.name for t in tools])
        sandbox_spec = SandboxSpec(image=image, network=task.spec.network, limits=_sandbox_limits(task, spec.cpu_cap),
                                   run_id=spec.run_id, trial_id=spec.trial_id)
        async with await create_sandbox(sandbox_spec) as sandbox, AsyncExitStack() as mcp_stack:
            await sandbox.copy_in(task.inputs_dir)
            if spec.agent.kind == "oracle" and task.kind == "deliverable":
                await sandbox.copy_in(task.root / "solution", ORACLE_DIR)
            ctx = ToolContext(sandbox, trial_dir, image_limits_of(built.settings), tuple(task.deliverable_paths))
            if any(t.name == "web_search" for t in tools):
                ctx.extras[BACKEND_EXTRA] = make_backend(spec.search or f"offline:{task.web_search_corpus_dir}")
            mcp_tools = await connect_servers(mcp_stack, sandbox, _mcp_servers(task))
            if mcp_tools:
                trajectory.emit("mcp_connected", tools=[t.name for t in mcp_tools])
            runner = ToolRunner(tools + mcp_tools, ctx, trajectory, MediaStore(trial_dir / "media"))
            loop = AgentLoop(
                provider, runner, trajectory, limits=limits,
                context_window=built.settings.context_window if built.settings else None,
                price=_pricer(built.settings), output_reserve=built.settings.max_output_tokens if built.settings else 0,
            )
            result = loop.result  # so an exception below still reports the turns and tokens so far
            system = prompts.system_prompt(has_view_image="view_image" in runner.tools, max_turns=limits.max_turns)
            result = await loop.run(system, prompts.task_message(task.prompt, _input_sizes(task)))
            if result.status != "finished":
                result.deliverables = await _collect_unfinished(sandbox, task, result, trial_dir)
    except asyncio.CancelledError as exc:
        # The sandbox closed on the way out of `async with`; say so and let the cancellation go
        # on. Resume reruns the trial.
        result.status, result.error = "interrupted", f"{why_stopped(exc)} while this trial ran"
        trajectory.emit("error", where="runner", kind="interrupted", message=result.error)
        raise
    except Exception as exc:  # noqa: BLE001 - the record must say what happened, whatever it was
        unwritable = unwritable_cause(exc)
        if unwritable is not None:
            # Not this trial's failure: the run's own folder cannot take its records. The run
            # stops (harness.recording.writes); resume reruns this trial.
            result.status, result.error = "interrupted", f"the run stopped: {unwritable}"
            if isinstance(exc, OutputUnwritable):
                raise
            raise unwritable from exc
        # The harness or the engine failed, not the model: retried by resume, never graded as the model's.
        result.status, result.error = "infra_error", f"{type(exc).__name__}: {exc}"
        trajectory.emit("error", where="runner", kind="infra", message=result.error)
    finally:
        trajectory.close()
        with writing(trial_dir / "final_reply.md"):
            (trial_dir / "final_reply.md").write_text(result.final_reply)
        _fill(record, result, time.monotonic() - started)
        record.write(trial_dir)
    return record


def why_stopped(cancel: asyncio.CancelledError) -> str:
    """Why a running trial was cancelled: Ctrl-C, SIGTERM or SIGHUP (harness.runner.signals), or
    the suite stopping the run, whose reason is the cancel message."""
    return str(cancel.args[0]) if cancel.args and cancel.args[0] else "the run was stopped (signal)"


def _mcp_servers(task: Task) -> list:
    from harness.mcp.tools import McpServer

    if task.spec.tool_use is None:
        return []
    return [McpServer(s.name, list(s.command), dict(s.env), s.cwd, s.url, dict(s.headers), s.timeout_s)
            for s in task.spec.tool_use.mcp_servers]


def _fill(record: TrialRecord, result: LoopResult, wall_s: float) -> None:
    usage = result.usage
    record.status = result.status  # type: ignore[assignment]
    record.turns = result.turns
    record.tokens = TokenCounts(usage.input, usage.cached_input, usage.output, usage.reasoning, usage.cache_write)
    record.cost_usd = round(result.cost_usd, 6)
    record.model_calls, record.failed_attempts = result.model_calls, result.failed_attempts
    record.usage_estimated_calls = result.estimated_calls
    record.wall_s, record.model_s, record.tool_s = round(wall_s, 3), round(result.model_s, 3), round(result.tool_s, 3)
    record.ended = now_iso()
    record.deliverables = result.deliverables
    record.error = result.error


def _input_sizes(task: Task) -> list[tuple[str, int]]:
    return [(name, (task.inputs_dir / name).stat().st_size) for name in task.input_files]


async def _collect_unfinished(sandbox: Sandbox, task: Task, result: LoopResult, trial_dir: Path) -> list[str]:
    """At a cap: the deliverables declared so far, else files named like the task's deliverables."""
    wanted = result.declared or task.deliverable_paths
    present = {info.path.removeprefix("/workspace/") for info in await sandbox.list_files() if info.kind == "file"}
    names = [name for name in wanted if posixpath.normpath(name) in present]
    if names:
        await sandbox.copy_out(names, trial_dir / "deliverables")
    return names


def _loop_limits(task: Task, overrides: dict[str, Any]) -> LoopLimits:
    from_task = {}
    if task.spec.limits is not None:
        from_task = {"max_turns": task.spec.limits.max_turns, "wall_clock_s": task.spec.limits.wall_clock_s}
    chosen = {k: v for k, v in {**from_task, **overrides}.items() if v is not None}
    return LoopLimits(**chosen)


def _sandbox_limits(task: Task, cpu_cap: float | None = None) -> SandboxLimits:
    """The task's limits over the defaults, CPUs capped at the trial's fair share: N concurrent
    sandboxes cannot starve each other or the harness (the 4-CPU default stays the cap on big hosts)."""
    limits = SandboxLimits(**(task.spec.limits.sandbox_overrides() if task.spec.limits else {}))
    return replace(limits, cpus=min(limits.cpus, cpu_cap)) if cpu_cap else limits


def _exec_timeout(task: Task) -> float:
    return _sandbox_limits(task).exec_timeout_s



def _pricer(settings) -> Callable[[Usage], float]:
    if settings is None:
        return lambda usage: 0.0
    return settings.cost_of

