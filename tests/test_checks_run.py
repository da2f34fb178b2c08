"""Deterministic checks, run for real inside the autorater container (network none).

One session container holds tests/data/checks/good at /workspace/good and bad at
/workspace/bad (each with deliverables/ and final_reply.md). Every kind passes on a good
fixture and fails on a bad one, with evidence saying why."""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path

import pytest
import pytest_asyncio

from harness.sandbox import DockerSandbox
from tests.conftest import make_spec

# One event loop for the module: the container fixture outlives a single test.
pytestmark = [pytest.mark.docker, pytest.mark.asyncio(loop_scope="module")]

DATA = Path(__file__).parent / "data" / "checks"
RUNNER = ["python3", "-m", "autorater.checks.runner"]

XLSX, DOCX, PPTX, PDF, HTML, PNG = "summary.xlsx", "report.docx", "deck.pptx", "report.pdf", "page.html", "chart.png"
CSV, JSON, REPLY, REVIEW = "data.csv", "data.json", None, "review.md"


def case(cid: str, file: str | None, kind: str, **params) -> tuple[str, str | None, dict]:
    return cid, file, {"kind": kind, **params}


# (id, file, spec): each passes on good/ and fails on bad/.
CASES: list[tuple[str, str | None, dict]] = [
    case("xlsx-sheet", XLSX, "xlsx.sheet_exists", sheet="Assumptions"),
    case("xlsx-total", XLSX, "xlsx.cell_value", cell="Totals!B6", expected=153900, tolerance=0.5),
    case("xlsx-named", XLSX, "xlsx.cell_value", cell="GrandTotal", expected=154000, rel_tolerance=0.001),
    case("xlsx-text", XLSX, "xlsx.cell_value", sheet="Data", cell="D1", expected="total"),
    case("xlsx-formula", XLSX, "xlsx.cell_formula", cell="Totals!B6", pattern=r"^=SUM\("),
    case("xlsx-chart", XLSX, "xlsx.chart_exists", sheet="Data", chart_type="column", min_series=2),
    case("xlsx-rows", XLSX, "xlsx.row_count", sheet="Data", min=5),
    case("xlsx-cols", XLSX, "xlsx.column_count", sheet="Data", min=4, max=4),
    case("xlsx-headers", XLSX, "xlsx.headers", sheet="Data", expected=["Region", "Q1", "Q2", "Total"]),
    case("docx-heading", DOCX, "docx.heading_exists", text="executive summary", level=1),
    case("docx-para", DOCX, "docx.paragraph_contains", text=r"\$153,900", match="regex"),
    case("docx-table", DOCX, "docx.table", min_rows=5, min_cols=3, cell={"row": 2, "col": 2, "expected": 25000}),
    case("docx-table-cell", DOCX, "docx.table_cell", row="South", column="Q2", expected=19500),
    case("docx-table-cell-by-header", DOCX, "docx.table_cell", table="Region", row="West", column="Q1", expected=20000),
    case("docx-field", DOCX, "docx.field", label="Total revenue", expected=153900, tolerance=1),
    case("docx-field-row", DOCX, "docx.field", label="East", column="Q2", expected=16000),
    case("docx-images", DOCX, "docx.image_count", min=1),
    case("docx-words", DOCX, "docx.word_count", min=60, max=400),
    case("pptx-slides", PPTX, "pptx.slide_count", min=3, max=10),
    case("pptx-title", PPTX, "pptx.slide_title_contains", slide=2, text="revenue by region"),
    case("pptx-text", PPTX, "pptx.text_contains", text="APAC market"),
    case("pptx-pictures", PPTX, "pptx.picture_count", min=1),
    case("pptx-charts", PPTX, "pptx.chart_count", slide=2, min=1),
    case("pptx-notes", PPTX, "pptx.notes_contain", text="West region"),
    case("pptx-field", PPTX, "pptx.field", label="Expand into the", expected="APAC market", match="contains"),
    case("pdf-pages", PDF, "pdf.page_count", min=2),
    case("pdf-text", PDF, "pdf.text_contains", page=1, text="Annual Summary"),
    case("pdf-number", PDF, "pdf.number_near", expected=153900, tolerance=1, label="Total revenue"),
    case("pdf-number-line", PDF, "pdf.number_near", expected=0.125, tolerance=0.001, label="Net margin",
         same_line=True),
    case("pdf-field", PDF, "pdf.field", label="Total revenue", expected=153900, tolerance=1),
    case("pdf-images", PDF, "pdf.image_count", min=1),
    case("pdf-size", PDF, "pdf.page_size", size="A4", orientation="portrait"),
    case("html-selector", HTML, "html.selector", selector="div.kpi", min=3),
    case("html-selector-text", HTML, "html.selector", selector="#regions td", text="north"),
    case("html-title", HTML, "html.title", text="dashboard"),
    case("html-table-cell", HTML, "html.table_cell", row="North", column="Total", expected=43000),
    case("html-field", HTML, "html.field", label="Margin", expected=12.5, unit="%"),
    case("html-offline", HTML, "html.no_external_requests"),
    case("image-size", PNG, "image.dimensions", min_width=600, max_width=800, height=400),
    case("image-colors", PNG, "image.dominant_colors", colors=["#1f77b4", "#ff7f0e"], min_share=0.1),
    case("image-ocr", PNG, "image.ocr_contains", text="revenue 2024"),
    case("csv-column", CSV, "csv.column_exists", column="Total"),
    case("csv-value", CSV, "csv.value", key_column="region", key="West", column="total", expected=36900),
    case("json-key", JSON, "json.key_exists", path="summary.total"),
    case("json-value", JSON, "json.value", path="regions[3].total", expected=36900, tolerance=1),
    case("reply-regex", REPLY, "reply.regex", pattern=r"summary\.xlsx"),
    case("reply-number", REPLY, "reply.number", expected=153900, label="grand total"),
    case("reply-mentions", REPLY, "reply.mentions_all", items=["summary.xlsx", "deck.pptx", "North"]),
    # text.* are the reply checks on a text deliverable (a CSV read as text here).
    case("text-regex", CSV, "text.regex", pattern=r"^West,20000"),
    case("text-number", CSV, "text.number", expected=36900, label="West"),
    case("text-mentions", CSV, "text.mentions_all", items=["North", "total"]),
    # Answers read where they sit: bad/review.md negates, hedges or contradicts each one.
    case("text-table-cell", REVIEW, "text.table_cell", row="MU-02", column="Complies", expected="No"),
    case("text-table-number", REVIEW, "text.table_cell", row="MU-02", column="Logo", expected=72, tolerance=1),
    case("text-field", REVIEW, "text.field", label="Recommended zoning", expected="R-3"),
    case("text-regex-guard", REVIEW, "text.regex", pattern=r"Riverside[^\n]{0,40}spike|spike[^\n]{0,40}Riverside",
         negation_guard=True),
]


