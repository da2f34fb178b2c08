"""Strict fakes, one per vendor behaviour: each rejects what the real API rejects, as it does.

The lenient FakeLLMServer answers anything; a provider bug that sends back the wrong history
would pass against it and fail on the first real call. Each class here speaks one vendor's
wire format (streamed or not, like the lenient fake), issues what that vendor issues
(signatures, encrypted reasoning, reasoning details) and refuses a request the way the
vendor's public docs and reported errors say it does: the HTTP status, the error JSON shape
and the message wording. Requests refused are kept in `.rejections` (status, message).

    VLLMFake        historical tool-call `arguments` must be valid JSON (400, the JSON error)
    DeepSeekFake    thinking mode: a tool-call turn sent back without reasoning_content (400)
    OpenRouterFake  reasoning_details of a tool-call turn missing or altered (400, upstream raw)
    AnthropicFake   thinking blocks unsigned/altered/missing, orphan tool_result, unanswered
                    tool_use, roles out of order, bad thinking budget (400)
    ResponsesFake   function_call_output without its call, call without output (400);
                    reasoning item without encrypted content under store=false (404);
                    reasoning without its following item, unverifiable encrypted content (400)
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
from http import HTTPStatus
from typing import Any

from tests.fakes.llm_server import FakeLLMServer, FakeTurn, Fmt, _Reply
from tests.fakes.sse import Event, chat_events, halves

Problem = tuple[int, str]  # (HTTP status, vendor's error message)


def _digest(*parts: str) -> str:
    return base64.b64encode(hashlib.sha256("\x00".join(parts).encode()).digest()).decode()


class StrictVendor(FakeLLMServer):
    """One vendor on one wire format; `validate` returns the vendor's refusal or None."""

    fmt: Fmt = "chat"
    vendor = "vendor"

    def __init__(self, script: list | None = None) -> None:
        super().__init__(script)
        self.rejections: list[Problem] = []

    def _check(self, fmt: Fmt, body: dict[str, Any]) -> _Reply | None:
        if fmt != self.fmt:
            return self._fail(fmt, 404, "not_found_error", f"{self.vendor} fake: only {self.fmt} is spoken here",
                              fake_fault=True)
        problem = self.validate(body)
        if problem is None:
            return None
        self.rejections.append(problem)
        return self.reject(*problem)

    def validate(self, body: dict[str, Any]) -> Problem | None:
        raise NotImplementedError

    def reject(self, status: int, message: str) -> _Reply:
        return self._fail(self.fmt, status, "invalid_request_error", message, code="invalid_request_error")


def _tool_call_messages(body: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, m) for i, m in enumerate(body.get("messages") or [])
            if m.get("role") == "assistant" and m.get("tool_calls")]


