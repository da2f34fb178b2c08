"""What an evaluator gets: the resolved file, the deadline and the per-process caches."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from autorater.checks.result import CheckError, Deadline

T = TypeVar("T")


def scratch_key(src: Path, purpose: str = "") -> str:
    """The name under which work derived from `src` is kept in the scratch folder: the file's
    path, size and modification time (never its bytes: a large file is not read to name it)."""
    st = src.stat()
    ident = f"{src.resolve()}\0{st.st_size}\0{st.st_mtime_ns}\0{purpose}"
    return hashlib.sha256(ident.encode()).hexdigest()[:20]


@dataclass
class Memo:
    """Loaded documents, keyed by (what, path). Failures are remembered too, so ten checks on
    one corrupt (or pathologically slow) file fail fast after the first."""

    items: dict[tuple[str, str], Any] = field(default_factory=dict)

    def get(self, what: str, path: Path, load: Callable[[], T]) -> T:
        key = (what, str(path))
        if key in self.items:
            hit = self.items[key]
            if isinstance(hit, CheckError):
                raise type(hit)(f"{hit} (remembered from an earlier check)")
            return hit
        try:
            value = load()
        except CheckError as exc:
            self.items[key] = exc
            raise
        except Deadline:
            self.items[key] = CheckError(f"loading {path.name} did not finish within a check's deadline")
            raise
        self.items[key] = value
        return value


@dataclass
class CheckContext:
    root: Path  # holds deliverables/ and final_reply.md
    path: Path | None  # the resolved file this check reads (None: none could be resolved)
    rel: str  # the file as the rubric names it, for evidence
    deadline: float  # time.monotonic() by which the check must end
    work_dir: Path  # scratch space shared by the whole run (LibreOffice outputs are cached here)
    memo: Memo

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def file(self) -> Path:
        if self.path is None:
            raise CheckError("no file to check")
        return self.path

    def load(self, what: str, load: Callable[[], T]) -> T:
        return self.memo.get(what, self.file(), load)
