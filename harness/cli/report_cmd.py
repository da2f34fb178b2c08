"""`mka report DIR...`: leaderboard, breakdowns, comparisons and ablations over run directories."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console, fail
from harness.reports.collect import collect
from harness.reports.document import build_report, render_console, render_html, render_markdown


def report(
    run_dirs: list[Path] = typer.Argument(..., help="One or more run directories (models evaluated at different times compare fine)."),
    html: Path = typer.Option(None, "--html", help="Write a self-contained HTML report here."),
    md: Path = typer.Option(None, "--md", help="Write a Markdown report here."),
    resamples: int = typer.Option(10_000, "--resamples", min=100, help="Bootstrap resamples."),
) -> None:
    """Print the leaderboard (and write HTML/Markdown) for graded runs."""
    rows, notes = collect(run_dirs)
    if not rows:
        fail("no trials found in " + ", ".join(map(str, run_dirs)))
    built = build_report(rows, notes, resamples=resamples)
    render_console(built, console)
    if md:
        md.write_text(render_markdown(built))
        console.print(f"wrote {md}")
    if html:
        from harness.reports.plots import figures_html
        from harness.reports.tables import leaderboard

        html.write_text(render_html(built, figures_html(rows, leaderboard(rows, resamples=resamples))))
        console.print(f"wrote {html}")
