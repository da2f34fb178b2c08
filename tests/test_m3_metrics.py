"""Hand-computed cases for every M3 reference metric, in both modes.

Identical arguments give similarity 1 (to float32 rounding) with the hashing encoder, so
the expected values below follow from the formulas alone."""

from __future__ import annotations

import math

import pytest

from harness.m3.aggregate import reference_aggregate, system_json
from harness.m3.encoders import HashingEncoder
from harness.m3.matching import call_text
from harness.m3.metrics import cross_pairs, fragmentation, inversion_rate, merge_entropy, step_matrix
from harness.m3.model import Match
from tests.test_m3_support import FixedEncoder, call, one, run, traj

A, B, C, D = (call("srv/a", q="alpha river"), call("srv/b", q="beta mountain"),
              call("srv/c", q="gamma invoice"), call("srv/d", q="delta chart"))
approx = pytest.approx


def metrics(task):
    m = task.metrics
    return m.recall, m.precision, m.argument_similarity, m.step_coherence, m.order_consistency, m.merge_purity


def test_call_text_is_compact_sorted_json_without_the_tool_name():
    assert call_text({"b": 1, "a": "é"}) == '{"a":"é","b":1}'
    assert call_text(None) == "null"


def test_split_parallel_group_costs_step_coherence_only():
    # reference: [A B C] then [D]; prediction splits the group over two rounds
    task = one(traj("t", [A, B, C], [D]), traj("t", [A, B], [C], [D]))
    # step 0: m=n=3, k=2 → frag ½ → 3·1·½; step 1: 1·1·1 → (1.5 + 1) / 4
    assert metrics(task) == approx((1, 1, 1, 0.625, 1, 1), abs=1e-6)


def test_two_sequential_steps_merged_into_one_round_have_no_merge_purity():
    task = one(traj("t", [A], [B]), traj("t", [A, B]))
    # one column holding both reference steps equally: H = log 2 = log G_active
    assert metrics(task) == approx((1, 1, 1, 1, 1, 0), abs=1e-6)


def test_partial_merge_purity():
    task = one(traj("t", [A], [B], [C]), traj("t", [A, B], [C]))
    expected = 1 - (2 / 3) * math.log(2) / math.log(3)
    assert task.metrics.merge_purity == approx(expected, abs=1e-6)


def test_swapped_order_with_an_extra_call():
    extra = call("srv/x", q="unrelated")
    task = one(traj("t", [A], [B]), traj("t", [B], [A], [extra]))
    r, p, sim, sc, oc, mp = metrics(task)
    assert (r, p, oc) == approx((1, 2 / 3, 0))
    assert (sim, sc, mp) == approx((1, 1, 1), abs=1e-6)


def test_wrong_tool_is_never_matched_even_with_identical_arguments():
    task = one(traj("t", [A]), traj("t", [call("srv/other", q="alpha river")]))
    assert task.matches == []
    assert metrics(task) == approx((0, 0, 0, 0, 0, 0))


def test_below_threshold_arguments_are_unmatched():
    ref, pred = call("srv/a", q="alpha river"), call("srv/a", zz=[12345, 67890])
    emb = HashingEncoder().encode([call_text(ref["arguments"]), call_text(pred["arguments"])])
    cos = float(emb[0] @ emb[1] / (math.hypot(*emb[0]) * math.hypot(*emb[1])))
    assert cos < 0.60
    task = one(traj("t", [ref]), traj("t", [pred]))
    assert task.matches == [] and task.metrics.recall == 0


def test_weak_and_strong_matches_and_argument_similarity():
    # fixed vectors: cos(x, x') = 0.7 (weak), cos(y, y') = 0.9 (strong), z unmatched
    s = math.sqrt
    enc = FixedEncoder({'{"v":"x"}': [1, 0], '{"v":"x2"}': [0.7, s(1 - 0.49)],
                        '{"v":"y"}': [0, 0, 1, 0], '{"v":"y2"}': [0, 0, 0.9, s(1 - 0.81)]})
    ref = traj("t", [call("s/x", v="x"), call("s/y", v="y"), call("s/z", v="z")])
    pred = traj("t", [call("s/x", v="x2"), call("s/y", v="y2"), call("s/z", v="nothing alike")])
    task = one(ref, pred, encoder=enc)
    assert sorted(round(m.sim, 5) for m in task.matches) == [0.7, 0.9]
    assert task.metrics.strong == 1
    assert task.metrics.argument_similarity == approx((0.7 + 0.9) / 3, abs=1e-6)
    assert (task.metrics.recall, task.metrics.precision) == approx((2 / 3, 2 / 3))
    # the reference's avg_sim_strong_cov: (strong matches / G) × their mean similarity
    assert task.metrics.strong_similarity == approx(1 / 3 * 0.9, abs=1e-6)


