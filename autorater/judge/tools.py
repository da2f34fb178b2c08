"""The judge's tools, defined here and not borrowed from the agent's tool set: the judge
looks at deliverables; it never gets the agent's finish, web search or MCP tools."""

from __future__ import annotations

import asyncio
import copy
import posixpath
from collections import Counter
from typing import Any

from harness.sandbox.types import SandboxError
from harness.tools.base import ToolContext, ToolError, ToolOutput
from harness.tools.code_exec import render
from harness.tools.image_prep import prepare_image

INSPECT_TIMEOUT_S = 120


class InspectTool:
    name = "code_exec"
    description = (
        "Run a bash command in the grading container to inspect the deliverables in /workspace/deliverables "
        "and the agent's final reply in /workspace/final_reply.md. Python 3 with openpyxl, python-docx, "
        "python-pptx, pymupdf, pandas, beautifulsoup4; LibreOffice; tesseract; pdftoppm. To see a document's "
        "layout: python3 -m autorater.checks.render FILE /tmp/render/NAME, then view_image the PNG pages. No network."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {"cmd": {"type": "string"}},
        "required": ["cmd"],
        "additionalProperties": False,
    }

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        result = await ctx.sandbox.exec(args["cmd"], timeout=INSPECT_TIMEOUT_S)
        return ToolOutput(render(result), ok=result.ok, data={"exit_code": result.exit_code})


class LookTool:
    name = "view_image"
    description = "Look at an image file in the grading container (a PNG page you rendered, or an image deliverable)."
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {"path": {"type": "string", "description": "absolute, or relative to /workspace"}},
        "required": ["path"],
        "additionalProperties": False,
    }

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        path = posixpath.normpath(posixpath.join("/workspace", args["path"]))
        try:
            data = await ctx.sandbox.read_file(path, max_bytes=64 * 1024 * 1024)
        except SandboxError as exc:
            raise ToolError(str(exc)) from None
        prepared = await asyncio.to_thread(prepare_image, data, ctx.image_limits, name=posixpath.basename(path))
        return ToolOutput(prepared.note, images=[prepared.part], data={"path": path, "sha256": prepared.part.sha256})


class SubmitVerdictsTool:
    """Records verdicts; finishes only once every criterion of the batch has exactly one."""

    name = "submit_verdicts"
    description = (
        "Submit your verdicts. Give exactly one verdict (pass or fail) per criterion id, with a rationale that "
        "names the evidence (file, sheet/page/slide, value found) and the files you cited. You may submit in "
        "several calls; grading ends when every criterion has a verdict."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "verdicts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "criterion_id": {"type": "string"},
                        "verdict": {"type": "string", "enum": ["pass", "fail"]},
                        "rationale": {"type": "string", "minLength": 1},
                        "cited_files": {"type": "array", "items": {"type": "string"}},
                    },
                    "required": ["criterion_id", "verdict", "rationale"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["verdicts"],
        "additionalProperties": False,
    }

    def __init__(self, expected_ids: list[str]) -> None:
        self.expected = list(expected_ids)
        self.received: dict[str, dict[str, Any]] = {}
        # This batch's ids as an enum: a model is shown exactly what it may name, and a server
        # that constrains output to the schema (llama.cpp's grammar) cannot name anything else.
        self.parameters = copy.deepcopy(type(self).parameters)
        self.parameters["properties"]["verdicts"]["items"]["properties"]["criterion_id"]["enum"] = self.expected

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        counts = Counter(v["criterion_id"] for v in args["verdicts"])
        problems = [f"{cid}: given {n} verdicts in one call; give exactly one" for cid, n in counts.items() if n > 1]
        problems += [f"{cid}: not a criterion of this batch" for cid in counts if cid not in self.expected]
        for verdict in args["verdicts"]:
            cid = verdict["criterion_id"]
            if cid in self.expected and counts[cid] == 1:
                self.received[cid] = verdict
        missing = [cid for cid in self.expected if cid not in self.received]
        if missing or problems:
            lines = [f"Recorded {len(self.received)} of {len(self.expected)} verdicts."]
            lines += [f"Problem: {p}" for p in problems]
            if missing:
                lines.append("Still missing verdicts for: " + ", ".join(missing) + ". Submit them.")
            return ToolOutput("\n".join(lines), ok=False, data={"finished": False})
        return ToolOutput("All verdicts recorded. Grading is complete.", data={"finished": True, "verdicts": list(self.received.values())})
