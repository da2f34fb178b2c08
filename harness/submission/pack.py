"""`mka submit pack`: a run's trials, verdicts and scores plus a manifest of hashes."""

from __future__ import annotations

import io
import json
import tarfile
from datetime import UTC, datetime
from pathlib import Path

from harness.paths import project_root
from harness.provenance import harness_identity, image_digests
from harness.providers.settings import ModelsFileError, load_models_file
from harness.recording.trial import TrialRecord
from harness.submission.hashing import file_sha256, folder_sha256

MANIFEST = "manifest.json"
# What a submission carries of each trial: enough to audit and to regrade, nothing else.
# A deliverable trial's grade is its verdicts and score; a tool-use trial's is its M3 scoring.
TRIAL_PARTS = ("trial.json", "trajectory.jsonl", "final_reply.md", "deliverables", "media", "grade/verdicts.json", "grade/score.json",
               "grade/m3.json")
GRADES = ("grade/score.json", "grade/m3.json")


class PackError(RuntimeError):
    pass


def pack(run_dir: Path, output: Path, *, rubrics_dir: Path | None = None, models_file: Path | None = None) -> dict:
    trials = sorted(p.parent for p in (run_dir / "trials").glob("*/trial.json"))
    if not trials:
        raise PackError(f"{run_dir}: no trials to pack")
    ungraded = [t.name for t in trials if not any((t / grade).is_file() for grade in GRADES)]
    if ungraded:
        raise PackError(f"{run_dir}: ungraded trials (run `mka grade` first): {', '.join(ungraded)}")
    files: dict[str, str] = {}
    records = [TrialRecord.read(t) for t in trials]
    for trial in trials:
        for part in TRIAL_PARTS:
            path = trial / part
            for item in ([path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []):
                files[f"trials/{trial.name}/{item.relative_to(trial).as_posix()}"] = file_sha256(item)
    rubrics_dir = rubrics_dir or project_root() / "rubrics"
    task_dirs = {r.task: Path(r.config["task_dir"]) for r in records if r.config.get("task_dir")}
    manifest = {
        "format": "mka-submission/1",
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "harness": harness_identity(),
        "images": image_digests({r.config.get("image") for r in records if r.config.get("image")}),
        "models": _model_settings({r.model for r in records}, models_file),
        "run": json.loads((run_dir / "run.json").read_text()) if (run_dir / "run.json").is_file() else {},
        "tasks": {task: folder_sha256(path) for task, path in sorted(task_dirs.items()) if path.is_dir()},
        "rubrics": {task: file_sha256(rubrics_dir / f"{task}.yaml") for task in sorted(task_dirs) if (rubrics_dir / f"{task}.yaml").is_file()},
        "trials": [{"trial_id": r.trial_id, "task": r.task, "model": r.model, "status": r.status} for r in records],
        "files": files,
    }
    output.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(output, "w:gz") as bundle:
        data = json.dumps(manifest, indent=2).encode()
        info = tarfile.TarInfo(MANIFEST)
        info.size = len(data)
        bundle.addfile(info, io.BytesIO(data))
        for name in files:
            bundle.add(run_dir / name, arcname=name, recursive=False)
    return manifest


def _model_settings(labels: set[str], models_file: Path | None) -> dict[str, dict]:
    try:
        models = load_models_file(models_file or project_root() / "models.yaml")
    except ModelsFileError:
        models = {}
    # Settings only: API keys never live in the models file, only their variable names.
    return {label: models[label].model_dump(mode="json") for label in sorted(labels) if label in models}
