"""Calibrate criterion tiers (climb | regression) from baseline runs of older models.

Rule (configurable through `min_pass`, default 2/3): a criterion is **regression** when
every baseline model that was judged on it passed it in at least `min_pass` of its judged
trials on that task: older models already do it, so a newer model failing it is a
regression. Otherwise it is **climb**: headroom the newer models should climb into.
Blocked counts as a fail (the criterion was not met); unjudged verdicts are not trials
for that criterion. A criterion no baseline trial judged keeps the tier it had (its
previous calibration, else the rubric's own) and is listed as unjudged.

The result goes to the sidecar rubrics/<task>.calibration.yaml with per-criterion
provenance (baselines, models, pass counts, rule, date); the rubric itself is untouched."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from autorater.rubric import (
    CalibrationEntry,
    CalibrationFile,
    Rubric,
    RubricError,
    Tier,
    find_rubric_files,
    load_rubric,
)
from autorater.rubric.overlay import calibration_path, read_calibration, write_calibration
from autorater.scoring.verdicts import GradedTrial, load_graded_trials
from harness.tasks.loader import display_path

DEFAULT_MIN_PASS = Fraction(2, 3)


@dataclass
class PassCount:
    passed: int = 0
    judged: int = 0


# task -> criterion id -> model -> counts
Counts = dict[str, dict[str, dict[str, PassCount]]]


@dataclass
class TaskCalibration:
    task: str
    path: Path  # the sidecar written (or that would be written)
    calibration: CalibrationFile
    before: dict[str, Tier | None]  # effective tier before this calibration
    notes: list[str] = field(default_factory=list)


@dataclass
class CalibrationReport:
    tasks: list[TaskCalibration]
    notes: list[str]  # skipped trials, tasks without a rubric, ...


def rule_text(min_pass: Fraction) -> str:
    return (f"regression when every baseline model passed the criterion in at least {min_pass}"
            " of its judged trials on the task; otherwise climb")


def parse_min_pass(text: str) -> Fraction:
    """'2/3' or '0.67' -> Fraction; a fraction keeps 2 of 3 trials exactly at the bar
    (0.67 would not: 2/3 < 0.67)."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"min_pass must be a fraction such as 2/3 or 0.75 (got {text!r})") from exc
    if not 0 < value <= 1:
        raise ValueError(f"min_pass must be in (0, 1] (got {text!r})")
    return value


def baseline_counts(trials: Iterable[GradedTrial]) -> Counts:
    """Pass / judged counts per task, criterion and model."""
    counts: Counts = defaultdict(lambda: defaultdict(lambda: defaultdict(PassCount)))
    for trial in trials:
        for v in trial.verdicts.verdicts:
            if v.verdict == "unjudged":
                continue
            c = counts[trial.task][v.criterion_id][trial.model]
            c.judged += 1
            c.passed += int(v.verdict == "pass")
    return counts


def decide_tier(per_model: Mapping[str, PassCount], min_pass: Fraction = DEFAULT_MIN_PASS) -> Tier | None:
    """The tier the rule gives, or None when no model was judged on the criterion.
    Fractions, not floats: 2 passes of 3 trials must meet a 2/3 bar exactly."""
    judged = [c for c in per_model.values() if c.judged > 0]
    if not judged:
        return None
    return "regression" if all(c.passed >= min_pass * c.judged for c in judged) else "climb"


def calibrate_rubric(rubric: Rubric, counts: Mapping[str, Mapping[str, PassCount]], *, min_pass: Fraction,
                     baselines: Sequence[str], date: str,
                     previous: CalibrationFile | None = None) -> CalibrationFile:
    """The new sidecar for one rubric (`rubric` loaded without its old sidecar)."""
    old = previous.criteria if previous is not None else {}
    entries: dict[str, CalibrationEntry] = {}
    unjudged: list[str] = []
    for c in rubric.criteria:
        per_model = counts.get(c.id, {})
        tier = decide_tier(per_model, min_pass)
        if tier is None:
            unjudged.append(c.id)
            if c.id in old:  # keep it as it was: the earlier calibration still stands
                entries[c.id] = old[c.id]
            continue
        entries[c.id] = CalibrationEntry(tier=tier, provenance={
            "rule": rule_text(min_pass),
            "min_pass": str(min_pass),
            "baselines": list(baselines),
            "models": {m: {"passed": pc.passed, "judged": pc.judged}
                       for m, pc in sorted(per_model.items()) if pc.judged},
            "date": date,
        })
    return CalibrationFile(task=rubric.task, criteria=entries, unjudged=unjudged)


def _previous(side: Path, known: set[str], notes: list[str]) -> CalibrationFile | None:
    """The old sidecar, if readable; stale entries are dropped (and noted), not fatal:
    recalibrating is exactly how a stale sidecar gets fixed."""
    if not side.is_file():
        return None
    problems: list[str] = []
    cal = read_calibration(side, display_path(side), problems)
    notes += [f"previous calibration ignored: {p}" for p in problems]
    if cal is None:
        return None
    stale = sorted(set(cal.criteria) - known)
    if stale:
        notes.append(f"{display_path(side)}: dropping entries for criteria no longer in the rubric: {stale}")
    return cal.model_copy(update={"criteria": {k: v for k, v in cal.criteria.items() if k in known}})


def calibrate(baseline_dirs: Sequence[Path], rubrics_dir: Path, *, min_pass: Fraction = DEFAULT_MIN_PASS,
              date: str | None = None, write: bool = True) -> CalibrationReport:
    """Calibrate every rubric in `rubrics_dir` whose task the baselines ran; write sidecars."""
    date = date or dt.date.today().isoformat()
    notes: list[str] = []
    trials: list[GradedTrial] = []
    for run_dir in baseline_dirs:
        found, skipped = load_graded_trials(run_dir)
        trials += found
        notes += skipped
    counts = baseline_counts(trials)
    baselines = [display_path(d) for d in baseline_dirs]
    results: list[TaskCalibration] = []
    for task in sorted(counts):
        path = rubrics_dir / f"{task}.yaml"
        if not path.is_file():
            notes.append(f"task {task!r}: no rubric at {display_path(path)}; skipped")
            continue
        try:
            rubric = load_rubric(path, calibration=False)
        except RubricError as exc:
            notes += [f"task {task!r}: rubric invalid, skipped: {p}" for p in exc.problems]
            continue
        task_notes: list[str] = []
        known = set(rubric.by_id())
        extra = sorted(set(counts[task]) - known)
        if extra:
            task_notes.append(f"verdicts for criteria not in the rubric ignored: {extra}")
        side = calibration_path(path, task)
        previous = _previous(side, known, task_notes)
        before = {c.id: (previous.criteria[c.id].tier if previous and c.id in previous.criteria else c.tier)
                  for c in rubric.criteria}
        cal = calibrate_rubric(rubric, counts[task], min_pass=min_pass, baselines=baselines, date=date,
                               previous=previous)
        if write:
            write_calibration(side, cal)
        results.append(TaskCalibration(task=task, path=side, calibration=cal, before=before, notes=task_notes))
    if rubrics_dir.is_dir():
        idle = [p for p in find_rubric_files(rubrics_dir) if p.stem not in counts]
        notes += [f"{display_path(p)}: no baseline trial ran this task; unchanged" for p in idle]
    return CalibrationReport(tasks=results, notes=notes)
