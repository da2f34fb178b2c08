"""MCP tool-result content as the model should see it: text, images, and resources as their
text (or a description of their blob), never a placeholder.

Images are decoded only to learn their size (providers need it to fit their limits). A PNG
that Pillow rejects strictly — server-everything's own tiny image carries a bad CRC on an
optional chunk, which browsers accept — is passed through with the size from its IHDR; an
image that cannot be read at all becomes a line of text saying so, and the rest of the
result is kept."""

from __future__ import annotations

import base64
import binascii
import io
import struct

import mcp_types as types
from PIL import Image

from harness.messages import ImagePart

MAX_BLOB_NOTE = 200
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_content(blocks: list) -> tuple[list[str], list[ImagePart]]:
    texts: list[str] = []
    images: list[ImagePart] = []
    for block in blocks:
        if isinstance(block, types.TextContent):
            texts.append(block.text)
        elif isinstance(block, types.ImageContent):
            image, problem = decode_image(block.data, block.mime_type)
            if image is not None:
                images.append(image)
            else:
                texts.append(f"[an image ({block.mime_type}) the server sent could not be read: {problem}]")
        elif isinstance(block, types.EmbeddedResource):
            texts.append(_resource(block.resource))
        elif isinstance(block, types.ResourceLink):
            about = f" — {block.description}" if block.description else ""
            texts.append(f"[resource link: {block.name} <{block.uri}>{about}]")
        elif isinstance(block, types.AudioContent):
            texts.append(f"[audio ({block.mime_type}), {len(block.data) * 3 // 4:,} bytes: not shown to the model]")
        else:
            texts.append(f"[{getattr(block, 'type', 'unknown')} content]")
    return texts, images


def _resource(resource) -> str:
    if isinstance(resource, types.TextResourceContents):
        return f"[resource {resource.uri}]\n{resource.text}"
    size = len(resource.blob) * 3 // 4
    kind = resource.mime_type or "binary"
    return f"[resource {resource.uri}: {kind}, {size:,} bytes of binary data]"


def decode_image(data_b64: str, mime: str) -> tuple[ImagePart | None, str]:
    try:
        data = base64.b64decode(data_b64, validate=False)
    except (binascii.Error, ValueError) as exc:
        return None, f"not base64 ({exc})"
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            return ImagePart(data, mime, *image.size), ""
    except Exception as exc:  # noqa: BLE001 - a strict decoder's complaint is not the end of the result
        if data.startswith(PNG_SIGNATURE) and len(data) >= 24 and data[12:16] == b"IHDR":
            width, height = struct.unpack(">II", data[16:24])
            return ImagePart(data, mime, width, height), ""
        return None, f"{type(exc).__name__}: {exc}"
