"""The schema of a rubric (rubrics/<task_id>.yaml) and of its calibration sidecar.

Models run in strict mode and forbid unknown fields: `weight: "3"` or a typo such as
`prerequisite:` must be refused, never coerced or ignored, because either would quietly
change what a score means. Rules that span criteria (unique ids, known prerequisites, no
cycles, deliverable files) live in `autorater.rubric.problems`, which works on the raw
YAML so every problem can be reported at once."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from harness.tasks.model import check_relative_path

Objective = Literal["primary", "secondary"]
Tier = Literal["climb", "regression"]
TierSource = Literal["rubric", "calibration"]
# Where a rubric's authored tiers come from: set by its author, or copied in from a calibration.
RubricTierSource = Literal["author", "calibrated"]
RUBRIC_TIER_SOURCES = ("author", "calibrated")

# Ids show up in verdicts, CSV label files and command lines: no spaces, no quoting needed.
CRITERION_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"
# The agent's final reply is always gradable, whatever deliverables the task declares.
REPLY_FILE = "final_reply.md"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


class Criterion(_Strict):
    id: str = Field(pattern=CRITERION_ID_PATTERN)
    text: str  # self-contained: states the expected value, tolerance or property
    weight: int = Field(ge=1, le=5)
    objective: Objective
    prerequisites: list[str] = Field(default_factory=list)
    tier: Tier | None = None
    rationale: str  # where the ground truth comes from and how it is derived
    file: str | None = None  # the deliverable this criterion is about
    check: dict[str, Any] | None = None  # deterministic check spec, validated by autorater.checks
    # Other words for the criterion's label or subject ("peak": "highest", "maximum", "ten-year
    # high"): its check accepts any of them where it accepts the label (a labelled line, a table
    # row key, a number's label, a contains text). Validation refuses an alias that would also
    # match another criterion's subject.
    aliases: list[str] = Field(default_factory=list)
    # Set by the loader, never authored: where `tier` came from (None when there is no tier).
    tier_source: TierSource | None = None

    @field_validator("text", "rationale")
    @classmethod
    def _filled(cls, value: str) -> str:
        return _not_blank(value)

    @field_validator("file")
    @classmethod
    def _file(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value)

    @field_validator("aliases")
    @classmethod
    def _aliases_filled(cls, value: list[str]) -> list[str]:
        for alias in value:
            _not_blank(alias)
        return value

    def check_spec(self) -> dict[str, Any] | None:
        """The check as it runs: the spec with the criterion's aliases added to its own."""
        return with_aliases(self.check, self.aliases)


ALIAS_KINDS = ("reply.field", "text.field", "reply.table_cell", "text.table_cell", "reply.number", "text.number",
               "docx.paragraph_contains", "docx.heading_exists", "pdf.text_contains", "pptx.text_contains",
               "pptx.slide_title_contains", "pptx.notes_contain", "html.title", "image.ocr_contains")


def with_aliases(check: dict[str, Any] | None, aliases: list[str]) -> dict[str, Any] | None:
    """`check` with `aliases` appended to its own `aliases` (kinds in ALIAS_KINDS take them)."""
    if check is None or not aliases:
        return check
    return {**check, "aliases": [*check.get("aliases", []), *aliases]}


def check_subjects(check: dict[str, Any] | None) -> list[str]:
    """What a check looks for by name (a label, a row key, a contains text) and its aliases."""
    if not isinstance(check, dict):
        return []
    named = [check.get(k) for k in ("label", "row") if isinstance(check.get(k), str)]
    if isinstance(check.get("text"), str) and check.get("match", "contains") != "regex":
        named.append(check["text"])
    return [*named, *(a for a in check.get("aliases", []) if isinstance(a, str))]


class CalibrationEntry(_Strict):
    tier: Tier
    provenance: dict[str, Any] = Field(default_factory=dict)


class CalibrationFile(_Strict):
    """rubrics/<task_id>.calibration.yaml, written by `mka rubric calibrate`."""

    task: str | None = None
    criteria: dict[str, CalibrationEntry] = Field(default_factory=dict)
    # Criteria the baseline never judged (kept as they were); informational.
    unjudged: list[str] = Field(default_factory=list)


class Rubric(_Strict):
    task: str = Field(min_length=1)
    tier_source: RubricTierSource = "author"
    criteria: list[Criterion] = Field(min_length=1)
    # The calibration overlay that was applied, if any (provenance per criterion).
    calibration: CalibrationFile | None = None

    def by_id(self) -> dict[str, Criterion]:
        return {c.id: c for c in self.criteria}

    @property
    def total_weight(self) -> int:
        return sum(c.weight for c in self.criteria)

    def tier_provenance(self) -> str:
        """Where this rubric's tiers come from, in one line for reports: the author's
        judgement, or a calibration against baseline runs (named, with its date)."""
        calibrated = [c for c in self.criteria if c.tier_source == "calibration"]
        if not calibrated or self.calibration is None:
            return "author" if self.tier_source == "author" else "calibrated (no sidecar applied)"
        first = self.calibration.criteria[calibrated[0].id].provenance
        runs = ", ".join(str(b) for b in first.get("baselines", [])) or "baselines not recorded"
        when = first.get("date") or first.get("calibrated") or "date not recorded"
        return f"calibrated: {len(calibrated)}/{len(self.criteria)} criteria from {runs} ({when})"
