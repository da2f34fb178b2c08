"""Text checks that plausible wrong answers cannot satisfy (issue 10): reply/text
.table_cell and .field, the negation guard of .regex / .mentions_all and single-candidate
numbers. Host only: the evaluators run on real files through the same registry and spec
parser the in-container runner uses (tests/test_checks_run.py covers the container)."""

from __future__ import annotations

import time

import pytest

from autorater.checks.context import CheckContext, Memo
from autorater.checks.mdtable import find_tables, split_row
from autorater.checks.negation import negation_of
from autorater.checks.registry import evaluator
from autorater.checks.result import CheckResult
from autorater.checks.specs import check_problems, parse_check

BRAND = """**Brand review of the four mock-ups**

| Mock-up | Complies (Yes/No) | Logo width | Issues found |
|:--------|:-----------------:|-----------:|--------------|
| MU-01 | Yes | 280 px | None |
| **MU-02** | **No** | 72 px | Logo undersized: 72 px wide, below the 120 px minimum |
| `MU-03` | No. | 300 px | Off-palette purple #7A3E9D |
| MU-04 | _No_ | 170 px | Logo stretched; contrast 2.3:1 below 4.5:1 |
"""


def run(tmp_path, text: str, **spec) -> CheckResult:
    """Evaluate one check on `text`, written as the final reply (reply.*) or as notes.md (text.*)."""
    rel = "final_reply.md" if spec["kind"].startswith("reply.") else spec.setdefault("file", "notes.md")
    (tmp_path / rel).write_text(text, encoding="utf-8")
    ctx = CheckContext(tmp_path, tmp_path / rel, rel, time.monotonic() + 30, tmp_path, Memo())
    return evaluator(spec["kind"])(parse_check(spec), ctx)


def cell(tmp_path, text: str, **spec) -> CheckResult:
    return run(tmp_path, text, **{"kind": "reply.table_cell", **spec})


def field(tmp_path, text: str, **spec) -> CheckResult:
    return run(tmp_path, text, **{"kind": "reply.field", "label": "Recommended zoning", **spec})


def regex(tmp_path, text: str, **spec) -> CheckResult:
    return run(tmp_path, text, **{"kind": "reply.regex", "negation_guard": True, **spec})


RIVERSIDE = r"Riverside[^\n]{0,150}(spike|anomal)|(spike|anomal)[^\n]{0,150}Riverside"

# -- reply.table_cell ---------------------------------------------------------------------


@pytest.mark.parametrize(("row", "expected"), [("MU-01", "Yes"), ("MU-02", "No"), ("MU-03", "No"), ("MU-04", "No")])
def test_table_cell_reads_the_row_through_emphasis_backticks_and_alignment(tmp_path, row, expected):
    result = cell(tmp_path, BRAND, row=row, column="Complies", expected=expected)
    assert result.passed, result.evidence
    assert "Complies (Yes/No)" in result.evidence  # "Complies" is a prefix of the header


def test_table_cell_fails_a_wrong_answer_and_quotes_the_cell(tmp_path):
    wrong = BRAND.replace("| **No** |", "| Yes - complies |")
    result = cell(tmp_path, wrong, row="MU-02", column="Complies", expected="No")
    assert not result.passed and "'Yes - complies'" in result.evidence


def test_table_cell_negated_contains_answer_fails(tmp_path):
    text = "| Mock-up | Verdict |\n|---|---|\n| MU-02 | MU-02 does not comply |\n"
    assert not cell(tmp_path, text, row="MU-02", column="Verdict", expected="Yes").passed
    result = cell(tmp_path, text, row="MU-02", column="Verdict", expected="comply", match="contains")
    assert not result.passed and "negated by 'not'" in result.evidence
    asserted = text.replace("does not comply", "complies with the guidelines")
    assert cell(tmp_path, asserted, row="MU-02", column="Verdict", expected="compl", match="contains").passed


