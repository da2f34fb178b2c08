"""The warm LibreOffice of a grading container (autorater/checks/warm_office.py), for real in the
autorater image: conversions through it give what a cold `soffice --convert-to` gives (stale
cached values recalculated, the same cells, pages and text), a killed or wedged office falls
back to a cold conversion and is replaced, a conversion that hangs in it is stopped and the
office replaced, and hostile files still fail with their reasons.

The cold path itself is covered by tests/test_checks_run.py (no warm office there)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
import pytest_asyncio

from autorater.checks.office import _SETTINGS, registry_xcu
from autorater.grading.checks_host import start_office
from harness.sandbox import DockerSandbox
from tests.conftest import make_spec

pytestmark = [pytest.mark.docker, pytest.mark.asyncio(loop_scope="module")]

DATA = Path(__file__).parent / "data"
RUNNER = ["python3", "-m", "autorater.checks.runner"]
OFFICE = ["python3", "-m", "autorater.checks.warm_office"]
ROOT = "/workspace/good"


async def _run(box: DockerSandbox, cases: list[tuple[str, str | None, dict]], *, root: str = ROOT,
               timeout_s: float = 60) -> dict[str, dict]:
    checks = [{"id": cid, "file": file, "spec": spec} for cid, file, spec in cases]
    job = base64.b64encode(json.dumps({"root": root, "checks": checks, "timeout_s": timeout_s}).encode()).decode()
    result = await box.exec([*RUNNER, job], timeout=300)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [r["id"] for r in records] == [c[0] for c in cases], result.stderr
    return {r["id"]: r for r in records}


async def _state(box: DockerSandbox) -> dict:
    result = await box.exec([*OFFICE, "status"])
    return json.loads(result.stdout)


async def _ready(box: DockerSandbox) -> dict:
    waited = await box.exec([*OFFICE, "wait", "60"], timeout=90)
    assert waited.exit_code == 0, waited.stdout + waited.stderr
    return await _state(box)


async def _conversions(box: DockerSandbox) -> list[dict]:
    result = await box.exec(["cat", "/tmp/mka-office/conversions.log"])
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


async def _last_how(box: DockerSandbox, name: str) -> str:
    return [c for c in await _conversions(box) if c["file"] == name][-1]["how"]


async def _office_pids(box: DockerSandbox) -> set[int]:
    result = await box.exec(["ps", "-eo", "pid=,comm="])
    return {int(pid) for pid, comm in (line.split(None, 1) for line in result.stdout.splitlines())
            if comm.startswith(("soffice", "oosplash"))}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def box(docker_client, autorater_image):
    sandbox = await DockerSandbox.create(make_spec(autorater_image, trial="warm-office"), client=docker_client)
    try:
        assert await start_office(sandbox)
        for name in ("good", "bad"):
            await sandbox.copy_in(DATA / "checks" / name, f"/workspace/{name}/deliverables")
            await sandbox.write_file(f"/workspace/{name}/final_reply.md", (DATA / "checks" / name / "final_reply.md").read_bytes())
        for rel in ("xls/ragged.xls", "edge/strict.docx", "edge/strict.xlsx", "edge/macro.xlsm"):
            await sandbox.copy_in(DATA / "realfiles" / rel, "/workspace/good/deliverables")
        garbage = (DATA / "realfiles" / "edge" / "garbage.pdf").read_bytes()  # a broken PDF named .xls
        await sandbox.write_file("/workspace/bad/deliverables/garbage.xls", garbage)
        await _ready(sandbox)
        yield sandbox
    finally:
        await sandbox.close()


async def test_the_warm_office_has_the_cold_profile_listens_on_no_port_and_is_kept(box):
    before = await _state(box)
    assert before["alive"], before
    # The office rewrites its registry on start; every setting of a cold profile must survive
    # (recalculate on load, macros never run, links never refreshed).
    profile = await box.exec(["cat", "/tmp/mka-office/profile/user/registrymodifications.xcu"])
    for path, name, value in _SETTINGS:
        item = f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop></item>'
        assert item in profile.stdout and item in registry_xcu(), item
    # A UNO pipe (a Unix socket in /tmp), no TCP listener at all: state 0A is LISTEN.
    tcp = await box.exec("cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk 'NR > 1 && $4 == \"0A\"'")
    assert tcp.stdout.strip() == "", tcp.stdout
    cmdline = await box.exec(["cat", f"/proc/{before['pid']}/cmdline"])
    assert f"--accept=pipe,name={before['pipe']};urp;" in cmdline.stdout.replace("\0", " ")
    # Other execs' reaping spares it (MKA_KEEP=1), and a second start does not launch another.
    await box.exec("sleep 30 & echo started")
    again = await box.exec([*OFFICE, "start"])
    assert json.loads(again.stdout)["pid"] == before["pid"]
    assert (await _state(box))["pid"] == before["pid"] and (await _state(box))["alive"]


async def test_a_stale_cached_value_is_recalculated_through_the_warm_office(box):
    cases = [
        ("recalc", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6}),
        ("cached", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6, "recalculate": False}),
        ("total", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900, "tolerance": 0.5}),
    ]
    out = await _run(box, cases)
    assert out["recalc"]["passed"], out["recalc"]  # the stale cached 999 is replaced by the real 6
    assert not out["cached"]["passed"] and "= 999 (cached value in the file" in out["cached"]["evidence"]
    assert "Totals!B6 = 153900 (recalculated by LibreOffice; formula =SUM(B2:B5))" in out["total"]["evidence"]
    assert await _last_how(box, "stale.xlsx") == "warm"
    assert await _last_how(box, "summary.xlsx") == "warm"


COMPARE = r'''
import json, sys, tempfile
from pathlib import Path
from autorater.checks import office, warm_office

def summary(path):
    if path.suffix == ".xlsx":
        import openpyxl
        wb = openpyxl.load_workbook(path, data_only=True)
        return {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in wb.worksheets}
    if path.suffix == ".pdf":
        import fitz
        with fitz.open(path) as doc:
            return [[round(v) for v in page.rect] + [page.get_text()] for page in doc]
    import docx
    return [p.text for p in docx.Document(path).paragraphs]

out, read_state = {}, warm_office.read_state
for spec in sys.argv[1:]:
    name, target = spec.split("=")
    src = Path("/workspace/good/deliverables") / name
    got = {}
    for how in ("warm", "cold"):
        # cold: as in a container without a warm office
        warm_office.read_state = read_state if how == "warm" else (lambda: None)
        result = office.convert(src, target, Path(tempfile.mkdtemp()), 60)
        got[how] = summary(result)
    out[spec] = got["warm"] == got["cold"]
print(json.dumps(out))
'''


async def test_warm_and_cold_conversions_give_the_same_cells_pages_and_text(box):
    specs = ["summary.xlsx=xlsx", "stale.xlsx=xlsx", "data.csv=xlsx", "ragged.xls=xlsx", "strict.xlsx=xlsx",
             "macro.xlsm=xlsx", "strict.docx=docx", "report.docx=pdf", "deck.pptx=pdf", "summary.xlsx=pdf"]
    result = await box.exec(["python3", "-c", COMPARE, *specs], timeout=300)
    assert result.exit_code == 0, result.stderr[-2000:]
    same = json.loads(result.stdout)
    assert same == dict.fromkeys(specs, True), same
    hows = [c["how"] for c in (await _conversions(box))[-2 * len(specs):]]
    assert hows == ["warm", "cold"] * len(specs), (await _conversions(box))[-2 * len(specs):]  # each went both ways


async def test_html_is_converted_cold(box):
    # Writer/Web renders differently warm (see uno_convert.FILTERS): the reference result is kept.
    result = await box.exec(["python3", "-c", "import tempfile; from pathlib import Path; from autorater.checks import office; "
                             "office.convert(Path('/workspace/good/deliverables/page.html'), 'pdf:writer_web_pdf_Export', "
                             "Path(tempfile.mkdtemp()), 60)"], timeout=120)
    assert result.exit_code == 0, result.stderr
    assert await _last_how(box, "page.html") == "cold"


async def test_a_killed_warm_office_falls_back_cold_and_is_restarted(box):
    first = await _ready(box)
    kill = await box.exec(["python3", "-c", f"from autorater.checks.proc import kill_tree; kill_tree({first['pid']})"])
    assert kill.exit_code == 0, kill.stderr
    out = await _run(box, [("recalc", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6})])
    assert out["recalc"]["passed"], out["recalc"]
    assert await _last_how(box, "stale.xlsx") == "cold"
    second = await _ready(box)  # relaunched in the background for the next conversion
    assert second["pid"] != first["pid"] and second["restarts"] == first["restarts"] + 1
    out = await _run(box, [("total", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900})])
    assert out["total"]["passed"], out["total"]
    assert await _last_how(box, "summary.xlsx") == "warm"


async def test_a_wedged_warm_office_falls_back_cold_and_is_replaced(box):
    first = await _ready(box)
    pids = await _office_pids(box)
    stop = await box.exec(["kill", "-STOP", *map(str, sorted(pids))])
    assert stop.exit_code == 0, stop.stderr
    out = await _run(box, [("recalc", "stale.xlsx", {"kind": "xlsx.cell_value", "cell": "Calc!A3", "expected": 6})])
    assert out["recalc"]["passed"], out["recalc"]
    assert await _last_how(box, "stale.xlsx") == "cold after warm"
    second = await _ready(box)
    assert second["pid"] != first["pid"]
    assert not pids & await _office_pids(box)  # the stopped processes were killed, not left behind


async def test_a_conversion_hanging_in_the_warm_office_is_stopped_and_the_office_replaced(box):
    first = await _ready(box)
    make = await box.exec(["python3", "-c", (
        "import openpyxl; wb = openpyxl.Workbook(); ws = wb.active\n"
        "for i in range(1, 400): ws.cell(row=i, column=1, value=f'=SUMPRODUCT((ROW($A$1:$A$1048576)>{i})*1)')\n"
        "wb.save('/workspace/good/deliverables/slow.xlsx')")])
    assert make.exit_code == 0, make.stderr
    cases = [
        ("slow", "slow.xlsx", {"kind": "xlsx.cell_value", "cell": "A1", "expected": 1}),
        ("next", None, {"kind": "reply.regex", "pattern": "."}),
    ]
    out = await _run(box, cases, timeout_s=3)
    assert out["slow"]["infra"] and "timed out after" in out["slow"]["error"], out["slow"]
    assert out["next"]["passed"], out["next"]
    second = await _ready(box)
    assert second["pid"] != first["pid"]  # the busy office was killed and a fresh one launched
    out = await _run(box, [("total", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900})])
    assert out["total"]["passed"] and await _last_how(box, "summary.xlsx") == "warm", out["total"]


async def test_hostile_files_fail_with_their_reasons_through_the_warm_office(box):
    before = await _ready(box)
    cases = [
        ("bomb", "bomb.xlsx", {"kind": "xlsx.cell_value", "cell": "B6", "expected": 1}),
        ("corrupt", "corrupt.pptx", {"kind": "pptx.slide_count", "min": 1}),
        ("entities", "entities.docx", {"kind": "docx.word_count", "min": 1}),
        ("not-a-workbook", "garbage.xls", {"kind": "xlsx.cell_value", "cell": "A1", "expected": 1}),
        ("after", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 1}),
    ]
    out = await _run(box, cases, root="/workspace/bad")
    reasons = {
        "bomb": "refused as a possible zip bomb",
        "corrupt": "corrupt zip container",
        "entities": "declares a DTD/entities",
        "not-a-workbook": "LibreOffice could not convert garbage.xls to xlsx",
    }
    for cid, reason in reasons.items():
        assert not out[cid]["passed"] and not out[cid]["infra"] and reason in (out[cid]["error"] or ""), out[cid]
    assert await _last_how(box, "garbage.xls") == "cold after warm, failed"  # the reference verdict decides
    assert not out["after"]["passed"] and out["after"]["error"] is None, out["after"]  # evaluated: 153900 ≠ 1
    assert (await _state(box))["pid"] == before["pid"]  # a file it could not load does not cost the office
