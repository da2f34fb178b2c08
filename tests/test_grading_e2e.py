"""`mka grade` end to end: real autorater containers with no network, real checks, and the
judge path through the real SDKs against the loopback fake server."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from autorater.grading.grade_trial import GradeSpec, grade_trial
from harness.providers.settings import ModelSettings, Prices
from harness.tasks import load_task

from tests.conftest import probe_target
from tests.fakes.llm_server import FakeError, FakeLLMServer, FakeTurn
from tests.cli_support import run_mka

pytestmark = pytest.mark.docker
DATA = Path(__file__).parent / "data"
TASK = DATA / "tasks" / "quarterly_pack"
RUBRIC = DATA / "rubrics" / "quarterly_pack.yaml"


def _mka(*args: str) -> subprocess.CompletedProcess:
    return run_mka(*args, timeout=800)


@pytest.fixture(scope="module")
def oracle_trial(tmp_path_factory, sandbox_image) -> Path:
    out = tmp_path_factory.mktemp("oracle-run")
    result = _mka("run", str(TASK), "--agent", "oracle", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "trials" / "quarterly_pack__oracle__r1"


def _copy_trial(trial: Path, dest_root: Path) -> Path:
    dest = dest_root / "run" / "trials" / trial.name
    shutil.copytree(trial, dest, ignore=shutil.ignore_patterns("grade"))
    return dest


def _verdicts(trial: Path) -> dict[str, dict]:
    return {v["criterion_id"]: v for v in json.loads((trial / "grade" / "verdicts.json").read_text())["verdicts"]}


def test_oracle_passes_every_check_and_judge_criteria_are_unjudged(oracle_trial, tmp_path, autorater_image):
    trial = _copy_trial(oracle_trial, tmp_path)
    result = _mka("grade", str(trial.parent.parent), "--tasks", str(DATA / "tasks"), "--rubrics", str(DATA / "rubrics"))
    assert result.returncode == 0, result.stderr
    score = json.loads((trial / "grade" / "score.json").read_text())
    verdicts = _verdicts(trial)
    assert score["counts"] == {"pass": 37, "fail": 0, "blocked": 0, "unjudged": 2, "error": 0}
    assert score["wsr"] is None and score["complete"] is False  # never silently counted
    assert score["wsr_bounds"][0] == pytest.approx(75 / 80) and score["wsr_bounds"][1] == 1.0
    assert verdicts["xlsx_total_profit"]["decided_by"] == "check:xlsx.cell_value"
    assert "188000" in verdicts["xlsx_total_profit"]["evidence"]  # a formula: only recalculation gives it
    assert verdicts["png_legible"]["verdict"] == "unjudged" and verdicts["png_legible"]["decided_by"] == "none"
    # Grading again is skipped unless --regrade.
    again = _mka("grade", str(trial.parent.parent), "--tasks", str(DATA / "tasks"), "--rubrics", str(DATA / "rubrics"))
    assert "already graded" in again.stderr


def test_broken_deliverables_score_lower_with_evidence_and_blocking(oracle_trial, tmp_path, autorater_image):
    trial = _copy_trial(oracle_trial, tmp_path)
    deliverables = trial / "deliverables"
    (deliverables / "deck.pptx").unlink()  # missing file: deck_slides fails, its dependents are blocked
    (deliverables / "memo.docx").write_bytes(b"PK\x03\x04 this is not really a docx")  # corrupt
    summary = json.loads((deliverables / "summary.json").read_text())
    summary["annual"]["profit"] = 150000
    (deliverables / "summary.json").write_text(json.dumps(summary))
    buffer = io.BytesIO()
    Image.new("RGB", (640, 480), "white").save(buffer, format="PNG")
    (deliverables / "chart.png").write_bytes(buffer.getvalue())
    (trial / "final_reply.md").write_text("Done.")
    score = _grade(trial, judge=None)
    verdicts = _verdicts(trial)
    assert score["wsr_bounds"][1] < 0.6
    assert verdicts["deck_slides"]["verdict"] == "fail" and "deck.pptx" in verdicts["deck_slides"]["rationale"]
    for dependent in ("deck_title", "deck_outlook", "deck_picture", "deck_notes", "deck_readable"):
        assert verdicts[dependent]["verdict"] == "blocked" and verdicts[dependent]["blocked_by"] == "deck_slides"
    assert verdicts["memo_heading"]["verdict"] == "fail"  # corrupt docx fails its criterion, grading goes on
    assert verdicts["json_profit"]["verdict"] == "fail" and "150000" in verdicts["json_profit"]["evidence"]
    assert verdicts["png_size"]["verdict"] == "fail" and "640" in verdicts["png_size"]["evidence"]
    assert verdicts["png_legible"]["verdict"] == "blocked"  # never sent to a judge
    assert verdicts["reply_profit"]["verdict"] == "fail"
    assert verdicts["xlsx_total_profit"]["verdict"] == "pass"  # untouched files still pass


def _grade(trial: Path, judge: ModelSettings | None) -> dict:
    import asyncio

    from harness.images import resolve_image
    from harness.sandbox.client import shared_client

    spec = GradeSpec(trial, load_task(TASK), RUBRIC, resolve_image(shared_client(), "autorater"), judge, run_id="pytest-grade")
    return asyncio.run(grade_trial(spec))


def _probe(image: str) -> str:
    host, address = probe_target(image)  # the image's own apt mirror, never a host named in code
    return ("cd /workspace && find . -mindepth 1 | sort; "
            f"getent hosts {host} || echo DNS-FAILED; "
            f"timeout 5 bash -c 'exec 3<>/dev/tcp/{address}/80' 2>/dev/null || echo EGRESS-FAILED")


def test_judge_path_end_to_end_in_a_network_less_container(oracle_trial, tmp_path, monkeypatch, autorater_image):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    trial = _copy_trial(oracle_trial, tmp_path)
    with FakeLLMServer() as server:
        server.add(
            FakeTurn(tool_calls=[("code_exec", json.dumps({"cmd": _probe(autorater_image)}))]),
            FakeTurn(tool_calls=[("view_image", '{"path": "deliverables/chart.png"}')]),
            FakeTurn(tool_calls=[("submit_verdicts", json.dumps({"verdicts": [
                {"criterion_id": "png_legible", "verdict": "pass", "rationale": "Four rising bars, title readable.",
                 "cited_files": ["chart.png"]}]}))]),
            FakeTurn(tool_calls=[("submit_verdicts", json.dumps({"verdicts": [
                {"criterion_id": "deck_readable", "verdict": "fail", "rationale": "Slide 2 chart too small.",
                 "cited_files": ["deck.pptx"]}]}))]),
        )
        judge = ModelSettings(spec="openai:fake-judge", provider="openai", model="fake-judge", context_window=100_000,
                              base_url=server.base_url + "/v1", prices=Prices(input=1, cached_input=0.1, output=2))
        score = _grade(trial, judge)
        bodies = [r.body for r in server.requests]
    verdicts = _verdicts(trial)
    assert (verdicts["png_legible"]["verdict"], verdicts["png_legible"]["decided_by"]) == ("pass", "llm:openai:fake-judge")
    assert verdicts["deck_readable"]["verdict"] == "fail" and verdicts["deck_readable"]["cited_files"] == ["deck.pptx"]
    assert score["complete"] is True and score["wsr"] == pytest.approx(78 / 80)
    # The judge saw the task prompt verbatim and only the judge-only criteria.
    first = json.dumps(bodies[0])
    assert "year-end results pack" in first and "png_legible" in first and "xlsx_total_profit" not in first
    probe = json.dumps(bodies[1])
    assert "DNS-FAILED" in probe and "EGRESS-FAILED" in probe
    listing = [line for line in json.loads(probe)["messages"][-1]["content"].split("\n") if line.startswith("./")]
    assert sorted(listing) == sorted(["./deliverables", "./final_reply.md"] + [f"./deliverables/{p.name}" for p in (trial / "deliverables").iterdir()])
    # After a partial submission the judge was asked for the rest; its trajectory is kept.
    assert "Still missing verdicts for: deck_readable" in json.dumps(bodies[3])
    assert list((trial / "grade" / "judge").glob("judge-*.jsonl"))


def test_a_judge_outage_marks_its_criteria_error_never_fail(oracle_trial, tmp_path, monkeypatch, autorater_image):
    """A judge that cannot be reached (401 after retries) is the grader's failure: its criteria
    are 'error' with the reason, the score is bounds, and the grade header names the outage."""
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    trial = _copy_trial(oracle_trial, tmp_path)
    with FakeLLMServer() as server:
        server.default = FakeError(401)
        judge = ModelSettings(spec="openai:fake-judge", provider="openai", model="fake-judge", context_window=100_000,
                              base_url=server.base_url + "/v1", prices=Prices(input=1, cached_input=0.1, output=2),
                              max_attempts=1)
        score = _grade(trial, judge)
    verdicts = _verdicts(trial)
    for cid in ("png_legible", "deck_readable"):
        assert verdicts[cid]["verdict"] == "error" and "judge outage" in verdicts[cid]["rationale"], verdicts[cid]
    assert score["counts"]["error"] == 2 and score["counts"]["fail"] == 0 and score["wsr"] is None
    assert score["wsr_bounds"][1] == 1.0 and score["judge_errors"] and "judge outage" in score["judge_errors"][0]


def test_a_check_the_grader_cannot_run_is_error_after_one_retry(oracle_trial, tmp_path, autorater_image):
    """A per-check timeout is an infrastructure failure: retried alone once, then verdict
    'error' (undecided), never a fail charged to the deliverable. (A LibreOffice recalculation
    cannot finish in 1 s; a backtracking regex no longer can time out: patterns run on RE2.)"""
    import asyncio

    from autorater.grading.checks_host import CheckItem, run_checks
    from harness.images import resolve_image
    from harness.sandbox import DockerSandbox, SandboxSpec
    from harness.sandbox.client import shared_client

    async def go():
        spec = SandboxSpec(image=resolve_image(shared_client(), "autorater"), network="none", run_id="pytest-grade", role="autorater")
        async with await DockerSandbox.create(spec) as box:
            await box.write_file("final_reply.md", "a" * 40 + "b\n")
            await box.copy_in(Path(__file__).parent / "data" / "checks" / "good", "/workspace/deliverables")
            items = [CheckItem("slow", "summary.xlsx", {"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900}),
                     CheckItem("fine", None, {"kind": "reply.regex", "pattern": "b$"})]
            return await run_checks(box, items, per_check_timeout_s=1)

    out = asyncio.run(go())
    assert out["slow"].infra and "retried once" in out["slow"].error and "timed out" in out["slow"].error
    assert out["fine"].passed and not out["fine"].infra
