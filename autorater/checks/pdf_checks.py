"""Evaluators for the pdf.* kinds (PyMuPDF)."""

from __future__ import annotations

from typing import Any

from autorater.checks.context import CheckContext
from autorater.checks.nearby import label_found, number_near_label
from autorater.checks.numbers import tolerance_of
from autorater.checks import poppler
from autorater.checks.pdf_open import OpenedPdf, open_pdf
from autorater.checks.pdf_text import full_text, page_text, page_words
from autorater.checks.result import Absent, CheckResult, ReadersDisagree, verdict
from autorater.checks.safety import check_size
from autorater.checks.specs_media import (
    PAPER_MM,
    PdfImageCount,
    PdfNumberNear,
    PdfPageCount,
    PdfPageSize,
    PdfTextContains,
)
from autorater.checks.textmatch import clip, describe, normalize, spec_matches, text_matches

MAX_TEXT_PAGES = 500  # text checks read at most this many pages (said in the evidence)
_MM_PER_PT = 25.4 / 72


def pdf_document(ctx: CheckContext) -> Any:
    return _opened(ctx).doc


def _opened(ctx: CheckContext) -> OpenedPdf:
    """The document, read by MuPDF with poppler as the second reader (see pdf_open)."""

    def load() -> OpenedPdf:
        path = ctx.file()
        check_size(path)
        return open_pdf(path, ctx.work_dir)

    return ctx.load("pdf", load)


def _agreed(ctx: CheckContext) -> OpenedPdf:
    """The document, for a check whose answer is its pages: undecided when the readers disagree."""
    opened = _opened(ctx)
    if opened.conflict:
        raise ReadersDisagree(f"the two PDF readers disagree: {opened.conflict}")
    return opened


def _poppler_pages(ctx: CheckContext) -> list[str]:
    """Each page's text as poppler reads the original file."""
    return ctx.load("pdftotext", lambda: poppler.pdftotext(ctx.file()))


def _pages(doc: Any, page: int | None) -> list[int]:
    """0-based page indices to look at (capped); raises for a page beyond the end."""
    if page is not None:
        if page > doc.page_count:
            raise Absent(f"page {page} requested but the PDF has {doc.page_count} page(s)")
        return [page - 1]
    return list(range(min(doc.page_count, MAX_TEXT_PAGES)))


def _scope(doc: Any, page: int | None) -> str:
    if page is not None:
        return f"page {page}"
    capped = f" (first {MAX_TEXT_PAGES} read)" if doc.page_count > MAX_TEXT_PAGES else ""
    return f"{doc.page_count} page(s){capped}"


def visual_lines(page: Any, words: list[Any] | None = None) -> list[str]:
    """Lines as a reader sees them: words grouped by vertical position, left to right, so
    table cells on one row (separate text blocks in the PDF) form one line. `words`: only
    these of the page's words (default all)."""
    words = sorted(page_words(page) if words is None else words, key=lambda w: ((w[1] + w[3]) / 2, w[0]))
    lines: list[list[Any]] = []
    for w in words:
        centre, height = (w[1] + w[3]) / 2, max(w[3] - w[1], 1.0)
        if lines:
            last = lines[-1]
            last_centre = sum((x[1] + x[3]) / 2 for x in last) / len(last)
            if abs(centre - last_centre) < height / 2:
                last.append(w)
                continue
        lines.append([w])
    return [" ".join(w[4] for w in sorted(line, key=lambda w: w[0])) for line in lines]


def page_count(spec: PdfPageCount, ctx: CheckContext) -> CheckResult:
    opened = _agreed(ctx)
    doc, note = opened.doc, opened.note
    n = doc.page_count
    return verdict(spec.count_ok(n), f"{n} page(s){f' ({note})' if note else ''}; wanted {spec.describe_bounds()}")


