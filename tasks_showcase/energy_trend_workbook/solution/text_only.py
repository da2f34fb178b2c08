"""Text-only baseline for energy_trend_workbook: the CSV and the tariff PDF's text layer only.

It cannot read the dashboard screenshots, so it fills each missing month by linear
interpolation between the neighbouring months of the same site, then costs everything with
the rates parsed from the tariff text. It cannot tell whether any chart shows an anomaly, so it commits to "none"
(the prompt demands an answer on the labelled lines)."""

from __future__ import annotations

import calendar
import csv
import re
from pathlib import Path

import fitz
from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
SITES = ["Northgate Depot", "Riverside Offices", "Eastfield Cold Store"]
WINTER = {1, 2, 3, 10, 11, 12}


def num(text: str) -> float:
    return float(text.replace(",", ""))


def tariff() -> tuple[dict[str, dict[str, float]], float]:
    text = "\n".join(p.get_text() for p in fitz.open(WS / "input" / "tariff_schedule.pdf"))
    flat = re.sub(r"\s+", " ", text)
    lv = re.search(r"Business Fixed 24 \(LV NHH\) ([\d.]+) ([\d.]+)", flat)
    hv = re.search(r"HV Flex 24 \(HV HH\) ([\d.]+) ([\d.]+)", flat)
    ccl = num(re.search(r"Climate Change Levy \(main rate\) ([\d.]+) p/kWh", flat).group(1))
    out: dict[str, dict[str, float]] = {}
    for site in SITES:
        m = re.search(re.escape(site) + r" ([\d,.]+) (-|[\d.]+ per kVA)", flat)
        standing = num(m.group(1))
        capacity = 0.0
        if m.group(2) != "-":
            per_kva = num(m.group(2).split()[0])
            kva = num(re.search(re.escape(site) + r" \S+ [\d ]+ .*?(\d+) kVA", flat).group(1))
            capacity = per_kva * kva
        rates = hv if site == "Eastfield Cold Store" else lv
        out[site] = {"winter": num(rates.group(1)), "summer": num(rates.group(2)),
                     "standing": standing, "capacity": capacity}
    return out, ccl


def main() -> None:
    data: dict[str, list[float | None]] = {s: [None] * 12 for s in SITES}
    with open(WS / "input" / "meter_readings_2024.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            m = int(row["period"].split("-")[1])
            data[row["site_name"]][m - 1] = float(row["kwh"]) if row["kwh"].strip() else None
    filled: dict[tuple[str, int], bool] = {}
    for s in SITES:
        series = data[s]
        for i, v in enumerate(series):
            if v is None:
                prev = next(series[j] for j in range(i - 1, -1, -1) if series[j] is not None)
                nxt = next(series[j] for j in range(i + 1, 12) if series[j] is not None)
                series[i] = (prev + nxt) / 2
                filled[(s, i + 1)] = True
    rates, ccl = tariff()

    def cost(s: str, m: int) -> float:
        t = rates[s]
        rate = t["winter"] if m in WINTER else t["summer"]
        return data[s][m - 1] * (rate + ccl) / 100 + calendar.monthrange(2024, m)[1] * (t["standing"] + t["capacity"]) / 100

    wb = Workbook()
    mon = wb.active
    mon.title = "Monthly"
    mon.append(["Month", *SITES, "Total", "Notes"])
    for m in range(1, 13):
        r = m + 1
        notes = [s for s in SITES if (s, m) in filled]
        mon.append([f"{calendar.month_name[m]} 2024", *[data[s][m - 1] for s in SITES], f"=SUM(B{r}:D{r})",
                    ("Interpolated (no reading): " + ", ".join(notes)) if notes else None])
    mon.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    chart = LineChart()
    chart.title = "Monthly consumption 2024 (kWh)"
    chart.add_data(Reference(mon, min_col=2, max_col=4, min_row=1, max_row=13), titles_from_data=True)
    chart.set_categories(Reference(mon, min_col=1, min_row=2, max_row=13))
    mon.add_chart(chart, "H3")
    cst = wb.create_sheet("Costs")
    cst.append(["Month", *SITES, "Total"])
    for m in range(1, 13):
        r = m + 1
        cst.append([f"{calendar.month_name[m]} 2024", *[round(cost(s, m), 2) for s in SITES], f"=SUM(B{r}:D{r})"])
    cst.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    totals = {m: sum(data[s][m - 1] for s in SITES) for m in range(1, 13)}
    costs = {m: sum(cost(s, m) for s in SITES) for m in range(1, 13)}
    peak, dear = max(totals, key=totals.get), max(costs, key=costs.get)
    cst["A16"], cst["B16"] = "Peak consumption month", f"{calendar.month_name[peak]} 2024"
    cst["A17"], cst["B17"] = "Most expensive month", f"{calendar.month_name[dear]} 2024"
    wb.save(WS / "energy_review.xlsx")

    gaps = "; ".join(f"{s}: " + ", ".join(calendar.month_name[m] for (t, m) in sorted(filled) if t == s) for s in SITES)
    # The prompt demands committed answers; without the charts the best text-only guess is that
    # the interpolated series show no anomaly.
    (WS / "final_reply.md").write_text(
        "The 2024 review is in `energy_review.xlsx`.\n\n"
        f"Peak consumption month: {calendar.month_name[peak]} 2024\n"
        f"Peak month consumption: {totals[peak]:,.0f} kWh\n"
        f"Most expensive month: {calendar.month_name[dear]} 2024\n"
        f"Annual consumption: {sum(totals.values()):,.0f} kWh\n"
        f"Annual cost: £{sum(costs.values()):,.2f}\n"
        "Anomaly site: none\n"
        "Anomaly month: none\n"
        "Anomaly consumption: none\n\n"
        f"Months without a valid read were interpolated from the neighbouring months ({gaps}); "
        "I could not extract values from the dashboard screenshots, so those months are estimates.\n"
    )


if __name__ == "__main__":
    main()
