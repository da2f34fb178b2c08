"""Trial scores: hand-computed WSR, blocked as fail, unjudged bounds, empty subsets, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from autorater.rubric import Rubric
from autorater.scoring import TrialScore, Verdict, VerdictsError, VerdictsFile, load_verdicts, score_trial


def rubric(*criteria: tuple[str, int, str, str | None]) -> Rubric:
    """(id, weight, objective, tier) tuples -> a Rubric for task 't'."""
    return Rubric.model_validate({"task": "t", "criteria": [
        {"id": cid, "text": "x", "weight": w, "objective": obj, "tier": tier, "rationale": "r"}
        for cid, w, obj, tier in criteria]})


def verdicts(**outcomes: str) -> VerdictsFile:
    return VerdictsFile(task="t", trial_id="t1", model="m", verdicts=[
        Verdict(criterion_id=cid, verdict=v, decided_by="llm:judge") for cid, v in outcomes.items()])


# a: 3 primary climb, b: 5 primary regression, c: 2 secondary climb, d: 1 secondary (untiered)
R = rubric(("a", 3, "primary", "climb"), ("b", 5, "primary", "regression"),
           ("c", 2, "secondary", "climb"), ("d", 1, "secondary", None))


def test_hand_computed_wsr_and_subsets() -> None:
    s = score_trial(R, verdicts(a="pass", b="fail", c="pass", d="blocked"))
    assert s.wsr == pytest.approx(5 / 11)  # (3 + 2) / (3 + 5 + 2 + 1)
    assert s.primary_wsr == pytest.approx(3 / 8)  # a / (a + b)
    assert s.climb_wsr == pytest.approx(1.0)  # (a + c) / (a + c)
    assert s.regression_wsr == 0.0
    assert s.wsr_bounds == pytest.approx((5 / 11, 5 / 11))
    assert s.complete and s.counts == {"pass": 2, "fail": 1, "blocked": 1, "unjudged": 0, "error": 0}
    assert (s.total_weight, s.passed_weight, s.untiered) == (11, 5, 1)
    assert (s.task, s.trial_id, s.model) == ("t", "t1", "m")


def test_blocked_counts_as_fail() -> None:
    blocked = score_trial(R, verdicts(a="pass", b="blocked", c="blocked", d="pass"))
    failed = score_trial(R, verdicts(a="pass", b="fail", c="fail", d="pass"))
    assert blocked.wsr == failed.wsr == pytest.approx(4 / 11)


def test_unjudged_gives_bounds_not_a_score() -> None:
    s = score_trial(R, verdicts(a="pass", b="unjudged", c="fail", d="pass"))
    assert s.wsr is None and s.wsr_bounds == pytest.approx((4 / 11, 9 / 11))
    assert s.primary_wsr is None and s.primary_wsr_bounds == pytest.approx((3 / 8, 1.0))
    assert s.regression_wsr is None and s.regression_wsr_bounds == (0.0, 1.0)
    # The climb subset holds no unjudged criterion: it keeps its score.
    assert s.climb_wsr == pytest.approx(3 / 5) and s.climb_wsr_bounds == pytest.approx((3 / 5, 3 / 5))
    assert not s.complete and s.counts["unjudged"] == 1


def test_an_infrastructure_error_is_undecided_like_unjudged_never_a_fail() -> None:
    errored = score_trial(R, verdicts(a="pass", b="error", c="fail", d="pass"))
    unjudged = score_trial(R, verdicts(a="pass", b="unjudged", c="fail", d="pass"))
    failed = score_trial(R, verdicts(a="pass", b="fail", c="fail", d="pass"))
    assert errored.wsr is None and errored.wsr_bounds == unjudged.wsr_bounds
    assert errored.wsr_bounds[1] > failed.wsr  # an error could have been a pass
    assert not errored.complete and errored.counts["error"] == 1


def test_decided_only_is_a_labelled_diagnostic_from_the_bounds() -> None:
    from autorater.scoring.trial import decided_only, decided_share

    s = score_trial(R, verdicts(a="pass", b="unjudged", c="fail", d="pass"))
    assert decided_share(s.wsr_bounds) == pytest.approx(6 / 11)
    assert decided_only(s.wsr_bounds) == pytest.approx(4 / 6)  # passed over decided weight
    assert decided_only(None) is None and decided_only((0.0, 1.0)) is None


def test_empty_subsets_are_none() -> None:
    r = rubric(("a", 2, "secondary", None), ("b", 4, "secondary", None))
    s = score_trial(r, verdicts(a="pass", b="fail"))
    assert s.wsr == pytest.approx(2 / 6)
    for name in ("primary", "climb", "regression"):
        assert getattr(s, f"{name}_wsr") is None and getattr(s, f"{name}_wsr_bounds") is None


def test_json_round_trip() -> None:
    s = score_trial(R, verdicts(a="pass", b="unjudged", c="fail", d="pass"))
    data = json.loads(json.dumps(s.to_json()))
    assert data["wsr"] is None and data["wsr_bounds"] == pytest.approx([4 / 11, 9 / 11])
    assert TrialScore.from_json(data) == s


@pytest.mark.parametrize(("outcomes", "message"), [
    ({"a": "pass", "b": "pass", "c": "pass"}, "criterion 'd': no verdict"),
    ({"a": "pass", "b": "pass", "c": "pass", "d": "pass", "zz": "pass"}, "verdict for unknown criterion 'zz'"),
])
def test_unknown_or_missing_criteria_are_errors(outcomes: dict[str, str], message: str) -> None:
    with pytest.raises(VerdictsError) as info:
        score_trial(R, verdicts(**outcomes))
    assert info.value.problems == [f"trial 't1': {message}"]


def test_repeated_verdict_and_wrong_task_are_errors() -> None:
    items = [Verdict(criterion_id=c, verdict="pass") for c in "abcd"] + [Verdict(criterion_id="a", verdict="fail")]
    with pytest.raises(VerdictsError, match="criterion 'a': more than one verdict"):
        score_trial(R, items)
    with pytest.raises(VerdictsError, match="verdicts are for task 'other'"):
        score_trial(R, VerdictsFile(task="other", verdicts=[]))


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


def test_load_verdicts_file(tmp_path: Path) -> None:
    good = {"task": "t", "trial_id": "t1", "model": "m", "rubric_sha256": "ab", "verdicts": [
        {"criterion_id": c, "verdict": "pass", "decided_by": "check:xlsx.cell_value", "rationale": "ok",
         "evidence": "B7=153900", "cited_files": ["summary.xlsx"], "blocked_by": None, "judge_turns": 2}
        for c in "abcd"]}
    loaded = load_verdicts(_write(tmp_path / "v.json", good))
    assert score_trial(R, loaded).wsr == 1.0
    good["verdicts"][0]["verdict"] = "maybe"
    with pytest.raises(VerdictsError, match=r"verdicts\.0\.verdict"):
        load_verdicts(_write(tmp_path / "v.json", good))
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(VerdictsError, match="cannot read verdicts"):
        load_verdicts(tmp_path / "bad.json")


def test_check_undecided_weight_counts_what_the_checks_could_not_decide() -> None:
    """Criteria a check left undecided count whoever decided them afterwards (the judge's
    pass on b) or not (d unjudged): the report's 'check-undecided' share."""
    items = [Verdict(criterion_id="a", verdict="pass", decided_by="check:x"),
             Verdict(criterion_id="b", verdict="pass", decided_by="llm:judge", check_undecided="14 or 13?"),
             Verdict(criterion_id="c", verdict="fail", decided_by="check:x"),
             Verdict(criterion_id="d", verdict="unjudged", decided_by="none", check_undecided="only in context")]
    s = score_trial(R, VerdictsFile(task="t", trial_id="t1", model="m", verdicts=items))
    assert s.check_undecided_weight == 5 + 1
    assert TrialScore.from_json({**s.to_json(), "rubric_sha256": "x"}).check_undecided_weight == 6
