"""What a check produces, and the exceptions evaluators raise for "could not evaluate"."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class CheckResult:
    """passed: the verdict. evidence: what was found, where, and the rule applied (always set).
    where: a location such as "Totals!B6", "slide 3", "page 2". undecided: found but not
    decidable with confidence (passed is then False, and no fail is charged). error: set when the check could
    not be evaluated (missing/corrupt/refused file, timeout, crash); passed is then False.
    infra: the error is the grader's, not the deliverable's (a timeout, a crashed worker, a
    missing tool, an invalid spec): the host retries it once and otherwise records verdict
    "error" — undecided, never a fail the model is charged with."""

    passed: bool
    evidence: str
    where: str | None = None
    error: str | None = None
    infra: bool = False
    # The check found what it looks for but could not tell what it commits to (value.py):
    # neither pass nor fail. The judge decides it; without one it stays unjudged (bounds).
    undecided: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class CheckError(Exception):
    """The deliverable cannot be evaluated (missing, corrupt, refused as hostile, ...)."""


class Absent(Exception):  # noqa: N818
    """What the check looks for is not in a readable file (no such sheet, slide, page,
    column...): an ordinary failed verdict, not an evaluation error."""


class ReadersDisagree(Exception):  # noqa: N818
    """Two independent readers of the file disagree on what the check needs (MuPDF and poppler
    on a PDF's pages): neither verdict would be honest, so the criterion is undecided and the
    evidence holds both readings."""


class InfraError(CheckError):
    """The grader itself could not evaluate (a tool it needs is missing or failed to start):
    an infrastructure error, never the deliverable's fault."""


class CheckTimeout(InfraError):
    """A bounded step (a subprocess, a conversion) ran out of time."""


class Deadline(BaseException):  # noqa: N818 - not an Exception on purpose
    """Raised by the per-check alarm. A BaseException so that a library's broad
    `except Exception` cannot swallow it and carry on past the deadline."""


def failed(reason: str, where: str | None = None, *, infra: bool = False) -> CheckResult:
    """A could-not-evaluate result: the reason is both the evidence and the error."""
    return CheckResult(passed=False, evidence=reason, where=where, error=reason, infra=infra)


def verdict(ok: bool, evidence: str, where: str | None = None) -> CheckResult:
    """An evaluated result; the evidence gets its '→ pass' / '→ fail' ending here."""
    return CheckResult(passed=ok, evidence=f"{evidence} → {'pass' if ok else 'fail'}", where=where)


def outcome(state: str, evidence: str, where: str | None = None) -> CheckResult:
    """An evaluated result with three outcomes: pass, fail, or undecided (goes to the judge)."""
    if state == "undecided":
        return CheckResult(passed=False, evidence=f"{evidence} → undecided", where=where, undecided=True)
    return verdict(state == "pass", evidence, where)
