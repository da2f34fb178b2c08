"""Text-only baseline for contract_redline_review: reads the text layers only (the clean DOCX and
the cover letter PDF); the scans are images with no text layer, so it cannot see the handwritten
amendments, the initials, the stamp or the signature date. It does its honest best: it lists the
key commercial terms of the clean version as the likely candidates and says what must be checked."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from docx import Document

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"

clauses: dict[str, str] = {}
for p in Document(str(INPUT / "MSA_NWA-2025-014_clean.docx")).paragraphs:
    m = re.match(r"^(\d+\.\d+)\t(.*)$", p.text)
    if m:
        clauses[m.group(1)] = m.group(2)
with fitz.open(str(INPUT / "Harbourline_cover_letter.pdf")) as doc:
    letter = "\n".join(page.get_text() for page in doc)
letter_date = re.search(r"\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b", letter)
scans = sorted(p.name for p in INPUT.glob("*.png"))

candidates = []
for number, subject, pattern in [
    ("4.2", "Payment terms", r"within [a-z\-]+ \(\d+\) days"),
    ("8.1", "Warranty period", r"period of [a-z]+ \(\d+\) days"),
    ("9.2", "Liability cap", r"GBP [\d,]+"),
    ("12.2", "Termination for convenience", r"[a-z]+ \(\d+\) days' written notice"),
]:
    m = re.search(pattern, clauses.get(number, ""))
    if m:
        candidates.append(f"| {number} | {subject} | {m.group(0)} | not legible from the text layers - check scan | Unknown |")

reply = f"""**Memo - MSA NWA-MSA-2025-014, Harbourline Logistics returned counterpart**

The returned counterpart ({', '.join(scans)}) is a set of images without a text layer, so I could not read
the handwritten amendments, the initials, the RECEIVED stamp or the signature date from it.

- Covering letter dated {letter_date.group(0) if letter_date else 'unknown'}; the date of receipt must be read from the stamp on the scan.
- The letter says Harbourline's CFO signed and made manuscript amendments, and asks Northwind Analytics to sign.

Key commercial terms in our clean version that are the usual candidates for amendment:

| Clause | Subject | Original term | New term (as marked) | Initialled (Yes/No) |
|---|---|---|---|---|
""" + "\n".join(candidates) + """

Number of amendments: could not be determined from text.

**Recommendation:** check each page of the scan by eye before countersigning; under clause 14.1 a variation
only takes effect once initialled or signed on behalf of each party.
"""
(WS / "final_reply.md").write_text(reply, encoding="utf-8")
print(reply)
