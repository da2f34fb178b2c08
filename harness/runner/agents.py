"""What `--model` and `--agent` name, and the provider each becomes for a task."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from harness.agent.scripted import OracleProvider, ReferenceReplayProvider, ScriptProvider, load_script
from harness.providers.base import Provider
from harness.providers.registry import make_provider
from harness.providers.settings import ModelSettings, resolve_model
from harness.tasks import Task


class AgentSpecError(ValueError):
    pass


# Baseline solvers a deliverable task ships beside its oracle, as solution/<name>.py:
# text_only reads only text layers; code_only is the strongest attempt without viewing images
# (OCR, pixel analysis, document text), the fallback a model without view_image would build.
BASELINES = ("text_only", "code_only")


@dataclass(frozen=True)
class AgentSpec:
    kind: Literal["model", "oracle", "script"]
    value: str  # PROVIDER:MODEL | "solve", "text_only" or "code_only" | path of the script

    @property
    def label(self) -> str:
        if self.kind == "model":
            return self.value
        if self.kind == "oracle":
            return "oracle" if self.value == "solve" else f"oracle:{self.value}"
        return f"script:{Path(self.value).stem}"

    @classmethod
    def parse_agent(cls, text: str) -> AgentSpec:
        name, _, arg = text.partition(":")
        if name == "oracle":
            if arg not in ("", *BASELINES):
                raise AgentSpecError(f"--agent {text}: oracle variants are 'oracle', "
                                     + ", ".join(f"'oracle:{b}'" for b in BASELINES))
            return cls("oracle", arg or "solve")
        if name == "script" and arg:
            return cls("script", arg)
        raise AgentSpecError(f"--agent {text}: expected oracle, {', '.join('oracle:' + b for b in BASELINES)} or script:FILE.yaml")

    @classmethod
    def parse_model(cls, text: str) -> AgentSpec:
        if ":" not in text:
            raise AgentSpecError(f"--model {text}: expected PROVIDER:MODEL, e.g. anthropic:claude-sonnet-4-5")
        return cls("model", text)


@dataclass
class BuiltAgent:
    provider: Provider
    settings: ModelSettings | None  # None for deterministic agents (no context window, no price)


def build_agent(agent: AgentSpec, task: Task, models_file: Path | None) -> BuiltAgent:
    """Everything that can fail before a trial starts fails here, before anything is written."""
    if agent.kind == "model":
        settings = resolve_model(agent.value, models_file)
        return BuiltAgent(make_provider(settings), settings)
    if agent.kind == "script":
        return BuiltAgent(ScriptProvider(load_script(Path(agent.value)), agent.label), None)
    if task.kind == "tool_use":
        if agent.value != "solve":
            raise AgentSpecError(f"{task.root}: a tool-use task has no {agent.label} solver (its oracle replays reference.json)")
        return BuiltAgent(ReferenceReplayProvider(_reference(task), agent.label), None)
    entry = _oracle_entry(task, agent.value)
    return BuiltAgent(OracleProvider(entry, task.deliverable_paths, agent.label), None)


def _reference(task: Task) -> dict:
    path = task.reference_path
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise AgentSpecError(f"{path}: cannot read the reference trajectory ({exc})") from None


def _oracle_entry(task: Task, variant: str) -> str:
    if variant in BASELINES:
        path = task.root / "solution" / f"{variant}.py"
        if not path.is_file():
            raise AgentSpecError(f"{path}: missing (needed by --agent oracle:{variant})")
        return path.name
    if task.solution_entry is None:
        raise AgentSpecError(f"{task.root / 'solution'}: no solve.py or solve.sh (needed by --agent oracle)")
    return task.solution_entry.name
