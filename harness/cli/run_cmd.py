"""`mka run`: run tasks × agents × repeats, with a live progress display."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.console import Group
from rich.live import Live
from rich.table import Table

from harness.agent.scripted import ScriptError
from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError
from harness.images.task_env import resolve_task_image
from harness.paths import project_root
from harness.provenance import harness_identity, image_digests
from harness.providers.preflight import EndpointUnreachable, check_endpoints
from harness.providers.registry import MissingApiKeyError
from harness.providers.settings import ModelsFileError
from harness.recording.trial import COMPLETED_STATUSES, INFRA_STATUSES, TrialRecord, infra_note, variant_name
from harness.recording.writes import OutputUnwritable, write_atomic
from harness.runner.agents import AgentSpec, AgentSpecError, build_agent
from harness.runner.signals import Interrupted, run_until_signalled
from harness.runner.executors import Executor, ExecutorError, make_executor
from harness.runner.suite import SuiteState
from harness.sandbox.client import engine_cpus, fair_share
from harness.sandbox.prune import prune_containers
from harness.runner.trial import TrialSpec
from harness.tasks import TaskError, load_suite
from harness.submission.hashing import file_sha256, folder_sha256
from harness.tools.registry import ToolConfigError, make_tools


def run(
    target: Path = typer.Argument(..., help="A task folder or a suite folder of tasks."),
    model: list[str] = typer.Option([], "--model", help="PROVIDER:MODEL from the models file (repeatable)."),
    agent: list[str] = typer.Option([], "--agent", help="oracle | oracle:text_only | oracle:code_only | script:FILE.yaml (repeatable)."),
    out: Path = typer.Option(..., "--out", help="Run directory; trials go to OUT/trials/<trial_id>."),
    repeats: int = typer.Option(1, "--repeats", min=1, metavar="N"),
    disable_tool: list[str] = typer.Option([], "--disable-tool", help="Remove a tool from the schema (view_image: the vision ablation)."),
    kind: str = typer.Option(None, "--kind", help="Only tasks of this kind: deliverable or tool_use."),
    ablate: list[str] = typer.Option([], "--ablate", help="Also run every trial without this tool (plain and ablated variants in one run)."),
    concurrency: int = typer.Option(2, "--concurrency", min=1, metavar="N", help="Trials (sandboxes) at once."),
    models_file: Path = typer.Option(None, "--models-file", help="Default: models.yaml in the project."),
    search: str = typer.Option(None, "--search", help="web_search backend: offline:DIR | brave | none."),
    max_turns: int = typer.Option(None, "--max-turns", min=1, metavar="N", help="Default: the task's limit, else 250."),
    wall_clock_s: float = typer.Option(None, "--wall-clock-s", min=1, metavar="SECONDS", help="Default: the task's limit, else 8 h."),
    max_cost: float = typer.Option(None, "--max-cost-per-trial", metavar="USD", help="Stop a trial once it has spent this many USD."),
    max_attempts: int = typer.Option(3, "--max-attempts", min=1, metavar="N",
                                     help="Attempts per trial the infrastructure failed (harness, Docker, provider outage)."),
    max_cost_total: float = typer.Option(None, "--max-cost", metavar="USD", help="Suite budget in USD: stop launching trials that would pass it."),
    provider_concurrency: int = typer.Option(None, "--provider-concurrency", min=1, metavar="N", help="Model calls in flight per provider, across trials."),
    executor: str = typer.Option("local", "--executor", help="local | ray: where trials run (ray: on the nodes of a Ray cluster)."),
    ray_address: str = typer.Option(None, "--ray-address", help="Join this Ray cluster (HOST:PORT); default: start a local Ray runtime."),
) -> None:
    """Run every task with every agent; each trial in a fresh hardened sandbox."""
    _check_out(out)
    try:
        tasks = [t for t in load_suite(target) if kind is None or t.kind == kind]
        agents = [AgentSpec.parse_model(m) for m in model] + [AgentSpec.parse_agent(a) for a in agent]
    except (TaskError, AgentSpecError) as exc:
        fail(str(exc))
    if not agents:
        fail("name at least one --model or --agent")
    if not tasks:
        fail(f"{target}: no {kind or ''} tasks to run".replace("  ", " "))
    images = _preflight(tasks, agents, models_file, set(disable_tool) | set(ablate))
    where = _executor(executor, ray_address, concurrency, set(images.values()))
    concurrency = where.slots(concurrency)
    limits = {"max_turns": max_turns, "wall_clock_s": wall_clock_s, "max_cost_usd": max_cost}
    overrides = {key: value for key, value in limits.items() if value is not None}
    # Each variant is a set of disabled tools: the plain one, plus one per --ablate tool.
    variants = [frozenset(disable_tool)] + [frozenset(disable_tool) | {tool} for tool in ablate]
    fair_cpus = fair_share(engine_cpus(docker_client()), concurrency)
    specs = [
        TrialSpec(
            task_dir=task.root, agent=a, out_dir=out, trial_id=_trial_id(task.id, a.label + _variant_suffix(variant), r),
            run_id=out.resolve().name, disabled_tools=variant, models_file=models_file,
            search=search, image=images[task.id], limit_overrides=overrides, cpu_cap=fair_cpus,
        )
        for task in tasks for a in agents for variant in variants for r in range(1, repeats + 1)
    ]
    try:
        _write_run_json(out, tasks, agents, set(images.values()), {"repeats": repeats, "disabled_tools": sorted(disable_tool),
                        "ablate": ablate, "concurrency": concurrency, "search": search,
                        "cpus_per_sandbox": fair_cpus if where.name == "local" else CPUS_PER_NODE, "limits": overrides,
                        "executor": where.name}, specs)
    except OutputUnwritable as exc:
        where.close()
        fail(f"nothing was run: {exc}")
    except OSError as exc:
        where.close()
        _refuse_out(out, str(exc.strerror or exc))
    specs, kept = _resume(specs, max_attempts)
    finished = [r for r in kept if r.status in COMPLETED_STATUSES]
    if finished:
        console.print(f"{len(finished)} trial(s) already finished in {out}: kept, not rerun")
    for record in kept:
        if record.status in INFRA_STATUSES:
            console.print(f"[yellow]not rerun[/] {record.trial_id}: "
                          f"{infra_note(record.status, record.error, record.config.get('attempt', 1))}")
    try:
        runner = where.suite_runner(specs, concurrency=concurrency, max_cost_usd=max_cost_total,
                                    calls_per_provider=provider_concurrency, max_attempts=max_attempts)
    except ExecutorError as exc:
        where.close()
        fail(str(exc))
    pruned = prune_containers(docker_client())  # leftovers of runs killed with SIGKILL
    if pruned:
        console.print(f"removed {len(pruned)} container(s) left by dead harness processes")
    try:
        with Live(console=console, refresh_per_second=4) as live:
            records = kept + run_until_signalled(runner.run(lambda state: live.update(_progress(state, concurrency))))
    except Interrupted as exc:
        stopped = [t.spec.trial_id for t in runner.state.trials.values() if t.state == "running"]
        console.print(f"[yellow]{exc}[/]: {len(stopped)} running trial(s) recorded as interrupted, their sandboxes"
                      f" removed; run the same command again to resume")
        raise typer.Exit(130 if exc.signal == "SIGINT" else 143) from None
    except OutputUnwritable as exc:
        ended = len(kept) + sum(1 for t in runner.state.trials.values() if t.ended is not None and t.state != "interrupted")
        fail(f"the run stopped: {exc}. {ended} trial(s) that ended are kept, the running ones recorded as interrupted"
             " where there was room; make room (or fix the mount) and run the same command again to resume")
    finally:
        where.close()
    if runner.state.budget_note:
        console.print(f"[yellow]{runner.state.budget_note}[/]")
    for (label, _kind), text in runner.state.notes.items():
        console.print(f"[yellow]note[/] {label}: {text}")
    failed = [r for r in records if r.status in INFRA_STATUSES]
    for record in records:
        typer.echo(f"{record.trial_id}\t{record.status}\tturns={record.turns}\tcost=${record.cost_usd:.4f}")
    if failed:
        for record in failed:
            console.print(f"[red]{record.trial_id}[/]: {record.error}")
        raise typer.Exit(1)


def _check_out(out: Path) -> None:
    """--out must be a folder, or creatable as one, before any image check or trial; checked
    without writing anything (a run that cannot start leaves no trace). What only a write can
    tell (a full disk, a folder the kernel refuses) stops the run at run.json, as clearly."""
    existing = out
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        _refuse_out(out, f"{existing}: Not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        _refuse_out(out, f"{existing}: Permission denied")


def _refuse_out(out: Path, reason: str) -> None:
    fail(f"--out {out}: cannot write the run folder there: {reason}")


# Under Ray each node shares its own engine among its own slots; each trial.json says what it had.
CPUS_PER_NODE = "per node: engine CPUs / its mka_sandbox slots (trial.json config.executor.cpus_per_sandbox)"


def _executor(name: str, ray_address: str | None, concurrency: int, images: set[str]) -> Executor:
    """Where trials run; a worker without the run's images (or with stale ones) is refused now."""
    try:
        chosen = make_executor(name, ray_address=ray_address, concurrency=concurrency)
    except ExecutorError as exc:
        fail(str(exc))
    try:
        chosen.check_images(images)
    except ExecutorError as exc:
        chosen.close()
        fail(str(exc))
    return chosen


