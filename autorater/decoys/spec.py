"""A task's controls: decoys/decoys.yaml (plausible wrong submissions, and what each must
fail) and alternates/alternates.yaml (correct submissions in other styles, which must pass
every criterion a check decides).

A rubric is only as good as the wrong work it rejects and the right work it accepts. Both
sets are built from the task's gold deliverables by a script of the task's own
(`decoys/make_decoys.py`, `alternates/make_alternates.py`), so they follow the gold when it
changes; `mka rubric decoys` and `mka rubric alternates` grade them like trials."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from autorater.rubric.model import Rubric
from autorater.rubric.yamlio import read_yaml
from harness.tasks.loader import display_path
from harness.validation import describe_error, format_loc

DECOYS_DIR = "decoys"
DECOYS_FILE = "decoys.yaml"
BUILD_SCRIPT = "make_decoys.py"
ALTERNATES_DIR = "alternates"
ALTERNATES_FILE = "alternates.yaml"
ALTERNATES_SCRIPT = "make_alternates.py"
DecoyKind = Literal["negated", "perturbed", "hedged", "one_size", "empty", "stub", "fully_wrong"]
# The styles of correct work every showcase task's alternates must cover (issue 18): the same
# facts paraphrased, restructured (order, tables <-> prose, extra columns/sheets, sub-headings),
# verbose (committed answers with correct context numbers), other number/date/unit formats,
# files written by other tools (LibreOffice, xlsxwriter, pandas, weasyprint), and the minimum
# the prompt asks for.
AlternateKind = Literal["paraphrase", "restructured", "verbose", "formats", "other_tools", "minimal"]
ALTERNATE_KINDS: tuple[str, ...] = ("paraphrase", "restructured", "verbose", "formats", "other_tools", "minimal")
# What every showcase task's set must cover (issue 10): conclusions negated, visual values
# perturbed, hedged candidates, one-size answers, empty or stub files, and one fully wrong.
REQUIRED_KINDS: tuple[frozenset[str], ...] = (
    frozenset({"negated"}), frozenset({"perturbed"}), frozenset({"hedged"}), frozenset({"one_size"}),
    frozenset({"empty", "stub"}), frozenset({"fully_wrong"}),
)


class DecoyError(ValueError):
    """Problems with a decoys file, one per line, each naming the file and the decoy."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class Decoy(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    kind: DecoyKind
    description: str = Field(min_length=1)
    must_fail: list[str] = Field(min_length=1)  # criteria that must end fail or blocked
    max_wsr: float | None = Field(default=None, ge=0, le=1)  # decided-only WSR ceiling


class DecoySet(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    decoys: list[Decoy] = Field(min_length=1)


class Alternate(BaseModel):
    """A correct submission in another style. It must pass every criterion a check decides;
    `instruction` is not a field on purpose: work that breaks an explicit prompt instruction
    is a decoy (it lists what it must fail), never an alternate."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    kind: AlternateKind
    description: str = Field(min_length=1)


SetT = TypeVar("SetT", "DecoySet", "AlternateSet")


class AlternateSet(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    alternates: list[Alternate] = Field(min_length=1)


def decoys_path(task_root: Path) -> Path:
    return task_root / DECOYS_DIR / DECOYS_FILE


def alternates_path(task_root: Path) -> Path:
    return task_root / ALTERNATES_DIR / ALTERNATES_FILE


def _read_set(path: Path, model: type[SetT], role: str, script: Path) -> tuple[SetT, list[str]]:
    """The validated set file and its problems so far (duplicate names, a missing build
    script), each naming the file; DecoyError when it cannot be read or validated at all."""
    name = display_path(path)
    problems: list[str] = []
    raw = read_yaml(path, name, problems)
    if problems:
        raise DecoyError(problems)
    try:
        found = model.model_validate(raw)
    except ValidationError as exc:
        raise DecoyError([f"{name}: {format_loc(tuple(e['loc'])) or '(top level)'}: {describe_error(e)}"
                          for e in exc.errors()]) from None
    names = [entry.name for entry in getattr(found, f"{role}s")]
    problems += [f"{name}: {role} {n!r}: duplicate name" for i, n in enumerate(names) if n in names[:i]]
    if not script.is_file():
        problems.append(f"{display_path(script)}: missing (builds the {role}s from gold/)")
    return found, problems


def load_alternates(task_root: Path) -> AlternateSet:
    """The task's alternates: names unique, the build script present; problems name the file."""
    found, problems = _read_set(alternates_path(task_root), AlternateSet, "alternate",
                                task_root / ALTERNATES_DIR / ALTERNATES_SCRIPT)
    if problems:
        raise DecoyError(problems)
    return found


def missing_alternate_kinds(alternates: AlternateSet) -> list[str]:
    """The styles (ALTERNATE_KINDS) a task's alternates do not cover."""
    kinds = {a.kind for a in alternates.alternates}
    return [k for k in ALTERNATE_KINDS if k not in kinds]


def load_decoys(task_root: Path, rubric: Rubric) -> DecoySet:
    """The task's decoy set, checked against its rubric: every must_fail id exists and has a
    deterministic check (without a judge a judge-only criterion stays unjudged, so listing it
    would make the decoy test depend on a model), names are unique, the build script exists."""
    found, problems = _read_set(decoys_path(task_root), DecoySet, "decoy", task_root / DECOYS_DIR / BUILD_SCRIPT)
    name = display_path(decoys_path(task_root))
    known = rubric.by_id()
    for d in found.decoys:
        for cid in d.must_fail:
            if cid not in known:
                problems.append(f"{name}: decoy {d.name!r}: must_fail: unknown criterion {cid!r}")
            elif known[cid].check is None:
                problems.append(f"{name}: decoy {d.name!r}: must_fail: criterion {cid!r} has no check"
                                " (judge-only criteria cannot be verified without a judge)")
    if problems:
        raise DecoyError(problems)
    return found


def missing_kinds(decoys: DecoySet) -> list[str]:
    """The required kinds (see REQUIRED_KINDS) a set does not cover, e.g. ['hedged', 'empty|stub']."""
    kinds = {d.kind for d in decoys.decoys}
    return ["|".join(sorted(group)) for group in REQUIRED_KINDS if not group & kinds]
