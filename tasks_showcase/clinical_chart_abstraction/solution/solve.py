"""Oracle for clinical_chart_abstraction.

The author plotted the chart and filled the MAR, so the visual facts are known: daily maxima
38.4/39.6/38.9/37.8/37.1 °C and 112/124/106/92/84 bpm (peak 39.6 °C, day 2 at 14:00); doses given
ceftriaxone 4, azithromycin 2, paracetamol 6, enoxaparin 3; handwritten allergy PENICILLIN (hives)
that the typed summary (NKDA, discharged on amoxicillin-clavulanate) contradicts."""

from __future__ import annotations

from pathlib import Path

from docx import Document
from docx.shared import Pt

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()

VITALS = [
    (1, "11/03/2024", 38.4, 112),
    (2, "12/03/2024", 39.6, 124),
    (3, "13/03/2024", 38.9, 106),
    (4, "14/03/2024", 37.8, 92),
    (5, "15/03/2024", 37.1, 84),
]
MEDS = [
    ("Ceftriaxone 2 g IV once daily (10:00)", 4,
     "Given days 1, 2, 3 and 5. Day 4 dose omitted (code O, 'cannula tissued'). Summary says five days completed."),
    ("Azithromycin 500 mg PO once daily (10:00)", 2,
     "Given days 1 and 2; discontinued 13/03 by Dr Okafor (Legionella antigen negative)."),
    ("Paracetamol 1 g PO 6-hourly PRN", 6,
     "PRN doses: 11/03 14:20, 22:10; 12/03 06:05, 14:20, 21:45; 13/03 08:30."),
    ("Enoxaparin 40 mg SC once daily (18:00)", 3,
     "Day 1 held (code H, platelets pending); given days 2-4; day 5 not given (discharged 16:00)."),
]


def table(doc, header, rows):
    t = doc.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for cell, h in zip(t.rows[0].cells, header):
        cell.text = h
        cell.paragraphs[0].runs[0].bold = True
    for row in rows:
        for cell, value in zip(t.add_row().cells, row):
            cell.text = str(value)


def main() -> None:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(10)
    doc.add_heading("Chart abstraction", level=1)
    doc.add_paragraph("Episode: ZZTEST, Marlowe (synthetic test patient), MRN SYN-204417, DOB 02/06/1951. "
                      "Admitted 11/03/2024 09:40 (ward 6B Respiratory, Dr R. Vance); discharged 15/03/2024 16:00. "
                      "Sources: observation chart scan (SAG-NUR-014), MAR scan (SAG-PHA-002), typed discharge summary.")
    doc.add_heading("Vitals (read from the plotted observation chart)", level=2)
    table(doc, ["Day", "Date", "Max temperature (°C)", "Max pulse (bpm)"],
          [(d, date, f"{t:.1f}", p) for d, date, t, p in VITALS])
    doc.add_paragraph("Readings are 4-hourly (02, 06, 10, 14, 18, 22); day 1 starts at 10:00, day 5 ends at 14:00. "
                      "Values read off the grid (0.2 °C / 4 bpm per minor division).")
    doc.add_heading("Medications administered (MAR)", level=2)
    table(doc, ["Medication", "Doses given", "Comment"], MEDS)
    doc.add_heading("Allergies", level=2)
    table(doc, ["Allergen", "Reaction", "Documented in"],
          [("Penicillin", "Hives (reported by daughter)",
            "Observation chart allergy box, handwritten in red ink 12/03 by J.K. RN (replacing a struck-through NKDA)")])
    doc.add_paragraph("PENICILLIN — hives (reported by daughter), handwritten on the observation chart allergy box "
                      "on 12/03 by J.K. RN, replacing a struck-through 'NKDA'. The discharge summary and the "
                      "pharmacy-printed MAR header both still state no known drug allergies (NKDA).")
    doc.add_heading("Discrepancies", level=2)
    for text in (
        "Allergy: the discharge summary states NKDA, but the observation chart documents a penicillin allergy "
        "(hives). SAFETY CONCERN: the patient was discharged on amoxicillin-clavulanate, a penicillin — the "
        "discharge prescription must be reviewed urgently and the allergy record updated.",
        "Ceftriaxone: the summary says five days of IV ceftriaxone were completed, but the MAR shows 4 doses "
        "given; the day 4 dose was omitted (cannula tissued).",
        "Azithromycin: the summary says it was stopped after a negative Legionella antigen; the MAR shows only "
        "2 doses (days 1-2), discontinued 13/03 — consistent, noted for completeness.",
        "Enoxaparin: the summary says daily VTE prophylaxis; the MAR shows 3 doses (day 1 held, platelets "
        "pending; not given on the discharge day).",
    ):
        doc.add_paragraph(text, style="List Bullet")
    doc.add_heading("Narrative", level=2)
    doc.add_paragraph(
        "72-year-old woman (synthetic record) admitted with right lower lobe community-acquired pneumonia, "
        "CURB-65 2. Febrile on arrival (38.1 °C at 10:00, rising to 38.4 °C on day 1). The temperature peaked at "
        "39.6 °C on hospital day 2 (12/03) at 14:00 with a pulse of 124 bpm; paracetamol 1 g was given at 14:20 "
        "and the doctor informed. Blood cultures were taken on day 3, when the temperature was still 38.9 °C. "
        "The fever settled from day 4 (maximum 37.8 °C) and she was afebrile on day 5 (maximum 37.1 °C, pulse "
        "84), off oxygen since day 4.")
    doc.add_paragraph("Treatment: IV ceftriaxone (4 doses given), oral azithromycin (2 doses), PRN paracetamol "
                      "(6 doses), enoxaparin prophylaxis (3 doses). Discharged home on day 5.")
    doc.save(WS / "chart_abstract.docx")
    (WS / "final_reply.md").write_text(
        "Chart abstraction written to `chart_abstract.docx`.\n\n"
        "- The temperature peaked at 39.6 °C on hospital day 2 (12/03/2024) at 14:00.\n"
        "- Ceftriaxone: 4 doses actually given (day 4 omitted, cannula tissued) — the summary's 'five days' is wrong.\n"
        "- Allergy alert: PENICILLIN (hives), handwritten on the observation chart on 12/03; the discharge summary says "
        "NKDA and she was discharged on amoxicillin-clavulanate — please escalate to the discharging team and "
        "pharmacy.\n\n"
        "Peak temperature (°C): 39.6\n"
        "Peak hospital day: 2\n"
        "Peak time: 14:00\n"
        "Ceftriaxone doses given: 4\n"
        "Allergy: Penicillin (hives)\n"
        "Safety concern: discharged on amoxicillin-clavulanate (a penicillin) despite the documented penicillin allergy\n")


if __name__ == "__main__":
    main()
