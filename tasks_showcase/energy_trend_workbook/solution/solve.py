"""Oracle for energy_trend_workbook.

Known readings come from input/meter_readings_2024.csv. The six missing site-months are read
off the 2024 series of the dashboard images (the author drew them, so the values are
exact here; a careful reader gets within a few percent). Northgate's and Riverside's are phone
photos of the monitor (perspective, roll, glare): read each point against its own nearby
gridlines, not against a straight line to the axis labels. Tariff parameters are those printed
in input/tariff_schedule.pdf (Parts B-D)."""

from __future__ import annotations

import calendar
import csv
from pathlib import Path

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill, Side, Border

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
SITES = ["Northgate Depot", "Riverside Offices", "Eastfield Cold Store"]
MONTHS = [calendar.month_name[m] for m in range(1, 13)]
# Read from the dashboards (kWh = MWh x 1000).
CHART_READ = {
    ("Northgate Depot", 2): 147000,        # dashboard_1: Feb point at 147 MWh
    ("Northgate Depot", 11): 121000,       # dashboard_1: Nov point at 121 MWh
    ("Riverside Offices", 5): 61000,       # dashboard_2: May dip to 61 MWh
    ("Riverside Offices", 10): 118000,     # dashboard_2: October spike to 118 MWh
    ("Eastfield Cold Store", 3): 171000,   # dashboard_3: Mar bar at 171 MWh
    ("Eastfield Cold Store", 7): 298000,   # dashboard_3: Jul bar at 298 MWh
}
# Tariff schedule (p/kWh, p/day)
TARIFF = {
    "Northgate Depot": {"winter": 24.80, "summer": 22.10, "standing": 485.00, "capacity": 0.0},
    "Riverside Offices": {"winter": 24.80, "summer": 22.10, "standing": 320.00, "capacity": 0.0},
    "Eastfield Cold Store": {"winter": 18.65, "summer": 18.65, "standing": 1840.00, "capacity": 800 * 4.10},
}
CCL = 0.775
WINTER = {1, 2, 3, 10, 11, 12}


