"""prepare_image: original bytes by default, downscale only for a limit, refuse what is not an image."""

from __future__ import annotations

import io
import random
import struct
import warnings
import zlib

import pytest
from PIL import Image, ImageFile

from harness.tools.base import ImageLimits, ToolError
from harness.tools.image_prep import _fit_size, prepare_image

NO_LIMITS = ImageLimits()


def encode(img: Image.Image, fmt: str, **params) -> bytes:
    out = io.BytesIO()
    img.save(out, format=fmt, **params)
    return out.getvalue()


def drawing(size: tuple[int, int] = (300, 200), mode: str = "RGB") -> Image.Image:
    """A few flat blocks: compresses well, like a plan or a chart."""
    img = Image.new(mode, size, "white")
    img.paste("red" if mode != "L" else 80, (10, 10, size[0] // 2, size[1] // 2))
    return img


def noise(size: tuple[int, int], seed: int = 1) -> Image.Image:
    """Incompressible pixels: the worst case for a byte limit."""
    return Image.frombytes("RGB", size, random.Random(seed).randbytes(size[0] * size[1] * 3))


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize(("fmt", "media"), [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp")])
def test_accepted_formats_pass_through_byte_for_byte(fmt, media):
    data = encode(drawing((300, 200)), fmt)
    prepared = prepare_image(data, NO_LIMITS, name="plan.img")
    assert prepared.part.data == data  # same object content: no re-encode
    assert (prepared.part.media_type, prepared.part.width, prepared.part.height) == (media, 300, 200)
    assert prepared.original_format == fmt and not prepared.downscaled
    assert prepared.note == "sent at original resolution 300×200"


def test_within_limits_still_passes_through():
    data = encode(drawing((300, 200)), "PNG")
    limits = ImageLimits(max_pixels=60_000, max_side=300, max_bytes=len(data))
    assert prepare_image(data, limits, name="a.png").part.data == data


def test_single_frame_gif_passes_through_and_animated_gif_sends_first_frame_as_png():
    still = encode(drawing((64, 48)).convert("P"), "GIF")
    prepared = prepare_image(still, NO_LIMITS, name="s.gif")
    assert prepared.part.data == still and prepared.part.media_type == "image/gif"

    frames = [Image.new("RGB", (64, 48), colour) for colour in ("blue", "green", "yellow")]
    animated = encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100)
    prepared = prepare_image(animated, NO_LIMITS, name="a.gif")
    assert prepared.part.media_type == "image/png" and (prepared.part.width, prepared.part.height) == (64, 48)
    assert "first frame" in prepared.note and not prepared.downscaled
    assert decoded(prepared.part.data).convert("RGB").getpixel((5, 5)) == (0, 0, 255)


@pytest.mark.parametrize("fmt", ["BMP", "TIFF"])
def test_bmp_and_tiff_become_lossless_png_of_the_same_size(fmt):
    img = noise((120, 90))
    prepared = prepare_image(encode(img, fmt), NO_LIMITS, name=f"scan.{fmt.lower()}")
    assert prepared.part.media_type == "image/png" and prepared.original_format == fmt
    assert (prepared.part.width, prepared.part.height) == (120, 90) and not prepared.downscaled
    assert decoded(prepared.part.data).convert("RGB").tobytes() == img.tobytes()
    assert f"converted losslessly from {fmt} to PNG at original resolution 120×90" in prepared.note


def test_cmyk_tiff_is_converted_to_rgb_png():
    prepared = prepare_image(encode(drawing((40, 30)).convert("CMYK"), "TIFF"), NO_LIMITS, name="c.tif")
    assert decoded(prepared.part.data).mode == "RGB"
    assert "(CMYK) to PNG (RGB)" in prepared.note


def test_max_side_downscales_keeping_aspect_ratio():
    data = encode(drawing((4000, 3000)), "PNG")
    prepared = prepare_image(data, ImageLimits(max_side=1000), name="big.png")
    assert (prepared.part.width, prepared.part.height) == (1000, 750)
    assert decoded(prepared.part.data).size == (1000, 750)
    assert prepared.downscaled and prepared.original_size == (4000, 3000)
    assert "downscaled from 4000×3000 to 1000×750" in prepared.note and "1000-px limit" in prepared.note


def test_max_pixels_downscales_keeping_aspect_ratio():
    prepared = prepare_image(encode(drawing((2000, 1000)), "JPEG"), ImageLimits(max_pixels=500_000), name="p.jpg")
    assert (prepared.part.width, prepared.part.height) == (1000, 500)
    assert "downscaled from 2000×1000 to 1000×500" in prepared.note and "megapixel limit" in prepared.note


def test_fit_size_is_exact_and_never_over():
    assert _fit_size(8000, 6000, ImageLimits(max_side=2048)) == (2048, 1536)
    assert _fit_size(6000, 8000, ImageLimits(max_side=2048)) == (1536, 2048)
    assert _fit_size(100, 100, ImageLimits(max_side=2048)) == (100, 100)
    for w, h, px in [(3001, 1999, 1_150_000), (7, 5000, 1000), (12345, 6789, 1_000_003)]:
        nw, nh = _fit_size(w, h, ImageLimits(max_pixels=px))
        assert nw * nh <= px and abs(nw / nh - w / h) < 0.05 * (w / h) + 1 / nh


def test_max_bytes_reencodes_at_same_size_when_that_is_enough():
    data = encode(drawing((800, 600)), "PNG", compress_level=0)  # bloated but simple
    limits = ImageLimits(max_bytes=len(data) // 10)
    prepared = prepare_image(data, limits, name="bloated.png")
    assert len(prepared.part.data) <= limits.max_bytes and not prepared.downscaled
    assert (prepared.part.width, prepared.part.height) == (800, 600)
    assert "re-encoded as PNG at original resolution 800×600" in prepared.note


def test_max_bytes_steps_to_jpeg_then_shrinks():
    data = encode(noise((600, 400)), "PNG")
    limits = ImageLimits(max_bytes=40_000)
    prepared = prepare_image(data, limits, name="photo.png")
    part = prepared.part
    assert len(part.data) <= 40_000 and part.media_type == "image/jpeg" and prepared.downscaled
    assert decoded(part.data).size == (part.width, part.height)
    assert abs(part.width / part.height - 1.5) < 0.02
    assert f"downscaled from 600×400 to {part.width}×{part.height} (JPEG q" in prepared.note
    assert "39.1 KB size limit" in prepared.note


def test_transparent_image_flattened_onto_white_for_jpeg():
    img = noise((300, 300)).convert("RGBA")
    img.putalpha(0)
    prepared = prepare_image(encode(img, "PNG", compress_level=0), ImageLimits(max_bytes=20_000), name="t.png")
    assert prepared.part.media_type == "image/jpeg" and len(prepared.part.data) <= 20_000
    assert decoded(prepared.part.data).convert("L").getextrema()[0] > 240  # white, not black


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n",
            r"report\.pdf is not a raster image \(looks like PDF\).*pdftoppm -png",
        ),
        (b"Room 1: 12.5 m2\nRoom 2: 9.75 m2\n", r"report\.pdf is not a raster image \(looks like text\)"),
        (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', r"looks like SVG.*rsvg-convert"),
        (b"", r"looks like an empty file"),
        (bytes(range(256)) * 4, r"looks like unrecognised binary data"),
    ],
)
def test_non_images_are_refused_with_the_file_name(data, expected):
    with pytest.raises(ToolError, match=expected):
        prepare_image(data, NO_LIMITS, name="report.pdf")


def patched_png(width: int, height: int) -> bytes:
    """A tiny valid PNG whose IHDR claims another size (CRC recomputed, so only the size lies)."""
    data = bytearray(encode(Image.new("RGB", (8, 8), "white"), "PNG"))
    ihdr = 8  # after the signature: length(4) type(4) data(13) crc(4)
    assert data[ihdr + 4 : ihdr + 8] == b"IHDR"
    data[ihdr + 8 : ihdr + 16] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr + 4 : ihdr + 21]))
    data[ihdr + 21 : ihdr + 25] = struct.pack(">I", crc)
    return bytes(data)


