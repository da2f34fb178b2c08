"""Reading the text the reply.* and text.* kinds judge: the final reply or a text deliverable."""

from __future__ import annotations

from autorater.checks.context import CheckContext
from autorater.checks.safety import MiB, check_size

MAX_REPLY_BYTES = 4 * MiB


def subject(ctx: CheckContext) -> tuple[str, str]:
    """How evidence names what was read: ("reply", "final reply") or the deliverable's name twice."""
    return ("reply", "final reply") if ctx.rel == "final_reply.md" else (ctx.rel, ctx.rel)


def reply_text(ctx: CheckContext) -> str:
    """The file's text (UTF-8, undecodable bytes replaced), size-capped, loaded once per run."""

    def load() -> str:
        path = ctx.file()
        check_size(path, MAX_REPLY_BYTES)
        return path.read_bytes().decode("utf-8", errors="replace")

    return ctx.load("reply", load)
