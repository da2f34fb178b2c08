"""The fake LLM server, driven by the real openai and anthropic SDKs over loopback.

Clients use `_strict_response_validation=True`: by default the SDKs build their models
with `construct()` and accept almost any JSON, so only strict mode proves the fake's
bodies match the typed schemas."""

from __future__ import annotations

import functools
import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx2
import openai
import pytest
from anthropic.types import TextBlock, ThinkingBlock, ToolUseBlock
from openai.types.chat import ChatCompletionMessageFunctionToolCall
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseReasoningItem

from tests.fakes.llm_server import FakeError, FakeLLMServer, FakeTurn, RecordedRequest

FORMATS = ["chat", "responses", "anthropic"]
USER = [{"role": "user", "content": "hello"}]
TOOLS_CHAT = [{"type": "function", "function": {"name": "read_file", "parameters": {"type": "object"}}}]
TOOLS_RESPONSES = [{"type": "function", "name": "read_file", "parameters": {"type": "object"}, "strict": False}]


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as server:
        yield server


@functools.cache
def shared_http() -> httpx2.Client:
    """One transport for every sync SDK client: each SDK client otherwise builds its own,
    with a TLS context, at ~70 ms apiece, which would dominate this file's run time."""
    return httpx2.Client()


@pytest.fixture(scope="module", autouse=True)
def _close_shared_http() -> Iterator[None]:
    yield
    shared_http().close()
    shared_http.cache_clear()


def oai(server: FakeLLMServer, retries: int = 0) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url + "/v1", api_key="sk-test", max_retries=retries,
                         timeout=5, http_client=shared_http(), _strict_response_validation=True)


def ant(server: FakeLLMServer, retries: int = 0) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=server.base_url, api_key="sk-ant-test", max_retries=retries,
                               timeout=5, http_client=shared_http(), _strict_response_validation=True)


def call(server: FakeLLMServer, fmt: str, retries: int = 0, **extra: Any) -> Any:
    """One request in the given wire format through the real SDK."""
    if fmt == "chat":
        return oai(server, retries).chat.completions.create(model="gpt-test", messages=USER, **extra)
    if fmt == "responses":
        return oai(server, retries).responses.create(model="gpt-test", input="hello", **extra)
    return ant(server, retries).messages.create(model="claude-test", max_tokens=64, messages=USER, **extra)


# ---- chat completions --------------------------------------------------------------


async def test_chat_text_usage_and_recording(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="Hi there", input_tokens=321, output_tokens=7, cached_tokens=300,
                          reasoning_tokens=4))
    client = openai.AsyncOpenAI(base_url=fake_llm.base_url + "/v1", api_key="sk-test", max_retries=0,
                                _strict_response_validation=True)
    async with client:
        resp = await client.chat.completions.create(model="gpt-test", messages=USER, temperature=0)

    choice = resp.choices[0]
    assert (choice.message.content, choice.message.tool_calls, choice.finish_reason) == ("Hi there", None, "stop")
    assert resp.model == "gpt-test"
    assert resp.usage is not None
    assert (resp.usage.prompt_tokens, resp.usage.completion_tokens, resp.usage.total_tokens) == (321, 7, 328)
    assert resp.usage.prompt_tokens_details and resp.usage.prompt_tokens_details.cached_tokens == 300
    assert resp.usage.completion_tokens_details and resp.usage.completion_tokens_details.reasoning_tokens == 4

    [req] = fake_llm.requests
    assert isinstance(req, RecordedRequest)
    assert (req.fmt, req.path) == ("chat", "/v1/chat/completions")
    assert req.body == {"model": "gpt-test", "messages": USER, "temperature": 0}
    assert req.headers["authorization"] == "Bearer sk-test"


def test_chat_tool_calls_parse_into_typed_objects(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(tool_calls=[("read_file", '{"path": "a.txt"}'), ("read_file", '{"path": ')]))
    resp = call(fake_llm, "chat", tools=TOOLS_CHAT)

    choice = resp.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    calls = choice.message.tool_calls
    assert calls and all(isinstance(c, ChatCompletionMessageFunctionToolCall) for c in calls)
    assert [c.function.name for c in calls] == ["read_file", "read_file"]
    assert json.loads(calls[0].function.arguments) == {"path": "a.txt"}
    assert calls[1].function.arguments == '{"path": '  # invalid JSON passes through untouched
    assert calls[0].id.startswith("call_") and calls[0].id != calls[1].id


