"""The second PDF reader: poppler's command-line tools (poppler-utils, in the image).

MuPDF reads most files; where it reports no pages, fails to open a file, has to repair one, or
finds no text on a page, poppler (what Evince, Okular and most Linux viewers show, and what
pdf.js's and poppler's own bug corpora are checked against) is asked too. Agreement decides;
disagreement is said with both readings (harness-side: an undecided criterion), never a
silent verdict."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autorater.checks import proc
from autorater.checks.result import CheckError

TIMEOUT_S = 20.0
MAX_PAGES_LISTED = 2000  # per-page sizes asked of pdfinfo at most
_PAGES = re.compile(r"^Pages:\s+(\d+)", re.MULTILINE)
_SIZE = re.compile(r"^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+) pts", re.MULTILINE)
_ONE_SIZE = re.compile(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", re.MULTILINE)


@dataclass(frozen=True)
class PopplerInfo:
    """What pdfinfo reads: pages, each page's size in points as pdfinfo prints it (before the
    page's /Rotate), or why not."""

    pages: int
    sizes: list[tuple[float, float]] = field(default_factory=list)
    error: str | None = None

    @property
    def visible_pages(self) -> int:
        """Pages with an area: a 0 × 0 page is nothing anyone sees."""
        return sum(1 for w, h in self.sizes if w > 0 and h > 0) if self.sizes else self.pages

    def describe(self) -> str:
        if self.error:
            return f"poppler cannot read it ({self.error})"
        sizes = sorted({f"{w:g} × {h:g} pt" for w, h in self.sizes})
        return f"poppler reads {self.pages} page(s)" + (f" ({', '.join(sizes[:3])})" if sizes else "")


def pdfinfo(path: Path) -> PopplerInfo:
    done = _run(["pdfinfo", "-f", "1", "-l", str(MAX_PAGES_LISTED), str(path)], "pdfinfo")
    found = _PAGES.search(done.stdout)
    if done.returncode != 0 or found is None:
        return PopplerInfo(0, error=_reason(done))
    sizes = [(float(w), float(h)) for _, w, h in _SIZE.findall(done.stdout)]
    if not sizes and (one := _ONE_SIZE.search(done.stdout)):
        sizes = [(float(one.group(1)), float(one.group(2)))]
    return PopplerInfo(int(found.group(1)), sizes)


def pdftotext(path: Path, page: int | None = None) -> list[str]:
    """Each page's text (one string per page; page N only when given), as pdftotext reads it:
    form field values and annotation appearances included."""
    span = ["-f", str(page), "-l", str(page)] if page else []
    done = _run(["pdftotext", "-q", *span, str(path), "-"], "pdftotext")
    if done.returncode != 0:
        raise CheckError(f"poppler's pdftotext cannot read {path.name}: {_reason(done)}")
    pages = done.stdout.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def rewrite(path: Path, out: Path) -> Path:
    """The document as poppler reads it, written out as a clean PDF (pdftocairo): pages,
    sizes, text and drawings, for MuPDF to read where it could not read the original."""
    done = _run(["pdftocairo", "-pdf", str(path), str(out)], "pdftocairo")
    if done.returncode != 0 or not out.is_file():
        raise CheckError(f"poppler could not rewrite {path.name}: {_reason(done)}")
    return out


def _run(cmd: list[str], what: str) -> proc.Completed:
    return proc.run(cmd, TIMEOUT_S, what=what)


def _reason(done: proc.Completed) -> str:
    lines = [ln.strip() for ln in done.stderr.splitlines() if ln.strip()]
    return (lines[-1][:200] if lines else f"exit {done.returncode}")
