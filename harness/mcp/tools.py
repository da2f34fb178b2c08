"""Connect a task's MCP servers and expose their tools as harness tools named `server/tool`."""

from __future__ import annotations

import base64
import io
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
from mcp import ClientSession
from PIL import Image

from harness.agent.messages import ImagePart
from harness.mcp.transport import sandbox_stdio
from harness.tools.base import ToolContext, ToolError, ToolOutput

CALL_TIMEOUT_S = 180.0


class McpError(RuntimeError):
    pass


@dataclass(frozen=True)
class McpServer:
    name: str
    command: list[str] = field(default_factory=list)  # run inside the sandbox over stdio
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None  # a remote streamable-HTTP server instead of a command


class McpTool:
    """One MCP tool; its schema is the server's, its name `server/tool`."""

    def __init__(self, server: str, tool: types.Tool, session: ClientSession) -> None:
        self.server, self.tool_name, self._session = server, tool.name, session
        self.name = f"{server}/{tool.name}"
        self.description = tool.description or f"{tool.name} (from the {server} MCP server)"
        self.parameters: dict[str, Any] = dict(tool.input_schema or {"type": "object", "properties": {}})

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        try:
            result = await _call(self._session, self.tool_name, args)
        except McpError as exc:
            raise ToolError(str(exc)) from None
        texts, images = [], []
        for block in result.content:
            if isinstance(block, types.TextContent):
                texts.append(block.text)
            elif isinstance(block, types.ImageContent):
                images.append(_image(block))
            else:
                texts.append(f"[{block.type} content]")
        if result.structured_content and not texts:
            texts.append(str(result.structured_content))
        return ToolOutput("\n".join(texts) or "(no output)", ok=not result.is_error, images=images,
                          data={"server": self.server, "tool": self.tool_name})


async def _call(session: ClientSession, name: str, args: dict[str, Any]) -> types.CallToolResult:
    import anyio

    try:
        with anyio.fail_after(CALL_TIMEOUT_S):
            return await session.call_tool(name, args)
    except TimeoutError:
        raise McpError(f"{name}: no answer within {CALL_TIMEOUT_S:.0f} s") from None
    except Exception as exc:  # noqa: BLE001 - protocol errors become tool errors the model reads
        raise McpError(f"{name}: {exc}") from None


def _image(block: types.ImageContent) -> ImagePart:
    data = base64.b64decode(block.data)
    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
    return ImagePart(data, block.mime_type, width, height)


async def connect_servers(stack: AsyncExitStack, sandbox, servers: list[McpServer]) -> list[McpTool]:
    """Start every server (closed when `stack` closes) and list their tools."""
    tools: list[McpTool] = []
    for server in servers:
        try:
            if server.url:
                from mcp.client.streamable_http import streamablehttp_client

                streams = await stack.enter_async_context(streamablehttp_client(server.url))
                read, write = streams[0], streams[1]
            else:
                process = await sandbox.open_process(server.command, cwd=server.cwd, env=server.env)
                read, write = await stack.enter_async_context(sandbox_stdio(process))
            session = await stack.enter_async_context(ClientSession(read, write))
            await session.initialize()
            listed = await session.list_tools()
        except Exception as exc:  # noqa: BLE001 - name the server whatever went wrong
            raise McpError(f"MCP server {server.name!r} ({' '.join(server.command) or server.url}) failed to start: {exc}") from exc
        tools += [McpTool(server.name, tool, session) for tool in listed.tools]
    return tools
