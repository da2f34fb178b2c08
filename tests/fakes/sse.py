"""Server-sent event streams for the three wire formats, built from a rendered (non-streamed) reply.

Each function turns the JSON body a vendor would send for `stream: false` into the events the
same vendor sends for `stream: true`, following its streaming docs, so that the SDK's own
accumulator rebuilds exactly that body. Text, reasoning and tool arguments arrive in more than
one delta, so the tests exercise accumulation rather than a single lucky chunk.

An event is (name, data): `name` is the SSE `event:` line (None for Chat Completions, which
sends bare `data:` lines; ":" for a comment line, which clients must ignore), `data` a JSON
object, or a raw string such as Chat Completions' closing "[DONE]".
"""

from __future__ import annotations

import itertools
import json
from typing import Any, TypeAlias

Event: TypeAlias = tuple[str | None, Any]
# Reasoning fields OpenAI-compatible servers add to the assistant message, streamed as deltas
# of the same name (DeepSeek and older vLLM: reasoning_content; vLLM, OpenRouter: reasoning).
CHAT_REASONING_TEXT = ("reasoning_content", "reasoning")


def halves(text: str) -> list[str]:
    """`text` in two pieces (one when too short to split): accumulation must join them."""
    cut = len(text) // 2
    return [text[:cut], text[cut:]] if cut else [text]


def encode(event: Event) -> bytes:
    """One event on the wire."""
    name, data = event
    if name == ":":
        return f": {data}\n\n".encode()
    payload = data if isinstance(data, str) else json.dumps(data)
    return (f"event: {name}\n" if name else "").encode() + f"data: {payload}\n\n".encode()


