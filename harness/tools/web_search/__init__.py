"""The ``web_search`` tool: offline FTS5 index by default, Brave Search live, per-trial replay cache.

Wiring: put a backend in the trial context and register the tool::

    backend = make_backend("offline:suites/x/corpus")   # or "brave" (BRAVE_API_KEY), or "none"
    ctx.extras["web_search_backend"] = backend
    tool = WebSearchTool(timeout=180)
"""

from harness.tools.web_search.brave import BraveSearchBackend
from harness.tools.web_search.cache import SearchBackend, SearchCache, SearchError, SearchResult, cache_key
from harness.tools.web_search.offline_index import OfflineIndex, match_expressions
from harness.tools.web_search.tool import BACKEND_EXTRA, WebSearchTool, format_results, make_backend

__all__ = [
    "BACKEND_EXTRA",
    "BraveSearchBackend",
    "OfflineIndex",
    "SearchBackend",
    "SearchCache",
    "SearchError",
    "SearchResult",
    "WebSearchTool",
    "cache_key",
    "format_results",
    "make_backend",
    "match_expressions",
]
