"""python3 -m autorater.checks.render FILE OUTDIR [--dpi 110] [--max-pages 20] [--timeout 120]

Renders a deliverable to PNG pages so an LLM judge can see its layout:
docx/doc/odt/rtf, pptx/ppt/odp, xlsx/xls/ods/csv → PDF with LibreOffice (fresh profile,
formulas recalculated, timeout); html → PDF with WeasyPrint, which may load only data: URLs
and files beside the page (never the network), falling back to LibreOffice; PDF → PNG pages
with pdftoppm; an image is passed through as one PNG page.
Prints one JSON object: {"source", "pdf", "pages", "page_count", "truncated", "dpi",
"renderer", "error"}; exit status 0 when pages were produced, 1 otherwise."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from autorater.checks import office, proc
from autorater.checks.execute import deadline
from autorater.checks.ooxml import prepare
from autorater.checks.pdf_open import open_pdf
from autorater.checks.result import CheckError, Deadline
from autorater.checks.safety import check_size, preflight_zip

OOXML = {  # suffix -> package family (normalised first, see ooxml.py: LibreOffice fails on some too)
    **dict.fromkeys((".docx", ".docm", ".dotx", ".dotm"), "word"),
    **dict.fromkeys((".pptx", ".pptm", ".ppsx", ".ppsm", ".potx", ".potm"), "presentation"),
    **dict.fromkeys((".xlsx", ".xlsm", ".xltx", ".xltm"), "spreadsheet"),
}
OFFICE = {*OOXML, ".doc", ".odt", ".rtf", ".ppt", ".odp", ".xls", ".ods", ".csv"}
ZIPPED = {".odt", ".odp", ".ods"}
HTML = {".html", ".htm", ".xhtml"}
IMAGES = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff"}


def to_pdf(src: Path, out_dir: Path, work: Path, end: float) -> tuple[Path, str]:
    """(PDF path in out_dir, renderer name)."""
    suffix = src.suffix.lower()
    check_size(src)
    if suffix == ".pdf":
        return src, "pdf"
    if suffix in HTML:
        target = out_dir / f"{src.stem}.pdf"
        try:
            _weasyprint(src, target)
            return target, "weasyprint"
        except Deadline:
            raise
        except Exception:  # noqa: BLE001 - any WeasyPrint failure: let LibreOffice try
            converted = office.convert(src, "pdf:writer_web_pdf_Export", work, end - time.monotonic())
            shutil.copyfile(converted, target)
            return target, "libreoffice"
    if suffix in OFFICE:
        source = src
        if suffix in OOXML:
            prepared = prepare(src, OOXML[suffix], work)
            source = prepared.path if prepared.how == "ooxml" else src  # LibreOffice reads Strict and binaries
        elif suffix in ZIPPED:
            preflight_zip(src, suffix[1:])
        converted = office.convert(source, "pdf", work, end - time.monotonic())
        target = out_dir / f"{src.stem}.pdf"
        shutil.copyfile(converted, target)
        return target, "libreoffice"
    what = src.suffix or "extensionless"
    raise CheckError(f"cannot render {what} files (supported: office documents, html, pdf, images)")


def _weasyprint(src: Path, target: Path) -> None:
    import weasyprint

    base = src.parent.resolve()

    def fetch(url: str, timeout: int = 10, ssl_context: Any = None) -> dict[str, Any]:
        # Only inline data and files next to the page; nothing from the network or elsewhere.
        if url.startswith("data:"):
            return weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)
        if url.startswith("file://"):
            path = Path(url[len("file://"):].split("?", 1)[0].split("#", 1)[0]).resolve()
            if base in path.parents and path.is_file():
                return weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)
        raise ValueError(f"blocked resource: {url[:200]}")

    weasyprint.HTML(filename=str(src), url_fetcher=fetch).write_pdf(str(target))


def to_pngs(pdf: Path, out_dir: Path, stem: str, dpi: int, max_pages: int, end: float) -> tuple[list[Path], int]:
    """(PNG pages, total page count of the PDF)."""
    opened = open_pdf(pdf, out_dir)  # a page count the page tree really holds, never a fuzzed /Count
    with opened.doc as doc:
        total = doc.page_count
        if opened.rewritten:  # a corrected page tree (poppler refuses the original) or poppler's own rewrite
            pdf = out_dir / f"{stem}-repaired.pdf"
            doc.save(str(pdf))
    if total == 0:
        return [], 0
    last = min(total, max_pages)
    done = proc.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", str(last), str(pdf), str(out_dir / f"{stem}-page")],
        end - time.monotonic(), what="pdftoppm",
    )
    pages = sorted(out_dir.glob(f"{stem}-page-*.png"))
    if done.returncode != 0 and not pages:
        raise CheckError(f"pdftoppm failed (exit {done.returncode}): {done.stderr.strip()[:300]}")
    return pages, total


def render(src: Path, out_dir: Path, *, dpi: int, max_pages: int, timeout_s: float) -> dict[str, Any]:
    out_dir.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"source": str(src), "pdf": None, "pages": [], "page_count": 0, "truncated": False,
                              "dpi": dpi, "renderer": None, "error": None}
    end = time.monotonic() + timeout_s
    work = Path(tempfile.mkdtemp(prefix="mka-render-"))
    try:
        with deadline(timeout_s):
            if not src.is_file():
                raise CheckError(f"no such file: {src}")
            if src.suffix.lower() in IMAGES:
                report.update(_image_page(src, out_dir), renderer="image")
                return report
            pdf, report["renderer"] = to_pdf(src, out_dir, work, end)
            report["pdf"] = str(pdf)
            pages, total = to_pngs(pdf, out_dir, src.stem, dpi, max_pages, end)
            report.update(pages=[str(p) for p in pages], page_count=total, truncated=total > len(pages))
    except Deadline:
        report["error"] = f"rendering did not finish within {timeout_s:g}s"
    except CheckError as exc:
        report["error"] = str(exc)
    except Exception as exc:  # noqa: BLE001 - report, never crash: the judge proceeds without pages
        report["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def _image_page(src: Path, out_dir: Path) -> dict[str, Any]:
    from PIL import Image

    with Image.open(src) as img:
        if img.width * img.height > 60_000_000:
            raise CheckError(f"{src.name} refused: {img.width}×{img.height} pixels is too large to render")
        target = out_dir / f"{src.stem}-page-1.png"
        img.convert("RGBA").save(target)
    return {"pages": [str(target)], "page_count": 1}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m autorater.checks.render", description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--dpi", type=int, default=110)
    parser.add_argument("--max-pages", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds for the whole rendering")
    args = parser.parse_args(argv)
    report = render(args.file, args.outdir, dpi=args.dpi, max_pages=max(args.max_pages, 1), timeout_s=args.timeout)
    print(json.dumps(report, ensure_ascii=False))
    return 0 if report["pages"] else 1


if __name__ == "__main__":
    sys.exit(main())
