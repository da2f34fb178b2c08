"""MCP stdio transport over a process inside the sandbox.

Mirrors the SDK's stdio_client: newline-delimited JSON-RPC on the process's stdin and
stdout, bridged to the session's in-memory streams."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

from harness.sandbox.types import SandboxService


@asynccontextmanager
async def sandbox_stdio(process: SandboxService) -> AsyncIterator[tuple]:
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    async def stdout_reader() -> None:
        buffer = b""
        async with read_writer:
            while (chunk := await process.read()) is not None:
                *lines, buffer = (buffer + chunk).split(b"\n")
                for line in lines:
                    if line.strip():
                        await read_writer.send(_parse(line))

    async def stdin_writer() -> None:
        async with write_reader:
            async for message in write_reader:
                payload = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                await process.write(payload.encode() + b"\n")

    async with anyio.create_task_group() as group:
        group.start_soon(stdout_reader)
        group.start_soon(stdin_writer)
        try:
            yield read_stream, write_stream
        finally:
            with anyio.CancelScope(shield=True):
                await write_stream.aclose()
                await process.close()
            group.cancel_scope.cancel()


def _parse(line: bytes) -> SessionMessage | Exception:
    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_json(line, by_name=False))
    except ValueError as exc:  # the session surfaces it; a server printing junk must not kill the run
        return exc