def chat_events(completion: dict[str, Any], *, include_usage: bool) -> list[Event]:
    """Chat Completions chunks (`object: chat.completion.chunk`): a role chunk, reasoning and
    content deltas, each tool call opened with its id and name then its arguments in pieces, a
    chunk with the finish reason, then — only with stream_options.include_usage — a chunk with
    empty `choices` and the usage (every earlier chunk then says `"usage": null`), then [DONE]."""
    base = {key: completion[key] for key in ("id", "created", "model", "system_fingerprint") if key in completion}
    base["object"] = "chat.completion.chunk"
    choice = completion["choices"][0]
    message = choice["message"]

    def chunk(delta: dict[str, Any], finish: str | None = None) -> Event:
        body = {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
        return None, {**body, "usage": None} if include_usage else body

    events = [chunk({"role": "assistant", "content": "", "refusal": None})]
    for key in CHAT_REASONING_TEXT:
        if message.get(key):
            events += [chunk({key: piece}) for piece in halves(message[key])]
    for detail in message.get("reasoning_details") or []:
        events.append(chunk({"reasoning_details": [detail]}))
    if message.get("content"):
        events += [chunk({"content": piece}) for piece in halves(message["content"])]
    for index, call in enumerate(message.get("tool_calls") or []):
        head = {"index": index, "id": call["id"], "type": "function",
                "function": {"name": call["function"]["name"], "arguments": ""}}
        events.append(chunk({"tool_calls": [head]}))
        events += [chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
                   for piece in halves(call["function"]["arguments"]) if piece]
    events.append(chunk({}, choice["finish_reason"]))
    if include_usage:
        events.append((None, {**base, "choices": [], "usage": completion["usage"]}))
    events.append((None, "[DONE]"))
    return events


def responses_events(response: dict[str, Any]) -> list[Event]:
    """Responses API events: response.created / in_progress with an empty output, then per
    output item `output_item.added`, its parts and deltas (output_text, function-call
    arguments, reasoning summary text) and `output_item.done` with the full item, then
    `response.completed` — or `response.incomplete` when max_output_tokens cut it — carrying
    the whole response. Every event has `type` and a running `sequence_number`."""
    sequence = itertools.count()

    def event(kind: str, **fields: Any) -> Event:
        return kind, {"type": kind, "sequence_number": next(sequence), **fields}

    start = {**response, "status": "in_progress", "output": [], "usage": None, "completed_at": None,
             "incomplete_details": None}
    events = [event("response.created", response=start), event("response.in_progress", response=start)]
    for i, item in enumerate(response["output"]):
        where = {"item_id": item["id"], "output_index": i}
        if item["type"] == "message":
            events.append(event("response.output_item.added", output_index=i,
                                item={**item, "status": "in_progress", "content": []}))
            for j, part in enumerate(item["content"]):
                events.append(event("response.content_part.added", **where, content_index=j, part={**part, "text": ""}))
                events += [event("response.output_text.delta", **where, content_index=j, delta=piece, logprobs=[])
                           for piece in halves(part["text"])]
                events.append(event("response.output_text.done", **where, content_index=j, text=part["text"], logprobs=[]))
                events.append(event("response.content_part.done", **where, content_index=j, part=part))
        elif item["type"] == "function_call":
            events.append(event("response.output_item.added", output_index=i,
                                item={**item, "status": "in_progress", "arguments": ""}))
            events += [event("response.function_call_arguments.delta", **where, delta=piece)
                       for piece in halves(item["arguments"]) if piece]
            events.append(event("response.function_call_arguments.done", **where, name=item["name"],
                                arguments=item["arguments"]))
        else:  # reasoning: summary parts stream; encrypted_content arrives with the finished item
            events.append(event("response.output_item.added", output_index=i,
                                item={"type": "reasoning", "id": item["id"], "summary": []}))
            for k, part in enumerate(item.get("summary") or []):
                empty = {"type": "summary_text", "text": ""}
                events.append(event("response.reasoning_summary_part.added", **where, summary_index=k, part=empty))
                events += [event("response.reasoning_summary_text.delta", **where, summary_index=k, delta=piece)
                           for piece in halves(part["text"])]
                events.append(event("response.reasoning_summary_text.done", **where, summary_index=k, text=part["text"]))
                events.append(event("response.reasoning_summary_part.done", **where, summary_index=k, part=part))
        events.append(event("response.output_item.done", output_index=i, item=item))
    final = "response.incomplete" if response["status"] == "incomplete" else "response.completed"
    events.append(event(final, response=response))
    return events


def anthropic_events(message: dict[str, Any]) -> list[Event]:
    """A Messages response as its event stream (Anthropic's streaming docs): message_start
    (usage so far, output_tokens 1), per block start / delta(s) / stop, message_delta with the
    stop reason and the final cumulative usage (output_tokens_details included), message_stop."""
    usage = message["usage"]
    opening = {k: v for k, v in usage.items() if k != "output_tokens_details"}
    start = {**message, "content": [], "stop_reason": None, "usage": {**opening, "output_tokens": 1}}
    events: list[Event] = [("message_start", {"type": "message_start", "message": start})]
    for i, block in enumerate(message["content"]):
        if block["type"] == "text":
            head = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": piece} for piece in halves(block["text"])]
        elif block["type"] == "thinking":
            head = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [{"type": "thinking_delta", "thinking": piece} for piece in halves(block["thinking"])]
            deltas.append({"type": "signature_delta", "signature": block["signature"]})
        else:  # tool_use: the input arrives as partial JSON
            head = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": piece} for piece in halves(json.dumps(block["input"]))]
        events.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": head}))
        events += [("content_block_delta", {"type": "content_block_delta", "index": i, "delta": d}) for d in deltas]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    final_usage = {"output_tokens": usage["output_tokens"]}
    if "output_tokens_details" in usage:
        final_usage["output_tokens_details"] = usage["output_tokens_details"]
    events.append(("message_delta", {"type": "message_delta",
                                     "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                                     "usage": final_usage}))
    events.append(("message_stop", {"type": "message_stop"}))
    return events
