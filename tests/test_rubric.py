"""Rubrics: the sample, every kind of problem with file + criterion, cycles, order, CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from typer.testing import CliRunner

from autorater.rubric import RubricError, load_rubric, topological_order
from harness.cli import rubric_cmd
from harness.tasks import load_task

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "rubrics" / "sales_summary.yaml"
TASKS = DATA / "tasks"
KNOWN_KINDS = {"xlsx.sheet_exists": ("sheet",), "reply.regex": ("pattern",)}


def stub_check_problems(check: dict[str, Any]) -> list[str]:
    """Stands in for autorater.checks.specs.check_problems (owned by the checks package)."""
    kind = check.get("kind")
    if kind not in KNOWN_KINDS:
        return [f"kind: unknown check kind {kind!r}"]
    return [f"{f}: missing (required)" for f in KNOWN_KINDS[kind] if f not in check]


@pytest.fixture(autouse=True)
def stub_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("autorater.rubric.problems.default_check_problems", stub_check_problems)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work from tmp_path so messages show short relative paths, as users see them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def crit(cid: str, **fields: Any) -> dict[str, Any]:
    """A valid criterion with the given fields replaced (None removes a field)."""
    base = {"id": cid, "text": f"{cid} holds.", "weight": 1, "objective": "primary", "rationale": "given."}
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


def write_rubric(folder: Path, criteria: list[Any], task: str = "sales_summary", name: str | None = None,
                 **top: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (name or f"{task}.yaml")
    path.write_text(yaml.safe_dump({"task": task, "criteria": criteria, **top}, sort_keys=False))
    return path


def problems_of(path: Path, **kwargs: Any) -> list[str]:
    with pytest.raises(RubricError) as info:
        load_rubric(path, **kwargs)
    return info.value.problems


# --- the sample ---------------------------------------------------------------------------

def test_sample_loads_against_its_task() -> None:
    rubric = load_rubric(SAMPLE, load_task(TASKS / "sales_summary"))
    assert rubric.task == "sales_summary" and len(rubric.criteria) == 5 and rubric.total_weight == 14
    by_id = rubric.by_id()
    assert by_id["totals_sheet"].check == {"kind": "xlsx.sheet_exists", "sheet": "Totals"}
    assert (by_id["grand_total"].tier, by_id["grand_total"].tier_source) == ("climb", "rubric")
    assert (by_id["order"].tier, by_id["order"].tier_source) == (None, None)
    assert rubric.calibration is None


# --- problems -----------------------------------------------------------------------------

def test_every_problem_is_reported_with_file_and_criterion(here: Path) -> None:
    path = write_rubric(here / "rubrics", [
        crit("a", weight=7, rationale="", prerequisites=["ghost"]),
        crit("b", weight=2.5, objective="main", tier="high", text="  "),
        crit("b", weight="3"),
        crit("c", rationale=None, check={"kind": "nope"}, tier_source="rubric"),
        crit("d", check={"kind": "xlsx.sheet_exists"}, file="summary.xlsx"),
        "not a mapping",
        {"weight": 1},
    ], extra_key=1)
    problems = problems_of(path)
    f = "rubrics/sales_summary.yaml"
    expected = [
        f"{f}: extra_key: unknown field",
        f"{f}: criterion 'a': weight: must be an integer from 1 to 5 (got 7)",
        f"{f}: criterion 'a': rationale: must not be empty (got '')",
        f"{f}: criterion 'b': weight: must be an integer from 1 to 5 (got 2.5)",
        f"{f}: criterion 'b': objective: Input should be 'primary' or 'secondary' (got 'main')",
        f"{f}: criterion 'b': tier: Input should be 'climb' or 'regression' (got 'high')",
        f"{f}: criterion 'b': text: must not be empty (got '  ')",
        f"{f}: criterion 'b' (criteria[2]): id: duplicate of criteria[1]",
        f"{f}: criterion 'b' (criteria[2]): weight: must be an integer from 1 to 5 (got '3')",
        f"{f}: criterion 'c': tier_source: set by the loader, do not write it",
        f"{f}: criterion 'c': rationale: missing (required)",
        f"{f}: criterion 'c': check: kind: unknown check kind 'nope'",
        f"{f}: criterion 'd': check: sheet: missing (required)",
        f"{f}: criteria[5]: must be a mapping (got 'not a mapping')",
        *[f"{f}: criteria[6]: {field}: missing (required)" for field in ("id", "text", "objective", "rationale")],
        f"{f}: criterion 'a': prerequisites: unknown criterion 'ghost'",
    ]
    assert sorted(problems) == sorted(expected)


@pytest.mark.parametrize("weight", [0, 6, -1, 2.5, 3.0, "3", True])
def test_weight_must_be_an_integer_from_1_to_5(here: Path, weight: Any) -> None:
    path = write_rubric(here, [crit("a", weight=weight)])
    assert problems_of(path) == [f"sales_summary.yaml: criterion 'a': weight: must be an integer from 1 to 5"
                                 f" (got {weight!r})"]


def test_cycle_is_printed(here: Path) -> None:
    path = write_rubric(here, [crit("a", prerequisites=["b"]), crit("b", prerequisites=["c"]),
                               crit("c", prerequisites=["a"]), crit("d", prerequisites=["a"])])
    assert problems_of(path) == ["sales_summary.yaml: criterion 'a': prerequisites:"
                                 " cycle a -> b -> c -> a (each requires the next)"]


def test_every_disjoint_cycle_and_self_loop_is_reported(here: Path) -> None:
    path = write_rubric(here, [crit("x", prerequisites=["y"]), crit("y", prerequisites=["x"]),
                               crit("s", prerequisites=["s"]), crit("ok")])
    problems = problems_of(path)
    assert any("cycle x -> y -> x" in p for p in problems)
    assert any("criterion 's': prerequisites: cycle s -> s" in p for p in problems)
    assert len(problems) == 2


def test_repeated_prerequisite(here: Path) -> None:
    path = write_rubric(here, [crit("a"), crit("b", prerequisites=["a", "a"])])
    assert problems_of(path) == ["sales_summary.yaml: criterion 'b': prerequisites: 'a' listed more than once"]


def test_file_must_be_a_declared_deliverable(here: Path) -> None:
    task = load_task(TASKS / "sales_summary")
    path = write_rubric(here, [crit("a", file="summary.xlsx"), crit("b", file="final_reply.md"),
                               crit("c", file="./notes.md"), crit("d", file="report.docx")])
    problems = problems_of(path, task=task)
    assert len(problems) == 1 and problems[0].startswith(
        "sales_summary.yaml: criterion 'd': file: not a deliverable of the task (got 'report.docx'")
    assert len(load_rubric(path).criteria) == 4  # without the task only the shape is checked


def test_file_must_be_a_relative_path(here: Path) -> None:
    path = write_rubric(here, [crit("a", file="/etc/passwd")])
    assert "criterion 'a': file: must be relative" in problems_of(path)[0]


def test_task_must_match_the_task_id(here: Path) -> None:
    path = write_rubric(here, [crit("a")], task="other", name="sales_summary.yaml")
    assert problems_of(path, task=load_task(TASKS / "sales_summary")) == [
        "sales_summary.yaml: task: must equal the task id 'sales_summary' (got 'other')"]


@pytest.mark.parametrize(("text", "needle"), [
    ("task: t\ncriteria: [\n", "YAML error"),
    ("task: t\ncriteria:\n  - id: a\n    weight: 1\n    weight: 2\n", "duplicate key 'weight'"),
    ("- just a list\n", "must be a mapping with 'task' and 'criteria'"),
    ("task: t\ncriteria: []\n", "criteria: must be a non-empty list"),
    ("criteria: []\n", "task: must be the task id (got None)"),
])
def test_unreadable_or_malformed_files(here: Path, text: str, needle: str) -> None:
    (here / "r.yaml").write_text(text)
    assert any(needle in p and p.startswith("r.yaml: ") for p in problems_of(here / "r.yaml"))


def test_missing_file(here: Path) -> None:
    assert problems_of(here / "nope.yaml") == ["nope.yaml: missing (not a file)"]


def test_check_must_have_a_declared_file_to_read(here: Path) -> None:
    task = load_task(TASKS / "sales_summary")
    sheet = {"kind": "xlsx.sheet_exists", "sheet": "Totals"}
    path = write_rubric(here, [
        crit("from_criterion", file="summary.xlsx", check=sheet),
        crit("from_check", check={**sheet, "file": "summary.xlsx"}),
        crit("reply", check={"kind": "reply.regex", "pattern": "done"}),  # reads final_reply.md
        crit("nothing", check=sheet),
        crit("undeclared", check={**sheet, "file": "other.xlsx"}),
    ])
    problems = problems_of(path, task=task)
    assert problems[0] == ("sales_summary.yaml: criterion 'nothing': check: needs a file to read:"
                           " set the criterion's `file` or `check.file`")
    assert problems[1].startswith("sales_summary.yaml: criterion 'undeclared': check.file: not a deliverable")
    assert len(problems) == 2


def test_sample_with_the_real_check_specs(here: Path) -> None:
    """The checks package's own validator (not the stub) accepts the sample and names bad specs."""
    from autorater.checks.specs import check_problems

    assert len(load_rubric(SAMPLE, check_validator=check_problems).criteria) == 5
    path = write_rubric(here, [crit("a", file="summary.xlsx", check={"kind": "xlsx.sheet_exist", "sheet": "T"})])
    [problem] = problems_of(path, check_validator=check_problems)
    assert problem.startswith("sales_summary.yaml: criterion 'a': check.kind: unknown kind 'xlsx.sheet_exist'")


