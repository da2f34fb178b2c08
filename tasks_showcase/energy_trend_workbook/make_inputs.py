"""Inputs for energy_trend_workbook: three dashboard screenshots (PNG) of monthly consumption
per site, the supplier's monthly meter-reading export with gaps (CSV) and the supply
contract's price schedule (PDF).

    python3 make_inputs.py --out DIR

Deterministic: a seeded RNG for the 2023 comparison series and the phone-photo effects, pinned
PNG metadata, reportlab invariant=1. The months missing from the CSV exist only as plotted
points/bars in the PNGs. Two of the three "screenshots" are phone photos of the portal on a site
PC's monitor (perspective, a slight roll, lens blur, uneven exposure and a screen glare, sensor
noise): the chart is still easy to read by eye against its gridlines, but its axes are no longer
straight pixel rows and columns and its colours drift across the frame."""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.patches as mpatches  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402
from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

matplotlib.rcParams["font.family"] = "DejaVu Sans"

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
# 2024 monthly active energy import, kWh (ground truth).
SITES = [
    {"id": "NGD-01", "name": "Northgate Depot", "mpan": "1900012345671", "chart": "line",
     "kwh": [142000, 147000, 126000, 109000, 97500, 91000, 88500, 90000, 99000, 114500, 121000, 145500],
     "gaps": [1, 10], "ylim": (60, 170), "major": 10, "kva": 250, "photo": (0.035, 44, -1)},
    {"id": "RVO-02", "name": "Riverside Offices", "mpan": "1900023456782", "chart": "line",
     "kwh": [78000, 76500, 74000, 70500, 61000, 69000, 71000, 73000, 70000, 118000, 75500, 79000],
     "gaps": [4, 9], "ylim": (40, 130), "major": 10, "kva": 200, "photo": (-0.03, 52, 1)},
    {"id": "EFC-03", "name": "Eastfield Cold Store", "mpan": "1400034567893", "chart": "bar",
     "kwh": [165000, 168000, 171000, 196000, 214000, 236000, 298000, 250000, 221000, 199000, 178000, 170000],
     "gaps": [2, 6], "ylim": (0, 350), "major": 25, "kva": 800},
]
SEED = 20240107

NAVY = "#0b2545"
SIDE = "#13315c"
ACCENT = "#1f7a8c"


def prior_year(rng: np.random.Generator, site: dict) -> list[float]:
    """A plausible 2023 series: the 2024 shape without the anomalies, with a little noise."""
    base = np.array(site["kwh"], dtype=float)
    if site["id"] == "RVO-02":
        base[9] = 76000.0
        base[4] = 71500.0
    if site["id"] == "EFC-03":
        base[6] = 247000.0
        base[2] = 161000.0
    noise = rng.normal(1.0, 0.025, size=12)
    return list(np.round(base * noise * 0.97 / 100.0) / 10.0)  # MWh, one decimal


