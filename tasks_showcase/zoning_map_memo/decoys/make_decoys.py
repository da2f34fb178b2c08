"""Build the zoning_map_memo decoys (plausible wrong corridor memos) from the gold files.

    python3 make_decoys.py --gold /task/gold --out /out

Every decoy is a deterministic transformation of gold/memo.docx (Table 1's class and
distance cells, Table 2's counts, the recommendation bullets), gold/site_map.png and
gold/final_reply.md (its labelled lines). The corridor, the legend order and the policy's
rezoning directions are read back from the gold itself (Table 1, Table 2's first column, the
gold bullets), and every count, total and recommendation in a decoy is recomputed from the
decoy's own (wrong) classes, so each decoy is internally consistent wrong work: the kind a
keyword grader is fooled by. Assertions stop the build if a transformation stops changing
what it is meant to change when the gold changes."""

from __future__ import annotations

import argparse
import copy
import re
import shutil
from pathlib import Path

from docx import Document
from PIL import Image

MEMO, MAP, REPLY = "memo.docx", "site_map.png", "final_reply.md"
BULLET = re.compile(r"^(P-\d{3})\s*:\s*rezone from (\S+) to (\S+?)\.?$")
# A believable misreading of each fill colour: the neighbouring swatch of the legend
# (pale yellow -> orange, orange -> red, purple -> blue, red -> purple, grey -> green, ...).
# The printed fill under each red-pen amendment on land_use_map.png (what a reader who ignores or
# cannot read the handwriting reports).
PRINTED_FILL = {"P-322": "R-1", "P-341": "R-1", "P-532": "I-1", "P-551": "C-2"}
NEIGHBOUR = {"R-1": "R-3", "R-3": "C-2", "MU": "PF", "C-2": "MU", "I-1": "OS", "OS": "I-1", "PF": "MU"}


class Gold:
    """The gold memo read back: corridor rows, legend order, policy directions, the reply."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        doc = Document(gold / MEMO)
        t1, t2 = doc.tables[0], doc.tables[1]
        self.rows = [(r.cells[0].text.strip(), r.cells[1].text.strip(), r.cells[2].text.strip()) for r in t1.rows[1:]]
        self.legend = [r.cells[0].text.split()[0] for r in t2.rows[1:] if r.cells[0].text.strip().lower() != "total"]
        self.target: dict[str, str] = {}
        for p in doc.paragraphs:
            m = BULLET.match(p.text.strip())
            if m:
                self.target[m.group(2)] = m.group(3)
        assert len(self.rows) >= 20 and len(self.legend) == 7 and self.target, "gold memo not in the expected shape"
        self.reply = (gold / REPLY).read_text()

    def classes(self) -> dict[str, str]:
        return {pid: z for pid, z, _ in self.rows}


# ----------------------------------------------------------------------------- writing
def counts_of(classes: dict[str, str], legend: list[str]) -> dict[str, int]:
    return {code: sum(1 for z in classes.values() if z == code) for code in legend}


def write_memo(g: Gold, out: Path, *, class_cell, dist_cell=None, count_cell=None, total_cell=None,
               bullets: list[str], keep_rows=None) -> None:
    """The gold memo with Table 1/Table 2 cells and the recommendation bullets replaced."""
    doc = Document(g.dir / MEMO)
    t1, t2 = doc.tables[0], doc.tables[1]
    for row in list(t1.rows[1:]):
        pid = row.cells[0].text.strip()
        if keep_rows is not None and pid not in keep_rows:
            row._tr.getparent().remove(row._tr)
            continue
        _set(row.cells[1], class_cell(pid))
        if dist_cell:
            _set(row.cells[2], dist_cell(pid, row.cells[2].text.strip()))
    for row in t2.rows[1:]:
        key = row.cells[0].text.split()[0]
        if key.lower() == "total":
            if total_cell:
                _set(row.cells[1], total_cell())
        elif count_cell:
            _set(row.cells[1], count_cell(key))
    old = [p for p in doc.paragraphs if BULLET.match(p.text.strip())]
    anchor = old[0]._p
    for text in bullets:
        new = copy.deepcopy(anchor)
        anchor.addprevious(new)
        _set_paragraph(new, text)
    for p in old:
        p._p.getparent().remove(p._p)
    doc.save(out / MEMO)


def _set(cell, text: str) -> None:
    para = cell.paragraphs[0]
    for extra in cell.paragraphs[1:]:
        extra._p.getparent().remove(extra._p)
    _set_runs(para, text)


def _set_runs(para, text: str) -> None:
    runs = para.runs
    if runs:
        runs[0].text = text
        for r in runs[1:]:
            r._r.getparent().remove(r._r)
    else:
        para.add_run(text)


def _set_paragraph(p_elem, text: str) -> None:
    from docx.text.paragraph import Paragraph

    _set_runs(Paragraph(p_elem, None), text)


def write_reply(g: Gold, out: Path, *, total: str, counts: dict[str, str], rezone_lines: list[str], note: str = "") -> None:
    """The gold reply with its labelled lines replaced: `Corridor parcels:`, `CODE: N`, and the
    block of `P-###: rezone …` lines swapped for the decoy's (prose lines kept)."""
    lines, placed = [], False
    for line in g.reply.splitlines():
        m = re.match(r"^(Corridor parcels|[A-Z]{1,2}(?:-\d)?)\s*:\s*(.*)$", line)
        if BULLET.match(line.strip()):
            if not placed:
                lines.extend(rezone_lines)
                placed = True
            continue
        if m and m.group(1) == "Corridor parcels":
            lines.append(f"Corridor parcels: {total}")
        elif m and m.group(1) in counts:
            lines.append(f"{m.group(1)}: {counts[m.group(1)]}")
        else:
            lines.append(line)
    assert placed, "gold reply has no rezoning lines"
    if note:
        lines.append(note)
    (out / REPLY).write_text("\n".join(lines) + "\n")


