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
from harness.tasks import Task, TaskError, find_task_dirs, load_task

# M3 rescored elsewhere runs the same float32 encoder on other CPU kernels: cosines agree to ~1e-7.
M3_TOLERANCE = 1e-6
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
        tasks = suite_tasks(suite)
        _check_suite(manifest, tasks, suite, rubrics, report)
        _check_scores(root, manifest, tasks, rubrics, report)
        if regrade:
            _regrade(root, manifest, tasks, rubrics, report)
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


def suite_tasks(suite: Path) -> dict[str, Path]:
    """Task id -> folder, for every valid task at or under `suite` (tool-use tasks may sit in a
    subfolder, as tasks_showcase/tool_use does)."""
    found: dict[str, Path] = {}
    try:
        dirs = find_task_dirs(suite)
    except TaskError:
        return found
    for task_dir in dirs:
        try:
            found.setdefault(load_task(task_dir).id, task_dir)
        except TaskError:
            continue  # an invalid task: a submission naming it is refused below as "not in the suite"
    return found


def _check_suite(manifest: dict, tasks: dict[str, Path], suite: Path, rubrics: Path, report: VerifyReport) -> None:
    for task, expected in sorted(manifest.get("tasks", {}).items()):
        local = tasks.get(task)
        if local is None:
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


def _check_scores(root: Path, manifest: dict, tasks: dict[str, Path], rubrics: Path, report: VerifyReport) -> None:
    """Deliverable trials: the score recomputed from the verdicts. Tool-use trials: M3 rescored
    from the trajectories against the suite's references (deterministic, no judge)."""
    count, tool_use = 0, []
    for trial in manifest.get("trials", []):
        trial_dir = root / "trials" / trial["trial_id"]
        grade = trial_dir / "grade"
        try:
            if trial["task"] not in tasks:
                raise TaskError([f"task {trial['task']}: not in the suite"])
            task = load_task(tasks[trial["task"]])
            if task.kind == "tool_use":
                tool_use.append((trial_dir, task))
                continue
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
    report.checked["m3_rescored"] = _check_m3(tool_use, report)


def _check_m3(trials: list[tuple[Path, Task]], report: VerifyReport) -> int:
    from autorater.grading.tool_use import score_tool_use

    if not trials:
        return 0
    try:
        rescored = score_tool_use(trials)
    except Exception as exc:  # noqa: BLE001 - a bundle's trajectory may be anything; say what failed
        report.problems.append(f"tool-use trials: cannot rescore M3 ({type(exc).__name__}: {exc})")
        return 0
    for trial_dir, _ in trials:
        name = trial_dir.name
        try:
            claimed = json.loads((trial_dir / "grade" / "m3.json").read_text())
        except (OSError, ValueError) as exc:
            report.problems.append(f"{name}: no readable grade/m3.json ({exc})")
            continue
        ours = rescored.get(name)
        if ours is None:
            report.problems.append(f"{name}: the suite's reference has no task for it")
        elif claimed.get("encoder") != ours["encoder"]:
            report.problems.append(f"{name}: m3.json was scored with {claimed.get('encoder')!r}, the suite uses {ours['encoder']!r}")
        else:
            said = _flat(claimed.get("metrics") or {})
            for key, value in sorted(_flat(ours["metrics"]).items()):
                if not _same(said.get(key), value, tolerance=M3_TOLERANCE):
                    report.problems.append(f"{name}: m3.json {key} = {said.get(key)!r}, rescoring gives {value!r}")
    return len(trials)


def _flat(row: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in row.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _regrade(root: Path, manifest: dict, tasks: dict[str, Path], rubrics: Path, report: VerifyReport) -> None:
    from autorater.grading.grade_trial import GradeSpec, grade_trial
    from harness.images import resolve_image
    from harness.sandbox.client import shared_client

    image = resolve_image(shared_client(), "autorater")
    regraded = 0
    for trial in manifest.get("trials", []):
        trial_dir = root / "trials" / trial["trial_id"]
        if trial["task"] not in tasks:
            continue  # refused above: not in the suite
        task = load_task(tasks[trial["task"]])
        if task.kind == "tool_use":
            continue  # its M3 was rescored in full above
        before = {v.criterion_id: v for v in load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts}
        asyncio.run(grade_trial(GradeSpec(trial_dir, task, rubrics / f"{trial['task']}.yaml", image)))
        after = load_verdicts(trial_dir / "grade" / "verdicts.json").verdicts
        for verdict in after:
            old = before.get(verdict.criterion_id)
            if verdict.decided_by.startswith("check:") and old is not None and old.verdict != verdict.verdict:
                report.problems.append(
                    f"{trial['trial_id']}: {verdict.criterion_id}: submitted {old.verdict}, regrade gives {verdict.verdict} "
                    f"({verdict.evidence[:160]})"
                )
        regraded += 1
    report.checked["regraded"] = regraded


def _same(a, b, tolerance: float = 1e-9) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) < tolerance
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y, tolerance) for x, y in zip(a, b))
    return a == b
