"""`mka submit verify`: every hash, every score recomputed, tasks and rubrics against the suite,
and optionally a regrade of the deliverables in a fresh autorater container."""

from __future__ import annotations

import asyncio
import json
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from autorater.rubric import RubricError, load_rubric
from autorater.scoring import VerdictsError, load_verdicts, score_trial
from harness.paths import project_root
from harness.submission.hashing import file_sha256, folder_sha256
from harness.submission.pack import MANIFEST
from harness.tasks import TaskError, load_task

SCORE_KEYS = ("wsr", "primary_wsr", "climb_wsr", "regression_wsr", "wsr_bounds", "climb_wsr_bounds", "complete", "counts")


@dataclass
class VerifyReport:
    problems: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(bundle: Path, *, suite: Path | None = None, rubrics: Path | None = None, regrade: bool = False) -> VerifyReport:
    report = VerifyReport()
    suite = suite or project_root() / "tasks_showcase"
    rubrics = rubrics or project_root() / "rubrics"
    with tempfile.TemporaryDirectory(prefix="mka-verify-") as tmp:
        root = Path(tmp)
        try:
            with tarfile.open(bundle, "r:gz") as archive:
                archive.extractall(root, filter="data")  # refuses links out, absolute names, devices
        except (tarfile.TarError, OSError) as exc:
            report.problems.append(f"{bundle}: not a readable submission ({exc})")
            return report
        manifest_path = root / MANIFEST
        if not manifest_path.is_file():
            report.problems.append(f"{bundle}: no {MANIFEST}")
            return report
        manifest = json.loads(manifest_path.read_text())
        _check_files(root, manifest, report)
        _check_suite(manifest, suite, rubrics, report)
        _check_scores(root, manifest, suite, rubrics, report)
        if regrade:
            _regrade(root, manifest, suite, rubrics, report)
    return report


def _check_files(root: Path, manifest: dict, report: VerifyReport) -> None:
    listed = manifest.get("files", {})
    present = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()} - {MANIFEST}
    for name, expected in sorted(listed.items()):
        path = root / name
        if not path.is_file():
            report.problems.append(f"{name}: listed in the manifest but missing from the bundle")
        elif file_sha256(path) != expected:
            report.problems.append(f"{name}: sha256 differs from the manifest (file changed after packing)")
    for name in sorted(present - set(listed)):
        report.problems.append(f"{name}: in the bundle but not in the manifest")
    report.checked["files"] = len(listed)


def _check_suite(manifest: dict, suite: Path, rubrics: Path, report: VerifyReport) -> None:
    for task, expected in sorted(manifest.get("tasks", {}).items()):
        local = suite / task
        if not local.is_dir():
            report.problems.append(f"task {task}: not in the suite at {suite}")
        elif folder_sha256(local) != expected:
            report.problems.append(f"task {task}: differs from the suite's copy (task folder hash mismatch)")
    for task, expected in sorted(manifest.get("rubrics", {}).items()):
        local = rubrics / f"{task}.yaml"
        if not local.is_file():
            report.problems.append(f"rubric {task}: not found at {local}")
        elif file_sha256(local) != expected:
            report.problems.append(f"rubric {task}: differs from the suite's rubrics/{task}.yaml")
    report.checked["tasks"] = len(manifest.get("tasks", {}))


def _check_scores(root: Path, manifest: dict, suite: Path, rubrics: Path, report: VerifyReport) -> None:
    count = 0
    for trial in manifest.get("trials", []):
        grade = root / "trials" / trial["trial_id"] / "grade"
        try:
            task = load_task(suite / trial["task"])
            rubric = load_rubric(rubrics / f"{trial['task']}.yaml", task)
            recomputed = score_trial(rubric, load_verdicts(grade / "verdicts.json")).to_json()
            claimed = json.loads((grade / "score.json").read_text())
        except (TaskError, RubricError, VerdictsError, OSError, ValueError) as exc:
            report.problems.append(f"{trial['trial_id']}: cannot recompute the score ({exc})")
            continue
        for key in SCORE_KEYS:
            if not _same(claimed.get(key), recomputed.get(key)):
                report.problems.append(
                    f"{trial['trial_id']}: score.json {key} = {claimed.get(key)!r}, verdicts give {recomputed.get(key)!r}"
                )
        count += 1
    report.checked["scores"] = count


def _regrade(root: Path, manifest: dict, suite: Path, rubrics: Path, report: VerifyReport) -> None:
    from autorater.grading.grade_trial import GradeSpec, grade_trial
    from harness.images import resolve_image
    from harness.sandbox.client import shared_client

    image = resolve_image(shared_client(), "autorater")
    for trial in manifest.get("trials", []):
        trial_dir = root / "trials" / trial["trial_id"]
        before = {v.criterion_id: v for v in load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts}
        asyncio.run(grade_trial(GradeSpec(trial_dir, load_task(suite / trial["task"]), rubrics / f"{trial['task']}.yaml", image)))
        after = load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts
        for verdict in after:
            old = before.get(verdict.criterion_id)
            if verdict.decided_by.startswith("check:") and old is not None and old.verdict != verdict.verdict:
                report.problems.append(
                    f"{trial['trial_id']}: {verdict.criterion_id}: submitted {old.verdict}, regrade gives {verdict.verdict} "
                    f"({verdict.evidence[:160]})"
                )
    report.checked["regraded"] = len(manifest.get("trials", []))


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) < 1e-9
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b
