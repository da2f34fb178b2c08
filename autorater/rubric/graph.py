"""The prerequisite graph: cycle detection and a stable topological order."""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from graphlib import CycleError, TopologicalSorter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autorater.rubric.model import Criterion, Rubric


def find_cycles(requires: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Every disjoint prerequisite cycle, each as [a, b, ..., a] where each id requires the next.

    `requires` maps an id to the ids it requires; ids missing from the mapping are ignored
    (unknown prerequisites are reported elsewhere). graphlib reports one cycle per call, so
    the cycle's members are removed and the search repeats: an author fixing a rubric gets
    every independent cycle in one go. Each cycle starts at its member listed first in
    `requires` so the message does not depend on graphlib's traversal order."""
    order = {node: i for i, node in enumerate(requires)}
    graph = {node: [p for p in deps if p in order] for node, deps in requires.items()}
    cycles: list[list[str]] = []
    while True:
        try:
            TopologicalSorter(graph).prepare()
            return cycles
        except CycleError as exc:
            # graphlib lists predecessor -> successor, i.e. prerequisite -> dependant;
            # reversed, each node requires the next, which reads like the YAML.
            found = list(reversed(exc.args[1][:-1]))
        start = min(range(len(found)), key=lambda i: order[found[i]])
        ring = found[start:] + found[:start]
        cycles.append([*ring, ring[0]])
        members = set(ring)
        graph = {n: [p for p in deps if p not in members] for n, deps in graph.items() if n not in members}


def format_cycle(cycle: Sequence[str]) -> str:
    return " -> ".join(cycle)


def topological_order(rubric: Rubric) -> list[Criterion]:
    """Criteria with every prerequisite before its dependants.

    Stable: among the criteria that are ready, the one listed first in the file comes
    first, so a rubric already written in dependency order comes back unchanged (a
    min-heap on file position, not graphlib's batch order)."""
    position = {c.id: i for i, c in enumerate(rubric.criteria)}
    waiting = {c.id: len(set(c.prerequisites)) for c in rubric.criteria}
    dependants: dict[str, list[str]] = {c.id: [] for c in rubric.criteria}
    for c in rubric.criteria:
        for p in set(c.prerequisites):
            dependants[p].append(c.id)
    ready = [position[i] for i, n in waiting.items() if n == 0]
    heapq.heapify(ready)
    out: list[Criterion] = []
    while ready:
        criterion = rubric.criteria[heapq.heappop(ready)]
        out.append(criterion)
        for d in dependants[criterion.id]:
            waiting[d] -= 1
            if waiting[d] == 0:
                heapq.heappush(ready, position[d])
    if len(out) != len(rubric.criteria):  # unreachable for a loaded rubric: the loader refuses cycles
        raise ValueError(f"rubric for {rubric.task!r} has a prerequisite cycle")
    return out
