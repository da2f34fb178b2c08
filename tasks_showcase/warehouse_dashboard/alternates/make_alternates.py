"""Build the warehouse_dashboard alternates (correct inbound dashboards in other styles) from the gold files.

    python3 make_alternates.py --gold /task/gold --out /out

Every alternate states exactly the gold's facts: the gold's shipments and docks tables are read
back (cells by position), with its headline figures and reply, plus the text inputs the gold's
statuses come from (the WMS extract's on-hand and capacity, the ASN's printed quantities, used
only for context such as "printed 48"). What differs is the style: wording, order, markup,
number formats, the tool that wrote the page (pandas, matplotlib), and how much is said.
Everything the prompt fixes is kept: dashboard.html, the <title>, the table ids and column
order, one-word statuses, number-only quantity / docks / headline cells, the #damaged element,
an inline chart, and the reply's labelled lines. Deterministic: no clock, no randomness."""

from __future__ import annotations

import argparse
import base64
import csv
import html
import io
import re
from pathlib import Path

from openpyxl import load_workbook

PAGE, REPLY = "dashboard.html", "final_reply.md"
SHIP_COLS = ["manifest", "line", "sku", "description", "qty", "door", "bay", "status"]
DOCK_COLS = ["door", "manifests", "lines", "cases", "damaged"]
SHIP_HEAD = ["Manifest no.", "Line", "SKU", "Description", "Qty received (cases)", "Dock door", "Putaway bay", "Status"]
DOCK_HEAD = ["Dock door", "Manifests", "Lines", "Cases received", "Damaged cases"]
TD = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
esc = html.escape


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _table(page: str, table_id: str) -> list[list[str]]:
    start = page.index(f'<table id="{table_id}"')
    table = page[start:page.index("</table>", start)]
    rows = [m.group(0) for m in re.finditer(r"<tr[^>]*>.*?</tr>", table, re.S) if "<td" in m.group(0)]
    return [[_text(c) for c in TD.findall(r)] for r in rows]


def _by_id(page: str, ident: str) -> str:
    m = re.search(rf'id="{ident}"[^>]*>(.*?)</', page, re.S)
    assert m, ident
    return _text(m.group(1))


class Gold:
    """The gold dashboard read back, with the inputs its context figures come from."""

    def __init__(self, gold: Path) -> None:
        page = (gold / PAGE).read_text()
        self.reply = (gold / REPLY).read_text()
        self.lines = [dict(zip(SHIP_COLS, r)) for r in _table(page, "shipments")]
        for ln in self.lines:
            ln["qty"] = int(ln["qty"])
            ln["line"] = int(ln["line"])
        self.docks = [dict(zip(DOCK_COLS, r)) for r in _table(page, "docks")]
        for d in self.docks:
            for c in DOCK_COLS[1:]:
                d[c] = int(d[c])
        self.total = int(_by_id(page, "total-cases"))
        self.putaway = int(_by_id(page, "putaway-cases"))
        inputs = gold.parent / "inputs"
        with open(inputs / "inventory_locations.csv", newline="") as fh:
            self.locs = {r["sku"]: r for r in csv.DictReader(fh)}
        ws = load_workbook(inputs / "asn_export.xlsx", read_only=True)["ASN lines"]
        rows = list(ws.iter_rows(values_only=True))
        head = [str(h) for h in rows[0]]
        asn = [dict(zip(head, x)) for x in rows[1:] if x[0]]
        self.printed = {(r["manifest_no"], int(r["po_line"])): int(r["qty_shipped_cases"]) for r in asn}
        self.supplier = {r["manifest_no"]: r["supplier"] for r in asn}
        self.damaged = [ln for ln in self.lines if ln["status"] == "DAMAGED"]
        self.corrected = [ln for ln in self.lines if ln["qty"] != self.printed[(ln["manifest"], ln["line"])]]
        self.overflow = [ln for ln in self.lines if ln["status"] == "OVERFLOW"]
        assert len(self.damaged) == 1 and self.corrected and len(self.docks) >= 3
        assert self.total == sum(ln["qty"] for ln in self.lines)
        assert self.putaway == self.total - self.damaged[0]["qty"]
        self.dmg = self.damaged[0]
        self.manifests = list(dict.fromkeys(ln["manifest"] for ln in self.lines))
        self.door_of = {ln["manifest"]: ln["door"] for ln in self.lines}
        self.used = [d for d in self.docks if d["lines"]]

    def printed_qty(self, ln: dict) -> int:
        return self.printed[(ln["manifest"], ln["line"])]

    def loc(self, ln: dict) -> tuple[int, int]:
        r = self.locs[ln["sku"]]
        return int(r["on_hand_cases"]), int(r["bay_capacity_cases"])


