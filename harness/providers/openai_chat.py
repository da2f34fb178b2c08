"""OpenAI Chat Completions, also the path for OpenAI-compatible endpoints (vLLM, Ollama, OpenRouter)."""

from __future__ import annotations

from typing import Any

import openai

from harness.messages import Message
from harness.providers.base import ModelRequest, ModelResponse, ProviderError, Usage
from harness.providers.chat_stream import stream_chat
from harness.providers.estimate import estimate_usage
from harness.providers.retry import StreamInterruptedError, refuses_streamed_tools
from harness.providers.sdk_provider import OpenAISdkProvider
from harness.providers.wire import ToolNames, data_url, parse_call

# Endpoints (base URL, model) that refused a streamed request with tools, in this process: asked
# unstreamed from then on, so only the first trial of a run pays for finding out.
_STREAMED_TOOLS_REFUSED: set[tuple[str, str]] = set()

class _StreamedToolsRefused(ProviderError):
    """Not retried: the same streamed request would get the same refusal."""


_STOPS = {"tool_calls": "tool_use", "function_call": "tool_use", "length": "length"}


class OpenAIChatProvider(OpenAISdkProvider):
    """Chat Completions. For `openai-compatible` endpoints the request is the lowest common
    denominator that llama.cpp, vLLM, Ollama and OpenRouter all honour: `max_tokens` (llama.cpp
    ignores `max_completion_tokens`), string content on every assistant turn (llama.cpp's
    server rejects `content: null` with a 500), and `tool_choice: auto` with the tools (llama.cpp
    ignores tools without it)."""

    async def complete(self, request: ModelRequest) -> ModelResponse:
        names = ToolNames([t.name for t in request.tools])
        compatible = self.settings.provider == "openai-compatible"
        cap = request.max_output_tokens or self.settings.max_output_tokens
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": request.system}, *self._messages(request.messages, names)],
            "max_tokens" if compatible else "max_completion_tokens": cap,
        }
        if request.tools:
            body["tools"] = [
                {"type": "function", "function": {"name": names.wire(t.name), "description": t.description, "parameters": t.parameters}}
                for t in request.tools
            ]
            body["tool_choice"] = "auto"
        if self.settings.reasoning_effort:
            body["reasoning_effort"] = self.settings.reasoning_effort
        if self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        completion = await self._send_chat(body, request)
        choice = completion.choices[0]
        message = choice.message
        calls = [parse_call(c.id, names.ours(c.function.name), c.function.arguments) for c in (message.tool_calls or [])]
        stop = _STOPS.get(choice.finish_reason or "", "end")
        state = _reasoning_state(message)
        thought = str(state.get("reasoning_content") or state.get("reasoning") or "")
        return ModelResponse(
            text=message.content or "",
            tool_calls=calls,
            stop="tool_use" if calls and stop != "length" else stop,
            usage=_usage(completion, request, bool(state)),
            raw_stop=choice.finish_reason or "",
            provider_state=state or None,
            reasoning=thought,
        )

    async def _send_chat(self, body: dict[str, Any], request: ModelRequest) -> Any:
        """Streamed unless the entry says `stream: false` or the server refused a streamed
        request with tools: then this and every later call of the run with tools is sent
        unstreamed, and the switch is said once. llama-cpp-python refuses with a 200 and an empty
        stream (its "Automatic streaming tool choice is not supported" goes to its log only);
        other servers say so in an error."""
        endpoint = (self.settings.base_url or "", self.model)
        if not self.settings.stream or (request.tools and endpoint in _STREAMED_TOOLS_REFUSED):
            return await self._send(self._client.chat.completions.create, body, request.on_retry)
        compatible = self.settings.provider == "openai-compatible"

        async def streamed(**kwargs: Any) -> Any:
            try:
                return await stream_chat(self._client, **kwargs)
            except openai.APIConnectionError as exc:
                # llama-cpp-python sometimes drops the connection instead of sending the empty
                # stream: asked unstreamed at once; the switch sticks only if that answers.
                if compatible and request.tools:
                    raise _StreamedToolsRefused("a streamed request with tools lost its connection before any "
                                                "chunk") from exc
                raise
            except StreamInterruptedError as exc:
                if compatible and request.tools and exc.partial is None:
                    raise _StreamedToolsRefused("a streamed request with tools got an empty stream") from exc
                if exc.usage is None and exc.partial is not None:
                    exc.usage = estimate_usage(request, _partial_text(exc.partial))
                raise

        try:
            return await self._send(streamed, body, request.on_retry)
        except ProviderError as exc:
            if not request.tools or not (isinstance(exc, _StreamedToolsRefused) or refuses_streamed_tools(exc)):
                raise
            completion = await self._send(self._client.chat.completions.create, body, request.on_retry)
            _STREAMED_TOOLS_REFUSED.add(endpoint)
            if request.on_note:
                request.on_note("stream_refused", f"{self.settings.base_url} refused a streamed request with tools "
                                f"({exc}); calls with tools go unstreamed for the rest of the run")
            return completion

    def _messages(self, messages: list[Message], names: ToolNames) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for msg in messages:
            if msg.role == "user":
                out.append({"role": "user", "content": self._content(msg.text, msg.images)})
            elif msg.role == "assistant":
                # llama.cpp's server answers 500 to `content: null`; "" means the same everywhere.
                empty = "" if self.settings.provider == "openai-compatible" else None
                item: dict[str, Any] = {"role": "assistant", "content": msg.text or empty}
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


def _usage(completion: Any, request: ModelRequest, reasoned: bool) -> Usage:
    """The server's counts, or an estimate marked as one when it sent none (llama.cpp streams)."""
    usage = completion.usage
    if usage is None or not (usage.prompt_tokens or usage.completion_tokens):
        return estimate_usage(request, _partial_text(completion))
    cached = getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", 0) or 0
    reasoning = getattr(getattr(usage, "completion_tokens_details", None), "reasoning_tokens", 0) or 0
    return Usage(usage.prompt_tokens or 0, cached, usage.completion_tokens or 0, reasoning,
                 reasoning_uncounted=reasoned and not reasoning)


def _partial_text(completion: Any) -> str:
    """Every character the model produced in a (possibly partial) completion: text, reasoning
    and tool calls."""
    if not getattr(completion, "choices", None):
        return ""
    message = completion.choices[0].message
    parts = [message.content or ""]
    parts += [str(v) for v in _reasoning_state(message).values()]
    for call in message.tool_calls or []:
        parts += [call.function.name or "", call.function.arguments or ""]
    return "".join(parts)
