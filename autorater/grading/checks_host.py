"""Run deterministic checks inside the grading container and read their results.

All checks go to one runner process; any check that produced no result (the runner
crashed or hung on a hostile file) or an infrastructure error (a timeout, a crashed worker,
a missing tool) is re-run alone once. What is still an infrastructure error after that stays
one (`infra`), so the grader records verdict "error" rather than failing the model for it."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from harness.sandbox.types import Sandbox

RUNNER = ["python3", "-m", "autorater.checks.runner"]


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


async def run_checks(sandbox: Sandbox, items: list[CheckItem], *, per_check_timeout_s: float = 60.0) -> dict[str, CheckOutcome]:
    if not items:
        return {}
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
                                               bool(row.get("infra")))
    why = "timed out" if result.timed_out else ("ran out of memory" if result.oom_killed else f"exit {result.exit_code}")
    tail = (result.stderr.strip().splitlines() or [""])[-1][:300]
    return outcomes, f"the check crashed or hung without a result (runner {why}) {tail}".strip()
