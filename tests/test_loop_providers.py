"""The loop through the real OpenAI and Anthropic SDKs against a loopback server, real sandbox tools."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from harness.agent import prompts
from harness.agent.loop import LoopLimits
from harness.tools.base import ToolOutput
from harness.tools.registry import make_tools
from harness.tools.web_search import BACKEND_EXTRA, make_backend

from tests.fakes.llm_server import FakeError, FakeLLMServer, FakeTurn
from tests.loop_harness import FORMATS, run_loop

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("api_keys")]
FINISH = ("finish", '{"final_reply": "all done", "deliverables": []}')



@pytest.fixture
def server(llm_server):
    return llm_server


class RaisingTool:
    name = "raiser"
    description = "Always crashes."
    parameters = {"type": "object", "properties": {}, "additionalProperties": False}

    async def run(self, args, ctx) -> ToolOutput:
        raise RuntimeError("boom inside the tool")


@pytest.mark.parametrize("provider", FORMATS)
async def test_continue_parallel_calls_and_tool_errors(provider, server, sandbox, tmp_path):
    server.add(
        FakeTurn(text="Let me think first."),
        FakeTurn(tool_calls=[
            ("code_exec", '{"cmd": "sleep 1; echo A"}'),
            ("code_exec", '{"cmd": "sleep 1; echo B"}'),
            ("no_such_tool", "{}"),
            ("raiser", "{}"),
            ("code_exec", '{"command": "wrong field"}'),
        ]),
        FakeTurn(tool_calls=[FINISH]),
    )
    tools = make_tools(disabled=set(), exec_timeout_s=60, with_search=False) + [RaisingTool()]
    run = await run_loop(provider, server, sandbox, tmp_path, tools=tools)

    assert run.result.status == "finished" and run.result.turns == 3
    assert run.result.final_reply == "all done"
    assert prompts.CONTINUE in run.body_text(1)  # a text-only reply did not end the run
    results = {e["call_id"]: e for e in run.of_type("tool_result")}
    calls = run.of_type("assistant")[1]["tool_calls"]
    a, b, unknown, raiser, invalid = (results[c["id"]] for c in calls)
    assert max(a["started_mono"], b["started_mono"]) < min(a["ended_mono"], b["ended_mono"])  # concurrent
    assert "A" in a["text"] and "B" in b["text"]
    assert "unknown tool 'no_such_tool'" in unknown["text"] and not unknown["ok"]
    assert "boom inside the tool" in raiser["text"] and not raiser["ok"]
    assert "invalid arguments for code_exec" in invalid["text"]
    crash = [e for e in run.of_type("error") if e["where"] == "tool:raiser"]
    assert crash and "RuntimeError" in crash[0]["traceback"]
    # All five results went back to the model in the provider's own shape.
    third = run.body_text(2)
    assert "unknown tool" in third and "boom inside the tool" in third
    # Token accounting: three calls of 100 in / 20 out at 2 and 8 USD per million.
    assert (run.result.usage.input, run.result.usage.output) == (300, 60)
    assert run.result.cost_usd == pytest.approx((300 * 2.0 + 60 * 8.0) / 1e6)


@pytest.mark.parametrize("provider", ["openai", "openai-responses"])
async def test_malformed_json_arguments_are_quoted_back(provider, server, sandbox, tmp_path):
    server.add(FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo unterminated')]), FakeTurn(tool_calls=[FINISH]))
    run = await run_loop(provider, server, sandbox, tmp_path)
    result = run.of_type("tool_result")[0]
    assert "invalid JSON in arguments" in result["text"]
    assert '{"cmd": "echo unterminated' in result["text"]  # the raw text is quoted back
    assert run.result.status == "finished"
    # The history sent back holds a valid JSON object, never the malformed text: strict servers
    # (vLLM) reject the whole request otherwise. The trajectory keeps what the model produced.
    replayed = run.bodies[1]
    sent = [json.loads(a) for a in _replayed_arguments(replayed)]
    assert sent == [{}] and "echo unterminated" not in json.dumps(replayed).split('"tool"')[0].split("function_call_output")[0]
    assert run.of_type("assistant")[0]["tool_calls"][0]["arguments"] == '{"cmd": "echo unterminated'


def _replayed_arguments(body: dict) -> list[str]:
    """The function-call arguments in a Chat Completions or Responses request's history."""
    if "messages" in body:
        return [c["function"]["arguments"] for m in body["messages"] for c in m.get("tool_calls") or []]
    return [item["arguments"] for item in body["input"] if item.get("type") == "function_call"]


