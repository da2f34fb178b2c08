"""Write the deterministic-check fixtures: good/ and bad/ deliverables of every format.

Runs INSIDE the autorater image (it has openpyxl, python-docx, python-pptx, reportlab,
pillow); the generated files are committed, so this only reruns when they must change:

    docker run --rm --network none --user root -v "$PWD/tests/data/checks:/out" \
        mka-autorater:latest python3 /out/make_fixtures.py /out

good/ satisfies every check in tests/test_checks_run.py, bad/ fails each of them; bad/ also
holds the hostile files (zip bomb, corrupt pptx, entity-expansion docx)."""

from __future__ import annotations

import io
import struct
import sys
import zipfile
from pathlib import Path

import openpyxl
from docx import Document
from openpyxl.chart import BarChart, Reference
from openpyxl.workbook.defined_name import DefinedName
from PIL import Image, ImageDraw, ImageFont
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

REGIONS = [("North", 25000, 18000), ("South", 21000, 19500), ("East", 17500, 16000), ("West", 20000, 16900)]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def png(size=(120, 80), color=(31, 119, 180)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


# -- xlsx -----------------------------------------------------------------------------------


def good_xlsx(path: Path) -> None:
    """Totals are formulas openpyxl saves WITHOUT cached values: only a recalculation gives
    Totals!B6 = 153900."""
    wb = openpyxl.Workbook()
    data = wb.active
    data.title = "Data"
    data.append(["Region", "Q1", "Q2", "Total"])
    for i, (name, q1, q2) in enumerate(REGIONS, start=2):
        data.append([name, q1, q2, f"=B{i}+C{i}"])
    chart = BarChart()
    chart.type, chart.title = "col", "Revenue by region"
    chart.add_data(Reference(data, min_col=2, max_col=3, min_row=1, max_row=5), titles_from_data=True)
    chart.set_categories(Reference(data, min_col=1, min_row=2, max_row=5))
    data.add_chart(chart, "F2")
    totals = wb.create_sheet("Totals")
    totals.append(["Metric", "Value"])
    for i, (name, _, _) in enumerate(REGIONS, start=2):
        totals.append([name, f"=Data!D{i}"])
    totals.append(["Grand total", "=SUM(B2:B5)"])
    wb.defined_names["GrandTotal"] = DefinedName("GrandTotal", attr_text="Totals!$B$6")
    wb.create_sheet("Assumptions").append(["Currency", "USD"])
    wb.save(path)


def stale_xlsx(path: Path) -> None:
    """Calc!A3 = A1*A2 = 6, but the file caches a stale 999 for it."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Calc"
    ws.append([2])
    ws.append([3])
    ws.append(["=A1*A2"])
    buf = io.BytesIO()
    wb.save(buf)
    rewrite_member(buf.getvalue(), path, "xl/worksheets/sheet1.xml",
                   lambda xml: xml.replace(b"<f>A1*A2</f><v></v>", b"<f>A1*A2</f><v>999</v>")
                   .replace(b"<f>A1*A2</f><v />", b"<f>A1*A2</f><v>999</v>")
                   .replace(b"<f>A1*A2</f></c>", b"<f>A1*A2</f><v>999</v></c>"))


def bad_xlsx(path: Path) -> None:
    """No Assumptions sheet, no chart, typed-in (wrong) total, short and narrow table."""
    wb = openpyxl.Workbook()
    data = wb.active
    data.title = "Data"
    data.append(["Region", "Q2", "Q1"])
    for name, q1, q2 in REGIONS[:2]:
        data.append([name, q2, q1])
    totals = wb.create_sheet("Totals")
    totals.append(["Metric", "Value"])
    for _ in range(4):
        totals.append(["?", 0])
    totals.append(["Grand total", 150000])
    wb.save(path)


def rewrite_member(zip_bytes: bytes, dest: Path, member: str, change) -> None:
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            out.writestr(info, change(data) if info.filename == member else data)


def zip_bomb_xlsx(path: Path) -> None:
    """A small workbook whose central directory declares a ~4 GB sheet (a bomb's signature)."""
    buf = io.BytesIO()
    good_xlsx(buf)  # type: ignore[arg-type]
    raw = bytearray(buf.getvalue())
    pos = raw.find(b"PK\x01\x02")
    while pos != -1:
        name_len = struct.unpack_from("<H", raw, pos + 28)[0]
        name = bytes(raw[pos + 46 : pos + 46 + name_len])
        if name == b"xl/worksheets/sheet1.xml":
            struct.pack_into("<I", raw, pos + 24, 0xFFFFFFF0)  # uncompressed size
        pos = raw.find(b"PK\x01\x02", pos + 4)
    path.write_bytes(bytes(raw))


# -- docx -----------------------------------------------------------------------------------


def good_docx(path: Path) -> None:
    doc = Document()
    doc.add_heading("Quarterly Report", level=0)
    doc.add_heading("Executive Summary", level=1)
    doc.add_paragraph("Total revenue reached $153,900 in the first half, led by the North region.")
    doc.add_paragraph(
        "All four regions grew. The West region showed the strongest momentum in the second quarter, "
        "while East remained the smallest market. Costs stayed flat, so the margin improved."
    )
    doc.add_heading("Regional Breakdown", level=2)
    table = doc.add_table(rows=1, cols=3)
    for cell, text in zip(table.rows[0].cells, ("Region", "Q1", "Q2")):
        cell.text = text
    for name, q1, q2 in REGIONS:
        row = table.add_row().cells
        row[0].text, row[1].text, row[2].text = name, f"{q1:,}", f"{q2:,}"
    doc.add_picture(io.BytesIO(png()), width=Inches(2))
    doc.add_paragraph("Figure 1: revenue mix. " + "The outlook for the next quarter is positive. " * 6)
    doc.save(path)


def bad_docx(path: Path) -> None:
    doc = Document()
    doc.add_paragraph("Draft notes about revenue, to be completed later.")
    doc.save(path)


def entity_docx(path: Path) -> None:
    """A docx whose document.xml carries a billion-laughs entity expansion payload."""
    buf = io.BytesIO()
    good_docx(buf)  # type: ignore[arg-type]
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">' for i in range(1, 10)
    )
    payload = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!DOCTYPE lolz [{entities}]>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        "<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
    ).encode()
    rewrite_member(buf.getvalue(), path, "word/document.xml", lambda _: payload)