@pytest.mark.parametrize(
    ("value", "passed"),
    [("72 px", True), ("**72** px", True), ("72 or 96 px", False), ("72/96 px", False), ("72 px (not 96)", True),
     ("about 72px", True), ("72 px?", False), ("96 px", False), ("n/a", False)],
)
def test_table_cell_number_needs_one_candidate(tmp_path, value, passed):
    text = f"| Mock-up | Logo |\n|---|---|\n| MU-02 | {value} |\n"
    result = cell(tmp_path, text, row="MU-02", column="Logo", expected=72, tolerance=1)
    assert result.passed is passed, result.evidence
    if value == "72 or 96 px":
        assert "several candidate numbers (72, 96)" in result.evidence


def test_table_cell_number_parsing_and_codes(tmp_path):
    text = "| Item | Value |\n|---|---|\n| Budget | $1.2M |\n| Share | 12 % |\n| MU-02 | MU-02: 72 px |\n"
    assert cell(tmp_path, text, row="Budget", column="Value", expected=1_200_000, rel_tolerance=0.01).passed
    assert cell(tmp_path, text, row="Share", column="Value", expected=0.12, tolerance=0.001).passed
    assert cell(tmp_path, text, row="MU-02", column="Value", expected=72).passed  # "MU-02" is a code
    drafted = "| Clause | Term |\n|---|---|\n| 4.2 | thirty (30) days |\n| 9.1 | (30) |\n"
    assert cell(tmp_path, drafted, row="4.2", column="Term", expected=30).passed  # legal drafting, not -30
    assert cell(tmp_path, drafted, row="9.1", column="Term", expected=-30).passed  # accounting negative


def test_table_cell_alternatives_fail_unless_expected_or_allowed(tmp_path):
    text = "| Check | Failing |\n|---|---|\n| Logo | MU-02/MU-03 |\n| Fix | Use Teal #0F6E74 (or Navy #1B2A41) |\n"
    result = cell(tmp_path, text, row="Logo", column="Failing", expected="MU-02", match="contains")
    assert not result.passed and "alternative" in result.evidence
    assert not cell(tmp_path, text, row="Fix", column="Failing", expected="#0F6E74", match="contains").passed
    assert cell(tmp_path, text, row="Fix", column="Failing", expected="#0F6E74", match="contains",
                allow_alternatives=True).passed
    assert cell(tmp_path, text, row="Logo", column="Failing", expected="MU-02/MU-03").passed
    hedged = "| Mock-up | Issue |\n|---|---|\n| MU-04 | text in Sun Coral or Tangerine |\n"
    result = cell(tmp_path, hedged, row="MU-04", column="Issue", expected=r"\bcoral\b", match="regex")
    assert not result.passed, "the 'or' inside 'coral' must not excuse the hedge"


@pytest.mark.parametrize(
    ("verdict", "passed"),
    [("No - logo too small", True), ("**No** (72 px)", True), ("No (possibly Yes)", False), ("Yes/No", False),
     ("~~Yes~~ No", True), ("Not sure", False), ("None", False)],
)
def test_table_cell_verdict_with_a_reason(tmp_path, verdict, passed):
    text = f"| Mock-up | Complies |\n|---|---|\n| MU-02 | {verdict} |\n"
    result = cell(tmp_path, text, row="MU-02", column="Complies", expected=r"^No\b", match="regex")
    assert result.passed is passed, result.evidence


def test_table_cell_conflicting_rows_fail_and_agreeing_rows_pass(tmp_path):
    base = "| Mock-up | Complies |\n|---|---|\n| MU-02 | No |\n"
    result = cell(tmp_path, base + "| MU-02 | Yes |\n", row="MU-02", column="Complies", expected="No")
    assert not result.passed and "disagree" in result.evidence
    assert cell(tmp_path, base + "| MU-02 | **no** |\n", row="MU-02", column="Complies", expected="No").passed


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"row": "MU-05", "column": "Complies"}, "has no row 'MU-05'"),
        ({"row": "MU-02", "column": "Approved"}, "has no column 'Approved'"),
        ({"row": "MU-02", "column": "Complies", "table": 2}, "1 table(s), not table 2"),
        ({"row": "MU-02", "column": "Complies", "key_column": "Name"}, "has no column 'Name'"),
    ],
)
def test_table_cell_missing_parts_fail_with_a_reason(tmp_path, spec, says):
    result = cell(tmp_path, BRAND, expected="No", **spec)
    assert not result.passed and says in result.evidence, result.evidence


