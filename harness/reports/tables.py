"""The numbers a report shows, as plain rows; rendering lives elsewhere."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import combinations
from statistics import mean

from autorater.scoring.aggregate import ScoreRow, paired_bootstrap, summarise, task_means

from harness.reports.collect import TrialRow

METRICS = ("climb_wsr", "wsr", "regression_wsr")


def _score_rows(rows: Iterable[TrialRow], metric: str) -> list[ScoreRow]:
    out = []
    for row in rows:
        value = row.metric(metric)
        if value is not None:
            out.append(ScoreRow(model=row.model, task=row.task, value=value, variant=row.variant, repeat=row.repeat))
    return out


def leaderboard(rows: list[TrialRow], *, resamples: int = 10_000) -> list[dict]:
    """Per model and variant: each metric's mean over tasks with a 95 % bootstrap CI, plus efficiency."""
    table: dict[tuple[str, str], dict] = {}
    for metric in METRICS:
        for s in summarise(_score_rows(rows, metric), n_resamples=resamples):
            entry = table.setdefault((s.model, s.variant), {"model": s.model, "variant": s.variant})
            entry[metric] = (s.mean, s.ci_low, s.ci_high)
            entry["tasks"] = max(entry.get("tasks", 0), s.n_tasks)
    for (model, variant), entry in table.items():
        # Rubric-graded trials only: tool-use trials have their own M3 section.
        mine = [r for r in rows if (r.model, r.variant) == (model, variant) and r.m3 is None]
        tokens = [r.tokens for r in mine]
        entry["trials"] = len(mine)
        entry["decided"] = mean(d for r in mine if (d := r.decided_share()) is not None) if mine else None
        for kind in ("input", "cached_input", "output", "reasoning"):
            entry[f"tokens_{kind}"] = mean(t.get(kind, 0) for t in tokens)
        entry["turns"] = mean(r.turns for r in mine)
        entry["wall_s"] = mean(r.wall_s for r in mine)
        entry["cost_per_task"] = mean(r.cost_usd for r in mine)
        total_k = (entry["tokens_input"] + entry["tokens_output"]) / 1000
        wsr = entry.get("wsr", (None,))[0]
        entry["wsr_per_1k_tokens"] = wsr / total_k if wsr is not None and total_k > 0 else None
    return sorted(table.values(), key=lambda e: -(e.get("climb_wsr") or e.get("wsr") or (0.0,))[0])


def by_sector(rows: list[TrialRow]) -> dict[str, dict[str, float]]:
    """sector -> 'model [variant]' -> mean WSR over that sector's trials."""
    cells: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        if (value := row.metric("wsr")) is not None:
            cells[row.sector][_label(row.model, row.variant)].append(value)
    return {sector: {label: mean(v) for label, v in models.items()} for sector, models in sorted(cells.items())}


def by_task(rows: list[TrialRow]) -> dict[str, dict[str, float]]:
    means = task_means(_score_rows(rows, "wsr"))
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for (model, variant), tasks in means.items():
        for task, value in tasks.items():
            out[task][_label(model, variant)] = value
    return dict(sorted(out.items()))


def most_failed(rows: list[TrialRow], top: int = 15) -> list[tuple[str, str, int, int]]:
    """(task, criterion, failed trials, graded trials of that task), most failed first."""
    failures = Counter((r.task, c) for r in rows for c in r.failed_criteria)
    graded = Counter(r.task for r in rows if r.score)
    return [(task, crit, n, graded[task]) for (task, crit), n in failures.most_common(top)]


def paired_comparisons(rows: list[TrialRow], metric: str = "wsr", *, resamples: int = 10_000) -> list[dict]:
    means = task_means(_score_rows(rows, metric))
    out = []
    for a, b in combinations(sorted(means), 2):
        shared = set(means[a]) & set(means[b])
        if not shared:
            continue
        result = paired_bootstrap(means[a], means[b], n_resamples=resamples)
        out.append({"a": _label(*a), "b": _label(*b), "diff": result.mean_diff, "ci": (result.ci_low, result.ci_high),
                    "significant": result.significant, "tasks": result.n_tasks})
    return out


def ablation(rows: list[TrialRow], tool: str = "view_image") -> list[dict]:
    """Per model: with vs without `tool` — Δ Climb-WSR, Δ WSR, ratios of turns and tokens."""
    out = []
    ablated = f"no-{tool}"
    for model in sorted({r.model for r in rows}):
        base = [r for r in rows if r.model == model and r.variant == "default" and r.m3 is None]
        without = [r for r in rows if r.model == model and r.variant == ablated and r.m3 is None]
        if not base or not without:
            continue
        entry = {"model": model}
        for metric in ("climb_wsr", "wsr"):
            a = [v for r in base if (v := r.metric(metric)) is not None]
            b = [v for r in without if (v := r.metric(metric)) is not None]
            entry[f"delta_{metric}"] = mean(b) - mean(a) if a and b else None
        for name, get in (("turns", lambda r: r.turns), ("input_tokens", lambda r: r.tokens.get("input", 0)),
                          ("output_tokens", lambda r: r.tokens.get("output", 0))):
            denominator = mean(get(r) for r in base)
            entry[f"ratio_{name}"] = mean(get(r) for r in without) / denominator if denominator else None
        out.append(entry)
    return out


def _label(model: str, variant: str) -> str:
    return model if variant == "default" else f"{model} [{variant}]"


M3_KEYS = ("recall", "precision", "argument_similarity", "step_coherence", "order_consistency", "merge_purity")


def m3_summary(rows: list[TrialRow]) -> list[dict]:
    """Per model and variant over its tool-use trials: mean of each M3 metric and the M3 score.

    Means over trials; `mka m3 score` gives the reference aggregation (micro / G-weighted)."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        if row.m3 is not None:
            groups[(row.model, row.variant)].append(row.m3)
    out = []
    for (model, variant), items in sorted(groups.items()):
        entry = {"model": model, "variant": variant, "trials": len(items)}
        for key in M3_KEYS:
            entry[key] = mean(i[key] for i in items)
        scores = [i["dimensions"]["m3"] for i in items if i["dimensions"]["m3"] is not None]
        entry["m3"] = mean(scores) if scores else None
        out.append(entry)
    return out
