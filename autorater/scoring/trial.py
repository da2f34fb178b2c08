"""One trial's score from its verdicts: WSR and its subsets, never counting unjudged silently.

This module is the one definition of WSR, primary WSR, Climb-WSR, regression WSR, their
bounds and the decided-only variant; reports, submission verify and tests import it.

WSR = Σ weight·pass / Σ weight. A blocked criterion (a prerequisite failed) counts as a
fail. An undecided criterion — unjudged (no judge gave a usable verdict) or error (a check
or the judge failed for infrastructure reasons) — is neither: any subset that holds one has
no score, only bounds [undecided as fail, undecided as pass], so a flaky judge or a crashed
check can never pass for a weak model (or the reverse) in a leaderboard. The decided-only
WSR (passed weight / decided weight) exists for diagnostics and is always labelled so."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from autorater.rubric.model import Criterion, Rubric
from autorater.scoring.verdicts import Verdict, VerdictsError, VerdictsFile

Bounds = tuple[float, float]
OUTCOMES = ("pass", "fail", "blocked", "unjudged", "error")
UNDECIDED = ("unjudged", "error")


@dataclass(frozen=True)
class SubsetScore:
    """WSR over one subset of criteria. `value` is None when any of them is unjudged."""

    value: float | None
    bounds: Bounds


def subset_score(items: Sequence[tuple[int, str]]) -> SubsetScore | None:
    """WSR of (weight, verdict) pairs; None for an empty subset (nothing to score)."""
    total = sum(w for w, _ in items)
    if not items or total == 0:
        return None
    passed = sum(w for w, v in items if v == "pass")
    undecided = sum(w for w, v in items if v in UNDECIDED)
    lower, upper = passed / total, (passed + undecided) / total
    return SubsetScore(value=lower if undecided == 0 else None, bounds=(lower, upper))


def decided_share(bounds: Bounds | None) -> float | None:
    """The share of a subset's weight that was decided (pass, fail or blocked)."""
    return None if bounds is None else 1.0 - (bounds[1] - bounds[0])


def decided_only(bounds: Bounds | None) -> float | None:
    """Passed weight over decided weight: what checks and judge could decide, renormalised.
    Diagnostic only — it rewards leaving hard criteria undecided — so never a headline."""
    share = decided_share(bounds)
    if bounds is None or share is None or share <= 0:
        return None
    return bounds[0] / share


@dataclass(frozen=True)
class TrialScore:
    task: str
    trial_id: str | None
    model: str | None
    wsr: float | None
    wsr_bounds: Bounds | None
    primary_wsr: float | None
    primary_wsr_bounds: Bounds | None
    climb_wsr: float | None
    climb_wsr_bounds: Bounds | None
    regression_wsr: float | None
    regression_wsr_bounds: Bounds | None
    complete: bool  # no criterion is unjudged or error
    counts: dict[str, int] = field(default_factory=dict)  # pass / fail / blocked / unjudged / error
    total_weight: int = 0
    passed_weight: int = 0
    untiered: int = 0  # criteria with no tier: in WSR, in neither climb nor regression
    # Weight of the criteria whose check found the thing but could not decide it (value.py):
    # decided by the judge since, or left unjudged. The report states it as a share.
    check_undecided_weight: int = 0

    def to_json(self) -> dict[str, Any]:
        """A plain dict for json.dump (bounds become [lower, upper] lists)."""
        out = asdict(self)
        for key, value in out.items():
            if key.endswith("_bounds") and value is not None:
                out[key] = list(value)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrialScore:
        known = set(cls.__dataclass_fields__)
        fixed: dict[str, Any] = {k: (tuple(v) if k.endswith("_bounds") and v is not None else v)
                                 for k, v in data.items() if k in known}
        return cls(**fixed)


def undecided_share(score: TrialScore) -> float:
    """The share of a trial's rubric weight its checks could not decide."""
    return score.check_undecided_weight / score.total_weight if score.total_weight else 0.0


def _match(rubric: Rubric, verdicts: Sequence[Verdict], where: str) -> dict[str, str]:
    """criterion id -> verdict; every mismatch between rubric and verdicts is an error."""
    known = rubric.by_id()
    found: dict[str, str] = {}
    problems: list[str] = []
    for v in verdicts:
        if v.criterion_id not in known:
            problems.append(f"{where}: verdict for unknown criterion {v.criterion_id!r}")
        elif v.criterion_id in found:
            problems.append(f"{where}: criterion {v.criterion_id!r}: more than one verdict")
        else:
            found[v.criterion_id] = v.verdict
    problems += [f"{where}: criterion {c.id!r}: no verdict" for c in rubric.criteria if c.id not in found]
    if problems:
        raise VerdictsError(problems)
    return found


def _subset(rubric: Rubric, outcome: dict[str, str], keep: Callable[[Criterion], bool]) -> SubsetScore | None:
    return subset_score([(c.weight, outcome[c.id]) for c in rubric.criteria if keep(c)])


def score_trial(rubric: Rubric, verdicts: VerdictsFile | Sequence[Verdict]) -> TrialScore:
    """Score one trial; raises VerdictsError naming each unknown, repeated or missing
    criterion (a score over a partial verdict set would look valid and be wrong)."""
    meta = verdicts if isinstance(verdicts, VerdictsFile) else None
    items: list[Verdict] = list(verdicts.verdicts if isinstance(verdicts, VerdictsFile) else verdicts)
    where = f"trial {meta.trial_id!r}" if meta is not None and meta.trial_id else f"task {rubric.task!r}"
    if meta is not None and meta.task != rubric.task:
        raise VerdictsError([f"{where}: verdicts are for task {meta.task!r}, the rubric for {rubric.task!r}"])
    outcome = _match(rubric, items, where)
    undecided = {v.criterion_id for v in items if v.check_undecided}

    overall = _subset(rubric, outcome, lambda c: True)
    primary = _subset(rubric, outcome, lambda c: c.objective == "primary")
    climb = _subset(rubric, outcome, lambda c: c.tier == "climb")
    regression = _subset(rubric, outcome, lambda c: c.tier == "regression")
    counts = {name: sum(1 for v in outcome.values() if v == name) for name in OUTCOMES}
    return TrialScore(
        task=rubric.task,
        trial_id=meta.trial_id if meta else None,
        model=meta.model if meta else None,
        wsr=overall.value if overall else None,
        wsr_bounds=overall.bounds if overall else None,
        primary_wsr=primary.value if primary else None,
        primary_wsr_bounds=primary.bounds if primary else None,
        climb_wsr=climb.value if climb else None,
        climb_wsr_bounds=climb.bounds if climb else None,
        regression_wsr=regression.value if regression else None,
        regression_wsr_bounds=regression.bounds if regression else None,
        complete=counts["unjudged"] == 0 and counts["error"] == 0,
        counts=counts,
        total_weight=rubric.total_weight,
        passed_weight=sum(c.weight for c in rubric.criteria if outcome[c.id] == "pass"),
        untiered=sum(1 for c in rubric.criteria if c.tier is None),
        check_undecided_weight=sum(c.weight for c in rubric.criteria if c.id in undecided),
    )
