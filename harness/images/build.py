"""Build images tagged by a hash of what defines them, so unchanged images are reused.

The tag is `<repository>:<hash12>` where the hash covers the defining files (not the
derived wheels), the base image id and the parent image's tag. The same Dockerfiles
build the ordinary way elsewhere: the base image is only a build argument."""

from __future__ import annotations

import hashlib
from pathlib import Path

import docker
from docker.errors import BuildError, ImageNotFound
from rich.console import Console

from harness.images.base import ensure_base, local_base
from harness.images.specs import IMAGE_SPECS, ImageSpec
from harness.images.wheels import download_wheels, project_dependencies
from harness.paths import project_root

_SKIP_PARTS = {"wheels", "__pycache__", ".pytest_cache"}


class ImageMissingError(RuntimeError):
    pass


def content_hash(spec: ImageSpec, base_id: str, parent_tag: str | None) -> str:
    digest = hashlib.sha256()
    digest.update(f"base={base_id}\nparent={parent_tag}\n".encode())
    for rel in spec.defining:
        for file in _files_under(project_root() / rel):
            digest.update(str(file.relative_to(project_root())).encode() + b"\0")
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def expected_tag(client: docker.DockerClient, key: str) -> str:
    """The tag the image for `key` must carry given the files on disk now."""
    spec = IMAGE_SPECS[key]
    base = local_base(client)
    if base is None:
        raise ImageMissingError("no base image on this Docker engine: run `mka image build`")
    parent_tag = expected_tag(client, spec.parent) if spec.parent else None
    return f"{spec.repository}:{content_hash(spec, base.id, parent_tag)[:12]}"


def resolve_image(client: docker.DockerClient, key: str) -> str:
    """The built, up-to-date image for `key`; a clear error if it must be (re)built."""
    tag = expected_tag(client, key)
    try:
        client.images.get(tag)
    except ImageNotFound:
        raise ImageMissingError(
            f"image {tag} is not built (its files changed or it was never built): run `mka image build`"
        ) from None
    return tag


def build_images(
    client: docker.DockerClient,
    keys: list[str],
    console: Console,
    *,
    force: bool = False,
    pip_offline: bool = True,
) -> dict[str, str]:
    """Build `keys` (and the images they build on) and return key -> tag."""
    base_ref, base_id = ensure_base(client, console)
    built: dict[str, str] = {}
    for key in _with_parents(keys):
        spec = IMAGE_SPECS[key]
        parent_tag = built.get(spec.parent) if spec.parent else None
        tag = f"{spec.repository}:{content_hash(spec, base_id, parent_tag)[:12]}"
        if not force and _exists(client, tag):
            console.print(f"[green]{key}[/] {tag} is up to date")
        else:
            _build_one(client, spec, tag, base_ref, parent_tag, console, pip_offline)
        client.images.get(tag).tag(spec.repository, "latest")
        built[key] = tag
    return built


def _build_one(client, spec: ImageSpec, tag, base_ref, parent_tag, console: Console, pip_offline: bool) -> None:
    root = project_root()
    extra = project_dependencies() if spec.project_requirements else []
    with console.status(f"{spec.key}: downloading wheels on the host …"):
        count = download_wheels([root / r for r in spec.requirements], extra, root / spec.wheels_dir)
    console.print(f"[cyan]{spec.key}[/] {count} wheels ready in {spec.wheels_dir}")
    buildargs = {"PIP_OFFLINE": "1" if pip_offline else "0"}
    if parent_tag:
        buildargs["SANDBOX_IMAGE"] = parent_tag
    else:
        buildargs["BASE_IMAGE"] = base_ref
    run_build(client, root / spec.context, spec.dockerfile, tag, buildargs, spec.key, console)


def run_build(client: docker.DockerClient, context: Path, dockerfile: str, tag: str, buildargs: dict[str, str],
              key: str, console: Console) -> None:
    """Build `tag` from a context, labelled with what it is and its content hash, showing progress."""
    console.print(f"[cyan]{key}[/] building {tag}")
    stream = client.api.build(
        path=str(context), dockerfile=dockerfile, tag=tag, buildargs=buildargs, rm=True, forcerm=True, decode=True,
        labels={"org.mka.image": key, "org.mka.content-hash": tag.split(":")[1]},
    )
    _show_build_progress(stream, key, console)


def _show_build_progress(stream, key: str, console: Console) -> None:
    tail: list[str] = []
    with console.status(f"{key}: starting build …") as status:
        for chunk in stream:
            if "error" in chunk:
                log = "\n".join("    " + line for line in tail[-15:])
                raise BuildError(f"building {key} failed. Last build output:\n{log}\n{chunk['error'].strip()}", build_log=tail)
            text = chunk.get("stream", "").strip()
            if not text:
                continue
            tail = (tail + [text])[-40:]
            if text.startswith("Step "):
                console.print(f"  [bold]{key}[/] {text[:150]}")
            else:
                status.update(f"{key}: {text.splitlines()[-1][:110]}")


def _with_parents(keys: list[str]) -> list[str]:
    ordered: list[str] = []
    for key in keys:
        if key not in IMAGE_SPECS:
            raise ValueError(f"unknown image {key!r}; known: {', '.join(IMAGE_SPECS)}")
        chain = []
        while key is not None:
            chain.append(key)
            key = IMAGE_SPECS[key].parent
        for item in reversed(chain):
            if item not in ordered:
                ordered.append(item)
    return ordered


def _exists(client: docker.DockerClient, tag: str) -> bool:
    try:
        client.images.get(tag)
        return True
    except ImageNotFound:
        return False


def _files_under(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(
        p for p in path.rglob("*")
        if p.is_file() and not _SKIP_PARTS.intersection(p.relative_to(path).parts)
    )