@pytest.mark.parametrize(("w", "h"), [(50_000, 50_000), (12_000, 9_000), (40_000, 10)])
def test_bombs_refused_from_the_header_without_decoding(monkeypatch, w, h):
    before = Image.MAX_IMAGE_PIXELS

    def no_decode(self):
        raise AssertionError("pixels were decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decode)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no DecompressionBombWarning may leak out
        with pytest.raises(ToolError, match=r"huge\.png is refused: its header claims"):
            prepare_image(patched_png(w, h), NO_LIMITS, name="huge.png")
    assert Image.MAX_IMAGE_PIXELS == before  # no global guard was changed


def test_truncated_and_corrupt_files_are_refused():
    data = encode(noise((200, 200)), "PNG")
    with pytest.raises(ToolError, match=r"cut\.png is corrupt or truncated"):
        prepare_image(data[: len(data) // 2], NO_LIMITS, name="cut.png")
    with pytest.raises(ToolError, match=r"head\.png .*corrupt or truncated"):
        prepare_image(data[:20], NO_LIMITS, name="head.png")
    jpeg = encode(noise((200, 200)), "JPEG")
    with pytest.raises(ToolError, match=r"cut\.jpg is corrupt or truncated"):
        prepare_image(jpeg[: len(jpeg) // 2], NO_LIMITS, name="cut.jpg")
