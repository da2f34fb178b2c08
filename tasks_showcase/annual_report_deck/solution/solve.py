"""Oracle for annual_report_deck: builds investor_deck.pptx and the final reply.

Chart readings (the author knows them; a reader gets them from page 3 of the report) are
hard-coded; everything printed as text (operating profit, peers, risks) is read from the inputs."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import fitz
from openpyxl import load_workbook
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Emu, Inches, Pt

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"

# Read from Figure 1 (FY2024 bars) and Figure 2 (margin line) on page 3 of the report.
SEGMENTS = {"Industrial Automation": 412, "Energy Systems": 287, "Digital Services": 163}
SEG_FY23 = {"Industrial Automation": 389, "Energy Systems": 262, "Digital Services": 136}
MARGIN_24, MARGIN_23, PEAK_YEAR, PEAK_MARGIN = 12.6, 13.5, 2021, 15.2

NAVY = RGBColor(0x1B, 0x3A, 0x5C)
TEAL = RGBColor(0x2F, 0x9C, 0x95)
GREY = RGBColor(0x55, 0x55, 0x55)


def report_text() -> str:
    with fitz.open(INP / "aldermoor_annual_report_2024.pdf") as doc:
        return "\n".join(page.get_text() for page in doc)


def operating_profit(text: str) -> tuple[float, float]:
    m = re.search(r"Operating profit\s+([\d.]+)\s+([\d.]+)", text)
    assert m, "operating profit row not found"
    return float(m.group(1)), float(m.group(2))


def peers() -> list[dict]:
    ws = load_workbook(INP / "peer_comparison.xlsx", data_only=False)["Peer set"]
    header = [c.value for c in ws[4]]
    out = []
    for row in ws.iter_rows(min_row=5, values_only=True):
        rec = dict(zip(header, row))
        if not rec.get("Company") or str(rec["Company"]).startswith("Peer median"):
            continue
        if rec["Company"].startswith("Aldermoor"):
            continue
        out.append({"name": rec["Company"], "revenue": float(rec["Revenue FY2024"]),
                    "margin": float(rec["Operating margin FY2024 %"])})
    return out


def title_only(prs: Presentation, title: str):
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = title
    tf = slide.shapes.title.text_frame
    tf.paragraphs[0].runs[0].font.size = Pt(30)
    tf.paragraphs[0].runs[0].font.bold = True
    tf.paragraphs[0].runs[0].font.color.rgb = NAVY
    slide.shapes.title.left, slide.shapes.title.top = Inches(0.5), Inches(0.3)
    slide.shapes.title.width, slide.shapes.title.height = Inches(12.3), Inches(0.9)
    tf.paragraphs[0].alignment = 1  # left
    bar = slide.shapes.add_shape(1, Inches(0.5), Inches(1.2), Inches(1.2), Emu(45720))
    bar.fill.solid()
    bar.fill.fore_color.rgb = TEAL
    bar.line.fill.background()
    return slide


def bullets(slide, items: list[str], left, top, width, height, size: int = 18) -> None:
    box = slide.shapes.add_textbox(left, top, width, height)
    tf = box.text_frame
    tf.word_wrap = True
    for i, item in enumerate(items):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = "\u2022 " + item
        p.space_after = Pt(10)
        for r in p.runs:
            r.font.size = Pt(size)
            r.font.color.rgb = RGBColor(0x22, 0x22, 0x22)


def table(slide, rows: list[list[str]], left, top, width, col_w: list[float], size: int = 14) -> None:
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, Inches(0.42 * len(rows)))
    tbl = shape.table
    for j, w in enumerate(col_w):
        tbl.columns[j].width = Inches(w)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = value
            para = cell.text_frame.paragraphs[0]
            para.alignment = 3 if j > 0 else 1  # right-align numbers
            for r in para.runs:
                r.font.size = Pt(size)
                r.font.bold = i == 0 or value.startswith("Aldermoor")


def build() -> dict:
    text = report_text()
    op24, op23 = operating_profit(text)
    group24, group23 = sum(SEGMENTS.values()), sum(SEG_FY23.values())
    growth = (group24 / group23 - 1) * 100
    peer_rows = peers()
    median_margin = statistics.median(p["margin"] for p in peer_rows)
    everyone = peer_rows + [{"name": "Aldermoor Technologies N.V.", "revenue": group24, "margin": MARGIN_24}]
    ranked = sorted(everyone, key=lambda p: -p["margin"])
    rank = 1 + next(i for i, p in enumerate(ranked) if p["name"].startswith("Aldermoor"))

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)

    # 1. title
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Aldermoor Technologies: FY2024 results"
    s.placeholders[1].text = "Investor briefing · Equity Research · March 2025"
    s.shapes.title.left, s.shapes.title.top = Inches(0.9), Inches(2.2)
    s.shapes.title.width, s.shapes.title.height = Inches(11.5), Inches(1.5)
    s.placeholders[1].left, s.placeholders[1].top = Inches(0.9), Inches(3.9)
    s.placeholders[1].width, s.placeholders[1].height = Inches(11.5), Inches(0.9)
    for r in s.shapes.title.text_frame.paragraphs[0].runs:
        r.font.color.rgb, r.font.bold, r.font.size = NAVY, True, Pt(40)
    band = s.shapes.add_shape(1, 0, Inches(6.9), prs.slide_width, Inches(0.6))
    band.fill.solid()
    band.fill.fore_color.rgb = NAVY
    band.line.fill.background()

    # 2. key figures
    s = title_only(prs, "Key figures")
    rows = [["FY2024", "Value", "FY2023"],
            ["Group revenue", f"€{group24:.0f}m", f"€{group23:.0f}m"],
            ["Revenue growth", f"{growth:.1f}%", ""],
            ["Operating profit", f"€{op24:.1f}m", f"€{op23:.1f}m"],
            ["Operating margin", f"{MARGIN_24:.1f}%", f"{MARGIN_23:.1f}%"],
            ["Margin peak (ten-year record)", f"{PEAK_MARGIN:.1f}% in {PEAK_YEAR}", ""]]
    table(s, rows, Inches(0.6), Inches(1.6), Inches(8.2), [4.2, 2.2, 1.8], size=18)
    bullets(s, [f"Revenue up {growth:.1f}% with growth in all three segments",
                f"Margin {PEAK_MARGIN - MARGIN_24:.1f} pp below its {PEAK_YEAR} peak; third year of decline",
                "Restoring margin is management's first priority"],
            Inches(9.1), Inches(1.6), Inches(3.8), Inches(4.5), size=15)
    s.notes_slide.notes_text_frame.text = (
        f"Group revenue rose to €{group24:.0f}m (+{growth:.1f}%), read from the segment chart in the annual report. "
        f"Operating profit was €{op24:.1f}m, an operating margin of {MARGIN_24:.1f}% versus {MARGIN_23:.1f}% a year earlier. "
        f"The margin peaked at {PEAK_MARGIN:.1f}% in {PEAK_YEAR} and has eased every year since; "
        "input-cost inflation and Digital Services investment are the drivers management cites.")

    # 3. segment mix
    s = title_only(prs, "Segment mix")
    rows = [["Segment", "FY2024 revenue", "Share"]]
    for name, value in SEGMENTS.items():
        rows.append([name, f"€{value}m", f"{100 * value / group24:.1f}%"])
    rows.append(["Group", f"€{group24}m", "100.0%"])
    table(s, rows, Inches(0.6), Inches(1.7), Inches(6.6), [3.4, 1.9, 1.3], size=18)
    data = CategoryChartData()
    data.categories = list(SEGMENTS)
    data.add_series("FY2024 revenue (€m)", list(SEGMENTS.values()))
    frame = s.shapes.add_chart(XL_CHART_TYPE.DOUGHNUT, Inches(7.4), Inches(1.5), Inches(5.4), Inches(5.2), data)
    chart = frame.chart
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.BOTTOM
    chart.legend.include_in_layout = False
    chart.plots[0].has_data_labels = True
    labels = chart.plots[0].data_labels
    labels.show_percentage, labels.show_value = True, False
    labels.number_format, labels.number_format_is_linked = "0%", False
    labels.font.size, labels.font.bold = Pt(13), True
    labels.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    for point, color in zip(chart.plots[0].series[0].points, [NAVY, TEAL, RGBColor(0x9F, 0xB7, 0xCF)]):
        point.format.fill.solid()
        point.format.fill.fore_color.rgb = color

    # 4. peers
    s = title_only(prs, "Peer comparison")
    rows = [["Company", "Revenue FY2024", "Operating margin FY2024"]]
    for p in sorted(everyone, key=lambda p: -p["revenue"]):
        rows.append([p["name"], f"€{p['revenue']:,.0f}m", f"{p['margin']:.1f}%"])
    table(s, rows, Inches(0.6), Inches(1.6), Inches(10.0), [5.0, 2.4, 2.6], size=17)
    bullets(s, [f"Peer median operating margin: {median_margin:.1f}% (four peers, excluding Aldermoor)",
                f"Aldermoor by operating margin: Rank {rank} of 5, {MARGIN_24 - median_margin:.1f} pp above the peer median"],
            Inches(0.6), Inches(4.6), Inches(12), Inches(1.6), size=17)

    # 5. risks
    s = title_only(prs, "Risks")
    bullets(s, [
        "Currency: about a third of revenue in US dollars and sterling against a euro cost base; hedged 12 months rolling",
        "Customer concentration: Energy Systems depends on three utility customers; trend rising",
        "Input-cost inflation: copper, electrical steel and power semiconductors pass through with a lag; trend rising",
        "Cyber security: Digital Services holds customer plant data; ISO 27001, 24/7 monitoring",
    ], Inches(0.6), Inches(1.6), Inches(12), Inches(5), size=19)

    prs.save(WS / "investor_deck.pptx")
    return {"group": group24, "margin": MARGIN_24, "peak": PEAK_YEAR, "rank": rank, "median": median_margin,
            "op": op24, "growth": growth}


def main() -> None:
    r = build()
    lines = "".join(f"- {name}: €{value}m\n" for name, value in SEGMENTS.items())
    (WS / "final_reply.md").write_text(
        "investor_deck.pptx is ready (5 slides: title, key figures with speaker notes, segment mix, peer comparison, risks).\n\n"
        f"{lines}"
        f"- Group revenue: €{r['group']}m\n"
        f"- Operating margin: {r['margin']:.1f}%\n"
        f"- Margin peak year: {r['peak']}\n"
        f"- Margin rank: Rank {r['rank']} of 5\n\n"
        f"Also worth quoting: revenue growth +{r['growth']:.1f}%, operating profit €{r['op']:.1f}m, margin peak {PEAK_MARGIN:.1f}%, "
        f"peer median margin {r['median']:.1f}%. Chart readings (no data labels) are accurate to about ±€5m and ±0.2 pp.\n"
    )


if __name__ == "__main__":
    main()
