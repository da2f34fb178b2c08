"""Build the alternates of annual_report_deck: correct decks in other styles, from the gold deck.

Every figure is read from gold/investor_deck.pptx (key-figures, segment and peer tables, the
peer bullets, the risk bullets), so the alternates follow the gold when it changes; only the
style is fixed here: wording, layout (tables, tiles, bullets), extra context, number formats,
the tool that wrote the file, or the bare minimum. Each keeps what the prompt fixes: the file
name, five slides in order with the given titles, "FY2024" and "Aldermoor Technologies" in the
title, speaker notes on slide 2, a native chart on slide 3, the peer table with the median and
"Rank N of 5" below it, one bullet per risk, money in EUR million and margins with one decimal,
and the reply's labelled lines. Deterministic: no randomness, no clock, no network.

Run inside the sandbox image:
    python3 make_alternates.py --gold /task/gold --out /out
writes /out/<alternate>/final_reply.md and /out/<alternate>/deliverables/investor_deck.pptx.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.enum.shapes import MSO_SHAPE
from pptx.oxml.ns import qn
from pptx.util import Inches, Pt

DELIVERABLE = "investor_deck.pptx"
INK = RGBColor(0x1F, 0x2A, 0x44)
ACCENT = RGBColor(0xC0, 0x39, 0x2B)
MUTED = RGBColor(0x6B, 0x72, 0x80)


# -- the facts, as the gold deck prints them ---------------------------------------------------

@dataclass
class Facts:
    subtitle: str
    group: int
    group23: int
    growth: float
    op: float
    op23: float
    margin: float
    margin23: float
    peak: float
    peak_year: int
    segments: dict[str, int]
    shares: dict[str, float]
    companies: list[tuple[str, float, float]]  # (name, revenue, margin), as the gold table orders them
    median: float
    rank: int
    risks: list[tuple[str, str]]  # (risk, comment)

    @property
    def aldermoor(self) -> tuple[str, float, float]:
        return next(c for c in self.companies if c[0].startswith("Aldermoor"))

    @property
    def peers(self) -> list[tuple[str, float, float]]:
        return [c for c in self.companies if not c[0].startswith("Aldermoor")]

    def short(self, name: str) -> str:
        return name.split()[0]


def _num(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text))


def _tables(slide) -> list[list[list[str]]]:
    return [[[c.text for c in row.cells] for row in sh.table.rows] for sh in slide.shapes if sh.has_table]


def _texts(slide) -> list[str]:
    return [p.text for sh in slide.shapes if sh.has_text_frame for p in sh.text_frame.paragraphs]


def read_facts(gold: Path) -> Facts:
    prs = Presentation(gold / DELIVERABLE)
    s1, s2, s3, s4, s5 = list(prs.slides)[:5]
    subtitle = next(sh.text_frame.text for sh in s1.placeholders if sh.placeholder_format.idx == 1)
    kf = {r[0]: r[1:] for r in _tables(s2)[0]}
    peak = re.search(r"([\d.]+)% in (\d{4})", kf["Margin peak (ten-year record)"][0])
    seg_rows = [r for r in _tables(s3)[0][1:] if r[0] != "Group"]
    companies = [(r[0], _num(r[1]), _num(r[2])) for r in _tables(s4)[0][1:]]
    s4_text = " ".join(_texts(s4))
    median = float(re.search(r"median operating margin: ([\d.]+)%", s4_text).group(1))
    rank = int(re.search(r"Rank (\d) of 5", s4_text).group(1))
    risks = []
    for line in _texts(s5):
        m = re.match(r"\u2022 ([^:]+): (.*)", line)
        if m:
            risks.append((m.group(1), m.group(2)))
    return Facts(subtitle, int(_num(kf["Group revenue"][0])), int(_num(kf["Group revenue"][1])),
                 _num(kf["Revenue growth"][0]), _num(kf["Operating profit"][0]), _num(kf["Operating profit"][1]),
                 _num(kf["Operating margin"][0]), _num(kf["Operating margin"][1]), float(peak.group(1)),
                 int(peak.group(2)), {r[0]: int(_num(r[1])) for r in seg_rows}, {r[0]: _num(r[2]) for r in seg_rows},
                 companies, median, rank, risks)


# -- building blocks ---------------------------------------------------------------------------

def new_deck(wide: bool = True) -> Presentation:
    prs = Presentation()
    if wide:
        prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    return prs


def title_slide(prs, title: str, subtitle: str):
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = title
    s.placeholders[1].text = subtitle
    w, h = prs.slide_width, prs.slide_height
    t, sub = s.shapes.title, s.placeholders[1]
    t.left, t.top, t.width, t.height = Inches(0.8), int(h * 0.28), w - Inches(1.6), int(h * 0.26)
    sub.left, sub.top, sub.width, sub.height = Inches(0.8), int(h * 0.58), w - Inches(1.6), int(h * 0.16)
    return s


def content_slide(prs, title: str, size: int = 28):
    s = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    t = s.shapes.title
    t.text = title
    t.left, t.top, t.width, t.height = Inches(0.5), Inches(0.25), prs.slide_width - Inches(1), Inches(0.9)
    for r in t.text_frame.paragraphs[0].runs:
        r.font.size, r.font.bold, r.font.color.rgb = Pt(size), True, INK
    return s


def _bullet(p, char: str | None, level: int = 0) -> None:
    """A real PowerPoint bullet (a:buChar) instead of a typed one; None = no bullet."""
    pPr = p._p.get_or_add_pPr()
    for tag in ("a:buNone", "a:buChar", "a:buAutoNum"):
        for el in pPr.findall(qn(tag)):
            pPr.remove(el)
    if char is None:
        pPr.append(pPr.makeelement(qn("a:buNone"), {}))
        return
    pPr.set("marL", str(342900 * (level + 1)))
    pPr.set("indent", "-285750")
    bu = pPr.makeelement(qn("a:buChar"), {"char": char})
    pPr.append(bu)


def text_box(slide, left, top, width, height, items, size: int = 16, bullet: str | None = None, color=None):
    """items: str, or (text, level) or [(run text, bold), ...] for a paragraph of runs."""
    box = slide.shapes.add_textbox(left, top, width, height)
    tf = box.text_frame
    tf.word_wrap = True
    for i, item in enumerate(items):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        level = 0
        if isinstance(item, tuple):
            item, level = item
        runs = item if isinstance(item, list) else [(item, False)]
        for text, bold in runs:
            r = p.add_run()
            r.text = text
            r.font.size, r.font.bold = Pt(size - 2 * level), bold
            r.font.color.rgb = color or RGBColor(0x22, 0x22, 0x22)
        p.level = level
        p.space_after = Pt(6)
        if bullet:
            _bullet(p, bullet if level == 0 else "\u2013", level)
    return box


def table(slide, rows: list[list[str]], left, top, width, widths: list[float], size: int = 14, bold_rows=(0,)):
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, Inches(0.4 * len(rows)))
    tbl = shape.table
    for j, w in enumerate(widths):
        tbl.columns[j].width = Inches(w)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = value
            for p in cell.text_frame.paragraphs:
                p.alignment = 1 if j == 0 else 3
                for r in p.runs:
                    r.font.size, r.font.bold = Pt(size), i in bold_rows
    return shape


def chart(slide, kind, categories, series: dict[str, list[float]], left, top, width, height, number_format=None):
    data = CategoryChartData(number_format=number_format) if number_format else CategoryChartData()
    data.categories = categories
    for name, values in series.items():
        data.add_series(name, values)
    frame = slide.shapes.add_chart(kind, left, top, width, height, data)
    c = frame.chart
    c.has_legend = kind in (XL_CHART_TYPE.PIE, XL_CHART_TYPE.DOUGHNUT) or len(series) > 1
    if c.has_legend:
        c.legend.position, c.legend.include_in_layout = XL_LEGEND_POSITION.BOTTOM, False
    c.plots[0].has_data_labels = True
    return c


def notes(slide, text: str) -> None:
    slide.notes_slide.notes_text_frame.text = text


def save(out: Path, name: str, prs, reply: str) -> None:
    folder = out / name / "deliverables"
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(prs, Path):
        shutil.copyfile(prs, folder / DELIVERABLE)
    else:
        prs.save(folder / DELIVERABLE)
    steady(folder / DELIVERABLE)
    (out / name / "final_reply.md").write_text(reply, encoding="utf-8")


FIXED_TIME = (2025, 3, 11, 9, 0, 0)


def steady(path: Path) -> None:
    """Same bytes on every build: zip entry times and the core properties' dates fixed (the
    writers stamp the clock there, also in the charts' embedded workbooks), LibreOffice's random
    field GUIDs numbered in order."""
    path.write_bytes(_steady_zip(path.read_bytes()))


def _steady_zip(blob: bytes) -> bytes:
    import io
    with zipfile.ZipFile(io.BytesIO(blob)) as zin:
        entries = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in entries:
            if name == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>2025-03-11T09:00:00Z", data)
            elif name.endswith(".xlsx"):
                data = _steady_zip(data)
            elif name.endswith(".xml"):  # LibreOffice gives every field (slide number) a random GUID
                count = iter(range(1, 1 << 30))
                data = re.sub(rb'id="\{[0-9A-Fa-f-]{36}\}"',
                              lambda m: b'id="{00000000-0000-4000-8000-%012d}"' % next(count), data)
            zout.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return buf.getvalue()

def eur(x: float, fmt: str = "€{:,.0f}m") -> str:
    return fmt.format(x)


def pct(x: float) -> str:
    return f"{x:.1f}%"


SEG_ORDER = ("Industrial Automation", "Energy Systems", "Digital Services")

# How other writers put the four reported risks: the risk (gold's name, or a synonym) and a comment.
RISK_PARAPHRASE = {
    "Currency": ("Foreign exchange", "roughly one third of sales is billed in US dollars and sterling while the cost base "
                 "is mostly in euro; forecast flows hedged on a rolling 12-month basis"),
    "Customer concentration": ("Customer concentration", "a high share of Energy Systems revenue comes from three utility "
                               "customers; the Board sees this risk rising"),
    "Input-cost inflation": ("Input costs", "copper, electrical steel and power semiconductors; price increases reach "
                             "customers only with a delay; rising"),
    "Cyber security": ("Cyber security", "Digital Services stores customers' plant data; ISO 27001 certified and "
                       "monitored around the clock"),
}
RISK_VERBOSE = {  # appended to gold's comment (its trend words dropped): the Board's trend and mitigation
    "Currency": "trend stable. Only forecast flows are hedged, 12 months rolling, so a lasting move in the dollar or "
                "sterling still reaches the P&L, just with a delay",
    "Customer concentration": "trend rising. Mitigation: broadening the customer base and framework agreements",
    "Input-cost inflation": "trend rising, and with the Digital Services investment the reason the margin eased in "
                            "FY2024. Mitigation: index clauses, dual sourcing and the new procurement programme",
    "Cyber security": "trend stable; an incident would harm customer trust and trigger penalties",
}


def _kf_rows(f: Facts) -> dict[str, str]:
    return {"revenue": eur(f.group), "revenue23": eur(f.group23), "growth": pct(f.growth), "op": f"€{f.op:.1f}m",
            "op23": f"€{f.op23:.1f}m", "margin": pct(f.margin), "margin23": pct(f.margin23), "peak": pct(f.peak),
            "gap": f"{f.peak - f.margin:.1f}", "drop": f"{f.margin23 - f.margin:.1f}",
            "vs_median": f"{f.margin - f.median:+.1f}"}


# -- the alternates ----------------------------------------------------------------------------

def paraphrase(f: Facts) -> tuple[object, str]:
    """Gold's layout, every sentence and label reworded."""
    k = _kf_rows(f)
    prs = new_deck()
    title_slide(prs, "Aldermoor Technologies \u2014 FY2024 results review", "Sales meeting briefing \u00b7 Equity Research")
    s = content_slide(prs, "Key figures")
    table(s, [["Metric", "FY2024", "FY2023"],
              ["Revenue (group)", k["revenue"], k["revenue23"]],
              ["Year-on-year growth", k["growth"], ""],
              ["Reported operating profit", k["op"], k["op23"]],
              ["Reported operating margin", k["margin"], k["margin23"]],
              ["Record margin year (ten-year history)", f"{f.peak_year} ({k['peak']})", ""]],
          Inches(0.6), Inches(1.5), Inches(8.3), [4.3, 2.0, 2.0], size=17)
    text_box(s, Inches(9.2), Inches(1.5), Inches(3.7), Inches(4.5),
             [f"Sales up {k['growth']}, all three segments growing",
              f"Margin {k['gap']} pp under the {f.peak_year} high, down for a third straight year",
              "Management's top priority: rebuilding margin"], size=15, bullet="\u25aa")
    notes(s, f"Revenue grew {k['growth']} to {k['revenue']}, the sum of the three segments read off the annual report's "
             f"segment chart. Operating profit came in at {k['op']}, which puts the reported operating margin at "
             f"{k['margin']}, against {k['margin23']} in FY2023. The best margin of the ten-year record came in "
             f"{f.peak_year} ({k['peak']}); it has come down every year since, and management points to input-cost "
             "inflation and the investment in Digital Services.")
    s = content_slide(prs, "Segment mix")
    rows = [["Business segment", "Revenue FY2024", "% of group"]]
    rows += [[n, eur(f.segments[n]), pct(f.shares[n])] for n in SEG_ORDER]
    rows.append(["Total", eur(f.group), "100.0%"])
    table(s, rows, Inches(0.6), Inches(1.6), Inches(6.6), [3.4, 1.9, 1.3], size=17, bold_rows=(0, 4))
    c = chart(s, XL_CHART_TYPE.PIE, list(SEG_ORDER), {"Revenue FY2024 (€m)": [f.segments[n] for n in SEG_ORDER]},
              Inches(7.5), Inches(1.4), Inches(5.3), Inches(5.4))
    c.plots[0].data_labels.show_percentage, c.plots[0].data_labels.show_value = True, False
    s = content_slide(prs, "Peer comparison")
    rows = [["Peer", "FY2024 sales", "FY2024 operating margin"]]
    rows += [[n, eur(r), pct(m)] for n, r, m in f.companies]
    table(s, rows, Inches(0.6), Inches(1.5), Inches(10), [5.0, 2.4, 2.6], size=16,
          bold_rows=(0, 1 + [c[0] for c in f.companies].index(f.aldermoor[0])))
    text_box(s, Inches(0.6), Inches(4.6), Inches(12), Inches(1.6),
             [f"Median operating margin of the four peers (Aldermoor left out): {pct(f.median)}",
              f"On operating margin Aldermoor comes in at Rank {f.rank} of 5, {abs(f.margin - f.median):.1f} pp "
              f"{'ahead of' if f.margin >= f.median else 'behind'} the peer median"], size=17, bullet="\u25aa")
    s = content_slide(prs, "Risks")
    text_box(s, Inches(0.6), Inches(1.5), Inches(12), Inches(5),
             [[(RISK_PARAPHRASE[name][0] + " \u2014 ", True), (RISK_PARAPHRASE[name][1], False)] for name, _ in f.risks],
             size=18, bullet="\u25aa")
    seg = "\n".join(f"{n}: {eur(f.segments[n])}" for n in SEG_ORDER)
    reply = (f"I've saved the deck as investor_deck.pptx: five slides in the order you asked for (title, key figures with "
             f"talking points in the speaker notes, segment mix, peers, risks).\n\nFigures to quote:\n\n{seg}\n"
             f"Group revenue: {k['revenue']}\nOperating margin: {k['margin']}\nMargin peak year: {f.peak_year}\n"
             f"Margin rank: Rank {f.rank} of 5\n\nOther useful numbers: revenue grew {k['growth']}, operating profit was "
             f"{k['op']}, the {f.peak_year} margin high was {k['peak']} and the peer median margin is {pct(f.median)}. "
             "The charts carry no data labels, so treat the segment readings as good to about €5m and the margin to "
             "about 0.2 pp.\n")
    return prs, reply


