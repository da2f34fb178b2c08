"""Build the zoning_map_memo alternates (correct corridor memos in other styles) from the gold files.

    python3 make_alternates.py --gold /task/gold --out /out

Every alternate states exactly the gold's facts: Table 1 of gold/memo.docx (corridor parcels,
classes in force, distances), Table 2 (legend order, legend names, counts), the gold bullets
(the policy's rezoning directions), the amendments the gold's opening paragraph names (with
their bylaw numbers) and gold/site_map.png. What differs is the style: wording, order,
sections, extra context, number formats, and the tool that wrote the files (LibreOffice from
HTML, a matplotlib map redrawn from the GeoJSON inputs). Everything the prompt fixes is kept:
the file names, the level-1 heading, Table 1's and Table 2's columns and row order, the Total
row, the exact bullet form, the map title, width and legend, and the reply's lines.
Deterministic: no clock, no randomness."""

from __future__ import annotations

import argparse
import html
import json
import math
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from docx import Document
from docx.shared import Cm
from PIL import Image

MEMO, MAP, REPLY = "memo.docx", "site_map.png", "final_reply.md"
BULLET = re.compile(r"^(P-\d{3})\s*:\s*rezone from (\S+) to (\S+?)\.?$")
AMEND = re.compile(r"(P-\d{3}) now (\S+) \(Bylaw ([\d-]+)\)")
# The printed fill under each red-pen amendment on land_use_map.png (context only: "map fill R-1").
PRINTED_FILL = {"P-322": "R-1", "P-341": "R-1", "P-532": "I-1", "P-551": "C-2"}
T1_HEAD = ["Parcel ID", "Zoning class", "Distance to centreline (m)"]
T2_HEAD = ["Zoning class", "Parcels"]
TITLE = "Corridor zoning memo"


