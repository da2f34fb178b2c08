"""A content-addressed embedding cache on disk, so rescoring a run embeds only new strings.

One SQLite file (``<cache>/embeddings.sqlite`` by default, see onnx_encoder.cache_root):
key = sha256(encoder cache id, NUL, text), value = the encoder's float32 output as bytes.
The cache id names the model files (by hash), the runtime and its version, so vectors of
another model or runtime are never mixed in; a vector is a pure function of its key, so two
writers racing on a key write the same thing (INSERT OR IGNORE). SQLite's locking (WAL
journal, busy timeout) makes concurrent scorers safe. A cache that cannot be opened or read
is reported and bypassed: scoring never fails because of it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

CHUNK = 500  # keys per SELECT (SQLite's bound-parameter limit is 999 on old builds)


def default_path() -> Path:
    from harness.m3.onnx_encoder import cache_root  # noqa: PLC0415

    return cache_root() / "embeddings.sqlite"


def text_key(cache_id: str, text: str) -> bytes:
    return hashlib.sha256(cache_id.encode("utf-8") + b"\0" + text.encode("utf-8", "surrogatepass")).digest()


class EmbeddingStore:
    def __init__(self, path: Path | str | None = None, timeout: float = 60.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.problem: str | None = None  # set when the cache was bypassed
        self._db: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
            except sqlite3.OperationalError:
                pass  # e.g. a file system without shared memory: the default journal still locks
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS embeddings (key BLOB PRIMARY KEY, vector BLOB NOT NULL) WITHOUT ROWID")
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            self._bypass(exc)

    def _bypass(self, exc: Exception) -> None:
        self.problem = f"embedding cache {self.path} bypassed: {exc}"
        if self._db is not None:
            self._db.close()
        self._db = None

    @property
    def usable(self) -> bool:
        return self._db is not None

    def get_many(self, keys: Sequence[bytes], dim: int | None = None) -> dict[bytes, np.ndarray]:
        """The stored vectors among KEYS (float32; rows of another width are ignored)."""
        found: dict[bytes, np.ndarray] = {}
        if self._db is None:
            return found
        try:
            for start in range(0, len(keys), CHUNK):
                chunk = keys[start:start + CHUNK]
                marks = ",".join("?" * len(chunk))
                for key, blob in self._db.execute(f"SELECT key, vector FROM embeddings WHERE key IN ({marks})", chunk):
                    vec = np.frombuffer(blob, dtype=np.float32)
                    if dim is None or vec.shape[0] == dim:
                        found[key] = vec
        except sqlite3.Error as exc:
            self._bypass(exc)
            return {}
        return found

    def put_many(self, items: Iterable[tuple[bytes, np.ndarray]]) -> None:
        if self._db is None:
            return
        rows = [(key, np.ascontiguousarray(vec, dtype=np.float32).tobytes()) for key, vec in items]
        try:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.executemany("INSERT OR IGNORE INTO embeddings (key, vector) VALUES (?, ?)", rows)
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            self._bypass(exc)

    def __len__(self) -> int:
        if self._db is None:
            return 0
        return int(self._db.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0])

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