def restructured(f: Facts) -> tuple[object, str]:
    """Consulting layout: KPI tiles (number above caption), bullets where gold has a table and the
    share before the revenue, a bar chart, a ranked peer table with extra columns, risks with
    real bullets and a trend sub-bullet, and an appendix slide on how the charts were read."""
    k = _kf_rows(f)
    prs = new_deck()
    title_slide(prs, "FY2024 results | Aldermoor Technologies N.V.", "Euronext: ALDM \u00b7 investor deck for the sales meeting")
    s = content_slide(prs, "Key figures")
    tiles = [(k["revenue"], f"Group revenue, up {k['growth']} on {k['revenue23']}"),
             (k["margin"], f"Operating margin (reported, IFRS); {k['margin23']} in FY2023"),
             (k["op"], "Operating profit"),
             (str(f.peak_year), f"Year of the ten-year margin peak ({k['peak']})")]
    for i, (value, caption) in enumerate(tiles):
        left = Inches(0.6 + i * 3.1)
        box = s.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, left, Inches(1.8), Inches(2.9), Inches(2.6))
        box.fill.solid()
        box.fill.fore_color.rgb = RGBColor(0xF2, 0xF4, 0xF7)
        box.line.color.rgb = RGBColor(0xD0, 0xD5, 0xDD)
        tf = box.text_frame
        tf.word_wrap = True
        tf.paragraphs[0].text = value
        tf.paragraphs[0].runs[0].font.size, tf.paragraphs[0].runs[0].font.bold = Pt(36), True
        tf.paragraphs[0].runs[0].font.color.rgb = ACCENT
        p = tf.add_paragraph()
        p.text = caption
        p.runs[0].font.size, p.runs[0].font.color.rgb = Pt(14), INK
    text_box(s, Inches(0.6), Inches(4.9), Inches(12), Inches(1.5),
             [f"Third consecutive year of margin decline: {k['gap']} pp below the peak; restoring it is management's first priority"],
             size=16, bullet="\u2022")
    notes(s, "Talking points\n"
             f"- Margin: {k['margin']} reported operating margin in FY2024 ({k['margin23']} in FY2023)\n"
             f"- Peak: {f.peak_year}, at {k['peak']}; down every year since\n"
             f"- Revenue {k['revenue']} ({'+' if f.growth >= 0 else ''}{k['growth']}), operating profit {k['op']}\n"
             "- Drivers: input-cost inflation and Digital Services investment")
    s = content_slide(prs, "Segment mix")
    text_box(s, Inches(0.6), Inches(1.6), Inches(6.0), Inches(4.5),
             [[(n, True), (f" \u2014 {pct(f.shares[n])} of group revenue ({eur(f.segments[n])})", False)] for n in SEG_ORDER]
             + [[("Group", True), (f" \u2014 {eur(f.group)}", False)]], size=18, bullet="\u2022")
    c = chart(s, XL_CHART_TYPE.BAR_CLUSTERED, list(SEG_ORDER), {"FY2024 revenue (€m)": [f.segments[n] for n in SEG_ORDER]},
              Inches(6.9), Inches(1.5), Inches(5.9), Inches(4.8))
    c.plots[0].data_labels.number_format, c.plots[0].data_labels.number_format_is_linked = '"€"0"m"', False
    s = content_slide(prs, "Peer comparison")
    ranked = sorted(f.companies, key=lambda c: -c[2])
    rows = [["#", "Company", "Revenue FY2024", "Op. margin FY2024", "vs peer median"]]
    rows += [[str(i), n, eur(r), pct(m), f"{m - f.median:+.1f} pp"] for i, (n, r, m) in enumerate(ranked, 1)]
    table(s, rows, Inches(0.6), Inches(1.5), Inches(11.4), [0.6, 4.6, 2.0, 2.2, 2.0], size=15,
          bold_rows=(0, 1 + [c[0] for c in ranked].index(f.aldermoor[0])))
    text_box(s, Inches(0.6), Inches(4.6), Inches(12), Inches(1.6),
             [[("Peer median operating margin (ex-Aldermoor): ", True), (pct(f.median), False)],
              [("Aldermoor by operating margin: ", True), (f"Rank {f.rank} of 5", False)]], size=17)
    s = content_slide(prs, "Risks")
    trend = {"Currency": "stable", "Customer concentration": "rising", "Input-cost inflation": "rising", "Cyber security": "stable"}
    items = []
    for name, comment in f.risks:
        items.append([(name + ": ", True), (comment.split(";")[0], False)])
        items.append((f"Trend: {trend.get(name, 'see report')}", 1))
    text_box(s, Inches(0.6), Inches(1.5), Inches(12), Inches(5.5), items, size=18, bullet="\u2022")
    s = content_slide(prs, "Appendix: how the chart figures were read")
    text_box(s, Inches(0.6), Inches(1.5), Inches(12), Inches(5),
             ["Segment revenue: Figure 1 of the annual report (stacked columns, no data labels), read against the "
              "gridlines; about \u00b1€5m per segment",
              f"Group revenue {eur(f.group)} = " + " + ".join(str(f.segments[n]) for n in SEG_ORDER) + " (matches the printed column total)",
              f"Operating margin: dashed (reported, IFRS) line of Figure 2; cross-check {f.op:.1f} / {f.group} = {k['margin']}",
              "Peers: peer_comparison.xlsx, sheet 'Peer set'"], size=16, bullet="\u2022")
    seg = "\n".join(f"- **{n}:** {eur(f.segments[n])}" for n in SEG_ORDER)
    reply = (f"**Bottom line:** revenue {k['revenue']} ({'+' if f.growth >= 0 else ''}{k['growth']}), reported margin "
             f"{k['margin']} and falling since its {f.peak_year} peak; mid-pack against peers.\n\n"
             f"## Numbers to quote\n\n{seg}\n- **Group revenue:** {k['revenue']}\n- **Operating margin:** {k['margin']}\n"
             f"- **Margin peak year:** {f.peak_year}\n- **Margin rank:** Rank {f.rank} of 5\n\n"
             "## The deck (investor_deck.pptx)\n\n1. Title\n2. Key figures (four KPI tiles; talking points in the notes)\n"
             "3. Segment mix (bullets + bar chart)\n4. Peer comparison (ranked table, median, rank)\n5. Risks\n"
             "6. Appendix: how the chart figures were read\n")
    return prs, reply


