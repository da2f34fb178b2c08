"""Evaluators for the html.* kinds (BeautifulSoup with lxml's HTML parser, which never
fetches anything or expands external entities)."""

from __future__ import annotations

import re
from typing import Any

from autorater.checks.context import CheckContext
from autorater.checks.html_decode import decode, markup_tags
from autorater.checks.result import CheckError, CheckResult, verdict
from autorater.checks.safety import MiB, check_size
from autorater.checks.specs_media import HtmlNoExternalRequests, HtmlSelector, HtmlTitle
from autorater.checks.textmatch import clip, describe, normalize, spec_matches, text_matches

MAX_HTML_BYTES = 32 * MiB
_IMPLIED = {"html", "head", "body"}  # the parser adds these to any text
_EXTERNAL = re.compile(r"^\s*(?:(?:https?|wss?):)?//", re.IGNORECASE)
_CSS_URL = re.compile(r"""url\(\s*(['"]?)(.*?)\1\s*\)|@import\s+(['"])(.*?)\3""", re.IGNORECASE)
# Any absolute URL string literal in an inline script (fetch, XHR, import(), WebSocket,
# element.src = ...): broad on purpose, and still best-effort (URLs built at run time escape).
_SCRIPT_URL = re.compile(r"""['"`]((?:https?:|wss?:)?//[^'"`\s]+)""", re.IGNORECASE)
# Elements whose URL attributes are loaded by the browser (links <a href> are not).
_LOADING_ATTRS = {
    "script": ("src",), "img": ("src", "srcset"), "iframe": ("src",), "frame": ("src",), "embed": ("src",),
    "object": ("data",), "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
    "track": ("src",), "input": ("src",), "image": ("href", "xlink:href"), "use": ("href", "xlink:href"),
}
_LINK_FETCHED = {
    "stylesheet", "icon", "preload", "prefetch", "modulepreload", "manifest", "apple-touch-icon", "shortcut",
}


def soup(ctx: CheckContext) -> Any:
    return _parsed(ctx)[0]


def _parsed(ctx: CheckContext) -> tuple[Any, str | None]:
    """(BeautifulSoup, a note when the declared charset was overruled); see html_decode."""

    def load() -> tuple[Any, str | None]:
        path = ctx.file()
        check_size(path, MAX_HTML_BYTES)
        from bs4 import BeautifulSoup

        raw = path.read_bytes()
        text, how = decode(raw)
        try:
            page = BeautifulSoup(text, "lxml")
        except Exception:  # noqa: BLE001 - fall back to the pure-Python parser
            try:
                page = BeautifulSoup(text, "html.parser")
            except Exception as exc:  # noqa: BLE001
                raise CheckError(f"{path.name} cannot be parsed as HTML: {type(exc).__name__}: {exc}") from None
        elements = sum(1 for el in page.find_all(True) if el.name not in _IMPLIED)
        if elements == 0 and (tags := markup_tags(raw, text)):
            raise CheckError(
                f"{path.name} holds markup ({tags} tag(s)) but parses to no HTML element when decoded as {how}: "
                "its encoding cannot be read, so no html check can be decided"
            )
        note = f"decoded as {how}" if ("ignored" in how or "detected" in how) else None
        return page, note

    return ctx.load("html", load)


def selector(spec: HtmlSelector, ctx: CheckContext) -> CheckResult:
    page = soup(ctx)
    try:
        found = page.select(spec.selector)
    except Exception as exc:  # noqa: BLE001 - soupsieve rejects the selector
        raise CheckError(f"invalid CSS selector {spec.selector!r}: {exc}") from None
    total = len(found)
    if spec.text is not None:
        want = normalize(spec.text).casefold()
        found = [el for el in found if want in normalize(el.get_text(" ")).casefold()]
    n = len(found)
    text_rule = f" containing {spec.text!r} (case-insensitive)" if spec.text is not None else ""
    example = f"; first: {clip(found[0].get_text(' '), 80)!r}" if found else ""
    counted = f"{n} of {total}" if spec.text is not None else str(n)
    return verdict(
        spec.count_ok(n),
        f"{counted} element(s) match {spec.selector!r}{text_rule}{example}; wanted {spec.describe_bounds()}",
        spec.selector,
    )


def title(spec: HtmlTitle, ctx: CheckContext) -> CheckResult:
    tag = soup(ctx).find("title")
    text = tag.get_text() if tag is not None else None
    if text is None or not text.strip():
        return verdict(False, "the page has no title" if text is None else "the <title> is empty")
    if spec.text is None:
        return verdict(True, f"title {clip(text)!r}; wanted a non-empty title", "<title>")
    ok = spec_matches(text, spec)
    rule = describe(spec.text, spec.match, spec.ignore_case)
    return verdict(ok, f"title {clip(text)!r}; wanted a title that {rule}", "<title>")


def no_external_requests(spec: HtmlNoExternalRequests, ctx: CheckContext) -> CheckResult:
    page, note = _parsed(ctx)
    offenders: list[str] = []

    def flag(where: str, url: str) -> None:
        url = url.strip()
        if _EXTERNAL.match(url) and not any(url.startswith(prefix) for prefix in spec.allow):
            offenders.append(f"{where} → {clip(url, 80)}")

    for el in page.find_all(True):
        name = el.name.lower()
        for attr in _LOADING_ATTRS.get(name, ()):
            for url in _urls(el.get(attr), srcset=attr == "srcset"):
                flag(f"<{name} {attr}>", url)
        if name == "link" and el.get("href"):
            rels = {r.lower() for r in (el.get("rel") or [])}
            if rels & _LINK_FETCHED or not rels:
                flag(f"<link rel={'/'.join(sorted(rels)) or '?'}>", el["href"])
        if name == "meta" and (el.get("http-equiv") or "").lower() == "refresh":
            m = re.search(r"url\s*=\s*(\S+)", el.get("content") or "", re.IGNORECASE)
            if m:
                flag("<meta refresh>", m.group(1).strip("'\""))
        if el.get("style"):
            for url in _css_urls(el["style"]):
                flag(f"<{name} style> url()", url)
        if name == "style":
            for url in _css_urls(el.get_text()):
                flag("<style> url()/@import", url)
        if name == "script" and not el.get("src"):
            for m in _SCRIPT_URL.finditer(el.get_text()):
                flag("URL literal in an inline <script>", m.group(1))
    allowed = f" (allowed prefixes: {', '.join(spec.allow)})" if spec.allow else ""
    caveat = "inline scripts scanned best-effort (URLs built at run time are not detected)"
    caveat += f"; {note}" if note else ""
    if offenders:
        shown = "; ".join(offenders[:10]) + (f"; … {len(offenders) - 10} more" if len(offenders) > 10 else "")
        return verdict(False, f"{len(offenders)} external request(s){allowed}: {shown}; {caveat}")
    return verdict(True, f"no external request in tags, attributes, CSS or meta refresh{allowed}; {caveat}")


def _urls(value: Any, *, srcset: bool) -> list[str]:
    if not value:
        return []
    text = " ".join(value) if isinstance(value, list) else str(value)
    if srcset:  # "a.png 1x, https://x/b.png 2x"
        return [part.strip().split()[0] for part in text.split(",") if part.strip()]
    return [text]


def _css_urls(css: str) -> list[str]:
    return [m.group(2) or m.group(4) or "" for m in _CSS_URL.finditer(css)]


EVALUATORS = {
    "html.selector": selector,
    "html.title": title,
    "html.no_external_requests": no_external_requests,
}
