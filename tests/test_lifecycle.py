"""No container outlives its harness: close on Ctrl-C, and prune removes a killed run's leftovers."""

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


def test_prune_removes_leftovers_of_a_killed_run_only(docker_client, sandbox_image):
    dead_run, live_run = f"dead-{os.getpid()}", f"live-{os.getpid()}"
    killed = _start_child(sandbox_image, dead_run)
    killed.send_signal(signal.SIGKILL)  # no cleanup can run: the container is left behind
    killed.wait(timeout=30)
    alive = _start_child(sandbox_image, live_run)
    try:
        assert len(_containers(docker_client, dead_run)) == 1
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
