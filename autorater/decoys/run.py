"""Build a task's controls (decoys, alternates) from its gold files and grade each exactly as
a trial is graded.

Building runs the task's own `decoys/make_decoys.py` or `alternates/make_alternates.py` in
the sandbox image (network none, no capabilities, read-only task folder); grading goes
through `grade_trial`, so a control meets the same network-less autorater container, checks
and prerequisite gating as a model does. A decoy passes its test when every criterion it
lists ends fail or blocked and, if it sets `max_wsr`, its decided-only WSR stays at or under
it. An alternate passes when every criterion a check decides ends pass (judge-only criteria
stay unjudged without a judge and prove nothing either way)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from autorater.decoys.spec import ALTERNATES_DIR, ALTERNATES_SCRIPT, BUILD_SCRIPT, DECOYS_DIR, Alternate, Decoy, DecoySet
from autorater.grading.grade_trial import GradeSpec, grade_trial
from autorater.rubric import load_rubric
from autorater.scoring.trial import decided_only
from autorater.scoring.verdicts import load_verdicts
from harness.recording.trial import TrialRecord
from harness.tasks import Task

FAILED = ("fail", "blocked")


class DecoyBuildError(RuntimeError):
    """make_decoys.py / make_alternates.py failed or did not write what its yaml lists."""


@dataclass
class DecoyResult:
    decoy: Decoy
    wsr_bounds: tuple[float, float] | None
    decided_wsr: float | None
    wrongly_passed: list[str] = field(default_factory=list)  # must_fail criteria that passed
    undecided: list[str] = field(default_factory=list)  # must_fail criteria unjudged or error
    trial_dir: Path | None = None

    @property
    def over_ceiling(self) -> bool:
        ceiling = self.decoy.max_wsr
        return ceiling is not None and (self.decided_wsr is None or self.decided_wsr > ceiling + 1e-9)

    @property
    def ok(self) -> bool:
        return not self.wrongly_passed and not self.undecided and not self.over_ceiling

    def problems(self) -> list[str]:
        out = [f"must fail {cid} but it passed" for cid in self.wrongly_passed]
        out += [f"must fail {cid} but it was not decided" for cid in self.undecided]
        if self.over_ceiling:
            out.append(f"decided WSR {self.decided_wsr} is over its ceiling {self.decoy.max_wsr}")
        return out


@dataclass
class AlternateResult:
    alternate: Alternate
    wsr_bounds: tuple[float, float] | None
    wrongly_failed: list[tuple[str, str, str]] = field(default_factory=list)  # (criterion, verdict, rationale)
    undecided: list[tuple[str, str, str]] = field(default_factory=list)  # checked criteria unjudged or error
    checked: int = 0  # criteria a check decides (or would, but for a prerequisite)
    checked_weight: int = 0
    undecided_weight: int = 0
    trial_dir: Path | None = None

    @property
    def ok(self) -> bool:
        return not self.wrongly_failed and not self.undecided

    def problems(self) -> list[str]:
        out = [f"must pass {cid} but it is {state}: {why[:400]}" for cid, state, why in self.wrongly_failed]
        out += [f"must pass {cid} but it was not decided ({state}): {why[:400]}" for cid, state, why in self.undecided]
        return out


def build_decoys(task: Task, image: str, out: Path, *, timeout_s: float = 600) -> None:
    """Run the task's make_decoys.py (see build_controls)."""
    build_controls(task, image, out, DECOYS_DIR, BUILD_SCRIPT, timeout_s=timeout_s)


def build_alternates(task: Task, image: str, out: Path, *, timeout_s: float = 600) -> None:
    """Run the task's make_alternates.py (see build_controls)."""
    build_controls(task, image, out, ALTERNATES_DIR, ALTERNATES_SCRIPT, timeout_s=timeout_s)


def build_controls(task: Task, image: str, out: Path, folder: str, script: str, *, timeout_s: float = 600) -> None:
    """Run the task's `folder/script` in `image` with the task folder read-only at /task and
    `out` at /out (a writable HOME in /tmp, so LibreOffice can convert there)."""
    from harness.sandbox.client import shared_client
    from harness.sandbox.hardening import LABEL_ROLE, owner_labels

    out.mkdir(parents=True, exist_ok=True)
    uid = os.getuid()
    container = shared_client().containers.run(
        image, ["python3", f"/task/{folder}/{script}", "--gold", "/task/gold", "--out", "/out"],
        detach=True, network_mode="none", cap_drop=["ALL"], security_opt=["no-new-privileges"], read_only=True,
        user=f"{uid}:{uid}", environment={"HOME": "/tmp", "MPLCONFIGDIR": "/tmp"},
        tmpfs={"/tmp": "rw,size=1g"}, labels={LABEL_ROLE: "decoy-build", **owner_labels()},  # a killed build's is pruned
        volumes={str(task.root.resolve()): {"bind": "/task", "mode": "ro"}, str(out.resolve()): {"bind": "/out", "mode": "rw"}},
    )
    try:
        status = container.wait(timeout=timeout_s)
        logs = container.logs().decode("utf-8", "replace")
    finally:
        container.remove(force=True)
    if status.get("StatusCode") != 0:
        raise DecoyBuildError(f"{task.root / folder / script}: exit {status.get('StatusCode')}: {logs[-1500:]}")


