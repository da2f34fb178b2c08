"""Remote MCP servers over streamable HTTP, against a third-party implementation: the
reference `@modelcontextprotocol/server-everything` from npm, started here on 127.0.0.1.

It exercises what a home-made fake would not: its own session handling, structured content,
embedded resources and resource links, and a tiny PNG with a bad CRC on an optional chunk."""

from __future__ import annotations

import re
from contextlib import AsyncExitStack

import pytest

from harness.mcp.tools import McpError, McpServer, connect_servers

from tests.conftest import free_port

async def test_remote_server_tools_are_listed_and_called(everything_url):
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [McpServer("everything", url=everything_url)])}
        assert {"everything/echo", "everything/get-sum", "everything/get-tiny-image"} <= set(tools)
        echo = await tools["everything/echo"].run({"message": "hello over HTTP"}, None)
        assert echo.ok and "hello over HTTP" in echo.text
        total = await tools["everything/get-sum"].run({"a": 2, "b": 40}, None)
        assert total.ok and "42" in total.text


async def test_a_strictly_invalid_png_and_resources_keep_their_content(everything_url):
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [McpServer("everything", url=everything_url)])}
        tiny = await tools["everything/get-tiny-image"].run({}, None)
        assert tiny.ok and tiny.images and tiny.images[0].width > 0  # passed through, not an exception
        assert tiny.text.strip() and "[image" not in tiny.text  # the result's text is kept
        links = await tools["everything/get-resource-links"].run({"count": 2}, None)
        assert links.ok and "resource link:" in links.text and "[resource_link content]" not in links.text
        ref = await tools["everything/get-resource-reference"].run({"resourceType": "Text", "resourceId": 1}, None)
        assert ref.ok and "[resource " in ref.text and "[resource content]" not in ref.text


async def test_remote_headers_come_from_the_environment_and_a_dead_server_is_named(everything_url, monkeypatch):
    server = McpServer("everything", url=everything_url, headers={"X-Api-Key": "MKA_TEST_MCP_KEY"})
    async with AsyncExitStack() as stack:
        with pytest.raises(McpError, match="set MKA_TEST_MCP_KEY in the environment"):
            await connect_servers(stack, None, [server])
    monkeypatch.setenv("MKA_TEST_MCP_KEY", "secret-value")
    async with AsyncExitStack() as stack:
        assert await connect_servers(stack, None, [server])
    dead = f"http://127.0.0.1:{free_port()}/mcp"
    async with AsyncExitStack() as stack:
        with pytest.raises(McpError, match=re.escape(f"MCP server 'gone' ({dead}) failed to start: ConnectError")):
            await connect_servers(stack, None, [McpServer("gone", url=dead)])


async def test_progress_is_recorded_and_extends_the_deadline(everything_url):
    """trigger-long-running-operation reports progress every second for 3 s: with a 2 s timeout
    that progress renews, the call completes; the notifications are recorded."""
    server = McpServer("everything", url=everything_url, timeout_s=2.0)
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [server])}
        done = await tools["everything/trigger-long-running-operation"].run({"duration": 3, "steps": 3}, None)
        assert done.ok, done.text
        assert len(done.data["progress"]) == 3 and done.data["progress"][-1]["total"] == 3


async def test_a_call_silent_past_its_timeout_is_a_tool_error(everything_url):
    from harness.tools.base import ToolError

    server = McpServer("everything", url=everything_url, timeout_s=1.0)
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [server])}
        with pytest.raises(ToolError, match="no answer or progress within 1 s"):
            await tools["everything/trigger-long-running-operation"].run({"duration": 3, "steps": 1}, None)
        echo = await tools["everything/echo"].run({"message": "still usable"}, None)
        assert echo.ok and "still usable" in echo.text