def verbose(f: Facts) -> tuple[object, str]:
    """Gold's layout with every answer carrying its context: prior year, derivation, reading
    accuracy, the ranking neighbours, a comment column, longer notes and risk comments."""
    k = _kf_rows(f)
    prs = new_deck()
    title_slide(prs, "Aldermoor Technologies N.V. (ALDM): FY2024 results \u2014 growth in every segment, margin still easing",
                f"{f.subtitle} \u00b7 figures in € million unless stated")
    s = content_slide(prs, "Key figures", size=26)
    table(s, [["", "FY2024", "FY2023", "Comment"],
              ["Group revenue", k["revenue"], k["revenue23"],
               f"+{k['growth']}; " + " + ".join(str(f.segments[n]) for n in SEG_ORDER) + " (three segments)"],
              ["Operating profit", k["op"], k["op23"], "note 3 of the annual report"],
              ["Operating margin (reported, IFRS)", k["margin"], k["margin23"],
               f"{f.op:.1f} / {f.group} = {k['margin']}; down {k['drop']} pp"],
              ["Margin peak (ten-year record)", str(f.peak_year), "", f"{k['peak']}; FY2024 is {k['gap']} pp below it"]],
          Inches(0.5), Inches(1.4), Inches(12.3), [3.9, 1.7, 1.7, 5.0], size=15)
    text_box(s, Inches(0.5), Inches(4.4), Inches(12.3), Inches(2.6),
             [f"Revenue up {k['growth']} to {k['revenue']} (FY2023: {k['revenue23']}), with growth in all three segments",
              f"Operating margin {k['margin']}, down {k['drop']} pp year on year and {k['gap']} pp below the {f.peak_year} peak of {k['peak']}",
              "All margins are the reported (IFRS) operating margin of note 3, not the company's adjusted measure, "
              "which excludes restructuring costs and disposal gains"], size=15, bullet="\u2022")
    notes(s, f"1) Revenue: {k['revenue']} in FY2024, up {k['growth']} from {k['revenue23']}. The segment figures behind it are "
             "read off Figure 1 of the annual report, which has no data labels, so quote them as approximately \u00b1€5m.\n"
             f"2) Operating margin: {k['margin']} reported (IFRS, note 3: operating profit {k['op']} divided by revenue "
             f"{k['revenue']}), down from {k['margin23']} in FY2023. This is not the adjusted margin the company shows next to "
             "it, which is not an IFRS measure.\n"
             f"3) Peak: over the ten-year record the reported margin peaked in {f.peak_year} at {k['peak']}; FY2024 is "
             f"{k['gap']} pp below that peak and the third year of decline in a row.\n"
             "4) Management's first priority is rebuilding the margin (procurement programme, index clauses, hiring pause "
             "outside engineering).")
    s = content_slide(prs, "Segment mix", size=26)
    rows = [["Segment", "FY2024 revenue", "Share of group", "Comment"]]
    comment = {"Industrial Automation": "largest segment; reshoring and retrofit projects",
               "Energy Systems": "record deliveries; three utility customers dominate",
               "Digital Services": "smallest but fastest-growing; multi-year subscriptions"}
    rows += [[n, eur(f.segments[n]), pct(f.shares[n]), comment[n]] for n in SEG_ORDER]
    rows.append(["Group", eur(f.group), "100.0%", "sum of the three segments"])
    table(s, rows, Inches(0.5), Inches(1.4), Inches(7.9), [2.6, 1.5, 1.4, 2.4], size=13, bold_rows=(0, 4))
    text_box(s, Inches(0.5), Inches(4.4), Inches(7.9), Inches(1.0),
             [f"Share = segment revenue / group revenue of {eur(f.group)}. Readings from an unlabelled chart: \u00b1€5m each."],
             size=12, color=MUTED)
    c = chart(s, XL_CHART_TYPE.DOUGHNUT, list(SEG_ORDER), {"FY2024 revenue (€m)": [f.segments[n] for n in SEG_ORDER]},
              Inches(8.6), Inches(1.3), Inches(4.4), Inches(5.2))
    c.plots[0].data_labels.show_percentage, c.plots[0].data_labels.show_value = True, False
    c.plots[0].data_labels.number_format, c.plots[0].data_labels.number_format_is_linked = "0.0%", False
    s = content_slide(prs, "Peer comparison", size=26)
    rows = [["Company", "Revenue FY2024", "Operating margin FY2024", "Margin vs Aldermoor"]]
    rows += [[n, eur(r), pct(m), "\u2014" if n == f.aldermoor[0] else f"{m - f.margin:+.1f} pp"] for n, r, m in f.companies]
    table(s, rows, Inches(0.5), Inches(1.4), Inches(11.5), [4.6, 2.2, 2.6, 2.1], size=15,
          bold_rows=(0, 1 + [c[0] for c in f.companies].index(f.aldermoor[0])))
    srt = sorted(f.peers, key=lambda c: c[2])
    above = [c for c in sorted(f.companies, key=lambda c: -c[2]) if c[2] > f.margin]
    below = [c for c in sorted(f.companies, key=lambda c: -c[2]) if c[2] < f.margin]
    rev_rank = 1 + sum(c[1] > f.aldermoor[1] for c in f.companies)
    text_box(s, Inches(0.5), Inches(4.3), Inches(12.3), Inches(2.8),
             [f"Peer median operating margin: {pct(f.median)} (four peers, Aldermoor excluded: the midpoint of "
              f"{f.short(srt[1][0])} {pct(srt[1][2])} and {f.short(srt[2][0])} {pct(srt[2][2])})",
              f"Aldermoor ({k['margin']}): Rank {f.rank} of 5 by operating margin, behind "
              + " and ".join(f"{f.short(n)} ({pct(m)})" for n, _, m in above) + ", ahead of "
              + " and ".join(f"{f.short(n)} ({pct(m)})" for n, _, m in below)
              + f"; {abs(f.margin - f.median):.1f} pp {'above' if f.margin >= f.median else 'below'} the peer median",
              f"By revenue Aldermoor ({k['revenue']}) is also number {rev_rank} of 5"], size=15, bullet="\u2022")
    s = content_slide(prs, "Risks", size=26)
    text_box(s, Inches(0.5), Inches(1.4), Inches(12.3), Inches(5.8),
             [[(name + ": ", True),
               (re.sub(r";\s*trend \w+$", "", comment) + "; " + RISK_VERBOSE.get(name, "see the annual report"), False)]
              for name, comment in f.risks], size=15, bullet="\u2022")
    text_box(s, Inches(0.5), Inches(6.6), Inches(12.3), Inches(0.5),
             ["Source: principal risks and uncertainties, page 6 of the annual report, ranked by the Board by potential impact."],
             size=11, color=MUTED)
    lines = [f"- Industrial Automation: {eur(f.segments['Industrial Automation'])} ({pct(f.shares['Industrial Automation'])} of "
             "group revenue; read from Figure 1, \u00b1€5m)",
             f"- Energy Systems: {eur(f.segments['Energy Systems'])} ({pct(f.shares['Energy Systems'])})",
             f"- Digital Services: {eur(f.segments['Digital Services'])} ({pct(f.shares['Digital Services'])})",
             f"- Group revenue: {k['revenue']} (" + " + ".join(str(f.segments[n]) for n in SEG_ORDER)
             + f"; FY2023 {k['revenue23']}, +{k['growth']})",
             f"- Operating margin: {k['margin']} (reported IFRS: {k['op']} / {k['revenue']}; FY2023 {k['margin23']})",
             f"- Margin peak year: {f.peak_year} ({k['peak']}, the ten-year high; FY2024 is {k['gap']} pp below it)",
             f"- Margin rank: Rank {f.rank} of 5 (behind " + " and ".join(f"{f.short(n)} {pct(m)}" for n, _, m in above)
             + f"; peer median {pct(f.median)})"]
    reply = ("investor_deck.pptx is ready: 5 slides (title; key figures with speaker notes; segment mix with a native "
             "doughnut chart; peer comparison with median and rank; risks).\n\nNumbers to quote:\n\n" + "\n".join(lines)
             + f"\n\nOperating profit was {k['op']} (FY2023 {k['op23']}). The margin figures are the reported (IFRS) "
             "operating margin of note 3; the adjusted margin drawn in the same chart is not used anywhere in the deck. "
             "None of the segment figures is printed in the report, so they are chart readings (about \u00b1€5m; the "
             "margin about \u00b10.2 pp).\n")
    return prs, reply


