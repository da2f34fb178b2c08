"""Embedding schedules: which texts are encoded together, and which vector a text gets.

- `EmbeddingCache` (default mode): every distinct text is encoded once, in large batches,
  and looked up afterwards. Fast, and a text always gets the same vector. With an
  `EmbeddingStore` (harness.m3.store) it first takes the vectors already on disk for the
  encoder's `cache_id` and writes the new ones back, so a rescoring encodes only new texts.
- `reference_schedule` (`--compat reference`): what the reference scorer does, step for
  step: tasks in sorted id order; per task the reference texts then the predicted texts;
  those not yet cached (duplicates included) are encoded in one `encode` call with batch
  size 64; each occurrence keeps its own vector and the cache keeps the last one. Batch
  composition changes MiniLM outputs in the last bits, so this is needed to be bit-exact."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from harness.m3.encoders import Encoder
from harness.m3.matching import l2_normalise
from harness.m3.store import EmbeddingStore, text_key

REFERENCE_BATCH_SIZE = 64


class EmbeddingCache:
    """Distinct texts → float32 rows, filled in batches; rows are L2-normalised once here
    (`l2_normalise`, the same row-wise operation the reference applies per task)."""

    def __init__(self, encoder: Encoder, batch_size: int = 256, store: EmbeddingStore | None = None) -> None:
        self.encoder, self.batch_size = encoder, batch_size
        cache_id = getattr(encoder, "cache_id", None)
        self.store, self.cache_id = (store, cache_id) if store is not None and cache_id else (None, "")
        self.encoded = 0  # texts run through the encoder
        self.from_store = 0  # texts whose vectors came from the disk cache
        self._row: dict[str, int] = {}
        self._chunks: list[np.ndarray] = []
        self._matrix: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self._row)

    def add(self, texts: Iterable[str]) -> int:
        """Embed the texts not seen before (from the disk cache when it has them, else with
        the encoder); returns how many went through the encoder."""
        new = list(dict.fromkeys(t for t in texts if t not in self._row))
        if not new:
            return 0
        raw: list[np.ndarray | None] = [None] * len(new)
        keys: list[bytes] = []
        if self.store is not None:
            keys = [text_key(self.cache_id, t) for t in new]
            found = self.store.get_many(keys)
            raw = [found.get(k) for k in keys]
        misses = [i for i, row in enumerate(raw) if row is None]
        if misses:
            embs = np.asarray(self.encoder.encode([new[i] for i in misses], batch_size=self.batch_size), dtype=np.float32)
            for i, emb in zip(misses, embs):
                raw[i] = emb
            if self.store is not None:
                self.store.put_many((keys[i], embs[n]) for n, i in enumerate(misses))
        dims = {r.shape[0] for r in raw if r is not None}
        if len(dims) > 1:  # a stored row of another width: the cache id should have prevented it
            raise ValueError(f"embedding widths differ in the cache ({sorted(dims)}) for {self.cache_id}")
        base = len(self._row)
        for i, text in enumerate(new):
            self._row[text] = base + i
        self._chunks.append(l2_normalise(np.vstack(raw)))  # type: ignore[arg-type]
        self._matrix = None
        self.encoded += len(misses)
        self.from_store += len(new) - len(misses)
        return len(misses)

    def lookup(self, texts: Sequence[str]) -> np.ndarray:
        """Rows for texts already added (in order)."""
        if self._matrix is None:
            self._matrix = np.vstack(self._chunks) if self._chunks else np.zeros((0, 1), np.float32)
        idx = np.fromiter((self._row[t] for t in texts), dtype=np.int64, count=len(texts))
        if not len(texts):
            return np.zeros((0, self._matrix.shape[1]), dtype=np.float32)
        return self._matrix[idx]


def reference_schedule(
    items: Sequence[tuple[Sequence[str], Sequence[str]]], encoder: Encoder,
    batch_size: int = REFERENCE_BATCH_SIZE,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """(reference embeddings, predicted embeddings) per item, encoded as the reference
    scorer encodes them (see the module docstring). Items must already be in the order the
    reference visits them; an item with no text at all is skipped there and here."""
    cache: dict[str, np.ndarray] = {}
    out: list[tuple[np.ndarray, np.ndarray]] = []
    for ref_texts, pred_texts in items:
        texts = list(ref_texts) + list(pred_texts)
        if not texts:
            out.append((np.zeros((0, 0), np.float32), np.zeros((0, 0), np.float32)))
            continue
        rows: list[np.ndarray | None] = [cache.get(t) for t in texts]
        misses = [i for i, row in enumerate(rows) if row is None]
        if misses:
            embs = encoder.encode([texts[i] for i in misses], batch_size=batch_size)
            for i, emb in zip(misses, embs):
                rows[i] = np.asarray(emb, dtype=np.float32)
                cache[texts[i]] = rows[i]  # type: ignore[assignment]
        full = np.vstack([r for r in rows if r is not None])
        out.append((full[: len(ref_texts)], full[len(ref_texts):]))
    return out