def test_check_validator_crash_still_names_the_criterion(here: Path) -> None:
    def boom(check: dict[str, Any]) -> list[str]:
        raise RuntimeError("bad")

    path = write_rubric(here, [crit("a", check={"kind": "x"})])
    assert problems_of(path, check_validator=boom) == [
        "sales_summary.yaml: criterion 'a': check: could not be validated (RuntimeError: bad)"]


# --- topological order --------------------------------------------------------------------

def _order(here: Path, criteria: list[dict[str, Any]]) -> list[str]:
    return [c.id for c in topological_order(load_rubric(write_rubric(here, criteria)))]


def test_topological_order_is_stable(here: Path) -> None:
    # Already in dependency order: unchanged (graphlib's batches would give a, c, b).
    assert _order(here, [crit("a"), crit("b", prerequisites=["a"]), crit("c")]) == ["a", "b", "c"]
    # Prerequisite listed last: it moves up just enough; others keep file order.
    assert _order(here, [crit("z", prerequisites=["p"]), crit("y"), crit("p")]) == ["y", "p", "z"]
    diamond = [crit("d", prerequisites=["b", "c"]), crit("c", prerequisites=["a"]),
               crit("b", prerequisites=["a"]), crit("a")]
    assert _order(here, diamond) == ["a", "c", "b", "d"]


