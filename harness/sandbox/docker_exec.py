"""One command in a running container, with a deadline on both sides.

Inside: `timeout -k` ends the command at the deadline and the reaper then removes every
process it started (harness.sandbox.reaper). Outside: if the exec still has not ended a
little after that, the harness reaps it itself (through another exec) and, as a last resort,
shuts the stream down. Output is streamed into bounded buffers, never held whole."""

from __future__ import annotations

import asyncio
import secrets
import socket
import time
from dataclasses import dataclass

import docker
from docker.utils.socket import STDERR, STDOUT, frames_iter

from harness.sandbox.output import HeadTailBuffer
from harness.sandbox.reaper import KILL_EXEC, WRAPPER

# The wrapper (timeout, then the reaper) and the host-side killer live in harness.sandbox.reaper.
TIMEOUT_EXIT_CODES = (124, 137)  # timeout's own code, or SIGKILL after -k


@dataclass
class RawExec:
    exit_code: int | None
    stdout: HeadTailBuffer
    stderr: HeadTailBuffer
    duration_s: float
    killed_by_host: bool


async def run_exec(
    api: docker.APIClient,
    container_id: str,
    argv: list[str],
    *,
    timeout_s: float,
    host_grace_s: float = 10.0,
    user: str,
    cwd: str,
    env: dict[str, str],
    head_bytes: int,
    tail_bytes: int,
    exec_key: str | None = None,
) -> RawExec:
    """Run argv; `exec_key` (default: a fresh one) is the marker `kill_exec` finds it by."""
    exec_key = exec_key or new_exec_key()
    full_env = {**env, "MKA_EXEC_ID": exec_key, "MKA_TIMEOUT": f"{timeout_s:g}"}
    out, err = HeadTailBuffer(head_bytes, tail_bytes), HeadTailBuffer(head_bytes, tail_bytes)
    started = time.monotonic()
    exec_id = (
        await asyncio.to_thread(
            api.exec_create, container_id, ["/bin/bash", "-c", WRAPPER, "mka-exec", *argv],
            stdout=True, stderr=True, user=user, workdir=cwd, environment=full_env,
        )
    )["Id"]
    sock = await asyncio.to_thread(api.exec_start, exec_id, socket=True)
    _no_socket_timeout(sock)
    pump = asyncio.ensure_future(asyncio.to_thread(_pump_frames, sock, out, err))
    killed_by_host = False
    try:
        await asyncio.wait_for(asyncio.shield(pump), timeout_s + host_grace_s)
    except TimeoutError:
        killed_by_host = True
        await kill_exec(api, container_id, user, exec_key, env)
        try:
            await asyncio.wait_for(asyncio.shield(pump), 5.0)
        except TimeoutError:
            _end_stream(sock)  # the stream is wedged: end it; the reader then stops
            await pump
    finally:
        if not pump.done():  # cancelled by our caller (e.g. Ctrl-C): end the stream, leave quietly
            _end_stream(sock)
    exit_code = (await asyncio.to_thread(api.exec_inspect, exec_id)).get("ExitCode")
    return RawExec(exit_code, out, err, time.monotonic() - started, killed_by_host)


def _pump_frames(sock, out: HeadTailBuffer, err: HeadTailBuffer) -> None:
    """Read the exec's stream to its end, then close the socket. Only this thread closes it:
    a close from another thread while this one is between two reads frees the descriptor
    number, the next connection gets it, and this thread then waits on (and reads) a stranger's
    socket for ever. Others only shut the stream down (`_end_stream`), which wakes this read."""
    try:
        for stream, data in frames_iter(sock, tty=False):
            if stream == STDOUT:
                out.write(data)
            elif stream == STDERR:
                err.write(data)
    except (OSError, ValueError):
        pass  # the stream was shut down under us by the host-side deadline
    finally:
        _close(sock)


def new_exec_key() -> str:
    return secrets.token_hex(6)


async def kill_exec(api: docker.APIClient, container_id: str, user: str, exec_key: str, env: dict[str, str]) -> None:
    """Reap a running exec by its key from outside it (the host's deadline, the quota watchdog)."""
    keep = {k: v for k, v in env.items() if k == "MKA_KEEP_PIDS"}
    exec_id = (
        await asyncio.to_thread(
            api.exec_create, container_id, ["/bin/bash", "-c", KILL_EXEC, "mka-kill", exec_key], user=user,
            environment={"MKA_EXEC_ID": f"killer-{exec_key}", **keep}
        )
    )["Id"]
    await asyncio.to_thread(api.exec_start, exec_id)


def _no_socket_timeout(sock) -> None:
    # A command may be silent for longer than the client's HTTP timeout.
    for candidate in (sock, getattr(sock, "_sock", None)):
        if hasattr(candidate, "settimeout"):
            candidate.settimeout(None)


def _end_stream(sock) -> None:
    """Shut the stream down without freeing its descriptor: a reader blocked on it wakes at once."""
    raw = getattr(sock, "_sock", sock)
    try:
        if isinstance(raw, socket.socket):
            raw.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _close(sock) -> None:
    for candidate in (getattr(sock, "_sock", None), sock):
        try:
            if isinstance(candidate, socket.socket):
                candidate.shutdown(socket.SHUT_RDWR)
            if candidate is not None:
                candidate.close()
        except OSError:
            pass
