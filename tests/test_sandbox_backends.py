"""Sandbox backends are chosen by name in one place; callers see only the protocol."""

from __future__ import annotations

import pytest

from harness.sandbox import DockerSandbox, Sandbox, SandboxError, SandboxSpec, create_sandbox
from harness.sandbox.backends import BACKEND_ENV, BACKENDS


def test_the_docker_backend_implements_the_whole_protocol():
    assert "docker" in BACKENDS
    assert issubclass(DockerSandbox, Sandbox)  # runtime-checkable: every protocol method exists


async def test_an_unknown_backend_is_named(monkeypatch):
    monkeypatch.setenv(BACKEND_ENV, "firecracker")
    with pytest.raises(SandboxError, match="unknown sandbox backend 'firecracker' \\(known: docker\\)"):
        await create_sandbox(SandboxSpec(image="unused"))


@pytest.mark.docker
async def test_create_sandbox_gives_a_working_docker_sandbox(docker_client, sandbox_image):
    from tests.conftest import make_spec

    async with await create_sandbox(make_spec(sandbox_image)) as box:
        assert isinstance(box, Sandbox)
        assert (await box.exec("echo via-registry")).stdout == "via-registry\n"