def test_table_cell_without_a_table_fails(tmp_path):
    result = cell(tmp_path, "MU-02: No\n", row="MU-02", column="Complies", expected="No")
    assert not result.passed and "no Markdown table" in result.evidence


def test_table_cell_selectors(tmp_path):
    text = BRAND + "\n| Rule | Mock-up | Status |\n|---|---|---|\n| 1.3 | MU-02 | Fail |\n"
    assert cell(tmp_path, text, row="MU-02", key_column="Mock-up", column="Status", expected="Fail").passed
    assert cell(tmp_path, text, row="MU-02", key_column=2, column=3, table=2, expected="fail").passed
    assert cell(tmp_path, text, row=r"MU-?0[2]", row_match="regex", column=2, expected=["No", "N"]).passed
    assert cell(tmp_path, text, row="mu-02", column=2, expected="No", ignore_case=False).passed  # keys: any case
    assert not cell(tmp_path, text, row="mu-02", column=2, expected="no", ignore_case=False).passed


def test_table_cell_escaped_pipes_and_code_fences(tmp_path):
    text = ("```\n| Mock-up | Complies |\n|---|---|\n| MU-02 | Yes |\n```\n\n"
            "Mock-up | Note\n--- | ---\nMU-02 | ratio a \\| b\n")
    assert len(find_tables(text)) == 1  # the fenced one is an example, not an answer
    assert split_row(r"| a \| b | c |") == ["a | b", "c"]
    assert cell(tmp_path, text, row="MU-02", column="Note", expected="ratio a | b").passed


def test_text_table_cell_reads_a_deliverable(tmp_path):
    result = run(tmp_path, BRAND, kind="text.table_cell", file="notes.md", row="MU-04", column="Complies",
                 expected="No")
    assert result.passed and result.where and "notes.md" in result.where


# -- reply.field --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Recommended zoning: R-3\n", "- **Recommended zoning:** R-3\n", "**Recommended zoning**: R-3.\n",
     "Recommended zoning \u2014 R-3\n", "### Recommended zoning: R-3\n", "1. *Recommended zoning (proposed)*: `R-3`\n",
     "**Recommended zoning:**\n\nR-3\n", "Summary.\n\nrecommended ZONING: R-3\n"],
)
def test_field_shapes(tmp_path, text):
    result = field(tmp_path, text, expected="R-3")
    assert result.passed, result.evidence


@pytest.mark.parametrize(
    ("text", "spec", "says"),
    [
        ("Recommended zoning: R-2 or R-3\n", {"expected": "R-3"}, "hedges"),
        ("Recommended zoning: R-2 or R-3\n", {"expected": "R-3", "match": "contains"}, "alternative"),
        ("Recommended zoning: either R-3 or R-4\n", {"expected": "R-3", "match": "contains"}, "alternative"),
        ("Recommended zoning: possibly R-3\n", {"expected": "R-3", "match": "contains"}, "hedged ('possibly')"),
        ("Recommended zoning: No rezoning to R-3 is recommended\n", {"expected": "R-3", "match": "contains"},
         "negated by 'No'"),
        ("Recommended zoning: R-3\n\nRecommended zoning: R-2\n", {"expected": "R-3"}, "disagree"),
        ("Current zoning: R-3\n", {"expected": "R-3"}, "no line labelled"),
        ("Recommended zoning: 72/96\n", {"expected": 72}, "several candidate numbers"),
        ("Recommended zoning: pin 11 (PA2) or pin 12 (PA1)\n", {"expected": r"\bpin\s*11\b", "match": "regex"},
         "alternative"),
        ("Recommended zoning: none; 118,000 kWh is within the normal range\n", {"expected": 118000},
         "opens with a denial ('none')"),
    ],
)
def test_field_rejects_hedged_negated_conflicting_and_missing(tmp_path, text, spec, says):
    result = field(tmp_path, text, **spec)
    assert not result.passed and says in result.evidence, result.evidence