def _preflight(tasks, agents, models_file, disabled) -> dict[str, str]:
    """Fail before anything is written: every agent must build for every task, and every task's
    image (its environment's, else the sandbox) must be built and current. Returns task id -> image."""
    try:
        make_tools(disabled=disabled, exec_timeout_s=300, with_search=False)
        models = {}
        for task in tasks:
            for agent in agents:
                built = build_agent(agent, task, models_file)
                if built.settings is not None:
                    models[built.settings.spec] = built.settings
        check_endpoints(list(models.values()))
        return {task.id: resolve_task_image(docker_client(), task) for task in tasks}
    except (AgentSpecError, ModelsFileError, MissingApiKeyError, EndpointUnreachable, ScriptError, ToolConfigError,
            ImageMissingError) as exc:
        fail(str(exc))


def _write_run_json(out: Path, tasks, agents, images: set[str], config: dict, specs: list[TrialSpec]) -> None:
    """run.json: what this run is, so reports and submissions can say where numbers came from.

    Several invocations may share one DIR (the deliverable and tool-use halves of a suite):
    tasks, rubrics, agents and the planned trials accumulate, so a report knows every trial
    that was meant to run — a trial that never produced a folder still counts as missing."""
    rubrics = project_root() / "rubrics"
    record = {
        "harness": harness_identity(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "agents": [a.label for a in agents],
        "tasks": {t.id: folder_sha256(t.root) for t in tasks},
        "rubrics": {t.id: file_sha256(rubrics / f"{t.id}.yaml") for t in tasks if (rubrics / f"{t.id}.yaml").is_file()},
        "rubrics_dir": str(rubrics.resolve()),
        "images": image_digests(images),
        "config": config,
    }
    out.mkdir(parents=True, exist_ok=True)
    history = out / "run.json"
    old = json.loads(history.read_text()) if history.is_file() else {}
    planned = {p["trial_id"]: p for p in old.get("planned", [])}
    by_root = {t.root: t for t in tasks}
    planned.update({s.trial_id: {"trial_id": s.trial_id, "task": by_root[s.task_dir].id, "kind": by_root[s.task_dir].kind,
                                 "model": s.agent.label, "variant": variant_name(s.disabled_tools)} for s in specs})
    record.update({
        "agents": sorted(set(old.get("agents", [])) | set(record["agents"])),
        "tasks": {**old.get("tasks", {}), **record["tasks"]},
        "rubrics": {**old.get("rubrics", {}), **record["rubrics"]},
        "planned": sorted(planned.values(), key=lambda p: p["trial_id"]),
        "invocations": old.get("invocations", []) + [record["started"]],
    })
    write_atomic(history, json.dumps(record, indent=2))


def _resume(specs: list[TrialSpec], max_attempts: int) -> tuple[list[TrialSpec], list[TrialRecord]]:
    """Same command, same DIR: trials the agent ended are kept; infra-failed, interrupted or
    unfinished ones run again, an infra-failed one up to max_attempts in all."""
    todo, kept = [], []
    for spec in specs:
        path = spec.trial_dir / "trial.json"
        if not path.is_file():
            todo.append(spec)
            continue
        record = TrialRecord.read(spec.trial_dir)
        if record.status in COMPLETED_STATUSES:
            kept.append(record)
        elif record.status in INFRA_STATUSES and record.config.get("attempt", 1) >= max_attempts:
            kept.append(record)
        elif record.status in INFRA_STATUSES:
            earlier = (*record.config.get("previous_errors", []), record.error or record.status)
            todo.append(replace(spec, attempt=record.config.get("attempt", 1) + 1, previous_errors=tuple(earlier)))
        else:  # interrupted or still "running" after a kill: not an attempt the infrastructure spent
            todo.append(replace(spec, attempt=record.config.get("attempt", 1),
                                previous_errors=tuple(record.config.get("previous_errors", []))))
    return todo, kept


def _variant_suffix(disabled: frozenset[str]) -> str:
    return "" if not disabled else "-no-" + "-".join(sorted(disabled))


def _trial_id(task_id: str, label: str, repeat: int) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", label)
    return f"{task_id}__{safe}__r{repeat}"


def _progress(state: SuiteState, concurrency: int) -> Group:
    counts = Counter(t.state for t in state.trials.values())
    eta = state.eta_s(concurrency)
    summary = " · ".join(f"{n} {name}" for name, n in sorted(counts.items()))
    models = " · ".join(f"{label}: {tokens:,} tokens ${cost:.4f}" for label, (tokens, cost) in state.per_model().items())
    header = f"{summary}   ETA {eta / 60:.1f} min" if eta is not None else summary
    table = Table(title="trials", expand=False)
    for column in ("trial", "state", "turn", "tokens", "cost", "last tool"):
        table.add_column(column)
    for trial_id, t in state.trials.items():
        if t.state in ("running", "error") or len(state.trials) <= 20:
            table.add_row(trial_id, t.state, str(t.turn), f"{t.tokens:,}", f"${t.cost:.4f}", t.last_tool)
    return Group(header, models, table, state.budget_note)
