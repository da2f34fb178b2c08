"""Text-only baseline for part_inspection_report: reads the CSV and the procedure's text, and
the drawing PDF's text layer (empty: it is a scan). Tolerances the procedure restates are used;
for the rest it falls back to ISO 2768-m general tolerances (the drawing's note it cannot read),
nominals are the measured means rounded. Where the prompt demands an answer that only the
drawing shows, it commits to its best text-only guess instead of abstaining: geometric
tolerances from the fastener formula (position) and ISO 2768-K (perpendicularity), the bolt
count from the EN 1092-1 rule of thumb for the flange size, a generic structural steel."""

from __future__ import annotations

import csv
import re
import statistics
from collections import defaultdict
from pathlib import Path

import docx
import fitz
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"


def iso2768m(nominal: float) -> float:
    for upper, tol in ((3, 0.1), (6, 0.1), (30, 0.2), (120, 0.3), (400, 0.5), (1000, 0.8)):
        if nominal <= upper:
            return tol
    return 1.2


def main() -> None:
    drawing_text = "".join(p.get_text() for p in fitz.open(INP / "DRG-FL-2207_revB.pdf"))
    proc = docx.Document(INP / "QP-114_inspection_procedure.docx")
    restated = {}
    names = {}
    for table in proc.tables:
        for row in table.rows:
            cells = [c.text for c in row.cells]
            if re.fullmatch(r"F0\d", cells[0]):
                names[cells[0]] = cells[1]
                m = re.match(r"([\d.]+)\s*±\s*([\d.]+)", cells[4]) or re.match(r"([\d.]+)\s*\(", cells[4])
                if m and len(m.groups()) == 2:
                    restated[cells[0]] = (float(m.group(1)) - float(m.group(2)), float(m.group(1)) + float(m.group(2)), f"±{m.group(2)}")
                elif m:
                    restated[cells[0]] = (0.0, float(m.group(1)), m.group(1))

    values: dict[str, dict[str, float]] = defaultdict(dict)
    serials: list[str] = []
    lot = ""
    with open(INP / "cmm_results_L24-0471.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            values[row["feature_id"]][row["part_serial"]] = float(row["measured_mm"])
            lot = row["lot"]
            if row["part_serial"] not in serials:
                serials.append(row["part_serial"])

    rows, fails = [], []
    for fid in [f"F0{i}" for i in range(1, 10)]:
        lo_s = values.get(f"{fid}.MIN") or values[fid]
        hi_s = values.get(f"{fid}.MAX") or values[fid]
        mn, mx = min(lo_s.values()), max(hi_s.values())
        geometric = fid in ("F07", "F08", "F09")
        nominal = 0.0 if geometric else round(statistics.mean(list(lo_s.values()) + list(hi_s.values())))
        if fid in restated:
            lo, hi, tol = restated[fid]
        elif fid == "F07":
            # floating-fastener formula T = H - F: Ø11 clearance hole -> M10 bolt -> Ø1.0
            hole = round(statistics.mean(values["F06.MIN"].values()))
            bolt = hole - 1  # ISO 273 medium clearance: an M10 bolt takes a Ø11 hole
            lo, hi, tol = 0.0, float(hole - bolt), f"Ø{hole - bolt:.2f} (fastener formula, assumed)"
        elif geometric:
            lo, hi, tol = 0.0, 0.4, "0.4 (ISO 2768-K, assumed)"
        else:
            t = iso2768m(nominal)
            lo, hi, tol = nominal - t, nominal + t, f"±{t} (ISO 2768-m assumed)"
        if hi is None:
            result = "n/a"
        else:
            result = "PASS" if lo <= mn and mx <= hi else "FAIL"
            for s in serials:
                if lo_s[s] < lo or hi_s[s] > hi:
                    fails.append((s, fid, lo_s[s] if lo_s[s] < lo else hi_s[s]))
        rows.append([fid, names.get(fid, ""), f"{nominal:.2f}", tol, "" if lo is None else f"{lo:.3f}",
                     "" if hi is None else f"{hi:.3f}", f"{mn:.3f}", f"{mx:.3f}", result])

    bad = sorted({f[0] for f in fails})
    # EN 1092-1 PN16: flanges up to about 200 mm outside diameter carry 4 bolts, larger ones 8
    od = statistics.mean(values["F01"].values())
    holes = 4 if od <= 200 else 8
    critical = {"F02", "F03", "F07"}
    verdict = "REJECT" if any(f[1] in critical for f in fails) else ("HOLD" if fails else "ACCEPT")
    ss = getSampleStyleSheet()
    story = [Paragraph("Inspection report", ss["Title"]),
             Paragraph(f"Part FL-2207, drawing DRG-FL-2207 rev B, lot {lot}, CMM-02. Material: steel S355J2 (assumed).", ss["Normal"]),
             Paragraph(f"Bolt pattern: {holes} holes", ss["Normal"]),
             Paragraph(f"Conforming parts: {len(serials) - len(bad)} of {len(serials)}", ss["Normal"])]
    t = Table([["Feature ID", "Characteristic", "Nominal", "Tolerance", "Lower", "Upper", "Min", "Max", "Result"]] + rows)
    t.setStyle([("FONTSIZE", (0, 0), (-1, -1), 6.5)])
    story += [t, Paragraph("Nonconforming parts", ss["Heading2"])]
    story += [Paragraph(f"{s}: {fid} measured {v:.3f}", ss["Normal"]) for s, fid, v in fails] or [Paragraph("None found.", ss["Normal"])]
    story += [Paragraph(f"Lot disposition: {verdict}", ss["Heading2"])]
    if not drawing_text.strip():
        story.append(Paragraph("Note: the drawing could not be read as text; tolerances other than those restated in QP-114 are assumed.", ss["Normal"]))
    SimpleDocTemplate(str(WS / "inspection_report.pdf"), pagesize=A4).build(story)
    (WS / "final_reply.md").write_text(
        "inspection_report.pdf is ready.\n\n"
        f"- Nonconforming parts: {', '.join(bad) or 'none'}\n"
        f"- Conforming parts: {len(serials) - len(bad)} of {len(serials)}\n"
        f"- Bolt pattern: {holes} holes\n"
        f"- Lot disposition: {verdict}\n")


if __name__ == "__main__":
    main()
