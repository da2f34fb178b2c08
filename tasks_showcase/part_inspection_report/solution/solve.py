"""Oracle for part_inspection_report: inspection_report.pdf and the final reply.

The drawing is a scan, so what it shows (nominals, tolerances, material, hole count) is
hard-coded here as the drawing's author knows it; the measurements come from the CMM CSV and
the disposition rule and characteristic classes from QP-114."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"

# From DRG-FL-2207 rev B (balloons 1-9 = F01-F09): id, characteristic, nominal, tolerance text, lower, upper, class (QP-114 §6).
# F01 and F04: the printed ±0.10 is struck through on the controlled copy and ±0.05 handwritten (approved
# redline ECR-2291, initialled R.O.); QP-114 §3 makes an approved redline govern over the printed value.
SPEC = [
    ("F01", "Outer diameter", "Ø120.00", "±0.05", 119.95, 120.05, "M"),
    ("F02", "Bore diameter", "Ø40.000", "H7 +0.025/0", 40.000, 40.025, "C"),
    ("F03", "Flange thickness", "12.00", "±0.05", 11.95, 12.05, "C"),
    ("F04", "Overall height", "30.00", "±0.05", 29.95, 30.05, "M"),
    ("F05", "Hub diameter", "Ø60.00", "±0.05", 59.95, 60.05, "M"),
    ("F06", "Bolt hole diameter (8×)", "Ø11.00", "+0.15/0", 11.00, 11.15, "M"),
    ("F07", "Bolt hole position", "0", "Ø0.20 A|B", 0.0, 0.20, "C"),
    ("F08", "Flatness, datum A", "0", "0.05", 0.0, 0.05, "M"),
    ("F09", "Perpendicularity, bore to A", "0", "Ø0.03 A", 0.0, 0.03, "M"),
]
N_HOLES = 8
MATERIAL = "Steel C45 (1.0503), normalised"


def load() -> tuple[dict, list[str], dict]:
    values: dict[str, dict[str, float]] = defaultdict(dict)  # feature -> serial -> value
    serials: list[str] = []
    meta = {}
    with open(INP / "cmm_results_L24-0471.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            values[row["feature_id"]][row["part_serial"]] = float(row["measured_mm"])
            if row["part_serial"] not in serials:
                serials.append(row["part_serial"])
            meta = {"lot": row["lot"], "cmm": row["cmm"], "program": row["program"], "date": row["timestamp"][:10]}
    return values, serials, meta


def evaluate(values, serials):
    rows, failures = [], []
    for fid, name, nominal, tol, lo, hi, cls in SPEC:
        low_series = values[f"{fid}.MIN"] if fid == "F06" else values[fid]
        high_series = values[f"{fid}.MAX"] if fid == "F06" else values[fid]
        mn, mx = min(low_series.values()), max(high_series.values())
        for s in serials:
            if low_series[s] < lo - 1e-9:
                failures.append((s, fid, name, low_series[s], "<", "lower", lo, cls))
            if high_series[s] > hi + 1e-9:
                failures.append((s, fid, name, high_series[s], ">", "upper", hi, cls))
        ok = lo - 1e-9 <= mn and mx <= hi + 1e-9
        rows.append((fid, name, nominal, tol, lo, hi, mn, mx, "PASS" if ok else "FAIL"))
    failures.sort()
    return rows, failures


def disposition(failures) -> str:
    if not failures:
        return "ACCEPT"
    return "REJECT" if any(f[7] == "C" for f in failures) else "HOLD"


def build_pdf(rows, failures, serials, meta, verdict) -> None:
    styles = {
        "title": ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=2),
        "sub": ParagraphStyle("s", fontName="Helvetica", fontSize=9, leading=12, textColor=colors.HexColor("#555555")),
        "h": ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=11, leading=14, spaceBefore=8, spaceAfter=4),
        "b": ParagraphStyle("b", fontName="Helvetica", fontSize=9.5, leading=13),
    }
    doc = SimpleDocTemplate(str(WS / "inspection_report.pdf"), pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm,
                            topMargin=15 * mm, bottomMargin=15 * mm, title="Inspection report FL-2207 lot " + meta["lot"],
                            author="Final inspection, cell M4")
    story = [Paragraph("Inspection report", styles["title"]),
             Paragraph("Halden Precision Components Ltd · Final inspection per QP-114 rev C", styles["sub"]),
             Spacer(1, 5 * mm)]
    conforming = len(serials) - len({f[0] for f in failures})
    header = [
        ["Part number", "FL-2207 (bearing housing flange)", "Lot", meta["lot"]],
        ["Drawing", "DRG-FL-2207 rev B", "Samples", f"{len(serials)} ({serials[0]} to {serials[-1]})"],
        ["Material", MATERIAL, "CMM", f"{meta['cmm']} ({meta['program']})"],
        ["Procedure", "QP-114 rev C", "Inspection date", meta["date"]],
    ]
    ht = Table(header, colWidths=[26 * mm, 64 * mm, 28 * mm, 62 * mm])
    ht.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8.5), ("FONT", (0, 0), (0, -1), "Helvetica-Bold", 8.5),
        ("FONT", (2, 0), (2, -1), "Helvetica-Bold", 8.5), ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
        ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")), ("BACKGROUND", (2, 0), (2, -1), colors.HexColor("#eeeeee")),
    ]))
    story += [ht, Spacer(1, 4 * mm),
              Paragraph(f"<b>Bolt pattern: {N_HOLES} holes</b> Ø11.00 +0.15/0 equally spaced on Ø96 PCD (counted on the drawing, front view).", styles["b"]),
              Paragraph(f"<b>Conforming parts: {conforming} of {len(serials)}</b>", styles["b"]),
              Paragraph("Characteristics", styles["h"])]
    hstyle = ParagraphStyle("th", fontName="Helvetica-Bold", fontSize=7.5, leading=9, textColor=colors.white)
    data = [[Paragraph(h, hstyle) for h in ("Feature ID", "Characteristic", "Nominal", "Tolerance", "Lower limit",
                                            "Upper limit", "Min measured", "Max measured", "Result")]]
    for fid, name, nominal, tol, lo, hi, mn, mx, res in rows:
        data.append([fid, name, nominal, tol, f"{lo:.3f}", f"{hi:.3f}", f"{mn:.3f}", f"{mx:.3f}", res])
    t = Table(data, colWidths=[16 * mm, 37 * mm, 16 * mm, 20 * mm, 17 * mm, 17 * mm, 20 * mm, 20 * mm, 14 * mm], repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5), ("FONT", (0, 1), (-1, -1), "Helvetica", 7.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#203864")), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")), ("ALIGN", (4, 1), (7, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    for i, r in enumerate(rows, start=1):
        bg = "#f8d7da" if r[-1] == "FAIL" else "#d4edda"
        style += [("BACKGROUND", (8, i), (8, i), colors.HexColor(bg)), ("FONT", (8, i), (8, i), "Helvetica-Bold", 7.5)]
    t.setStyle(TableStyle(style))
    story += [t, Paragraph("Limits in mm; geometric tolerances (F07–F09) have lower limit 0. F06: pattern minimum and maximum over all holes. "
                           "F01 and F04: ±0.05 per the approved redline ECR-2291 on the controlled copy (printed ±0.10 struck through).", styles["sub"]),
              Paragraph("Nonconforming parts", styles["h"])]
    for s, fid, name, value, op, side, limit, cls in failures:
        story.append(Paragraph(f"<b>{s}</b>: {fid} {name.lower()} measured {value:.3f} mm {op} {side} limit {limit:.3f} mm "
                               f"(class {cls}): FAIL", styles["b"]))
    story += [Paragraph("Lot disposition", styles["h"]),
              Paragraph(f"<b>Lot disposition: {verdict}</b>. Critical characteristics failed on "
                        f"{len({f[0] for f in failures if f[7] == 'C'})} sample(s) (F02, F03, F07); per QP-114 section 7 the lot is "
                        "quarantined, an NCR is raised and the lot is 100 % inspected.", styles["b"]),
              Spacer(1, 10 * mm),
              Paragraph("Inspected by: final inspection, cell M4 · Reviewed by: quality engineering", styles["sub"])]
    doc.build(story)


def main() -> None:
    values, serials, meta = load()
    rows, failures = evaluate(values, serials)
    verdict = disposition(failures)
    build_pdf(rows, failures, serials, meta, verdict)
    bad = sorted({f[0] for f in failures})
    reasons = "; ".join(f"{s} {fid} {v:.3f} {op} {lim:.3f}" for s, fid, _, v, op, _, lim, _ in failures)
    (WS / "final_reply.md").write_text(
        "inspection_report.pdf is ready.\n\n"
        f"- Nonconforming parts: {', '.join(bad) or 'none'}\n"
        f"- Reasons: {reasons or 'none'}\n"
        f"- Conforming parts: {len(serials) - len(bad)} of {len(serials)}\n"
        f"- Bolt pattern: {N_HOLES} holes\n"
        f"- Lot disposition: {verdict}\n"
    )


if __name__ == "__main__":
    main()
