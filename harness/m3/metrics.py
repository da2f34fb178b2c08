"""The six reference metrics, each a small pure function of the matches.

Notation: G reference calls, P predicted calls, M matches; reference step g has n_g calls of
which m_g are matched. The arithmetic (operation order, float32 step matrix) follows the
reference scorer so `--compat reference` is bit-exact; `fix_single_step` is the only
switch between the two modes here."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from harness.m3.model import Match


def safe_div(n: float, d: float) -> float:
    """n / d, or 0 when d is 0 (the reference's convention)."""
    return (n / d) if d else 0.0


def recall(matched: int, g: int) -> float:
    """Recall = |M| / G."""
    return safe_div(matched, g)


def precision(matches: list[Match], p: int) -> float:
    """Precision = |distinct matched predicted calls| / P (= |M| / P for a 1:1 matching)."""
    return safe_div(len({m.pred for m in matches}), p)


def argument_similarity(matches: list[Match], rec: float) -> float:
    """Argument Similarity = Σ sim / G, computed as Recall × mean sim like the reference."""
    if not matches:
        return 0.0
    sims = [m.sim for m in matches]
    return float(rec * float(sum(sims) / len(sims)))


def strong_similarity(matches: list[Match], g: int, tau_strong: float) -> float:
    """The reference's avg_sim_strong_cov: (strong matches / G) × their mean similarity."""
    strong = [m.sim for m in matches if m.sim >= tau_strong]
    mean = float(sum(strong) / len(strong)) if strong else 0.0
    return float(safe_div(float(len(strong)), float(g)) * mean)


def matched_per_step(matches: list[Match], n_steps: int) -> list[int]:
    """m_g for every reference step g."""
    counts = [0] * n_steps
    for m in matches:
        counts[m.ref_step] += 1
    return counts


def fragmentation(matches: list[Match], n_steps: int) -> list[float]:
    """frag_g = (k_g − 1)/k_g, k_g = distinct predicted steps g's matched calls land in (0 if k_g ≤ 1)."""
    landed: dict[int, set[int]] = {}
    for m in matches:
        landed.setdefault(m.ref_step, set()).add(m.pred_step)
    out = []
    for g in range(n_steps):
        k = len(landed.get(g, ()))
        out.append(0.0 if k <= 1 else float(k - 1) / float(k))
    return out


def step_coherence(matches: list[Match], sizes: list[int]) -> float:
    """Step Coherence = Σ_g n_g·(m_g/n_g)·(1 − frag_g) / Σ_g n_g."""
    counts, frag = matched_per_step(matches, len(sizes)), fragmentation(matches, len(sizes))
    scores = [0.0 if n <= 0 else safe_div(float(counts[g]), float(n)) * (1.0 - frag[g]) for g, n in enumerate(sizes)]
    total = float(sum(sizes)) or 1.0
    return float(sum(scores[g] * float(sizes[g]) for g in range(len(sizes))) / total)


def _pairs(counts: Iterable[int]) -> int:
    return sum(k * (k - 1) // 2 for k in counts)


def inversion_rate(matches: list[Match]) -> float:
    """Share of inverted match pairs among those whose reference steps differ and whose
    predicted steps differ (0 when there are none).

    Counted in O(M log M), never pair by pair: the comparable pairs are all pairs minus those
    sharing a reference step or a predicted step (plus those sharing both, removed twice);
    the inverted ones are counted over matches sorted by reference step with a Fenwick tree
    of the predicted steps seen in earlier reference steps."""
    m = len(matches)
    if m < 2:
        return 0.0
    total = (m * (m - 1) // 2 - _pairs(Counter(x.ref_step for x in matches).values())
             - _pairs(Counter(x.pred_step for x in matches).values())
             + _pairs(Counter((x.ref_step, x.pred_step) for x in matches).values()))
    if not total:
        return 0.0
    ranks = {p: r + 1 for r, p in enumerate(sorted({x.pred_step for x in matches}))}
    tree = [0] * (len(ranks) + 1)
    seen = inversions = 0
    ordered = sorted(matches, key=lambda x: x.ref_step)
    g = 0
    while g < m:
        h = g
        while h < m and ordered[h].ref_step == ordered[g].ref_step:
            h += 1
        for x in ordered[g:h]:  # earlier reference steps with a greater predicted step
            i, not_greater = ranks[x.pred_step], 0
            while i > 0:
                not_greater += tree[i]
                i -= i & -i
            inversions += seen - not_greater
        for x in ordered[g:h]:
            i = ranks[x.pred_step]
            while i < len(tree):
                tree[i] += 1
                i += i & -i
        seen += h - g
        g = h
    return inversions / float(total)


def cross_pairs(counts: list[int]) -> int:
    """Σ_{i<j} c_i·c_j."""
    total, seen = 0, 0
    for c in counts:
        total += seen * c
        seen += c
    return total


def order_consistency(matches: list[Match], sizes: list[int], rec: float, fix_single_step: bool) -> float:
    """Order Consistency = (1 − inversion rate) × c_pair, c_pair = Σ_{i<j} m_i m_j / Σ_{i<j} n_i n_j.

    The reference leaves c_pair = 0/0 → 0 when the reference has no cross-step pair (one
    non-empty step), so even a perfect prediction scores 0. With `fix_single_step`, c_pair
    falls back to Recall there: nothing can be out of order, only missing."""
    total_pairs = cross_pairs(sizes)
    if total_pairs == 0 and fix_single_step:
        c_pair = rec
    else:
        c_pair = safe_div(float(cross_pairs(matched_per_step(matches, len(sizes)))), float(total_pairs))
    consistency = max(0.0, min(1.0, 1.0 - float(inversion_rate(matches))))
    return float(consistency * c_pair)


def step_matrix(matches: list[Match], n_ref_steps: int, n_pred_steps: int) -> np.ndarray:
    """W[g, p] = Σ sim of matches between reference step g and predicted step p (float32)."""
    w = np.zeros((n_ref_steps, n_pred_steps), dtype=np.float32)
    for m in matches:
        w[m.ref_step, m.pred_step] += m.sim
    return w


def merge_entropy(w: np.ndarray) -> float:
    """H(G|P) / log G_active, with P(p) = column mass / total and q_{g|p} = W[g,p] / column
    mass; 0 when G_active ≤ 1 or there is no mass."""
    if w.size == 0:
        return 0.0
    g_active = int((w.sum(axis=1) > 0).sum())
    if g_active <= 1:
        return 0.0
    col_mass = w.sum(axis=0)
    active = col_mass > 0
    if not bool(active.any()):
        return 0.0
    mass, w_active = col_mass[active], w[:, active]
    s = float(mass.sum())
    if s <= 0.0:
        return 0.0
    p_col = mass / s
    h = 0.0
    for j in range(w_active.shape[1]):
        sj = float(mass[j])
        q = w_active[:, j] / sj
        nz = q > 0
        if sj <= 0.0 or not bool(nz.any()):
            continue
        h += float(p_col[j] * -float((q[nz] * np.log(q[nz] + 1e-12)).sum()))
    h_max = math.log(g_active)
    return float(h / h_max) if h_max > 0 else 0.0


def merge_purity(w: np.ndarray, rec: float) -> float:
    """Merge Purity = (1 − H(G|P)/log G_active) × Recall."""
    return float(max(0.0, min(1.0, 1.0 - float(merge_entropy(w)))) * rec)


@dataclass(frozen=True)
class ReferenceMetrics:
    g: int
    p: int
    matched: int
    strong: int
    recall: float
    precision: float
    argument_similarity: float
    step_coherence: float
    order_consistency: float
    merge_purity: float
    strong_similarity: float = 0.0  # the reference's avg_sim_strong_cov
    rounds: int = 0  # predicted steps (the reference's avg_Rounds averages them)


def reference_metrics(
    matches: list[Match], sizes: list[int], n_pred_steps: int, p: int, tau_strong: float, fix_single_step: bool,
) -> ReferenceMetrics:
    """All six metrics of one task (sizes = n_g per reference step), the strong-match
    similarity and the number of predicted steps."""
    g = sum(sizes)
    strong = sum(1 for m in matches if m.sim >= tau_strong)
    if g == 0 and p == 0:  # both empty
        return ReferenceMetrics(0, 0, 0, 0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, n_pred_steps)
    rec = recall(len(matches), g)
    return ReferenceMetrics(
        g=g, p=p, matched=len(matches), strong=strong, recall=rec, precision=precision(matches, p),
        argument_similarity=argument_similarity(matches, rec),
        step_coherence=step_coherence(matches, sizes),
        order_consistency=order_consistency(matches, sizes, rec, fix_single_step),
        merge_purity=merge_purity(step_matrix(matches, len(sizes), n_pred_steps), rec),
        strong_similarity=strong_similarity(matches, g, tau_strong), rounds=n_pred_steps,
    )
