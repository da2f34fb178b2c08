"""The bundled tool-use tasks: tagged for breakdowns, and solved end to end through the real
MCP servers in the sandbox by their reference replay, scored by M3 (no LLM judge). Two tasks
get third-party servers (mcp-server-git from PyPI, server-everything from npm) through their
[environment] images, which the replay test builds (or reuses) first."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from harness.paths import project_root
from harness.recording.trajectory import read_trajectory
from harness.tasks import load_suite
from tests.cli_support import run_mka

SUITE = project_root() / "tasks_showcase" / "tool_use"
GROUPS = {
    "chain": ("chain-3", "chain-5", "chain-10plus"),
    "parallel": ("parallel-none", "parallel-some", "parallel-many"),
    "modality": ("visual-heavy", "text-heavy"),
    "dimension": ("dim-grounding", "dim-multihop", "dim-parallel", "dim-combined"),
}


def _tasks():
    return [t for t in load_suite(SUITE) if t.kind == "tool_use"]


def test_at_least_twenty_tasks_cover_every_tag_group():
    tasks = _tasks()
    assert len(tasks) >= 20
    tags = Counter(tag for t in tasks for tag in t.spec.tags)
    for group, values in GROUPS.items():
        for value in values:
            assert tags[value] >= 1, f"no task tagged {value} ({group})"
        assert sum(tags[v] for v in values) == len(tasks), f"every task has exactly one {group} tag"
    for task in tasks:
        reference = json.loads(task.reference_path.read_text())
        assert reference["id"] == task.id and reference["steps"] and reference["final_reply"]
        assert task.spec.tool_use.images and task.spec.tool_use.mcp_servers
    own = {t.id: t.spec.environment for t in tasks if t.spec.environment}
    assert own.keys() == {"tu_git_timeout_regression", "tu_everything_heating_claim"}
    assert own["tu_git_timeout_regression"].pypi == ["mcp-server-git==2026.10.19"]
    assert own["tu_everything_heating_claim"].npm == ["@modelcontextprotocol/server-everything@2026.8.31"]


@pytest.mark.docker
def test_reference_replays_solve_every_task_and_score_perfectly(tmp_path, sandbox_image):
    built = run_mka("image", "build", "sandbox", "--tasks", str(SUITE), timeout=800)
    assert built.returncode == 0, built.stderr[-3000:]
    out = tmp_path / "run"
    for args in (("run", str(SUITE), "--kind", "tool_use", "--agent", "oracle", "--out", str(out), "--concurrency", "2"),
                 ("grade", str(out))):
        result = run_mka(*args, timeout=420)
        assert result.returncode == 0, result.stderr[-3000:]
    trials = sorted((out / "trials").iterdir())
    assert len(trials) == len(_tasks())
    for trial in trials:
        assert json.loads((trial / "trial.json").read_text())["status"] == "finished", trial.name
        failed = [e for e in read_trajectory(trial / "trajectory.jsonl") if e["type"] == "tool_result" and not e["ok"]]
        assert not failed, f"{trial.name}: {failed[0]['name']}: {failed[0]['text'][:300]}"
        metrics = json.loads((trial / "grade" / "m3.json").read_text())["metrics"]
        for key in ("recall", "precision", "step_coherence", "order_consistency", "merge_purity"):
            assert metrics[key] == pytest.approx(1.0), f"{trial.name}: {key} = {metrics[key]}"
        assert metrics["argument_similarity"] == pytest.approx(1.0, abs=1e-5)
