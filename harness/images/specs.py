"""What each image is built from: context, Dockerfile, wheels and the files that define it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from harness.paths import project_root


@dataclass(frozen=True)
class ImageSpec:
    key: str
    repository: str
    context: str  # build context, relative to the project root
    dockerfile: str  # relative to the context
    requirements: tuple[str, ...]  # requirement files whose wheels go into wheels_dir
    wheels_dir: str  # relative to the project root
    defining: tuple[str, ...]  # files/dirs (relative to the root) whose content is the image
    parent: str | None = None  # key of an image passed as SANDBOX_IMAGE; None: BASE_IMAGE
    project_requirements: bool = False  # also download the harness's own dependencies

    def path(self, rel: str) -> Path:
        return project_root() / rel


IMAGE_SPECS: dict[str, ImageSpec] = {
    spec.key: spec
    for spec in (
        ImageSpec(
            key="sandbox",
            repository="mka-sandbox",
            context="sandbox_image",
            dockerfile="sandbox/Dockerfile",
            requirements=("sandbox_image/sandbox/requirements.txt",),
            wheels_dir="sandbox_image/sandbox/wheels",
            defining=("sandbox_image/sandbox", "sandbox_image/mcp_servers"),
        ),
        ImageSpec(
            key="autorater",
            repository="mka-autorater",
            context=".",
            dockerfile="sandbox_image/autorater/Dockerfile",
            requirements=("sandbox_image/autorater/requirements.txt",),
            wheels_dir="sandbox_image/autorater/wheels",
            defining=("sandbox_image/autorater", "autorater/__init__.py", "autorater/checks"),
            parent="sandbox",
        ),
        ImageSpec(
            key="harness",
            repository="mka-harness",
            context=".",
            dockerfile="sandbox_image/harness/Dockerfile",
            requirements=(),
            wheels_dir="sandbox_image/harness/wheels",
            defining=("sandbox_image/harness/Dockerfile", "pyproject.toml", "README.md", "harness", "autorater"),
            project_requirements=True,
        ),
    )
}

# What `mka image build` builds when no image is named.
DEFAULT_IMAGES = ("sandbox", "autorater")
