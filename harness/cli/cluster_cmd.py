"""`mka cluster prepare`: make every node of a Ray cluster ready to run trials and gradings."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError, resolve_image
from harness.images.task_env import resolve_task_image
from harness.runner.executors import ExecutorError
from harness.tasks import TaskError, load_suite

app = typer.Typer(help="Work with a Ray cluster of sandbox nodes (see README: Ray cluster).", no_args_is_help=True)


@app.command("prepare")
def prepare(
    tasks: list[Path] = typer.Argument(None, help="Task or suite folders whose [environment] images the nodes need too."),
    ray_address: str = typer.Option(None, "--ray-address", help="The cluster (HOST:PORT); default: a local Ray runtime."),
) -> None:
    """Ship this machine's content-hashed images (sandbox, autorater, task environments) to every
    node that lacks them or holds stale ones (docker save | docker load), then verify each node."""
    from harness.runner.ray_cluster import RayCluster, import_ray  # noqa: PLC0415 - Ray loads only for this verb

    import_ray(ray_address)  # first: keeps a loopback cluster on 127.0.0.1
    from harness.runner.ray_images import prepare as prepare_nodes  # noqa: PLC0415

    client = docker_client()
    try:
        suite = [task for folder in tasks or [] for task in load_suite(folder)]
        tags = {resolve_image(client, "sandbox"), resolve_image(client, "autorater")}
        tags |= {resolve_task_image(client, task) for task in suite}
    except (ImageMissingError, TaskError) as exc:
        fail(f"{exc} (the head ships what it has built)")
    try:
        cluster = RayCluster(ray_address, local_slots=1)
    except ExecutorError as exc:
        fail(str(exc))
    try:
        reports = prepare_nodes(cluster, tags, lambda line: console.print(line))
    except ExecutorError as exc:
        fail(str(exc))
    finally:
        cluster.close()
    for report in reports:
        pruned = f", removed {report.pruned} container(s) of dead harness processes" if report.pruned else ""
        typer.echo(f"{report.node.name}\tready\t{report.node.slots} sandbox slot(s)\t{len(tags)} image(s) verified{pruned}")
