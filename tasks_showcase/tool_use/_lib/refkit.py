"""Build a tool-use task's reference.json from the real servers' answers.

A task's `build_reference.py` runs inside the sandbox image (or the task's own [environment]
image) with the task's inputs mounted at /workspace/input (see `_lib/build.sh`). It calls the
bundled MCP servers' tool functions directly (the same code the stdio servers run), or, given
`Reference(__file__, tool=...)`, any callable `tool(name, arguments) -> result` (e.g.
`stdiokit.StdioTools`, the task's own servers over stdio); it derives every later argument from
earlier results, and writes reference.json with `Reference.write(final_reply)`.

`write` also checks the trajectory's shape against the task's tags:

* steps are as-soon-as-possible layers: a step-1 call depends on nothing (its arguments
  come from the prompt or the image); a later call names its dependencies, all in earlier
  steps and at least one in the step right before it;
* chain length = calls on the longest dependency path: chain-3 (1-3), chain-5 (4-7),
  chain-10plus (10 or more);
* widest step: parallel-none (1), parallel-some (2-3), parallel-many (4-8);
* no two calls share a tool and identical arguments."""

from __future__ import annotations

import importlib
import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

SERVERS = ("image", "units", "geo", "weather", "docs", "fx")


@dataclass
class Call:
    id: str
    name: str
    arguments: dict[str, Any]
    step: int
    depends_on: list[str]
    uses_image: bool
    result: Any = field(default=None, repr=False)

    def __getitem__(self, key: str) -> Any:
        return self.result[key]


def run_tool(name: str, arguments: dict[str, Any]) -> Any:
    """Call a bundled server's tool function with JSON arguments; a tool error is fatal."""
    server, _, tool = name.partition("/")
    if server not in SERVERS:
        raise SystemExit(f"{name}: unknown server {server!r}")
    module = importlib.import_module(f"mcp_servers.{server}")
    fn = getattr(module, tool, None)
    if fn is None or tool.startswith("_"):
        raise SystemExit(f"{name}: no such tool")
    kwargs = dict(arguments)
    if server == "image" and isinstance(kwargs.get("region"), dict):
        kwargs["region"] = module.Region(**kwargs["region"])
    from mcp_servers._common import ToolError

    try:
        result = fn(**kwargs)
    except ToolError as exc:
        raise SystemExit(f"{name}({json.dumps(arguments)}): tool error: {exc}") from None
    return json.loads(json.dumps(result))  # what the client sees: plain JSON


class Reference:
    def __init__(self, script_file: str, tool: Callable[[str, dict[str, Any]], Any] = run_tool) -> None:
        self.tool = tool
        self.dir = Path(script_file).resolve().parent
        self.id = self.dir.name
        self.steps: list[list[Call]] = []
        self.calls: dict[str, Call] = {}
        self.verbose = "-q" not in sys.argv

    def step(self) -> Reference:
        self.steps.append([])
        return self

    def call(self, name: str, arguments: dict[str, Any], *, after: list[Call] = (), uses_image: bool = False) -> Call:
        if not self.steps:
            self.step()
        call = Call(f"c{len(self.calls) + 1}", name, arguments, len(self.steps), [c.id for c in after], uses_image)
        call.result = self.tool(name, arguments)
        if self.verbose:
            text = json.dumps(call.result, ensure_ascii=False)
            print(f"[step {call.step}] {call.id} {name} {json.dumps(arguments, ensure_ascii=False)}\n    -> "
                  f"{text[:1500]}{'...' if len(text) > 1500 else ''}")
        self.steps[-1].append(call)
        self.calls[call.id] = call
        return call

    # -- shape checks --------------------------------------------------------------------
    def _problems(self) -> list[str]:
        out = []
        seen = set()
        for s, step in enumerate(self.steps, start=1):
            if not step:
                out.append(f"step {s} is empty")
            for call in step:
                key = (call.name, json.dumps(call.arguments, sort_keys=True))
                if key in seen:
                    out.append(f"{call.id}: duplicate of an earlier {call.name} call")
                seen.add(key)
                dep_steps = [self.calls[d].step for d in call.depends_on]
                if s == 1 and dep_steps:
                    out.append(f"{call.id}: a step-1 call cannot depend on another call")
                if s > 1 and (not dep_steps or max(dep_steps) != s - 1):
                    out.append(f"{call.id}: step {s} but no dependency in step {s - 1} (not ASAP)")
                if any(d >= s for d in dep_steps):
                    out.append(f"{call.id}: depends on a call of the same or a later step")
        return out

    def chain_length(self) -> int:
        depth: dict[str, int] = {}
        for step in self.steps:
            for call in step:
                depth[call.id] = 1 + max((depth[d] for d in call.depends_on), default=0)
        return max(depth.values(), default=0)

    def width(self) -> int:
        return max((len(s) for s in self.steps), default=0)

    def expected_tags(self) -> tuple[str, str]:
        n, w = self.chain_length(), self.width()
        chain = "chain-3" if n <= 3 else "chain-5" if n <= 7 else "chain-10plus" if n >= 10 else f"chain-{n}?"
        par = "parallel-none" if w == 1 else "parallel-some" if w <= 3 else "parallel-many" if w <= 8 else f"width-{w}?"
        return chain, par

    def write(self, final_reply: str) -> None:
        problems = self._problems()
        spec = tomllib.loads((self.dir / "task.toml").read_text())
        tags = set(spec.get("tags", []))
        for tag in self.expected_tags():
            if tag not in tags:
                problems.append(f"task.toml tags {sorted(tags)} lack {tag} (chain {self.chain_length()}, "
                                f"widest step {self.width()})")
        if problems:
            raise SystemExit(f"{self.id}: " + "; ".join(problems))
        doc = {"id": self.id, "steps": [
            {"step": s, "calls": [self._call_json(c) for c in step]} for s, step in enumerate(self.steps, start=1)
        ], "final_reply": final_reply}
        (self.dir / "reference.json").write_text(_dump(doc) + "\n", encoding="utf-8")
        print(f"{self.id}: {len(self.steps)} steps, {len(self.calls)} calls, chain {self.chain_length()}, "
              f"widest step {self.width()}\nfinal_reply: {final_reply}")

    @staticmethod
    def _call_json(call: Call) -> dict[str, Any]:
        out: dict[str, Any] = {"name": call.name, "arguments": call.arguments, "id": call.id}
        if call.depends_on:
            out["depends_on"] = call.depends_on
        if call.uses_image:
            out["uses_image"] = True
        return out


def _dump(doc: dict[str, Any]) -> str:
    """Indented JSON with each call on one line (easy to read and diff)."""
    lines = ["{", f'  "id": {json.dumps(doc["id"])},', '  "steps": [']
    for i, step in enumerate(doc["steps"]):
        lines.append(f'    {{"step": {step["step"]}, "calls": [')
        for j, call in enumerate(step["calls"]):
            comma = "," if j < len(step["calls"]) - 1 else ""
            lines.append(f"      {json.dumps(call, ensure_ascii=False)}{comma}")
        lines.append("    ]}" + ("," if i < len(doc["steps"]) - 1 else ""))
    lines += ["  ],", f'  "final_reply": {json.dumps(doc["final_reply"], ensure_ascii=False)}', "}"]
    return "\n".join(lines)


def money(value: float, digits: int = 2) -> str:
    return f"{value:,.{digits}f}"
