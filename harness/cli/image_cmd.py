"""`mka image build`: build the sandbox and autorater images, and the per-task environment
images of a suite (no registry needed)."""

from __future__ import annotations

import os
from pathlib import Path

import typer
from docker.errors import BuildError

from harness.cli.common import console, docker_client, fail
from harness.images import IMAGE_SPECS, build_images
from harness.images.base import MIRROR_ENV, BaseImageError
from harness.images.specs import DEFAULT_IMAGES
from harness.images.task_env import EnvironmentBuildError, build_task_image
from harness.images.wheels import WheelDownloadError
from harness.tasks import TaskError, load_suite

app = typer.Typer(help="Build and inspect the harness's Docker images.", no_args_is_help=True)


@app.command("build")
def build(
    images: list[str] = typer.Argument(None, help=f"Which images ({', '.join(IMAGE_SPECS)}); default: sandbox autorater."),
    force: bool = typer.Option(False, "--force", help="Rebuild even if an image with the same content hash exists."),
    online: bool = typer.Option(False, "--online", help="Let the build reach PyPI too (default: host-downloaded wheels only)."),
    mirror: str = typer.Option(None, "--mirror", help="Debian mirror for a bootstrapped base (default: the host's apt sources)."),
    tasks: list[Path] = typer.Option([], "--tasks", help="Also build the [environment] images of the tasks in this task or suite folder (repeatable)."),
) -> None:
    """Build images tagged by a hash of their build context; unchanged images are reused."""
    if mirror:
        os.environ[MIRROR_ENV] = mirror
    client = docker_client()
    try:
        suite = [task for folder in tasks for task in load_suite(folder)]
        keys = list(images or DEFAULT_IMAGES)
        built = build_images(client, keys + (["sandbox"] if suite and "sandbox" not in keys else []), console,
                             force=force, pip_offline=not online)
        for task in suite:
            tag = build_task_image(client, task, console, force=force)
            if tag:
                built[f"task:{task.id}"] = tag
    except (BuildError, BaseImageError, WheelDownloadError, EnvironmentBuildError, TaskError, ValueError) as exc:
        fail(str(exc))
    for key, tag in built.items():
        typer.echo(f"{key}\t{tag}")
