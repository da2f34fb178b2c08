"""Agreement with human labels: Cohen's kappa on textbook examples, edge cases, CSV, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from autorater.agreement import AgreementError, Confusion, agreement_report, cohens_kappa, read_labels
from harness.cli import agreement_cmd


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- kappa --------------------------------------------------------------------------------

def test_kappa_wikipedia_example() -> None:
    # en.wikipedia.org/wiki/Cohen's_kappa, "Simple example": 50 proposals, 20 yes-yes,
    # 5 yes-no, 10 no-yes, 15 no-no; p_o = 0.7, p_e = 0.5, kappa = 0.4.
    kappa, note = cohens_kappa(Confusion(pass_pass=20, pass_fail=5, fail_pass=10, fail_fail=15))
    assert kappa == pytest.approx(0.4) and note is None


@pytest.mark.parametrize(("cells", "expected"), [
    # Wikipedia, "Same percentages but different numbers": both have p_o = 0.60.
    ((45, 15, 25, 15), 0.06 / 0.46),  # p_e = 0.6·0.7 + 0.4·0.3 = 0.54 -> 0.1304
    ((25, 35, 5, 35), 0.14 / 0.54),  # p_e = 0.6·0.3 + 0.4·0.7 = 0.46 -> 0.2593
    ((10, 0, 0, 7), 1.0),  # perfect agreement, both classes used
    ((0, 5, 5, 0), -1.0),  # perfect disagreement
    ((6, 4, 0, 0), 0.0),  # human says pass throughout: agreement no better than chance
])
def test_kappa_more_examples(cells: tuple[int, int, int, int], expected: float) -> None:
    kappa, note = cohens_kappa(Confusion(*cells))
    assert kappa == pytest.approx(expected) and note is None


@pytest.mark.parametrize(("cells", "reason"), [
    ((12, 0, 0, 0), "both gave only 'pass'"),
    ((0, 0, 0, 3), "both gave only 'fail'"),
    ((0, 0, 0, 0), "no criteria to compare"),
])
def test_kappa_undefined(cells: tuple[int, int, int, int], reason: str) -> None:
    kappa, note = cohens_kappa(Confusion(*cells))
    assert kappa is None and note is not None and reason in note


# --- end to end over a run folder ------------------------------------------------------------

def make_trial(run: Path, trial_id: str, verdicts: dict[str, str]) -> None:
    trial = run / "trials" / trial_id
    (trial / "grade").mkdir(parents=True)
    (trial / "trial.json").write_text(json.dumps({"trial_id": trial_id, "task": "t", "model": "m"}))
    items = [{"criterion_id": c, "verdict": v, "decided_by": "check:x" if c == "a" else "llm:judge",
              "rationale": f"{c} looks {v}"} for c, v in verdicts.items()]
    (trial / "grade" / "verdicts.json").write_text(json.dumps({"task": "t", "trial_id": trial_id, "verdicts": items}))


LABELS = """\ufefftrial_id,criterion_id,human,note
t1,a,pass,
t1,b,fail,
t1,c,FAIL, blocked upstream
t1,d,pass,
t2,a,pass,
t2,b,pass,
t2,c,pass,
t2,d,fail,
t2,e,pass,judge gave up
t3,a,pass,trial not in the run
"""


@pytest.fixture
def run(here: Path) -> tuple[Path, Path]:
    run = here / "run"
    make_trial(run, "t1", {"a": "pass", "b": "pass", "c": "blocked", "d": "pass"})
    make_trial(run, "t2", {"a": "pass", "b": "fail", "c": "pass", "d": "fail", "e": "unjudged"})
    (here / "labels.csv").write_text(LABELS)
    return here / "labels.csv", run


def test_report_over_a_run(run: tuple[Path, Path]) -> None:
    r = agreement_report(*run)
    # Compared: t1 a,b,c,d and t2 a,b,c,d. Human pass / auto pass: t1a t1d t2a t2c = 4;
    # human fail, auto pass: t1b = 1; human pass, auto fail: t2b = 1; fail/fail: t1c (blocked), t2d = 2.
    assert (r.confusion.pass_pass, r.confusion.pass_fail, r.confusion.fail_pass, r.confusion.fail_fail) == (4, 1, 1, 2)
    assert r.compared == 8 and r.agreement == pytest.approx(6 / 8)
    # p_e = (5/8)(5/8) + (3/8)(3/8) = 34/64; kappa = (48/64 - 34/64) / (30/64) = 14/30
    assert r.kappa == pytest.approx(14 / 30)
    assert r.false_pass_rate == pytest.approx(1 / 8) and r.false_fail_rate == pytest.approx(1 / 8)
    assert r.false_pass_given_human_fail == pytest.approx(1 / 3)
    assert r.false_fail_given_human_pass == pytest.approx(1 / 5)
    assert r.unjudged == [("t2", "e")] and r.missing == [("t3", "a")]
    assert [(d.trial_id, d.criterion_id, d.human, d.autorater, d.decided_by) for d in r.disagreements] == [
        ("t1", "b", "fail", "pass", "llm:judge"), ("t2", "b", "pass", "fail", "llm:judge")]
    assert r.disagreements[0].rationale == "b looks pass"
    data = json.loads(json.dumps(r.to_json()))
    assert data["confusion"] == {"human_pass": {"autorater_pass": 4, "autorater_fail": 1},
                                 "human_fail": {"autorater_pass": 1, "autorater_fail": 2}}


@pytest.mark.parametrize(("text", "message"), [
    ("trial_id,criterion_id\nt1,a\n", "missing column(s) ['human']"),
    ("trial_id,criterion_id,human\nt1,a,yes\nt1,b,pass\n", "line 2: human must be pass or fail (got 'yes')"),
    ("trial_id,criterion_id,human\nt1,a,pass\nt1,a,fail\n", "line 3: duplicate label for (t1, a), first on line 2"),
    ("trial_id,criterion_id,human\n,a,pass\n", "line 2: trial_id and criterion_id are required"),
])
def test_label_file_problems(here: Path, text: str, message: str) -> None:
    (here / "l.csv").write_text(text)
    with pytest.raises(AgreementError) as info:
        read_labels(here / "l.csv")
    assert any(message in p and p.startswith("l.csv: ") for p in info.value.problems)


def test_blank_lines_are_skipped(here: Path) -> None:
    (here / "l.csv").write_text("trial_id,criterion_id,human\n\nt1,a,Pass\n,,\n")
    [label] = read_labels(here / "l.csv")
    assert (label.trial_id, label.criterion_id, label.human) == ("t1", "a", "pass")


# --- CLI ----------------------------------------------------------------------------------

CLI = typer.Typer()
CLI.command("agreement")(agreement_cmd.agreement)
CLI.command("noop")(lambda: None)  # two commands, so `agreement` is a verb as under `mka`


def test_cli_prints_tables_and_writes_json(run: tuple[Path, Path], here: Path) -> None:
    labels, run_dir = run
    result = CliRunner().invoke(CLI, ["agreement", "--human", str(labels), "--verdicts", str(run_dir),
                                      "--json", "out.json"])
    assert result.exit_code == 0, result.output
    assert "Cohen's kappa" in result.stdout and "0.467" in result.stdout and "75.0 %" in result.stdout
    assert "Disagreements (2)" in result.stdout
    assert "no verdict for labelled (t3, a)" in result.output
    assert json.loads((here / "out.json").read_text())["kappa"] == pytest.approx(14 / 30)


def test_cli_errors(here: Path, run: tuple[Path, Path]) -> None:
    (here / "bad.csv").write_text("trial_id,criterion_id,human\nt1,a,maybe\n")
    result = CliRunner().invoke(CLI, ["agreement", "--human", "bad.csv", "--verdicts", "run"])
    assert result.exit_code == 1 and "human must be pass or fail" in result.output
    result = CliRunner().invoke(CLI, ["agreement", "--human", "labels.csv", "--verdicts", "nowhere"])
    assert result.exit_code == 1 and "not a run folder" in result.output
    (here / "none.csv").write_text("trial_id,criterion_id,human\nzz,a,pass\n")
    result = CliRunner().invoke(CLI, ["agreement", "--human", "none.csv", "--verdicts", "run"])
    assert result.exit_code == 1 and "no labelled criterion could be compared" in result.output
