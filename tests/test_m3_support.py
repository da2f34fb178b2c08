"""Builders shared by the M3 tests (holds no tests itself)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from harness.m3.encoders import HashingEncoder
from harness.m3.model import Trajectory, build_steps
from harness.m3.scorer import RunReport, ScoreOptions, TaskScore, score_run


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "arguments": args}


def traj(task_id: str, *steps: list[dict[str, Any]], system: str = "sys") -> Trajectory:
    return Trajectory(task_id, build_steps([list(s) for s in steps]), system=system)


class FixedEncoder:
    """Texts → given vectors; any other text gets its own one-hot axis (orthogonal to all)."""

    name = "fixed"

    def __init__(self, vectors: dict[str, list[float]], dim: int = 64) -> None:
        self.vectors, self.dim, self.axes = vectors, dim, {}

    def encode(self, texts: list[str], batch_size: int = 0) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            if text in self.vectors:
                vec = self.vectors[text]
                out[row, : len(vec)] = vec
            else:
                out[row, 32 + self.axes.setdefault(text, len(self.axes)) % 32] = 1.0
        return out


def run(refs: list[Trajectory], preds: list[Trajectory], *, compat: bool = False, encoder: Any = None) -> RunReport:
    return score_run(refs, preds, encoder or HashingEncoder(), ScoreOptions(compat=compat))


def one(ref: Trajectory, pred: Trajectory, **kw: Any) -> TaskScore:
    report = run([ref], [pred], **kw)
    (system,) = report.systems
    (task,) = system.tasks
    return task


def write_trial(run_dir: Path, trial_id: str, task: str, events: list[dict[str, Any]], model: str = "fake:m") -> Path:
    trial = run_dir / "trials" / trial_id
    trial.mkdir(parents=True)
    (trial / "trial.json").write_text(json.dumps({"trial_id": trial_id, "task": task, "model": model, "config": {}}))
    with open(trial / "trajectory.jsonl", "w", encoding="utf-8") as f:
        for i, event in enumerate(events):
            f.write(json.dumps({"ts": "2026-01-01T00:00:00Z", "mono": float(i), **event}) + "\n")
    return trial


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the M3 encoders must be installed)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def onnx_minilm():
    """MiniLM on ONNX Runtime, converted first if this machine has no conversion yet."""
    try:
        from harness.m3.encoders import load_encoder
        from harness.m3.onnx_encoder import prepare

        prepare(log=lambda _msg: None)
        return load_encoder("minilm:onnx")
    except (ImportError, RuntimeError) as exc:
        _unavailable(f"MiniLM on ONNX Runtime unavailable: {exc}")


@pytest.fixture(scope="session")
def torch_minilm():
    """MiniLM through sentence-transformers on torch (the reference's own pipeline)."""
    before = os.environ.get("HF_HUB_OFFLINE")
    try:
        from harness.m3.encoders import load_encoder

        encoder = load_encoder("minilm:torch")
    except (ImportError, RuntimeError) as exc:
        _unavailable(f"MiniLM on torch unavailable: {exc}")
    assert os.environ.get("HF_HUB_OFFLINE") == before  # offline only for the load
    return encoder
