"""The alignment table of each task, as JSON and as an HTML table fragment.

A row pairs a reference call with the predicted call it matched (or stands alone when a
side is unmatched), with its tool-name bucket, similarity and strength. An unmatched call
also shows the best similarity it had in its bucket, to tell "below τ_weak" from "no call
of that tool"."""

from __future__ import annotations

import html
import json
from typing import Any

from harness.m3.matching import buckets
from harness.m3.model import Call, Thresholds
from harness.m3.scorer import RunReport, TaskScore


def _call(call: Call, with_times: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"step": call.step, "index": call.index, "id": call.id, "name": call.name,
                           "arguments": call.arguments}
    if with_times and call.started is not None:
        out.update(started=call.started, ended=call.ended)
    return out


def strength(sim: float, tau: Thresholds) -> str:
    return "strong" if sim >= tau.strong else "weak" if sim >= tau.weak else "unmatched"


def alignment_rows(score: TaskScore, tau: Thresholds) -> list[dict[str, Any]]:
    """Rows bucket by bucket: matches, then unmatched reference calls, then unmatched
    predicted calls; buckets in order of first appearance (reference first)."""
    ref_calls = score.ref.calls()
    pred_calls = score.pred.calls() if score.pred else []
    by_ref = {m.ref: m for m in score.matches}
    matched_pred = {m.pred for m in score.matches}
    ref_b, pred_b = buckets(ref_calls), buckets(pred_calls)
    blocks = score.sims.buckets if score.sims is not None else {}
    rows: list[dict[str, Any]] = []
    for name in dict.fromkeys([*ref_b, *pred_b]):
        block = blocks.get(name)
        best_ref = block.sims.max(axis=1) if block is not None else None
        best_pred = block.sims.max(axis=0) if block is not None else None
        for r, i in enumerate(ref_b.get(name, [])):
            call, m = ref_calls[i], by_ref.get(i)
            if m is not None:
                rows.append({"bucket": name, "ref": _call(call, False), "pred": _call(pred_calls[m.pred], True),
                             "similarity": m.sim, "strength": strength(m.sim, tau)})
                continue
            rows.append({"bucket": name, "ref": _call(call, False), "pred": None, "similarity": None,
                         "best_similarity": None if best_ref is None else float(best_ref[r]), "strength": "unmatched"})
        for c, j in enumerate(pred_b.get(name, [])):
            if j not in matched_pred:
                rows.append({"bucket": name, "ref": None, "pred": _call(pred_calls[j], True), "similarity": None,
                             "best_similarity": None if best_pred is None else float(best_pred[c]),
                             "strength": "unmatched"})
    return rows


def task_audit(score: TaskScore, tau: Thresholds) -> dict[str, Any]:
    return {"task": score.task_id, "system": score.system, "trial": score.trial_id, "missing": score.missing,
            "thresholds": {"weak": tau.weak, "strong": tau.strong}, "rows": alignment_rows(score, tau),
            "notes": score.notes}


def run_audit(report: RunReport) -> list[dict[str, Any]]:
    """Every task of every system, in report order."""
    tau = report.options.thresholds
    return [task_audit(t, tau) for system in report.systems for t in system.tasks]


def _cell_call(call: dict[str, Any] | None) -> str:
    if call is None:
        return '<td class="m3-none">—</td>'
    args = html.escape(str(call["arguments"]) if not isinstance(call["arguments"], (dict, list))
                       else _compact(call["arguments"]))
    return f'<td><span class="m3-step">step {call["step"]}</span> <code>{args}</code></td>'


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def audit_html(audit: dict[str, Any]) -> str:
    """One task's alignment as an HTML <table> fragment (no page chrome, no styles)."""
    title = html.escape(f"{audit['task']}" + (f" · {audit['trial']}" if audit.get("trial") else ""))
    lines = [f'<table class="m3-alignment" data-task="{html.escape(audit["task"])}">',
             f"<caption>{title}</caption>",
             "<thead><tr><th>bucket</th><th>reference call</th><th>predicted call</th>"
             "<th>similarity</th><th>match</th></tr></thead>", "<tbody>"]
    for row in audit["rows"]:
        sim = row["similarity"] if row["similarity"] is not None else row.get("best_similarity")
        shown = "" if sim is None else (f"{sim:.3f}" if row["similarity"] is not None else f"(best {sim:.3f})")
        lines.append(f'<tr class="m3-{row["strength"]}"><td><code>{html.escape(row["bucket"])}</code></td>'
                     f'{_cell_call(row["ref"])}{_cell_call(row["pred"])}<td>{shown}</td>'
                     f'<td>{row["strength"]}</td></tr>')
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines)
