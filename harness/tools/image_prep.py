"""Turn an image file's bytes into what the model sees: original resolution unless a limit forbids it.

Provider-accepted formats (png/jpeg/webp/gif) within the limits go through byte for byte;
bmp/tiff and multi-frame files become a lossless PNG of the first frame at the same size.
Only a limit in `ImageLimits` ever causes a downscale, and the note says what happened.
Every failure (not an image, corrupt, too large to decode safely) is a ToolError naming
the file, so the model can act on it."""

from __future__ import annotations

import io
import math
import warnings
from dataclasses import dataclass

from PIL import Image, ImageFile, UnidentifiedImageError

from harness.messages import ImagePart
from harness.tools.base import ImageLimits, ToolError

# Hard caps checked on the header before any pixel is decoded. Our own, not Pillow's
# global MAX_IMAGE_PIXELS, so importing this module changes nothing for anyone else.
HARD_MAX_PIXELS = 100_000_000
HARD_MAX_SIDE = 30_000

PASSTHROUGH = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
# Restricting Image.open to these keeps every other Pillow plugin (EPS, PSD, ...) out of reach.
ACCEPTED = (*PASSTHROUGH, "BMP", "TIFF")
JPEG_QUALITIES = (90, 80, 70, 60)
PNG_MODES = ("1", "L", "LA", "P", "RGB", "RGBA", "I;16")  # what PNG stores without conversion
# Errors Pillow raises on corrupt or truncated input; UnidentifiedImageError is an OSError.
_DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, IndexError, Image.DecompressionBombError)


@dataclass(frozen=True)
class PreparedImage:
    part: ImagePart  # the bytes actually sent and their size
    original_size: tuple[int, int]
    original_format: str  # Pillow's name: PNG, JPEG, WEBP, GIF, BMP, TIFF
    downscaled: bool
    note: str  # plain language: resolution sent, and why if it is not the original


def prepare_image(data: bytes, limits: ImageLimits, *, name: str) -> PreparedImage:
    with warnings.catch_warnings():
        # Pillow warns past its own (global) bomb threshold; our header check below is the
        # guard that decides, so the warning is silenced here, locally, not process-wide.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            img = Image.open(io.BytesIO(data), formats=ACCEPTED)  # lazy: reads the header only
        except UnidentifiedImageError:
            raise ToolError(_not_an_image(data, name)) from None
        except Image.DecompressionBombError as exc:  # Pillow's own hard stop, far past our cap
            raise ToolError(f"{name} is refused: its header claims an absurd size ({exc})") from None
        except _DECODE_ERRORS as exc:
            raise ToolError(f"{name} is corrupt or truncated and cannot be read ({exc})") from None
        with img:
            return _prepare_opened(img, data, limits, name)


