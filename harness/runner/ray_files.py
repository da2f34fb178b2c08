"""Moving folders between the head and the nodes: gzip'd tarballs, extracted safely and
installed atomically.

A node works in its own temporary folder and sends the finished folder back as a tarball;
the head extracts it beside its final place and renames it in. A reader of `--out` (a
report, `mka grade`, a resumed run) therefore sees a trial directory complete or not at all,
and a node lost mid-transfer leaves nothing behind but a temp folder that is removed."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tarfile
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

CHUNK = 8 * 1024 * 1024  # large results stream back in pieces, never one huge object


@dataclass(frozen=True)
class Bundle:
    """A folder as bytes, with the name it extracts under and a hash nodes cache it by."""

    name: str
    data: bytes
    sha256: str


def pack(folder: Path, name: str | None = None) -> Bundle:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=1) as archive:
        archive.add(folder, arcname=name or folder.name)
    data = buffer.getvalue()
    return Bundle(name or folder.name, data, hashlib.sha256(data).hexdigest())


def pack_chunks(folder: Path) -> Iterator[bytes]:
    """The folder's contents as a gzip'd tarball, in CHUNK-sized pieces (spooled on the node's disk)."""
    with tempfile.TemporaryFile() as spool:
        with tarfile.open(fileobj=spool, mode="w:gz", compresslevel=1) as archive:
            archive.add(folder, arcname=".")
        spool.seek(0)
        while piece := spool.read(CHUNK):
            yield piece


def unpack(source: bytes | IO[bytes], dest: Path) -> None:
    """Extract into `dest` with tarfile's "data" filter: no absolute paths, no `..`, no
    links out of `dest`, no devices: a corrupt or hostile archive cannot write elsewhere."""
    dest.mkdir(parents=True, exist_ok=True)
    fileobj = io.BytesIO(source) if isinstance(source, bytes) else source
    with tarfile.open(fileobj=fileobj, mode="r:gz") as archive:
        archive.extractall(dest, filter="data")


CACHE_MAX_AGE_S = 7 * 86400  # an entry no trial has used for this long is removed; far past a trial's 8 h


def cached(bundle: Bundle, cache_root: Path) -> Path:
    """The bundle extracted once per node (by hash): many trials of one task share it. Each
    use refreshes the entry's time; making a new entry removes those unused for
    CACHE_MAX_AGE_S (every edit of a task is a new hash: the cache would only grow)."""
    target = cache_root / bundle.sha256[:16] / bundle.name
    if target.is_dir():
        os.utime(target.parent)
        return target
    staging = cache_root / f".{bundle.sha256[:16]}-{uuid.uuid4().hex[:8]}"
    unpack(bundle.data, staging)
    try:
        os.replace(staging, target.parent)  # another worker may have won the race: fine
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
    evict_unused(cache_root, keep=target.parent)
    return target


def evict_unused(cache_root: Path, keep: Path, max_age_s: float = CACHE_MAX_AGE_S) -> list[Path]:
    """Remove cache entries (and staging folders a killed worker left) unused for max_age_s."""
    now = time.time()
    removed = []
    for entry in cache_root.iterdir():
        try:
            stale = entry != keep and now - entry.stat().st_mtime > max_age_s
        except FileNotFoundError:  # another worker removed or renamed it meanwhile
            continue
        if stale:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def install(staging: Path, final: Path) -> None:
    """Put a complete folder at `final`, replacing an older one (a partial or interrupted
    attempt a previous run left), by renames on the same file system."""
    old = None
    final.parent.mkdir(parents=True, exist_ok=True)
    if final.exists():
        old = staging.parent / f"replaced-{final.name}-{uuid.uuid4().hex[:8]}"
        final.rename(old)
    staging.chmod(0o755)  # mkdtemp made it private; a trial directory is not
    staging.rename(final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def staging_dir(final: Path, area: Path) -> Path:
    """A temp folder in `area` (OUT/.incoming for OUT/trials/<id>): on the same file system,
    so `install` is a rename, and outside the folders readers glob."""
    area.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{final.name}-", dir=area))
