"""Writing the run's records: each file whole or not at all, and a clear stop when there is no room.

A record is written to a temporary name and renamed over its place, so a crash or a full disk
never leaves a torn trial.json or score.json that a resume or a report would trust.

When the run's own records cannot be written (a full disk, a quota, a read-only mount), that is
neither the model's failure nor one trial's infrastructure error. Every later trial would fail
the same way, and a retry would spend money on work that cannot be recorded. So it stops the
whole run: running trials are cancelled (their sandboxes removed), no more start, every
finished trial is kept, and the same command resumes once there is room."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

UNWRITABLE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS})


class OutputUnwritable(Exception):
    """The run's output folder cannot take more: names the file and the system's reason."""

    def __init__(self, path: Path | str | None, cause: OSError) -> None:
        self.path = str(path) if path is not None else None
        self.reason = cause.strerror or str(cause)
        super().__init__(f"cannot write {self.path or 'the run output'}: {self.reason}")


def unwritable_cause(exc: BaseException) -> OutputUnwritable | None:
    """The OutputUnwritable (or the unwritable-disk OSError, as one) in exc's chain, if any."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OutputUnwritable):
            return current
        if isinstance(current, OSError) and current.errno in UNWRITABLE_ERRNOS:
            return OutputUnwritable(current.filename, current)
        current = current.__cause__ or current.__context__
    return None


def write_atomic(path: Path, data: str | bytes) -> None:
    """`path` holds `data` whole, or keeps what it held (the write goes to a .part file first)."""
    tmp = path.with_name(path.name + ".part")
    try:
        with writing(path):
            if isinstance(data, bytes):
                tmp.write_bytes(data)
            else:
                tmp.write_text(data, encoding="utf-8")
    except BaseException:
        tmp.unlink(missing_ok=True)  # what was written of it only takes room
        raise
    os.replace(tmp, path)


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Name `path` in the error if writing it fails for lack of room (flush and close errors
    carry no file name of their own)."""
    try:
        yield
    except OSError as exc:
        if exc.errno in UNWRITABLE_ERRNOS:
            raise OutputUnwritable(path, exc) from exc
        raise
