"""Text-only baseline for contract_redline_review: reads the text layers only (the clean DOCX and
the cover letter PDF); the scans are images with no text layer, so it cannot see the handwritten
amendments, the initials, the stamp or the signature date. It does its honest best and still
commits, as the prompt demands: the covering letter's date stands in for both dates, its
"Chief Financial Officer" for the signatory, the key commercial terms of the clean version are
listed as the amendments, and since no initials can be confirmed from text each one is marked
not initialled (the cautious reading for counsel deciding whether to countersign)."""

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
        candidates.append((number, f"| {number} | {subject} | {m.group(0)} | amended in manuscript (value not legible from the text layers) | No |"))

date = letter_date.group(0) if letter_date else "unknown"
numbers = [n for n, _ in candidates]
missing = ", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else "".join(numbers) or "none"
reply = f"""**Memo - MSA NWA-MSA-2025-014, Harbourline Logistics returned counterpart**

- Received: {date}
- Signatory: Harbourline's Chief Financial Officer (name not in the text layers)
- Signature date: {date}

The returned counterpart ({', '.join(scans)}) is a set of images without a text layer; the dates above are the
covering letter's, the best evidence available in text. The letter says Harbourline's CFO signed and made
manuscript amendments, and asks Northwind Analytics to sign.

Key commercial terms in our clean version that are the usual candidates for amendment:

| Clause | Subject | Original term | New term (as marked) | Initialled (Yes/No) |
|---|---|---|---|---|
""" + "\n".join(row for _, row in candidates) + f"""

Total amendments: {len(candidates)}

**Recommendation**

Missing initials: {missing}

No initials can be confirmed from text, so treat every amendment as unconfirmed; under clause 14.1 a variation
only takes effect once initialled or signed on behalf of each party. Check each page of the scan before countersigning.
"""
(WS / "final_reply.md").write_text(reply, encoding="utf-8")
print(reply)
