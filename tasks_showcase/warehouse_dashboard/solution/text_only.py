"""Text-only solver for warehouse_dashboard: uses asn_export.xlsx and inventory_locations.csv
only. The manifests and the layout are images, so it cannot see the clerks' recounts, the
DAMAGED stamp, the dock door of each trailer or the building's dock doors. The prompt demands
committed answers, so it commits to its best text-only guess instead of abstaining: the ASN
quantities as received, no damage (none is recorded in the text data), and one dock door per
trailer, D1, D2, D3 in manifest order, as the building's doors.

Runs inside the sandbox (cwd /workspace)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dash import WS, asn_lines, locations, render, status_of, svg_bars  # noqa: E402


def main() -> None:
    locs = locations()
    manifests = list(dict.fromkeys(a["manifest_no"] for a in asn_lines()))
    door_of = {m: f"D{i}" for i, m in enumerate(manifests, 1)}  # a guess: the scans are not read
    lines = []
    for a in asn_lines():
        line = {"manifest": a["manifest_no"], "line": int(a["po_line"]), "sku": a["sku"], "description": a["description"],
                "qty": int(a["qty_shipped_cases"]), "door": door_of[a["manifest_no"]], "bay": locs[a["sku"]]["bay_id"]}
        line["status"] = status_of(line, locs[a["sku"]], False)
        lines.append(line)
    total = sum(r["qty"] for r in lines)
    docks = []
    for door in door_of.values():
        mine = [r for r in lines if r["door"] == door]
        docks.append({"door": door, "manifests": len({r["manifest"] for r in mine}), "lines": len(mine),
                      "cases": sum(r["qty"] for r in mine), "damaged": 0})
    damaged_html = '<div id="damaged">No damaged lines are recorded in the ASN or WMS data.</div>'
    chart = svg_bars([(d["door"], d["cases"]) for d in docks], "Cases received per dock door")
    (WS / "dashboard.html").write_text(render(lines, docks, total, total, damaged_html, chart, "quantities as advised in the ASN"))
    (WS / "final_reply.md").write_text(
        f"Total cases received: {total}\nDock doors in the building: {len(docks)}\nDamaged item: none\nDamaged cases: 0\n\n"
        f"(ASN quantities; no recount or damage is recorded in the ASN or WMS extracts, and the doors are assumed to be "
        f"one per trailer.)\n")


if __name__ == "__main__":
    main()
