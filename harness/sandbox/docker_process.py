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

from harness.sandbox.output import HeadTailBuffer
from harness.sandbox.reaper import KILL_EXEC, SERVICE_WRAPPER


class SandboxProcess:
    def __init__(self, api: docker.APIClient, container_id: str, user: str, key: str, exec_id: str, sock,
                 keep_pids: str = "1") -> None:
        self._api, self._container_id, self._user, self._key = api, container_id, user, key
        self._keep_pids = keep_pids
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
                api.exec_create, container_id, ["/bin/bash", "-c", SERVICE_WRAPPER, "mka-proc", *argv],
                stdin=True, stdout=True, stderr=True, user=user, workdir=cwd,
                environment={**env, "MKA_EXEC_ID": key, "MKA_SERVICE": "1", "MKA_TIMEOUT": f"{lifetime_s:g}"},
            )
        )["Id"]
        sock = await asyncio.to_thread(api.exec_start, exec_id, socket=True)
        for candidate in (sock, getattr(sock, "_sock", None)):
            if hasattr(candidate, "settimeout"):
                candidate.settimeout(None)
        return cls(api, container_id, user, key, exec_id, sock, env.get("MKA_KEEP_PIDS", "1"))

    @property
    def key(self) -> str:
        """This service's exec marker (MKA_EXEC_ID)."""
        return self._key

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
            # Only this thread closes the socket (see docker_exec._pump_frames: a close from
            # another thread can hand this reader a stranger's descriptor).
            try:
                self._raw.close()
            except OSError:
                pass
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
            self._api.exec_create, self._container_id, ["/bin/bash", "-c", KILL_EXEC, "mka-kill", self._key], user=self._user,
            environment={"MKA_EXEC_ID": f"killer-{self._key}", "MKA_KEEP_PIDS": self._keep_pids},
        ))["Id"]
        await asyncio.to_thread(self._api.exec_start, kill)
        await asyncio.to_thread(self._reader.join, 5.0)
        if self._reader.is_alive():  # the stream did not end: end it; the reader then closes it
            try:
                self._raw.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            await asyncio.to_thread(self._reader.join, 5.0)
        return (await asyncio.to_thread(self._api.exec_inspect, self._exec_id)).get("ExitCode")
