"""Shared by the oracle and the text-only solver: read the text inputs (ASN export, WMS
locations) and render the self-contained dashboard page with an inline SVG chart."""

from __future__ import annotations

import csv
import html
from pathlib import Path

from openpyxl import load_workbook

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INP = WS / "input"


def asn_lines() -> list[dict]:
    ws = load_workbook(INP / "asn_export.xlsx", read_only=True)["ASN lines"]
    rows = list(ws.iter_rows(values_only=True))
    head = [str(h) for h in rows[0]]
    return [dict(zip(head, r)) for r in rows[1:] if r[0]]


def locations() -> dict[str, dict]:
    with open(INP / "inventory_locations.csv", newline="") as fh:
        return {r["sku"]: r for r in csv.DictReader(fh)}


def status_of(line: dict, loc: dict, damaged: bool) -> str:
    if damaged:
        return "DAMAGED"
    if int(loc["on_hand_cases"]) + line["qty"] > int(loc["bay_capacity_cases"]):
        return "OVERFLOW"
    return "OK"


def svg_bars(values: list[tuple[str, int]], title: str) -> str:
    w, h, pad_l, pad_b, pad_t = 640, 300, 50, 40, 36
    top = max([v for _, v in values] + [1])
    step = (w - pad_l - 20) / max(len(values), 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" aria-label="{html.escape(title)}">',
             f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">{html.escape(title)}</text>',
             f'<line x1="{pad_l}" y1="{h - pad_b}" x2="{w - 10}" y2="{h - pad_b}" stroke="#333"/>']
    for i, (label, v) in enumerate(values):
        bh = (h - pad_b - pad_t) * v / top
        x = pad_l + i * step + step * 0.15
        parts.append(f'<rect x="{x:.1f}" y="{h - pad_b - bh:.1f}" width="{step * 0.7:.1f}" height="{bh:.1f}" fill="#1f5f99"/>')
        parts.append(f'<text x="{x + step * 0.35:.1f}" y="{h - pad_b + 16}" text-anchor="middle" font-size="12">{html.escape(label)}</text>')
        parts.append(f'<text x="{x + step * 0.35:.1f}" y="{h - pad_b - bh - 4:.1f}" text-anchor="middle" font-size="11">{v}</text>')
    parts.append(f'<text x="14" y="{h / 2}" font-size="11" transform="rotate(-90 14 {h / 2})" text-anchor="middle">cases</text>')
    parts.append("</svg>")
    return "".join(parts)


CSS = """body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#1b1b1b}h1{margin:0 0 4px}
.sub{color:#555;margin-bottom:18px}.kpis{display:flex;gap:18px;margin:14px 0}.kpi{border:1px solid #ccd;border-radius:6px;padding:10px 16px}
.kpi b{display:block;font-size:28px}table{border-collapse:collapse;margin:8px 0 22px}th,td{border:1px solid #bbb;padding:4px 8px;font-size:13px}
th{background:#e8eef5;text-align:left}td.n{text-align:right}tr.DAMAGED td{background:#fde2e2}tr.OVERFLOW td{background:#fff3cd}
#damaged{border-left:6px solid #c62828;background:#fdecea;padding:10px 14px;margin:12px 0}"""


def render(lines: list[dict], docks: list[dict], total: int, putaway: int, damaged_html: str, chart_svg: str, note: str) -> str:
    rows = "".join(
        f'<tr class="{r["status"]}"><td>{html.escape(r["manifest"])}</td><td class="n">{r["line"]}</td><td>{html.escape(r["sku"])}</td>'
        f'<td>{html.escape(r["description"])}</td><td class="n">{r["qty"]}</td><td>{html.escape(r["door"])}</td>'
        f'<td>{html.escape(r["bay"])}</td><td>{r["status"]}</td></tr>' for r in lines)
    drows = "".join(
        f'<tr><td>{html.escape(d["door"])}</td><td class="n">{d["manifests"]}</td><td class="n">{d["lines"]}</td>'
        f'<td class="n">{d["cases"]}</td><td class="n">{d["damaged"]}</td></tr>' for d in docks)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Inbound dashboard</title><style>{CSS}</style></head>
<body>
<h1>Inbound dashboard</h1>
<div class="sub">Kestrel Logistics — Northgate DC Building 2 · receipts of 12 June 2025 · {html.escape(note)}</div>
<div class="kpis">
<div class="kpi">Cases received<b id="total-cases">{total}</b></div>
<div class="kpi">Cases to put away<b id="putaway-cases">{putaway}</b></div>
<div class="kpi">Manifest lines<b>{len(lines)}</b></div>
</div>
{damaged_html}
<h2>Manifest lines</h2>
<table id="shipments"><thead><tr><th>Manifest no.</th><th>Line</th><th>SKU</th><th>Description</th><th>Qty received (cases)</th>
<th>Dock door</th><th>Putaway bay</th><th>Status</th></tr></thead><tbody>{rows}</tbody></table>
<h2>Per-dock summary</h2>
<table id="docks"><thead><tr><th>Dock door</th><th>Manifests</th><th>Lines</th><th>Cases received</th><th>Damaged cases</th></tr></thead>
<tbody>{drows}</tbody></table>
<h2>Cases received per dock door</h2>
{chart_svg}
</body></html>
"""
