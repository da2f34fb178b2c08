"""`mka rubric decoys TASK_OR_SUITE`: build each task's decoys and prove its rubric fails them."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import typer
from rich.table import Table

from autorater.decoys.run import DecoyBuildError, DecoyResult, build_decoys, grade_decoys
from autorater.decoys.spec import DecoyError, decoys_path, load_decoys, missing_kinds
from autorater.rubric import RubricError, load_rubric
from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError, resolve_image
from harness.paths import project_root
from harness.tasks import TaskError, load_suite


def decoys(
    target: Path = typer.Argument(..., help="A task folder or a suite folder; tasks without decoys/ are listed as such."),
    rubrics: Path = typer.Option(project_root() / "rubrics", "--rubrics", show_default="the project's rubrics/"),
    keep: Path = typer.Option(None, "--keep", help="Keep the built and graded decoys here (default: a temporary folder)."),
    concurrency: int = typer.Option(2, "--concurrency", min=1),
    json_out: Path = typer.Option(None, "--json", help="Also write every decoy's result here (for tables)."),
) -> None:
    """Grade every decoy like a trial; exit 1 if any criterion a decoy must fail passes,
    or a decoy's decided WSR is over its max_wsr."""
    try:
        tasks = [t for t in load_suite(target) if t.kind == "deliverable"]
        images = resolve_image(docker_client(), "sandbox"), resolve_image(docker_client(), "autorater")
    except (TaskError, ImageMissingError) as exc:
        fail(str(exc))
    work = keep or Path(tempfile.mkdtemp(prefix="mka-decoys-"))
    results: dict[str, list[DecoyResult]] = {}
    problems: list[str] = []
    for task in tasks:
        if not decoys_path(task.root).is_file():
            problems.append(f"{task.id}: no {decoys_path(task.root).relative_to(task.root)}")
            continue
        try:
            rubric_path = rubrics / f"{task.id}.yaml"
            decoy_set = load_decoys(task.root, load_rubric(rubric_path, task))
            problems += [f"{task.id}: no decoy of kind {k}" for k in missing_kinds(decoy_set)]
            built = work / task.id / "built"
            build_decoys(task, images[0], built)
            results[task.id] = asyncio.run(grade_decoys(task, decoy_set, rubric_path, built, work / task.id, images[1],
                                                        concurrency=concurrency))
        except (RubricError, DecoyError, DecoyBuildError) as exc:
            problems += [f"{task.id}: {line}" for line in str(exc).splitlines()]
    _show(results)
    for task_id, rows in results.items():
        problems += [f"{task_id}/{r.decoy.name}: {p}" for r in rows for p in r.problems()]
    rows = [r for task_rows in results.values() for r in task_rows]
    must, passed = sum(len(r.decoy.must_fail) for r in rows), sum(len(r.wrongly_passed) for r in rows)
    console.print(f"{len(rows)} decoy(s) of {len(results)} task(s): {must} must-fail criteria, {passed} wrongly passed "
                  f"({passed / max(must, 1):.1%})")
    if json_out:
        json_out.write_text(json.dumps({task: [{
            "name": r.decoy.name, "kind": r.decoy.kind, "must_fail": len(r.decoy.must_fail), "wrongly_passed": r.wrongly_passed,
            "undecided": r.undecided, "decided_wsr": r.decided_wsr, "wsr_bounds": r.wsr_bounds} for r in rows_]
            for task, rows_ in results.items()}, indent=2))
    if keep:
        console.print(f"graded decoys kept in {keep}")
    if problems:
        fail("\n".join(problems))
    console.print(f"every decoy of {len(results)} task(s) fails what it must")


def _show(results: dict[str, list[DecoyResult]]) -> None:
    table = Table(title="decoys")
    for column in ("task", "decoy", "kind", "must fail", "wrongly passed", "WSR bounds", "decided WSR", "ceiling"):
        table.add_column(column)
    for task_id, rows in results.items():
        for r in rows:
            bounds = "—" if r.wsr_bounds is None else f"[{r.wsr_bounds[0]:.3f}, {r.wsr_bounds[1]:.3f}]"
            wrong = ", ".join(r.wrongly_passed + [f"{c} (undecided)" for c in r.undecided]) or "none"
            table.add_row(task_id, r.decoy.name, r.decoy.kind, str(len(r.decoy.must_fail)), wrong, bounds,
                          "—" if r.decided_wsr is None else f"{r.decided_wsr:.3f}",
                          "—" if r.decoy.max_wsr is None else f"≤ {r.decoy.max_wsr:.2f}")
    console.print(table)
