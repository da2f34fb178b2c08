"""Remove sandbox containers left behind by harness processes that no longer exist."""

from __future__ import annotations

from dataclasses import dataclass

import docker
from docker.errors import APIError, NotFound

from harness.sandbox.hardening import LABEL_ROLE, LABEL_RUN, LABEL_TRIAL, LABEL_WORKSPACE, owner_alive


@dataclass(frozen=True)
class PrunedContainer:
    short_id: str
    role: str
    run_id: str
    trial_id: str


def prune_containers(
    client: docker.DockerClient, *, run_id: str | None = None, include_live: bool = False
) -> list[PrunedContainer]:
    """Remove our containers whose owner process is gone (or all of a run, or all)."""
    filters = {"label": [LABEL_ROLE] + ([f"{LABEL_RUN}={run_id}"] if run_id else [])}
    removed = []
    # Sparse: the list call alone, labels included. A full list inspects each container and
    # fails outright when one is removed meanwhile (a sandbox closing, another prune).
    for container in client.containers.list(all=True, filters=filters, sparse=True):
        labels = container.attrs.get("Labels") or {}
        if not include_live and not run_id and owner_alive(labels):
            continue
        try:
            container.remove(force=True, v=True)
        except NotFound:
            continue
        except APIError as exc:
            if exc.status_code == 409:  # already being removed (its own close, or another prune)
                continue
            raise
        removed.append(
            PrunedContainer(container.id[:12], labels.get(LABEL_ROLE, "?"), labels.get(LABEL_RUN, "?"), labels.get(LABEL_TRIAL, "?"))
        )
    prune_workspace_volumes(client)
    return removed


def prune_workspace_volumes(client: docker.DockerClient) -> list[str]:
    """Remove sandbox workspace volumes no container uses any more. A sandbox's volume is removed
    just after its container (harness.sandbox.volumes); a SIGKILL between the two leaves it here."""
    gone = []
    for volume in client.volumes.list(filters={"label": LABEL_WORKSPACE, "dangling": True}):
        try:
            volume.remove()
        except NotFound:
            continue
        except APIError as exc:
            if exc.status_code == 409:  # in use again, or being removed by its owner's remover
                continue
            raise
        gone.append(volume.name)
    return gone
