"""Reading the text the reply.* and text.* kinds judge: the final reply or a text deliverable."""

from __future__ import annotations

from autorater.checks.context import CheckContext
from autorater.checks.result import CheckResult, outcome
from autorater.checks.safety import MiB, check_size

MAX_REPLY_BYTES = 4 * MiB


def subject(ctx: CheckContext) -> tuple[str, str]:
    """How evidence names what was read: ("reply", "final reply") or the deliverable's name twice."""
    return ("reply", "final reply") if ctx.rel == "final_reply.md" else (ctx.rel, ctx.rel)


def is_markdown(ctx: CheckContext) -> bool:
    """The reply and .md / .markdown / .txt deliverables are prose (a paragraph's lines are one
    phrase); a CSV or another data file read as text keeps every line."""
    return ctx.rel == "final_reply.md" or ctx.rel.lower().endswith((".md", ".markdown", ".txt"))


def reply_text(ctx: CheckContext) -> str:
    """The file's text (UTF-8, undecodable bytes replaced), size-capped, loaded once per run."""

    def load() -> str:
        path = ctx.file()
        check_size(path, MAX_REPLY_BYTES)
        return path.read_bytes().decode("utf-8", errors="replace")

    return ctx.load("reply", load)


def scoped_texts(ctx: CheckContext, spec: object) -> tuple[list[tuple[str, str]], str | None]:
    """The texts a check reads: [(where, text)] for each section the spec asks for (see
    Sectioned), or the whole file; and, when a section was asked for but none matched, a note
    saying so (the caller then reads the whole file and may only fail or stay undecided)."""
    text = reply_text(ctx)
    wanted = spec.sections() if hasattr(spec, "sections") else []
    if not wanted:
        return [("", text)], None
    from autorater.checks.sections import section_texts  # noqa: PLC0415

    found = section_texts(text, wanted)
    if not found:
        return [("", text)], f"no section headed {' / '.join(repr(w) for w in wanted)}"
    return [(f"section {h.text!r} (line {h.line + 1})", body) for h, body in found], None


def missing_note(missing_section: str | None) -> str:
    return f" ({missing_section}; read the whole text)" if missing_section else ""


def scoped_outcome(state: str, evidence: str, where: str, missing_section: str | None) -> CheckResult:
    """A verdict reached on the whole text because the asked-for section is missing: a fail
    stands (it fails anywhere), a pass cannot be credited to the section: undecided."""
    if missing_section and state == "pass":
        return outcome("undecided", f"{missing_section}; outside any such section: {evidence}", where)
    return outcome(state, evidence + missing_note(missing_section), where)