class VLLMFake(StrictVendor):
    """vLLM's OpenAI-compatible server: while rendering the chat template it json.loads every
    historical tool call's `arguments`, so one malformed call poisons every later request
    (vllm-project/vllm#43995). Reasoning parsers answer in `reasoning` (renamed from
    reasoning_content, vllm#27752), counted in completion_tokens_details.reasoning_tokens."""

    vendor = "vLLM"

    def validate(self, body: dict[str, Any]) -> Problem | None:
        for _, message in _tool_call_messages(body):
            for call in message["tool_calls"]:
                arguments = (call.get("function") or {}).get("arguments")
                if isinstance(arguments, str) and arguments:
                    try:
                        json.loads(arguments)
                    except json.JSONDecodeError as exc:
                        return 400, str(exc)
        return None

    def _fail(self, fmt: Fmt, status: int, etype: str, message: str, headers: dict[str, str] | None = None,
              code: str | None = None, fake_fault: bool = False) -> _Reply:
        reply = super()._fail(fmt, status, etype, message, headers, code, fake_fault)
        kind = "BadRequestError" if status == 400 else HTTPStatus(status).phrase.replace(" ", "") + "Error"
        reply.body = {"error": {"message": message, "type": kind, "param": None, "code": status}}
        return reply

    def _chat(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        out = super()._chat(turn, req)
        message = out["choices"][0]["message"]
        if "reasoning_content" in message:
            message["reasoning"] = message.pop("reasoning_content")
        out["choices"][0]["stop_reason"] = None
        out["usage"]["prompt_tokens_details"] = None  # only with --enable-prompt-tokens-details
        return out


class DeepSeekFake(StrictVendor):
    """DeepSeek's thinking mode (on by default): "For turns that do perform tool calls, the
    reasoning_content must be fully passed back to the API in all subsequent requests",
    else 400. Usage carries prompt_cache_hit/miss_tokens beside the OpenAI fields."""

    vendor = "DeepSeek"
    MISSING = "The reasoning_content in the thinking mode must be passed back to the API."

    def validate(self, body: dict[str, Any]) -> Problem | None:
        for _, message in _tool_call_messages(body):
            if not message.get("reasoning_content"):
                return 400, self.MISSING
        return None

    def _chat(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        out = super()._chat(turn, req)
        out["usage"]["prompt_cache_hit_tokens"] = turn.cached_tokens
        out["usage"]["prompt_cache_miss_tokens"] = turn.input_tokens - turn.cached_tokens
        return out


class OpenRouterFake(StrictVendor):
    """OpenRouter in front of an Anthropic model with reasoning: the message carries `reasoning`
    and `reasoning_details` ([{type: reasoning.text, text, signature, format, index}]), to be
    sent back unchanged on the assistant message. When they are missing or altered the
    upstream refuses and OpenRouter wraps it: {"error": {"code": 400, "message": "Provider
    returned error", "metadata": {"raw": <upstream JSON>, "provider_name": "Anthropic"}}}.
    Streams start with a ": OPENROUTER PROCESSING" comment and every reasoning_details delta
    repeats its type, format and index, as the real stream does."""

    vendor = "OpenRouter"
    FORMAT = "anthropic-claude-v1"

    def __init__(self, script: list | None = None) -> None:
        super().__init__(script)
        self.issued: dict[str, list[dict[str, Any]]] = {}  # tool call id -> the reasoning_details sent with it

    def _chat(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        out = super()._chat(turn, req)
        out["provider"] = "Anthropic"
        choice = out["choices"][0]
        choice["native_finish_reason"] = {"tool_calls": "tool_use", "stop": "end_turn"}.get(choice["finish_reason"])
        message = choice["message"]
        thinking = message.pop("reasoning_content", None)
        if thinking is not None:
            signature = _digest("openrouter", thinking, out["id"])
            details = [{"type": "reasoning.text", "text": thinking, "signature": signature, "format": self.FORMAT,
                        "index": 0}]
            message["reasoning"], message["reasoning_details"] = thinking, details
            for call in message.get("tool_calls") or []:
                self.issued[call["id"]] = copy.deepcopy(details)
        out["usage"]["cost"] = 0.0001
        return out

    def _events(self, fmt: Fmt, rendered: dict[str, Any], body: dict[str, Any]) -> list[Event]:
        plain = copy.deepcopy(rendered)  # the rendered body stays the non-streamed answer
        details = plain["choices"][0]["message"].pop("reasoning_details", None) or []
        events = chat_events(plain, include_usage=bool((body.get("stream_options") or {}).get("include_usage")))
        role_chunk = events[0][1]
        pieces: list[Event] = []
        for detail in details:
            head = {k: detail[k] for k in ("type", "format", "index")}
            parts = [{**head, "text": piece} for piece in halves(detail["text"])]
            parts.append({**head, "text": "", "signature": detail["signature"]})
            for part in parts:
                chunk = copy.deepcopy(role_chunk)
                chunk["choices"][0]["delta"] = {"reasoning_details": [part]}
                pieces.append((None, chunk))
        return [(":", "OPENROUTER PROCESSING"), events[0], *pieces, *events[1:]]

    def validate(self, body: dict[str, Any]) -> Problem | None:
        calls = _tool_call_messages(body)
        for position, (i, message) in enumerate(calls):
            wanted = next((self.issued[c["id"]] for c in message["tool_calls"] if c["id"] in self.issued), None)
            if wanted is None:
                continue
            given = message.get("reasoning_details")
            if given and given != wanted:
                return 400, self._upstream(f"messages.{i - 1}.content.0: Invalid `signature` in `thinking` block")
            if not given and position == len(calls) - 1:
                return 400, self._upstream(
                    f"messages.{i - 1}.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
                    "`tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking "
                    "block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you "
                    "include thinking blocks from previous turns. To avoid this requirement, disable `thinking`.")
        return None

    @staticmethod
    def _upstream(message: str) -> str:
        return json.dumps({"type": "error", "error": {"type": "invalid_request_error", "message": message}})

    def reject(self, status: int, message: str) -> _Reply:
        return _Reply(status, {"error": {"code": status, "message": "Provider returned error",
                                         "metadata": {"raw": message, "provider_name": "Anthropic"}}},
                      self._request_id_header(self.fmt))

    def _fail(self, fmt: Fmt, status: int, etype: str, message: str, headers: dict[str, str] | None = None,
              code: str | None = None, fake_fault: bool = False) -> _Reply:
        reply = super()._fail(fmt, status, etype, message, headers, code, fake_fault)
        reply.body = {"error": {"code": status, "message": message}}
        return reply


class AnthropicFake(StrictVendor):
    """Anthropic Messages with extended thinking. Thinking blocks carry a signature bound to
    their text; sent back, a block must be exactly as issued, and with thinking enabled the
    final assistant turn of a tool loop must start with one. Every tool_use needs its
    tool_result in the next (user) message and every tool_result its tool_use in the previous
    one; roles alternate, starting with user. Errors: {"type": "error", "error": {"type":
    "invalid_request_error", "message": ...}, "request_id": ...}. Thinking tokens are reported
    in usage.output_tokens_details.thinking_tokens."""

    fmt = "anthropic"
    vendor = "Anthropic"
    DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"

    def __init__(self, script: list | None = None) -> None:
        super().__init__(script)
        self.signatures: dict[str, str] = {}  # signature -> the thinking text it was issued for

    def _anthropic(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        out = super()._anthropic(turn, req)
        for block in out["content"]:
            if block["type"] == "thinking":
                block["signature"] = "Eq" + _digest("anthropic", block["thinking"], block["signature"])
                self.signatures[block["signature"]] = block["thinking"]
        return out

    def reject(self, status: int, message: str) -> _Reply:
        return self._fail(self.fmt, status, "invalid_request_error", message)

    def validate(self, body: dict[str, Any]) -> Problem | None:
        thinking = (body.get("thinking") or {}).get("type") == "enabled"
        return ((self._budget(body) if thinking else None) or self._roles(body.get("messages") or [])
                or self._pairs(body["messages"]) or self._blocks(body["messages"], thinking))

    def _budget(self, body: dict[str, Any]) -> Problem | None:
        budget = body["thinking"].get("budget_tokens") or 0
        if budget < 1024:
            return 400, "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
        if body.get("max_tokens", 0) <= budget:
            return 400, ("`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
                         f"documentation at {self.DOCS}#max-tokens-and-context-window-size")
        if body.get("temperature") not in (None, 1):
            return 400, ("`temperature` may only be set to 1 when thinking is enabled or in interleaved thinking "
                         f"mode. Please consult our documentation at {self.DOCS}#feature-compatibility")
        return None

    @staticmethod
    def _roles(messages: list[dict[str, Any]]) -> Problem | None:
        for i, message in enumerate(messages):
            if message.get("role") not in ("user", "assistant"):
                return 400, f"messages.{i}.role: Input should be 'user' or 'assistant'"
        if messages and messages[0]["role"] != "user":
            return 400, 'messages: first message must use the "user" role'
        for before, after in zip(messages, messages[1:]):
            if before["role"] == after["role"]:
                return 400, (f'messages: roles must alternate between "user" and "assistant", but found multiple '
                             f'"{after["role"]}" roles in a row')
        return None

    @staticmethod
    def _pairs(messages: list[dict[str, Any]]) -> Problem | None:
        def blocks(message: dict[str, Any] | None, kind: str) -> list[tuple[int, dict[str, Any]]]:
            content = (message or {}).get("content")
            return [(j, b) for j, b in enumerate(content) if b.get("type") == kind] if isinstance(content, list) else []

        for i, message in enumerate(messages):
            if message["role"] == "assistant":
                uses = [b["id"] for _, b in blocks(message, "tool_use")]
                answered = {b["tool_use_id"] for _, b in blocks(messages[i + 1] if i + 1 < len(messages) else None,
                                                                "tool_result")}
                missing = [u for u in uses if u not in answered]
                if missing:
                    return 400, (f"messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately "
                                 f"after: {', '.join(missing)}. Each `tool_use` block must have a corresponding "
                                 "`tool_result` block in the next message.")
            else:
                previous = {b["id"] for _, b in blocks(messages[i - 1] if i else None, "tool_use")}
                for j, result in blocks(message, "tool_result"):
                    if result.get("tool_use_id") not in previous:
                        return 400, (f"messages.{i}.content.{j}: unexpected `tool_use_id` found in `tool_result` "
                                     f"blocks: {result.get('tool_use_id')}. Each `tool_result` block must have a "
                                     "corresponding `tool_use` block in the previous message.")
        return None

    def _blocks(self, messages: list[dict[str, Any]], thinking: bool) -> Problem | None:
        assistants = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
        for i in assistants:
            content = messages[i]["content"] if isinstance(messages[i]["content"], list) else []
            for j, block in enumerate(content):
                if block.get("type") != "thinking":
                    continue
                if not block.get("signature"):
                    return 400, f"messages.{i}.content.{j}.thinking.signature: Field required"
                issued = self.signatures.get(block["signature"])
                if issued is None or (issued != block.get("thinking") and i != assistants[-1]):
                    return 400, f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block"
                if issued != block.get("thinking"):
                    return 400, (f"messages.{i}.content.{j}: `thinking` or `redacted_thinking` blocks in the latest "
                                 "assistant message cannot be modified. These blocks must remain as they were in the "
                                 "original response.")
        last = assistants[-1] if assistants else None
        following = messages[last + 1]["content"] if last is not None and last + 1 < len(messages) else None
        in_tool_loop = isinstance(following, list) and any(b.get("type") == "tool_result" for b in following)
        if thinking and in_tool_loop:
            content = messages[last]["content"]
            first = content[0].get("type") if isinstance(content, list) and content else "text"
            if first not in ("thinking", "redacted_thinking"):
                return 400, (f"messages.{last}.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
                             f"`{first}`. When `thinking` is enabled, a final `assistant` message must start with a "
                             "thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We "
                             "recommend you include thinking blocks from previous turns. To avoid this requirement, "
                             f"disable `thinking`. Please consult our documentation at {self.DOCS}")
        return None


class ResponsesFake(StrictVendor):
    """The OpenAI Responses API, stateless (store=false). Reasoning items come back with
    `encrypted_content` only when include=["reasoning.encrypted_content"]; sent back by id
    alone they are "not found" (404), since nothing was stored, and each must be followed by
    the item it produced. A function_call_output needs its function_call (same call_id)
    earlier in the input and a function_call its output. Errors: {"error": {"message", "type":
    "invalid_request_error", "param": "input", "code": null}}."""

    fmt = "responses"
    vendor = "OpenAI Responses"

    def __init__(self, script: list | None = None) -> None:
        super().__init__(script)
        self.encrypted: dict[str, str] = {}  # reasoning item id -> the encrypted_content issued

    def _responses(self, turn: FakeTurn, req: dict[str, Any]) -> dict[str, Any]:
        out = super()._responses(turn, req)
        for item in out["output"]:
            if item["type"] == "reasoning":
                sealed = "gAAAAB" + _digest("responses", item["id"], json.dumps(item["summary"]))
                self.encrypted[item["id"]] = sealed
                if "reasoning.encrypted_content" in (req.get("include") or []):
                    item["encrypted_content"] = sealed
        return out

    def reject(self, status: int, message: str) -> _Reply:
        return _Reply(status, {"error": {"message": message, "type": "invalid_request_error", "param": "input",
                                          "code": None}}, self._request_id_header(self.fmt))

    def validate(self, body: dict[str, Any]) -> Problem | None:
        items = body.get("input") if isinstance(body.get("input"), list) else []
        calls: list[str] = []
        answered: set[str] = set()
        for n, item in enumerate(items):
            kind = item.get("type")
            if kind == "function_call":
                calls.append(item.get("call_id"))
            elif kind == "function_call_output":
                if item.get("call_id") not in calls:
                    return 400, f"No tool call found for function call output with call_id {item.get('call_id')}."
                answered.add(item["call_id"])
            elif kind == "reasoning":
                problem = self._reasoning(item, items[n + 1] if n + 1 < len(items) else None, body.get("store", True))
                if problem:
                    return problem
        for call_id in calls:
            if call_id not in answered:
                return 400, f"No tool output found for function call {call_id}."
        return None

    def _reasoning(self, item: dict[str, Any], following: dict[str, Any] | None, store: bool) -> Problem | None:
        rid = item.get("id")
        if not store and not item.get("encrypted_content"):
            return 404, (f"Item with id '{rid}' not found. Items are not persisted when `store` is set to false. "
                         "Try again with `store` set to true, or remove this item from your input.")
        if item.get("encrypted_content") and item["encrypted_content"] != self.encrypted.get(rid):
            return 400, f"The encrypted content for item {rid} could not be verified."
        if following is None or (following.get("type") not in ("message", "function_call")
                                 and following.get("role") != "assistant"):
            return 400, f"Item '{rid}' of type 'reasoning' was provided without its required following item."
        return None