def test_field_accepts_listed_spellings_and_the_marker_the_answer_contains(tmp_path):
    assert field(tmp_path, "Recommended zoning: R3\n", expected=["R-3", "R3"]).passed
    assert field(tmp_path, "Recommended zoning: R-2 or R-3 (split lot)\n", expected="R-2 or R-3",
                 match="contains").passed
    assert run(tmp_path, "Total: 140.96 m\u00b2\n", kind="text.field", label="total", expected=141,
               tolerance=0.5).passed


# -- negation_guard on reply.regex / text.regex / mentions_all -------------------------------


@pytest.mark.parametrize(
    ("text", "pattern", "passed"),
    [
        ("No rezoning to R-3 is recommended.", r"rezon\w*[^.\n]{0,30}R-?3", False),
        ("Rezoning to R-3 is not recommended.", r"rezon\w*[^.\n]{0,30}R-?3", False),
        ("We recommend rezoning to R-3.", r"rezon\w*[^.\n]{0,30}R-?3", True),
        ("There is no anomaly at Riverside.", RIVERSIDE, False),
        ("Riverside: there is no anomaly in July.", RIVERSIDE, False),
        ("Northgate is not anomalous but Riverside shows a spike.", RIVERSIDE, True),
        ("Riverside shows a clear anomaly in July.", RIVERSIDE, True),
        ("Not R-2 but R-3 is right for the parcel.", r"R-?3", True),
        ("Rezone to R-3 rather than R-2.", r"R-?2", False),
        ("MU-02 is not approved.", r"not approved", True),
        ("MU-02 isn\u2019t compliant.", r"compliant", False),
        ("MU-02 is non-compliant.", r"\bcompliant", False),
        ("The logo must be no less than 120 px wide.", r"120\s*px", True),
        ("Text must not fall below 4.5:1.", r"4\.5\s*:\s*1", True),
        ("The logo is not at least 120 px wide.", r"120\s*px", True),
    ],
)
def test_regex_negation_guard(tmp_path, text, pattern, passed):
    result = regex(tmp_path, text, pattern=pattern)
    assert result.passed is passed, result.evidence
    if not passed:
        assert "rejected 1 negated" in result.evidence and "negated by" in result.evidence


def test_regex_guard_is_off_by_default_and_one_asserted_match_is_enough(tmp_path):
    assert regex(tmp_path, "There is no anomaly at Riverside.", pattern=RIVERSIDE, negation_guard=False).passed
    text = "No rezoning to R-2 is needed.\nWe recommend R-3; there is no case for R-3.\n"
    assert regex(tmp_path, text, pattern=r"R-3").passed


def test_regex_guard_with_must_match_false_fails_only_on_an_asserted_match(tmp_path):
    assert regex(tmp_path, "MU-01 is not off-palette.", pattern="off-palette", must_match=False).passed
    assert not regex(tmp_path, "MU-01 is off-palette.", pattern="off-palette", must_match=False).passed


def test_text_regex_guard_reads_a_deliverable(tmp_path):
    result = run(tmp_path, "Riverside: no anomaly.\n", kind="text.regex", pattern=RIVERSIDE, negation_guard=True)
    assert not result.passed and "notes.md" in result.evidence


