"""Workspace volumes of closed sandboxes, removed right after their containers, off the caller's path.

Removing a used sandbox in one call (`docker rm -f -v`) costs the container's removal plus the
deletion of everything the agent left in its workspace volume: 1.6–1.7× a raw force-remove of
the container alone, and removing the volume in a second call (or killing first) costs the
same (bench/sandbox_overhead.py). So `close()` force-removes the container and hands its
anonymous volumes to one background thread that removes them at once. Guarantees:
- a volume is only ever removed after its container is gone (never one in use), and only the
  container's anonymous volumes, as `rm -v` would;
- the interpreter's exit waits for every pending removal (bounded: FLUSH_S, then the names left
  are printed), so a run, a grading or a test session leaves no volume behind;
- `flush(timeout)` waits for them on demand (tests, and anyone who needs the disk back now).
A process killed with SIGKILL in the ~0.1 s between a container's removal and its volume's
leaves that volume dangling; it carries the workspace label (harness.sandbox.hardening), so the
next run's or grading's prune (harness.sandbox.prune) removes it."""

from __future__ import annotations

import atexit
import queue
import re
import sys
import threading
import time

from docker.errors import APIError, NotFound

FLUSH_S = 60.0
_ANONYMOUS = re.compile(r"[0-9a-f]{64}")


def anonymous_volumes(container) -> list[str]:
    """The anonymous volumes mounted in `container` (what `docker rm -v` would remove), from the
    attributes read when it was created: no API call."""
    mounts = (getattr(container, "attrs", None) or {}).get("Mounts") or []
    return [m["Name"] for m in mounts if m.get("Type") == "volume" and _ANONYMOUS.fullmatch(m.get("Name") or "")]


class _Remover:
    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue()
        self._pending: set[str] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def remove(self, api, names: list[str]) -> None:
        """Queue `names` (their container already removed) for removal by the background thread."""
        with self._lock:
            self._pending.update(names)
            if self._thread is None:
                atexit.register(self._at_exit)
                self._thread = threading.Thread(target=self._work, name="mka-volume-remover", daemon=True)
                self._thread.start()
        for name in names:
            self._queue.put((api, name))

    def _work(self) -> None:
        while True:
            api, name = self._queue.get()
            try:
                _remove_volume(api, name)
            except Exception as exc:  # noqa: BLE001 - keep the thread alive; say what was left
                print(f"mka: could not remove sandbox volume {name[:12]}: {exc}", file=sys.stderr)
            finally:
                with self._lock:
                    self._pending.discard(name)

    def flush(self, timeout_s: float = FLUSH_S) -> list[str]:
        """Wait until every queued volume is removed; the names still pending at the timeout."""
        end = time.monotonic() + timeout_s
        while True:
            with self._lock:
                left = sorted(self._pending)
            if not left or time.monotonic() >= end:
                return left
            time.sleep(0.02)

    def _at_exit(self) -> None:
        left = self.flush()
        if left:
            print(f"mka: {len(left)} sandbox volume(s) not yet removed at exit: {' '.join(n[:12] for n in left)}"
                  " (docker volume prune removes them)", file=sys.stderr)


def _remove_volume(api, name: str) -> None:
    for attempt in range(40):
        try:
            api.remove_volume(name)
            return
        except NotFound:
            return
        except APIError as exc:
            # 409: still in use — a `prune` or an exit hook removing the same container right now
            if exc.status_code != 409 or attempt == 39:
                raise
            time.sleep(0.05)


_REMOVER = _Remover()
remove_later = _REMOVER.remove
flush = _REMOVER.flush
