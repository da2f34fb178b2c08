"""A finished command must exit even when a worker thread is wedged in a blocking call
(a Docker request the engine never answers): asyncio.run and the interpreter would both
wait for it forever."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading

from harness.runner import signals


def test_a_wedged_worker_thread_is_reported_not_waited_for(monkeypatch, capsys):
    monkeypatch.setattr(signals, "EXIT_GRACE_S", 0.3)
    release = threading.Event()

    async def work() -> int:
        asyncio.get_running_loop().run_in_executor(None, release.wait)  # never awaited, never ends
        await asyncio.sleep(0)
        return 7

    try:
        assert signals.run_until_signalled(work()) == 7
        stuck = signals.wedged_threads()
        assert len(stuck) == 1 and stuck[0].name.startswith("mka-io")
        err = capsys.readouterr().err
        assert "1 worker thread(s) still blocked" in err and ", in wait" in err  # its stack, where it waits
    finally:
        release.set()
    stuck[0].join(5)
    assert signals.wedged_threads() == []


def test_threads_that_finish_in_time_are_joined_and_not_reported(capsys):
    async def work() -> str:
        return await asyncio.to_thread(lambda: "done")

    assert signals.run_until_signalled(work()) == "done"
    assert signals.wedged_threads() == [] and "still blocked" not in capsys.readouterr().err


def test_the_cli_process_exits_with_its_code_despite_a_wedged_thread():
    script = (
        "import asyncio, sys, threading\n"
        "from harness.runner import signals\n"
        "signals.EXIT_GRACE_S = 0.3\n"
        "hold = threading.Event()\n"
        "async def work():\n"
        "    asyncio.get_running_loop().run_in_executor(None, hold.wait)\n"
        "    await asyncio.sleep(0)\n"
        "signals.run_until_signalled(work())\n"
        "from harness.cli import main\n"
        "sys.argv = ['mka', 'no-such-command']\n"
        "main()\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr[-2000:]  # click's usage error, not a hang and not 0
    assert "still blocked" in proc.stderr and "No such command" in proc.stderr
