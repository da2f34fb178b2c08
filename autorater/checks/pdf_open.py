"""Opening a PDF whose structure cannot be trusted (PyMuPDF).

MuPDF believes the page tree's /Count: a fuzzed file declaring 1,410,065,407 pages made
page_count report that many (so pdf.page_count "max 10" failed and "min 2" passed) and
MuPDF then spent minutes and gigabytes building a page map for them. So the page tree is
walked here (bounded), and when the declared counts disagree with the pages that exist the
counts are corrected in memory, the document is reopened, and the evidence says so.
A file MuPDF could open only by repairing it, with no page left, is an error saying that,
never a plain "0 pages"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from autorater.checks.result import CheckError

MAX_PAGES = 100_000  # more real pages than this in a deliverable: refused
MAX_NODES = 200_000  # page-tree nodes visited at most
_REF = re.compile(r"(\d+)\s+\d+\s+R")


def open_pdf(path: Path) -> tuple[Any, str | None]:
    """(fitz.Document, note on what had to be corrected or None). Raises CheckError."""
    import fitz

    with path.open("rb") as fh:
        if b"%PDF-" not in fh.read(1024):  # MuPDF would "repair" anything into a blank document
            raise CheckError(f"{path.name} is not a PDF (no %PDF- header)")
    try:
        doc = fitz.open(str(path), filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - any parser failure: unreadable PDF
        raise CheckError(
            f"{path.name} cannot be opened as a PDF (damaged beyond what MuPDF can repair): {type(exc).__name__}: {exc}"
        ) from None
    if doc.needs_pass:
        raise CheckError(f"{path.name} is password-protected")
    note = None
    declared = doc.page_count
    real = _count_pages(doc)
    if real is not None and real != declared:
        doc = _with_counts_fixed(doc, path)
        note = f"the page tree declares {declared:,} page(s) but holds {real:,}: counted the pages that exist"
    elif real is None and declared > doc.xref_length():
        raise CheckError(
            f"{path.name} declares {declared:,} pages in {doc.xref_length():,} objects and its page tree cannot be "
            "walked: the page count is not trustworthy"
        )
    if doc.page_count == 0 and doc.is_repaired:
        raise CheckError(f"{path.name} is damaged: MuPDF had to repair it and no pages survived the repair")
    if doc.page_count > MAX_PAGES:
        raise CheckError(f"{path.name} has {doc.page_count:,} pages, over the {MAX_PAGES:,}-page limit for grading")
    return doc, note


def _kids(doc: Any, xref: int) -> tuple[str, list[int]]:
    kind, value = doc.xref_get_key(xref, "Type")
    kids_kind, kids = doc.xref_get_key(xref, "Kids")
    refs = [int(m) for m in _REF.findall(kids)] if kids_kind == "array" else []
    return (value if kind == "name" else ""), refs


def _pages_root(doc: Any) -> int | None:
    kind, value = doc.xref_get_key(doc.pdf_catalog(), "Pages")
    m = _REF.match(value) if kind == "xref" else None
    return int(m.group(1)) if m else None


def _count_pages(doc: Any) -> int | None:
    """Leaf pages reachable from the catalog (each reference once per path, cycles cut),
    or None when the tree cannot be walked (MuPDF repaired it its own way)."""
    try:
        root = _pages_root(doc)
        if root is None:
            return None
        pages, visited, stack = 0, 0, [(root, frozenset())]
        while stack:
            xref, ancestors = stack.pop()
            visited += 1
            if visited > MAX_NODES or pages > MAX_PAGES:
                return None
            kind, kids = _kids(doc, xref)
            if kind == "/Page" or (not kids and kind != "/Pages"):
                pages += 1
                continue
            stack.extend((kid, ancestors | {xref}) for kid in kids if kid not in ancestors and kid != xref)
        return pages
    except Exception:  # noqa: BLE001 - a broken tree MuPDF itself copes with
        return None


def _with_counts_fixed(doc: Any, path: Path) -> Any:
    """Reopen `doc` with every /Pages node's /Count set to the pages under it."""
    import fitz

    def fix(xref: int, ancestors: frozenset[int]) -> int:
        kind, kids = _kids(doc, xref)
        if kind == "/Page" or (not kids and kind != "/Pages"):
            return 1
        total = sum(fix(kid, ancestors | {xref}) for kid in kids if kid not in ancestors and kid != xref)
        doc.xref_set_key(xref, "Count", str(total))
        return total

    root = _pages_root(doc)
    if root is None:
        raise CheckError(f"{path.name}: its page tree is damaged")
    try:
        fix(root, frozenset())
        return fitz.open(stream=doc.tobytes(garbage=0), filetype="pdf")
    except RecursionError:
        raise CheckError(f"{path.name}: its page tree is nested too deeply to read") from None
