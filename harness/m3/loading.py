"""Read reference trajectories and predictions from disk.

References: one task JSON (`{"id", "steps", "final_reply"}`), a JSON list or id→task map,
a JSONL file (one task per line), or a folder of task folders (each with task.toml whose
`[tool_use] reference` names the file, or a bare reference.json).

Predictions: our trial directories (`DIR/trials/<trial_id>/trajectory.jsonl` + trial.json),
a single trial directory, JSON/JSONL files in the reference shape, or a folder of them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from harness.m3.model import Trajectory, build_steps
from harness.m3.validate import duplicate_ids, task_problems
from harness.recording.trajectory import read_trajectory


class M3InputError(ValueError):
    """A reference or prediction that cannot be read."""


def _json_tasks(path: Path) -> list[dict[str, Any]]:
    """Task objects from a .json or .jsonl file (same root shapes the reference accepts),
    every one checked (harness.m3.validate): all problems are reported at once."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise M3InputError(f"{path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start})") from None
    except OSError as exc:
        raise M3InputError(f"{path}: {exc}") from exc
    if not text.strip():
        raise M3InputError(f"{path}: empty file: no task to read")
    try:
        if path.suffix == ".jsonl":
            tasks = []
            for n, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    try:
                        tasks.append(json.loads(line))
                    except json.JSONDecodeError as exc:
                        raise M3InputError(f"{path}: line {n}: {exc}") from None
            return _checked(tasks, path)
        root = json.loads(text)
    except json.JSONDecodeError as exc:
        raise M3InputError(f"{path}: {exc}") from exc
    if isinstance(root, dict) and "steps" in root:
        return _checked([root], path)
    if isinstance(root, list):
        return _checked(root, path)
    if isinstance(root, dict):  # id -> task
        return _checked([{**v, "id": v.get("id", k)} if isinstance(v, dict) else v for k, v in root.items()], path)
    raise M3InputError(f"{path}: expected a task object, a list of tasks or a map of id to task")


def _checked(tasks: list[Any], path: Path) -> list[dict[str, Any]]:
    problems = [p for i, t in enumerate(tasks) for p in task_problems(t, str(path), i)]
    problems += duplicate_ids(tasks, str(path))
    if problems:
        raise M3InputError("\n".join(problems))
    return tasks


def task_from_json(obj: dict[str, Any], *, default_id: str = "", source: str = "") -> Trajectory:
    """A trajectory in the reference shape (predictions given this way use it too)."""
    raw_steps = [list(s.get("calls") or []) for s in (obj.get("steps") or [])]
    return Trajectory(task_id=str(obj.get("id") or default_id), steps=build_steps(raw_steps),
                      source=source, final_reply=obj.get("final_reply"))


