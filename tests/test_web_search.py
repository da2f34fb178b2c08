"""web_search: offline FTS5 index, hostile queries, rebuilds, per-trial replay, timeout, Brave over loopback."""

from __future__ import annotations

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from harness.tools.base import ToolContext, ToolError
from harness.tools.web_search import (
    BraveSearchBackend,
    OfflineIndex,
    SearchResult,
    WebSearchTool,
    make_backend,
    match_expressions,
)

DOCS = {
    "photosynthesis.md": "url: https://bio.example/photosynthesis\n# Photosynthesis\n\n"
    "Plants convert sunlight, water and carbon dioxide into glucose and oxygen in the chloroplast.",
    "volcano.md": "---\ntitle: Volcanic eruptions\n---\nMagma rises through the crust; eruptions release ash and lava.",
    "notes/tax.txt": "Corporate tax rates\nThe statutory corporate income tax rate differs by country and year.",
    "rust.html": "<html><head><title>Rust &amp; ownership</title><style>.x{color:red}</style>"
    "<body><h1>Ownership</h1><p>The borrow checker enforces ownership rules at compile&nbsp;time.</p>"
    "<!-- giraffe --><script>var hidden = 'zebra';</script></body></html>",
    "coffee.md": "# Coffee brewing\n\nEspresso uses pressure; pour-over uses gravity. Water temperature matters.",
}
JSONL = [
    {"url": "https://fin.example/lease", "title": "IFRS 16 leases",
     "text": "A lessee recognises a right-of-use asset and a lease liability."},
    {"title": "Tides", "text": "Tides are caused by the gravitational pull of the moon."},
]


def write_corpus(root: Path) -> Path:
    for rel, text in DOCS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    (root / "corpus.jsonl").write_text("\n".join(json.dumps(r) for r in JSONL) + "\n", encoding="utf-8")
    return root


@pytest.fixture
def corpus(tmp_path) -> Path:
    return write_corpus(tmp_path / "corpus")


@pytest.fixture
def index(corpus) -> OfflineIndex:
    return OfflineIndex(corpus)


def make_ctx(trial_dir: Path, backend=None) -> ToolContext:
    extras = {} if backend is None else {"web_search_backend": backend}
    return ToolContext(sandbox=None, trial_dir=trial_dir, extras=extras)  # type: ignore[arg-type]


class CountingBackend:
    backend_id = "fake"

    def __init__(self, delay: float = 0.0) -> None:
        self.calls: list[tuple[str, int]] = []
        self.delay = delay

    async def search(self, query: str, k: int) -> list[SearchResult]:
        self.calls.append((query, k))
        await asyncio.sleep(self.delay)
        return [SearchResult(f"Result {i} for {query}", f"https://r.example/{i}", f"snippet {i}") for i in range(k)]


# --- offline index ------------------------------------------------------------------------


async def test_relevant_document_ranks_first(index):
    results = await index.search("chloroplast glucose", 5)
    assert results[0].url == "https://bio.example/photosynthesis"
    assert results[0].title == "Photosynthesis"
    assert "chloroplast" in results[0].snippet
    assert (await index.search("borrow checker ownership", 5))[0].title == "Rust & ownership"
    assert (await index.search("right-of-use lease liability", 3))[0].url == "https://fin.example/lease"


async def test_urls_titles_and_any_term_fallback(index, corpus):
    by_url = {r.url: r for r in await index.search("tax eruptions tides water", 20)}
    assert by_url["offline://notes/tax.txt"].title == "Corporate tax rates"
    assert by_url["offline://volcano.md"].title == "Volcanic eruptions"
    assert by_url["offline://corpus.jsonl#2"].title == "Tides"
    assert "offline://coffee.md" in by_url  # no doc has all four terms: any-term results fill in
    assert await index.search("zebra giraffe color", 5) == []  # scripts, comments, styles are not indexed
    assert "compile time" in (await index.search("compile", 1))[0].snippet
    assert (corpus / ".index.sqlite").is_file()


async def test_top_k_and_stemming(index):
    assert len(await index.search("water", 1)) == 1
    assert (await index.search("erupting volcanic", 5))[0].url == "offline://volcano.md"


@pytest.mark.parametrize(
    "query",
    ['"unbalanced', "a AND OR", "col:on", "-x", "*", "NEAR(", 'title:"x" OR', "AND", "^", "((", '"" ""', "über-naïve",
     "x" * 5000, "a " * 500],
)
async def test_hostile_queries_do_not_raise(index, query):
    results = await index.search(query, 5)
    assert isinstance(results, list)


