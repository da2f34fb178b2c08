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

from tests.fakes.llm_server import FakeError, FakeLLMServer, FakeTurn

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


def test_an_agent_that_never_finishes_is_the_models_failure_not_retried(tmp_path, sandbox_image):
    script = tmp_path / "broken.yaml"
    script.write_text("turns:\n  - text: I will never finish\n")
    out = tmp_path / "out"
    result = subprocess.run(_cmd("run", str(TASK), "--agent", f"script:{script}", "--max-attempts", "3", "--out", str(out)),
                            capture_output=True, text=True, timeout=300)
    record = json.loads((out / "trials" / "sales_summary__script_broken__r1" / "trial.json").read_text())
    assert result.returncode == 0, result.stderr
    assert (record["status"], record["config"]["attempt"]) == ("no_finish", 1)  # graded on what it delivered


def test_infrastructure_failures_are_retried_then_reported_never_dropped(tmp_path, sandbox_image):
    """A provider that rejects the key (401) is an infrastructure failure: retried within the run
    up to --max-attempts, flagged with every earlier error, and kept as infra_error after that."""
    with FakeLLMServer() as server:
        server.default = FakeError(401)
        models = tmp_path / "models.yaml"
        models.write_text(f"models:\n  openai:fake:\n    base_url: {server.base_url}/v1\n    context_window: 100000\n"
                          "    max_attempts: 1\n    prices: {input: 1.0, cached_input: 0.5, output: 2.0}\n")
        out = tmp_path / "out"
        env = {**os.environ, "OPENAI_API_KEY": "test-key"}
        attempts = []
        for _ in range(2):
            result = subprocess.run(_cmd("run", str(TASK), "--model", "openai:fake", "--models-file", str(models),
                                         "--max-attempts", "2", "--out", str(out)),
                                    capture_output=True, text=True, timeout=300, env=env)
            record = json.loads((out / "trials" / "sales_summary__openai_fake__r1" / "trial.json").read_text())
            attempts.append((record["status"], record["config"]["attempt"], len(record["config"]["previous_errors"]),
                             result.returncode))
        calls = len(server.requests)
    assert attempts[0] == ("infra_error", 2, 1, 1)  # retried once within the run, the first error kept
    assert attempts[1] == ("infra_error", 2, 1, 1)  # max attempts reached: kept, not run a third time
    assert calls == 2
    graded = subprocess.run(_cmd("grade", str(out)), capture_output=True, text=True, timeout=300)
    assert "status infra_error" in graded.stderr  # never graded as the model's work


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
