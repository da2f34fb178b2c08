"""`mka grade DIR`: grade every gradable trial in a run directory."""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace
from pathlib import Path

import typer
from rich.table import Table

from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError, resolve_image
from harness.paths import project_root
from harness.providers.preflight import EndpointUnreachable, check_endpoints
from harness.providers.registry import MissingApiKeyError, make_provider
from harness.providers.settings import ModelsFileError, resolve_model
from harness.recording.trial import COMPLETED_STATUSES, INFRA_STATUSES, TrialRecord, infra_note
from harness.recording.writes import unwritable_cause
from harness.runner.executors import Executor, ExecutorError, make_executor
from harness.runner.signals import Interrupted, run_until_signalled
from harness.sandbox.client import engine_cpus, fair_share
from harness.sandbox.prune import prune_containers
from harness.tasks import TaskError, load_task

from autorater.grading.grade_trial import GradeSpec, grade_trial
from autorater.grading.tool_use import grade_tool_use
from autorater.rubric import RubricError


def grade(
    run_dir: Path = typer.Argument(..., help="A run directory (with trials/) or one trial directory."),
    judge: str = typer.Option(None, "--judge", help="PROVIDER:MODEL for criteria no check decides; without it they are unjudged."),
    regrade: bool = typer.Option(False, "--regrade", help="Grade trials that already have grade/score.json again."),
    tasks: Path = typer.Option(None, "--tasks", help="Where task folders live (default: tasks_showcase, then the trial's recorded task dir)."),
    rubrics: Path = typer.Option(None, "--rubrics", help="Rubric folder (default: rubrics/)."),
    models_file: Path = typer.Option(None, "--models-file"),
    concurrency: int = typer.Option(2, "--concurrency", min=1),
    executor: str = typer.Option("local", "--executor", help="local | ray: where gradings run (ray: on the nodes of a Ray cluster)."),
    ray_address: str = typer.Option(None, "--ray-address", help="Join this Ray cluster (HOST:PORT); default: start a local Ray runtime."),
) -> None:
    """Grade deliverables in a fresh network-less container: checks first, then the judge."""
    trial_dirs = _trial_dirs(run_dir)
    try:
        judge_settings = resolve_model(judge, models_file) if judge else None
        if judge_settings:
            make_provider(judge_settings)  # a missing key fails now, not mid-run
            check_endpoints([judge_settings])  # so does a judge server that is not there
    except (ModelsFileError, MissingApiKeyError, EndpointUnreachable) as exc:
        fail(str(exc))
    specs, skipped, tool_use = [], [], []
    statuses: dict[Path, str] = {}
    for trial_dir in trial_dirs:
        record = TrialRecord.read(trial_dir)
        statuses[trial_dir] = record.status
        if record.status in INFRA_STATUSES:
            skipped.append((trial_dir.name, infra_note(record.status, record.error, record.config.get("attempt", 1))))
            continue
        if record.status not in COMPLETED_STATUSES:
            skipped.append((trial_dir.name, f"status {record.status}: not ended yet"))
            continue
        graded = (trial_dir / "grade" / "score.json").exists() or (trial_dir / "grade" / "m3.json").exists()
        if graded and not regrade:
            skipped.append((trial_dir.name, "already graded (--regrade to redo)"))
            continue
        try:
            task = load_task(_task_dir(record, tasks))
        except TaskError as exc:
            fail(str(exc))
        if task.kind == "tool_use":
            tool_use.append((trial_dir, task))
            continue
        rubric = (rubrics or project_root() / "rubrics") / f"{task.id}.yaml"
        specs.append(GradeSpec(trial_dir, task, rubric, "", judge_settings, run_id=f"grade-{run_dir.resolve().name}"))
    if specs:  # the grading image is needed only when a rubric-graded trial is left
        try:
            image = resolve_image(docker_client(), "autorater")
        except ImageMissingError as exc:
            fail(str(exc))
        cpus = fair_share(engine_cpus(docker_client()), concurrency)
        specs = [replace(spec, image=image, cpus=cpus) for spec in specs]
    pruned = prune_containers(docker_client()) if specs else []  # leftovers of killed runs and gradings
    if pruned:
        console.print(f"removed {len(pruned)} container(s) left by dead harness processes")
    # Nothing to grade in a container (all graded, or tool-use only): no cluster to join.
    where = _executor(executor, ray_address, concurrency, {specs[0].image}) if specs else make_executor("local")
    try:
        scores = run_until_signalled(_grade_all(specs, where.slots(concurrency), where))
    except RubricError as exc:
        fail(str(exc))
    except ExecutorError as exc:  # e.g. every sandbox node of the cluster gone
        fail(f"{exc}; gradings already finished keep their grade/score.json and the next `mka grade` does the rest")
    except Interrupted as exc:
        fail(f"{exc}: grading containers removed; trials without grade/score.json are graded by the next `mka grade`",
             code=130 if exc.signal == "SIGINT" else 143)
    except Exception as exc:
        _stop_if_unwritable(exc)
        raise
    finally:
        where.close()
    if tool_use:
        try:
            _show_m3(grade_tool_use(tool_use))
        except Exception as exc:
            _stop_if_unwritable(exc)
            raise
    table = Table(title=f"graded {len(scores)} trial(s)")
    for column in ("trial", "status", "WSR", "Climb-WSR", "primary WSR", "pass", "fail", "blocked", "unjudged", "error"):
        table.add_column(column)
    for spec, score in zip(specs, scores):
        counts = score.get("counts", {})
        table.add_row(spec.trial_dir.name, statuses[spec.trial_dir],
                      *(_fmt(score, key) for key in ("wsr", "climb_wsr", "primary_wsr")),
                      *(str(counts.get(k, 0)) for k in ("pass", "fail", "blocked", "unjudged", "error")))
    console.print(table)
    for name, why in skipped:
        console.print(f"[yellow]skipped[/] {name}: {why}")
    for spec, score in zip(specs, scores):
        for reason in score.get("judge_errors") or []:
            console.print(f"[red]judge error[/] {spec.trial_dir.name}: {reason} (its criteria are 'error', not fail)")


