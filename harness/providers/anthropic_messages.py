"""Anthropic Messages: image blocks, tool_use/tool_result, thinking blocks passed back."""

from __future__ import annotations

import json
from typing import Any

import anthropic

from harness.messages import ImagePart, Message
from harness.providers.base import ModelRequest, ModelResponse, Usage
from harness.providers.retry import StreamInterruptedError
from harness.providers.sdk_provider import SdkProvider
from harness.providers.wire import ToolNames, b64, parse_call

_STOPS = {"tool_use": "tool_use", "max_tokens": "length", "model_context_window_exceeded": "length"}
_EFFORT_BUDGET = {"low": 4000, "medium": 12000, "high": 32000}


class AnthropicProvider(SdkProvider):
    def _make_client(self, api_key: str):
        return anthropic.AsyncAnthropic(api_key=api_key, base_url=self.settings.base_url, max_retries=0, timeout=self.settings.timeout_s)

    async def complete(self, request: ModelRequest) -> ModelResponse:
        names = ToolNames([t.name for t in request.tools])
        body: dict[str, Any] = {
            "model": self.model,
            "system": request.system,
            "messages": self._messages(request.messages, names),
            "max_tokens": request.max_output_tokens or self.settings.max_output_tokens,
        }
        if request.tools:
            body["tools"] = [
                {"name": names.wire(t.name), "description": t.description, "input_schema": t.parameters} for t in request.tools
            ]
        budget = self.settings.thinking_budget or _EFFORT_BUDGET.get(self.settings.reasoning_effort or "")
        if budget:
            body["thinking"] = {"type": "enabled", "budget_tokens": budget}
        elif self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        message = await self._send(self._stream if self.settings.stream else self._client.messages.create, body,
                                   request.on_retry)
        texts, calls, blocks, thoughts = [], [], [], []
        for block in message.content:
            blocks.append(block.model_dump(exclude_none=True))
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "thinking":
                thoughts.append(block.thinking)
            elif block.type == "tool_use":
                calls.append(parse_call(block.id, names.ours(block.name), json.dumps(block.input, ensure_ascii=False)))
        usage = message.usage
        cache_read = usage.cache_read_input_tokens or 0
        cache_write = usage.cache_creation_input_tokens or 0
        thinking = _thinking_tokens(usage)
        reasoned = any(b["type"] in ("thinking", "redacted_thinking") for b in blocks)
        return ModelResponse(
            text="\n".join(texts),
            tool_calls=calls,
            stop=_STOPS.get(message.stop_reason or "", "end"),
            usage=Usage(usage.input_tokens + cache_read + cache_write, cache_read, usage.output_tokens, thinking,
                        cache_write, reasoning_uncounted=reasoned and not thinking),
            provider_state={"anthropic_content": blocks},
            raw_stop=message.stop_reason or "",
            reasoning="\n".join(thoughts),
        )

    async def _stream(self, **kwargs: Any) -> Any:
        """One request, streamed: the SDK refuses (or proxies cut) long non-streamed requests, and
        a long thinking reply can take minutes; the final message is the same object either way."""
        async with self._client.messages.stream(**kwargs) as stream:
            message = await stream.get_final_message()
        if message.stop_reason is None:  # the stream stopped before message_delta: a partial reply
            raise StreamInterruptedError("the message stream ended before its stop reason")
        return message

    def _messages(self, messages: list[Message], names: ToolNames) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []

        def user(blocks: list[dict[str, Any]]) -> None:
            # Tool results and our follow-up text travel in one user turn: roles alternate.
            if out and out[-1]["role"] == "user":
                out[-1]["content"] += blocks
            else:
                out.append({"role": "user", "content": blocks})

        for msg in messages:
            if msg.role == "user":
                user([{"type": "text", "text": msg.text or "(continue)"}, *[_image(i) for i in msg.images]])
            elif msg.role == "assistant":
                state = msg.provider_state or {}
                blocks = state.get("anthropic_content")
                if blocks is None:
                    blocks = ([{"type": "text", "text": msg.text}] if msg.text else []) + [
                        {"type": "tool_use", "id": c.id, "name": names.wire(c.name), "input": c.arguments or {}}
                        for c in msg.tool_calls
                    ]
                out.append({"role": "assistant", "content": blocks or [{"type": "text", "text": "(no text)"}]})
            else:
                user([
                    {
                        "type": "tool_result",
                        "tool_use_id": r.call_id,
                        "is_error": not r.ok,
                        "content": [{"type": "text", "text": r.text or "(no output)"}, *[_image(i) for i in r.images]],
                    }
                    for r in msg.tool_results
                ])
        return out


def _thinking_tokens(usage: Any) -> int:
    """Thinking tokens from `usage.output_tokens_details.thinking_tokens`: the API's breakdown of
    the billed output (the raw reasoning, not the shorter summarized text returned), already
    inside `output_tokens`. Models that do not report it give 0 and the call is marked
    `reasoning_uncounted`: the thinking is then counted in output only; counting the summarized
    text would undercount, since billing is for the full thinking."""
    details = getattr(usage, "output_tokens_details", None)
    return int(getattr(details, "thinking_tokens", 0) or 0)


def _image(image: ImagePart) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": image.media_type, "data": b64(image)}}

