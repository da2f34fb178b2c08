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
PASS, FAIL, UNDECIDED = "pass", "fail", "undecided"


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
    rf("pdf-repaired-empty", "edge/repaired-empty.pdf", err("repair", "no pages", "poppler"), "pdf.page_count", max=3),
    rf("pdf-garbage", "edge/garbage.pdf", err("cannot be opened as a PDF"), "pdf.page_count", max=3),
    # Fuzzed PDFs from pdf.js's test corpus (GhostScript's, PDFBox's and poppler's bug trackers),
    # each held against poppler's own reading (pdfinfo / pdftotext, the independent reader):
    # MuPDF finds no page in the GhostScript file, which every poppler-based viewer shows as one
    # Letter page; PDFBox's needs a repair both readers agree on; poppler's own three hold no
    # page either reader can show.
    rf("pdf-fuzzed-gs-count", "pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf", PASS, "pdf.page_count", min=1, max=1),
    rf("pdf-fuzzed-gs-letter", "pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf", PASS, "pdf.page_size", size="Letter"),
    rf("pdf-fuzzed-gs-not-a4", "pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf", FAIL, "pdf.page_size", size="A4"),
    rf("pdf-fuzzed-pdfbox", "pdf/PDFBOX-3148-2-fuzzed.pdf", PASS, "pdf.page_count", min=1, max=1),
    rf("pdf-fuzzed-poppler-395", "pdf/poppler-395-0-fuzzed.pdf", err("no pages", "poppler"), "pdf.page_count", min=1),
    rf("pdf-fuzzed-poppler-742", "pdf/poppler-742-0-fuzzed.pdf", err("MuPDF cannot open it", "0 × 0"),
       "pdf.page_count", min=1),
    rf("pdf-fuzzed-poppler-937", "pdf/poppler-937-0-fuzzed.pdf", err("no pages", "0 × 0"), "pdf.page_count", min=1),
    rf("pdf-no-header", "edge/no-header.pdf", PASS, "pdf.text_contains", text="The Crazy Ones"),
    rf("pdf-junk-prefix", "edge/junk-prefix.pdf", err("not a PDF", "poppler cannot read it"), "pdf.page_count", min=1),
    # Found on an outside corpus (pdf.js's 966 test PDFs, pikepdf's and xlsx2csv's test data),
    # each held against poppler and pdf.js: a CropBox that is empty or outside the MediaBox (the
    # MediaBox is the page: 800 × 600 pt); /UserUnit, which MuPDF applies and poppler ignores
    # (undecided, both readings); a form tree with a cycle (the page's text still counts);
    # encryption of attachments only (the pages are in the clear); macOS AppleDouble entries.
    rf("pdf-cropbox-empty", "pdf/boundingBox_invalid.pdf", PASS, "pdf.page_size", width_mm=282.22,
       height_mm=211.67, page=2),
    rf("pdf-cropbox-empty-not-letter", "pdf/boundingBox_invalid.pdf", FAIL, "pdf.page_size", size="Letter", page=2),
    rf("pdf-cropbox-outside", "pdf/boundingBox_invalid.pdf", PASS, "pdf.page_size", width_mm=211.67,
       height_mm=282.22, page=3),
    rf("pdf-userunit-3", "pdf/bug1947248_text.pdf", UNDECIDED, "pdf.page_size", size="Letter"),
    rf("pdf-userunit-72", "pdf/issue19176.pdf", UNDECIDED, "pdf.page_size", size="Letter"),
    rf("pdf-form-cycle-text", "pdf/issue12963.pdf", PASS, "pdf.text_contains", text="Hanorosas"),
    rf("pdf-attachment-encrypted", "pdf/auth-event-ef-open.pdf", PASS, "pdf.text_contains", text="Example"),
    rf("pdf-attachment-encrypted-2", "pdf/encrypted-attachment.pdf", PASS, "pdf.page_count", min=1, max=1),
    rf("xlsx-macosx-entries", "xlsx/skip_empty_lines.xlsx", PASS, "xlsx.cell_value", sheet="Реестр", cell="A1",
       expected="№", recalculate=False),
    # Filled form fields (LibreOffice) and FreeText annotations (Acrobat, Firefox, Preview, Edge,
    # Foxit, Okular; pdf.js's freetexts.pdf) are text a reader sees.
    rf("pdf-form-alice", "pdf/libreoffice-form.pdf", PASS, "pdf.text_contains", text="Alice"),
    rf("pdf-form-bob", "pdf/libreoffice-form.pdf", PASS, "pdf.text_contains", text="Bob"),
    rf("pdf-form-carol", "pdf/libreoffice-form.pdf", FAIL, "pdf.text_contains", text="Carol"),
    rf("pdf-xfa-value", "edge/xfa-form.pdf", PASS, "pdf.text_contains", text="Dana Whitfield"),
    rf("pdf-xfa-absent", "edge/xfa-form.pdf", FAIL, "pdf.text_contains", text="Robin Hale"),
    rf("pdf-freetext-okular", "pdf/freetexts.pdf", PASS, "pdf.text_contains", text="Hello World from Okular"),
    rf("pdf-freetext-absent", "pdf/freetexts.pdf", FAIL, "pdf.text_contains", text="Hello World from Word"),
    # Part names stored with backslashes (Windows zip writers): Excel, POI and calamine open them.
    rf("xlsx-backslash-parts", "edge/backslash-parts.xlsx", PASS, "xlsx.cell_value", cell="A1", expected="description",
       recalculate=False),
    rf("docx-backslash-parts", "edge/backslash-parts.docx", PASS, "docx.paragraph_contains",
       text="Donec semper facilisis"),
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
    elif expect == UNDECIDED:  # the readers disagree: neither verdict, both readings in the evidence
        assert record["undecided"] and not record["passed"] and record["error"] is None, record
        assert record["evidence"].endswith("→ undecided"), record
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
    assert "poppler" in results["pdf-fuzzed-gs-count"]["evidence"], results["pdf-fuzzed-gs-count"]
    assert "form field 'FirstName'" in results["pdf-form-alice"]["evidence"], results["pdf-form-alice"]
    assert "backslash" in results["xlsx-backslash-parts"]["evidence"], results["xlsx-backslash-parts"]
    assert "XFA form data" in results["pdf-xfa-value"]["evidence"], results["pdf-xfa-value"]


