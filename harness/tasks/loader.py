"""Load task folders from disk and check everything a run will rely on.

Problems are collected, not raised one at a time: a task author fixing a folder wants the
whole list in one go. Each problem names the file (or folder) and, inside task.toml, the
field, e.g. `tasks_showcase/x/task.toml: deliverables[0].path: must be relative ...`."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from harness.tasks.model import SpecProblems, TaskSpec, cross_field_problems
from harness.validation import describe_error, format_loc

SOLUTION_ENTRIES = ("solve.sh", "solve.py")  # solve.sh first: it may orchestrate solve.py


class TaskError(ValueError):
    """One or more problems with a task folder (or a suite); `problems` holds each line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Task:
    spec: TaskSpec
    root: Path
    prompt: str
    inputs_dir: Path
    solution_entry: Path | None
    gold_dir: Path | None
    input_files: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def deliverable_paths(self) -> list[str]:
        """Paths under /workspace the agent is asked to produce."""
        return [item.path for item in self.spec.deliverables]

    def gold_path(self, deliverable: str) -> Path | None:
        """The reference copy of a deliverable, if the task ships one."""
        if self.gold_dir is None:
            return None
        path = self.gold_dir / deliverable
        return path if path.is_file() else None

    @property
    def reference_path(self) -> Path | None:
        """The reference trajectory of a tool_use task."""
        return None if self.spec.tool_use is None else self.root / self.spec.tool_use.reference

    @property
    def tool_use_images(self) -> list[Path]:
        return [] if self.spec.tool_use is None else [self.inputs_dir / p for p in self.spec.tool_use.images]

    @property
    def web_search_corpus_dir(self) -> Path | None:
        """The corpus folder: inside the task if present there, else beside it in the suite."""
        return _find_corpus(self.root, self.spec.web_search_corpus)


def display_path(path: Path) -> str:
    """Paths in messages are relative to the working directory when possible (shorter,
    and they match what the user typed)."""
    # abspath, not resolve(): a symlink must be shown as itself, not as its target.
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def _find_corpus(root: Path, rel: str | None) -> Path | None:
    if rel is None:
        return None
    for base in (root, root.parent):
        if (base / rel).is_dir():
            return base / rel
    return None


def _validate_spec(toml_name: str, raw: dict[str, Any], problems: list[str]) -> TaskSpec | None:
    """Validate the parsed TOML; one message per problem, each naming the field."""
    try:
        return TaskSpec.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors()
    saw_cross_field = False
    for err in errors:
        loc = tuple(err["loc"])
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, SpecProblems):
            saw_cross_field = saw_cross_field or loc == ()
            problems += [f"{toml_name}: {format_loc(loc + sub)}: {msg}" for sub, msg in cause.problems]
            continue
        problems.append(f"{toml_name}: {format_loc(loc) or '(top level)'}: {describe_error(err)}")
    if not saw_cross_field:
        # Field errors stop pydantic before the cross-field rules; run them on the raw data.
        problems += [f"{toml_name}: {format_loc(loc)}: {msg}" for loc, msg in cross_field_problems(raw)]
    return None


def _walk_inputs(inputs: Path, problems: list[str]) -> list[str]:
    """Every file under inputs/, relative and sorted. Symlinks are refused: inputs are
    copied into the sandbox, and a link could pull in a host file from outside the task."""
    files: list[str] = []
    for dirpath, dirnames, filenames in os.walk(inputs, followlinks=False):
        base = Path(dirpath)
        for name in sorted(dirnames + filenames):
            path = base / name
            rel = path.relative_to(inputs).as_posix()
            if path.is_symlink():
                problems.append(f"{display_path(path)}: symlinks are not allowed in inputs/ (got {rel!r})")
            elif name in filenames:
                files.append(rel)
        dirnames[:] = [d for d in dirnames if not (base / d).is_symlink()]
    return sorted(files)


def _read_prompt(path: Path, problems: list[str]) -> str:
    if not path.is_file():
        problems.append(f"{display_path(path)}: missing")
        return ""
    try:
        # Bytes, then decode: read_text() would translate line endings, and the prompt is verbatim.
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(f"{display_path(path)}: not UTF-8 text ({exc.reason} at byte {exc.start})")
        return ""
    if not text.strip():
        problems.append(f"{display_path(path)}: empty")
    return text


def _read_toml(path: Path, problems: list[str]) -> dict[str, Any] | None:
    if not path.is_file():
        problems.append(f"{display_path(path)}: missing")
        return None
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        problems.append(f"{display_path(path)}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{display_path(path)}: TOML syntax error: {exc}")  # message carries line and column
    return None


