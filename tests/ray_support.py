"""A real multi-node Ray cluster on this machine for the Ray executor's tests.

`ray.cluster_utils.Cluster` starts a head (which takes no sandboxes: it only coordinates, and
hosts the provider-gates actor) and worker nodes, each its own raylet with its own
`mka_sandbox` slots, all on 127.0.0.1. A node is removed by killing its processes, which is
how a machine lost mid-trial looks to Ray. Everything is shut down through Ray's own API."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psutil
import pytest

from harness.runner.ray_cluster import import_ray

from tests.conftest import IN_CI

# Quick node-death detection: a lost node is noticed in about 3 s instead of Ray's 30 s+.
FAST_FAILURE = {"health_check_period_ms": 1000, "health_check_failure_threshold": 3, "health_check_timeout_ms": 1000}


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: Ray tests must run, not skip)", pytrace=False)
    pytest.skip(reason)


@contextmanager
def local_cluster(workers: int = 2, slots: int = 1) -> Iterator[Any]:
    """A head plus `workers` nodes of `slots` sandboxes each; yields the Cluster (`.address`)."""
    try:
        import_ray("127.0.0.1:0")
        from ray.cluster_utils import Cluster
    except ImportError as exc:
        _unavailable(f"Ray is not installed: {exc}")
    temp = tempfile.mkdtemp(prefix="mka-rt-", dir="/tmp")  # short: Ray's socket paths must fit 107 bytes
    # Ray's Cluster writes its address to <default temp>/ray/ray_current_cluster whatever temp_dir
    # says: point the default at our own folder, so a user's /tmp/ray (or its absence) plays no part.
    saved_tmpdir = os.environ.get("RAY_TMPDIR")
    os.environ["RAY_TMPDIR"] = temp
    os.makedirs(os.path.join(temp, "ray"), exist_ok=True)
    cluster = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "resources": {"mka_sandbox": 0}, "node_ip_address": "127.0.0.1", "include_dashboard": False,
        "temp_dir": temp, "_system_config": FAST_FAILURE})
    try:
        for _ in range(workers):
            add_worker(cluster, slots)
        yield cluster
    finally:
        cluster.shutdown()
        if saved_tmpdir is None:
            os.environ.pop("RAY_TMPDIR", None)
        else:
            os.environ["RAY_TMPDIR"] = saved_tmpdir
        shutil.rmtree(temp, ignore_errors=True)


def add_worker(cluster: Any, slots: int = 1, env: dict[str, str] | None = None) -> Any:
    """One more node; `env` is what its raylet (so its trials) sees, e.g. another DOCKER_HOST."""
    saved = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    try:
        return cluster.add_node(num_cpus=1, resources={"mka_sandbox": slots}, node_ip_address="127.0.0.1")
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def node_of_pid(cluster: Any, pid: int) -> Any:
    """The worker node whose raylet is an ancestor of `pid` (the Ray worker that made a sandbox)."""
    ancestors = {p.pid for p in psutil.Process(pid).parents()}
    for node in cluster.worker_nodes:
        if node.all_processes["raylet"][0].process.pid in ancestors:
            return node
    raise AssertionError(f"pid {pid} belongs to no worker node")
