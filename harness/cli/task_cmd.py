"""`mka task validate PATH`: check task folders before anyone spends a run on them."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console, fail
from harness.tasks import Task, TaskError, find_task_dirs, load_task
from harness.tasks.loader import display_path, duplicate_id_problems

app = typer.Typer(help="Inspect and validate task folders.", no_args_is_help=True)


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="A task folder, or a suite folder holding task folders."),
) -> None:
    """Validate every task at or under PATH; print each problem; exit 1 if any task is invalid."""
    try:
        dirs = find_task_dirs(path)
    except TaskError as exc:
        fail(str(exc))
    if not dirs:
        fail(f"{display_path(path)}: no task folders (none holds a task.toml)")

    valid: list[Task] = []
    invalid = 0
    # Results go to stdout (plain text, scriptable); the summary and errors to stderr.
    for task_dir in dirs:
        try:
            task = load_task(task_dir)
        except TaskError as exc:
            invalid += 1
            typer.echo(f"invalid {display_path(task_dir)} ({len(exc.problems)} problem(s))")
            for problem in exc.problems:
                typer.echo(f"  {problem}")
            continue
        valid.append(task)
        typer.echo(f"ok {task.id} ({task.kind}, {len(task.input_files)} inputs,"
                   f" {len(task.spec.deliverables)} deliverables)")

    # Ids must be unique across the suite: results and rubrics are keyed by them.
    duplicates = duplicate_id_problems(valid)
    for problem in duplicates:
        typer.echo(f"invalid {problem}")
    if invalid or duplicates:
        dup_note = f", {len(duplicates)} duplicate id(s)" if duplicates else ""
        fail(f"{invalid} of {len(dirs)} task(s) invalid{dup_note}")
    console.print(f"{len(valid)} task(s) valid")
