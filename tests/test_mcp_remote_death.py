"""A remote MCP server (the reference `@modelcontextprotocol/server-everything` from npm, over
streamable HTTP on 127.0.0.1) killed with SIGKILL under a trial: between calls, or with a call in
flight. The call becomes a tool error naming the server, never a cancelled trial; a later call
reconnects once the server is back, and errors again while it stays down.

Each test starts its own server and kills only the PID it started."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from harness.mcp.tools import McpServer, connect_servers
from harness.recording.trajectory import read_trajectory
from harness.tools.base import ToolError

from tests.cli_support import run_mka
from tests.conftest import EVERYTHING, IN_CI, free_port, remote_everything_task



class Everything:
    """server-everything on one fixed port, so that a restart comes back at the same URL."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.procs: list[subprocess.Popen] = []

    def start(self) -> None:
        proc = subprocess.Popen(["node", str(EVERYTHING), "streamableHttp"], env={**os.environ, "PORT": str(self.port)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.procs.append(proc)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"server-everything exited: {proc.stderr.read()[-2000:]}")
                time.sleep(0.1)
        pytest.fail("server-everything did not listen within 60 s")

    def kill(self) -> None:
        """SIGKILL the server this test started (by its PID), and reap it."""
        proc = self.procs[-1]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)


@pytest.fixture
def everything():
    if not EVERYTHING.is_file() or shutil.which("node") is None:
        reason = "server-everything (npm) or node missing: run scripts/setup.sh"
        if IN_CI:
            pytest.fail(f"{reason} (CI=true: MCP tests must run, not skip)", pytrace=False)
        pytest.skip(reason)
    server = Everything()
    server.start()
    yield server
    server.stop()


def _gone(url: str, tool: str) -> str:
    """The start of the tool error for a call that found the server killed."""
    return re.escape(f"MCP server 'everything' ({url}) closed the connection at the call to {tool}; reconnecting failed: ConnectError")


async def test_killed_between_calls_is_a_tool_error_and_a_restarted_server_is_reconnected(everything):
    """Killed and still down: each call is a tool error naming the server. Back up: the next
    call reconnects and succeeds, whether an earlier call saw it down or not."""
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [McpServer("everything", url=everything.url)])}
        echo = tools["everything/echo"]
        assert (await echo.run({"message": "before"}, None)).ok
        everything.kill()
        for _ in range(2):  # stays dead: each call tries once, and is a tool error naming the server
            with pytest.raises(ToolError, match=_gone(everything.url, "echo")):
                await echo.run({"message": "while dead"}, None)
        everything.start()
        started = time.monotonic()
        back = await echo.run({"message": "after the restart"}, None)
        reconnect_s = time.monotonic() - started
        assert back.ok and "after the restart" in back.text
        assert back.text.startswith("[the MCP server 'everything' had gone away; it was reconnected and the call made again]")
        assert reconnect_s < 5, f"reconnect and call took {reconnect_s:.2f} s"
        assert (await tools["everything/get-sum"].run({"a": 2, "b": 40}, None)).ok  # the new session serves every tool
        everything.kill()
        everything.start()  # back before the next call: the new process refuses the session it never knew
        again = await echo.run({"message": "after a quick restart"}, None)
        assert again.ok and "after a quick restart" in again.text and "it was reconnected" in again.text
        total = await tools["everything/get-sum"].run({"a": 2, "b": 40}, None)
        assert total.ok and not total.text.startswith("[")  # the session is good again: no reconnect note
        assert asyncio.current_task().cancelling() == 0  # nothing cancelled the caller's task


async def test_killed_with_a_call_in_flight_is_a_tool_error_and_a_later_call_reconnects(everything):
    """The SDK first tries to resume the call's event stream (twice, a second apart): the error
    comes about 2 s after the kill."""
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, None, [McpServer("everything", url=everything.url, timeout_s=20)])}
        long = asyncio.create_task(tools["everything/trigger-long-running-operation"].run({"duration": 10, "steps": 10}, None))
        await asyncio.sleep(2)  # two progress notifications in, eight seconds still to go
        assert not long.done()
        everything.kill()
        killed = time.monotonic()
        with pytest.raises(ToolError, match=_gone(everything.url, "trigger-long-running-operation")):
            await long
        assert time.monotonic() - killed < 10, "the call in flight ended long after the kill"
        everything.start()
        back = await tools["everything/echo"].run({"message": "after the restart"}, None)
        assert back.ok and "reconnected and the call made again" in back.text
        assert asyncio.current_task().cancelling() == 0