def decoy_dir(out: Path, name: str) -> Path:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    return d


def policy_lines(g: Gold, classes: dict[str, str], fmt="{pid}: rezone from {z} to {t}") -> list[str]:
    return [fmt.format(pid=pid, z=z, t=g.target[z]) for pid, z in sorted(classes.items()) if z in g.target]


# ----------------------------------------------------------------------------- the decoys
def negated(g: Gold, out: Path) -> None:
    """Classes, counts and distances kept; every rezoning turned into its refusal."""
    d = decoy_dir(out, "negated")
    gold = g.classes()
    lines = policy_lines(g, gold, "{pid}: do not rezone from {z} to {t}")
    write_memo(g, d, class_cell=lambda pid: gold[pid], bullets=lines)
    shutil.copy(g.dir / MAP, d / MAP)
    counts = counts_of(gold, g.legend)
    write_reply(g, out / "negated", total=str(len(gold)), counts={k: str(v) for k, v in counts.items()},
                rezone_lines=lines, note="No City-initiated rezoning is recommended under Policy 7.4.3 at this stage.")


def perturbed(g: Gold, out: Path) -> None:
    """Every parcel's class read as the neighbouring legend swatch; counts and recommendations
    follow from the wrong classes (geometry, distances and the total kept)."""
    d = decoy_dir(out, "perturbed")
    wrong = {pid: NEIGHBOUR[z] for pid, z in g.classes().items()}
    counts = counts_of(wrong, g.legend)
    gold_counts = counts_of(g.classes(), g.legend)
    assert all(counts[k] != gold_counts[k] for k in g.legend), "perturbed counts must all differ from gold"
    lines = policy_lines(g, wrong)
    write_memo(g, d, class_cell=lambda pid: wrong[pid], count_cell=lambda k: str(counts[k]), bullets=lines)
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "perturbed", total=str(len(wrong)), counts={k: str(v) for k, v in counts.items()}, rezone_lines=lines)


def fills_only(g: Gold, out: Path) -> None:
    """The map read by its fill colours only: the four red-pen amendments ignored (each parcel
    keeps the class its fill shows); counts and recommendations follow from those classes."""
    d = decoy_dir(out, "fills_only")
    gold = g.classes()
    assert all(pid in gold and gold[pid] != z for pid, z in PRINTED_FILL.items()), "amended parcels not in the gold"
    wrong = {**gold, **PRINTED_FILL}
    counts = counts_of(wrong, g.legend)
    lines = policy_lines(g, wrong)
    write_memo(g, d, class_cell=lambda pid: wrong[pid], count_cell=lambda k: str(counts[k]), bullets=lines)
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "fills_only", total=str(len(wrong)), counts={k: str(v) for k, v in counts.items()}, rezone_lines=lines)


def hedged(g: Gold, out: Path) -> None:
    """Every class, count and total offered with an alternative; every rezoning hedged between
    the policy target and another class."""
    d = decoy_dir(out, "hedged")
    gold = g.classes()
    counts = counts_of(gold, g.legend)
    n = len(gold)
    other = {t: next(c for c in g.legend if c not in (t, *g.target)) for t in g.target.values()}
    lines = [f"{pid}: rezone from {z} to {g.target[z]} or {other[g.target[z]]}" for pid, z in sorted(gold.items()) if z in g.target]
    write_memo(g, d, class_cell=lambda pid: f"{gold[pid]} or {NEIGHBOUR[gold[pid]]}",
               count_cell=lambda k: f"{counts[k]} or {counts[k] + 1}", total_cell=lambda: f"{n} or {n + 1}", bullets=lines)
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "hedged", total=f"{n} (possibly {n + 1})",
                counts={k: f"{v} or {v + 1}" for k, v in counts.items()}, rezone_lines=lines)