def dashboard(path: Path, site: dict, prev: list[float]) -> None:
    W, H = 1440, 860
    fig = plt.figure(figsize=(W / 100, H / 100), dpi=100)
    fig.patch.set_facecolor("#eef1f5")
    bg = fig.add_axes((0, 0, 1, 1))
    bg.set_xlim(0, W)
    bg.set_ylim(0, H)
    bg.axis("off")
    # top bar
    bg.add_patch(mpatches.Rectangle((0, H - 52), W, 52, color=NAVY))
    bg.add_patch(mpatches.Circle((30, H - 26), 12, color="#f4d35e"))
    bg.text(30, H - 26, "G", ha="center", va="center", fontsize=11, fontweight="bold", color=NAVY)
    bg.text(52, H - 26, "GridSight", ha="left", va="center", fontsize=15, fontweight="bold", color="white")
    bg.text(162, H - 26, "Energy Portal", ha="left", va="center", fontsize=12, color="#c9d6e8")
    bg.text(W - 20, H - 20, "j.okafor@harrowfield-estates.co.uk", ha="right", va="center", fontsize=9, color="#c9d6e8")
    bg.text(W - 20, H - 36, "Harrowfield Estates plc  |  Energy team", ha="right", va="center", fontsize=8, color="#8fa6c4")
    # sidebar
    bg.add_patch(mpatches.Rectangle((0, 0), 180, H - 52, color=SIDE))
    nav = ["Overview", "Portfolio", "Sites", "Meters", "Alarms", "Reports", "Tariffs", "Settings"]
    for i, item in enumerate(nav):
        y = H - 95 - 38 * i
        if item == "Sites":
            bg.add_patch(mpatches.Rectangle((0, y - 16), 180, 32, color=ACCENT))
        bg.text(24, y, item, va="center", fontsize=10.5, color="white" if item == "Sites" else "#c9d6e8")
    bg.text(24, 30, "v4.12.2", fontsize=8, color="#8fa6c4")
    # breadcrumb + filters
    bg.text(205, H - 82, f"Portfolio  \u203a  Sites  \u203a  {site['name']} ({site['id']})", fontsize=10, color="#4a5a70")
    bg.text(205, H - 112, site["name"], fontsize=19, fontweight="bold", color=NAVY)
    chips = ["Period: Jan \u2013 Dec 2024", "Interval: Monthly", "Measure: Active import (MWh)", "Compare: 2023"]
    x = 205
    for chip in chips:
        wch = 22 + 6.9 * len(chip)
        bg.add_patch(mpatches.FancyBboxPatch((x, H - 152), wch, 24, boxstyle="round,pad=0,rounding_size=10",
                                             facecolor="white", edgecolor="#b8c4d6", lw=0.8))
        bg.text(x + wch / 2, H - 140, chip, ha="center", va="center", fontsize=8.8, color="#2b3a4f")
        x += wch + 10
    bg.text(W - 24, H - 140, "Exported 08/01/2025 09:14", ha="right", va="center", fontsize=8.5, color="#6b7a90")
    # KPI tiles (no consumption figures)
    tiles = [
        ("Meter (MPAN)", " ".join([site["mpan"][:2], site["mpan"][2:6], site["mpan"][6:10], site["mpan"][10:]])),
        ("Supply capacity", f"{site['kva']} kVA"),
        ("AMR data completeness", "100 %  (12 / 12)"),
        ("Open alarms", "1" if site["id"] == "RVO-02" else "0"),
    ]
    tw = (W - 205 - 24 - 3 * 16) / 4
    for i, (lab, val) in enumerate(tiles):
        tx = 205 + i * (tw + 16)
        bg.add_patch(mpatches.FancyBboxPatch((tx, H - 240), tw, 70, boxstyle="round,pad=0,rounding_size=6",
                                             facecolor="white", edgecolor="#d5dce6", lw=0.8))
        bg.text(tx + 14, H - 190, lab.upper(), fontsize=8, color="#6b7a90")
        bg.text(tx + 14, H - 220, val, fontsize=14, fontweight="bold", color=NAVY)
    # chart card
    cx0, cy0, cw, ch = 205, 24, W - 205 - 24, H - 290
    bg.add_patch(mpatches.FancyBboxPatch((cx0, cy0), cw, ch, boxstyle="round,pad=0,rounding_size=6",
                                         facecolor="white", edgecolor="#d5dce6", lw=0.8))
    bg.text(cx0 + 18, cy0 + ch - 26, "Monthly consumption", fontsize=12.5, fontweight="bold", color=NAVY)
    bg.text(cx0 + 18, cy0 + ch - 46, "Active energy import, MWh per calendar month \u2013 AMR logger, main incomer",
            fontsize=9, color="#6b7a90")
    bg.text(cx0 + 18, cy0 + 12, "Source: site AMR half-hourly data aggregated to calendar months. Hover a point for values.",
            fontsize=8, color="#8a97a8")
    ax = fig.add_axes(((cx0 + 70) / W, (cy0 + 50) / H, (cw - 110) / W, (ch - 130) / H))
    mwh = [k / 1000 for k in site["kwh"]]
    xs = np.arange(12)
    lo, hi = site["ylim"]
    if site["chart"] == "line":
        ax.plot(xs, prev, color="#9aa5b1", lw=1.6, ls=(0, (5, 3)), marker="o", ms=4, label="2023", zorder=2)
        ax.plot(xs, mwh, color=ACCENT, lw=2.4, marker="o", ms=6.5, label="2024", zorder=3)
    else:
        ax.bar(xs, mwh, width=0.62, color=ACCENT, label="2024", zorder=2)
        ax.plot(xs, prev, color="#e07a2f", lw=1.6, ls=(0, (5, 3)), marker="D", ms=4, label="2023", zorder=3)
    ax.set_xlim(-0.6, 11.6)
    ax.set_ylim(lo, hi)
    ax.set_xticks(xs, MONTHS)
    ax.set_yticks(np.arange(lo, hi + 0.1, site["major"]))
    ax.set_yticks(np.arange(lo, hi + 0.1, site["major"] / 2), minor=True)
    ax.grid(axis="y", which="major", color="#c8cfda", lw=1.0, zorder=0)
    ax.grid(axis="y", which="minor", color="#eef1f5", lw=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_ylabel("MWh", fontsize=10, color="#4a5a70")
    ax.tick_params(axis="both", labelsize=9.5, colors="#4a5a70", which="both", length=0)
    ax.tick_params(axis="y", which="minor", labelleft=False)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.spines["bottom"].set_color("#9aa5b1")
    ax.legend(loc="upper center", ncol=2, frameon=False, fontsize=9.5, bbox_to_anchor=(0.5, 1.09))
    fig.savefig(path, dpi=100, metadata={"Software": None}, facecolor=fig.get_facecolor())
    plt.close(fig)
    img = Image.open(path).convert("RGB")
    if "photo" in site:
        phone_photo(img, np.random.default_rng(SEED + len(site["id"]) * 7 + int(site["mpan"][-1])), *site["photo"]).save(path, optimize=True)
        return
    img = img.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    img.save(path, optimize=True)


def _solve_perspective(src, dst):
    """Coefficients for PIL's PERSPECTIVE transform mapping output points dst to input points src."""
    a = []
    b = []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, dtype=float), np.array(b, dtype=float))


