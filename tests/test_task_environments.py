"""Per-task environments: a task adds packages (here the reference MCP server from npm) and
runs in a derived image built offline; a stale or missing image is refused before any trial.

The end-to-end runs use a script agent through `mka run`, against the third-party server
both ways: stdio inside the sandbox (installed by the task's [environment]) and remote over
streamable HTTP (started on 127.0.0.1 by the test)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.recording.trajectory import read_trajectory
from harness.tasks import TaskError, load_task

from tests.cli_support import run_mka
from tests.conftest import remote_everything_task

TASK = Path(__file__).parent / "data" / "tasks" / "everything_stdio"

# What a user does with server-everything, and what goes wrong with it: a plain result, an image,
# arguments the schema refuses, a long job reporting progress, the server killed under the trial.
SCRIPT = """turns:
  - calls: [{tool: everything/echo, args: {message: hello from the script}}]
  - calls: [{tool: everything/get-sum, args: {a: 2, b: 40}}]
  - calls: [{tool: everything/get-tiny-image, args: {}}]
  - calls: [{tool: everything/get-sum, args: {a: two, b: 40}}]
  - calls: [{tool: everything/trigger-long-running-operation, args: {duration: 2, steps: 2}}]
%(kill)s  - calls: [{tool: finish, args: {final_reply: '2 + 40 = 42.', deliverables: []}}]
"""
KILL = """  - calls: [{tool: code_exec, args: {cmd: "pkill -f '[m]cp-server-everything stdio'; sleep 1; echo killed"}}]
  - calls: [{tool: everything/echo, args: {message: after the first kill}}]
  - calls: [{tool: code_exec, args: {cmd: "pkill -f '[m]cp-server-everything stdio'; sleep 1; echo killed"}}]
  - calls: [{tool: everything/echo, args: {message: after the second kill}}]
"""


@pytest.fixture(scope="module")
def env_image(sandbox_image) -> str:
    built = run_mka("image", "build", "sandbox", "--tasks", str(TASK), timeout=800)
    assert built.returncode == 0, built.stderr[-3000:]
    line = next(ln for ln in built.stdout.splitlines() if ln.startswith("task:everything_stdio\t"))
    return line.split("\t")[1]


def _results(trial: Path) -> list[dict]:
    return [e for e in read_trajectory(trial / "trajectory.jsonl") if e["type"] == "tool_result"]


def _check_common(trial: Path) -> list[dict]:
    """The part both transports share: results, the image in media/, refused args, progress."""
    assert json.loads((trial / "trial.json").read_text())["status"] == "finished"
    results = _results(trial)
    echo, total, tiny, bad, long = results[:5]
    assert echo["ok"] and "hello from the script" in echo["text"]
    assert total["ok"] and "42" in total["text"]
    assert tiny["ok"] and len(tiny["images"]) == 1 and tiny["text"].strip()
    assert list((trial / "media").glob(f"{tiny['images'][0]}.*")), "the image the server returned is kept in media/"
    assert not bad["ok"] and "a: 'two' is not of type 'number'" in bad["text"]  # the schema refused it, not the server
    assert long["ok"] and [p["progress"] for p in long["data"]["progress"]] == [1, 2]
    return results


def test_a_task_environment_installs_an_npm_mcp_server_that_runs_over_stdio(env_image, tmp_path):
    assert env_image.startswith("mka-task-everything-stdio:")
    script = tmp_path / "everything.yaml"
    script.write_text(SCRIPT % {"kill": KILL})
    out = tmp_path / "out"
    result = run_mka("run", str(TASK), "--agent", f"script:{script}", "--out", str(out), timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    trial = out / "trials" / "everything_stdio__script_everything__r1"
    results = _check_common(trial)
    first_kill, after_first, second_kill, after_second = results[5:9]
    assert first_kill["ok"] and "killed" in first_kill["text"]
    assert after_first["ok"] and "after the first kill" in after_first["text"] and "restarted" in after_first["text"]
    assert second_kill["ok"]
    assert not after_second["ok"] and "everything" in after_second["text"]  # one restart per trial, then a tool error
    assert env_image in json.loads((out / "run.json").read_text())["images"]


def test_a_remote_server_everything_runs_with_a_script_agent(everything_url, sandbox_image, tmp_path):
    task = remote_everything_task(tmp_path, everything_url, "everything_remote")
    assert load_task(task).spec.environment is None
    script = tmp_path / "remote.yaml"
    script.write_text(SCRIPT % {"kill": ""})
    out = tmp_path / "out"
    result = run_mka("run", str(task), "--agent", f"script:{script}", "--out", str(out), timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    _check_common(out / "trials" / "everything_remote__script_remote__r1")


def test_a_changed_environment_is_refused_until_rebuilt(env_image, tmp_path):
    task = tmp_path / "everything_stdio"
    shutil.copytree(TASK, task)
    toml = (task / "task.toml").read_text().replace('npm = [', 'debian = ["jq"]\nnpm = [')
    (task / "task.toml").write_text(toml)
    script = tmp_path / "s.yaml"
    script.write_text(SCRIPT % {"kill": ""})
    out = tmp_path / "out"
    result = run_mka("run", str(task), "--agent", f"script:{script}", "--out", str(out), timeout=300)
    assert result.returncode != 0
    assert "task everything_stdio: its environment image mka-task-everything-stdio:" in result.stderr
    assert f"mka image build --tasks {tmp_path}" in result.stderr
    assert not (out / "trials").exists()  # refused before any trial started


@pytest.mark.parametrize(("line", "message"), [
    ('pypi = ["mcp-server-git"]', "environment.pypi: each entry must pin an exact version"),
    ('npm = ["@modelcontextprotocol/server-everything@latest"]', "environment.npm: each entry must pin"),
    ('debian = ["Not A Package"]', "environment.debian: not Debian package names"),
    ('dockerfile = "env/Dockerfile"', "environment.dockerfile: file not found in the task folder"),
    ('pip = ["x==1"]', "environment.pip: unknown field"),
])
def test_a_bad_environment_is_named_with_its_file_and_field(tmp_path, line, message):
    task = tmp_path / "everything_stdio"
    shutil.copytree(TASK, task)
    toml = (task / "task.toml").read_text()
    toml = toml.replace('npm = ["@modelcontextprotocol/server-everything@2026.8.31"]', line)
    (task / "task.toml").write_text(toml)
    with pytest.raises(TaskError) as info:
        load_task(task)
    text = str(info.value)
    assert "task.toml: " in text and message in text, text
