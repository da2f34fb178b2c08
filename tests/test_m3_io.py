"""Reading references and our trial directories, the audit table and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from harness.cli import m3_cmd
from harness.m3.audit import audit_html, run_audit
from harness.m3.encoders import hub_offline
from harness.m3.loading import M3InputError, load_predictions, load_references, parse_arguments
from tests.test_m3_support import run, write_trial

DATA = Path(__file__).parent / "data" / "m3"
REF = {"id": "plan", "steps": [
    {"step": 1, "calls": [{"name": "img/ocr", "arguments": {"path": "input/plan.png"}, "uses_image": True},
                          {"name": "web/search", "arguments": {"q": "zoning rules paris"}}]},
    {"step": 2, "calls": [{"name": "math/calc", "arguments": {"expr": "12*40"}}]}], "final_reply": "480"}


def trial_events() -> list[dict]:
    return [
        {"type": "start", "task": "plan"},
        {"type": "assistant", "turn": 1, "text": "looking", "tool_calls": [
            {"id": "c1", "name": "img/ocr", "arguments": '{"path": "/workspace/input/plan.png"}'},
            {"id": "c2", "name": "web/search", "arguments": '{"q": "zoning rules paris"}'}]},
        {"type": "tool_result", "call_id": "c2", "name": "web/search", "ok": True, "started_mono": 10.0, "ended_mono": 11.0},
        {"type": "tool_result", "call_id": "c1", "name": "img/ocr", "ok": True, "started_mono": 10.0, "ended_mono": 12.0},
        {"type": "assistant", "turn": 2, "text": "thinking", "tool_calls": []},
        {"type": "assistant", "turn": 3, "text": "", "tool_calls": [
            {"id": "c3", "name": "math/calc", "arguments": '{"expr": "12*40"}'},
            {"id": "c4", "name": "math/calc", "arguments": '{"expr": '}]},
        {"type": "tool_result", "call_id": "c3", "name": "math/calc", "ok": True, "started_mono": 13.0, "ended_mono": 13.5},
        {"type": "assistant", "turn": 4, "tool_calls": [
            {"id": "c5", "name": "finish", "arguments": '{"final_reply": "480"}'}]},
    ]


@pytest.fixture()
def task_suite(tmp_path: Path) -> Path:
    suite = tmp_path / "suite"
    (suite / "plan").mkdir(parents=True)
    (suite / "plan" / "task.toml").write_text('id = "plan"\nkind = "tool_use"\n[tool_use]\nreference = "reference.json"\n')
    (suite / "plan" / "reference.json").write_text(json.dumps(REF))
    (suite / "report").mkdir()
    (suite / "report" / "task.toml").write_text('id = "report"\nkind = "deliverable"\n')  # not a tool-use task
    return suite


def test_parse_arguments():
    assert parse_arguments('{"a": 1}') == ({"a": 1}, None)
    assert parse_arguments("") == ({}, None)
    value, note = parse_arguments('{"a": ')
    assert value == {} and "unparseable" in note


def test_read_trial_directory(tmp_path: Path):
    write_trial(tmp_path, "plan-1", "plan", trial_events())
    (pred,) = load_predictions(tmp_path)
    assert (pred.task_id, pred.system, pred.trial_id, pred.from_trial) == ("plan", "fake:m", "plan-1", True)
    assert [[c.name for c in s] for s in pred.steps] == [["img/ocr", "web/search"], ["math/calc", "math/calc"], ["finish"]]
    ocr = pred.steps[0][0]
    assert (ocr.arguments, ocr.started, ocr.ended) == ({"path": "/workspace/input/plan.png"}, 10.0, 12.0)
    assert pred.steps[1][1].arguments == {} and pred.steps[1][1].started is None
    assert any("unparseable" in n for n in pred.notes)
    assert load_predictions(tmp_path / "trials" / "plan-1")[0].trial_id == "plan-1"


def test_score_trial_directory_against_task_folder(tmp_path: Path, task_suite: Path):
    write_trial(tmp_path, "plan-1", "plan", trial_events())
    refs = load_references(task_suite)
    assert [r.task_id for r in refs] == ["plan"]
    (system,) = run(refs, load_predictions(tmp_path)).systems
    (task,) = system.tasks
    m = task.metrics
    assert (m.g, m.p, m.matched) == (3, 4, 3)  # finish dropped; the unparseable calc is an extra
    assert m.recall == 1 and m.precision == pytest.approx(3 / 4)
    assert task.views.parallelism == 1.0  # ocr and search overlapped in time
    assert task.views.causal_respect == 1.0 and task.views.grounding == 1.0
    assert task.metrics.step_coherence == pytest.approx(1, abs=1e-6)


def test_a_call_whose_tool_failed_is_never_a_strong_match(tmp_path: Path, task_suite: Path):
    events = trial_events()
    events[3] = {**events[3], "ok": False}  # the OCR call's tool answered with an error
    write_trial(tmp_path, "plan-1", "plan", events)
    (system,) = run(load_references(task_suite), load_predictions(tmp_path)).systems
    (task,) = system.tasks
    assert task.metrics.matched == 3 and task.metrics.strong == 2  # it still matches, weakly
    assert task.views.grounding == 0.0  # the image call did not strongly succeed
    (compat,) = run(load_references(task_suite), load_predictions(tmp_path), compat=True).systems
    write_trial(tmp_path / "ok", "plan-1", "plan", trial_events())
    (compat_ok,) = run(load_references(task_suite), load_predictions(tmp_path / "ok"), compat=True).systems
    # The reference scorer has no notion of a failed call: compat mode scores it as if it worked.
    assert compat.tasks[0].metrics == compat_ok.tasks[0].metrics


def test_reference_shapes(tmp_path: Path, task_suite: Path):
    (tmp_path / "one.json").write_text(json.dumps({k: v for k, v in REF.items() if k != "id"}))
    assert load_references(tmp_path / "one.json")[0].task_id == "one"
    lines = "\n".join(json.dumps({**REF, "id": f"t{i}"}) for i in range(3))
    (tmp_path / "many.jsonl").write_text(lines + "\n")
    assert [r.task_id for r in load_references(tmp_path / "many.jsonl")] == ["t0", "t1", "t2"]
    (tmp_path / "map.json").write_text(json.dumps({"x": REF}))
    assert [r.task_id for r in load_references(tmp_path / "map.json")] == ["plan"]
    assert load_references(task_suite / "plan")[0].steps[0][0].uses_image
    assert load_references(task_suite / "plan" / "reference.json")[0].task_id == "plan"
    with pytest.raises(M3InputError):
        load_references(tmp_path / "absent")


def test_audit_table_and_html(tmp_path: Path, task_suite: Path):
    write_trial(tmp_path, "plan-1", "plan", trial_events())
    report = run(load_references(task_suite), load_predictions(tmp_path))
    (audit,) = run_audit(report)
    rows = audit["rows"]
    assert [r["strength"] for r in rows] == ["strong", "strong", "strong", "unmatched"]
    extra = rows[-1]
    assert extra["ref"] is None and extra["pred"]["arguments"] == {} and extra["best_similarity"] < 0.6
    assert rows[0]["pred"]["started"] == 10.0
    fragment = audit_html(audit)
    assert fragment.startswith('<table class="m3-alignment"') and fragment.endswith("</table>")
    assert fragment.count("<tr") == 1 + len(rows) and "&quot;" in fragment


def test_cli_score_writes_json_and_audit(tmp_path: Path, task_suite: Path):
    write_trial(tmp_path / "run", "plan-1", "plan", trial_events())
    app = typer.Typer()
    app.add_typer(m3_cmd.app, name="m3")
    out_json, out_audit = tmp_path / "m.json", tmp_path / "a.json"
    result = CliRunner().invoke(app, ["m3", "score", "--reference", str(task_suite), "--predictions",
                                      str(tmp_path / "run"), "--encoder", "hash", "--json", str(out_json),
                                      "--audit", str(out_audit)])
    assert result.exit_code == 0, result.output
    assert "M3 score" in result.output and "Step Coherence" in result.output
    data = json.loads(out_json.read_text())
    assert data["mode"] == "default" and data["systems"][0]["overall"]["recall"] == 1.0
    assert json.loads(out_audit.read_text())["tasks"][0]["task"] == "plan"
    bad = CliRunner().invoke(app, ["m3", "score", "--reference", str(task_suite), "--predictions",
                                   str(tmp_path / "run"), "--encoder", "hash", "--compat", "other"])
    assert bad.exit_code == 1


def test_compat_golden_from_the_reference_scorer():
    """Expected values were produced by the reference scorer's code on this data (hash encoder)."""
    expected = json.loads((DATA / "compat_expected_hash.json").read_text())
    report = run(load_references(DATA / "compat_reference.json"), load_predictions(DATA / "compat_predictions.json"),
                 compat=True)
    (system,) = report.systems
    # Equal to the last few ulps of a BLAS dot product: the OpenBLAS kernel the machine selects
    # (OPENBLAS_CORETYPE) changes the summation order, measured up to 1.1e-8 relative (merge purity).
    for key, value in expected["aggregate"].items():
        assert system.overall[key] == pytest.approx(value, rel=1e-6, abs=1e-9), key
    got = {t.task_id: t.metrics for t in system.tasks}
    assert sorted(got) == sorted(expected["per_task"])
    for task_id, values in expected["per_task"].items():
        for key, value in values.items():
            assert getattr(got[task_id], key) == pytest.approx(value, rel=1e-6, abs=1e-9), (task_id, key)