def _prepare_opened(img: ImageFile.ImageFile, data: bytes, limits: ImageLimits, name: str) -> PreparedImage:
    fmt = img.format or "unknown"
    w, h = img.size
    if w * h > HARD_MAX_PIXELS or max(w, h) > HARD_MAX_SIDE:
        raise ToolError(
            f"{name} is refused: its header claims {w}×{h} ({w * h / 1e6:.1f} megapixels), over the "
            f"{HARD_MAX_PIXELS // 1_000_000}-megapixel / {HARD_MAX_SIDE}-px safety cap; "
            "crop or downscale it in the sandbox first (e.g. with Pillow or ImageMagick)"
        )
    try:
        animated = bool(getattr(img, "is_animated", False))  # cheap: looks for a second frame only
        img.load()  # full decode: proves the file is not truncated before we send it anywhere
    except _DECODE_ERRORS as exc:
        raise ToolError(f"{name} is corrupt or truncated and cannot be decoded ({exc})") from None

    notes: list[str] = []
    if animated:
        notes.append(f"animated {fmt}: only the first frame is sent")
    target = _fit_size(w, h, limits)
    fits_bytes = limits.max_bytes is None or len(data) <= limits.max_bytes
    if fmt in PASSTHROUGH and not animated and target == (w, h) and fits_bytes:
        part = ImagePart(data=data, media_type=PASSTHROUGH[fmt], width=w, height=h)
        return PreparedImage(part, (w, h), fmt, False, "; ".join([f"sent at original resolution {w}×{h}", *notes]))

    frame: Image.Image = img
    if target != (w, h):
        frame = _resizable(img).resize(target, Image.Resampling.LANCZOS)
    elif img.mode not in PNG_MODES:
        frame = _resizable(img)  # e.g. CMYK or 32-bit TIFF: PNG cannot hold it as is
    part, how = _encode_within(frame, limits, name)
    sent = (part.width, part.height)
    why = _reasons(w, h, len(data), limits)
    if sent != (w, h):
        head = f"downscaled from {w}×{h} to {sent[0]}×{sent[1]} ({how}) to fit {why}"
    elif fmt in PASSTHROUGH and not animated:  # same size, re-encoded only for the byte limit
        head = f"re-encoded as {how} at original resolution {w}×{h} to fit {why}"
    elif how == "PNG" and img.mode in PNG_MODES:
        head = f"converted losslessly from {fmt} to PNG at original resolution {w}×{h}"
    elif how == "PNG":  # CMYK, 32-bit, float...: the colour depth changes, the size does not
        head = f"converted from {fmt} ({img.mode}) to PNG ({frame.mode}) at original resolution {w}×{h}"
    else:
        head = f"converted from {fmt} to {how} at original resolution {w}×{h} to fit {why}"
    return PreparedImage(part, (w, h), fmt, sent != (w, h), "; ".join([head, *notes]))


def _fit_size(w: int, h: int, limits: ImageLimits) -> tuple[int, int]:
    """The largest size with the same aspect ratio inside max_side and max_pixels."""
    scale = 1.0
    if limits.max_side is not None and max(w, h) > limits.max_side:
        scale = min(scale, limits.max_side / max(w, h))
    if limits.max_pixels is not None and w * h > limits.max_pixels:
        scale = min(scale, math.sqrt(limits.max_pixels / (w * h)))
    if scale >= 1.0:
        return w, h
    while True:  # float rounding can land one pixel over; nudge down until every limit holds
        nw, nh = max(1, math.floor(w * scale + 1e-9)), max(1, math.floor(h * scale + 1e-9))
        over_side = limits.max_side is not None and max(nw, nh) > limits.max_side
        over_pixels = limits.max_pixels is not None and nw * nh > limits.max_pixels
        if not (over_side or over_pixels) or (nw, nh) == (1, 1):
            return nw, nh
        scale *= 0.999


def _resizable(img: Image.Image) -> Image.Image:
    """A mode LANCZOS can resize and PNG can save (palette and 1-bit would resize NEAREST only)."""
    if img.mode in ("L", "LA", "RGB", "RGBA", "I;16"):
        return img
    if img.mode == "1":
        return img.convert("L")
    return img.convert("RGBA" if _has_alpha(img) else "RGB")


def _has_alpha(img: Image.Image) -> bool:
    return img.mode in ("LA", "RGBA", "PA", "La", "RGBa") or img.has_transparency_data


def _encode_within(frame: Image.Image, limits: ImageLimits, name: str) -> tuple[ImagePart, str]:
    """PNG first (lossless); over max_bytes, JPEG 90..60; still over, shrink and try again."""
    while True:
        smallest = 0
        for quality in (None, *JPEG_QUALITIES):
            data = _encode(frame, quality)
            media, how = ("image/png", "PNG") if quality is None else ("image/jpeg", f"JPEG q{quality}")
            if limits.max_bytes is None or len(data) <= limits.max_bytes:
                return ImagePart(data=data, media_type=media, width=frame.width, height=frame.height), how
            smallest = min(smallest or len(data), len(data))
        assert limits.max_bytes is not None  # only a byte limit can get us here
        if frame.size == (1, 1):
            raise ToolError(f"{name} cannot be encoded under the provider's {_human(limits.max_bytes)} limit")
        # Bytes grow roughly with area: aim just under the limit, shrinking at least 10% a round.
        ratio = max(0.25, min(0.9, math.sqrt(limits.max_bytes / smallest) * 0.95))
        size = (max(1, int(frame.width * ratio)), max(1, int(frame.height * ratio)))
        frame = _resizable(frame).resize(size, Image.Resampling.LANCZOS)


