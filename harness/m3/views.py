"""Causal, parallel and grounding views of an alignment, and the M3 dimension scores.

Each view is a count pair (numerator, denominator) per task so aggregates are micro-averages;
`None` means the view does not apply to the task (nothing to measure).

The counts are made without listing call pairs: default dependencies (every call of the
previous step) and the pairs of a parallel group are counted by sorting and bisection, so a
step of n calls costs O(n log n) time and O(n) memory, not the n²/2 pairs (`ran_in_order`
and `overlapped` define them pair by pair; the tests check the counts against them)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
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


def overlapping_pairs(calls: list[Call]) -> int:
    """How many of the n(n-1)/2 pairs of CALLS `overlapped`, counted in O(n log n).

    Pairs with both spans known overlap when max(starts) < min(ends): an empty or reversed
    span overlaps nothing, and two proper spans a, b fail to overlap exactly when one starts
    at or after the other's end (never both), so overlaps = C(n, 2) − Σ_a #{b: start_b ≥ end_a}.
    Pairs with a span missing on either side overlap when they share a predicted step."""
    timed = [c for c in calls if None not in (c.started, c.ended)]
    proper = [(c.started, c.ended) for c in timed if c.started < c.ended]  # type: ignore[operator]
    starts = sorted(start for start, _ in proper)
    n = len(proper)
    apart = sum(n - bisect_left(starts, end) for _, end in proper)
    by_step, timed_by_step = Counter(c.step for c in calls), Counter(c.step for c in timed)
    same_step = sum(k * (k - 1) // 2 - timed_by_step[s] * (timed_by_step[s] - 1) // 2 for s, k in by_step.items())
    return n * (n - 1) // 2 - apart + same_step


def group_parallelism(members: list[int], matched: dict[int, int], pred: list[Call]) -> float:
    """Share of a group's matched pairs whose predicted calls overlapped (0 if < 2 matched)."""
    hits = [pred[matched[i]] for i in members if i in matched]
    pairs = len(hits) * (len(hits) - 1) // 2
    return overlapping_pairs(hits) / pairs if pairs else 0.0


class _Predecessors:
    """The matched predicted calls of one reference step, indexed to count in O(log n) how
    many of them a later call `ran_in_order` after."""

    def __init__(self, calls: list[Call]) -> None:
        self.n = len(calls)
        self.ends = sorted(c.ended for c in calls if c.ended is not None)
        self.steps_no_end = sorted(c.step for c in calls if c.ended is None)
        self.steps = sorted(c.step for c in calls)

    def before(self, b: Call) -> int:
        if b.started is None:  # b's step decides for every predecessor
            return bisect_left(self.steps, b.step)
        return bisect_right(self.ends, b.started) + bisect_left(self.steps_no_end, b.step)


def dependency_counts(ref: Trajectory, pred_calls: list[Call], matched: dict[int, int]) -> tuple[int, int, int]:
    """(dependencies, both ends matched, both matched and ran in order) over the edges of
    `reference_dependencies`, without listing the default edges."""
    calls = ref.calls()
    by_id = {c.id: i for i, c in enumerate(calls)}
    deps = both = respected = 0
    previous: list[int] = []
    index = _Predecessors([])
    start = 0
    for step in ref.steps:
        for c, call in enumerate(step):
            b = start + c
            mb = matched.get(b)
            if call.depends_on is None:
                deps += len(previous)
                if mb is not None:
                    both += index.n
                    respected += index.before(pred_calls[mb])
                continue
            for dep in call.depends_on:
                a = by_id.get(dep)
                if a is None or a == b:
                    continue
                deps += 1
                if mb is not None and a in matched:
                    both += 1
                    respected += ran_in_order(pred_calls[matched[a]], pred_calls[mb])
        if step:
            previous = list(range(start, start + len(step)))
            index = _Predecessors([pred_calls[matched[a]] for a in previous if a in matched])
        start += len(step)
    return deps, both, respected


def compute_views(ref: Trajectory, pred: Trajectory, matches: list[Match], tau_strong: float) -> Views:
    ref_calls, pred_calls = ref.calls(), pred.calls()
    matched = {m.ref: m.pred for m in matches}
    deps, both, respected = dependency_counts(ref, pred_calls, matched)
    groups, parallel_sum, start = 0, 0.0, 0
    for step in ref.steps:
        if len(step) >= 2:
            groups += 1
            parallel_sum += group_parallelism(list(range(start, start + len(step))), matched, pred_calls)
        start += len(step)
    strong = {m.ref for m in matches if m.sim >= tau_strong}
    image = [i for i, c in enumerate(ref_calls) if c.uses_image or mentions_image(c.arguments)]
    return Views(deps, both, respected, groups, parallel_sum, len(image), sum(i in strong for i in image))


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