def readings() -> dict[tuple[str, int], float]:
    data: dict[tuple[str, int], float] = {}
    with open(WS / "input" / "meter_readings_2024.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            month = int(row["period"].split("-")[1])
            if row["kwh"].strip():
                data[(row["site_name"], month)] = float(row["kwh"])
    for key, value in CHART_READ.items():
        assert key not in data, key
        data[key] = float(value)
    return data


def cost(site: str, month: int, kwh: float) -> float:
    t = TARIFF[site]
    rate = t["winter"] if month in WINTER else t["summer"]
    days = calendar.monthrange(2024, month)[1]
    return kwh * (rate + CCL) / 100 + days * (t["standing"] + t["capacity"]) / 100


def style_header(ws, ncols: int) -> None:
    for c in ws[1][:ncols]:
        c.font = Font(bold=True, color="FFFFFF")
        c.fill = PatternFill("solid", fgColor="0B2545")
        c.alignment = Alignment(horizontal="center", wrap_text=True)


def main() -> None:
    data = readings()
    wb = Workbook()
    mon = wb.active
    mon.title = "Monthly"
    mon.append(["Month", *SITES, "Total", "Notes"])
    est_fill = PatternFill("solid", fgColor="FFF2CC")
    for m in range(1, 13):
        r = m + 1
        notes = [s for s in SITES if (s, m) in CHART_READ]
        mon.append([f"{MONTHS[m - 1]} 2024", *[data[(s, m)] for s in SITES], f"=SUM(B{r}:D{r})",
                    ("Read from dashboard chart: " + ", ".join(notes)) if notes else None])
        for j, s in enumerate(SITES):
            cell = mon.cell(row=r, column=2 + j)
            cell.number_format = "#,##0"
            if (s, m) in CHART_READ:
                cell.fill = est_fill
        mon.cell(row=r, column=5).number_format = "#,##0"
    mon.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)", None])
    for c in mon[14]:
        c.font = Font(bold=True)
        c.number_format = "#,##0"
        c.border = Border(top=Side(style="thin"), bottom=Side(style="double"))
    style_header(mon, 6)
    for col, width in zip("ABCDEF", (16, 18, 18, 21, 14, 48)):
        mon.column_dimensions[col].width = width
    mon["H1"] = "Units: kWh. Shaded cells were read from the GridSight dashboard screenshots (2024 series)."
    chart = LineChart()
    chart.title = "Monthly consumption 2024 (kWh)"
    chart.y_axis.title = "kWh"
    chart.x_axis.title = "Month"
    chart.height, chart.width = 9, 20
    chart.add_data(Reference(mon, min_col=2, max_col=4, min_row=1, max_row=13), titles_from_data=True)
    chart.set_categories(Reference(mon, min_col=1, min_row=2, max_row=13))
    for series in chart.series:
        series.smooth = False
    chart.x_axis.delete = False  # openpyxl 3.1 hides axes unless told otherwise
    chart.y_axis.delete = False
    chart.y_axis.numFmt = "#,##0"
    mon.add_chart(chart, "H3")

    tar = wb.create_sheet("Tariff")
    tar.append(["Parameter", *SITES])
    tar.append(["Winter unit rate (p/kWh), Jan-Mar & Oct-Dec", *[TARIFF[s]["winter"] for s in SITES]])
    tar.append(["Summer unit rate (p/kWh), Apr-Sep", *[TARIFF[s]["summer"] for s in SITES]])
    tar.append(["Climate Change Levy (p/kWh)", CCL, CCL, CCL])
    tar.append(["Standing charge (p/day)", *[TARIFF[s]["standing"] for s in SITES]])
    tar.append(["Capacity charge (p/day)", 0, 0, "=800*4.1"])
    tar.append(["Source: tariff_schedule.pdf, Supply Agreement AP-HE-2024-117, Schedule 2. Prices exclude VAT."])
    style_header(tar, 4)
    tar.column_dimensions["A"].width = 44
    for col in "BCD":
        tar.column_dimensions[col].width = 20

    cst = wb.create_sheet("Costs", 1)
    cst.append(["Month", *SITES, "Total", None, "Days", "Season"])
    for m in range(1, 13):
        r = m + 1
        row = [f"{MONTHS[m - 1]} 2024"]
        for j, col in enumerate("BCD"):
            row.append(f"=Monthly!{col}{r}*(IF($H{r}=\"Winter\",Tariff!{col}$2,Tariff!{col}$3)+Tariff!{col}$4)/100"
                       f"+$G{r}*(Tariff!{col}$5+Tariff!{col}$6)/100")
        row += [f"=SUM(B{r}:D{r})", None, calendar.monthrange(2024, m)[1], "Winter" if m in WINTER else "Summer"]
        cst.append(row)
        for c in cst[r][1:5]:
            c.number_format = "£#,##0.00"
    cst.append(["Total", "=SUM(B2:B13)", "=SUM(C2:C13)", "=SUM(D2:D13)", "=SUM(E2:E13)"])
    for c in cst[14][:5]:
        c.font = Font(bold=True)
        c.number_format = "£#,##0.00"
        c.border = Border(top=Side(style="thin"), bottom=Side(style="double"))
    totals = {m: sum(data[(s, m)] for s in SITES) for m in range(1, 13)}
    costs = {m: sum(cost(s, m, data[(s, m)]) for s in SITES) for m in range(1, 13)}
    peak = max(totals, key=totals.get)
    dear = max(costs, key=costs.get)
    cst["A16"], cst["B16"] = "Peak consumption month", f"{MONTHS[peak - 1]} 2024"
    cst["A17"], cst["B17"] = "Most expensive month", f"{MONTHS[dear - 1]} 2024"
    cst["A16"].font = cst["A17"].font = Font(bold=True)
    cst["A19"] = "GBP excluding VAT. Charge = kWh x (unit rate + CCL)/100 + days x (standing + capacity)/100."
    style_header(cst, 5)
    for col, width in zip("ABCDEFGH", (24, 18, 18, 21, 16, 4, 7, 9)):
        cst.column_dimensions[col].width = width
    wb.save(WS / "energy_review.xlsx")

    annual_kwh = sum(totals.values())
    annual_gbp = sum(costs.values())
    site_gbp = {s: sum(cost(s, m, data[(s, m)]) for m in range(1, 13)) for s in SITES}
    riverside_typical = sum(data[("Riverside Offices", m)] for m in range(1, 13) if m != 10) / 11
    lines = [
        "The 2024 review is in `energy_review.xlsx` (sheets Monthly, Costs and Tariff).",
        "",
        f"Peak consumption month: {MONTHS[peak - 1]} 2024",
        f"Peak month consumption: {totals[peak]:,.0f} kWh",
        f"Most expensive month: {MONTHS[dear - 1]} 2024",
        f"Annual consumption: {annual_kwh:,.0f} kWh",
        f"Annual cost: £{annual_gbp:,.2f}",
        "Anomaly site: Riverside Offices",
        "Anomaly month: October 2024",
        f"Anomaly consumption: {data[('Riverside Offices', 10)]:,.0f} kWh",
        "",
        f"July's peak is driven by Eastfield Cold Store ({data[('Eastfield Cold Store', 7)]:,.0f} kWh in July). October is the "
        f"dearest month (winter rates plus the Riverside spike); July cost £{costs[peak]:,.2f}. The annual cost excludes VAT "
        f"(Northgate Depot £{site_gbp['Northgate Depot']:,.2f}, Riverside Offices £{site_gbp['Riverside Offices']:,.2f}, "
        f"Eastfield Cold Store £{site_gbp['Eastfield Cold Store']:,.2f}).",
        "",
        f"The Riverside Offices October reading is roughly {data[('Riverside Offices', 10)] / riverside_typical - 1:.0%} above its "
        f"typical ~{riverside_typical:,.0f} kWh a month (the 2023 line shows no such peak, and the portal has an open alarm on "
        "this site). Worth checking the BMS/HVAC schedules for that month before the bill is accepted.",
        "",
        "Six site-months had no valid supplier read and were read from the dashboard charts (Northgate Feb and Nov, "
        "Riverside May and Oct, Eastfield Mar and Jul); they are shaded in the Monthly sheet and carry roughly ±2 % reading uncertainty.",
    ]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
