"""Crash-safe trial recording: an append-only JSONL trajectory and a media folder by sha256.

Each event is written, flushed and fsynced before the next starts, so a crash loses at
most the event in flight."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from harness.messages import ImagePart
from harness.recording.writes import write_atomic, writing

_EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif"}


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class TrajectoryWriter:
    def __init__(self, path: Path, *, fsync: bool = True, listener: Callable[[dict], None] | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._file = open(path, "a", encoding="utf-8")
        self._fsync = fsync
        self._listener = listener

    def emit(self, type: str, **fields: Any) -> dict[str, Any]:
        event = {"type": type, "ts": now_iso(), "mono": round(time.monotonic(), 6), **fields}
        with writing(self.path):
            self._file.write(json.dumps(event, ensure_ascii=False, default=str) + "\n")
            self._file.flush()
            if self._fsync:
                os.fsync(self._file.fileno())
        if self._listener:
            self._listener(event)
        return event

    def close(self) -> None:
        with writing(self.path):
            self._file.close()


class MediaStore:
    """Images the model saw, stored once each under media/<sha256>.<ext>."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save(self, image: ImagePart) -> str:
        digest = image.sha256
        target = self.folder / f"{digest}.{_EXTENSIONS.get(image.media_type, 'bin')}"
        if not target.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(target, image.data)
        return digest


def read_trajectory(path: Path) -> list[dict[str, Any]]:
    """Events of a trajectory; a torn last line (a crash mid-write) is skipped."""
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return events
