"""Text-only baseline for brand_compliance_review: reads the text layers only (guidelines PDF, brief
DOCX). The mock-ups are raster images with no text layer, so it cannot see their colours, logo
sizes or contrast. It does its honest best and still commits, as the prompt demands: a brand
manager does not sign off what she could not verify, so every mock-up gets No / Revise, with
the rules it must be checked against, and the count and date lines in the requested form."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from docx import Document

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"

with fitz.open(str(INPUT / "Solvane_Brand_Guidelines_v3.2.pdf")) as doc:
    guide = "\n".join(page.get_text() for page in doc)
brief = Document(str(INPUT / "Summer_Shield_2025_campaign_brief.docx"))
brief_text = "\n".join(p.text for p in brief.paragraphs)
mockups = [row.cells[0].text for row in brief.tables[0].rows[1:]]
assets = {row.cells[0].text: f"{row.cells[1].text} ({row.cells[3].text})" for row in brief.tables[0].rows[1:]}

hexes = re.findall(r"HEX (#[0-9A-F]{6})", guide)
min_size = re.search(r"at least (\d+) px wide", guide)
deadline = re.search(r"feedback to Brightfold: by ([^\n]+)", brief_text)
rules = (f"logo at least {min_size.group(1) if min_size else '?'} px wide; colours only {', '.join(hexes)}; "
         "text contrast at least 4.5:1")

rows = "\n".join(f"| {m} | No | Compliance not demonstrated: the asset could not be verified from text against {rules} "
                 "| Resubmit with a compliance checklist (logo width, colours used, text contrast) |" for m in mockups)
reply = f"""| Mock-up | Complies (Yes/No) | Issues found | Required fix |
|---|---|---|---|
{rows}

- Compliant mock-ups: 0 of {len(mockups)}
- Feedback due: {deadline.group(1).strip() if deadline else 'see the brief'}

None can be approved on the evidence available: the mock-ups are images without text.
"""
recs = "# Summer Shield 2025 - brand compliance recommendations\n\n" + "\n".join(
    f"## {m} - {assets[m]}\n\n{m} verdict: Revise\n\n- Not demonstrated to comply; check against the guidelines: {rules}.\n"
    for m in mockups)
(WS / "recommendations.md").write_text(recs, encoding="utf-8")
(WS / "final_reply.md").write_text(reply, encoding="utf-8")
print(reply)
