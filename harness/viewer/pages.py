"""HTML for the viewer: the trial list and one trial's page. Plain HTML, inline CSS, no scripts
from anywhere else (the page must work offline)."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from harness.recording.trajectory import read_trajectory

STYLE = """body{font-family:system-ui,sans-serif;margin:1.5em;max-width:1200px}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}th{background:#eef}
.event{border-left:4px solid #ccc;margin:.6em 0;padding:.2em .8em}.assistant{border-color:#36c}.user{border-color:#999}
.tool_result{border-color:#3a3}.error{border-color:#c33;background:#fee}.compaction{border-color:#f90;background:#fff6e6}
pre{white-space:pre-wrap;max-height:22em;overflow:auto;background:#f7f7f7;padding:.4em}img.seen{max-width:480px;border:1px solid #ccc}
.pass{color:#080}.fail,.blocked{color:#b00}.unjudged{color:#886}.error{color:#c60;font-weight:bold}"""


def page(title: str, body: str) -> str:
    return f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}</body></html>"


def trial_list(trials: dict[str, Path], runs: dict[str, str] | None = None) -> str:
    """One row per trial (keyed as in its URL); given each key's run label, a run column first."""
    rows = []
    for key, trial in trials.items():
        record = json.loads((trial / "trial.json").read_text())
        score = _score(trial)
        run = f"<td>{escape(runs[key])}</td>" if runs else ""
        rows.append(
            f"<tr>{run}<td><a href='/trial/{escape(key)}'>{escape(trial.name)}</a></td><td>{escape(record['task'])}</td>"
            f"<td>{escape(record['model'])}</td><td>{escape(record['status'])}</td><td>{record.get('turns', 0)}</td>"
            f"<td>{_wsr(score)}</td><td>${record.get('cost_usd', 0):.4f}</td></tr>"
        )
    table = ("<table id='trials'><tr>" + ("<th>run</th>" if runs else "") + "<th>trial</th><th>task</th><th>model</th><th>status</th><th>turns</th><th>WSR</th>"
             "<th>cost</th></tr>" + "".join(rows) + "</table>")
    return page("MKA trials", f"<h1>Trials</h1><p><a href='/report'>leaderboard report</a></p>{table}")


def trial_page(trial: Path, key: str) -> str:
    record = json.loads((trial / "trial.json").read_text())
    events = read_trajectory(trial / "trajectory.jsonl") if (trial / "trajectory.jsonl").is_file() else []
    parts = [f"<h1>{escape(trial.name)}</h1>",
             f"<p>task <b>{escape(record['task'])}</b> · model <b>{escape(record['model'])}</b> · status "
             f"<b id='status'>{escape(record['status'])}</b> · turns {record.get('turns', 0)} · wall {record.get('wall_s', 0):.1f}s</p>",
             "<h2>Tool timeline</h2>", timeline_svg(events),
             "<h2>Deliverables</h2>", _deliverables(trial, key),
             "<h2>Verdicts</h2>", _verdicts(trial), _m3(trial),
             "<h2>Conversation</h2>", "".join(_event(e, key) for e in events)]
    return page(trial.name, "".join(parts))


def timeline_svg(events: list[dict]) -> str:
    """One bar per tool call from its start to its end: parallel calls overlap visibly."""
    calls = [e for e in events if e["type"] == "tool_result" and "started_mono" in e]
    if not calls:
        return "<p>(no tool calls)</p>"
    t0 = min(e["started_mono"] for e in calls)
    span = max(max(e["ended_mono"] for e in calls) - t0, 1e-3)
    width, row = 900, 18
    bars = []
    for i, e in enumerate(calls):
        x = 150 + (e["started_mono"] - t0) / span * (width - 160)
        w = max((e["ended_mono"] - e["started_mono"]) / span * (width - 160), 2)
        colour = "#3a3" if e["ok"] else "#c33"
        label = f"{e['name']} {e['ended_mono'] - e['started_mono']:.2f}s"
        bars.append(f"<text x='4' y='{i * row + 13}' font-size='11'>{escape(e['name'][:22])}</text>"
                    f"<rect class='call' x='{x:.1f}' y='{i * row + 3}' width='{w:.1f}' height='{row - 6}' fill='{colour}'>"
                    f"<title>{escape(label)}</title></rect>")
    return f"<svg id='timeline' width='{width}' height='{len(calls) * row + 6}'>{''.join(bars)}</svg><p>span {span:.2f}s</p>"


def _event(e: dict, trial: str) -> str:
    kind = e["type"]
    if kind == "assistant":
        calls = "".join(f"<pre>→ {escape(c['name'])}({escape(c['arguments'][:3000])})</pre>" for c in e.get("tool_calls", []))
        return f"<div class='event assistant'><b>assistant · turn {e.get('turn')}</b> ({escape(e.get('stop', ''))})<pre>{escape(e.get('text', ''))}</pre>{calls}</div>"
    if kind == "tool_result":
        images = "".join(f"<img class='seen' src='/media/{escape(trial)}/{escape(sha)}'>" for sha in e.get("images", []))
        return (f"<div class='event tool_result'><b>{escape(e['name'])}</b> {'ok' if e['ok'] else 'error'}"
                f"<pre>{escape(e.get('text', '')[:20000])}</pre>{images}</div>")
    if kind == "user":
        return f"<div class='event user'><b>user · {escape(e.get('kind', ''))}</b><pre>{escape(e.get('text', '')[:20000])}</pre></div>"
    if kind == "compaction":
        return f"<div class='event compaction'><b>compaction ({escape(e.get('reason', ''))})</b><pre>{escape(e.get('summary', ''))}</pre></div>"
    if kind == "error":
        return f"<div class='event error'><b>error · {escape(e.get('where', ''))}</b><pre>{escape(e.get('message', ''))}</pre></div>"
    return ""


def _deliverables(trial: Path, key: str) -> str:
    folder = trial / "deliverables"
    files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
    if not files:
        return "<p>(none)</p>"
    items = []
    for f in files:
        rel = f.relative_to(folder).as_posix()
        link = f"/deliverable/{escape(key)}/{escape(rel)}"
        preview = f" · <a href='/preview/{escape(key)}/{escape(rel)}'>preview pages</a>"
        if f.suffix.lower() in (".png", ".jpg", ".jpeg", ".gif", ".webp"):
            preview = f"<br><img class='seen' src='{link}'>"
        items.append(f"<li><a href='{link}'>{escape(rel)}</a> ({f.stat().st_size:,} bytes){preview}</li>")
    return "<ul id='deliverables'>" + "".join(items) + "</ul>"


def _verdicts(trial: Path) -> str:
    path = trial / "grade" / "verdicts.json"
    if not path.is_file():
        return "<p>(not graded)</p>"
    rows = [f"<tr><td>{escape(v['criterion_id'])}</td><td class='{escape(v['verdict'])}'>{escape(v['verdict'])}</td>"
            f"<td>{escape(v.get('decided_by', ''))}</td><td>{escape(v.get('rationale') or v.get('evidence') or '')}</td></tr>"
            for v in json.loads(path.read_text())["verdicts"]]
    return (f"<p>WSR {_wsr(_score(trial))}</p><table id='verdicts'><tr><th>criterion</th><th>verdict</th><th>decided by</th>"
            f"<th>evidence</th></tr>{''.join(rows)}</table>")


def _m3(trial: Path) -> str:
    """The M3 alignment of a graded tool-use trial: every reference call with the call it matched."""
    path = trial / "grade" / "m3.json"
    if not path.is_file():
        return ""
    from harness.m3.audit import audit_html

    body = json.loads(path.read_text())
    m = body["metrics"]
    summary = ", ".join(f"{k.replace('_', ' ')} {m[k]:.3f}" for k in
                        ("recall", "precision", "argument_similarity", "step_coherence", "order_consistency", "merge_purity"))
    return f"<h2>M3 tool-call alignment</h2><p id='m3-summary'>{escape(summary)}</p>{audit_html(body['audit'])}"


def _score(trial: Path) -> dict | None:
    path = trial / "grade" / "score.json"
    return json.loads(path.read_text()) if path.is_file() else None


def _wsr(score: dict | None) -> str:
    if not score:
        return "—"
    if score.get("wsr") is not None:
        return f"{score['wsr']:.3f}"
    low, high = score.get("wsr_bounds") or (0, 0)
    return f"{low:.3f}–{high:.3f}"