def one_size(g: Gold, out: Path) -> None:
    """Every corridor parcel given the same class, the one the policy already wants (R-3 under
    the gold's R-1 -> R-3 direction): everything complies, nothing to rezone."""
    d = decoy_dir(out, "one_size")
    same = g.target[g.legend[0]]
    wrong = {pid: same for pid in g.classes()}
    counts = counts_of(wrong, g.legend)
    write_memo(g, d, class_cell=lambda pid: same, count_cell=lambda k: str(counts[k]),
               bullets=[f"No parcel needs rezoning: every corridor parcel is already {same}."])
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "one_size", total=str(len(wrong)), counts={k: str(v) for k, v in counts.items()},
                rezone_lines=[f"No rezoning recommended: all corridor parcels are already {same}."])


def stub(g: Gold, out: Path) -> None:
    """The memo's heading and the two table header rows only; a blank map; a placeholder reply."""
    d = decoy_dir(out, "stub")
    doc = Document()
    doc.add_heading("Corridor zoning memo", level=1)
    src = Document(g.dir / MEMO)
    for t in src.tables[:2]:
        heads = [c.text for c in t.rows[0].cells]
        new = doc.add_table(rows=1, cols=len(heads))
        for c, h in zip(new.rows[0].cells, heads):
            c.text = h
        doc.add_paragraph("")
    doc.add_paragraph("Recommendation: to follow once the zoning classes are confirmed.")
    doc.save(d / MEMO)
    w, h = Image.open(g.dir / MAP).size
    Image.new("RGB", (w, h), "white").save(d / MAP)
    (out / "stub" / REPLY).write_text("Draft in progress: the corridor memo and the site map will follow.\n")


def empty(g: Gold, out: Path) -> None:
    """Zero-byte deliverables and an empty reply."""
    d = decoy_dir(out, "empty")
    for name in (MEMO, MAP):
        (d / name).write_bytes(b"")
    (out / "empty" / REPLY).write_text("")


def fully_wrong(g: Gold, out: Path) -> None:
    """Wrong corridor (only parcels within 200 m, distances 25 % long), every class misread,
    counts and totals from those, and the policy inverted: the retained classes rezoned, the
    R-1 and C-2 parcels kept."""
    d = decoy_dir(out, "fully_wrong")
    dist = {pid: float(x) for pid, _, x in g.rows}
    keep = {pid for pid, x in dist.items() if x <= 200}
    assert 0 < len(keep) < len(dist)
    wrong = {pid: NEIGHBOUR[z] for pid, z in g.classes().items() if pid in keep}
    counts = counts_of(wrong, g.legend)
    targets = list(dict.fromkeys(g.target.values()))
    inverse = {z: next(t for t in targets if t != z) for z in g.legend if z not in g.target}
    lines = [f"{pid}: rezone from {z} to {inverse[z]}" for pid, z in sorted(wrong.items()) if z in inverse]
    write_memo(g, d, class_cell=lambda pid: wrong[pid], dist_cell=lambda pid, x: str(round(float(x) * 1.25 + 7)),
               count_cell=lambda k: str(counts[k]), total_cell=lambda: str(len(wrong)), bullets=lines, keep_rows=keep)
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "fully_wrong", total=str(len(wrong)), counts={k: str(v) for k, v in counts.items()}, rezone_lines=lines)


def counts_in_context(g: Gold, out: Path) -> None:
    """The fill-colour reading committed, the amendments only as context: Table 2 and the reply
    give the fill counts with the amended count in brackets ('5 (3 after the red-pen amendments)'),
    distances are given as a wrong committed figure with the right one in brackets, the classes
    and recommendations follow the fills (P-532 missed, P-322 / P-341 / P-551 rezoned)."""
    d = decoy_dir(out, "counts_in_context")
    gold = g.classes()
    wrong = {**gold, **PRINTED_FILL}
    counts, right = counts_of(wrong, g.legend), counts_of(gold, g.legend)
    assert any(counts[k] != right[k] for k in g.legend)

    def count_text(k: str) -> str:
        return str(counts[k]) if counts[k] == right[k] else f"{counts[k]} ({right[k]} after the red-pen amendments)"

    def dist_text(pid: str, gold_text: str) -> str:
        m = int(round(float(gold_text.split()[0])))
        return f"{m + 25} ({m} to the lot line)"

    lines = policy_lines(g, wrong)
    write_memo(g, d, class_cell=lambda pid: wrong[pid], dist_cell=dist_text, count_cell=count_text, bullets=lines)
    shutil.copy(g.dir / MAP, d / MAP)
    write_reply(g, out / "counts_in_context", total=str(len(wrong)), counts={k: count_text(k) for k in g.legend},
                rezone_lines=lines)


DECOYS = [negated, perturbed, fills_only, hedged, one_size, stub, empty, fully_wrong, counts_in_context]


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