def test_mentions_all_guard_needs_each_item_un_negated(tmp_path):
    items = ["MU-02", "MU-03", "MU-04"]
    negated = "MU-02 fails.\nMU-03 fails.\nThere is no problem with MU-04.\n"
    result = run(tmp_path, negated, kind="reply.mentions_all", items=items, negation_guard=True)
    assert not result.passed and "'MU-04' only negated" in result.evidence
    assert run(tmp_path, negated, kind="reply.mentions_all", items=items).passed  # guard off: as before
    asserted = "MU-02 fails. MU-03 fails.\nMU-04\nfails.\n"
    assert run(tmp_path, asserted, kind="text.mentions_all", items=items, negation_guard=True).passed


# -- reply.number single_candidate ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "passed"),
    [("The MU-02 logo is 72 px wide.", True), ("The MU-02 logo is 72 or 96 px wide.", False),
     ("The MU-02 logo is 72 px (not 96 px) wide.", True), ("The MU-02 logo is 71.5 px or 72 px.", False)],
)
def test_number_single_candidate(tmp_path, text, passed):
    result = run(tmp_path, text, kind="reply.number", expected=72, tolerance=1, label="logo", window=30,
                 single_candidate=True)
    assert result.passed is passed, result.evidence
    if not passed:
        assert "hedged" in result.evidence
    assert run(tmp_path, text, kind="reply.number", expected=72, tolerance=1, label="logo", window=30).passed


# -- the cue finder itself, and spec validation ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "target", "cue"),
    [("There is no anomaly at Riverside", "anomaly", "no"), ("It does not comply", "comply", "not"),
     ("Neither option works", "option", "Neither"), ("No doubt the spike is real", "spike", None),
     ("not only MU-02 fails", "MU-02", None), ("MU-02: no; MU-03 fails", "MU-03", None),
     ("It cannot be approved", "approved", "cannot"), ("R-3, instead of R-2", "R-3", None),
     ("instead of R-2", "R-2", "instead of")],
)
def test_negation_of(sentence, target, cue):
    start = sentence.index(target)
    found = negation_of(sentence, start, start + len(target))
    assert (found.text if found else None) == cue


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ({"kind": "reply.table_cell", "row": "MU-02", "column": "Complies", "expected": False}, "quote it"),
        ({"kind": "reply.field", "label": "x", "expected": [True]}, "YAML reads an unquoted yes/no"),
        ({"kind": "reply.table_cell", "row": "MU-02", "expected": "No"}, "check.column: is required"),
        ({"kind": "reply.table_cell", "row": 4.1, "column": "c", "expected": "x"}, "check.row: read by YAML as 4.1"),
        ({"kind": "reply.table_cell", "row": "a", "column": 0, "expected": "x"}, "check.column: should be a header"),
        ({"kind": "reply.table_cell", "row": "a", "column": "c", "table": 0, "expected": "x"},
         'check.table: should be a 1-based table index, "any" or a header text'),
        ({"kind": "reply.table_cell", "row": "(", "row_match": "regex", "column": "c", "expected": "x"},
         "row is not a valid RE2 regular expression"),
        ({"kind": "reply.table_cell", "row": "a", "column": "c", "expected": 3, "match": "contains"},
         "match applies only to a text expected"),
        ({"kind": "reply.field", "label": "x", "expected": "R-3", "tolerance": 1}, "apply only to a numeric"),
        ({"kind": "reply.field", "label": "x", "expected": []}, "at least one acceptable string"),
        ({"kind": "reply.field", "label": "x", "expected": "R-3", "file": "a.md"}, "always read the final reply"),
        ({"kind": "text.field", "label": "x", "expected": "R-3", "lable": "y"}, "did you mean 'label'?"),
        ({"kind": "reply.number", "expected": 72, "single_candidate": True}, "single_candidate needs a `label`"),
        ({"kind": "reply.regex", "pattern": "x", "negation_gaurd": True}, "did you mean 'negation_guard'?"),
    ],
)
def test_spec_problems_name_the_parameter(check, message):
    problems = check_problems(check)
    assert any(message in p for p in problems), problems
