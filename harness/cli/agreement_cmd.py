"""`mka agreement --human LABELS.csv --verdicts DIR`: autorater vs human labels."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from autorater.agreement import AgreementError, AgreementReport, agreement_report
from autorater.scoring.verdicts import VerdictsError
from harness.cli.common import console, fail
from harness.tasks.loader import display_path


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f} %"


def _metrics_table(r: AgreementReport) -> Table:
    table = Table(title="Agreement with human labels", title_justify="left")
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_row("compared criteria", str(r.compared))
    table.add_row("agreement", _pct(r.agreement))
    table.add_row("Cohen's kappa", f"{r.kappa:.3f}" if r.kappa is not None else f"n/a ({r.kappa_note})")
    table.add_row("false pass (of all compared)", _pct(r.false_pass_rate))
    table.add_row("false fail (of all compared)", _pct(r.false_fail_rate))
    table.add_row("false pass | human fail", _pct(r.false_pass_given_human_fail))
    table.add_row("false fail | human pass", _pct(r.false_fail_given_human_pass))
    table.add_row("left out: unjudged", str(len(r.unjudged)))
    table.add_row("left out: no verdict", str(len(r.missing)))
    return table


def _confusion_table(r: AgreementReport) -> Table:
    m = r.confusion
    table = Table(title="Confusion (rows: human, columns: autorater)", title_justify="left")
    table.add_column("")
    table.add_column("autorater pass", justify="right")
    table.add_column("autorater fail", justify="right")
    table.add_row("human pass", str(m.pass_pass), str(m.pass_fail))
    table.add_row("human fail", str(m.fail_pass), str(m.fail_fail))
    return table


def _disagreement_table(r: AgreementReport) -> Table:
    table = Table(title=f"Disagreements ({len(r.disagreements)})", title_justify="left")
    for column in ("trial", "criterion", "human", "autorater", "decided by", "rationale"):
        table.add_column(column, overflow="fold")
    for d in r.disagreements:
        auto = d.autorater if d.verdict == d.autorater else f"{d.autorater} ({d.verdict})"
        table.add_row(d.trial_id, d.criterion_id, d.human, auto, d.decided_by, d.rationale)
    return table


def agreement(
    human: Path = typer.Option(..., "--human", help="CSV with columns trial_id,criterion_id,human (pass|fail)."),
    verdicts: Path = typer.Option(..., "--verdicts", help="Run folder whose trials have grade/verdicts.json."),
    json_out: Path | None = typer.Option(None, "--json", help="Also write the full report as JSON here."),
) -> None:
    """Compare autorater verdicts with human labels: agreement, Cohen's kappa, false
    pass / false fail rates, confusion matrix and every disagreement."""
    try:
        report = agreement_report(human, verdicts)
    except (AgreementError, VerdictsError) as exc:
        fail(str(exc))
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}")
    for trial, crit in report.missing:
        console.print(f"[yellow]note:[/] no verdict for labelled ({trial}, {crit}); left out")
    out = Console(soft_wrap=False)
    out.print(_metrics_table(report))
    out.print(_confusion_table(report))
    if report.disagreements:
        out.print(_disagreement_table(report))
    if json_out is not None:
        json_out.write_text(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"wrote {display_path(json_out)}")
    if report.compared == 0:
        fail("no labelled criterion could be compared")