class Gold:
    """The gold memo read back."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        self.inputs = gold.parent / "inputs"
        doc = Document(gold / MEMO)
        t1, t2 = doc.tables[0], doc.tables[1]
        self.rows = [(r.cells[0].text.strip(), r.cells[1].text.strip(), int(r.cells[2].text.strip())) for r in t1.rows[1:]]
        self.legend: list[tuple[str, str]] = []  # (code, legend name)
        self.counts: dict[str, int] = {}
        for r in t2.rows[1:]:
            label = r.cells[0].text.strip()
            if label.lower() == "total":
                self.total = int(r.cells[1].text)
                continue
            code, _, name = label.partition(" ")
            self.legend.append((code, name))
            self.counts[code] = int(r.cells[1].text)
        self.bullets = [BULLET.match(p.text.strip()) for p in doc.paragraphs if BULLET.match(p.text.strip())]
        self.target = {m.group(2): m.group(3) for m in self.bullets}
        text = "\n".join(p.text for p in doc.paragraphs)
        self.amend = {m.group(1): (m.group(2), m.group(3)) for m in AMEND.finditer(text)}
        m = re.search(r"(\d+) of the (\d+) Eastside District parcels", text)
        self.n_district = int(m.group(2))
        assert len(self.rows) == self.total == sum(self.counts.values()) and len(self.legend) == 7
        assert [r[0] for r in self.rows] == sorted(r[0] for r in self.rows)
        assert self.amend and set(self.amend) <= set(PRINTED_FILL) and self.bullets
        cls = self.classes()
        assert all(cls[p] == z for p, (z, _) in self.amend.items()) and all(cls[p] != PRINTED_FILL[p] for p in self.amend)
        self.reply = (gold / REPLY).read_text()

    def classes(self) -> dict[str, str]:
        return {pid: z for pid, z, _ in self.rows}

    def name(self, code: str) -> str:
        return dict(self.legend)[code]

    def rezone(self) -> list[tuple[str, str, str]]:
        return [(m.group(1), m.group(2), m.group(3)) for m in self.bullets]

    def bullet_lines(self) -> list[str]:
        return [f"{p}: rezone from {a} to {b}" for p, a, b in self.rezone()]

    def retained(self) -> list[str]:
        return [code for code, _ in self.legend if code not in self.target]

    def members(self, code: str) -> list[str]:
        return [p for p, z, _ in self.rows if z == code]


# ----------------------------------------------------------------------------- docx helpers
def out_dir(out: Path, name: str) -> Path:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    return d


def add_table(doc, rows: list[list[str]], *, style: str | None = "Table Grid", bold_header: bool = True, widths=None):
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    if style:
        t.style = style
    for i, row in enumerate(rows):
        for j, val in enumerate(row):
            cell = t.cell(i, j)
            cell.text = str(val)
            if i == 0 and bold_header:
                for r in cell.paragraphs[0].runs:
                    r.bold = True
            if widths:
                cell.width = widths[j]
    return t


def t1_rows(g: Gold, cls=None, dist=None) -> list[list[str]]:
    cls = cls or (lambda pid, z: z)
    dist = dist or (lambda pid, d: str(d))
    return [T1_HEAD] + [[pid, cls(pid, z), dist(pid, d)] for pid, z, d in g.rows]


def amend_phrase(g: Gold, sep: str = ", ") -> str:
    return sep.join(f"{p} to {z} (Bylaw {bl})" for p, (z, bl) in sorted(g.amend.items()))


def write_reply(out: Path, name: str, text: str) -> None:
    (out / name / REPLY).write_text(text, encoding="utf-8")


def copy_map(g: Gold, d: Path) -> None:
    shutil.copy(g.dir / MAP, d / MAP)


# ----------------------------------------------------------------------------- the alternates
def paraphrase(g: Gold, out: Path) -> None:
    """The gold's structure, every sentence, caption and free label reworded."""
    d = out_dir(out, "paraphrase")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_paragraph("TO: Director of Planning & Development Services\nFROM: Community Planning section\n"
                      "SUBJECT: OCP Policy 7.4 corridor review — proposed Line H rapid bus on Harmon Avenue")
    doc.add_paragraph(
        f"The Zoning Desk's working copy of map LU-07 gives each parcel's class by its fill colour, which we matched "
        f"against the legend; four later rezonings marked up in red pen were applied as in force — {amend_phrase(g)}. "
        f"Policy 7.4.2 puts a parcel in the corridor if any portion of it is within 400 m of the proposed centreline; "
        f"on that test {g.total} parcels out of the district's {g.n_district} are in. Zoning is not held in the cadastral "
        f"fabric, so the map is the only source for it.")
    doc.add_paragraph("Table 1 – Parcels inside the Line H corridor, by parcel number")
    add_table(doc, t1_rows(g))
    doc.add_paragraph("Table 2 – How many corridor parcels fall in each zoning class (legend order)")
    add_table(doc, [T2_HEAD] + [[f"{c} – {n}", str(g.counts[c])] for c, n in g.legend] + [["Total", str(g.total)]])
    doc.add_heading("Recommended action", level=2)
    doc.add_paragraph("In line with Policy 7.4.3, the City should bring forward a single City-initiated rezoning bylaw "
                      "for these corridor parcels:")
    for line in g.bullet_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.add_paragraph(f"Every other corridor parcel stays as zoned. The {g.counts['I-1']} light-industrial (I-1) parcels are "
                      "protected employment land and are not to be converted without an employment lands study; R-3, MU, "
                      "OS and PF parcels already suit the corridor, and R-3 and MU sites can use the one-storey density "
                      "bonus in Policy 7.4.5. Heritage overlays are unaffected.")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [
        f"I've finished the Line H corridor review. By the Policy 7.4.2 test (any part within 400 m of the centreline) the corridor holds:",
        "",
        f"Corridor parcels: {g.total}",
        "",
        "Count per class, in legend order:",
        "",
        *[f"{c}: {g.counts[c]}" for c, _ in g.legend],
        "",
        "Rezonings the City should initiate under Policy 7.4.3:",
        "",
        *g.bullet_lines(),
        "",
        "The memo (memo.docx) and the corridor figure (site_map.png) are attached. The classes apply the four red-pen "
        "amendments on the Zoning Desk map.",
    ]
    write_reply(out, "paraphrase", "\n".join(lines) + "\n")


