"""Build the warehouse_dashboard decoys (plausible wrong inbound dashboards) from the gold files.

    python3 make_decoys.py --gold /task/gold --out /out

Every decoy is a deterministic transformation of gold/dashboard.html and gold/final_reply.md:
the gold's shipments and docks tables are read back (cells by position), the decoy's wrong
facts are applied to those lines, and every derived figure (status from the WMS extract's
on-hand and capacity, per-dock sums, headline totals, the damaged flag, the chart's labels)
is recomputed from the decoy's own lines, so each decoy is internally consistent wrong work.
Cells are rewritten in place inside the gold's own markup (same tags, classes and styling),
and the reply's labelled lines are rewritten. Assertions stop the build when a change would
no longer move a value off the gold (for instance if the gold itself changes)."""

from __future__ import annotations

import argparse
import csv
import html
import re
from pathlib import Path

from openpyxl import load_workbook

PAGE, REPLY = "dashboard.html", "final_reply.md"
SHIP_COLS = ["manifest", "line", "sku", "description", "qty", "door", "bay", "status"]
DOCK_COLS = ["door", "manifests", "lines", "cases", "damaged"]
TD = re.compile(r"(<td[^>]*>)(.*?)(</td>)", re.S)


def table_span(page: str, table_id: str) -> tuple[int, int]:
    start = page.index(f'<table id="{table_id}"')
    return start, page.index("</table>", start) + len("</table>")


def body_rows(table: str) -> list[str]:
    """The <tr> elements that hold <td> cells (data rows), in order."""
    return [m.group(0) for m in re.finditer(r"<tr[^>]*>.*?</tr>", table, re.S) if "<td" in m.group(0)]


