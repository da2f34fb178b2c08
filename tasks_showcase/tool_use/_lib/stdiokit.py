"""Call a task's own MCP servers (those its [environment] installs) over stdio, the way a trial
does, for its build_reference.py:

    with StdioTools(__file__) as tools:
        ref = Reference(__file__, tool=tools)
        ...

Each server named in the task's [[tool_use.mcp_servers]] is started once, with the command
declared there, through the MCP SDK's stdio client, and kept for the whole build. A call
returns what the client sees: the structured content if the tool sends one, else its text
blocks (an embedded text resource as its text) joined by newlines. A tool error is fatal."""

from __future__ import annotations

import json
import tomllib
from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from anyio.from_thread import start_blocking_portal
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


class StdioTools:
    def __init__(self, script_file: str) -> None:
        spec = tomllib.loads((Path(script_file).resolve().parent / "task.toml").read_text())
        self.servers = {s["name"]: s for s in spec["tool_use"]["mcp_servers"] if s.get("command")}
        self.sessions: dict[str, ClientSession] = {}

    def __enter__(self) -> StdioTools:
        self.stack = ExitStack()
        self.portal = self.stack.enter_context(start_blocking_portal())
        return self

    def __exit__(self, *exc_info) -> None:
        self.stack.close()  # each session is closed in the task that opened it, then the portal

    def _session(self, server: str) -> ClientSession:
        if server not in self.sessions:
            if server not in self.servers:
                raise SystemExit(f"{server}: not a stdio server of this task ({sorted(self.servers)})")
            spec = self.servers[server]
            params = StdioServerParameters(command=spec["command"][0], args=spec["command"][1:],
                                           env=spec.get("env") or None, cwd=spec.get("cwd"))
            self.sessions[server] = self.stack.enter_context(self.portal.wrap_async_context_manager(_open(params)))
        return self.sessions[server]

    async def _call(self, session: ClientSession, name: str, arguments: dict[str, Any]) -> Any:
        result = await session.call_tool(name.partition("/")[2], arguments)
        texts = []
        for block in result.content:
            if getattr(block, "type", None) == "text":
                texts.append(block.text)
            elif getattr(block, "type", None) == "resource" and hasattr(block.resource, "text"):
                texts.append(block.resource.text)
        if result.is_error:
            raise SystemExit(f"{name}({json.dumps(arguments)}): tool error: {' '.join(texts)}")
        if result.structured_content is not None:
            return json.loads(json.dumps(result.structured_content))
        return "\n".join(texts)

    def __call__(self, name: str, arguments: dict[str, Any]) -> Any:
        return self.portal.call(self._call, self._session(name.partition("/")[0]), name, arguments)


@asynccontextmanager
async def _open(params: StdioServerParameters) -> AsyncIterator[ClientSession]:
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session
