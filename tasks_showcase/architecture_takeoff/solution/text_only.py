"""Text-only baseline for architecture_takeoff: uses only what text extraction yields.

It reads the schedule (room names, uses, finishes) and the brief's text layer (the Staff Room
finish change), but it cannot see the plan PNG: no dimensions, no scaled sizes, no door count.
The prompt demands committed figures, so instead of leaving cells empty it commits to its best
text-only guess: a generic planning size for each room's use (typical UK fit-out briefing
sizes, the same for any project; nothing is read off this plan), one door leaf per room, and
every room reported as scaled (it has no dimension strings to read)."""

from __future__ import annotations

import re
from pathlib import Path

import fitz
from openpyxl import Workbook, load_workbook

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
# Generic briefing sizes by room use keyword, width x length in metres (first match wins).
TYPICAL = [
    ("corridor", (12.0, 1.5)), ("circulation", (12.0, 1.5)), ("reception", (5.0, 4.0)), ("waiting", (5.0, 4.0)),
    ("meeting", (5.0, 4.0)), ("training", (5.0, 4.0)), ("consult", (4.0, 4.0)), ("office", (3.0, 4.0)),
    ("kitchen", (2.5, 3.5)), ("wc", (2.2, 1.5)), ("sanitary", (2.2, 1.5)), ("plant", (2.0, 2.0)),
    ("store", (2.0, 2.0)), ("storage", (2.0, 2.0)), ("staff", (3.5, 3.0)),
]


def typical(name: str, use: str) -> tuple[float, float]:
    text = f"{name} {use}".lower()
    return next((size for key, size in TYPICAL if key in text), (3.0, 3.0))


def apply_changes(rows: list[tuple[str, str, str]], codes: dict[str, str], brief: str) -> list[tuple[str, str, str]]:
    """Finish changes the brief instructs ("... the Staff Room floor finish was changed from
    ... to carpet tile (FF-02)"): the room is the schedule name nearest before the phrase."""
    changed: dict[str, str] = {}
    for m in re.finditer(r"([^.]*?)\bfloor finish (?:was|is|has been|to be) changed from [^.]*?\((FF-\d\d)\)", brief):
        before = m.group(1).lower()
        hits = [(before.rfind(n.lower()), n) for n, _, _ in rows if n.lower() in before]
        if hits:
            changed[max(hits)[1]] = m.group(2)
    return [(n, u, codes.get(changed[n], f) if n in changed else f) for n, u, f in rows]


def main() -> None:
    brief = re.sub(r"\s+", " ", "\n".join(p.get_text() for p in fitz.open(WS / "input" / "architect_brief.pdf")))
    wb_in = load_workbook(WS / "input" / "room_schedule.xlsx", data_only=True)
    ws_in = wb_in["Room Schedule"]
    head = [c.value for c in ws_in[5]]
    i_name, i_use, i_floor = head.index("Room Name"), head.index("Use"), head.index("Floor Finish")
    codes = {r[0]: r[1] for r in wb_in["Finish Codes"].iter_rows(min_row=2, values_only=True)}
    rows = [(r[i_name], r[i_use] or "", r[i_floor]) for r in ws_in.iter_rows(min_row=6, values_only=True) if r[i_name]]
    rooms = apply_changes(rows, codes, brief)

    wb = Workbook()
    ws = wb.active
    ws.title = "Areas"
    ws.append(["Room", "Width (m)", "Length (m)", "Area (m²)", "Finish"])
    sizes = {}
    for i, (name, use, finish) in enumerate(rooms, start=2):
        sizes[name] = typical(name, use)
        ws.append([name, *sizes[name], f"=B{i}*C{i}", finish])
    last = len(rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None])
    wb.save(WS / "area_takeoff.xlsx")

    totals: dict[str, float] = {}
    for name, _, finish in rooms:
        code = re.search(r"FF-\d\d", finish).group()
        totals[code] = totals.get(code, 0.0) + sizes[name][0] * sizes[name][1]
    lines = [
        "Rachel,", "",
        f"I have set up the take-off sheet (`area_takeoff.xlsx`) with all {len(rooms)} rooms from the schedule and the "
        "floor finishes, including the brief's finish change. I could not extract room dimensions or door symbols from "
        "the plan export (it is an image with no text layer), so the sizes below are typical briefing sizes for each "
        "room's use and must be replaced by a measured take-off.", "",
        f"Total net floor area: {sum(totals.values()):.2f} m²",
        *[f"{c} area: {totals.get(c, 0.0):.2f} m²" for c in ("FF-01", "FF-02", "FF-03", "FF-04")],
        f"Door leaves: {len(rooms)}",
        f"Scaled rooms: {', '.join(n for n, _, _ in rooms)}",
    ]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
