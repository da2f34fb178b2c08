"""Oracle for contract_redline_review: the memo as the final reply.

The original terms are read from the clean DOCX; the handwritten amendments, initials, stamp date
and signature date are what the scans show (the author knows them: they exist only as pixels).
Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

import re
from pathlib import Path

from docx import Document

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"

clauses: dict[str, str] = {}
for p in Document(str(INPUT / "MSA_NWA-2025-014_clean.docx")).paragraphs:
    m = re.match(r"^(\d+\.\d+)\t(.*)$", p.text)
    if m:
        clauses[m.group(1)] = m.group(2)


def original(clause: str, pattern: str) -> str:
    m = re.search(pattern, clauses[clause])
    assert m, (clause, pattern)
    return m.group(0)


# What the scans show (pages 1-4 of MSA_countersigned_scan_p*.png).
RECEIVED = "11 March 2025"            # red RECEIVED stamp, page 1: date written in by hand "11/3/25"
SIGNED = "5 March 2025"               # Harbourline date line, page 4: handwritten "5/3/25" (UK order)
SIGNATORY = "Maria Petrova, CFO"
PAY = original("4.2", r"thirty \(30\) days")
WARRANTY = original("8.1", r"ninety \(90\) days")
CAP = original("9.2", r"GBP [\d,]+")
NOTICE = original("12.2", r"sixty \(60\) days")
amendments = [
    ("4.2", "Payment terms", PAY + " from receipt of invoice", "45 days from receipt of invoice", "Yes"),
    ("7.3", "Non-solicitation of employees", "12-month mutual non-solicitation of employees",
     "Clause deleted in full (struck through, 'Delete' in margin)", "Yes"),
    ("8.1", "Warranty period", WARRANTY + " from acceptance", "180 days from acceptance", "Yes"),
    ("9.2", "Limitation of liability (aggregate cap)", CAP + " in each Contract Year",
     "GBP 400,000 in each Contract Year", "No"),
    ("12.2", "Termination for convenience (notice period)", NOTICE + "' written notice",
     "120 days' written notice", "No"),
]

rows = "\n".join(f"| {c} | {s} | {o} | {n} | {i} |" for c, s, o, n, i in amendments)
missing = [c for c, *_, i in amendments if i == "No"]
reply = f"""**Memo**

To: Dana Okafor, Senior Counsel
Re: MSA NWA-MSA-2025-014 - Harbourline Logistics returned counterpart

- Received: {RECEIVED}
- Signatory: {SIGNATORY}
- Signature date: {SIGNED}

The received date is the one our post room wrote by hand ("11/3/25") on the red RECEIVED stamp of Northwind Analytics - Legal on page 1 of the scan; Harbourline's CFO signed her block on page 4 and dated it "5/3/25". The Northwind Analytics signature block is still blank.

| Clause | Subject | Original term | New term (as marked) | Initialled (Yes/No) |
|---|---|---|---|---|
{rows}

Total amendments: {len(amendments)}

Three of the amendments carry the initials "MP" and two do not.

**Recommendation**

Missing initials: {' and '.join(missing)}

Clauses {missing[0]} and {missing[1]} are not initialled by Harbourline's signatory and must be initialled (or otherwise confirmed in writing) before we countersign.
- Under clause 14.1 a variation only takes effect once signed or initialled on behalf of each party, so all five amendments also need Northwind's initials if we accept them.
- Commercially, the un-initialled liability cap increase (GBP 250,000 to GBP 400,000, +GBP 150,000 a Contract Year) and the doubled termination notice (60 to 120 days) are the material points; together with 45-day payment, a 180-day warranty and the loss of the non-solicitation clause, every amendment favours Harbourline. I suggest commercial and insurance sign-off before countersigning.
- The tick beside clause 10.1 (insurance) on page 3 is a reviewer's mark, not an amendment.
- In the 4.2 margin a first figure "60" is scribbled out and "45" written beside it: 45 days is the term marked. The initials beside 12.2 are "TW" (apparently Tomasz Wren, Harbourline's Senior Legal Counsel, who signs the covering letter), not the signatory's "MP", so 12.2 is treated as not initialled by her.
"""
(WS / "final_reply.md").write_text(reply, encoding="utf-8")
print(reply)
