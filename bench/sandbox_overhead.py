"""Sandbox overhead against the raw Docker SDK, measured in the same run on the same image.

    .venv/bin/python bench/sandbox_overhead.py [--repeats 30]

Ratios, not absolute times, are the figures to quote: machines here are noisy. Targets:
exec ≤ 1.25× raw exec_run, create+close ≤ 1.5× raw containers.run(remove=True), teardown of a
used sandbox ≤ 1.3× a raw force-remove of its container.

Teardown alternatives are timed on sandboxes in the state a trial leaves them (200 files and
5 MB in the workspace, a kept background process), interleaved; the raw operation is
`remove_container(force=True)` of the same container (its volume removed afterwards, untimed)."""

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
from harness.sandbox import DockerSandbox, SandboxSpec, volumes
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


FILL = "for i in $(seq 200); do head -c 4096 /dev/urandom > f$i; done; head -c 5000000 /dev/urandom > big; (MKA_KEEP=1 sleep 600 &)"


def _volumes_of(api, cid: str) -> list[str]:
    return [m["Name"] for m in api.inspect_container(cid)["Mounts"] if m["Type"] == "volume"]


def _gone(api, names: list[str]) -> bool:
    return not [n for n in names if api.volumes(filters={"name": n}).get("Volumes")]


async def bench_teardown(image: str, repeats: int) -> dict[str, list[float]]:
    client = shared_client()
    api = client.api
    out: dict[str, list[float]] = {}

    def timed(key: str, fn) -> None:
        started = time.perf_counter()
        fn()
        out.setdefault(key, []).append(time.perf_counter() - started)

    async def used() -> DockerSandbox:
        box = await DockerSandbox.create(SandboxSpec(image=image, run_id=RUN_ID))
        assert (await box.exec(FILL)).ok
        box._closed = True  # noqa: SLF001 - the variants below remove it themselves
        return box

    for _ in range(repeats):
        box = await used()
        names = _volumes_of(api, box.id)
        timed("raw", lambda: api.remove_container(box.id, force=True))
        for name in names:
            api.remove_volume(name)
        box = await used()
        timed("one call", lambda: api.remove_container(box.id, force=True, v=True))
        box = await used()
        names = _volumes_of(api, box.id)
        timed("separately", lambda: (api.remove_container(box.id, force=True), [api.remove_volume(n) for n in names]))
        box = await used()
        box._closed = False  # noqa: SLF001
        names = volumes.anonymous_volumes(box.container)
        started = time.perf_counter()
        await box.close()
        out.setdefault("close", []).append(time.perf_counter() - started)
        await asyncio.to_thread(volumes.flush, 60)
        out.setdefault("close+volume", []).append(time.perf_counter() - started)
        assert _gone(api, names)
        # Daemon-side removal: sandboxes are created with `--rm` for their lifeline
        # (harness.sandbox.lifeline), so a kill (or a cut lifeline) ends with the engine
        # removing the container and its anonymous volumes; the call returns after the kill.
        box = await used()
        names = _volumes_of(api, box.id)
        started = time.perf_counter()
        api.kill(box.id)
        out.setdefault("auto_remove kill", []).append(time.perf_counter() - started)
        while not _gone(api, names):
            await asyncio.sleep(0.005)
        out.setdefault("auto_remove gone", []).append(time.perf_counter() - started)
    return out


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
    parser.add_argument("--teardown-repeats", type=int, default=10)
    parser.add_argument("--only", choices=["teardown"], help="run only this part")
    args = parser.parse_args()
    image = resolve_image(shared_client(), "sandbox")
    console = Console()
    console.print(f"image {image}; {psutil.cpu_count()} CPUs")

    teardown = await bench_teardown(image, args.teardown_repeats)
    raw_td = _median_ms(teardown["raw"])
    rows = [
        ("raw force-remove (volume left)", "raw"),
        ("one call: rm -f -v (before)", "one call"),
        ("rm -f, then volume rm, in the call", "separately"),
        ("close(): rm -f, volume right after (adopted)", "close"),
        ("  … until its volume is gone too", "close+volume"),
        ("daemon-side --rm: kill returns", "auto_remove kill"),
        ("  … until container and volume are gone", "auto_remove gone"),
    ]
    td_table = Table(title=f"teardown of a used sandbox (medians of {args.teardown_repeats})")
    for column in ("alternative", "ms", "× raw", "target"):
        td_table.add_column(column)
    for label, key in rows:
        ms = _median_ms(teardown[key])
        td_table.add_row(label, f"{ms:.1f}", f"{ms / raw_td:.2f}", "≤ 1.3" if key == "close" else "")
    if args.only == "teardown":
        console.print(td_table)
        return

    raw_exec, our_exec = await bench_exec(image, args.repeats)
    raw_life, our_life = await bench_lifecycle(image, args.lifecycle_repeats)
    wall, rss_base, rss_peak = await bench_parallel(image, sandboxes=8, execs=20)

    console.print(td_table)
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
