"""Checks over files written by other tools (tests/data/realfiles, see its NOTICE), run for
real inside the autorater container: each gets the right verdict or a clear error, never a
silent wrong one. edge/ holds the hand-made variants from make_edge_cases.py (lying charsets,
case-mangled part names, Strict OOXML, root-level workbooks, content controls, encryption,
macro-enabled content types, fuzzed and repaired PDFs).

MKA_CHECKS_DEV_IMAGE=mka-autorater:latest runs the working tree's autorater/ package inside
that (possibly older) image instead of requiring the content-hashed image of this tree: for
iterating on check code before the images are rebuilt."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest
import pytest_asyncio

from harness.sandbox import DockerSandbox
from tests.conftest import make_spec

pytestmark = [pytest.mark.docker, pytest.mark.asyncio(loop_scope="module")]

DATA = Path(__file__).parent / "data" / "realfiles"
ROOT = "/workspace/real"
DEV_IMAGE = os.environ.get("MKA_CHECKS_DEV_IMAGE")
DEV_PATH = "/workspace/dev"
PASS, FAIL = "pass", "fail"


def err(*fragments: str) -> tuple[str, ...]:
    """An expected could-not-evaluate result whose reason names every fragment."""
    return ("error", *fragments)


def rf(cid: str, file: str, expect: str | tuple[str, ...], kind: str, **params) -> tuple:
    return cid, file, expect, {"kind": kind, **params}


CASES = [
    # Word, as Word for Mac/Windows wrote it (python-docx's test files), and variants.
    rf("docx-body", "docx/blk-paras-and-tables.docx", PASS, "docx.paragraph_contains", text="Donec semper facilisis"),
    rf("docx-footer", "docx/blk-paras-and-tables.docx", PASS, "docx.paragraph_contains", text="Copyright"),
    rf("docx-footnote", "edge/footnote.docx", PASS, "docx.paragraph_contains", text="annual filing, page 12"),
    rf("docx-absent", "docx/blk-paras-and-tables.docx", FAIL, "docx.paragraph_contains", text="quarterly revenue"),
    rf("docx-table", "docx/blk-paras-and-tables.docx", PASS, "docx.table", table=1, min_rows=2, min_cols=2),
    rf("docx-hyperlinks", "docx/par-hyperlinks.docx", PASS, "docx.paragraph_contains", match="exact",
       text="Three hyperlinks: the first one here, the second one, and the third."),
    rf("docx-heading", "docx/par-known-styles.docx", PASS, "docx.heading_exists", text="Heading 1", level=1),
    rf("docx-not-heading", "docx/par-known-styles.docx", FAIL, "docx.heading_exists", text="Body Text"),
    rf("docx-images", "docx/having-images.docx", PASS, "docx.image_count", min=5, max=5),
    rf("docx-nested-tables", "docx/tbl-having-tables.docx", PASS, "docx.table", table=2, min_rows=3, min_cols=3),
    rf("docx-case-parts", "edge/case-parts.docx", PASS, "docx.paragraph_contains", text="Lorem ipsum dolor"),
    rf("docx-strict", "edge/strict.docx", PASS, "docx.paragraph_contains", text="Lorem ipsum dolor"),
    rf("docx-sdt-block", "edge/hidden-text.docx", PASS, "docx.paragraph_contains", text="rose twelve percent"),
    rf("docx-sdt-heading", "edge/hidden-text.docx", PASS, "docx.heading_exists", text="Controlled heading", level=1),
    rf("docx-sdt-inline", "edge/hidden-text.docx", PASS, "docx.paragraph_contains", match="exact",
       text="Client: Contoso Holdings"),
    rf("docx-tracked-ins", "edge/hidden-text.docx", PASS, "docx.paragraph_contains", match="exact",
       text="Terms: net thirty days"),
    rf("docx-tracked-del", "edge/hidden-text.docx", FAIL, "docx.paragraph_contains", text="net sixty days"),
    rf("docx-text-box", "edge/hidden-text.docx", PASS, "docx.paragraph_contains", text="Callout in a text box"),
    # 9 words in the original, 22 added; the text box counts once though Word stores it twice.
    rf("docx-words", "edge/hidden-text.docx", PASS, "docx.word_count", min=31, max=31),
    rf("docx-encrypted", "edge/encrypted.docx", err("password-protected", "encrypted"), "docx.word_count"),
    rf("docx-encrypted-as-doc", "edge/encrypted-named.doc", err("password-protected"), "docx.word_count"),
    rf("xlsx-encrypted", "edge/encrypted.xlsx", err("password-protected"), "xlsx.cell_value", cell="A1", expected=1),
    rf("docx-macro", "edge/macro.docm", PASS, "docx.paragraph_contains", text="Lorem ipsum dolor"),
    # PowerPoint (python-pptx's test files) and content-type variants.
    rf("pptx-notes", "pptx/prs-notes.pptx", PASS, "pptx.notes_contain", text="Notes"),
    rf("pptx-no-slides", "pptx/no-slides.pptx", FAIL, "pptx.slide_count", min=1),
    rf("pptx-chart", "pptx/cht-charts.pptx", PASS, "pptx.chart_count", min=1),
    rf("pptx-pictures", "pptx/shp-picture.pptx", PASS, "pptx.picture_count", slide=2, min=2, max=2),
    rf("pptx-group", "pptx/shp-groupshape.pptx", PASS, "pptx.slide_count", min=1, max=1),
    rf("pptx-table-text", "pptx/tbl-cell.pptx", PASS, "pptx.text_contains", slide=1, text="unladen swallows"),
    rf("pptx-table-absent", "pptx/tbl-cell.pptx", FAIL, "pptx.text_contains", slide=2, text="unladen swallows"),
    rf("pptx-ppsx", "edge/slideshow.ppsx", PASS, "pptx.notes_contain", text="Notes"),
    rf("pptx-ppsx-named-pptx", "edge/slideshow-named.pptx", PASS, "pptx.notes_contain", text="Notes"),
    rf("pptx-pptm", "edge/macro.pptm", PASS, "pptx.notes_contain", text="Notes"),
    # Spreadsheets from Excel, Google Docs and non-Office writers (xlrd's test files).
    rf("xlsx-case-parts", "xlsx/issue150.xlsx", PASS, "xlsx.cell_value", cell="B1", expected="Cycle",
       recalculate=False),
    rf("xlsx-case-number", "xlsx/issue150.xlsx", PASS, "xlsx.cell_value", cell="B2", expected=1, recalculate=False),
    rf("xlsx-case-recalc", "xlsx/issue150.xlsx", PASS, "xlsx.cell_value", cell="B1", expected="Cycle"),
    rf("xlsx-case-sheet", "xlsx/issue150.xlsx", PASS, "xlsx.sheet_exists", sheet="VIC"),
    rf("xlsx-shared-strings-case", "xlsx/err_cell_empty.xlsx", PASS, "xlsx.row_count", min=1),
    rf("xlsx-bad-styles", "xlsx/self_evaluation_report_2014-05-19.xlsx", PASS, "xlsx.cell_value", cell="A1",
       expected="one", recalculate=False),
    rf("xlsx-gdocs-empty", "xlsx/test_comments_gdocs.xlsx", FAIL, "xlsx.row_count", min=1),
    rf("xlsx-excel", "xlsx/reveng1.xlsx", PASS, "xlsx.cell_value", cell="A1", expected="description",
       recalculate=False),
    rf("xlsx-merged", "xlsx/merged_cells.xlsx", PASS, "xlsx.cell_value", cell="Sheet2!A1", expected="Foo",
       recalculate=False),
    rf("xlsx-root-parts", "edge/root-workbook.xlsx", PASS, "xlsx.cell_value", cell="A2", expected=2,
       recalculate=False),
    rf("xlsx-strict", "edge/strict.xlsx", PASS, "xlsx.cell_value", cell="A1", expected="description",
       recalculate=False),
    rf("xlsx-macro", "edge/macro.xlsm", PASS, "xlsx.cell_value", cell="A1", expected="description",
       recalculate=False),
    rf("xlsx-legacy-named", "edge/legacy-named.xlsx", PASS, "xlsx.row_count", min=5, max=5),
    # PDFs from LibreOffice, pdfTeX, ImageMagick and broken writers (pypdf's test files).
    rf("pdf-text", "pdf/crazyones.pdf", PASS, "pdf.text_contains", text="The Crazy Ones"),
    rf("pdf-pages", "pdf/pdflatex-outline.pdf", PASS, "pdf.page_count", min=4, max=4),
    rf("pdf-images", "pdf/jpeg.pdf", PASS, "pdf.image_count", min=1),
    rf("pdf-image-per-page", "pdf/imagemagick-images.pdf", PASS, "pdf.image_count", page=6, min=1, max=1),
    rf("pdf-a4", "pdf/two-different-pages.pdf", PASS, "pdf.page_size", size="A4", orientation="portrait"),
    rf("pdf-not-letter", "pdf/two-different-pages.pdf", FAIL, "pdf.page_size", size="Letter"),
    rf("pdf-repaired-toy", "pdf/toy.pdf", PASS, "pdf.text_contains", text="Single quote operator"),
    rf("pdf-password", "pdf/libreoffice-writer-password.pdf", err("password-protected"), "pdf.page_count"),
    rf("pdf-empty-password", "pdf/r6-empty-password.pdf", PASS, "pdf.text_contains", text="pdf encryption test"),
    rf("pdf-repaired-ok", "pdf/issue-297.pdf", PASS, "pdf.text_contains", text="test example"),
    rf("pdf-fuzzed-count", "edge/count-fuzzed.pdf", PASS, "pdf.page_count", min=1, max=10),
    rf("pdf-fuzzed-text", "edge/count-fuzzed.pdf", PASS, "pdf.text_contains", text="Fuzzed page tree"),
    rf("pdf-repaired-empty", "edge/repaired-empty.pdf", err("repair", "no pages"), "pdf.page_count", max=3),
    rf("pdf-garbage", "edge/garbage.pdf", err("cannot be opened as a PDF"), "pdf.page_count", max=3),
    # HTML whose declared charset lies, or with no BOM at all.
    rf("html-utf16-lie", "edge/charset-utf16-lie.html", FAIL, "html.no_external_requests"),
    rf("html-utf16-lie-title", "edge/charset-utf16-lie.html", PASS, "html.title", text="résumé"),
    rf("html-bogus-charset", "edge/charset-bogus.html", FAIL, "html.no_external_requests"),
    rf("html-utf16-bom", "edge/utf16-bom.html", FAIL, "html.no_external_requests"),
    rf("html-utf16-bom-title", "edge/utf16-bom.html", PASS, "html.title", text="Quarterly dashboard – résumé",
       match="exact"),
    rf("html-utf16-nobom", "edge/utf16-nobom.html", FAIL, "html.no_external_requests"),
    rf("html-empty-page", "edge/empty-page.html", PASS, "html.no_external_requests"),  # empty, not unreadable
    rf("html-utf32-nobom", "edge/utf32-nobom.html", err("markup"), "html.no_external_requests"),
]


def _job(cases: list[tuple]) -> str:
    checks = [{"id": cid, "file": file, "spec": spec} for cid, file, _, spec in cases]
    return base64.b64encode(json.dumps({"root": ROOT, "checks": checks, "timeout_s": 90}).encode()).decode()


@pytest.fixture(scope="module")
def image(request) -> str:
    return DEV_IMAGE or request.getfixturevalue("autorater_image")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def box(docker_client, image):
    sandbox = await DockerSandbox.create(make_spec(image, trial="realfiles"), client=docker_client)
    try:
        for folder in ("docx", "pptx", "xlsx", "pdf", "edge"):
            await sandbox.copy_in(DATA / folder, f"{ROOT}/deliverables/{folder}")
        await sandbox.write_file(f"{ROOT}/final_reply.md", "see the deliverables\n")
        if DEV_IMAGE:
            await sandbox.copy_in(Path(__file__).parents[1] / "autorater", f"{DEV_PATH}/autorater")
        yield sandbox
    finally:
        await sandbox.close()


async def run_in(box: DockerSandbox, argv: list[str]):
    return await box.exec(argv, timeout=900, env={"PYTHONPATH": DEV_PATH} if DEV_IMAGE else None)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def results(box) -> dict[str, dict]:
    done = await run_in(box, ["python3", "-m", "autorater.checks.runner", _job(CASES)])
    assert done.exit_code == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert [r["id"] for r in records] == [c[0] for c in CASES], done.stderr
    return {r["id"]: r for r in records}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
async def test_real_file_gets_the_right_verdict(case, results):
    cid, _, expect, _ = case
    record = results[cid]
    if expect == PASS:
        assert record["passed"] and record["error"] is None, record
        assert record["evidence"].endswith("→ pass"), record
    elif expect == FAIL:
        assert not record["passed"] and record["error"] is None, record
        assert record["evidence"].endswith("→ fail"), record
    else:
        assert not record["passed"] and record["error"], record
        for fragment in expect[1:]:
            assert fragment in record["error"], record


async def test_evidence_says_how_an_odd_file_was_read(results):
    """A normalised or converted file is graded, and the evidence says what was done to it."""
    assert "case" in results["xlsx-case-parts"]["evidence"], results["xlsx-case-parts"]
    assert "macro" in results["docx-macro"]["evidence"].lower(), results["docx-macro"]
    assert "Strict OOXML" in results["docx-strict"]["evidence"], results["docx-strict"]
    assert "1,410,065,407" in results["pdf-fuzzed-count"]["evidence"], results["pdf-fuzzed-count"]
    assert "footer" in results["docx-footer"]["evidence"], results["docx-footer"]
    assert "footnotes (word/footnotes.xml)" in results["docx-footnote"]["evidence"], results["docx-footnote"]


@pytest.mark.parametrize(
    ("name", "pages", "reason"),
    [
        ("edge/case-parts.docx", 1, None),  # LibreOffice alone cannot load it; the normalised copy renders
        ("xlsx/issue150.xlsx", None, None),  # as many pages as LibreOffice lays the sheets out on
        ("edge/count-fuzzed.pdf", 1, None),  # the real page count, not the declared 1,410,065,407
        ("edge/encrypted.docx", 0, "password-protected / encrypted"),
        ("edge/repaired-empty.pdf", 0, "no pages survived the repair"),
    ],
)
async def test_render_reads_odd_files_or_says_why_not(box, name, pages, reason):
    out_dir = f"/tmp/render-{name.replace('/', '-').replace('.', '-')}"
    done = await run_in(box, ["python3", "-m", "autorater.checks.render", f"{ROOT}/deliverables/{name}", out_dir])
    report = json.loads(done.stdout)
    if reason is None:
        assert done.exit_code == 0 and report["error"] is None and report["pages"], report
        assert pages is None or (report["page_count"] == pages and len(report["pages"]) == pages), report
    else:
        assert done.exit_code == 1 and not report["pages"], report
        assert reason in report["error"], report
