"""Offline search: a SQLite FTS5 index (BM25 ranking) over a corpus folder a suite ships.

Corpus: ``*.md``/``*.markdown``/``*.txt``/``*.html``/``*.htm`` files below the folder (hidden
ones skipped) and optionally a top-level ``corpus.jsonl`` of ``{"url", "title", "text"}`` lines.
A md/txt file may name its URL/title in front matter (``url: ...`` lines at the top, or a ``---``
block); else its URL is ``offline://<relative path>``. The index is built once into a cache
file and rebuilt when the corpus content hash changes."""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import os
import re
import sqlite3
import tempfile
import threading
import uuid
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from harness.tools.web_search.cache import SearchResult

INDEX_FILENAME = ".index.sqlite"
JSONL_NAME = "corpus.jsonl"
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt"})
HTML_SUFFIXES = frozenset({".html", ".htm"})
SCHEMA_VERSION = "1"
MAX_TERMS = 32

_WORD = re.compile(r"\w+")
_PHRASE = re.compile(r'"([^"]*)"')
_KEY_LINE = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.*)$")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_HTML_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)
_HTML_HIDDEN = re.compile(r"<(script|style|noscript|template|svg)\b.*?</\1\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL)
_HTML_TAG = re.compile(r"</?[A-Za-z!?][^>]*>")


@dataclass(frozen=True)
class Document:
    url: str
    title: str
    text: str


def corpus_files(corpus_dir: Path) -> list[Path]:
    """The files that make up the corpus, in a stable order."""
    found = []
    for path in corpus_dir.rglob("*"):
        rel = path.relative_to(corpus_dir)
        if any(part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        suffix = path.suffix.lower()
        if suffix in TEXT_SUFFIXES or suffix in HTML_SUFFIXES or rel.as_posix() == JSONL_NAME:
            found.append(path)
    return sorted(found, key=lambda p: p.relative_to(corpus_dir).as_posix())


def corpus_hash(corpus_dir: Path) -> str:
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for path in corpus_files(corpus_dir):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(corpus_dir).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def _front_matter(text: str) -> tuple[dict[str, str], str]:
    """Leading metadata (a ``---`` block, or ``url:``/``title:`` lines) and the rest."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":
        for end in range(1, len(lines)):
            if lines[end].strip() in ("---", "..."):
                pairs = [m for m in map(_KEY_LINE.match, lines[1:end]) if m]
                return {m[1].lower(): m[2].strip().strip("'\"") for m in pairs}, "\n".join(lines[end + 1 :])
    meta: dict[str, str] = {}
    start = 0
    while start < len(lines) and (m := _KEY_LINE.match(lines[start].strip())):
        if m[1].lower() not in ("url", "title"):
            break
        meta[m[1].lower()] = m[2].strip().strip("'\"")
        start += 1
    return meta, "\n".join(lines[start:])


def _html_text(raw: str) -> tuple[str, str]:
    """Title and visible text of an HTML page (scripts, styles and comments dropped)."""
    title = _HTML_TITLE.search(raw)
    body = _HTML_TAG.sub(" ", _HTML_HIDDEN.sub(" ", _HTML_TITLE.sub(" ", raw)))
    return html.unescape(title[1]) if title else "", html.unescape(body)


def _squash(text: str) -> str:
    return " ".join(text.split())


def _load_file(path: Path, rel: str) -> Document:
    raw = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix.lower() in HTML_SUFFIXES:
        title, text = _html_text(raw)
        return Document(f"offline://{rel}", _squash(title) or path.stem, _squash(text))
    meta, body = _front_matter(raw)
    title = meta.get("title", "")
    if not title and path.suffix.lower() != ".txt" and (heading := _MD_HEADING.search(body)):
        title = heading[1]
    if not title:
        first = next((line.strip() for line in body.splitlines() if line.strip()), "")
        title = first if 0 < len(first) <= 120 else path.stem
    return Document(meta.get("url") or f"offline://{rel}", title, body.strip())


def _load_jsonl(path: Path) -> list[Document]:
    docs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            text, title, url = str(row["text"]), str(row.get("title") or ""), str(row.get("url") or "")
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: expected a JSON object with a 'text' field ({exc})") from exc
        docs.append(Document(url or f"offline://{JSONL_NAME}#{number}", title or url or f"line {number}", text))
    return docs


def load_corpus(corpus_dir: Path) -> list[Document]:
    docs: list[Document] = []
    for path in corpus_files(corpus_dir):
        rel = path.relative_to(corpus_dir).as_posix()
        docs.extend(_load_jsonl(path) if rel == JSONL_NAME else [_load_file(path, rel)])
    return docs


def match_expressions(query: str) -> tuple[str, str] | None:
    """User text as safe FTS5 MATCH expressions (all terms, any term), or None if no terms.

    Every term is a double-quoted FTS5 string, so operators, column filters, ``*``, ``-``,
    ``NEAR(`` and stray quotes in the input are plain words. Balanced quotes stay phrases."""
    pieces: list[str] = []
    pos = 0
    for m in _PHRASE.finditer(query):
        pieces += _WORD.findall(query[pos : m.start()])
        if words := _WORD.findall(m[1]):
            pieces.append(" ".join(words))
        pos = m.end()
    pieces += _WORD.findall(query[pos:])
    terms = list(dict.fromkeys('"' + p.replace('"', '""') + '"' for p in pieces))[:MAX_TERMS]
    return (" AND ".join(terms), " OR ".join(terms)) if terms else None


_FTS_COLUMNS = "title, body, url UNINDEXED, tokenize='porter unicode61 remove_diacritics 2'"
_SEARCH_SQL = (
    "SELECT rowid, title, url, snippet(docs, 1, '', '', ' … ', 32) FROM docs "
    "WHERE docs MATCH ? ORDER BY bm25(docs, 8.0, 1.0, 0.0) LIMIT ?"
)


class OfflineIndex:
    """A SearchBackend over a corpus folder; the FTS5 index lives in ``index_path``."""

    def __init__(self, corpus_dir: str | Path, index_path: str | Path | None = None) -> None:
        self.corpus_dir = Path(corpus_dir).expanduser().resolve()
        if not self.corpus_dir.is_dir():
            raise FileNotFoundError(f"search corpus folder not found: {self.corpus_dir}")
        self.index_path = Path(index_path) if index_path else self._default_index_path()
        self.backend_id = f"offline:{self.corpus_dir.name}"
        self._lock = threading.Lock()
        self._seen_signature: tuple[object, ...] | None = None

    def _default_index_path(self) -> Path:
        if os.access(self.corpus_dir, os.W_OK):
            return self.corpus_dir / INDEX_FILENAME
        tag = hashlib.sha256(str(self.corpus_dir).encode()).hexdigest()[:16]
        return Path(tempfile.gettempdir()) / "harness-web-search" / f"{tag}.sqlite"

    def _signature(self) -> tuple[object, ...]:
        """Cheap change detector (names, sizes, mtimes); a change triggers a content hash."""
        stats = []
        for path in [*corpus_files(self.corpus_dir), self.index_path]:
            try:
                st = path.stat()
                stats.append((str(path), st.st_size, st.st_mtime_ns, st.st_ino))
            except FileNotFoundError:
                stats.append((str(path), None))
        return tuple(stats)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"{self.index_path.resolve().as_uri()}?mode=ro", uri=True)

    def _stored_hash(self) -> str | None:
        try:
            with closing(self._connect()) as con:
                rows = dict(con.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error:
            return None
        return rows.get("corpus_hash") if rows.get("schema") == SCHEMA_VERSION else None

    def _build(self, digest: str) -> None:
        docs = load_corpus(self.corpus_dir)
        self.index_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.index_path.with_name(f"{self.index_path.name}.{uuid.uuid4().hex}.tmp")
        try:
            meta = [("schema", SCHEMA_VERSION), ("corpus_hash", digest), ("documents", str(len(docs)))]
            with closing(sqlite3.connect(tmp)) as con, con:
                con.execute(f"CREATE VIRTUAL TABLE docs USING fts5({_FTS_COLUMNS})")
                con.executemany("INSERT INTO docs(title, body, url) VALUES (?, ?, ?)",
                                [(d.title, d.text, d.url) for d in docs])
                con.execute("INSERT INTO docs(docs) VALUES ('optimize')")
                con.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                con.executemany("INSERT INTO meta VALUES (?, ?)", meta)
            os.replace(tmp, self.index_path)  # atomic: concurrent readers see old or new
        finally:
            tmp.unlink(missing_ok=True)

    def ensure(self) -> bool:
        """Build the index if it is missing or stale; True if it was (re)built."""
        with self._lock:
            signature = self._signature()
            if signature == self._seen_signature:
                return False
            digest = corpus_hash(self.corpus_dir)
            rebuilt = self._stored_hash() != digest
            if rebuilt:
                self._build(digest)
            self._seen_signature = signature if not rebuilt else None
            return rebuilt

    def search_sync(self, query: str, k: int) -> list[SearchResult]:
        self.ensure()
        expressions = match_expressions(query)
        if expressions is None or k < 1:
            return []
        seen: set[int] = set()
        results: list[SearchResult] = []
        with closing(self._connect()) as con:
            for expression in dict.fromkeys(expressions):  # all terms first, then any term
                if len(results) >= k:
                    break
                for rowid, title, url, snippet in con.execute(_SEARCH_SQL, (expression, k)):
                    if rowid not in seen and len(results) < k:
                        seen.add(rowid)
                        results.append(SearchResult(title=title, url=url, snippet=_squash(snippet)))
        return results

    async def search(self, query: str, k: int) -> list[SearchResult]:
        return await asyncio.to_thread(self.search_sync, query, k)
