"""Run a coroutine so that SIGTERM and SIGHUP end it the way Ctrl-C does.

timeout(1), CI cancellation, systemd and Kubernetes stop a process with SIGTERM; a closed
terminal sends SIGHUP. Python's default for both is to die on the spot, skipping every
`finally`: containers keep running and trial.json says "running" forever. Here either signal
cancels the main task instead, so sandboxes close, running trials are recorded as
interrupted and the trajectory is flushed; the same command on the same --out resumes."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


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

    try:
        return asyncio.run(main())
    except asyncio.CancelledError:
        raise Interrupted(received[0] if received else "cancellation") from None
