"""Small pieces every wire format needs: tool-name mapping, data URLs, JSON parsing."""

from __future__ import annotations

import base64
import json
import re

from harness.messages import ImagePart, ToolCall

_ALLOWED = re.compile(r"[^a-zA-Z0-9_-]")


class ToolNames:
    """Maps our tool names (MCP tools are `server/tool`) to what APIs accept and back.

    OpenAI and Anthropic allow ^[a-zA-Z0-9_-]{1,64}$; the mapping is stable and reversible."""

    def __init__(self, names: list[str]) -> None:
        self._to_wire: dict[str, str] = {}
        self._from_wire: dict[str, str] = {}
        for name in names:
            wire = _ALLOWED.sub("_", name.replace("/", "__"))[:64]
            base, n = wire, 2
            while wire in self._from_wire:
                suffix = f"_{n}"
                wire, n = base[: 64 - len(suffix)] + suffix, n + 1
            self._to_wire[name], self._from_wire[wire] = wire, name

    def wire(self, name: str) -> str:
        return self._to_wire.get(name, _ALLOWED.sub("_", name)[:64])

    def ours(self, wire: str) -> str:
        return self._from_wire.get(wire, wire)


def data_url(image: ImagePart) -> str:
    return f"data:{image.media_type};base64,{base64.b64encode(image.data).decode()}"


def b64(image: ImagePart) -> str:
    return base64.b64encode(image.data).decode()


def parse_call(call_id: str, name: str, raw: str | None) -> ToolCall:
    """A tool call whose arguments are checked here, so the loop can report bad JSON to the model."""
    raw = raw or ""
    if not raw.strip():
        return ToolCall(call_id, name, raw, {})
    try:
        parsed = json.loads(raw)
    except json.JSONDecodeError as exc:
        return ToolCall(call_id, name, raw, None, f"invalid JSON in arguments: {exc.msg} at line {exc.lineno} column {exc.colno}")
    if not isinstance(parsed, dict):
        return ToolCall(call_id, name, raw, None, f"arguments must be a JSON object, got {type(parsed).__name__}")
    return ToolCall(call_id, name, raw, parsed)
