"""One MCP session held open by a task of its own, so that whatever ends the session ends
that task and nothing else.

Why: the SDK's transports (`streamable_http_client`, our `sandbox_stdio`) and its
`ClientSession` are async context managers that hold anyio task groups, and a task group's
cancel scope belongs to the task that entered it. When one of the group's background tasks
fails, anyio cancels that scope, which means cancelling the task that entered the group. The
sessions used to be entered on the trial's exit stack, from the trial's own task. So when a
remote server was killed, the next call's HTTP POST (a background task of the transport) got
`ConnectError`, the transport's group cancelled its host, and the host was the trial: "Cancelled
via cancel scope ... while this trial ran", a trial marked interrupted and `mka run` exiting 143,
where the call should have been a tool error.

Here a dedicated task enters the context managers and keeps them open until it is asked to
close. A failing transport now cancels only that task; on the way out the session wakes every
request still waiting with CONNECTION_CLOSED, which the caller turns into `ServerGone`. Calls
themselves are still made from the caller's task (the session's streams work from any task):
only the context managers' lifetime lives here."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any


class SessionFailed(Exception):
    """The session's task ended before it was open; `cause` is what ended it."""

    def __init__(self, cause: BaseException | None) -> None:
        super().__init__(repr(cause))
        self.cause = cause


class SessionTask:
    def __init__(self, label: str) -> None:
        self.label = label
        self.error: BaseException | None = None  # what ended the task, if anything did
        self._task: asyncio.Task | None = None
        self._opened = asyncio.Event()
        self._closing = asyncio.Event()
        self._value: Any = None

    @property
    def alive(self) -> bool:
        return self._task is not None and not self._task.done()

    async def open(self, opener: Callable[[AsyncExitStack], Awaitable[Any]]) -> Any:
        """Run `opener` in the session's task, with an exit stack that stays open as long as
        that task does, and return what it returned. A failure raises SessionFailed; if the
        caller is cancelled meanwhile (Ctrl-C, SIGTERM), the session's task is cancelled too and
        the caller's cancellation goes on."""
        self._task = asyncio.create_task(self._own(opener), name=f"mcp session {self.label}")
        opened = asyncio.create_task(self._opened.wait())
        try:
            await asyncio.wait({opened, self._task}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            self._task.cancel()
            raise
        finally:
            opened.cancel()
        if not self._opened.is_set():
            raise SessionFailed(self.error)
        return self._value

    async def close(self) -> None:
        """Leave the session's context managers and wait until its task is done. A dead
        transport's teardown error stays in the task (`error`): closing never raises it."""
        if self._task is None:
            return
        self._closing.set()
        await asyncio.wait({self._task})

    async def _own(self, opener: Callable[[AsyncExitStack], Awaitable[Any]]) -> None:
        try:
            async with AsyncExitStack() as stack:
                self._value = await opener(stack)
                self._opened.set()
                await self._closing.wait()
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - whatever ends the session ends this task only
            self.error = exc