def _stop_if_unwritable(exc: Exception) -> None:
    """A full disk (or a read-only mount) under the run: say so and stop, like `mka run` does."""
    unwritable = unwritable_cause(exc)
    if unwritable is not None:
        fail(f"grading stopped: {unwritable}; gradings already finished keep their grade/score.json (or m3.json);"
             " make room (or fix the mount) and run `mka grade` again for the rest")


async def _grade_all(specs: list[GradeSpec], concurrency: int, where: Executor) -> list[dict]:
    gate = asyncio.Semaphore(concurrency)

    async def one(spec: GradeSpec) -> dict:
        async with gate:
            return await where.in_trial_dir(_grade_in, spec.trial_dir, "grade", {spec.rubric_path.name: spec.rubric_path},
                                            spec, env=judge_env(spec))

    return await asyncio.gather(*(one(s) for s in specs))


async def _grade_in(trial_dir: Path, files: dict[str, Path], spec: GradeSpec) -> dict:
    """grade_trial against the trial directory and rubric where the executor put them."""
    # The node grades with its copy of the rubric; score.json names the file the head meant.
    return await grade_trial(replace(spec, trial_dir=trial_dir, rubric_path=files[spec.rubric_path.name],
                                     rubric_source=spec.rubric_source or str(spec.rubric_path.resolve())))


def judge_env(spec: GradeSpec) -> dict[str, str]:
    """The judge's API key from this process's environment, for a grading that runs on a
    cluster node started without it (there the judge would otherwise fail every criterion)."""
    name = spec.judge.key_env if spec.judge is not None else ""
    return {name: os.environ[name]} if name and name in os.environ else {}


def _executor(name: str, ray_address: str | None, concurrency: int, images: set[str]) -> Executor:
    try:
        chosen = make_executor(name, ray_address=ray_address, concurrency=concurrency)
        chosen.check_images(images)
    except ExecutorError as exc:
        fail(str(exc))
    return chosen


def _show_m3(rows: dict[str, dict]) -> None:
    table = Table(title=f"tool-use trials scored with M3: {len(rows)}")
    for column in ("trial", "recall", "precision", "arg sim", "step coh.", "order", "merge purity", "M3"):
        table.add_column(column)
    for trial, row in sorted(rows.items()):
        table.add_row(trial, *(f"{row[k]:.3f}" for k in ("recall", "precision", "argument_similarity", "step_coherence",
                                                          "order_consistency", "merge_purity")),
                      f"{row['dimensions']['m3']:.3f}" if row["dimensions"]["m3"] is not None else "—")
    console.print(table)


def _trial_dirs(run_dir: Path) -> list[Path]:
    if (run_dir / "trial.json").is_file():
        return [run_dir]
    found = sorted(p.parent for p in (run_dir / "trials").glob("*/trial.json"))
    if not found:
        fail(f"{run_dir}: no trials/<id>/trial.json found")
    return found


def _task_dir(record: TrialRecord, tasks: Path | None) -> Path:
    recorded = record.config.get("task_dir")
    candidates = [tasks / record.task] if tasks else []
    candidates += [project_root() / "tasks_showcase" / record.task] + ([Path(recorded)] if recorded else [])
    for candidate in candidates:
        if (candidate / "task.toml").is_file():
            return candidate
    fail(f"task {record.task!r} of trial {record.trial_id}: not found in {', '.join(map(str, candidates))}")


def _fmt(score: dict, key: str) -> str:
    """The value, or its bounds [unjudged as fail, unjudged as pass] when some criteria are unjudged."""
    if score.get(key) is not None:
        return f"{score[key]:.3f}"
    bounds = score.get(f"{key}_bounds")
    return "—" if bounds is None else f"{bounds[0]:.3f}–{bounds[1]:.3f}"
