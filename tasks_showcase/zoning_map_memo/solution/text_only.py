"""Text-only solver for zoning_map_memo: uses the GeoJSON files and the policy PDF's text,
never looks at land_use_map.png. It gets the corridor (pure geometry) right, but the zoning
class of each parcel exists only as map colour, so classes, counts and the parcel-level
recommendation cannot be given.

Runs inside the sandbox (cwd /workspace)."""

from __future__ import annotations

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


def main() -> None:
    draw_site_map(WS / "site_map.png")
    doc = Document()
    doc.add_heading("Corridor zoning memo", level=1)
    doc.add_paragraph(
        f"{len(CORRIDOR)} of the {len(PARCELS)} district parcels lie within 400 m of the Line H centreline. "
        f"The parcel file carries no zoning; the zoning class of each parcel could not be determined from the "
        f"available data and must be confirmed from zoning map LU-07.")
    t = doc.add_table(rows=1, cols=3)
    for c, name in zip(t.rows[0].cells, ["Parcel ID", "Zoning class", "Distance to centreline (m)"]):
        c.text = name
    for pid, d in CORRIDOR:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = pid, "to be confirmed", f"{round(d)}"
    doc.add_paragraph("")
    t2 = doc.add_table(rows=1, cols=2)
    t2.rows[0].cells[0].text, t2.rows[0].cells[1].text = "Zoning class", "Parcels"
    for code in CODES:
        cells = t2.add_row().cells
        cells[0].text, cells[1].text = code, "not determined"
    cells = t2.add_row().cells
    cells[0].text, cells[1].text = "Total", str(len(CORRIDOR))
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Per Policy 7.4.3, initiate rezoning of the corridor's R-1 parcels to R-3 and of its C-2 parcels "
                      "to MU once the zoning class of each corridor parcel has been confirmed from the zoning map.")
    doc.add_picture(str(WS / "site_map.png"), width=Inches(6.3))
    doc.save(WS / "memo.docx")
    (WS / "final_reply.md").write_text(
        f"The corridor contains {len(CORRIDOR)} parcels. Zoning classes are not in the parcel data, so the "
        f"per-class counts and the parcel-level rezoning list still need confirmation from map LU-07.\n")


if __name__ == "__main__":
    main()
