"""finish: submit the final reply and the deliverable files; refuses until the files are real."""

from __future__ import annotations

import posixpath
import shlex
from typing import Any

from harness.sandbox.types import WORKSPACE
from harness.tools.base import ToolContext, ToolError, ToolOutput


class FinishTool:
    name = "finish"
    description = (
        "Submit your work and end the task. final_reply is your answer to the user; deliverables "
        "lists the files you made, as paths under /workspace (e.g. \"report.xlsx\"). Every "
        "deliverable must exist, be a regular file and be non-empty, or finish is refused and you "
        "can fix the problem. Call it only when the work is complete."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "final_reply": {"type": "string", "description": "Your final answer to the user."},
            "deliverables": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Paths of the deliverable files under /workspace (may be empty for a reply-only task).",
            },
        },
        "required": ["final_reply", "deliverables"],
        "additionalProperties": False,
    }

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        problems, wanted = [], []
        for raw in args.get("deliverables", []):
            absolute = posixpath.normpath(posixpath.join(WORKSPACE, raw))
            if absolute.startswith(WORKSPACE + "/"):
                wanted.append(absolute)
            else:
                problems.append(f"{raw}: must be a file under /workspace")
        if wanted:
            problems += await _check_files(ctx, wanted)
        if problems:
            raise ToolError("finish refused; fix these and call finish again:\n- " + "\n- ".join(problems))
        report = await ctx.sandbox.copy_out([posixpath.relpath(p, WORKSPACE) for p in wanted], ctx.trial_dir / "deliverables")
        if report.refused:
            listed = "\n- ".join(f"{path}: {why}" for path, why in report.refused)
            raise ToolError(f"finish refused; these files could not be collected:\n- {listed}")
        names = [posixpath.relpath(p, WORKSPACE) for p in wanted]
        return ToolOutput(
            text=f"Submitted {len(names)} deliverable(s): {', '.join(names) or 'none'}. The task is complete.",
            data={"finished": True, "final_reply": args["final_reply"], "deliverables": names},
        )


async def _check_files(ctx: ToolContext, paths: list[str]) -> list[str]:
    script = "for f in " + " ".join(shlex.quote(p) for p in paths) + '; do stat -c "%F|%s|%n" -- "$f" 2>/dev/null || echo "missing|0|$f"; done'
    result = await ctx.sandbox.exec(script, timeout=60)
    problems = []
    for line in result.stdout.splitlines():
        kind, size, name = line.split("|", 2)
        shown = posixpath.relpath(name, WORKSPACE)
        if kind == "missing":
            problems.append(f"{shown}: does not exist")
        elif kind not in ("regular file", "regular empty file"):
            problems.append(f"{shown}: is a {kind}, not a regular file")
        elif int(size) == 0:
            problems.append(f"{shown}: is empty")
    return problems
