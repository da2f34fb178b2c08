"""Drawing helpers shared by the tool-use tasks' make_inputs.py scripts.

Runs in the sandbox image (Pillow, numpy, matplotlib, reportlab, DejaVu and Liberation
fonts). Everything random takes an explicit seed, so each task's inputs regenerate byte for
byte from its `make_inputs.py --out DIR`."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_FILES = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sans-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serif-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "mono-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "arial": "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "arial-bold": "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "arial-italic": "/usr/share/fonts/truetype/liberation2/LiberationSans-Italic.ttf",
    "times": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
    "times-bold": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf",
    "times-italic": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Italic.ttf",
    "courier": "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    "courier-bold": "/usr/share/fonts/truetype/liberation2/LiberationMono-Bold.ttf",
}


def out_dir() -> Path:
    """The --out folder of a make_inputs.py (created if needed)."""
    parser = argparse.ArgumentParser(description="Generate this task's input images.")
    parser.add_argument("--out", type=Path, required=True, help="folder to write the inputs to")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    return out


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_FILES[name], size)


def text_size(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont) -> tuple[int, int]:
    box = draw.textbbox((0, 0), text, font=fnt)
    return box[2] - box[0], box[3] - box[1]


def centered(draw: ImageDraw.ImageDraw, cx: float, y: float, text: str, fnt, fill) -> None:
    w, _ = text_size(draw, text, fnt)
    draw.text((cx - w / 2, y), text, font=fnt, fill=fill)


def gradient(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]) -> Image.Image:
    w, h = size
    t = np.linspace(0, 1, h)[:, None, None]
    arr = (np.array(top)[None, None, :] * (1 - t) + np.array(bottom)[None, None, :] * t)
    return Image.fromarray(np.repeat(arr, w, axis=1).astype(np.uint8))


def texture(size: tuple[int, int], base: tuple[int, int, int], seed: int, amount: float = 10,
            blur: float = 1.5) -> Image.Image:
    """A flat colour with soft, low-frequency mottling (paper, wall, cardboard)."""
    rng = np.random.default_rng(seed)
    w, h = size
    small = rng.normal(0, 1, (h // 8 + 2, w // 8 + 2, 1))
    noise = Image.fromarray(((small - small.min()) / (np.ptp(small) or 1) * 255).astype(np.uint8)[..., 0])
    noise = noise.resize((w, h), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(blur))
    n = (np.asarray(noise, dtype=np.float32) / 255 - 0.5)[..., None] * 2 * amount
    arr = np.clip(np.array(base, dtype=np.float32)[None, None, :] + n, 0, 255)
    return Image.fromarray(arr.astype(np.uint8))


def grain(img: Image.Image, seed: int, sigma: float = 4.0) -> Image.Image:
    """Fine sensor noise."""
    rng = np.random.default_rng(seed)
    arr = np.asarray(img.convert("RGB"), dtype=np.float32)
    arr = arr + rng.normal(0, sigma, arr.shape[:2])[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def vignette(img: Image.Image, strength: float = 0.25) -> Image.Image:
    w, h = img.size
    y, x = np.ogrid[:h, :w]
    d = np.sqrt(((x - w / 2) / (w / 2)) ** 2 + ((y - h / 2) / (h / 2)) ** 2) / np.sqrt(2)
    mask = 1 - strength * d ** 2
    arr = np.asarray(img.convert("RGB"), dtype=np.float32) * mask[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def shadow_paste(base: Image.Image, item: Image.Image, xy: tuple[int, int], angle: float = 0.0,
                 offset: int = 8, blur: int = 8, opacity: int = 110) -> None:
    """Paste `item` (RGB or RGBA) onto `base` at xy, turned by `angle` degrees, with a soft shadow."""
    item = item.convert("RGBA")
    if angle:
        item = item.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    alpha = item.split()[3]
    shadow = Image.new("RGBA", item.size, (0, 0, 0, 0))
    shadow.putalpha(alpha.point(lambda a: opacity if a > 0 else 0))
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    base.paste(shadow, (xy[0] + offset, xy[1] + offset), shadow)
    base.paste(item, xy, item)


def rounded_card(size: tuple[int, int], fill, radius: int = 18, outline=None, width: int = 0) -> Image.Image:
    card = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(card).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius, fill=fill,
                                           outline=outline, width=width)
    return card


def qr_image(text: str, module: int = 8, border: int = 4, level: str = "M",
             dark=(0, 0, 0), light=(255, 255, 255)) -> Image.Image:
    """A QR code (reportlab's encoder) as a crisp RGB image."""
    from reportlab.graphics.barcode import qrencoder

    levels = {"L": qrencoder.QRErrorCorrectLevel.L, "M": qrencoder.QRErrorCorrectLevel.M,
              "Q": qrencoder.QRErrorCorrectLevel.Q, "H": qrencoder.QRErrorCorrectLevel.H}
    code = qrencoder.QRCode(None, levels[level])
    code.addData(text)
    code.make()
    n = code.getModuleCount()
    size = (n + 2 * border) * module
    img = Image.new("RGB", (size, size), light)
    draw = ImageDraw.Draw(img)
    for r in range(n):
        for c in range(n):
            if code.isDark(r, c):
                x, y = (c + border) * module, (r + border) * module
                draw.rectangle((x, y, x + module - 1, y + module - 1), fill=dark)
    return img


def save_jpeg(img: Image.Image, path: Path, quality: int = 88, exif: bytes | None = None) -> None:
    kwargs = {"quality": quality, "optimize": True, "subsampling": 0}
    if exif is not None:
        kwargs["exif"] = exif
    img.convert("RGB").save(path, "JPEG", **kwargs)


def save_png(img: Image.Image, path: Path) -> None:
    img.save(path, "PNG", optimize=True)
