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
from harness.mcp.session_task import SessionFailed, SessionTask
from harness.mcp.transport import sandbox_stdio
from harness.tools.base import ToolContext, ToolError, ToolOutput

CALL_TIMEOUT_S = 180.0
PING_TIMEOUT_S = 10.0  # asking a session that refused a call whether it still serves


class McpError(RuntimeError):
    pass


class ServerGone(McpError):
    """The server's transport closed (it died or was killed): the one case worth a restart."""


class ProtocolError(McpError):
    """The server answered the call with a JSON-RPC error: a refusal of this call, or a server
    that no longer knows our session (McpConnection.call tells which)."""


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
        try:
            result, note = await self._connection.call(self.tool_name, args, self.timeout_s, progress)
        except McpError as exc:
            raise ToolError(str(exc)) from None
        texts, images = render_content(result.content)
        if result.structured_content and not texts:
            texts.append(str(result.structured_content))
        if note:
            texts.insert(0, f"[{note}]")
        return ToolOutput("\n".join(texts) or "(no output)", ok=not result.is_error, images=images,
                          data={"server": self.server, "tool": self.tool_name, "progress": progress})


async def _call(session: ClientSession, server: str, name: str, args: dict[str, Any], timeout_s: float,
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
                raise ServerGone(f"{server}/{name}: the server's connection closed") from None
            raise ProtocolError(f"{server}/{name}: {exc}") from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
            raise ServerGone(f"{server}/{name}: the server's connection closed") from None
        except Exception as exc:  # noqa: BLE001 - protocol errors become tool errors the model reads
            raise McpError(f"{server}/{name}: {exc}") from None
    raise McpError(f"{server}/{name}: no answer or progress within {timeout_s:.0f} s")


async def connect_servers(stack: AsyncExitStack, sandbox, servers: list[McpServer]) -> list[McpTool]:
    """Start every server (closed when `stack` closes) and list their tools."""
    tools: list[McpTool] = []
    for server in servers:
        connection = McpConnection(server, sandbox, stack)
        listed = await connection.start()
        tools += [McpTool(server.name, tool, connection, server.timeout_s) for tool in listed.tools]
    return tools


class McpConnection:
    """One server's session, each in a task of its own (harness.mcp.session_task, which says
    why): a server that dies or is killed, before a call or during one, costs that call a
    reconnect (or a tool error naming the server), never the trial.

    A stdio server is ours: it is restarted once per trial, since one that keeps dying would
    cost a start on every call. A remote server lives outside the trial and may come back
    (restarted, redeployed), and finding out costs one HTTP handshake: every call that finds
    it gone reconnects, and fails with a tool error while it stays down."""

    def __init__(self, server: McpServer, sandbox, stack: AsyncExitStack, restarts: int = 1) -> None:
        self.server, self.sandbox = server, sandbox
        self.restarts_left: int | None = None if server.url else restarts  # None: reconnect every time
        self.session: ClientSession | None = None
        self._host: SessionTask | None = None
        self._reconnecting = asyncio.Lock()
        stack.push_async_callback(self.close)

    @property
    def where(self) -> str:
        return " ".join(self.server.command) or self.server.url or ""

    async def start(self, failing: str = "failed to start") -> types.ListToolsResult:
        """Open a session in a new task and list the server's tools. A failure (which the SDK
        raises as a task-group ExceptionGroup) becomes one McpError naming the server, its
        command or URL, the cause and the tail of a stdio server's stderr."""
        server, sandbox = self.server, self.sandbox
        headers = server.header_values() if server.url else {}
        started: list = []  # the stdio server's process, once started: its stderr explains a failure

        async def opener(stack: AsyncExitStack) -> tuple[ClientSession, types.ListToolsResult]:
            session = await _open(stack, sandbox, server, headers, started)
            await session.initialize()
            return session, await session.list_tools()

        host = SessionTask(server.name)
        try:
            session, listed = await host.open(opener)
        except SessionFailed as failed:
            stderr = started[0].stderr.text().strip()[-800:] if started else ""
            tail = f"; its stderr ends: {stderr}" if stderr else ""
            raise McpError(f"MCP server {server.name!r} ({self.where}) {failing}: {_root_cause(failed.cause)}{tail}") from None
        self._host, self.session = host, session
        return listed

    async def call(self, tool: str, args: dict[str, Any], timeout_s: float,
                   progress: list[dict[str, Any]]) -> tuple[types.CallToolResult, str]:
        """The call's result and a note for the model when the server had to be reconnected."""
        host = self._host
        try:
            return await self._call_on(host, tool, args, timeout_s, progress), ""
        except ProtocolError:
            if await self._still_serves(host):
                raise  # the server refused this call: that is the tool's answer
        except ServerGone:
            pass
        note = await self.reconnect(host, tool)
        try:
            return await self._call_on(self._host, tool, args, timeout_s, progress), note
        except ServerGone:
            raise McpError(f"MCP server {self.server.name!r} ({self.where}) closed the connection again at "
                           f"the call to {tool}, right after it was {self._restarted}") from None

    async def _call_on(self, host: SessionTask | None, tool: str, args: dict[str, Any], timeout_s: float,
                       progress: list[dict[str, Any]]) -> types.CallToolResult:
        if host is None or host is not self._host or not host.alive or self.session is None:
            raise ServerGone(f"{tool}: the session's task has ended")  # or another call replaced it
        return await _call(self.session, self.server.name, tool, args, timeout_s, progress)

    async def _still_serves(self, host: SessionTask | None) -> bool:
        """Whether the session still answers a ping. A server killed and started again before
        the call (a new process) refuses every request of a session it no longer knows —
        server-everything with HTTP 400, the spec says 404 — and then the call is made again on a
        new session rather than shown as the tool's error. No answer at all keeps the error."""
        if host is None or host is not self._host or self.session is None:
            return False
        with anyio.move_on_after(PING_TIMEOUT_S):
            try:
                await self.session.send_ping()
            except Exception:  # noqa: BLE001 - any failure of a ping means the session is lost
                return False
        return True

    async def reconnect(self, lost: SessionTask | None, tool: str) -> str:
        """Start the server again (or reconnect to it) after `lost` ended; say so, for the tool
        result. Calls that find the same session gone together reconnect once."""
        name = self.server.name
        async with self._reconnecting:
            if self._host is not lost and self._host is not None and self._host.alive:
                return f"the MCP server {name!r} was {self._restarted} and the call made again"
            if self.restarts_left is not None:
                if self.restarts_left <= 0:
                    raise McpError(f"MCP server {name!r} died and was already restarted once; its tools are gone")
                self.restarts_left -= 1
            await self.close()  # the lost session's task: its transport is dead or dying
            action = "reconnecting" if self.server.url else "restarting it"
            await self.start(failing=f"closed the connection at the call to {tool}; {action} failed")
            return f"the MCP server {name!r} had {'gone away' if self.server.url else 'died'}; it was {self._restarted} and the call made again"

    @property
    def _restarted(self) -> str:
        return "reconnected" if self.server.url else "restarted"

    async def close(self) -> None:
        """End the current session's task (a dead server's teardown error ends there too)."""
        host, self._host, self.session = self._host, None, None
        if host is not None:
            await host.close()


async def _open(stack: AsyncExitStack, sandbox, server: McpServer, headers: dict[str, str], started: list) -> ClientSession:
    if server.url:
        from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

        client = await stack.enter_async_context(create_mcp_http_client(headers=headers))
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
