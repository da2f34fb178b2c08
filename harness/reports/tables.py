"""The numbers a report shows, as plain rows; rendering lives elsewhere.

Every WSR-type number here is a [lower, upper] interval (undecided weight as fail / as pass)
built from `autorater.scoring`; it collapses to a point when everything was decided. No
table drops a task silently: a system's coverage says how many of its suite's tasks were
graded, failed by the model (graded anyway) or failed by the infrastructure (not scored)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from statistics import mean

from autorater.scoring.aggregate import BoundsSummary, paired_bounds, summarise_bounds, task_bounds

from harness.reports.collect import Interval, Planned, System, TrialRow

METRICS = ("climb_wsr", "wsr", "regression_wsr")


@dataclass
class Coverage:
    """How much of its suite a system has a score for. `suite` is every task planned for it."""

    suite: set[str] = field(default_factory=set)
    graded: set[str] = field(default_factory=set)
    model_failed: int = 0  # graded trials the agent ended without finishing (caps, its own stop)
    infra_failed: set[str] = field(default_factory=set)  # tasks with an infra-failed trial and no graded one
    infra_failed_trials: int = 0  # every infra-failed trial, a repeat of a graded task included
    planned_trials: set[str] = field(default_factory=set)
    graded_trials: set[str] = field(default_factory=set)

    @property
    def missing(self) -> list[str]:
        return sorted(self.suite - self.graded)

    @property
    def missing_trials(self) -> list[str]:
        """Planned trials (repeats included) with no score: a task averaged over fewer repeats."""
        return sorted(self.planned_trials - self.graded_trials)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.missing_trials


def label(system: System, runs: int) -> str:
    """'model', 'model [no-view_image]', with '@run' when the report spans several runs."""
    text = system.model if system.variant == "default" else f"{system.model} [{system.variant}]"
    return f"{text} @{system.run}" if runs > 1 else text


def coverage(rows: list[TrialRow], planned: list[Planned], kind: str = "deliverable") -> dict[System, Coverage]:
    """Per system: its suite of `kind` tasks (planned ones plus any it has trials for) and what
    became of each."""
    out: dict[System, Coverage] = defaultdict(Coverage)
    for p in planned:
        if p.kind == kind:
            out[p.system].suite.add(p.task)
            out[p.system].planned_trials.add(p.trial_id)
    for r in rows:
        if r.kind != kind:
            continue
        cov = out[r.system]
        cov.suite.add(r.task)
        if r.graded:
            cov.graded.add(r.task)
            cov.graded_trials.add(r.trial_id)
            cov.model_failed += r.model_failed
        elif r.infra_failed:
            cov.infra_failed.add(r.task)
            cov.infra_failed_trials += 1
    for cov in out.values():
        cov.infra_failed -= cov.graded
    return dict(out)


def per_task(rows: list[TrialRow], metric: str) -> dict[System, dict[str, Interval]]:
    """System -> task -> bounds of `metric`, repeats averaged."""
    grouped: dict[System, list[tuple[str, Interval]]] = defaultdict(list)
    for row in rows:
        if (b := row.bounds(metric)) is not None:
            grouped[row.system].append((row.task, b))
    return {s: task_bounds(items) for s, items in grouped.items()}


def leaderboard(rows: list[TrialRow], planned: list[Planned] | None = None, *, resamples: int = 10_000,
                rank_incomplete: bool = False) -> list[dict]:
    """Per system: each metric's bounds over tasks with a 95 % CI, coverage, efficiency, a rank.

    Ranked by the lower bound of Climb-WSR (then WSR): the conservative reading. A system with
    suite tasks it has no score for is incomplete: listed, never ranked unless asked, because
    its mean covers only the tasks that survived."""
    covered = coverage(rows, planned or [])
    means = {m: per_task(rows, m) for m in METRICS}
    runs = len({r.run for r in rows})
    board: list[dict] = []
    for system, cov in covered.items():
        mine = [r for r in rows if r.system == system and r.kind == "deliverable"]
        if not mine and not cov.suite:
            continue
        entry: dict = {"system": system, "label": label(system, runs), "model": system.model, "variant": system.variant,
                       "run": system.run, "coverage": cov, "trials": len(mine)}
        for metric in METRICS:
            tasks = means[metric].get(system)
            entry[metric] = summarise_bounds(tasks, n_resamples=resamples) if tasks else None
        graded = [r for r in mine if r.score is not None]
        shares = [d for r in graded if (d := r.decided_share()) is not None]
        entry["decided"] = mean(shares) if shares else None
        undecided = [r.check_undecided_share() for r in graded if r.check_undecided_share() is not None]
        entry["check_undecided"] = mean(undecided) if undecided else None
        decided_only = [d for r in graded if (d := r.decided_only("wsr")) is not None]
        entry["wsr_decided_only"] = mean(decided_only) if decided_only else None
        entry["judge_errors"] = sum(len(r.judge_errors) for r in graded)
        _efficiency(entry, mine)
        board.append(entry)
    board.sort(key=lambda entry: _rank_key(entry, rank_incomplete))
    rank = 0
    for entry in board:
        rankable = entry["coverage"].complete or rank_incomplete
        entry["rank"] = (rank := rank + 1) if rankable and entry["wsr"] is not None else None
    return board


def _rank_key(entry: dict, rank_incomplete: bool) -> tuple:
    """Complete systems first, unless incomplete ones are ranked too: then by score alone."""
    def low(metric: str) -> float:
        s: BoundsSummary | None = entry.get(metric)
        return s.lower if s is not None else -1.0

    apart = not entry["coverage"].complete and not rank_incomplete
    return (apart, -low("climb_wsr"), -low("wsr"), entry["label"])


def _efficiency(entry: dict, mine: list[TrialRow]) -> None:
    for kind in ("input", "cached_input", "output", "reasoning"):
        entry[f"tokens_{kind}"] = mean(r.tokens.get(kind, 0) for r in mine) if mine else 0.0
    entry["turns"] = mean(r.turns for r in mine) if mine else 0.0
    entry["wall_s"] = mean(r.wall_s for r in mine) if mine else 0.0
    entry["cost_per_task"] = mean(r.cost_usd for r in mine) if mine else 0.0
    total_k = (entry["tokens_input"] + entry["tokens_output"]) / 1000
    wsr: BoundsSummary | None = entry.get("wsr")
    entry["wsr_per_1k_tokens"] = wsr.lower / total_k if wsr is not None and total_k > 0 else None


def by_sector(rows: list[TrialRow]) -> dict[str, dict[str, Interval]]:
    """sector -> system label -> WSR bounds averaged over that sector's tasks (task means first,
    as the leaderboard does, so a task run three times weighs no more than one run once)."""
    runs = len({r.run for r in rows})
    sector_of = {r.task: r.sector for r in rows}
    cells: dict[str, dict[str, list[Interval]]] = defaultdict(lambda: defaultdict(list))
    for system, tasks in per_task(rows, "wsr").items():
        for task, b in tasks.items():
            cells[sector_of[task]][label(system, runs)].append(b)
    return {sector: {name: (mean(b[0] for b in v), mean(b[1] for b in v)) for name, v in systems.items()}
            for sector, systems in sorted(cells.items())}


def by_task(rows: list[TrialRow], metric: str = "wsr") -> dict[str, dict[str, Interval]]:
    runs = len({r.run for r in rows})
    out: dict[str, dict[str, Interval]] = defaultdict(dict)
    for system, tasks in per_task(rows, metric).items():
        for task, b in tasks.items():
            out[task][label(system, runs)] = b
    return dict(sorted(out.items()))


def most_failed(rows: list[TrialRow], top: int = 15) -> list[tuple[str, str, int, int]]:
    """(task, criterion, failed trials, graded trials of that task), most failed first."""
    failures = Counter((r.task, c) for r in rows for c in r.failed_criteria)
    graded = Counter(r.task for r in rows if r.score)
    return [(task, crit, n, graded[task]) for (task, crit), n in failures.most_common(top)]


def paired_comparisons(rows: list[TrialRow], planned: list[Planned] | None = None, metric: str = "wsr", *,
                       resamples: int = 10_000) -> list[dict]:
    """Every pair of systems on the tasks both have scores for, naming the tasks either lacks
    from the union of their suites (a comparison over survivors must say so)."""
    means = per_task(rows, metric)
    covered = coverage(rows, planned or [])
    runs = len({r.run for r in rows})
    out = []
    for a, b in combinations(sorted(means, key=lambda s: label(s, runs)), 2):
        shared = set(means[a]) & set(means[b])
        if not shared:
            continue
        result = paired_bounds(means[a], means[b], n_resamples=resamples)
        suite = covered.get(a, Coverage()).suite | covered.get(b, Coverage()).suite | set(means[a]) | set(means[b])
        out.append({"a": label(a, runs), "b": label(b, runs), "result": result,
                    "lacking": sorted(suite - shared)})
    return out


def ablation(rows: list[TrialRow], tool: str = "view_image") -> list[dict]:
    """Per model and run: without `tool` vs with, paired by task — Δ Climb-WSR, Δ WSR (bounds),
    ratios of turns and tokens. A model that never called the tool with it available gets
    "not applicable": removing a tool it does not use measures nothing."""
    out = []
    ablated = f"no-{tool}"
    runs = len({r.run for r in rows})
    rubric_rows = [r for r in rows if r.kind == "deliverable"]
    means = {m: per_task(rubric_rows, m) for m in ("climb_wsr", "wsr")}
    for run, model in sorted({(r.run, r.model) for r in rubric_rows}):
        base_sys, abl_sys = System(run, model), System(run, model, ablated)
        base = [r for r in rubric_rows if r.system == base_sys]
        without = [r for r in rubric_rows if r.system == abl_sys]
        if not base or not without:
            continue
        entry: dict = {"model": label(base_sys, runs), "applicable": any(r.tool_calls.get(tool) for r in base)}
        for metric in ("climb_wsr", "wsr"):
            a, b = means[metric].get(abl_sys, {}), means[metric].get(base_sys, {})
            entry[f"delta_{metric}"] = paired_bounds(a, b, n_resamples=1000) if set(a) & set(b) else None
        shared = {r.task for r in base} & {r.task for r in without}
        entry["tasks"] = len(shared)
        for name, get in (("turns", lambda r: r.turns), ("input_tokens", lambda r: r.tokens.get("input", 0)),
                          ("output_tokens", lambda r: r.tokens.get("output", 0))):
            denominator = mean(get(r) for r in base if r.task in shared) if shared else 0
            entry[f"ratio_{name}"] = (mean(get(r) for r in without if r.task in shared) / denominator
                                      if denominator else None)
        out.append(entry)
    return out


M3_KEYS = ("recall", "precision", "argument_similarity", "step_coherence", "order_consistency", "merge_purity")


def m3_summary(rows: list[TrialRow], planned: list[Planned] | None = None) -> list[dict]:
    """Per system over its tool-use trials: mean of each M3 metric and the M3 score, with its
    coverage (an infra-failed tool-use trial is counted, not averaged in).

    Means over trials; `mka m3 score` gives the reference aggregation (micro / G-weighted)."""
    runs = len({r.run for r in rows})
    groups: dict[System, list[dict]] = defaultdict(list)
    for row in rows:
        if row.m3 is not None:
            groups[row.system].append(row.m3)
    covered = coverage(rows, planned or [], kind="tool_use")
    out = []
    for system, items in sorted(groups.items(), key=lambda kv: label(kv[0], runs)):
        cov = covered.get(system, Coverage())
        entry = {"label": label(system, runs), "model": system.model, "variant": system.variant,
                 "trials": len(items), "coverage": cov}
        for key in M3_KEYS:
            entry[key] = mean(i[key] for i in items)
        scores = [i["dimensions"]["m3"] for i in items if i["dimensions"]["m3"] is not None]
        entry["m3"] = mean(scores) if scores else None
        out.append(entry)
    return out
