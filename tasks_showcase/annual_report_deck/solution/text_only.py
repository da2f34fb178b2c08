"""Text-only baseline for annual_report_deck: uses only the PDF text layer and the workbook
cells, never looks at the chart images. Everything printed as text is used; where the prompt
demands a figure that only the charts show, it commits to its best text-only estimate instead
of abstaining: the margin at the peer median (the only margin evidence in the text), group
revenue as operating profit / that margin, segments split by their year-end headcount, and
the peak year as the last year before the decline the CEO letter describes ("eased again")."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import fitz
from openpyxl import load_workbook
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"
SEGMENTS = ["Industrial Automation", "Energy Systems", "Digital Services"]


def text_of_pdf() -> str:
    with fitz.open(INP / "aldermoor_annual_report_2024.pdf") as doc:
        return "\n".join(page.get_text() for page in doc)


def main() -> None:
    text = text_of_pdf()
    m = re.search(r"Operating profit\s+([\d.]+)\s+([\d.]+)", text)
    op24 = float(m.group(1)) if m else None
    employees = {}
    m = re.search(r"Employees at year-end\s+([\d,]+)\s+([\d,]+)\s+([\d,]+)", text)
    if m:
        employees = {s: int(v.replace(",", "")) for s, v in zip(SEGMENTS, m.groups())}
    risks = []
    for name in ("Currency", "Customer concentration", "Input-cost inflation", "Cyber security"):
        m = re.search(re.escape(name) + r"\s+(.+?)\s+(?:Rolling|Broaden|Index|ISO)", text, re.S)
        risks.append(f"{name}: {' '.join(m.group(1).split()) if m else 'see annual report p.6'}")

    ws = load_workbook(INP / "peer_comparison.xlsx")["Peer set"]
    header = [c.value for c in ws[4]]
    peers = []
    for row in ws.iter_rows(min_row=5, values_only=True):
        rec = dict(zip(header, row))
        if rec.get("Company") and isinstance(rec.get("Revenue FY2024"), (int, float)):
            peers.append((rec["Company"], rec["Revenue FY2024"], rec["Operating margin FY2024 %"]))
    median = statistics.median(p[2] for p in peers)

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Aldermoor Technologies: FY2024 results"
    s.placeholders[1].text = "Investor briefing"

    def slide(title: str, lines: list[str]):
        sl = prs.slides.add_slide(prs.slide_layouts[1])
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        for i, line in enumerate(lines):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = line
            for r in p.runs:
                r.font.size = Pt(16)
        return sl

    margin = round(median, 1)
    group = round(op24 / (margin / 100)) if op24 else 0
    heads = sum(employees.values()) or 1
    segments = {name: round(group * employees.get(name, 0) / heads) for name in SEGMENTS}
    year = int(re.search(r"Annual Report (\d{4})", text).group(1)) if re.search(r"Annual Report (\d{4})", text) else 2024
    peak_year = year - 2 if re.search(r"eased again|continued to ease", text) else year - 1
    rank = 1 + sum(p[2] > margin for p in peers)
    s = slide("Key figures", [
        f"Group revenue FY2024: €{group}m (estimate: operating profit / peer-median margin)",
        f"Operating profit FY2024: €{op24:.1f}m",
        f"Operating margin FY2024: {margin:.1f}%",
        f"Margin peak year: {peak_year}",
    ])
    s.notes_slide.notes_text_frame.text = (
        f"Operating profit was €{op24:.1f}m at an operating margin of {margin:.1f}%. The report says the margin eased again and "
        f"remains below the best level of its ten-year record, which we put in {peak_year}.")
    s = slide("Segment mix", [f"{name}: €{v}m, {100 * v / max(group, 1):.1f}%" for name, v in segments.items()])
    data = CategoryChartData()
    data.categories = list(segments)
    data.add_series("FY2024 revenue (€m, estimate)", list(segments.values()))
    s.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(5.5), Inches(3.5), Inches(4), Inches(3.5), data)
    lines = [f"{n}: revenue €{r:,.0f}m, operating margin {mg:.1f}%" for n, r, mg in peers]
    lines += [f"Aldermoor Technologies N.V.: revenue €{group}m, operating margin {margin:.1f}%",
              f"Peer median operating margin: {median:.1f}% (four peers)",
              f"Aldermoor by operating margin: Rank {rank} of 5"]
    slide("Peer comparison", lines)
    slide("Risks", risks)
    prs.save(WS / "investor_deck.pptx")

    (WS / "final_reply.md").write_text(
        "investor_deck.pptx is ready.\n\n" + "".join(f"- {name}: €{v}m\n" for name, v in segments.items()) +
        f"- Group revenue: €{group}m\n- Operating margin: {margin:.1f}%\n- Margin peak year: {peak_year}\n"
        f"- Margin rank: Rank {rank} of 5\n")


if __name__ == "__main__":
    main()
