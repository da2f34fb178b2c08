"""Run deterministic checks inside the grading container and read their results.

All checks go to one runner process; any check that produced no result (the runner
crashed or hung on a hostile file) or an infrastructure error (a timeout, a crashed worker,
a missing tool) is re-run alone once. What is still an infrastructure error after that stays
one (`infra`), so the grader records verdict "error" rather than failing the model for it.

`start_office` starts the grading container's warm LibreOffice (autorater.checks.warm_office)
as soon as the container exists; conversions use it once it is up and fall back to a cold
soffice per conversion whenever it is not."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.sandbox.types import Sandbox

RUNNER = ["python3", "-m", "autorater.checks.runner"]
START_OFFICE = ["python3", "-m", "autorater.checks.warm_office", "start"]


@dataclass(frozen=True)
class CheckItem:
    criterion_id: str
    file: str | None
    spec: dict[str, Any]


@dataclass(frozen=True)
class CheckOutcome:
    passed: bool
    evidence: str
    where: str | None = None
    error: str | None = None
    infra: bool = False  # the grader could not evaluate; not the deliverable's fault
    undecided: bool = False  # found but not decidable: the judge's (or unjudged)


# Deliverables LibreOffice converts whenever anything reads them (legacy and OpenDocument
# files), and those it converts only when the judge renders their pages.
_CONVERTED = {".xls", ".xlsb", ".ods", ".fods", ".doc", ".odt", ".rtf", ".ppt", ".odp"}
_RENDERED = {".xlsx", ".xlsm", ".xltx", ".xltm", ".docx", ".docm", ".dotx", ".dotm",
             ".pptx", ".pptm", ".ppsx", ".ppsm", ".potx", ".potm"}


def _converts(item: CheckItem) -> bool:
    """Whether the check will likely wait for LibreOffice (a recalculation or a conversion)."""
    suffix = Path(str(item.spec.get("file") or item.file or "")).suffix.lower()
    if suffix in _CONVERTED:
        return True
    return item.spec.get("kind") == "xlsx.cell_value" and item.spec.get("recalculate", True) is not False


def needs_office(files: list[str], items: list[CheckItem], *, judged: bool) -> bool:
    """Whether grading will likely run LibreOffice (then it is kept warm for the trial)."""
    suffixes = {Path(f).suffix.lower() for f in files}
    return any(map(_converts, items)) or bool(suffixes & _CONVERTED) or (judged and bool(suffixes & _RENDERED))


async def start_office(sandbox: Sandbox) -> bool:
    """Launch the warm LibreOffice in the background (it keeps loading after this returns);
    False if it could not be launched: every conversion then runs cold, as it always could."""
    result = await sandbox.exec(START_OFFICE, timeout=30)
    return result.exit_code == 0


async def run_checks(sandbox: Sandbox, items: list[CheckItem], *, per_check_timeout_s: float = 60.0) -> dict[str, CheckOutcome]:
    if not items:
        return {}
    # Checks that convert run last, so the warm office finishes loading while the others run;
    # each result stands alone (keyed by criterion), so the order changes no verdict.
    items = sorted(items, key=_converts)
    outcomes, _ = await _run_job(sandbox, items, per_check_timeout_s)
    for item in items:
        first = outcomes.get(item.criterion_id)
        if first is None or first.infra:
            alone, failure = await _run_job(sandbox, [item], per_check_timeout_s)
            again = alone.get(item.criterion_id) or CheckOutcome(False, "", error=failure, infra=True)
            if again.infra and first is not None:
                again = CheckOutcome(False, again.evidence, again.where, f"{again.error} (retried once; first try: {first.error})", True)
            outcomes[item.criterion_id] = again
    return outcomes


async def _run_job(sandbox: Sandbox, items: list[CheckItem], timeout_s: float) -> tuple[dict[str, CheckOutcome], str]:
    """Results by criterion id, and why some are missing (if any are)."""
    job = {
        "root": "/workspace",
        "timeout_s": timeout_s,
        "checks": [{"id": i.criterion_id, "file": i.file, "spec": i.spec} for i in items],
    }
    encoded = base64.b64encode(json.dumps(job).encode()).decode()
    result = await sandbox.exec([*RUNNER, encoded], timeout=timeout_s * len(items) + 60)
    outcomes: dict[str, CheckOutcome] = {}
    for line in result.stdout.splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut by the output cap: that check is re-run alone
        if isinstance(row, dict) and "id" in row:
            outcomes[row["id"]] = CheckOutcome(bool(row.get("passed")), row.get("evidence") or "", row.get("where"), row.get("error"),
                                               bool(row.get("infra")), bool(row.get("undecided")))
    why = "timed out" if result.timed_out else ("ran out of memory" if result.oom_killed else f"exit {result.exit_code}")
    tail = (result.stderr.strip().splitlines() or [""])[-1][:300]
    return outcomes, f"the check crashed or hung without a result (runner {why}) {tail}".strip()
