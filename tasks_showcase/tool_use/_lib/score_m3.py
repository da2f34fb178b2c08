"""Score a run against the tool-use references with the M3 scorer (harness.m3).

    .venv/bin/python tasks_showcase/tool_use/_lib/score_m3.py RUN_DIR [--reference DIR] [--json F]
        [--run-tasks-only] [--ignore-tool NAME]...

Prints, per system, the six reference metrics (overall) and the views, then one row per
task. The same figures `mka m3 score --reference DIR --predictions RUN_DIR` prints once
that command is registered."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from harness.m3 import (
    ScoreOptions,
    load_encoder,
    load_predictions,
    load_references,
    score_run,
    system_json,
)

HERE = Path(__file__).resolve().parent.parent


def fmt(value) -> str:
    return "  n/a" if value is None else f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("run", type=Path)
    parser.add_argument("--reference", type=Path, default=HERE)
    parser.add_argument("--encoder", default="minilm")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--run-tasks-only", action="store_true",
                        help="score only the references of tasks the run has trials for (e.g. a script "
                             "agent that solves one task); by default a missing task counts as 0")
    parser.add_argument("--ignore-tool", action="append", default=[],
                        help="harness tool dropped from predictions (repeatable; finish always is)")
    args = parser.parse_args()
    refs = load_references(args.reference)
    preds = load_predictions(args.run)
    if args.run_tasks_only:
        refs = [r for r in refs if r.task_id in {p.task_id for p in preds}]
    options = ScoreOptions(ignore_tools=frozenset({"finish", *args.ignore_tool}))
    report = score_run(refs, preds, load_encoder(args.encoder), options)
    out = []
    for system in report.systems:
        data = system_json(system)
        out.append(data)
        print(f"== {data['system']}  ({data['counts']})")
        print("   " + "  ".join(f"{k}={fmt(v)}" for k, v in data["overall"].items()))
        print("   " + "  ".join(f"{k}={fmt(v)}" for k, v in data["views"].items()))
        print("   " + "  ".join(f"{k}={fmt(v)}" for k, v in data["dimensions"].items()))
        if data["missing"]:
            print(f"   missing (scored 0): {len(data['missing'])} tasks")
        heads = ("G", "P", "recall", "precision", "argument_similarity", "step_coherence", "order_consistency",
                 "merge_purity", "causal_respect", "parallelism_recognition", "grounding_rate")
        print(f"   {'task':34} " + " ".join(f"{h[:7]:>7}" for h in heads))
        for row in data["tasks"]:
            if row["missing"]:
                continue
            cells = [f"{row[h]:>7}" if h in ("G", "P") else f"{fmt(row[h]):>7}" for h in heads]
            print(f"   {row['task']:34} " + " ".join(cells))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    main()
