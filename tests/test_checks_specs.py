"""Host side of the deterministic checks: spec validation messages and number parsing.

Nothing here opens a deliverable; that only ever happens in the autorater container
(tests/test_checks_run.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from autorater.checks.numbers import Tolerance, find_numbers, parse_number
from autorater.checks.registry import _MODULES
from autorater.checks.specs import KIND_MODELS, KINDS, CheckSpecError, check_problems, parse_check
from autorater.checks.specs_data import parse_json_path
from autorater.checks.textmatch import normalize, text_matches

# -- numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "percent"),
    [
        ("1,234.5", 1234.5, False),
        ("$1.2M", 1_200_000, False),
        ("12 %", 12, True),
        ("12%", 12, True),
        ("€3.4bn", 3.4e9, False),
        ("(1,200)", -1200, False),
        ("1.2k", 1200, False),
        ("−5", -5, False),  # Unicode minus
        ("-$5", -5, False),
        ("1.234,56", 1234.56, False),  # European
        ("1.234.567", 1_234_567, False),
        ("1\u00a0234\u00a0567", 1_234_567, False),  # no-break spaces
        ("CHF 1'234.50", 1234.5, False),
        ("3 million", 3e6, False),
        ("3.4 bn", 3.4e9, False),
        ("1.5e6", 1.5e6, False),
        ("US$ 2.5", 2.5, False),
        ("12.5 percent", 12.5, True),
    ],
)
def test_find_numbers_reads_what_models_write(text, value, percent):
    found = find_numbers(text)
    assert len(found) == 1, found
    assert found[0].value == pytest.approx(value)
    assert found[0].percent is percent


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Q3 revenue 153,900", [153900]),  # "Q3" is a label, not a number
        ("FY2024 growth -3.5%", [-3.5]),
        ("pages 10-20", [10, 20]),  # a range, not minus twenty
        ("12 months", [12]),  # "m" followed by letters is not "million"
        ("5 m of cable", [5]),  # a spaced lower-case letter is a unit, not a scale
        ("Option 2 B", [2]),
        ("values 3,4 and 5", [3, 4, 5]),  # in free text a comma list stays a list
        ("2023-12-01", [2023, 12, 1]),
        ("no numbers here", []),
    ],
)
def test_find_numbers_does_not_invent_numbers(text, values):
    assert [n.value for n in find_numbers(text)] == pytest.approx(values)


@pytest.mark.parametrize(
    ("text", "value"),
    [("3,4", 3.4), ("1,234", 1234), ("12,5 %", 12.5), ("(1,200)", -1200), ("$1.2M", 1.2e6), ("3.4 €", 3.4),
     ("100 USD", 100), ("  42  ", 42), ("0.12", 0.12)],
)
def test_parse_number_reads_a_whole_field(text, value):
    found = parse_number(text)
    assert found is not None and found.value == pytest.approx(value)


@pytest.mark.parametrize("text", ["abc", "12 apples", "-", "", "N/A", "1e400", "12-05"])
def test_parse_number_refuses_text(text):
    assert parse_number(text) is None


def test_percent_also_matches_its_fraction():
    (found,) = find_numbers("margin 12.5 %")
    assert found.candidates() == [12.5, 0.125]


def test_tolerance_is_inclusive_and_described():
    assert Tolerance(0.5).ok(153900.5, 153900) and not Tolerance(0.5).ok(153900.6, 153900)
    assert Tolerance(0, 0.01).ok(101, 100) and not Tolerance(0, 0.01).ok(101.1, 100)
    assert Tolerance().ok(0.1 + 0.2, 0.3)  # float slack, not a tolerance
    assert Tolerance(0.5).describe(153900) == "153900 ± 0.5"
    assert Tolerance(0, 0.01).describe(153900) == "153900 ± 1% (= 1539)"
    assert Tolerance(1, 0.01).describe(10) == "10 ± max(1, 1% (= 0.1))"
    assert Tolerance().describe(3) == "3 exactly (± 0)"


# -- text -----------------------------------------------------------------------------------


def test_text_matching_ignores_typography():
    assert normalize("  Grand\u00a0total \u2013 \u201cQ1\u201d\n") == 'Grand total - "Q1"'
    assert text_matches("Executive  Summary", "executive summary", "exact", True)
    assert not text_matches("Executive Summary", "executive summary", "exact", False)
    assert text_matches("The total is 153,900.", r"\b153,900\b", "regex", True)


# -- specs ----------------------------------------------------------------------------------


def test_every_kind_has_a_documented_strict_model_and_an_evaluator():
    assert len(KINDS) == 51  # 39 + reply/text .table_cell and .field + docx/pptx/pdf/html .table_cell and .field
    for kind, model in KIND_MODELS.items():
        assert model.__doc__ and len(model.__doc__) > 30, kind
        assert model.model_config.get("extra") == "forbid", kind
        assert kind.split(".")[0] in _MODULES, kind


def test_evaluator_modules_cover_every_kind():
    # The evaluator modules import their parsers lazily, so even the host can list them.
    from autorater.checks.registry import evaluator

    for kind in KINDS:
        assert callable(evaluator(kind)), kind


def test_importing_specs_pulls_in_no_parser():
    code = (
        "import sys, autorater.checks.specs as s; s.check_problems({'kind': 'xlsx.sheet_exists', 'sheet': 'x'}); "
        "heavy = [m for m in ('openpyxl', 'docx', 'pptx', 'fitz', 'bs4', 'PIL', 'lxml') if m in sys.modules]; "
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_valid_spec_parses_to_its_model():
    spec = parse_check({"kind": "xlsx.cell_value", "cell": "Totals!B6", "expected": 153900, "tolerance": 0.5})
    assert type(spec).__name__ == "XlsxCellValue"
    assert spec.tolerance == 0.5 and spec.recalculate is True and spec.file is None


CELL = {"kind": "xlsx.cell_value", "cell": "B6"}


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ({**CELL, "expected": 1, "tolerance": -1}, "check.tolerance: input should be ≥ 0"),
        ({"kind": "xlsx.cel_value"}, "check.kind: unknown kind 'xlsx.cel_value' (known: xlsx.sheet_exists,"),
        ({"kind": "xlsx.cel_value"}, "did you mean 'xlsx.cell_value'?"),
        ({"sheet": "x"}, "check.kind: is required"),
        ("xlsx.sheet_exists", "check: should be a mapping"),
        ({**CELL, "expected": 1, "tolerence": 1}, "check.tolerence: unknown parameter"),
        ({**CELL, "expected": 1, "tolerence": 1}, "did you mean 'tolerance'?"),
        ({"kind": "xlsx.cell_value", "expected": 1}, "check.cell: is required"),
        ({**CELL, "expected": "x", "tolerance": 1}, "apply only to a numeric expected"),
        ({**CELL, "expected": 1, "match": "regex"}, "match applies only to a text"),
        ({"kind": "xlsx.cell_formula", "cell": "B6", "pattern": "("}, "pattern is not a valid RE2 regular expression"),
        ({"kind": "xlsx.chart_exists", "chart_type": "pie3d"}, "check.chart_type: input should be 'bar', 'column'"),
        ({"kind": "pptx.slide_count", "min": 3, "max": 2}, "check: min (3) is greater than max (2)"),
        ({"kind": "pptx.slide_title_contains", "text": "x", "slide": 0}, "check.slide"),
        ({"kind": "docx.table", "cell": {"row": 0, "col": 1, "expected": 3}}, "check.cell.row: input should be > 0"),
        ({"kind": "docx.table", "cell": {"row": 1, "col": 1, "expected": 3, "x": 1}}, "check.cell.x: unknown"),
        ({"kind": "pdf.page_size"}, "give either size"),
        ({"kind": "pdf.page_size", "size": "A4", "width_mm": 210}, "not both"),
        ({"kind": "image.dominant_colors", "colors": ["#zzz"]}, "not hex colours: '#zzz'"),
        ({"kind": "image.dominant_colors", "colors": ["#fff"], "min_share": 0}, "check.min_share: input should be > 0"),
        ({"kind": "image.dimensions"}, "give at least one of width"),
        ({"kind": "csv.value", "column": "x", "expected": 1}, "either key_column + key or row"),
        ({"kind": "csv.value", "column": "x", "expected": 1, "key": "a", "row": 1}, "key_column and key go together"),
        ({"kind": "json.value", "path": "a..b", "expected": 1}, "check.path: cannot parse path 'a..b'"),
        ({"kind": "reply.number", "expected": 1, "file": "x.md"}, "reply.* kinds always read the final reply"),
        ({"kind": "reply.mentions_all", "items": []}, "check.items"),
        ({"kind": "reply.regex", "pattern": "x", "must_match": "maybe"}, "check.must_match"),
    ],
)
def test_problems_are_specific(check, message):
    problems = check_problems(check)
    assert any(message in p for p in problems), problems


def test_valid_specs_have_no_problems():
    for check in (
        {"kind": "xlsx.headers", "expected": ["Region", "Total"], "order": "set", "file": "summary.xlsx"},
        {"kind": "docx.table", "table": "any", "min_rows": 2, "cell": {"row": 1, "col": 1, "expected": "Region"}},
        {"kind": "pdf.number_near", "expected": 153900, "rel_tolerance": 0.01, "label": "Total", "same_line": True},
        {"kind": "json.value", "path": "$.a[0]['b.c']", "expected": None},
        {"kind": "json.value", "path": "summary.total", "expected": 153900, "tolerance": 1},
        {"kind": "reply.mentions_all", "items": [r"\bWest\b", "South"], "regex": True},
        {"kind": "html.no_external_requests", "allow": ["https://cdn.example.com/"]},
    ):
        assert check_problems(check) == [], check


def test_parse_check_raises_with_every_problem():
    with pytest.raises(CheckSpecError) as err:
        parse_check({"kind": "xlsx.cell_value", "tolerance": -1})
    assert len(err.value.problems) >= 3  # cell, expected, tolerance


def test_json_paths():
    assert parse_json_path("a.b[0].c") == ["a", "b", 0, "c"]
    assert parse_json_path("$.a.0") == ["a", "0"]
    assert parse_json_path("""a["key.with.dots"]""") == ["a", "key.with.dots"]
    with pytest.raises(ValueError):
        parse_json_path("a[")
