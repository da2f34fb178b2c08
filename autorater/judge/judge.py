"""Judge batches of criteria with an LLM running the agent loop in the grading container."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harness.agent.loop import AgentLoop, LoopLimits, LoopTexts
from harness.agent.tool_runner import ToolRunner
from harness.providers.registry import make_provider
from harness.providers.settings import ModelSettings
from harness.recording.trajectory import MediaStore, TrajectoryWriter
from harness.recording.trial import INFRA_STATUSES
from harness.sandbox.types import Sandbox
from harness.tools.base import ToolContext, image_limits_of

from autorater.scoring.verdicts import Verdict
from autorater.judge.tools import InspectTool, LookTool, SubmitVerdictsTool

JUDGE_SYSTEM = """You are a meticulous, impartial grader of professional work.

An AI agent was given the task below and produced deliverables. Decide, for each criterion,
whether the deliverables (in /workspace/deliverables) and the agent's final reply
(/workspace/final_reply.md) satisfy it. Judge only what is there: open the files, compute
what needs computing, render documents to images to check layout and charts. A criterion
passes only if it is fully met; when the evidence is missing or ambiguous, it fails.
Cite the files you used. When done, call submit_verdicts with one verdict per criterion."""

# The judge's nudges name its own finishing tool: the agent's ("call finish") would send it
# looking for a tool it does not have.
JUDGE_TEXTS = LoopTexts(
    continue_text=("Please continue judging. When you have decided every criterion, call submit_verdicts with "
                   "one verdict (pass or fail, with a rationale) per criterion."),
    turn_warning_text=("Warning: {left} turn{s} left before the turn limit. Call submit_verdicts now with a verdict "
                       "for every criterion you have decided."),
)


def judge_task_text(task_prompt: str, criteria: Sequence[Any], files: list[str]) -> str:
    listing = "\n".join(f"- /workspace/deliverables/{f}" for f in files) or "- (no deliverable files)"
    lines = [
        "# The task the agent was given (verbatim)", "", task_prompt.strip(), "",
        "# What the agent produced", "", listing, "- /workspace/final_reply.md (the agent's final reply)", "",
        "# Criteria to judge", "",
    ]
    for c in criteria:
        where = f" [file: {c.file}]" if getattr(c, "file", None) else ""
        lines.append(f"- {c.id}{where}: {c.text}")
        hint = getattr(c, "check_hint", None)
        if hint:
            lines.append(f"  (a deterministic check could not decide this one; what it read: {hint[:500]})")
    return "\n".join(lines)


class LlmJudge:
    """Callable used by autorater.grading.dag.decide_all for judge-only criteria."""

    def __init__(
        self, settings: ModelSettings, sandbox: Sandbox, task_prompt: str, files: list[str], out_dir: Path,
        *, batch_size: int = 12, max_turns: int = 40, ask_again: int = 1,
    ) -> None:
        self.settings = settings
        self.sandbox = sandbox
        self.task_prompt = task_prompt
        self.files = files
        self.out_dir = out_dir
        self.batch_size = batch_size
        self.max_turns = max_turns
        self.ask_again = ask_again
        self.usage: dict[str, float] = {"input": 0, "output": 0, "cost_usd": 0.0}
        self.errors: list[str] = []  # judge outages (provider failures after retries), for the grade's header
        self._calls = 0

    async def __call__(self, criteria: list[Any]) -> dict[str, Verdict]:
        decided: dict[str, Verdict] = {}
        for start in range(0, len(criteria), self.batch_size):
            remaining = criteria[start : start + self.batch_size]
            for _ in range(1 + self.ask_again):  # ask again for criteria left without a verdict
                got = await self._judge_batch(remaining)
                decided.update(got)
                remaining = [c for c in remaining if c.id not in got]
                if not remaining:
                    break
        return decided

    async def _judge_batch(self, criteria: list[Any]) -> dict[str, Verdict]:
        self._calls += 1
        label = f"judge-{self._calls:02d}"
        submit = SubmitVerdictsTool([c.id for c in criteria])
        trajectory = TrajectoryWriter(self.out_dir / f"{label}.jsonl")
        ctx = ToolContext(self.sandbox, self.out_dir, image_limits_of(self.settings))
        runner = ToolRunner(
            [InspectTool(), LookTool(), submit], ctx, trajectory, MediaStore(self.out_dir / "media"),
            finish_tool=SubmitVerdictsTool.name,
        )
        loop = AgentLoop(
            make_provider(self.settings), runner, trajectory,
            limits=LoopLimits(max_turns=self.max_turns, wall_clock_s=3600, warn_last_turns=5),
            context_window=self.settings.context_window, output_reserve=self.settings.max_output_tokens,
            price=self.settings.cost_of, texts=JUDGE_TEXTS,
        )
        try:
            result = await loop.run(JUDGE_SYSTEM, judge_task_text(self.task_prompt, criteria, self.files))
        finally:
            trajectory.close()
        self.usage["input"] += result.usage.input
        self.usage["output"] += result.usage.output
        self.usage["cost_usd"] += result.cost_usd
        by = f"llm:{self.settings.spec}"
        decided = {
            cid: Verdict(criterion_id=cid, verdict=v["verdict"], decided_by=by, rationale=v["rationale"],
                         evidence=v["rationale"], cited_files=v.get("cited_files", []))
            for cid, v in submit.received.items()
        }
        if result.status in INFRA_STATUSES:
            # An outage is the grader's failure, not the deliverable's: what the judge did not
            # decide is "error" (undecided, with the reason), never a fail and never re-asked.
            reason = f"judge outage ({label}): {result.error}"
            self.errors.append(reason)
            decided.update({c.id: Verdict(criterion_id=c.id, verdict="error", decided_by=by, rationale=reason)
                            for c in criteria if c.id not in decided})
        return decided