def verbose_prose(f: Facts) -> tuple[object, str]:
    """Another verbose writer: key figures and peers as full sentences with the movement and
    the prior year in them ("Group revenue rose 9.5% to €862m"), segments as sentences,
    numbered talking points; reply lines with a comparison after the value."""
    k = _kf_rows(f)
    up = "rose" if f.growth >= 0 else "fell"
    prs = new_deck()
    title_slide(prs, "Aldermoor Technologies: FY2024 results review", f.subtitle)
    s = content_slide(prs, "Key figures")
    text_box(s, Inches(0.6), Inches(1.5), Inches(12), Inches(5.5),
             [f"Group revenue {up} {k['growth']} to {k['revenue']} in FY2024 (FY2023: {k['revenue23']}), the sum of "
              "the three segments",
              f"Operating profit reached {k['op']} (FY2023: {k['op23']})",
              f"Operating margin eased from {k['margin23']} in FY2023 to {k['margin']} in FY2024 (reported, IFRS)",
              f"The margin peaked in {f.peak_year} at {k['peak']} and has declined in each year since; FY2024 is "
              f"{k['gap']} pp below that peak"], size=20, bullet="\u2022")
    notes(s, f"1. FY2024 operating margin: {k['margin']}, down {k['drop']} pp on FY2023 ({k['margin23']}); operating profit "
             f"{k['op']} on revenue of {k['revenue']}.\n2. Margin peak: {f.peak_year} ({k['peak']}), the best year of the "
             f"ten-year record.\n3. Revenue growth of {k['growth']} came from all three segments.")
    s = content_slide(prs, "Segment mix")
    text_box(s, Inches(0.6), Inches(1.5), Inches(6.4), Inches(5),
             [f"{n} contributed {eur(f.segments[n])}, {pct(f.shares[n])} of group revenue" for n in SEG_ORDER],
             size=18, bullet="\u2022")
    c = chart(s, XL_CHART_TYPE.PIE, list(SEG_ORDER), {"FY2024 revenue (€m)": [f.segments[n] for n in SEG_ORDER]},
              Inches(7.3), Inches(1.4), Inches(5.5), Inches(5.4))
    c.plots[0].data_labels.show_category_name, c.plots[0].data_labels.show_percentage = True, True
    c.plots[0].data_labels.show_value = False
    s = content_slide(prs, "Peer comparison")
    table(s, [["Company", "Revenue FY2024", "Operating margin FY2024"]] + [[n, eur(r), pct(m)] for n, r, m in f.companies],
          Inches(0.6), Inches(1.5), Inches(10), [5.0, 2.4, 2.6], size=16)
    text_box(s, Inches(0.6), Inches(4.6), Inches(12), Inches(2),
             [f"The four peers' median operating margin is {pct(f.median)}; Aldermoor's {k['margin']} is "
              f"{abs(f.margin - f.median):.1f} pp {'above' if f.margin >= f.median else 'below'} it",
              f"Aldermoor ranks third on operating margin: Rank {f.rank} of 5"], size=17, bullet="\u2022")
    s = content_slide(prs, "Risks")
    text_box(s, Inches(0.6), Inches(1.5), Inches(12), Inches(5),
             [f"{name} \u2013 {comment}" for name, comment in f.risks], size=18, bullet="\u2022")
    seg = "\n".join(f"- {n}: {eur(f.segments[n])}, {pct(f.shares[n])} of the group" for n in SEG_ORDER)
    reply = (f"investor_deck.pptx is ready.\n\n{seg}\n- Group revenue: {k['revenue']}, up {k['growth']} from "
             f"{k['revenue23']}\n- Operating margin: {k['margin']} (vs {k['margin23']} in FY2023)\n"
             f"- Margin peak year: {f.peak_year}, when the reported margin reached {k['peak']}\n"
             f"- Margin rank: Rank {f.rank} of 5, above the peer median of {pct(f.median)}\n")
    return prs, reply


