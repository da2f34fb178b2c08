"""Reports over synthetic graded runs with known answers, including the ways a leaderboard
can be inflated: dropped errored trials, renormalised undecided weight, survivor-only pairs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli import app
from harness.reports import tables
from harness.reports.collect import collect
from harness.reports.document import build_report, render_html, render_json, render_markdown
from harness.reports.plots import figures_html


def _trial(run: Path, task: str, model: str, wsr: float | None, *, disabled=(), turns=10, output=1000, repeat=1,
           unjudged=0.0, status="finished", view_image_calls=0):
    """One trial folder; wsr None means no grade (e.g. an infra-failed trial)."""
    label = model + ("-no-" + "-".join(disabled) if disabled else "")
    trial = run / "trials" / f"{task}__{label}__r{repeat}"
    (trial / "grade").mkdir(parents=True)
    record = {"trial_id": trial.name, "task": task, "model": model, "status": status, "turns": turns,
              "tokens": {"input": 10 * output, "cached_input": 0, "output": output, "reasoning": 0}, "cost_usd": output / 1e5,
              "wall_s": 60.0, "config": {"disabled_tools": list(disabled)}}
    (trial / "trial.json").write_text(json.dumps(record))
    calls = [{"id": f"c{i}", "name": "view_image", "arguments": "{}"} for i in range(view_image_calls)]
    (trial / "trajectory.jsonl").write_text(json.dumps({"type": "assistant", "tool_calls": calls}) + "\n")
    if wsr is None:
        return
    lower = wsr * (1 - unjudged)
    score = {"wsr": None if unjudged else wsr, "wsr_bounds": [lower, lower + unjudged], "climb_wsr": wsr,
             "climb_wsr_bounds": [wsr, wsr], "regression_wsr": 1.0, "regression_wsr_bounds": [1.0, 1.0]}
    (trial / "grade" / "score.json").write_text(json.dumps(score))
    verdicts = [{"criterion_id": "c1", "verdict": "pass" if wsr > 0.6 else "fail"}]
    (trial / "grade" / "verdicts.json").write_text(json.dumps({"task": task, "verdicts": verdicts}))


def _plan(run: Path, tasks: list[str], models: list[str]) -> None:
    planned = [{"trial_id": f"{t}__{m}__r1", "task": t, "kind": "deliverable", "model": m, "variant": "default"}
               for t in tasks for m in models]
    (run / "run.json").write_text(json.dumps({"planned": planned}))


@pytest.fixture
def run(tmp_path) -> Path:
    for i in range(10):
        task = f"t{i}"
        _trial(tmp_path, task, "strong", 0.85 + 0.01 * i, view_image_calls=2)
        _trial(tmp_path, task, "weak", 0.45 + 0.01 * i)
        _trial(tmp_path, task, "strong", 0.65 + 0.01 * i, disabled=("view_image",), turns=13, output=1400)
    return tmp_path


def test_leaderboard_means_cis_and_order(run):
    rows, planned, notes = collect([run])
    assert not notes and len(rows) == 30
    board = tables.leaderboard(rows, planned, resamples=2000)
    assert [(e["model"], e["variant"]) for e in board] == [("strong", "default"), ("strong", "no-view_image"), ("weak", "default")]
    wsr = board[0]["wsr"]
    assert wsr.exact and wsr.lower == pytest.approx(0.895) and wsr.ci_low <= wsr.lower <= wsr.ci_high
    assert wsr.ci_high - wsr.ci_low < 0.05
    assert board[0]["cost_per_task"] == pytest.approx(0.01) and [e["rank"] for e in board] == [1, 2, 3]


def test_paired_comparison_flags_the_planted_difference_and_ablation_is_paired(run):
    rows, planned, _ = collect([run])
    paired = {(p["a"], p["b"]): p for p in tables.paired_comparisons(rows, planned, resamples=2000)}
    strong_vs_weak = paired[("strong", "weak")]
    assert strong_vs_weak["result"].significant and strong_vs_weak["result"].diff_low == pytest.approx(0.40)
    assert strong_vs_weak["lacking"] == []
    [ablation] = tables.ablation(rows)
    assert ablation["applicable"] and ablation["tasks"] == 10
    assert ablation["delta_wsr"].diff_low == pytest.approx(-0.20)
    assert ablation["ratio_turns"] == pytest.approx(1.3) and ablation["ratio_output_tokens"] == pytest.approx(1.4)


def test_survivorship_errored_hard_tasks_do_not_lift_a_model(tmp_path):
    """The issue's case: 'survivor' finishes 5 easy tasks (0.9) and infra-fails 5 hard ones;
    'steady' attempts all 10 (0.55 mean). The survivor must not outrank the steady model."""
    tasks = [f"t{i}" for i in range(10)]
    _plan(tmp_path, tasks, ["survivor", "steady"])
    for i, task in enumerate(tasks):
        _trial(tmp_path, task, "steady", 0.9 if i < 5 else 0.2)
        if i < 5:
            _trial(tmp_path, task, "survivor", 0.9)
        else:
            _trial(tmp_path, task, "survivor", None, status="infra_error")
    rows, planned, _ = collect([tmp_path])
    board = {e["model"]: e for e in tables.leaderboard(rows, planned, resamples=500)}
    survivor, steady = board["survivor"], board["steady"]
    assert steady["rank"] == 1 and survivor["rank"] is None  # incomplete: listed, not ranked
    assert not survivor["coverage"].complete and survivor["coverage"].missing == tasks[5:]
    assert len(survivor["coverage"].infra_failed) == 5 and len(survivor["coverage"].graded) == 5
    assert steady["wsr"].lower == pytest.approx(0.55)
    ranked = {e["model"]: e for e in tables.leaderboard(rows, planned, resamples=500, rank_incomplete=True)}
    # On request it is ranked by its score, like any other system (0.9 over its 5 tasks), not
    # put after every complete one.
    assert ranked["survivor"]["rank"] == 1 and ranked["steady"]["rank"] == 2
    [pair] = tables.paired_comparisons(rows, planned, resamples=500)
    assert pair["result"].n_tasks == 5 and pair["lacking"] == tasks[5:]  # says what it lacks
    text = render_markdown(build_report(rows, [], planned, resamples=200))
    assert "incomplete" in text and "t5, t6, t7, t8, t9" in text


def test_a_trial_that_never_started_counts_as_missing(tmp_path):
    _plan(tmp_path, ["t0", "t1"], ["m"])
    _trial(tmp_path, "t0", "m", 0.8)  # t1 was planned but has no folder (e.g. skipped by the budget)
    rows, planned, _ = collect([tmp_path])
    [entry] = tables.leaderboard(rows, planned, resamples=200)
    assert entry["coverage"].missing == ["t1"] and entry["rank"] is None


def test_model_failed_trials_are_graded_and_counted(tmp_path):
    _trial(tmp_path, "t0", "m", 0.0, status="turn_limit")
    _trial(tmp_path, "t1", "m", 0.6)
    rows, planned, _ = collect([tmp_path])
    [entry] = tables.leaderboard(rows, planned, resamples=200)
    assert entry["coverage"].model_failed == 1 and entry["coverage"].complete
    assert entry["wsr"].lower == pytest.approx(0.3)  # the cap counts as the zero it delivered


def test_undecided_weight_is_reported_as_bounds_not_renormalised(tmp_path):
    _trial(tmp_path, "t0", "m", 1.0, unjudged=0.1)
    rows, planned, _ = collect([tmp_path])
    assert rows[0].bounds("wsr") == pytest.approx((0.9, 1.0))
    assert rows[0].decided_only("wsr") == pytest.approx(1.0)  # the diagnostic, labelled as such
    report = build_report(rows, [], planned, resamples=200)
    leaderboard = report.sections[0]
    row = dict(zip(leaderboard.headers, leaderboard.rows[0]))
    assert row["WSR [95% CI]"].startswith("[0.900, 1.000]")  # never "1.000"
    assert row["decided"] == "90%" and row["WSR decided-only (diagnostic)"] == "1.000"


def test_ablation_of_an_agent_that_never_used_the_tool_is_not_applicable(tmp_path):
    for i in range(3):
        _trial(tmp_path, f"t{i}", "blind", 0.5)
        _trial(tmp_path, f"t{i}", "blind", 0.5, disabled=("view_image",))
    rows, planned, _ = collect([tmp_path])
    [ablation] = tables.ablation(rows)
    assert not ablation["applicable"]
    section = next(s for s in build_report(rows, [], planned, resamples=200).sections if s.title.startswith("Vision"))
    assert section.rows[0][2] == "not applicable"


def test_by_sector_averages_tasks_not_trials(tmp_path):
    # t0 has three repeats at 1.0, t1 one at 0.0: the task mean is 0.5, the trial mean would be 0.75.
    for r in (1, 2, 3):
        _trial(tmp_path, "t0", "m", 1.0, repeat=r)
    _trial(tmp_path, "t1", "m", 0.0)
    rows, _, _ = collect([tmp_path])
    assert tables.by_sector(rows)["unknown"]["m"] == pytest.approx((0.5, 0.5))


def test_same_model_in_two_runs_is_two_labelled_rows(tmp_path):
    a, b = tmp_path / "monday", tmp_path / "tuesday"
    for run, value in ((a, 0.6), (b, 0.7)):
        for i in range(3):
            _trial(run, f"t{i}", "m", value)
    rows, planned, _ = collect([a, b])
    board = tables.leaderboard(rows, planned, resamples=200)
    assert [e["label"] for e in board] == ["m @tuesday", "m @monday"]
    rows, planned, _ = collect([a, b], ["before", "after"])
    assert {e["label"] for e in tables.leaderboard(rows, planned, resamples=200)} == {"m @before", "m @after"}
    with pytest.raises(ValueError, match="one per run"):
        collect([a, b], ["only-one"])


def test_cli_report_writes_json_and_handles_two_runs(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for run in (a, b):
        for i in range(3):
            _trial(run, f"t{i}", "m", 0.5)
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["report", str(a), str(b), "--json", str(out), "--resamples", "200"])
    assert result.exit_code == 0, result.output
    body = json.loads(out.read_text())
    assert {e["label"] for e in body["data"]["leaderboard"]} == {"m @a", "m @b"}
    assert body["data"]["leaderboard"][0]["wsr"]["lower"] == pytest.approx(0.5)
    assert body["sections"][0]["title"] == "Leaderboard" and body["data"]["paired"][0]["tasks"] == ["t0", "t1", "t2"]


def test_markdown_json_and_html_carry_every_section_and_figures(run):
    rows, planned, notes = collect([run])
    report = build_report(rows, notes, planned, resamples=500)
    titles = [s.title for s in report.sections]
    assert titles[:2] == ["Leaderboard", "Efficiency (means per trial)"]
    assert any(t.startswith("WSR by sector") for t in titles) and "WSR by task" in titles
    assert any(t.startswith("Paired comparisons") for t in titles) and any(t.startswith("Vision ablation") for t in titles)
    markdown = render_markdown(report)
    assert "| 1 | strong | default |" in markdown
    assert json.loads(render_json(report))["data"]["ablation"][0]["applicable"] is True
    page = render_html(report, figures_html(rows, tables.leaderboard(rows, planned, resamples=500)))
    assert page.count("data:image/png;base64,") == 3 and "http" not in page.replace("http-equiv", "")


def test_an_infra_failed_repeat_of_a_graded_task_makes_the_system_incomplete(tmp_path):
    planned = [{"trial_id": f"t0__m__r{r}", "task": "t0", "kind": "deliverable", "model": "m", "variant": "default"}
               for r in (1, 2)]
    (tmp_path / "run.json").write_text(json.dumps({"planned": planned}))
    _trial(tmp_path, "t0", "m", 0.9, repeat=1)
    _trial(tmp_path, "t0", "m", None, repeat=2, status="infra_error")  # the hard repeat failed
    rows, planned_rows, _ = collect([tmp_path])
    [entry] = tables.leaderboard(rows, planned_rows, resamples=200)
    cov = entry["coverage"]
    assert cov.missing == [] and cov.missing_trials == ["t0__m__r2"] and cov.infra_failed_trials == 1
    assert entry["rank"] is None  # not ranked on the surviving repeat
    notes = build_report(rows, [], planned_rows, resamples=200).notes
    assert any("t0__m__r2" in n and "fewer repeats" in n for n in notes)


def test_console_keeps_bracketed_variant_labels(run):
    # 'oracle [no-view_image]' is not rich markup: printed as markup it became 'oracle' and
    # the ablated system shared a column name with the default one.
    from io import StringIO

    from rich.console import Console

    from harness.reports.document import render_console

    rows, planned, notes = collect([run])
    report = build_report(rows, notes, planned, resamples=200)
    labels = {h for s in report.sections for h in s.headers if "[" in h}
    assert labels, "the fixture run should have an ablated variant"
    out = StringIO()
    render_console(report, Console(file=out, width=400, color_system=None))
    text = out.getvalue()
    for name in labels:
        assert name in text


def test_runs_graded_with_different_rubrics_warn_and_name_the_task(tmp_path):
    """Two runs of one task graded under different rubric files measure different things."""
    for run, sha in (("a", "1" * 64), ("b", "2" * 64)):
        _trial(tmp_path / run, "t0", "m", 0.8)
        _trial(tmp_path / run, "t1", "m", 0.8)
        for task in ("t0", "t1"):
            path = tmp_path / run / "trials" / f"{task}__m__r1" / "grade" / "score.json"
            score = json.loads(path.read_text())
            score["rubric_sha256"] = sha if task == "t0" else "3" * 64
            path.write_text(json.dumps(score))
    _, _, notes = collect([tmp_path / "a", tmp_path / "b"])
    warned = [n for n in notes if n.startswith("WARNING")]
    assert len(warned) == 1 and "t0" in warned[0] and "111111111111 in a" in warned[0] and "222222222222 in b" in warned[0]


def test_the_tier_column_finds_the_rubric_the_trials_were_graded_with(tmp_path):
    """No --rubrics: the rubric file recorded in score.json (or run.json's folder) is read."""
    rubrics = tmp_path / "elsewhere"
    rubrics.mkdir()
    (rubrics / "t0.yaml").write_text(
        "task: t0\ntier_source: author\ncriteria:\n  - {id: a, text: x, weight: 1, objective: primary, tier: climb,"
        " rationale: r, check: {kind: reply.regex, pattern: x}}\n")
    _trial(tmp_path / "run", "t0", "m", 0.8)
    (tmp_path / "run" / "run.json").write_text(json.dumps({"rubrics_dir": str(rubrics), "planned": []}))
    result = CliRunner().invoke(app, ["report", str(tmp_path / "run"), "--md", str(tmp_path / "r.md")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "r.md").read_text()
    assert "rubric not found" not in text and "author" in text
