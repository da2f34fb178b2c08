"""MCP servers inside the sandbox over docker-exec stdio, with a third-party server from PyPI."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from harness.mcp.tools import McpError, McpServer, connect_servers
from harness.recording.trajectory import read_trajectory

from tests.fakes.llm_server import FakeLLMServer, FakeTurn
from tests.loop_harness import run_loop

pytestmark = pytest.mark.docker
TASK = Path(__file__).parent / "data" / "tasks" / "meeting_time"
TIME_SERVER = McpServer("time", ["python3", "-m", "mcp_server_time", "--local-timezone", "UTC"])


async def test_third_party_server_tools_are_listed_called_and_cleaned_up(sandbox):
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, sandbox, [TIME_SERVER])}
        assert set(tools) == {"time/get_current_time", "time/convert_time"}
        assert tools["time/convert_time"].parameters["required"] == ["source_timezone", "time", "target_timezone"]
        ok = await tools["time/convert_time"].run(
            {"source_timezone": "Asia/Tokyo", "time": "16:30", "target_timezone": "Asia/Kolkata"}, None
        )
        assert ok.ok and "T13:00:00+05:30" in ok.text  # India has no DST: always 3h30 behind Tokyo
        bad = await tools["time/get_current_time"].run({"timezone": "Mars/Olympus"}, None)
        assert not bad.ok and "Mars/Olympus" in bad.text
        running = await sandbox.exec("ps -eo args=")
        assert "mcp_server_time" in running.stdout
    after = await sandbox.exec("ps -eo args=")
    assert "mcp_server_time" not in after.stdout  # closing the session stopped the server


async def test_a_server_that_cannot_start_is_named(sandbox):
    async with AsyncExitStack() as stack:
        with pytest.raises(McpError, match="MCP server 'ghost' \\(python3 -m no_such_module\\) failed to start") as exc:
            await connect_servers(stack, sandbox, [McpServer("ghost", ["python3", "-m", "no_such_module"])])
        assert "No module named no_such_module" in str(exc.value)  # the tail of its stderr says why
        assert "ExceptionGroup" not in str(exc.value)


async def test_mcp_tool_names_round_trip_through_a_provider(sandbox, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    with FakeLLMServer() as server:
        server.add(
            FakeTurn(tool_calls=[("time__convert_time", json.dumps(
                {"source_timezone": "Asia/Tokyo", "time": "16:30", "target_timezone": "Asia/Kolkata"}))]),
            FakeTurn(tool_calls=[("finish", '{"final_reply": "13:00 in Kolkata", "deliverables": []}')]),
        )
        async with AsyncExitStack() as stack:
            from harness.tools.registry import make_tools

            tools = make_tools(disabled=set(), exec_timeout_s=60, with_search=False)
            tools += await connect_servers(stack, sandbox, [TIME_SERVER])
            run = await run_loop("openai", server, sandbox, tmp_path, tools=tools)
        names = [t["function"]["name"] for t in run.bodies[0]["tools"]]
        assert "time__convert_time" in names  # `/` is not allowed in API tool names
    result = run.of_type("tool_result")[0]
    assert result["name"] == "time/convert_time" and result["ok"]
    assert run.result.status == "finished"


def test_script_agent_solves_a_tool_use_task_through_mcp(tmp_path, sandbox_image):
    script = tmp_path / "solve.yaml"
    script.write_text(
        "turns:\n"
        "  - calls: [{tool: view_image, args: {path: input/whiteboard.png}}]\n"
        "  - calls: [{tool: time/convert_time, args: {source_timezone: Asia/Tokyo, time: '16:30', target_timezone: Europe/Paris}}]\n"
        "  - calls: [{tool: finish, args: {final_reply: 'The call starts at 08:30 in Paris.', deliverables: []}}]\n"
    )
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "harness.cli.main", "run", str(TASK), "--agent", f"script:{script}", "--out", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    trial = out / "trials" / "meeting_time__script_solve__r1"
    assert json.loads((trial / "trial.json").read_text())["status"] == "finished"
    events = read_trajectory(trial / "trajectory.jsonl")
    start = events[0]
    assert "view_image" in start["tools"]
    converted = next(e for e in events if e["type"] == "tool_result" and e["name"] == "time/convert_time")
    assert converted["ok"] and re.search(r"T(08|09):30:00\+0[12]:00", converted["text"])  # CET or CEST


def test_grading_a_tool_use_trial_writes_m3_metrics_and_the_viewer_shows_the_alignment(tmp_path, sandbox_image):
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "harness.cli.main", "run", str(TASK), "--agent", "oracle", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    grade = subprocess.run([sys.executable, "-m", "harness.cli.main", "grade", str(out), "--tasks", str(TASK.parent)],
                           capture_output=True, text=True, timeout=600)
    assert grade.returncode == 0, grade.stderr
    trial = out / "trials" / "meeting_time__oracle__r1"
    body = json.loads((trial / "grade" / "m3.json").read_text())
    assert body["encoder"].lower().find("minilm") >= 0
    assert (body["metrics"]["recall"], body["metrics"]["precision"]) == (1.0, 1.0)
    assert body["audit"]["rows"][0]["strength"] == "strong"
    from harness.viewer.pages import trial_page

    page = trial_page(trial, trial.name)
    assert "M3 tool-call alignment" in page and "m3-alignment" in page and "time/convert_time" in page


async def test_a_server_that_dies_mid_run_is_restarted_once_and_the_trial_goes_on(sandbox):
    kill = ("for p in /proc/[0-9]*; do case \"$(tr '\\0' ' ' < $p/cmdline 2>/dev/null)\" in "
            "'python3 -m mcp_server_time'*) kill -9 ${p#/proc/};; esac; done")
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, sandbox, [TIME_SERVER])}
        call = tools["time/get_current_time"]
        assert (await call.run({"timezone": "UTC"}, None)).ok
        await sandbox.exec(kill)
        again = await call.run({"timezone": "UTC"}, None)
        assert again.ok and "was restarted and the call made again" in again.text
        await sandbox.exec(kill)
        from harness.tools.base import ToolError

        with pytest.raises(ToolError, match="already restarted once"):
            await call.run({"timezone": "UTC"}, None)
    after = await sandbox.exec("ps -eo args=")
    assert "mcp_server_time" not in after.stdout
