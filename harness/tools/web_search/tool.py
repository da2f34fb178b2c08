"""The ``web_search`` tool and the backend factory."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from harness.tools.base import ToolContext, ToolError, ToolOutput
from harness.tools.web_search.cache import SearchBackend, SearchCache, SearchResult

BACKEND_EXTRA = "web_search_backend"  # ctx.extras key holding the SearchBackend
DEFAULT_TIMEOUT = 180.0
DEFAULT_RESULTS = 5
MAX_RESULTS = 20


def make_backend(
    spec: str,
    *,
    index_path: str | Path | None = None,
    api_key: str | None = None,
    base_url: str | None = None,
) -> SearchBackend | None:
    """``offline:<corpus dir>`` | ``brave`` | ``none`` (search disabled: returns None).

    The offline index is built (or validated) here, so a broken corpus fails at setup."""
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "offline":
        from harness.tools.web_search.offline_index import OfflineIndex

        if not arg.strip():
            raise ValueError("offline search spec needs a corpus folder: 'offline:<dir>'")
        index = OfflineIndex(arg.strip(), index_path=index_path)
        index.ensure()
        return index
    if kind == "brave" and not arg:
        from harness.tools.web_search.brave import BraveSearchBackend

        return BraveSearchBackend(api_key, **({"base_url": base_url} if base_url else {}))
    if kind == "none" and not arg:
        return None
    raise ValueError(f"unknown web search backend {spec!r}: expected 'offline:<dir>', 'brave' or 'none'")


def format_results(query: str, results: list[SearchResult]) -> str:
    if not results:
        return f'No results for "{query}". Try fewer or different keywords.'
    lines = [f'Search results for "{query}" ({len(results)}):']
    for number, result in enumerate(results, 1):
        lines += ["", f"{number}. {result.title}", f"   URL: {result.url}"]
        if result.snippet:
            lines.append(f"   {result.snippet}")
    return "\n".join(lines)


class WebSearchTool:
    name = "web_search"
    description = (
        "Search the web and get the top results as numbered entries with title, URL and a short snippet. "
        "Use concise keyword queries (like a search engine box); put exact phrases in double quotes. "
        "Returns only the snippets, not full pages. Depending on the task, the search may run over a "
        "fixed offline collection of documents rather than the live web."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "The search query, e.g. 'IFRS 16 lease modification discount rate'.",
            },
            "max_results": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_RESULTS,
                "description": f"How many results to return (default {DEFAULT_RESULTS}).",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    }

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, default_results: int = DEFAULT_RESULTS) -> None:
        self.timeout = timeout
        self.default_results = default_results

    @staticmethod
    def _parse(args: dict[str, Any], default_k: int) -> tuple[str, int]:
        query = args.get("query")
        if not isinstance(query, str) or not query.strip():
            raise ToolError("web_search needs a non-empty 'query' string.")
        k = args.get("max_results", default_k)
        if k is None:
            k = default_k
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_RESULTS:
            raise ToolError(f"'max_results' must be an integer from 1 to {MAX_RESULTS}, got {k!r}.")
        return " ".join(query.split()), k

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        query, k = self._parse(args, self.default_results)
        backend = ctx.extras.get(BACKEND_EXTRA)
        if backend is None:
            raise ToolError("web_search is not configured for this task; no search backend is available.")
        backend_id = str(getattr(backend, "backend_id", type(backend).__name__))
        cache = SearchCache.for_trial(ctx.trial_dir)
        results = cache.get(query, backend_id, k)
        cached = results is not None
        if results is None:
            try:
                found = await asyncio.wait_for(backend.search(query, k), timeout=self.timeout)
            except TimeoutError as exc:
                message = f"web_search timed out after {self.timeout:g} s; try again or simplify the query."
                raise ToolError(message) from exc
            except ToolError:
                raise
            except Exception as exc:  # a failed search is news for the model, not a crashed trial
                raise ToolError(f"web_search failed ({backend_id}): {exc}") from exc
            results = list(found)[:k]
            cache.put(query, backend_id, k, results)
        return ToolOutput(
            text=format_results(query, results),
            data={
                "backend": backend_id,
                "cached": cached,
                "query": query,
                "results": [r.to_dict() for r in results],
            },
        )
