"""Content hashes for files, folders, tasks and rubrics, shared by pack and verify."""

from __future__ import annotations

import hashlib
from pathlib import Path

_SKIP = {"__pycache__", ".pytest_cache"}


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def folder_sha256(folder: Path) -> str:
    """One hash over every file's relative path and content (order-independent of the filesystem)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not _SKIP.intersection(p.parts)):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(bytes.fromhex(file_sha256(path)))
    return digest.hexdigest()
