"""What a real model server broke, each row pinned through the real SDKs against the loopback fake
(the same rows run against a real llama.cpp server in tests/test_llama_cpp.py)."""

from __future__ import annotations

import json
import time

import pytest

from harness.agent.loop import AgentLoop, LoopLimits
from harness.agent.tool_runner import ToolRunner
from harness.providers.preflight import EndpointUnreachable, check_endpoints
from harness.providers.registry import MissingApiKeyError, make_provider
from harness.providers.settings import ModelsFileError, ModelSettings, load_models_file
from harness.recording.trajectory import MediaStore, TrajectoryWriter, read_trajectory
from harness.tools.base import ImageLimits, ToolContext
from harness.tools.registry import make_tools

from tests.conftest import free_port
from tests.fakes.llm_server import FakeError, FakeLLMServer, FakeTurn
from tests.loop_harness import PRICES, run_loop

pytestmark = pytest.mark.usefixtures("api_keys")

FINISH = ("finish", '{"final_reply": "all done", "deliverables": []}')


@pytest.fixture
def server(llm_server):
    return llm_server


def compatible(server: FakeLLMServer, **over) -> ModelSettings:
    body = {"spec": "openai-compatible:local", "provider": "openai-compatible", "model": "local", "context_window": 8000,
            "max_output_tokens": 256, "base_url": server.base_url + "/v1", "prices": PRICES, "max_attempts": 4, **over}
    return ModelSettings(**body)


async def run_with(settings: ModelSettings, sandbox, trial_dir, limits=LoopLimits(), texts=None):
    trajectory = TrajectoryWriter(trial_dir / "trajectory.jsonl", fsync=False)
    tools = make_tools(disabled=set(), exec_timeout_s=60, with_search=False)
    runner = ToolRunner(tools, ToolContext(sandbox, trial_dir, ImageLimits(), (), {}), trajectory, MediaStore(trial_dir / "media"))
    extra = {"texts": texts} if texts else {}
    loop = AgentLoop(make_provider(settings), runner, trajectory, limits=limits, context_window=settings.context_window,
                     price=settings.cost_of, output_reserve=settings.max_output_tokens, **extra)
    result = await loop.run("You are tested.", "Do the task.")
    trajectory.close()
    return result, read_trajectory(trial_dir / "trajectory.jsonl")


# -- the request an OpenAI-compatible server gets --------------------------------------------------

@pytest.mark.docker
async def test_a_compatible_endpoint_gets_string_content_max_tokens_and_tool_choice(server, sandbox, tmp_path):
    server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo hi"}')]), FakeTurn(tool_calls=[FINISH]))
    result, _ = await run_with(compatible(server, stream=False), sandbox, tmp_path)
    assert result.status == "finished"
    second = server.requests[1].body
    assistant = [m for m in second["messages"] if m["role"] == "assistant"][0]
    assert assistant["content"] == "" and assistant["tool_calls"]  # never null: llama.cpp answers 500 to it
    assert second["max_tokens"] == 256 and "max_completion_tokens" not in second
    assert second["tool_choice"] == "auto"


@pytest.mark.docker
async def test_openai_itself_keeps_max_completion_tokens(server, sandbox, tmp_path):
    server.add(FakeTurn(tool_calls=[FINISH]))
    run = await run_loop("openai", server, sandbox, tmp_path)
    assert run.result.status == "finished"
    assert "max_completion_tokens" in run.bodies[0] and "max_tokens" not in run.bodies[0]
    assert run.bodies[0]["tool_choice"] == "auto"


# -- retries -----------------------------------------------------------------------------------------

@pytest.mark.docker
async def test_a_request_the_server_rejects_as_malformed_is_not_retried(server, sandbox, tmp_path):
    refusal = "1 validation error: messages.1.content: Input should be a valid string"
    server.add(FakeError(500, kind="server", message=refusal), FakeTurn(tool_calls=[FINISH]))
    started = time.monotonic()
    result, events = await run_with(compatible(server, stream=False), sandbox, tmp_path)
    assert result.status == "infra_error" and "Input should be a valid string" in (result.error or "")
    assert len(server.requests) == 1 and not [e for e in events if e["type"] == "retry"]
    assert time.monotonic() - started < 10


@pytest.mark.docker
async def test_a_cut_streams_tokens_are_counted_and_recorded_as_a_retry(server, sandbox, tmp_path):
    server.add(FakeTurn(text="a long partial answer " * 20, tool_calls=[FINISH], cut_stream=True),
               FakeTurn(tool_calls=[FINISH], input_tokens=100, output_tokens=20))
    result, events = await run_with(compatible(server), sandbox, tmp_path)
    assert result.status == "finished"
    retry = [e for e in events if e["type"] == "retry"]
    assert len(retry) == 1 and retry[0]["usage"]["estimated"] and retry[0]["usage"]["input"] > 0
    assert retry[0]["usage"]["output"] >= 1 and retry[0]["cost_usd"] > 0
    # The trial's totals hold both attempts: the answered call's 100 + 20 and the cut one's estimate.
    assert result.usage.input == 100 + retry[0]["usage"]["input"]
    assert result.usage.output == 20 + retry[0]["usage"]["output"]
    assert (result.model_calls, result.failed_attempts, result.estimated_calls) == (1, 1, 1)


