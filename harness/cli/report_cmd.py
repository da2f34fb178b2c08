"""`mka report DIR...`: leaderboard, breakdowns, comparisons and ablations over run directories."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console, fail
from harness.paths import project_root
from harness.reports.collect import TrialRow, collect, rubric_paths
from harness.reports.document import build_report, render_console, render_html, render_json, render_markdown


def report(
    run_dirs: list[Path] = typer.Argument(..., help="One or more run directories (models evaluated at different times compare fine)."),
    label: list[str] = typer.Option([], "--label", help="Name each run (once per run dir, in order; default: the folder's name)."),
    html: Path = typer.Option(None, "--html", help="Write a self-contained HTML report here."),
    md: Path = typer.Option(None, "--md", help="Write a Markdown report here."),
    json_out: Path = typer.Option(None, "--json", help="Write the leaderboard and every table as JSON here."),
    resamples: int = typer.Option(10_000, "--resamples", min=100, help="Bootstrap resamples."),
    rank_incomplete: bool = typer.Option(False, "--rank-incomplete",
                                         help="Also rank systems that lack a score for some task of their suite."),
    rubrics: Path = typer.Option(None, "--rubrics", show_default="the rubrics the trials were graded with",
                                 help="Where the rubrics are (for where their tiers come from); default: the rubric file "
                                      "each task was graded with (score.json), else run.json's rubrics folder, else the "
                                      "project's rubrics/."),
) -> None:
    """Print the leaderboard (and write HTML/Markdown/JSON) for graded runs."""
    try:
        rows, planned, notes = collect(run_dirs, label or None)
    except ValueError as exc:
        fail(str(exc))
    if not rows:
        fail("no trials found in " + ", ".join(map(str, run_dirs)))
    built = build_report(rows, notes, planned, resamples=resamples, rank_incomplete=rank_incomplete,
                         tier_sources=_tier_sources(rows, rubrics))
    render_console(built, console)
    if md:
        md.write_text(render_markdown(built))
        console.print(f"wrote {md}")
    if json_out:
        json_out.write_text(render_json(built))
        console.print(f"wrote {json_out}")
    if html:
        from harness.reports.plots import figures_html

        html.write_text(render_html(built, figures_html(rows, built.board)))
        console.print(f"wrote {html}")


def _tier_sources(rows: list[TrialRow], rubrics: Path | None) -> dict[str, str]:
    """task -> where its rubric's tiers come from (author, or a named calibration)."""
    from autorater.rubric import RubricError, load_rubric

    recorded = rubric_paths(rows) if rubrics is None else {}
    out: dict[str, str] = {}
    for task in sorted({r.task for r in rows if r.kind == "deliverable"}):
        path = recorded.get(task) or (rubrics or project_root() / "rubrics") / f"{task}.yaml"
        try:
            out[task] = load_rubric(path).tier_provenance() if path.is_file() else "rubric not found"
        except RubricError as exc:
            out[task] = f"rubric invalid ({exc.problems[0]})"
    return out