def formats(f: Facts) -> tuple[object, str]:
    """The same values in other formats: '€862 mn', '12.6 %', shares without decimals,
    thousands with a thin space, FY24 / FY23 column heads, the peak year as 'FY21'."""
    def mn(x: float, d: int = 0) -> str:
        return "€" + f"{x:,.{d}f}".replace(",", "\u202f") + " mn"

    def pc(x: float) -> str:
        return f"{x:.1f} %"
    fy = lambda y: f"FY{y % 100:02d}"  # noqa: E731
    prs = new_deck(wide=False)
    title_slide(prs, "Aldermoor Technologies \u2013 FY2024", "Results update \u00b7 Mar-25")
    s = content_slide(prs, "Key figures", size=26)
    table(s, [["€ mn / %", "FY24", "FY23", "\u0394"],
              ["Revenue", mn(f.group), mn(f.group23), f"+{f.growth:.1f} %"],
              ["Operating profit (EBIT)", mn(f.op, 1), mn(f.op23, 1), f"+{100 * (f.op / f.op23 - 1):.1f} %"],
              ["Operating margin", pc(f.margin), pc(f.margin23), f"{(f.margin - f.margin23) * 100:+.0f} bp"],
              ["Margin peak (10 yrs)", fy(f.peak_year), "", pc(f.peak)]],
          Inches(0.4), Inches(1.4), Inches(9.2), [3.2, 2.0, 2.0, 2.0], size=15)
    notes(s, f"Operating margin {pc(f.margin)} in FY24 vs {pc(f.margin23)} in FY23. Margin peak: {fy(f.peak_year)} "
             f"({pc(f.peak)}). Revenue {mn(f.group)}, EBIT {mn(f.op, 1)}.")
    s = content_slide(prs, "Segment mix", size=26)
    rows = [["Segment", "Revenue FY24", "Share"]] + [[n, mn(f.segments[n]), f"{f.shares[n]:.0f} %"] for n in SEG_ORDER]
    table(s, rows, Inches(0.4), Inches(1.4), Inches(5.0), [2.5, 1.5, 1.0], size=13)
    c = chart(s, XL_CHART_TYPE.COLUMN_STACKED_100, ["FY24"],
              {n: [f.segments[n] / f.group] for n in SEG_ORDER}, Inches(5.6), Inches(1.3), Inches(4.0), Inches(5.6),
              number_format="0%")
    c.plots[0].data_labels.number_format, c.plots[0].data_labels.number_format_is_linked = "0%", False
    s = content_slide(prs, "Peer comparison", size=26)
    rows = [["Company", "Revenue FY24", "Op. margin FY24"]] + [[n, mn(r), pc(m)] for n, r, m in f.companies]
    table(s, rows, Inches(0.4), Inches(1.4), Inches(9.2), [4.4, 2.4, 2.4], size=14)
    text_box(s, Inches(0.4), Inches(4.4), Inches(9.2), Inches(1.5),
             [f"Peer median op. margin: {pc(f.median)}", f"Aldermoor: Rank {f.rank} of 5"], size=16, bullet="\u2022")
    s = content_slide(prs, "Risks", size=26)
    text_box(s, Inches(0.4), Inches(1.4), Inches(9.2), Inches(5.5),
             [f"{name}: {comment}" for name, comment in f.risks], size=15, bullet="\u2022")
    seg = "\n".join(f"- {n}: €{f.segments[n]:.1f}m" for n in SEG_ORDER)
    reply = (f"Deck: investor_deck.pptx (4:3, five slides).\n\n{seg}\n- Group revenue: €{f.group:.1f}m\n"
             f"- Operating margin: {pc(f.margin)}\n- Margin peak year: {f.peak_year}\n- Margin rank: Rank {f.rank} of 5\n")
    return prs, reply


