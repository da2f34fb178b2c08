"""Where a result came from: harness version and commit, image digests, content hashes."""

from __future__ import annotations

import subprocess

import docker
from docker.errors import DockerException, ImageNotFound

from harness import __version__
from harness.paths import project_root


def git_commit() -> str:
    try:
        result = subprocess.run(["git", "-C", str(project_root()), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        return result.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def harness_identity() -> dict[str, str]:
    return {"version": __version__, "commit": git_commit()}


def image_digests(tags: set[str]) -> dict[str, str]:
    try:
        client = docker.from_env()
    except DockerException:
        return {tag: "unknown (no Docker engine)" for tag in tags}
    out = {}
    for tag in sorted(tags):
        try:
            out[tag] = client.images.get(tag).id
        except ImageNotFound:
            out[tag] = "unknown (image not on this engine)"
    return out
