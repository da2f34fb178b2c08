"""Embedding schedules: which texts are encoded together, and which vector a text gets.

- `EmbeddingCache` (default mode): every distinct text is encoded once, in large batches,
  and looked up afterwards. Fast, and a text always gets the same vector.
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

REFERENCE_BATCH_SIZE = 64


class EmbeddingCache:
    """Distinct texts → float32 rows, filled in batches; rows are L2-normalised once here
    (`l2_normalise`, the same row-wise operation the reference applies per task)."""

    def __init__(self, encoder: Encoder, batch_size: int = 256) -> None:
        self.encoder, self.batch_size = encoder, batch_size
        self._row: dict[str, int] = {}
        self._chunks: list[np.ndarray] = []
        self._matrix: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self._row)

    def add(self, texts: Iterable[str]) -> int:
        """Encode the texts not seen before; returns how many were new."""
        new = list(dict.fromkeys(t for t in texts if t not in self._row))
        if new:
            embs = self.encoder.encode(new, batch_size=self.batch_size)
            base = len(self._row)
            for i, text in enumerate(new):
                self._row[text] = base + i
            self._chunks.append(l2_normalise(np.asarray(embs, dtype=np.float32)))
            self._matrix = None
        return len(new)

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
