"""Sandbox overhead against the raw Docker SDK, measured in the same run on the same image.

    .venv/bin/python bench/sandbox_overhead.py [--repeats 30]

Ratios, not absolute times, are the figures to quote: machines here are noisy. Targets:
exec ≤ 1.25× raw exec_run, create+close ≤ 1.5× raw containers.run(remove=True)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time

import psutil
from rich.console import Console
from rich.table import Table

from harness.images import resolve_image
from harness.sandbox import DockerSandbox, SandboxSpec
from harness.sandbox.client import shared_client

RUN_ID = "bench"


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def bench_exec(image: str, repeats: int) -> tuple[float, float]:
    raw, ours = [], []
    async with await DockerSandbox.create(SandboxSpec(image=image, run_id=RUN_ID)) as box:
        for _ in range(3):  # warm both paths
            box.container.exec_run(["true"])
            await box.exec("true")
        for _ in range(repeats):  # interleaved so drift hits both alike
            started = time.perf_counter()
            box.container.exec_run(["true"])
            raw.append(time.perf_counter() - started)
            started = time.perf_counter()
            await box.exec("true")
            ours.append(time.perf_counter() - started)
    return _median_ms(raw), _median_ms(ours)


async def bench_lifecycle(image: str, repeats: int) -> tuple[float, float]:
    client = shared_client()
    raw, ours = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        client.containers.run(image, ["true"], remove=True, labels={"org.mka.role": "bench", "org.mka.run": RUN_ID})
        raw.append(time.perf_counter() - started)
        started = time.perf_counter()
        box = await DockerSandbox.create(SandboxSpec(image=image, run_id=RUN_ID))
        await box.close()
        ours.append(time.perf_counter() - started)
    return _median_ms(raw), _median_ms(ours)


async def bench_parallel(image: str, sandboxes: int, execs: int) -> tuple[float, float, float]:
    proc = psutil.Process()
    baseline = proc.memory_info().rss
    peak = [baseline]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], proc.memory_info().rss)
            time.sleep(0.01)

    async def one() -> None:
        async with await DockerSandbox.create(SandboxSpec(image=image, run_id=RUN_ID)) as box:
            for i in range(execs):
                result = await box.exec(f"echo {i}; head -c 200000 /dev/urandom | base64 | tail -c 100")
                assert result.ok, result

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.perf_counter()
    try:
        await asyncio.gather(*(one() for _ in range(sandboxes)))
    finally:
        stop.set()
        sampler.join()
    return time.perf_counter() - started, baseline / 2**20, peak[0] / 2**20


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--lifecycle-repeats", type=int, default=10)
    args = parser.parse_args()
    image = resolve_image(shared_client(), "sandbox")
    console = Console()
    console.print(f"image {image}; {psutil.cpu_count()} CPUs")

    raw_exec, our_exec = await bench_exec(image, args.repeats)
    raw_life, our_life = await bench_lifecycle(image, args.lifecycle_repeats)
    wall, rss_base, rss_peak = await bench_parallel(image, sandboxes=8, execs=20)

    table = Table(title="sandbox overhead (medians)")
    for column in ("operation", "raw Docker SDK", "Sandbox", "ratio", "target"):
        table.add_column(column)
    table.add_row('exec "true"', f"{raw_exec:.1f} ms", f"{our_exec:.1f} ms", f"{our_exec / raw_exec:.2f}", "≤ 1.25")
    table.add_row("create + close", f"{raw_life:.1f} ms", f"{our_life:.1f} ms", f"{our_life / raw_life:.2f}", "≤ 1.5")
    table.add_row(
        "8 sandboxes × 20 execs", "", f"{wall:.2f} s wall",
        f"peak RSS {rss_peak:.0f} MiB (start {rss_base:.0f})", "",
    )
    console.print(table)


if __name__ == "__main__":
    asyncio.run(main())
