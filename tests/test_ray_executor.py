"""The Ray executor on a real three-node cluster on this machine (a coordinating head and two
sandbox nodes): a node lost mid-trial, results identical to the local executor, image checks."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pytest

from harness.sandbox.hardening import LABEL_OWNER_PID, LABEL_RUN, LABEL_TRIAL
from harness.sandbox.prune import prune_containers

from tests.ray_support import add_worker, local_cluster, node_of_pid

pytestmark = pytest.mark.docker
DATA = Path(__file__).parent / "data"
TASK = DATA / "tasks" / "sales_summary"


def _mka(*args: str) -> list[str]:
    return [sys.executable, "-m", "harness.cli.main", *args]


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(workers=2, slots=1) as running:
        yield running


def _trial_json(out: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in (out / "trials").glob("*/trial.json")}


SLOW_TRIAL = "sales_summary__script_slow__r1"


def _start_slow_trial(tmp_path: Path, cluster, docker_client, run: str, sleep_s: int = 6,
                      env: dict[str, str] | None = None) -> tuple[subprocess.Popen, list]:
    """`mka run` of one script trial whose code_exec sleeps, on the cluster; returns once its
    sandbox container exists (the process and that container)."""
    script = tmp_path / "slow.yaml"
    script.write_text(f"turns:\n  - calls:\n      - {{tool: code_exec, args: {{cmd: \"echo begun; sleep {sleep_s}\"}}}}\n"
                      "  - calls:\n      - {tool: finish, args: {final_reply: done, deliverables: []}}\n")
    proc = subprocess.Popen(_mka("run", str(TASK), "--agent", f"script:{script}", "--executor", "ray",
                                 "--ray-address", cluster.address, "--out", str(tmp_path / run)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **env} if env else None)
    deadline = time.monotonic() + 120
    boxes: list = []
    while not boxes and time.monotonic() < deadline and proc.poll() is None:
        boxes = docker_client.containers.list(filters={"label": [f"{LABEL_RUN}={run}", f"{LABEL_TRIAL}={SLOW_TRIAL}"]})
        time.sleep(0.2)
    if not boxes:
        proc.kill()
    assert boxes, f"the trial's sandbox never started: {proc.stderr.read() if proc.poll() is not None else ''}"
    return proc, boxes


def test_a_node_lost_mid_trial_reruns_it_elsewhere_once(tmp_path, cluster, docker_client, sandbox_image):
    out, trial = tmp_path / "lost", SLOW_TRIAL
    proc, boxes = _start_slow_trial(tmp_path, cluster, docker_client, "lost")
    try:
        time.sleep(1.5)  # inside code_exec's sleep now
        lost = node_of_pid(cluster, int(boxes[0].labels[LABEL_OWNER_PID]))
        cluster.remove_node(lost, allow_graceful=False)
        stdout, stderr = proc.communicate(timeout=180)
        # Its worker was killed with the node, no code of ours ran there: the lifeline took the
        # sandbox with it (no prune has run yet).
        lost_box_left = docker_client.containers.list(all=True, filters={"id": boxes[0].id})
    finally:
        if proc.poll() is None:
            proc.kill()
        prune_containers(docker_client, run_id="lost")
        cluster.add_node(num_cpus=1, resources={"mka_sandbox": 1}, node_ip_address="127.0.0.1")  # for the next tests
    assert proc.returncode == 0, stderr[-3000:]
    assert lost_box_left == []
    records = _trial_json(out)
    assert list(records) == [trial]  # exactly one complete trial directory
    record = records[trial]
    assert record["status"] == "finished"
    executor = record["config"]["executor"]
    assert executor["lost_nodes"] == [lost.node_id]
    assert executor["node_id"] != lost.node_id  # rerun on the other node
    events = [json.loads(line) for line in (out / "trials" / trial / "trajectory.jsonl").read_text().splitlines()]
    assert [e["type"] for e in events].count("start") == 1  # the partial attempt was discarded, not merged
    assert not list((out / ".incoming").iterdir())  # no staging left behind
    from harness.runner.ray_trial import _sweep_dead

    # The killed worker's node-local temp folder: a node sweeps dead workers' folders when its
    # next trial starts. The rerun's sweep may run while the killed worker is still exiting, so
    # wait for it to be gone, then sweep as the node's next trial would.
    def dead_folders() -> list[Path]:
        return [p for p in Path(tempfile.gettempdir()).glob("mka-ray-trial-*-*")
                if not psutil.pid_exists(int(p.name.split("-")[3]))]

    owners = [int(p.name.split("-")[3]) for p in Path(tempfile.gettempdir()).glob("mka-ray-trial-*-*")]
    psutil.wait_procs([psutil.Process(pid) for pid in owners if psutil.pid_exists(pid)], timeout=20)
    _sweep_dead()
    assert not dead_folders()
    assert f"{trial}\tfinished" in stdout


def test_local_and_ray_executors_give_identical_results(tmp_path, cluster, sandbox_image, autorater_image):
    suite = tmp_path / "suite"
    for name in ("sales_summary", "quarterly_pack"):
        shutil.copytree(DATA / "tasks" / name, suite / name)
    agents = ["--agent", "oracle", "--agent", f"script:{DATA / 'scripts' / 'sales_summary_rough.yaml'}"]
    grade = ["--rubrics", str(DATA / "rubrics"), "--tasks", str(suite)]
    where = {"local": [], "ray": ["--executor", "ray", "--ray-address", cluster.address]}
    scores: dict[str, dict[str, dict]] = {}
    statuses: dict[str, dict[str, str]] = {}
    for name, flags in where.items():
        out = tmp_path / name
        ran = subprocess.run(_mka("run", str(suite), *agents, "--out", str(out), *flags), capture_output=True, text=True,
                             timeout=600)
        assert ran.returncode == 0, ran.stderr[-3000:]
        graded = subprocess.run(_mka("grade", str(out), *grade, *flags), capture_output=True, text=True, timeout=600)
        assert graded.returncode == 0, graded.stderr[-3000:]
        scores[name] = {p.parent.parent.name: json.loads(p.read_text()) for p in out.glob("trials/*/grade/score.json")}
        statuses[name] = {trial: r["status"] for trial, r in _trial_json(out).items()}
    assert len(scores["local"]) == 4 and statuses["ray"] == statuses["local"]
    assert scores["ray"] == scores["local"]  # same trial ids, same verdict counts, same WSRs
    planned = [json.loads((tmp_path / n / "run.json").read_text())["planned"] for n in where]
    assert planned[0] == planned[1]
    ray_run = json.loads((tmp_path / "ray" / "run.json").read_text())
    assert str(ray_run["config"]["cpus_per_sandbox"]).startswith("per node")  # not the head's share
    shares = {r["config"]["executor"]["cpus_per_sandbox"] for r in _trial_json(tmp_path / "ray").values()}
    assert shares and all(isinstance(x, float) and x > 0 for x in shares)


def test_cluster_prepare_verifies_every_node_and_a_run_refuses_an_unready_one(tmp_path, cluster, sandbox_image,
                                                                              autorater_image):
    ready = subprocess.run(_mka("cluster", "prepare", "--ray-address", cluster.address), capture_output=True, text=True,
                           timeout=300)
    assert ready.returncode == 0, ready.stderr[-3000:]
    assert ready.stdout.count("\tready\t") == 2
    # A node whose Docker engine does not answer is refused by name before any trial starts.
    broken = add_worker(cluster, 1, env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"})
    try:
        out = tmp_path / "refused"
        run = subprocess.run(_mka("run", str(TASK), "--agent", "oracle", "--executor", "ray", "--ray-address",
                                  cluster.address, "--out", str(out)), capture_output=True, text=True, timeout=300)
        assert run.returncode == 1
        assert "nodes are not ready" in run.stderr and broken.node_id[:8] in run.stderr
        assert "Docker engine unreachable" in run.stderr
        assert not (out / "trials").exists()
    finally:
        cluster.remove_node(broken)


def test_prepare_ships_an_image_by_docker_save_and_load_keeping_its_id(tmp_path, cluster, docker_client):
    from harness.runner.ray_cluster import RayCluster
    from harness.runner.ray_images import NodeImages, ship, survey

    (tmp_path / "payload.txt").write_text(f"made by {tmp_path.name}\n")
    (tmp_path / "Dockerfile").write_text("FROM scratch\nCOPY payload.txt /payload.txt\n")
    tag = f"mka-test-ship:{tmp_path.name[-12:].lower().replace('_', '-')}"
    image, _ = docker_client.images.build(path=str(tmp_path), tag=tag, rm=True)
    connected = RayCluster(cluster.address, local_slots=1)
    try:
        said: list[str] = []
        node = connected.nodes()[0]
        ship(connected, node, [tag], said.append)  # one engine here: the load replaces it in place
        assert "sent" in said[0] and "docker load" in said[0]
        report = next(r for r in survey(connected, {tag}) if r.node == node)
        assert report.ids[tag] == image.id  # save/load keeps the id: that is what "ready" compares
        assert report.problems({tag: image.id}) == {}
        stale = report.problems({tag: "sha256:" + "0" * 64})
        assert stale[tag].startswith("stale")
        assert NodeImages(node, {tag: None}, 0).problems({tag: image.id}) == {tag: "missing"}
    finally:
        connected.close()
        docker_client.images.remove(tag, force=True)


def test_a_killed_head_resumes_like_a_local_run(tmp_path, cluster, docker_client, sandbox_image):
    out = tmp_path / "head"
    args = _mka("run", str(TASK), "--agent", "oracle", "--repeats", "4", "--executor", "ray",
                "--ray-address", cluster.address, "--out", str(out))
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    while len(_trial_json(out)) < 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = {p.parent.name: p.read_text() for p in (out / "trials").glob("*/trial.json")}
    planned = json.loads((out / "run.json").read_text())["planned"]
    assert 1 <= len(before) < 4
    again = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr[-3000:]
    after = {p.parent.name: p.read_text() for p in (out / "trials").glob("*/trial.json")}
    assert sorted(after) == [f"sales_summary__oracle__r{i}" for i in range(1, 5)]
    assert all(after[name] == text for name, text in before.items())  # finished trials kept, not rerun
    assert all(json.loads(text)["status"] == "finished" for text in after.values())
    assert json.loads((out / "run.json").read_text())["planned"] == planned
    assert f"{len(before)} trial(s) already finished" in again.stderr


def test_provider_limits_and_the_budget_hold_across_the_cluster(tmp_path, cluster, sandbox_image):
    """Two nodes could run two trials' model calls at once; --provider-concurrency 1 lets one
    call be in flight cluster-wide. The head decides each launch against --max-cost: once two
    trials spent $4 of $3, no node gets another."""
    import threading

    from tests.fakes.llm_server import FakeLLMServer, FakeTurn

    lock, inflight, peak = threading.Lock(), [0], [0]

    def slow(body: dict, fmt: str) -> FakeTurn:
        with lock:
            inflight[0] += 1
            peak[0] = max(peak[0], inflight[0])
        time.sleep(1.5)
        with lock:
            inflight[0] -= 1
        return FakeTurn(tool_calls=[("finish", '{"final_reply": "done", "deliverables": []}')], input_tokens=1_000_000)

    with FakeLLMServer() as server:
        server.default = slow
        models = tmp_path / "models.yaml"
        models.write_text(f"models:\n  openai:fake:\n    base_url: {server.base_url}/v1\n    context_window: 100000\n"
                          "    prices: {input: 2.0, cached_input: 0.5, output: 8.0}\n")
        out = tmp_path / "budget"
        result = subprocess.run(
            _mka("run", str(TASK), "--model", "openai:fake", "--models-file", str(models), "--repeats", "4",
                 "--provider-concurrency", "1", "--max-cost", "3", "--executor", "ray", "--ray-address", cluster.address,
                 "--out", str(out)),
            capture_output=True, text=True, timeout=300, env={**os.environ, "OPENAI_API_KEY": "test-key"})
    assert result.returncode == 0, result.stderr[-3000:]
    assert peak[0] == 1 and len(server.requests) == 2  # serialised across both nodes
    assert "would pass --max-cost $3.00; no new trials launched" in result.stderr
    records = _trial_json(out)
    assert len(records) == 2 and {r["config"]["executor"]["node_id"] for r in records.values()} == {
        n.node_id for n in cluster.worker_nodes}  # one on each node, yet never two calls at once
    assert all(r["cost_usd"] == pytest.approx(2.0 + 20 * 8.0 / 1e6) for r in records.values())


def test_a_judge_key_reaches_gradings_on_nodes_started_without_it(tmp_path, cluster, sandbox_image, autorater_image):
    """The nodes were started before the key existed anywhere: the head's `mka grade` must hand
    its judge key to each grading, or every judged criterion becomes an error on the node."""
    from tests.fakes.llm_server import FakeLLMServer, FakeTurn

    key_env, key = "MKA_TEST_RAY_JUDGE_KEY", "ray-judge-secret"
    assert key_env not in os.environ  # so the nodes cannot have it
    suite = tmp_path / "suite"
    shutil.copytree(DATA / "tasks" / "quarterly_pack", suite / "quarterly_pack")
    out = tmp_path / "run"
    ran = subprocess.run(_mka("run", str(suite), "--agent", "oracle", "--out", str(out)), capture_output=True,
                         text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-3000:]
    verdicts = [{"criterion_id": cid, "verdict": "pass", "rationale": "Looked at it.", "cited_files": [name]}
                for cid, name in (("png_legible", "chart.png"), ("deck_readable", "deck.pptx"))]
    with FakeLLMServer() as server:
        server.add(FakeTurn(tool_calls=[("submit_verdicts", json.dumps({"verdicts": verdicts}))]))
        models = tmp_path / "models.yaml"
        models.write_text(json.dumps({"models": {"openai:fake-judge": {
            "base_url": server.base_url + "/v1", "api_key_env": key_env, "context_window": 100000,
            "prices": {"input": 1, "cached_input": 0.1, "output": 2}}}}))
        graded = subprocess.run(
            _mka("grade", str(out), "--rubrics", str(DATA / "rubrics"), "--tasks", str(suite), "--judge",
                 "openai:fake-judge", "--models-file", str(models), "--executor", "ray", "--ray-address", cluster.address),
            capture_output=True, text=True, timeout=600, env={**os.environ, key_env: key})
        auth = [r.headers.get("authorization") for r in server.requests]
    assert graded.returncode == 0, graded.stderr[-3000:]
    decided = json.loads((out / "trials" / "quarterly_pack__oracle__r1" / "grade" / "verdicts.json").read_text())
    assert auth and set(auth) == {f"Bearer {key}"}
    by_id = {v["criterion_id"]: v for v in decided["verdicts"]}
    assert by_id["png_legible"]["verdict"] == "pass" and by_id["png_legible"]["decided_by"] == "llm:openai:fake-judge"


def test_with_every_sandbox_node_gone_a_queued_trial_ends_as_an_infra_failure(tmp_path, cluster, docker_client,
                                                                               sandbox_image):
    """Ray keeps a task no live node can take pending for ever: the run must end instead,
    with the trial recorded as the infrastructure's failure (retried by the next run)."""
    out, trial = tmp_path / "orphaned", SLOW_TRIAL
    workers = list(cluster.worker_nodes)
    proc, _ = _start_slow_trial(tmp_path, cluster, docker_client, "orphaned", env={"MKA_RAY_NO_NODE_GRACE_S": "4"})
    try:
        for node in workers:  # every sandbox node goes; only the coordinating head (no slots) is left
            cluster.remove_node(node, allow_graceful=False)
        stdout, stderr = proc.communicate(timeout=180)  # before the watch: waited here for ever
    finally:
        if proc.poll() is None:
            proc.kill()
        prune_containers(docker_client, run_id="orphaned")
        for _ in workers:  # for the next tests
            cluster.add_node(num_cpus=1, resources={"mka_sandbox": 1}, node_ip_address="127.0.0.1")
    record = _trial_json(out)[trial]
    assert record["status"] == "infra_error"
    assert "no node of the cluster has offered a sandbox slot" in record["error"] and "MKA_RAY_NO_NODE_GRACE_S" in record["error"]
    assert f"{trial}\tinfra_error" in stdout, stdout[-2000:] + stderr[-2000:]


def test_a_stopped_head_records_the_running_trial_as_interrupted_like_a_local_run(tmp_path, cluster, docker_client,
                                                                                   sandbox_image):
    out, trial = tmp_path / "stopped", SLOW_TRIAL
    proc, _ = _start_slow_trial(tmp_path, cluster, docker_client, "stopped", sleep_s=20)
    try:
        os.kill(proc.pid, signal.SIGTERM)
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, stderr[-3000:]
    record = _trial_json(out)[trial]
    assert record["status"] == "interrupted" and "stopped (signal)" in record["error"] and "on node" in record["error"]
    gone = time.monotonic() + 60  # the node closes the sandbox on cancellation
    while docker_client.containers.list(filters={"label": [f"{LABEL_RUN}=stopped"]}) and time.monotonic() < gone:
        time.sleep(0.5)
    left = docker_client.containers.list(filters={"label": [f"{LABEL_RUN}=stopped"]})
    owners = [(int(c.labels[LABEL_OWNER_PID]), psutil.pid_exists(int(c.labels[LABEL_OWNER_PID]))) for c in left]
    assert not left, f"left: owners {owners}; head stderr: {stderr[-2000:]}"
