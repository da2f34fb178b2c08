"""The same content-hashed images on every node: checked before a run, shipped by `mka cluster prepare`.

A tag names the content that built an image (harness.images.build), and `docker save` /
`docker load` keep an image's id, so "node ready" means: every tag the run needs is on the
node's engine with the id it has on the head. A node missing one, or holding a different
build under the tag (stale), is refused before any trial starts. `prepare` streams one
`docker save` of what a node lacks from the head's engine into a loader actor on that node,
in pieces (never a whole image in memory), then checks again."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import docker
import ray
from docker.errors import DockerException, ImageNotFound

from harness.runner.ray_cluster import ClusterError, ClusterNode, RayCluster

SAVE_CHUNK = 8 * 1024 * 1024


@dataclass(frozen=True)
class NodeImages:
    node: ClusterNode
    ids: dict[str, str | None]  # tag -> image id on the node's engine (None: missing)
    pruned: int  # containers of dead harness processes removed there
    engine_error: str | None = None  # the node's Docker engine did not answer

    def problems(self, wanted: dict[str, str]) -> dict[str, str]:
        if self.engine_error:
            return {"Docker engine": f"unreachable ({self.engine_error})"}
        out = {}
        for tag, want in wanted.items():
            have = self.ids.get(tag)
            if have is None:
                out[tag] = "missing"
            elif have != want:
                out[tag] = f"stale (id {have[7:19]}, the head has {want[7:19]})"
        return out


def head_ids(tags: set[str]) -> dict[str, str]:
    client = docker.from_env()
    try:
        return {tag: client.images.get(tag).id for tag in sorted(tags)}
    except ImageNotFound as exc:
        raise ClusterError(f"this machine (the head) lacks an image the nodes need ({exc.explanation}):"
                           " run `mka image build` here first") from None


@ray.remote(num_cpus=0, max_retries=0)
def _report(tags: list[str]) -> tuple[dict[str, str | None], int, str | None]:
    """On a node: the ids its engine has for `tags`, and a prune of dead-owner containers."""
    from harness.sandbox.prune import prune_containers  # noqa: PLC0415

    ids: dict[str, str | None] = {}
    try:
        client = docker.from_env(timeout=60)
        for tag in tags:
            try:
                ids[tag] = client.images.get(tag).id
            except ImageNotFound:
                ids[tag] = None
        return ids, len(prune_containers(client)), None
    except DockerException as exc:
        return ids, 0, str(exc)[:200]


def survey(cluster: RayCluster, tags: set[str]) -> list[NodeImages]:
    nodes = cluster.nodes()
    refs = [_report.options(scheduling_strategy=cluster.pinned(n.node_id)).remote(sorted(tags)) for n in nodes]
    return [NodeImages(node, *report) for node, report in zip(nodes, ray.get(refs, timeout=300))]


def check_nodes(cluster: RayCluster, tags: set[str]) -> list[NodeImages]:
    """Refuse (ClusterError) when a node lacks an image or holds a stale one."""
    wanted = head_ids(tags)
    reports = survey(cluster, tags)
    bad = [(r.node, r.problems(wanted)) for r in reports if r.problems(wanted)]
    if bad:
        lines = [f"node {node.name}: {tag} {why}" for node, problems in bad for tag, why in problems.items()]
        raise ClusterError("nodes are not ready:\n  " + "\n  ".join(lines)
                           + "\nrun `mka cluster prepare` (with the same --ray-address) first")
    return reports


@ray.remote(num_cpus=0, max_restarts=0)
class ImageLoader:
    """On a node: `docker load` fed piece by piece from the head (a bounded queue: backpressure)."""

    def __init__(self) -> None:
        self._pieces: queue.Queue[bytes | None] = queue.Queue(maxsize=4)
        self._result: list = []
        self._thread = threading.Thread(target=self._load, daemon=True)
        self._thread.start()

    def _load(self) -> None:
        try:
            client = docker.from_env(timeout=3600)
            self._result.append(list(client.api.load_image(self._stream(), quiet=True)))
        except Exception as exc:  # noqa: BLE001 - reported by finish()
            self._result.append(exc)
            while self._pieces.get() is not None:  # drain so feed() never blocks forever
                pass

    def _stream(self) -> Iterator[bytes]:
        while (piece := self._pieces.get()) is not None:
            yield piece

    def feed(self, piece: bytes) -> None:
        self._pieces.put(piece)

    def finish(self) -> str:
        self._pieces.put(None)
        self._thread.join()
        outcome = self._result[0] if self._result else RuntimeError("the loader stopped without a result")
        if isinstance(outcome, Exception):
            raise outcome
        return f"{len(outcome)} message(s) from docker load"


def ship(cluster: RayCluster, node: ClusterNode, tags: list[str], say: Callable[[str], None]) -> None:
    """`docker save` on the head's engine, streamed into `docker load` on the node's."""
    client = docker.APIClient(timeout=3600)
    response = client._get(client._url("/images/get"), params={"names": tags}, stream=True)  # noqa: SLF001
    client._raise_for_status(response)  # noqa: SLF001
    loader = ImageLoader.options(scheduling_strategy=cluster.pinned(node.node_id)).remote()
    sent = 0
    for piece in response.iter_content(SAVE_CHUNK):
        ray.get(loader.feed.remote(piece))
        sent += len(piece)
    say(f"node {node.name}: sent {sent / 2**20:.0f} MiB; {ray.get(loader.finish.remote())}")
    ray.kill(loader)


def prepare(cluster: RayCluster, tags: set[str], say: Callable[[str], None]) -> list[NodeImages]:
    """Make every node hold exactly the head's images for `tags`, then verify."""
    wanted = head_ids(tags)
    for report in survey(cluster, tags):
        problems = report.problems(wanted)
        if report.engine_error:
            continue  # nothing to load into: check_nodes below refuses it by name
        if not problems:
            say(f"node {report.node.name}: {len(tags)} image(s) present and current")
            continue
        for tag, why in problems.items():
            say(f"node {report.node.name}: {tag} {why}: loading it from the head")
        ship(cluster, report.node, sorted(problems), say)
    return check_nodes(cluster, tags)
