"""Evaluators for the pptx.* kinds (python-pptx; .ppt/.odp are converted first; .pptm, .ppsx,
.potx and their kin are OOXML packages opened natively, see ooxml.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from autorater.checks import office
from autorater.checks.context import CheckContext
from autorater.checks.ooxml import readable
from autorater.checks.result import Absent, CheckError, CheckResult, verdict
from autorater.checks.safety import check_size, preflight_zip
from autorater.checks.specs_office import (
    PptxChartCount,
    PptxNotesContain,
    PptxPictureCount,
    PptxSlideCount,
    PptxSlideTitleContains,
    PptxTextContains,
)
from autorater.checks.textmatch import clip, describe, spec_matches, text_matches

_PACKAGES = {".pptx", ".pptm", ".ppsx", ".ppsm", ".potx", ".potm"}
_CONVERTIBLE = {".ppt", ".odp", ".fodp"}


def presentation(ctx: CheckContext) -> Any:
    def load() -> Any:
        path = ctx.file()
        suffix = path.suffix.lower()
        if suffix in _PACKAGES:
            path = readable(ctx, "presentation").path
        elif suffix in _CONVERTIBLE:
            if suffix == ".odp":
                preflight_zip(path, "presentation")
            check_size(path)
            path = office.convert(path, "pptx", ctx.work_dir, ctx.remaining())
        else:
            raise CheckError(f"{path.name} is not a presentation (expected .pptx, .pptm, .ppsx, .ppt or .odp)")
        from pptx import Presentation

        try:
            return Presentation(str(path))
        except Exception as exc:  # noqa: BLE001 - any parser failure: unreadable deck
            name = ctx.file().name
            raise CheckError(f"{name} cannot be opened as a presentation: {type(exc).__name__}: {exc}") from None

    return ctx.load("pptx", load)


def _shapes(shapes: Any) -> Iterator[Any]:
    """Every shape, descending into groups."""
    for shape in shapes:
        yield shape
        if getattr(shape, "shape_type", None) == 6:  # MSO_SHAPE_TYPE.GROUP
            yield from _shapes(shape.shapes)


def _paragraphs(slide: Any) -> list[str]:
    out: list[str] = []
    for shape in _shapes(slide.shapes):
        if getattr(shape, "has_text_frame", False):
            out.extend(p.text for p in shape.text_frame.paragraphs)
        if getattr(shape, "has_table", False):
            out.extend(cell.text for row in shape.table.rows for cell in row.cells)
    return [p for p in out if p.strip()]


def _notes(slide: Any) -> str:
    if not slide.has_notes_slide:
        return ""
    frame = slide.notes_slide.notes_text_frame
    return frame.text if frame is not None else ""


def _title(slide: Any) -> tuple[str | None, bool]:
    """(title text, from a placeholder?) — without a title placeholder, the topmost text box."""
    shape = slide.shapes.title
    if shape is not None and shape.has_text_frame:
        return shape.text_frame.text, True
    boxes = [s for s in _shapes(slide.shapes) if getattr(s, "has_text_frame", False) and s.text_frame.text.strip()]
    if not boxes:
        return None, False
    top = min(boxes, key=lambda s: ((s.top or 0), (s.left or 0)))
    return top.text_frame.text, False


def _select(prs: Any, slide: int | None) -> list[tuple[int, Any]]:
    slides = list(prs.slides)
    if slide is None:
        return list(enumerate(slides, start=1))
    if slide > len(slides):
        raise Absent(f"slide {slide} requested but the deck has {len(slides)} slide(s)")
    return [(slide, slides[slide - 1])]


def slide_count(spec: PptxSlideCount, ctx: CheckContext) -> CheckResult:
    n = len(presentation(ctx).slides)
    return verdict(spec.count_ok(n), f"{n} slide(s); wanted {spec.describe_bounds()}")


def slide_title_contains(spec: PptxSlideTitleContains, ctx: CheckContext) -> CheckResult:
    chosen = _select(presentation(ctx), None if spec.slide == "any" else spec.slide)
    seen = []
    rule = describe(spec.text, spec.match, spec.ignore_case)
    for k, slide in chosen:
        title, placeholder = _title(slide)
        note = "" if placeholder else " (no title placeholder: topmost text box)"
        seen.append(f"{k}: {clip(title or '', 60)!r}{note}" if title is not None else f"{k}: no title")
        if title is not None and spec_matches(title, spec):
            return verdict(True, f"slide {k} title {clip(title)!r}{note}; wanted a title that {rule}", f"slide {k}")
    return verdict(False, f"titles: {'; '.join(seen[:20]) or 'no slides'}; wanted a title that {rule}")


def text_contains(spec: PptxTextContains, ctx: CheckContext) -> CheckResult:
    chosen = _select(presentation(ctx), spec.slide)
    rule = describe(spec.text, spec.match, spec.ignore_case) + (f" and each of {spec.all_of!r}" if spec.all_of else "")
    scope = f"slide {spec.slide}" if spec.slide else f"{len(chosen)} slide(s)"
    scope += " incl. notes" if spec.include_notes else ""
    partial = ""
    for k, slide in chosen:
        units = _paragraphs(slide) + ([_notes(slide)] if spec.include_notes else [])
        hits = (
            [u for u in units if any(text_matches(u, t, "exact", spec.ignore_case) for t in spec.texts())]
            if spec.match == "exact"
            else ([" ".join(units)] if spec_matches(" ".join(units), spec) else [])
        )
        missing = [t for t in spec.all_of if not any(text_matches(u if spec.match == "exact" else " ".join(units), t,
                                                                  spec.match, spec.ignore_case) for u in units)]
        if hits and missing:
            partial = f"; slide {k} has the text but not {missing}"
            continue
        if hits:
            return verdict(True, f"slide {k} text {clip(hits[0])!r}; wanted text that {rule}", f"slide {k}")
    return verdict(False, f"searched {scope}: no text that {rule}{partial}")


def _count(ctx: CheckContext, slide: int | None, is_it: Any) -> tuple[int, str]:
    chosen = _select(presentation(ctx), slide)
    per = [(k, sum(1 for s in _shapes(sl.shapes) if is_it(s))) for k, sl in chosen]
    total = sum(n for _, n in per)
    detail = ", ".join(f"slide {k}: {n}" for k, n in per if n) or "none on any slide"
    return total, (f"slide {slide}" if slide else f"{len(chosen)} slide(s)") + f" ({detail})"


def picture_count(spec: PptxPictureCount, ctx: CheckContext) -> CheckResult:
    from pptx.shapes.picture import Picture

    n, where = _count(ctx, spec.slide, lambda s: isinstance(s, Picture))
    return verdict(spec.count_ok(n), f"{n} picture(s) on {where}; wanted {spec.describe_bounds()}")


def chart_count(spec: PptxChartCount, ctx: CheckContext) -> CheckResult:
    n, where = _count(ctx, spec.slide, lambda s: getattr(s, "has_chart", False))
    return verdict(spec.count_ok(n), f"{n} chart(s) on {where}; wanted {spec.describe_bounds()}")


def notes_contain(spec: PptxNotesContain, ctx: CheckContext) -> CheckResult:
    chosen = _select(presentation(ctx), spec.slide)
    rule = describe(spec.text, spec.match, spec.ignore_case)
    with_notes = 0
    for k, slide in chosen:
        notes = _notes(slide)
        with_notes += bool(notes.strip())
        if notes.strip() and spec_matches(notes, spec):
            return verdict(True, f"slide {k} notes {clip(notes)!r}; wanted notes that {rule}", f"slide {k} notes")
    scope = f"slide {spec.slide}" if spec.slide else f"{len(chosen)} slide(s), {with_notes} with notes"
    return verdict(False, f"searched the notes of {scope}: none {rule.replace('contains', 'contain', 1)}")


EVALUATORS = {
    "pptx.slide_count": slide_count,
    "pptx.slide_title_contains": slide_title_contains,
    "pptx.text_contains": text_contains,
    "pptx.picture_count": picture_count,
    "pptx.chart_count": chart_count,
    "pptx.notes_contain": notes_contain,
}
