"""Oracle for architecture_takeoff.

The author knows the plan's geometry (make_inputs.py draws it): the dimensioned rooms carry
their sizes as drawn text in the PNG, the others were scaled against the 5 m scale bar
(94.5 px per metre at the export's 120 dpi, 1:50 on A2). Room names and finishes come from
input/room_schedule.xlsx; the Staff Room finish change comes from input/architect_brief.pdf.
The architect's red-pen mark-ups on the plan (brief item 4), read by looking at the PNG: Reception's
4800 struck out and rewritten 4650, Consulting Room's vertical 4200 struck out and 4050 written
beside it (arrowed to it), a new connecting door sketched between Office 1 and Office 2, and
"FLOOR FF-03" ringed in Office 2."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()

# Net internal width (left-right) x length (bottom-top), metres, read from the plan.
# "dim" = dimension drawn on the plan; "scaled" = measured against the scale bar.
PLAN = {
    "Reception": (4.65, 4.20, "dim"),  # 4800 struck out, 4650 by hand
    "Office 1": (3.45, 4.20, "scaled"),
    "Office 2": (3.30, 4.20, "scaled"),
    "Consulting Room": (2.85, 4.05, "dim"),  # 4200 struck out, 4050 by hand
    "Corridor": (14.70, 1.50, "dim"),
    "Meeting Room": (5.55, 4.10, "scaled"),
    "Kitchenette": (2.75, 4.10, "scaled"),
    "Accessible WC": (2.20, 2.20, "dim"),
    "Plant Room": (2.20, 1.80, "scaled"),
    "Staff Room": (3.90, 2.70, "scaled"),
    "Store": (3.90, 1.30, "scaled"),
}
DOOR_LEAVES = 13  # 12 printed swing symbols + the new Office 1/Office 2 door drawn by hand; the
# Reception/Corridor opening has no leaf


def schedule() -> list[tuple[str, str]]:
    wb = load_workbook(WS / "input" / "room_schedule.xlsx", data_only=True)
    ws = wb["Room Schedule"]
    head = [c.value for c in ws[5]]
    i_name, i_floor = head.index("Room Name"), head.index("Floor Finish")
    rows = []
    for row in ws.iter_rows(min_row=6, values_only=True):
        if row[i_name]:
            rows.append((row[i_name], row[i_floor]))
    codes = {r[0]: r[1] for r in wb["Finish Codes"].iter_rows(min_row=2, values_only=True)}
    # Architect's brief, item 3: Staff Room changes from LVT to carpet tile (FF-02); the red-pen
    # mark-up on the plan changes Office 2 to safety vinyl sheet (FF-03).
    changes = {"Staff Room": codes["FF-02"], "Office 2": codes["FF-03"]}
    return [(name, changes.get(name, floor)) for name, floor in rows]


def main() -> None:
    rooms = schedule()
    wb = Workbook()
    ws = wb.active
    ws.title = "Areas"
    ws.append(["Room", "Width (m)", "Length (m)", "Area (m²)", "Finish"])
    for i, (name, finish) in enumerate(rooms, start=2):
        w, length, _ = PLAN[name]
        ws.append([name, w, length, f"=B{i}*C{i}", finish])
    last = len(rooms) + 1
    ws.append(["Total", None, None, f"=SUM(D2:D{last})", None])
    head_fill = PatternFill("solid", fgColor="1F3B5A")
    thin = Side(style="thin", color="999999")
    for c in ws[1]:
        c.font = Font(bold=True, color="FFFFFF")
        c.fill = head_fill
        c.alignment = Alignment(horizontal="center")
    for row in ws.iter_rows(min_row=2, max_row=last + 1):
        for c in row:
            c.border = Border(bottom=thin)
        for c in row[1:4]:
            c.number_format = "0.00"
    for c in ws[last + 1]:
        c.font = Font(bold=True)
        c.border = Border(top=Side(style="medium"), bottom=Side(style="double"))
    for col, width in zip("ABCDE", (20, 11, 11, 11, 30)):
        ws.column_dimensions[col].width = width
    ws["G1"] = "Source of dimensions"
    ws["G1"].font = Font(bold=True)
    for i, (name, _) in enumerate(rooms, start=2):
        ws[f"G{i}"] = "Dimensioned on plan" if PLAN[name][2] == "dim" else "Scaled from scale bar"
    ws.column_dimensions["G"].width = 24
    ws.freeze_panes = "A2"

    # By finish, for the covering note
    totals: dict[str, float] = {}
    for name, finish in rooms:
        w, length, _ = PLAN[name]
        code = finish[finish.index("FF-"):finish.index("FF-") + 5]
        totals[code] = totals.get(code, 0.0) + w * length
    bf = wb.create_sheet("By Finish")
    bf.append(["Finish code", "Finish", "Area (m²)"])
    for c in bf[1]:
        c.font = Font(bold=True)
    names = {f[f.index("FF-"):f.index("FF-") + 5]: f for _, f in rooms}
    for r, code in enumerate(sorted(totals), start=2):
        bf.append([code, names[code], f"=SUMIF(Areas!E2:E{last},\"*{code}*\",Areas!D2:D{last})"])
        bf[f"C{r}"].number_format = "0.00"
    bf.column_dimensions["B"].width = 30
    wb.save(WS / "area_takeoff.xlsx")

    total = sum(totals.values())
    scaled = [n for n, _ in rooms if PLAN[n][2] == "scaled"]
    dimmed = [n for n, _ in rooms if PLAN[n][2] == "dim"]
    lines = [
        "Rachel,",
        "",
        "Please find the ground floor net area take-off attached (`area_takeoff.xlsx`, sheet `Areas`), 11 rooms.",
        "FF-02 carpet tile includes the Staff Room, changed from LVT per your letter. Your red-pen mark-ups are",
        "picked up: Reception 4650 and Consulting Room 4050 (site-measured) replace the printed 4800 and 4200,",
        "Office 2 is priced in safety vinyl (FF-03), and the new Office 1/Office 2 door is in the count. The",
        "Reception/Corridor opening has no leaf and is excluded from the door count.",
        "",
        f"Total net floor area: {total:.2f} m²",
        f"FF-01 area: {totals['FF-01']:.2f} m²",
        f"FF-02 area: {totals['FF-02']:.2f} m²",
        f"FF-03 area: {totals['FF-03']:.2f} m²",
        f"FF-04 area: {totals['FF-04']:.2f} m²",
        f"Door leaves: {DOOR_LEAVES}",
        f"Scaled rooms: {', '.join(scaled)}",
        "",
        f"Read from drawn dimensions: {', '.join(dimmed)}.",
        "Scaled sizes are rounded to the nearest 0.05 m and should be checked against the CAD model before tender.",
    ]
    (WS / "final_reply.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