def minimal(f: Facts) -> tuple[object, str]:
    """Only what the prompt asks for: default template, plain bullets, a pie chart, a bare
    peer table, four risk bullets; the reply is the seven labelled lines."""
    k = _kf_rows(f)
    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Aldermoor Technologies FY2024"
    s.placeholders[1].text = "Investor deck"

    def bullets_slide(title: str, lines: list[str]):
        sl = prs.slides.add_slide(prs.slide_layouts[1])  # Title and Content
        sl.shapes.title.text = title
        body = sl.placeholders[1].text_frame
        for i, line in enumerate(lines):
            (body.paragraphs[0] if i == 0 else body.add_paragraph()).text = line
        return sl
    s = bullets_slide("Key figures", [f"Group revenue: {k['revenue']}", f"Operating margin: {k['margin']}",
                                      f"Operating profit: {k['op']}", f"Margin peak: {f.peak_year}"])
    notes(s, f"Operating margin {k['margin']}. The margin peaked in {f.peak_year}.")
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Segment mix"
    text_box(s, Inches(0.5), Inches(1.6), Inches(4.5), Inches(3),
             [f"{n}: {eur(f.segments[n])} ({pct(f.shares[n])})" for n in SEG_ORDER], size=16)
    chart(s, XL_CHART_TYPE.PIE, list(SEG_ORDER), {"Revenue": [f.segments[n] for n in SEG_ORDER]},
          Inches(5.0), Inches(1.5), Inches(4.6), Inches(4.6))
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Peer comparison"
    table(s, [["Company", "Revenue", "Operating margin"]] + [[n, eur(r), pct(m)] for n, r, m in f.companies],
          Inches(0.5), Inches(1.5), Inches(9), [4.6, 2.0, 2.4], size=14)
    text_box(s, Inches(0.5), Inches(4.3), Inches(9), Inches(1.2),
             [f"Peer median operating margin: {pct(f.median)}", f"Aldermoor: Rank {f.rank} of 5"], size=16)
    bullets_slide("Risks", [f"{name}: {comment.split(';')[0]}" for name, comment in f.risks])
    reply = "".join(f"{n}: {eur(f.segments[n])}\n" for n in SEG_ORDER) + (
        f"Group revenue: {k['revenue']}\nOperating margin: {k['margin']}\nMargin peak year: {f.peak_year}\n"
        f"Margin rank: Rank {f.rank} of 5\n")
    return prs, reply