def test_hub_offline_is_scoped(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with hub_offline():
        assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert "HF_HUB_OFFLINE" not in os.environ


def test_import_is_light():
    code = ("import sys, harness.m3, harness.m3.scorer, harness.m3.audit, harness.cli.m3_cmd;"
            "print(sorted(m for m in ('torch', 'sentence_transformers', 'scipy', 'onnxruntime', 'tokenizers')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_default_mode_differs_from_compat_only_where_documented():
    refs = load_references(DATA / "compat_reference.json")
    preds = load_predictions(DATA / "compat_predictions.json")
    compat = {t.task_id: t for t in run(refs, preds, compat=True).systems[0].tasks}
    default = run(refs, preds).systems[0]
    assert set(default.missing) == {r.task_id for r in refs} - set(compat)
    single_step = 0
    for t in default.tasks:
        if t.missing:
            assert t.metrics.recall == 0
            continue
        c = compat[t.task_id]
        if sum(1 for s in t.ref.steps if s) == 1 and t.metrics.recall > 0:
            single_step += 1
            assert c.metrics.order_consistency == 0 and t.metrics.order_consistency > 0
        if not any("png" in str(call.arguments) for call in t.ref.calls() + t.pred.calls()):
            assert t.metrics.recall == c.metrics.recall
    assert single_step > 0


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe{\"steps\": []}", "not UTF-8 text (byte 0xff at offset 0)"),
    (b"", "empty file: no task to read"),
    (b'{"id": "t", "steps": [{"calls": ["img/ocr"]}]}', "task 't': steps[0].calls[0]: a call must be an object (got str)"),
    (b'{"id": "t", "steps": [{"calls": [{"arguments": {}}]}]}', "task 't': steps[0].calls[0]: name: a call needs its tool's name (got None)"),
    (b'{"id": "t", "steps": {"calls": []}}', "task 't': steps must be a list (got dict)"),
    (b'{"id": "t", "steps": [{"calls": {"name": "x"}}]}', "task 't': steps[0].calls must be a list (got dict)"),
    (b'[{"id": 7, "steps": []}]', "task #1: id must be a non-empty string (got 7)"),
    (b'[{"id": "", "steps": []}]', "task #1: id must be a non-empty string (got '')"),
    (b'{"id": "t", "steps": [{"calls": [{"name": "x", "arguments": {"q": "\\ud800"}}]}]}', "arguments hold a lone surrogate"),
    (b'[{"id": "t", "steps": []}, {"id": "t", "steps": []}]', "task id 't' occurs 2 times"),
])
def test_bad_inputs_fail_before_any_model_loads_naming_file_task_and_field(tmp_path: Path, content: bytes, message: str):
    bad = tmp_path / "preds.json"
    bad.write_bytes(content)
    with pytest.raises(M3InputError) as exc:
        load_predictions(bad)
    assert str(bad) in str(exc.value) and message in str(exc.value), str(exc.value)