def test_chat_length_stop(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="truncat", stop="length", output_tokens=64))
    resp = call(fake_llm, "chat", max_tokens=64)
    assert resp.choices[0].finish_reason == "length"
    assert resp.choices[0].message.content == "truncat"
    assert resp.usage.completion_tokens == 64


# ---- responses -----------------------------------------------------------------------


def test_responses_text_reasoning_and_usage(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="Answer", thinking="Let me think", input_tokens=50, output_tokens=30,
                          cached_tokens=40, reasoning_tokens=12))
    resp = call(fake_llm, "responses")

    assert resp.status == "completed" and resp.incomplete_details is None
    assert resp.output_text == "Answer"
    reasoning, message = resp.output
    assert isinstance(reasoning, ResponseReasoningItem)
    assert [s.text for s in reasoning.summary] == ["Let me think"]
    assert isinstance(message, ResponseOutputMessage) and message.role == "assistant"
    u = resp.usage
    assert u is not None
    assert (u.input_tokens, u.output_tokens, u.total_tokens) == (50, 30, 80)
    assert (u.input_tokens_details.cached_tokens, u.output_tokens_details.reasoning_tokens) == (40, 12)
    assert fake_llm.requests[0].fmt == "responses"
    assert fake_llm.requests[0].body["input"] == "hello"


def test_responses_tool_calls_parse_into_typed_objects(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(tool_calls=[("read_file", '{"path": "b"}'), ("read_file", "not json")]))
    resp = call(fake_llm, "responses", tools=TOOLS_RESPONSES)

    # A call-only reply has no message item, so output_text is empty.
    assert resp.output_text == ""
    assert all(isinstance(item, ResponseFunctionToolCall) for item in resp.output)
    first, second = resp.output
    assert (first.name, json.loads(first.arguments)) == ("read_file", {"path": "b"})
    assert second.arguments == "not json"
    assert first.call_id.startswith("call_") and first.call_id != second.call_id
    assert resp.tools[0].name == "read_file"  # request tools are echoed back, as the real API does


def test_responses_length_stop_is_incomplete(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="cut off", stop="length"))
    resp = call(fake_llm, "responses", max_output_tokens=16)
    assert resp.status == "incomplete"
    assert resp.incomplete_details is not None and resp.incomplete_details.reason == "max_output_tokens"
    assert resp.output_text == "cut off"
    assert resp.max_output_tokens == 16


# ---- anthropic messages --------------------------------------------------------------


def test_anthropic_thinking_text_and_usage(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="Hello!", thinking="pondering", input_tokens=900, output_tokens=40,
                          cached_tokens=800, reasoning_tokens=25))
    msg = call(fake_llm, "anthropic")

    thinking, text = msg.content
    assert isinstance(thinking, ThinkingBlock) and thinking.thinking == "pondering"
    assert thinking.signature.startswith("sig-")
    assert isinstance(text, TextBlock) and text.text == "Hello!"
    assert (msg.stop_reason, msg.stop_sequence, msg.model) == ("end_turn", None, "claude-test")
    assert (msg.usage.input_tokens, msg.usage.output_tokens) == (900, 40)
    assert (msg.usage.cache_read_input_tokens, msg.usage.cache_creation_input_tokens) == (800, 0)
    assert msg.usage.output_tokens_details and msg.usage.output_tokens_details.thinking_tokens == 25

    [req] = fake_llm.requests
    assert (req.fmt, req.path) == ("anthropic", "/v1/messages")
    assert req.body["max_tokens"] == 64 and req.body["messages"] == USER
    # anthropic 2.x sends the API key as a bearer token, not the classic x-api-key header.
    assert req.headers["authorization"] == "Bearer sk-ant-test"
    assert "anthropic-version" in req.headers


def test_anthropic_tool_use_input_is_always_an_object(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(tool_calls=[("read_file", '{"path": "c"}'), ("read_file", '{"path": '),
                                      ("read_file", "[1, 2]")]))
    msg = call(fake_llm, "anthropic")

    assert msg.stop_reason == "tool_use"
    assert all(isinstance(b, ToolUseBlock) for b in msg.content)  # empty text block omitted
    ok, broken, not_object = msg.content
    assert ok.input == {"path": "c"}
    assert broken.input == {"__raw__": '{"path": '}
    assert not_object.input == {"__raw__": "[1, 2]"}
    assert len({b.id for b in msg.content}) == 3 and ok.id.startswith("toolu_")


