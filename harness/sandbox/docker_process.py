"""A long-lived process in the sandbox with its stdin and stdout attached (MCP stdio servers).

Docker exec multiplexes stdout and stderr in frames on one socket; stdin is the same
socket's write side. A reader thread turns frames into an asyncio queue of stdout
chunks and keeps the tail of stderr for error messages."""

from __future__ import annotations

import asyncio
import secrets
import socket
import threading

import docker
from docker.utils.socket import STDERR, STDOUT, frames_iter

from harness.sandbox.docker_exec import _KILL_GROUP
from harness.sandbox.output import HeadTailBuffer

# The command runs as its own process group (timeout makes one); its stdin is the exec's
# stdin, duplicated to fd 3 first because sh points a background job's stdin at /dev/null.
_WRAPPER = (
    'exec 3<&0; timeout -k 5s "${MKA_TIMEOUT}s" "$@" <&3 3<&- & pid=$!; exec 3<&-; '
    'f="/tmp/.mka-exec-$MKA_EXEC_ID.pid"; echo $pid > "$f"; '
    'wait $pid; rc=$?; kill -9 "-$pid" 2>/dev/null; rm -f "$f"; exit $rc'
)


class SandboxProcess:
    def __init__(self, api: docker.APIClient, container_id: str, user: str, key: str, exec_id: str, sock) -> None:
        self._api, self._container_id, self._user, self._key = api, container_id, user, key
        self._exec_id = exec_id
        self._sock = sock
        self._raw = getattr(sock, "_sock", sock)
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.stderr = HeadTailBuffer(4096, 16384)
        self._loop = asyncio.get_running_loop()
        self._reader = threading.Thread(target=self._pump, name="sandbox-process-reader", daemon=True)
        self._reader.start()
        self._closed = False

    @classmethod
    async def start(
        cls, api: docker.APIClient, container_id: str, argv: list[str], *, user: str, cwd: str,
        env: dict[str, str], lifetime_s: float,
    ) -> SandboxProcess:
        key = secrets.token_hex(6)
        exec_id = (
            await asyncio.to_thread(
                api.exec_create, container_id, ["/bin/sh", "-c", _WRAPPER, "mka-proc", *argv],
                stdin=True, stdout=True, stderr=True, user=user, workdir=cwd,
                environment={**env, "MKA_EXEC_ID": key, "MKA_TIMEOUT": f"{lifetime_s:g}"},
            )
        )["Id"]
        sock = await asyncio.to_thread(api.exec_start, exec_id, socket=True)
        for candidate in (sock, getattr(sock, "_sock", None)):
            if hasattr(candidate, "settimeout"):
                candidate.settimeout(None)
        return cls(api, container_id, user, key, exec_id, sock)

    def _pump(self) -> None:
        try:
            for stream, data in frames_iter(self._sock, tty=False):
                if stream == STDOUT:
                    self._loop.call_soon_threadsafe(self._queue.put_nowait, data)
                elif stream == STDERR:
                    self.stderr.write(data)
        except (OSError, ValueError):
            pass
        finally:
            try:
                self._loop.call_soon_threadsafe(self._queue.put_nowait, None)
            except RuntimeError:
                pass  # the event loop is gone

    async def read(self) -> bytes | None:
        """The next stdout chunk, or None once the process's stdout has ended."""
        return await self._queue.get()

    async def write(self, data: bytes) -> None:
        await asyncio.to_thread(self._raw.sendall, data)

    async def close(self) -> int | None:
        """Close stdin, stop the process group, and return the exit code if known."""
        if self._closed:
            return None
        self._closed = True
        try:
            self._raw.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        kill = (await asyncio.to_thread(
            self._api.exec_create, self._container_id, ["/bin/sh", "-c", _KILL_GROUP, "mka-kill", self._key], user=self._user,
        ))["Id"]
        await asyncio.to_thread(self._api.exec_start, kill)
        await asyncio.to_thread(self._reader.join, 5.0)
        try:
            self._raw.close()
        except OSError:
            pass
        return (await asyncio.to_thread(self._api.exec_inspect, self._exec_id)).get("ExitCode")
