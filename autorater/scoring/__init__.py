"""Scoring: verdicts -> trial scores (WSR and subsets) -> suite aggregates with bootstrap CIs."""

from autorater.scoring.aggregate import (
    ModelSummary,
    PairedResult,
    ScoreRow,
    bootstrap_ci,
    paired_bootstrap,
    summarise,
    task_means,
)
from autorater.scoring.trial import SubsetScore, TrialScore, score_trial, subset_score
from autorater.scoring.verdicts import (
    GradedTrial,
    Verdict,
    VerdictsError,
    VerdictsFile,
    load_graded_trials,
    load_verdicts,
)

__all__ = [
    "GradedTrial",
    "ModelSummary",
    "PairedResult",
    "ScoreRow",
    "SubsetScore",
    "TrialScore",
    "Verdict",
    "VerdictsError",
    "VerdictsFile",
    "bootstrap_ci",
    "load_graded_trials",
    "load_verdicts",
    "paired_bootstrap",
    "score_trial",
    "subset_score",
    "summarise",
    "task_means",
]
