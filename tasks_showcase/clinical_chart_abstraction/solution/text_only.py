"""Text-only baseline for clinical_chart_abstraction.

Reads only the text layer of discharge_summary.pdf (the two scans have none). It takes the
admission observations as the day-1 values and, because the prompt demands a number for every
day, commits to a guess for the others: a straight-line settling of the fever from the arrival
values to normal (37.0 °C, 80 bpm) on the discharge day, as the summary's "fever then settled"
suggests. Dose counts come from the summary's wording (five days of ceftriaxone, azithromycin
stopped after the day-2 antigen result, daily enoxaparin; paracetamol "as required" while febrile,
guessed as one dose per febrile day), and the allergy status is the summary's NKDA."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from docx import Document

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"


def main() -> None:
    text = "\n".join(page.get_text() for page in fitz.open(INP / "discharge_summary.pdf"))
    flat = " ".join(text.split())
    temp = re.search(r"temperature (\d+\.\d)", flat).group(1)
    hr = re.search(r"heart rate (\d+)", flat).group(1)
    mrn = re.search(r"MRN:\s*(\S+)", flat).group(1)
    patient = re.search(r"Patient:\s*(.+?)\s+MRN", flat).group(1)
    allergy = re.search(r"Allergies:\s*(.+?)\s+Diagnosis", flat).group(1)
    doc = Document()
    doc.add_heading("Chart abstraction", level=1)
    doc.add_paragraph(f"Episode: {patient}, MRN {mrn}. Admitted 11/03/2024, discharged 15/03/2024.")
    t = doc.add_table(rows=1, cols=4)
    for c, h in zip(t.rows[0].cells, ["Day", "Date", "Max temperature (°C)", "Max pulse (bpm)"]):
        c.text = h
    t0, p0 = float(temp), float(hr)
    temps = [round(t0 + (37.0 - t0) * i / 4, 1) for i in range(5)]
    pulses = [round(p0 + (80 - p0) * i / 4) for i in range(5)]
    for d in range(1, 6):
        cells = t.add_row().cells
        cells[0].text = str(d)
        cells[1].text = f"{10 + d:02d}/03/2024"
        cells[2].text = f"{temps[d - 1]:.1f}"
        cells[3].text = str(pulses[d - 1])
    t2 = doc.add_table(rows=1, cols=3)
    for c, h in zip(t2.rows[0].cells, ["Medication", "Doses given", "Comment"]):
        c.text = h
    febrile_days = sum(1 for x in temps if x >= 37.5)
    rows = [("Ceftriaxone", "5", "Summary: completed five days of IV ceftriaxone."),
            ("Azithromycin", "2", "Stopped after negative Legionella antigen (assumed day 3)."),
            ("Paracetamol", str(febrile_days), "PRN; assumed one dose per febrile day (count not in the summary)."),
            ("Enoxaparin", "5", "Once daily VTE prophylaxis throughout admission (assumed).")]
    for r in rows:
        for c, v in zip(t2.add_row().cells, r):
            c.text = v
    doc.add_heading("Allergies", level=2)
    t3 = doc.add_table(rows=1, cols=3)
    for c, h in zip(t3.rows[0].cells, ["Allergen", "Reaction", "Documented in"]):
        c.text = h
    for c, v in zip(t3.add_row().cells, ["None", "—", f"Discharge summary: {allergy}"]):
        c.text = v
    doc.add_paragraph(f"Discharge summary: {allergy}.")
    doc.add_heading("Discrepancies", level=2)
    doc.add_paragraph("None identified from the typed summary; the scanned chart and MAR could not be read.")
    doc.add_heading("Narrative", level=2)
    doc.add_paragraph(f"Admitted with community-acquired pneumonia, temperature {temp} °C and heart rate {hr} on "
                      "arrival; treated with IV ceftriaxone and azithromycin; fever settled and the patient was "
                      "discharged on oral amoxicillin-clavulanate.")
    doc.save(WS / "chart_abstract.docx")
    peak_day = max(range(5), key=lambda i: temps[i]) + 1
    (WS / "final_reply.md").write_text(
        f"Chart abstraction written. Only the typed summary could be read: admission temperature {temp} °C, "
        f"which is also the highest value on record; ceftriaxone five days per the summary; allergies: {allergy}.\n\n"
        f"Peak temperature (°C): {max(temps):.1f}\n"
        f"Peak hospital day: {peak_day}\n"
        "Peak time: 10:00\n"
        "Ceftriaxone doses given: 5\n"
        "Allergy: none (NKDA per the discharge summary)\n"
        "Safety concern: none\n")

if __name__ == "__main__":
    main()
