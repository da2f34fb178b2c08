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


OPENMP_THREADS = "import ctypes; g = ctypes.CDLL('libgomp.so.1'); print(g.omp_get_max_threads(), g.omp_get_thread_limit())"


async def test_openmp_sizes_its_pool_to_the_cpu_quota_not_the_host(docker_client, sandbox_image):
    # nproc inside sees every host core; the quota is what the container may use. OpenMP
    # (tesseract's runtime, asked here through libgomp itself) must size its pool to the quota.
    async with await DockerSandbox.create(make_spec(sandbox_image, cpus=1.0), client=docker_client) as box:
        nproc = int((await box.exec("nproc")).stdout)
        assert (await box.exec(["python3", "-c", OPENMP_THREADS])).stdout.split() == ["1", "1"]
    if nproc >= 2:
        async with await DockerSandbox.create(make_spec(sandbox_image, cpus=2.0), client=docker_client) as box:
            assert (await box.exec(["python3", "-c", OPENMP_THREADS])).stdout.split() == ["2", "2"]
    spec = make_spec(sandbox_image, cpus=1.0)
    spec.env.update(OMP_NUM_THREADS="3", OMP_THREAD_LIMIT="3")  # a task that sets its own pool keeps it
    async with await DockerSandbox.create(spec, client=docker_client) as box:
        assert (await box.exec(["python3", "-c", OPENMP_THREADS])).stdout.split() == ["3", "3"]


@pytest.mark.parametrize("escape", [
    "timeout 20 bash -c ':(){ :|:& };:'",  # GNU timeout makes its own process group
    "setsid bash -c ':(){ :|:& };:' &",  # a new session
    "nohup bash -c ':(){ :|:& };:' >/dev/null 2>&1 &",
    "env -i /bin/bash -c ':(){ :|:& };:' &",  # a scrubbed environment: no marker at all
], ids=["timeout", "setsid", "nohup", "env-i"])
async def test_a_fork_bomb_that_leaves_the_process_group_is_still_reaped(docker_client, sandbox_image, escape):
    async with await DockerSandbox.create(make_spec(sandbox_image, pids=256, cpus=1), client=docker_client) as box:
        started = time.monotonic()
        launched = await box.exec(f"{escape}\nsleep 2", timeout=60)  # `cmd & ; sleep` would be a syntax error
        assert "syntax error" not in launched.stderr, launched
        after = await box.exec("echo alive; ps -e --no-headers | wc -l")
        assert time.monotonic() - started < 90
        assert after.stdout.splitlines()[0] == "alive", after
        assert int(after.stdout.splitlines()[1]) < 10, after.stdout  # the bomb is gone, not just capped
        quiet = await box.exec("cat /sys/fs/cgroup/cpuacct/cpuacct.usage 2>/dev/null || cat /sys/fs/cgroup/cpu.stat")
        time.sleep(1)
        later = await box.exec("cat /sys/fs/cgroup/cpuacct/cpuacct.usage 2>/dev/null || cat /sys/fs/cgroup/cpu.stat")
        if quiet.stdout.strip().isdigit():  # cgroup v1: nanoseconds of CPU the container used in that second
            assert int(later.stdout) - int(quiet.stdout) < 0.3e9  # nothing left burning CPU


async def test_detached_sleepers_die_with_their_exec_unless_kept(sandbox):
    await sandbox.exec("setsid sleep 300 & (sleep 301 &) ; nohup sleep 302 >/dev/null 2>&1 & MKA_KEEP=1 sleep 303 &")
    left = await sandbox.exec("ps -eo args= | grep '^sleep 30' || true")
    assert left.stdout.split("\n")[0:1] == ["sleep 303"] and "sleep 300" not in left.stdout, left.stdout
    assert "sleep 301" not in left.stdout and "sleep 302" not in left.stdout


async def test_parallel_execs_do_not_reap_each_other(sandbox):
    import asyncio

    slow = asyncio.ensure_future(sandbox.exec("sleep 3; echo survived"))
    await asyncio.sleep(1)
    await sandbox.exec("setsid sleep 100 & true")  # this exec's reaping must not touch the other one
    assert (await slow).stdout == "survived\n"


async def test_one_big_file_stops_exactly_at_the_workspace_quota(docker_client, sandbox_image):
    async with await DockerSandbox.create(make_spec(sandbox_image, workspace_bytes=64 * 1024**2), client=docker_client) as box:
        result = await box.exec("head -c 20000000000 /dev/zero > huge.bin")
        assert not result.ok and result.quota_exceeded and "workspace quota" in " ".join(result.notes())
        size = int((await box.exec("stat -c %s huge.bin")).stdout)
        assert size <= 64 * 1024**2
        assert (await box.exec("rm huge.bin && echo cleaned")).stdout == "cleaned\n"  # cleaning up always works


async def test_many_files_past_the_quota_are_stopped_by_the_watchdog(docker_client, sandbox_image):
    quota = 200 * 1024**2
    async with await DockerSandbox.create(make_spec(sandbox_image, workspace_bytes=quota), client=docker_client) as box:
        # 20 GB in 10 MB files, throttled a little so the test's disk writes stay modest when stopped.
        result = await box.exec("for i in $(seq 2000); do head -c 10000000 /dev/zero > f$i.bin; sleep 0.02; done", timeout=600)
        assert not result.ok and result.quota_exceeded and "over its 0.20 GiB limit" in result.quota_exceeded
        used = int((await box.exec("du -sxB1 /workspace | cut -f1")).stdout)
        # Stopped within a poll or two of the quota (the bound is the write rate times the poll
        # interval; this machine may be loaded), nowhere near the 20 GB asked for.
        assert used < quota + 800 * 1024**2
        assert (await box.exec("rm -f f*.bin && echo ok")).stdout == "ok\n"


async def test_a_server_kept_by_the_last_command_always_survives(sandbox):
    # Reaped right after `&`, the child may not have exec'd yet (its environ is still the parent's,
    # without MKA_KEEP=1): the reaper looks again at processes under 100 ms old (1 in 10 was lost).
    for i in range(15):
        await sandbox.exec(f"MKA_KEEP=1 sleep {700 + i} >/dev/null 2>&1 &")  # no output held: no 2 s stream linger
    left = await sandbox.exec("ps -eo args= | grep -c '^sleep 7' || true")
    assert left.stdout.strip() == "15"
