"""Text-only baseline for clinical_chart_abstraction.

Reads only the text layer of discharge_summary.pdf (the two scans have none). It takes the
admission observations as the day-1 values, leaves the other days blank, derives dose counts from
the summary's wording (five days of ceftriaxone, azithromycin stopped after the day-2 antigen
result) and reports the NKDA allergy status the summary gives."""

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
    for d in range(1, 6):
        cells = t.add_row().cells
        cells[0].text = str(d)
        cells[1].text = f"{10 + d:02d}/03/2024"
        cells[2].text = temp if d == 1 else "not available"
        cells[3].text = hr if d == 1 else "not available"
    t2 = doc.add_table(rows=1, cols=3)
    for c, h in zip(t2.rows[0].cells, ["Medication", "Doses given", "Comment"]):
        c.text = h
    rows = [("Ceftriaxone", "5", "Summary: completed five days of IV ceftriaxone."),
            ("Azithromycin", "2", "Stopped after negative Legionella antigen (assumed day 3)."),
            ("Paracetamol", "unknown", "PRN; count not stated in the summary."),
            ("Enoxaparin", "5", "Once daily VTE prophylaxis throughout admission (assumed).")]
    for r in rows:
        for c, v in zip(t2.add_row().cells, r):
            c.text = v
    doc.add_heading("Allergies", level=2)
    doc.add_paragraph(f"Discharge summary: {allergy}.")
    doc.add_heading("Discrepancies", level=2)
    doc.add_paragraph("None identified from the typed summary; the scanned chart and MAR could not be read.")
    doc.add_heading("Narrative", level=2)
    doc.add_paragraph(f"Admitted with community-acquired pneumonia, temperature {temp} °C and heart rate {hr} on "
                      "arrival; treated with IV ceftriaxone and azithromycin; fever settled and the patient was "
                      "discharged on oral amoxicillin-clavulanate.")
    doc.save(WS / "chart_abstract.docx")
    (WS / "final_reply.md").write_text(
        f"Chart abstraction written. Admission temperature {temp} °C; the peak could not be read without the "
        f"chart. Ceftriaxone: 5 days per the summary. Allergies: {allergy}.\n")


if __name__ == "__main__":
    main()
