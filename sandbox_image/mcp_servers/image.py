"""Image analysis on files under the workspace: info, crop, rotate, OCR, colours, shapes and QR codes."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Annotated, Any, cast

import numpy as np
from PIL import ExifTags, Image, ImageOps, UnidentifiedImageError
from pydantic import BaseModel, Field

from mcp_servers._common import ToolError, bad_arg, make_server, workspace_path
from mcp_servers._imaging import (
    COLOR_CLASSES,
    color_classes,
    components,
    gps_from_exif,
    hex_color,
    name_color,
    parse_tesseract_tsv,
)

mcp = make_server("image", "Inspect and analyse images in the workspace. Paths are relative to the workspace "
                           "(or absolute inside it); coordinates are pixels from the top-left corner.")

Image.MAX_IMAGE_PIXELS = 50_000_000
OUT_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".bmp": "BMP", ".tif": "TIFF",
               ".tiff": "TIFF"}
PathArg = Annotated[str, Field(description="Image file, relative to the workspace (e.g. 'input/photo.jpg')")]


class Region(BaseModel):
    """A rectangle of the image in pixels."""

    x: Annotated[int, Field(ge=0, description="Left edge")]
    y: Annotated[int, Field(ge=0, description="Top edge")]
    width: Annotated[int, Field(ge=1, description="Width")]
    height: Annotated[int, Field(ge=1, description="Height")]


RegionArg = Annotated[Region | None, Field(description="Optional sub-rectangle to analyse instead of the "
                                                       "whole image")]


def _open(path: str, arg: str = "path", upright: bool = True) -> tuple[Path, Image.Image]:
    """The image at `path`; upright: turned as its EXIF orientation says (as a viewer shows it)."""
    file = workspace_path(path, arg)
    try:
        img = Image.open(file)
        img.load()
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise bad_arg(arg, f"{path!r} is not a readable image ({exc.__class__.__name__})") from None
    return file, (ImageOps.exif_transpose(img) or img) if upright else img


def _rgb(img: Image.Image) -> Image.Image:
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        back = Image.new("RGBA", img.size, "white")
        return Image.alpha_composite(back, img.convert("RGBA")).convert("RGB")
    return img.convert("RGB")


def _region(img: Image.Image, region: Region | None, arg: str = "region") -> Image.Image:
    if region is None:
        return img
    if region.x + region.width > img.width or region.y + region.height > img.height:
        raise bad_arg(arg, f"{region.model_dump()} extends beyond the {img.width}x{img.height} image")
    return img.crop((region.x, region.y, region.x + region.width, region.y + region.height))


def _save(img: Image.Image, out_path: str) -> dict[str, Any]:
    out = workspace_path(out_path, "out_path", must_exist=False)
    fmt = OUT_FORMATS.get(out.suffix.lower())
    if fmt is None:
        raise bad_arg("out_path", f"extension must be one of {', '.join(sorted(OUT_FORMATS))}")
    if fmt == "JPEG" and img.mode not in ("RGB", "L"):
        img = _rgb(img)
    out.parent.mkdir(parents=True, exist_ok=True)
    img.save(out, format=fmt)
    return {"out_path": str(out), "width": img.width, "height": img.height}


@mcp.tool()
def image_info(path: PathArg) -> dict[str, Any]:
    """Basic facts about an image file: format, width and height (as displayed, after any EXIF rotation),
    colour mode, alpha, frame count, file size, DPI, and selected EXIF fields (camera, date taken,
    orientation, GPS latitude/longitude) when present."""
    file, img = _open(path, upright=False)
    exif = img.getexif()
    size = img.size if exif.get(ExifTags.Base.Orientation, 1) in (1, 2, 3, 4) else img.size[::-1]
    names = {ExifTags.Base.Make: "make", ExifTags.Base.Model: "model", ExifTags.Base.DateTime: "datetime",
             ExifTags.Base.Orientation: "orientation", ExifTags.Base.ImageDescription: "description"}
    fields = {name: str(exif[tag]).strip() for tag, name in names.items() if tag in exif}
    taken = exif.get_ifd(0x8769).get(ExifTags.Base.DateTimeOriginal)
    if taken:
        fields["datetime_original"] = str(taken)
    return {"path": str(file), "format": img.format, "width": size[0], "height": size[1], "mode": img.mode,
            "has_alpha": "A" in img.getbands() or "transparency" in img.info,
            "frames": getattr(img, "n_frames", 1), "file_bytes": file.stat().st_size,
            "dpi": [round(float(v), 2) for v in img.info["dpi"]] if "dpi" in img.info else None,
            "exif": fields, "gps": gps_from_exif(exif)}


@mcp.tool()
def crop(
    path: PathArg,
    x: Annotated[int, Field(ge=0, description="Left edge in pixels")],
    y: Annotated[int, Field(ge=0, description="Top edge in pixels")],
    width: Annotated[int, Field(ge=1, description="Width in pixels")],
    height: Annotated[int, Field(ge=1, description="Height in pixels")],
    out_path: Annotated[str, Field(description="Where to write the crop in the workspace; the extension "
                                               "(.png, .jpg, .webp, ...) picks the format")],
) -> dict[str, Any]:
    """Cut a rectangle out of an image and save it as a new file (e.g. to zoom in before OCR or viewing)."""
    _, img = _open(path)
    if x + width > img.width or y + height > img.height:
        raise bad_arg("width" if x + width > img.width else "height",
                      f"rectangle x={x} y={y} {width}x{height} extends beyond the {img.width}x{img.height} image")
    return _save(img.crop((x, y, x + width, y + height)), out_path)


@mcp.tool()
def rotate(
    path: PathArg,
    degrees: Annotated[float, Field(description="Angle, counter-clockwise; negative turns clockwise")],
    out_path: Annotated[str, Field(description="Where to write the rotated image in the workspace")],
    expand: Annotated[bool, Field(description="Grow the canvas so nothing is cut off")] = True,
) -> dict[str, Any]:
    """Rotate an image (filling uncovered corners with white) and save it, e.g. to straighten a tilted sign
    or document before OCR. Multiples of 90 degrees are lossless."""
    if not -360 <= degrees <= 360:
        raise bad_arg("degrees", "must be between -360 and 360")
    _, img = _open(path)
    img = _rgb(img)
    if degrees % 90 == 0:
        turns = int(degrees // 90) % 4
        out = img.transpose([Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180,
                             Image.Transpose.ROTATE_270][turns - 1]) if turns else img
    else:
        out = img.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=expand, fillcolor="white")
    return _save(out, out_path)


@functools.lru_cache(maxsize=1)
def _tesseract_langs() -> tuple[str, ...]:
    if shutil.which("tesseract") is None:
        raise ToolError("OCR is unavailable: the tesseract program is not installed")
    proc = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=30, check=False)
    return tuple(sorted(ln.strip() for ln in proc.stdout.splitlines()[1:] if ln.strip() and ln != "osd"))


@mcp.tool()
def ocr(
    path: PathArg,
    lang: Annotated[str, Field(description="Tesseract language(s), e.g. 'eng' or 'eng+deu'")] = "eng",
    region: RegionArg = None,
    psm: Annotated[int, Field(description="Page segmentation: 3 auto, 4 one column, 6 one block, "
                                          "7 one line, 11 sparse text")] = 3,
    with_boxes: Annotated[bool, Field(description="Also return each word's box and confidence")] = False,
    scale: Annotated[float, Field(description="Enlarge by this factor (1-4) first; 2-3 helps small text")] = 1.0,
) -> dict[str, Any]:
    """Read the text in an image (or a region of it) with the Tesseract OCR engine. Returns the text
    line by line and the mean word confidence (0-100); with_boxes adds word boxes in image coordinates."""
    if psm not in (3, 4, 6, 7, 11, 12):
        raise bad_arg("psm", "must be one of 3, 4, 6, 7, 11, 12")
    if not 1 <= scale <= 4:
        raise bad_arg("scale", "must be between 1 and 4")
    langs = _tesseract_langs()
    for part in lang.split("+"):
        if part not in langs:
            raise bad_arg("lang", f"language {part!r} is not installed; available: {', '.join(langs)}")
    _, img = _open(path)
    part_img = _region(_rgb(img), region)
    if scale != 1:
        size = (round(part_img.width * scale), round(part_img.height * scale))
        part_img = part_img.resize(size, Image.Resampling.LANCZOS)
    with tempfile.TemporaryDirectory(prefix="mcp-ocr-") as tmp:
        src = Path(tmp) / "in.png"
        part_img.save(src)
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        proc = subprocess.run(["tesseract", str(src), "stdout", "-l", lang, "--psm", str(psm), "tsv"],
                              capture_output=True, text=True, timeout=120, env=env, check=False)
    if proc.returncode != 0:
        raise ToolError(f"tesseract failed: {proc.stderr.strip()[-300:]}")
    text, words = parse_tesseract_tsv(proc.stdout, (region.x, region.y) if region else (0, 0), scale)
    confs = [w["conf"] for w in words]
    out: dict[str, Any] = {"text": text, "words": len(words),
                           "mean_confidence": round(sum(confs) / len(confs), 1) if confs else None}
    if with_boxes:
        out["boxes"] = words[:2000]
    return out


@mcp.tool()
def color_stats(
    path: PathArg,
    region: RegionArg = None,
    k: Annotated[int, Field(description="How many dominant colours to return (1-10)")] = 5,
) -> dict[str, Any]:
    """Colour statistics of an image or region: mean colour (hex and RGB) and the k dominant colours
    (median-cut quantisation) with their share of pixels and a colour-class name such as 'red'."""
    if not 1 <= k <= 10:
        raise bad_arg("k", "must be between 1 and 10")
    _, img = _open(path)
    img = _region(_rgb(img), region)
    arr = np.asarray(img)
    mean = arr.reshape(-1, 3).mean(axis=0)
    small = img.copy()
    small.thumbnail((256, 256), Image.Resampling.NEAREST)
    quant = small.quantize(colors=k, method=Image.Quantize.MEDIANCUT)
    palette, total = quant.getpalette() or [], small.width * small.height
    counts = [(n, cast(int, i)) for n, i in quant.getcolors() or []]  # palette images: i is an index
    rgbs = [(n, palette[3 * i:3 * i + 3]) for n, i in sorted(counts, key=lambda c: (-c[0], c[1]))]
    dominant = [{"hex": hex_color(rgb), "rgb": rgb, "fraction": round(n / total, 4),
                 "name": name_color(tuple(rgb))} for n, rgb in rgbs]
    return {"width": img.width, "height": img.height, "mean_hex": hex_color(mean),
            "mean_rgb": [round(float(c), 1) for c in mean], "dominant": dominant}


@mcp.tool()
def count_shapes(
    path: PathArg,
    color: Annotated[str | None, Field(description="Colour class (black, white, gray, red, orange, brown, "
                                                   "yellow, green, cyan, blue, purple, pink) or '#rrggbb'; "
                                                   "omit to count everything unlike the background")] = None,
    min_area: Annotated[int, Field(ge=1, description="Ignore blobs smaller than this many pixels")] = 20,
    tolerance: Annotated[int, Field(ge=0, le=441, description="RGB distance for '#rrggbb' or "
                                                              "background matching")] = 60,
    region: RegionArg = None,
) -> dict[str, Any]:
    """Count separate shapes (4-connected blobs) of one colour. Returns the count and, largest first,
    each shape's area, bounding box [x, y, w, h], centroid and fill_ratio (area / box area: about 1.0 for
    rectangles, 0.785 for circles, 0.5 for triangles)."""
    _, img = _open(path)
    arr = np.asarray(_region(_rgb(img), region)).astype(np.int32)
    if color is None:
        border = np.concatenate([arr[0], arr[-1], arr[:, 0], arr[:, -1]])
        values, counts = np.unique(border, axis=0, return_counts=True)
        target, invert = values[int(np.argmax(counts))], True
        described = f"not background {hex_color(target)}"
    elif color.strip().startswith("#"):
        text = color.strip().lstrip("#")
        if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise bad_arg("color", f"{color!r} is not a '#rrggbb' hex colour")
        target, invert, described = np.array([int(text[i:i + 2], 16) for i in (0, 2, 4)]), False, color
    else:
        name = color.strip().lower().replace("grey", "gray").replace("violet", "purple")
        if name not in COLOR_CLASSES:
            raise bad_arg("color", f"unknown colour {color!r}; use one of {', '.join(COLOR_CLASSES)} or '#rrggbb'")
        mask, described = color_classes(arr.astype(np.uint8)) == COLOR_CLASSES.index(name), name
    if color is None or color.strip().startswith("#"):
        dist = np.sqrt(((arr - target) ** 2).sum(axis=-1))
        mask = dist > tolerance if invert else dist <= tolerance
    shapes = sorted((s for s in components(mask) if s["area"] >= min_area),
                    key=lambda s: (-s["area"], s["bbox"][1], s["bbox"][0]))
    return {"color": described, "count": len(shapes), "matching_pixels": int(mask.sum()), "shapes": shapes[:50]}


@mcp.tool()
def decode_qr(path: PathArg, region: RegionArg = None) -> dict[str, Any]:
    """Find and decode QR codes in an image (photos work if the code is reasonably sharp). Returns each
    code's text and its corner points in image coordinates; count is 0 when none is found."""
    try:
        import deqr
    except ImportError:
        raise ToolError("QR decoding is unavailable: the deqr package is not installed") from None
    _, img = _open(path)
    gray = _region(_rgb(img), region).convert("L")
    dx, dy = (region.x, region.y) if region else (0, 0)
    codes: list[Any] = []
    for decoder in (deqr.QuircDecoder(), deqr.QRdecDecoder()):
        for candidate in (gray, ImageOps.autocontrast(gray)):
            codes = decoder.decode(candidate)
            if codes:
                break
        if codes:
            break
    results = []
    for code in codes:
        text = "".join(e.data if isinstance(e.data, str) else e.data.decode("utf-8", "replace")
                       for e in code.data_entries)
        corners = [[int(x) + dx, int(y) + dy] for x, y in code.corners]
        # The centre from the corners: one of deqr's decoders reports an unreliable `center`.
        center = [sum(c[0] for c in corners) // len(corners), sum(c[1] for c in corners) // len(corners)]
        results.append({"text": text, "version": code.version, "corners": corners, "center": center})
    results.sort(key=lambda r: (r["center"][1], r["center"][0]))
    return {"count": len(results), "codes": results}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
