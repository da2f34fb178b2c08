"""Text-only solver for zoning_map_memo: uses the GeoJSON files and the policy PDF's text,
never looks at land_use_map.png. It gets the corridor (pure geometry) right, but the zoning
class of each parcel exists only as map colour. The prompt demands committed answers, so it
commits to its best text-only guess instead of abstaining: every corridor parcel is taken to
be the district's base class, the first class of the policy's table 7.4-A (R-1), and the
policy's direction for that class is applied to every parcel.

Runs inside the sandbox (cwd /workspace)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fitz  # noqa: E402
from docx import Document  # noqa: E402
from docx.shared import Inches  # noqa: E402

from geom import CORRIDOR, INP, PARCELS, WS, draw_site_map  # noqa: E402

# The legend order and the directions come from the policy's text (table 7.4-A).
policy = "\n".join(page.get_text() for page in fitz.open(INP / "corridor_policy.pdf"))
CODES = [c for c in ["R-1", "R-3", "MU", "C-2", "I-1", "OS", "PF"] if c in policy]
GUESS = CODES[0]  # no class is readable without the map: guess the base residential class
_direction = re.search(rf"^{re.escape(GUESS)}\n[^\n]*\nInitiate rezoning to (\S+?) ", policy, re.MULTILINE)
TARGET = _direction.group(1) if _direction else None


def main() -> None:
    draw_site_map(WS / "site_map.png")
    rezone = [pid for pid, _ in CORRIDOR] if TARGET else []
    doc = Document()
    doc.add_heading("Corridor zoning memo", level=1)
    doc.add_paragraph(
        f"{len(CORRIDOR)} of the {len(PARCELS)} district parcels lie within 400 m of the Line H centreline. "
        f"The parcel file carries no zoning; this memo assumes every corridor parcel is {GUESS}, pending "
        f"confirmation against zoning map LU-07.")
    doc.add_paragraph("Table 1. Corridor parcels")
    t = doc.add_table(rows=1, cols=3)
    for c, name in zip(t.rows[0].cells, ["Parcel ID", "Zoning class", "Distance to centreline (m)"]):
        c.text = name
    for pid, d in CORRIDOR:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = pid, GUESS, f"{round(d)}"
    doc.add_paragraph("")
    doc.add_paragraph("Table 2. Corridor parcels by zoning class")
    t2 = doc.add_table(rows=1, cols=2)
    t2.rows[0].cells[0].text, t2.rows[0].cells[1].text = "Zoning class", "Parcels"
    counts = {code: (len(CORRIDOR) if code == GUESS else 0) for code in CODES}
    for code in CODES:
        cells = t2.add_row().cells
        cells[0].text, cells[1].text = code, str(counts[code])
    cells = t2.add_row().cells
    cells[0].text, cells[1].text = "Total", str(len(CORRIDOR))
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Following Policy 7.4.3, initiate one City rezoning bylaw for the Line H corridor covering:")
    for pid in rezone:
        doc.add_paragraph(f"{pid}: rezone from {GUESS} to {TARGET}", style="List Bullet")
    doc.add_picture(str(WS / "site_map.png"), width=Inches(6.3))
    doc.save(WS / "memo.docx")
    lines = [f"Corridor parcels: {len(CORRIDOR)}", ""] + [f"{c}: {counts[c]}" for c in CODES] + [""]
    lines += [f"{pid}: rezone from {GUESS} to {TARGET}" for pid in rezone]
    lines += ["", f"(Zoning classes assumed {GUESS}: the parcel data carries no zoning.)"]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