# ----------------------------------------------------------------------------- shared pieces
def svg_columns(g: Gold, *, title: str, colour: str = "#2b6cb0", w: int = 720, h: int = 320) -> str:
    pad_l, pad_b, pad_t = 56, 44, 40
    top = max(d["cases"] for d in g.docks) or 1
    step = (w - pad_l - 16) / len(g.docks)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           f'aria-labelledby="chart-title"><title id="chart-title">{esc(title)}</title>',
           f'<text x="{w / 2:.0f}" y="24" text-anchor="middle" font-size="16" font-weight="600">{esc(title)}</text>']
    for frac in (0.25, 0.5, 0.75, 1.0):
        y = h - pad_b - (h - pad_b - pad_t) * frac
        out.append(f'<line x1="{pad_l}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e2e8f0"/>'
                   f'<text x="{pad_l - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="10" fill="#555">{round(top * frac)}</text>')
    out.append(f'<line x1="{pad_l}" x2="{w - 10}" y1="{h - pad_b}" y2="{h - pad_b}" stroke="#333"/>')
    for i, d in enumerate(g.docks):
        bh = (h - pad_b - pad_t) * d["cases"] / top
        x = pad_l + i * step + step * 0.18
        fill = colour if d["cases"] else "#cbd5e0"
        out.append(f'<rect x="{x:.1f}" y="{h - pad_b - bh:.1f}" width="{step * 0.64:.1f}" height="{bh:.1f}" fill="{fill}">'
                   f'<title>{esc(d["door"])}: {d["cases"]} cases</title></rect>')
        out.append(f'<text x="{x + step * 0.32:.1f}" y="{h - pad_b + 16}" text-anchor="middle" font-size="12">{esc(d["door"])}</text>')
        out.append(f'<text x="{x + step * 0.32:.1f}" y="{h - pad_b - bh - 5:.1f}" text-anchor="middle" font-size="11">{d["cases"]}</text>')
    out.append(f'<text x="{w / 2:.0f}" y="{h - 6}" text-anchor="middle" font-size="11" fill="#555">Dock door</text>')
    out.append("</svg>")
    return "".join(out)


def svg_rows(g: Gold, *, title: str) -> str:
    """A horizontal bar chart (doors down the side)."""
    w, row_h, left, top_pad = 560, 26, 48, 34
    h = top_pad + row_h * len(g.docks) + 12
    top = max(d["cases"] for d in g.docks) or 1
    out = [f'<svg width="100%" style="max-width:{w}px" viewBox="0 0 {w} {h}" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{esc(title)}">',
           f'<text x="0" y="18" font-size="14" font-weight="bold">{esc(title)}</text>']
    for i, d in enumerate(g.docks):
        y = top_pad + i * row_h
        bw = (w - left - 60) * d["cases"] / top
        out.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end" font-size="12">{esc(d["door"])}</text>'
                   f'<rect x="{left}" y="{y + 3}" width="{bw:.1f}" height="{row_h - 8}" fill="#38a169"/>'
                   f'<text x="{left + bw + 6:.1f}" y="{y + 15}" font-size="11">{d["cases"]}</text>')
    out.append("</svg>")
    return "".join(out)


def mpl_figure(g: Gold, *, title: str):
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "warehouse-alternates"  # stable clip-path / marker ids
    import matplotlib.pyplot as plt

    doors = [d["door"] for d in g.docks]
    cases = [d["cases"] for d in g.docks]
    damaged = [d["damaged"] for d in g.docks]
    fig, ax = plt.subplots(figsize=(7.5, 3.6), dpi=100)
    good = [c - x for c, x in zip(cases, damaged)]
    ax.bar(doors, good, color="#4c72b0", label="Received, to put away")
    ax.bar(doors, damaged, bottom=good, color="#c44e52", label="Received, damaged")
    for i, c in enumerate(cases):
        ax.annotate(str(c), (i, c), ha="center", va="bottom", fontsize=9, xytext=(0, 2), textcoords="offset points")
    ax.set_title(title)
    ax.set_xlabel("Dock door")
    ax.set_ylabel("Cases")
    ax.set_ylim(0, max(cases) * 1.15)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig, plt


def rows_html(cells: list, *, num: set[int] = frozenset(), tr: str = "<tr>") -> str:
    tds = "".join(f'<td class="num">{esc(str(v))}</td>' if i in num else f"<td>{esc(str(v))}</td>" for i, v in enumerate(cells))
    return f"{tr}{tds}</tr>"


def head_html(names: list[str]) -> str:
    return "<thead><tr>" + "".join(f"<th>{esc(n)}</th>" for n in names) + "</tr></thead>"


def write(out: Path, name: str, page: str, reply: str) -> None:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    (d / PAGE).write_text(page, encoding="utf-8")
    (out / name / REPLY).write_text(reply, encoding="utf-8")


def ship_vals(ln: dict) -> list:
    return [ln[c] for c in SHIP_COLS]


