"""A report as a list of titled tables of strings: built once, rendered as text, Markdown, HTML
or JSON (the JSON also carries the raw numbers, for scripts)."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text
from rich.table import Table

from autorater.scoring.aggregate import BoundsSummary, PairedBounds
from harness.reports import tables
from harness.reports.collect import Interval, Planned, TrialRow


@dataclass
class Section:
    title: str
    headers: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Report:
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # the raw numbers behind the sections
    board: list[dict] = field(default_factory=list)  # the leaderboard entries (for figures), computed once


def fmt_summary(s: BoundsSummary | None) -> str:
    """'0.812 [0.75, 0.87]' when all was decided; '[0.700, 0.850] CI [0.62, 0.91]' otherwise."""
    if s is None:
        return "—"
    if s.exact:
        return f"{s.lower:.3f} [{s.ci_low:.3f}, {s.ci_high:.3f}]"
    return f"[{s.lower:.3f}, {s.upper:.3f}] CI [{s.ci_low:.3f}, {s.ci_high:.3f}]"


def fmt_interval(b: Interval | None, signed: bool = False) -> str:
    if b is None:
        return "—"
    f = "{:+.3f}" if signed else "{:.3f}"
    return f.format(b[0]) if abs(b[1] - b[0]) < 1e-12 else f"[{f.format(b[0])}, {f.format(b[1])}]"


def fmt_paired(p: PairedBounds | None) -> tuple[str, str]:
    if p is None:
        return "—", "—"
    return fmt_interval((p.diff_low, p.diff_high), signed=True), f"[{p.ci_low:+.3f}, {p.ci_high:+.3f}]"


def _num(value, fmt: str = "{:.3f}") -> str:
    return "—" if value is None else fmt.format(value)


def build_report(rows: list[TrialRow], notes: list[str], planned: list[Planned] | None = None, *,
                 resamples: int = 10_000, rank_incomplete: bool = False, tier_sources: dict[str, str] | None = None) -> Report:
    planned = planned or []
    report = Report(notes=list(notes))
    board = tables.leaderboard(rows, planned, resamples=resamples, rank_incomplete=rank_incomplete)
    report.board = board
    report.sections.append(Section(
        "Leaderboard",
        ["rank", "model", "variant", "run", "tasks", "graded", "model-failed", "infra-failed", "trials", "Climb-WSR [95% CI]",
         "WSR [95% CI]", "regression WSR [95% CI]", "decided", "check-undecided", "WSR decided-only (diagnostic)"],
        [[_num(e["rank"], "{}") if e["rank"] else ("incomplete" if not e["coverage"].complete else "—"),
          e["model"], e["variant"], e["run"],
          str(len(e["coverage"].suite)), str(len(e["coverage"].graded)), str(e["coverage"].model_failed),
          str(e["coverage"].infra_failed_trials), str(e["trials"]), fmt_summary(e["climb_wsr"]), fmt_summary(e["wsr"]),
          fmt_summary(e["regression_wsr"]), _num(e["decided"], "{:.0%}"), _num(e["check_undecided"], "{:.1%}"),
          _num(e["wsr_decided_only"])] for e in board],
        note="Means over graded tasks (repeats averaged first) with 95 % bootstrap CIs over tasks. With undecided "
             "criteria (unjudged: no judge; error: a check or the judge failed) a WSR is the interval [undecided as "
             "fail, undecided as pass]. Trials the model ended without finishing (caps, its own stop) are graded on "
             "what they delivered (model-failed). Infra-failed trials are retried, never scored; a system missing any "
             "task of its suite is incomplete and not ranked (--rank-incomplete to rank it). Ranked by the lower "
             "bound. 'decided-only' divides by decided weight and is a diagnostic, never a score. 'check-undecided' is "
             "the share of weight whose deterministic check found the answer but could not tell what it commits to "
             "(sent to the judge, or unjudged without one).",
    ))
    incomplete = [e for e in board if not e["coverage"].complete]
    for e in incomplete:
        cov = e["coverage"]
        if cov.missing:
            report.notes.append(f"{e['label']}: incomplete, no score for {len(cov.missing)} of "
                                f"{len(cov.suite)} tasks: {', '.join(cov.missing)}")
        partial = [t for t in cov.missing_trials if not any(t.startswith(m + "__") for m in cov.missing)]
        if partial:
            report.notes.append(f"{e['label']}: incomplete, {len(partial)} planned trial(s) of graded tasks have no score"
                                f" (their tasks average fewer repeats): {', '.join(partial)}")
    report.sections.append(Section(
        "Efficiency (means per trial)",
        ["model", "variant", "input tokens", "cached", "output tokens", "reasoning", "turns", "wall s", "$ per task", "WSR per 1k tokens"],
        [[e["label"], e["variant"], f"{e['tokens_input']:,.0f}", f"{e['tokens_cached_input']:,.0f}", f"{e['tokens_output']:,.0f}",
          f"{e['tokens_reasoning']:,.0f}", f"{e['turns']:.1f}", f"{e['wall_s']:.0f}", f"{e['cost_per_task']:.4f}",
          _num(e["wsr_per_1k_tokens"], "{:.4f}")] for e in board],
        note="WSR per 1k tokens uses the WSR's lower bound.",
    ))
    m3 = tables.m3_summary(rows, planned)
    if m3:
        report.sections.append(Section(
            "Tool use (M3, means over tool-use trials)",
            ["model", "variant", "tasks", "graded", "infra-failed", "trials", *tables.M3_KEYS, "M3 score"],
            [[e["label"], e["variant"], str(len(e["coverage"].suite)), str(len(e["coverage"].graded)),
              str(e["coverage"].infra_failed_trials), str(e["trials"]), *(_num(e[k]) for k in tables.M3_KEYS), _num(e["m3"])]
             for e in m3],
            note="Precision is reported beside the score; trials the agent ended early are scored (missing calls count 0)."))
    sectors = tables.by_sector(rows)
    labels = sorted({name for systems in sectors.values() for name in systems})
    report.sections.append(Section("WSR by sector (mean over the sector's tasks)", ["sector", *labels],
                                   [[s, *(fmt_interval(m.get(name)) for name in labels)] for s, m in sectors.items()]))
    sources = tier_sources or {}
    per_task = tables.by_task(rows)
    per_task_climb = tables.by_task(rows, "climb_wsr")
    for cells, title in ((per_task, "WSR by task"), (per_task_climb, "Climb-WSR by task")):
        labels = sorted({name for systems in cells.values() for name in systems})
        report.sections.append(Section(title, ["task", "tiers", *labels],
                                       [[t, sources.get(t, "—"), *(fmt_interval(m.get(name)) for name in labels)]
                                        for t, m in cells.items()],
                                       note="'tiers' says where each rubric's climb/regression tiers come from."))
    paired = tables.paired_comparisons(rows, planned, resamples=resamples)
    if paired:
        report.sections.append(Section(
            "Paired comparisons (WSR, paired bootstrap over shared tasks)",
            ["A", "B", "A − B", "95% CI", "tasks", "lacking", "significant"],
            [[p["a"], p["b"], *fmt_paired(p["result"]), str(p["result"].n_tasks), ", ".join(p["lacking"]) or "none",
              "yes" if p["result"].significant else "no"] for p in paired],
            note="'lacking' lists tasks of either suite that one side has no score for: the comparison does not cover them."))
    ablations = tables.ablation(rows)
    if ablations:
        report.sections.append(Section(
            "Vision ablation (without view_image vs with, paired by task)",
            ["model", "tasks", "Δ Climb-WSR", "Δ WSR", "× turns", "× input tokens", "× output tokens"],
            [[a["model"], str(a["tasks"]), *(_ablation_delta(a, m) for m in ("climb_wsr", "wsr")),
              _num(a["ratio_turns"], "×{:.2f}"), _num(a["ratio_input_tokens"], "×{:.2f}"),
              _num(a["ratio_output_tokens"], "×{:.2f}")] for a in ablations],
            note="'not applicable': the agent never called view_image when it had it, so removing it measures nothing."))
    failed = tables.most_failed(rows)
    if failed:
        report.sections.append(Section("Criteria most often failed", ["task", "criterion", "failed", "of trials"],
                                       [[t, c, str(n), str(of)] for t, c, n, of in failed]))
    report.data = _data(board, m3, paired, ablations, sectors, per_task, sources)
    report.data["by_task_climb"] = {t: {n: list(b) for n, b in m.items()} for t, m in per_task_climb.items()}
    return report


def _ablation_delta(entry: dict, metric: str) -> str:
    if not entry["applicable"]:
        return "not applicable"
    return fmt_paired(entry[f"delta_{metric}"])[0]


def _data(board, m3, paired, ablations, sectors, per_task, sources) -> dict[str, Any]:
    """Plain JSON for scripts: every table's numbers, intervals as [low, high]."""
    def summary(s: BoundsSummary | None):
        return None if s is None else {"lower": s.lower, "upper": s.upper, "ci": [s.ci_low, s.ci_high], "tasks": s.n_tasks}

    def pair(p: PairedBounds | None):
        return None if p is None else {"diff": [p.diff_low, p.diff_high], "ci": [p.ci_low, p.ci_high],
                                       "significant": p.significant, "tasks": list(p.tasks)}

    def cov(c: tables.Coverage):
        return {"suite": sorted(c.suite), "graded": sorted(c.graded), "model_failed_trials": c.model_failed,
                "infra_failed": sorted(c.infra_failed), "infra_failed_trials": c.infra_failed_trials,
                "missing": c.missing, "missing_trials": c.missing_trials, "complete": c.complete}

    return {
        "leaderboard": [{"rank": e["rank"], "label": e["label"], "run": e["run"], "model": e["model"], "variant": e["variant"],
                         "coverage": cov(e["coverage"]), "trials": e["trials"],
                         **{m: summary(e[m]) for m in tables.METRICS}, "decided": e["decided"],
                         "check_undecided": e["check_undecided"],
                         "wsr_decided_only": e["wsr_decided_only"], "judge_errors": e["judge_errors"],
                         **{k: e[k] for k in ("tokens_input", "tokens_cached_input", "tokens_output", "tokens_reasoning",
                                              "turns", "wall_s", "cost_per_task", "wsr_per_1k_tokens")}} for e in board],
        "m3": [{**{k: v for k, v in e.items() if k != "coverage"}, "coverage": cov(e["coverage"])} for e in m3],
        "paired": [{"a": p["a"], "b": p["b"], **pair(p["result"]), "lacking": p["lacking"]} for p in paired],
        "ablation": [{"model": a["model"], "applicable": a["applicable"], "tasks": a["tasks"],
                      "delta_climb_wsr": pair(a["delta_climb_wsr"]) if a["applicable"] else None,
                      "delta_wsr": pair(a["delta_wsr"]) if a["applicable"] else None,
                      **{k: a[k] for k in ("ratio_turns", "ratio_input_tokens", "ratio_output_tokens")}} for a in ablations],
        "by_sector": {s: {n: list(b) for n, b in m.items()} for s, m in sectors.items()},
        "by_task": {t: {n: list(b) for n, b in m.items()} for t, m in per_task.items()},
        "tier_sources": sources,
    }


