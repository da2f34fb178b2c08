"""How well the autorater agrees with human graders, criterion by criterion.

Inputs: a CSV of human labels (trial_id, criterion_id, human = pass | fail) and a run
folder whose trials have grade/verdicts.json. Compared are the labelled criteria the
autorater judged: blocked counts as fail (the criterion was not met), unjudged verdicts
and labels with no verdict are left out and counted, never guessed.

Cohen's κ corrects raw agreement for chance: κ = (p_o − p_e) / (1 − p_e), where p_o is the
observed agreement and p_e the agreement expected if both graders labelled at random
with their own pass rates. It is undefined when p_e = 1 (both gave one and the same
label throughout); then it is reported as None with the reason."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from autorater.scoring.verdicts import GradedTrial, Verdict, load_graded_trials
from harness.tasks.loader import display_path

Binary = Literal["pass", "fail"]
LABEL_COLUMNS = ("trial_id", "criterion_id", "human")


class AgreementError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Label:
    trial_id: str
    criterion_id: str
    human: Binary
    line: int = 0  # in the CSV, for messages


@dataclass(frozen=True)
class Confusion:
    """Counts named human_autorater: pass_fail = human pass, autorater fail."""

    pass_pass: int = 0
    pass_fail: int = 0
    fail_pass: int = 0
    fail_fail: int = 0

    @property
    def n(self) -> int:
        return self.pass_pass + self.pass_fail + self.fail_pass + self.fail_fail


@dataclass(frozen=True)
class Disagreement:
    trial_id: str
    criterion_id: str
    human: Binary
    autorater: Binary
    verdict: str  # the raw verdict (shows when a fail was a blocked criterion)
    decided_by: str
    rationale: str


@dataclass
class AgreementReport:
    compared: int
    agreement: float | None
    kappa: float | None
    kappa_note: str | None  # why kappa is None
    false_pass_rate: float | None  # autorater pass, human fail; share of all compared
    false_fail_rate: float | None  # autorater fail, human pass; share of all compared
    false_pass_given_human_fail: float | None
    false_fail_given_human_pass: float | None
    confusion: Confusion
    disagreements: list[Disagreement] = field(default_factory=list)
    unjudged: list[tuple[str, str]] = field(default_factory=list)  # (trial, criterion) left out
    missing: list[tuple[str, str]] = field(default_factory=list)  # labels with no verdict at all
    notes: list[str] = field(default_factory=list)  # trials skipped while reading the run

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["confusion"] = {"human_pass": {"autorater_pass": self.confusion.pass_pass,
                                           "autorater_fail": self.confusion.pass_fail},
                            "human_fail": {"autorater_pass": self.confusion.fail_pass,
                                           "autorater_fail": self.confusion.fail_fail}}
        out["unjudged"] = [list(pair) for pair in self.unjudged]
        out["missing"] = [list(pair) for pair in self.missing]
        return out


def cohens_kappa(m: Confusion) -> tuple[float | None, str | None]:
    """(κ, None), or (None, reason) when κ is undefined.

    Integer arithmetic up to the final division, so the p_e = 1 test is exact:
    κ = (n·(a+d) − E) / (n² − E) with E = row·column products summed (n²·p_e)."""
    n = m.n
    if n == 0:
        return None, "no criteria to compare"
    human_pass, auto_pass = m.pass_pass + m.pass_fail, m.pass_pass + m.fail_pass
    expected = human_pass * auto_pass + (n - human_pass) * (n - auto_pass)
    if expected == n * n:
        only = "pass" if human_pass == n else "fail"
        return None, f"undefined: human and autorater both gave only {only!r} (chance agreement is 1)"
    return (n * (m.pass_pass + m.fail_fail) - expected) / (n * n - expected), None


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def read_labels(path: Path) -> list[Label]:
    """Labels from the CSV; every problem (bad value, duplicate pair, missing column) is
    reported at once with its line number. Extra columns (notes, grader) are allowed."""
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # -sig: spreadsheet exports start with a BOM
    except (OSError, UnicodeDecodeError) as exc:
        raise AgreementError([f"{name}: cannot read ({exc})"]) from exc
    reader = csv.DictReader(io.StringIO(text, newline=""))
    columns = [c.strip() for c in reader.fieldnames or []]
    absent = [c for c in LABEL_COLUMNS if c not in columns]
    if absent:
        raise AgreementError([f"{name}: missing column(s) {absent} (need {', '.join(LABEL_COLUMNS)})"])
    labels: list[Label] = []
    problems: list[str] = []
    first: dict[tuple[str, str], int] = {}
    for row in reader:
        # A row longer than the header puts the surplus under the key None: ignore it.
        row = {k.strip(): (v or "").strip() for k, v in row.items() if isinstance(k, str)}
        line = reader.line_num
        if not any(row.get(c) for c in LABEL_COLUMNS):
            continue  # blank line
        trial, crit, human = row["trial_id"], row["criterion_id"], row["human"].lower()
        if not trial or not crit:
            problems.append(f"{name}: line {line}: trial_id and criterion_id are required")
            continue
        if human not in ("pass", "fail"):
            problems.append(f"{name}: line {line}: human must be pass or fail (got {row['human']!r})")
            continue
        if (trial, crit) in first:
            problems.append(f"{name}: line {line}: duplicate label for ({trial}, {crit}),"
                            f" first on line {first[(trial, crit)]}")
            continue
        first[(trial, crit)] = line
        labels.append(Label(trial, crit, human, line))  # type: ignore[arg-type]
    if problems:
        raise AgreementError(problems)
    return labels


def _verdict_index(trials: list[GradedTrial]) -> dict[tuple[str, str], Verdict]:
    """(trial, criterion) -> verdict; a trial is found by its id or by its folder name."""
    index: dict[tuple[str, str], Verdict] = {}
    for trial in trials:
        for v in trial.verdicts.verdicts:
            for key in {trial.trial_id, trial.trial_dir.name}:
                index.setdefault((key, v.criterion_id), v)
    return index


def compare(labels: list[Label], trials: list[GradedTrial]) -> AgreementReport:
    """The agreement report for labels against the trials' verdicts (pure)."""
    index = _verdict_index(trials)
    cells = {"pass_pass": 0, "pass_fail": 0, "fail_pass": 0, "fail_fail": 0}
    disagreements: list[Disagreement] = []
    unjudged: list[tuple[str, str]] = []
    missing: list[tuple[str, str]] = []
    for label in labels:
        v = index.get((label.trial_id, label.criterion_id))
        if v is None:
            missing.append((label.trial_id, label.criterion_id))
            continue
        if v.verdict == "unjudged":
            unjudged.append((label.trial_id, label.criterion_id))
            continue
        auto: Binary = "pass" if v.verdict == "pass" else "fail"  # blocked = not met
        cells[f"{label.human}_{auto}"] += 1
        if auto != label.human:
            disagreements.append(Disagreement(label.trial_id, label.criterion_id, label.human, auto,
                                              v.verdict, v.decided_by, v.rationale))
    m = Confusion(**cells)
    kappa, note = cohens_kappa(m)
    return AgreementReport(
        compared=m.n,
        agreement=_ratio(m.pass_pass + m.fail_fail, m.n),
        kappa=kappa,
        kappa_note=note,
        false_pass_rate=_ratio(m.fail_pass, m.n),
        false_fail_rate=_ratio(m.pass_fail, m.n),
        false_pass_given_human_fail=_ratio(m.fail_pass, m.fail_pass + m.fail_fail),
        false_fail_given_human_pass=_ratio(m.pass_fail, m.pass_pass + m.pass_fail),
        confusion=m,
        disagreements=disagreements,
        unjudged=unjudged,
        missing=missing,
    )


def agreement_report(labels_csv: Path, run_dir: Path) -> AgreementReport:
    """Read both inputs and compare; trials skipped while reading go to `notes`."""
    labels = read_labels(labels_csv)
    trials, notes = load_graded_trials(run_dir)
    report = compare(labels, trials)
    report.notes = notes
    return report