def dock_vals(d: dict) -> list:
    return [d[c] for c in DOCK_COLS]


def doors_range(g: Gold) -> str:
    return f"{g.docks[0]['door']}–{g.docks[-1]['door']}"


# ----------------------------------------------------------------------------- the alternates
def paraphrase(g: Gold, out: Path) -> None:
    """The gold's layout, every word of prose and every free label rewritten."""
    css = ("body{font:14px/1.45 'Segoe UI',Roboto,sans-serif;margin:2rem;color:#222}header p{color:#666;margin-top:0}"
           ".tiles{display:flex;gap:1rem;margin:1rem 0}.tile{background:#f4f6f8;border-radius:8px;padding:.8rem 1.2rem}"
           ".tile span{display:block;font-size:2rem;font-weight:700}table{border-collapse:collapse;margin-bottom:1.5rem}"
           "th,td{border:1px solid #ccc;padding:.3rem .6rem}th{background:#eef2f7;text-align:left}.num{text-align:right}"
           "tr.st-DAMAGED{background:#ffe5e5}tr.st-OVERFLOW{background:#fff6d6}"
           "#damaged{border:2px solid #b71c1c;border-radius:6px;padding:.7rem 1rem;background:#fff5f5}")
    d0 = g.dmg
    flag = (f"<strong>Quarantine hold</strong> — SKU {esc(d0['sku'])} ({esc(d0['description'])}) from manifest "
            f"{esc(d0['manifest'])}, line {d0['line']}: {d0['qty']} cases received damaged at door {esc(d0['door'])}. "
            f"Keep them in the quarantine cage and open a claim with the carrier; they stay out of bay {esc(d0['bay'])}.")
    ship = "".join(rows_html(ship_vals(ln), num={1, 4}, tr=f'<tr class="st-{ln["status"]}">') for ln in g.lines)
    docks = "".join(rows_html(dock_vals(d), num={1, 2, 3, 4}) for d in g.docks)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Inbound dashboard</title><style>{css}</style></head>
