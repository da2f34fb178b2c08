"""Regenerate the sample task tests/data/tasks/sales_summary/ (inputs and gold).

    python tests/data/tasks/make_sales_summary.py          # inputs/sales.csv, inputs/chart.png
    python tests/data/tasks/make_sales_summary.py --gold   # also gold/, by running solution/solve.py

Needs matplotlib (and pandas + openpyxl for --gold); the harness itself does not. The data
come from a seeded generator and the PNG is written without its timestamp/version
metadata, so a rerun with the same library versions gives the same bytes."""

from __future__ import annotations

import csv
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TASK = Path(__file__).resolve().parent / "sales_summary"
REGIONS = ["North", "South", "East", "West"]
MONTHS = ["2024-01", "2024-02", "2024-03"]
DELIVERABLES = ["summary.xlsx", "notes.md"]
SEED = 20240331


def make_rows() -> list[tuple[str, str, int]]:
    rng = random.Random(SEED)
    # Each region has its own level so the totals are clearly ranked, plus monthly noise.
    level = {region: rng.randrange(9_000, 21_000, 500) for region in REGIONS}
    rows = []
    for month in MONTHS:
        for region in REGIONS:
            rows.append((region, month, level[region] + rng.randrange(-2_000, 2_000, 10)))
    return rows


def write_csv(rows: list[tuple[str, str, int]], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["region", "month", "revenue"])
        writer.writerows(rows)


def write_chart(rows: list[tuple[str, str, int]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # no display; also keeps the output independent of the desktop backend
    import matplotlib.pyplot as plt

    totals = {region: sum(r for g, _, r in rows if g == region) for region in REGIONS}
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    ax.bar(list(totals), list(totals.values()), color="#4C72B0")
    # Deliberately no data labels: the exact figures must come from the CSV.
    ax.set_title("Q1 2024 revenue by region")
    ax.set_xlabel("Region")
    ax.set_ylabel("Revenue (USD)")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, format="png", metadata={"Software": None})
    plt.close(fig)


def make_gold() -> None:
    """Run the oracle the way the sandbox does (cwd = workspace, inputs in input/)."""
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        shutil.copytree(TASK / "inputs", workspace / "input")
        subprocess.run([sys.executable, str(TASK / "solution" / "solve.py")], cwd=workspace, check=True)
        gold = TASK / "gold"
        gold.mkdir(exist_ok=True)
        for name in DELIVERABLES:
            shutil.copy2(workspace / name, gold / name)


def main() -> None:
    rows = make_rows()
    (TASK / "inputs").mkdir(parents=True, exist_ok=True)
    write_csv(rows, TASK / "inputs" / "sales.csv")
    write_chart(rows, TASK / "inputs" / "chart.png")
    if "--gold" in sys.argv[1:]:
        make_gold()


if __name__ == "__main__":
    main()