def test_order_consistency_pair_coverage():
    # reference [A B] [C]; B missing: c_pair = (1·1)/(2·1)
    task = one(traj("t", [A, B], [C]), traj("t", [A], [C]))
    assert task.metrics.order_consistency == approx(0.5)
    assert task.metrics.step_coherence == approx(2 / 3)


@pytest.mark.parametrize(("compat", "expected"), [(True, 0.0), (False, 1.0)])
def test_single_step_order_quirk(compat, expected):
    task = one(traj("t", [A, B]), traj("t", [A, B]), compat=compat)
    assert task.metrics.order_consistency == expected
    assert task.metrics.recall == 1 and task.metrics.step_coherence == approx(1, abs=1e-6)


def test_single_step_fix_falls_back_to_recall():
    task = one(traj("t", [A, B]), traj("t", [A]))
    assert task.metrics.order_consistency == approx(0.5)


@pytest.mark.parametrize("compat", [True, False])
def test_both_empty(compat):
    task = one(traj("t"), traj("t"), compat=compat)
    m = task.metrics
    assert (m.recall, m.precision, m.step_coherence, m.order_consistency, m.merge_purity) == (1, 1, 1, 1, 1)


def test_image_paths_normalised_in_default_mode_only():
    ref = traj("t", [call("img/ocr", path="input/a.png")])
    pred = traj("t", [call("img/ocr", path="/workspace/input/a.png")])
    assert one(ref, pred).matches[0].sim == approx(1, abs=1e-6)
    compat = one(ref, pred, compat=True)
    assert not compat.matches or compat.matches[0].sim < 0.999


def test_aggregate_micro_and_weighted_and_missing_tasks():
    refs = [traj("t1", [A, B], [C]), traj("t2", [A], [B]), traj("t3", [D])]
    preds = [traj("t1", [A, B], [C]), traj("t2", [B], [A], [call("srv/x", q="extra")])]
    default = run(refs, preds).systems[0]
    assert default.missing == ["t3"] and len(default.tasks) == 3
    assert default.overall["recall"] == approx(5 / 6)  # t3's one call unmatched
    assert default.overall["precision"] == approx(5 / 6)
    assert default.overall["order_consistency"] == approx((3 * 1 + 2 * 0 + 1 * 0) / 6, abs=1e-6)
    compat = run(refs, preds, compat=True).systems[0]
    assert compat.missing == ["t3"] and [t.task_id for t in compat.tasks] == ["t1", "t2"]
    assert compat.overall["recall"] == approx(1) and compat.overall["order_consistency"] == approx(3 / 5, abs=1e-6)
    # the reference's remaining aggregates, under its own names
    agg = reference_aggregate(compat)
    assert (agg["num_ids"], agg["total_gt_calls"], agg["total_pred_calls"], agg["matched"]) == (2, 5, 6, 5)
    assert agg["avg_Rounds"] == approx((2 + 3) / 2) and agg["avg_tool_calls"] == approx(6 / 2)
    assert agg["avg_sim_strong_cov"] == approx(1, abs=1e-6) and agg["avg_sim_all_cov"] == compat.overall["argument_similarity"]
    # default mode: the missing task counts as an empty prediction (0 rounds, 0 calls)
    assert reference_aggregate(default)["avg_Rounds"] == approx(5 / 3)
    assert system_json(default)["reference_aggregate"]["num_ids"] == 3


def test_small_pure_functions():
    ms = [Match(0, 0, 1.0, 0, 0), Match(1, 1, 1.0, 0, 1), Match(2, 2, 0.5, 1, 0)]
    assert fragmentation(ms, 2) == [0.5, 0.0]
    assert inversion_rate(ms) == 1.0  # (1, 2): ref 0 < 1 but pred 1 > 0; (0, 2) shares a pred step
    assert cross_pairs([3, 1, 2]) == 3 + 6 + 2
    w = step_matrix(ms, 2, 2)
    assert w.tolist() == [[1.0, 1.0], [0.5, 0.0]]
    assert 0 < merge_entropy(w) < 1
    assert merge_entropy(step_matrix(ms[:2], 2, 2)) == 0.0  # one active reference step