<body>
<header><h1>Inbound dashboard</h1><p>Northgate DC, Building 2 (Kestrel Logistics) — trailers received 12 June 2025; quantities reflect the receiving clerks' recounts</p></header>
<div class="tiles">
<div class="tile">Total received (cases)<span id="total-cases">{g.total}</span></div>
<div class="tile">Ready for putaway (cases)<span id="putaway-cases">{g.putaway}</span></div>
<div class="tile">Lines on today's manifests<span>{len(g.lines)}</span></div>
</div>
<div id="damaged">{flag}</div>
<h2>Receipt lines</h2>
<table id="shipments">{head_html(SHIP_HEAD)}<tbody>{ship}</tbody></table>
<h2>Summary by dock door</h2>
<table id="docks">{head_html(DOCK_HEAD)}<tbody>{docks}</tbody></table>
<h2>Cases per door</h2>
{svg_columns(g, title="Cases received by dock door — 12 June 2025", colour="#00695c")}
</body></html>
"""
    c = g.corrected
    recounts = "; ".join(f"{ln['sku']} (manifest {ln['manifest']}, line {ln['line']}) went from {g.printed_qty(ln)} printed to "
                         f"{ln['qty']} counted" for ln in c)
    by_door = ", ".join(f"{d['door']} took {d['cases']}" for d in g.used)
    reply = "\n".join([
        "The inbound dashboard is ready in dashboard.html.",
        "",
        f"Total cases received: {g.total}",
        f"Dock doors in the building: {len(g.docks)}",
        *[f"Corrected quantity {ln['sku']}: {ln['qty']}" for ln in c],
        f"Damaged item: {d0['sku']}",
        f"Damaged cases: {d0['qty']}",
        "",
        f"Of the {g.total} cases, {g.putaway} can go out with the putaway wave; the damaged {d0['description'].lower()} "
        f"({d0['manifest']}, line {d0['line']}) is held in quarantine.",
        f"The clerks' recounts: {recounts}.",
        f"Doors used today: {by_door}; the building has {len(g.docks)} dock doors ({doors_range(g)}), the rest idle.",
        "Bays that would be over capacity after putaway: " + ", ".join(f"{ln['bay']} ({ln['sku']})" for ln in g.overflow) + ".",
    ]) + "\n"
    write(out, "paraphrase", page, reply)


def restructured(g: Gold, out: Path) -> None:
    """Summary and exceptions first, per-dock summary and chart before the line detail, the
    shipments body grouped per manifest (a <th colspan> group row per trailer), two extra
    trailing columns, door names as row headers in the docks table, a bullet list of
    exceptions; the reply opens with a summary and uses Markdown headings and bullets."""
    css = ("body{font-family:Helvetica,Arial,sans-serif;margin:0;background:#fafafa}main{max-width:1100px;margin:auto;padding:20px}"
           "section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 18px;margin-bottom:16px}"
           ".grid{display:grid;grid-template-columns:1fr 1fr;gap:16px}.big{font-size:30px;font-weight:bold;display:block}"
           "table{border-collapse:collapse;width:100%}th,td{padding:4px 6px;border-bottom:1px solid #e5e5e5;text-align:left}"
           "tbody th[colspan]{background:#f0f4f8;font-weight:600}td.r{text-align:right}.DAMAGED{color:#b00020;font-weight:bold}"
           ".OVERFLOW{color:#a15c00;font-weight:bold}#damaged{background:#fdecea;border-left:5px solid #b00020;padding:8px 12px}")
    d0 = g.dmg
    exc = [f"<li><b>Damaged:</b> {esc(d0['sku'])} ({esc(d0['manifest'])} line {d0['line']}), to quarantine</li>"]
    exc += [f"<li><b>Recount:</b> {esc(ln['sku'])} received {ln['qty']} (printed {g.printed_qty(ln)})</li>" for ln in g.corrected]
    exc += [f"<li><b>Overflow:</b> {esc(ln['sku'])} into bay {esc(ln['bay'])}</li>" for ln in g.overflow]
    body = []
    for m in g.manifests:
        mine = [ln for ln in g.lines if ln["manifest"] == m]
        body.append(f'<tbody><tr><th colspan="10">{esc(m)} · {esc(g.supplier[m])} · door {esc(g.door_of[m])} · '
                    f'{sum(ln["qty"] for ln in mine)} cases</th></tr>')
        for ln in mine:
            on_hand, cap = g.loc(ln)
            after = "quarantine" if ln["status"] == "DAMAGED" else f"{on_hand + ln['qty']} / {cap}"
            cells = ship_vals(ln) + [g.printed_qty(ln), after]
            tds = "".join(f'<td class="r">{v}</td>' if i in (1, 4, 8) else
                          (f'<td class="{v}">{v}</td>' if i == 7 else f"<td>{esc(str(v))}</td>") for i, v in enumerate(cells))
            body.append(f"<tr>{tds}</tr>")
        body.append("</tbody>")
    docks = "".join(f'<tr><th scope="row">{esc(d["door"])}</th>' + "".join(f'<td class="r">{d[c]}</td>' for c in DOCK_COLS[1:]) + "</tr>"
                    for d in g.docks)
    page = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Inbound dashboard</title><style>{css}</style></head>
<body><main>
<h1>Inbound dashboard · Building 2 · 2025-06-12</h1>
<section class="grid">
  <div><span class="big" id="total-cases">{g.total}</span>cases received</div>
  <div><span class="big" id="putaway-cases">{g.putaway}</span>cases to put away</div>
</section>
<section>
  <h2>Exceptions</h2>
  <div id="damaged"><b>DAMAGED</b> · SKU {esc(d0['sku'])} · {esc(d0['description'])} · Manifest {esc(d0['manifest'])} (line {d0['line']}) · Qty {d0['qty']} cases</div>
  <ul>{''.join(exc)}</ul>
</section>
<section class="grid">
  <div><h2>Per-dock summary</h2>
  <table id="docks"><thead><tr>{''.join(f'<th scope="col">{h}</th>' for h in DOCK_HEAD)}</tr></thead><tbody>{docks}</tbody></table></div>
  <div><h2>Cases by door</h2>{svg_rows(g, title="Cases received per dock door")}</div>
</section>
<section>
  <h2>Manifest lines</h2>
  <table id="shipments"><thead><tr>{''.join(f'<th scope="col">{h}</th>' for h in SHIP_HEAD)}<th scope="col">Printed qty</th><th scope="col">Bay after putaway (on hand / capacity)</th></tr></thead>
  {''.join(body)}
  </table>
</section>
</main></body></html>
"""
    c = g.corrected
    reply = "\n".join([
        "## Summary",
        "",
        f"{g.total} cases came in on {len(g.manifests)} trailers; {g.putaway} go to putaway and one line is held as damaged. "
        "The dashboard is in `dashboard.html`.",
        "",
        "## Answers",
        "",
        f"- Total cases received: {g.total}",
        f"- Dock doors in the building: {len(g.docks)}",
        *[f"- Corrected quantity {ln['sku']}: {ln['qty']}" for ln in c],
        f"- Damaged item: {d0['sku']}",
        f"- Damaged cases: {d0['qty']}",
        "",
        "## Detail",
        "",
        "### Doors",
        "",
        *[f"- {d['door']}: {d['cases']} cases over {d['lines']} lines" for d in g.used],
        "",
        "### Exceptions",
        "",
        *[f"- {ln['sku']} recounted on {ln['manifest']} line {ln['line']}" for ln in c],
        f"- {d0['sku']} ({d0['description']}) to the quarantine cage",
        *[f"- {ln['sku']} overflows bay {ln['bay']}" for ln in g.overflow],
    ]) + "\n"
    write(out, "restructured", page, reply)


