"""OpenAI Chat Completions, also the path for OpenAI-compatible endpoints (vLLM, Ollama, OpenRouter)."""

from __future__ import annotations

from typing import Any

from harness.messages import Message
from harness.providers.base import ModelRequest, ModelResponse, Usage
from harness.providers.chat_stream import stream_chat
from harness.providers.sdk_provider import OpenAISdkProvider
from harness.providers.wire import ToolNames, data_url, parse_call

_STOPS = {"tool_calls": "tool_use", "function_call": "tool_use", "length": "length"}


class OpenAIChatProvider(OpenAISdkProvider):
    async def complete(self, request: ModelRequest) -> ModelResponse:
        names = ToolNames([t.name for t in request.tools])
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": request.system}, *self._messages(request.messages, names)],
            "max_completion_tokens": request.max_output_tokens or self.settings.max_output_tokens,
        }
        if request.tools:
            body["tools"] = [
                {"type": "function", "function": {"name": names.wire(t.name), "description": t.description, "parameters": t.parameters}}
                for t in request.tools
            ]
        if self.settings.reasoning_effort:
            body["reasoning_effort"] = self.settings.reasoning_effort
        if self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        create = self._stream if self.settings.stream else self._client.chat.completions.create
        completion = await self._send(create, body, request.on_retry)
        choice = completion.choices[0]
        message = choice.message
        calls = [parse_call(c.id, names.ours(c.function.name), c.function.arguments) for c in (message.tool_calls or [])]
        usage = completion.usage
        cached = getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", 0) or 0
        reasoning = getattr(getattr(usage, "completion_tokens_details", None), "reasoning_tokens", 0) or 0
        stop = _STOPS.get(choice.finish_reason or "", "end")
        state = _reasoning_state(message)
        thought = str(state.get("reasoning_content") or state.get("reasoning") or "")
        return ModelResponse(
            text=message.content or "",
            tool_calls=calls,
            stop="tool_use" if calls and stop != "length" else stop,
            usage=Usage(usage.prompt_tokens if usage else 0, cached, usage.completion_tokens if usage else 0, reasoning,
                        reasoning_uncounted=bool(state) and not reasoning),
            raw_stop=choice.finish_reason or "",
            provider_state=state or None,
            reasoning=thought,
        )

    async def _stream(self, **kwargs: Any) -> Any:
        return await stream_chat(self._client, **kwargs)

    def _messages(self, messages: list[Message], names: ToolNames) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for msg in messages:
            if msg.role == "user":
                out.append({"role": "user", "content": self._content(msg.text, msg.images)})
            elif msg.role == "assistant":
                item: dict[str, Any] = {"role": "assistant", "content": msg.text or None}
                item.update(msg.provider_state or {})  # reasoning given back as it came (see _reasoning_state)
                if msg.tool_calls:
                    item["tool_calls"] = [
                        {"id": c.id, "type": "function", "function": {"name": names.wire(c.name), "arguments": c.wire_arguments}}
                        for c in msg.tool_calls
                    ]
                out.append(item)
            else:
                # Tool messages carry text only in this API: images follow in one user message.
                images = []
                for result in msg.tool_results:
                    out.append({"role": "tool", "tool_call_id": result.call_id, "content": result.text or "(no output)"})
                    images += [(result, image) for image in result.images]
                if images:
                    parts: list[dict[str, Any]] = []
                    for result, image in images:
                        parts.append({"type": "text", "text": f"Image returned by {result.name} (call {result.call_id}):"})
                        parts.append(self._image(image))
                    out.append({"role": "user", "content": parts})
        return out

    def _content(self, text: str, images) -> Any:
        if not images:
            return text
        return [{"type": "text", "text": text}, *[self._image(image) for image in images]]

    def _image(self, image) -> dict[str, Any]:
        return {"type": "image_url", "image_url": {"url": data_url(image), "detail": self.settings.image_detail}}


# Reasoning fields OpenAI-compatible servers put on the assistant message: DeepSeek and vLLM's
# reasoning parsers send `reasoning_content`, OpenRouter `reasoning` and `reasoning_details`.
# They go back on that message in later requests, exactly as received: DeepSeek's thinking mode
# with tools rejects a tool-call turn sent back without its reasoning_content, and OpenRouter
# needs reasoning_details to continue the model's reasoning. Servers that send none get none.
REASONING_FIELDS = ("reasoning_content", "reasoning", "reasoning_details")


def _reasoning_state(message) -> dict[str, Any]:
    extra = {**(getattr(message, "model_extra", None) or {})}
    return {k: extra[k] for k in REASONING_FIELDS if extra.get(k) not in (None, "", [])}