def restructured(g: Gold, out: Path) -> None:
    """Summary first, numbered Heading 2 sections with Heading 3 sub-sections, Table 1 with an
    extra trailing 'Amendment' column, the bullets grouped under one sub-heading per policy
    direction, the retained classes as a bullet-free paragraph; the reply leads with a summary,
    Markdown headings and bulleted answer lines."""
    d = out_dir(out, "restructured")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_heading("Summary", level=2)
    n_rez = len(g.bullets)
    doc.add_paragraph(f"{g.total} parcels lie in the Line H corridor. Policy 7.4.3 calls for City-initiated rezoning of "
                      f"{n_rez} of them (section 3); the others keep their current class.")
    doc.add_heading("1. Method", level=2)
    doc.add_paragraph("Corridor: parcels any part of which is within 400 m of the Line H centreline (Policy 7.4.2), "
                      "measured from the parcel boundary with parcels.geojson and transit_line.geojson.")
    doc.add_paragraph("Zoning: fill colour on map LU-07 against its legend, with the red-pen amendments in force applied "
                      f"({amend_phrase(g, '; ')}).")
    doc.add_heading("2. Corridor parcels", level=2)
    doc.add_heading("2.1 Parcel list (Table 1)", level=3)
    rows = t1_rows(g)
    rows[0] = rows[0] + ["Amendment"]
    for r in rows[1:]:
        a = g.amend.get(r[0])
        r.append(f"Bylaw {a[1]}" if a else "—")
    add_table(doc, rows, style="Light Grid Accent 1")
    doc.add_heading("2.2 Parcels per class (Table 2)", level=3)
    add_table(doc, [T2_HEAD] + [[c, str(g.counts[c])] for c, _ in g.legend] + [["Total", str(g.total)]],
              style="Light Grid Accent 1")
    doc.add_heading("3. Recommendation", level=2)
    for src, dst in dict.fromkeys((a, b) for _, a, b in g.rezone()):
        doc.add_heading(f"3.{list(dict.fromkeys(a for _, a, _ in g.rezone())).index(src) + 1} {src} to {dst}", level=3)
        for p, a, b in g.rezone():
            if a == src:
                doc.add_paragraph(f"{p}: rezone from {a} to {b}", style="List Bullet")
    doc.add_heading("3.3 Classes retained", level=3)
    doc.add_paragraph(", ".join(g.retained()) + " parcels keep their class under Policy 7.4.3.")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [
        "## Summary",
        "",
        f"{g.total} corridor parcels; {n_rez} to be rezoned by the City. Memo and map attached.",
        "",
        "## Corridor",
        "",
        f"- Corridor parcels: {g.total}",
        "",
        "### Parcels by zoning class (legend order)",
        "",
        *[f"- {c}: {g.counts[c]}" for c, _ in g.legend],
        "",
        "## Rezoning recommendations",
        "",
        *[f"- {line}" for line in g.bullet_lines()],
    ]
    write_reply(out, "restructured", "\n".join(lines) + "\n")


def restructured_memo_block(g: Gold, out: Path) -> None:
    """A Word-style memo: the To / From / Re block laid out as a borderless two-column
    table above the body (as memo templates do), captions above Tables 1 and 2, a sign-off."""
    d = out_dir(out, "restructured_memo_block")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    add_table(doc, [["To:", "Director, Planning & Development Services"], ["From:", "Community Planning"],
                    ["Re:", "OCP Policy 7.4 corridor review — Harmon Avenue rapid bus (Line H)"]], style=None, bold_header=False)
    doc.add_paragraph(f"Policy 7.4.2 defines the corridor as every parcel any part of which is within 400 m of the "
                      f"centreline: {g.total} of the {g.n_district} district parcels. Classes are from map LU-07 with the "
                      f"red-pen amendments applied ({amend_phrase(g)}).")
    doc.add_paragraph("Table 1. Corridor parcels")
    add_table(doc, t1_rows(g))
    doc.add_paragraph("Table 2. Corridor parcels by zoning class")
    add_table(doc, [T2_HEAD] + [[f"{c} {n}", str(g.counts[c])] for c, n in g.legend] + [["Total", str(g.total)]])
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Under Policy 7.4.3, initiate a City rezoning for:")
    for line in g.bullet_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.add_paragraph("All other corridor parcels retain their class.")
    doc.add_paragraph("Community Planning")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [f"Corridor parcels: {g.total}", *[f"{c}: {g.counts[c]}" for c, _ in g.legend], *g.bullet_lines(),
             "", "memo.docx and site_map.png are attached."]
    write_reply(out, "restructured_memo_block", "\n".join(lines) + "\n")


