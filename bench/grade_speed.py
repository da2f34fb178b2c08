"""Deterministic grading speed per file and per trial, with LibreOffice cold (a fresh soffice per
conversion) and warm (one soffice kept per grading container), measured in the same run.

    .venv/bin/python bench/grade_speed.py [--repeats 3] [--modes cold,warm] [--tasks a,b]

Files: the gold deliverables of tests/data/tasks/quarterly_pack (every format) and of every
showcase task, each graded with its own rubric's checks. For each task and mode, a fresh
autorater container (network none, the grading limits) is made as `mka grade` makes it (warm:
the office is started at creation, while the deliverables are copied); then
- trial: container created → every check of the task done, one runner, as in grading (warm:
  the office is started only where grading would start it, see checks_host.needs_office);
- per file: a fresh runner grading only that file's checks (python start and the imports that
  file needs included), `--repeats` times; the median per format is over files × repeats;
- render: deck.pptx → PDF → PNG pages (quarterly_pack only).
The raw operation measured in the same run is an empty exec (`true`) in the same container.
Modes are interleaved task by task so drift on this shared machine hits both alike.
Target: every format ≤ 1.5 s median per file."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autorater.grading.checks_host import CheckItem, needs_office, run_checks, start_office
from autorater.grading.grade_trial import GRADING_LIMITS
from autorater.rubric import REPLY_FILE, load_rubric, topological_order
from harness.images import resolve_image
from harness.sandbox import DockerSandbox, SandboxSpec
from harness.sandbox.client import shared_client
from harness.tasks import load_task

ROOT = Path(__file__).resolve().parent.parent
QUARTERLY = ("quarterly_pack", ROOT / "tests" / "data" / "tasks" / "quarterly_pack",
             ROOT / "tests" / "data" / "rubrics" / "quarterly_pack.yaml")
TARGET_S = 1.5


def _tasks(only: set[str] | None) -> list[tuple[str, Path, Path]]:
    showcase = [(p.parent.name, p.parent, ROOT / "rubrics" / f"{p.parent.name}.yaml")
                for p in sorted((ROOT / "tasks_showcase").glob("*/task.toml"))]
    found = [QUARTERLY, *(t for t in showcase if t[2].is_file() and (t[1] / "gold").is_dir())]
    return [t for t in found if only is None or t[0] in only]


def _by_file(task_dir: Path, rubric_path: Path) -> dict[str, list[CheckItem]]:
    rubric = load_rubric(rubric_path, load_task(task_dir))
    files: dict[str, list[CheckItem]] = defaultdict(list)
    for c in topological_order(rubric):
        if c.check is None:
            continue
        spec = dict(c.check)
        file = spec.get("file") or c.file
        key = REPLY_FILE if str(spec["kind"]).startswith("reply.") else (file or REPLY_FILE)
        files[key].append(CheckItem(c.id, file, spec))
    return dict(files)


def _fmt(name: str) -> str:
    return "reply" if name == REPLY_FILE else (Path(name).suffix.lstrip(".").lower() or "none")


async def _timed(coro) -> float:
    started = time.perf_counter()
    await coro
    return time.perf_counter() - started


async def _ready(box: DockerSandbox, timeout_s: float = 30) -> None:
    """Wait until the warm office accepts a connection (steady-state per-file figures)."""
    await box.exec(["python3", "-m", "autorater.checks.warm_office", "wait", str(timeout_s)], timeout=timeout_s + 10)


async def one_task(image: str, label: str, task_dir: Path, rubric: Path, warm: bool, repeats: int,
                   samples: dict, failed: list[str]) -> None:
    mode = "warm" if warm else "cold"
    files = _by_file(task_dir, rubric)
    spec = SandboxSpec(image=image, network="none", limits=GRADING_LIMITS, role="autorater", run_id="bench", trial_id=label)
    gold = task_dir / "gold"
    started = time.perf_counter()
    box = await DockerSandbox.create(spec)
    try:
        everything = [item for items in files.values() for item in items]
        office = needs_office([f.name for f in gold.iterdir()], everything, judged=False)
        starting = asyncio.ensure_future(start_office(box)) if warm and office else None
        await box.copy_in(gold, "/workspace/deliverables")
        await box.write_file("final_reply.md", (gold / REPLY_FILE).read_bytes())
        if starting is not None:
            await starting
        outcomes = await run_checks(box, everything)
        samples["trial" if not office else "trial-office", mode].append(time.perf_counter() - started)
        failed.extend(f"{label}/{k} ({mode}): {o.error or o.evidence}"[:300] for k, o in outcomes.items() if not o.passed)
        if starting is not None:
            await _ready(box)
        for _ in range(repeats):
            samples["raw", mode].append(await _timed(box.exec("true")))
            for name, items in files.items():
                samples[_fmt(name), mode].append(await _timed(run_checks(box, items)))
            if label == "quarterly_pack":
                samples["render", mode].append(await _timed(box.exec(
                    "rm -rf /tmp/r && python3 -m autorater.checks.render deliverables/deck.pptx /tmp/r", timeout=300)))
    finally:
        await box.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--modes", default="cold,warm", help="cold, warm or both (comma-separated)")
    parser.add_argument("--tasks", help="comma-separated task ids (default: quarterly_pack and every showcase task)")
    args = parser.parse_args()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    image = resolve_image(shared_client(), "autorater")
    tasks = _tasks(set(args.tasks.split(",")) if args.tasks else None)
    samples: dict[tuple[str, str], list[float]] = defaultdict(list)
    failed: list[str] = []
    counts: dict[str, int] = defaultdict(int)
    for label, task_dir, rubric in tasks:
        for name in _by_file(task_dir, rubric):
            counts[_fmt(name)] += 1
        for mode in modes:
            await one_task(image, label, task_dir, rubric, mode == "warm", args.repeats, samples, failed)

    def med(key: str, mode: str) -> float | None:
        values = samples.get((key, mode))
        return statistics.median(values) if values else None

    def cell(value: float | None, raw: float | None = None) -> str:
        if value is None:
            return ""
        return f"{value:.2f}" + (f" ({value / raw:.0f}×)" if raw else "")

    console = Console()
    raw = {m: med("raw", m) for m in modes}
    table = Table(title=f"grading per file: a fresh runner per file, median of files × {args.repeats} repeats "
                        f"(× the empty exec of the same mode)")
    for column in ("format", "files", *(f"{m} s" for m in modes), "target"):
        table.add_column(column)
    table.add_row("empty exec (raw)", "", *(cell(raw[m]) for m in modes), "")
    for fmt in sorted(counts):
        values = [med(fmt, m) for m in modes]
        ok = all(v is not None and v <= TARGET_S for v in values[-1:])
        table.add_row(fmt, str(counts[fmt]), *(cell(v, raw[m]) for v, m in zip(values, modes, strict=True)),
                      f"≤ {TARGET_S} s" + ("" if ok else " (missed)"))
    table.add_row("render deck.pptx → PNG", "1", *(cell(med("render", m), raw[m]) for m in modes), "")
    for key, what in (("trial-office", "with spreadsheets"), ("trial", "without")):
        runs = len(samples.get((key, modes[0]), []))
        table.add_row(f"trial {what}: create → all checks", str(runs), *(cell(med(key, m)) for m in modes), "")
    console.print(table)
    if failed:
        console.print("[red]checks that failed on gold (should be none):")
        for line in failed:
            console.print(f"  {line}")


if __name__ == "__main__":
    asyncio.run(main())
