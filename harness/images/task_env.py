"""Per-task environments: a task's own packages on top of the shared sandbox image.

A task that declares `[environment]` (Debian, PyPI and npm packages, or its own Dockerfile
FROM the sandbox image) runs in a derived image `mka-task-<id>:<hash12>`. The hash covers the
sandbox image's tag, the declared packages and every file of the task's Dockerfile folder, so
an unchanged environment is reused and a changed one must be rebuilt before a run starts.

The build is offline like the base images: wheels are downloaded on the host
(harness.images.wheels), npm packages are installed on the host into a folder that is copied
in whole (node_modules with their dependencies; `npm install --ignore-scripts`), and Debian
packages come from the apt sources the base image already carries. Nothing lands in
/workspace: the model sees the tools, not the package files."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import docker
from docker.errors import ImageNotFound
from rich.console import Console

from harness.images.build import ImageMissingError, expected_tag, resolve_image, run_build
from harness.images.wheels import download_wheels
from harness.paths import project_root
from harness.tasks import Task

REPOSITORY_PREFIX = "mka-task-"
NPM_PREFIX = "/opt/mka/npm"  # inside the image; its node_modules/.bin is on PATH
SANDBOX_PINS = project_root() / "sandbox_image" / "sandbox" / "requirements.txt"


class EnvironmentBuildError(RuntimeError):
    pass


def task_image_tag(client: docker.DockerClient, task: Task) -> str | None:
    """The tag the task's derived image must carry now, or None for a task without one."""
    env = task.spec.environment
    if env is None:
        return None
    digest = hashlib.sha256()
    digest.update(f"sandbox={expected_tag(client, 'sandbox')}\n".encode())
    digest.update(json.dumps(env.model_dump(), sort_keys=True).encode())
    if env.dockerfile:
        context = (task.root / env.dockerfile).parent
        for file in sorted(p for p in context.rglob("*") if p.is_file()):
            digest.update(file.relative_to(context).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    return f"{REPOSITORY_PREFIX}{task.id.replace('_', '-')}:{digest.hexdigest()[:12]}"


def resolve_task_image(client: docker.DockerClient, task: Task) -> str:
    """The image a trial of `task` runs in: its derived image (built and current) or the sandbox."""
    tag = task_image_tag(client, task)
    if tag is None:
        return resolve_image(client, "sandbox")
    try:
        client.images.get(tag)
    except ImageNotFound:
        raise ImageMissingError(
            f"task {task.id}: its environment image {tag} is not built (the environment or the sandbox image"
            f" changed, or it was never built): run `mka image build --tasks {task.root.parent}`"
        ) from None
    return tag


def build_task_image(client: docker.DockerClient, task: Task, console: Console, *, force: bool = False) -> str | None:
    """Build the task's derived image if it is missing (or `force`); return its tag."""
    tag = task_image_tag(client, task)
    if tag is None:
        return None
    if not force:
        try:
            client.images.get(tag)
            console.print(f"[green]{task.id}[/] environment {tag} is up to date")
            return tag
        except ImageNotFound:
            pass
    sandbox = resolve_image(client, "sandbox")
    env = task.spec.environment
    assert env is not None
    context = project_root() / ".cache" / "task-env" / task.id
    if context.exists():
        shutil.rmtree(context)
    (context / "wheels").mkdir(parents=True)
    (context / "npm").mkdir()
    if env.pypi:
        # The sandbox's own pins constrain the task's packages: a task may add, never swap out
        # a library the image (and its bundled MCP servers) was built and tested with.
        shutil.copy(SANDBOX_PINS, context / "constraints.txt")
        with console.status(f"{task.id}: downloading wheels on the host …"):
            count = download_wheels([], [*env.pypi, "-c", str(SANDBOX_PINS)], context / "wheels")
        console.print(f"[cyan]{task.id}[/] {count} wheels ready")
    if env.npm:
        _npm_install(env.npm, context / "npm", task.id)
    (context / "Dockerfile").write_text(_dockerfile(env.debian, env.pypi, bool(env.npm)))
    packages_tag = f"{tag}-packages" if env.dockerfile else tag
    key = f"task:{task.id}"
    run_build(client, context, "Dockerfile", packages_tag, {"SANDBOX_IMAGE": sandbox}, key, console)
    if env.dockerfile:
        own = task.root / env.dockerfile
        run_build(client, own.parent, own.name, tag, {"SANDBOX_IMAGE": packages_tag}, key, console)
        client.images.remove(packages_tag, noprune=True)
    return tag


def _dockerfile(debian: list[str], pypi: list[str], with_npm: bool) -> str:
    apt = sorted(set(debian) | ({"nodejs"} if with_npm else set()))
    lines = ["ARG SANDBOX_IMAGE", "FROM ${SANDBOX_IMAGE}", "USER root"]
    if apt:
        lines.append("RUN apt-get update && apt-get install -y --no-install-recommends "
                     + " ".join(apt) + " && rm -rf /var/lib/apt/lists/*")
    if pypi:
        lines += ["COPY wheels/ /tmp/mka-env/wheels/", "COPY constraints.txt /tmp/mka-env/constraints.txt",
                  "RUN pip install --break-system-packages --no-cache-dir --no-index --find-links /tmp/mka-env/wheels"
                  " -c /tmp/mka-env/constraints.txt " + " ".join(json.dumps(p) for p in pypi) + " && rm -rf /tmp/mka-env"]
    if with_npm:
        lines += [f"COPY npm/ {NPM_PREFIX}/", f"ENV PATH={NPM_PREFIX}/node_modules/.bin:$PATH"]
    lines.append("USER agent")
    return "\n".join(lines) + "\n"


def _npm_install(packages: list[str], dest: Path, task_id: str) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise EnvironmentBuildError(f"task {task_id}: environment.npm needs npm on the host (apt-get install npm)")
    proc = subprocess.run([npm, "install", "--prefix", str(dest), "--omit=dev", "--ignore-scripts", "--no-audit",
                           "--no-fund", "--silent", *packages], capture_output=True, text=True)
    if proc.returncode != 0:
        raise EnvironmentBuildError(f"task {task_id}: npm install {' '.join(packages)} failed:\n{proc.stderr[-2000:]}")
