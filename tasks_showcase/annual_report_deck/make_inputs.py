"""Inputs for annual_report_deck: a fictitious company's annual report and a peer sheet.

python3 make_inputs.py --out DIR writes
  aldermoor_annual_report_2024.pdf  6 pages (reportlab, invariant): cover, CEO letter,
      financial highlights (two chart IMAGES without data labels), segment review,
      notes extract (numbers in text), principal risks
  peer_comparison.xlsx              analyst peer sheet; Aldermoor's row left blank

The segment revenues and the margin history exist only as pixels in the chart images. Figure 1
stacks the three segments in one ink colour, told apart only by hatch pattern (totals printed on
top); Figure 2 draws the reported and the adjusted margin in the same colour, told apart only by
line style (dashed = reported, solid = adjusted), and the two peak in different years."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from openpyxl import Workbook  # noqa: E402
from openpyxl.comments import Comment  # noqa: E402
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side  # noqa: E402
from reportlab.lib import colors  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.lib.utils import ImageReader  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402
from reportlab.platypus import Frame, Paragraph, Table, TableStyle  # noqa: E402
from reportlab.lib.styles import ParagraphStyle  # noqa: E402

NAVY = "#1b3a5c"
TEAL = "#2f9c95"
LIGHT = "#9fb7cf"
COMPANY = "Aldermoor Technologies N.V."

# Ground truth that only the chart images carry (EUR million; operating margin in %).
SEGMENTS = ["Industrial Automation", "Energy Systems", "Digital Services"]
REV_FY23 = [389, 262, 136]
REV_FY24 = [412, 287, 163]
MARGIN = {2015: 9.8, 2016: 10.4, 2017: 11.1, 2018: 11.9, 2019: 12.3, 2020: 10.6,
          2021: 15.2, 2022: 14.1, 2023: 13.5, 2024: 12.6}  # reported (IFRS): the dashed line
# Adjusted margin (before restructuring costs and disposal gains): the solid line, same colour.
# It peaks in 2023, not 2021 (the 2021 reported spike is the gain on the sale of the cable business).
ADJUSTED = {2015: 10.6, 2016: 11.2, 2017: 11.9, 2018: 12.7, 2019: 13.4, 2020: 12.4,
            2021: 13.9, 2022: 15.4, 2023: 15.9, 2024: 15.1}
# One ink colour for all segments: only the hatch tells them apart.
HATCH = {"Industrial Automation": "////", "Energy Systems": "...", "Digital Services": "xx"}


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=150, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def bar_chart() -> bytes:
    """Stacked columns, one ink colour: the segments are told apart only by their hatch pattern
    (a print-friendly one-colour chart), totals printed on top, no segment data labels."""
    plt.rcParams.update({"font.family": "DejaVu Sans", "font.size": 10, "hatch.linewidth": 0.9, "hatch.color": NAVY})
    fig, ax = plt.subplots(figsize=(8.0, 4.4))
    years = ["FY2023", "FY2024"]
    x = [0, 1]
    bottom = [0, 0]
    for k, name in enumerate(SEGMENTS):
        vals = [REV_FY23[k], REV_FY24[k]]
        ax.bar(x, vals, 0.46, bottom=bottom, color="white", edgecolor=NAVY, linewidth=1.1, hatch=HATCH[name],
               label=name, zorder=3)
        bottom = [b + v for b, v in zip(bottom, vals)]
    for xi, total in zip(x, bottom):
        ax.text(xi, total + 12, f"{total}", ha="center", va="bottom", fontsize=10, fontweight="bold", color=NAVY)
    ax.set_xticks(x, years)
    ax.set_xlim(-0.7, 2.3)
    ax.set_ylim(0, 950)
    ax.set_yticks(range(0, 951, 50))
    ax.set_ylabel("€ million")
    ax.grid(axis="y", color="#c8c8c8", linewidth=0.7, zorder=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(frameon=False, loc="center right", handlelength=2.4, handleheight=1.6)
    ax.set_title("Revenue by segment", loc="left", fontsize=12, fontweight="bold", color=NAVY)
    fig.tight_layout()
    return _png(fig)


def line_chart() -> bytes:
    """Two margin series in the same colour, told apart only by line style (legend)."""
    plt.rcParams.update({"font.family": "DejaVu Sans", "font.size": 10})
    fig, ax = plt.subplots(figsize=(8.0, 3.6))
    years = list(MARGIN)
    ax.plot(years, list(ADJUSTED.values()), color=TEAL, linewidth=2.6, marker="o", markersize=6, zorder=3,
            label="Adjusted operating margin")
    ax.plot(years, list(MARGIN.values()), color=TEAL, linewidth=1.6, linestyle=(0, (5, 3)), marker="o", markersize=5,
            markerfacecolor="white", markeredgewidth=1.4, zorder=4, label="Operating margin (IFRS, as reported)")
    ax.set_xticks(years, [str(y) for y in years])
    ax.set_ylim(8, 17)
    ax.set_yticks(range(8, 18))
    ax.set_yticklabels([f"{v}%" for v in range(8, 18)])
    ax.grid(axis="y", color="#c8c8c8", linewidth=0.7, zorder=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(frameon=False, loc="lower right", handlelength=3.2)
    ax.set_title("Operating margin, ten-year record", loc="left", fontsize=12, fontweight="bold", color=NAVY)
    fig.tight_layout()
    return _png(fig)


# -- the PDF ----------------------------------------------------------------------------

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=14.5, spaceAfter=7)
H2 = ParagraphStyle("h2", fontName="Helvetica-Bold", fontSize=11.5, leading=15, textColor=colors.HexColor(NAVY), spaceBefore=6, spaceAfter=4)
SMALL = ParagraphStyle("small", fontName="Helvetica", fontSize=8.5, leading=11, textColor=colors.HexColor("#555555"))
W, H = A4


def header_footer(c: canvas.Canvas, page: int, section: str) -> None:
    c.setFillColor(colors.HexColor(NAVY))
    c.rect(0, H - 14 * mm, W, 14 * mm, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(18 * mm, H - 9 * mm, "ALDERMOOR TECHNOLOGIES")
    c.setFont("Helvetica", 9)
    c.drawRightString(W - 18 * mm, H - 9 * mm, section)
    c.setFillColor(colors.HexColor("#777777"))
    c.setFont("Helvetica", 8)
    c.drawString(18 * mm, 10 * mm, f"{COMPANY} · Annual Report 2024")
    c.drawRightString(W - 18 * mm, 10 * mm, str(page))
    c.setStrokeColor(colors.HexColor("#cccccc"))
    c.line(18 * mm, 14 * mm, W - 18 * mm, 14 * mm)


def title(c: canvas.Canvas, text: str, y: float = H - 32 * mm) -> None:
    c.setFillColor(colors.HexColor(NAVY))
    c.setFont("Helvetica-Bold", 20)
    c.drawString(18 * mm, y, text)
    c.setStrokeColor(colors.HexColor(TEAL))
    c.setLineWidth(2)
    c.line(18 * mm, y - 4 * mm, 48 * mm, y - 4 * mm)
    c.setLineWidth(1)


def flow(c: canvas.Canvas, items: list, x: float, y: float, w: float, h: float) -> None:
    Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, showBoundary=0).addFromList(items, c)


def logo(c: canvas.Canvas, x: float, y: float, s: float) -> None:
    c.setFillColor(colors.HexColor(TEAL))
    p = c.beginPath()
    p.moveTo(x, y)
    p.lineTo(x + s / 2, y + s)
    p.lineTo(x + s, y)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(colors.white)
    p = c.beginPath()
    p.moveTo(x + s * 0.3, y)
    p.lineTo(x + s / 2, y + s * 0.42)
    p.lineTo(x + s * 0.7, y)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def cover(c: canvas.Canvas) -> None:
    c.setFillColor(colors.HexColor(NAVY))
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#23496f"))
    for i in range(7):
        c.circle(W + 10 * mm, H * 0.38, (40 + 22 * i) * mm, stroke=0, fill=0)
    c.setStrokeColor(colors.HexColor("#2d5680"))
    c.setLineWidth(0.8)
    for i in range(9):
        c.circle(W + 5 * mm, H * 0.35, (30 + 18 * i) * mm, stroke=1, fill=0)
    logo(c, 20 * mm, H - 40 * mm, 16 * mm)
    c.setFillColor(colors.white)
    c.setFont("Helvetica-Bold", 15)
    c.drawString(40 * mm, H - 30 * mm, "ALDERMOOR")
    c.setFont("Helvetica", 10)
    c.drawString(40 * mm, H - 36 * mm, "TECHNOLOGIES")
    c.setFont("Helvetica-Bold", 40)
    c.drawString(20 * mm, H * 0.55, "Annual Report")
    c.setFillColor(colors.HexColor("#7fd3cc"))
    c.drawString(20 * mm, H * 0.55 - 16 * mm, "2024")
    c.setFillColor(colors.white)
    c.setFont("Helvetica", 13)
    c.drawString(20 * mm, H * 0.55 - 30 * mm, "Engineering the automated, electrified factory")
    c.setFont("Helvetica", 9)
    c.drawString(20 * mm, 20 * mm, f"{COMPANY} · Rotterdam, the Netherlands · Euronext: ALDM")
    c.showPage()


def ceo_letter(c: canvas.Canvas) -> None:
    header_footer(c, 2, "Strategic report")
    title(c, "Letter from the Chief Executive")
    paras = [
        "Dear shareholders,",
        "2024 was a year in which Aldermoor grew in every one of its three segments while the "
        "markets around us stayed uneven. Demand for factory automation in northern Europe recovered "
        "in the second half, our grid and storage customers kept investing, and our software and "
        "remote-service business continued to be the fastest-growing part of the group. The figures "
        "in this report, and the charts on the financial highlights page, show the detail.",
        "Industrial Automation remains our largest segment. Order intake for robotic cells and "
        "motion-control systems improved steadily through the year, helped by reshoring projects in "
        "the automotive supply chain. Energy Systems delivered a record year for medium-voltage "
        "switchgear, although the segment continues to depend on a small number of very large utility "
        "customers. Digital Services added more than forty new enterprise subscribers for our "
        "predictive-maintenance platform.",
        "Profitability was the disappointment of the year. Operating margin eased again, as higher "
        "prices for copper, electrical steel and power semiconductors took time to pass through to "
        "customers, and as we chose to keep investing in Digital Services ahead of revenue. The margin "
        "is still below the best level in our ten-year record, and restoring it is the first priority "
        "of the management team. We have launched a procurement programme, renegotiated index clauses "
        "with our largest customers and paused hiring outside engineering.",
        "Our balance sheet strengthened: net debt fell and cash conversion improved. The Board "
        "proposes a higher dividend, in line with our progressive dividend policy.",
        "Looking ahead, we see four principal risks, described in full on the last page of this "
        "report: currency movements, customer concentration in Energy Systems, input-cost inflation "
        "and cyber security. Each has an owner on the executive committee and a mitigation plan.",
        "I would like to thank our 3,940 colleagues for their commitment, and you, our shareholders, "
        "for your continued support.",
    ]
    sign = ParagraphStyle("sign", parent=BODY, fontName="Helvetica-Oblique", spaceBefore=10, spaceAfter=0)
    items = [Paragraph(p, BODY) for p in paras]
    items += [Paragraph("Mareike Lindqvist", sign),
              Paragraph("Chief Executive Officer · Rotterdam, 4 March 2025", ParagraphStyle("s2", parent=BODY, fontSize=9))]
    flow(c, items, 18 * mm, 75 * mm, W - 36 * mm, H - 125 * mm)
    # pull quote
    c.setFillColor(colors.HexColor("#eef3f8"))
    c.rect(18 * mm, 40 * mm, W - 36 * mm, 24 * mm, stroke=0, fill=1)
    c.setFillColor(colors.HexColor(TEAL))
    c.rect(18 * mm, 40 * mm, 2.2 * mm, 24 * mm, stroke=0, fill=1)
    quote = ParagraphStyle("q", fontName="Helvetica-Oblique", fontSize=13, leading=18, textColor=colors.HexColor(NAVY))
    flow(c, [Paragraph("\u201cGrowth in every segment, a stronger balance sheet, and one clear task for "
                       "2025: rebuilding our margin.\u201d", quote)], 26 * mm, 42 * mm, W - 52 * mm, 18 * mm)
    c.showPage()


def highlights(c: canvas.Canvas, bars: bytes, line: bytes) -> None:
    header_footer(c, 3, "Financial highlights")
    title(c, "Financial highlights")
    c.setFont("Helvetica", 10)
    c.setFillColor(colors.HexColor("#333333"))
    c.drawString(18 * mm, H - 46 * mm, "Revenue grew in all three segments; operating margin continued to ease.")
    img_w = W - 36 * mm
    bar_h = img_w * 4.4 / 8.0
    y_bar = H - 52 * mm - bar_h
    c.drawImage(ImageReader(io.BytesIO(bars)), 18 * mm, y_bar, width=img_w, height=bar_h)
    c.setFont("Helvetica-Oblique", 8.5)
    c.setFillColor(colors.HexColor("#555555"))
    c.drawString(18 * mm, y_bar - 5 * mm, "Figure 1  Revenue by segment, FY2023 and FY2024 (€ million; group total above each column). Audited.")
    line_h = img_w * 3.6 / 8.0
    y_line = y_bar - 14 * mm - line_h
    c.drawImage(ImageReader(io.BytesIO(line)), 18 * mm, y_line, width=img_w, height=line_h)
    c.drawString(18 * mm, y_line - 5 * mm, "Figure 2  Operating margin as reported (IFRS) and adjusted operating margin, FY2015 to FY2024 (%).")
    tiles = [("Operating profit", "€108.6m"), ("Net debt", "€146.5m"), ("Dividend per share", "€0.64"), ("Employees", "3,940")]
    tw = (W - 36 * mm - 3 * 4 * mm) / 4
    for i, (label, value) in enumerate(tiles):
        x = 18 * mm + i * (tw + 4 * mm)
        c.setFillColor(colors.HexColor("#eef3f8"))
        c.rect(x, 22 * mm, tw, 20 * mm, stroke=0, fill=1)
        c.setFillColor(colors.HexColor(NAVY))
        c.setFont("Helvetica-Bold", 15)
        c.drawString(x + 4 * mm, 31 * mm, value)
        c.setFont("Helvetica", 8.5)
        c.setFillColor(colors.HexColor("#555555"))
        c.drawString(x + 4 * mm, 25.5 * mm, label)
    c.showPage()


def segments_page(c: canvas.Canvas) -> None:
    header_footer(c, 4, "Strategic report")
    title(c, "Segment review")
    items = []
    texts = {
        "Industrial Automation": "Robotic work cells, motion control and machine-vision systems for discrete "
        "manufacturing. Customers are automotive suppliers, packaging and food producers. Growth in the year "
        "came mainly from reshoring projects and from retrofits of existing lines. The segment's margin was "
        "held back by component shortages in the first quarter.",
        "Energy Systems": "Medium-voltage switchgear, battery-storage integration and grid-connection "
        "equipment for utilities and large industrial sites. The segment had a record year for deliveries. "
        "Its three largest customers account for a high share of segment revenue, which we report as a "
        "principal risk.",
        "Digital Services": "Predictive-maintenance software, remote monitoring and service contracts, sold "
        "as multi-year subscriptions. Digital Services is the smallest but fastest-growing segment and the "
        "focus of our investment; recurring revenue gives it the highest visibility in the group.",
    }
    for name, text in texts.items():
        items.append(Paragraph(name, H2))
        items.append(Paragraph(text, BODY))
    cell = ParagraphStyle("cell2", fontName="Helvetica", fontSize=9, leading=12)
    glance = [["", "Industrial Automation", "Energy Systems", "Digital Services"],
              ["Main markets", "Automotive suppliers, packaging, food", "Utilities, data centres, heavy industry", "Manufacturers of all sizes"],
              ["Production and service sites", "6", "4", "2"],
              ["Employees at year-end", "1,600", "1,430", "910"],
              ["Revenue model", "Projects and equipment", "Equipment and long-term frameworks", "Multi-year subscriptions"]]
    gt = Table([[Paragraph(x, cell) for x in r] for r in glance], colWidths=[40 * mm, 44 * mm, 44 * mm, 44 * mm])
    gt.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dfe8f1")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#9aaabb")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]))
    items.append(Paragraph("The segments at a glance", H2))
    items.append(gt)
    items.append(Paragraph("Outlook", H2))
    items.append(Paragraph(
        "For 2025 we expect mid-single-digit revenue growth at constant currency and a gradual recovery "
        "of the operating margin as price increases and the procurement programme take effect.", BODY))
    flow(c, items, 18 * mm, 30 * mm, W - 36 * mm, H - 80 * mm)
    c.showPage()


def notes_page(c: canvas.Canvas) -> None:
    header_footer(c, 5, "Financial statements")
    title(c, "Notes to the consolidated financial statements (extract)")
    rows = [
        ["Note", "Item (€ million unless stated)", "FY2024", "FY2023"],
        ["3", "Operating profit", "108.6", "106.2"],
        ["7", "Net finance costs", "9.4", "7.9"],
        ["9", "Effective tax rate (%)", "24.3", "23.8"],
        ["14", "Capital expenditure", "38.7", "35.2"],
        ["18", "Net debt at 31 December", "146.5", "171.3"],
        ["21", "Employees at 31 December (number)", "3,940", "3,715"],
        ["24", "Proposed dividend per share (€)", "0.64", "0.58"],
        ["26", "Order backlog at 31 December", "1,045", "958"],
    ]
    table = Table(rows, colWidths=[16 * mm, 96 * mm, 30 * mm, 30 * mm])
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9.5),
        ("FONT", (0, 1), (-1, -1), "Helvetica", 9.5),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(NAVY)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#eef3f8")]),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, colors.HexColor(NAVY)),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]))
    paras = [
        Paragraph("Basis of preparation", H2),
        Paragraph("The consolidated financial statements are prepared under IFRS as adopted by the European "
                  "Union. Segment information follows IFRS 8; the three operating segments are Industrial "
                  "Automation, Energy Systems and Digital Services. Segment revenue is presented in Figure 1 "
                  "of the financial highlights.", BODY),
        Paragraph("Selected items", H2),
        table,
        Paragraph("", BODY),
        Paragraph("Note 3. Operating profit is stated before net finance costs and income tax. Operating margin "
                  "is operating profit divided by revenue; its history is shown in Figure 2. Figure 2 also shows the "
                  "adjusted operating margin, an alternative performance measure that excludes restructuring costs "
                  "and gains on disposals; it is not an IFRS measure.", BODY),
        Paragraph("Note 18. Net debt comprises borrowings and lease liabilities less cash and cash equivalents. "
                  "The revolving credit facility of €250 million matures in 2028 and carries a leverage covenant "
                  "of 3.0 times EBITDA.", BODY),
        Paragraph("Note 24. The dividend is subject to approval at the annual general meeting on 24 April 2025.", BODY),
        Paragraph("Extract only. The full financial statements and the independent auditor's report are available "
                  "on the company's investor website.", SMALL),
    ]
    flow(c, paras, 18 * mm, 25 * mm, W - 36 * mm, H - 70 * mm)
    c.showPage()


def risks_page(c: canvas.Canvas) -> None:
    header_footer(c, 6, "Risk management")
    title(c, "Principal risks and uncertainties")
    rows = [
        ["Risk", "Description", "Mitigation", "Trend"],
        ["Currency", "About a third of revenue is invoiced in US dollars and "
         "sterling while most costs are in euro.", "Rolling 12-month hedging of forecast flows.", "Stable"],
        ["Customer concentration", "Energy Systems depends on three utility customers for "
         "a high share of its revenue.", "Broaden customer base; framework agreements.", "Rising"],
        ["Input-cost inflation", "Copper, electrical steel and power semiconductors; price "
         "rises pass through to customers with a lag.", "Index clauses; dual sourcing; procurement programme.", "Rising"],
        ["Cyber security", "Digital Services holds customer plant data; an incident would harm "
         "trust and trigger penalties.", "ISO 27001 certification; 24/7 monitoring.", "Stable"],
    ]
    cell = ParagraphStyle("cell", fontName="Helvetica", fontSize=9, leading=12)
    data = [[Paragraph(f"<b>{x}</b>" if i == 0 or j == 0 else x, cell) for j, x in enumerate(r)] for i, r in enumerate(rows)]
    table = Table(data, colWidths=[34 * mm, 66 * mm, 56 * mm, 18 * mm])
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dfe8f1")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9aaabb")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]))
    items = [
        Paragraph("The Board has assessed the principal risks facing the group, including those that would "
                  "threaten its business model, future performance, solvency or liquidity. The four risks below "
                  "are ranked by the Board's assessment of their potential impact.", BODY),
        table,
        Paragraph("", BODY),
        Paragraph("Viability statement", H2),
        Paragraph("Taking into account the group's position and principal risks, the directors have a reasonable "
                  "expectation that the company will be able to continue in operation and meet its liabilities "
                  "over the three-year assessment period.", BODY),
    ]
    flow(c, items, 18 * mm, 25 * mm, W - 36 * mm, H - 70 * mm)
    c.showPage()


def report(path: Path) -> None:
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Aldermoor Technologies Annual Report 2024")
    c.setAuthor(COMPANY)
    cover(c)
    ceo_letter(c)
    highlights(c, bar_chart(), line_chart())
    segments_page(c)
    notes_page(c)
    risks_page(c)
    c.save()


# -- the peer workbook ------------------------------------------------------------------

PEERS = [
    # name, ticker, country, FY2024 revenue, FY2023 revenue, operating margin FY2024, EV/EBITDA, net debt/EBITDA
    ("Brannock Systems plc", "BRNK", "United Kingdom", 645, 611, 8.7, 7.4, 1.9),
    ("Kestrel Automation AG", "KSTL", "Germany", 1310, 1238, 15.3, 12.8, 0.6),
    ("Velmont Industrie SA", "VLMT", "France", 518, 534, 9.9, 6.5, 2.4),
    ("Oskarsson Group AB", "OSKG", "Sweden", 954, 893, 13.9, 10.9, 1.1),
]


def workbook(path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Peer set"
    ws["A1"] = "Industrial automation & electrification peer set: FY2024"
    ws["A1"].font = Font(bold=True, size=13, color="1B3A5C")
    ws["A2"] = "EUR million unless stated; calendar fiscal years; multiples on consensus FY2025 EBITDA. Prepared by Equity Research, 11 March 2025."
    ws["A2"].font = Font(italic=True, size=9, color="666666")
    headers = ["Company", "Ticker", "Country", "Revenue FY2024", "Revenue FY2023", "Revenue growth %",
               "Operating margin FY2024 %", "EV/EBITDA (x)", "Net debt/EBITDA (x)"]
    thin = Side(style="thin", color="9AAABB")
    for j, h in enumerate(headers, start=1):
        cell = ws.cell(row=4, column=j, value=h)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1B3A5C")
        cell.alignment = Alignment(wrap_text=True, vertical="center", horizontal="center")
        cell.border = Border(bottom=thin)
    ws.row_dimensions[4].height = 32
    for i, p in enumerate(PEERS, start=5):
        name, ticker, country, r24, r23, margin, ev, nd = p
        for j, v in enumerate([name, ticker, country, r24, r23, f"=ROUND((D{i}/E{i}-1)*100,1)", margin, ev, nd], start=1):
            cell = ws.cell(row=i, column=j, value=v)
            cell.border = Border(bottom=thin)
        ws.cell(row=i, column=4).number_format = "#,##0"
        ws.cell(row=i, column=5).number_format = "#,##0"
        for col in (6, 7):
            ws.cell(row=i, column=col).number_format = "0.0"
        for col in (8, 9):
            ws.cell(row=i, column=col).number_format = "0.0"
    r = 5 + len(PEERS)
    for j, v in enumerate(["Aldermoor Technologies N.V.", "ALDM", "Netherlands", None, None, None, None, 9.6, None], start=1):
        cell = ws.cell(row=r, column=j, value=v)
        cell.fill = PatternFill("solid", fgColor="FFF4CC")
        cell.font = Font(bold=True)
        cell.border = Border(bottom=thin)
    ws.cell(row=r, column=4).comment = Comment("To be completed from the FY2024 annual report (segment chart).", "Equity Research")
    ws.cell(row=r, column=7).comment = Comment("To be completed from the FY2024 annual report (margin chart).", "Equity Research")
    ws.cell(row=r + 2, column=1, value="Peer median (excluding Aldermoor)").font = Font(italic=True)
    for col in "DEFGHI":
        ws[f"{col}{r + 2}"] = f"=MEDIAN({col}5:{col}{r - 1})"
        ws[f"{col}{r + 2}"].number_format = "0.0"
        ws[f"{col}{r + 2}"].font = Font(italic=True)
    for col, width in zip("ABCDEFGHI", [30, 9, 16, 12, 12, 11, 14, 11, 12]):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A5"

    src = wb.create_sheet("Sources")
    src["A1"] = "Source"
    src["B1"] = "Document"
    src["A1"].font = src["B1"].font = Font(bold=True)
    for i, (a, b) in enumerate([
        ("Brannock Systems plc", "Annual report FY2024, published 27 February 2025"),
        ("Kestrel Automation AG", "Geschäftsbericht FY2024, published 6 March 2025"),
        ("Velmont Industrie SA", "Document d'enregistrement universel FY2024"),
        ("Oskarsson Group AB", "Annual and sustainability report FY2024"),
        ("Aldermoor Technologies N.V.", "Annual report 2024 (to be added by the covering analyst)"),
    ], start=2):
        src.cell(row=i, column=1, value=a)
        src.cell(row=i, column=2, value=b)
    src.column_dimensions["A"].width = 30
    src.column_dimensions["B"].width = 60
    wb.save(path)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    report(args.out / "aldermoor_annual_report_2024.pdf")
    workbook(args.out / "peer_comparison.xlsx")


if __name__ == "__main__":
    main()
