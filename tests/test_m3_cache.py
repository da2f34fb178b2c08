"""The content-addressed embedding cache on disk: a rescoring embeds no string twice, keys
separate encoders, concurrent writers are safe, and a broken cache never stops scoring."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import numpy as np

from harness.m3.embed import EmbeddingCache
from harness.m3.encoders import HashingEncoder
from harness.m3.scorer import ScoreOptions, score_run
from harness.m3.store import EmbeddingStore, text_key
from tests.test_m3_support import call, onnx_minilm, traj  # noqa: F401 - fixture


class CountingEncoder(HashingEncoder):
    """The hashing encoder with a cache id, counting what it is asked to encode."""

    def __init__(self, cache_id: str = "counting:v1") -> None:
        super().__init__(256)
        self.cache_id, self.seen = cache_id, []

    def encode(self, texts: list[str], batch_size: int = 0) -> np.ndarray:
        self.seen.extend(texts)
        return super().encode(texts, batch_size)


REFS = [traj("t1", [call("s/a", q="alpha river"), call("s/b", q="beta mountain")], [call("s/c", q="gamma")]),
        traj("t2", [call("s/a", q="delta chart")])]
PREDS = [traj("t1", [call("s/a", q="alpha river"), call("s/b", q="beta mountains")], [call("s/c", q="gamma")]),
         traj("t2", [call("s/a", q="delta charts")])]


def test_rescoring_embeds_no_string_again(tmp_path: Path):
    options = ScoreOptions(cache_path=tmp_path / "emb.sqlite")
    first_enc, second_enc = CountingEncoder(), CountingEncoder()
    first = score_run(REFS, PREDS, first_enc, options)
    assert first.timings["encoded_texts"] == first.timings["distinct_texts"] == 6 and len(first_enc.seen) == 6
    second = score_run(REFS, PREDS, second_enc, options)
    assert second.timings["encoded_texts"] == 0 and second.timings["cached_texts"] == 6 and second_enc.seen == []
    a, b = first.systems[0], second.systems[0]
    assert a.overall == b.overall and [t.matches for t in a.tasks] == [t.matches for t in b.tasks]
    # a new prediction embeds only its new string
    third_enc = CountingEncoder()
    third = score_run(REFS, [*PREDS[:1], traj("t2", [call("s/a", q="delta chart, revised")])], third_enc, options)
    assert third_enc.seen == ['{"q":"delta chart, revised"}'] and third.timings["cached_texts"] == 5


def test_keys_separate_encoders_and_texts(tmp_path: Path):
    options = ScoreOptions(cache_path=tmp_path / "emb.sqlite")
    score_run(REFS, PREDS, CountingEncoder("model-a"), options)
    other = CountingEncoder("model-b")
    assert score_run(REFS, PREDS, other, options).timings["encoded_texts"] == 6 and len(other.seen) == 6
    assert text_key("a", "x") != text_key("b", "x") != text_key("a", "y")
    assert len(EmbeddingStore(tmp_path / "emb.sqlite")) == 12


def test_encoders_without_a_cache_id_and_compat_mode_do_not_use_it(tmp_path: Path):
    path = tmp_path / "emb.sqlite"
    score_run(REFS, PREDS, HashingEncoder(), ScoreOptions(cache_path=path))
    score_run(REFS, PREDS, CountingEncoder(), ScoreOptions(cache_path=path, compat=True))
    assert len(EmbeddingStore(path)) == 0


def test_stored_vectors_are_the_encoder_outputs(tmp_path: Path):
    enc = CountingEncoder()
    store = EmbeddingStore(tmp_path / "emb.sqlite")
    EmbeddingCache(enc, 8, store).add(["one", "two"])
    got = store.get_many([text_key(enc.cache_id, "one"), text_key(enc.cache_id, "two")])
    np.testing.assert_array_equal(np.vstack(list(got.values())), HashingEncoder(256).encode(["one", "two"]))


def _writer(path: str, worker: int, n: int) -> None:
    enc = CountingEncoder()
    cache = EmbeddingCache(enc, 16, EmbeddingStore(path))
    cache.add([f"text {i}" for i in range(n)] + [f"own {worker} {i}" for i in range(50)])
    assert cache.store is not None and cache.store.problem is None


def test_concurrent_writers(tmp_path: Path):
    path = str(tmp_path / "emb.sqlite")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 300)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    assert len(EmbeddingStore(path)) == 300 + 4 * 50
    enc = CountingEncoder()
    cache = EmbeddingCache(enc, 16, EmbeddingStore(path))
    assert cache.add([f"text {i}" for i in range(300)]) == 0 and enc.seen == []


def test_a_broken_cache_is_bypassed_with_a_note(tmp_path: Path):
    bad = tmp_path / "emb.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    report = score_run(REFS, PREDS, CountingEncoder(), ScoreOptions(cache_path=bad))
    assert report.timings["encoded_texts"] == 6
    assert report.notes and "bypassed" in report.notes[0]
    assert report.systems[0].overall["recall"] > 0


def test_rescoring_with_minilm_embeds_nothing_new(tmp_path: Path, onnx_minilm):
    options = ScoreOptions(cache_path=tmp_path / "emb.sqlite")
    first = score_run(REFS, PREDS, onnx_minilm, options)
    second = score_run(REFS, PREDS, onnx_minilm, options)
    assert first.timings["encoded_texts"] == 6 and second.timings["encoded_texts"] == 0
    assert first.systems[0].overall == second.systems[0].overall
