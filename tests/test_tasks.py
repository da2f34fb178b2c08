"""Task folders: loading the sample, every kind of problem with file + field, suites, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from harness.cli import task_cmd
from harness.tasks import TaskError, find_task_dirs, load_suite, load_task

DATA = Path(__file__).parent / "data" / "tasks"
SAMPLE = DATA / "sales_summary"

BASE_TOML = 'id = "{id}"\ntitle = "T"\nsector = "S"\noccupation = "O"\ndifficulty = "easy"\n'


def _d(path: str, fmt: str) -> str:  # a [[deliverables]] entry in TOML
    return f'\n[[deliverables]]\npath = "{path}"\nformat = "{fmt}"\n'


DELIVERABLE = _d("out.md", "md")


def make_task(parent: Path, task_id: str = "t1", extra: str = DELIVERABLE, *, toml: str | None = None,
              prompt: str | None = "Do it.\n", inputs: dict[str, str] | None = None) -> Path:
    """A minimal valid task folder, with the given parts replaced."""
    root = parent / task_id
    root.mkdir(parents=True)
    text = toml if toml is not None else BASE_TOML.format(id=task_id) + extra
    (root / "task.toml").write_text(text)
    if prompt is not None:
        (root / "prompt.md").write_text(prompt)
    (root / "inputs").mkdir()
    for name, content in (inputs or {}).items():
        (root / "inputs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "inputs" / name).write_text(content)
    return root


def problems_of(path: Path) -> list[str]:
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert str(info.value) == "\n".join(info.value.problems)
    return info.value.problems


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work from tmp_path so messages show short relative paths, as users see them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- the sample task ---------------------------------------------------------------------

def test_sample_task_loads() -> None:
    task = load_task(SAMPLE)
    assert task.id == "sales_summary" and task.kind == "deliverable"
    assert task.spec.difficulty == "easy" and task.spec.network == "none"
    assert [(d.path, d.format) for d in task.spec.deliverables] == [("summary.xlsx", "xlsx"), ("notes.md", "md")]
    assert task.input_files == ["chart.png", "sales.csv"]
    assert task.prompt == (SAMPLE / "prompt.md").read_bytes().decode("utf-8")
    assert task.solution_entry == SAMPLE / "solution" / "solve.py"
    assert task.gold_dir == SAMPLE / "gold" and task.gold_path("summary.xlsx") == SAMPLE / "gold" / "summary.xlsx"
    assert task.spec.limits is not None and task.spec.limits.max_turns == 20
    assert task.reference_path is None and task.tool_use_images == []


def test_sample_data_is_consistent() -> None:
    csv = (SAMPLE / "inputs" / "sales.csv").read_text().splitlines()
    assert csv[0] == "region,month,revenue" and len(csv) == 13
    assert (SAMPLE / "inputs" / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    notes = (SAMPLE / "gold" / "notes.md").read_text()
    total = sum(int(line.split(",")[2]) for line in csv[1:])
    assert f"${total:,}" in notes


def test_prompt_is_verbatim(here: Path) -> None:
    root = make_task(here)
    (root / "prompt.md").write_bytes(b"line one\r\nline two  \n\n")
    assert load_task(root).prompt == "line one\r\nline two  \n\n"


def test_limits_map_to_sandbox_overrides(here: Path) -> None:
    root = make_task(here, extra=DELIVERABLE + "[limits]\nmemory_gb = 2\ncpus = 1.5\npids = 64\nmax_turns = 3\n")
    limits = load_task(root).spec.limits
    assert limits is not None and limits.sandbox_overrides() == {"memory_bytes": 2 * 1024**3, "cpus": 1.5, "pids": 64}


# --- problems, each with file and field --------------------------------------------------

def test_broken_task_reports_everything_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA.parent.parent.parent)
    problems = problems_of(DATA / "broken_task")
    toml = "tests/data/tasks/broken_task/task.toml"
    assert f"{toml}: deliverables[0].path: must be relative and must not contain '..' (got '../etc/x')" in problems
    assert f"{toml}: limitz: unknown field" in problems
    assert any(p.startswith(f"{toml}: deliverables[1].path: extension must match format 'docx'") for p in problems)
    assert "tests/data/tasks/broken_task/prompt.md: missing" in problems
    assert len(problems) == 4


@pytest.mark.parametrize(("extra", "expected"), [
    ('limitz = 1\n' + DELIVERABLE, "t1/task.toml: limitz: unknown field"),
    (DELIVERABLE + "[limits]\nmax_turnz = 3\n", "t1/task.toml: limits.max_turnz: unknown field"),
    (DELIVERABLE + "[limits]\nmax_turns = 0\n", "t1/task.toml: limits.max_turns: Input should be greater than 0 (got 0)"),
    (DELIVERABLE + '[limits]\nmax_turns = "5"\n', "t1/task.toml: limits.max_turns: Input should be a valid integer (got '5')"),
    ('text_only_reply = "yes"\n' + DELIVERABLE, "t1/task.toml: text_only_reply: Input should be a valid boolean (got 'yes')"),
    ('network = "host"\n' + DELIVERABLE, "t1/task.toml: network: Input should be 'none' or 'bridge' (got 'host')"),
    (_d("/etc/passwd", "txt"), "t1/task.toml: deliverables[0].path: must be relative and must not contain '..'"),
    (_d("out\\\\a.md", "md"), "t1/task.toml: deliverables[0].path: must use '/' separators, not backslashes"),
    (_d("a.xlsx", "xls"), "t1/task.toml: deliverables[0].format: Input should be 'xlsx', 'pptx', 'docx', 'pdf',"),
    (_d("a.png", "jpg"), "t1/task.toml: deliverables[0].path: extension must match format 'jpg' (.jpg or .jpeg)"),
    (DELIVERABLE + _d("./out.md", "md"), "t1/task.toml: deliverables[1].path: duplicate of deliverables[0].path"),
    ("", "t1/task.toml: deliverables: a deliverable task needs at least one [[deliverables]] entry"),
    ("text_only_reply = true\n" + DELIVERABLE, "t1/task.toml: text_only_reply: a text-only task must not declare"),
    ('kind = "tool_use"\n', "t1/task.toml: tool_use: a tool_use task needs a [tool_use] section"),
    (DELIVERABLE + '[tool_use]\nreference = "r.json"\n', "t1/task.toml: tool_use: only allowed when kind = \"tool_use\""),
    ('web_search_corpus = "corpus"\n' + DELIVERABLE, "t1/task.toml: web_search_corpus: folder not found in the task"),
])
def test_spec_problem_names_file_and_field(here: Path, extra: str, expected: str) -> None:
    # One problem each; the message starts with file and field (the tail quotes the value).
    [problem] = problems_of(make_task(here, extra=extra))
    assert problem.startswith(expected), problem


def test_missing_required_field_and_bad_id(here: Path) -> None:
    toml = 'id = "Bad ID"\ntitle = "T"\nsector = "S"\ndifficulty = "impossible"\n' + DELIVERABLE
    problems = problems_of(make_task(here, "Bad ID", toml=toml))
    assert "Bad ID/task.toml: occupation: missing (required)" in problems
    assert "Bad ID/task.toml: difficulty: Input should be 'easy', 'medium' or 'hard' (got 'impossible')" in problems
    assert any(p.startswith("Bad ID/task.toml: id: String should match pattern") for p in problems)


def test_id_must_equal_folder_name(here: Path) -> None:
    root = make_task(here, "t1", toml=BASE_TOML.format(id="other") + DELIVERABLE)
    assert problems_of(root) == ["t1/task.toml: id: must equal the folder name 't1' (got 'other')"]


def test_toml_syntax_error_has_line_number(here: Path) -> None:
    [problem] = problems_of(make_task(here, toml='id = "t1"\ntitle = "T\n'))
    assert problem.startswith("t1/task.toml: TOML syntax error:") and "line 2" in problem


def test_cross_field_rules_still_run_when_fields_fail(here: Path) -> None:
    # pydantic skips model validators after a field error; the loader must not lose these.
    problems = problems_of(make_task(here, extra='kind = "tool_use"\ndifficulty_level = 1\n'))
    assert "t1/task.toml: difficulty_level: unknown field" in problems
    assert "t1/task.toml: tool_use: a tool_use task needs a [tool_use] section" in problems


def test_folder_problems(here: Path) -> None:
    root = make_task(here, prompt=None)
    (root / "inputs").rmdir()
    (root / "solution").mkdir()
    assert problems_of(root) == ["t1/prompt.md: missing", "t1/inputs: missing (a task needs inputs/, even if empty)",
                                 "t1/solution: needs solve.sh or solve.py"]


def test_missing_toml_empty_prompt_and_inputs_file(here: Path) -> None:
    root = make_task(here, prompt="  \n")
    (root / "task.toml").unlink()
    (root / "inputs").rmdir()
    (root / "inputs").write_text("not a folder")
    assert problems_of(root) == ["t1/task.toml: missing", "t1/prompt.md: empty",
                                 "t1/inputs: not a folder (a task needs inputs/, even if empty)"]


def test_symlink_in_inputs_is_refused(here: Path) -> None:
    root = make_task(here, inputs={"ok.txt": "x"})
    (root / "inputs" / "leak").symlink_to("/etc/passwd")
    assert problems_of(root) == ["t1/inputs/leak: symlinks are not allowed in inputs/ (got 'leak')"]


def test_gold_must_hold_every_deliverable(here: Path) -> None:
    root = make_task(here)
    (root / "gold").mkdir()
    assert problems_of(root) == ["t1/gold: deliverables[0] 'out.md' has no reference copy"]
    (root / "gold" / "out.md").write_text("ok")
    assert load_task(root).gold_path("out.md") == root / "gold" / "out.md"


def test_text_only_and_jpeg(here: Path) -> None:
    assert load_task(make_task(here, "a", extra="text_only_reply = true\n")).spec.deliverables == []
    task = load_task(make_task(here, "b", extra='[[deliverables]]\npath = "img/x.JPEG"\nformat = "jpg"\n'))
    assert task.deliverable_paths == ["img/x.JPEG"]


def test_inputs_listed_recursively_and_solve_sh_preferred(here: Path) -> None:
    root = make_task(here, inputs={"b.csv": "1", "a/z.txt": "2", "a/b/c.md": "3"})
    (root / "solution").mkdir()
    for name in ("solve.py", "solve.sh"):
        (root / "solution" / name).write_text("")
    task = load_task(root)
    assert task.input_files == ["a/b/c.md", "a/z.txt", "b.csv"]
    assert task.solution_entry == root / "solution" / "solve.sh"


TOOL_USE = """\
kind = "tool_use"
[tool_use]
images = ["{image}"]
reference = "reference.json"
mcp_servers = [{{ name = "files", command = ["python3", "-m", "files_server"], env = {{ ROOT = "/workspace" }} }},
               {{ name = "{second}", command = ["node", "server.js"] }}]
