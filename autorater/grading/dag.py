"""Decide criteria in prerequisite order: checks first, the judge for the rest, blocking on failure.

A criterion whose prerequisite failed (or was blocked) is blocked and never sent to a
judge; one whose prerequisite is undecided (unjudged, or error for infrastructure reasons)
is undecided the same way, because its fate depends on a verdict nobody could give. Judge-only criteria are sent in
rounds: those whose prerequisites are all passed go in the next round."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from autorater.scoring.verdicts import Verdict


class CriterionLike(Protocol):
    id: str
    prerequisites: list[str]
    check: Any


CheckDecider = Callable[[CriterionLike], Verdict]
Judge = Callable[[list[CriterionLike]], Awaitable[dict[str, Verdict]]]


async def decide_all(order: Sequence[CriterionLike], decide_by_check: CheckDecider, judge: Judge | None) -> list[Verdict]:
    """Verdicts for every criterion in `order` (a topological order), in that order."""
    verdicts: dict[str, Verdict] = {}
    pending = list(order)
    while pending:
        for_judge: list[CriterionLike] = []
        waiting: list[CriterionLike] = []
        for criterion in pending:
            prereqs = [verdicts.get(p) for p in criterion.prerequisites]
            if any(v is None for v in prereqs):
                waiting.append(criterion)  # a prerequisite goes to the judge this round
                continue
            gate = _gate(criterion, prereqs)
            if gate is not None:
                verdicts[criterion.id] = gate
            elif criterion.check is not None:
                verdicts[criterion.id] = decide_by_check(criterion)
            else:
                for_judge.append(criterion)
        if for_judge:
            decided = await judge(for_judge) if judge else {}
            for criterion in for_judge:
                verdicts[criterion.id] = decided.get(criterion.id) or Verdict(
                    criterion_id=criterion.id, verdict="unjudged", decided_by="none",
                    rationale="no judge configured" if judge is None else "the judge gave no verdict",
                )
        elif waiting and len(waiting) == len(pending):
            raise ValueError(f"prerequisites never resolve for: {', '.join(c.id for c in waiting)}")
        pending = waiting
    return [verdicts[c.id] for c in order]


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
