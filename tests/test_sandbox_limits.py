"""Runaway commands are stopped, reported, and leave the sandbox usable."""

from __future__ import annotations

import threading
import time

import psutil
import pytest

from harness.sandbox import DockerSandbox

from tests.conftest import make_spec

pytestmark = pytest.mark.docker


async def test_fork_bomb_is_stopped_by_pids_limit(docker_client, sandbox_image):
    async with await DockerSandbox.create(make_spec(sandbox_image, pids=128), client=docker_client) as box:
        result = await box.exec(":(){ :|:& }; :; sleep 3", timeout=60)
        assert result.pids_limit_hit
        assert "process limit reached" in " ".join(result.notes())
        after = await box.exec("echo alive; ps -e --no-headers | wc -l")
        assert after.stdout.splitlines()[0] == "alive"
        assert int(after.stdout.splitlines()[1]) < 10  # the bomb's processes are gone


async def test_memory_hog_is_killed_and_reported(docker_client, sandbox_image):
    async with await DockerSandbox.create(make_spec(sandbox_image, memory_bytes=256 * 1024**2), client=docker_client) as box:
        result = await box.exec("python3 -c 'x = bytearray(1024**3); print(len(x))'")
        assert result.exit_code == 137
        assert result.oom_killed
        assert not result.timed_out
        assert "out of memory" in " ".join(result.notes())
        assert (await box.exec("echo still here")).stdout == "still here\n"


async def test_infinite_loop_times_out_and_next_exec_works(sandbox):
    started = time.monotonic()
    result = await sandbox.exec("sleep 1000 & while true; do :; done", timeout=2)
    assert result.timed_out
    assert not result.ok
    assert time.monotonic() - started < 15
    following = await sandbox.exec("ps -eo args= | grep -c '^sleep 1000' ; echo next")
    assert following.stdout.split() == ["0", "next"]  # the whole group died, not just bash


async def test_host_deadline_kills_a_command_that_outlasts_the_inner_timeout(docker_client, sandbox_image):
    # The command ignores TERM, so `timeout` would need its -k grace; the host's own
    # deadline (set shorter here) kills the group first and the exec still ends.
    async with await DockerSandbox.create(make_spec(sandbox_image, host_grace_s=0.5), client=docker_client) as box:
        started = time.monotonic()
        result = await box.exec("trap '' TERM; sleep 30", timeout=1)
        assert result.timed_out
        assert time.monotonic() - started < 5
        leftovers = await box.exec("ps -eo args= | grep -c '^sleep 30' || true")
        assert leftovers.stdout.strip() == "0"


async def test_huge_output_is_truncated_without_holding_it(sandbox):
    proc = psutil.Process()
    baseline = proc.memory_info().rss
    peak = [baseline]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], proc.memory_info().rss)
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = await sandbox.exec("head -c 1000000000 /dev/zero | tr '\\0' x; echo; echo THE-END")
    finally:
        stop.set()
        sampler.join()
    total = 1_000_000_000 + len("\nTHE-END\n")
    assert result.ok
    assert result.stdout_cut_bytes == total - 64 * 1024
    assert result.stdout.startswith("x" * 1000)
    assert result.stdout.rstrip().endswith("THE-END")
    assert f"[... {result.stdout_cut_bytes} bytes cut ...]" in result.stdout
    assert "truncated" in " ".join(result.notes())
    assert peak[0] - baseline < 64 * 1024**2  # 1 GB streamed through, a few MB held


async def test_exec_cwd_env_and_argv(sandbox):
    result = await sandbox.exec("pwd; echo $GREETING", cwd="/workspace/input", env={"GREETING": "hello there"})
    assert result.stdout == "/workspace/input\nhello there\n"
    argv = await sandbox.exec(["python3", "-c", "import sys; print(sys.argv[1])", "a b; c"])
    assert argv.stdout == "a b; c\n"
    failing = await sandbox.exec("echo oops >&2; exit 3")
    assert (failing.exit_code, failing.stderr, failing.ok) == (3, "oops\n", False)
