"""Sandbox teardown: close() removes the container at once and its workspace volume right after
(harness/sandbox/volumes.py); no volume is left behind, after a flush, after many parallel
closes, after a prune got there first, and when the process exits straight after closing."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from docker.errors import NotFound

from harness.paths import project_root
from harness.sandbox import DockerSandbox, volumes
from tests.conftest import TEST_RUN_ID, make_spec

pytestmark = [pytest.mark.docker, pytest.mark.asyncio]

FILL = "for i in $(seq 200); do head -c 4096 /dev/urandom > f$i; done; head -c 5000000 /dev/urandom > big; (MKA_KEEP=1 sleep 600 &)"


def _gone(docker_client, name: str) -> bool:
    try:
        docker_client.volumes.get(name)
        return False
    except NotFound:
        return True


async def _used(docker_client, sandbox_image: str, trial: str) -> tuple[DockerSandbox, list[str]]:
    box = await DockerSandbox.create(make_spec(sandbox_image, trial=trial), client=docker_client)
    result = await box.exec(FILL)
    assert result.ok, result
    names = volumes.anonymous_volumes(box.container)
    assert len(names) == 1 and docker_client.volumes.get(names[0])  # the workspace, anonymous
    return box, names


async def test_close_removes_the_container_at_once_and_its_volume_right_after(docker_client, sandbox_image):
    box, names = await _used(docker_client, sandbox_image, "teardown-one")
    await box.close()
    with pytest.raises(NotFound):
        docker_client.containers.get(box.id)
    assert volumes.flush(30) == []
    assert _gone(docker_client, names[0])


async def test_parallel_closes_leave_no_volume(docker_client, sandbox_image):
    used = await asyncio.gather(*(_used(docker_client, sandbox_image, f"teardown-{i}") for i in range(6)))
    await asyncio.gather(*(box.close() for box, _ in used))
    assert volumes.flush(60) == []
    assert all(_gone(docker_client, names[0]) for _, names in used)


async def test_a_container_pruned_before_close_leaves_no_volume(docker_client, sandbox_image):
    box, names = await _used(docker_client, sandbox_image, "teardown-pruned")
    docker_client.api.remove_container(box.id, force=True)  # gone without its volume (no -v)
    await box.close()  # NotFound for the container: its volume is still removed
    assert volumes.flush(30) == []
    assert _gone(docker_client, names[0])


EXIT_AT_ONCE = f"""
import asyncio
from harness.images import resolve_image
from harness.sandbox import DockerSandbox, SandboxSpec, volumes
from harness.sandbox.client import shared_client

async def main():
    image = resolve_image(shared_client(), "sandbox")
    boxes = [await DockerSandbox.create(SandboxSpec(image=image, run_id="{TEST_RUN_ID}", trial_id=f"exit-{{i}}"))
             for i in range(3)]
    for box in boxes:
        assert (await box.exec({FILL!r})).ok
    names = [n for box in boxes for n in volumes.anonymous_volumes(box.container)]
    await asyncio.gather(*(box.close() for box in boxes))
    print(" ".join(names), flush=True)

asyncio.run(main())  # and exit at once: the exit waits for the pending volume removals
"""


async def test_a_process_exiting_right_after_close_leaves_no_volume(docker_client, sandbox_image):
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", EXIT_AT_ONCE], cwd=project_root(),
                                   capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    names = done.stdout.split()
    assert len(names) == 3, done.stdout
    assert all(_gone(docker_client, n) for n in names), names


async def test_a_volume_orphaned_by_a_sigkill_between_the_two_removals_is_pruned(docker_client, sandbox_image):
    """The ~0.1 s gap: the container is gone, its owner killed before removing the volume. The
    volume carries the workspace label, so the next run's or grading's prune removes it."""
    from harness.sandbox.hardening import LABEL_WORKSPACE
    from harness.sandbox.prune import prune_containers

    box, names = await _used(docker_client, sandbox_image, "teardown-orphan")
    assert docker_client.volumes.get(names[0]).attrs["Labels"].get(LABEL_WORKSPACE) == "sandbox"
    docker_client.api.remove_container(box.id, force=True)  # as close() does, but nobody removes the volume
    box._closed = True  # the owner "died" here
    assert not _gone(docker_client, names[0])
    prune_containers(docker_client)
    assert _gone(docker_client, names[0])
    unrelated = docker_client.volumes.create()  # not ours: never touched
    try:
        prune_containers(docker_client)
        assert not _gone(docker_client, unrelated.name)
    finally:
        unrelated.remove()
