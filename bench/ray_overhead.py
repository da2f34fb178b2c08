"""What the Ray executor costs per trial, and what a second node buys, measured in one run.

1. Scheduling overhead: the same N trials one at a time under the local executor and under
   Ray (a local cluster: a coordinating head and one sandbox node on this machine); the
   difference per trial is Ray's cost (ship the task, schedule, stream events, tar the
   trial directory back, install it). Target: <= 50 ms per trial. The raw Ray round trip of
   an empty streaming task is printed beside it.
2. Throughput: the same batch on 1 vs 2 sandbox nodes (one slot each); trials/min and the ratio.

Trials are a script agent whose code_exec sleeps: like a model-bound trial, its time is
waiting, so the 2-node ratio shows scheduling rather than this 2-core machine's CPUs.

    .venv/bin/python bench/ray_overhead.py [--trials 8] [--sleep 2]"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.runner.ray_cluster import import_ray  # noqa: E402

import_ray("127.0.0.1:0")  # before anything imports ray: the cluster stays on 127.0.0.1

import ray  # noqa: E402
from ray.cluster_utils import Cluster  # noqa: E402

from harness.images import resolve_image  # noqa: E402
from harness.runner.agents import AgentSpec  # noqa: E402
from harness.runner.executors import Executor, LocalExecutor  # noqa: E402
from harness.runner.ray_executor import RayExecutor  # noqa: E402
from harness.runner.trial import TrialSpec  # noqa: E402
from harness.sandbox.client import shared_client  # noqa: E402

TASK = ROOT / "tests" / "data" / "tasks" / "sales_summary"


def specs(work: Path, name: str, n: int, script: Path, image: str) -> list[TrialSpec]:
    out = work / name
    return [TrialSpec(task_dir=TASK, agent=AgentSpec("script", str(script)), out_dir=out, trial_id=f"t{i:03d}",
                      run_id=f"bench-{name}", image=image) for i in range(n)]


def run_batch(executor: Executor, batch: list[TrialSpec], concurrency: int) -> tuple[float, float]:
    """Wall time of the batch, and the part of it spent outside the trials' own run_trial (setup,
    scheduling, transfer), from each trial.json's wall_s (one at a time only)."""
    runner = executor.suite_runner(batch, concurrency=concurrency, max_cost_usd=None, calls_per_provider=None,
                                   max_attempts=1)
    started = time.perf_counter()
    records = asyncio.run(runner.run())
    elapsed = time.perf_counter() - started
    bad = [r.trial_id for r in records if r.status != "finished"]
    assert not bad and len(records) == len(batch), f"trials did not finish: {bad}"
    return elapsed, elapsed - sum(r.wall_s for r in records)


def cluster(nodes: int, temp: str) -> Cluster:
    made = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "resources": {"mka_sandbox": 0},
                                                         "node_ip_address": "127.0.0.1", "include_dashboard": False,
                                                         "temp_dir": temp})
    for _ in range(nodes):
        made.add_node(num_cpus=1, resources={"mka_sandbox": 1}, node_ip_address="127.0.0.1")
    return made


@ray.remote(num_cpus=0)
def _empty():
    yield {"kind": "done"}


async def _round_trips(n: int) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        async for ref in _empty.remote():
            await ref
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=8)
    parser.add_argument("--sleep", type=float, default=2.0)
    args = parser.parse_args()
    image = resolve_image(shared_client(), "sandbox")
    with tempfile.TemporaryDirectory(prefix="mka-bench-ray-") as tmp:
        work = Path(tmp)
        script = work / "wait.yaml"
        script.write_text(f"turns:\n  - calls:\n      - {{tool: code_exec, args: {{cmd: 'sleep {args.sleep}'}}}}\n"
                          "  - calls:\n      - {tool: finish, args: {final_reply: done, deliverables: []}}\n")
        n = args.trials
        run_batch(LocalExecutor(), specs(work, "warm", 1, script, image), 1)  # image layers and imports warm
        local, local_outside = run_batch(LocalExecutor(), specs(work, "local", n, script, image), 1)
        results: dict[str, tuple[float, float]] = {}
        raw: list[float] = []
        for nodes in (1, 2):
            temp = tempfile.mkdtemp(prefix="mka-rb-", dir="/tmp")  # short: Ray's socket paths
            made = cluster(nodes, temp)
            try:
                executor = RayExecutor(made.address, 1)
                try:
                    run_batch(executor, specs(work, f"warm{nodes}", nodes, script, image), nodes)  # workers started
                    results[f"ray_{nodes}"] = run_batch(executor, specs(work, f"tp{nodes}", n, script, image), nodes)
                    if nodes == 1:  # one node, one slot: the same one-at-a-time schedule as the local run
                        raw = asyncio.run(_round_trips(20))
                finally:
                    executor.close()
            finally:
                made.shutdown()
                shutil.rmtree(temp, ignore_errors=True)
    ray_1, ray_outside = results["ray_1"]
    per_trial_ms = (ray_outside - local_outside) / n * 1000
    print(f"trials: {n}, each a sandbox + code_exec 'sleep {args.sleep:g}' + finish, one at a time")
    print(f"local executor:            {local / n * 1000:8.1f} ms per trial, {local_outside / n * 1000:6.1f} ms outside run_trial")
    print(f"ray executor (1 node):     {ray_1 / n * 1000:8.1f} ms per trial, {ray_outside / n * 1000:6.1f} ms outside run_trial")
    print(f"scheduling overhead:       {per_trial_ms:8.1f} ms per trial (outside-run_trial difference; target <= 50 ms)"
          f"   wall ratio ray/local {ray_1 / local:.3f}")
    print(f"raw Ray streaming round trip (empty task, median of 20): {statistics.median(raw) * 1000:.1f} ms")
    one, two = n / ray_1 * 60, n / results["ray_2"][0] * 60
    print(f"throughput 1 node:  {one:6.1f} trials/min ({ray_1:.1f} s)")
    print(f"throughput 2 nodes: {two:6.1f} trials/min ({results['ray_2'][0]:.1f} s)   ratio 2/1 nodes {two / one:.2f}")


if __name__ == "__main__":
    main()
