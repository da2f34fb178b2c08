"""Grade one trial: a fresh network-less container holding only the deliverables and the
final reply; deterministic checks first, the judge for the rest, in prerequisite order."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from harness.providers.settings import ModelSettings
from harness.recording.trial import TrialRecord
from harness.recording.writes import write_atomic
from harness.sandbox import SandboxLimits, SandboxSpec, create_sandbox
from harness.sandbox.types import GiB, MiB
from harness.tasks import Task

from autorater.grading.checks_host import CheckItem, CheckOutcome, needs_office, run_checks, start_office
from autorater.grading.dag import Undecided, decide_all
from autorater.grading.verdicts import write_verdicts
from autorater.scoring.verdicts import Verdict
from autorater.judge.judge import LlmJudge
from autorater.rubric import load_rubric, topological_order
from autorater.scoring import score_trial

# The grading container: no network, ever; generous output so check results are not cut.
GRADING_LIMITS = SandboxLimits(memory_bytes=8 * GiB, cpus=2, pids=512, output_head_bytes=8 * MiB, output_tail_bytes=64 * 1024)


@dataclass(frozen=True)
class GradeSpec:
    trial_dir: Path
    task: Task
    rubric_path: Path
    image: str  # the autorater image tag
    judge: ModelSettings | None = None
    run_id: str = "grade"
    cpus: float | None = None  # the fair share among concurrent gradings (default: GRADING_LIMITS)
    rubric_source: str | None = None  # the rubric's path where the run lives, when graded from a copy (a Ray node)


async def grade_trial(spec: GradeSpec) -> dict:
    """Write grade/verdicts.json and grade/score.json; return the score."""
    rubric = load_rubric(spec.rubric_path, spec.task)
    order = topological_order(rubric)
    record = TrialRecord.read(spec.trial_dir)
    grade_dir = spec.trial_dir / "grade"
    if grade_dir.exists():
        shutil.rmtree(grade_dir)
    grade_dir.mkdir()
    deliverables = spec.trial_dir / "deliverables"
    files = sorted(p.relative_to(deliverables).as_posix() for p in deliverables.rglob("*") if p.is_file()) if deliverables.is_dir() else []
    limits = replace(GRADING_LIMITS, cpus=min(GRADING_LIMITS.cpus, spec.cpus)) if spec.cpus else GRADING_LIMITS
    box_spec = SandboxSpec(image=spec.image, network="none", limits=limits, run_id=spec.run_id,
                           trial_id=record.trial_id, role="autorater")
    async with await create_sandbox(box_spec) as box:
        # The warm LibreOffice loads while the deliverables are copied in and the first checks
        # run; a conversion that comes before it is up waits for it or runs cold.
        items = [CheckItem(c.id, (c.check or {}).get("file") or c.file, dict(c.check_spec() or {})) for c in order if c.check]
        wanted = needs_office(files, items, judged=spec.judge is not None)
        office = asyncio.ensure_future(start_office(box)) if wanted else None
        try:
            if files:
                await box.copy_in(deliverables, "/workspace/deliverables")
            reply = spec.trial_dir / "final_reply.md"
            await box.write_file("final_reply.md", reply.read_bytes() if reply.exists() else b"")
        finally:
            if office is not None:
                await asyncio.gather(office, return_exceptions=True)  # launched or not: grading goes on
        outcomes = await run_checks(box, items)
        judge = None
        if spec.judge is not None:
            judge = LlmJudge(spec.judge, box, spec.task.prompt, files, grade_dir / "judge")
        verdicts = await decide_all(order, lambda c: _from_check(c, outcomes[c.id]), judge)
    header = {
        "task": spec.task.id, "trial_id": record.trial_id, "model": record.model,
        "rubric_sha256": hashlib.sha256(spec.rubric_path.read_bytes()).hexdigest(),
        "rubric_path": spec.rubric_source or str(spec.rubric_path.resolve()),
        "judge": spec.judge.spec if spec.judge else None,
        "judge_usage": judge.usage if judge else None,
        "judge_errors": judge.errors if judge else [],
    }
    write_verdicts(grade_dir / "verdicts.json", header, verdicts)
    score = {**score_trial(rubric, verdicts).to_json(), **header}  # the header names the trial
    write_atomic(grade_dir / "score.json", json.dumps(score, indent=2))  # last: its presence means graded
    return score


def _from_check(criterion, outcome: CheckOutcome) -> Verdict | Undecided:
    kind = criterion.check.get("kind", "?")
    if outcome.undecided and not outcome.infra:
        return Undecided(f"check:{kind}", outcome.evidence)
    reason = outcome.evidence + (f" (error: {outcome.error})" if outcome.error else "")
    cited = [(criterion.check or {}).get("file") or criterion.file or "final_reply.md"]
    state = "error" if outcome.infra else ("pass" if outcome.passed else "fail")
    return Verdict(criterion_id=criterion.id, verdict=state, decided_by=f"check:{kind}",
                   rationale=reason.strip(),
                   evidence=(outcome.where + ": " if outcome.where else "") + outcome.evidence, cited_files=cited)