def render_json(report: Report) -> str:
    body = {"data": report.data, "notes": report.notes,
            "sections": [{"title": s.title, "headers": s.headers, "rows": s.rows, "note": s.note} for s in report.sections]}
    return json.dumps(body, indent=2, ensure_ascii=False)


def render_console(report: Report, console: Console) -> None:
    """Cells are plain text, never rich markup: a label such as 'oracle [no-view_image]' would
    otherwise lose its bracketed variant and two systems would print under one name."""
    for section in report.sections:
        table = Table(title=Text(section.title), caption=Text(section.note) if section.note else None)
        for header in section.headers:
            table.add_column(Text(header))
        for row in section.rows:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
    for note in report.notes:
        console.print(Text.assemble(("note:", "yellow"), " ", note))


def render_markdown(report: Report) -> str:
    out = ["# MKA report", ""]
    for section in report.sections:
        out += [f"## {section.title}", ""]
        if section.note:
            out += [section.note, ""]
        out.append("| " + " | ".join(section.headers) + " |")
        out.append("|" + "---|" * len(section.headers))
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in section.rows]
        out.append("")
    if report.notes:
        out += ["## Notes", ""] + [f"- {n}" for n in report.notes] + [""]
    return "\n".join(out)


def render_html(report: Report, extra_html: str = "") -> str:
    """One self-contained page (no external resources)."""
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>MKA report</title><style>",
             "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}th{background:#f0f0f0}.note{color:#555}",
             "</style></head><body><h1>MKA report</h1>"]
    for section in report.sections:
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        if section.note:
            parts.append(f"<p class='note'>{html.escape(section.note)}</p>")
        parts.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in section.headers) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in section.rows]
        parts.append("</table>")
    parts.append(extra_html)
    if report.notes:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in report.notes) + "</ul>")
    parts.append("</body></html>")
    return "".join(parts)