def phone_photo(screen: Image.Image, rng: np.random.Generator, roll: float, keystone: float, side: int) -> Image.Image:
    """A phone photo of the dashboard on a monitor: bezel and desk around the screen, the screen
    seen slightly from one side and below (keystone), rolled by `roll` radians, a glare, uneven
    exposure, lens blur and sensor noise."""
    W, H = screen.size
    out_w, out_h = 1600, 1060
    # the monitor: bezel round the screen, on a desk background
    bez = 26
    monitor = Image.new("RGB", (W + 2 * bez, H + 2 * bez), (24, 25, 28))
    monitor.paste(screen, (bez, bez))
    # where the screen corners land in the photo (tl, tr, br, bl)
    cx, cy = out_w / 2, out_h / 2
    hw, hh = 0.45 * out_w, 0.43 * out_h
    k = keystone * side
    corners = [(-hw + k * 0.5, -hh + keystone * 0.3), (hw + k * 0.5, -hh - keystone * 0.3),
               (hw - k * 0.2, hh + keystone * 0.25), (-hw - k * 0.2, hh - keystone * 0.25)]
    c, s_ = np.cos(roll), np.sin(roll)
    dst = [(cx + x * c - y * s_ + rng.normal(0, 3), cy + x * s_ + y * c + rng.normal(0, 3)) for x, y in corners]
    src = [(0, 0), (monitor.width, 0), (monitor.width, monitor.height), (0, monitor.height)]
    coeffs = _solve_perspective(src, dst)
    desk = Image.new("RGB", (out_w, out_h), (92, 80, 66))
    warped = monitor.transform((out_w, out_h), Image.PERSPECTIVE, tuple(coeffs), Image.BICUBIC, fillcolor=(92, 80, 66))
    mask = Image.new("L", monitor.size, 255).transform((out_w, out_h), Image.PERSPECTIVE, tuple(coeffs), Image.BILINEAR, fillcolor=0)
    desk.paste(warped, (0, 0), mask)
    arr = np.asarray(desk.filter(ImageFilter.GaussianBlur(1.1)), dtype=float)
    yy, xx = np.mgrid[0:out_h, 0:out_w]
    # exposure: brighter centre, darker corners; a warm cast; a soft glare on one side
    vign = 1.0 - 0.22 * (((xx - cx) / out_w) ** 2 + ((yy - cy) / out_h) ** 2) * 2.2
    gx, gy = out_w * (0.72 if side > 0 else 0.28), out_h * 0.30
    glare = 45 * np.exp(-(((xx - gx) / (0.22 * out_w)) ** 2 + ((yy - gy) / (0.30 * out_h)) ** 2))
    tilt = 1.0 + 0.10 * (xx / out_w - 0.5) * side
    cast = np.array([1.03, 0.99, 0.90])
    arr = arr * (vign * tilt)[..., None] * cast[None, None, :] + glare[..., None] * np.array([0.9, 0.95, 1.0])
    # faint moire of the screen's pixel grid
    arr += 3.0 * np.sin(xx * 0.71 + yy * 0.23)[..., None]
    arr += rng.normal(0, 4.0, size=arr.shape)
    return Image.fromarray(np.clip(arr, 0, 255).round().astype(np.uint8))