@pytest.mark.parametrize("provider", FORMATS)
async def test_turn_warnings_count_down_in_the_last_20_turns(provider, server, sandbox, tmp_path):
    server.default = FakeTurn(text="still working")
    run = await run_loop(provider, server, sandbox, tmp_path, limits=LoopLimits(max_turns=23))
    assert run.result.status == "turn_limit" and run.result.turns == 23
    warnings = [e["text"] for e in run.of_type("user") if e["kind"] == "warning"]
    assert len(warnings) == 20
    assert warnings[0] == prompts.turn_warning(20) and warnings[-1] == prompts.turn_warning(1)
    assert "1 turn left" in warnings[-1]
    assert "turns left" not in run.body_text(2)  # turn 3: 21 left, no warning yet
    assert prompts.turn_warning(20) in run.body_text(3)


@pytest.mark.parametrize("provider", FORMATS)
async def test_compaction_at_70_percent_restarts_from_the_summary(provider, server, sandbox, tmp_path):
    server.add(
        FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo secret-detail"}')], input_tokens=640, output_tokens=70),
        FakeTurn(text="## Task\nsum the CSV\n## Next steps\nfinish", input_tokens=700, output_tokens=50),
        FakeTurn(tool_calls=[FINISH], input_tokens=120, output_tokens=10),
    )
    run = await run_loop(provider, server, sandbox, tmp_path, context_window=1000)
    assert run.result.status == "finished"
    assert run.result.compactions == 1
    assert "Write a structured summary" in run.body_text(1)  # the compaction request
    after = run.body_text(2)
    assert "sum the CSV" in after and "secret-detail" not in after  # history restarted from the summary
    assert run.of_type("compaction")[0]["reason"] == "threshold"
    purposes = [e["purpose"] for e in run.of_type("model_call")]
    assert purposes == ["turn", "compaction", "turn"]
    assert (run.result.usage.input, run.result.usage.output) == (640 + 700 + 120, 70 + 50 + 10)
    assert run.result.turns == 2  # the compaction call is not a turn, but its tokens count


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (12, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.mark.parametrize("kind", ["context_length", "too_many_images"])
@pytest.mark.parametrize("provider", FORMATS)
async def test_overflow_drops_the_latest_turn_compacts_and_retries(provider, kind, server, sandbox, tmp_path):
    await sandbox.write_file("huge.png", _png(64, 64))
    server.add(
        FakeTurn(tool_calls=[("view_image", '{"path": "huge.png"}')]),
        FakeError(400, kind=kind),
        FakeTurn(text="## Task\nsummary after overflow"),
        FakeTurn(tool_calls=[FINISH]),
    )
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "finished"
    image_b64 = base64.b64encode(_png(64, 64)).decode()
    assert image_b64 in run.body_text(1)  # the request that overflowed carried the image
    assert image_b64 not in run.body_text(2)  # the compaction request no longer does
    assert prompts.OVERFLOW_DROPPED in run.body_text(3)
    overflow = [e for e in run.of_type("error") if e.get("kind") == "context_overflow"]
    assert len(overflow) == 1
    assert run.of_type("compaction")[0]["reason"] == "overflow"


@pytest.mark.parametrize("provider", FORMATS)
async def test_second_overflow_ends_the_run_as_the_models_context_overflow(provider, server, sandbox, tmp_path):
    server.add(
        FakeTurn(tool_calls=[("code_exec", '{"cmd": "true"}')]),
        FakeError(400, kind="context_length"),
        FakeTurn(text="summary"),
        FakeError(400, kind="context_length"),
    )
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "context_overflow"  # the model's end: graded on what it delivered
    assert "too long" in run.result.error or "maximum context length" in run.result.error


@pytest.mark.parametrize("provider", FORMATS)
async def test_output_limit_keeps_partial_text_and_continues(provider, server, sandbox, tmp_path):
    server.add(
        FakeTurn(text="The first half of my answer", stop="length", tool_calls=[("code_exec", '{"cmd": "touch /workspace/should-not-exist"}')]),
        FakeTurn(tool_calls=[FINISH]),
    )
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "finished"
    second = run.body_text(1)
    assert "The first half of my answer" in second and prompts.CUT_OFF in second
    assert not (await sandbox.exec("test -e /workspace/should-not-exist")).ok  # the cut call never ran
    assert run.of_type("assistant")[0]["stop"] == "length"


@pytest.mark.parametrize("provider", FORMATS)
async def test_rate_limit_with_retry_after_then_success(provider, server, sandbox, tmp_path):
    server.add(FakeError(429, retry_after=0.3), FakeError(503, kind="server"), FakeTurn(tool_calls=[FINISH]))
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "finished"
    assert len(server.requests) == 3  # our retries, not the SDK's (max_retries=0)
    assert server.requests[1].ts - server.requests[0].ts >= 0.3
    retries = run.of_type("retry")  # each retry is a trajectory event, its wait inside model_s
    assert [(r["attempt"], r["status"]) for r in retries] == [(1, 429), (2, 503)]
    assert retries[0]["wait_s"] == pytest.approx(0.3, abs=0.05)
    assert run.result.model_s >= 0.3


@pytest.mark.parametrize("provider", FORMATS)
async def test_a_stream_cut_before_its_end_is_retried_not_taken_as_the_reply(provider, server, sandbox, tmp_path):
    server.add(FakeTurn(text="half an answer that goes on", tool_calls=[FINISH], cut_stream=True),
               FakeTurn(tool_calls=[FINISH]))
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "finished" and run.result.turns == 1
    retry = run.of_type("retry")
    assert len(retry) == 1 and "StreamInterruptedError" in retry[0]["error"] and retry[0]["status"] is None
    assert run.of_type("assistant")[0]["text"] == ""  # the partial text never became a turn


@pytest.mark.parametrize("provider", FORMATS)
async def test_view_image_reaches_the_request_at_original_size(provider, server, sandbox, tmp_path):
    original = _png(1500, 900)
    await sandbox.write_file("plans/plan.png", original)
    server.add(FakeTurn(tool_calls=[("view_image", '{"path": "plans/plan.png"}')]), FakeTurn(tool_calls=[FINISH]))
    run = await run_loop(provider, server, sandbox, tmp_path)
    encoded = base64.b64encode(original).decode()
    body = run.bodies[1]
    if provider == "openai":
        images = [p for m in body["messages"] if isinstance(m.get("content"), list) for p in m["content"] if p["type"] == "image_url"]
        assert images[0]["image_url"]["url"] == f"data:image/png;base64,{encoded}"
        assert images[0]["image_url"]["detail"] == "original"
    elif provider == "openai-responses":
        outputs = [i for i in body["input"] if i.get("type") == "function_call_output"]
        image = next(p for p in outputs[0]["output"] if p["type"] == "input_image")
        assert image["image_url"] == f"data:image/png;base64,{encoded}"
    else:
        results = [b for m in body["messages"] if isinstance(m["content"], list) for b in m["content"] if b["type"] == "tool_result"]
        image = next(b for b in results[0]["content"] if b["type"] == "image")
        assert image["source"] == {"type": "base64", "media_type": "image/png", "data": encoded}
    shown = Image.open(io.BytesIO(base64.b64decode(encoded)))
    assert shown.size == (1500, 900)
    saved = run.of_type("tool_result")[0]["images"][0]
    assert (tmp_path / "media" / f"{saved}.png").read_bytes() == original


@pytest.mark.parametrize("provider", FORMATS)
async def test_disabled_view_image_is_absent_from_the_schema(provider, server, sandbox, tmp_path):
    server.add(FakeTurn(tool_calls=[FINISH]))
    tools = make_tools(disabled={"view_image"}, exec_timeout_s=60, with_search=False)
    run = await run_loop(provider, server, sandbox, tmp_path, tools=tools)
    names = json.dumps(run.bodies[0]["tools"])
    assert "view_image" not in names and "code_exec" in names and "finish" in names
    assert "view_image" not in prompts.system_prompt(has_view_image=False, max_turns=250)
    assert "view_image" in prompts.system_prompt(has_view_image=True, max_turns=250)


@pytest.mark.parametrize("provider", ["anthropic", "openai-responses"])
async def test_reasoning_is_passed_back_verbatim(provider, server, sandbox, tmp_path):
    server.add(
        FakeTurn(thinking="I should list the inputs first.", tool_calls=[("code_exec", '{"cmd": "ls"}')]),
        FakeTurn(tool_calls=[FINISH]),
    )
    run = await run_loop(provider, server, sandbox, tmp_path)
    body = run.bodies[1]
    if provider == "anthropic":
        assistant = next(m for m in body["messages"] if m["role"] == "assistant")
        thinking = assistant["content"][0]
        assert thinking["type"] == "thinking" and thinking["thinking"] == "I should list the inputs first."
        assert thinking["signature"].startswith("sig-")
        assert assistant["content"][-1]["type"] == "tool_use"
    else:
        # store=false and no reasoning effort set, so no include=["reasoning.encrypted_content"]:
        # the API stored nothing, and an id-only reasoning item would be a 404. It stays out of
        # the history (the strict Responses fake checks the replay with encrypted content).
        assert body["store"] is False and "include" not in body
        assert not [i for i in body["input"] if i.get("type") == "reasoning"]
        assert run.of_type("assistant")[0]["reasoning"] == "I should list the inputs first."


async def test_web_search_on_the_embedded_offline_index(server, sandbox, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "tariffs.md").write_text("url: https://example.org/tariffs\n# Grid tariffs 2026\nPeak tariff is 31 cents per kWh.\n")
    (corpus / "weather.md").write_text("# Rainfall\nApril rainfall was 80 mm.\n")
    server.add(FakeTurn(tool_calls=[("web_search", '{"query": "peak grid tariff"}')]), FakeTurn(tool_calls=[FINISH]))
    tools = make_tools(disabled=set(), exec_timeout_s=60, with_search=True)
    trial = tmp_path / "trial"
    run = await run_loop("openai", server, sandbox, trial, tools=tools, extras={BACKEND_EXTRA: make_backend(f"offline:{corpus}")})
    result = run.of_type("tool_result")[0]
    assert result["ok"] and "Grid tariffs 2026" in result["text"] and "https://example.org/tariffs" in result["text"]
    assert "Grid tariffs 2026" in run.body_text(1)
    assert len(list((trial / "search_cache").glob("*.json"))) == 1  # cached for replay


def _deepseek_thinking_with_tools(body: dict, fmt: str):
    """DeepSeek's thinking mode with tools: an assistant tool-call message sent back without its
    reasoning_content is rejected with a 400, as the real API does; otherwise finish."""
    for message in body.get("messages", []):
        if message.get("role") == "assistant" and message.get("tool_calls") and not message.get("reasoning_content"):
            return FakeError(400, kind="server")
    return FakeTurn(tool_calls=[FINISH])


@pytest.mark.parametrize("provider", FORMATS)
async def test_reasoning_is_recorded_and_passed_back(provider, server, sandbox, tmp_path):
    server.add(FakeTurn(thinking="The sheet needs a total first.", tool_calls=[("code_exec", '{"cmd": "true"}')],
                        reasoning_tokens=7),
               _deepseek_thinking_with_tools if provider == "openai" else FakeTurn(tool_calls=[FINISH]))
    run = await run_loop(provider, server, sandbox, tmp_path)
    assert run.result.status == "finished", run.result.error
    assert run.of_type("assistant")[0]["reasoning"] == "The sheet needs a total first."
    # Counted as reasoning (Anthropic: usage.output_tokens_details.thinking_tokens), inside output.
    assert run.result.usage.reasoning == 7 and not run.result.usage.reasoning_uncounted
    assert all(r.body.get("stream") is True for r in server.requests)  # streamed by default
    if provider == "anthropic":  # thinking blocks intact, signature included
        assert '"signature"' in run.body_text(1)
    if provider != "openai-responses":  # Responses: only with encrypted content (see above)
        assert "The sheet needs a total first." in run.body_text(1)  # given back in the next request
