"""Oracle for quarterly_pack: every deliverable, computed from input/quarters.csv.

Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from docx import Document  # noqa: E402
from openpyxl import Workbook  # noqa: E402
from openpyxl.chart import BarChart, Reference  # noqa: E402
from pptx import Presentation  # noqa: E402
from pptx.util import Inches  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
rows = [{"quarter": r["quarter"], "revenue": int(r["revenue"]), "cost": int(r["cost"])}
        for r in csv.DictReader(open(WS / "input" / "quarters.csv"))]
for r in rows:
    r["profit"] = r["revenue"] - r["cost"]
annual = {k: sum(r[k] for r in rows) for k in ("revenue", "cost", "profit")}
best = max(rows, key=lambda r: r["profit"])["quarter"]


def workbook() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Quarters"
    ws.append(["Quarter", "Revenue", "Cost", "Profit"])
    for i, r in enumerate(rows, start=2):
        ws.append([r["quarter"], r["revenue"], r["cost"], f"=B{i}-C{i}"])
    last = len(rows) + 1
    ws.append(["Total", f"=SUM(B2:B{last})", f"=SUM(C2:C{last})", f"=SUM(D2:D{last})"])
    chart = BarChart()
    chart.title = "Profit by quarter"
    chart.add_data(Reference(ws, min_col=4, min_row=1, max_row=last), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
    ws.add_chart(chart, "F2")
    wb.save(WS / "results.xlsx")


def chart_png() -> None:
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    ax.bar([r["quarter"] for r in rows], [r["profit"] for r in rows], color="#1f4e9c")
    ax.set_title("Profit 2025", fontsize=20)
    ax.set_ylabel("USD")
    fig.savefig(WS / "chart.png", dpi=100)
    plt.close(fig)


def memo() -> None:
    doc = Document()
    doc.add_heading("Annual results 2025", level=1)
    doc.add_paragraph(f"Annual profit was ${annual['profit']:,} on revenue of ${annual['revenue']:,}. "
                      f"The best quarter was {best}.")
    table = doc.add_table(rows=1, cols=4)
    for cell, name in zip(table.rows[0].cells, ["Quarter", "Revenue", "Cost", "Profit"]):
        cell.text = name
    for r in rows:
        cells = table.add_row().cells
        for cell, value in zip(cells, [r["quarter"], r["revenue"], r["cost"], r["profit"]]):
            cell.text = f"{value:,}" if isinstance(value, int) else value
    doc.add_picture(str(WS / "chart.png"), width=Inches(5))
    doc.save(WS / "memo.docx")


def deck() -> None:
    prs = Presentation()
    title = prs.slides.add_slide(prs.slide_layouts[0])
    title.shapes.title.text = "Results 2025"
    title.placeholders[1].text = f"Annual profit ${annual['profit']:,}"
    chart_slide = prs.slides.add_slide(prs.slide_layouts[5])
    chart_slide.shapes.title.text = "Profit by quarter"
    chart_slide.shapes.add_picture(str(WS / "chart.png"), Inches(1), Inches(1.5), width=Inches(8))
    outlook = prs.slides.add_slide(prs.slide_layouts[1])
    outlook.shapes.title.text = "Outlook"
    outlook.placeholders[1].text = "Growth continues into 2026."
    outlook.notes_slide.notes_text_frame.text = f"Stress that {best} was the best quarter."
    prs.save(WS / "deck.pptx")


def report() -> None:
    pdf = canvas.Canvas(str(WS / "report.pdf"), pagesize=A4)
    pdf.setFont("Helvetica-Bold", 20)
    pdf.drawString(72, 770, "Results 2025")
    pdf.setFont("Helvetica", 12)
    pdf.drawString(72, 740, f"Annual profit: ${annual['profit']:,}")
    pdf.drawString(72, 722, f"Best quarter: {best}")
    pdf.drawImage(str(WS / "chart.png"), 72, 380, width=400, height=250)
    pdf.save()


def dashboard() -> None:
    body = "".join(f"<tr><td>{r['quarter']}</td><td>{r['profit']}</td></tr>" for r in rows)
    (WS / "dashboard.html").write_text(
        "<!doctype html><html><head><title>Results dashboard</title><style>td{padding:4px}</style></head>"
        f"<body><h1>Results 2025</h1><table id=\"quarters\"><tr><th>Quarter</th><th>Profit</th></tr>{body}</table>"
        "</body></html>"
    )


def data_files() -> None:
    with open(WS / "margins.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["quarter", "margin_pct"])
        for r in rows:
            writer.writerow([r["quarter"], round(100 * r["profit"] / r["revenue"], 1)])
    (WS / "summary.json").write_text(json.dumps({"annual": annual, "best_quarter": best}, indent=2))
    (WS / "final_reply.md").write_text(
        f"The results pack is ready. Annual profit for 2025 was ${annual['profit']:,}; the best quarter was {best}.\n"
    )


if __name__ == "__main__":
    workbook()
    chart_png()
    memo()
    deck()
    report()
    dashboard()
    data_files()
