"""Helpers the CLI verbs share: the Docker client and error display."""

from __future__ import annotations

import docker
import typer
from docker.errors import DockerException
from rich.console import Console

console = Console(stderr=True, soft_wrap=True)


def docker_client() -> docker.DockerClient:
    try:
        client = docker.from_env(timeout=600)
        client.ping()
        return client
    except DockerException as exc:
        fail(f"cannot reach the Docker engine ({exc}); start it with scripts/setup.sh")


def fail(message: str, code: int = 1) -> None:
    console.print(f"[red]error:[/] {message}")
    raise typer.Exit(code)
