"""Text-only baseline for annual_report_deck: uses only the PDF text layer and the workbook
cells, never looks at the chart images. Whatever is only in the charts is reported as not
available; everything printed as text is used."""

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

    s = slide("Key figures", [
        "Group revenue FY2024: not available in the report text (shown only in a chart)",
        f"Operating profit FY2024: €{op24:.1f}m" if op24 else "Operating profit: n/a",
        "Operating margin FY2024: not available in the report text",
        "Margin peak year: not stated in the report text",
    ])
    s.notes_slide.notes_text_frame.text = (
        f"Operating profit was €{op24:.1f}m. The report says the operating margin eased again and remains below "
        "the best level of its ten-year record; the margin figures are only in a chart.")
    s = slide("Segment mix", [f"{name}: revenue not stated in text; {employees.get(name, 'n/a')} employees" for name in SEGMENTS])
    if employees:
        data = CategoryChartData()
        data.categories = list(employees)
        data.add_series("Employees at year-end", list(employees.values()))
        s.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(5.5), Inches(3.5), Inches(4), Inches(3.5), data)
    lines = [f"{n}: revenue €{r:,.0f}m, operating margin {mg:.1f}%" for n, r, mg in peers]
    lines += ["Aldermoor Technologies N.V.: revenue and margin not available in text",
              f"Peer median operating margin: {median:.1f}% (four peers)",
              "Aldermoor's rank by margin: cannot be determined from the text"]
    slide("Peer comparison", lines)
    slide("Risks", risks)
    prs.save(WS / "investor_deck.pptx")

    (WS / "final_reply.md").write_text(
        "investor_deck.pptx is ready. The report's text does not state segment or group revenue or the operating "
        f"margin; they appear only in charts. Operating profit was €{op24:.1f}m. Peer median margin {median:.1f}%.\n"
    )


if __name__ == "__main__":
    main()
