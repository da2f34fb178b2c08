"""Drive hostile scripted agents through the real loop (ScriptProvider, AgentLoop, ToolRunner,
the real tools) against a real hardened sandbox; see tests/test_redteam.py."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from harness.agent.loop import AgentLoop, LoopLimits, LoopResult
from harness.agent.scripted import Script, ScriptProvider
from harness.agent.tool_runner import ToolRunner
from harness.runner.agents import AgentSpec
from harness.runner.trial import TrialSpec, run_trial
from harness.recording.trajectory import MediaStore, TrajectoryWriter, read_trajectory
from harness.sandbox import DockerSandbox
from harness.tools.base import ToolContext
from harness.tools.registry import make_tools

from tests.conftest import TEST_RUN_ID, make_spec

# Small limits keep every attack fast and the shared 2-core machine usable.
SMALL = dict(pids=256, cpus=1, memory_bytes=512 * 1024**2, workspace_bytes=64 * 1024**2, quota_poll_s=0.25)
NEXT = "echo next-ok; ps -e --no-headers | wc -l"  # the exec after the attack: works, and nothing is left over


@dataclass
class AgentRun:
    result: LoopResult
    results: list[dict]  # tool_result events, in call order
    seconds: float

    def text(self, index: int) -> str:
        return self.results[index]["text"]


def sh(cmd: str, timeout_s: int = 60) -> dict:
    return {"tool": "code_exec", "args": {"cmd": cmd, "timeout_s": timeout_s}}


def finish(*deliverables: str, reply: str = "done") -> dict:
    return {"tool": "finish", "args": {"final_reply": reply, "deliverables": list(deliverables)}}


async def small_box(docker_client, image: str, **overrides) -> DockerSandbox:
    return await DockerSandbox.create(make_spec(image, trial="redteam", **{**SMALL, **overrides}), client=docker_client)


async def attack(box: DockerSandbox, trial_dir: Path, *turns: list[dict] | dict, exec_timeout_s: float = 60) -> AgentRun:
    """Each turn is one call or a list of calls run in parallel; the loop ends at finish."""
    script = Script.model_validate({"turns": [{"calls": t if isinstance(t, list) else [t]} for t in turns]})
    trajectory = TrajectoryWriter(trial_dir / "trajectory.jsonl", fsync=False)
    ctx = ToolContext(box, trial_dir)
    tools = make_tools(disabled=set(), exec_timeout_s=exec_timeout_s, with_search=False)
    runner = ToolRunner(tools, ctx, trajectory, MediaStore(trial_dir / "media"))
    loop = AgentLoop(ScriptProvider(script, "redteam"), runner, trajectory, limits=LoopLimits(max_turns=len(turns) + 1),
                     context_window=None)
    started = time.monotonic()
    result = await loop.run("You are a red team.", "Break out.")
    seconds = time.monotonic() - started
    trajectory.close()
    events = read_trajectory(trial_dir / "trajectory.jsonl")
    results = sorted((e for e in events if e["type"] == "tool_result"), key=lambda e: int(e["call_id"].split("_")[1]))
    return AgentRun(result, results, seconds)


def assert_next_works(run: AgentRun, index: int = 1, max_procs: int = 6) -> None:
    """The exec after the attack succeeded in the same sandbox and found no leftover processes."""
    event = run.results[index]
    assert event["ok"], event["text"]
    out = event["text"].split("stdout:\n", 1)[1].split("\nstderr:", 1)[0].split()
    assert out[0] == "next-ok", event["text"]
    # ps itself, bash, the wrapper, timeout, wc, docker-init and the lifeline (cat): nothing else.
    assert int(out[1]) <= max_procs + 3, event["text"]


async def scripted_trial(task_dir: Path, tmp_path: Path, script: str, trial_id: str):
    """A script agent through the real trial runner (run_trial): record, tool results, trial dir."""
    path = tmp_path / f"{trial_id}.yaml"
    path.write_text(script)
    spec = TrialSpec(task_dir=task_dir, agent=AgentSpec("script", str(path)), out_dir=tmp_path / "out", trial_id=trial_id,
                     run_id=TEST_RUN_ID)
    record = await run_trial(spec)
    events = [json.loads(line) for line in (spec.trial_dir / "trajectory.jsonl").read_text().splitlines()]
    return record, [e for e in events if e["type"] == "tool_result"], spec.trial_dir


def yaml_call(cmd: str) -> str:
    return "  - calls: [{tool: code_exec, args: {cmd: " + json.dumps(cmd) + "}}]\n"
