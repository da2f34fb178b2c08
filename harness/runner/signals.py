"""Run a coroutine so that SIGTERM and SIGHUP end it the way Ctrl-C does.

timeout(1), CI cancellation, systemd and Kubernetes stop a process with SIGTERM; a closed
terminal sends SIGHUP. Python's default for both is to die on the spot, skipping every
`finally`: containers keep running and trial.json says "running" forever. Here either signal
cancels the main task instead, so sandboxes close, running trials are recorded as
interrupted and the trajectory is flushed; the same command on the same --out resumes.

The end is bounded too. asyncio.run waits, without limit, for every worker thread of the
default executor, and the interpreter joins them again at exit: one Docker call wedged in
the engine would keep a command whose work is done (every score written) alive forever.
Here the worker threads get EXIT_GRACE_S to finish; the ones still running are reported
with their stacks and `wedged_threads()` tells the CLI to exit without joining them."""

from __future__ import annotations

import asyncio
import signal
import sys
import threading
import time
import traceback
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
EXIT_GRACE_S = 30.0
_WEDGED: list[threading.Thread] = []


class Interrupted(Exception):  # noqa: N818 - it names what happened, not an error kind
    """The run was stopped by a signal (or Ctrl-C) and cleaned up; `signal` names which."""

    def __init__(self, name: str) -> None:
        self.signal = name
        super().__init__(f"stopped by {name}")


def run_until_signalled(coro: Coroutine[Any, Any, T]) -> T:
    """asyncio.run(coro), but SIGTERM/SIGHUP/SIGINT cancel it cleanly and raise Interrupted."""
    received: list[str] = []

    async def main() -> T:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None

        def stop(sig: signal.Signals) -> None:
            received.append(sig.name)
            task.cancel()

        for sig in (*STOP_SIGNALS, signal.SIGINT):
            loop.add_signal_handler(sig, stop, sig)
        try:
            return await coro
        finally:
            for sig in (*STOP_SIGNALS, signal.SIGINT):
                loop.remove_signal_handler(sig)

    executor = ThreadPoolExecutor(thread_name_prefix="mka-io")
    loop = asyncio.new_event_loop()
    loop.set_default_executor(executor)
    try:
        return loop.run_until_complete(main())
    except asyncio.CancelledError:
        raise Interrupted(received[0] if received else "cancellation") from None
    finally:
        try:
            _cancel_leftover_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
            _finish_threads(executor)


def wedged_threads() -> list[threading.Thread]:
    """Worker threads still blocked after their command's work ended (reported on stderr)."""
    return [t for t in _WEDGED if t.is_alive()]


def _cancel_leftover_tasks(loop: asyncio.AbstractEventLoop) -> None:
    tasks = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in tasks:
        task.cancel()
    if tasks:
        loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))


def _finish_threads(executor: ThreadPoolExecutor) -> None:
    executor.shutdown(wait=False, cancel_futures=True)
    workers = list(getattr(executor, "_threads", ()))  # the executor's own worker set
    deadline = time.monotonic() + EXIT_GRACE_S
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
    stuck = [w for w in workers if w.is_alive()]
    if not stuck:
        return
    _WEDGED.extend(stuck)
    frames = sys._current_frames()
    print(f"warning: {len(stuck)} worker thread(s) still blocked {EXIT_GRACE_S:g} s after the work ended"
          " (a wedged Docker or network call); exiting without them. Their stacks:", file=sys.stderr)
    for worker in stuck:
        frame = frames.get(worker.ident or -1)
        stack = "".join(traceback.format_stack(frame)) if frame else "    (no frame)\n"
        print(f"  thread {worker.name}:\n{stack}", file=sys.stderr, end="")
