"""The real agent loop against strict vendor fakes, streamed and not; and each fake's refusals.

Each strict fake (tests/fakes/strict_vendors.py) rejects what its vendor rejects. A run that
finishes against it proves the provider sends back what the vendor requires (reasoning in the
vendor's field, valid tool-call history after a malformed call, retries honouring
Retry-After); the negative tests prove each fake really refuses the wrong request, with the
vendor's status and error shape, so a green run means something.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

from harness.agent.loop import AgentLoop, LoopLimits
from harness.agent.tool_runner import ToolRunner
from harness.providers.registry import make_provider
from harness.providers.settings import ModelSettings, ModelsFileError, load_models_file
from harness.recording.trajectory import MediaStore, TrajectoryWriter, read_trajectory
from harness.tools.base import ImageLimits, ToolContext
from harness.tools.registry import make_tools

from tests.fakes.llm_server import FakeError, FakeTurn
from tests.fakes.strict_vendors import (
    AnthropicFake, DeepSeekFake, OpenRouterFake, ResponsesFake, StrictVendor, VLLMFake,
)
from tests.loop_harness import PRICES, LoopRun

pytestmark = pytest.mark.usefixtures("api_keys")
FINISH = ("finish", '{"final_reply": "all done", "deliverables": []}')
BROKEN_JSON = '{"cmd": "ls -la'  # a model's truncated arguments
USER = {"role": "user", "content": "Count the input files."}
CALL = {"id": "call_1", "type": "function", "function": {"name": "code_exec", "arguments": '{"cmd": "ls"}'}}
TOOLS_CHAT = [{"type": "function", "function": {"name": "code_exec", "parameters": {"type": "object"}}}]
TOOLS_RESPONSES = [{"type": "function", "name": "code_exec", "parameters": {"type": "object"}, "strict": False}]
TOOLS_ANTHROPIC = [{"name": "code_exec", "input_schema": {"type": "object"}}]
THINKING = {"type": "enabled", "budget_tokens": 2048}


@dataclass(frozen=True)
class Vendor:
    fake: type[StrictVendor]
    provider: str
    malformed: str  # the arguments the model emits in its first turn
    retry_status: int
    settings: dict[str, Any] = field(default_factory=dict)


VENDORS = {
    "vllm": Vendor(VLLMFake, "openai-compatible", BROKEN_JSON, 503),
    "deepseek": Vendor(DeepSeekFake, "openai-compatible", BROKEN_JSON, 429),
    "openrouter": Vendor(OpenRouterFake, "openai-compatible", BROKEN_JSON, 429),
    # Anthropic's tool_use input is always a JSON object: "malformed" is the wrong field.
    "anthropic": Vendor(AnthropicFake, "anthropic", '{"command": "ls"}', 429, {"thinking_budget": 2048}),
    "responses": Vendor(ResponsesFake, "openai-responses", BROKEN_JSON, 503, {"reasoning_effort": "low"}),
}
# The model's three turns; the first one's tool call is the vendor's `malformed` arguments.
SCRIPT = (
    FakeTurn(thinking="First I look at the inputs.", reasoning_tokens=11),
    FakeTurn(thinking="The listing is in; now echo the count.", tool_calls=[("code_exec", '{"cmd": "echo 3 files"}')],
             reasoning_tokens=13),
    FakeTurn(thinking="Done; submit.", tool_calls=[FINISH], reasoning_tokens=5),
)
# Timings and error texts (they quote request ids) differ between two runs of the same script.
VOLATILE = {"ts", "mono", "latency_s", "started", "ended", "started_mono", "ended_mono", "wall_s", "model_s", "tool_s",
            "duration_s", "error"}



def settings_for(vendor: Vendor, server: StrictVendor, stream: bool) -> ModelSettings:
    base = server.base_url if vendor.provider == "anthropic" else server.base_url + "/v1"
    return ModelSettings(spec=f"{vendor.provider}:fake-model", provider=vendor.provider, model="fake-model",
                         context_window=100_000, max_output_tokens=4000, base_url=base, prices=PRICES, max_attempts=3,
                         stream=stream, **vendor.settings)


async def run_against(vendor: Vendor, sandbox, trial_dir: Path, *, stream: bool) -> tuple[LoopRun, StrictVendor]:
    """A three-turn run: a malformed call, a 429/503 with Retry-After, a real call, finish."""
    first, second, third = SCRIPT
    first = FakeTurn(thinking=first.thinking, reasoning_tokens=first.reasoning_tokens,
                     tool_calls=[("code_exec", vendor.malformed)])
    kind = "rate_limit" if vendor.retry_status == 429 else "server"
    with vendor.fake([first, FakeError(vendor.retry_status, kind=kind, retry_after=0.2), second, third]) as server:
        settings = settings_for(vendor, server, stream)
        trajectory = TrajectoryWriter(trial_dir / "trajectory.jsonl", fsync=False)
        ctx = ToolContext(sandbox, trial_dir, ImageLimits(), (), {})
        runner = ToolRunner(make_tools(disabled=set(), exec_timeout_s=60, with_search=False), ctx, trajectory,
                            MediaStore(trial_dir / "media"))
        loop = AgentLoop(make_provider(settings), runner, trajectory, limits=LoopLimits(), context_window=100_000,
                         price=settings.cost_of)
        result = await loop.run("You are tested.", "Count the input files.")
        trajectory.close()
    return LoopRun(result, read_trajectory(trial_dir / "trajectory.jsonl"), [r.body for r in server.requests]), server


def passed_back(name: str, body: dict[str, Any]) -> list[str]:
    """The reasoning texts a request's history gives back, read from the vendor's own field."""
    if name == "anthropic":
        return [b["thinking"] for m in body["messages"] if m["role"] == "assistant" for b in m["content"]
                if b["type"] == "thinking"]
    if name == "responses":
        return [i["summary"][0]["text"] for i in body["input"] if i.get("type") == "reasoning" and i.get("encrypted_content")]
    field_name = {"vllm": "reasoning", "deepseek": "reasoning_content"}.get(name)
    assistants = [m for m in body["messages"] if m["role"] == "assistant"]
    if field_name:
        return [m[field_name] for m in assistants]
    return [m["reasoning_details"][0]["text"] for m in assistants]  # OpenRouter


def check_run(name: str, run: LoopRun, server: StrictVendor, stream: bool) -> None:
    assert run.result.status == "finished", (run.result.error, server.rejections)
    assert server.rejections == [] and len(server.requests) == 4
    assert all(bool(body.get("stream")) is stream for body in run.bodies)
    # Reasoning recorded per turn, counted as reasoning tokens (inside output), given back.
    assert [e.get("reasoning") for e in run.of_type("assistant")] == [t.thinking for t in SCRIPT]
    assert [c["usage"]["reasoning"] for c in run.of_type("model_call")] == [11, 13, 5]
    assert run.result.usage.reasoning == 29 and not run.result.usage.reasoning_uncounted
    assert passed_back(name, run.bodies[3]) == [SCRIPT[0].thinking, SCRIPT[1].thinking]
    # One retry, as a trajectory event, waiting what Retry-After said.
    retries = run.of_type("retry")
    assert [(r["attempt"], r["status"]) for r in retries] == [(1, VENDORS[name].retry_status)]
    assert retries[0]["wait_s"] == pytest.approx(0.2, abs=0.05)
    # The malformed call was reported to the model and did not poison the next request.
    bad = run.of_type("tool_result")[0]
    assert not bad["ok"] and ("could not parse" in bad["text"] or "invalid arguments" in bad["text"])
    assert "3 files" in run.of_type("tool_result")[1]["text"]


def normalized(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: normalized(v) for k, v in value.items() if k not in VOLATILE}
    return [normalized(v) for v in value] if isinstance(value, list) else value


@pytest.mark.docker
@pytest.mark.parametrize("name", VENDORS)
async def test_strict_vendor_run_finishes_streamed_and_not(name, sandbox, tmp_path):
    vendor = VENDORS[name]
    streamed, server = await run_against(vendor, sandbox, tmp_path / "streamed", stream=True)
    check_run(name, streamed, server, stream=True)
    plain, server = await run_against(vendor, sandbox, tmp_path / "plain", stream=False)
    check_run(name, plain, server, stream=False)
    # The same trajectory (events, usage, tool calls) and the same history sent, either way.
    assert normalized(streamed.events) == normalized(plain.events)
    strip = ("stream", "stream_options")
    assert [{k: v for k, v in b.items() if k not in strip} for b in streamed.bodies] == \
           [{k: v for k, v in b.items() if k not in strip} for b in plain.bodies]


def test_stream_option_in_models_file(tmp_path):
    path = tmp_path / "models.yaml"
    path.write_text("models:\n  openai-compatible:m:\n    base_url: http://localhost:1/v1\n    context_window: 1000\n"
                    "    max_output_tokens: 100\n    stream: false\n    prices: {input: 0, cached_input: 0, output: 0}\n")
    assert load_models_file(path)["openai-compatible:m"].stream is False
    path.write_text(path.read_text().replace("stream: false", "stream: sometimes"))
    with pytest.raises(ModelsFileError, match=r"models\.openai-compatible:m\.stream: input should be a valid boolean"):
        load_models_file(path)


# ---- each fake refuses what its vendor refuses ----------------------------------------


def oai(server: StrictVendor) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url + "/v1", api_key="k", max_retries=0, timeout=10,
                         _strict_response_validation=True)


def ant(server: StrictVendor) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=server.base_url, api_key="k", max_retries=0, timeout=10,
                               _strict_response_validation=True)


def chat_history(assistant: dict[str, Any]) -> list[dict[str, Any]]:
    call_id = assistant["tool_calls"][0]["id"]
    return [USER, assistant, {"role": "tool", "tool_call_id": call_id, "content": "a.csv"}]


def test_vllm_rejects_malformed_arguments_in_history():
    with VLLMFake([FakeTurn(text="fine")]) as fake:
        broken = {"role": "assistant", "content": None,
                  "tool_calls": [{**CALL, "function": {"name": "code_exec", "arguments": BROKEN_JSON}}]}
        with pytest.raises(openai.BadRequestError) as refused:
            oai(fake).chat.completions.create(model="m", messages=chat_history(broken), tools=TOOLS_CHAT)
        assert refused.value.status_code == 400
        assert refused.value.body == {"message": "Unterminated string starting at: line 1 column 9 (char 8)",
                                      "type": "BadRequestError", "param": None, "code": 400}
        assert fake.remaining == 1  # refused before any reply was spent
        fixed = {"role": "assistant", "content": None, "tool_calls": [CALL]}
        assert oai(fake).chat.completions.create(model="m", messages=chat_history(fixed)).choices[0].message.content == "fine"


def test_deepseek_rejects_a_tool_call_turn_without_its_reasoning_content():
    with DeepSeekFake([FakeTurn(text="fine")]) as fake:
        bare = {"role": "assistant", "content": None, "tool_calls": [CALL]}
        with pytest.raises(openai.BadRequestError) as refused:
            oai(fake).chat.completions.create(model="m", messages=chat_history(bare), tools=TOOLS_CHAT)
        assert refused.value.body == {"message": DeepSeekFake.MISSING, "type": "invalid_request_error", "param": None,
                                      "code": "invalid_request_error"}
        kept = {**bare, "reasoning_content": "I list the files."}
        assert oai(fake).chat.completions.create(model="m", messages=chat_history(kept)).choices[0].message.content == "fine"


def test_openrouter_rejects_missing_or_altered_reasoning_details():
    with OpenRouterFake([FakeTurn(thinking="List first.", tool_calls=[("code_exec", '{"cmd": "ls"}')])]) as fake:
        fake.default = FakeTurn(text="fine")
        client = oai(fake)
        message = client.chat.completions.create(model="m", messages=[USER], tools=TOOLS_CHAT).choices[0].message
        issued = message.model_dump(exclude_none=True, include={"role", "content", "tool_calls", "reasoning_details"})
        assert issued["reasoning_details"][0]["type"] == "reasoning.text"

        def refusal(assistant: dict[str, Any]) -> dict[str, Any]:
            with pytest.raises(openai.BadRequestError) as refused:
                client.chat.completions.create(model="m", messages=chat_history(assistant), tools=TOOLS_CHAT)
            body = refused.value.body
            assert body["code"] == 400 and body["message"] == "Provider returned error"
            assert body["metadata"]["provider_name"] == "Anthropic"
            return json.loads(body["metadata"]["raw"])["error"]

        missing = {k: v for k, v in issued.items() if k != "reasoning_details"}
        assert "Expected `thinking` or `redacted_thinking`" in refusal(missing)["message"]
        altered = json.loads(json.dumps(issued))
        altered["reasoning_details"][0]["signature"] = "forged"
        assert "Invalid `signature`" in refusal(altered)["message"]
        # What the SDK's generic stream accumulator makes of OpenRouter's deltas (every delta
        # repeats `format`): not what was issued, and refused — why chat_stream merges them itself.
        fake.add(FakeTurn(thinking="List first.", tool_calls=[("code_exec", '{"cmd": "ls"}')]))
        with client.chat.completions.stream(model="m", messages=[USER], tools=TOOLS_CHAT) as stream:
            stream.until_done()
            snapshot = stream.current_completion_snapshot.choices[0].message
        garbled = snapshot.model_dump(exclude_none=True, include={"role", "content", "tool_calls", "reasoning_details"})
        assert garbled["reasoning_details"][0]["format"] != OpenRouterFake.FORMAT
        for call in garbled["tool_calls"]:  # the snapshot's own bookkeeping, not part of the message
            call.pop("index", None)
            call["function"].pop("parsed_arguments", None)
        assert "Invalid `signature`" in refusal(garbled)["message"]
        assert client.chat.completions.create(model="m", messages=chat_history(issued)).choices[0].message.content == "fine"


@pytest.fixture
def anthropic_turn():
    """A strict Anthropic fake and the assistant turn it issued: signed thinking, then a tool_use."""
    with AnthropicFake([FakeTurn(thinking="List first.", tool_calls=[("code_exec", '{"cmd": "ls"}')])]) as fake:
        fake.default = FakeTurn(text="fine")
        first = [{"role": "user", "content": "Count the files."}]
        reply = ant(fake).messages.create(model="m", max_tokens=4000, thinking=THINKING, tools=TOOLS_ANTHROPIC,
                                          messages=first)
        assistant = {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]}
        yield fake, first, assistant


def _result(tool_use_id: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_use_id, "content": "a.csv"}]}


@pytest.mark.parametrize("case, expected", [
    ("altered_thinking", "blocks in the latest assistant message cannot be modified"),
    ("forged_signature", "Invalid `signature` in `thinking` block"),
    ("thinking_dropped", "a final `assistant` message must start with a thinking block"),
    ("orphan_tool_result", "unexpected `tool_use_id` found in `tool_result` blocks: toolu_unknown"),
    ("tool_use_unanswered", "`tool_use` ids were found without `tool_result` blocks immediately after"),
    ("roles_repeat", 'roles must alternate between "user" and "assistant"'),
    ("budget_too_small", "budget_tokens: Input should be greater than or equal to 1024"),
])
def test_anthropic_refusals(anthropic_turn, case, expected):
    fake, first, assistant = anthropic_turn
    thinking, tool_use = assistant["content"]
    messages = [*first, assistant, _result(tool_use["id"])]
    options: dict[str, Any] = {"thinking": THINKING}
    if case == "altered_thinking":
        messages[1] = {"role": "assistant", "content": [{**thinking, "thinking": "Something else."}, tool_use]}
    elif case == "forged_signature":
        messages[1] = {"role": "assistant", "content": [{**thinking, "signature": "EqForged"}, tool_use]}
    elif case == "thinking_dropped":
        messages[1] = {"role": "assistant", "content": [tool_use]}
    elif case == "orphan_tool_result":  # beside the real result: a result for a call never made
        messages[2]["content"] += _result("toolu_unknown")["content"]
    elif case == "tool_use_unanswered":
        messages[2] = {"role": "user", "content": "go on"}
    elif case == "roles_repeat":
        messages.append({"role": "user", "content": "and?"})
    else:
        options = {"thinking": {"type": "enabled", "budget_tokens": 512}}
    with pytest.raises(anthropic.BadRequestError) as refused:
        ant(fake).messages.create(model="m", max_tokens=4000, tools=TOOLS_ANTHROPIC, messages=messages, **options)
    body = refused.value.body
    assert refused.value.status_code == 400 and body["type"] == "error" and body["request_id"].startswith("req_")
    assert body["error"]["type"] == "invalid_request_error" and expected in body["error"]["message"]
    assert fake.rejections[-1] == (400, body["error"]["message"])


def test_anthropic_accepts_the_turn_as_issued_streamed(anthropic_turn):
    fake, first, assistant = anthropic_turn
    messages = [*first, assistant, _result(assistant["content"][1]["id"])]
    with ant(fake).messages.stream(model="m", max_tokens=4000, thinking=THINKING, tools=TOOLS_ANTHROPIC,
                                   messages=messages) as stream:
        assert stream.get_final_message().content[0].text == "fine"
    assert fake.rejections == []


@pytest.fixture
def responses_turn():
    """A strict Responses fake and the output it issued with encrypted reasoning (store=false)."""
    with ResponsesFake([FakeTurn(thinking="List first.", tool_calls=[("code_exec", '{"cmd": "ls"}')])]) as fake:
        fake.default = FakeTurn(text="fine")
        reply = oai(fake).responses.create(model="m", input=[USER], tools=TOOLS_RESPONSES, store=False,
                                           include=["reasoning.encrypted_content"])
        yield fake, [item.model_dump(exclude_none=True) for item in reply.output]


def _output(call_id: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": "a.csv"}


@pytest.mark.parametrize("case, status, expected", [
    ("orphan_output", 400, "No tool call found for function call output with call_id call_unknown."),
    ("call_unanswered", 400, "No tool output found for function call"),
    ("reasoning_by_id_only", 404, "Items are not persisted when `store` is set to false."),
    ("reasoning_alone", 400, "of type 'reasoning' was provided without its required following item."),
    ("reasoning_forged", 400, "could not be verified"),
])
def test_responses_refusals(responses_turn, case, status, expected):
    fake, (reasoning, call) = responses_turn
    items = [USER, reasoning, call, _output(call["call_id"])]
    if case == "orphan_output":
        items[3] = _output("call_unknown")
    elif case == "call_unanswered":
        items = items[:3]
    elif case == "reasoning_by_id_only":
        items[1] = {k: v for k, v in reasoning.items() if k != "encrypted_content"}
    elif case == "reasoning_alone":
        items = [USER, reasoning]
    else:
        items[1] = {**reasoning, "encrypted_content": "gAAAAB-forged"}
    with pytest.raises(openai.APIStatusError) as refused:
        oai(fake).responses.create(model="m", input=items, tools=TOOLS_RESPONSES, store=False)
    assert refused.value.status_code == status
    body = refused.value.body
    assert body["type"] == "invalid_request_error" and body["param"] == "input" and expected in body["message"]


def test_responses_accepts_the_output_as_issued_and_streams(responses_turn):
    fake, (reasoning, call) = responses_turn
    assert reasoning["encrypted_content"].startswith("gAAAAB")
    items = [USER, reasoning, call, _output(call["call_id"])]
    with oai(fake).responses.stream(model="m", input=items, tools=TOOLS_RESPONSES, store=False) as stream:
        assert stream.get_final_response().output_text == "fine"
    assert fake.rejections == []
    fake.add(FakeTurn(thinking="Again.", text="ok"))
    plain = oai(fake).responses.create(model="m", input=[USER], store=False)  # no include: nothing sealed
    assert [item.type for item in plain.output] == ["reasoning", "message"]
    assert plain.output[0].encrypted_content is None


# The shipped models.yaml entries for each ecosystem, run as shipped (only base_url pointed at the
# fake): what a user copies must work with the defaults. llama.cpp's entry runs against a real
# server in tests/test_llama_cpp.py.
SHIPPED = {
    "openai-compatible:qwen2.5-vl-72b": VLLMFake,
    "openai-compatible:openrouter-claude-sonnet-4.5": OpenRouterFake,
    "openai-compatible:qwen2.5vl-7b-ollama": None,  # the plain fake: Ollama refuses nothing the others accept
}


@pytest.mark.docker
@pytest.mark.parametrize("spec", SHIPPED)
async def test_shipped_entries_run_against_their_vendor(spec, sandbox, tmp_path, monkeypatch):
    from harness.paths import project_root
    from tests.fakes.llm_server import FakeLLMServer

    shipped = load_models_file(project_root() / "models.yaml")[spec]
    monkeypatch.delenv("OPENAI_COMPATIBLE_API_KEY", raising=False)
    if shipped.api_key_env:
        monkeypatch.setenv(shipped.api_key_env, "sk-or-test")
    fake = SHIPPED[spec] or FakeLLMServer
    turns = [SCRIPT[1], SCRIPT[2]] if fake is not FakeLLMServer else [
        FakeTurn(tool_calls=[("code_exec", '{"cmd": "echo 3 files"}')]), FakeTurn(tool_calls=[FINISH])]
    with fake(turns) as server:
        settings = shipped.model_copy(update={"base_url": server.base_url + "/v1"})
        trajectory = TrajectoryWriter(tmp_path / "trajectory.jsonl", fsync=False)
        runner = ToolRunner(make_tools(disabled=set(), exec_timeout_s=60, with_search=False),
                            ToolContext(sandbox, tmp_path, ImageLimits(), (), {}), trajectory, MediaStore(tmp_path / "media"))
        loop = AgentLoop(make_provider(settings), runner, trajectory, limits=LoopLimits(max_turns=4),
                         context_window=settings.context_window, price=settings.cost_of,
                         output_reserve=settings.max_output_tokens)
        result = await loop.run("You are tested.", "Count the input files.")
        trajectory.close()
    assert result.status == "finished", (result.error, getattr(server, "rejections", None))
    first = server.requests[0]
    assert first.body["model"] == shipped.model and first.body["max_tokens"] == shipped.max_output_tokens
    assert first.body.get("stream") is True and first.body["tool_choice"] == "auto"
    auth = first.headers.get("authorization") or first.headers.get("Authorization")
    assert auth == ("Bearer sk-or-test" if shipped.api_key_env else "Bearer not-needed")
    if "reasoning" in shipped.extra:
        assert first.body["reasoning"] == shipped.extra["reasoning"]
