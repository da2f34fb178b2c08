"""Oracle for zoning_map_memo.

Geometry (corridor membership, distances) comes from the GeoJSON inputs (geom.py). The zoning
class of each parcel is known to the task author: it exists only as the fill colour of the
parcel on input/land_use_map.png (legend: R-1 pale yellow, R-3 orange, MU purple, C-2 red,
I-1 grey, OS green, PF blue; P-122, P-123 and P-331 carry a hatched heritage overlay over
their fill), so it is hard-coded here. Four parcels were rezoned after the map was consolidated;
the Zoning Desk marked them up by hand in red pen and the prompt says those amendments are in
force: P-322 (yellow R-1 fill) "R-3 BL2025-03" ringed on the parcel; P-341 (yellow R-1 fill)
"MU BL2025-06" ringed on the parcel; P-532 (grey I-1 fill) "C-2 BL 2025-08" on a note below the
canal whose leader arrow points at P-532; P-551 (red C-2 fill) "MU BL 2025-11" likewise.

Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docx import Document  # noqa: E402
from docx.shared import Inches, Pt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from geom import CORRIDOR, PARCELS, WS, draw_site_map  # noqa: E402

LEGEND = [("R-1", "Single-detached residential"), ("R-3", "Multiple-unit residential"), ("MU", "Mixed use"),
          ("C-2", "General commercial"), ("I-1", "Light industrial"), ("OS", "Open space / park"),
          ("PF", "Public facility")]
COLOUR = {"R-1": "#f6e27f", "R-3": "#e9a23b", "MU": "#b77fc9", "C-2": "#e0605a", "I-1": "#9c9c9c",
          "OS": "#86c57a", "PF": "#6f9fd8"}
# Read off land_use_map.png: the fill colour of each parcel against the map legend.
ZONING = {
    "P-111": "R-1", "P-121": "R-1", "P-122": "R-1", "P-123": "R-1", "P-131": "PF", "P-132": "R-1",
    "P-141": "R-1", "P-142": "R-1", "P-151": "OS", "P-152": "R-1", "P-161": "OS",
    "P-211": "R-1", "P-212": "R-3", "P-221": "R-1", "P-222": "R-1", "P-223": "R-3", "P-231": "MU",
    "P-232": "R-3", "P-241": "C-2", "P-251": "R-3", "P-261": "R-1", "P-262": "R-1",
    "P-311": "R-1", "P-312": "R-1", "P-321": "R-3", "P-322": "R-1", "P-331": "R-1", "P-332": "R-3",
    "P-341": "R-1", "P-342": "PF", "P-351": "R-3", "P-361": "MU", "P-362": "R-3",
    "P-411": "R-3", "P-412": "C-2", "P-421": "MU", "P-431": "C-2", "P-432": "MU", "P-441": "C-2",
    "P-442": "C-2", "P-443": "MU", "P-451": "R-3", "P-452": "R-3", "P-461": "C-2", "P-462": "I-1",
    "P-511": "OS", "P-521": "I-1", "P-522": "I-1", "P-531": "C-2", "P-532": "I-1", "P-541": "MU",
    "P-542": "I-1", "P-551": "C-2", "P-552": "R-3", "P-561": "I-1",
}
# Red-pen amendments read off the map (the new class replaces the fill's).
AMENDED = {"P-322": "R-3", "P-341": "MU", "P-532": "C-2", "P-551": "MU"}
ZONING.update(AMENDED)
TARGET = {"R-1": "R-3", "C-2": "MU"}  # Policy 7.4.3 (corridor_policy.pdf, table 7.4-A)

rows = [(pid, ZONING[pid], d) for pid, d in CORRIDOR]
counts = {code: sum(1 for _, z, _ in rows if z == code) for code, _ in LEGEND}
rezone = [(pid, z, TARGET[z]) for pid, z, _ in rows if z in TARGET]


def site_map() -> None:
    legend = [Patch(facecolor=COLOUR[c], edgecolor="black", label=f"Corridor parcel, {c} {n}") for c, n in LEGEND]
    draw_site_map(WS / "site_map.png", colour_of=lambda pid: COLOUR[ZONING[pid]], legend=legend)


def memo() -> None:
    doc = Document()
    doc.styles["Normal"].font.name = "Calibri"
    doc.styles["Normal"].font.size = Pt(10.5)
    doc.add_heading("Corridor zoning memo", level=1)
    doc.add_paragraph("To: Director, Planning & Development Services\nFrom: Community Planning\n"
                      "Re: Harmon Avenue rapid bus (Line H) — OCP Policy 7.4 corridor review")
    doc.add_paragraph(
        f"Under Policy 7.4.2 a parcel is in the corridor when any part of it lies within 400 m of the Line H "
        f"centreline. {len(rows)} of the {len(PARCELS)} Eastside District parcels qualify. Zoning classes were "
        f"read from the consolidated zoning map LU-07 (fill colour against the map legend), with the Zoning Desk's "
        f"red-pen amendments applied: P-322 now R-3 (Bylaw 2025-03), P-341 now MU (Bylaw 2025-06), P-532 now C-2 "
        f"(Bylaw 2025-08) and P-551 now MU (Bylaw 2025-11). The parcel fabric does not record zoning.")
    doc.add_paragraph("Table 1. Corridor parcels")
    t = doc.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, name in zip(t.rows[0].cells, ["Parcel ID", "Zoning class", "Distance to centreline (m)"]):
        c.text = name
    for pid, z, d in rows:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = pid, z, f"{round(d)}"
    doc.add_paragraph("")
    doc.add_paragraph("Table 2. Corridor parcels by zoning class")
    t2 = doc.add_table(rows=1, cols=2)
    t2.style = "Table Grid"
    t2.rows[0].cells[0].text, t2.rows[0].cells[1].text = "Zoning class", "Parcels"
    for code, name in LEGEND:
        cells = t2.add_row().cells
        cells[0].text, cells[1].text = f"{code} {name}", str(counts[code])
    cells = t2.add_row().cells
    cells[0].text, cells[1].text = "Total", str(len(rows))
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Following Policy 7.4.3, initiate one City rezoning bylaw for the Line H corridor covering:")
    for pid, z, target in rezone:
        doc.add_paragraph(f"{pid}: rezone from {z} to {target}", style="List Bullet")
    doc.add_paragraph(
        f"Retain the {counts['I-1']} I-1 parcels as protected employment lands (no conversion without an employment "
        f"lands study), and retain the R-3, MU, OS and PF parcels; R-3 and MU parcels may use the one-storey density "
        f"bonus of Policy 7.4.5. Heritage overlay parcels keep their overlay.")
    doc.add_picture(str(WS / "site_map.png"), width=Inches(6.3))
    doc.save(WS / "memo.docx")


def reply() -> None:
    """One committed answer per line, in the labelled form the prompt asks for."""
    lines = ["Line H corridor (parcels within 400 m of the centreline, OCP Policy 7.4.2):", "",
             f"Corridor parcels: {len(rows)}", "", "Corridor parcels per zoning class (map legend order):", ""]
    lines += [f"{c}: {counts[c]}" for c, _ in LEGEND]
    lines += ["", "Recommended City-initiated rezonings (Policy 7.4.3):", ""]
    lines += [f"{p}: rezone from {z} to {t}" for p, z, t in rezone]
    lines += ["", "Deliverables: site_map.png and memo.docx."]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    site_map()
    memo()
    reply()
