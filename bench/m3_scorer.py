"""M3 scorer throughput on synthetic tool-use runs.

    .venv/bin/python bench/m3_scorer.py [--tasks 1000] [--encoder minilm|hash] [--batch-size 256]

1,000 synthetic tasks of ~7 reference calls each (1–4 steps of 1–3 parallel calls) and one
prediction per task (most calls copied, some with changed arguments, some dropped, some
extra, steps split or merged). Embeddings are computed once per distinct argument string,
in batches, and cached. Printed: the model-load time (apart), the raw operation measured in
the same run (the encoder alone on distinct strings like these, strings/s), then calls
scored per second after load (reference + predicted calls) cold (embedding included) and
warm (cache filled: matching and metrics only), each as a ratio to the raw encoder rate.
Target: ≥ 2,000 calls/s after load on the 2-core machine."""

from __future__ import annotations

import argparse
import os
import random
import time

from rich.console import Console
from rich.table import Table

from harness.m3.embed import EmbeddingCache
from harness.m3.encoders import load_encoder
from harness.m3.matching import call_text
from harness.m3.model import Trajectory, build_steps
from harness.m3.scorer import ScoreOptions, score_run

TOOLS = {
    "vision/ocr": lambda r: {"path": f"input/page_{r.randint(1, 40)}.png", "lang": r.choice(["en", "fr"])},
    "vision/detect": lambda r: {"image": f"/workspace/input/site_{r.randint(1, 30)}.jpg", "labels": r.sample(LABELS, 2)},
    "web/search": lambda r: {"query": " ".join(r.sample(WORDS, r.randint(3, 6)))},
    "fs/read": lambda r: {"path": f"input/{r.choice(WORDS)}_{r.randint(1, 20)}.csv"},
    "math/calc": lambda r: {"expr": f"{r.randint(2, 999)}*{r.randint(2, 99)}+{r.randint(0, 50)}"},
    "maps/route": lambda r: {"from": r.choice(CITIES), "to": r.choice(CITIES), "mode": r.choice(["car", "train"])},
}
WORDS = ("revenue growth margin zoning permit tariff invoice audit lease capex forecast churn cohort "
         "inventory freight customs dosage trial cohort bridge load beam rebar soil seismic").split()
LABELS = ["crane", "truck", "worker", "helmet", "scaffold", "crack"]
CITIES = ["Paris", "Lyon", "Berlin", "Munich", "Madrid", "Milan", "Vienna", "Prague"]


def reference_task(r: random.Random, i: int) -> list[list[dict]]:
    steps, total = [], 0
    while total < 7:
        step = [{"name": (n := r.choice(list(TOOLS))), "arguments": TOOLS[n](r)} for _ in range(min(r.randint(1, 3), 7 - total))]
        steps.append(step)
        total += len(step)
    return steps


def prediction(r: random.Random, ref: list[list[dict]]) -> list[list[dict]]:
    calls = []
    for step in ref:
        for c in step:
            x = r.random()
            if x < 0.08:
                continue  # dropped
            args = TOOLS[c["name"]](r) if x < 0.28 else dict(c["arguments"])  # changed or copied
            calls.append({"name": c["name"], "arguments": args})
    if r.random() < 0.3:
        calls.append({"name": (n := r.choice(list(TOOLS))), "arguments": TOOLS[n](r)})  # extra
    steps, i = [], 0
    while i < len(calls):
        k = r.randint(1, 3)
        steps.append(calls[i:i + k])
        i += k
    return steps


def synthetic(n: int, seed: int) -> tuple[list[Trajectory], list[Trajectory]]:
    r = random.Random(seed)
    refs, preds = [], []
    for i in range(n):
        ref = reference_task(r, i)
        refs.append(Trajectory(f"task{i:04d}", build_steps(ref)))
        preds.append(Trajectory(f"task{i:04d}", build_steps(prediction(r, ref)), system="bench"))
    return refs, preds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=1000)
    parser.add_argument("--encoder", default="minilm")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    console = Console()

    started = time.perf_counter()
    encoder = load_encoder(args.encoder)
    load_s = time.perf_counter() - started
    encoder.encode(["warm up"], batch_size=1)
    refs, preds = synthetic(args.tasks, args.seed)
    calls = sum(len(t.calls()) for t in refs + preds)

    # Raw operation: the encoder alone on distinct strings drawn like the benchmark's own.
    r = random.Random(args.seed + 1)
    raw_texts = list(dict.fromkeys(call_text(TOOLS[n](r)) for n in r.choices(list(TOOLS), k=1500)))[:1024]
    t0 = time.perf_counter()
    encoder.encode(raw_texts, batch_size=args.batch_size)
    raw_rate = len(raw_texts) / (time.perf_counter() - t0)

    options = ScoreOptions(batch_size=args.batch_size)
    cache = EmbeddingCache(encoder, args.batch_size)
    t0 = time.perf_counter()
    report = score_run(refs, preds, encoder, options, cache=cache)
    cold_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    score_run(refs, preds, encoder, options, cache=cache)
    warm_s = time.perf_counter() - t0
    timings, overall = report.timings, report.systems[0].overall

    table = Table(title=f"M3 scorer · {args.tasks} tasks · {calls} calls · encoder {encoder.name}", title_justify="left")
    for col in ("measure", "value", "ratio to raw encoder"):
        table.add_column(col, justify="left" if col == "measure" else "right")
    table.add_row("model load (apart)", f"{load_s:.2f} s", "")
    table.add_row("raw: encoder alone", f"{raw_rate:,.0f} strings/s", "1.00×")
    table.add_row("distinct argument strings", f"{int(timings['distinct_texts']):,} of {calls:,} calls", "")
    table.add_row("cold: embed + match + metrics", f"{calls / cold_s:,.0f} calls/s ({cold_s:.2f} s)", f"{calls / cold_s / raw_rate:.2f}×")
    table.add_row("  of which embedding", f"{timings['encode_s']:.2f} s", "")
    table.add_row("warm: match + metrics only", f"{calls / warm_s:,.0f} calls/s ({warm_s:.2f} s)", f"{calls / warm_s / raw_rate:.2f}×")
    console.print(table)
    console.print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    verdict = "meets" if calls / cold_s >= 2000 else "misses"
    console.print(f"cold throughput {calls / cold_s:,.0f} calls/s {verdict} the 2,000 calls/s target; "
                  f"recall {overall['recall']:.3f}, precision {overall['precision']:.3f}")


if __name__ == "__main__":
    main()
