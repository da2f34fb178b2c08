"""Oracle for sales_summary: writes summary.xlsx and notes.md into the workspace.

Runs inside the sandbox (cwd /workspace, inputs in /workspace/input) with the image's
pandas and openpyxl; outside it (to regenerate gold/) the current directory stands in
for the workspace."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Font

WORKSPACE = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()


def main() -> None:
    sales = pd.read_csv(WORKSPACE / "input" / "sales.csv")
    totals = (sales.groupby("region")["revenue"].sum().reset_index()
              .sort_values(["revenue", "region"], ascending=[False, True]))
    grand = int(totals["revenue"].sum())

    wb = Workbook()
    ws = wb.active
    ws.title = "Totals"
    ws.append(["Region", "Total revenue"])
    for region, revenue in zip(totals["region"], totals["revenue"]):
        ws.append([str(region), int(revenue)])
    ws.append(["Total", grand])
    for cell in ws[1] + ws[ws.max_row]:
        cell.font = Font(bold=True)
    for row in ws.iter_rows(min_row=2, min_col=2, max_col=2):
        row[0].number_format = "#,##0"
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["B"].width = 16
    wb.save(WORKSPACE / "summary.xlsx")

    best, worst = totals.iloc[0], totals.iloc[-1]
    by_month = sales.groupby("month")["revenue"].sum()
    top_month = str(by_month.idxmax())
    share = lambda value: f"{100 * int(value) / grand:.1f}%"  # noqa: E731
    notes = f"""# Q1 2024 sales summary

- Grand total revenue: ${grand:,} across {len(totals)} regions (January to March 2024).
- Best region: {best['region']} with ${int(best['revenue']):,} ({share(best['revenue'])} of the total).
- Weakest region: {worst['region']} with ${int(worst['revenue']):,} ({share(worst['revenue'])} of the total).
- Strongest month: {top_month} with ${int(by_month.max()):,}.
- The chart in input/chart.png agrees with the CSV: its bars have the same ranking and
  heights as the region totals above (it has no data labels, so the figures come from the CSV).
"""
    (WORKSPACE / "notes.md").write_text(notes, encoding="utf-8")


if __name__ == "__main__":
    main()
