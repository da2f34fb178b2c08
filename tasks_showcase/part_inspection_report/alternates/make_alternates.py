"""Build the alternates of part_inspection_report: correct reports in other styles, from the gold PDF.

Every fact is read from gold/inspection_report.pdf (header block, bolt-pattern and conforming
lines, the nine table rows, the nonconforming lines, the disposition), so the alternates follow
the gold when it changes; only the style is fixed here: wording, layout (summary first, extra
columns and sections, landscape), added context, number and date formats, the tool that wrote
the PDF (reportlab, WeasyPrint from HTML, LibreOffice from a Word file), or the bare minimum.
Each keeps what the prompt fixes: A4, the title "Inspection report" at the top, the header
items, the "Bolt pattern: N holes" line, the table columns in the given order with plain
numbers in the limit and measured columns and one line per row, "Conforming parts: N of 10", a
"Nonconforming parts" section with serial, feature, measured value and limit per failure,
"Lot disposition: REJECT", and the reply's four labelled lines. Deterministic: no randomness,
no clock, no network (LibreOffice and WeasyPrint run offline).

Run inside the sandbox image:
    python3 make_alternates.py --gold /task/gold --out /out
writes /out/<alternate>/final_reply.md and /out/<alternate>/deliverables/inspection_report.pdf.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import fitz
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

DELIVERABLE = "inspection_report.pdf"
rl_config.invariant = 1  # reportlab: fixed creation date and document ID, so every build gives the same bytes
COLUMNS = ("Feature ID", "Characteristic", "Nominal", "Tolerance", "Lower limit", "Upper limit",
           "Min measured", "Max measured", "Result")
HEADER_LABELS = ("Part number", "Lot", "Drawing", "Samples", "Material", "CMM", "Procedure", "Inspection date")


# -- the facts, as the gold report prints them -------------------------------------------------

@dataclass
class Row:
    fid: str
    name: str
    nominal: str
    tol: str
    lo: float
    hi: float
    mn: float
    mx: float
    result: str
    cls: str = "M"

    @property
    def worst(self) -> float:
        """The smallest distance to a limit (negative: outside)."""
        return min(self.mn - self.lo, self.hi - self.mx)


@dataclass
class Failure:
    serial: str
    fid: str
    name: str
    value: float
    op: str  # "<" or ">"
    side: str  # "lower" or "upper"
    limit: float
    cls: str


@dataclass
class Facts:
    company: str
    header: dict[str, str]
    holes: int
    bolt_detail: str
    conforming: int
    total: int
    rows: list[Row]
    failures: list[Failure]
    disposition: str
    disposition_why: str
    table_note: str
    redline_note: str
    signature: str

    @property
    def serials(self) -> list[str]:
        m = re.search(r"(\d{2})-(\d{4}) to \d{2}-(\d{4})", self.header["Samples"])
        return [f"{m.group(1)}-{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1)]

    @property
    def failing(self) -> list[str]:
        return sorted({f.serial for f in self.failures})

    @property
    def passing(self) -> list[str]:
        return [s for s in self.serials if s not in self.failing]

    @property
    def part(self) -> str:
        return self.header["Part number"].split()[0]

    @property
    def critical(self) -> list[Failure]:
        return [f for f in self.failures if f.cls == "C"]

    def row(self, fid: str) -> Row:
        return next(r for r in self.rows if r.fid == fid)


def _lines(doc) -> list[str]:
    return [ln.strip() for page in doc for ln in page.get_text().splitlines() if ln.strip()]


def _table_rows(doc) -> list[list[str]]:
    """Spans on the same baseline as a bare F01..F09 span, left to right (one table row each)."""
    spans = []
    for pno, page in enumerate(doc):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                spans += [(pno, s["origin"][1], s["origin"][0], s["text"]) for s in line["spans"] if s["text"].strip()]
    rows = []
    for pno, y, _, text in spans:
        if re.fullmatch(r"F0[1-9]", text):
            same = sorted((s for s in spans if s[0] == pno and abs(s[1] - y) < 1), key=lambda s: s[2])
            rows.append([s[3] for s in same])
    return rows


def read_facts(gold: Path, qp114: Path | None) -> Facts:
    doc = fitz.open(str(gold / DELIVERABLE))
    lines = _lines(doc)
    text = " ".join(lines)
    header = {}
    for i, ln in enumerate(lines[:-1]):
        if ln in HEADER_LABELS and ln not in header:
            header[ln] = lines[i + 1]
    bolt = re.search(r"Bolt pattern: (\d+) holes (.*?\))\.", text)
    conf = re.search(r"Conforming parts: (\d+) of (\d+)", text)
    failures = [Failure(m.group(1), m.group(2), m.group(3), float(m.group(4)), m.group(5), m.group(6), float(m.group(7)),
                        m.group(8))
                for m in re.finditer(r"(\d{2}-\d{4}): (F0\d) (.+?) measured ([\d.]+) mm ([<>]) (lower|upper) limit "
                                     r"([\d.]+) mm \(class ([CM])\): FAIL", text)]
    classes = {f.fid: f.cls for f in failures} | _qp114_classes(qp114)
    rows = []
    for r in _table_rows(doc):
        fid, name, nominal, tol, lo, hi, mn, mx, result = r
        rows.append(Row(fid, name, nominal, tol, float(lo), float(hi), float(mn), float(mx), result, classes.get(fid, "M")))
    disp = re.search(r"Lot disposition: (ACCEPT|REJECT|HOLD)\. (.*?)(?= Inspected by|$)", text)
    note = re.search(r"(Limits in mm;.*?struck through\)\.)", text)
    assert len(rows) == 9 and failures and bolt and conf and disp and note, "gold report layout not recognised"
    redline = re.search(r"(F01 and F04: .*?struck through\))", note.group(1)).group(1)
    signature = re.search(r"(Inspected by: .*)$", text).group(1)
    return Facts(lines[1], header, int(bolt.group(1)), bolt.group(2), int(conf.group(1)), int(conf.group(2)), rows,
                 failures, disp.group(1), disp.group(2), note.group(1), redline, signature)


def _qp114_classes(path: Path | None) -> dict[str, str]:
    """Characteristic classes (C/M) from QP-114 section 6, when the procedure is at hand."""
    if not path or not path.is_file():
        return {}
    import docx
    out = {}
    for t in docx.Document(str(path)).tables:
        for row in t.rows:
            cells = [c.text.strip() for c in row.cells]
            if len(cells) >= 3 and re.fullmatch(r"F0[1-9]", cells[0]) and cells[2] in ("C", "M"):
                out[cells[0]] = cells[2]
    return out


# -- shared helpers ----------------------------------------------------------------------------

def f3(x: float) -> str:
    return f"{x:.3f}"


def short(x: float) -> str:
    """Shortest exact form: 119.95, 40.025, 0.2, 0."""
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    return s or "0"


def mm_word(f: Failure) -> str:
    return "below" if f.op == "<" else "above"


def styles(base: float = 9.5) -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=2),
        "sub": ParagraphStyle("s", fontName="Helvetica", fontSize=base - 1, leading=base + 2, textColor=colors.HexColor("#555555")),
        "h": ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=base + 2, leading=base + 5, spaceBefore=8, spaceAfter=4),
        "h3": ParagraphStyle("h3", fontName="Helvetica-Bold", fontSize=base + 0.5, leading=base + 3, spaceBefore=5, spaceAfter=2),
        "b": ParagraphStyle("b", fontName="Helvetica", fontSize=base, leading=base + 3.5),
        "box": ParagraphStyle("x", fontName="Helvetica-Bold", fontSize=base + 1.5, leading=base + 5),
    }


def fitted_table(data: list[list[str]], width: float, size: float = 7.5, bold_header: bool = True,
                 fixed: dict[int, float] | None = None) -> tuple[Table, float]:
    """A table of plain strings (so no cell wraps: one line per row) with column widths from
    the content; the font shrinks until the table fits `width`."""
    while True:
        widths = []
        for j in range(len(data[0])):
            w = max(stringWidth(str(r[j]), "Helvetica-Bold" if (i == 0 and bold_header) else "Helvetica", size)
                    for i, r in enumerate(data))
            widths.append(w + 8)
        if sum(widths) <= width or size <= 5:
            break
        size -= 0.25
    spare = (width - sum(widths)) / len(widths)
    widths = [w + max(spare, 0) for w in widths]
    return Table(data, colWidths=widths, repeatRows=1), size


def grid_style(n_rows: int, size: float, header_bg: str = "#203864", result_col: int | None = None,
               results: list[str] | None = None, right: tuple[int, int] | None = (4, 7)) -> TableStyle:
    st = [("FONT", (0, 0), (-1, 0), "Helvetica-Bold", size), ("FONT", (0, 1), (-1, -1), "Helvetica", size),
          ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(header_bg)), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
          ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
          ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    if right is not None:
        st.append(("ALIGN", (right[0], 1), (right[1], -1), "RIGHT"))
    if result_col is not None and results:
        for i, res in enumerate(results, start=1):
            st.append(("BACKGROUND", (result_col, i), (result_col, i), colors.HexColor("#f8d7da" if res == "FAIL" else "#d4edda")))
            st.append(("FONT", (result_col, i), (result_col, i), "Helvetica-Bold", size))
    return TableStyle(st)


def build_pdf(path: Path, story: list, pagesize=A4, title: str = "Inspection report", margin: float = 15) -> None:
    doc = SimpleDocTemplate(str(path), pagesize=pagesize, leftMargin=margin * mm, rightMargin=margin * mm,
                            topMargin=margin * mm, bottomMargin=margin * mm, title=title, author="Final inspection, cell M4")
    doc.build(story)


def steady_pdf(path: Path) -> None:
    """Same bytes on every build for PDFs whose writer stamps the clock (LibreOffice, WeasyPrint):
    dates and the document ID replaced in place by fixed strings of the same length, so the
    cross-reference offsets stay valid."""
    blob = path.read_bytes()
    blob = re.sub(rb"D:\d{14}", b"D:20241107160000", blob)
    blob = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", b"2024-11-07T16:00:00", blob)  # XMP
    blob = re.sub(rb"/DocChecksum\s*/([0-9A-Fa-f]+)", lambda m: m.group(0).replace(m.group(1), b"0" * len(m.group(1))), blob)
    blob = re.sub(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>",
                  lambda m: m.group(0).replace(m.group(1), b"0" * len(m.group(1))).replace(m.group(2), b"0" * len(m.group(2))),
                  blob)
    path.write_bytes(blob)


def out_paths(out: Path, name: str) -> tuple[Path, Path]:
    folder = out / name / "deliverables"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DELIVERABLE, out / name / "final_reply.md"


# -- the alternates ----------------------------------------------------------------------------

PARA_NAMES = {"F01": "Outside diameter", "F02": "Bore (H7)", "F03": "Thickness of flange", "F04": "Total height",
              "F05": "Hub outside diameter", "F06": "Bolt holes, diameter ({n} off)", "F07": "Bolt holes, true position",
              "F08": "Flatness of face A", "F09": "Perpendicularity of bore to A"}


def paraphrase(f: Facts, out: Path) -> None:
    """Gold's layout (reportlab, portrait), every label and sentence reworded; the fixed lines,
    column heads and section name kept."""
    pdf, reply = out_paths(out, "paraphrase")
    st = styles()
    h = f.header
    header = [["Part no.", h["Part number"], "Lot no.", h["Lot"]],
              ["Drawing / revision", h["Drawing"].replace(" rev ", ", revision "), "Sample size", h["Samples"].replace(" to ", "–")],
              ["Material (per drawing)", h["Material"], "Measuring machine", h["CMM"]],
              ["Procedure", h["Procedure"], "Date of inspection", h["Inspection date"]]]
    ht, size = fitted_table(header, 180 * mm, 8.5, bold_header=False)
    ht.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", size), ("FONT", (0, 0), (0, -1), "Helvetica-Bold", size),
                            ("FONT", (2, 0), (2, -1), "Helvetica-Bold", size), ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey)]))
    data = [list(COLUMNS)] + [[r.fid, PARA_NAMES[r.fid].format(n=f.holes), r.nominal, r.tol, f3(r.lo), f3(r.hi), f3(r.mn),
                               f3(r.mx), r.result] for r in f.rows]
    t, size = fitted_table(data, 180 * mm, 7.5)
    t.setStyle(grid_style(len(data), size, "#2e4a3f", 8, [r.result for r in f.rows]))
    story = [Paragraph("Inspection report", st["title"]),
             Paragraph(f"Final inspection record, {f.company.split(' · ')[0]}, carried out to {h['Procedure']}", st["sub"]),
             Spacer(1, 4 * mm), ht, Spacer(1, 4 * mm),
             Paragraph(f"<b>Bolt pattern: {f.holes} holes</b>, counted in the front view of the drawing; they are "
                       f"{f.bolt_detail.split(' (')[0].replace('equally spaced', 'evenly spaced')}.", st["b"]),
             Paragraph(f"<b>Conforming parts: {f.conforming} of {f.total}</b>", st["b"]),
             Paragraph("Results by characteristic", st["h"]), t,
             Paragraph("All values in mm. Lower limit of the geometric tolerances F07 to F09 is zero. F06 shows the smallest "
                       "and largest hole of the pattern. The tolerances of F01 and F04 follow the approved hand redline "
                       "ECR-2291 on the controlled copy (the printed value is struck through).", st["sub"]),
             Paragraph("Nonconforming parts", st["h"])]
    for x in f.failures:
        name = PARA_NAMES[x.fid].format(n=f.holes)
        story.append(Paragraph(f"<b>{x.serial}</b> \u2013 {x.fid}, {name[0].lower() + name[1:]}: {x.side} limit "
                               f"{f3(x.limit)} mm, measured {f3(x.value)} mm ({'critical' if x.cls == 'C' else 'major'} "
                               "characteristic)", st["b"]))
    crit = ", ".join(sorted({x.fid for x in f.critical}))
    story += [Paragraph("Lot disposition", st["h"]),
              Paragraph(f"<b>Lot disposition: {f.disposition}</b>. {len({x.serial for x in f.critical})} samples fail a "
                        f"critical characteristic ({crit}). As QP-114 section 7 requires, the lot goes to quarantine, an NCR "
                        "is opened and every part of the lot is inspected.", st["b"]),
              Spacer(1, 8 * mm), Paragraph("Inspector: final inspection, cell M4 \u00b7 Review: quality engineering", st["sub"])]
    build_pdf(pdf, story)
    reply.write_text(
        f"The inspection report for lot {h['Lot']} is saved as inspection_report.pdf.\n\n"
        f"Nonconforming parts: {', '.join(f.failing)}\nConforming parts: {f.conforming} of {f.total}\n"
        f"Bolt pattern: {f.holes} holes\nLot disposition: {f.disposition}\n\n"
        "Why they fail: " + "; ".join(f"{x.serial} on {x.fid} ({f3(x.value)}, limit {f3(x.limit)})" for x in f.failures)
        + f". Because critical characteristics ({crit}) are among them, QP-114 section 7 calls for rejection.\n",
        encoding="utf-8")


def restructured(f: Facts, out: Path) -> None:
    """Landscape A4 on one page, summary box first (disposition, count, bolt pattern), the header
    as a title-block strip (labels above values) under a sub-heading, nonconforming parts as a table before the
    characteristics with an extra per-part results table beside it, two extra columns after
    Result (class, worst margin to a limit), the disposition basis at the end."""
    pdf, reply = out_paths(out, "restructured")
    st = styles(8.5)
    st["h"].spaceBefore = 5
    width = 273 * mm
    summary = Table([[Paragraph(f"Lot disposition: {f.disposition}", st["box"]),
                      Paragraph(f"Conforming parts: {f.conforming} of {f.total}", st["box"]),
                      Paragraph(f"Bolt pattern: {f.holes} holes", st["box"])]], colWidths=[width / 3] * 3)
    summary.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 1, colors.HexColor("#a61b1b")),
                                 ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fdecec"))]))
    kv = [list(f.header), list(f.header.values())]  # a title-block strip: labels above their values
    ht, size = fitted_table(kv, width, 8)
    ht.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7), ("FONT", (0, 1), (-1, 1), "Helvetica", size),
                            ("TEXTCOLOR", (0, 0), (-1, 0), colors.HexColor("#555555")),
                            ("BOX", (0, 0), (-1, -1), 0.6, colors.black), ("LINEAFTER", (0, 0), (-2, -1), 0.3, colors.grey)]))
    nc = [["Serial", "Feature ID", "Characteristic", "Measured (mm)", "Limit violated (mm)", "Deviation (mm)", "Class"]]
    nc += [[x.serial, x.fid, x.name, f3(x.value), f"{x.side} {f3(x.limit)}", f"{x.value - x.limit:+.3f}", x.cls]
           for x in f.failures]
    nt, size = fitted_table(nc, 165 * mm, 8)
    nt.setStyle(grid_style(len(nc), size, "#7a1f1f", right=(3, 5)))
    data = [list(COLUMNS) + ["Class", "Worst margin"]]
    data += [[r.fid, r.name, r.nominal, r.tol, f3(r.lo), f3(r.hi), f3(r.mn), f3(r.mx), r.result, r.cls, f"{r.worst:+.3f}"]
             for r in f.rows]
    t, size = fitted_table(data, width, 8)
    t.setStyle(grid_style(len(data), size, result_col=8, results=[r.result for r in f.rows]))
    per = [["Serial", "Status", "Failed features"]]
    for s in f.serials:
        fids = [x.fid for x in f.failures if x.serial == s]
        per.append([s, "FAIL" if fids else "PASS", ", ".join(fids) or "\u2013"])
    pt, size = fitted_table(per, 90 * mm, 8)
    pt.setStyle(grid_style(len(per), size, "#444444", result_col=1, results=[p[1] for p in per[1:]], right=None))
    side = Table([[[Paragraph("Nonconforming parts", st["h"]), nt], [Paragraph("Per-part results", st["h"]), pt]]],
                 colWidths=[175 * mm, width - 175 * mm])
    side.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    story = [Paragraph("Inspection report", st["title"]),
             Paragraph(f"{f.header['Part number']} \u00b7 lot {f.header['Lot']} \u00b7 {f.company}", st["sub"]),
             Spacer(1, 2 * mm), Paragraph("Summary", st["h"]), summary,
             Paragraph("Part and lot", st["h3"]), ht, side,
             Paragraph("Characteristics", st["h"]), t, Paragraph(f.table_note, st["sub"]),
             Paragraph("Disposition basis", st["h3"]), Paragraph(f.disposition_why, st["b"]),
             Spacer(1, 3 * mm), Paragraph(f.signature, st["sub"])]
    build_pdf(pdf, story, pagesize=landscape(A4), margin=10)
    rows = "\n".join(f"| {x.serial} | {x.fid} | {f3(x.value)} | {x.side} limit {f3(x.limit)} |" for x in f.failures)
    reply.write_text(
        "## Summary\n\n"
        f"- **Lot disposition:** {f.disposition}\n- **Conforming parts:** {f.conforming} of {f.total}\n"
        f"- **Nonconforming parts:** {', '.join(f.failing)}\n- **Bolt pattern:** {f.holes} holes\n\n"
        "## Failures\n\n| Serial | Feature | Measured (mm) | Limit (mm) |\n|---|---|--:|---|\n" + rows + "\n\n"
        "## Report\n\n`inspection_report.pdf`: A4 landscape, summary box first, then header, nonconforming parts, the "
        "F01\u2013F09 table and a per-part results table.\n", encoding="utf-8")


def _printed_band(f: Facts) -> float | None:
    m = re.search(r"printed \u00b1([\d.]+)", f.redline_note)
    return float(m.group(1)) if m else None


def verbose(f: Facts, out: Path) -> None:
    """Gold's layout with context everywhere: class and redline reference in the table, the
    conforming serials next to the count, deviations and the printed-tolerance caveat on the
    nonconforming lines, the HOLD/REJECT rule spelled out, a reply with context in brackets."""
    pdf, reply = out_paths(out, "verbose")
    st = styles(9)
    h = f.header
    redlined = re.findall(r"F0\d", f.redline_note.split(":")[0])
    header = [["Part number", h["Part number"], "Lot", h["Lot"]],
              ["Drawing", f"{h['Drawing']} (controlled copy, redline ECR-2291)", "Samples", h["Samples"]],
              ["Material", f"{h['Material']} (title block)", "CMM", h["CMM"]],
              ["Procedure", h["Procedure"], "Inspection date", f"{h['Inspection date']} (CMM export)"]]
    ht, size = fitted_table(header, 180 * mm, 8.5, bold_header=False)
    ht.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", size), ("FONT", (0, 0), (0, -1), "Helvetica-Bold", size),
                            ("FONT", (2, 0), (2, -1), "Helvetica-Bold", size),
                            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999"))]))
    data = [list(COLUMNS)]
    for r in f.rows:
        tol = f"{r.tol} (ECR-2291)" if r.fid in redlined else r.tol
        data.append([r.fid, f"{r.name} [{r.cls}]", r.nominal, tol, f3(r.lo), f3(r.hi), f3(r.mn), f3(r.mx), r.result])
    t, size = fitted_table(data, 180 * mm, 7.5)
    t.setStyle(grid_style(len(data), size, result_col=8, results=[r.result for r in f.rows]))
    n_fail = len(f.failing)
    story = [Paragraph("Inspection report", st["title"]), Paragraph(f.company, st["sub"]), Spacer(1, 4 * mm), ht,
             Spacer(1, 4 * mm),
             Paragraph(f"<b>Bolt pattern: {f.holes} holes</b> \u2013 {f.bolt_detail}; F06 and F07 are evaluated over all "
                       f"{f.holes} holes (pattern minimum and maximum from the CMM export).", st["b"]),
             Paragraph(f"<b>Conforming parts: {f.conforming} of {f.total}</b> ({', '.join(f.passing[:-1])} and "
                       f"{f.passing[-1]} are within every limit; {n_fail} parts have at least one nonconformity, "
                       f"{len(f.failures)} nonconformities in total).", st["b"]),
             Paragraph("Characteristics", st["h"]), t,
             Paragraph(f.table_note + " Class in brackets per QP-114 section 6: C = critical, M = major. Limits inclusive.",
                       st["sub"]),
             Paragraph("Nonconforming parts", st["h"])]
    band = _printed_band(f)
    for x in f.failures:
        line = (f"<b>{x.serial}</b>: {x.fid} {x.name} measured {f3(x.value)} mm {'&lt;' if x.op == '<' else '&gt;'} "
                f"{x.side} limit {f3(x.limit)} mm, {'under' if x.op == '<' else 'over'} by {abs(x.value - x.limit):.3f} mm "
                f"(class {x.cls}, {'critical' if x.cls == 'C' else 'major'}).")
        if x.fid in redlined and band is not None:
            nominal = float(re.sub(r"[^\d.]", "", f.row(x.fid).nominal))
            if nominal - band <= x.value <= nominal + band:
                line += (f" Against the struck-through printed \u00b1{band:.2f} this value would not be out of tolerance; "
                         "the approved redline governs (QP-114 section 3).")
        story.append(Paragraph(line, st["b"]))
    crit = "; ".join(f"{x.fid} on {x.serial}" for x in sorted(f.critical, key=lambda x: x.fid))
    story += [Paragraph("Lot disposition", st["h"]),
              Paragraph(f"<b>Lot disposition: {f.disposition}</b>. {f.disposition_why} Critical failures: {crit}. Had only "
                        "major (M) characteristics failed, the lot would have gone on HOLD for the material review board "
                        "instead; with critical failures present, HOLD is not an option.", st["b"]),
              Spacer(1, 8 * mm), Paragraph(f.signature, st["sub"])]
    build_pdf(pdf, story)
    why = "; ".join(f"{x.serial} {x.fid} {f3(x.value)} {x.op} {f3(x.limit)}" for x in f.failures)
    reply.write_text(
        "inspection_report.pdf is ready (A4, one page).\n\n"
        f"- Nonconforming parts: {', '.join(f.failing)} ({n_fail} parts, {len(f.failures)} nonconformities; "
        + ", ".join(f"{s} fails {' and '.join(x.fid for x in f.failures if x.serial == s)}" for s in f.failing
                    if sum(x.serial == s for x in f.failures) > 1) + ")\n"
        f"- Conforming parts: {f.conforming} of {f.total} ({', '.join(f.passing)})\n"
        f"- Bolt pattern: {f.holes} holes ({f.bolt_detail.split(' (')[0]}, counted on the drawing)\n"
        f"- Lot disposition: {f.disposition} (critical characteristics failed: {crit}; QP-114 section 7)\n\n"
        f"Details: {why}. {', '.join(redlined)} use the approved redline \u00b10.05 (ECR-2291), not the struck-through "
        "printed tolerance.\n", encoding="utf-8")


def verbose_sections(f: Facts, out: Path) -> None:
    """Another verbose writer: sub-headings inside the Nonconforming parts section (critical /
    major), a closing sentence there naming the parts that conform, the disposition with its
    reason and "not HOLD"; reply with the failed features after each serial."""
    pdf, reply = out_paths(out, "verbose_sections")
    st = styles(9)
    h = f.header
    header = [["Part number", h["Part number"], "Lot", h["Lot"]],
              ["Drawing", h["Drawing"], "Samples", h["Samples"]],
              ["Material", h["Material"], "CMM", h["CMM"]],
              ["Procedure", h["Procedure"], "Inspection date", h["Inspection date"]]]
    ht, size = fitted_table(header, 180 * mm, 8.5, bold_header=False)
    ht.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", size), ("FONT", (0, 0), (0, -1), "Helvetica-Bold", size),
                            ("FONT", (2, 0), (2, -1), "Helvetica-Bold", size),
                            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999"))]))
    data = [list(COLUMNS)] + [[r.fid, r.name, r.nominal, r.tol, f3(r.lo), f3(r.hi), f3(r.mn), f3(r.mx), r.result]
                              for r in f.rows]
    t, size = fitted_table(data, 180 * mm, 7.5)
    t.setStyle(grid_style(len(data), size, result_col=8, results=[r.result for r in f.rows]))
    story = [Paragraph("Inspection report", st["title"]), Paragraph(f.company, st["sub"]), Spacer(1, 4 * mm), ht,
             Spacer(1, 4 * mm),
             Paragraph(f"<b>Bolt pattern: {f.holes} holes</b> ({f.bolt_detail.split(' (')[0]}; counted in the front view "
                       "of the drawing, which gives no number in the callout).", st["b"]),
             Paragraph("Characteristics", st["h"]), t, Paragraph(f.table_note, st["sub"]),
             Paragraph(f"<b>Conforming parts: {f.conforming} of {f.total}</b>", st["b"]),
             Paragraph("Nonconforming parts", st["h"])]
    for cls, title in (("C", "Critical characteristics (class C)"), ("M", "Major characteristics (class M)")):
        fails = [x for x in f.failures if x.cls == cls]
        if not fails:
            continue
        story.append(Paragraph(title, st["h3"]))
        for x in fails:
            story.append(Paragraph(f"\u2022 {x.serial}: {x.fid} {x.name} {f3(x.value)} mm, {x.side} limit {f3(x.limit)} mm "
                                   f"({'under' if x.op == '<' else 'over'} by {abs(x.value - x.limit):.3f} mm)", st["b"]))
    story.append(Paragraph(f"The other {len(f.passing)} samples ({', '.join(f.passing)}) are within every limit; none of "
                           "them is nonconforming.", st["b"]))
    story += [Paragraph("Lot disposition", st["h"]),
              Paragraph(f"<b>Lot disposition: {f.disposition}</b> (not HOLD: a critical characteristic failed). "
                        f"{f.disposition_why}", st["b"]),
              Spacer(1, 8 * mm), Paragraph(f.signature, st["sub"])]
    build_pdf(pdf, story)
    listed = ", ".join(f"{s} ({', '.join(x.fid for x in f.failures if x.serial == s)})" for s in f.failing)
    reply.write_text(
        "The report is in inspection_report.pdf.\n\n"
        f"- Nonconforming parts: {listed}\n- Conforming parts: {f.conforming} of {f.total}\n"
        f"- Bolt pattern: {f.holes} holes, equally spaced (counted on the drawing)\n"
        f"- Lot disposition: {f.disposition} (not HOLD, because critical characteristics "
        f"{', '.join(sorted({x.fid for x in f.critical}))} failed)\n", encoding="utf-8")


def formats(f: Facts, out: Path) -> None:
    """The same values in other formats: limits and measurements in their shortest exact form
    (119.95, 40, 0, 11.94), nominals without trailing zeros, the date as '7 Nov 2024', failures
    as 'measured < LSL' with units, a numbered reply."""
    pdf, reply = out_paths(out, "formats")
    st = styles()
    h = f.header
    y, mo, d = h["Inspection date"].split("-")
    month = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()[int(mo) - 1]
    date = f"{int(d)} {month} {y}"

    def nom(s: str) -> str:
        m = re.match(r"(\D*)([\d.]+)$", s)
        return m.group(1) + short(float(m.group(2))) if m else s
    lines = [f"<b>Part number:</b> {h['Part number']}", f"<b>Drawing:</b> {h['Drawing'].replace(' rev ', ', Rev. ')}",
             f"<b>Material:</b> {h['Material']}", f"<b>Lot:</b> {h['Lot']}, samples {f.serials[0]} to {f.serials[-1]}",
             f"<b>CMM:</b> {h['CMM']}", f"<b>Inspection date:</b> {date}"]
    data = [list(COLUMNS)] + [[r.fid, r.name, nom(r.nominal), r.tol, short(r.lo), short(r.hi), short(r.mn), short(r.mx),
                               r.result] for r in f.rows]
    t, size = fitted_table(data, 180 * mm, 8)
    t.setStyle(grid_style(len(data), size, "#333333", 8, [r.result for r in f.rows]))
    story = [Paragraph("Inspection report", st["title"]), Spacer(1, 3 * mm)] + [Paragraph(x, st["b"]) for x in lines]
    story += [Spacer(1, 3 * mm), Paragraph(f"Bolt pattern: {f.holes} holes", st["b"]),
              Paragraph(f"Conforming parts: {f.conforming} of {f.total}", st["b"]), Spacer(1, 3 * mm), t,
              Paragraph("All dimensions in mm.", st["sub"]), Paragraph("Nonconforming parts", st["h"])]
    for x in f.failures:
        bound = "LSL" if x.side == "lower" else "USL"
        story.append(Paragraph(f"{x.serial} | {x.fid} | {short(x.value)} mm {'&lt;' if x.op == '<' else '&gt;'} {bound} "
                               f"{short(x.limit)} mm", st["b"]))
    story += [Spacer(1, 4 * mm), Paragraph(f"<b>Lot disposition: {f.disposition}</b>", st["b"])]
    build_pdf(pdf, story, margin=12)
    reply.write_text(
        "Report attached: inspection_report.pdf\n\n"
        f"1. Nonconforming parts: {', '.join(f.failing)}\n2. Conforming parts: {f.conforming} of {f.total}\n"
        f"3. Bolt pattern: {f.holes} holes\n4. Lot disposition: {f.disposition}\n", encoding="utf-8")


def minimal(f: Facts, out: Path) -> None:
    """A bare canvas page: title, header lines, the two fixed lines, the table as columns of
    text without grid, the failures and the disposition; the reply is the four lines."""
    from reportlab.pdfgen import canvas
    pdf, reply = out_paths(out, "minimal")
    c = canvas.Canvas(str(pdf), pagesize=A4)
    c.setTitle("Inspection report")
    y = A4[1] - 20 * mm
    x0 = 15 * mm

    def line(text: str, size: float = 9, bold: bool = False, dy: float = 4.6) -> None:
        nonlocal y
        c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        c.drawString(x0, y, text)
        y -= dy * mm
    line("Inspection report", 16, True, 9)
    h = f.header
    for label in ("Part number", "Drawing", "Material", "Lot", "CMM", "Inspection date"):
        line(f"{label}: {h[label]}")
    y -= 2 * mm
    line(f"Bolt pattern: {f.holes} holes")
    y -= 2 * mm
    data = [list(COLUMNS)] + [[r.fid, r.name, r.nominal, r.tol, f3(r.lo), f3(r.hi), f3(r.mn), f3(r.mx), r.result]
                              for r in f.rows]
    size = 7
    widths = [max(stringWidth(str(r[j]), "Helvetica-Bold", size) for r in data) + 6 for j in range(9)]
    for i, row in enumerate(data):
        x = x0
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", size)
        for j, cell in enumerate(row):
            c.drawString(x, y, cell)
            x += widths[j]
        y -= 4 * mm
    y -= 2 * mm
    line(f"Conforming parts: {f.conforming} of {f.total}")
    y -= 2 * mm
    line("Nonconforming parts", 10, True)
    for x in f.failures:
        line(f"{x.serial}  {x.fid}  measured {f3(x.value)}  {x.side} limit {f3(x.limit)}")
    y -= 2 * mm
    line(f"Lot disposition: {f.disposition}", 10, True)
    c.showPage()
    c.save()
    reply.write_text(f"Nonconforming parts: {', '.join(f.failing)}\nConforming parts: {f.conforming} of {f.total}\n"
                     f"Bolt pattern: {f.holes} holes\nLot disposition: {f.disposition}\n", encoding="utf-8")


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def weasyprint_html(f: Facts, out: Path) -> None:
    """The report as an HTML page (header as a definition list, failures as a bullet list)
    rendered to A4 by WeasyPrint."""
    from weasyprint import HTML
    pdf, reply = out_paths(out, "weasyprint_html")
    h = f.header
    meta = "".join(f"<div><dt>{_esc(k)}</dt><dd>{_esc(v)}</dd></div>" for k, v in
                   (("Part number", h["Part number"]), ("Drawing number / revision", h["Drawing"]),
                    ("Material", h["Material"]), ("Lot", h["Lot"]), ("Samples", h["Samples"]),
                    ("CMM", h["CMM"]), ("Inspection date", h["Inspection date"])))
    head = "".join(f"<th>{c}</th>" for c in COLUMNS)
    body = "".join(
        f"<tr><td>{r.fid}</td><td>{_esc(r.name)}</td><td>{_esc(r.nominal)}</td><td>{_esc(r.tol)}</td>"
        f"<td class=n>{f3(r.lo)}</td><td class=n>{f3(r.hi)}</td><td class=n>{f3(r.mn)}</td><td class=n>{f3(r.mx)}</td>"
        f"<td class='{r.result.lower()}'>{r.result}</td></tr>" for r in f.rows)
    items = "".join(f"<li><strong>{x.serial}</strong> \u2014 {x.fid} ({_esc(x.name)}): measured {f3(x.value)} mm, "
                    f"{x.side} limit {f3(x.limit)} mm</li>" for x in f.failures)
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inspection report</title><style>
@page {{ size: A4; margin: 14mm; }}
body {{ font-family: "DejaVu Sans", sans-serif; font-size: 9pt; color: #222; }}
h1 {{ font-size: 20pt; margin: 0 0 2mm; }} h2 {{ font-size: 12pt; margin: 5mm 0 2mm; border-bottom: 1px solid #ccc; }}
dl {{ display: flex; flex-wrap: wrap; margin: 0; }} dl div {{ width: 50%; margin-bottom: 1mm; }}
dt {{ font-weight: bold; font-size: 7.5pt; color: #666; }} dd {{ margin: 0; }}
.callout {{ font-weight: bold; margin: 2mm 0; }}
table {{ border-collapse: collapse; width: 100%; font-size: 6.8pt; }}
th, td {{ border: 1px solid #bbb; padding: 2px 3px; white-space: nowrap; }} th {{ background: #eef; }}
td.n {{ text-align: right; }} td.pass {{ background: #d4edda; font-weight: bold; }} td.fail {{ background: #f8d7da; font-weight: bold; }}
</style></head><body>
<h1>Inspection report</h1>
<p>{_esc(f.company)}</p>
<dl>{meta}</dl>
<p class="callout">Bolt pattern: {f.holes} holes</p>
<h2>Characteristics</h2>
<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>
<p><small>{_esc(f.table_note)}</small></p>
<p class="callout">Conforming parts: {f.conforming} of {f.total}</p>
<h2>Nonconforming parts</h2>
<ul>{items}</ul>
<h2>Disposition</h2>
<p class="callout">Lot disposition: {f.disposition}</p>
<p>{_esc(f.disposition_why)}</p>
</body></html>"""
    HTML(string=html).write_pdf(str(pdf))
    steady_pdf(pdf)
    reply.write_text(
        "I generated the report from HTML and saved it as `inspection_report.pdf` (A4).\n\n"
        f"- `Nonconforming parts: {', '.join(f.failing)}`\n- `Conforming parts: {f.conforming} of {f.total}`\n"
        f"- `Bolt pattern: {f.holes} holes`\n- `Lot disposition: {f.disposition}`\n", encoding="utf-8")


