"""What the SDK-backed providers share: settings, one client each, retries, extra parameters."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from harness.providers.base import ProviderError
from harness.providers.retry import call_with_retries
from harness.providers.settings import ModelSettings

T = TypeVar("T")


class SdkProvider:
    def __init__(self, settings: ModelSettings, api_key: str | None) -> None:
        self.settings = settings
        self.name = settings.provider
        self.model = settings.model
        # SDK retries off (max_retries=0 in each client): call_with_retries owns retrying.
        self._keyless = not api_key
        self._client = self._make_client(api_key or "not-needed")

    def _make_client(self, api_key: str) -> Any:
        raise NotImplementedError

    async def _send(self, create: Callable[..., Awaitable[T]], body: dict[str, Any],
                    on_retry: Callable[[BaseException, float, int], None] | None = None) -> T:
        extra = dict(self.settings.extra) or None  # models.yaml `extra`, merged into the request body
        try:
            return await call_with_retries(lambda: create(**body, extra_body=extra), attempts=self.settings.max_attempts,
                                           on_retry=on_retry)
        except ProviderError as exc:
            status = getattr(exc.__cause__, "status_code", None)
            if self._keyless and status in (401, 403):
                raise ProviderError(f"{exc} (no API key was sent to {self.settings.base_url}: set "
                                    f"{self.settings.key_env}, or name another variable in api_key_env)") from exc
            raise


class OpenAISdkProvider(SdkProvider):
    """The OpenAI SDK's client, shared by Chat Completions and Responses (and compatible endpoints)."""

    def _make_client(self, api_key: str) -> Any:
        import openai

        return openai.AsyncOpenAI(api_key=api_key, base_url=self.settings.base_url, max_retries=0, timeout=self.settings.timeout_s)
