"""End to end in real sandboxes: the oracle and a scripted agent through `mka run`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from harness.recording.trajectory import read_trajectory
from tests.cli_support import run_mka

pytestmark = pytest.mark.docker

DATA = Path(__file__).parent / "data"
TASK = DATA / "tasks" / "sales_summary"


def _mka(*args: str) -> subprocess.CompletedProcess:
    return run_mka(*args, timeout=600)


def test_oracle_run_produces_the_gold_deliverables(tmp_path, sandbox_image):
    result = _mka("run", str(TASK), "--agent", "oracle", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    trial = tmp_path / "trials" / "sales_summary__oracle__r1"
    record = json.loads((trial / "trial.json").read_text())
    assert record["status"] == "finished"
    assert record["deliverables"] == ["summary.xlsx", "notes.md"]
    assert (trial / "deliverables" / "notes.md").read_text() == (TASK / "gold" / "notes.md").read_text()
    assert (trial / "deliverables" / "summary.xlsx").stat().st_size > 1000
    types = [e["type"] for e in read_trajectory(trial / "trajectory.jsonl")]
    assert types[0] == "start" and types[-1] == "finish"


def test_scripted_agent_survives_every_kind_of_tool_error(tmp_path, sandbox_image):
    script = DATA / "scripts" / "sales_summary_rough.yaml"
    result = _mka("run", str(TASK), "--agent", f"script:{script}", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    trial = tmp_path / "trials" / "sales_summary__script_sales_summary_rough__r1"
    record = json.loads((trial / "trial.json").read_text())
    assert record["status"] == "finished"
    assert record["turns"] == 6
    assert sorted(p.name for p in (trial / "deliverables").iterdir()) == ["notes.md", "summary.xlsx"]
    assert (trial / "final_reply.md").read_text() == "Summary and notes are ready."

    events = read_trajectory(trial / "trajectory.jsonl")
    results = sorted((e for e in events if e["type"] == "tool_result"), key=lambda e: int(e["call_id"].split("_")[1]))
    # Turn 1: three calls ran concurrently (their time spans overlap); events arrive as calls end.
    first = results[:3]
    assert max(r["started_mono"] for r in first) < min(r["ended_mono"] for r in first)
    assert "first" in first[0]["text"] and "second" in first[1]["text"]
    image = first[2]
    assert image["ok"] and len(image["images"]) == 1
    assert (trial / "media" / f"{image['images'][0]}.png").read_bytes() == (TASK / "inputs" / "chart.png").read_bytes()
    # The text-only turn was followed by the continue prompt.
    assert any(e["type"] == "user" and e["kind"] == "continue" for e in events)
    # Turn 3: unknown tool, malformed JSON, schema violation; each an error result and event.
    unknown, malformed, invalid = results[3:6]
    assert "unknown tool 'spreadsheet_magic'" in unknown["text"]
    assert "invalid JSON" in malformed["text"] and "echo broken" in malformed["text"]
    assert "invalid arguments for code_exec" in invalid["text"] and "cmd" in invalid["text"]
    assert sum(1 for e in events if e["type"] == "error") >= 4
    # Turn 4: finish refused, naming both missing files; turn 6 succeeds.
    refused = results[6]
    assert not refused["ok"]
    assert "summary.xlsx: does not exist" in refused["text"] and "notes.md: does not exist" in refused["text"]
    assert results[-1]["name"] == "finish" and results[-1]["ok"]


def test_turn_cap_still_collects_deliverables(tmp_path, sandbox_image):
    script = tmp_path / "slow.yaml"
    script.write_text(
        "turns:\n"
        "  - calls: [{tool: code_exec, args: {cmd: 'echo partial > notes.md'}}]\n"
        "  - text: still thinking\n"
        "  - text: still thinking\n"
    )
    result = _mka("run", str(TASK), "--agent", f"script:{script}", "--out", str(tmp_path / "out"), "--max-turns", "2")
    trial = tmp_path / "out" / "trials" / "sales_summary__script_slow__r1"
    record = json.loads((trial / "trial.json").read_text())
    assert result.returncode == 0, result.stderr
    assert record["status"] == "turn_limit"
    assert record["deliverables"] == ["notes.md"]
    assert (trial / "deliverables" / "notes.md").read_text() == "partial\n"
    warnings = [e["text"] for e in read_trajectory(trial / "trajectory.jsonl") if e.get("kind") == "warning"]
    assert warnings == [
        "Warning: 2 turns left before the turn limit. Save your work and call finish with the deliverables you have before the limit is reached.",
        "Warning: 1 turn left before the turn limit. Save your work and call finish with the deliverables you have before the limit is reached.",
    ]


def test_a_run_that_cannot_start_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    out = tmp_path / "out"
    missing_key = _mka("run", str(TASK), "--model", "anthropic:claude-sonnet-4-5", "--out", str(out))
    assert missing_key.returncode == 1
    assert "set ANTHROPIC_API_KEY" in missing_key.stderr
    bad_script = tmp_path / "bad.yaml"
    bad_script.write_text("turns:\n  - {calls: [{tool: code_exec, argz: {}}]}\n")
    script = _mka("run", str(TASK), "--agent", f"script:{bad_script}", "--out", str(out))
    assert script.returncode == 1 and "turns.0.calls.0.argz" in script.stderr
    ablation = _mka("run", str(TASK), "--agent", "oracle", "--disable-tool", "finish", "--out", str(out))
    assert ablation.returncode == 1 and "only view_image, web_search can be disabled" in ablation.stderr
    broken = _mka("run", str(DATA / "tasks" / "broken_task"), "--agent", "oracle", "--out", str(out))
    assert broken.returncode == 1 and "limitz" in broken.stderr
    assert not out.exists()


def test_rerunning_the_same_command_keeps_finished_trials(tmp_path, sandbox_image):
    first = _mka("run", str(TASK), "--agent", "oracle", "--out", str(tmp_path))
    assert first.returncode == 0, first.stderr
    trial = tmp_path / "trials" / "sales_summary__oracle__r1"
    before = (trial / "trial.json").read_text()
    second = _mka("run", str(TASK), "--agent", "oracle", "--out", str(tmp_path))
    assert second.returncode == 0, second.stderr
    assert "1 trial(s) already finished" in second.stderr
    assert (trial / "trial.json").read_text() == before  # never overwritten