def libreoffice_docx(f: Facts, out: Path, work: Path) -> None:
    """The report written as a Word document (python-docx: Title, tables in 'Table Grid',
    bulleted failures) and exported to PDF by LibreOffice."""
    import docx
    from docx.enum.section import WD_ORIENT
    from docx.shared import Mm, Pt
    pdf, reply = out_paths(out, "libreoffice_docx")
    d = docx.Document()
    sec = d.sections[0]
    sec.orientation, sec.page_width, sec.page_height = WD_ORIENT.PORTRAIT, Mm(210), Mm(297)
    sec.left_margin = sec.right_margin = sec.top_margin = sec.bottom_margin = Mm(12)
    d.styles["Normal"].font.name, d.styles["Normal"].font.size = "Liberation Sans", Pt(9.5)
    d.add_heading("Inspection report", level=0)
    d.add_paragraph(f.company)
    h = f.header
    meta = d.add_table(rows=0, cols=2)
    meta.style = "Table Grid"
    for k, v in h.items():
        cells = meta.add_row().cells
        cells[0].text, cells[1].text = k, v
        cells[0].paragraphs[0].runs[0].bold = True
    d.add_paragraph()
    p = d.add_paragraph()
    p.add_run(f"Bolt pattern: {f.holes} holes").bold = True
    p.add_run(f" ({f.bolt_detail.split(' (')[0]})")
    d.add_heading("Characteristics", level=1)
    t = d.add_table(rows=1, cols=len(COLUMNS))
    t.style = "Table Grid"
    for cell, name in zip(t.rows[0].cells, COLUMNS):
        cell.text = name
    for r in f.rows:
        cells = t.add_row().cells
        for cell, v in zip(cells, (r.fid, r.name, r.nominal, r.tol, f3(r.lo), f3(r.hi), f3(r.mn), f3(r.mx), r.result)):
            cell.text = v
    widths = [16, 40, 16, 21, 17, 17, 20, 21, 13]  # mm; fixed grid so LibreOffice keeps each row on one line
    t.autofit = False
    for col, w in zip(t.columns, widths):
        col.width = Mm(w)
    for row in t.rows:
        for cell, w in zip(row.cells, widths):
            cell.width = Mm(w)
            for para in cell.paragraphs:
                for run in para.runs:
                    run.font.size = Pt(7)
    d.add_paragraph(f.table_note).runs[0].font.size = Pt(7.5)
    d.add_paragraph().add_run(f"Conforming parts: {f.conforming} of {f.total}").bold = True
    d.add_heading("Nonconforming parts", level=1)
    for x in f.failures:
        d.add_paragraph(f"{x.serial}: {x.fid} {x.name}, measured {f3(x.value)} mm, violates the {x.side} limit "
                        f"{f3(x.limit)} mm", style="List Bullet")
    d.add_heading("Lot disposition", level=1)
    d.add_paragraph().add_run(f"Lot disposition: {f.disposition}").bold = True
    d.add_paragraph(f.disposition_why)
    src = work / "inspection_report.docx"
    work.mkdir(parents=True, exist_ok=True)
    d.save(str(src))
    env = dict(os.environ, HOME=os.environ.get("HOME") or "/tmp")
    subprocess.run(["soffice", "--headless", "--norestore", "--convert-to", "pdf", "--outdir", str(work), str(src)],
                   check=True, capture_output=True, timeout=240, env=env)
    pdf.write_bytes((work / "inspection_report.pdf").read_bytes())
    steady_pdf(pdf)
    reply.write_text(
        "**Inspection report** \u2013 written in Word and exported to PDF (`inspection_report.pdf`).\n\n"
        f"**Nonconforming parts**: {', '.join(f.failing)}\n\n**Conforming parts**: {f.conforming} of {f.total}\n\n"
        f"**Bolt pattern**: {f.holes} holes\n\n**Lot disposition**: {f.disposition}\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    f = read_facts(args.gold, args.gold.parent / "inputs" / "QP-114_inspection_procedure.docx")
    for build in (paraphrase, restructured, verbose, verbose_sections, formats, minimal, weasyprint_html):
        build(f, args.out)
    with tempfile.TemporaryDirectory(prefix="alt-lo-") as tmp:
        libreoffice_docx(f, args.out, Path(tmp))


if __name__ == "__main__":
    main()
