"""Score predictions against references: pair them up, embed, match, measure, aggregate.

One report per *system* (trial.json `model`, or a prediction file's stem); several trials of
one task in a system (repeats) are each scored. Tasks are visited in sorted id order."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from harness.m3.aggregate import SystemReport, aggregate_system
from harness.m3.embed import EmbeddingCache, reference_schedule
from harness.m3.store import EmbeddingStore
from harness.m3.encoders import Encoder
from harness.m3.matching import BucketSims, bucketed_match, call_text, cosine_matrix, normalise_arguments
from harness.m3.metrics import ReferenceMetrics, reference_metrics
from harness.m3.model import Match, Thresholds, Trajectory
from harness.m3.views import Dimensions, Views, compute_views, dimensions, missing_views


@dataclass(frozen=True)
class ScoreOptions:
    thresholds: Thresholds = Thresholds()
    compat: bool = False  # --compat reference: the reference scorer bit for bit
    batch_size: int = 256  # encoder batch in default mode (compat uses the reference's 64)
    # Default mode: the on-disk embedding cache (harness.m3.store) to read and fill; None: none.
    # Only encoders with a cache_id use it; compat never does (it replays a fresh reference run).
    cache_path: Path | None = None
    # Harness bookkeeping tools dropped from trial predictions unless the reference calls them:
    # finish ends a trial, and view_image is how our agents see the image the reference
    # benchmark puts in the prompt, so neither is an extra action.
    ignore_tools: frozenset[str] = frozenset({"finish", "view_image"})


@dataclass
class TaskScore:
    task_id: str
    system: str
    trial_id: str
    missing: bool
    metrics: ReferenceMetrics
    views: Views
    dims: Dimensions
    ref: Trajectory
    pred: Trajectory | None
    matches: list[Match] = field(default_factory=list)
    sims: BucketSims | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class RunReport:
    systems: list[SystemReport]
    options: ScoreOptions
    encoder: str
    timings: dict[str, float] = field(default_factory=dict)
    runtime: str = ""  # the encoder's runtime (onnx, torch, hash)
    notes: list[str] = field(default_factory=list)  # e.g. a bypassed embedding cache


def drop_ignored(pred: Trajectory, ref: Trajectory, ignore: frozenset[str]) -> Trajectory:
    """A trial prediction without harness tools the reference never calls (e.g. finish);
    steps left empty disappear and positions are renumbered."""
    drop = ignore - {c.name for c in ref.calls()}
    if not pred.from_trial or not drop:
        return pred
    kept = [[c for c in step if c.name not in drop] for step in pred.steps]
    steps = [[replace(c, step=s, index=i) for i, c in enumerate(step)] for s, step in enumerate(s for s in kept if s)]
    return replace(pred, steps=steps)


def texts(traj: Trajectory, normalise: bool) -> list[str]:
    """The embedded text of each call (image paths normalised in default mode)."""
    return [call_text(normalise_arguments(c.arguments) if normalise else c.arguments) for c in traj.calls()]


Pairs = list[tuple[Trajectory, Trajectory]]


def pair_up(refs: list[Trajectory], preds: list[Trajectory], compat: bool) -> dict[str, tuple[Pairs, list[str], list[str]]]:
    """Per system: ([(ref, pred)] in sorted order, missing task ids, unknown prediction ids)."""
    ref_map = {r.task_id: r for r in refs if r.task_id}
    systems: dict[str, list[Trajectory]] = {}
    for p in preds:
        systems.setdefault(p.system, []).append(p)
    out: dict[str, tuple[Pairs, list[str], list[str]]] = {}
    for system, items in systems.items():
        if compat:  # the reference keeps the last prediction per id (trials stay one each)
            items = list({(p.task_id, p.trial_id if p.from_trial else ""): p for p in items}.values())
        pairs = sorted(((ref_map[p.task_id], p) for p in items if p.task_id in ref_map),
                       key=lambda rp: (rp[0].task_id, rp[1].trial_id))
        seen = {p.task_id for _, p in pairs}
        unknown = sorted({p.task_id for p in items if p.task_id not in ref_map})
        out[system] = (pairs, sorted(set(ref_map) - seen), unknown)
    return out


def score_pair(ref: Trajectory, pred: Trajectory, ref_embs: np.ndarray, pred_embs: np.ndarray,
               options: ScoreOptions) -> TaskScore:
    """Match one prediction to its reference and compute every metric and view (embeddings
    come normalised from the cache in default mode, raw from the reference schedule)."""
    tau = options.thresholds
    ref_calls, pred_calls = ref.calls(), pred.calls()
    if options.compat:  # the full G × P matrix, sliced per bucket, exactly as the reference does
        sims = BucketSims.from_matrix(ref_calls, pred_calls, cosine_matrix(ref_embs, pred_embs))
    else:
        sims = BucketSims.from_embeddings(ref_calls, pred_calls, ref_embs, pred_embs)
    matches = bucketed_match(ref_calls, pred_calls, sims, tau.weak) if ref_calls and pred_calls else []
    if not options.compat:  # a call whose tool answered with an error may match, never strongly
        below_strong = float(np.nextafter(tau.strong, 0.0))
        matches = [replace(m, sim=min(m.sim, below_strong)) if pred_calls[m.pred].failed else m for m in matches]
    metrics = reference_metrics(matches, [len(s) for s in ref.steps], len(pred.steps), len(pred_calls),
                                tau.strong, fix_single_step=not options.compat)
    views = compute_views(ref, pred, matches, tau.strong)
    dims = dimensions(views, metrics.order_consistency, metrics.step_coherence, metrics.argument_similarity)
    return TaskScore(ref.task_id, pred.system, pred.trial_id, False, metrics, views, dims, ref, pred,
                     matches, sims, list(ref.notes) + list(pred.notes))


def missing_score(ref: Trajectory, system: str) -> TaskScore:
    """A task with no prediction, counted as 0 (default mode)."""
    g = len(ref.calls())
    metrics = ReferenceMetrics(g, 0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
    views = missing_views(ref)
    dims = dimensions(views, 0.0, 0.0, 0.0)
    return TaskScore(ref.task_id, system, "", True, metrics, views, dims, ref, None, notes=["no prediction"])


def score_run(refs: list[Trajectory], preds: list[Trajectory], encoder: Encoder,
              options: ScoreOptions = ScoreOptions(), cache: EmbeddingCache | None = None) -> RunReport:
    """Score every system's predictions. In default mode embeddings come from one cache
    (pass a warm one to time the scoring alone); in compat mode from the reference schedule."""
    normalise = not options.compat
    grouped = pair_up(refs, preds, options.compat)
    prepared = {s: [(r, drop_ignored(p, r, options.ignore_tools)) for r, p in pairs]
                for s, (pairs, _, _) in grouped.items()}
    item_texts = {s: [(texts(r, normalise), texts(p, normalise)) for r, p in items] for s, items in prepared.items()}
    timings: dict[str, float] = {}
    notes: list[str] = []
    t0 = time.perf_counter()
    embeddings: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {}
    if options.compat:
        for system, pairs_texts in item_texts.items():
            embeddings[system] = reference_schedule(pairs_texts, encoder)
    else:
        if cache is None:
            store = EmbeddingStore(options.cache_path) if options.cache_path is not None else None
            if store is not None and store.problem:
                notes.append(store.problem)
            cache = EmbeddingCache(encoder, options.batch_size, store)
        before = cache.from_store
        timings["encoded_texts"] = cache.add(t for pair in item_texts.values() for rt, pt in pair for t in rt + pt)
        timings["cached_texts"] = cache.from_store - before
        timings["distinct_texts"] = len(cache)
        if cache.store is not None and cache.store.problem and cache.store.problem not in notes:
            notes.append(cache.store.problem)
        for system, pairs_texts in item_texts.items():
            embeddings[system] = [(cache.lookup(rt), cache.lookup(pt)) for rt, pt in pairs_texts]
    timings["encode_s"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    systems = []
    ref_map = {r.task_id: r for r in refs}
    for system, items in prepared.items():
        scores = [score_pair(r, p, re, pe, options) for (r, p), (re, pe) in zip(items, embeddings[system])]
        _, missing, unknown = grouped[system]
        if not options.compat:
            scores.extend(missing_score(ref_map[t], system) for t in missing)
            scores.sort(key=lambda s: (s.task_id, s.trial_id))
        systems.append(aggregate_system(system, scores, missing, unknown, counted_missing=not options.compat))
    timings["score_s"] = time.perf_counter() - t1
    timings["calls"] = float(sum(len(r.calls()) + len(p.calls()) for items in prepared.values() for r, p in items))
    return RunReport(sorted(systems, key=lambda s: s.system), options, encoder.name, timings,
                     getattr(encoder, "runtime", ""), notes)