# -- pptx -----------------------------------------------------------------------------------


def good_pptx(path: Path) -> None:
    prs = Presentation()
    title = prs.slides.add_slide(prs.slide_layouts[0])
    title.shapes.title.text = "Quarterly Results"
    title.placeholders[1].text = "First half, all regions"
    chart_slide = prs.slides.add_slide(prs.slide_layouts[5])
    chart_slide.shapes.title.text = "Revenue by Region"
    data = CategoryChartData()
    data.categories = [r[0] for r in REGIONS]
    data.add_series("Q1", [r[1] for r in REGIONS])
    data.add_series("Q2", [r[2] for r in REGIONS])
    chart_slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1.5), Inches(8), Inches(5), data)
    chart_slide.notes_slide.notes_text_frame.text = "Mention the West region growth."
    photo = prs.slides.add_slide(prs.slide_layouts[5])
    photo.shapes.title.text = "Team"
    photo.shapes.add_picture(io.BytesIO(png()), Inches(2), Inches(2))
    steps = prs.slides.add_slide(prs.slide_layouts[1])
    steps.shapes.title.text = "Next Steps"
    steps.placeholders[1].text = "Expand into the APAC market\nHire two analysts"
    prs.save(path)


def bad_pptx(path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Draft"
    prs.save(path)


def corrupt_pptx(path: Path) -> None:
    buf = io.BytesIO()
    good_pptx(buf)  # type: ignore[arg-type]
    path.write_bytes(buf.getvalue()[: len(buf.getvalue()) // 2])  # truncated: no central directory


# -- pdf, html, images, data ------------------------------------------------------------------


def pdf(path: Path, *, good: bool) -> None:
    c = canvas.Canvas(str(path), pagesize=A4 if good else letter)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(72, 770, "Annual Summary" if good else "Draft")
    c.setFont("Helvetica", 12)
    c.drawString(72, 730, f"Total revenue: {'$153,900' if good else '$150,000'}")
    c.drawString(72, 710, "Net margin")
    c.drawString(300, 710, "12.5 %" if good else "n/a")
    if good:
        c.drawImage(ImageReader(Image.new("RGB", (60, 40), (255, 127, 14))), 72, 600, width=120, height=80)
        c.showPage()
        c.setFont("Helvetica", 12)
        c.drawString(72, 770, "Appendix: method and sources")
    c.save()


GOOD_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>Sales Dashboard</title>
<style>body{font-family:sans-serif}
.kpi{display:inline-block;padding:8px;background:url(data:image/png;base64,iVBORw0KGgo=)}</style>
</head><body><h1>Sales Dashboard</h1>
<div class="kpi">Revenue $153,900</div><div class="kpi">Regions 4</div><div class="kpi">Margin 12.5%</div>
<table id="regions"><tr><th>Region</th><th>Total</th></tr><tr><td>North</td><td>43,000</td></tr></table>
<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo"><a href="https://example.com/about">About</a>
<script>document.querySelector('h1').dataset.ready = '1';</script></body></html>
"""
BAD_HTML = """<html><head><title>Untitled</title>
<script src="https://cdn.example.com/chart.js"></script>
<link rel="stylesheet" href="//fonts.example.com/css?family=Roboto">
<style>@import url("https://cdn.example.com/theme.css"); h1{background:url(https://img.example.com/bg.png)}</style>
</head><body><h1>Dashboard</h1><img src="http://img.example.com/logo.png">
<script>fetch("https://api.example.com/data").then(r => r.json());</script></body></html>
"""


def chart_png(path: Path, *, good: bool) -> None:
    if not good:
        Image.new("RGB", (200, 100), (128, 128, 128)).save(path)
        return
    img = Image.new("RGB", (640, 400), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    draw.rectangle((40, 160, 300, 380), fill=(31, 119, 180))
    draw.rectangle((340, 220, 600, 380), fill=(255, 127, 14))
    draw.text((40, 40), "REVENUE 2024", fill=(0, 0, 0), font=ImageFont.truetype(FONT, 56))
    img.save(path)


def data_files(folder: Path, *, good: bool) -> None:
    if good:
        rows = ["region,q1,q2,total"] + [f"{n},{a},{b},\"{a + b:,}\"" for n, a, b in REGIONS]
        json_text = (
            '{"summary": {"total": 153900, "currency": "USD", "growth": "12.5%"},\n'
            ' "regions": [' + ", ".join(f'{{"name": "{n}", "total": {a + b}}}' for n, a, b in REGIONS) + "]}\n"
        )
    else:
        rows = ["region;q1;q2"] + [f"{n};{a};{b}" for n, a, b in REGIONS[:2]]
        json_text = '{"summary": {"currency": "EUR"}, "regions": []}\n'
    (folder / "data.csv").write_text("\n".join(rows) + "\n")
    (folder / "data.json").write_text(json_text)


GOOD_REPLY = """I built summary.xlsx and deck.pptx.

The grand total is **$153,900** (revenue up 12 % on last year); North led with 43k.
"""
BAD_REPLY = "I could not finish the analysis.\n"
# A text deliverable for text.table_cell / text.field / the negation guard: the bad one keeps
# the good one's words but negates, hedges or contradicts every answer.
GOOD_REVIEW = """# Review

| Mock-up | Complies (Yes/No) | Logo width |
|:--|:-:|--:|
| **MU-01** | Yes | 280 px |
| `MU-02` | **No** | 72 px |

- **Recommended zoning:** R-3
- Anomaly: Riverside shows a spike in July.
"""
BAD_REVIEW = """# Review

| Mock-up | Complies (Yes/No) | Logo width |
|:--|:-:|--:|
| **MU-01** | Yes | 280 px |
| `MU-02` | Yes/No | 72 or 96 px |
| MU-02 | Yes | 72 px |

- **Recommended zoning:** R-2 or R-3
- Anomaly: there is no spike at Riverside in July.
"""


def main(out: Path) -> None:
    for name in ("good", "bad"):
        (out / name).mkdir(parents=True, exist_ok=True)
    good, bad = out / "good", out / "bad"
    good_xlsx(good / "summary.xlsx")
    stale_xlsx(good / "stale.xlsx")
    good_docx(good / "report.docx")
    good_pptx(good / "deck.pptx")
    pdf(good / "report.pdf", good=True)
    (good / "page.html").write_text(GOOD_HTML)
    chart_png(good / "chart.png", good=True)
    data_files(good, good=True)
    (good / "final_reply.md").write_text(GOOD_REPLY)
    (good / "review.md").write_text(GOOD_REVIEW)

    bad_xlsx(bad / "summary.xlsx")
    bad_docx(bad / "report.docx")
    bad_pptx(bad / "deck.pptx")
    pdf(bad / "report.pdf", good=False)
    (bad / "page.html").write_text(BAD_HTML)
    chart_png(bad / "chart.png", good=False)
    data_files(bad, good=False)
    (bad / "final_reply.md").write_text(BAD_REPLY)
    (bad / "review.md").write_text(BAD_REVIEW)
    zip_bomb_xlsx(bad / "bomb.xlsx")
    corrupt_pptx(bad / "corrupt.pptx")
    entity_docx(bad / "entities.docx")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
