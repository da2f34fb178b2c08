"""view_image against a real sandbox: the model gets the file's own bytes, or a clear error."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from harness.tools.base import ImageLimits, ToolContext, ToolError
from harness.tools.view_image import ViewImageTool

pytestmark = pytest.mark.docker


def plan_png(size: tuple[int, int] = (640, 480)) -> bytes:
    img = Image.new("RGB", size, "white")
    img.paste("black", (20, 20, 300, 22))  # a wall line
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def ctx(sandbox, tmp_path) -> ToolContext:
    return ToolContext(sandbox=sandbox, trial_dir=tmp_path)


@pytest.mark.parametrize("path", ["plans/plan.png", "/workspace/plans/plan.png", "./plans/../plans/plan.png"])
async def test_sends_the_original_bytes(sandbox, ctx, path):
    data = plan_png()
    await sandbox.write_file("plans/plan.png", data)
    out = await ViewImageTool().run({"path": path}, ctx)
    assert out.ok and len(out.images) == 1
    part = out.images[0]
    assert part.data == data and part.media_type == "image/png" and (part.width, part.height) == (640, 480)
    assert out.data == {
        "path": "/workspace/plans/plan.png",
        "original_size": [640, 480],
        "sent_size": [640, 480],
        "downscaled": False,
        "sha256": part.sha256,
    }
    assert "PNG" in out.text and "640×480" in out.text and "original resolution" in out.text


async def test_downscales_only_for_the_provider_limit(sandbox, tmp_path):
    await sandbox.write_file("plans/wide.png", plan_png((3000, 1000)))
    ctx = ToolContext(sandbox=sandbox, trial_dir=tmp_path, image_limits=ImageLimits(max_side=1500))
    out = await ViewImageTool().run({"path": "plans/wide.png"}, ctx)
    assert (out.images[0].width, out.images[0].height) == (1500, 500)
    assert out.data["downscaled"] is True and out.data["original_size"] == [3000, 1000]
    assert "downscaled from 3000×1000 to 1500×500" in out.text


async def test_missing_file_names_the_path(ctx):
    with pytest.raises(ToolError, match="/workspace/plans/missing.png"):
        await ViewImageTool().run({"path": "plans/missing.png"}, ctx)


async def test_text_file_is_refused(sandbox, ctx):
    await sandbox.write_file("notes/areas.txt", "Room 1: 12.5 m2\n")
    with pytest.raises(ToolError, match=r"/workspace/notes/areas\.txt is not a raster image \(looks like text\)"):
        await ViewImageTool().run({"path": "notes/areas.txt"}, ctx)


async def test_bad_arguments_are_refused(ctx):
    with pytest.raises(ToolError, match="non-empty 'path'"):
        await ViewImageTool().run({}, ctx)