def _check_files(spec: TaskSpec, root: Path, toml_name: str, problems: list[str]) -> None:
    """Checks that need the validated spec and the folder together."""
    inputs, gold = root / "inputs", root / "gold"
    if spec.tool_use is not None:
        for i, image in enumerate(spec.tool_use.images):
            if not (inputs / image).is_file():
                problems.append(f"{toml_name}: tool_use.images[{i}]: not found under inputs/ (got {image!r})")
        if not (root / spec.tool_use.reference).is_file():
            problems.append(f"{toml_name}: tool_use.reference: file not found in the task folder"
                            f" (got {spec.tool_use.reference!r})")
    if spec.web_search_corpus is not None and _find_corpus(root, spec.web_search_corpus) is None:
        problems.append(f"{toml_name}: web_search_corpus: folder not found in the task folder or its suite"
                        f" folder (got {spec.web_search_corpus!r})")
    env = spec.environment
    if env is not None and env.dockerfile is not None and not (root / env.dockerfile).is_file():
        problems.append(f"{toml_name}: environment.dockerfile: file not found in the task folder (got {env.dockerfile!r})")
    if gold.is_dir():
        for i, item in enumerate(spec.deliverables):
            if not (gold / item.path).is_file():
                problems.append(f"{display_path(gold)}: deliverables[{i}] {item.path!r} has no reference copy")


def load_task(path: str | Path) -> Task:
    """Load one task folder; raise TaskError listing every problem found."""
    root = Path(path)
    if not root.is_dir():
        raise TaskError([f"{display_path(root)}: not a task folder (missing or not a directory)"])
    problems: list[str] = []
    toml_path = root / "task.toml"
    toml_name = display_path(toml_path)

    raw = _read_toml(toml_path, problems)
    spec = None if raw is None else _validate_spec(toml_name, raw, problems)
    # Checked on the raw value so a mismatch is reported even when other fields fail.
    if raw is not None and isinstance(raw.get("id"), str) and raw["id"] != root.name:
        problems.append(f"{toml_name}: id: must equal the folder name {root.name!r} (got {raw['id']!r})")
    if spec is not None:
        _check_files(spec, root, toml_name, problems)
    prompt = _read_prompt(root / "prompt.md", problems)

    inputs = root / "inputs"
    input_files: list[str] = []
    if not inputs.is_dir():
        what = "not a folder" if inputs.exists() else "missing"
        problems.append(f"{display_path(inputs)}: {what} (a task needs inputs/, even if empty)")
    else:
        input_files = _walk_inputs(inputs, problems)

    solution_entry: Path | None = None
    solution = root / "solution"
    if solution.exists():
        found = [solution / name for name in SOLUTION_ENTRIES if (solution / name).is_file()]
        if found:
            solution_entry = found[0]
        else:
            problems.append(f"{display_path(solution)}: needs solve.sh or solve.py")

    if problems or spec is None:
        raise TaskError(problems)
    gold = root / "gold"
    return Task(spec=spec, root=root, prompt=prompt, inputs_dir=inputs, solution_entry=solution_entry,
                gold_dir=gold if gold.is_dir() else None, input_files=input_files)


def find_task_dirs(path: str | Path) -> list[Path]:
    """Task folders at or under `path`: the folder itself if it holds task.toml, else every
    subfolder that does. The search does not descend into a task (its inputs may well
    contain a file called task.toml) nor into hidden folders."""
    root = Path(path)
    if not root.is_dir():
        raise TaskError([f"{display_path(root)}: not a folder"])
    if (root / "task.toml").is_file():
        return [root]
    found: list[Path] = []
    for dirpath, dirnames, _ in os.walk(root):
        base = Path(dirpath)
        keep = []
        for name in sorted(dirnames):
            if name.startswith("."):
                continue
            if (base / name / "task.toml").is_file():
                found.append(base / name)
            else:
                keep.append(name)
        dirnames[:] = keep
    return sorted(found)


def duplicate_id_problems(tasks: list[Task]) -> list[str]:
    first: dict[str, Task] = {}
    out = []
    for task in tasks:
        if task.id in first:
            out.append(f"{display_path(task.root / 'task.toml')}: id: duplicate of"
                       f" {display_path(first[task.id].root / 'task.toml')} (got {task.id!r})")
        else:
            first[task.id] = task
    return out


def load_suite(path: str | Path) -> list[Task]:
    """Every task at or under `path`, sorted by id. Raises one TaskError carrying the
    problems of every invalid task, plus duplicate ids."""
    dirs = find_task_dirs(path)
    if not dirs:
        raise TaskError([f"{display_path(Path(path))}: no task folders (none holds a task.toml)"])
    tasks: list[Task] = []
    problems: list[str] = []
    for task_dir in dirs:
        try:
            tasks.append(load_task(task_dir))
        except TaskError as exc:
            problems += exc.problems
    problems += duplicate_id_problems(tasks)
    if problems:
        raise TaskError(problems)
    return sorted(tasks, key=lambda t: t.id)