def _job(root: str, cases: list[tuple[str, str | None, dict]], timeout_s: float = 60) -> str:
    checks = [{"id": cid, "file": file, "spec": spec} for cid, file, spec in cases]
    return base64.b64encode(json.dumps({"root": root, "checks": checks, "timeout_s": timeout_s}).encode()).decode()


async def _run(box: DockerSandbox, root: str, cases: list[tuple[str, str | None, dict]], **kw) -> dict[str, dict]:
    result = await box.exec([*RUNNER, _job(root, cases, **kw)], timeout=300)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [r["id"] for r in records] == [c[0] for c in cases], result.stderr
    return {r["id"]: r for r in records}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def box(docker_client, autorater_image):
    sandbox = await DockerSandbox.create(make_spec(autorater_image, trial="checks"), client=docker_client)
    try:
        for name in ("good", "bad"):
            await sandbox.copy_in(DATA / name, f"/workspace/{name}/deliverables")
            await sandbox.write_file(f"/workspace/{name}/final_reply.md", (DATA / name / "final_reply.md").read_bytes())
        yield sandbox
    finally:
        await sandbox.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def runs(box) -> tuple[dict[str, dict], dict[str, dict]]:
    """(good results, bad results) of every case; the two runners work side by side."""
    return await asyncio.gather(_run(box, "/workspace/good", CASES), _run(box, "/workspace/bad", CASES))


@pytest.fixture(scope="module")
def good(runs) -> dict[str, dict]:
    return runs[0]


@pytest.fixture(scope="module")
def bad(runs) -> dict[str, dict]:
    return runs[1]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
async def test_kind_passes_on_good_and_fails_on_bad(case, good, bad):
    cid = case[0]
    assert good[cid]["passed"], good[cid]
    assert good[cid]["error"] is None and good[cid]["evidence"].endswith("→ pass")
    assert not bad[cid]["passed"], bad[cid]
    assert bad[cid]["evidence"], bad[cid]


async def test_formulas_without_cached_values_are_recalculated(good, box):
    total = good["xlsx-total"]
    assert "Totals!B6 = 153900 (recalculated by LibreOffice; formula =SUM(B2:B5))" in total["evidence"]
    assert "± 0.5" in total["evidence"]  # the tolerance used is always stated
    stale = [
        ("recalc", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6}),
        ("cached", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6, "recalculate": False}),
    ]
    out = await _run(box, "/workspace/good", stale)
    assert out["recalc"]["passed"], out["recalc"]  # a stale cached 999 is replaced by the real 6
    assert not out["cached"]["passed"] and "= 999 (cached value in the file" in out["cached"]["evidence"]


