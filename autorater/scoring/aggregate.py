"""Suite-level aggregation: per-task means, bootstrap CIs over tasks, paired comparisons.

Tasks are the unit of resampling: repeats of one task are not independent draws from the
task population, so they are averaged within the task first and the bootstrap resamples
tasks. Every bootstrap is vectorised (one (resamples × tasks) index matrix, no Python loop
over resamples) and seeded, so a report is reproducible to the last digit."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 0
DEFAULT_CONFIDENCE = 0.95


@dataclass(frozen=True)
class ScoreRow:
    """One trial's score (e.g. its WSR) with what identifies it."""

    model: str
    task: str
    value: float
    variant: str = "default"
    repeat: int = 0


@dataclass(frozen=True)
class ModelSummary:
    model: str
    variant: str
    n_tasks: int
    n_trials: int
    mean: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class PairedResult:
    n_tasks: int
    mean_diff: float  # mean over shared tasks of (a - b)
    ci_low: float
    ci_high: float
    significant: bool  # the CI excludes 0
    tasks: tuple[str, ...]


def task_means(rows: Iterable[ScoreRow]) -> dict[tuple[str, str], dict[str, float]]:
    """(model, variant) -> task -> mean over that task's repeats.

    A repeated (model, variant, task, repeat) or a non-finite value is an error: both mean
    a run was ingested twice or a score is broken, and averaging would hide it."""
    values: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    seen: set[tuple[str, str, str, int]] = set()
    for row in rows:
        key = (row.model, row.variant, row.task, row.repeat)
        if key in seen:
            raise ValueError(f"duplicate score row for model {row.model!r} variant {row.variant!r}"
                             f" task {row.task!r} repeat {row.repeat}")
        if not math.isfinite(row.value):
            raise ValueError(f"non-finite score {row.value!r} for {row.model!r} on {row.task!r}")
        seen.add(key)
        values[(row.model, row.variant)][row.task].append(float(row.value))
    return {mv: {t: float(np.mean(v)) for t, v in sorted(tasks.items())} for mv, tasks in values.items()}


def bootstrap_means(values: np.ndarray, n_resamples: int, seed: int) -> np.ndarray:
    """Means of `n_resamples` resamples (with replacement) of `values`, shape (n_resamples,).

    Memory is O(n_resamples × len(values)) indices: 10,000 × 500 tasks is 40 MB."""
    if values.ndim != 1 or values.size == 0:
        raise ValueError("bootstrap needs a non-empty 1-D array of values")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1 (got {n_resamples})")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, values.size, size=(n_resamples, values.size))
    return values[idx].mean(axis=1)


def percentile_ci(samples: np.ndarray, confidence: float = DEFAULT_CONFIDENCE) -> tuple[float, float]:
    """The central `confidence` interval of `samples` (percentile method)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (got {confidence})")
    tail = (1 - confidence) / 2
    low, high = np.quantile(samples, [tail, 1 - tail])
    return float(low), float(high)


def bootstrap_ci(values: Iterable[float], *, n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                 confidence: float = DEFAULT_CONFIDENCE) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean of `values` (one value per task)."""
    arr = np.asarray(list(values), dtype=float)
    return percentile_ci(bootstrap_means(arr, n_resamples, seed), confidence)


def summarise(rows: Iterable[ScoreRow], *, n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
              confidence: float = DEFAULT_CONFIDENCE) -> list[ModelSummary]:
    """Per (model, variant): mean over tasks and its bootstrap CI, sorted by model, variant.

    Every model uses the same seed: with equal task counts the resamples are the same
    task draws (common random numbers), which keeps side-by-side CIs comparable."""
    rows = list(rows)
    trials: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        trials[(row.model, row.variant)] += 1
    out: list[ModelSummary] = []
    for (model, variant), per_task in sorted(task_means(rows).items()):
        arr = np.fromiter(per_task.values(), dtype=float)
        low, high = percentile_ci(bootstrap_means(arr, n_resamples, seed), confidence)
        out.append(ModelSummary(model=model, variant=variant, n_tasks=arr.size, n_trials=trials[(model, variant)],
                                mean=float(arr.mean()), ci_low=low, ci_high=high))
    return out


