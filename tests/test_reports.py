"""Reports over synthetic graded runs with known answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.reports import tables
from harness.reports.collect import collect
from harness.reports.document import build_report, render_html, render_markdown
from harness.reports.plots import figures_html


def _trial(run: Path, task: str, model: str, wsr: float, *, disabled=(), turns=10, output=1000, repeat=1, unjudged=0.0):
    label = model + ("-no-" + "-".join(disabled) if disabled else "")
    trial = run / "trials" / f"{task}__{label}__r{repeat}"
    (trial / "grade").mkdir(parents=True)
    record = {"trial_id": trial.name, "task": task, "model": model, "status": "finished", "turns": turns,
              "tokens": {"input": 10 * output, "cached_input": 0, "output": output, "reasoning": 0}, "cost_usd": output / 1e5,
              "wall_s": 60.0, "config": {"disabled_tools": list(disabled)}}
    (trial / "trial.json").write_text(json.dumps(record))
    lower = wsr * (1 - unjudged)
    score = {"wsr": None if unjudged else wsr, "wsr_bounds": [lower, lower + unjudged], "climb_wsr": wsr,
             "climb_wsr_bounds": [wsr, wsr], "regression_wsr": 1.0, "regression_wsr_bounds": [1.0, 1.0]}
    (trial / "grade" / "score.json").write_text(json.dumps(score))
    verdicts = [{"criterion_id": "c1", "verdict": "pass" if wsr > 0.6 else "fail"}]
    (trial / "grade" / "verdicts.json").write_text(json.dumps({"task": task, "verdicts": verdicts}))


@pytest.fixture
def run(tmp_path) -> Path:
    for i in range(10):
        task = f"t{i}"
        _trial(tmp_path, task, "strong", 0.85 + 0.01 * i)
        _trial(tmp_path, task, "weak", 0.45 + 0.01 * i)
        _trial(tmp_path, task, "strong", 0.65 + 0.01 * i, disabled=("view_image",), turns=13, output=1400)
    return tmp_path


def test_leaderboard_means_cis_and_order(run):
    rows, notes = collect([run])
    assert not notes and len(rows) == 30
    board = tables.leaderboard(rows, resamples=2000)
    assert [(e["model"], e["variant"]) for e in board] == [("strong", "default"), ("strong", "no-view_image"), ("weak", "default")]
    mean, low, high = board[0]["wsr"]
    assert mean == pytest.approx(0.895) and low <= mean <= high and high - low < 0.05
    assert board[0]["cost_per_task"] == pytest.approx(0.01)


def test_paired_comparison_flags_the_planted_difference_and_ablation_ratios(run):
    rows, _ = collect([run])
    paired = {(p["a"], p["b"]): p for p in tables.paired_comparisons(rows, resamples=2000)}
    strong_vs_weak = paired[("strong", "weak")]
    assert strong_vs_weak["significant"] and strong_vs_weak["diff"] == pytest.approx(0.40)
    [ablation] = tables.ablation(rows)
    assert ablation["delta_wsr"] == pytest.approx(-0.20)
    assert ablation["ratio_turns"] == pytest.approx(1.3) and ablation["ratio_output_tokens"] == pytest.approx(1.4)


def test_unjudged_criteria_are_reported_not_hidden(tmp_path):
    _trial(tmp_path, "t0", "m", 1.0, unjudged=0.1)
    rows, _ = collect([tmp_path])
    assert rows[0].metric("wsr") == pytest.approx(1.0)  # WSR over what was decided
    assert rows[0].decided_share() == pytest.approx(0.9)  # ... and how much that was
    assert "90%" in render_markdown(build_report(rows, [], resamples=200))


def test_markdown_and_html_carry_every_section_and_figures(run):
    rows, notes = collect([run])
    report = build_report(rows, notes, resamples=500)
    titles = [s.title for s in report.sections]
    assert titles[:4] == ["Leaderboard", "Efficiency (means per trial)", "WSR by sector", "WSR by task"]
    assert any(t.startswith("Paired comparisons") for t in titles) and any(t.startswith("Vision ablation") for t in titles)
    markdown = render_markdown(report)
    assert "| strong | default | 10 | 10 |" in markdown
    page = render_html(report, figures_html(rows, tables.leaderboard(rows, resamples=500)))
    assert page.count("data:image/png;base64,") == 3 and "http" not in page.replace("http-equiv", "")
