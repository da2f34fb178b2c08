"""One cheap request per model endpoint before the first trial.

A wrong `base_url` (a refused port, a server not started yet) otherwise surfaces inside the
first trial, a minute later, as the SDK's bare "Connection error." after every retry. Here it
stops the run before anything is written, naming the model, the URL and the cause. Any HTTP
answer counts as reachable: a server without `/models` (404) or one that wants a key (401) is
there; only no answer at all is refused."""

from __future__ import annotations

import httpx2 as httpx

from harness.providers.settings import ModelSettings

TIMEOUT_S = 10.0


class EndpointUnreachable(RuntimeError):
    pass


def check_endpoints(models: list[ModelSettings]) -> None:
    """Raise EndpointUnreachable naming every entry whose server did not answer."""
    problems: list[str] = []
    seen: dict[str, str | None] = {}
    for settings in models:
        url = settings.base_url
        if not url:
            continue  # the provider's own API: nothing the models file could have mistyped
        if url not in seen:
            seen[url] = _probe(url)
        if seen[url]:
            problems.append(f"{settings.spec}: base_url {url} did not answer: {seen[url]}")
    if problems:
        raise EndpointUnreachable("\n".join(problems) + "\n(is the server running, and is the URL the one it listens on?)")


def _probe(base_url: str) -> str | None:
    """None when the server answered (any status), else the cause in a few words."""
    try:
        with httpx.Client(timeout=TIMEOUT_S, follow_redirects=False) as client:
            client.get(f"{base_url}/models")
    except httpx.TimeoutException:
        return f"no answer within {TIMEOUT_S:.0f} s"
    except httpx.HTTPError as exc:
        return _cause(exc)
    return None


def _cause(exc: BaseException) -> str:
    """The innermost reason ("[Errno 111] Connection refused"), not httpx's wrapper text."""
    while exc.__cause__ is not None or exc.__context__ is not None:
        exc = exc.__cause__ or exc.__context__
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
