"""OpenAI Responses API, stateless: reasoning items are sent back with each request."""

from __future__ import annotations

from typing import Any

from harness.messages import Message
from harness.providers.base import ModelRequest, ModelResponse, ProviderError, Usage
from harness.providers.retry import StreamInterruptedError
from harness.providers.sdk_provider import OpenAISdkProvider
from harness.providers.wire import ToolNames, data_url, parse_call


class OpenAIResponsesProvider(OpenAISdkProvider):
    async def complete(self, request: ModelRequest) -> ModelResponse:
        names = ToolNames([t.name for t in request.tools])
        body: dict[str, Any] = {
            "model": self.model,
            "instructions": request.system,
            "input": self._input(request.messages, names),
            "max_output_tokens": request.max_output_tokens or self.settings.max_output_tokens,
            "store": False,
        }
        if request.tools:
            body["tools"] = [
                {"type": "function", "name": names.wire(t.name), "description": t.description,
                 "parameters": t.parameters, "strict": False}
                for t in request.tools
            ]
        if self.settings.reasoning_effort:
            body["reasoning"] = {"effort": self.settings.reasoning_effort, "summary": "auto"}
            body["include"] = ["reasoning.encrypted_content"]
        if self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        create = self._stream if self.settings.stream else self._client.responses.create
        response = await self._send(create, body, request.on_retry)
        texts, calls, replay, thoughts, reasoned = [], [], [], [], False
        for item in response.output:
            dumped = item.model_dump(exclude_none=True)
            if item.type == "message":
                texts += [part.text for part in item.content if getattr(part, "type", "") == "output_text"]
            elif item.type == "function_call":
                calls.append(parse_call(item.call_id, names.ours(item.name), item.arguments))
            elif item.type == "reasoning":
                reasoned = True
                thoughts += [part.text for part in (getattr(item, "summary", None) or []) if getattr(part, "text", "")]
                if not dumped.get("encrypted_content"):
                    # With store=false the API keeps nothing: a reasoning item sent back by id
                    # alone is a 404 ("Items are not persisted when `store` is set to false").
                    # Only items carrying their encrypted content (include=[...]) can go back.
                    continue
            if item.type in ("reasoning", "message", "function_call"):
                replay.append(dumped)
        usage = response.usage
        incomplete = getattr(response, "incomplete_details", None)
        length = response.status == "incomplete" and getattr(incomplete, "reason", "") == "max_output_tokens"
        reasoning_tokens = getattr(getattr(usage, "output_tokens_details", None), "reasoning_tokens", 0) or 0
        return ModelResponse(
            text="\n".join(texts),
            tool_calls=calls,
            stop="length" if length else ("tool_use" if calls else "end"),
            usage=Usage(
                usage.input_tokens if usage else 0,
                getattr(getattr(usage, "input_tokens_details", None), "cached_tokens", 0) or 0,
                usage.output_tokens if usage else 0,
                reasoning_tokens,
                reasoning_uncounted=reasoned and not reasoning_tokens,
            ),
            provider_state={"responses_output": replay},
            raw_stop=response.status or "",
            reasoning="\n".join(thoughts),
        )

    async def _stream(self, **kwargs: Any) -> Any:
        """One request, streamed through the SDK's own accumulator (`responses.stream`).

        The final object is the one the terminal event carries: `response.completed`, or
        `response.incomplete` when max_output_tokens cut the reply (`get_final_response()`
        knows only the first). A `response.failed` or `error` event, or a stream that ends
        without a terminal event, is retried when the vendor calls it transient."""
        final = None
        async with self._client.responses.stream(**kwargs) as stream:
            async for event in stream:
                if event.type in ("response.completed", "response.incomplete"):
                    final = event.response
                elif event.type in ("response.failed", "error"):
                    error = getattr(event.response, "error", None) if event.type == "response.failed" else event
                    code, message = getattr(error, "code", None), getattr(error, "message", None) or event.type
                    if code in (None, "server_error", "rate_limit_exceeded"):
                        raise StreamInterruptedError(f"{event.type}: {code}: {message}")
                    raise ProviderError(f"{event.type}: {code}: {message}")
        if final is None:
            raise StreamInterruptedError("the response stream ended before response.completed")
        return final

    def _input(self, messages: list[Message], names: ToolNames) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for msg in messages:
            if msg.role == "user":
                parts: list[dict[str, Any]] = [{"type": "input_text", "text": msg.text}]
                parts += [self._image(image) for image in msg.images]
                out.append({"role": "user", "content": parts})
            elif msg.role == "assistant":
                state = msg.provider_state or {}
                if "responses_output" in state:  # our own earlier output: replay it (reasoning items too)
                    fixed = {c.id: c.wire_arguments for c in msg.tool_calls}  # never malformed arguments
                    out += [{**item, "arguments": fixed[item["call_id"]]}
                            if item.get("type") == "function_call" and item.get("call_id") in fixed else item
                            for item in state["responses_output"]]
                    continue
                if msg.text:
                    out.append({"role": "assistant", "content": msg.text})
                out += [
                    {"type": "function_call", "call_id": c.id, "name": names.wire(c.name), "arguments": c.wire_arguments}
                    for c in msg.tool_calls
                ]
            else:
                for result in msg.tool_results:
                    output: Any = result.text or "(no output)"
                    if result.images:
                        output = [{"type": "input_text", "text": output}, *[self._image(i) for i in result.images]]
                    out.append({"type": "function_call_output", "call_id": result.call_id, "output": output})
        return out

    def _image(self, image) -> dict[str, Any]:
        return {"type": "input_image", "image_url": data_url(image), "detail": self.settings.image_detail}