async def grade_decoys(task: Task, decoys: DecoySet, rubric_path: Path, built: Path, work: Path, image: str,
                       *, concurrency: int = 2) -> list[DecoyResult]:
    """Grade every built decoy as a finished trial under work/trials/; results in decoys.yaml order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(decoy: Decoy) -> DecoyResult:
        trial_dir = _as_trial(task, decoy.name, decoy.kind, "decoy", built / decoy.name, work)
        async with gate:
            await grade_trial(GradeSpec(trial_dir, task, rubric_path, image, run_id=f"decoys-{task.id}"))
        return evaluate(decoy, trial_dir)

    return list(await asyncio.gather(*(one(d) for d in decoys.decoys)))


async def grade_alternates(task: Task, alternates: list[Alternate], rubric_path: Path, built: Path, work: Path,
                           image: str, *, concurrency: int = 2) -> list[AlternateResult]:
    """Grade every built alternate as a finished trial under work/trials/, in the given order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(alt: Alternate) -> AlternateResult:
        trial_dir = _as_trial(task, alt.name, alt.kind, "alternate", built / alt.name, work)
        async with gate:
            await grade_trial(GradeSpec(trial_dir, task, rubric_path, image, run_id=f"alternates-{task.id}"))
        return evaluate_alternate(alt, trial_dir, checked)

    checked = {c.id: c.weight for c in load_rubric(rubric_path, task).criteria if c.check is not None}

    return list(await asyncio.gather(*(one(a) for a in alternates)))


def evaluate_alternate(alt: Alternate, trial_dir: Path, checked: dict[str, int]) -> AlternateResult:
    """A graded alternate: every criterion in `checked` (those a check decides) must pass.
    One left unjudged only because a judge-only prerequisite was not judged proves nothing."""
    score = json.loads((trial_dir / "grade" / "score.json").read_text())
    result = AlternateResult(alternate=alt, wsr_bounds=tuple(score["wsr_bounds"]) if score.get("wsr_bounds") else None,
                             trial_dir=trial_dir)
    for v in load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts:
        waits_for_judge = v.verdict == "unjudged" and v.decided_by == "none" and v.blocked_by not in checked
        if v.criterion_id not in checked or waits_for_judge:
            continue
        result.checked += 1
        result.checked_weight += checked[v.criterion_id]
        if v.verdict in FAILED:
            result.wrongly_failed.append((v.criterion_id, v.verdict, v.rationale))
        elif v.verdict != "pass":
            result.undecided.append((v.criterion_id, v.verdict, v.rationale))
            result.undecided_weight += checked[v.criterion_id]
    return result


def evaluate(decoy: Decoy, trial_dir: Path) -> DecoyResult:
    """A graded decoy against what it must fail."""
    verdicts = {v.criterion_id: v.verdict for v in load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts}
    score = json.loads((trial_dir / "grade" / "score.json").read_text())
    bounds = tuple(score["wsr_bounds"]) if score.get("wsr_bounds") else None
    return DecoyResult(
        decoy=decoy, wsr_bounds=bounds, decided_wsr=decided_only(bounds),  # type: ignore[arg-type]
        wrongly_passed=[c for c in decoy.must_fail if verdicts.get(c) == "pass"],
        undecided=[c for c in decoy.must_fail if verdicts.get(c) not in (*FAILED, "pass")],
        trial_dir=trial_dir,
    )


def _as_trial(task: Task, name: str, kind: str, role: str, source: Path, work: Path) -> Path:
    """A finished-trial folder holding the control's deliverables and reply, as the grader expects."""
    if not (source / "final_reply.md").is_file():
        raise DecoyBuildError(f"{role} {name!r} of {task.id}: its build script wrote no {source.name}/final_reply.md")
    trial_id = f"{task.id}__{role}_{name}__r1"
    trial_dir = work / "trials" / trial_id
    if trial_dir.exists():
        shutil.rmtree(trial_dir)
    trial_dir.mkdir(parents=True)
    shutil.copy(source / "final_reply.md", trial_dir / "final_reply.md")
    delivered = source / "deliverables"
    names: list[str] = []
    if delivered.is_dir():
        shutil.copytree(delivered, trial_dir / "deliverables")
        names = sorted(p.relative_to(delivered).as_posix() for p in delivered.rglob("*") if p.is_file())
    TrialRecord(trial_id=trial_id, task=task.id, model=f"{role}:{name}", status="finished",
                config={"agent": role, "task_dir": str(task.root.resolve()), f"{role}_kind": kind},
                deliverables=names).write(trial_dir)
    return trial_dir
