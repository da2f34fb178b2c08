"""The provider-neutral conversation: what the loop keeps and every provider translates.

Providers map these to their wire formats (OpenAI chat, OpenAI Responses, Anthropic
Messages) and back; the loop never sees a vendor type."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class ImagePart:
    """An image the model sees, as the exact bytes sent (original resolution unless a note says otherwise)."""

    data: bytes
    media_type: str  # image/png, image/jpeg, image/webp, image/gif
    width: int
    height: int

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    raw_arguments: str  # exactly what the model produced
    arguments: dict[str, Any] | None = None  # None when raw_arguments is not a JSON object
    parse_error: str | None = None

    @property
    def wire_arguments(self) -> str:
        """What is sent back to the provider in the history: the model's own text when it was a
        JSON object, else "{}". Strict servers (vLLM, some OpenAI-compatible endpoints) reject a
        whole request whose history holds malformed arguments, so one bad call would end the
        trial; the raw text stays in the trajectory and in the error result the model reads."""
        return self.raw_arguments if self.arguments is not None else "{}"


@dataclass(frozen=True)
class ToolResult:
    call_id: str
    name: str
    text: str
    ok: bool = True
    images: tuple[ImagePart, ...] = ()


@dataclass
class Message:
    role: Literal["user", "assistant", "tool"]
    text: str = ""
    images: list[ImagePart] = field(default_factory=list)  # user turns only
    tool_calls: list[ToolCall] = field(default_factory=list)  # assistant turns only
    tool_results: list[ToolResult] = field(default_factory=list)  # tool turns: one per call
    # Opaque provider data that must be sent back verbatim on later turns
    # (Anthropic thinking blocks with signatures, Responses reasoning items).
    provider_state: Any = None


@dataclass(frozen=True)
class ToolSchema:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON Schema of the arguments object
