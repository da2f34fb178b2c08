"""Shared fixtures. Docker tests run against the real engine and the built images.

Under CI=true a missing engine or image is a failure, never a skip: a green CI must
mean the containers really ran."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import docker
import pytest
from docker.errors import DockerException

from harness.images import ImageMissingError, resolve_image
from harness.sandbox import DockerSandbox, SandboxLimits, SandboxSpec
from harness.sandbox.hardening import LABEL_RUN
from harness.paths import project_root
from harness.runner.ray_cluster import SINGLE_HOST_ENV

# Every Ray cluster a test starts is on 127.0.0.1. Ray reads this switch once, when it is
# imported; import_ray sets it for the product, but a test module importing Ray at its top would
# run first and break every later loopback connection in the session. Set here, before any.
os.environ.setdefault(SINGLE_HOST_ENV, "0")

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


# -- the third-party MCP server from npm ------------------------------------------------------

EVERYTHING = project_root() / ".cache" / "npm" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def everything_url():
    """The reference MCP server (`@modelcontextprotocol/server-everything`, npm) over streamable
    HTTP on 127.0.0.1, started here for the module."""
    if not EVERYTHING.is_file() or not _which("node"):
        reason = "server-everything (npm) or node missing: run scripts/setup.sh"
        if IN_CI:
            pytest.fail(f"{reason} (CI=true: MCP tests must run, not skip)", pytrace=False)
        pytest.skip(reason)
    port = free_port()
    proc = subprocess.Popen(["node", str(EVERYTHING), "streamableHttp"], env={**os.environ, "PORT": str(port)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"server-everything exited: {proc.stderr.read()[-2000:]}")
            time.sleep(0.2)
    yield f"http://127.0.0.1:{port}/mcp"
    proc.terminate()
    proc.wait(timeout=10)


def _which(name: str) -> bool:
    return any((Path(d) / name).is_file() for d in os.environ.get("PATH", "").split(os.pathsep))


@pytest.fixture
def api_keys(monkeypatch):
    """Keys for the SDK clients pointed at the loopback fake LLM server (never a real API)."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")


@pytest.fixture
def llm_server():
    """A scripted loopback LLM server (tests/fakes/llm_server.py), stopped after the test."""
    from tests.fakes.llm_server import FakeLLMServer

    with FakeLLMServer() as fake:
        yield fake


def remote_everything_task(tmp_path: Path, url: str, task_id: str) -> Path:
    """A copy of tests/data/tasks/everything_stdio whose MCP server is the remote one at `url`
    (no npm environment: nothing runs in the sandbox)."""
    import shutil

    task = tmp_path / task_id
    shutil.copytree(Path(__file__).parent / "data" / "tasks" / "everything_stdio", task)
    toml = (task / "task.toml").read_text()
    toml = toml.replace('id = "everything_stdio"', f'id = "{task_id}"')
    toml = toml.replace('[environment]\nnpm = ["@modelcontextprotocol/server-everything@2026.8.31"]\n', "")
    toml = toml.replace('command = ["mcp-server-everything", "stdio"]', f'url = "{url}"')
    assert url in toml and "\nnpm = " not in toml, toml
    (task / "task.toml").write_text(toml)
    (task / "reference.json").write_text((task / "reference.json").read_text().replace("everything_stdio", task_id))
    return task