# Through `mka run`: the kills and the restart happen while the trial runs, timed by the
# trajectory (code_exec sleeps leave the test its window between calls).
SCRIPT = """turns:
  - calls: [{tool: everything/echo, args: {message: before the kill}}]
  - calls: [{tool: code_exec, args: {cmd: "sleep 3; echo slept"}}]
  - calls: [{tool: everything/echo, args: {message: after the kill}}]
  - calls: [{tool: code_exec, args: {cmd: "sleep 4; echo slept"}}]
  - calls: [{tool: everything/echo, args: {message: after the restart}}]
  - calls: [{tool: everything/trigger-long-running-operation, args: {duration: 10, steps: 10}}]
  - calls: [{tool: everything/echo, args: {message: still dead}}]
  - calls: [{tool: finish, args: {final_reply: 'The server died twice; the trial went on.', deliverables: []}}]
"""


def _remote_task(tmp_path: Path, url: str) -> Path:
    return remote_everything_task(tmp_path, url, "everything_killed")


@pytest.mark.docker
def test_a_trial_whose_remote_server_is_killed_finishes_and_mka_run_exits_0(everything, sandbox_image, tmp_path):
    task = _remote_task(tmp_path, everything.url)
    script = tmp_path / "killed.yaml"
    script.write_text(SCRIPT)
    out = tmp_path / "out"
    trajectory = out / "trials" / "everything_killed__script_killed__r1" / "trajectory.jsonl"
    done: list[str] = []

    def events() -> list[dict]:
        return read_trajectory(trajectory) if trajectory.exists() else []

    with ThreadPoolExecutor(1) as pool:
        run = pool.submit(run_mka, "run", str(task), "--agent", f"script:{script}", "--out", str(out), timeout=600)
        deadline = time.monotonic() + 600
        while not run.done() and time.monotonic() < deadline:
            seen = events()
            results = [e for e in seen if e["type"] == "tool_result"]
            if len(results) >= 1 and "first kill" not in done:  # turn 2 (a 3 s sleep) runs: between calls
                everything.kill()
                done.append("first kill")
            elif len(results) >= 3 and "restart" not in done:  # turn 4 (a 4 s sleep) runs
                everything.start()
                done.append("restart")
            elif any(e["type"] == "assistant" and e["turn"] == 6 for e in seen) and "second kill" not in done:
                time.sleep(2)  # the 10 s operation is in flight
                everything.kill()
                done.append("second kill")
            time.sleep(0.05)
        result = run.result()
    assert result.returncode == 0, result.stderr[-3000:]
    assert done == ["first kill", "restart", "second kill"]
    trial = trajectory.parent
    assert json.loads((trial / "trial.json").read_text())["status"] == "finished"
    results = [e for e in read_trajectory(trajectory) if e["type"] == "tool_result"]
    assert [r["name"] for r in results] == ["everything/echo", "code_exec", "everything/echo", "code_exec", "everything/echo",
                                            "everything/trigger-long-running-operation", "everything/echo", "finish"]
    before, _, after_kill, _, after_restart, in_flight, still_dead, finish = results
    url = everything.url
    assert before["ok"] and "before the kill" in before["text"]
    assert not after_kill["ok"] and re.search(_gone(url, "echo"), after_kill["text"]), after_kill["text"]
    assert after_restart["ok"] and "it was reconnected and the call made again" in after_restart["text"]
    assert not in_flight["ok"] and re.search(_gone(url, "trigger-long-running-operation"), in_flight["text"]), in_flight["text"]
    assert not still_dead["ok"] and re.search(_gone(url, "echo"), still_dead["text"]), still_dead["text"]
    assert finish["ok"]
    assert "Cancelled via cancel scope" not in result.stderr
