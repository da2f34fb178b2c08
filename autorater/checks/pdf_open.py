"""Opening a PDF whose structure cannot be trusted: MuPDF first, poppler as a second reader.

MuPDF believes the page tree's /Count: a fuzzed file declaring 1,410,065,407 pages made
page_count report that many (so pdf.page_count "max 10" failed and "min 2" passed) and
MuPDF then spent minutes and gigabytes building a page map for them. So the page tree is
walked here (bounded), and when the declared counts disagree with the pages that exist the
counts are corrected in memory, the document is reopened, and the evidence says so.

Where MuPDF cannot open a file, finds no page in it, or had to repair it, poppler
(autorater.checks.poppler) is asked before anything is decided:
- MuPDF reads nothing and poppler reads pages: the document is read as poppler reads it (its
  pdftocairo rewrite, opened by MuPDF), and the evidence says so. A fuzzed file that every
  poppler-based viewer shows as one Letter page is one Letter page, not "0 page(s)".
- both read pages and agree: decided, the repair noted;
- they disagree: `conflict` holds both readings and the checks whose answer depends on it are
  undecided (ReadersDisagree), never a silent verdict;
- neither reads a visible page: an error naming both readings."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autorater.checks import poppler
from autorater.checks.context import scratch_key
from autorater.checks.result import CheckError

MAX_PAGES = 100_000  # more real pages than this in a deliverable: refused
MAX_NODES = 200_000  # page-tree nodes visited at most
_REF = re.compile(r"(\d+)\s+\d+\s+R")


@dataclass
class OpenedPdf:
    """doc: a fitz.Document. note: what had to be corrected or whose reading is used, for the
    evidence. conflict: MuPDF and poppler disagree (both readings). rewritten: doc is not the
    file's own bytes (counts fixed, or poppler's rewrite): render the document, not the file."""

    doc: Any
    note: str | None = None
    conflict: str | None = None
    rewritten: bool = False


def open_pdf(path: Path, scratch: Path | None = None) -> OpenedPdf:
    """Raises CheckError when neither reader finds a visible page."""
    import fitz

    fitz.TOOLS.mupdf_display_errors(False)  # its complaints go in our evidence, not on stderr
    with path.open("rb") as fh:
        if b"%PDF-" not in fh.read(1024):  # MuPDF would "repair" anything into a blank document
            info = poppler.pdfinfo(path)
            if info.visible_pages == 0:
                raise CheckError(f"{path.name} is not a PDF (no %PDF- header, and {info.describe()})")
            return _via_poppler(path, info, "no %PDF- header in its first 1 KiB", scratch)
    try:
        doc = fitz.open(str(path), filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - any parser failure: ask the second reader
        info = poppler.pdfinfo(path)
        why = f"MuPDF cannot open it ({type(exc).__name__}: {exc})"
        if info.visible_pages == 0:
            raise CheckError(f"{path.name} cannot be opened as a PDF: {why}; {_nothing_visible(info)}") from None
        return _via_poppler(path, info, why, scratch)
    if doc.needs_pass:
        if not _only_attachments_encrypted(doc):
            raise CheckError(f"{path.name} is password-protected")
        # Streams and strings in the clear (/StmF and /StrF /Identity), only embedded files
        # encrypted: viewers show the pages without a password, and so does poppler.
        info = poppler.pdfinfo(path)
        if info.visible_pages == 0:
            raise CheckError(f"{path.name} is password-protected ({_nothing_visible(info)})")
        return _via_poppler(path, info, "only its attachments are encrypted (the pages are in the clear)", scratch)
    note, rewritten = None, False
    declared = doc.page_count
    real = _count_pages(doc)
    if real is not None and real != declared and real > 0:
        fixed = _with_counts_fixed(doc, path)
        if fixed is None:  # the pages it walked are not pages MuPDF can keep: none, as far as MuPDF goes
            real = 0
        else:
            doc, rewritten = fixed, True
            note = f"the page tree declares {declared:,} page(s) but holds {real:,}: counted the pages that exist"
    elif real is None and declared > doc.xref_length():
        raise CheckError(
            f"{path.name} declares {declared:,} pages in {doc.xref_length():,} objects and its page tree cannot be "
            "walked: the page count is not trustworthy"
        )
    if doc.page_count == 0 or real == 0:
        info = poppler.pdfinfo(path)
        why = "MuPDF finds no pages" + (" even after repairing it" if doc.is_repaired else "")
        if info.visible_pages == 0:
            raise CheckError(f"{path.name} is damaged: {why}; {_nothing_visible(info)}")
        return _via_poppler(path, info, why, scratch)
    if doc.page_count > MAX_PAGES:
        raise CheckError(f"{path.name} has {doc.page_count:,} pages, over the {MAX_PAGES:,}-page limit for grading")
    if doc.is_repaired:
        info = poppler.pdfinfo(path)
        mupdf = f"MuPDF had to repair it and reads {doc.page_count} page(s)"
        if info.error is None and info.pages != doc.page_count:
            return OpenedPdf(doc, note, conflict=f"{mupdf}; {info.describe()}", rewritten=rewritten)
        agreed = "poppler agrees" if info.error is None else info.describe()
        note = "; ".join(filter(None, [note, f"{mupdf} ({agreed})"]))
    return OpenedPdf(doc, note, rewritten=rewritten)


def _only_attachments_encrypted(doc: Any) -> bool:
    """The encryption dictionary leaves page content and strings unencrypted (crypt filters
    /Identity for /StmF and /StrF, the defaults from /V 4 on) and encrypts embedded files only."""
    try:
        kind, value = doc.xref_get_key(-1, "Encrypt")
        m = _REF.match(value) if kind == "xref" else None
        if m is None:
            return False
        xref = int(m.group(1))
        version = doc.xref_get_key(xref, "V")
        if version[0] != "int" or int(version[1]) < 4:
            return False
        filters = [doc.xref_get_key(xref, key) for key in ("StmF", "StrF")]
        return all(f[0] == "null" or f == ("name", "/Identity") for f in filters)
    except Exception:  # noqa: BLE001 - an unreadable encryption dictionary: treat as protected
        return False


def _nothing_visible(info: poppler.PopplerInfo) -> str:
    if info.error or info.pages == 0:
        return info.describe()
    return f"{info.describe()}: no page with an area, nothing a reader could see"


def _via_poppler(path: Path, info: poppler.PopplerInfo, why: str, scratch: Path | None) -> OpenedPdf:
    """The document as poppler reads it: its pdftocairo rewrite, opened by MuPDF."""
    import fitz

    where = scratch or Path(tempfile.gettempdir())
    out = where / f"poppler-{scratch_key(path)}.pdf"
    if not out.is_file():
        poppler.rewrite(path, out)
    doc = fitz.open(str(out), filetype="pdf")
    if doc.page_count != info.pages:
        raise CheckError(f"{path.name}: {why}; {info.describe()}, but its rewrite holds {doc.page_count}: not trustworthy")
    return OpenedPdf(doc, f"{why}; {info.describe()}: read as poppler reads it", rewritten=True)


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


def _with_counts_fixed(doc: Any, path: Path) -> Any | None:
    """Reopen `doc` with every /Pages node's /Count set to the pages under it; None when MuPDF
    cannot write what it walked ("cannot save with zero pages")."""
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
    except ValueError:  # MuPDF cannot write what it read ("cannot save with zero pages")
        return None
