"""Model settings from a models file: which API, context window, limits, prices.

models.yaml maps a model spec `PROVIDER:MODEL` to its settings:

    models:
      anthropic:claude-sonnet-4-5:
        context_window: 200000
        max_output_tokens: 32000
        prices: {input: 3.0, cached_input: 0.3, output: 15.0}   # USD per million tokens
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from harness.paths import project_root

ProviderKind = Literal["openai", "openai-responses", "anthropic", "openai-compatible"]
PROVIDERS: tuple[str, ...] = ("openai", "openai-responses", "anthropic", "openai-compatible")
DEFAULT_API_KEY_ENV = {
    "openai": "OPENAI_API_KEY",
    "openai-responses": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "openai-compatible": "OPENAI_COMPATIBLE_API_KEY",
}


class ModelsFileError(ValueError):
    pass


class Prices(BaseModel):
    model_config = ConfigDict(extra="forbid")
    input: float = Field(ge=0)  # USD per million input tokens (uncached)
    cached_input: float = Field(ge=0)
    output: float = Field(ge=0)  # reasoning tokens are billed as output
    # Prompt tokens written to a cache (Anthropic bills them at 1.25x input for the 5-minute
    # cache); default: the input price × 1.25.
    cache_write: float | None = Field(default=None, ge=0)


class ImageLimitSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_pixels: int | None = None
    max_side: int | None = None
    max_bytes: int | None = None


class ModelSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spec: str = ""  # filled from the key
    provider: ProviderKind
    model: str  # the name sent to the API
    context_window: int = Field(gt=0)
    max_output_tokens: int = Field(default=16000, gt=0)
    reasoning_effort: str | None = None  # OpenAI effort; Anthropic: thinking budget from it
    thinking_budget: int | None = None  # Anthropic extended thinking tokens
    temperature: float | None = None
    image_detail: str = "original"  # OpenAI image detail: original resolution by default
    base_url: str | None = None
    api_key_env: str | None = None
    timeout_s: float = 600.0
    max_attempts: int = 6
    # Stream replies (the default): long generations are not cut by proxies' idle timeouts and the
    # SDKs accept any max_tokens. `stream: false` is for OpenAI-compatible endpoints that lack it.
    stream: bool = True
    extra: dict[str, Any] = Field(default_factory=dict)  # merged into every request body
    prices: Prices
    image_limits: ImageLimitSettings = Field(default_factory=ImageLimitSettings)

    @field_validator("base_url")
    @classmethod
    def _base_url_is_a_url(cls, value: str | None) -> str | None:
        # "localhost:8080/v1" (no scheme) parses with the port as the scheme and fails only at the
        # first call, a minute later, as "Connection error": refuse it here, naming the fix.
        if value is None:
            return value
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"{value!r} is not an http(s) URL with a host, e.g. http://127.0.0.1:8080/v1")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _output_fits(self) -> ModelSettings:
        # A reply of max_output_tokens must fit beside a prompt: an output reserve as large as the
        # window leaves no room for the prompt and every request would overflow.
        if self.max_output_tokens >= self.context_window:
            raise ValueError(f"max_output_tokens ({self.max_output_tokens}) must be smaller than context_window"
                             f" ({self.context_window})")
        if self.thinking_budget is not None and self.thinking_budget >= self.max_output_tokens:
            raise ValueError(f"thinking_budget ({self.thinking_budget}) must be smaller than max_output_tokens"
                             f" ({self.max_output_tokens}): thinking counts towards the output")
        return self

    def cost_usd(self, input_tokens: int, cached_input: int, output_tokens: int, cache_write: int = 0) -> float:
        """USD for one call; `input_tokens` counts every prompt token, cache reads and writes included."""
        p = self.prices
        plain = max(input_tokens - cached_input - cache_write, 0)
        write_price = p.cache_write if p.cache_write is not None else p.input * 1.25
        return (plain * p.input + cached_input * p.cached_input + cache_write * write_price + output_tokens * p.output) / 1e6

    def cost_of(self, usage) -> float:
        """cost_usd of a providers.base.Usage."""
        return self.cost_usd(usage.input, usage.cached_input, usage.output, usage.cache_write)

    @property
    def key_env(self) -> str:
        return self.api_key_env or DEFAULT_API_KEY_ENV[self.provider]


def default_models_file() -> Path:
    return project_root() / "models.yaml"


def load_models_file(path: Path) -> dict[str, ModelSettings]:
    """Parse and validate the whole file; every problem names the file, model and field."""
    try:
        raw = yaml.safe_load(path.read_text())
    except FileNotFoundError:
        raise ModelsFileError(f"{path}: not found") from None
    except yaml.YAMLError as exc:
        raise ModelsFileError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("models"), dict):
        raise ModelsFileError(f"{path}: models: expected a mapping of 'PROVIDER:MODEL' to settings")
    problems: list[str] = []
    out: dict[str, ModelSettings] = {}
    for spec, body in raw["models"].items():
        provider, _, model = str(spec).partition(":")
        if not model:
            problems.append(f"{path}: models.{spec}: key must be PROVIDER:MODEL")
            continue
        body = dict(body or {})
        body.setdefault("provider", provider)
        body.setdefault("model", model)
        if body["provider"] not in PROVIDERS:
            problems.append(f"{path}: models.{spec}.provider: unknown provider {body['provider']!r} (known: {', '.join(PROVIDERS)})")
            continue
        try:
            out[spec] = ModelSettings(spec=spec, **body)
        except ValidationError as exc:
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"])
                problems.append(f"{path}: models.{spec}.{where}: {err['msg'].lower()}")
        if body["provider"] == "openai-compatible" and not body.get("base_url"):
            problems.append(f"{path}: models.{spec}.base_url: required for openai-compatible endpoints")
    if problems:
        raise ModelsFileError("\n".join(problems))
    return out


def resolve_model(spec: str, path: Path | None = None) -> ModelSettings:
    models = load_models_file(path or default_models_file())
    if spec not in models:
        known = ", ".join(sorted(models)) or "none"
        raise ModelsFileError(f"{path or default_models_file()}: no entry for model {spec!r} (known: {known})")
    return models[spec]
