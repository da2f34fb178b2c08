"""Streamed Chat Completions through the SDK's own accumulator, plus the fields it mangles.

`client.chat.completions.stream(...)` accumulates content, tool calls, usage and any extra
string field (`reasoning_content`, `reasoning`) correctly. OpenRouter's `reasoning_details`
is a list of objects keyed by `index` whose every delta repeats `type`, `format` and `id`;
the SDK's generic merge concatenates all strings, so "anthropic-claude-v1" would come back
as "anthropic-claude-v1anthropic-claude-v1" and the details sent back would no longer be
the ones the provider issued. Those entries are merged here from the raw chunks instead:
text-like fields joined, every other field kept as first given.
"""

from __future__ import annotations

from typing import Any

from harness.providers.retry import StreamInterruptedError

_JOINED = ("text", "summary", "data")  # the pieces of one reasoning detail that arrive in parts


async def stream_chat(client: Any, **kwargs: Any) -> Any:
    """One streamed request; returns the accumulated completion (same shape as a non-streamed one).

    The snapshot is read rather than `get_final_completion()`, which raises on a `length`
    finish: a truncated reply is a normal outcome here (its partial text is kept). Usage
    arrives in a last chunk only when asked for (`include_usage`)."""
    details: list[dict[str, Any]] = []
    heads: dict[int, tuple[str, str]] = {}  # tool call index -> (id, name) as first given
    async with client.chat.completions.stream(**kwargs, stream_options={"include_usage": True}) as stream:
        async for event in stream:
            if event.type == "chunk":
                for choice in event.chunk.choices[:1]:
                    merge_reasoning_details(details, (choice.delta.model_extra or {}).get("reasoning_details"))
                    note_tool_call_heads(heads, choice.delta.tool_calls)
        try:
            snapshot = stream.current_completion_snapshot
        except AssertionError:  # the SDK's way of saying no chunk arrived
            snapshot = None
    if snapshot is None or not snapshot.choices or snapshot.choices[0].finish_reason is None:
        raise StreamInterruptedError("the chat completion stream ended before a finish reason", partial=snapshot)
    if details:
        setattr(snapshot.choices[0].message, "reasoning_details", details)
    for index, call in enumerate(snapshot.choices[0].message.tool_calls or []):
        if index in heads:
            call.id, call.function.name = heads[index]
    return snapshot


def note_tool_call_heads(heads: dict[int, tuple[str, str]], deltas: Any) -> None:
    """Keep each tool call's id and name as first given. llama.cpp's server repeats both in
    every delta of a call, and the SDK joins repeated strings: `code_exec` would come back as
    `code_execcode_execcode_exec...` and the call would name no tool."""
    for delta in deltas or []:
        name = delta.function.name if delta.function is not None else None
        if delta.index not in heads and (delta.id or name):
            heads[delta.index] = (delta.id or "", name or "")
        elif delta.index in heads:
            first_id, first_name = heads[delta.index]
            heads[delta.index] = (first_id or delta.id or "", first_name or name or "")


def merge_reasoning_details(acc: list[dict[str, Any]], delta: Any) -> None:
    """Fold one delta's `reasoning_details` entries into `acc`, by their `index`."""
    for entry in delta if isinstance(delta, list) else []:
        if not isinstance(entry, dict):
            continue
        index = entry.get("index")
        index = index if isinstance(index, int) and 0 <= index < 1000 else len(acc)
        while len(acc) <= index:
            acc.append({})
        target = acc[index]
        for key, value in entry.items():
            if value is None:
                continue
            if key in _JOINED and isinstance(value, str) and isinstance(target.get(key), str):
                target[key] += value
            elif target.get(key) is None:
                target[key] = value
