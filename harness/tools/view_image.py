"""view_image: put an image file from the sandbox into the model's visual context.

Original resolution by default (see image_prep); the text result says exactly what was
sent, so a model that reads dimensions off a drawing knows the scale it is looking at."""

from __future__ import annotations

import asyncio
import posixpath
from typing import Any

from harness.sandbox.types import WORKSPACE, MiB, SandboxError
from harness.tools.base import ToolContext, ToolError, ToolOutput
from harness.tools.image_prep import prepare_image

# Large enough for a full-resolution scan or photo, small enough to keep one call's
# transfer and decode bounded; anything bigger should be cropped in the sandbox first.
MAX_FILE_BYTES = 64 * MiB


class ViewImageTool:
    name = "view_image"
    description = (
        "Load an image file (PNG, JPEG, WebP, GIF, BMP or TIFF) from the sandbox into your visual "
        "context at its original resolution, so you can look at it. It is downscaled only if it "
        "exceeds the model provider's image limits, and the result says so. PDFs and other "
        "documents must be converted to an image first (e.g. pdftoppm -png -r 150 file.pdf page)."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "path under /workspace, absolute or relative to /workspace"},
        },
        "required": ["path"],
        "additionalProperties": False,
    }

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        raw = args.get("path")
        if not isinstance(raw, str) or not raw:
            raise ToolError("view_image needs a non-empty 'path' string, e.g. {\"path\": \"plans/plan.png\"}")
        # Relative paths are taken from /workspace, like the shell's working directory.
        # No lexical fence beyond that: the read runs inside the sandbox as the agent user,
        # so it can see nothing the agent's own shell could not.
        path = posixpath.normpath(posixpath.join(WORKSPACE, raw))
        try:
            data = await ctx.sandbox.read_file(path, max_bytes=MAX_FILE_BYTES)
        except SandboxError as exc:
            raise ToolError(f"view_image: {exc}") from None
        # Decoding and resizing a large image is CPU-bound; keep the event loop (and the
        # other trials sharing it) responsive.
        prepared = await asyncio.to_thread(prepare_image, data, ctx.image_limits, name=path)
        part = prepared.part
        w, h = prepared.original_size
        text = (
            f"{path}: {prepared.original_format} image, {w}×{h}, {len(data)} bytes; {prepared.note}. "
            f"Sent as {part.media_type}, {part.width}×{part.height}, {len(part.data)} bytes."
        )
        return ToolOutput(
            text=text,
            images=[part],
            data={
                "path": path,
                "original_size": [w, h],
                "sent_size": [part.width, part.height],
                "downscaled": prepared.downscaled,
                "sha256": part.sha256,
            },
        )
