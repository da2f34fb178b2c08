"""The Debian base image: use a local one, pull it, or bootstrap it with debootstrap.

Machines without a container registry cannot pull debian:bookworm; there we build the
same distribution from Debian's package mirror and `docker import` it."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound
from rich.console import Console

from harness.images.mirror import debian_mirror

UPSTREAM_BASE = "debian:bookworm"
BOOTSTRAPPED_BASE = "mka-base:bookworm"
MIRROR_ENV = "MKA_DEBIAN_MIRROR"  # set by `mka image build --mirror`, or by the user


class BaseImageError(RuntimeError):
    pass


def local_base(client: docker.DockerClient) -> docker.models.images.Image | None:
    """The base image already on this engine, preferring an explicit MKA_BASE_IMAGE."""
    for ref in _candidates():
        try:
            return client.images.get(ref)
        except ImageNotFound:
            continue
    return None


def ensure_base(client: docker.DockerClient, console: Console) -> tuple[str, str]:
    """Return (reference, image id) of a usable base image, creating it if needed."""
    image = local_base(client)
    if image is not None:
        ref = next(t for t in _candidates() if t in image.tags)
        console.print(f"[green]base[/] {ref} present ({image.short_id})")
        return ref, image.id
    forced = os.environ.get("MKA_BASE_IMAGE")
    if forced:
        raise BaseImageError(f"MKA_BASE_IMAGE={forced} is not on this Docker engine")
    try:
        console.print(f"[cyan]base[/] pulling {UPSTREAM_BASE} …")
        image = client.images.pull(UPSTREAM_BASE)
        return UPSTREAM_BASE, image.id
    except APIError as exc:
        console.print(f"[yellow]base[/] cannot pull {UPSTREAM_BASE} ({_short(exc)}); bootstrapping from Debian")
    image = bootstrap_base(client, console)
    return BOOTSTRAPPED_BASE, image.id


def bootstrap_base(client: docker.DockerClient, console: Console) -> docker.models.images.Image:
    if shutil.which("debootstrap") is None:
        raise BaseImageError(
            "no base image can be pulled and `debootstrap` is missing: apt-get install debootstrap "
            "(scripts/setup.sh does this)"
        )
    if os.geteuid() != 0:
        raise BaseImageError("debootstrap needs root to build the base image; run `mka image build` as root")
    mirror = os.environ.get(MIRROR_ENV) or debian_mirror()
    if not mirror:
        raise BaseImageError("no Debian bookworm mirror in /etc/apt's sources: pass `mka image build --mirror URL`")
    with tempfile.TemporaryDirectory(prefix="mka-rootfs-") as tmp:
        rootfs = Path(tmp) / "rootfs"
        console.print(f"[cyan]base[/] debootstrap --variant=minbase bookworm from {mirror} (about a minute)")
        _run(["debootstrap", "--variant=minbase", "bookworm", str(rootfs), mirror], console, "debootstrap")
        archive = Path(tmp) / "rootfs.tar"
        _run(["tar", "-C", str(rootfs), "--numeric-owner", "-cf", str(archive), "."], console, "tar")
        console.print(f"[cyan]base[/] importing as {BOOTSTRAPPED_BASE}")
        repository, tag = BOOTSTRAPPED_BASE.split(":")
        client.api.import_image_from_file(
            str(archive), repository=repository, tag=tag, changes=['CMD ["/bin/bash"]']
        )
    return client.images.get(BOOTSTRAPPED_BASE)


def _candidates() -> list[str]:
    forced = os.environ.get("MKA_BASE_IMAGE")
    return [forced] if forced else [UPSTREAM_BASE, BOOTSTRAPPED_BASE]


def _run(cmd: list[str], console: Console, label: str) -> None:
    with console.status(f"{label} …") as status:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert proc.stdout is not None
        tail: list[str] = []
        for line in proc.stdout:
            tail = (tail + [line.rstrip()])[-20:]
            status.update(f"{label}: {line.strip()[:100]}")
        if proc.wait() != 0:
            raise BaseImageError(f"{label} failed (exit {proc.returncode}):\n" + "\n".join(tail))


def _short(exc: Exception) -> str:
    text = str(exc)
    return text if len(text) < 160 else text[:157] + "…"
