"""Report figures (matplotlib, Agg), returned as base64 PNG <img> tags so the HTML stays one file."""

from __future__ import annotations

import base64
import io

from harness.reports import tables
from harness.reports.collect import TrialRow


def _img(fig, alt: str) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return f"<img alt='{alt}' src='data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}'>"


def figures_html(rows: list[TrialRow], board: list[dict]) -> str:
    import matplotlib

    matplotlib.use("Agg")  # no display; set here, when figures are made, not at import
    import matplotlib.pyplot as plt

    parts = ["<h2>Figures</h2>"]
    fig, ax = plt.subplots(figsize=(6, 4))
    for entry in board:
        metric = entry.get("climb_wsr") or entry.get("wsr")
        if metric is None:
            continue
        # The point is the lower bound (undecided as fail); the bar spans the whole CI of the bounds.
        ax.errorbar(entry["cost_per_task"], metric.lower, yerr=[[metric.lower - metric.ci_low], [metric.ci_high - metric.lower]],
                    fmt="o", capsize=4)
        ax.annotate(entry["label"], (entry["cost_per_task"], metric.lower), textcoords="offset points", xytext=(6, 4), fontsize=8)
    ax.set_xlabel("cost per task (USD)")
    ax.set_ylabel("Climb-WSR (95 % CI)")
    ax.set_ylim(0, 1.05)
    ax.set_title("Quality vs cost")
    parts.append(_img(fig, "Climb-WSR vs cost per task"))

    sectors = tables.by_sector(rows)
    labels = sorted({label for models in sectors.values() for label in models})
    if sectors and labels:
        fig, ax = plt.subplots(figsize=(max(6, len(sectors) * 0.9), 4))
        width = 0.8 / len(labels)
        for i, label in enumerate(labels):
            ax.bar([x + i * width for x in range(len(sectors))], [m.get(label, (0, 0))[0] for m in sectors.values()], width, label=label)
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(sectors))], list(sectors), rotation=35, ha="right", fontsize=8)
        ax.set_ylabel("WSR (lower bound)")
        ax.set_ylim(0, 1.05)
        ax.legend(fontsize=8)
        ax.set_title("WSR by sector")
        parts.append(_img(fig, "WSR by sector"))

    ablations = [a for a in tables.ablation(rows) if a["applicable"] and a["delta_climb_wsr"] is not None]
    if ablations:
        fig, ax = plt.subplots(figsize=(6, 3.5))
        names = [a["model"] for a in ablations]
        ax.barh(names, [a["delta_climb_wsr"].diff_low for a in ablations], color="#c55")
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("Δ Climb-WSR without view_image")
        ax.set_title("Vision ablation")
        parts.append(_img(fig, "ablation deltas"))
    return "".join(parts)
