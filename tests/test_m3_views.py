"""Causal, parallel and grounding views and the M3 dimension scores, by hand."""

from __future__ import annotations

import pytest

from harness.m3.model import Call, Trajectory
from harness.m3.views import overlapped, ran_in_order, reference_dependencies
from tests.test_m3_support import call, one, run, traj

A, B, C = call("s/a", q="alpha river"), call("s/b", q="beta mountain"), call("s/c", q="gamma invoice")


def timed(name: str, q: str, started: float, ended: float) -> dict:
    return {"name": name, "arguments": {"q": q}, "started": started, "ended": ended}


def test_default_and_explicit_dependencies():
    ref = traj("t", [A, B], [{**C, "depends_on": ["s0c0"]}], [call("s/d", q="x")])
    edges, notes = reference_dependencies(ref)
    # C depends on A only (explicit); d depends on every call of the step before (C)
    assert edges == [(0, 2), (2, 3)] and notes == []
    bad = traj("t", [{**A, "depends_on": ["nope"]}])
    assert reference_dependencies(bad) == ([], ["s0c0: depends_on 'nope' names no other call"])


def test_empty_steps_are_skipped_by_default_dependencies():
    assert reference_dependencies(traj("t", [A], [], [B]))[0] == [(0, 1)]


def test_order_and_overlap_use_times_then_steps():
    a = Call("x", {}, step=0, index=0, started=0.0, ended=2.0)
    b = Call("y", {}, step=1, index=0, started=1.0, ended=3.0)
    assert not ran_in_order(a, b) and overlapped(a, b)  # times win over step order
    c = Call("z", {}, step=1, index=0)
    assert ran_in_order(Call("x", {}, 0, 0), c) and not overlapped(Call("x", {}, 0, 0), c)


def test_causal_respect_with_timestamps():
    ref = traj("t", [A], [B])
    in_order = traj("t", [timed("s/a", "alpha river", 0, 1)], [timed("s/b", "beta mountain", 1.5, 2)])
    task = one(ref, in_order)
    assert (task.views.causal_respect, task.views.valid_order) == (1.0, 1.0)
    # B started before A ended, although it came in a later turn
    racing = traj("t", [timed("s/a", "alpha river", 0, 5)], [timed("s/b", "beta mountain", 1, 2)])
    task = one(ref, racing)
    assert (task.views.causal_respect, task.views.valid_order) == (0.0, 0.0)
    assert task.dims.multi_hop == 0.0


def test_causal_respect_counts_unmatched_dependencies_as_not_respected():
    ref = traj("t", [A, B], [C])  # deps: A→C, B→C
    task = one(ref, traj("t", [A], [C]))  # B missing
    assert task.views.causal_respect == pytest.approx(0.5)
    assert task.views.valid_order == 1.0  # every matched dependency respected
    assert one(ref, traj("t")).views.valid_order == 0.0  # dependencies, none matched
    assert one(traj("t", [A, B]), traj("t", [A, B])).views.valid_order is None  # no dependency


def test_parallelism_recognition():
    ref = traj("t", [A, B, C], [call("s/d", q="delta chart")], [A, B])
    pred = traj("t",
                [timed("s/a", "alpha river", 0, 2), timed("s/b", "beta mountain", 0.1, 2.5),
                 timed("s/c", "gamma invoice", 3, 4)],  # c ran after a and b: 1 of 3 pairs overlap
                [timed("s/d", "delta chart", 5, 6)],
                [timed("s/a", "alpha river", 7, 8)], [timed("s/b", "beta mountain", 9, 10)])  # 0 of 1
    task = one(ref, pred)
    assert task.views.groups == 2
    assert task.views.parallelism == pytest.approx((1 / 3 + 0) / 2)


def test_parallelism_without_times_uses_same_round():
    task = one(traj("t", [A, B]), traj("t", [A, B]))
    assert task.views.parallelism == 1.0
    assert one(traj("t", [A, B]), traj("t", [A], [B])).views.parallelism == 0.0
    assert one(traj("t", [A, B]), traj("t", [A])).views.parallelism == 0.0  # < 2 matched


def test_grounding_rate():
    ref = traj("t", [call("img/ocr", path="input/a.png"), {**call("img/q", q="what is shown"), "uses_image": True},
                     call("s/a", q="alpha river")])
    pred = traj("t", [call("img/ocr", path="/workspace/input/a.png"), call("img/q", q="zz 12345 99"),
                      call("s/a", q="alpha river")])
    task = one(ref, pred)
    assert (task.views.image_calls, task.views.image_strong) == (2, 1)
    assert task.views.grounding == 0.5 and task.dims.grounding == 0.5
    assert one(traj("t", [A]), traj("t", [A])).views.grounding is None


def test_m3_dimensions_and_score():
    ref = traj("t", [call("img/ocr", path="input/a.png"), A], [B])
    pred = traj("t", [call("img/ocr", path="input/a.png")], [A], [B])
    task = one(ref, pred)
    d, m = task.dims, task.metrics
    # step 0 split over two rounds: step coherence (2·½ + 1)/3; A→B and ocr→B respected
    assert m.step_coherence == pytest.approx(2 / 3, abs=1e-6)
    assert d.grounding == 1.0 and d.multi_hop == pytest.approx(m.order_consistency)
    assert d.multi_threaded == pytest.approx(0.0)  # ocr and A never overlapped
    assert d.m3 == pytest.approx((1.0 + m.order_consistency + 0.0 + m.argument_similarity) / 4)
    report = run([ref], [pred]).systems[0]
    assert report.dimensions["m3"] == pytest.approx(d.m3)
    assert report.rates["causal_respect"] == 1.0


def test_missing_task_counts_its_denominators():
    report = run([traj("t1", [A], [B]), traj("t2", [A], [B])], [traj("t1", [A], [B])]).systems[0]
    assert report.rates["causal_respect"] == 0.5 and report.rates["valid_execution_order"] == 0.5
    compat = run([traj("t1", [A], [B]), traj("t2", [A], [B])], [traj("t1", [A], [B])], compat=True).systems[0]
    assert compat.rates["causal_respect"] == 1.0


def test_trajectory_calls_are_global_in_step_order():
    t = Trajectory("t", traj("t", [A, B], [C]).steps)
    assert [c.name for c in t.calls()] == ["s/a", "s/b", "s/c"]
