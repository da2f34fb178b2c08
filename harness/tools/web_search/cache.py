"""The search result record, the backend protocol, and the per-trial replay cache.

Every result set a trial sees is written to ``<trial_dir>/search_cache/<key>.json``; a
rerun with the same trial directory reads it back instead of calling the backend, so a
trial that used live search can be replayed exactly."""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

CACHE_DIRNAME = "search_cache"


@dataclass(frozen=True)
class SearchResult:
    title: str
    url: str
    snippet: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> SearchResult:
        return cls(title=str(raw.get("title", "")), url=str(raw.get("url", "")), snippet=str(raw.get("snippet", "")))


class SearchError(Exception):
    """The backend could not answer (HTTP error, bad response, missing corpus...)."""


@runtime_checkable
class SearchBackend(Protocol):
    backend_id: str  # stable name, part of the cache key ("offline:<corpus>", "brave")

    async def search(self, query: str, k: int) -> list[SearchResult]: ...


def normalize_query(query: str) -> str:
    """Case- and whitespace-insensitive form of a query, used for the cache key."""
    return " ".join(query.split()).casefold()


def cache_key(query: str, backend_id: str) -> str:
    return hashlib.sha256(f"{backend_id}\n{normalize_query(query)}".encode()).hexdigest()


class SearchCache:
    """Result sets of one trial, one JSON file per (normalized query, backend)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @classmethod
    def for_trial(cls, trial_dir: Path) -> SearchCache:
        return cls(Path(trial_dir) / CACHE_DIRNAME)

    def path_for(self, query: str, backend_id: str) -> Path:
        return self.directory / f"{cache_key(query, backend_id)}.json"

    def get(self, query: str, backend_id: str, k: int) -> list[SearchResult] | None:
        """The cached results if they can answer a request for ``k`` results.

        A set stored for a smaller k answers only when it was already exhaustive (the
        backend returned fewer results than were asked for)."""
        path = self.path_for(query, backend_id)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            results = [SearchResult.from_dict(r) for r in entry["results"]]
            stored_k = int(entry.get("k", len(results)))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # absent or unreadable: a miss, the next put repairs it
        if entry.get("backend") != backend_id or normalize_query(str(entry.get("query", ""))) != normalize_query(query):
            return None
        if k > stored_k and len(results) >= stored_k:
            return None
        return results[:k]

    def put(self, query: str, backend_id: str, k: int, results: list[SearchResult]) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.path_for(query, backend_id)
        entry = {
            "query": query,
            "backend": backend_id,
            "k": k,
            "results": [r.to_dict() for r in results],
            "ts": time.time(),
        }
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
        tmp.write_text(json.dumps(entry, ensure_ascii=False, indent=2), encoding="utf-8")
        os.replace(tmp, path)
        return path