# --- calibration overlay ------------------------------------------------------------------

def test_calibration_overlay_overrides_tiers(here: Path) -> None:
    path = write_rubric(here / "rubrics", [crit("a", tier="climb"), crit("b"), crit("c", tier="regression")])
    side = here / "rubrics" / "sales_summary.calibration.yaml"
    side.write_text(yaml.safe_dump({"task": "sales_summary", "criteria": {
        "a": {"tier": "regression", "provenance": {"date": "2025-01-01"}},
        "b": {"tier": "climb"}}}))
    rubric = load_rubric(path)
    got = {c.id: (c.tier, c.tier_source) for c in rubric.criteria}
    assert got == {"a": ("regression", "calibration"), "b": ("climb", "calibration"), "c": ("regression", "rubric")}
    assert rubric.calibration is not None and rubric.calibration.criteria["a"].provenance == {"date": "2025-01-01"}
    assert load_rubric(path, calibration=False).by_id()["a"].tier == "climb"


def test_stale_or_broken_calibration_is_refused(here: Path) -> None:
    path = write_rubric(here / "rubrics", [crit("a")])
    side = here / "rubrics" / "sales_summary.calibration.yaml"
    side.write_text(yaml.safe_dump({"task": "other", "criteria": {"gone": {"tier": "climb"}}}))
    assert problems_of(path) == [
        "rubrics/sales_summary.calibration.yaml: task: must equal the rubric's task 'sales_summary' (got 'other')",
        "rubrics/sales_summary.calibration.yaml: criterion 'gone': not in the rubric (stale calibration?"
        " rerun `mka rubric calibrate`)"]
    side.write_text(yaml.safe_dump({"criteria": {"a": {"tier": "hot"}}}))
    assert problems_of(path) == ["rubrics/sales_summary.calibration.yaml: criteria.a.tier:"
                                 " Input should be 'climb' or 'regression'"]


# --- CLI ----------------------------------------------------------------------------------

CLI = typer.Typer()  # as harness.cli registers it: `mka rubric ...`
CLI.add_typer(rubric_cmd.app, name="rubric")


def test_cli_validate_ok() -> None:
    result = CliRunner().invoke(CLI, ["rubric", "validate", str(SAMPLE), "--tasks", str(TASKS)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith(
        "sales_summary.yaml (5 criteria, 14 total weight, 1 with checks, 2 with prerequisites)")
    assert result.stdout.startswith("ok ")


def test_cli_validate_folder_with_problems(here: Path) -> None:
    write_rubric(here / "rubrics", [crit("a", file="summary.xlsx"), crit("b", prerequisites=["b"])])
    write_rubric(here / "rubrics", [crit("a")], task="ghost_task")
    write_rubric(here / "rubrics", [crit("a")], task="sales_summary", name="misnamed.yaml")
    (here / "rubrics" / "sales_summary.calibration.yaml").write_text("criteria: {}\n")  # not a rubric
    result = CliRunner().invoke(CLI, ["rubric", "validate", "rubrics", "--tasks", str(TASKS)])
    assert result.exit_code == 1
    out = result.stdout
    assert "invalid rubrics/sales_summary.yaml (1 problem(s))" in out and "cycle b -> b" in out
    assert "rubrics/ghost_task.yaml: task: no task folder" in out
    assert "rubrics/misnamed.yaml: file name must be sales_summary.yaml" in out
    assert "calibration.yaml" not in out
    assert "3 of 3 rubric(s) invalid" in result.output


def test_cli_validate_nothing_there(here: Path) -> None:
    result = CliRunner().invoke(CLI, ["rubric", "validate", "nowhere"])
    assert result.exit_code == 1 and "not a file or folder" in result.output
    (here / "empty").mkdir()
    result = CliRunner().invoke(CLI, ["rubric", "validate", "empty"])
    assert result.exit_code == 1 and "no rubric files" in result.output
