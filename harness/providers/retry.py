"""Retries for model calls: exponential backoff with jitter, honouring Retry-After.

The SDKs' own retries are turned off (max_retries=0) so the two never multiply."""

from __future__ import annotations

import email.utils
import re
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import anthropic
import openai
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_random_exponential

from harness.providers.base import ContextOverflowError, ProviderError

T = TypeVar("T")
MAX_RETRY_AFTER_S = 300.0


class StreamInterruptedError(ProviderError):
    """A streamed reply ended without its final event (connection cut, no finish reason, a
    failed response): nothing usable arrived, so it is retried like a 5xx. `usage` is what the
    cut attempt spent (reported, or estimated from what arrived) when the provider knows it:
    the loop counts it in the trial's totals."""

    def __init__(self, message: str, usage=None, partial=None) -> None:
        super().__init__(message)
        self.usage = usage
        self.partial = partial  # what arrived before the cut (a provider's own snapshot), if anything


_RETRYABLE = (
    openai.RateLimitError, openai.InternalServerError, openai.APIConnectionError, openai.APITimeoutError,
    anthropic.RateLimitError, anthropic.InternalServerError, anthropic.APIConnectionError, anthropic.APITimeoutError,
)
# How providers (OpenAI, Anthropic, vLLM, OpenRouter, Ollama, ...) say the request is too big.
_OVERFLOW = re.compile(
    r"context[_ ]length|maximum context|context window|prompt is too long|too many tokens|"
    r"input is too long|reduce the length|exceeds? the (?:model'?s? )?(?:max|limit)|request too large|"
    r"too many images|image[s]? (?:exceed|too large)|payload too large|max_tokens.*too large|"
    r"input tokens exceed|token limit",
    re.IGNORECASE,
)


# llama-cpp-python's server when prompt plus reply outgrow its n_ctx: a 500 from numpy copying
# tokens or logits into its n_ctx-sized buffers, "(151,) into shape (134,)" for a prompt that
# does not fit what is left, "(49152,) into shape (0,)" for a reply that ran out of room
# (abetlen/llama-cpp-python#657). The same request fails the same way: it is the window being
# full, recovered like any overflow and never retried.
_LLAMA_CPP_FULL = re.compile(r"could not broadcast input array from shape \(\d+,\) into shape \(\d+,\)")


def is_context_overflow(exc: BaseException) -> bool:
    status = getattr(exc, "status_code", None)
    if status == 413:
        return True
    if status in (400, 422) or isinstance(exc, openai.BadRequestError | anthropic.BadRequestError):
        return bool(_OVERFLOW.search(_message(exc)))
    return status == 500 and bool(_LLAMA_CPP_FULL.search(_message(exc)))


# Error types and codes that mean "try again" when an error arrives inside a 200 stream
# (Anthropic's `event: error`, OpenAI/OpenRouter `data: {"error": ...}`): no HTTP status tells.
_TRANSIENT = {"overloaded_error", "api_error", "rate_limit_error", "server_error", "rate_limit_exceeded",
              429, 500, 502, 503, 504, 529}


# A server that says the request itself is wrong, whatever status it sends it with: llama.cpp's
# server answers a body its schema refuses with a 500 ("Input should be a valid string"), and
# the same request would be refused again, so it is never retried.
_MALFORMED = re.compile(
    r"validation error|input should be|field required|extra inputs are not permitted|is not supported|not supported|"
    r"unsupported|invalid (?:request|value|type|parameter|schema|message|role)|malformed|unprocessable|"
    r"could not parse|failed to parse|cannot parse|unexpected (?:field|key|role)",
    re.IGNORECASE,
)
_STREAMED_TOOLS = re.compile(r"stream\w*[^.]*\b(?:not supported|unsupported)|(?:not supported|unsupported)[^.]*\bstream",
                             re.IGNORECASE)


def is_malformed_request(exc: BaseException) -> bool:
    """The server refused this request's content (not its load): retrying sends the same refusal."""
    if getattr(exc, "status_code", None) is None:
        return False
    return bool(_MALFORMED.search(_message(exc)))


def refuses_streamed_tools(exc: BaseException) -> bool:
    """The server cannot stream a reply when tools are offered (llama.cpp's "Automatic streaming
    tool choice is not supported"): the call is worth making again, unstreamed."""
    for error in (exc, exc.__cause__):
        if error is not None and _STREAMED_TOOLS.search(_message(error)):
            return True
    return False


def _is_retryable(exc: BaseException) -> bool:
    if isinstance(exc, StreamInterruptedError):
        return True
    if is_malformed_request(exc) or is_context_overflow(exc):
        return False
    if isinstance(exc, _RETRYABLE):
        return True
    status = getattr(exc, "status_code", None)
    if status in (408, 409, 429, 500, 502, 503, 504, 529):
        return True
    body = getattr(exc, "body", None)
    if status in (None, 200) and isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            return any(isinstance(v, str | int) and v in _TRANSIENT for v in (inner.get("type"), inner.get("code")))
    return False


def retry_after_seconds(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return min(float(value) * scale, MAX_RETRY_AFTER_S)
        except ValueError:
            parsed = email.utils.parsedate_to_datetime(value) if scale == 1.0 else None
            if parsed is not None:
                return min(max(parsed.timestamp() - time.time(), 0.0), MAX_RETRY_AFTER_S)
    return None


class _Wait:
    """Retry-After when the server gives one, else exponential backoff with full jitter."""

    def __init__(self, base: float, cap: float) -> None:
        self._backoff = wait_random_exponential(multiplier=base, max=cap)

    def __call__(self, state) -> float:
        exc = state.outcome.exception() if state.outcome else None
        hinted = retry_after_seconds(exc) if exc else None
        return hinted if hinted is not None else self._backoff(state)


async def call_with_retries(
    call: Callable[[], Awaitable[T]], *, attempts: int, base_wait_s: float = 1.0, max_wait_s: float = 60.0,
    on_retry: Callable[[BaseException, float, int], None] | None = None,
) -> T:
    """Run `call`, retrying transient failures; map overflow and final failures to our errors."""

    def before_sleep(state) -> None:
        if on_retry and state.outcome:
            on_retry(state.outcome.exception(), state.next_action.sleep if state.next_action else 0.0, state.attempt_number)

    try:
        async for attempt in AsyncRetrying(
            retry=retry_if_exception(_is_retryable),
            stop=stop_after_attempt(attempts),
            wait=_Wait(base_wait_s, max_wait_s),
            before_sleep=before_sleep,
            reraise=True,
        ):
            with attempt:
                return await call()
    except (openai.APIError, anthropic.APIError) as exc:
        if is_context_overflow(exc):
            raise ContextOverflowError(_message(exc)) from exc
        raise ProviderError(f"{type(exc).__name__}: {_message(exc)}") from exc
    raise AssertionError("unreachable")


def _message(exc: BaseException) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            # OpenRouter wraps the upstream's refusal: "Provider returned error" + metadata.raw.
            raw = (inner.get("metadata") or {}).get("raw") if isinstance(inner.get("metadata"), dict) else None
            return f"{inner['message']}: {raw}" if raw else str(inner["message"])
    return str(getattr(exc, "message", None) or exc)