def cells(row: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", m.group(2))).strip() for m in TD.finditer(row)]


def with_cells(row: str, values: list[str], tr_class: str | None = None) -> str:
    it = iter(values)
    row = TD.sub(lambda m: m.group(1) + html.escape(next(it)) + m.group(3), row)
    if tr_class is not None:
        row = re.sub(r'^<tr class="[^"]*"', f'<tr class="{tr_class}"', row)
    return row


class Gold:
    """The gold dashboard read back, plus the text inputs a status is derived from."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        self.page = (gold / PAGE).read_text()
        self.reply = (gold / REPLY).read_text()
        s, e = table_span(self.page, "shipments")
        self.ship_rows = body_rows(self.page[s:e])
        self.lines = [dict(zip(SHIP_COLS, cells(r))) for r in self.ship_rows]
        for ln in self.lines:
            ln["qty"] = int(ln["qty"])
        s, e = table_span(self.page, "docks")
        self.dock_rows = body_rows(self.page[s:e])
        self.doors = [cells(r)[0] for r in self.dock_rows]
        inputs = gold.parent / "inputs"
        with open(inputs / "inventory_locations.csv", newline="") as fh:
            self.locs = {r["sku"]: r for r in csv.DictReader(fh)}
        ws = load_workbook(inputs / "asn_export.xlsx", read_only=True)["ASN lines"]
        rows = list(ws.iter_rows(values_only=True))
        head = [str(h) for h in rows[0]]
        self.printed = {(r["manifest_no"], int(r["po_line"])): int(r["qty_shipped_cases"])
                        for r in (dict(zip(head, x)) for x in rows[1:] if x[0])}
        assert len(self.lines) >= 10 and len(self.doors) >= 3, "gold dashboard not in the expected shape"
        self.damaged = [ln for ln in self.lines if ln["status"] == "DAMAGED"]
        self.corrected = [ln for ln in self.lines if ln["qty"] != self.printed[(ln["manifest"], int(ln["line"]))]]
        assert len(self.damaged) == 1 and self.corrected

    def copy_lines(self) -> list[dict]:
        return [dict(ln) for ln in self.lines]


def status(g: Gold, ln: dict, damaged: bool) -> str:
    loc = g.locs[ln["sku"]]
    if damaged:
        return "DAMAGED"
    return "OVERFLOW" if int(loc["on_hand_cases"]) + ln["qty"] > int(loc["bay_capacity_cases"]) else "OK"


def restatus(g: Gold, lines: list[dict], damaged_keys: set) -> None:
    for ln in lines:
        ln["status"] = status(g, ln, (ln["manifest"], ln["line"]) in damaged_keys)


def docks_of(lines: list[dict], doors: list[str]) -> list[dict]:
    out = []
    for door in doors:
        mine = [ln for ln in lines if ln["door"] == door]
        out.append({"door": door, "manifests": str(len({ln["manifest"] for ln in mine})), "lines": str(len(mine)),
                    "cases": str(sum(ln["qty"] for ln in mine)),
                    "damaged": str(sum(ln["qty"] for ln in mine if ln["status"] == "DAMAGED"))})
    return out


# ----------------------------------------------------------------------------- page writer
def render(g: Gold, lines: list[dict], docks: list[dict], total: str, putaway: str, damaged_text: str,
           ship_cell=None, dock_cell=None) -> str:
    """The gold page with the shipments/docks rows, headline figures, #damaged and the chart's
    labels replaced. ship_cell(line, column, text) / dock_cell(dock, column, text) may rewrite
    a cell's text (hedged, negated wording)."""
    page = g.page
    new_rows = []
    for i, ln in enumerate(lines):
        tmpl = g.ship_rows[min(i, len(g.ship_rows) - 1)]
        vals = [str(ln[c]) for c in SHIP_COLS]
        if ship_cell:
            vals = [ship_cell(ln, c, v) for c, v in zip(SHIP_COLS, vals)]
        new_rows.append(with_cells(tmpl, vals, ln["status"] if ln["status"] in ("OK", "OVERFLOW", "DAMAGED") else "OK"))
    page = replace_rows(page, "shipments", g.ship_rows, new_rows)
    new_docks = []
    for i, d in enumerate(docks):
        tmpl = g.dock_rows[min(i, len(g.dock_rows) - 1)]
        vals = [d[c] for c in DOCK_COLS]
        if dock_cell:
            vals = [dock_cell(d, c, v) for c, v in zip(DOCK_COLS, vals)]
        new_docks.append(with_cells(tmpl, vals))
    page = replace_rows(page, "docks", g.dock_rows, new_docks)
    page = re.sub(r'(id="total-cases"[^>]*>)(.*?)(<)', lambda m: m.group(1) + html.escape(total) + m.group(3), page, count=1)
    page = re.sub(r'(id="putaway-cases"[^>]*>)(.*?)(<)', lambda m: m.group(1) + html.escape(putaway) + m.group(3), page, count=1)
    page = re.sub(r'(<div id="damaged">)(.*?)(</div>)', lambda m: m.group(1) + damaged_text + m.group(3), page, count=1, flags=re.S)
    return chart(page, docks)


def replace_rows(page: str, table_id: str, old_rows: list[str], new_rows: list[str]) -> str:
    s, e = table_span(page, table_id)
    table = page[s:e]
    first, last = table.index(old_rows[0]), table.rindex(old_rows[-1]) + len(old_rows[-1])
    return page[:s] + table[:first] + "".join(new_rows) + table[last:] + page[e:]


def chart(page: str, docks: list[dict]) -> str:
    """The inline SVG's bar labels and value labels follow the decoy's per-dock sums (bars
    keep the gold's geometry; the chart is judged by looking, never by a check)."""
    m = re.search(r"<svg.*?</svg>", page, re.S)
    if not m:
        return page
    svg = m.group(0)
    texts = list(re.finditer(r"(<text[^>]*>)([^<]*)(</text>)", svg))
    labels = [t for t in texts if re.fullmatch(r"D\d+|GL-\d+", t.group(2))]
    values = [t for t in texts if re.fullmatch(r"\d+", t.group(2))]
    repl = {}
    for t, d in zip(labels, docks):
        repl[t.span()] = d["door"]
    for t, d in zip(values, docks):
        repl[t.span()] = d["cases"]
    out, pos = [], 0
    for t in texts:
        if t.span() in repl:
            out.append(svg[pos:t.start(2)] + html.escape(repl[t.span()]))
            pos = t.end(2)
    out.append(svg[pos:])
    return page[:m.start()] + "".join(out) + page[m.end():]


def damaged_sentence(ln: dict | None) -> str:
    if ln is None:
        return "No damaged lines today: every line was received in good order."
    return (f"<b>Damaged on receipt:</b> {html.escape(ln['sku'])} — {html.escape(ln['description'])}, manifest "
            f"{html.escape(ln['manifest'])} line {ln['line']}, {ln['qty']} cases (door {html.escape(ln['door'])}). Moved to "
            f"the quarantine cage; raise a carrier claim — not released for putaway to {html.escape(ln['bay'])}.")


def reply_text(fields: list[tuple[str, str]], prose: list[str]) -> str:
    return "\n".join(f"{k}: {v}" for k, v in fields) + "\n\n" + "\n".join(prose) + "\n"


def standard_reply(g: Gold, lines: list[dict], docks: list[dict], n_doors: int, corrected: list[dict]) -> str:
    total = sum(ln["qty"] for ln in lines)
    dmg = next((ln for ln in lines if ln["status"] == "DAMAGED"), None)
    putaway = sum(ln["qty"] for ln in lines if ln["status"] != "DAMAGED")
    fields = [("Total cases received", str(total)), ("Dock doors in the building", str(n_doors))]
    fields += [(f"Corrected quantity {ln['sku']}", str(ln["qty"])) for ln in corrected]
    fields += [("Damaged item", dmg["sku"] if dmg else "none"), ("Damaged cases", str(dmg["qty"]) if dmg else "0")]
    used = ", ".join(f"{d['door']} ({d['cases']} cases)" for d in docks if d["lines"] != "0")
    overflow = ", ".join(f"{ln['sku']} ({ln['bay']})" for ln in lines if ln["status"] == "OVERFLOW")
    return reply_text(fields, [f"Cases to put away: {putaway}.", f"Today's trailers used {used}.",
                               f"Bay overflow on putaway: {overflow or 'none'}."])


def write(out: Path, name: str, page: str, reply: str) -> None:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    (d / PAGE).write_text(page)
    (out / name / REPLY).write_text(reply)


def totals(lines: list[dict]) -> tuple[str, str]:
    return (str(sum(ln["qty"] for ln in lines)), str(sum(ln["qty"] for ln in lines if ln["status"] != "DAMAGED")))


def key(ln: dict) -> tuple[str, str]:
    return (ln["manifest"], ln["line"])


# ----------------------------------------------------------------------------- the decoys
def negated(g: Gold, out: Path) -> None:
    """Every number kept; every status negated ('NOT DAMAGED', 'NO OVERFLOW', 'NOT OK'), the damage
    flag denied, and every reply answer disowned."""
    lines = g.copy_lines()
    docks = docks_of(lines, g.doors)
    total, putaway = totals(lines)
    neg = {"DAMAGED": "NOT DAMAGED", "OVERFLOW": "NO OVERFLOW", "OK": "NOT OK"}
    dmg = g.damaged[0]
    flag = (f"No damaged item: {dmg['sku']} — {html.escape(dmg['description'])}, manifest {dmg['manifest']} line {dmg['line']}, "
            f"{dmg['qty']} cases was inspected and is not damaged; released for putaway to {dmg['bay']}.")
    page = render(g, lines, docks, total, putaway, flag,
                  ship_cell=lambda ln, c, v: neg[v] if c == "status" else v)
    reply = g.reply
    for label in ("Total cases received", "Dock doors in the building", "Damaged cases",
                  *[f"Corrected quantity {ln['sku']}" for ln in g.corrected]):
        reply, n = re.subn(rf"^({re.escape(label)}): (.*)$", r"\1: not \2", reply, flags=re.M)
        assert n == 1, label
    reply, n = re.subn(r"^Damaged item: (.*)$", r"Damaged item: none (\1 is not damaged)", reply, flags=re.M)
    assert n == 1
    write(out, "negated", page, reply)


def perturbed(g: Gold, out: Path) -> None:
    """Recounts read 14-16 % low, the stamp read on the next line, every trailer at the
    neighbouring door, the grade-level GL-1 ramp counted as a dock door; the rest derived."""
    lines = g.copy_lines()
    shift = {d: f"D{int(d[1:]) + 1}" for d in {ln["door"] for ln in lines}}
    for ln in lines:
        ln["door"] = shift[ln["door"]]
        if any(key(ln) == key(c) for c in g.corrected):
            new = round(ln["qty"] * 0.85)
            assert new != ln["qty"] and new != g.printed[(ln["manifest"], int(ln["line"]))]
            ln["qty"] = new
    d0 = g.damaged[0]
    idx = next(i for i, ln in enumerate(lines) if key(ln) == key(d0))
    assert lines[idx + 1]["manifest"] == d0["manifest"]
    restatus(g, lines, {key(lines[idx + 1])})
    doors = g.doors + ["GL-1"]
    docks = docks_of(lines, doors)
    total, putaway = totals(lines)
    page = render(g, lines, docks, total, putaway, damaged_sentence(lines[idx + 1]))
    corrected = [ln for ln in lines if any(key(ln) == key(c) for c in g.corrected)]
    write(out, "perturbed", page, standard_reply(g, lines, docks, len(doors), corrected))


def hedged(g: Gold, out: Path) -> None:
    """Every image-read value offered with an alternative: recounts 'received or printed',
    doors 'Dn or Dn+1', the damaged line's and recount lines' statuses 'X or Y', per-dock
    figures and totals with the no-recount alternative, D8 'or GL-1', two SKUs flagged."""
    lines = g.copy_lines()
    docks = docks_of(lines, g.doors)
    total, putaway = totals(lines)
    printed_total = sum(g.printed.values())
    corr = {key(c): g.printed[(c["manifest"], int(c["line"]))] for c in g.corrected}
    d0 = g.damaged[0]
    idx = next(i for i, ln in enumerate(lines) if key(ln) == key(d0))
    alt = lines[idx + 1]

    def ship_cell(ln, c, v):
        if c == "qty" and key(ln) in corr:
            return f"{v} or {corr[key(ln)]}"
        if c == "door":
            return f"{v} or D{int(v[1:]) + 1}"
        if c == "status" and key(ln) == key(d0):
            return "DAMAGED or OVERFLOW"
        if c == "status" and key(ln) in corr:
            return f"{v} or {'OK' if v == 'OVERFLOW' else 'OVERFLOW'}"
        return v

    used = {d["door"] for d in docks if d["lines"] != "0"}

    def dock_cell(d, c, v):
        if c == "door" and d["door"] == g.doors[-1]:
            return f"{v} or GL-1"
        if d["door"] in used and c in ("cases", "damaged") and v != "0":
            return f"{v} or {int(v) + 6}"
        if d["door"] in used and c == "damaged":
            return f"{v} or {alt['qty']}"
        return v

    flag = (f"<b>Damaged on receipt:</b> {d0['sku']} or possibly {alt['sku']} — manifest {d0['manifest']}, "
            f"{d0['qty']} or {alt['qty']} cases (stamp unclear).")
    page = render(g, lines, docks, f"{total} or {printed_total}", f"{putaway} or {int(putaway) + int(d0['qty'])}", flag,
                  ship_cell=ship_cell, dock_cell=dock_cell)
    fields = [("Total cases received", f"{total} or {printed_total}"),
              ("Dock doors in the building", f"{len(g.doors)} or {len(g.doors) + 1}")]
    fields += [(f"Corrected quantity {c['sku']}", f"{c['qty']} or {corr[key(c)]}") for c in g.corrected]
    fields += [("Damaged item", f"{d0['sku']} or {alt['sku']}"), ("Damaged cases", f"{d0['qty']} or {alt['qty']}")]
    write(out, "hedged", page, reply_text(fields, ["Several readings of the scans are uncertain; both candidates are given."]))


def one_size(g: Gold, out: Path) -> None:
    """No exceptions anywhere: printed quantities, every trailer at the first door, every line
    OK, no damage."""
    lines = g.copy_lines()
    for ln in lines:
        ln["qty"] = g.printed[(ln["manifest"], int(ln["line"]))]
        ln["door"] = g.doors[0]
        ln["status"] = "OK"
    docks = docks_of(lines, g.doors)
    total, putaway = totals(lines)
    page = render(g, lines, docks, total, putaway, damaged_sentence(None))
    write(out, "one_size", page, standard_reply(g, lines, docks, len(g.doors), []))


def stub(g: Gold, out: Path) -> None:
    """The gold page's head, headings and table header rows; no data rows, empty headline
    figures, no chart; a placeholder reply."""
    page = g.page
    for table_id, rows in (("shipments", g.ship_rows), ("docks", g.dock_rows)):
        page = replace_rows(page, table_id, rows, [])
    page = re.sub(r'(id="(?:total-cases|putaway-cases)"[^>]*>)(.*?)(<)', r"\1\3", page)
    page = re.sub(r'(<div id="damaged">)(.*?)(</div>)', r"\1To be completed.\3", page, flags=re.S)
    page = re.sub(r"<svg.*?</svg>", "<p>Chart to follow.</p>", page, flags=re.S)
    write(out, "stub", page, "Dashboard in progress: figures to follow after the putaway wave.\n")


def empty(g: Gold, out: Path) -> None:
    d = out / "empty" / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    (d / PAGE).write_bytes(b"")
    (out / "empty" / REPLY).write_text("")


def fully_wrong(g: Gold, out: Path) -> None:
    """Every image-read fact wrong and every status inverted: recounts 20 % high, trailers at
    D1/D3/D4, the stamp put on the last line of the last manifest, the docks table D1-D6 plus
    GL-1 (no D7/D8), every other status the opposite of the gold's (OK <-> OVERFLOW, the really
    damaged line OK), a third recount claimed."""
    lines = g.copy_lines()
    wrong_doors = dict(zip(dict.fromkeys(ln["door"] for ln in lines), ["D1", "D3", "D4"]))
    for ln in lines:
        ln["door"] = wrong_doors[ln["door"]]
        if any(key(ln) == key(c) for c in g.corrected):
            ln["qty"] = round(ln["qty"] * 1.2)
    extra = next(ln for ln in lines if ln["manifest"] == g.damaged[0]["manifest"] and key(ln) != key(g.damaged[0]))
    extra["qty"] += 5
    victim = lines[-1]
    assert victim["manifest"] != g.damaged[0]["manifest"]
    gold_status = {key(ln): ln["status"] for ln in g.lines}
    for ln in lines:  # every status the opposite of the gold's conclusion
        ln["status"] = "DAMAGED" if key(ln) == key(victim) else ("OVERFLOW" if gold_status[key(ln)] == "OK" else "OK")
    doors = [d for d in g.doors if int(d[1:]) <= 6] + ["GL-1"]
    docks = docks_of(lines, doors)
    total, putaway = totals(lines)
    page = render(g, lines, docks, total, putaway, damaged_sentence(victim))
    corrected = [ln for ln in lines if any(key(ln) == key(c) for c in g.corrected)] + [extra]
    write(out, "fully_wrong", page, standard_reply(g, lines, docks, len(doors), corrected))


def multi_candidate(g: Gold, out: Path) -> None:
    """Both readings committed side by side instead of one: the printed quantity stays in the cells with
    the recount as a bracketed note, the stamp put on two lines (the ringed one and the one nearest the
    stamp), the totals committed to the printed sum with the recounted one only as context, and reply
    lines that list two candidates ('48, 42', 'CPC-6105, CPC-7702')."""
    lines = g.copy_lines()
    recount = {key(c): c["qty"] for c in g.corrected}
    for ln in lines:
        if key(ln) in recount:
            ln["qty"] = g.printed[(ln["manifest"], int(ln["line"]))]
            assert ln["qty"] != recount[key(ln)]
    d0 = g.damaged[0]
    near = next(ln for ln in reversed(lines) if ln["manifest"] == d0["manifest"])
    assert key(near) != key(d0)
    restatus(g, lines, {key(d0), key(near)})
    docks = docks_of(lines, g.doors)
    total, putaway = totals(lines)
    gold_total = sum(ln["qty"] for ln in g.lines)
    assert total != str(gold_total)

    def ship_cell(ln, c, v):
        if c == "qty" and key(ln) in recount:
            return f"{v} (clerk's note {recount[key(ln)]})"
        return v

    dmg = [ln for ln in lines if ln["status"] == "DAMAGED"]
    flag = (f"<b>Damaged on receipt:</b> {dmg[0]['sku']} and {dmg[1]['sku']} — manifest {d0['manifest']} lines "
            f"{dmg[0]['line']} and {dmg[1]['line']}, {dmg[0]['qty']} + {dmg[1]['qty']} cases. Moved to the quarantine cage.")
    page = render(g, lines, docks, f"{total} ({gold_total} with the clerks' notes)", putaway, flag, ship_cell=ship_cell)
    fields = [("Total cases received", f"{total} ({gold_total} with the clerks' notes)"),
              ("Dock doors in the building", str(len(g.doors)))]
    fields += [(f"Corrected quantity {c['sku']}", f"{g.printed[(c['manifest'], int(c['line']))]}, {c['qty']}") for c in g.corrected]
    fields += [("Damaged item", f"{dmg[0]['sku']}, {dmg[1]['sku']}"),
               ("Damaged cases", str(sum(ln["qty"] for ln in dmg)))]
    write(out, "multi_candidate", page, reply_text(fields, [f"Cases to put away: {putaway}."]))


DECOYS = [negated, perturbed, hedged, one_size, stub, empty, fully_wrong, multi_candidate]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    g = Gold(args.gold)
    for build in DECOYS:
        build(g, args.out)


if __name__ == "__main__":
    main()
