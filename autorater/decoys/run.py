"""Build a task's decoys from its gold files and grade each exactly as a trial is graded.

Building runs the task's own `decoys/make_decoys.py` in the sandbox image (network none, no
capabilities, read-only task folder); grading goes through `grade_trial`, so a decoy meets
the same network-less autorater container, checks and prerequisite gating as a model does.
A decoy passes its test when every criterion it lists ends fail or blocked and, if it sets
`max_wsr`, its decided-only WSR stays at or under it."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from autorater.decoys.spec import DECOYS_DIR, BUILD_SCRIPT, Decoy, DecoySet
from autorater.grading.grade_trial import GradeSpec, grade_trial
from autorater.scoring.trial import decided_only
from autorater.scoring.verdicts import load_verdicts
from harness.recording.trial import TrialRecord
from harness.tasks import Task

FAILED = ("fail", "blocked")


class DecoyBuildError(RuntimeError):
    """make_decoys.py failed or did not write what decoys.yaml lists."""


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


def build_decoys(task: Task, image: str, out: Path, *, timeout_s: float = 600) -> None:
    """Run the task's make_decoys.py in `image` with the task folder read-only at /task and
    `out` at /out; check that every decoy folder has a final reply."""
    from harness.sandbox.client import shared_client
    from harness.sandbox.hardening import LABEL_ROLE, owner_labels

    out.mkdir(parents=True, exist_ok=True)
    uid = os.getuid()
    container = shared_client().containers.run(
        image, ["python3", f"/task/{DECOYS_DIR}/{BUILD_SCRIPT}", "--gold", "/task/gold", "--out", "/out"],
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
        raise DecoyBuildError(f"{task.root / DECOYS_DIR / BUILD_SCRIPT}: exit {status.get('StatusCode')}: {logs[-1500:]}")


async def grade_decoys(task: Task, decoys: DecoySet, rubric_path: Path, built: Path, work: Path, image: str,
                       *, concurrency: int = 2) -> list[DecoyResult]:
    """Grade every built decoy as a finished trial under work/trials/; results in decoys.yaml order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(decoy: Decoy) -> DecoyResult:
        trial_dir = _as_trial(task, decoy, built / decoy.name, work)
        async with gate:
            await grade_trial(GradeSpec(trial_dir, task, rubric_path, image, run_id=f"decoys-{task.id}"))
        return evaluate(decoy, trial_dir)

    return list(await asyncio.gather(*(one(d) for d in decoys.decoys)))


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


def _as_trial(task: Task, decoy: Decoy, source: Path, work: Path) -> Path:
    """A finished-trial folder holding the decoy's deliverables and reply, as the grader expects."""
    if not (source / "final_reply.md").is_file():
        raise DecoyBuildError(f"decoy {decoy.name!r} of {task.id}: make_decoys.py wrote no {source.name}/final_reply.md")
    trial_id = f"{task.id}__decoy_{decoy.name}__r1"
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
    TrialRecord(trial_id=trial_id, task=task.id, model=f"decoy:{decoy.name}", status="finished",
                config={"agent": "decoy", "task_dir": str(task.root.resolve()), "decoy_kind": decoy.kind},
                deliverables=names).write(trial_dir)
    return trial_dir
