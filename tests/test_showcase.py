"""The showcase suite: ten professional tasks where vision is essential.

Static checks per task (validation, visual facts absent from text extraction, inputs
reproducible), then the suite graded once: the oracle scores 1.000 on every decided
criterion, the text-only solver clearly less, an empty deliverable set ≤ 0.10."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autorater.calibrate import baseline_counts, calibrate_rubric, parse_min_pass
from autorater.rubric import load_rubric
from autorater.scoring.verdicts import load_graded_trials
from autorater.scoring.trial import decided_only
from harness.paths import project_root
from harness.tasks import load_suite, load_task

from tests.showcase_support import probe_inputs, regenerate_inputs
from tests.cli_support import run_mka

SUITE = project_root() / "tasks_showcase"
RUBRICS = project_root() / "rubrics"
# The deliverable tasks sit directly in the suite folder; tool-use tasks under tool_use/.
TASK_DIRS = sorted(p.parent for p in SUITE.glob("*/task.toml"))
IDS = [p.name for p in TASK_DIRS]


def test_the_suite_has_ten_tasks_in_ten_sectors_covering_every_format():
    tasks = [t for t in load_suite(SUITE) if t.kind == "deliverable"]
    assert len(tasks) == 10
    assert len({t.spec.sector for t in tasks}) == 10
    formats = {d.format for t in tasks for d in t.spec.deliverables}
    assert {"xlsx", "pptx", "docx", "pdf", "html", "png"} <= formats
    assert any(t.spec.text_only_reply for t in tasks)


@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=IDS)
def test_task_and_rubric_are_valid_and_well_formed(task_dir):
    task = load_task(task_dir)
    rubric = load_rubric(RUBRICS / f"{task.id}.yaml", task)
    criteria = rubric.criteria
    assert 20 <= len(criteria) <= 80
    assert sum(1 for c in criteria if c.check) >= len(criteria) / 2
    assert sum(1 for c in criteria if c.prerequisites) >= len(criteria) / 4
    assert any(c.check is None for c in criteria), "judge-only criteria for what only a look decides"
    assert {c.objective for c in criteria} == {"primary", "secondary"}
    assert all(c.tier in ("climb", "regression") for c in criteria)
    assert 2 <= len(task.input_files) <= 12
    assert (task_dir / "solution" / "text_only.py").is_file()
    assert task.gold_dir is not None


@pytest.mark.docker
@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=IDS)
def test_visual_facts_are_absent_from_text_and_inputs_reproduce(task_dir, sandbox_image, tmp_path):
    facts = json.loads((task_dir / "visual_facts.json").read_text())
    assert len(facts) >= 2
    committed = probe_inputs(task_dir / "inputs", sandbox_image)
    text = "\n".join(entry["text"] for entry in committed.values()).lower()
    for fact in facts:
        for absent in fact["absent"]:
            assert absent.lower() not in text, f"{task_dir.name}: {fact['fact']!r} leaks as {absent!r} in text extraction"
    regenerate_inputs(task_dir, sandbox_image, tmp_path / "again")
    again = probe_inputs(tmp_path / "again", sandbox_image)
    assert {k: v["sha"] for k, v in again.items()} == {k: v["sha"] for k, v in committed.items()}


@pytest.fixture(scope="module")
def graded_suite(tmp_path_factory, sandbox_image, autorater_image) -> Path:
    out = tmp_path_factory.mktemp("showcase")
    for args in (("run", str(SUITE), "--kind", "deliverable", "--agent", "oracle", "--agent", "oracle:text_only",
                  "--agent", "oracle:code_only", "--out", str(out), "--concurrency", "2"),
                 ("grade", str(out))):
        result = run_mka(*args, timeout=420)
        assert result.returncode == 0, result.stderr[-3000:]
    return out


def _decided_wsr(score: dict) -> float:
    return decided_only(tuple(score["wsr_bounds"]))


@pytest.mark.docker
@pytest.mark.parametrize("task_id", IDS)
def test_oracle_scores_one_and_text_only_clearly_less(graded_suite, task_id):
    oracle = json.loads((graded_suite / "trials" / f"{task_id}__oracle__r1" / "grade" / "score.json").read_text())
    text_only = json.loads((graded_suite / "trials" / f"{task_id}__oracle_text_only__r1" / "grade" / "score.json").read_text())
    assert _decided_wsr(oracle) == pytest.approx(1.0)
    assert oracle["counts"]["fail"] == 0 and oracle["counts"]["blocked"] == 0
    assert _decided_wsr(text_only) <= 0.8, f"text-only solver too close to the oracle: {_decided_wsr(text_only):.3f}"


@pytest.mark.docker
@pytest.mark.parametrize("task_id", IDS)
def test_tiers_are_the_calibration_of_the_recorded_baseline(graded_suite, task_id):
    """Tiers are never set by hand: `mka rubric calibrate` over the code-only baseline (the
    strongest attempt without viewing: OCR, pixel analysis) wrote them, with provenance, into
    rubrics/<task>.calibration.yaml. The same baseline graded now gives the same tiers, so a
    rubric or baseline change that moves a criterion across the line fails here until it is
    recalibrated."""
    rubric = load_rubric(RUBRICS / f"{task_id}.yaml")
    checked = [c for c in rubric.criteria if c.check]
    assert rubric.calibration is not None, f"{task_id}: no calibration sidecar (run mka rubric calibrate)"
    uncalibrated = [c.id for c in checked if c.tier_source != "calibration" and c.id not in rubric.calibration.unjudged]
    assert not uncalibrated, f"{task_id}: checked criteria without a calibrated tier: {uncalibrated}"
    provenance = rubric.calibration.criteria[checked[0].id].provenance
    assert provenance["baselines"] and provenance["date"] and "code_only" in json.dumps(provenance["models"])
    trials = [t for t in load_graded_trials(graded_suite)[0] if t.task == task_id and t.model == "oracle:code_only"]
    assert len(trials) == 1
    fresh = calibrate_rubric(load_rubric(RUBRICS / f"{task_id}.yaml", calibration=False), baseline_counts(trials)[task_id],
                             min_pass=parse_min_pass(provenance["min_pass"]), baselines=["ci"], date="today")
    moved = {c.id: (c.tier, fresh.criteria[c.id].tier) for c in checked
             if c.id in fresh.criteria and c.id not in fresh.unjudged and fresh.criteria[c.id].tier != c.tier}
    assert not moved, f"{task_id}: the code-only baseline now puts these elsewhere (recorded, now): {moved}"


@pytest.mark.docker
@pytest.mark.parametrize("task_id", IDS)
def test_the_vision_gap_shows_on_a_baseline_the_tiers_never_saw(graded_suite, task_id):
    """Not circular: the tiers come from the code-only baseline alone, so the text-only
    solver (text layers only, never viewing, held out of the calibration) is an independent
    check that the climb criteria are the ones only looking decides. It commits to answers,
    and the oracle climbs where it cannot."""
    trial = graded_suite / "trials" / f"{task_id}__oracle_text_only__r1"
    score = json.loads((trial / "grade" / "score.json").read_text())
    assert json.loads((trial / "trial.json").read_text())["status"] == "finished"
    oracle = json.loads((graded_suite / "trials" / f"{task_id}__oracle__r1" / "grade" / "score.json").read_text())
    code_only = graded_suite / "trials" / f"{task_id}__oracle_code_only__r1"
    assert json.loads((code_only / "trial.json").read_text())["status"] == "finished"
    if score["climb_wsr_bounds"] is None:
        return  # no checked climb criterion in this rubric (everything checked is readable without viewing)
    assert decided_only(tuple(oracle["climb_wsr_bounds"])) == pytest.approx(1.0)
    assert decided_only(tuple(score["climb_wsr_bounds"])) <= TEXT_ONLY_CLIMB_CEILING, score["climb_wsr_bounds"]


TEXT_ONLY_CLIMB_CEILING = 0.5


@pytest.mark.docker
@pytest.mark.parametrize("task_id", IDS)
def test_an_empty_deliverable_set_scores_at_most_ten_percent(graded_suite, task_id, tmp_path):
    source = graded_suite / "trials" / f"{task_id}__oracle__r1"
    empty = tmp_path / "run" / "trials" / source.name
    empty.mkdir(parents=True)
    record = json.loads((source / "trial.json").read_text())
    (empty / "trial.json").write_text(json.dumps(record))
    (empty / "final_reply.md").write_text("")
    result = run_mka("grade", str(empty), timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    score = json.loads((empty / "grade" / "score.json").read_text())
    assert _decided_wsr(score) <= 0.10
