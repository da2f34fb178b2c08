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
    # A local OpenAI-compatible server needs no key, unless its entry names one (api_key_env):
    # then a missing variable is the user's to fix, said now rather than as a 401 mid-trial.
    if not key and (settings.provider != "openai-compatible" or settings.api_key_env):
        raise MissingApiKeyError(f"{settings.spec}: set {settings.key_env} to call {settings.provider}"
                                 + (f" at {settings.base_url}" if settings.base_url else ""))
    module, _, name = _CLASSES[settings.provider].partition(":")
    return getattr(importlib.import_module(module), name)(settings, key)
