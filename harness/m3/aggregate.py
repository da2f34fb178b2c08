"""Aggregate task scores into one system's overall metrics, view rates and M3 dimensions.

Recall and Precision are micro-averaged over calls; the other four reference metrics are
averaged over tasks weighted by G (the reference's `_cov` aggregation, same summation
order). View rates are micro-averages of their counts; dimension scores are G-weighted means
of the per-task dimension scores over the tasks where the dimension applies; the overall M3
score is the mean of the overall dimensions that apply.

`reference_aggregate` gives the same figures under the reference's own names (its
results_eval.json "aggregate": avg_sim_all_cov, avg_sim_strong_cov, …, avg_Rounds,
avg_tool_calls), so `--compat reference` output covers the whole of that file's aggregate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.m3.metrics import safe_div

if TYPE_CHECKING:
    from harness.m3.scorer import TaskScore

METRIC_KEYS = ("recall", "precision", "argument_similarity", "strong_similarity", "step_coherence",
               "order_consistency", "merge_purity")
WEIGHTED_KEYS = METRIC_KEYS[2:]
DIMENSION_KEYS = ("grounding", "multi_hop", "multi_threaded", "argument_similarity")


@dataclass
class SystemReport:
    system: str
    tasks: list[TaskScore]
    missing: list[str]  # reference tasks with no prediction
    unknown: list[str]  # predicted task ids with no reference
    counted_missing: bool  # missing tasks scored 0 (default) or dropped (--compat reference)
    overall: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    rates: dict[str, float | None] = field(default_factory=dict)
    dimensions: dict[str, float | None] = field(default_factory=dict)


def weighted_metric(tasks: list[TaskScore], key: str, total_g: int) -> float:
    """Σ_t metric_t · G_t / Σ_t G_t."""
    return safe_div(sum(getattr(t.metrics, key) * t.metrics.g for t in tasks), total_g)


def overall_metrics(tasks: list[TaskScore]) -> tuple[dict[str, float], dict[str, int]]:
    total_g = sum(t.metrics.g for t in tasks)
    total_p = sum(t.metrics.p for t in tasks)
    matched = sum(t.metrics.matched for t in tasks)
    used_pred = sum(len({m.pred for m in t.matches}) for t in tasks)
    out = {"recall": safe_div(matched, total_g), "precision": safe_div(used_pred, total_p)}
    out.update({key: weighted_metric(tasks, key, total_g) for key in WEIGHTED_KEYS})
    counts = {"tasks": len(tasks), "reference_calls": total_g, "predicted_calls": total_p, "matched": matched,
              "strong": sum(t.metrics.strong for t in tasks), "rounds": sum(t.metrics.rounds for t in tasks)}
    return out, counts


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def view_rates(tasks: list[TaskScore]) -> dict[str, float | None]:
    """causal_respect, valid_execution_order, parallelism_recognition, grounding_rate."""
    v = [t.views for t in tasks]
    valid = [x.valid_order for x in v if x.valid_order is not None]
    return {
        "causal_respect": _ratio(sum(x.deps_respected for x in v), sum(x.deps for x in v)),
        "valid_execution_order": _ratio(sum(valid), len(valid)),
        "parallelism_recognition": _ratio(sum(x.parallel_sum for x in v), sum(x.groups for x in v)),
        "grounding_rate": _ratio(sum(x.image_strong for x in v), sum(x.image_calls for x in v)),
    }


def dimension_scores(tasks: list[TaskScore], argument_similarity: float) -> dict[str, float | None]:
    """G-weighted means of per-task dimension scores where they apply, and the M3 score."""
    out: dict[str, float | None] = {}
    for key in DIMENSION_KEYS[:3]:
        applicable = [(getattr(t.dims, key), t.metrics.g) for t in tasks if getattr(t.dims, key) is not None]
        out[key] = _ratio(sum(v * g for v, g in applicable), sum(g for _, g in applicable))
    out["argument_similarity"] = argument_similarity
    parts = [out[k] for k in DIMENSION_KEYS if out[k] is not None]
    out["m3"] = sum(parts) / len(parts) if parts else None  # type: ignore[arg-type]
    return out


def aggregate_system(system: str, tasks: list[TaskScore], missing: list[str], unknown: list[str],
                     counted_missing: bool) -> SystemReport:
    overall, counts = overall_metrics(tasks)
    return SystemReport(system, tasks, missing, unknown, counted_missing, overall, counts,
                        view_rates(tasks), dimension_scores(tasks, overall["argument_similarity"]))


REFERENCE_NAMES = {"recall": "recall", "precision": "precision", "argument_similarity": "avg_sim_all_cov",
                   "strong_similarity": "avg_sim_strong_cov", "step_coherence": "step_coherence_cov",
                   "order_consistency": "order_consistency_cov", "merge_purity": "merge_purity_cov"}


def reference_aggregate(r: SystemReport) -> dict[str, Any]:
    """The reference scorer's aggregate block, key for key (a task without prediction
    counted as 0 in default mode counts here as an empty prediction)."""
    c, n = r.counts, r.counts["tasks"]
    out: dict[str, Any] = {"num_ids": n, "total_gt_calls": c["reference_calls"], "total_pred_calls": c["predicted_calls"],
                           "matched": c["matched"]}
    out.update({name: r.overall[key] for key, name in REFERENCE_NAMES.items()})
    out["avg_Rounds"] = safe_div(float(c["rounds"]), float(n))
    out["avg_tool_calls"] = safe_div(float(c["predicted_calls"]), float(n))
    return out


def task_row(t: TaskScore) -> dict[str, Any]:
    """One task's scores as plain JSON."""
    m, d, v = t.metrics, t.dims, t.views
    return {
        "task": t.task_id, "trial": t.trial_id, "missing": t.missing,
        "G": m.g, "P": m.p, "matched": m.matched, "strong": m.strong, "rounds": m.rounds,
        **{key: getattr(m, key) for key in METRIC_KEYS},
        "causal_respect": v.causal_respect, "valid_execution_order": v.valid_order,
        "parallelism_recognition": v.parallelism, "grounding_rate": v.grounding,
        "dimensions": {"grounding": d.grounding, "multi_hop": d.multi_hop,
                       "multi_threaded": d.multi_threaded, "m3": d.m3},
        "notes": t.notes,
    }


def system_json(r: SystemReport) -> dict[str, Any]:
    return {
        "system": r.system, "overall": r.overall, "reference_aggregate": reference_aggregate(r),
        "counts": r.counts, "views": r.rates,
        "dimensions": r.dimensions, "missing": r.missing, "missing_counted_as_zero": r.counted_missing,
        "unknown_predictions": r.unknown, "tasks": [task_row(t) for t in r.tasks],
    }
