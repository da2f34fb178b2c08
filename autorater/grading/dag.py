"""Decide criteria in prerequisite order: checks first, the judge for the rest, blocking on failure.

A check answers pass, fail or undecided; an undecided criterion goes to the judge like a
judge-only one (with the check's reading as a hint), or stays unjudged without a judge.
A criterion whose prerequisite failed (or was blocked) is blocked and never sent to a
judge; one whose prerequisite is undecided (unjudged, or error for infrastructure reasons)
is undecided the same way, because its fate depends on a verdict nobody could give. Judge-only criteria are sent in
rounds: those whose prerequisites are all passed go in the next round."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from autorater.scoring.verdicts import Verdict


class Undecided:
    """What a check returns when it found the thing but could not decide it."""

    def __init__(self, decided_by: str, reason: str) -> None:
        self.decided_by, self.reason = decided_by, reason


class CriterionLike(Protocol):
    id: str
    prerequisites: list[str]
    check: Any


# A check's verdict, or an Undecided (the judge's to decide, or unjudged without one).
CheckDecider = Callable[[CriterionLike], "Verdict | Undecided"]
Judge = Callable[[list[CriterionLike]], Awaitable[dict[str, Verdict]]]


async def decide_all(order: Sequence[CriterionLike], decide_by_check: CheckDecider, judge: Judge | None) -> list[Verdict]:
    """Verdicts for every criterion in `order` (a topological order), in that order."""
    verdicts: dict[str, Verdict] = {}
    pending = list(order)
    while pending:
        for_judge: list[CriterionLike] = []
        waiting: list[CriterionLike] = []
        undecided: dict[str, Undecided] = {}
        for criterion in pending:
            prereqs = [verdicts.get(p) for p in criterion.prerequisites]
            if any(v is None for v in prereqs):
                waiting.append(criterion)  # a prerequisite goes to the judge this round
                continue
            gate = _gate(criterion, prereqs)
            if gate is not None:
                verdicts[criterion.id] = gate
            elif criterion.check is not None:
                decided = decide_by_check(criterion)
                if isinstance(decided, Undecided):
                    undecided[criterion.id] = decided
                    for_judge.append(criterion)
                else:
                    verdicts[criterion.id] = decided
            else:
                for_judge.append(criterion)
        if for_judge:
            asked = [_Hinted(c, undecided[c.id].reason) if c.id in undecided else c for c in for_judge]
            decided = await judge(asked) if judge else {}
            for criterion in for_judge:
                hint = undecided.get(criterion.id)
                why = "no judge configured" if judge is None else "the judge gave no verdict"
                if hint is not None:
                    why = f"undecided by {hint.decided_by}: {hint.reason}; {why}"
                verdict = decided.get(criterion.id) or Verdict(
                    criterion_id=criterion.id, verdict="unjudged", decided_by="none", rationale=why,
                    evidence=hint.reason if hint else "",
                )
                if hint is not None:
                    verdict = verdict.model_copy(update={"check_undecided": hint.reason})
                verdicts[criterion.id] = verdict
        elif waiting and len(waiting) == len(pending):
            raise ValueError(f"prerequisites never resolve for: {', '.join(c.id for c in waiting)}")
        pending = waiting
    return [verdicts[c.id] for c in order]


class _Hinted:
    """A criterion sent to the judge after its check was undecided: the check's reading goes
    along as `check_hint` (what it found and why it could not decide)."""

    def __init__(self, criterion: CriterionLike, hint: str) -> None:
        self._criterion, self.check_hint = criterion, hint

    def __getattr__(self, name: str) -> Any:
        return getattr(self._criterion, name)


def _gate(criterion: CriterionLike, prereqs: list[Verdict | None]) -> Verdict | None:
    for prereq in prereqs:
        assert prereq is not None
        if prereq.verdict in ("fail", "blocked"):
            return Verdict(criterion_id=criterion.id, verdict="blocked", decided_by="blocked", rationale=f"prerequisite {prereq.criterion_id} {prereq.verdict}",
                           blocked_by=prereq.criterion_id)
    for prereq in prereqs:
        assert prereq is not None
        if prereq.verdict in ("unjudged", "error"):
            return Verdict(criterion_id=criterion.id, verdict=prereq.verdict, decided_by="none",
                           rationale=f"prerequisite {prereq.criterion_id} is {prereq.verdict}", blocked_by=prereq.criterion_id)
    return None
