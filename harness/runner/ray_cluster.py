"""Reach a Ray cluster: join one by address, or start a local runtime; say which nodes take sandboxes.

A node takes trials only if it advertises the custom resource `mka_sandbox` (how many
sandboxes its own Docker engine runs at once: `ray start --resources '{"mka_sandbox": N}'`);
a head that only coordinates advertises none. Ray is imported here, lazily, and only for
`--executor ray`: the local executor never loads it."""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
from dataclasses import dataclass
from typing import Any

from harness.runner.executors import ExecutorError

SANDBOX_RESOURCE = "mka_sandbox"
# Ray rewrites a loopback address to the host's routable one (so other machines could reach
# it) unless it is told the cluster is single-host. A loopback address, or a local runtime,
# means exactly that: every Ray process then talks over 127.0.0.1 only.
SINGLE_HOST_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


class ClusterError(ExecutorError):
    """The cluster cannot run this work (unreachable, no sandbox slots, a stale node)."""


def import_ray(address: str | None) -> Any:
    """`import ray`, first keeping a loopback address (or a local runtime) on 127.0.0.1."""
    if address is None or is_loopback(address):
        os.environ.setdefault(SINGLE_HOST_ENV, "0")
    try:
        import ray  # noqa: PLC0415 - heavy, and only for the Ray executor
    except ImportError:
        raise ClusterError("the Ray executor needs Ray on this machine: pip install 'mka-harness[ray]'"
                           " (ray==2.60.0, the same version on every node)") from None
    return ray


def is_loopback(address: str) -> bool:
    host = address.removeprefix("ray://").rsplit(":", 1)[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _reachable(address: str, timeout_s: float = 5.0) -> None:
    """Fail in seconds when nothing listens at the address: ray.init would retry for minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s):
            return
    except (OSError, ValueError) as exc:
        raise ClusterError(f"no Ray cluster answers at {address} ({exc}); start one with `ray start --head`"
                           " or leave out --ray-address for a local runtime") from None


@dataclass(frozen=True)
class ClusterNode:
    node_id: str
    ip: str
    slots: int  # mka_sandbox
    cpus: float
    memory: float  # bytes, Ray's logical memory resource

    @property
    def name(self) -> str:
        return f"{self.ip}/{self.node_id[:8]}"


class RayCluster:
    """One connection per command: `ray.init` on entry, `ray.shutdown` on close (which also
    stops a local runtime this process started; a joined cluster keeps running)."""

    def __init__(self, address: str | None, local_slots: int) -> None:
        self.address = address
        self.ray = ray = import_ray(address)
        common: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False,
                                  "configure_logging": True, "include_dashboard": False}
        if address:
            _reachable(address)
        try:
            if address:
                common.pop("include_dashboard")
                ray.init(address=address, **common)
            else:
                # A local runtime: this machine is the one node; it takes `--concurrency` sandboxes.
                ray.init(address="local", num_cpus=max(os.cpu_count() or 1, local_slots),
                         resources={SANDBOX_RESOURCE: local_slots}, _node_ip_address="127.0.0.1", **common)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Ray cluster at {address or 'a local runtime'}: {exc}") from None
        self.head_node_id: str = ray.get_runtime_context().get_node_id()

    def nodes(self) -> list[ClusterNode]:
        """Alive nodes that take sandboxes."""
        out = []
        for node in self.ray.nodes():
            resources = node.get("Resources", {})
            if node.get("Alive") and resources.get(SANDBOX_RESOURCE, 0) >= 1:
                out.append(ClusterNode(node["NodeID"], node.get("NodeManagerAddress", "?"),
                                       int(resources[SANDBOX_RESOURCE]), resources.get("CPU", 0.0),
                                       resources.get("memory", 0.0)))
        if not out:
            raise ClusterError(f"no node of the Ray cluster offers the {SANDBOX_RESOURCE!r} resource: start workers with"
                               f" ray start --address ADDR --resources '{{\"{SANDBOX_RESOURCE}\": N}}'")
        return out

    def slots(self) -> int:
        return sum(node.slots for node in self.nodes())

    def pinned(self, node_id: str) -> Any:
        """A scheduling strategy that runs a task on exactly this node (or fails if it is gone)."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy  # noqa: PLC0415

        return NodeAffinitySchedulingStrategy(node_id, soft=False)

    def close(self) -> None:
        self.ray.shutdown()


def this_node() -> dict[str, str]:
    """Where a task runs (called on a worker): recorded in trial.json so a result names its node."""
    import ray  # noqa: PLC0415

    context = ray.get_runtime_context()
    return {"node_id": context.get_node_id(), "node_ip": ray.util.get_node_ip_address(), "hostname": socket.gethostname()}
