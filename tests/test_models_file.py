"""The models file: every entry validated, problems named by file, model and field."""

from __future__ import annotations

import pytest

from harness.paths import project_root
from harness.providers.registry import MissingApiKeyError, make_provider
from harness.providers.settings import ModelsFileError, load_models_file, resolve_model


def test_shipped_models_file_is_valid():
    models = load_models_file(project_root() / "models.yaml")
    assert "anthropic:claude-sonnet-4-5" in models
    sonnet = models["anthropic:claude-sonnet-4-5"]
    assert sonnet.model == "claude-sonnet-4-5" and sonnet.provider == "anthropic"
    # 1M uncached input at $3, 1M cached at $0.30, 1M output at $15.
    assert sonnet.cost_usd(2_000_000, 1_000_000, 1_000_000) == pytest.approx(18.3)


def test_problems_name_file_model_and_field(tmp_path):
    path = tmp_path / "models.yaml"
    path.write_text(
        "models:\n"
        "  mystery:some-model: {context_window: 1000, prices: {input: 1, cached_input: 1, output: 1}}\n"
        "  openai:no-price: {context_window: 1000}\n"
        "  anthropic:typo: {context_window: 1000, temprature: 0.2, prices: {input: 1, cached_input: 1, output: 1}}\n"
        "  openai-compatible:local: {context_window: 1000, prices: {input: 0, cached_input: 0, output: 0}}\n"
    )
    with pytest.raises(ModelsFileError) as caught:
        load_models_file(path)
    text = str(caught.value)
    assert f"{path}: models.mystery:some-model.provider: unknown provider 'mystery'" in text
    assert f"{path}: models.openai:no-price.prices: field required" in text
    assert f"{path}: models.anthropic:typo.temprature: extra inputs are not permitted" in text
    assert f"{path}: models.openai-compatible:local.base_url: required" in text


def test_unknown_model_and_missing_key(tmp_path, monkeypatch):
    with pytest.raises(ModelsFileError, match="no entry for model 'openai:nope'"):
        resolve_model("openai:nope")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(MissingApiKeyError, match="set ANTHROPIC_API_KEY"):
        make_provider(resolve_model("anthropic:claude-sonnet-4-5"))


def test_max_output_tokens_must_fit_the_context_window(tmp_path):
    from harness.providers.settings import ModelsFileError, load_models_file

    path = tmp_path / "models.yaml"
    path.write_text("models:\n  openai:big:\n    context_window: 8000\n    max_output_tokens: 8000\n"
                    "    prices: {input: 1, cached_input: 0.1, output: 2}\n")
    with pytest.raises(ModelsFileError, match="models.openai:big.*max_output_tokens \\(8000\\) must be smaller than context_window"):
        load_models_file(path)


def test_cache_writes_are_priced_as_cache_writes():
    from harness.providers.base import Usage
    from harness.providers.settings import ModelSettings, Prices

    settings = ModelSettings(provider="anthropic", model="m", context_window=200_000,
                             prices=Prices(input=3.0, cached_input=0.3, output=15.0))
    # 1M prompt tokens: 0.5M read from the cache, 0.25M written to it, 0.25M plain; no output.
    usage = Usage(input=1_000_000, cached_input=500_000, output=0, cache_write=250_000)
    assert settings.cost_of(usage) == pytest.approx(0.25 * 3.0 + 0.5 * 0.3 + 0.25 * 3.0 * 1.25)
    explicit = settings.model_copy(update={"prices": Prices(input=3.0, cached_input=0.3, output=15.0, cache_write=6.0)})
    assert explicit.cost_of(usage) == pytest.approx(0.25 * 3.0 + 0.5 * 0.3 + 0.25 * 6.0)
