"""OpenAI Responses API, stateless: reasoning items are sent back with each request."""

from __future__ import annotations

from typing import Any


from harness.agent.messages import Message
from harness.providers.base import ModelRequest, ModelResponse, Usage
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
        response = await self._send(self._client.responses.create, body, request.on_retry)
        texts, calls, replay, thoughts = [], [], [], []
        for item in response.output:
            dumped = item.model_dump(exclude_none=True)
            if item.type == "message":
                texts += [part.text for part in item.content if getattr(part, "type", "") == "output_text"]
            elif item.type == "function_call":
                calls.append(parse_call(item.call_id, names.ours(item.name), item.arguments))
            elif item.type == "reasoning":
                thoughts += [part.text for part in (getattr(item, "summary", None) or []) if getattr(part, "text", "")]
            if item.type in ("reasoning", "message", "function_call"):
                replay.append(dumped)
        usage = response.usage
        incomplete = getattr(response, "incomplete_details", None)
        length = response.status == "incomplete" and getattr(incomplete, "reason", "") == "max_output_tokens"
        return ModelResponse(
            text="\n".join(texts),
            tool_calls=calls,
            stop="length" if length else ("tool_use" if calls else "end"),
            usage=Usage(
                usage.input_tokens if usage else 0,
                getattr(getattr(usage, "input_tokens_details", None), "cached_tokens", 0) or 0,
                usage.output_tokens if usage else 0,
                getattr(getattr(usage, "output_tokens_details", None), "reasoning_tokens", 0) or 0,
            ),
            provider_state={"responses_output": replay},
            raw_stop=response.status or "",
            reasoning="\n".join(thoughts),
        )

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