def verbose(g: Gold, out: Path) -> None:
    """Every committed cell and line kept, with the derivations and correct caveats next to
    them, as verbose models write: sums spelled out, printed-vs-received, bay arithmetic,
    why the stamp belongs to line 4 and not the nearer line 6, what is NOT put away."""
    css = ("body{font-family:Georgia,serif;margin:28px;max-width:1200px}h1{font-size:26px}.note{color:#444;font-size:13px}"
           ".kpi{display:inline-block;border:1px solid #aab;padding:10px 18px;margin-right:14px;vertical-align:top}"
           ".kpi strong{font-size:30px;display:block}table{border-collapse:collapse;margin:6px 0 4px}th,td{border:1px solid #999;"
           "padding:3px 7px;font-size:13px}th{background:#dde6f0}.n{text-align:right}.DAMAGED td{background:#f8d7da}"
           ".OVERFLOW td{background:#fff3cd}#damaged{border:1px solid #c62828;background:#fff0f0;padding:10px 14px;margin:14px 0}")
    d0 = g.dmg
    idx = g.lines.index(d0)
    same = [ln for ln in g.lines if ln["manifest"] == d0["manifest"]]
    nearest = same[-1]
    sums = " + ".join(str(d["cases"]) for d in g.used)
    flag = (f"<p><b>Damaged item — quarantine:</b> SKU <b>{esc(d0['sku'])}</b>, {esc(d0['description'])}, manifest "
            f"{esc(d0['manifest'])} line {d0['line']}, <b>{d0['qty']} cases</b> (all of the line), received at door {esc(d0['door'])}.</p>"
            f"<p class=\"note\">The red DAMAGED stamp sits in the OS&amp;D remarks box next to 'CRUSHED + WET'. It is physically "
            f"closest to the last printed row (line {nearest['line']}, {esc(nearest['sku'])}), but the clerk's pen ring round line {d0['line']}'s SKU and "
            f"the leader drawn down to the stamp tie it to line {d0['line']}; line {nearest['line']} was received in good order. "
            f"The {d0['qty']} cases are not released for putaway to {esc(d0['bay'])} (which, at "
            f"{g.loc(d0)[0]} on hand + {d0['qty']} = {g.loc(d0)[0] + d0['qty']} against a capacity of {g.loc(d0)[1]}, would "
            f"otherwise have overflowed). None of the other {len(g.lines) - 1} lines carries a damage mark; raise the claim with "
            f"{esc(g.supplier[d0['manifest']])}'s carrier.</p>")
    rows = []
    for ln in g.lines:
        on_hand, cap = g.loc(ln)
        tip = (f"printed {g.printed_qty(ln)}, recounted {ln['qty']}" if ln in g.corrected else "as printed")
        vals = ship_vals(ln)
        tds = "".join(f'<td class="n" title="{esc(tip)}">{v}</td>' if i == 4 else
                      (f'<td title="{on_hand} on hand, capacity {cap}">{esc(str(v))}</td>' if i == 6 else
                       (f'<td class="n">{v}</td>' if i == 1 else f"<td>{esc(str(v))}</td>")) for i, v in enumerate(vals))
        rows.append(f'<tr class="{ln["status"]}">{tds}</tr>')
    notes = [f"{ln['sku']} ({ln['manifest']} line {ln['line']}): printed {g.printed_qty(ln)}, received {ln['qty']} "
             f"({ln['qty'] - g.printed_qty(ln):+d}) — the clerk's recount; the ASN still says {g.printed_qty(ln)}." for ln in g.corrected]
    notes += [f"{ln['sku']} → {ln['bay']}: {g.loc(ln)[0]} on hand + {ln['qty']} received = {g.loc(ln)[0] + ln['qty']} "
              f"&gt; capacity {g.loc(ln)[1]} → OVERFLOW." for ln in g.overflow]
    ok_tight = [ln for ln in g.corrected if ln["status"] == "OK"]
    notes += [f"{ln['sku']} → {ln['bay']}: {g.loc(ln)[0]} + {ln['qty']} = {g.loc(ln)[0] + ln['qty']} ≤ {g.loc(ln)[1]}, so OK "
              f"(the printed {g.printed_qty(ln)} would have given {g.loc(ln)[0] + g.printed_qty(ln)} and a false overflow)." for ln in ok_tight]
    docks = "".join(rows_html(dock_vals(d), num={1, 2, 3, 4}) for d in g.docks)
    idle = [d["door"] for d in g.docks if not d["lines"]]
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Inbound dashboard</title><style>{css}</style></head>
<body>
<h1>Inbound dashboard — Kestrel Logistics, Northgate DC Building 2, 12 June 2025</h1>
<p class="note">Source: the three dock scans (received quantities, clerks' recounts and the damage stamp), the ASN export
(printed quantities), the WMS location extract (bay, on hand, capacity) and the Building 2 layout drawing (dock doors).</p>
<div class="kpi">Total cases received<strong id="total-cases">{g.total}</strong><span class="note">{sums} by door; {len(g.lines)} lines, damaged line included</span></div>
<div class="kpi">Cases to put away<strong id="putaway-cases">{g.putaway}</strong><span class="note">{g.total} − {d0['qty']} damaged ({esc(d0['sku'])})</span></div>
<div id="damaged">{flag}</div>
<h2>Shipments — one row per manifest line</h2>
<table id="shipments">{head_html(SHIP_HEAD)}<tbody>{''.join(rows)}</tbody></table>
<ul class="note">{''.join(f'<li>{n}</li>' for n in notes)}<li>All other lines: printed quantity confirmed; bay stays within capacity.</li></ul>
<h2>Per-dock summary</h2>
<table id="docks">{head_html(DOCK_HEAD)}<tbody>{docks}</tbody></table>
<p class="note">The layout drawing shows {len(g.docks)} dock doors ({doors_range(g)}); GL-1 on the east wall is a grade-level
drive-in ramp, not a dock door, so it has no row. {', '.join(idle)} received nothing today (0 in every column).
Cases received include the {d0['qty']} damaged cases at {esc(d0['door'])}.</p>
<h2>Cases received per dock door</h2>
{svg_columns(g, title=f"Cases received per dock door (total {g.total})", colour="#1f5f99")}
</body></html>
"""
    c = g.corrected
    reply = "\n".join([
        "I built `dashboard.html` (a single self-contained page: inline CSS and an inline SVG chart, no external resources).",
        "",
        f"Total cases received: {g.total} ({sums} at {', '.join(d['door'] for d in g.used)}; the ASN's printed total was "
        f"{sum(g.printed.values())})",
        f"Dock doors in the building: {len(g.docks)} ({doors_range(g)}; GL-1 is a grade-level ramp, not a dock door)",
        *[f"Corrected quantity {ln['sku']}: {ln['qty']} (printed {g.printed_qty(ln)})" for ln in c],
        f"Damaged item: {d0['sku']} — {d0['description']} (manifest {d0['manifest']}, line {d0['line']})",
        f"Damaged cases: {d0['qty']} (the whole line; quarantined, none put away)",
        "",
        f"Cases to put away: {g.putaway} ({g.total} − {d0['qty']}).",
        "Overflow: " + "; ".join(f"{ln['sku']} into {ln['bay']} ({g.loc(ln)[0]} + {ln['qty']} = {g.loc(ln)[0] + ln['qty']} > "
                                  f"{g.loc(ln)[1]})" for ln in g.overflow) + ".",
        f"Note: the damage stamp is nearest line {nearest['line']} ({nearest['sku']}) on the scan, but the ring and leader "
        f"point to line {d0['line']}; {nearest['sku']} is not damaged. The damaged line would also have overflowed "
        f"{d0['bay']}, but it is not going there.",
    ]) + "\n"
    assert idx >= 0
    write(out, "verbose", page, reply)


def formats(g: Gold, out: Path) -> None:
    """Other formats for the same values where the prompt fixes none: ISO date, pretty-printed
    markup with cells on their own lines, <data> elements in the headline figures, the
    damaged quantity as '30 CS' (the manifests' own unit), a horizontal bar chart, and reply
    values with units and Markdown bold labels."""
    d0 = g.dmg

    def row(ln: dict) -> str:
        cells = "\n".join(f"        <td>\n          {esc(str(v))}\n        </td>" for v in ship_vals(ln))
        return f'      <tr data-status="{ln["status"].lower()}">\n{cells}\n      </tr>'

    def drow(d: dict) -> str:
        cells = "\n".join(f"        <td>{esc(str(v))}</td>" for v in dock_vals(d))
        return f"      <tr>\n{cells}\n      </tr>"

    page = f"""<!DOCTYPE html>
<html>
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
    <title>Inbound dashboard</title>
    <style>
      body {{ font-family: "DejaVu Sans", sans-serif; margin: 1.5em; }}
      table {{ border-collapse: collapse; }}
      th, td {{ border: 1px solid #888; padding: 2px 8px; }}
      tr[data-status="damaged"] {{ background: #f9c9c9; }}
      tr[data-status="overflow"] {{ background: #fbe8a6; }}
      .figure {{ font-size: 2.2em; font-weight: bold; }}
    </style>
  </head>
  <body>
    <h1>Inbound dashboard</h1>
    <p>Site: NGT-B2 &middot; Receipt date: 2025-06-12 &middot; Unit: CS (cases)</p>
    <p>Received: <span class="figure" id="total-cases"><data value="{g.total}">{g.total}</data></span>
       &nbsp;|&nbsp; Putaway: <span class="figure" id="putaway-cases"><data value="{g.putaway}">{g.putaway}</data></span></p>
    <p id="damaged">DAMAGED &ndash; SKU: {esc(d0['sku'])}; Desc: {esc(d0['description'])}; Manifest: {esc(d0['manifest'])}/L{d0['line']}; Qty: {d0['qty']} CS</p>
    <table id="shipments">
      <thead>
        <tr>
{chr(10).join(f'          <th>{esc(h)}</th>' for h in SHIP_HEAD)}
        </tr>
      </thead>
      <tbody>
{chr(10).join(row(ln) for ln in g.lines)}
      </tbody>
    </table>
    <br>
    <table id="docks">
      <thead>
        <tr>
{chr(10).join(f'          <th>{esc(h)}</th>' for h in DOCK_HEAD)}
        </tr>
      </thead>
      <tbody>
{chr(10).join(drow(d) for d in g.docks)}
      </tbody>
    </table>
    {svg_rows(g, title="Cases received per dock door, 2025-06-12")}
  </body>
</html>
"""
    c = g.corrected
    reply = "\n".join([
        "Dashboard saved as dashboard.html (receipt date 2025-06-12).",
        "",
        f"**Total cases received:** {g.total} cases",
        f"**Dock doors in the building:** {len(g.docks)}",
        *[f"**Corrected quantity {ln['sku']}:** {ln['qty']} cs" for ln in c],
        f"**Damaged item:** `{d0['sku']}`",
        f"**Damaged cases:** {d0['qty']} cs",
        "",
        f"Putaway: {g.putaway} cs. By door: " + " | ".join(f"{d['door']} {d['cases']} cs" for d in g.used) + ".",
    ]) + "\n"
    write(out, "formats", page, reply)


def other_tools(g: Gold, out: Path) -> None:
    """Tables written by pandas (DataFrame.to_html), the chart a matplotlib PNG embedded as a
    data: URI, the page glued together from those pieces."""
    import pandas as pd

    ship = pd.DataFrame([ship_vals(ln) for ln in g.lines], columns=SHIP_HEAD)
    docks = pd.DataFrame([dock_vals(d) for d in g.docks], columns=DOCK_HEAD)
    ship_html = ship.to_html(index=False, table_id="shipments", classes="dataframe table", border=0)
    dock_html = docks.to_html(index=False, table_id="docks", classes="dataframe table", border=0)
    fig, plt = mpl_figure(g, title="Cases received per dock door")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    png = base64.b64encode(buf.getvalue()).decode("ascii")
    d0 = g.dmg
    page = ("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Inbound dashboard</title>\n<style>\n"
            "body { font-family: sans-serif; margin: 20px; }\n.dataframe { border-collapse: collapse; margin-bottom: 20px; }\n"
            ".dataframe th, .dataframe td { border: 1px solid #ccc; padding: 4px 8px; }\n.dataframe thead th { background: #eee; }\n"
            ".kpi { font-size: 24px; font-weight: bold; }\n#damaged { color: #a00; }\n</style>\n</head>\n<body>\n"
            "<h1>Inbound dashboard</h1>\n"
            f"<p>Total cases received: <span class=\"kpi\" id=\"total-cases\">{g.total}</span></p>\n"
            f"<p>Cases to put away: <span class=\"kpi\" id=\"putaway-cases\">{g.putaway}</span></p>\n"
            f"<p id=\"damaged\">Damaged: {esc(d0['sku'])} ({esc(d0['description'])}), manifest {esc(d0['manifest'])}, "
            f"{d0['qty']} cases</p>\n"
            f"<h2>Shipments</h2>\n{ship_html}\n<h2>Docks</h2>\n{dock_html}\n"
            f"<h2>Chart</h2>\n<img alt=\"Cases received per dock door\" src=\"data:image/png;base64,{png}\">\n</body>\n</html>\n")
    reply = "\n".join([
        f"Total cases received: {g.total}",
        f"Dock doors in the building: {len(g.docks)}",
        *[f"Corrected quantity {ln['sku']}: {ln['qty']}" for ln in g.corrected],
        f"Damaged item: {d0['sku']}",
        f"Damaged cases: {d0['qty']}",
        "",
        "I loaded the ASN and WMS extract with pandas, applied the recounts and the damage mark read from the scans, and "
        "rendered the tables with DataFrame.to_html and the chart with matplotlib (embedded as a base64 PNG).",
    ]) + "\n"
    write(out, "other_tools", page, reply)


def other_tools_svg(g: Gold, out: Path) -> None:
    """The chart a matplotlib SVG pasted inline as matplotlib writes it (XML declaration and
    DOCTYPE dropped, its RDF metadata, clip paths and xlink refs kept); the page's markup in
    XHTML style (self-closing tags, a <caption> on each table)."""
    fig, plt = mpl_figure(g, title="Cases received per dock door")
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    plt.close(fig)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    d0 = g.dmg
    ship = "".join("<tr>" + "".join(f"<td>{esc(str(v))}</td>" for v in ship_vals(ln)) + "</tr>\n" for ln in g.lines)
    docks = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in dock_vals(d)) + "</tr>\n" for d in g.docks)
    page = f"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">
<head>
<meta charset="utf-8"/>
<title>Inbound dashboard</title>
<style type="text/css">
body {{ font-family: Arial, sans-serif; margin: 16px; }}
caption {{ text-align: left; font-weight: bold; padding: 4px 0; }}
table {{ border-collapse: collapse; margin-bottom: 18px; }}
th, td {{ border: 1px solid #bbb; padding: 3px 8px; }}
.card {{ display: inline-block; padding: 8px 16px; margin: 0 12px 12px 0; background: #eef; }}
.card b {{ font-size: 26px; display: block; }}
</style>
</head>
<body>
<h1>Inbound dashboard</h1>
<div class="card">Cases received <b id="total-cases">{g.total}</b></div>
<div class="card">Cases to put away <b id="putaway-cases">{g.putaway}</b></div>
<div id="damaged">Damaged: SKU {esc(d0['sku'])} &#8212; {esc(d0['description'])} &#8212; manifest {esc(d0['manifest'])} &#8212; {d0['qty']} cases (quarantine)</div>
<table id="shipments">
<caption>Manifest lines</caption>
<thead><tr>{''.join(f'<th>{esc(h)}</th>' for h in SHIP_HEAD)}</tr></thead>
<tbody>
{ship}</tbody>
</table>
<table id="docks">
<caption>Per-dock summary</caption>
<thead><tr>{''.join(f'<th>{esc(h)}</th>' for h in DOCK_HEAD)}</tr></thead>
<tbody>
{docks}</tbody>
</table>
<div class="chart">
{svg}</div>
</body>
</html>
"""
    reply = "\n".join([
        "Done — `dashboard.html` is attached (chart drawn with matplotlib and inlined as SVG).",
        "",
        f"Total cases received: {g.total}",
        f"Dock doors in the building: {len(g.docks)}",
        *[f"Corrected quantity {ln['sku']}: {ln['qty']}" for ln in g.corrected],
        f"Damaged item: {d0['sku']} ({d0['description']})",
        f"Damaged cases: {d0['qty']}",
    ]) + "\n"
    write(out, "other_tools_svg", page, reply)


def minimal(g: Gold, out: Path) -> None:
    """Only what the prompt asks for: bare markup, no styling beyond one rule, no prose; the
    reply is just the required lines."""
    d0 = g.dmg
    ship = "".join("<tr>" + "".join(f"<td>{esc(str(v))}</td>" for v in ship_vals(ln)) + "</tr>" for ln in g.lines)
    docks = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in dock_vals(d)) + "</tr>" for d in g.docks)
    top = max(d["cases"] for d in g.docks)
    bars = "".join(f'<rect x="{10 + i * 40}" y="{210 - 200 * d["cases"] / top:.0f}" width="30" height="{200 * d["cases"] / top:.0f}"/>'
                   f'<text x="{10 + i * 40}" y="228">{esc(d["door"])}</text>' for i, d in enumerate(g.docks))
    page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Inbound dashboard</title>"
            f"<style>td,th{{border:1px solid #999}}</style></head><body>"
            f"<table id=\"shipments\"><tr>{''.join(f'<th>{h}</th>' for h in SHIP_HEAD)}</tr>{ship}</table>"
            f"<table id=\"docks\"><tr>{''.join(f'<th>{h}</th>' for h in DOCK_HEAD)}</tr>{docks}</table>"
            f"<p id=\"total-cases\">{g.total}</p><p id=\"putaway-cases\">{g.putaway}</p>"
            f"<p id=\"damaged\">{esc(d0['sku'])} {esc(d0['description'])} {esc(d0['manifest'])} {d0['qty']} cases</p>"
            f"<svg width=\"{20 + 40 * len(g.docks)}\" height=\"240\">{bars}</svg></body></html>\n")
    reply = "\n".join([
        f"Total cases received: {g.total}",
        f"Dock doors in the building: {len(g.docks)}",
        *[f"Corrected quantity {ln['sku']}: {ln['qty']}" for ln in g.corrected],
        f"Damaged item: {d0['sku']}",
        f"Damaged cases: {d0['qty']}",
    ]) + "\n"
    write(out, "minimal", page, reply)


ALTERNATES = [paraphrase, restructured, verbose, formats, other_tools, other_tools_svg, minimal]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    g = Gold(args.gold)
    for build in ALTERNATES:
        build(g, args.out)


if __name__ == "__main__":
    main()
