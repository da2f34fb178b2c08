"""Text-only baseline for architecture_takeoff: uses only what text extraction yields.

It reads the schedule (room names, finishes) and the brief's text layer (the Staff Room finish
change), but it cannot see the plan PNG: no dimensions, no scaled sizes, no door count. It
writes the required layout with the dimensions left empty and says so."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from openpyxl import Workbook, load_workbook

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()


def main() -> None:
    brief = "\n".join(p.get_text() for p in fitz.open(WS / "input" / "architect_brief.pdf"))
    flat = re.sub(r"\s+", " ", brief)
    change = re.search(r"the (\w[\w ]*?) floor finish was changed from .*? to (.*?) \((FF-\d\d)\)", flat)
    wb_in = load_workbook(WS / "input" / "room_schedule.xlsx", data_only=True)
    ws_in = wb_in["Room Schedule"]
    head = [c.value for c in ws_in[5]]
    i_name, i_floor = head.index("Room Name"), head.index("Floor Finish")
    codes = {r[0]: r[1] for r in wb_in["Finish Codes"].iter_rows(min_row=2, values_only=True)}
    rooms = []
    for row in ws_in.iter_rows(min_row=6, values_only=True):
        if not row[i_name]:
            continue
        finish = row[i_floor]
        if change and row[i_name].lower() == change.group(1).strip().lower():
            finish = codes.get(change.group(3), finish)
        rooms.append((row[i_name], finish))

    wb = Workbook()
    ws = wb.active
    ws.title = "Areas"
    ws.append(["Room", "Width (m)", "Length (m)", "Area (m²)", "Finish"])
    for i, (name, finish) in enumerate(rooms, start=2):
        ws.append([name, None, None, f"=B{i}*C{i}", finish])
    last = len(rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None])
    wb.save(WS / "area_takeoff.xlsx")

    (WS / "final_reply.md").write_text(
        "Rachel,\n\nI have set up the take-off sheet (`area_takeoff.xlsx`) with all 11 rooms from schedule rev C and the "
        "floor finishes, including the Staff Room change to carpet tile (FF-02).\n\n"
        "I could not extract room dimensions or door symbols from the plan export (it is an image with no text layer), "
        "so the widths, lengths, areas, finish totals and the door count are still to be completed.\n"
    )


if __name__ == "__main__":
    main()
