"""Run the `mka` CLI as a separate process, the way a user does, with a deadline that
explains itself: past it the process is asked for every thread's stack (SIGUSR1, see
harness.cli) before it is killed, and the test fails with that dump and its output."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest


def run_mka(*args: str, timeout: float = 600, cwd: str | None = None, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "harness.cli.main", *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGUSR1)
        time.sleep(2)
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"`mka {' '.join(args)}` still running after {timeout:g} s; its threads' stacks and output:\n"
                    f"{err[-12000:]}\n--- stdout ---\n{out[-3000:]}", pytrace=False)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)
