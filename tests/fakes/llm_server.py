"""A scripted loopback LLM server speaking three wire formats, for tests with no network.

Point the real SDKs at it:

    with FakeLLMServer([FakeTurn(text="hi")]) as server:
        OpenAI(base_url=server.base_url + "/v1", api_key="x", max_retries=0)
        Anthropic(base_url=server.base_url, api_key="x", max_retries=0)

Endpoints: POST /v1/chat/completions ("chat"), POST /v1/responses ("responses") and
POST /v1/messages ("anthropic"). Each request takes the next script item, whatever the
endpoint, so one script can drive a conversation; a FakeTurn is rendered in the
wire format of the endpoint it lands on. With `stream: true` the same reply goes out as
the vendor's server-sent events (tests/fakes/sse.py), which the SDKs' own accumulators
turn back into the same object. Requests to other paths get a 404 and are not recorded.

Subclasses (tests/fakes/strict_vendors.py) reject what a real vendor rejects by
overriding `_check`, and change error shapes (`_fail`) or rendered bodies.

Bodies follow the vendors' JSON closely enough that the SDKs parse them into their
typed models even with `_strict_response_validation=True`.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal, TypeAlias

from tests.fakes.sse import Event, anthropic_events, chat_events, encode, responses_events

Fmt: TypeAlias = Literal["chat", "responses", "anthropic"]

ROUTES: dict[str, Fmt] = {
    "/v1/chat/completions": "chat",
    "/v1/responses": "responses",
    "/v1/messages": "anthropic",
}


@dataclass
class FakeTurn:
    """One scripted model reply, wire-format neutral."""

    text: str = ""
    # (tool name, RAW arguments string). The raw string may be invalid JSON, to test
    # how callers cope with a model that emits broken arguments.
    tool_calls: list[tuple[str, str]] = field(default_factory=list)
    # "tool_use" is implied when tool_calls is non-empty and stop is "end". "length"
    # wins over tool calls: a reply truncated mid-call is a real-world case.
    stop: Literal["tool_use", "end", "length"] = "end"
    input_tokens: int = 100
    output_tokens: int = 20
    cached_tokens: int = 0
    reasoning_tokens: int = 0
    # Anthropic: a `thinking` block (fake signature) before the text. Responses: a
    # `reasoning` output item with one summary (and encrypted_content when the request's
    # include asks for it). Chat Completions: `reasoning_content` on the message, as DeepSeek
    # sends it.
    thinking: str | None = None
    # Streamed only: the connection closes halfway through the events, before the final one
    # (a proxy's idle timeout, a dropped connection); the client must not take it as a reply.
    cut_stream: bool = False


@dataclass
class FakeError:
    status: int  # e.g. 429, 500, 503, 529, 400
    kind: Literal["rate_limit", "server", "context_length", "too_many_images"] = "rate_limit"
    retry_after: float | None = None  # sets the Retry-After header (seconds)
    message: str | None = None  # the error text, when not the kind's usual one


# A callable item gets (request JSON, fmt) and decides the reply at request time.
ScriptItem: TypeAlias = FakeTurn | FakeError | Callable[[dict[str, Any], str], "FakeTurn | FakeError"]


@dataclass
class RecordedRequest:
    fmt: Fmt
    path: str
    headers: dict[str, str]  # names lower-cased
    body: dict[str, Any]
    ts: float  # time.monotonic() at arrival


@dataclass
class _Reply:
    """A fully rendered HTTP answer."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    events: list[Event] | None = None  # a server-sent event stream instead of JSON