@pytest.mark.parametrize(
    ("name", "pages", "reason"),
    [
        ("edge/case-parts.docx", 1, None),  # LibreOffice alone cannot load it; the normalised copy renders
        ("xlsx/issue150.xlsx", None, None),  # as many pages as LibreOffice lays the sheets out on
        ("edge/count-fuzzed.pdf", 1, None),  # the real page count, not the declared 1,410,065,407
        ("edge/encrypted.docx", 0, "password-protected / encrypted"),
        ("edge/repaired-empty.pdf", 0, "no pages even after repairing it"),
        ("pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf", 1, None),  # poppler's reading: one Letter page
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


# Every PDF of the corpus held against poppler, read inside the grading container: pdfinfo's page
# count and a word pdftotext reads on the first page become checks, and each must get the
# verdict poppler's reading implies, or a clear error or undecided (the readers disagree) —
# never a silent opposite.
POPPLER_READING = r"""
import json, pathlib, subprocess, re
for path in sorted(pathlib.Path("/workspace/real/deliverables").glob("*/*.pdf")):
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True)
    pages = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info.stdout, re.M)
    text = subprocess.run(["pdftotext", "-q", "-f", "1", "-l", "1", str(path), "-"], capture_output=True, text=True).stdout
    words = [w for w in re.findall(r"[A-Za-z]{5,}", text)]
    print(json.dumps({"file": str(path.relative_to("/workspace/real/deliverables")),
                      "pages": int(pages.group(1)) if info.returncode == 0 and pages else None,
                      "visible": bool(size and float(size.group(1)) > 0 and float(size.group(2)) > 0),
                      "word": words[len(words) // 2] if words else None}))
"""


async def test_every_pdf_agrees_with_poppler_or_says_why_not(box):
    done = await box.exec(["python3", "-c", POPPLER_READING], timeout=300)
    readings = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(readings) >= 20, done.stderr  # the corpus was found
    cases = []
    for r in readings:
        stem = r["file"].replace("/", "-")
        if r["pages"] and r["visible"]:
            cases.append((f"count:{stem}", r["file"], PASS, {"kind": "pdf.page_count", "min": r["pages"], "max": r["pages"]}))
        if r["word"]:
            cases.append((f"word:{stem}", r["file"], PASS, {"kind": "pdf.text_contains", "text": r["word"], "page": 1}))
    run = await run_in(box, ["python3", "-m", "autorater.checks.runner", _job(cases)])
    records = {rec["id"]: rec for rec in map(json.loads, filter(str.strip, run.stdout.splitlines()))}
    wrong = [(cid, records[cid]["evidence"]) for cid, _, _, _ in cases
             if not records[cid]["passed"] and not records[cid]["error"] and not records[cid].get("undecided")]
    assert not wrong, wrong  # a verdict poppler's reading contradicts, with no error and no "undecided"
    counted = [c[0] for c in cases]
    assert sum(c.startswith("count:") for c in counted) >= 12 and sum(c.startswith("word:") for c in counted) >= 8, counted


async def test_readers_that_disagree_leave_the_page_count_undecided_with_both_readings(box):
    """No file in the corpus splits the readers, so poppler's answer is replaced here by one
    that disagrees with MuPDF's on a file MuPDF has to repair (pypdf's toy.pdf): the page count
    is then undecided, naming both readings, while text found on a page still passes."""
    cases = [("count", "pdf/toy.pdf", PASS, {"kind": "pdf.page_count", "min": 1}),
             ("size", "pdf/toy.pdf", PASS, {"kind": "pdf.page_size", "size": "Letter"}),
             ("text", "pdf/toy.pdf", PASS, {"kind": "pdf.text_contains", "text": "Single quote operator"})]
    script = ("import sys; from autorater.checks import poppler, runner; "
              "poppler.pdfinfo = lambda path: poppler.PopplerInfo(7, [(612.0, 792.0)] * 7); "
              "sys.exit(runner.main([sys.argv[1]]))")
    done = await run_in(box, ["python3", "-c", script, _job(cases)])
    records = {rec["id"]: rec for rec in map(json.loads, filter(str.strip, done.stdout.splitlines()))}
    for cid in ("count", "size"):
        record = records[cid]
        assert record["undecided"] and not record["passed"] and record["error"] is None, record
        assert "MuPDF had to repair it and reads 1 page(s)" in record["evidence"], record
        assert "poppler reads 7 page(s)" in record["evidence"] and record["evidence"].endswith("→ undecided"), record
    assert records["text"]["passed"], records["text"]
