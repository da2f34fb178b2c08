"""code_exec: run a bash command in the sandbox."""

from __future__ import annotations

from typing import Any

from harness.sandbox.types import ExecResult
from harness.tools.base import ToolContext, ToolOutput

DEFAULT_TIMEOUT_S = 300
MAX_TIMEOUT_S = 3600


class CodeExecTool:
    name = "code_exec"
    description = (
        "Run a bash command in your Linux sandbox and get its exit code, stdout and stderr. "
        "The working directory is /workspace; the task's input files are in /workspace/input. "
        "Python 3 (pandas, numpy, matplotlib, openpyxl, python-docx, python-pptx, pymupdf, reportlab, "
        "weasyprint, pillow), LibreOffice (soffice --headless), tesseract and poppler-utils are installed. "
        f"Commands time out after {DEFAULT_TIMEOUT_S} s unless timeout_s says otherwise; long output keeps "
        "its beginning and end. Every process a command starts is stopped when it ends (setsid and nohup "
        "included); to keep a background server for later commands, start it with MKA_KEEP=1 in its "
        "environment, its output sent to a file (e.g. `MKA_KEEP=1 python3 -m http.server 8000 > server.log 2>&1 &`). "
        "There is no internet."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "cmd": {"type": "string", "description": "The bash command or script to run."},
            "timeout_s": {"type": "integer", "minimum": 1, "maximum": MAX_TIMEOUT_S,
                          "description": f"Timeout in seconds (default {DEFAULT_TIMEOUT_S})."},
        },
        "required": ["cmd"],
        "additionalProperties": False,
    }

    def __init__(self, default_timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self.default_timeout_s = default_timeout_s

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        timeout = float(args.get("timeout_s") or self.default_timeout_s)
        result = await ctx.sandbox.exec(args["cmd"], timeout=timeout)
        return ToolOutput(
            text=render(result),
            ok=result.ok,
            data={"exit_code": result.exit_code, "timed_out": result.timed_out, "duration_s": round(result.duration_s, 3)},
        )


def render(result: ExecResult) -> str:
    lines = [f"exit code: {result.exit_code if result.exit_code is not None else 'none (killed)'}"]
    lines += [f"note: {note}" for note in result.notes()]
    lines.append("stdout:" + ("\n" + result.stdout if result.stdout else " (empty)"))
    if result.stderr:
        lines.append("stderr:\n" + result.stderr)
    return "\n".join(lines)


def stdout_of(rendered: str) -> str:
    """The stdout part of a render()ed result (for deterministic agents that read their own output)."""
    _, sep, rest = rendered.partition("\nstdout:")
    if not sep or rest.startswith(" (empty)"):
        return ""
    return rest[1:].split("\nstderr:\n", 1)[0]
