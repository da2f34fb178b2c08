"""A report as a list of titled tables of strings: built once, rendered as text, Markdown or HTML."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from harness.reports.collect import TrialRow
from harness.reports import tables


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


def _ci(value) -> str:
    if value is None:
        return "—"
    mean, low, high = value
    return f"{mean:.3f} [{low:.3f}, {high:.3f}]"


def _num(value, fmt: str = "{:.3f}") -> str:
    return "—" if value is None else fmt.format(value)


def build_report(rows: list[TrialRow], notes: list[str], *, resamples: int = 10_000) -> Report:
    report = Report(notes=list(notes))
    board = tables.leaderboard(rows, resamples=resamples)
    report.sections.append(Section(
        "Leaderboard",
        ["model", "variant", "tasks", "trials", "Climb-WSR [95% CI]", "WSR [95% CI]", "regression WSR [95% CI]", "decided"],
        [[e["model"], e["variant"], str(e.get("tasks", 0)), str(e["trials"]), _ci(e.get("climb_wsr")), _ci(e.get("wsr")),
          _ci(e.get("regression_wsr")), _num(e["decided"], "{:.0%}")] for e in board],
        note="Means over tasks (repeats averaged first) with 95 % bootstrap CIs over tasks. 'decided' is the share of "
             "rubric weight decided by checks or the judge; with unjudged criteria the WSRs cover the decided ones.",
    ))
    report.sections.append(Section(
        "Efficiency (means per trial)",
        ["model", "variant", "input tokens", "cached", "output tokens", "reasoning", "turns", "wall s", "$ per task", "WSR per 1k tokens"],
        [[e["model"], e["variant"], f"{e['tokens_input']:,.0f}", f"{e['tokens_cached_input']:,.0f}", f"{e['tokens_output']:,.0f}",
          f"{e['tokens_reasoning']:,.0f}", f"{e['turns']:.1f}", f"{e['wall_s']:.0f}", f"{e['cost_per_task']:.4f}",
          _num(e["wsr_per_1k_tokens"], "{:.4f}")] for e in board],
    ))
    m3 = tables.m3_summary(rows)
    if m3:
        report.sections.append(Section(
            "Tool use (M3, means over tool-use trials)", ["model", "variant", "trials", *tables.M3_KEYS, "M3 score"],
            [[e["model"], e["variant"], str(e["trials"]), *(_num(e[k]) for k in tables.M3_KEYS), _num(e["m3"])] for e in m3]))
    sectors = tables.by_sector(rows)
    labels = sorted({label for models in sectors.values() for label in models})
    report.sections.append(Section("WSR by sector", ["sector", *labels],
                                   [[s, *(_num(m.get(label)) for label in labels)] for s, m in sectors.items()]))
    per_task = tables.by_task(rows)
    labels = sorted({label for models in per_task.values() for label in models})
    report.sections.append(Section("WSR by task", ["task", *labels],
                                   [[t, *(_num(m.get(label)) for label in labels)] for t, m in per_task.items()]))
    paired = tables.paired_comparisons(rows, resamples=resamples)
    if paired:
        report.sections.append(Section(
            "Paired comparisons (WSR, paired bootstrap over shared tasks)", ["A", "B", "A − B", "95% CI", "tasks", "significant"],
            [[p["a"], p["b"], f"{p['diff']:+.3f}", f"[{p['ci'][0]:+.3f}, {p['ci'][1]:+.3f}]", str(p["tasks"]),
              "yes" if p["significant"] else "no"] for p in paired]))
    ablations = tables.ablation(rows)
    if ablations:
        report.sections.append(Section(
            "Vision ablation (without view_image vs with)", ["model", "Δ Climb-WSR", "Δ WSR", "× turns", "× input tokens", "× output tokens"],
            [[a["model"], _num(a["delta_climb_wsr"], "{:+.3f}"), _num(a["delta_wsr"], "{:+.3f}"), _num(a["ratio_turns"], "×{:.2f}"),
              _num(a["ratio_input_tokens"], "×{:.2f}"), _num(a["ratio_output_tokens"], "×{:.2f}")] for a in ablations]))
    failed = tables.most_failed(rows)
    if failed:
        report.sections.append(Section("Criteria most often failed", ["task", "criterion", "failed", "of trials"],
                                       [[t, c, str(n), str(of)] for t, c, n, of in failed]))
    return report


def render_console(report: Report, console: Console) -> None:
    for section in report.sections:
        table = Table(title=section.title, caption=section.note or None)
        for header in section.headers:
            table.add_column(header)
        for row in section.rows:
            table.add_row(*row)
        console.print(table)
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}")


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