def soffice(src: Path, fmt: str, outdir: Path) -> Path:
    """Convert with LibreOffice headless (HOME must be writable; the build gives /tmp)."""
    outdir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, HOME=os.environ.get("HOME") or "/tmp")
    subprocess.run(["soffice", "--headless", "--norestore", "--convert-to", fmt, "--outdir", str(outdir), str(src)],
                   check=True, capture_output=True, timeout=240, env=env)
    out = outdir / (src.stem + "." + fmt.split(":")[0])
    if not out.is_file():
        raise SystemExit(f"LibreOffice wrote no {out.name}")
    return out


def lo_resave(gold: Path, f: Facts, work: Path) -> tuple[Path, str]:
    """Gold's deck opened and saved again by LibreOffice Impress (pptx -> pptx)."""
    deck = soffice(gold / DELIVERABLE, "pptx", work / "resave")
    seg = "\n".join(f"- `{n}: {eur(f.segments[n])}`" for n in SEG_ORDER)
    reply = ("Done. I built `investor_deck.pptx` (5 slides, in the requested order) and checked it in LibreOffice Impress.\n\n"
             f"**Numbers to quote**\n\n{seg}\n- `Group revenue: {eur(f.group)}`\n- `Operating margin: {pct(f.margin)}`\n"
             f"- `Margin peak year: {f.peak_year}`\n- `Margin rank: Rank {f.rank} of 5`\n")
    return deck, reply


