"""The provider protocol: one call from a conversation to the model's next turn."""

from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from harness.messages import Message, ToolCall, ToolSchema

StopReason = Literal["tool_use", "end", "length"]


@dataclass
class Usage:
    input: int = 0  # all prompt tokens, cached ones included
    cached_input: int = 0
    output: int = 0  # all completion tokens, reasoning included
    reasoning: int = 0
    cache_write: int = 0  # prompt tokens written to the provider's cache (Anthropic): inside `input`
    # True when the model reasoned (thinking blocks, reasoning items or text came back) but the
    # provider reported no separate count: those tokens are inside `output` only and `reasoning`
    # undercounts them. Recorded with each model_call so a reader never mistakes 0 for "no thinking".
    reasoning_uncounted: bool = False
    # True when the server reported no usage (llama.cpp's stream, a cut stream) and the counts
    # are the harness's conservative estimate (harness.providers.estimate): never a silent 0.
    estimated: bool = False

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input + other.input,
            self.cached_input + other.cached_input,
            self.output + other.output,
            self.reasoning + other.reasoning,
            self.cache_write + other.cache_write,
            self.reasoning_uncounted or other.reasoning_uncounted,
            self.estimated or other.estimated,
        )


@dataclass
class ModelRequest:
    system: str
    messages: list[Message]
    tools: list[ToolSchema]
    max_output_tokens: int | None = None
    # Told of each retry (the error, the wait in seconds, the attempt that failed): the loop
    # records them as trajectory events; their time is inside the call's latency (model_s).
    on_retry: Callable[[BaseException, float, int], None] | None = None
    # Told once of something the provider changed for the rest of the run (kind, sentence): a
    # server that refused streamed tools is asked unstreamed. The loop records it.
    on_note: Callable[[str, str], None] | None = None


@dataclass
class ModelResponse:
    text: str
    tool_calls: list[ToolCall]
    stop: StopReason
    usage: Usage
    provider_state: Any = None
    raw_stop: str = ""  # the provider's own stop/finish reason, for the trajectory
    extra: dict[str, Any] = field(default_factory=dict)
    reasoning: str = ""  # the model's visible reasoning (thinking, summaries, reasoning_content), recorded


class ProviderError(RuntimeError):
    """A model call failed for good (after retries)."""



class ContextOverflowError(ProviderError):
    """The request was too large for the model: too many tokens, images or bytes."""


class AgentStoppedError(ProviderError):
    """A deterministic agent has nothing more to say and never finished (a script ran out of
    turns, a reference solver's deliverables were refused): the agent's own end, like a model
    that stops calling tools, not an infrastructure failure."""


class Provider(Protocol):
    name: str  # "openai", "openai-responses", "anthropic", "openai-compatible", "script", "oracle"
    model: str

    async def complete(self, request: ModelRequest) -> ModelResponse: ...
