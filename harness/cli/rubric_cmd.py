"""`mka rubric validate PATH` and `mka rubric calibrate --baseline DIR...`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from autorater.calibrate import CalibrationReport, TaskCalibration, calibrate, parse_min_pass, rule_text
from autorater.rubric import Rubric, RubricError, find_rubric_files, load_rubric, rubric_task_id
from autorater.scoring.verdicts import VerdictsError
from harness.cli.common import console, fail
from harness.paths import project_root
from harness.tasks import Task, TaskError, load_task
from harness.tasks.loader import display_path

app = typer.Typer(help="Validate rubrics and calibrate their tiers.", no_args_is_help=True)


def _summary(rubric: Rubric) -> str:
    checks = sum(1 for c in rubric.criteria if c.check is not None)
    prereqs = sum(1 for c in rubric.criteria if c.prerequisites)
    return (f"{len(rubric.criteria)} criteria, {rubric.total_weight} total weight,"
            f" {checks} with checks, {prereqs} with prerequisites")


def _find_task(path: Path, task_id: str | None, tasks_dir: Path) -> tuple[Task | None, list[str]]:
    """The task folder a rubric names, with problems if it cannot be used: a rubric whose
    task is missing or broken cannot have its `file` fields checked, and will never run."""
    if task_id is None:
        return None, []  # the rubric load reports the bad `task` field
    name = display_path(path)
    problems = []
    if path.stem != task_id:
        problems.append(f"{name}: file name must be {task_id}.yaml (rubrics are found by task id)")
    task_dir = tasks_dir / task_id
    if not (task_dir / "task.toml").is_file():
        problems.append(f"{name}: task: no task folder {display_path(task_dir)} (pass --tasks DIR)")
        return None, problems
    try:
        return load_task(task_dir), problems
    except TaskError as exc:
        return None, problems + [f"{name}: task folder invalid: {p}" for p in exc.problems]


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="A rubric file, or a folder of rubrics (rubrics/)."),
    tasks: Path = typer.Option(project_root() / "tasks_showcase", "--tasks", show_default="the project's tasks_showcase/",
                               help="Suite folder holding each rubric's task folder DIR/<task>."),
) -> None:
    """Validate rubrics; print each problem; exit 1 if any rubric is invalid."""
    try:
        files = find_rubric_files(path)
    except RubricError as exc:
        fail(str(exc))
    if not files:
        fail(f"{display_path(path)}: no rubric files (*.yaml)")
    invalid = 0
    for file in files:  # results on stdout (scriptable), summary and errors on stderr
        task, problems = _find_task(file, rubric_task_id(file), tasks)
        rubric = None
        try:
            rubric = load_rubric(file, task)
        except RubricError as exc:
            problems += exc.problems
        if problems or rubric is None:
            invalid += 1
            typer.echo(f"invalid {display_path(file)} ({len(problems)} problem(s))")
            for problem in problems:
                typer.echo(f"  {problem}")
            continue
        typer.echo(f"ok {display_path(file)} ({_summary(rubric)})")
    if invalid:
        fail(f"{invalid} of {len(files)} rubric(s) invalid")
    console.print(f"{len(files)} rubric(s) valid")


def _counts_text(result: TaskCalibration, cid: str) -> str:
    entry = result.calibration.criteria.get(cid)
    if entry is None or cid in result.calibration.unjudged:
        return "not judged in the baseline"
    models = entry.provenance.get("models", {})
    return "\n".join(f"{m} {c['passed']}/{c['judged']}" for m, c in models.items())  # one model a line


def _print_report(report: CalibrationReport, wrote: bool) -> None:
    out = Console(soft_wrap=True)
    for result in report.tasks:
        table = Table(title=f"{result.task}", title_justify="left")
        for column in ("criterion", "before", "after", "baseline passes"):
            table.add_column(column)
        for cid, before in result.before.items():
            entry = result.calibration.criteria.get(cid)
            after = entry.tier if entry is not None else before
            mark = "" if after == before else " *"
            table.add_row(cid, before or "-", f"{after or '-'}{mark}", _counts_text(result, cid))
        out.print(table)
        for note in result.notes:
            console.print(f"[yellow]note:[/] {result.task}: {note}")
        if result.calibration.unjudged:
            console.print(f"[yellow]note:[/] {result.task}: kept as they were (not judged in the baseline):"
                          f" {', '.join(result.calibration.unjudged)}")
        verb = "wrote" if wrote else "would write"
        console.print(f"{verb} {display_path(result.path)}")


@app.command("calibrate")
def calibrate_cmd(
    baseline: list[Path] = typer.Option(..., "--baseline", help="Graded run folder of a baseline model (repeat)."),
    rubrics: Path = typer.Option(project_root() / "rubrics", "--rubrics", show_default="the project's rubrics/",
                                 help="Folder of rubrics/<task>.yaml."),
    rule_min_pass: str = typer.Option("2/3", "--rule-min-pass",
                                      help="Share of its trials every baseline model must pass for a"
                                           " criterion to be 'regression' (a fraction: 2/3, 0.75)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show the tiers without writing files."),
) -> None:
    """Set each criterion's tier (climb | regression) from baseline runs; writes
    rubrics/<task>.calibration.yaml beside each rubric."""
    try:
        min_pass = parse_min_pass(rule_min_pass)
    except ValueError as exc:
        fail(str(exc))
    if not rubrics.is_dir():
        fail(f"{display_path(rubrics)}: not a folder of rubrics")
    try:
        report = calibrate(baseline, rubrics, min_pass=min_pass, write=not dry_run)
    except VerdictsError as exc:
        fail(str(exc))
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}")
    console.print(f"rule: {rule_text(min_pass)}")
    _print_report(report, wrote=not dry_run)
    if not report.tasks:
        fail("nothing calibrated: no baseline trial matched a valid rubric")


# `mka rubric decoys` lives in its own module: building and grading decoys is a workflow of its own.
from harness.cli.alternates_cmd import alternates  # noqa: E402 - the positive control, same shape
from harness.cli.decoys_cmd import decoys  # noqa: E402 - registered after this group's own verbs

app.command("decoys")(decoys)
app.command("alternates")(alternates)