def lo_odp_roundtrip(gold: Path, f: Facts, work: Path) -> tuple[Path, str]:
    """Gold's deck edited as ODP in LibreOffice and exported to pptx (pptx -> odp -> pptx)."""
    odp = soffice(gold / DELIVERABLE, "odp", work / "odp")
    deck = soffice(odp, "pptx", work / "back")
    seg = "\n".join(f"* **{n}**: {eur(f.segments[n])}" for n in SEG_ORDER)
    reply = ("Here is the investor deck (`investor_deck.pptx`).\n\n### Key numbers\n\n"
             f"{seg}\n* **Group revenue**: {eur(f.group)}\n* **Operating margin**: {pct(f.margin)}\n"
             f"* **Margin peak year**: {f.peak_year}\n* **Margin rank**: Rank {f.rank} of 5\n\n"
             "Let me know if you want an appendix slide with the chart-reading method.\n")
    return deck, reply


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    f = read_facts(args.gold)
    for name, build in (("paraphrase", paraphrase), ("restructured", restructured), ("verbose", verbose),
                        ("verbose_prose", verbose_prose), ("formats", formats), ("minimal", minimal)):
        prs, reply = build(f)
        save(args.out, name, prs, reply)
    with tempfile.TemporaryDirectory(prefix="alt-lo-") as tmp:
        for name, build in (("libreoffice_resave", lo_resave), ("libreoffice_odp", lo_odp_roundtrip)):
            deck, reply = build(args.gold, f, Path(tmp) / name)
            save(args.out, name, deck, reply)


if __name__ == "__main__":
    main()
