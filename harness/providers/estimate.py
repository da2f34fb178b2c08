"""Token counts for a call whose server reported none, estimated on the high side.

llama.cpp's server sends no usage in a stream, and a stream cut before its end carries none.
Recording 0 would make budgets, compaction and cost silently never trigger, so the harness
counts such a call from its text instead: one token per three characters (English averages
about four, code and numbers fewer; three over-counts most text, which is the safe side for a
budget) plus a fixed allowance per image, and marks the usage `estimated`."""

from __future__ import annotations

import json
import math

from harness.providers.base import ModelRequest, Usage

CHARS_PER_TOKEN = 3
TOKENS_PER_IMAGE = 1500  # a high-detail image on the common APIs costs about 765-1600 tokens
TOKENS_PER_MESSAGE = 4  # role markers and separators a chat template adds


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def estimate_input(request: ModelRequest) -> int:
    """The prompt's tokens: system, messages, tool results, tool schemas and images."""
    chars = len(request.system) + sum(len(json.dumps(t.parameters)) + len(t.name) + len(t.description) for t in request.tools)
    images = 0
    for message in request.messages:
        chars += len(message.text)
        images += len(message.images)
        for call in message.tool_calls:
            chars += len(call.name) + len(call.raw_arguments or "")
        for result in message.tool_results:
            chars += len(result.text)
            images += len(result.images)
    per_message = TOKENS_PER_MESSAGE * (len(request.messages) + 1)
    return math.ceil(chars / CHARS_PER_TOKEN) + images * TOKENS_PER_IMAGE + per_message


def estimate_usage(request: ModelRequest, output_text: str) -> Usage:
    """What a call spent, counted from its request and whatever output arrived (at least one
    token: the server was asked for a reply)."""
    return Usage(input=estimate_input(request), output=max(estimate_tokens(output_text), 1), estimated=True)