def restructured_share_column(g: Gold, out: Path) -> None:
    """Like the gold, but Table 2 carries an extra trailing 'Share of corridor' column."""
    d = out_dir(out, "restructured_share_column")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_paragraph(f"{g.total} of the {g.n_district} Eastside parcels lie within 400 m of the Line H centreline "
                      f"(Policy 7.4.2). Classes from map LU-07 with the red-pen amendments applied ({amend_phrase(g)}).")
    doc.add_paragraph("Table 1. Corridor parcels")
    add_table(doc, t1_rows(g))
    doc.add_paragraph("Table 2. Corridor parcels by zoning class")
    add_table(doc, [T2_HEAD + ["Share of corridor"]]
              + [[c, str(g.counts[c]), f"{100 * g.counts[c] / g.total:.0f}%"] for c, _ in g.legend]
              + [["Total", str(g.total), "100%"]])
    doc.add_heading("Recommendation", level=2)
    for line in g.bullet_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.add_paragraph("Other corridor parcels keep their class (Policy 7.4.3).")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [f"Corridor parcels: {g.total}", "", *[f"{c}: {g.counts[c]}" for c, _ in g.legend], "", *g.bullet_lines()]
    write_reply(out, "restructured_share_column", "\n".join(lines) + "\n")


def verbose(g: Gold, out: Path) -> None:
    """Committed answers with their context next to them: legend names beside the codes, the
    bylaw and the printed fill beside each amended class, the member parcels beside each count,
    'of 55' beside the total, an explanation after each group of bullets, caveats with 'not'
    and 'no'; the reply's lines carry the same context."""
    d = out_dir(out, "verbose")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_paragraph("To: Director, Planning & Development Services\nFrom: Community Planning\n"
                      "Subject: Line H (Harmon Avenue rapid bus) — corridor zoning review required by OCP Policy 7.4")
    doc.add_heading("Purpose and method", level=2)
    far = max(g.rows, key=lambda r: r[2])
    doc.add_paragraph(
        f"Policy 7.4.2 defines the transit corridor as all parcels any part of which lies within 400 m of the Line H "
        f"centreline. Measuring from each parcel boundary in parcels.geojson to the centreline in transit_line.geojson, "
        f"{g.total} of the district's {g.n_district} parcels qualify; the farthest is {far[0]} at {far[2]} m, and no "
        f"parcel lies near the 400 m limit, so the set does not depend on the projection used. The parcel fabric does "
        f"not record zoning: each class below was read from the fill colour of map LU-07 against its legend, and the "
        f"red-pen amendments adopted by Council after consolidation were applied because they are in force.")
    doc.add_paragraph("Amendments applied (map fill → class in force): " + "; ".join(
        f"{p} {PRINTED_FILL[p]} → {z} (Bylaw {bl})" for p, (z, bl) in sorted(g.amend.items())) + ".")
    doc.add_paragraph("Table 1. Corridor parcels (sorted by parcel id; class in force; boundary-to-centreline distance)")
    add_table(doc, t1_rows(g, cls=lambda pid, z: (f"{z} (Bylaw {g.amend[pid][1]}; map fill {PRINTED_FILL[pid]})"
                                                   if pid in g.amend else f"{z} ({g.name(z)})")))
    doc.add_paragraph("Table 2. Corridor parcels per zoning class, in map legend order")
    t2 = [T2_HEAD]
    for c, n in g.legend:
        mem = g.members(c)
        t2.append([f"{c} ({n})", f"{len(mem)} ({', '.join(mem)})" if mem else "0 (none in the corridor)"])
    t2.append(["Total", f"{g.total} of {g.n_district} district parcels"])
    add_table(doc, t2)
    doc.add_heading("Recommendation", level=2)
    doc.add_paragraph("Policy 7.4.3 directs the City to initiate rezoning of corridor parcels in the classes below; one "
                      "City-initiated bylaw can carry them all:")
    for src, dst in dict.fromkeys((a, b) for _, a, b in g.rezone()):
        for p, a, b in g.rezone():
            if a == src:
                doc.add_paragraph(f"{p}: rezone from {a} to {b}", style="List Bullet")
        kept = sorted(p for p in g.amend if PRINTED_FILL[p] == src)
        note = ""
        if kept:
            now = ", ".join(f"{p} to {g.amend[p][0]}" for p in kept)
            note = (f" {' and '.join(kept)} {'is' if len(kept) == 1 else 'are'} not listed although the map fill still "
                    f"shows {src}: the red-pen {'amendment' if len(kept) == 1 else 'amendments'} in force already rezoned {now}.")
        doc.add_paragraph(f"Policy 7.4.3 directs {src} parcels within the corridor to {dst}.{note}")
    incoming = [p for p in g.amend if g.amend[p][0] in g.target and PRINTED_FILL[p] not in g.target]
    if incoming:
        p = incoming[0]
        doc.add_paragraph(f"{p} is included although its fill is {PRINTED_FILL[p]}: Bylaw {g.amend[p][1]} (red-pen note "
                          f"with a leader arrow on the map) made it {g.amend[p][0]}, so the {g.amend[p][0]} direction applies.")
    doc.add_paragraph(f"No other corridor parcel is recommended for rezoning. The {g.counts['I-1']} I-1 parcels "
                      f"({', '.join(g.members('I-1'))}) are retained as protected employment lands — not to be converted "
                      f"without an employment lands study — and the R-3, MU, OS and PF parcels are retained; R-3 and MU "
                      f"parcels may use the one-storey density bonus of Policy 7.4.5. Heritage overlay parcels keep "
                      "their overlay; the overlay does not change a parcel's class.")
    doc.add_picture(str(g.dir / MAP), width=Cm(16))
    doc.add_paragraph("Figure 1. Transit corridor parcels (site_map.png).")
    doc.save(d / MEMO)
    copy_map(g, d)
    ctx = {}
    for c, _ in g.legend:
        mem = g.members(c)
        amended_in = [p for p in mem if p in g.amend]
        fills = len(mem) - len(amended_in)
        if amended_in:
            ctx[c] = f"{len(mem)} ({fills} by map fill, plus {', '.join(amended_in)} by red-pen amendment)"
        elif mem:
            ctx[c] = f"{len(mem)} ({', '.join(mem)})"
        else:
            ctx[c] = "0 (none)"
    kept = [p for p in sorted(g.amend) if p not in {q for q, _, _ in g.rezone()}]
    lines = [
        "Summary of the Line H corridor review (full detail in memo.docx; map in site_map.png):",
        "",
        f"Corridor parcels: {g.total} (of {g.n_district} in the Eastside District; farthest {far[0]} at {far[2]} m)",
        "",
        *[f"{c}: {ctx[c]}" for c, _ in g.legend],
        "",
        *g.bullet_lines(),
        "",
        f"Not recommended for rezoning: the amended {', '.join(kept)} (their amendments already put them in "
        f"{' or '.join(sorted({g.amend[p][0] for p in kept}))}) and every R-3, MU, I-1, OS and PF parcel, which Policy 7.4.3 retains.",
    ]
    write_reply(out, "verbose", "\n".join(lines) + "\n")


