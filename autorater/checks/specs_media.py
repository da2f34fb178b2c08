"""Spec models for PDF, HTML and image checks. Page indices are 1-based."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, NonNegativeFloat, PositiveFloat, PositiveInt, field_validator, model_validator

from autorater.checks.specs_base import CountRange, FileSpec, NumberTolerance, TextMatch, check_regex

PAPER_MM: dict[str, tuple[float, float]] = {  # portrait width × height
    "A3": (297, 420), "A4": (210, 297), "A5": (148, 210),
    "Letter": (215.9, 279.4), "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8),
}

# -- pdf ----------------------------------------------------------------------------------


class PdfPageCount(FileSpec, CountRange):
    """Number of pages in the PDF. min / max (neither: at least 1)."""

    kind: Literal["pdf.page_count"]


class PdfTextContains(FileSpec, TextMatch):
    """Extracted text matches. page: 1-based, or omitted for any page. contains/regex look at a
    page's whole text (line breaks become spaces); exact compares single visual lines."""

    kind: Literal["pdf.text_contains"]
    page: PositiveInt | None = None


class PdfNumberNear(FileSpec, NumberTolerance):
    """A number within tolerance of `expected` appears (parsed robustly: "$153,900", "1.2M").
    label: optional text (case-insensitive, normalised) the number must be near: within
    `window` characters of it (default 80, either side), or on the same visual line when
    same_line is true (words grouped by their vertical position, so table rows work).
    page: optional 1-based page."""

    kind: Literal["pdf.number_near"]
    expected: float
    label: str | None = Field(default=None, min_length=1)
    window: PositiveInt = 80
    same_line: bool = False
    page: PositiveInt | None = None


class PdfImageCount(FileSpec, CountRange):
    """Raster images (distinct image objects; a logo repeated on every page counts once per
    page with `page`, once overall without). page optional. min / max (default ≥ 1)."""

    kind: Literal["pdf.image_count"]
    page: PositiveInt | None = None


class PdfPageSize(FileSpec):
    """Page size. size: a paper name (A3, A4, A5, Letter, Legal, Tabloid) or width_mm and
    height_mm; tolerance_mm default 2. orientation: any (default; a named size matches either
    way round), portrait or landscape. page: 1-based, or omitted for every page."""

    kind: Literal["pdf.page_size"]
    size: Literal["A3", "A4", "A5", "Letter", "Legal", "Tabloid"] | None = None
    width_mm: PositiveFloat | None = None
    height_mm: PositiveFloat | None = None
    tolerance_mm: NonNegativeFloat = 2.0
    orientation: Literal["any", "portrait", "landscape"] = "any"
    page: PositiveInt | None = None

    @model_validator(mode="after")
    def _one_size(self) -> PdfPageSize:
        given = (self.width_mm is not None, self.height_mm is not None)
        if self.size is None and given != (True, True):
            raise ValueError("give either size (e.g. 'A4') or both width_mm and height_mm")
        if self.size is not None and any(given):
            raise ValueError("give either size or width_mm/height_mm, not both")
        return self


# -- html ---------------------------------------------------------------------------------


class HtmlSelector(FileSpec, CountRange):
    """Elements matching a CSS `selector` (soupsieve syntax). min / max (default ≥ 1).
    text: optional; only elements whose text contains it count (case-insensitive, normalised)."""

    kind: Literal["html.selector"]
    selector: str = Field(min_length=1)
    text: str | None = None


class HtmlTitle(FileSpec):
    """The <title>. text: optional (omitted: a non-empty title exists); match default contains."""

    kind: Literal["html.title"]
    text: str | None = Field(default=None, min_length=1)
    match: Literal["exact", "contains", "regex"] = "contains"
    ignore_case: bool = True

    @model_validator(mode="after")
    def _regex(self) -> HtmlTitle:
        if self.match == "regex":
            check_regex(self.text, "text")
        return self


class HtmlNoExternalRequests(FileSpec):
    """The page loads nothing from the network: no http(s):// or protocol-relative (//) URL in
    script/img/iframe/link/source/video/audio/embed/object/srcset/poster, in CSS url() or
    @import (style blocks and style attributes), or in a meta refresh. Inline scripts are
    scanned for fetch/XMLHttpRequest/import/WebSocket to such URLs on a best-effort basis.
    Plain <a href> links are navigation, not requests, and are allowed.
    allow: URL prefixes that are acceptable (e.g. "https://cdn.example.com/")."""

    kind: Literal["html.no_external_requests"]
    allow: list[str] = Field(default_factory=list)


# -- images -------------------------------------------------------------------------------


class ImageDimensions(FileSpec):
    """Pixel size. width / height: exact; min_/max_width, min_/max_height: bounds. At least one."""

    kind: Literal["image.dimensions"]
    width: PositiveInt | None = None
    height: PositiveInt | None = None
    min_width: PositiveInt | None = None
    max_width: PositiveInt | None = None
    min_height: PositiveInt | None = None
    max_height: PositiveInt | None = None

    @model_validator(mode="after")
    def _something(self) -> ImageDimensions:
        names = ("width", "height", "min_width", "max_width", "min_height", "max_height")
        if all(getattr(self, f) is None for f in names):
            raise ValueError("give at least one of width, height, min_width, max_width, min_height, max_height")
        return self


_HEX = re.compile(r"#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


class ImageDominantColors(FileSpec):
    """Each of `colors` (hex, "#1f77b4" or "#fff") covers at least `min_share` (default 0.05)
    of the opaque pixels, counting pixels within `tolerance` (Euclidean RGB distance, default
    60 of 441) of it."""

    kind: Literal["image.dominant_colors"]
    colors: list[str] = Field(min_length=1)
    tolerance: float = Field(default=60.0, ge=0, le=442)
    min_share: float = Field(default=0.05, gt=0, le=1)

    @field_validator("colors")
    @classmethod
    def _hex(cls, colors: list[str]) -> list[str]:
        bad = [c for c in colors if not _HEX.fullmatch(c)]
        if bad:
            raise ValueError(f"not hex colours: {', '.join(map(repr, bad))} (use '#RRGGBB' or '#RGB')")
        return colors


class ImageOcrContains(FileSpec):
    """Text recognised by tesseract contains `text` (match contains or regex; case-insensitive
    by default; whitespace normalised). lang: tesseract language (default "eng")."""

    kind: Literal["image.ocr_contains"]
    text: str = Field(min_length=1)
    match: Literal["contains", "regex"] = "contains"
    ignore_case: bool = True
    lang: str = Field(default="eng", pattern=r"^[a-z_]+(\+[a-z_]+)*$")

    @model_validator(mode="after")
    def _regex(self) -> ImageOcrContains:
        if self.match == "regex":
            check_regex(self.text, "text")
        return self


MEDIA_SPECS = (
    PdfPageCount, PdfTextContains, PdfNumberNear, PdfImageCount, PdfPageSize,
    HtmlSelector, HtmlTitle, HtmlNoExternalRequests,
    ImageDimensions, ImageDominantColors, ImageOcrContains,
)