def _task_folder_reference(folder: Path) -> tuple[str, Path] | None:
    """(task id, reference file) of a tool-use task folder, or None if it is not one."""
    toml_path = folder / "task.toml"
    if toml_path.is_file():
        try:
            spec = tomllib.loads(toml_path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise M3InputError(f"{toml_path}: {exc}") from exc
        tool_use = spec.get("tool_use")
        if not isinstance(tool_use, dict):
            return None  # a deliverable task
        return str(spec.get("id") or folder.name), folder / str(tool_use.get("reference", "reference.json"))
    if (folder / "reference.json").is_file():
        return folder.name, folder / "reference.json"
    return None


def load_references(path: Path) -> list[Trajectory]:
    """Every reference task at PATH; a task folder's id comes from its task.toml."""
    if path.is_file():
        found = _task_folder_reference(path.parent)
        if found is not None and found[1].resolve() == path.resolve():
            return load_references(path.parent)  # a task folder's reference file: the folder's id
        tasks = _json_tasks(path)
        stem = path.stem if len(tasks) == 1 else ""  # a lone task may omit its id
        return [task_from_json(t, default_id=stem, source=str(path)) for t in tasks]
    if not path.is_dir():
        raise M3InputError(f"{path}: no such file or folder")
    folders = [path] if _task_folder_reference(path) else sorted(p for p in path.iterdir() if p.is_dir())
    out: list[Trajectory] = []
    for folder in folders:
        found = _task_folder_reference(folder)
        if found is None:
            continue
        task_id, ref_file = found
        if not ref_file.is_file():
            raise M3InputError(f"{ref_file}: reference trajectory not found")
        for task in _json_tasks(ref_file):
            traj = task_from_json(task, default_id=task_id, source=str(ref_file))
            if traj.task_id != task_id:
                traj.notes.append(f"reference id {traj.task_id!r} differs from task.toml id; using {task_id!r}")
                traj.task_id = task_id
            out.append(traj)
    if not out:
        raise M3InputError(f"{path}: no tool-use reference found")
    return out


def parse_arguments(raw: Any) -> tuple[Any, str | None]:
    """Arguments from a trajectory's raw JSON string: (value, note). Empty → {};
    unparseable → {} with a note saying so."""
    if not isinstance(raw, str):
        return ({} if raw is None else raw), None
    if not raw.strip():
        return {}, None
    try:
        return json.loads(raw), None
    except json.JSONDecodeError as exc:
        return {}, f"unparseable arguments ({exc.msg}); scored as {{}}: {raw[:120]!r}"


def trajectory_from_trial(trial_dir: Path) -> Trajectory:
    """A prediction from one trial directory: each assistant turn with tool calls is a step;
    a call's time span comes from its tool_result event (started_mono, ended_mono)."""
    try:
        record = json.loads((trial_dir / "trial.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise M3InputError(f"{trial_dir}: unreadable trial.json ({exc})") from exc
    events = read_trajectory(trial_dir / "trajectory.jsonl") if (trial_dir / "trajectory.jsonl").is_file() else []
    raw_steps: list[list[dict[str, Any]]] = []
    pending: dict[str, dict[str, Any]] = {}  # call id -> call still waiting for its result
    notes: list[str] = []
    for event in events:
        if event.get("type") == "assistant" and event.get("tool_calls"):
            step = []
            for call in event["tool_calls"]:
                args, note = parse_arguments(call.get("arguments"))
                if note:
                    notes.append(f"turn {event.get('turn')}: {call.get('name')}: {note}")
                item = {"name": call.get("name", ""), "arguments": args, "id": call.get("id") or ""}
                step.append(item)
                pending[str(item["id"])] = item
            raw_steps.append(step)
        elif event.get("type") == "tool_result":
            item = pending.pop(str(event.get("call_id", "")), None)
            if item is not None:
                item["started"] = event.get("started_mono")
                item["ended"] = event.get("ended_mono")
                item["ok"] = event.get("ok")
    if not events:
        notes.append("no trajectory.jsonl")
    steps = build_steps(raw_steps)
    final = trial_dir / "final_reply.md"
    return Trajectory(
        task_id=str(record.get("task", "")), steps=steps, system=str(record.get("model") or "trials"),
        trial_id=str(record.get("trial_id") or trial_dir.name), source=str(trial_dir), from_trial=True,
        final_reply=final.read_text(encoding="utf-8") if final.is_file() else None, notes=notes,
    )


def load_predictions(path: Path) -> list[Trajectory]:
    """Predictions at PATH: a run directory (trials/), a trial directory, a JSON/JSONL file
    in the reference shape (system = its stem), or a folder of such files."""
    if path.is_file():
        tasks = _json_tasks(path)
        stem = path.stem if len(tasks) == 1 else ""
        trajs = [task_from_json(t, default_id=stem, source=str(path)) for t in tasks]
        for traj in trajs:
            traj.system = path.stem
        return trajs
    if not path.is_dir():
        raise M3InputError(f"{path}: no such file or folder")
    if (path / "trial.json").is_file():
        return [trajectory_from_trial(path)]
    trials = path / "trials"
    if trials.is_dir():
        return [trajectory_from_trial(d) for d in sorted(trials.iterdir()) if (d / "trial.json").is_file()]
    files = sorted(p for p in path.iterdir() if p.suffix in (".json", ".jsonl") and p.is_file())
    if not files:
        raise M3InputError(f"{path}: no trials/ folder, trial.json or JSON prediction files")
    return [traj for f in files for traj in load_predictions(f)]