@pytest.mark.docker
async def test_an_error_answer_records_no_usage_rather_than_a_silent_zero(server, sandbox, tmp_path):
    server.add(FakeError(503, kind="server"), FakeTurn(tool_calls=[FINISH]))
    result, events = await run_with(compatible(server, stream=False), sandbox, tmp_path)
    retry = [e for e in events if e["type"] == "retry"]
    assert result.status == "finished" and len(retry) == 1 and retry[0]["usage"] is None
    assert result.failed_attempts == 1


# -- usage a stream does not carry ---------------------------------------------------------------------

class NoStreamUsage(FakeLLMServer):
    """llama.cpp's server: streams carry no usage chunk, whatever stream_options ask."""

    def _events(self, fmt, rendered, body):
        from tests.fakes.sse import chat_events
        return chat_events(rendered, include_usage=False)


@pytest.mark.docker
async def test_a_stream_without_usage_is_estimated_and_said_once(sandbox, tmp_path):
    with NoStreamUsage() as server:
        server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo hi"}')]), FakeTurn(tool_calls=[FINISH]))
        result, events = await run_with(compatible(server), sandbox, tmp_path, limits=LoopLimits(max_total_tokens=10**9))
    calls = [e for e in events if e["type"] == "model_call"]
    assert len(calls) == 2 and all(c["usage"]["estimated"] and c["usage"]["input"] > 100 for c in calls)
    assert all(c["usage"]["output"] >= 1 and c["cost_usd"] > 0 for c in calls)
    notes = [e for e in events if e["type"] == "note"]
    assert [n["kind"] for n in notes] == ["usage_estimated"] and "estimate" in notes[0]["text"]
    assert result.estimated_calls == 2 and result.usage.estimated


@pytest.mark.docker
async def test_estimated_usage_still_stops_a_token_budget(sandbox, tmp_path):
    with NoStreamUsage() as server:
        server.default = FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo hi"}')])
        result, _ = await run_with(compatible(server), sandbox, tmp_path, limits=LoopLimits(max_total_tokens=1500))
    assert result.status == "budget_limit" and 2 <= result.turns <= 6


# -- a server that refuses streamed tools ----------------------------------------------------------------

class RefusesStreamedTools(FakeLLMServer):
    """llama-cpp-python with tool_choice auto: a streamed request with tools is refused."""

    def _check(self, fmt, body):
        if body.get("stream") and body.get("tools"):
            return self._fail(fmt, 500, "server_error", "Automatic streaming tool choice is not supported")
        return None


@pytest.mark.docker
async def test_a_server_refusing_streamed_tools_is_asked_unstreamed_and_the_run_told_once(sandbox, tmp_path):
    with RefusesStreamedTools() as server:
        server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo hi"}')]), FakeTurn(tool_calls=[FINISH]))
        settings = compatible(server, base_url=server.base_url + "/v1")
        result, events = await run_with(settings, sandbox, tmp_path / "a")
        assert result.status == "finished"
        streamed = [r.body.get("stream", False) for r in server.requests]
        assert streamed == [True, False, False]  # refused once, never retried streamed, then unstreamed
        notes = [e for e in events if e["type"] == "note" and e["kind"] == "stream_refused"]
        assert len(notes) == 1 and "unstreamed" in notes[0]["text"]
        # A second trial of the same run asks unstreamed from the start, and says nothing again.
        server.add(FakeTurn(tool_calls=[FINISH]))
        _, later = await run_with(settings, sandbox, tmp_path / "b")
        assert [r.body.get("stream", False) for r in server.requests][3:] == [False]
        assert not [e for e in later if e["type"] == "note"]


# -- compaction threshold ----------------------------------------------------------------------------------

@pytest.mark.docker
async def test_a_prompt_alone_past_the_threshold_warns_once_and_does_not_compact_every_turn(server, sandbox, tmp_path):
    big = dict(input_tokens=6000, output_tokens=10)  # 70 % of (8000 - 256) is 5420
    server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo 1"}')], **big),
               FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo 2"}')], **big),
               FakeTurn(tool_calls=[FINISH], **big))
    result, events = await run_with(compatible(server, stream=False), sandbox, tmp_path)
    assert result.status == "finished" and result.turns == 3
    notes = [e for e in events if e["type"] == "note"]
    assert [n["kind"] for n in notes] == ["prompt_over_threshold"] and "6,000 tokens" in notes[0]["text"]
    assert result.compactions == 0 and len(server.requests) == 3  # no summary asked for, turn after turn


