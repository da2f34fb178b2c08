"""Oracle for warehouse_dashboard.

The text inputs give the lines as the suppliers advised them (asn_export.xlsx) and the bays
(inventory_locations.csv). What the author knows from the images is hard-coded:
- the dock door printed on each scanned manifest ("Dock appointment ... DOOR Dn");
- the handwritten recounts: manifest NLF-558201 line 3 (BHG-20963) printed 48 struck and starred,
  the recount in the OS&D remarks box "*LINE 3 = 42 CS JR" -> 42; manifest RWH-DN-30917 line 2
  (RWH-1120) corrected twice in the cell: 24 struck, 30 scribbled out, 32 written ("KM") -> 32;
- the red DAMAGED stamp in the OS&D remarks box of manifest CPX-2025-0619 ("CRUSHED + WET"),
  tied to line 4 (CPC-6105, 30 cases) by a pen ring round that SKU and a leader to the stamp;
- the dock doors on warehouse_layout.png: D1-D6 on the south wall, D7-D8 on the east wall
  (GL-1 is a grade-level ramp door, not a dock door): 8 dock doors.

Runs inside the sandbox (cwd /workspace)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dash import WS, asn_lines, locations, render, status_of, svg_bars  # noqa: E402

DOOR_OF_MANIFEST = {"NLF-558201": "D2", "CPX-2025-0619": "D5", "RWH-DN-30917": "D7"}
CORRECTED = {("NLF-558201", 3): 42, ("RWH-DN-30917", 2): 32}
DAMAGED = {("CPX-2025-0619", 4)}
DOCK_DOORS = [f"D{i}" for i in range(1, 9)]


def main() -> None:
    locs = locations()
    lines = []
    for a in asn_lines():
        key = (a["manifest_no"], int(a["po_line"]))
        qty = CORRECTED.get(key, int(a["qty_shipped_cases"]))
        line = {"manifest": a["manifest_no"], "line": int(a["po_line"]), "sku": a["sku"], "description": a["description"],
                "qty": qty, "door": DOOR_OF_MANIFEST[a["manifest_no"]], "bay": locs[a["sku"]]["bay_id"],
                "printed": int(a["qty_shipped_cases"])}
        line["status"] = status_of(line, locs[a["sku"]], key in DAMAGED)
        lines.append(line)
    docks = []
    for door in DOCK_DOORS:
        mine = [r for r in lines if r["door"] == door]
        docks.append({"door": door, "manifests": len({r["manifest"] for r in mine}), "lines": len(mine),
                      "cases": sum(r["qty"] for r in mine), "damaged": sum(r["qty"] for r in mine if r["status"] == "DAMAGED")})
    total = sum(r["qty"] for r in lines)
    putaway = sum(r["qty"] for r in lines if r["status"] != "DAMAGED")
    dmg = next(r for r in lines if r["status"] == "DAMAGED")
    damaged_html = (f'<div id="damaged"><b>Damaged on receipt:</b> {dmg["sku"]} — {dmg["description"]}, manifest {dmg["manifest"]} '
                    f'line {dmg["line"]}, {dmg["qty"]} cases (door {dmg["door"]}). Moved to the quarantine cage; raise a carrier '
                    f'claim — not released for putaway to {dmg["bay"]}.</div>')
    chart = svg_bars([(d["door"], d["cases"]) for d in docks], "Cases received per dock door, 12 June 2025")
    note = "quantities as received (clerks' recounts applied)"
    (WS / "dashboard.html").write_text(render(lines, docks, total, putaway, damaged_html, chart, note))
    corrections = [r for r in lines if r["qty"] != r["printed"]]
    overflow = [r for r in lines if r["status"] == "OVERFLOW"]
    # One committed answer per labelled line (the form the prompt asks for), then context.
    reply = [f"Total cases received: {total}",
             f"Dock doors in the building: {len(DOCK_DOORS)}",
             *[f"Corrected quantity {r['sku']}: {r['qty']}" for r in corrections],
             f"Damaged item: {dmg['sku']}",
             f"Damaged cases: {dmg['qty']}",
             "",
             f"Cases to put away: {putaway} (the damaged line goes to the quarantine cage).",
             "Dock doors D1–D8; today's trailers used "
             + ", ".join(f"{d['door']} ({d['cases']} cases)" for d in docks if d["lines"]) + ".",
             "Recounts: " + "; ".join(f"{r['sku']} on {r['manifest']} line {r['line']}, printed {r['printed']}, "
                                       f"received {r['qty']}" for r in corrections) + ".",
             f"Damaged: {dmg['description']}, manifest {dmg['manifest']} line {dmg['line']} — quarantined.",
             "Bay overflow on putaway: " + ", ".join(f"{r['sku']} ({r['bay']})" for r in overflow) + "."]
    (WS / "final_reply.md").write_text("\n".join(reply) + "\n")


if __name__ == "__main__":
    main()
