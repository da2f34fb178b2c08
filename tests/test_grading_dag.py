"""Prerequisite gating: checks first, the judge in rounds, blocked and unjudged propagate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from autorater.grading.dag import decide_all
from autorater.scoring.verdicts import Verdict


@dataclass
class C:
    id: str
    prerequisites: list[str] = field(default_factory=list)
    check: Any = None


def by_check(results: dict[str, bool]):
    return lambda c: Verdict(criterion_id=c.id, verdict="pass" if results[c.id] else "fail", decided_by="check:test")


async def test_failed_prerequisite_blocks_dependents_transitively_and_skips_the_judge():
    order = [C("sheet", check={}), C("cell", ["sheet"], check={}), C("layout", ["cell"]), C("other")]
    sent: list[list[str]] = []

    async def judge(criteria):
        sent.append([c.id for c in criteria])
        return {c.id: Verdict(criterion_id=c.id, verdict="pass", decided_by="llm:fake") for c in criteria}

    verdicts = {v.criterion_id: v for v in await decide_all(order, by_check({"sheet": False, "cell": True}), judge)}
    assert verdicts["sheet"].verdict == "fail"
    assert (verdicts["cell"].verdict, verdicts["cell"].blocked_by) == ("blocked", "sheet")
    assert (verdicts["layout"].verdict, verdicts["layout"].blocked_by) == ("blocked", "cell")
    assert "prerequisite cell blocked" in verdicts["layout"].rationale
    assert sent == [["other"]]  # blocked criteria never reach a judge


async def test_judge_rounds_follow_the_graph():
    order = [C("looks_right"), C("value", ["looks_right"], check={}), C("commentary", ["value"])]
    rounds: list[list[str]] = []

    async def judge(criteria):
        rounds.append([c.id for c in criteria])
        return {c.id: Verdict(criterion_id=c.id, verdict="pass", decided_by="llm:fake") for c in criteria}

    verdicts = await decide_all(order, by_check({"value": True}), judge)
    assert [v.verdict for v in verdicts] == ["pass", "pass", "pass"]
    assert rounds == [["looks_right"], ["commentary"]]


async def test_without_a_judge_criteria_are_unjudged_and_so_are_their_dependents():
    order = [C("layout"), C("total", ["layout"], check={}), C("independent", check={})]
    verdicts = {v.criterion_id: v for v in await decide_all(order, by_check({"total": True, "independent": True}), None)}
    assert (verdicts["layout"].verdict, verdicts["layout"].rationale) == ("unjudged", "no judge configured")
    assert verdicts["total"].verdict == "unjudged" and "prerequisite layout is unjudged" in verdicts["total"].rationale
    assert verdicts["independent"].verdict == "pass"


async def test_a_judge_that_skips_a_criterion_leaves_it_unjudged():
    async def judge(criteria):
        return {}

    [verdict] = await decide_all([C("x")], by_check({}), judge)
    assert (verdict.verdict, verdict.rationale) == ("unjudged", "the judge gave no verdict")


async def test_unresolvable_order_is_an_error():
    with pytest.raises(ValueError, match="never resolve"):
        await decide_all([C("a", ["missing"])], by_check({}), None)


async def test_an_error_prerequisite_makes_dependents_error_not_blocked():
    order = [C("recalc", check={}), C("total", ["recalc"], check={}), C("other", check={})]

    def decide(c):
        state = {"recalc": "error", "total": "pass", "other": "pass"}[c.id]
        return Verdict(criterion_id=c.id, verdict=state, decided_by="check:test")

    verdicts = {v.criterion_id: v for v in await decide_all(order, decide, None)}
    assert verdicts["recalc"].verdict == "error"
    assert verdicts["total"].verdict == "error" and verdicts["total"].blocked_by == "recalc"
    assert verdicts["other"].verdict == "pass"


def test_the_warm_office_is_started_only_where_grading_needs_libreoffice():
    from autorater.grading.checks_host import CheckItem, needs_office

    recalc = CheckItem("total", "results.xlsx", {"kind": "xlsx.cell_value", "cell": "B6", "expected": 1})
    cached = CheckItem("total", "results.xlsx", {"kind": "xlsx.cell_value", "cell": "B6", "expected": 1, "recalculate": False})
    sheet = CheckItem("sheet", "results.xlsx", {"kind": "xlsx.sheet_exists", "sheet": "Q"})
    assert needs_office(["results.xlsx"], [sheet, recalc], judged=False)  # recalculated
    assert not needs_office(["results.xlsx"], [sheet, cached], judged=False)  # read natively
    assert needs_office(["results.xlsx"], [sheet], judged=True)  # the judge renders its pages
    assert needs_office(["notes/old.doc"], [], judged=False) and needs_office(["data.ODS"], [], judged=False)
    assert not needs_office(["memo.docx", "deck.pptx"], [], judged=False)
    assert needs_office(["memo.docx"], [], judged=True)
    assert not needs_office(["report.pdf", "chart.png", "page.html", "data.csv", "notes.md"], [], judged=True)


async def test_an_undecided_check_goes_to_the_judge_with_its_reading_or_stays_unjudged():
    """A check that found the answer but could not tell what it commits to is neither pass nor
    fail: the judge gets it with the check's reading; without a judge it is unjudged, marked
    as check-undecided (the report's undecided share)."""
    from autorater.grading.dag import Undecided

    order = [C("total", check={}), C("detail", ["total"], check={})]

    def decide(c):
        if c.id == "total":
            return Undecided("check:reply.field", "'of the 14 openings, 13 have leaves' commits first to 14")
        return Verdict(criterion_id=c.id, verdict="pass", decided_by="check:test")

    hints: list[str] = []

    async def judge(criteria):
        hints.extend(getattr(c, "check_hint", "") for c in criteria)
        return {c.id: Verdict(criterion_id=c.id, verdict="pass", decided_by="llm:fake") for c in criteria}

    judged = {v.criterion_id: v for v in await decide_all(order, decide, judge)}
    assert judged["total"].verdict == "pass" and judged["total"].check_undecided and "commits first to 14" in hints[0]
    assert judged["detail"].verdict == "pass"  # decided after its prerequisite was
    alone = {v.criterion_id: v for v in await decide_all(order, decide, None)}
    assert alone["total"].verdict == "unjudged" and "undecided by check:reply.field" in alone["total"].rationale
    assert alone["detail"].verdict == "unjudged" and alone["detail"].blocked_by == "total"
