"""Evaluators for the image.* kinds (Pillow; OCR through the tesseract CLI)."""

from __future__ import annotations

import math
import tempfile
import warnings
from pathlib import Path
from typing import Any

from autorater.checks import proc
from autorater.checks.context import CheckContext
from autorater.checks.result import CheckError, CheckResult, verdict
from autorater.checks.safety import check_size
from autorater.checks.specs_media import ImageDimensions, ImageDominantColors, ImageOcrContains
from autorater.checks.textmatch import clip, describe, normalize, spec_matches, text_matches

MAX_PIXELS = 60_000_000  # refuse decompression bombs (Pillow's own default warns at 89M)
MAX_OCR_S = 60.0
_SAMPLE = 256  # colour shares are measured on a thumbnail of at most this many pixels a side


def image(ctx: CheckContext) -> Any:
    """The decoded image (RGBA), refusing decompression bombs before decoding."""

    def load() -> Any:
        path = ctx.file()
        check_size(path)
        from PIL import Image

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                with Image.open(path) as img:
                    w, h = img.size
                    if w * h > MAX_PIXELS:
                        raise CheckError(f"{path.name} refused: {w}×{h} pixels is over the {MAX_PIXELS:,}-pixel limit")
                    fmt = img.format
                    img.seek(0)  # first frame of an animation
                    return img.convert("RGBA"), fmt
        except CheckError:
            raise
        except Exception as exc:  # noqa: BLE001 - not an image Pillow can decode
            raise CheckError(f"{path.name} cannot be opened as an image: {type(exc).__name__}: {exc}") from None

    return ctx.load("image", load)


def dimensions(spec: ImageDimensions, ctx: CheckContext) -> CheckResult:
    img, fmt = image(ctx)
    w, h = img.size
    rules, ok = [], True
    for name, value in (("width", w), ("height", h)):
        exact, lo, hi = getattr(spec, name), getattr(spec, f"min_{name}"), getattr(spec, f"max_{name}")
        if exact is not None:
            rules.append(f"{name} = {exact}")
            ok &= value == exact
        if lo is not None:
            rules.append(f"{name} ≥ {lo}")
            ok &= value >= lo
        if hi is not None:
            rules.append(f"{name} ≤ {hi}")
            ok &= value <= hi
    return verdict(ok, f"{fmt or 'image'} {w}×{h} px; wanted {', '.join(rules)}")


def _hex_rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def dominant_colors(spec: ImageDominantColors, ctx: CheckContext) -> CheckResult:
    img, _ = image(ctx)
    thumb = img.copy()
    thumb.thumbnail((_SAMPLE, _SAMPLE))
    # Count colours once (at most 65k distinct on a 256×256 thumbnail), ignoring transparent pixels.
    counts = [(n, rgba[:3]) for n, rgba in thumb.getcolors(maxcolors=_SAMPLE * _SAMPLE + 1) if rgba[3] >= 128]
    opaque = sum(n for n, _ in counts)
    if not opaque:
        return verdict(False, "the image is fully transparent")
    reports, ok = [], True
    for color in spec.colors:
        target = _hex_rgb(color)
        share = sum(n for n, rgb in counts if math.dist(rgb, target) <= spec.tolerance) / opaque
        ok &= share >= spec.min_share
        reports.append(f"{color}: {share:.1%}")
    top = sorted(counts, reverse=True)[:3]
    common = ", ".join(f"#{r:02x}{g:02x}{b:02x} {n / opaque:.0%}" for n, (r, g, b) in top)
    return verdict(
        ok,
        f"share of pixels within RGB distance {spec.tolerance:g}: {'; '.join(reports)}; "
        f"wanted each ≥ {spec.min_share:.0%} (most common colours: {common})",
    )


def ocr_text(ctx: CheckContext, lang: str) -> str:
    def load() -> str:
        img, _ = image(ctx)
        from PIL import Image

        flat = Image.new("RGB", img.size, (255, 255, 255))
        flat.paste(img, mask=img.getchannel("A"))  # transparent areas read as white paper
        gray = flat.convert("L")
        if max(gray.size) < 1000:  # tesseract reads small text poorly; upscale small images
            factor = 2 if max(gray.size) >= 500 else 3
            gray = gray.resize((gray.width * factor, gray.height * factor), Image.Resampling.LANCZOS)
        with tempfile.TemporaryDirectory(prefix="ocr-", dir=ctx.work_dir) as tmp:
            src = Path(tmp) / "page.png"
            gray.save(src)
            done = proc.run(
                ["tesseract", str(src), "stdout", "-l", lang, "--psm", "3"],
                min(MAX_OCR_S, ctx.remaining()), env={"OMP_THREAD_LIMIT": "1"}, what="tesseract",
            )
        if done.returncode != 0:
            raise CheckError(f"tesseract failed (exit {done.returncode}): {clip(done.stderr, 200)}")
        return done.stdout

    return ctx.load(f"ocr.{lang}", load)


def ocr_contains(spec: ImageOcrContains, ctx: CheckContext) -> CheckResult:
    text = ocr_text(ctx, spec.lang)
    ok = spec_matches(text, spec)
    read = clip(normalize(text), 160) or "(no text recognised)"
    rule = describe(spec.text, spec.match, spec.ignore_case)
    return verdict(ok, f"OCR (tesseract, {spec.lang}) read {read!r}; wanted text that {rule}")


EVALUATORS = {
    "image.dimensions": dimensions,
    "image.dominant_colors": dominant_colors,
    "image.ocr_contains": ocr_contains,
}