def paired_bootstrap(a: Mapping[str, float], b: Mapping[str, float], *, n_resamples: int = DEFAULT_RESAMPLES,
                     seed: int = DEFAULT_SEED, confidence: float = DEFAULT_CONFIDENCE) -> PairedResult:
    """Compare two models on the tasks both have (task -> per-task mean, e.g. from
    `task_means`). Pairing by task removes task difficulty from the comparison, which
    is why this is far more sensitive than comparing two overlapping CIs."""
    shared = tuple(sorted(set(a) & set(b)))
    if not shared:
        raise ValueError("the two models share no task: nothing to compare")
    diffs = np.array([a[t] - b[t] for t in shared], dtype=float)
    low, high = percentile_ci(bootstrap_means(diffs, n_resamples, seed), confidence)
    return PairedResult(n_tasks=len(shared), mean_diff=float(diffs.mean()), ci_low=low, ci_high=high,
                        significant=bool(low > 0 or high < 0), tasks=shared)


# -- bounds: a score with undecided weight is an interval, and so is any mean of them ------

Interval = tuple[float, float]


@dataclass(frozen=True)
class BoundsSummary:
    """Mean over tasks of per-task [lower, upper] bounds (undecided as fail / as pass).

    The CI runs from the lower bound's CI low to the upper bound's CI high: it covers both
    the sampling uncertainty over tasks and what no one decided. `exact` means nothing was
    undecided, so lower == upper and the usual point estimate applies."""

    n_tasks: int
    lower: float
    upper: float
    ci_low: float
    ci_high: float

    @property
    def exact(self) -> bool:
        return abs(self.upper - self.lower) < 1e-12


@dataclass(frozen=True)
class PairedBounds:
    """A − B over shared tasks when both sides may be intervals: [mean(a_lo − b_hi), mean(a_hi − b_lo)]."""

    n_tasks: int
    diff_low: float
    diff_high: float
    ci_low: float
    ci_high: float
    significant: bool  # the whole CI excludes 0
    tasks: tuple[str, ...]

    @property
    def exact(self) -> bool:
        return abs(self.diff_high - self.diff_low) < 1e-12


def task_bounds(rows: Iterable[tuple[str, Interval]]) -> dict[str, Interval]:
    """task -> (mean lower, mean upper) over that task's repeats."""
    lows: dict[str, list[float]] = defaultdict(list)
    highs: dict[str, list[float]] = defaultdict(list)
    for task, (low, high) in rows:
        if not (math.isfinite(low) and math.isfinite(high)) or low > high + 1e-12:
            raise ValueError(f"bad bounds {low!r}, {high!r} for task {task!r}")
        lows[task].append(float(low))
        highs[task].append(float(high))
    return {t: (float(np.mean(lows[t])), float(np.mean(highs[t]))) for t in sorted(lows)}


def summarise_bounds(per_task: Mapping[str, Interval], *, n_resamples: int = DEFAULT_RESAMPLES,
                     seed: int = DEFAULT_SEED, confidence: float = DEFAULT_CONFIDENCE) -> BoundsSummary:
    """Mean bounds over tasks with a bootstrap CI (same task draws for both ends)."""
    if not per_task:
        raise ValueError("no task to summarise")
    lows = np.array([b[0] for b in per_task.values()], dtype=float)
    highs = np.array([b[1] for b in per_task.values()], dtype=float)
    ci_low = percentile_ci(bootstrap_means(lows, n_resamples, seed), confidence)[0]
    ci_high = percentile_ci(bootstrap_means(highs, n_resamples, seed), confidence)[1]
    return BoundsSummary(n_tasks=len(per_task), lower=float(lows.mean()), upper=float(highs.mean()),
                         ci_low=ci_low, ci_high=ci_high)


def paired_bounds(a: Mapping[str, Interval], b: Mapping[str, Interval], *, n_resamples: int = DEFAULT_RESAMPLES,
                  seed: int = DEFAULT_SEED, confidence: float = DEFAULT_CONFIDENCE) -> PairedBounds:
    """Paired bootstrap of A − B on the tasks both have, honest about undecided weight."""
    shared = tuple(sorted(set(a) & set(b)))
    if not shared:
        raise ValueError("the two systems share no task: nothing to compare")
    worst = np.array([a[t][0] - b[t][1] for t in shared], dtype=float)
    best = np.array([a[t][1] - b[t][0] for t in shared], dtype=float)
    ci_low = percentile_ci(bootstrap_means(worst, n_resamples, seed), confidence)[0]
    ci_high = percentile_ci(bootstrap_means(best, n_resamples, seed), confidence)[1]
    return PairedBounds(n_tasks=len(shared), diff_low=float(worst.mean()), diff_high=float(best.mean()),
                        ci_low=ci_low, ci_high=ci_high, significant=bool(ci_low > 0 or ci_high < 0), tasks=shared)
