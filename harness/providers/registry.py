"""Make a provider from a model spec; deterministic agents come from harness.agent.scripted."""

from __future__ import annotations

import os

from harness.providers.anthropic_messages import AnthropicProvider
from harness.providers.base import Provider
from harness.providers.openai_chat import OpenAIChatProvider
from harness.providers.openai_responses import OpenAIResponsesProvider
from harness.providers.settings import ModelSettings

_CLASSES = {
    "openai": OpenAIChatProvider,
    "openai-compatible": OpenAIChatProvider,
    "openai-responses": OpenAIResponsesProvider,
    "anthropic": AnthropicProvider,
}


class MissingApiKeyError(RuntimeError):
    pass


def make_provider(settings: ModelSettings) -> Provider:
    key = os.environ.get(settings.key_env)
    if not key and settings.provider != "openai-compatible":
        raise MissingApiKeyError(f"{settings.spec}: set {settings.key_env} to call {settings.provider}")
    return _CLASSES[settings.provider](settings, key)
