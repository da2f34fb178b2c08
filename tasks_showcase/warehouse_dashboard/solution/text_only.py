"""Text-only solver for warehouse_dashboard: uses asn_export.xlsx and inventory_locations.csv
only. The manifests and the layout are images, so it cannot see the clerks' recounts, the
DAMAGED stamp, the dock door of each trailer or the building's dock doors: it reports the ASN
quantities, leaves doors unassigned and flags no damage.

Runs inside the sandbox (cwd /workspace)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dash import WS, asn_lines, locations, render, status_of, svg_bars  # noqa: E402


def main() -> None:
    locs = locations()
    lines = []
    for a in asn_lines():
        line = {"manifest": a["manifest_no"], "line": int(a["po_line"]), "sku": a["sku"], "description": a["description"],
                "qty": int(a["qty_shipped_cases"]), "door": "not recorded", "bay": locs[a["sku"]]["bay_id"]}
        line["status"] = status_of(line, locs[a["sku"]], False)
        lines.append(line)
    total = sum(r["qty"] for r in lines)
    docks = [{"door": "Unassigned (door not in ASN data)", "manifests": len({r["manifest"] for r in lines}),
              "lines": len(lines), "cases": total, "damaged": 0}]
    damaged_html = '<div id="damaged">No damaged lines are recorded in the ASN or WMS data.</div>'
    chart = svg_bars([(r["manifest"], sum(x["qty"] for x in lines if x["manifest"] == r["manifest"]))
                      for r in {r["manifest"]: r for r in lines}.values()], "Cases per manifest (door not known)")
    (WS / "dashboard.html").write_text(render(lines, docks, total, total, damaged_html, chart, "quantities as advised in the ASN"))
    (WS / "final_reply.md").write_text(
        f"Total cases received: {total} (ASN quantities). The dock door of each trailer and the building's dock doors "
        f"are not in the text data, and no damage or recount is recorded in the ASN or WMS extracts.\n")


if __name__ == "__main__":
    main()
