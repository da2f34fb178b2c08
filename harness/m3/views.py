"""Causal, parallel and grounding views of an alignment, and the M3 dimension scores.

Each view is a count pair (numerator, denominator) per task so aggregates are micro-averages;
`None` means the view does not apply to the task (nothing to measure)."""

from __future__ import annotations

from dataclasses import dataclass

from harness.m3.matching import mentions_image
from harness.m3.model import Call, Match, Trajectory


def reference_dependencies(ref: Trajectory) -> tuple[list[tuple[int, int]], list[str]]:
    """Edges (a, b): call b needs call a's result (global call indices), and notes.

    A call's explicit `depends_on` (call ids) wins; otherwise it depends on every call of
    the nearest earlier non-empty step."""
    calls = ref.calls()
    by_id = {c.id: i for i, c in enumerate(calls)}
    offsets, start = [], 0
    for step in ref.steps:
        offsets.append(start)
        start += len(step)
    edges: list[tuple[int, int]] = []
    notes: list[str] = []
    previous: list[int] = []
    for s, step in enumerate(ref.steps):
        for c, call in enumerate(step):
            b = offsets[s] + c
            if call.depends_on is None:
                edges.extend((a, b) for a in previous)
                continue
            for dep in call.depends_on:
                if dep in by_id and by_id[dep] != b:
                    edges.append((by_id[dep], b))
                else:
                    notes.append(f"{call.id}: depends_on {dep!r} names no other call")
        if step:
            previous = [offsets[s] + c for c in range(len(step))]
    return edges, notes


def ran_in_order(a: Call, b: Call) -> bool:
    """b started after a ended: tool_result times when both have them, else a later step."""
    if a.ended is not None and b.started is not None:
        return b.started >= a.ended
    return b.step > a.step


def overlapped(a: Call, b: Call) -> bool:
    """The two calls' executed time spans overlapped; without times, same predicted step."""
    if None not in (a.started, a.ended, b.started, b.ended):
        return max(a.started, b.started) < min(a.ended, b.ended)  # type: ignore[type-var]
    return a.step == b.step


@dataclass(frozen=True)
class Views:
    deps: int  # reference dependencies
    deps_matched: int  # both ends matched
    deps_respected: int  # both matched and run in order
    groups: int  # reference parallel groups (steps with ≥ 2 calls)
    parallel_sum: float  # Σ over groups of the share of matched pairs that overlapped
    image_calls: int  # image-dependent reference calls
    image_strong: int  # ... matched with strong similarity

    @property
    def causal_respect(self) -> float | None:
        """Share of reference dependencies whose matched calls ran in order (unmatched: not respected)."""
        return self.deps_respected / self.deps if self.deps else None

    @property
    def valid_order(self) -> float | None:
        """1 if every matched dependency is respected; 0 if one is not or none is matched."""
        if not self.deps:
            return None
        return 1.0 if self.deps_matched and self.deps_respected == self.deps_matched else 0.0

    @property
    def parallelism(self) -> float | None:
        """Mean over parallel groups of the share of matched pairs that overlapped."""
        return self.parallel_sum / self.groups if self.groups else None

    @property
    def grounding(self) -> float | None:
        """Share of image-dependent reference calls matched with strong similarity."""
        return self.image_strong / self.image_calls if self.image_calls else None


def group_parallelism(members: list[int], matched: dict[int, int], pred: list[Call]) -> float:
    """Share of a group's matched pairs whose predicted calls overlapped (0 if < 2 matched)."""
    hits = [matched[i] for i in members if i in matched]
    pairs = [(x, y) for k, x in enumerate(hits) for y in hits[k + 1:]]
    return sum(overlapped(pred[x], pred[y]) for x, y in pairs) / len(pairs) if pairs else 0.0


def compute_views(ref: Trajectory, pred: Trajectory, matches: list[Match], tau_strong: float) -> Views:
    ref_calls, pred_calls = ref.calls(), pred.calls()
    matched = {m.ref: m.pred for m in matches}
    edges, _ = reference_dependencies(ref)
    both = [(a, b) for a, b in edges if a in matched and b in matched]
    respected = sum(ran_in_order(pred_calls[matched[a]], pred_calls[matched[b]]) for a, b in both)
    groups, parallel_sum, start = 0, 0.0, 0
    for step in ref.steps:
        if len(step) >= 2:
            groups += 1
            parallel_sum += group_parallelism(list(range(start, start + len(step))), matched, pred_calls)
        start += len(step)
    strong = {m.ref for m in matches if m.sim >= tau_strong}
    image = [i for i, c in enumerate(ref_calls) if c.uses_image or mentions_image(c.arguments)]
    return Views(len(edges), len(both), respected, groups, parallel_sum, len(image), sum(i in strong for i in image))


def missing_views(ref: Trajectory) -> Views:
    """The views of a task with no prediction: every denominator, no numerator."""
    return compute_views(ref, Trajectory(ref.task_id, []), [], 1.0)


@dataclass(frozen=True)
class Dimensions:
    """grounding = grounding rate; multi_hop = causal respect × order consistency;
    multi_threaded = parallelism recognition × step coherence; m3 = mean of these three and
    argument similarity, over those that apply (a task without image calls has no grounding,
    one without dependencies no multi-hop, one without a parallel group no multi-threading)."""

    grounding: float | None
    multi_hop: float | None
    multi_threaded: float | None
    argument_similarity: float

    @property
    def m3(self) -> float:
        parts = [v for v in (self.grounding, self.multi_hop, self.multi_threaded, self.argument_similarity) if v is not None]
        return sum(parts) / len(parts)


def dimensions(views: Views, order_consistency: float, step_coherence: float, argument_sim: float) -> Dimensions:
    causal, par = views.causal_respect, views.parallelism
    return Dimensions(
        grounding=views.grounding,
        multi_hop=None if causal is None else causal * order_consistency,
        multi_threaded=None if par is None else par * step_coherence,
        argument_similarity=argument_sim,
    )