async def test_hostile_files_fail_with_a_reason_and_the_runner_continues(box):
    cases = [
        ("bomb", "bomb.xlsx", {"kind": "xlsx.cell_value", "cell": "B6", "expected": 1}),
        ("corrupt", "corrupt.pptx", {"kind": "pptx.slide_count", "min": 1}),
        ("corrupt-again", "corrupt.pptx", {"kind": "pptx.text_contains", "text": "x"}),
        ("entities", "entities.docx", {"kind": "docx.word_count", "min": 1}),
        ("missing", "nowhere.pdf", {"kind": "pdf.page_count"}),
        ("escape", "../final_reply.md", {"kind": "docx.word_count"}),
        ("not-a-pdf", "summary.xlsx", {"kind": "pdf.page_count"}),
        ("bad-spec", "report.docx", {"kind": "docx.word_count", "mni": 1}),
        ("after", None, {"kind": "reply.regex", "pattern": "could not finish"}),
    ]
    out = await _run(box, "/workspace/bad", cases)
    reasons = {
        "bomb": "refused as a possible zip bomb",
        "corrupt": "corrupt zip container",
        "corrupt-again": "corrupt zip container",
        "entities": "declares a DTD/entities",
        "missing": "file not found: deliverables/nowhere.pdf",
        "escape": "not a path inside the deliverables folder",
        "not-a-pdf": "is not a PDF",
        "bad-spec": "check.mni: unknown parameter",
    }
    for cid, reason in reasons.items():
        assert not out[cid]["passed"] and reason in (out[cid]["error"] or ""), out[cid]
    assert out["after"]["passed"], out["after"]


async def test_a_check_past_its_deadline_is_stopped_and_the_next_one_runs(box):
    await box.copy_in(DATA / "good" / "summary.xlsx", "/workspace/slow/deliverables")
    await box.write_file("/workspace/slow/final_reply.md", "a" * 40 + "b\n")
    cases = [
        ("recalc", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900}),
        ("backtracking", None, {"kind": "reply.regex", "pattern": "(a|aa)+$"}),
        ("next", None, {"kind": "reply.mentions_all", "items": ["aaa"]}),
    ]
    out = await _run(box, "/workspace/slow", cases, timeout_s=1)
    # Either the check's deadline or LibreOffice's own timeout (set to the time left) fires first.
    assert "timed out after" in out["recalc"]["error"], out["recalc"]
    # A pattern that backtracks exponentially in Python's re runs in linear time on RE2: a
    # verdict, not a timeout `error` (which would raise the upper bound of a wrong answer).
    assert out["backtracking"]["error"] is None and not out["backtracking"]["passed"], out["backtracking"]
    assert out["backtracking"]["duration_s"] < 1, out["backtracking"]
    assert out["next"]["passed"], out["next"]
    processes = (await box.exec(["ps", "-eo", "comm="])).stdout.split()
    assert not [p for p in processes if p.startswith(("soffice", "oosplash"))], processes  # the whole tree was killed


async def test_runner_accepts_a_single_check(box):
    check = {"id": "one", "file": "deck.pptx", "spec": {"kind": "pptx.slide_count", "min": 4}}
    single = {"root": "/workspace/good", "check": check}
    encoded = base64.b64encode(json.dumps(single).encode()).decode()
    result = await box.exec([*RUNNER, encoded])
    (line,) = result.stdout.splitlines()
    record = json.loads(line)
    assert record["id"] == "one" and record["passed"], record
    assert set(record) == {"id", "passed", "evidence", "where", "error", "infra", "undecided", "duration_s"}
    cheap = [c for c in CASES if c[0] in ("pdf-pages", "json-key", "csv-column")]
    only = await box.exec([*RUNNER, _job("/workspace/good", cheap), "--only", "json-key"])
    assert [json.loads(x)["id"] for x in only.stdout.splitlines()] == ["json-key"]


@pytest.mark.parametrize("name", ["report.docx", "deck.pptx"])
async def test_render_produces_png_pages(box, name):
    out_dir = f"/tmp/render-{name.replace('.', '-')}"
    result = await box.exec(
        ["python3", "-m", "autorater.checks.render", f"/workspace/good/deliverables/{name}", out_dir, "--max-pages=2"]
    )
    assert result.exit_code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["error"] is None and report["renderer"] == "libreoffice"
    assert report["pages"] and report["pdf"].endswith(".pdf")
    assert len(report["pages"]) <= 2 and report["truncated"] == (report["page_count"] > 2)
    first = await box.read_file(report["pages"][0])
    assert first.startswith(b"\x89PNG\r\n\x1a\n") and len(first) > 1000