def formats(g: Gold, out: Path) -> None:
    """Other formats where the prompt fixes none: distances with their unit ('250 m'), the
    Total row in capitals, the corridor width as 0.4 km, the map at 1.5x resolution in palette
    PNG; the reply with bold labels, list markers and full stops."""
    d = out_dir(out, "formats")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_paragraph("Ref.: OCP-7.4 / Line H    Map: LU-07    Corridor width: 0.4 km")
    doc.add_paragraph(f"Corridor = parcels within 400.0 m of the centreline (Policy 7.4.2): {g.total}/{g.n_district}.")
    doc.add_paragraph("Table 1")
    add_table(doc, t1_rows(g, dist=lambda pid, dd: f"{dd} m"))
    doc.add_paragraph("Table 2")
    add_table(doc, [T2_HEAD] + [[c, f"{g.counts[c]}"] for c, _ in g.legend] + [["TOTAL", f"{g.total}"]])
    doc.add_paragraph("Recommendation (Policy 7.4.3):")
    for line in g.bullet_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.save(d / MEMO)
    im = Image.open(g.dir / MAP).convert("RGB")
    im = im.resize((im.width * 3 // 2, im.height * 3 // 2), Image.LANCZOS)
    im.quantize(colors=256, method=Image.MEDIANCUT).save(d / MAP, optimize=True, dpi=(150, 150))
    lines = [
        f"**Corridor parcels:** {g.total}",
        "",
        *[f"- **{c}:** {g.counts[c]}" for c, _ in g.legend],
        "",
        *[f"{line}." for line in g.bullet_lines()],
    ]
    write_reply(out, "formats", "\n".join(lines) + "\n")


def formats_text_bullets(g: Gold, out: Path) -> None:
    """Bullets typed as a '•' glyph at the start of Normal paragraphs (no Word list style), as
    many generated documents do; Table 2's labels as 'Code (name)'; the reply's rezoning
    lines as '*' Markdown bullets."""
    d = out_dir(out, "formats_text_bullets")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    doc.add_paragraph(f"This memo lists the {g.total} parcels within 400 m of the proposed Line H centreline and the "
                      "rezonings Policy 7.4.3 calls for.")
    doc.add_paragraph("Table 1: Corridor parcels")
    add_table(doc, t1_rows(g))
    doc.add_paragraph("Table 2: Parcels per zoning class")
    add_table(doc, [T2_HEAD] + [[f"{c} ({n})", str(g.counts[c])] for c, n in g.legend] + [["Total", str(g.total)]])
    doc.add_paragraph("Recommendation").runs[0].bold = True
    for line in g.bullet_lines():
        doc.add_paragraph(f"•\t{line}")
    doc.add_paragraph("The remaining corridor parcels keep their current class.")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [f"Corridor parcels: {g.total}", "", *[f"{c}: {g.counts[c]}" for c, _ in g.legend], "",
             "Rezoning recommendations:", *[f"* {line}" for line in g.bullet_lines()]]
    write_reply(out, "formats_text_bullets", "\n".join(lines) + "\n")


def other_tools(g: Gold, out: Path) -> None:
    """memo.docx converted by LibreOffice from an HTML memo (<h1>, <table>, <ul>); site_map.png
    redrawn with matplotlib straight from the GeoJSON inputs (lon/lat axes, one highlight
    colour for the corridor, the 400 m limit as a buffer outline)."""
    d = out_dir(out, "other_tools")
    e = html.escape
    t1 = "".join(f"<tr><td>{e(p)}</td><td>{e(z)}</td><td>{dd}</td></tr>" for p, z, dd in g.rows)
    t2 = "".join(f"<tr><td>{e(c)}</td><td>{g.counts[c]}</td></tr>" for c, _ in g.legend)
    bullets = "".join(f"<li>{e(line)}</li>" for line in g.bullet_lines())
    page = f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>{TITLE}</title>
<style>table{{border-collapse:collapse}} td,th{{border:1px solid #000;padding:2pt 6pt}} th{{background:#d9e2f3}}</style></head>
<body>
<h1>{TITLE}</h1>
<p><b>To:</b> Director, Planning &amp; Development Services<br><b>From:</b> Community Planning<br>
<b>Re:</b> Line H rapid bus — OCP Policy 7.4 corridor</p>
<p>{g.total} parcels are within 400 m of the Line H centreline (Policy 7.4.2). Classes are from map LU-07 with the
red-pen amendments applied ({e(amend_phrase(g))}).</p>
<p><i>Table 1. Corridor parcels</i></p>
<table><thead><tr>{''.join(f'<th>{e(h)}</th>' for h in T1_HEAD)}</tr></thead><tbody>{t1}</tbody></table>
<p><i>Table 2. Corridor parcels by zoning class</i></p>
<table><thead><tr>{''.join(f'<th>{e(h)}</th>' for h in T2_HEAD)}</tr></thead><tbody>{t2}<tr><td><b>Total</b></td><td><b>{g.total}</b></td></tr></tbody></table>
<h2>Recommendation</h2>
<p>Following Policy 7.4.3, the City should initiate rezoning of:</p>
<ul>{bullets}</ul>
<p>All other corridor parcels keep their class.</p>
</body></html>
"""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "memo.html"
        src.write_text(page, encoding="utf-8")
        subprocess.run(["soffice", "--headless", "--norestore", "--convert-to", "docx:MS Word 2007 XML",
                        "--outdir", tmp, str(src)], check=True, capture_output=True, timeout=300)
        shutil.copy(Path(tmp) / "memo.docx", d / MEMO)
    draw_map(g, d / MAP)
    lines = [f"Corridor parcels: {g.total}", *[f"{c}: {g.counts[c]}" for c, _ in g.legend], *g.bullet_lines(), "",
             "(memo.docx exported from LibreOffice Writer; site_map.png drawn with matplotlib from the GeoJSON files.)"]
    write_reply(out, "other_tools", "\n".join(lines) + "\n")


def draw_map(g: Gold, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    parcels = json.loads((g.inputs / "parcels.geojson").read_text())
    transit = json.loads((g.inputs / "transit_line.geojson").read_text())
    corridor = {p for p, _, _ in g.rows}
    line = next(f["geometry"]["coordinates"] for f in transit["features"] if f["geometry"]["type"] == "LineString")
    lat0 = sum(p[1] for p in line) / len(line)
    kx, ky = 111320.0 * math.cos(math.radians(lat0)), 110540.0
    fig, ax = plt.subplots(figsize=(13, 9), dpi=100)
    for f in parcels["features"]:
        ring = f["geometry"]["coordinates"][0]
        pid = f["properties"]["parcel_id"]
        inside = pid in corridor
        ax.fill([p[0] for p in ring], [p[1] for p in ring], facecolor="#f6ad55" if inside else "#edf2f7",
                edgecolor="#7b341e" if inside else "#a0aec0", linewidth=1.2 if inside else 0.6)
        cx, cy = sum(p[0] for p in ring[:-1]) / (len(ring) - 1), sum(p[1] for p in ring[:-1]) / (len(ring) - 1)
        ax.text(cx, cy, pid, ha="center", va="center", fontsize=7, color="#1a202c" if inside else "#718096")
    # 400 m limit: the buffer outline of the centreline (round caps), in degrees.
    (x1, y1), (x2, y2) = [(p[0] * kx, p[1] * ky) for p in line[:2]]
    ang = math.atan2(y2 - y1, x2 - x1)
    pts = [(x2 + 400 * math.cos(ang + math.pi / 2 - math.pi * i / 36), y2 + 400 * math.sin(ang + math.pi / 2 - math.pi * i / 36))
           for i in range(37)]
    pts += [(x1 + 400 * math.cos(ang - math.pi / 2 - math.pi * i / 36), y1 + 400 * math.sin(ang - math.pi / 2 - math.pi * i / 36))
            for i in range(37)]
    pts.append(pts[0])
    ax.plot([x / kx for x, _ in pts], [y / ky for _, y in pts], color="#2b6cb0", linestyle=(0, (6, 4)), linewidth=1.2)
    ax.plot([p[0] for p in line], [p[1] for p in line], color="#c53030", linewidth=3)
    for f in transit["features"]:
        if f["geometry"]["type"] == "Point":
            x, y = f["geometry"]["coordinates"]
            ax.plot(x, y, "o", color="white", markeredgecolor="#c53030", markersize=9, markeredgewidth=2)
            ax.annotate(f["properties"]["name"], (x, y), xytext=(6, -14), textcoords="offset points", fontsize=8, color="#742a2a")
    ax.set_aspect(1 / math.cos(math.radians(lat0)))
    ax.set_xlabel("Longitude (°)")
    ax.set_ylabel("Latitude (°)")
    ax.ticklabel_format(useOffset=False)
    ax.set_title("Transit corridor parcels", fontsize=22, fontweight="bold", pad=14)
    ax.annotate("N ↑", xy=(0.97, 0.95), xycoords="axes fraction", fontsize=14, ha="right", fontweight="bold")
    ax.legend(handles=[Patch(facecolor="#f6ad55", edgecolor="#7b341e", label=f"Corridor parcel ({len(corridor)})"),
                       Patch(facecolor="#edf2f7", edgecolor="#a0aec0", label="Other district parcel"),
                       Line2D([], [], color="#c53030", linewidth=3, label="Line H centreline (proposed)"),
                       Line2D([], [], marker="o", color="white", markeredgecolor="#c53030", linestyle="", label="Station"),
                       Line2D([], [], color="#2b6cb0", linestyle=(0, (6, 4)), label="400 m corridor limit")],
              loc="upper left", title="Legend", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)


def minimal(g: Gold, out: Path) -> None:
    """Only what the prompt asks for: the heading, the two tables, the bullets; no memo block,
    captions or explanation; the reply is just the required lines."""
    d = out_dir(out, "minimal")
    doc = Document()
    doc.add_heading(TITLE, level=1)
    add_table(doc, t1_rows(g), style=None, bold_header=False)
    doc.add_paragraph()
    add_table(doc, [T2_HEAD] + [[c, str(g.counts[c])] for c, _ in g.legend] + [["Total", str(g.total)]], style=None,
              bold_header=False)
    for line in g.bullet_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.save(d / MEMO)
    copy_map(g, d)
    lines = [f"Corridor parcels: {g.total}", *[f"{c}: {g.counts[c]}" for c, _ in g.legend], *g.bullet_lines()]
    write_reply(out, "minimal", "\n".join(lines) + "\n")


ALTERNATES = [paraphrase, restructured, restructured_memo_block, restructured_share_column, verbose, formats,
              formats_text_bullets, other_tools, minimal]


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