def test_match_expressions_quote_everything():
    assert match_expressions("*") is None
    assert match_expressions("a AND OR") == ('"a" AND "AND" AND "OR"', '"a" OR "AND" OR "OR"')
    assert match_expressions('"carbon dioxide" plants')[0] == '"carbon dioxide" AND "plants"'
    assert match_expressions('"unbalanced')[0] == '"unbalanced"'


async def test_phrase_query(index):
    results = await index.search('"carbon dioxide"', 5)
    assert [r.url for r in results] == ["https://bio.example/photosynthesis"]


async def test_index_rebuilds_when_corpus_changes(corpus):
    index = OfflineIndex(corpus)
    assert index.ensure() is True
    assert index.ensure() is False
    assert OfflineIndex(corpus).ensure() is False  # a fresh instance reuses the cache file
    assert await index.search("kangaroo", 5) == []
    (corpus / "coffee.md").write_text("# Marsupials\n\nThe kangaroo hops across the outback.", encoding="utf-8")
    results = await index.search("kangaroo", 5)
    assert [r.title for r in results] == ["Marsupials"]
    (corpus / "notes" / "new.txt").write_text("Wombats dig burrows.", encoding="utf-8")
    assert (await index.search("wombats", 5))[0].url == "offline://notes/new.txt"


def test_explicit_index_path_and_factory(corpus, tmp_path):
    path = tmp_path / "cache" / "idx.sqlite"
    backend = make_backend(f"offline:{corpus}", index_path=path)
    assert isinstance(backend, OfflineIndex) and path.is_file()
    assert backend.backend_id == "offline:corpus"
    assert make_backend("none") is None
    with pytest.raises(ValueError):
        make_backend("bing")
    with pytest.raises(FileNotFoundError):
        make_backend(f"offline:{tmp_path / 'missing'}")
    with pytest.raises(ValueError, match="BRAVE_API_KEY"):
        make_backend("brave", api_key="")