def write_csv(path: Path) -> None:
    with open(path, "w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["site_id", "site_name", "mpan", "period", "kwh", "read_type", "read_status"])
        for site in SITES:
            for m in range(12):
                period = f"2024-{m + 1:02d}"
                if m in site["gaps"]:
                    w.writerow([site["id"], site["name"], site["mpan"], period, "", "", "MISSING - no valid read (DCC comms failure)"])
                else:
                    w.writerow([site["id"], site["name"], site["mpan"], period, site["kwh"][m], "A", "VALIDATED"])


def write_tariff(path: Path) -> None:
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Schedule 2 - Charges, Supply Agreement AP-HE-2024-117")
    c.setAuthor("Albion Power Ltd")
    w, h = A4
    c.setFillColor(HexColor("#2d1e5c"))
    c.rect(0, h - 70, w, 70, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("Helvetica-Bold", 20)
    c.drawString(45, h - 42, "ALBION POWER")
    c.setFont("Helvetica", 9)
    c.drawString(45, h - 58, "Business Energy  |  Albion Power Ltd, 3 Wharf Street, Bristol BS1 6QR")
    c.setFillColor(HexColor("#000000"))
    c.setFont("Helvetica-Bold", 13)
    c.drawString(45, h - 100, "Supply Agreement AP-HE-2024-117  -  Schedule 2: Charges")
    c.setFont("Helvetica", 9.5)
    c.drawString(45, h - 117, "Customer: Harrowfield Estates plc    Contract period: 1 January 2024 to 31 December 2024")
    c.drawString(45, h - 131, "All prices exclude VAT. Unit rates and the Climate Change Levy are in pence per kWh (p/kWh);")
    c.drawString(45, h - 144, "standing and capacity charges are in pence per day (p/day) and apply to every calendar day.")

    def table(y, head, rows, widths):
        x0 = 45
        c.setFillColor(HexColor("#e6e2f0"))
        c.rect(x0, y - 5, sum(widths), 18, stroke=0, fill=1)
        c.setFillColor(HexColor("#000000"))
        c.setFont("Helvetica-Bold", 9)
        x = x0
        for t, wd in zip(head, widths):
            c.drawString(x + 4, y, t)
            x += wd
        c.setFont("Helvetica", 9)
        for r in rows:
            y -= 17
            x = x0
            for t, wd in zip(r, widths):
                c.drawString(x + 4, y, t)
                x += wd
            c.setStrokeColor(HexColor("#cccccc"))
            c.line(x0, y - 5, x0 + sum(widths), y - 5)
        return y

    y = h - 180
    c.setFont("Helvetica-Bold", 11)
    c.drawString(45, y, "Part A - Sites and products")
    y = table(y - 22, ["Site", "Site ID", "MPAN", "Product", "Capacity"], [
        ["Northgate Depot", "NGD-01", "19 0001 2345 671", "Business Fixed 24 (LV NHH)", "250 kVA"],
        ["Riverside Offices", "RVO-02", "19 0002 3456 782", "Business Fixed 24 (LV NHH)", "200 kVA"],
        ["Eastfield Cold Store", "EFC-03", "14 0003 4567 893", "HV Flex 24 (HV HH)", "800 kVA"],
    ], [120, 60, 105, 150, 70])

    y -= 36
    c.setFont("Helvetica-Bold", 11)
    c.drawString(45, y, "Part B - Unit rates (p/kWh)")
    y = table(y - 22, ["Product", "Winter: Jan-Mar, Oct-Dec", "Summer: Apr-Sep"], [
        ["Business Fixed 24 (LV NHH)", "24.80", "22.10"],
        ["HV Flex 24 (HV HH)", "18.65", "18.65"],
    ], [180, 160, 165])

    y -= 36
    c.setFont("Helvetica-Bold", 11)
    c.drawString(45, y, "Part C - Fixed charges (p/day)")
    y = table(y - 22, ["Site", "Standing charge", "Capacity charge", "Basis"], [
        ["Northgate Depot", "485.00", "-", "included in standing charge"],
        ["Riverside Offices", "320.00", "-", "included in standing charge"],
        ["Eastfield Cold Store", "1,840.00", "4.10 per kVA", "x agreed capacity (800 kVA)"],
    ], [130, 110, 110, 155])

    y -= 36
    c.setFont("Helvetica-Bold", 11)
    c.drawString(45, y, "Part D - Levies")
    y = table(y - 22, ["Levy", "Rate", "Applies to"], [
        ["Climate Change Levy (main rate)", "0.775 p/kWh", "all consumption, all sites"],
    ], [200, 120, 185])

    y -= 34
    c.setFont("Helvetica-Bold", 11)
    c.drawString(45, y, "Part E - How a monthly charge is built")
    c.setFont("Helvetica", 9.5)
    lines = [
        "Monthly charge (GBP, ex VAT) = kWh x (unit rate + CCL) / 100  +  days in month x (standing + capacity) / 100",
        "The unit rate is the one for the season the calendar month falls in. 2024 is a leap year (February has 29 days).",
        "Worked example (illustrative only, not a site of this agreement): 50,000 kWh in a winter month of 31 days on",
        "Business Fixed 24 with a 400.00 p/day standing charge = 50,000 x 25.575 / 100 + 31 x 400.00 / 100 = GBP 12,911.50.",
        "Where no valid meter read exists, charges are billed on the best available consumption data for the month.",
    ]
    for i, t in enumerate(lines):
        c.drawString(45, y - 18 - 14 * i, t)
    c.setFont("Helvetica", 7.5)
    c.setFillColor(HexColor("#666666"))
    c.drawString(45, 40, "Albion Power Ltd is registered in England and Wales, company no. 09876543. Schedule 2 forms part of the Supply Agreement.")
    c.drawString(45, 29, "Page 1 of 1   |   Issued 14 December 2023   |   Ref AP-HE-2024-117/S2")
    c.showPage()
    c.save()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(SEED)
    for i, site in enumerate(SITES, start=1):
        prev = prior_year(rng, site)
        slug = site["name"].lower().replace(" ", "_")
        dashboard(out / f"dashboard_{i}_{slug}.png", site, prev)
    write_csv(out / "meter_readings_2024.csv")
    write_tariff(out / "tariff_schedule.pdf")


if __name__ == "__main__":
    main()
