"""Suites at scale: resume after SIGKILL, retries of errored trials, the cost budget."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.sandbox.prune import prune_containers

from tests.fakes.llm_server import FakeLLMServer, FakeTurn

pytestmark = pytest.mark.docker
TASK = Path(__file__).parent / "data" / "tasks" / "sales_summary"


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "harness.cli.main", *args]


def _finished(out: Path) -> dict[str, str]:
    return {p.parent.name: p.read_text() for p in (out / "trials").glob("*/trial.json") if json.loads(p.read_text())["status"] == "finished"}


def test_sigkill_mid_suite_loses_nothing_and_redoes_nothing(tmp_path, docker_client, sandbox_image):
    out = tmp_path / "out"
    proc = subprocess.Popen(_cmd("run", str(TASK), "--agent", "oracle", "--repeats", "4", "--concurrency", "1", "--out", str(out)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while len(_finished(out)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = _finished(out)
    assert 2 <= len(before) < 4
    prune_containers(docker_client, run_id="out")  # what a killed harness leaves is pruned, not reused
    again = subprocess.run(_cmd("run", str(TASK), "--agent", "oracle", "--repeats", "4", "--concurrency", "1", "--out", str(out)),
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    after = _finished(out)
    assert len(after) == 4
    assert all(after[name] == text for name, text in before.items())  # finished trials untouched


def test_errored_trials_are_retried_up_to_max_attempts(tmp_path, sandbox_image):
    script = tmp_path / "broken.yaml"
    script.write_text("turns:\n  - text: I will never finish\n")
    out = tmp_path / "out"
    attempts = []
    for _ in range(3):
        result = subprocess.run(_cmd("run", str(TASK), "--agent", f"script:{script}", "--max-attempts", "2", "--out", str(out)),
                                capture_output=True, text=True, timeout=300)
        record = json.loads((out / "trials" / "sales_summary__script_broken__r1" / "trial.json").read_text())
        attempts.append((record["status"], record["config"]["attempt"], result.returncode))
    assert attempts[0] == ("error", 1, 1) and attempts[1] == ("error", 2, 1)
    assert attempts[2][:2] == ("error", 2)  # the third invocation kept it: max attempts reached


def test_the_cost_budget_stops_launching_trials_and_says_so(tmp_path, sandbox_image, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    with FakeLLMServer() as server:
        server.default = FakeTurn(tool_calls=[("finish", '{"final_reply": "done", "deliverables": []}')], input_tokens=1_000_000)
        models = tmp_path / "models.yaml"
        models.write_text(
            "models:\n  openai:fake:\n"
            f"    base_url: {server.base_url}/v1\n    context_window: 100000\n"
            "    prices: {input: 2.0, cached_input: 0.5, output: 8.0}\n"
        )
        result = subprocess.run(
            _cmd("run", str(TASK), "--model", "openai:fake", "--models-file", str(models), "--repeats", "3",
                 "--concurrency", "1", "--max-cost", "3", "--out", str(tmp_path / "out")),
            capture_output=True, text=True, timeout=600, env={**os.environ, "OPENAI_API_KEY": "test-key"},
        )
    assert result.returncode == 0, result.stderr
    assert "would pass --max-cost $3.00; no new trials launched" in result.stderr
    trials = list((tmp_path / "out" / "trials").glob("*/trial.json"))
    assert len(trials) == 1 and json.loads(trials[0].read_text())["cost_usd"] == pytest.approx(2.0 + 20 * 8.0 / 1e6)
