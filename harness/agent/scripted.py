"""Deterministic agents that drive the real loop and tools: a YAML script, or the task's oracle.

Both are providers, so a scripted run exercises exactly what a model run does: the loop,
tool validation, parallel calls, recording and collection of deliverables."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from harness.messages import ToolCall
from harness.providers.base import AgentStoppedError, ModelRequest, ModelResponse, Usage
from harness.providers.wire import parse_call
from harness.tools.code_exec import stdout_of

ORACLE_DIR = "/workspace/.oracle"


class ScriptError(ValueError):
    pass


class ScriptCall(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tool: str
    args: dict[str, Any] | str = {}  # a string is sent as-is: lets a script test malformed JSON


class ScriptTurn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str | None = None
    calls: list[ScriptCall] = []

    @model_validator(mode="after")
    def _one_of(self) -> ScriptTurn:
        if self.text is None and not self.calls:
            raise ValueError("a turn needs `text` or `calls`")
        return self


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turns: list[ScriptTurn]


def load_script(path: Path) -> Script:
    try:
        return Script.model_validate(yaml.safe_load(path.read_text()))
    except FileNotFoundError:
        raise ScriptError(f"{path}: not found") from None
    except yaml.YAMLError as exc:
        raise ScriptError(f"{path}: not valid YAML: {exc}") from None
    except ValidationError as exc:
        problems = [f"{path}: {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
        raise ScriptError("\n".join(problems)) from None


class ScriptProvider:
    """Replays turns in order; each turn is text, or tool calls that run in parallel."""

    name = "script"

    def __init__(self, script: Script, label: str) -> None:
        self.model = label
        self._turns = iter(script.turns)
        self._ids = itertools.count(1)

    async def complete(self, request: ModelRequest) -> ModelResponse:
        turn = next(self._turns, None)
        if turn is None:
            raise AgentStoppedError("the script ran out of turns before finish succeeded")
        calls = [self._call(c) for c in turn.calls]
        return ModelResponse(turn.text or "", calls, "tool_use" if calls else "end", Usage())

    def _call(self, call: ScriptCall) -> ToolCall:
        call_id = f"call_{next(self._ids)}"
        if isinstance(call.args, str):
            return parse_call(call_id, call.tool, call.args)
        return ToolCall(call_id, call.tool, json.dumps(call.args), dict(call.args))


class OracleProvider:
    """Runs the task's reference solution in the sandbox, then finishes with its deliverables.

    The runner copies solution/ to /workspace/.oracle first. A solver may write its final
    reply to /workspace/final_reply.md; the oracle removes its own traces before finishing."""

    name = "oracle"

    def __init__(self, entry: str, deliverables: list[str], label: str = "oracle") -> None:
        self.model = label
        self._entry = entry  # file name inside solution/, e.g. solve.py or text_only.py
        self._deliverables = deliverables
        self._step = 0

    async def complete(self, request: ModelRequest) -> ModelResponse:
        self._step += 1
        if self._step == 1:
            runner = "python3" if self._entry.endswith(".py") else "bash"
            cmd = (
                f"cd /workspace && {runner} {ORACLE_DIR}/{self._entry} > /tmp/oracle.log 2>&1; rc=$?; "
                f"tail -c 4000 /tmp/oracle.log >&2; rm -rf {ORACLE_DIR}; "
                "if [ -f final_reply.md ]; then cat final_reply.md; rm -f final_reply.md; fi; exit $rc"
            )
            call = ToolCall("oracle_1", "code_exec", json.dumps({"cmd": cmd, "timeout_s": 3600}), {"cmd": cmd, "timeout_s": 3600})
            return ModelResponse("Running the reference solution.", [call], "tool_use", Usage())
        if self._step == 2:
            last_tool_turn = next(m for m in reversed(request.messages) if m.role == "tool")
            reply = stdout_of(last_tool_turn.tool_results[0].text).strip()
            args = {"final_reply": reply or "Deliverables produced by the reference solution.", "deliverables": self._deliverables}
            return ModelResponse("", [ToolCall("oracle_2", "finish", json.dumps(args), args)], "tool_use", Usage())
        raise AgentStoppedError("the oracle's finish was refused: the reference solution did not produce every deliverable")


class ReferenceReplayProvider:
    """The oracle of a tool-use task: replays the reference trajectory step by step (a step's
    calls together, so they run in parallel), then finishes with the reference reply."""

    name = "oracle"

    def __init__(self, reference: dict, label: str = "oracle") -> None:
        self.model = label
        self._steps = [step["calls"] for step in reference.get("steps", [])]
        self._reply = reference.get("final_reply", "")
        self._turn = 0

    async def complete(self, request: ModelRequest) -> ModelResponse:
        self._turn += 1
        if self._turn <= len(self._steps):
            calls = [
                ToolCall(f"ref_{self._turn}_{i}", c["name"], json.dumps(c.get("arguments", {})), dict(c.get("arguments", {})))
                for i, c in enumerate(self._steps[self._turn - 1], start=1)
            ]
            return ModelResponse("", calls, "tool_use", Usage())
        if self._turn == len(self._steps) + 1:
            args = {"final_reply": self._reply, "deliverables": []}
            return ModelResponse("", [ToolCall("ref_finish", "finish", json.dumps(args), args)], "tool_use", Usage())
        raise AgentStoppedError("the reference replay's finish was refused")
