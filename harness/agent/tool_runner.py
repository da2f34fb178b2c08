"""Run one assistant turn's tool calls: concurrently, `finish` last, no error fatal.

Unknown tools, bad JSON, schema violations and crashing tools all become error results
the model reads, plus an `error` event in the trajectory."""

from __future__ import annotations

import asyncio
import time
import traceback
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator

from harness.messages import ToolCall, ToolResult
from harness.recording.trajectory import MediaStore, TrajectoryWriter, now_iso
from harness.tools.base import Tool, ToolContext, ToolError, ToolOutput

DEFAULT_FINISH = "finish"


@dataclass
class TurnOutcome:
    results: list[ToolResult]
    finished: dict[str, Any] | None  # the finishing tool's data when it succeeded
    tool_s: float  # wall time of the turn's tool phase
    last_declared: list[str] | None  # deliverables named in a finish call, even a refused one


class ToolRunner:
    def __init__(
        self, tools: list[Tool], ctx: ToolContext, trajectory: TrajectoryWriter, media: MediaStore,
        *, finish_tool: str = DEFAULT_FINISH,
    ) -> None:
        # finish_tool ends the loop when its output says finished (the judge uses submit_verdicts).
        self.finish_tool = finish_tool
        self.tools = {tool.name: tool for tool in tools}
        self._validators = {tool.name: Draft202012Validator(tool.parameters) for tool in tools}
        self.ctx = ctx
        self.trajectory = trajectory
        self.media = media

    async def run_turn(self, calls: list[ToolCall]) -> TurnOutcome:
        started = time.monotonic()
        ordinary = [c for c in calls if c.name != self.finish_tool]
        finishing = [c for c in calls if c.name == self.finish_tool]
        results = list(await asyncio.gather(*(self._run_one(c) for c in ordinary)))
        finished, declared = None, None
        for call in finishing:  # after everything else in the turn; the first success ends the task
            if finished is not None:
                results.append(ToolResult(call.id, call.name, f"ignored: {call.name} already succeeded", ok=False))
                continue
            if call.arguments and isinstance(call.arguments.get("deliverables"), list):
                declared = [str(p) for p in call.arguments["deliverables"]]
            result, output = await self._run_one(call, want_output=True)
            results.append(result)
            if output is not None and output.data.get("finished"):
                finished = output.data
        # Keep the model-facing order the same as the calls.
        order = {c.id: i for i, c in enumerate(calls)}
        results.sort(key=lambda r: order.get(r.call_id, len(order)))
        return TurnOutcome(results, finished, time.monotonic() - started, declared)

    async def _run_one(self, call: ToolCall, want_output: bool = False):
        wall_start, mono_start = now_iso(), time.monotonic()
        output: ToolOutput | None = None
        problem = self._problem(call)
        if problem is None:
            try:
                output = await self.tools[call.name].run(call.arguments or {}, self.ctx)
            except ToolError as exc:
                problem = str(exc)
            except Exception as exc:  # noqa: BLE001 - a crashing tool must not end the run
                problem = f"the tool failed unexpectedly: {type(exc).__name__}: {exc}"
                self.trajectory.emit("error", where=f"tool:{call.name}", call_id=call.id,
                                     message=problem, traceback=traceback.format_exc(limit=8))
            else:
                problem = None
        if problem is not None and not problem.startswith("the tool failed unexpectedly"):
            self.trajectory.emit("error", where=f"tool:{call.name}", call_id=call.id, message=problem)
        if output is None:
            output = ToolOutput(text=f"Error: {problem}", ok=False)
        shas = [self.media.save(image) for image in output.images]
        result = ToolResult(call.id, call.name, output.text, output.ok, tuple(output.images))
        self.trajectory.emit(
            "tool_result", call_id=call.id, name=call.name, ok=output.ok, text=output.text, images=shas,
            data=output.data, started=wall_start, ended=now_iso(),
            started_mono=round(mono_start, 6), ended_mono=round(time.monotonic(), 6),
        )
        return (result, output if problem is None else None) if want_output else result

    def _problem(self, call: ToolCall) -> str | None:
        if call.name not in self.tools:
            return f"unknown tool {call.name!r}; available tools: {', '.join(sorted(self.tools))}"
        if call.parse_error:
            return f"could not parse the arguments of {call.name}: {call.parse_error}. Raw arguments: {call.raw_arguments[:2000]}"
        errors = sorted(self._validators[call.name].iter_errors(call.arguments or {}), key=lambda e: list(e.path))
        if errors:
            details = "; ".join(f"{'/'.join(map(str, e.path)) or 'arguments'}: {e.message}" for e in errors[:5])
            return f"invalid arguments for {call.name}: {details}"
        return None
