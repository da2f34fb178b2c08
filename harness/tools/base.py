"""The tool protocol: a name, a JSON schema, and an async run against the trial's context."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from harness.messages import ImagePart
from harness.sandbox.types import Sandbox


class ToolError(Exception):
    """A failure the model should read and can act on (bad path, not an image, ...)."""


@dataclass(frozen=True)
class ImageLimits:
    """What the provider accepts per image; view_image downscales only to fit these."""

    max_pixels: int | None = None  # width * height
    max_side: int | None = None
    max_bytes: int | None = None


def image_limits_of(settings) -> ImageLimits:
    """The tool-side limits for a model's settings (None: a deterministic agent, no limits)."""
    if settings is None:
        return ImageLimits()
    s = settings.image_limits
    return ImageLimits(max_pixels=s.max_pixels, max_side=s.max_side, max_bytes=s.max_bytes)


@dataclass
class ToolContext:
    sandbox: Sandbox
    trial_dir: Path
    image_limits: ImageLimits = field(default_factory=ImageLimits)
    deliverable_names: tuple[str, ...] = ()  # the task's declared deliverable paths
    extras: dict[str, Any] = field(default_factory=dict)  # per-tool settings (search backend, ...)


@dataclass
class ToolOutput:
    text: str
    ok: bool = True
    images: list[ImagePart] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # structured facts for the trajectory


class Tool(Protocol):
    name: str
    description: str
    parameters: dict[str, Any]  # JSON Schema of the arguments object

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput: ...