def test_anthropic_length_stop(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="partial", stop="length"))
    msg = call(fake_llm, "anthropic")
    assert msg.stop_reason == "max_tokens"
    assert [b.text for b in msg.content] == ["partial"]


# ---- errors --------------------------------------------------------------------------


def sdk(fmt: str):  # the SDK module whose exceptions the format raises
    return anthropic if fmt == "anthropic" else openai


@pytest.mark.parametrize("fmt", FORMATS)
def test_rate_limit_with_retry_after(fake_llm: FakeLLMServer, fmt: str) -> None:
    fake_llm.add(FakeError(429, "rate_limit", retry_after=7))
    with pytest.raises(sdk(fmt).RateLimitError) as info:
        call(fake_llm, fmt)
    err = info.value
    assert err.status_code == 429
    assert err.response.headers["retry-after"] == "7"
    if fmt == "anthropic":
        assert err.type == "rate_limit_error" and "rate limit" in err.api_message
    else:
        assert err.code == "rate_limit_exceeded" and "Rate limit reached" in err.message


@pytest.mark.parametrize("fmt", FORMATS)
def test_context_length_error_has_vendor_message(fake_llm: FakeLLMServer, fmt: str) -> None:
    fake_llm.add(FakeError(400, "context_length"))
    with pytest.raises(sdk(fmt).BadRequestError) as info:
        call(fake_llm, fmt)
    err = info.value
    if fmt == "anthropic":
        assert err.type == "invalid_request_error"
        assert err.api_message == "prompt is too long: 210000 tokens > 200000 maximum"
        assert err.body["type"] == "error"
    else:
        assert (err.code, err.type, err.param) == ("context_length_exceeded", "invalid_request_error", None)
        assert err.message == (
            "Error code: 400 - This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 130512 tokens. Please reduce the length of the messages.")


@pytest.mark.parametrize(("fmt", "expected"), [
    ("chat", "Too many images in request. Max is 50."),
    ("responses", "Too many images in request. Max is 50."),
    ("anthropic", "Too many images: at most 100 images are allowed per request"),
])
def test_too_many_images(fake_llm: FakeLLMServer, fmt: str, expected: str) -> None:
    fake_llm.add(FakeError(400, "too_many_images"))
    with pytest.raises(sdk(fmt).BadRequestError) as info:
        call(fake_llm, fmt)
    assert expected in str(info.value)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("status", [500, 503, 529])
def test_server_errors(fake_llm: FakeLLMServer, fmt: str, status: int) -> None:
    fake_llm.add(FakeError(status, "server"))
    with pytest.raises(sdk(fmt).InternalServerError) as info:
        call(fake_llm, fmt)
    assert info.value.status_code == status
    if fmt == "anthropic":
        assert info.value.type == ("api_error" if status == 500 else "overloaded_error")
        if status == 529:
            assert isinstance(info.value, anthropic.OverloadedError)


@pytest.mark.parametrize("fmt", FORMATS)
def test_sdk_honours_retry_after_then_succeeds(fake_llm: FakeLLMServer, fmt: str) -> None:
    fake_llm.add(FakeError(429, retry_after=0.15), FakeTurn(text="after the wait"))
    result = call(fake_llm, fmt, retries=1)
    text = {"chat": lambda r: r.choices[0].message.content, "responses": lambda r: r.output_text,
            "anthropic": lambda r: r.content[0].text}[fmt](result)
    assert text == "after the wait"
    first, second = fake_llm.requests
    # The SDK waited as told (its own first backoff would be 0.375-0.5 s).
    assert 0.15 <= second.ts - first.ts < 0.375


# ---- script mechanics ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_exhausted_script_is_a_clear_unretried_500(fake_llm: FakeLLMServer, fmt: str) -> None:
    with pytest.raises(sdk(fmt).InternalServerError, match="script exhausted"):
        call(fake_llm, fmt, retries=3)
    assert len(fake_llm.requests) == 1  # x-should-retry: false stopped the SDK's retries


