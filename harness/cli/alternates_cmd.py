"""`mka rubric alternates TASK_OR_SUITE`: build each task's alternates (correct work in other
styles) and prove its rubric passes them: the positive control next to the decoys."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from autorater.decoys.run import AlternateResult, DecoyBuildError, build_alternates, grade_alternates
from autorater.decoys.spec import DecoyError, alternates_path, load_alternates, missing_alternate_kinds
from autorater.rubric import RubricError, load_rubric
from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError, resolve_image
from harness.paths import project_root
from harness.tasks import TaskError, load_suite


def alternates(
    target: Path = typer.Argument(..., help="A task folder or a suite folder; tasks without alternates/ are listed as such."),
    rubrics: Path = typer.Option(project_root() / "rubrics", "--rubrics", show_default="the project's rubrics/"),
    keep: Path = typer.Option(None, "--keep", help="Keep the built and graded alternates here (default: a temporary folder)."),
    concurrency: int = typer.Option(2, "--concurrency", min=1),
    json_out: Path = typer.Option(None, "--json", help="Also write every alternate's result here (for tables)."),
) -> None:
    """Grade every alternate like a trial; exit 1 if any criterion a check decides is not a pass."""
    try:
        tasks = [t for t in load_suite(target) if t.kind == "deliverable"]
        images = resolve_image(docker_client(), "sandbox"), resolve_image(docker_client(), "autorater")
    except (TaskError, ImageMissingError) as exc:
        fail(str(exc))
    work = keep or Path(tempfile.mkdtemp(prefix="mka-alternates-"))
    results: dict[str, list[AlternateResult]] = {}
    problems: list[str] = []
    for task in tasks:
        if not alternates_path(task.root).is_file():
            problems.append(f"{task.id}: no {alternates_path(task.root).relative_to(task.root)}")
            continue
        try:
            rubric_path = rubrics / f"{task.id}.yaml"
            load_rubric(rubric_path, task)
            alt_set = load_alternates(task.root)
            problems += [f"{task.id}: no alternate of kind {k}" for k in missing_alternate_kinds(alt_set)]
            built = work / task.id / "built"
            build_alternates(task, images[0], built)
            results[task.id] = asyncio.run(grade_alternates(task, alt_set.alternates, rubric_path, built, work / task.id,
                                                            images[1], concurrency=concurrency))
        except (RubricError, DecoyError, DecoyBuildError) as exc:
            problems += [f"{task.id}: {line}" for line in str(exc).splitlines()]
    _show(results)
    for task_id, rows in results.items():
        problems += [f"{task_id}/{r.alternate.name}: {p}" for r in rows for p in r.problems()]
    if keep:
        console.print(f"graded alternates kept in {keep}")
    rows = [r for task_rows in results.values() for r in task_rows]
    checked, false_fails = sum(r.checked for r in rows), sum(len(r.wrongly_failed) for r in rows)
    weight, undecided = sum(r.checked_weight for r in rows), sum(r.undecided_weight for r in rows)
    console.print(f"{len(rows)} alternate(s) of {len(results)} task(s): {checked} checked criteria, {false_fails} false fail(s) "
                  f"({false_fails / max(checked, 1):.1%}), undecided {undecided / max(weight, 1):.1%} of their weight")
    if json_out:
        json_out.write_text(json.dumps({task: [{
            "name": r.alternate.name, "kind": r.alternate.kind, "checked": r.checked, "checked_weight": r.checked_weight,
            "false_fails": [c for c, _, _ in r.wrongly_failed], "undecided": [c for c, _, _ in r.undecided],
            "undecided_weight": r.undecided_weight, "wsr_bounds": r.wsr_bounds} for r in rows_]
            for task, rows_ in results.items()}, indent=2))
    if problems:
        fail("\n".join(problems))
    console.print(f"every alternate of {len(results)} task(s) passes every checked criterion")


def _show(results: dict[str, list[AlternateResult]]) -> None:
    table = Table(title="alternates")
    for column in ("task", "alternate", "kind", "checked", "false fails", "undecided", "WSR bounds"):
        table.add_column(column)
    for task_id, rows in results.items():
        for r in rows:
            bounds = "—" if r.wsr_bounds is None else f"[{r.wsr_bounds[0]:.3f}, {r.wsr_bounds[1]:.3f}]"
            table.add_row(task_id, r.alternate.name, r.alternate.kind, str(r.checked),
                          escape(", ".join(c for c, _, _ in r.wrongly_failed) or "none"),
                          escape(", ".join(c for c, _, _ in r.undecided) or "none"), bounds)
    console.print(table)