class FakeLLMServer:
    def __init__(self, script: list[ScriptItem] | None = None) -> None:
        self._script: list[ScriptItem] = list(script or [])
        self.default: ScriptItem | None = None
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        # One counter for every generated id, so tool call ids stay unique across the
        # server's lifetime and across formats.
        self._ids = itertools.count(1)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.base_url = ""

    # ---- lifecycle -------------------------------------------------------------

    def start(self) -> FakeLLMServer:
        if self._httpd is not None:
            raise RuntimeError("FakeLLMServer already started")
        handler = type("_BoundHandler", (_Handler,), {"fake": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        port = self._httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{port}"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01},  # bounds stop() latency
            name=f"fake-llm-{port}", daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = self._thread = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---- script ----------------------------------------------------------------

    def add(self, *items: ScriptItem) -> None:
        with self._lock:
            self._script.extend(items)

    @property
    def remaining(self) -> int:
        """Script items not yet consumed."""
        with self._lock:
            return len(self._script)

    def _next_id(self) -> int:
        with self._lock:
            return next(self._ids)

    def _take(self) -> ScriptItem | None:
        with self._lock:
            return self._script.pop(0) if self._script else self.default

    # ---- request handling (called on server threads) ---------------------------

    def _handle(self, path: str, headers: dict[str, str], raw: bytes) -> _Reply:
        fmt = ROUTES.get(path)
        if fmt is None:
            return _Reply(404, {"error": {"message": f"FakeLLMServer: no route {path}", "type": "not_found"}})
        try:
            body = json.loads(raw or b"null")
        except ValueError as exc:
            return self._fail(fmt, 400, "invalid_request_error", f"FakeLLMServer: body is not JSON: {exc}",
                              fake_fault=True)
        if not isinstance(body, dict):
            return self._fail(fmt, 400, "invalid_request_error", "FakeLLMServer: body must be a JSON object",
                              fake_fault=True)
        with self._lock:
            self.requests.append(RecordedRequest(fmt, path, headers, body, time.monotonic()))
            number = len(self.requests)
        rejected = self._check(fmt, body)
        if rejected is not None:  # checked before taking a script item, so the script is not consumed
            return rejected
        item = self._take()
        if item is None:
            return self._fail(fmt, 500, "server_error",
                              f"FakeLLMServer script exhausted: no reply scripted for request #{number} "
                              f"({path}); add() more items or set .default", fake_fault=True)
        if callable(item):
            try:
                item = item(body, fmt)
            except Exception as exc:  # surface test bugs as a clear, non-retried 500
                return self._fail(fmt, 500, "server_error",
                                  f"FakeLLMServer script callable raised {type(exc).__name__}: {exc}",
                                  fake_fault=True)
        if isinstance(item, FakeError):
            return self._render_error(fmt, item)
        if isinstance(item, FakeTurn):
            render = {"chat": self._chat, "responses": self._responses, "anthropic": self._anthropic}[fmt]
            rendered = render(item, body)
            events = self._events(fmt, rendered, body) if body.get("stream") else None
            if events and item.cut_stream:
                events = events[: len(events) // 2]
            return _Reply(200, rendered, self._request_id_header(fmt), events)
        return self._fail(fmt, 500, "server_error", f"FakeLLMServer: bad script item {item!r}", fake_fault=True)

    # ---- hooks for strict vendors -------------------------------------------------

    def _check(self, fmt: Fmt, body: dict[str, Any]) -> _Reply | None:
        """A reply that rejects the request, or None to answer it. The lenient fake accepts all."""
        return None

    def _events(self, fmt: Fmt, rendered: dict[str, Any], body: dict[str, Any]) -> list[Event]:
        """The event stream for a rendered reply, as `stream: true` gets it."""
        if fmt == "chat":
            return chat_events(rendered, include_usage=bool((body.get("stream_options") or {}).get("include_usage")))
        return responses_events(rendered) if fmt == "responses" else anthropic_events(rendered)

    # ---- success renderers -----------------------------------------------------

    @staticmethod
    def _stop(turn: FakeTurn) -> Literal["tool_use", "end", "length"]:
        if turn.stop == "end" and turn.tool_calls:
            return "tool_use"
        return turn.stop

    def _chat(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        tool_calls = [
            {"id": f"call_{self._next_id()}", "type": "function", "function": {"name": name, "arguments": raw}}
            for name, raw in turn.tool_calls
        ]
        message: dict[str, Any] = {"role": "assistant", "content": turn.text or None, "refusal": None}
        if tool_calls:  # the real API omits the key rather than sending []
            message["tool_calls"] = tool_calls
        if turn.thinking is not None:
            message["reasoning_content"] = turn.thinking
        finish = {"tool_use": "tool_calls", "end": "stop", "length": "length"}[self._stop(turn)]
        return {
            "id": f"chatcmpl-{self._next_id()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": req.get("model", "fake-model"),
            "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
            "usage": {
                "prompt_tokens": turn.input_tokens,
                "completion_tokens": turn.output_tokens,
                "total_tokens": turn.input_tokens + turn.output_tokens,
                "prompt_tokens_details": {"cached_tokens": turn.cached_tokens},
                "completion_tokens_details": {"reasoning_tokens": turn.reasoning_tokens},
            },
            "system_fingerprint": "fp_fake",
        }

    def _responses(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        truncated = self._stop(turn) == "length"
        item_status = "incomplete" if truncated else "completed"
        output: list[dict[str, Any]] = []
        if turn.thinking is not None:
            reasoning = {"type": "reasoning", "id": f"rs_{self._next_id()}",
                         "summary": [{"type": "summary_text", "text": turn.thinking}]}
            if "reasoning.encrypted_content" in (req.get("include") or []):  # only when asked, as the API does
                reasoning["encrypted_content"] = f"gAAAAB-fake-{reasoning['id']}"
            output.append(reasoning)
        # A function-call-only reply has no message item, as with the real API.
        if turn.text or not turn.tool_calls:
            output.append({
                "type": "message", "id": f"msg_{self._next_id()}", "role": "assistant", "status": item_status,
                "content": [{"type": "output_text", "text": turn.text, "annotations": [], "logprobs": []}],
            })
        for name, raw in turn.tool_calls:
            n = self._next_id()
            output.append({"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}",
                           "name": name, "arguments": raw, "status": item_status})
        now = time.time()
        return {
            "id": f"resp_{self._next_id()}",
            "object": "response",
            "created_at": now,
            "completed_at": None if truncated else now,
            "status": "incomplete" if truncated else "completed",
            "incomplete_details": {"reason": "max_output_tokens"} if truncated else None,
            "error": None,
            "model": req.get("model", "fake-model"),
            "output": output,
            "instructions": req.get("instructions"),
            "max_output_tokens": req.get("max_output_tokens"),
            "previous_response_id": req.get("previous_response_id"),
            "metadata": req.get("metadata") or {},
            # Echo the request's tool settings, as the real API does.
            "parallel_tool_calls": req.get("parallel_tool_calls", True),
            "tool_choice": req.get("tool_choice", "auto"),
            "tools": req.get("tools") or [],
            "temperature": req.get("temperature", 1.0),
            "top_p": req.get("top_p", 1.0),
            "usage": {
                "input_tokens": turn.input_tokens,
                "input_tokens_details": {"cached_tokens": turn.cached_tokens, "cache_write_tokens": 0},
                "output_tokens": turn.output_tokens,
                "output_tokens_details": {"reasoning_tokens": turn.reasoning_tokens},
                "total_tokens": turn.input_tokens + turn.output_tokens,
            },
        }

    def _anthropic(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        content: list[dict[str, Any]] = []
        if turn.thinking is not None:
            content.append({"type": "thinking", "thinking": turn.thinking, "signature": f"sig-{self._next_id()}"})
        if turn.text:
            content.append({"type": "text", "text": turn.text})
        for name, raw in turn.tool_calls:
            content.append({"type": "tool_use", "id": f"toolu_{self._next_id()}", "name": name,
                            "input": _tool_input(raw)})
        usage: dict[str, Any] = {
            "input_tokens": turn.input_tokens,
            "output_tokens": turn.output_tokens,
            "cache_read_input_tokens": turn.cached_tokens,
            "cache_creation_input_tokens": 0,
        }
        if turn.reasoning_tokens:
            usage["output_tokens_details"] = {"thinking_tokens": turn.reasoning_tokens}
        return {
            "id": f"msg_{self._next_id()}",
            "type": "message",
            "role": "assistant",
            "model": req.get("model", "fake-model"),
            "content": content,
            "stop_reason": {"tool_use": "tool_use", "end": "end_turn", "length": "max_tokens"}[self._stop(turn)],
            "stop_sequence": None,
            "usage": usage,
        }

    # ---- errors ----------------------------------------------------------------

    def _render_error(self, fmt: Fmt, err: FakeError) -> _Reply:
        headers = {} if err.retry_after is None else {"Retry-After": _seconds(err.retry_after)}
        kind = "overloaded" if err.kind == "server" and err.status in (503, 529) else err.kind
        if fmt == "anthropic":
            etype, message = _ANTHROPIC_ERRORS[kind]
            return self._fail(fmt, err.status, etype, err.message or message, headers)
        etype, code, message = _OPENAI_ERRORS[kind]
        return self._fail(fmt, err.status, etype, err.message or message, headers, code=code)

    def _fail(self, fmt: Fmt, status: int, etype: str, message: str, headers: dict[str, str] | None = None,
              code: str | None = None, fake_fault: bool = False) -> _Reply:
        """An error body in the vendor's shape. `fake_fault` marks failures of the test
        setup itself (exhausted script, bad request to the fake): x-should-retry: false
        stops the SDKs from retrying them, so the test fails at once with our message."""
        headers = {**(headers or {}), **self._request_id_header(fmt)}
        if fake_fault:
            headers["x-should-retry"] = "false"
        if fmt == "anthropic":
            etype = "api_error" if etype == "server_error" else etype  # Anthropic's name for a 500
            body: dict[str, Any] = {"type": "error", "error": {"type": etype, "message": message},
                                    "request_id": headers["request-id"]}
        else:
            body = {"error": {"message": message, "type": etype, "param": None, "code": code}}
        return _Reply(status, body, headers)

    def _request_id_header(self, fmt: Fmt) -> dict[str, str]:
        name = "request-id" if fmt == "anthropic" else "x-request-id"
        return {name: f"req_fake{self._next_id()}"}


def _seconds(value: float) -> str:
    """Retry-After as vendors send it: whole seconds bare ("7"), else a plain decimal."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _tool_input(raw: str) -> dict[str, Any]:
    """Anthropic's tool_use `input` is always a JSON object: the API never returns
    unparseable arguments. A scripted raw string that is not a JSON object is sent
    as {"__raw__": raw} so the test can still see what was scripted."""
    try:
        parsed = json.loads(raw)
    except ValueError:
        return {"__raw__": raw}
    return parsed if isinstance(parsed, dict) else {"__raw__": raw}


# Wording copied from real vendor responses: callers classify errors by message
# (e.g. harness.providers.retry.is_context_overflow), so keep it verbatim.
# kind -> (type, code, message). Real rate-limit errors have type "tokens"/"requests"
# and code "rate_limit_exceeded".
_OPENAI_ERRORS: dict[str, tuple[str, str | None, str]] = {
    "rate_limit": ("tokens", "rate_limit_exceeded",
                   "Rate limit reached for gpt-4o in organization org-fake on tokens per min (TPM): "
                   "Limit 30000, Used 30000, Requested 1200. Please try again in 2.4s. "
                   "Visit https://platform.openai.com/account/rate-limits to learn more."),
    "server": ("server_error", None, "The server had an error while processing your request. Sorry about that!"),
    "overloaded": ("server_error", None, "The engine is currently overloaded, please try again later."),
    "context_length": ("invalid_request_error", "context_length_exceeded",
                       "This model's maximum context length is 128000 tokens. However, your messages "
                       "resulted in 130512 tokens. Please reduce the length of the messages."),
    "too_many_images": ("invalid_request_error", None, "Too many images in request. Max is 50."),
}
# kind -> (error.type, message)
_ANTHROPIC_ERRORS: dict[str, tuple[str, str]] = {
    "rate_limit": ("rate_limit_error",
                   "This request would exceed the rate limit for your organization of 40,000 input tokens "
                   "per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits."),
    "server": ("api_error", "Internal server error"),
    "overloaded": ("overloaded_error", "Overloaded"),
    "context_length": ("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum"),
    "too_many_images": ("invalid_request_error", "Too many images: at most 100 images are allowed per request"),
}


class _Handler(BaseHTTPRequestHandler):
    fake: FakeLLMServer  # set on the per-server subclass
    server_version = "FakeLLM/1"

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        reply = self.fake._handle(self.path.split("?", 1)[0], headers, raw)
        if reply.events is not None:
            self.send_response(reply.status)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            for event in reply.events:
                self.wfile.write(encode(event))
            self.close_connection = True
            return
        data = json.dumps(reply.body).encode()
        self.send_response(reply.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.send_error(405, "FakeLLMServer only answers POST")

    def log_message(self, format: str, *args: Any) -> None:  # keep pytest output clean
        pass
