"""Grade tool-use trials with the M3 scorer (no LLM judge): grade/m3.json holds the trial's
metrics and its alignment table, so the viewer and reports can show them."""

from __future__ import annotations

import json
from pathlib import Path

from harness.recording.writes import write_atomic
from harness.tasks import Task


def grade_tool_use(trials: list[tuple[Path, Task]], encoder_name: str = "minilm") -> dict[str, dict]:
    """Score each (trial dir, task) against its task's reference; return trial id -> task row."""
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
    by_trial = {trial_dir.name: trial_dir for trial_dir, _ in trials}
    out: dict[str, dict] = {}
    for system in report.systems:
        for score in system.tasks:
            trial_dir = by_trial.get(score.trial_id)
            if trial_dir is None:  # a reference task this system did not run
                continue
            row = task_row(score)
            body = {"encoder": report.encoder, "metrics": row, "audit": task_audit(score, options.thresholds)}
            (trial_dir / "grade").mkdir(exist_ok=True)
            write_atomic(trial_dir / "grade" / "m3.json", json.dumps(body, indent=2, default=str))
            out[score.trial_id] = row
    return out