def text_contains(spec: PdfTextContains, ctx: CheckContext) -> CheckResult:
    opened = _opened(ctx)
    doc = opened.doc
    rule = describe(spec.text, spec.match, spec.ignore_case)
    empty: list[int] = []
    for i in _pages(doc, spec.page):
        page = doc[i]
        if spec.match == "exact":
            lines = (ln for ln in visual_lines(page) if any(text_matches(ln, t, "exact", spec.ignore_case) for t in spec.texts()))
            hit, source = next(lines, None), ""
        else:
            text, extras = page_text(page)
            if not text.strip():
                empty.append(i)
            hit, source = (clip(text), "") if spec_matches(text, spec) else (None, "")
            for extra in extras if hit is None else []:
                if spec_matches(extra.text, spec):
                    hit, source = clip(extra.text), f" ({extra.source}, not the page's own text)"
                    break
        if hit is not None:
            read = f"; {opened.note}" if opened.note else ""
            return verdict(True, f"page {i + 1}: found text that {rule} in {hit!r}{source}{read}", f"page {i + 1}")
    second = _second_reading(spec, ctx, doc, empty, rule)
    if second is not None:
        return second
    note = f"; {len(empty)} page(s) have no extractable text (scanned?)" if empty else ""
    read = f"; {opened.note}" if opened.note else ""
    return verdict(False, f"searched {_scope(doc, spec.page)}: no text that {rule}{note}{read}")


def _second_reading(spec: PdfTextContains, ctx: CheckContext, doc: Any, empty: list[int], rule: str) -> CheckResult | None:
    """Before a text check fails, poppler reads the same pages. Where it finds the text on a
    page MuPDF read no text from, the text is there (pass, saying which reader saw it); where
    MuPDF read other text from that page, the readers disagree (undecided, both readings)."""
    if spec.match == "exact" or doc.page_count == 0:
        return None
    try:
        pages = _poppler_pages(ctx)
    except Exception:  # noqa: BLE001 - the second reader failing leaves MuPDF's reading standing
        return None
    for i in _pages(doc, spec.page):
        theirs = pages[i] if i < len(pages) else ""
        if not spec_matches(theirs, spec):
            continue
        if i in empty:
            return verdict(True, f"page {i + 1}: found text that {rule} in {clip(theirs)!r} (read by poppler; "
                                 f"MuPDF reads no text on that page)", f"page {i + 1}")
        raise ReadersDisagree(f"page {i + 1}: poppler reads text that {rule} ({clip(theirs)!r}) but MuPDF's text of "
                              f"that page has none ({clip(doc[i].get_text('text'))!r})")
    return None


def number_near(spec: PdfNumberNear, ctx: CheckContext) -> CheckResult:
    doc = pdf_document(ctx)
    tol = tolerance_of(spec)
    misses: list[str] = []
    labelled = False
    for i in _pages(doc, spec.page):
        page = doc[i]
        texts = visual_lines(page) if spec.same_line else [normalize(full_text(page))]
        for text in texts:
            labelled = labelled or spec.label is None or label_found(text, spec.label)
            hit, near = number_near_label(text, spec.expected, tol, spec.label, spec.window)
            if hit:
                return verdict(True, f"page {i + 1}: {hit}; expected {tol.describe(spec.expected)}", f"page {i + 1}")
            misses.extend(f"p{i + 1} {n}" for n in near)
    where = f"on the same line as {spec.label!r}" if spec.same_line and spec.label else (
        f"within {spec.window} characters of {spec.label!r}" if spec.label else "anywhere"
    )
    seen = f"; numbers seen there: {', '.join(misses[:8])}" if misses else ""
    if not labelled:
        seen = f"; the label {spec.label!r} does not occur"
    rule = f"expected {tol.describe(spec.expected)}"
    return verdict(False, f"searched {_scope(doc, spec.page)} for a number {where}; {rule}{seen}")


def image_count(spec: PdfImageCount, ctx: CheckContext) -> CheckResult:
    doc = pdf_document(ctx)
    indices = _pages(doc, spec.page)
    xrefs = {img[0] for i in indices for img in doc[i].get_images(full=True)}
    found = f"{len(xrefs)} distinct image(s) on {_scope(doc, spec.page)}"
    return verdict(spec.count_ok(len(xrefs)), f"{found}; wanted {spec.describe_bounds()}")


