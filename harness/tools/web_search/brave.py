"""Live search through the Brave Search API (web results), mapped to SearchResult."""

from __future__ import annotations

import asyncio
import html
import os
import re
from typing import Any

import httpx2 as httpx  # the HTTP client openai/anthropic ship with (httpx-compatible API)

from harness.tools.web_search.cache import SearchError, SearchResult

BRAVE_ENDPOINT = "https://api.search.brave.com/res/v1/web/search"
API_KEY_ENV = "BRAVE_API_KEY"
MAX_COUNT = 20  # the API's per-request maximum
MAX_QUERY_CHARS = 400  # the API rejects longer queries
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_TAG = re.compile(r"<[^>]+>")


def _plain(text: Any) -> str:
    """Brave highlights matches with <strong>; the model gets plain text."""
    return " ".join(html.unescape(_TAG.sub("", str(text or ""))).split())


def map_results(payload: Any) -> list[SearchResult]:
    web = payload.get("web") if isinstance(payload, dict) else None
    rows = web.get("results") if isinstance(web, dict) else None
    results = []
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or not row.get("url"):
            continue
        snippet = _plain(row.get("description"))
        extra = row.get("extra_snippets")
        if not snippet and isinstance(extra, list) and extra:
            snippet = _plain(extra[0])
        url = str(row["url"])
        results.append(SearchResult(title=_plain(row.get("title")) or url, url=url, snippet=snippet))
    return results


class BraveSearchBackend:
    """SearchBackend over ``GET <base_url>?q=...&count=...`` with ``X-Subscription-Token``.

    ``base_url`` is configurable so tests (or a proxy) can stand in for the real API.
    Rate-limit and server errors are retried ``retries`` times, ``retry_delay`` s apart
    (doubling)."""

    backend_id = "brave"

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str = BRAVE_ENDPOINT,
        http_timeout: float = 60.0,
        retries: int = 2,
        retry_delay: float = 1.0,
        extra_params: dict[str, str] | None = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get(API_KEY_ENV, "")
        if not key.strip():
            raise ValueError(f"Brave search needs an API key: set {API_KEY_ENV} or pass api_key")
        self._api_key = key.strip()
        self.base_url = base_url
        self.http_timeout = http_timeout
        self.retries = retries
        self.retry_delay = retry_delay
        self.extra_params = dict(extra_params or {})  # e.g. {"country": "us", "safesearch": "moderate"}

    def __repr__(self) -> str:  # never show the key
        return f"BraveSearchBackend(base_url={self.base_url!r})"

    async def search(self, query: str, k: int) -> list[SearchResult]:
        params = {**self.extra_params, "q": query[:MAX_QUERY_CHARS], "count": str(max(1, min(k, MAX_COUNT)))}
        headers = {
            "Accept": "application/json",
            "Accept-Encoding": "gzip",
            "X-Subscription-Token": self._api_key,
        }
        async with httpx.AsyncClient(timeout=self.http_timeout) as client:
            for attempt in range(self.retries + 1):
                try:
                    response = await client.get(self.base_url, params=params, headers=headers)
                except httpx.HTTPError as exc:
                    raise SearchError(f"Brave search request failed: {type(exc).__name__}: {exc}") from exc
                if response.status_code in _RETRY_STATUSES and attempt < self.retries:
                    await asyncio.sleep(self.retry_delay * 2**attempt)
                    continue
                break
        if response.status_code != 200:
            detail = _plain(response.text)[:300]
            raise SearchError(f"Brave search returned HTTP {response.status_code}: {detail}")
        try:
            payload = response.json()
        except ValueError as exc:
            raise SearchError("Brave search returned a response that is not JSON") from exc
        return map_results(payload)[:k]
