"""Grade tool-use trials with the M3 scorer (no LLM judge): grade/m3.json holds the trial's
metrics and its alignment table, so the viewer and reports can show them."""

from __future__ import annotations

import json
from pathlib import Path

from harness.recording.writes import write_atomic
from harness.tasks import Task


def grade_tool_use(trials: list[tuple[Path, Task]], encoder_name: str = "minilm") -> dict[str, dict]:
    """Score each (trial dir, task) against its task's reference, write grade/m3.json; return
    trial id -> task row."""
    out: dict[str, dict] = {}
    by_trial = {trial_dir.name: trial_dir for trial_dir, _ in trials}
    for trial_id, body in score_tool_use(trials, encoder_name).items():
        (by_trial[trial_id] / "grade").mkdir(exist_ok=True)
        write_atomic(by_trial[trial_id] / "grade" / "m3.json", json.dumps(body, indent=2, default=str))
        out[trial_id] = body["metrics"]
    return out


def score_tool_use(trials: list[tuple[Path, Task]], encoder_name: str = "minilm") -> dict[str, dict]:
    """trial id -> what grade/m3.json holds (encoder, metrics, audit), writing nothing: the
    scorer is deterministic, so a submission's verify recomputes it from the trajectories."""
    if not trials:
        return {}
    from harness.m3.aggregate import task_row
    from harness.m3.audit import task_audit
    from harness.m3.encoders import load_encoder
    from harness.m3.loading import load_references, trajectory_from_trial
    from harness.m3.scorer import ScoreOptions, score_run

    refs = {task.id: ref for _, task in trials for ref in load_references(task.reference_path)}
    preds = [trajectory_from_trial(trial_dir) for trial_dir, _ in trials]
    options = ScoreOptions()
    report = score_run(list(refs.values()), preds, load_encoder(encoder_name), options)
    ours = {trial_dir.name for trial_dir, _ in trials}
    return {score.trial_id: {"encoder": report.encoder, "metrics": task_row(score), "audit": task_audit(score, options.thresholds)}
            for system in report.systems for score in system.tasks
            if score.trial_id in ours}  # not a reference task this system did not run
