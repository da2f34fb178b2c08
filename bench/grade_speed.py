"""Deterministic grading speed for one whole trial (the quarterly_pack gold deliverables: every
format), split into check evaluation and LibreOffice recalculation/rendering.

    .venv/bin/python bench/grade_speed.py [--repeats 3]

Everything runs in one autorater container (network none), as `mka grade` does. The raw
operation measured in the same run is an empty exec (`true`): ratios against it show the
grading work, not the container round trip. Target: checks under 1 s per task excluding
LibreOffice."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autorater.grading.checks_host import CheckItem, run_checks
from autorater.rubric import load_rubric, topological_order
from harness.images import resolve_image
from harness.sandbox import DockerSandbox, SandboxSpec
from harness.sandbox.client import shared_client
from harness.tasks import load_task

ROOT = Path(__file__).resolve().parent.parent
TASK = ROOT / "tests" / "data" / "tasks" / "quarterly_pack"
RUBRIC = ROOT / "tests" / "data" / "rubrics" / "quarterly_pack.yaml"


def _items(recalculate: bool) -> list[CheckItem]:
    rubric = load_rubric(RUBRIC, load_task(TASK))
    items = []
    for c in topological_order(rubric):
        if c.check is None:
            continue
        spec = dict(c.check)
        if spec["kind"] == "xlsx.cell_value":
            spec["recalculate"] = recalculate
        items.append(CheckItem(c.id, spec.get("file") or c.file, spec))
    return items


async def _timed(coro) -> float:
    started = time.perf_counter()
    await coro
    return time.perf_counter() - started


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    image = resolve_image(shared_client(), "autorater")
    spec = SandboxSpec(image=image, network="none", role="autorater", run_id="bench")
    results: dict[str, list[float]] = {"raw": [], "checks": [], "checks+recalc": [], "render": []}
    async with await DockerSandbox.create(spec) as box:
        await box.copy_in(TASK / "gold", "/workspace/deliverables")
        await box.write_file("final_reply.md", (TASK / "gold" / "final_reply.md").read_bytes())
        plain, recalc = _items(False), _items(True)
        outcomes = await run_checks(box, recalc)
        failed = [k for k, o in outcomes.items() if not o.passed]
        for _ in range(args.repeats):
            results["raw"].append(await _timed(box.exec("true")))
            results["checks"].append(await _timed(run_checks(box, plain)))
            # A fresh runner process: the recalculated copy is cached per process only.
            results["checks+recalc"].append(await _timed(run_checks(box, recalc)))
            results["render"].append(await _timed(box.exec(
                "rm -rf /tmp/r && python3 -m autorater.checks.render deliverables/deck.pptx /tmp/r", timeout=300)))
    med = {k: statistics.median(v) for k, v in results.items()}
    table = Table(title=f"grading one trial: {len(recalc)} checks over 8 deliverables + reply (median of {args.repeats})")
    for column in ("step", "seconds", "× empty exec", "target"):
        table.add_column(column)
    table.add_row("empty exec (raw)", f"{med['raw']:.3f}", "1.0", "")
    table.add_row("all checks, no LibreOffice", f"{med['checks']:.3f}", f"{med['checks'] / med['raw']:.1f}", "< 1 s")
    table.add_row("LibreOffice recalculation (difference)", f"{med['checks+recalc'] - med['checks']:.3f}",
                  f"{(med['checks+recalc'] - med['checks']) / med['raw']:.1f}", "")
    table.add_row("render deck.pptx → PDF → PNG pages", f"{med['render']:.3f}", f"{med['render'] / med['raw']:.1f}", "")
    console = Console()
    console.print(table)
    if failed:
        console.print(f"[red]checks that failed on gold (should be none): {failed}")


if __name__ == "__main__":
    asyncio.run(main())
