"""Build a real agent loop (real provider SDK, real sandbox tools) against the fake LLM server."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from harness.agent.loop import AgentLoop, LoopLimits, LoopResult
from harness.agent.tool_runner import ToolRunner
from harness.providers.registry import make_provider
from harness.providers.settings import ModelSettings, Prices
from harness.recording.trajectory import MediaStore, TrajectoryWriter, read_trajectory
from harness.tools.base import ImageLimits, Tool, ToolContext
from harness.tools.registry import make_tools

from tests.fakes.llm_server import FakeLLMServer

FORMATS = ("openai", "openai-responses", "anthropic")
FMT_OF = {"openai": "chat", "openai-responses": "responses", "anthropic": "anthropic"}
PRICES = Prices(input=2.0, cached_input=0.5, output=8.0)


@dataclass
class LoopRun:
    result: LoopResult
    events: list[dict]
    bodies: list[dict]  # request bodies the fake server received, in order

    def of_type(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["type"] == kind]

    def body_text(self, index: int) -> str:
        return json.dumps(self.bodies[index])


def settings_for(provider: str, server: FakeLLMServer, *, context_window: int = 100_000) -> ModelSettings:
    base = server.base_url if provider == "anthropic" else server.base_url + "/v1"
    return ModelSettings(
        spec=f"{provider}:fake-model", provider=provider, model="fake-model", context_window=context_window,
        max_output_tokens=min(1000, context_window // 10), base_url=base, prices=PRICES, max_attempts=3,
    )


async def run_loop(
    provider: str,
    server: FakeLLMServer,
    sandbox,
    trial_dir: Path,
    *,
    tools: list[Tool] | None = None,
    limits: LoopLimits = LoopLimits(),
    context_window: int = 100_000,
    extras: dict | None = None,
) -> LoopRun:
    settings = settings_for(provider, server, context_window=context_window)
    trajectory = TrajectoryWriter(trial_dir / "trajectory.jsonl", fsync=False)
    ctx = ToolContext(sandbox, trial_dir, ImageLimits(), (), extras or {})
    tools = tools if tools is not None else make_tools(disabled=set(), exec_timeout_s=60, with_search=False)
    runner = ToolRunner(tools, ctx, trajectory, MediaStore(trial_dir / "media"))
    loop = AgentLoop(
        make_provider(settings), runner, trajectory, limits=limits, context_window=context_window,
        price=settings.cost_of,
    )
    result = await loop.run("You are tested.", "Do the task.")
    trajectory.close()
    return LoopRun(result, read_trajectory(trial_dir / "trajectory.jsonl"), [r.body for r in server.requests])