"""


def test_tool_use_task(here: Path) -> None:
    root = make_task(here, extra=TOOL_USE.format(image="plan.png", second="calc"), inputs={"plan.png": "png"})
    (root / "reference.json").write_text("[]")
    task = load_task(root)
    assert task.kind == "tool_use" and task.reference_path == root / "reference.json"
    assert task.tool_use_images == [root / "inputs" / "plan.png"]
    assert task.spec.tool_use is not None and [s.name for s in task.spec.tool_use.mcp_servers] == ["files", "calc"]
    assert task.spec.tool_use.mcp_servers[0].env == {"ROOT": "/workspace"}


def test_tool_use_problems(here: Path) -> None:
    root = make_task(here, extra=TOOL_USE.format(image="missing.png", second="files"))
    assert problems_of(root) == ["t1/task.toml: tool_use.mcp_servers[1].name: duplicate of mcp_servers[0].name (got 'files')"]
    root = make_task(here, "t2", extra=TOOL_USE.format(image="missing.png", second="calc"))
    assert problems_of(root) == [
        "t2/task.toml: tool_use.images[0]: not found under inputs/ (got 'missing.png')",
        "t2/task.toml: tool_use.reference: file not found in the task folder (got 'reference.json')",
    ]


def test_web_search_corpus_found_beside_the_task(here: Path) -> None:
    (here / "corpus").mkdir()
    task = load_task(make_task(here, extra='web_search_corpus = "corpus"\n' + DELIVERABLE))
    assert task.web_search_corpus_dir == here / "corpus"


# --- suites ------------------------------------------------------------------------------

def test_suite_sorted_by_id_and_single_folder(here: Path) -> None:
    for task_id in ("zeta", "alpha", "mid"):
        make_task(here / "suite", task_id, inputs={"task.toml": "not a task"})
    assert [t.id for t in load_suite(here / "suite")] == ["alpha", "mid", "zeta"]
    assert [t.id for t in load_suite(here / "suite" / "mid")] == ["mid"]
    # A task.toml inside a task's inputs is data, not another task.
    assert len(find_task_dirs(here / "suite")) == 3


def test_suite_refuses_duplicate_ids(here: Path) -> None:
    make_task(here / "suite" / "finance", "dup")
    make_task(here / "suite" / "legal", "dup")
    with pytest.raises(TaskError) as info:
        load_suite(here / "suite")
    assert info.value.problems == ["suite/legal/dup/task.toml: id: duplicate of suite/finance/dup/task.toml (got 'dup')"]


def test_suite_collects_problems_of_every_task(here: Path) -> None:
    make_task(here / "suite", "a", prompt=None)
    make_task(here / "suite", "b", extra="limitz = 1\n" + DELIVERABLE)
    make_task(here / "suite", "c")
    with pytest.raises(TaskError) as info:
        load_suite(here / "suite")
    assert info.value.problems == ["suite/a/prompt.md: missing", "suite/b/task.toml: limitz: unknown field"]


def test_empty_or_missing_suite(here: Path) -> None:
    (here / "empty").mkdir()
    with pytest.raises(TaskError, match="no task folders"):
        load_suite(here / "empty")
    with pytest.raises(TaskError, match="not a folder"):
        load_suite(here / "nowhere")


# --- CLI ---------------------------------------------------------------------------------

CLI = typer.Typer()  # as harness.cli registers it: `mka task ...`
CLI.add_typer(task_cmd.app, name="task")


def test_cli_validate_ok() -> None:
    result = CliRunner().invoke(CLI, ["task", "validate", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "ok sales_summary (deliverable, 2 inputs, 2 deliverables)"


def test_cli_validate_suite_with_invalid_task() -> None:
    result = CliRunner().invoke(CLI, ["task", "validate", str(DATA)])
    assert result.exit_code == 1 and "ok sales_summary (deliverable, 2 inputs, 2 deliverables)" in result.stdout
    assert "invalid " in result.stdout and "(4 problem(s))" in result.stdout
    assert "limitz: unknown field" in result.stdout and "prompt.md: missing" in result.stdout
    assert "1 of 5 task(s) invalid" in result.output


def test_cli_validate_duplicates_and_missing_path(here: Path) -> None:
    make_task(here / "s" / "x", "dup")
    make_task(here / "s" / "y", "dup")
    result = CliRunner().invoke(CLI, ["task", "validate", "s"])
    assert result.exit_code == 1 and "duplicate of s/x/dup/task.toml" in result.stdout
    result = CliRunner().invoke(CLI, ["task", "validate", "nowhere"])
    assert result.exit_code == 1 and "not a folder" in result.output
