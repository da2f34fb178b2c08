"""Make a provider from a model spec; deterministic agents come from harness.agent.scripted.

Provider modules import their SDK (a second or more each), so they load only when a model
of theirs is used: `mka --help` and oracle runs never pay for them."""

from __future__ import annotations

import importlib
import os

from harness.providers.base import Provider
from harness.providers.settings import ModelSettings

_CLASSES = {
    "openai": "harness.providers.openai_chat:OpenAIChatProvider",
    "openai-compatible": "harness.providers.openai_chat:OpenAIChatProvider",
    "openai-responses": "harness.providers.openai_responses:OpenAIResponsesProvider",
    "anthropic": "harness.providers.anthropic_messages:AnthropicProvider",
}


class MissingApiKeyError(RuntimeError):
    pass


def make_provider(settings: ModelSettings) -> Provider:
    key = os.environ.get(settings.key_env)
    if not key and settings.provider != "openai-compatible":
        raise MissingApiKeyError(f"{settings.spec}: set {settings.key_env} to call {settings.provider}")
    module, _, name = _CLASSES[settings.provider].partition(":")
    return getattr(importlib.import_module(module), name)(settings, key)