def _encode(frame: Image.Image, quality: int | None) -> bytes:
    out = io.BytesIO()
    if quality is None:
        frame.save(out, format="PNG")
        return out.getvalue()
    if _has_alpha(frame):  # JPEG has no alpha: flatten onto white, not black
        rgba = frame.convert("RGBA")
        flat = Image.new("RGB", frame.size, "white")
        flat.paste(rgba, mask=rgba.getchannel("A"))
        frame = flat
    elif frame.mode not in ("L", "RGB"):
        frame = frame.convert("RGB")
    frame.save(out, format="JPEG", quality=quality)
    return out.getvalue()


def _reasons(w: int, h: int, nbytes: int, limits: ImageLimits) -> str:
    """Which of the provider's limits the original breaks, in words."""
    found = []
    if limits.max_side is not None and max(w, h) > limits.max_side:
        found.append(f"{limits.max_side}-px limit")
    if limits.max_pixels is not None and w * h > limits.max_pixels:
        found.append(f"{limits.max_pixels / 1e6:g}-megapixel limit")
    if limits.max_bytes is not None and (nbytes > limits.max_bytes or not found):
        found.append(f"{_human(limits.max_bytes)} size limit")
    return "the provider's " + " and ".join(found)


def _human(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    return f"{n / 1024:.1f} KB" if n < 1024**2 else f"{n / 1024**2:.1f} MB"


def _not_an_image(data: bytes, name: str) -> str:
    """Say what the file looks like instead, and how to turn it into an image."""
    head = data[:1024]
    kind, advice = "unrecognised binary data", "convert it to PNG first"
    if not data:
        kind = "an empty file"
    elif head.startswith(b"%PDF"):
        kind, advice = "PDF", "convert a page to PNG first (e.g. pdftoppm -png -r 150)"
    elif head.startswith((b"%!PS", b"\xc5\xd0\xd3\xc6")):
        kind, advice = "PostScript", "render it to PNG first (e.g. gs -sDEVICE=png16m -r150)"
    elif b"<svg" in head.lower():
        kind, advice = "SVG, a vector format", "render it to PNG first (e.g. rsvg-convert or cairosvg)"
    elif head.startswith(b"PK\x03\x04"):
        kind = "a ZIP archive (DOCX/XLSX/PPTX are ZIPs)"
    elif head[4:8] == b"ftyp":
        kind = "HEIC/AVIF or MP4/MOV" if head[8:12] in (b"heic", b"heix", b"mif1", b"avif") else "MP4/MOV video"
    elif head.startswith((b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM", b"II*\x00", b"MM\x00*")) or (
        head.startswith(b"RIFF") and head[8:12] == b"WEBP"
    ):
        return f"{name} has an image signature but is corrupt or truncated; it cannot be read"
    elif _looks_like_text(head):
        kind = "text"
        advice = "read it with a shell command instead (view_image only shows raster images)"
    return (f"{name} is not a raster image (looks like {kind}); {advice}. "
            "view_image accepts PNG, JPEG, WebP, GIF, BMP and TIFF")


def _looks_like_text(head: bytes) -> bool:
    for cut in range(4):  # the 1 KB sample may end inside a multi-byte character
        try:
            text = head[: len(head) - cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return all(c.isprintable() or c in "\t\r\n\f" for c in text)
    return False
