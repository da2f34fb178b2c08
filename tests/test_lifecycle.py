"""No container outlives its harness: close on Ctrl-C, the lifeline on SIGKILL, and prune what neither reaches."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from harness.sandbox.hardening import LABEL_RUN
from harness.sandbox.prune import prune_containers

pytestmark = pytest.mark.docker

CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from harness.sandbox import DockerSandbox, SandboxSpec

    async def main():
        box = await DockerSandbox.create(SandboxSpec(image=sys.argv[1], run_id=sys.argv[2]))
        async with box:
            print("READY", flush=True)
            await box.exec("sleep 600")

    asyncio.run(main())
    """
)


def _start_child(image: str, run_id: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, image, run_id], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "READY", proc.stderr.read()
    return proc


def _containers(client, run_id: str):
    return client.containers.list(all=True, filters={"label": f"{LABEL_RUN}={run_id}"}, sparse=True)


def test_ctrl_c_removes_the_container(docker_client, sandbox_image):
    run_id = f"ctrlc-{os.getpid()}"
    proc = _start_child(sandbox_image, run_id)
    assert len(_containers(docker_client, run_id)) == 1
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    assert _containers(docker_client, run_id) == []


def _volumes(container) -> list[str]:
    return [m["Name"] for m in container.attrs["Mounts"] if m["Type"] == "volume"]


def test_a_sigkilled_owner_takes_its_container_and_workspace_volume_with_it(docker_client, sandbox_image):
    """No cleanup code can run after SIGKILL; the lifeline (harness.sandbox.lifeline) is cut
    by the kernel instead, and the engine removes the container and its volume."""
    run_id = f"sigkill-{os.getpid()}"
    killed = _start_child(sandbox_image, run_id)
    [container] = _containers(docker_client, run_id)
    container.reload()
    names = _volumes(container)
    assert container.status == "running" and len(names) == 1
    time.sleep(2.0)  # a live owner's sandbox stays up: the lifeline only ends with its owner
    assert [c.status for c in docker_client.containers.list(all=True, filters={"label": f"{LABEL_RUN}={run_id}"})] == ["running"]
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    deadline = time.monotonic() + 30
    while (_containers(docker_client, run_id) or docker_client.volumes.list(filters={"name": names[0]})) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _containers(docker_client, run_id) == []
    assert docker_client.volumes.list(filters={"name": names[0]}) == []


CREATED_ONLY = textwrap.dedent(
    """
    import sys
    from harness.sandbox.client import engine_cpus, shared_client
    from harness.sandbox.hardening import container_kwargs
    from harness.sandbox.types import SandboxSpec

    client = shared_client()
    client.containers.create(**container_kwargs(SandboxSpec(image=sys.argv[1], run_id=sys.argv[2]), engine_cpus(client)))
    print("READY", flush=True)
    sys.stdin.read()
    """
)


def test_prune_removes_leftovers_of_a_killed_run_only(docker_client, sandbox_image):
    """What the lifeline cannot cover: an owner killed between creating a container and
    attaching to it leaves a created, never started, container. Prune removes it, and leaves a
    live owner's sandbox alone unless its run is named."""
    dead_run, live_run = f"dead-{os.getpid()}", f"live-{os.getpid()}"
    killed = subprocess.Popen([sys.executable, "-c", CREATED_ONLY, sandbox_image, dead_run],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert killed.stdout.readline().strip() == "READY", killed.stderr.read()
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    alive = _start_child(sandbox_image, live_run)
    try:
        assert [c.status for c in docker_client.containers.list(all=True, filters={"label": f"{LABEL_RUN}={dead_run}"})] == ["created"]
        removed = prune_containers(docker_client)
        assert dead_run in {item.run_id for item in removed}
        assert _containers(docker_client, dead_run) == []
        assert len(_containers(docker_client, live_run)) == 1  # its owner still runs
        cli = subprocess.run(
            [sys.executable, "-m", "harness.cli.main", "sandbox", "prune", "--run", live_run],
            capture_output=True, text=True, timeout=120,
        )
        assert cli.returncode == 0, cli.stderr
        assert f"run {live_run}" in cli.stdout
        deadline = time.monotonic() + 30
        while _containers(docker_client, live_run) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _containers(docker_client, live_run) == []
    finally:
        alive.kill()
        alive.wait(timeout=30)


def test_closing_sandboxes_leaks_no_connection(sandbox_image):
    """Each sandbox holds one connection (its lifeline) while open, and none once closed: over
    eight more sandboxes opened and closed, the process's descriptors do not grow with them (the
    client's pooled connections, filled by the warm-up, stay as they are)."""
    import asyncio
    import gc

    import psutil

    from harness.sandbox import DockerSandbox, SandboxSpec

    spec = SandboxSpec(image=sandbox_image, run_id=f"fds-{os.getpid()}")

    def fds() -> int:
        gc.collect()
        return psutil.Process().num_fds()

    async def cycles(n: int) -> None:
        for _ in range(n):
            async with await DockerSandbox.create(spec) as box:
                assert (await box.exec("echo up")).stdout == "up\n"

    async def two_open() -> int:
        boxes = [await DockerSandbox.create(spec) for _ in range(2)]
        try:
            held = fds()  # the lifelines survive a collection: both still answer
            assert [(await box.exec("echo up")).stdout for box in boxes] == ["up\n", "up\n"]
            return held
        finally:
            for box in boxes:
                await box.close()

    asyncio.run(cycles(3))
    before = fds()
    held = asyncio.run(two_open())
    asyncio.run(cycles(8))
    after = fds()
    assert held >= before + 2
    assert after <= before + 2, (before, held, after)


TASK = Path(__file__).parent / "data" / "tasks" / "sales_summary"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_or_sighup_during_a_suite_cleans_up_and_the_rerun_resumes(tmp_path, docker_client, sandbox_image, sig):
    """What timeout(1), CI cancellation, systemd and Kubernetes send: the run stops like Ctrl-C —
    no container of its run left within 15 s, the running trial recorded as interrupted, and the
    same command on the same --out runs it again."""
    script = tmp_path / "slow.yaml"
    script.write_text("turns:\n  - calls:\n      - {tool: code_exec, args: {cmd: 'sleep 600'}}\n")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "harness.cli.main", "run", str(TASK), "--agent", f"script:{script}", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    run_id = out.name
    deadline = time.monotonic() + 120
    while not _containers(docker_client, run_id) and time.monotonic() < deadline:
        time.sleep(0.3)
    assert _containers(docker_client, run_id), "the trial's sandbox never started"
    time.sleep(1.0)  # the sleep is running inside the sandbox now
    proc.send_signal(sig)
    stopped_at = time.monotonic()
    proc.wait(timeout=60)
    while _containers(docker_client, run_id) and time.monotonic() - stopped_at < 15:
        time.sleep(0.3)
    assert _containers(docker_client, run_id) == [], "a container outlived the stopped run"
    assert proc.returncode == 143, proc.stderr.read()
    trial = out / "trials" / "sales_summary__script_slow__r1"
    record = json.loads((trial / "trial.json").read_text())
    assert record["status"] == "interrupted"
    assert '"kind": "interrupted"' in (trial / "trajectory.jsonl").read_text()
    # The same command resumes it (the script now finishes at once: same path, same trial id).
    script.write_text("turns:\n  - calls:\n      - {tool: finish, args: {final_reply: done, deliverables: []}}\n")
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert json.loads((trial / "trial.json").read_text())["status"] == "finished"