def page_size(spec: PdfPageSize, ctx: CheckContext) -> CheckResult:
    opened = _agreed(ctx)
    doc = opened.doc
    want_w, want_h = PAPER_MM[spec.size] if spec.size else (spec.width_mm, spec.height_mm)
    assert want_w is not None and want_h is not None  # guaranteed by the spec's validator
    target = spec.size or f"{want_w:g} × {want_h:g} mm"
    if spec.page and spec.page > doc.page_count:
        raise Absent(f"page {spec.page} requested but the PDF has {doc.page_count} page(s)")
    indices = [spec.page - 1] if spec.page else list(range(doc.page_count))
    rule = f"{target} ({spec.orientation} orientation) ± {spec.tolerance_mm:g} mm"
    if not indices:
        return verdict(False, f"the PDF has no pages; wanted {rule}")
    sizes, notes = [], []
    for i in indices:
        w, h, note = visible_size(doc, doc[i])
        sizes.append((i, w * _MM_PER_PT, h * _MM_PER_PT))
        if note:
            notes.append(f"page {i + 1}: {note}")
    bad = [f"page {i + 1} is {w:.1f} × {h:.1f} mm" for i, w, h in sizes if not _size_ok(w, h, want_w, want_h, spec)]
    boxes = f"; {'; '.join(notes[:3])}" if notes else ""
    if bad:
        return verdict(False, f"{'; '.join(bad[:5])}; wanted {rule}{boxes}", bad[0].split(" is ")[0])
    _, w, h = sizes[0]
    scope = f"page {spec.page}" if spec.page else f"all {len(indices)} page(s)"
    read = (f"; {opened.note}" if opened.note else "") + boxes
    return verdict(True, f"{w:.1f} × {h:.1f} mm ({scope} checked); wanted {rule}{read}")


def visible_size(doc: Any, page: Any) -> tuple[float, float, str | None]:
    """(width, height) in points as a viewer shows the page (its /Rotate applied), and a note
    when the boxes needed reading. A CropBox that is empty or lies outside the MediaBox leaves
    the MediaBox as the page (poppler and pdf.js do so; MuPDF falls back to Letter). A
    /UserUnit other than 1 splits the readers (MuPDF scales the page by it, as the PDF spec
    says; poppler and most viewers ignore it): ReadersDisagree."""
    unit_kind, unit = doc.xref_get_key(page.xref, "UserUnit")
    if unit_kind in ("int", "real") and abs(float(unit) - 1.0) > 1e-6:
        media = page.mediabox
        raise ReadersDisagree(
            f"page {page.number + 1} sets /UserUnit {float(unit):g}: MuPDF scales it to {page.rect.width:g} × "
            f"{page.rect.height:g} pt, poppler and most viewers show {media.width:g} × {media.height:g} pt")
    crop_kind, crop = doc.xref_get_key(page.xref, "CropBox")
    if crop_kind == "array":
        box, media = _box(crop), page.mediabox
        if box is None or box.is_empty or (box & media).is_empty:
            w, h = (media.width, media.height) if page.rotation % 180 == 0 else (media.height, media.width)
            return w, h, f"its CropBox {crop} is empty or outside its MediaBox: the MediaBox is the page, as viewers show it"
    return page.rect.width, page.rect.height, None


def _box(text: str) -> Any:
    import fitz

    try:
        x0, y0, x1, y1 = (float(v) for v in text.strip("[] ").split())
    except ValueError:
        return None
    return fitz.Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _size_ok(w: float, h: float, want_w: float, want_h: float, spec: PdfPageSize) -> bool:
    tol = spec.tolerance_mm
    upright = abs(w - want_w) <= tol and abs(h - want_h) <= tol
    turned = abs(w - want_h) <= tol and abs(h - want_w) <= tol
    landscape = w > h
    if spec.orientation == "portrait":
        return (upright or turned) and not landscape
    if spec.orientation == "landscape":
        return (upright or turned) and landscape
    return upright or (turned and spec.size is not None)


EVALUATORS = {
    "pdf.page_count": page_count,
    "pdf.text_contains": text_contains,
    "pdf.number_near": number_near,
    "pdf.image_count": image_count,
    "pdf.page_size": page_size,
}
