"""The views and the order metric count pairs without listing them: same numbers as the
pair-by-pair definitions, in memory linear in the number of calls."""

from __future__ import annotations

import random
import tracemalloc

import pytest

from harness.m3.encoders import HashingEncoder
from harness.m3.metrics import inversion_rate
from harness.m3.model import Call, Match, Trajectory, build_steps
from harness.m3.scorer import ScoreOptions, score_run
from harness.m3.views import (
    compute_views,
    dependency_counts,
    overlapped,
    overlapping_pairs,
    ran_in_order,
    reference_dependencies,
)


def brute_inversions(matches: list[Match]) -> float:
    inversions = total = 0
    for i, a in enumerate(matches):
        for b in matches[i + 1:]:
            if a.ref_step == b.ref_step or a.pred_step == b.pred_step:
                continue
            total += 1
            inversions += (a.ref_step < b.ref_step) != (a.pred_step < b.pred_step)
    return inversions / float(total) if total else 0.0


def random_call(r: random.Random, step: int, index: int) -> Call:
    kind = r.random()
    started = r.choice([0.0, 1.0, 2.0, 2.5, 3.0]) if kind > 0.2 else None
    ended = None if kind < 0.35 or started is None else started + r.choice([0.0, 0.5, 1.0, 2.0, -0.5])
    return Call("t", {}, step=step, index=index, started=started, ended=ended)


@pytest.mark.parametrize("seed", range(200))
def test_counts_equal_the_pair_by_pair_definitions(seed: int):
    r = random.Random(seed)
    calls = [random_call(r, r.randint(0, 3), i) for i in range(r.randint(0, 12))]
    pairs = [(a, b) for i, a in enumerate(calls) for b in calls[i + 1:]]
    assert overlapping_pairs(calls) == sum(overlapped(a, b) for a, b in pairs)

    matches = [Match(i, i, 1.0, r.randint(0, 4), r.randint(0, 4)) for i in range(r.randint(0, 15))]
    assert inversion_rate(matches) == brute_inversions(matches)

    # dependencies: a reference of random steps (some empty, some explicit depends_on) and a
    # prediction of random timed calls, matched at random
    raw = [[{"name": "t", "arguments": {}} for _ in range(r.randint(0, 4))] for _ in range(r.randint(1, 5))]
    ids = [f"s{s}c{c}" for s, step in enumerate(raw) for c in range(len(step))]
    for step in raw:
        for c in step:
            if ids and r.random() < 0.3:
                c["depends_on"] = r.sample(ids, min(len(ids), r.randint(0, 2))) + (["nope"] if r.random() < 0.2 else [])
    ref = Trajectory("t", build_steps(raw))
    pred_calls = [random_call(r, r.randint(0, 4), i) for i in range(len(ref.calls()))]
    matched = {i: j for i, j in zip(range(len(pred_calls)), r.sample(range(len(pred_calls)), len(pred_calls)))
               if r.random() < 0.7}
    edges, _ = reference_dependencies(ref)
    both = [(a, b) for a, b in edges if a in matched and b in matched]
    expected = (len(edges), len(both), sum(ran_in_order(pred_calls[matched[a]], pred_calls[matched[b]]) for a, b in both))
    assert dependency_counts(ref, pred_calls, matched) == expected


def one_step(n: int, tools: int, span: float) -> tuple[Trajectory, Trajectory]:
    """A reference of one step of n calls over `tools` tools; the prediction repeats it, call i
    running over [i, i + span)."""
    ref = [{"name": f"t/{i % tools}", "arguments": {"q": f"item {i}"}} for i in range(n)]
    pred = [{**c, "started": float(i), "ended": i + span} for i, c in enumerate(ref)]
    return Trajectory("big", build_steps([ref])), Trajectory("big", build_steps([pred]), system="s")


def test_a_5000_call_step_is_counted_in_linear_memory():
    n = 5000
    ref, pred = one_step(n, 1, 1.5)  # each call overlaps only the next one
    matches = [Match(i, i, 1.0, 0, 0) for i in range(n)]
    tracemalloc.start()
    try:
        views = compute_views(ref, pred, matches, 0.8)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # listing the 12.5 M pairs took 1.65 GB; counting them needs a few lists of n numbers
    assert peak < 8 * 1024 * 1024, peak
    assert views.groups == 1 and views.parallelism == pytest.approx((n - 1) / (n * (n - 1) / 2))
    assert inversion_rate(matches) == 0.0


def test_scoring_a_5000_call_step_end_to_end():
    ref, pred = one_step(5000, 25, 5000.0)  # every call overlaps every other
    (system,) = score_run([ref], [pred], HashingEncoder(), ScoreOptions()).systems
    (task,) = system.tasks
    assert task.metrics.recall == 1.0 and task.views.parallelism == 1.0 and task.dims.multi_threaded == 1.0
    # similarities only inside each tool's bucket: 25 blocks of 200 × 200, not 5000 × 5000
    assert task.sims is not None and sum(b.sims.size for b in task.sims.buckets.values()) == 25 * 200 * 200
