"""Connect a task's MCP servers and expose their tools as harness tools named `server/tool`."""

from __future__ import annotations

import asyncio
import os
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

import anyio
import mcp_types as types
from mcp import ClientSession
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED
from harness.mcp.content import render_content
from harness.mcp.transport import sandbox_stdio
from harness.tools.base import ToolContext, ToolError, ToolOutput

CALL_TIMEOUT_S = 180.0


class McpError(RuntimeError):
    pass


class ServerGone(McpError):
    """The server's transport closed (it died or was killed): the one case worth a restart."""


@dataclass(frozen=True)
class McpServer:
    name: str
    command: list[str] = field(default_factory=list)  # run inside the sandbox over stdio
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None  # a remote streamable-HTTP server instead of a command
    headers: dict[str, str] = field(default_factory=dict)  # header -> environment variable with its value
    timeout_s: float = CALL_TIMEOUT_S  # per call, renewed by each progress notification

    def header_values(self) -> dict[str, str]:
        """The remote server's headers, read from the environment now (never stored in files)."""
        missing = [var for var in self.headers.values() if var not in os.environ]
        if missing:
            raise McpError(f"MCP server {self.name!r}: set {', '.join(missing)} in the environment (its headers name them)")
        return {header: os.environ[var] for header, var in self.headers.items()}


class McpTool:
    """One MCP tool; its schema is the server's, its name `server/tool`."""

    def __init__(self, server: str, tool: types.Tool, connection: McpConnection, timeout_s: float = CALL_TIMEOUT_S) -> None:
        self.server, self.tool_name, self._connection, self.timeout_s = server, tool.name, connection, timeout_s
        self.name = f"{server}/{tool.name}"
        self.description = tool.description or f"{tool.name} (from the {server} MCP server)"
        self.parameters: dict[str, Any] = dict(tool.input_schema or {"type": "object", "properties": {}})

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        progress: list[dict[str, Any]] = []
        note = ""
        try:
            try:
                result = await _call(self._connection.session, self.tool_name, args, self.timeout_s, progress)
            except ServerGone:
                # The server died under us: restart it once per trial and try the call again.
                note = await self._connection.reconnect()
                result = await _call(self._connection.session, self.tool_name, args, self.timeout_s, progress)
        except McpError as exc:
            raise ToolError(f"{exc}{'; ' + note if note else ''}") from None
        texts, images = render_content(result.content)
        if result.structured_content and not texts:
            texts.append(str(result.structured_content))
        if note:
            texts.insert(0, f"[{note}]")
        return ToolOutput("\n".join(texts) or "(no output)", ok=not result.is_error, images=images,
                          data={"server": self.server, "tool": self.tool_name, "progress": progress})


async def _call(session: ClientSession, name: str, args: dict[str, Any], timeout_s: float,
                progress: list[dict[str, Any]]) -> types.CallToolResult:
    """Call a tool with a progress token: each progress notification is recorded and moves the
    deadline `timeout_s` ahead, so a long job that reports progress is not cut off while a
    silent, hung one still is."""
    with anyio.CancelScope() as scope:
        scope.deadline = anyio.current_time() + timeout_s

        async def on_progress(value: float, total: float | None, message: str | None) -> None:
            progress.append({"progress": value, "total": total, "message": message})
            scope.deadline = anyio.current_time() + timeout_s

        try:
            return await session.call_tool(name, args, progress_callback=on_progress)
        except MCPError as exc:
            if exc.error.code == CONNECTION_CLOSED:
                raise ServerGone(f"{name}: the server's connection closed") from None
            raise McpError(f"{name}: {exc}") from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
            raise ServerGone(f"{name}: the server's connection closed") from None
        except Exception as exc:  # noqa: BLE001 - protocol errors become tool errors the model reads
            raise McpError(f"{name}: {exc}") from None
    raise McpError(f"{name}: no answer or progress within {timeout_s:.0f} s")


async def connect_servers(stack: AsyncExitStack, sandbox, servers: list[McpServer]) -> list[McpTool]:
    """Start every server (closed when `stack` closes) and list their tools."""
    tools: list[McpTool] = []
    for server in servers:
        connection = McpConnection(server, sandbox, stack)
        listed = await connection.start()
        tools += [McpTool(server.name, tool, connection, server.timeout_s) for tool in listed.tools]
    return tools


class McpConnection:
    """One server's session, restartable once: a server that dies mid-run costs the call in
    flight a restart (or a tool error), never the trial.

    Each start gets its own exit stack: when one fails, its transport is torn down here and the
    failure (which the SDK raises as a task-group ExceptionGroup, sometimes only on teardown)
    becomes one McpError naming the server, its command or URL, and the cause."""

    def __init__(self, server: McpServer, sandbox, stack: AsyncExitStack, restarts: int = 1) -> None:
        self.server, self.sandbox, self.stack = server, sandbox, stack
        self.restarts_left = restarts
        self.session: ClientSession | None = None

    async def start(self) -> types.ListToolsResult:
        server, own = self.server, AsyncExitStack()
        started: list = []  # the stdio server's process, once started: its stderr explains a failure
        try:
            session = await _open(own, self.sandbox, server, started)
            await session.initialize()
            listed = await session.list_tools()
        except BaseException as exc:  # noqa: BLE001 - name the server whatever went wrong
            late: BaseException | None = None
            try:
                await own.aclose()
            except BaseException as teardown:  # noqa: BLE001 - the transport's own error, raised on teardown
                late = teardown
            # A failing transport cancels the task it runs in; only a cancellation with no
            # transport error behind it is a real one (Ctrl-C, SIGTERM) and goes on.
            transport_failed = late is not None and not isinstance(late, asyncio.CancelledError)
            if isinstance(exc, KeyboardInterrupt) or (isinstance(exc, asyncio.CancelledError) and not transport_failed):
                raise
            if isinstance(exc, McpError):
                raise
            cause = late if transport_failed else exc
            where = " ".join(server.command) or server.url
            stderr = started[0].stderr.text().strip()[-800:] if started else ""
            tail = f"; its stderr ends: {stderr}" if stderr else ""
            raise McpError(f"MCP server {server.name!r} ({where}) failed to start: {_root_cause(cause)}{tail}") from None
        async def close_quietly(*_exc_info) -> bool:
            try:  # a server that died leaves a transport whose teardown raises: that ends nothing
                await own.aclose()
            except Exception:  # noqa: BLE001
                pass
            return False

        self.stack.push_async_exit(close_quietly)
        self.session = session
        return listed

    async def reconnect(self) -> str:
        """Start the server again (once); say what happened, for the tool result."""
        if self.restarts_left <= 0:
            raise McpError(f"MCP server {self.server.name!r} died and was already restarted once; its tools are gone")
        self.restarts_left -= 1
        await self.start()
        return f"the MCP server {self.server.name!r} had died; it was restarted and the call made again"


async def _open(stack: AsyncExitStack, sandbox, server: McpServer, started: list) -> ClientSession:
    if server.url:
        from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

        client = await stack.enter_async_context(create_mcp_http_client(headers=server.header_values()))
        streams = await stack.enter_async_context(streamable_http_client(server.url, http_client=client))
        read, write = streams[0], streams[1]
    else:
        process = await sandbox.open_process(server.command, cwd=server.cwd, env=server.env)
        started.append(process)
        read, write = await stack.enter_async_context(sandbox_stdio(process))
    return await stack.enter_async_context(ClientSession(read, write))


def _root_cause(exc: BaseException) -> str:
    """The innermost error of an ExceptionGroup chain, as 'Type: message'."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}"
