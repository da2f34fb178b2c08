"""Helpers the CLI verbs share: the Docker client and error display."""

from __future__ import annotations

import functools
import sys

import docker
import typer
from rich.markup import escape
from docker.errors import DockerException
from rich.console import Console

# Logs and CI are not terminals: give tables room instead of rich's 80-column default.
console = Console(stderr=True, soft_wrap=True, width=None if sys.stderr.isatty() else 160)


@functools.cache
def docker_client() -> docker.DockerClient:
    """The engine's client, made and pinged once per command (callers ask for it freely)."""
    try:
        client = docker.from_env(timeout=600)
        client.ping()
        return client
    except DockerException as exc:
        fail(f"cannot reach the Docker engine ({exc}); start it with scripts/setup.sh")


def fail(message: str, code: int = 1) -> None:
    """Print the message as written (it may quote patterns such as "[x×]", which rich would
    read as markup) and exit."""
    console.print("[red]error:[/] " + escape(message))
    raise typer.Exit(code)
