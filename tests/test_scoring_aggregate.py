"""Suite aggregation: repeats averaged per task, seeded bootstrap CIs, paired comparisons."""

from __future__ import annotations

import numpy as np
import pytest

from autorater.scoring import ScoreRow, bootstrap_ci, paired_bootstrap, summarise, task_means
from autorater.scoring.aggregate import bootstrap_means


def test_repeats_are_averaged_within_a_task_first() -> None:
    rows = [ScoreRow("m", "t1", 1.0, repeat=0), ScoreRow("m", "t1", 0.0, repeat=1), ScoreRow("m", "t1", 0.5, repeat=2),
            ScoreRow("m", "t2", 0.2), ScoreRow("m", "t1", 0.9, variant="no_image")]
    means = task_means(rows)
    assert means[("m", "default")] == pytest.approx({"t1": 0.5, "t2": 0.2})
    assert means[("m", "no_image")] == pytest.approx({"t1": 0.9})
    [default, no_image] = summarise(rows, n_resamples=200)
    # Mean over tasks (0.5 + 0.2) / 2, not over trials (1.7 / 4): a task run 3 times is not 3 tasks.
    assert (default.variant, default.n_tasks, default.n_trials) == ("default", 2, 4)
    assert default.mean == pytest.approx(0.35)
    assert (no_image.variant, no_image.mean, no_image.ci_low, no_image.ci_high) == ("no_image", 0.9, 0.9, 0.9)


def test_bad_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate score row"):
        task_means([ScoreRow("m", "t", 1.0), ScoreRow("m", "t", 0.0)])
    with pytest.raises(ValueError, match="non-finite"):
        task_means([ScoreRow("m", "t", float("nan"))])


def test_bootstrap_is_deterministic_with_a_seed_and_contains_the_mean() -> None:
    values = np.random.default_rng(7).uniform(0, 1, size=30)
    a = bootstrap_ci(values, seed=3)
    assert a == bootstrap_ci(values, seed=3)
    assert a != bootstrap_ci(values, seed=4)
    assert a[0] < values.mean() < a[1]
    # A 95 % CI of the mean of 30 uniforms is about ±0.1 wide: sanity, not a tight bound.
    assert 0.1 < a[1] - a[0] < 0.3


def test_bootstrap_is_vectorised_over_resamples() -> None:
    """10,000 resamples of 50 tasks come from one (10,000 × 50) draw, not a Python loop:
    the result equals indexing with that matrix, computed independently here."""
    values = np.linspace(0, 1, 50)
    means = bootstrap_means(values, 10_000, seed=11)
    idx = np.random.default_rng(11).integers(0, 50, size=(10_000, 50))
    assert means.shape == (10_000,)
    np.testing.assert_array_equal(means, values[idx].mean(axis=1))


def test_single_task_and_bad_arguments() -> None:
    assert bootstrap_ci([0.4]) == (0.4, 0.4)
    with pytest.raises(ValueError, match="non-empty"):
        bootstrap_ci([])
    with pytest.raises(ValueError, match="confidence"):
        bootstrap_ci([0.1, 0.2], confidence=1.5)


def test_paired_bootstrap_detects_a_clearly_better_model() -> None:
    rng = np.random.default_rng(0)
    base = rng.uniform(0.2, 0.7, size=40)
    weak = {f"t{i}": float(v) for i, v in enumerate(base)}
    # Better on every task by 0.05-0.15: task difficulty varies far more than the gap.
    strong = {t: v + float(rng.uniform(0.05, 0.15)) for t, v in weak.items()}
    strong["only_strong"] = 1.0  # tasks not shared are left out
    result = paired_bootstrap(strong, weak)
    assert result.n_tasks == 40 and "only_strong" not in result.tasks
    assert result.significant and 0.05 < result.ci_low < result.mean_diff < result.ci_high < 0.15
    reverse = paired_bootstrap(weak, strong)
    assert reverse.significant and reverse.ci_high < 0


def test_paired_bootstrap_identical_models_is_not_significant() -> None:
    scores = {f"t{i}": i / 10 for i in range(10)}
    result = paired_bootstrap(scores, dict(scores))
    assert (result.mean_diff, result.ci_low, result.ci_high, result.significant) == (0.0, 0.0, 0.0, False)


def test_paired_bootstrap_noise_is_not_significant() -> None:
    rng = np.random.default_rng(5)
    a = {f"t{i}": float(v) for i, v in enumerate(rng.uniform(0, 1, 20))}
    b = {t: v + float(rng.choice([-0.1, 0.1])) for t, v in a.items()}
    b = {t: v - np.mean([b[k] - a[k] for k in a]) for t, v in b.items()}  # exactly zero mean difference
    result = paired_bootstrap(a, b)
    assert result.mean_diff == pytest.approx(0.0, abs=1e-12) and not result.significant


def test_paired_bootstrap_needs_shared_tasks() -> None:
    with pytest.raises(ValueError, match="share no task"):
        paired_bootstrap({"a": 1.0}, {"b": 1.0})