def test_bad_jsonl_fails_loudly(corpus):
    (corpus / "corpus.jsonl").write_text('{"title": "no text"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="corpus.jsonl:1"):
        OfflineIndex(corpus).ensure()


# --- tool ---------------------------------------------------------------------------------


async def test_tool_formats_results(index, tmp_path):
    out = await WebSearchTool().run({"query": "  chloroplast   glucose "}, make_ctx(tmp_path / "trial", index))
    assert out.ok
    assert out.text.startswith('Search results for "chloroplast glucose"')
    assert "1. Photosynthesis\n   URL: https://bio.example/photosynthesis" in out.text
    assert out.data["backend"] == "offline:corpus" and out.data["cached"] is False
    assert out.data["results"][0]["url"] == "https://bio.example/photosynthesis"


async def test_tool_no_results_and_bad_args(index, tmp_path):
    tool = WebSearchTool()
    ctx = make_ctx(tmp_path / "trial", index)
    out = await tool.run({"query": "kangaroo"}, ctx)
    assert out.ok and out.text.startswith('No results for "kangaroo"') and out.data["results"] == []
    for args in ({"query": "   "}, {"query": ""}, {}, {"query": 3}, {"query": "x", "max_results": 0},
                 {"query": "x", "max_results": 21}, {"query": "x", "max_results": True}):
        with pytest.raises(ToolError):
            await tool.run(args, ctx)
    with pytest.raises(ToolError, match="not configured"):
        await tool.run({"query": "x"}, make_ctx(tmp_path / "trial"))


async def test_cache_replays_without_calling_backend(tmp_path):
    trial = tmp_path / "trial"
    backend = CountingBackend()
    tool = WebSearchTool()
    first = await tool.run({"query": "Lease accounting", "max_results": 3}, make_ctx(trial, backend))
    assert backend.calls == [("Lease accounting", 3)] and first.data["cached"] is False
    files = list((trial / "search_cache").glob("*.json"))
    assert len(files) == 1
    entry = json.loads(files[0].read_text())
    assert entry["query"] == "Lease accounting" and entry["backend"] == "fake" and "ts" in entry
    assert len(entry["results"]) == 3

    # a rerun with the same trial dir (new tool, new backend instance) replays from disk
    rerun_backend = CountingBackend()
    args = {"query": "  lease   ACCOUNTING", "max_results": 2}
    again = await WebSearchTool().run(args, make_ctx(trial, rerun_backend))
    assert rerun_backend.calls == [] and again.data["cached"] is True
    assert again.data["results"] == first.data["results"][:2]

    # asking for more than was cached goes to the backend and refreshes the entry
    more = await tool.run({"query": "lease accounting", "max_results": 5}, make_ctx(trial, rerun_backend))
    assert rerun_backend.calls == [("lease accounting", 5)] and len(more.data["results"]) == 5

    # another backend id is another cache entry
    other = CountingBackend()
    other.backend_id = "other"
    await tool.run({"query": "lease accounting"}, make_ctx(trial, other))
    assert len(other.calls) == 1


async def test_timeout_is_a_tool_error(tmp_path):
    backend = CountingBackend(delay=5)
    with pytest.raises(ToolError, match="timed out after 0.05 s"):
        await WebSearchTool(timeout=0.05).run({"query": "slow"}, make_ctx(tmp_path / "trial", backend))
    assert not list((tmp_path / "trial").glob("search_cache/*.json"))  # nothing cached from a failure
    assert WebSearchTool().timeout == 180


async def test_backend_failure_is_a_tool_error(tmp_path):
    class Broken:
        backend_id = "broken"

        async def search(self, query: str, k: int) -> list[SearchResult]:
            raise RuntimeError("upstream exploded")

    with pytest.raises(ToolError, match="upstream exploded"):
        await WebSearchTool().run({"query": "x"}, make_ctx(tmp_path / "trial", Broken()))


# --- Brave over loopback ------------------------------------------------------------------


class _BraveStub(BaseHTTPRequestHandler):
    requests: list[dict] = []
    statuses: list[int] = []

    def do_GET(self) -> None:  # noqa: N802
        split = urlsplit(self.path)
        type(self).requests.append({"path": split.path, "params": parse_qs(split.query), "headers": dict(self.headers)})
        status = type(self).statuses.pop(0) if type(self).statuses else 200
        body = {
            "type": "search",
            "web": {
                "results": [
                    {"title": "IFRS 16 &amp; <strong>leases</strong>", "url": "https://ifrs.example/16",
                     "description": "A <strong>lessee</strong> recognises a right-of-use asset."},
                    {"title": "No description", "url": "https://x.example/", "extra_snippets": ["extra <b>one</b>"]},
                    {"title": "missing url"},
                ]
            },
        } if status == 200 else {"error": "rate limited"}
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def brave_server():
    _BraveStub.requests, _BraveStub.statuses = [], []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _BraveStub)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/res/v1/web/search"
    finally:
        server.shutdown()
        server.server_close()


async def test_brave_backend_against_loopback(brave_server, tmp_path, monkeypatch):
    monkeypatch.setenv("BRAVE_API_KEY", "test-key-123")
    backend = make_backend("brave", base_url=brave_server)
    assert isinstance(backend, BraveSearchBackend) and "test-key" not in repr(backend)
    out = await WebSearchTool().run({"query": "ifrs 16 lessee", "max_results": 4}, make_ctx(tmp_path / "t", backend))
    [request] = _BraveStub.requests
    assert request["path"] == "/res/v1/web/search"
    assert request["params"] == {"q": ["ifrs 16 lessee"], "count": ["4"]}
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["x-subscription-token"] == "test-key-123"
    assert headers["accept"] == "application/json"
    assert out.data["backend"] == "brave"
    assert out.data["results"] == [
        {"title": "IFRS 16 & leases", "url": "https://ifrs.example/16",
         "snippet": "A lessee recognises a right-of-use asset."},
        {"title": "No description", "url": "https://x.example/", "snippet": "extra one"},
    ]
    # the rerun replays from the trial cache: no second request
    replay = await WebSearchTool().run({"query": "ifrs 16 lessee", "max_results": 4}, make_ctx(tmp_path / "t", backend))
    assert replay.data["cached"] is True and len(_BraveStub.requests) == 1


async def test_brave_retries_then_reports_http_errors(brave_server):
    backend = BraveSearchBackend("k", base_url=brave_server, retries=1, retry_delay=0)
    _BraveStub.statuses = [429]
    assert len(await backend.search("q", 20)) == 2 and len(_BraveStub.requests) == 2
    _BraveStub.statuses = [429, 429]
    with pytest.raises(Exception, match="HTTP 429"):
        await backend.search("q", 5)