# -- the judge's nudge ---------------------------------------------------------------------------------------

@pytest.mark.docker
async def test_the_judge_is_told_to_call_its_own_tool(server, sandbox, tmp_path):
    from autorater.judge.judge import JUDGE_TEXTS

    server.add(FakeTurn(text="thinking about it"), FakeTurn(tool_calls=[FINISH]))
    await run_with(compatible(server, stream=False), sandbox, tmp_path, texts=JUDGE_TEXTS)
    nudge = server.requests[1].body["messages"][-1]["content"]
    assert "submit_verdicts" in nudge and "call finish" not in nudge


# -- endpoints and keys, before any trial ------------------------------------------------------------------

def test_a_base_url_without_a_scheme_is_refused_at_load(tmp_path):
    path = tmp_path / "models.yaml"
    path.write_text("models:\n  openai-compatible:local:\n    base_url: localhost:8080/v1\n    context_window: 8000\n"
                    "    max_output_tokens: 512\n    prices: {input: 0, cached_input: 0, output: 0}\n")
    with pytest.raises(ModelsFileError, match=r"(?i)models.openai-compatible:local.base_url: .*not an http\(s\) URL"):
        load_models_file(path)


def test_an_endpoint_that_does_not_answer_is_named_with_its_cause_at_once():
    dead = f"http://127.0.0.1:{free_port()}/v1"
    settings = ModelSettings(spec="openai-compatible:local", provider="openai-compatible", model="local",
                             context_window=8000, max_output_tokens=256, base_url=dead, prices=PRICES)
    started = time.monotonic()
    with pytest.raises(EndpointUnreachable) as caught:
        check_endpoints([settings])
    assert dead in str(caught.value) and "Connection refused" in str(caught.value)
    assert time.monotonic() - started < 5


def test_an_endpoint_answering_anything_counts_as_there(server):
    check_endpoints([compatible(server)])  # the fake has no /models route: a 404 is still an answer


def test_a_named_key_variable_that_is_unset_is_named(server, monkeypatch):
    monkeypatch.delenv("MY_ROUTER_KEY", raising=False)
    with pytest.raises(MissingApiKeyError, match="set MY_ROUTER_KEY"):
        make_provider(compatible(server, api_key_env="MY_ROUTER_KEY"))


class WantsAKey(FakeLLMServer):
    def _check(self, fmt, body):
        return self._fail(fmt, 401, "invalid_request_error", "Incorrect API key provided")


@pytest.mark.docker
async def test_a_keyless_401_names_the_variable_to_set(sandbox, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_COMPATIBLE_API_KEY", raising=False)
    with WantsAKey() as server:
        result, _ = await run_with(compatible(server, stream=False), sandbox, tmp_path)
    assert result.status == "infra_error" and "set OPENAI_COMPATIBLE_API_KEY" in (result.error or "")


def test_trial_json_reads_records_written_before_these_fields(tmp_path):
    from harness.recording.trial import TrialRecord

    (tmp_path / "trial.json").write_text(json.dumps({"trial_id": "t", "task": "x", "model": "m", "config": {}}))
    record = TrialRecord.read(tmp_path)
    assert (record.model_calls, record.failed_attempts, record.usage_estimated_calls) == (0, 0, 0)


# -- streamed tool calls whose every delta repeats the id and name ------------------------------------

class RepeatsToolCallHeads(FakeLLMServer):
    """llama.cpp's server: each delta of a streamed tool call carries its id and name again."""

    def _events(self, fmt, rendered, body):
        events = super()._events(fmt, rendered, body)
        calls = rendered["choices"][0]["message"].get("tool_calls") or []
        for _, chunk in events:
            if not isinstance(chunk, dict):
                continue
            for choice in chunk.get("choices") or []:
                for delta in (choice.get("delta") or {}).get("tool_calls") or []:
                    call = calls[delta["index"]]
                    delta["id"], delta["type"] = call["id"], "function"
                    delta["function"]["name"] = call["function"]["name"]
        return events


@pytest.mark.docker
async def test_repeated_tool_call_names_in_a_stream_are_not_joined(sandbox, tmp_path):
    with RepeatsToolCallHeads() as server:
        server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo hi"}')]), FakeTurn(tool_calls=[FINISH]))
        result, events = await run_with(compatible(server), sandbox, tmp_path)
    calls = [c for e in events if e["type"] == "assistant" for c in e["tool_calls"]]
    assert [c["name"] for c in calls] == ["code_exec", "finish"] and result.status == "finished"
    assert calls[0]["arguments"] == '{"cmd": "echo hi"}'