def test_chat_streams_through_the_real_sdk(fake_llm: FakeLLMServer) -> None:
    """Chat SSE chunks are what the SDK's own stream accumulator turns back into the same reply."""
    fake_llm.add(FakeTurn(text="streamed", tool_calls=[("lookup", '{"q": "x"}')], input_tokens=50, output_tokens=9))
    with oai(fake_llm).chat.completions.stream(model="gpt-test", messages=USER,
                                               stream_options={"include_usage": True}) as stream:
        done = stream.get_final_completion()
    message = done.choices[0].message
    assert message.content == "streamed" and done.choices[0].finish_reason == "tool_calls"
    assert [(c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls] == [("lookup", {"q": "x"})]
    assert (done.usage.prompt_tokens, done.usage.completion_tokens) == (50, 9)
    assert fake_llm.requests[0].body["stream"] is True


def test_responses_streams_through_the_real_sdk(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(FakeTurn(text="streamed", tool_calls=[("lookup", '{"q": "x"}')], input_tokens=50, output_tokens=9))
    with oai(fake_llm).responses.stream(model="gpt-test", input="hello") as stream:
        done = stream.get_final_response()
    kinds = [item.type for item in done.output]
    assert "message" in kinds and "function_call" in kinds
    call_item = next(item for item in done.output if item.type == "function_call")
    assert (call_item.name, json.loads(call_item.arguments)) == ("lookup", {"q": "x"})
    assert done.output_text == "streamed" and (done.usage.input_tokens, done.usage.output_tokens) == (50, 9)


def test_anthropic_streams_through_the_real_sdk(fake_llm: FakeLLMServer) -> None:
    """The event stream is what the SDK's own accumulator turns back into the same message."""
    fake_llm.add(FakeTurn(text="streamed", thinking="first think", tool_calls=[("lookup", '{"q": "x"}')],
                          input_tokens=50, output_tokens=9))
    with ant(fake_llm, 0).messages.stream(model="claude-test", max_tokens=64, messages=USER) as stream:
        message = stream.get_final_message()
    kinds = [b.type for b in message.content]
    assert kinds == ["thinking", "text", "tool_use"]
    assert message.content[0].thinking == "first think" and message.content[0].signature.startswith("sig-")
    assert message.content[1].text == "streamed" and message.content[2].input == {"q": "x"}
    assert message.stop_reason == "tool_use" and (message.usage.input_tokens, message.usage.output_tokens) == (50, 9)


def test_callable_items_and_default(fake_llm: FakeLLMServer) -> None:
    seen: list[tuple[str, str]] = []

    def echo(body: dict, fmt: str) -> FakeTurn:
        seen.append((fmt, body["model"]))
        return FakeTurn(text=f"{fmt}:{body['model']}")

    fake_llm.add(echo, echo)
    fake_llm.default = FakeTurn(text="fallback")
    assert call(fake_llm, "chat").choices[0].message.content == "chat:gpt-test"
    assert call(fake_llm, "anthropic").content[0].text == "anthropic:claude-test"
    assert seen == [("chat", "gpt-test"), ("anthropic", "claude-test")]
    assert call(fake_llm, "responses").output_text == "fallback"
    assert call(fake_llm, "responses").output_text == "fallback"  # default is reused, never consumed


def test_tool_call_ids_unique_across_formats(fake_llm: FakeLLMServer) -> None:
    fake_llm.default = FakeTurn(tool_calls=[("t", "{}"), ("t", "{}")])
    ids: list[str] = []
    for fmt in FORMATS * 2:
        result = call(fake_llm, fmt)
        if fmt == "chat":
            ids += [c.id for c in result.choices[0].message.tool_calls]
        elif fmt == "responses":
            ids += [item.call_id for item in result.output]
        else:
            ids += [block.id for block in result.content]
    assert len(ids) == 12 and len(set(ids)) == 12


def test_concurrent_requests_each_take_one_item(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(*[FakeTurn(text=f"reply {i}") for i in range(16)])
    client = oai(fake_llm)
    replies: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        text = client.chat.completions.create(model="gpt-test", messages=USER).choices[0].message.content
        with lock:
            replies.append(text)

    threads = [threading.Thread(target=worker) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert sorted(replies) == sorted(f"reply {i}" for i in range(16))
    assert len(fake_llm.requests) == 16 and fake_llm.remaining == 0


def test_binds_loopback_and_stop_releases_port() -> None:
    server = FakeLLMServer([FakeTurn(text="x")]).start()
    host, port = server.base_url.removeprefix("http://").split(":")
    assert host == "127.0.0.1"
    server.stop()
    with pytest.raises(OSError):
        socket.create_connection((host, int(port)), timeout=1).close()
