"""Shared fixtures. Docker tests run against the real engine and the built images.

Under CI=true a missing engine or image is a failure, never a skip: a green CI must
mean the containers really ran."""

from __future__ import annotations

import os

import docker
import pytest
from docker.errors import DockerException

from harness.images import ImageMissingError, resolve_image
from harness.sandbox import DockerSandbox, SandboxLimits, SandboxSpec
from harness.sandbox.hardening import LABEL_RUN

IN_CI = os.environ.get("CI", "").lower() == "true"
TEST_RUN_ID = f"pytest-{os.getpid()}"


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: Docker tests must run, not skip)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def docker_client():
    try:
        client = docker.from_env(timeout=600, max_pool_size=64)
        client.ping()
    except DockerException as exc:
        _unavailable(f"Docker engine unavailable: {exc}")
    yield client
    leftovers = client.containers.list(all=True, filters={"label": f"{LABEL_RUN}={TEST_RUN_ID}"}, sparse=True)
    for container in leftovers:
        container.remove(force=True, v=True)
    assert not leftovers, f"containers survived the test run: {[c.short_id for c in leftovers]}"


@pytest.fixture(scope="session")
def sandbox_image(docker_client) -> str:
    try:
        return resolve_image(docker_client, "sandbox")
    except ImageMissingError as exc:
        _unavailable(str(exc))


def make_spec(image: str, trial: str = "t", **limits) -> SandboxSpec:
    return SandboxSpec(image=image, run_id=TEST_RUN_ID, trial_id=trial, limits=SandboxLimits(**limits))


@pytest.fixture
async def sandbox(docker_client, sandbox_image):
    box = await DockerSandbox.create(make_spec(sandbox_image), client=docker_client)
    try:
        yield box
    finally:
        await box.close()


@pytest.fixture(scope="session")
def autorater_image(docker_client) -> str:
    try:
        return resolve_image(docker_client, "autorater")
    except ImageMissingError as exc:
        _unavailable(str(exc))


def probe_target(image: str) -> tuple[str, str]:
    """The outside host the isolation probes aim at — the image's own apt mirror (no host name is
    written into the code) — and its address resolved on the host, for a DNS-free egress probe."""
    import socket
    import subprocess

    from harness.images.mirror import PROBE_HOST_SH

    host = subprocess.run(["docker", "run", "--rm", "--network", "none", image, "sh", "-c", PROBE_HOST_SH],
                          capture_output=True, text=True, timeout=120).stdout.strip()
    assert host, f"{image} names no http(s) apt source to aim the probes at"
    return host, socket.gethostbyname(host)
