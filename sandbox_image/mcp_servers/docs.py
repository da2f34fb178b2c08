"""A read-only document store over the bundled markdown documents, searched with BM25."""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from typing import Annotated, Any

from pydantic import Field

from mcp_servers._common import DATA_DIR, bad_arg, make_server, suggest

mcp = make_server("docs", "Search and read the company's internal documents: policies, product sheets, "
                          "timetables, office information (bundled markdown, read-only).")

K1, B = 1.5, 0.75
STOPWORDS = {"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "how", "i", "in",
             "is", "it", "its", "of", "on", "or", "per", "the", "this", "to", "was", "what", "when", "where",
             "which", "who", "will", "with", "you", "your"}


def tokens(text: str) -> list[str]:
    """Lower-cased, accent-free word tokens with a light plural stemmer (same for docs and queries)."""
    flat = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    out = []
    for word in re.findall(r"[a-z0-9]+", flat):
        if word in STOPWORDS:
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        out.append(word)
    return out


def _parse(path: Any) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.DOTALL)
    if not match:
        raise RuntimeError(f"{path.name}: missing front matter")
    meta = dict(line.split(":", 1) for line in match.group(1).splitlines())
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    body = text[match.end():]
    return {"id": meta["id"], "title": meta["title"], "updated": meta.get("updated", ""),
            "tags": [t.strip() for t in meta.get("tags", "").split(",") if t.strip()], "body": body}


_DOCS: dict[str, dict[str, Any]] = {}
for _path in sorted((DATA_DIR / "docs").glob("*.md")):
    _parsed = _parse(_path)
    _DOCS[_parsed["id"]] = _parsed
_TF: dict[str, Counter[str]] = {
    d["id"]: Counter(tokens(d["title"]) * 2 + tokens(" ".join(d["tags"])) + tokens(d["body"]))
    for d in _DOCS.values()}
_LEN = {i: sum(tf.values()) for i, tf in _TF.items()}
_AVG = sum(_LEN.values()) / len(_LEN)
_DF = Counter(term for tf in _TF.values() for term in tf)
_TAGS = sorted({t for d in _DOCS.values() for t in d["tags"]})

DocId = Annotated[str, Field(description="A document id from search or list_docs, e.g. 'travel-policy'")]


def _idf(term: str) -> float:
    n = _DF.get(term, 0)
    return math.log(1 + (len(_DOCS) - n + 0.5) / (n + 0.5))


def _doc(doc_id: str) -> dict[str, Any]:
    key = doc_id.strip().lower() if isinstance(doc_id, str) else ""
    key = key.removesuffix(".md")
    if key not in _DOCS:
        raise bad_arg("doc_id", f"unknown document {doc_id!r}{suggest(key, list(_DOCS))}; call list_docs")
    return _DOCS[key]


def _check_tag(tag: str | None) -> str | None:
    if tag is None:
        return None
    key = tag.strip().lower()
    if key not in _TAGS:
        raise bad_arg("tag", f"unknown tag {tag!r}; tags are: {', '.join(_TAGS)}")
    return key


def _snippet(body: str, terms: set[str]) -> str:
    best, best_hits = "", 0
    for line in body.splitlines():
        hits = len(terms & set(tokens(line)))
        if hits > best_hits:
            best, best_hits = line.strip(), hits
    return best[:240]


@mcp.tool()
def search(
    query: Annotated[str, Field(description="Keywords, e.g. 'hotel cap Tokyo' or 'drone battery warranty'")],
    k: Annotated[int, Field(description="Maximum number of results (1-16)")] = 5,
    tag: Annotated[str | None, Field(description="Only search documents with this tag (see list_docs)")] = None,
) -> dict[str, Any]:
    """Rank documents by BM25 relevance to a keyword query. Returns up to k hits with id, title, tags,
    score and the best-matching line as a snippet; use fetch to read a whole document."""
    if not 1 <= k <= 16:
        raise bad_arg("k", "must be between 1 and 16")
    wanted = _check_tag(tag)
    terms = tokens(query) if isinstance(query, str) else []
    if not terms:
        raise bad_arg("query", "must contain at least one searchable word")
    hits = []
    for doc_id, tf in _TF.items():
        if wanted and wanted not in _DOCS[doc_id]["tags"]:
            continue
        norm = K1 * (1 - B + B * _LEN[doc_id] / _AVG)
        score = sum(_idf(t) * tf[t] * (K1 + 1) / (tf[t] + norm) for t in terms if tf[t])
        if score > 0:
            hits.append((round(score, 4), doc_id))
    hits.sort(key=lambda h: (-h[0], h[1]))
    results = [{"id": i, "title": _DOCS[i]["title"], "tags": _DOCS[i]["tags"], "score": s,
                "snippet": _snippet(_DOCS[i]["body"], set(terms))} for s, i in hits[:k]]
    return {"query": query, "count": len(results), "results": results}


@mcp.tool()
def fetch(doc_id: DocId) -> dict[str, Any]:
    """The full markdown text of one document, with its title, tags and last-updated date."""
    doc = _doc(doc_id)
    return {"id": doc["id"], "title": doc["title"], "tags": doc["tags"], "updated": doc["updated"],
            "text": doc["body"].strip()}


@mcp.tool()
def list_docs(
    tag: Annotated[str | None, Field(description="Optional tag filter, e.g. 'policy', 'product', "
                                                 "'timetable'")] = None,
) -> dict[str, Any]:
    """List the documents (id, title, tags, updated), optionally only those carrying a tag, plus all tags."""
    wanted = _check_tag(tag)
    docs = [{"id": d["id"], "title": d["title"], "tags": d["tags"], "updated": d["updated"]}
            for d in _DOCS.values() if wanted is None or wanted in d["tags"]]
    return {"count": len(docs), "documents": docs, "all_tags": _TAGS}


@mcp.tool()
def find_in_doc(
    doc_id: DocId,
    text: Annotated[str, Field(description="Case-insensitive text to find, e.g. 'Tokyo' or 'CR 9014'")],
) -> dict[str, Any]:
    """The lines of one document that contain `text` (case-insensitive), with their line numbers in the
    text that fetch returns. Useful for reading one row of a table or timetable."""
    doc = _doc(doc_id)
    if not isinstance(text, str) or not text.strip():
        raise bad_arg("text", "must be non-empty")
    needle = text.strip().casefold()
    lines = doc["body"].strip().splitlines()
    found = [{"line": n, "text": line} for n, line in enumerate(lines, 1) if needle in line.casefold()]
    return {"id": doc["id"], "text": text, "count": len(found), "matches": found[:100]}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
