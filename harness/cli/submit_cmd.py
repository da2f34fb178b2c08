"""`mka submit pack|verify`: verifiable leaderboard submissions."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console, fail
from harness.submission.pack import PackError, pack
from harness.submission.verify import verify as verify_bundle

app = typer.Typer(help="Pack a graded run as a verifiable submission; verify one.", no_args_is_help=True)


@app.command("pack")
def pack_cmd(
    run_dir: Path = typer.Argument(..., help="A graded run directory."),
    output: Path = typer.Option(..., "-o", "--output", help="The bundle to write (.tar.gz)."),
    rubrics: Path = typer.Option(None, "--rubrics"),
) -> None:
    """Bundle trajectories, deliverables, verdicts and scores with a manifest of sha256 hashes."""
    try:
        manifest = pack(run_dir, output, rubrics_dir=rubrics)
    except PackError as exc:
        fail(str(exc))
    console.print(f"packed {len(manifest['trials'])} trial(s), {len(manifest['files'])} files → {output}")


@app.command("verify")
def verify_cmd(
    bundle: Path = typer.Argument(..., help="A submission bundle."),
    suite: Path = typer.Option(None, "--suite", help="Task folders to compare against (default tasks_showcase)."),
    rubrics: Path = typer.Option(None, "--rubrics", help="Rubrics to compare against (default rubrics/)."),
    regrade: bool = typer.Option(False, "--regrade", help="Also regrade the deliverables in a fresh autorater container."),
) -> None:
    """Check every hash, recompute every score, compare tasks and rubrics with the suite."""
    report = verify_bundle(bundle, suite=suite, rubrics=rubrics, regrade=regrade)
    for problem in report.problems:
        console.print(f"[red]✗[/] {problem}")
    checked = ", ".join(f"{n} {what}" for what, n in report.checked.items())
    if not report.ok:
        fail(f"{bundle}: REJECTED ({len(report.problems)} problem(s); checked {checked})")
    console.print(f"[green]✓[/] {bundle}: verified ({checked})")
