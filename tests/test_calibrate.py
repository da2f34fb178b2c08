"""Calibration of tiers from synthetic baseline run folders, the sidecar file and the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import typer
import yaml
from typer.testing import CliRunner

from autorater.calibrate import PassCount, calibrate, decide_tier, parse_min_pass
from autorater.rubric import load_rubric
from harness.cli import rubric_cmd


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def make_trial(run: Path, trial_id: str, model: str, outcomes: dict[str, str], task: str = "t",
               graded: bool = True) -> None:
    trial = run / "trials" / trial_id
    (trial / "grade").mkdir(parents=True)
    (trial / "trial.json").write_text(json.dumps({"trial_id": trial_id, "task": task, "model": model,
                                                  "status": "finished"}))
    if graded:
        (trial / "grade" / "verdicts.json").write_text(json.dumps({"task": task, "trial_id": trial_id, "model": model,
            "verdicts": [{"criterion_id": c, "verdict": v, "decided_by": "llm:j"} for c, v in outcomes.items()]}))


def make_rubric(folder: Path, task: str = "t", tiers: dict[str, str | None] | None = None) -> Path:
    tiers = tiers if tiers is not None else {"a": None, "b": None, "c": "regression", "d": "regression", "e": None}
    folder.mkdir(parents=True, exist_ok=True)
    criteria = [{"id": cid, "text": "x", "weight": 1, "objective": "primary", "rationale": "r",
                 **({"tier": tier} if tier else {})} for cid, tier in tiers.items()]
    path = folder / f"{task}.yaml"
    path.write_text(yaml.safe_dump({"task": task, "criteria": criteria}, sort_keys=False))
    return path


def baselines(here: Path) -> list[Path]:
    """m1 and m2, three trials each, in two run folders.

    a: both 3/3 -> regression        b: m1 2/3, m2 3/3 -> regression (2/3 meets the bar)
    c: m1 1/3 -> climb               d: never judged -> stays as written (regression)
    e: m2 passes 1/3, blocked twice (blocked = fail) -> climb"""
    r1, r2 = here / "base1", here / "base2"
    m1 = [{"a": "pass", "b": "pass", "c": "pass", "d": "unjudged", "e": "pass"},
          {"a": "pass", "b": "pass", "c": "fail", "d": "unjudged", "e": "pass"},
          {"a": "pass", "b": "fail", "c": "fail", "d": "unjudged", "e": "pass"}]
    m2 = [{"a": "pass", "b": "pass", "c": "pass", "d": "unjudged", "e": "pass"},
          {"a": "pass", "b": "pass", "c": "pass", "d": "unjudged", "e": "blocked"},
          {"a": "pass", "b": "pass", "c": "pass", "d": "unjudged", "e": "blocked"}]
    for i, outcomes in enumerate(m1):
        make_trial(r1, f"m1-{i}", "openai:old-1", outcomes)
    for i, outcomes in enumerate(m2):
        make_trial(r2, f"m2-{i}", "anthropic:old-2", outcomes)
    make_trial(r2, "ungraded", "anthropic:old-2", {}, graded=False)
    make_trial(r2, "other-task", "anthropic:old-2", {"z": "pass"}, task="no_rubric")
    return [r1, r2]


def test_rule() -> None:
    two_of_three = {"m1": PassCount(2, 3), "m2": PassCount(3, 3)}
    assert decide_tier(two_of_three) == "regression"
    assert decide_tier(two_of_three, Fraction(1)) == "climb"
    assert decide_tier(two_of_three, parse_min_pass("0.67")) == "climb"  # 2/3 < 0.67: why the default is a fraction
    assert decide_tier({"m1": PassCount(0, 0)}) is None  # never judged
    assert decide_tier({"m1": PassCount(3, 3), "m2": PassCount(0, 0)}) == "regression"  # m2 not judged: not counted
    for bad in ("0", "1.5", "two thirds"):
        with pytest.raises(ValueError, match="min_pass"):
            parse_min_pass(bad)


def test_calibrate_writes_sidecar_with_provenance(here: Path) -> None:
    path = make_rubric(here / "rubrics")
    report = calibrate(baselines(here), here / "rubrics", date="2025-06-01")
    [result] = report.tasks
    assert {cid: e.tier for cid, e in result.calibration.criteria.items()} == {
        "a": "regression", "b": "regression", "c": "climb", "e": "climb"}
    assert result.calibration.unjudged == ["d"]
    assert result.before == {"a": None, "b": None, "c": "regression", "d": "regression", "e": None}
    assert any("ungraded: skipped, not graded" in n for n in report.notes)
    assert any("task 'no_rubric': no rubric" in n for n in report.notes)

    rubric = load_rubric(path)  # the sidecar is picked up
    got = {c.id: (c.tier, c.tier_source) for c in rubric.criteria}
    assert got == {"a": ("regression", "calibration"), "b": ("regression", "calibration"),
                   "c": ("climb", "calibration"), "d": ("regression", "rubric"), "e": ("climb", "calibration")}
    provenance = yaml.safe_load((here / "rubrics" / "t.calibration.yaml").read_text())["criteria"]["b"]["provenance"]
    assert provenance == {
        "rule": "regression when every baseline model passed the criterion in at least 2/3 of its judged"
                " trials on the task; otherwise climb",
        "min_pass": "2/3", "baselines": ["base1", "base2"], "date": "2025-06-01",
        "models": {"anthropic:old-2": {"passed": 3, "judged": 3}, "openai:old-1": {"passed": 2, "judged": 3}}}


def test_recalibration_keeps_unjudged_entries_and_drops_stale_ones(here: Path) -> None:
    make_rubric(here / "rubrics")
    side = here / "rubrics" / "t.calibration.yaml"
    side.write_text(yaml.safe_dump({"task": "t", "criteria": {
        "d": {"tier": "climb", "provenance": {"date": "2024-01-01"}}, "gone": {"tier": "climb"}}}))
    [result] = calibrate(baselines(here), here / "rubrics", min_pass=Fraction(1)).tasks
    assert result.calibration.criteria["d"].provenance == {"date": "2024-01-01"}  # d kept as it was
    assert result.calibration.criteria["b"].tier == "climb"  # a stricter rule: m1 passed 2 of 3
    assert "gone" not in result.calibration.criteria
    assert any("no longer in the rubric: ['gone']" in n for n in result.notes)
    assert result.before["d"] == "climb"


def test_dry_run_writes_nothing(here: Path) -> None:
    make_rubric(here / "rubrics")
    calibrate(baselines(here), here / "rubrics", write=False)
    assert not (here / "rubrics" / "t.calibration.yaml").exists()


CLI = typer.Typer()
CLI.add_typer(rubric_cmd.app, name="rubric")


def test_cli_calibrate(here: Path) -> None:
    make_rubric(here / "rubrics")
    make_rubric(here / "rubrics", task="idle")
    runs = baselines(here)
    args = ["rubric", "calibrate", "--rubrics", "rubrics", "--baseline", str(runs[0]), "--baseline", str(runs[1])]
    result = CliRunner().invoke(CLI, [*args, "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "would write rubrics/t.calibration.yaml" in result.output
    assert not (here / "rubrics" / "t.calibration.yaml").exists()
    result = CliRunner().invoke(CLI, args)
    assert result.exit_code == 0, result.output
    assert "openai:old-1 2/3" in result.stdout and "regression *" in result.stdout
    assert "kept as they were (not judged in the baseline): d" in result.output
    assert "rubrics/idle.yaml: no baseline trial ran this task" in result.output
    assert "wrote rubrics/t.calibration.yaml" in result.output
    assert load_rubric(here / "rubrics" / "t.yaml").by_id()["a"].tier_source == "calibration"


def test_cli_calibrate_errors(here: Path) -> None:
    make_rubric(here / "rubrics")
    result = CliRunner().invoke(CLI, ["rubric", "calibrate", "--baseline", "nowhere"])
    assert result.exit_code == 1 and "not a run folder" in result.output
    result = CliRunner().invoke(CLI, ["rubric", "calibrate", "--baseline", "x", "--rule-min-pass", "2"])
    assert result.exit_code == 1 and "min_pass must be in (0, 1]" in result.output
    (here / "empty_run" / "trials").mkdir(parents=True)
    result = CliRunner().invoke(CLI, ["rubric", "calibrate", "--baseline", "empty_run"])
    assert result.exit_code == 1 and "nothing calibrated" in result.output
