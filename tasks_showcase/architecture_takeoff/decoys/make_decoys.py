"""Build the architecture_takeoff decoys (plausible wrong take-offs) from the gold files.

    python3 make_decoys.py --gold /task/gold --out /out

Every decoy is a deterministic transformation of gold/area_takeoff.xlsx (loaded with its
formulas, so a changed width or length flows through the gold's `=B*C`, SUM and SUMIF
formulas exactly as it would in an agent's workbook) and of gold/final_reply.md (its
labelled lines are rewritten; the prose around them is kept). Numbers quoted in a decoy's
reply are recomputed from the decoy's own workbook, so each decoy is internally consistent
wrong work, the kind a keyword grader is fooled by. The script asserts that every changed
value is outside the rubric's tolerance, so a decoy cannot silently turn into right work
when the gold changes."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

from openpyxl import Workbook, load_workbook

XLSX = "area_takeoff.xlsx"
SHEET = "Areas"
# Labelled reply lines the prompt asks for (label -> key used below).
LABELS = {
    "Total net floor area": "total",
    "FF-01 area": "FF-01",
    "FF-02 area": "FF-02",
    "FF-03 area": "FF-03",
    "FF-04 area": "FF-04",
    "Door leaves": "doors",
    "Scaled rooms": "scaled",
    "Read from drawn dimensions": "dimmed",  # the gold's prose line naming the dimensioned rooms
}


# ----------------------------------------------------------------------------- reading gold
class Gold:
    """The gold take-off: rows by room, the finish strings by code, the labelled reply values."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        wb = load_workbook(gold / XLSX)
        ws = wb[SHEET]
        self.rows: dict[str, int] = {}
        for r in range(2, ws.max_row + 1):
            name = ws.cell(r, 1).value
            if not name or str(name).strip().lower() == "total":
                break
            self.rows[str(name)] = r
        self.size = {n: (float(ws.cell(r, 2).value), float(ws.cell(r, 3).value)) for n, r in self.rows.items()}
        self.finish = {n: str(ws.cell(r, 5).value) for n, r in self.rows.items()}
        self.by_code = {code(f): f for f in self.finish.values()}
        self.reply = (gold / "final_reply.md").read_text()
        self.fields = {LABELS[m.group(1)]: m.group(2).strip() for m in _label_lines(self.reply)}
        self.doors = int(re.search(r"\d+", self.fields["doors"]).group())
        self.scaled = [s.strip() for s in self.fields["scaled"].split(",")]

    def workbook(self) -> Workbook:
        return load_workbook(self.dir / XLSX)  # formulas kept


def code(finish: str) -> str:
    m = re.search(r"FF-\d\d", finish)
    return m.group() if m else finish


def _label_lines(text: str):
    pattern = r"^(" + "|".join(re.escape(k) for k in LABELS) + r"):[ \t]*(.*)$"
    return re.finditer(pattern, text, flags=re.M)


def relabel(reply: str, values: dict[str, str], prose: list[tuple[str, str]] = ()) -> str:
    """The gold reply with the labelled lines' values replaced and some prose rewritten."""
    keys = {v: k for k, v in LABELS.items()}

    def sub(m: re.Match[str]) -> str:
        key = LABELS[m.group(1)]
        return f"{m.group(1)}: {values[key]}" if key in values else m.group(0)

    out = re.sub(r"^(" + "|".join(re.escape(k) for k in keys.values()) + r"):[ \t]*(.*)$", sub, reply, flags=re.M)
    for old, new in prose:
        out = out.replace(old, new)
    return out


# ----------------------------------------------------------------------------- helpers
def set_sizes(wb: Workbook, gold: Gold, sizes: dict[str, tuple[object, object]]) -> None:
    ws = wb[SHEET]
    for name, (w, length) in sizes.items():
        r = gold.rows[name]
        ws.cell(r, 2).value = w
        ws.cell(r, 3).value = length


def set_finishes(wb: Workbook, gold: Gold, finishes: dict[str, str]) -> None:
    ws = wb[SHEET]
    for name, finish in finishes.items():
        ws.cell(gold.rows[name], 5).value = finish


def totals(sizes: dict[str, tuple[float, float]], finishes: dict[str, str]) -> dict[str, float]:
    out = {"total": sum(w * length for w, length in sizes.values())}
    for c in ("FF-01", "FF-02", "FF-03", "FF-04"):
        out[c] = sum(w * length for n, (w, length) in sizes.items() if code(finishes[n]) == c)
    return out


def scale_sizes(gold: Gold, factors: list[float]) -> dict[str, tuple[float, float]]:
    """Each room's width and length times its factor (cycled), rounded to 0.05 m as a reader would."""
    out = {}
    for i, (name, (w, length)) in enumerate(gold.size.items()):
        f = factors[i % len(factors)]
        out[name] = (round(w * f * 20) / 20, round(length * f * 20) / 20)
    return out


def numeric_fields(t: dict[str, float], doors: int) -> dict[str, str]:
    return {**{k: f"{t[k]:.2f} m²" for k in ("total", "FF-01", "FF-02", "FF-03", "FF-04")}, "doors": str(doors)}


def assert_wrong(gold: Gold, sizes: dict[str, tuple[float, float]], t: dict[str, float], gt: dict[str, float]) -> None:
    """Every size, area and total must sit outside the rubric's tolerances (±0.15 m scaled sizes,
    ±0.10 m² drawn areas, ±5 % or more scaled areas, ±3 % total, ±3–8 % finish totals)."""
    for name, (w, length) in sizes.items():
        gw, gl = gold.size[name]
        assert abs(w - gw) > 0.15 and abs(length - gl) > 0.15, (name, w, length)
        assert abs(w * length - gw * gl) > max(0.12 * (gw + gl), 0.05 * gw * gl, 0.10), name
    for k in t:  # 1.5 x the rubric's relative tolerance (3 % total, up to 8 % per finish)
        assert abs(t[k] - gt[k]) > (0.045 if k == "total" else 0.12) * gt[k], (k, t[k], gt[k])


def write(out: Path, name: str, wb: Workbook | None, reply: str, raw: bytes | None = None) -> None:
    d = out / name
    if d.exists():
        shutil.rmtree(d)
    (d / "deliverables").mkdir(parents=True)
    if wb is not None:
        wb.save(d / "deliverables" / XLSX)
    elif raw is not None:
        (d / "deliverables" / XLSX).write_bytes(raw)
    (d / "final_reply.md").write_text(reply)


# ----------------------------------------------------------------------------- decoys
def negated(gold: Gold, out: Path) -> None:
    """Numbers kept; every conclusion negated: the finish changes not applied, every
    labelled quantity disowned, the scaled rooms claimed to be dimensioned, no door leaves."""
    wb = gold.workbook()
    # the brief's Staff Room change and the plan's hand-marked Office 2 change both ignored
    set_finishes(wb, gold, {"Staff Room": gold.by_code["FF-01"], "Office 2": gold.by_code["FF-02"]})
    ws = wb[SHEET]
    for r in gold.rows.values():  # the provenance column, if the gold has one, says the opposite
        v = ws.cell(r, 7).value
        if isinstance(v, str):
            ws.cell(r, 7).value = "Scaled from scale bar" if v.lower().startswith("dimension") else "Dimensioned on plan"
    f = gold.fields
    values = {k: f"not {f[k]} (does not reconcile with the cost plan)" for k in ("total", "FF-01", "FF-02", "FF-03", "FF-04")}
    values["doors"] = f"none; the {gold.doors} swing symbols are not door leaves, so no doors are counted"
    values["scaled"] = f"none; {', '.join(gold.scaled)} were not scaled (all read from drawn dimensions)"
    values["dimmed"] = "all eleven rooms."
    reply = relabel(gold.reply, values, [("includes the Staff Room, changed from LVT per your letter",
                                          "does not include the Staff Room: it stays LVT, the letter's change was not applied")])
    write(out, "negated", wb, reply)


def perturbed(gold: Gold, out: Path) -> None:
    """Every plan-read size off by 18–25 % (a misread scale bar or dimension string), both
    directions (up for FF-01 and FF-03 rooms, down for FF-02 and FF-04, so no finish total
    cancels out), formulas kept so areas and totals follow; door count 12 → 10. Finishes and the
    list of scaled rooms stay right: only the visually derived values are wrong."""
    sizes = scale_sizes(gold, [1.22, 0.78, 0.80, 1.20, 1.25, 0.82, 1.18, 1.24, 0.76, 0.79, 0.80])
    t, gt = totals(sizes, gold.finish), totals(gold.size, gold.finish)
    assert_wrong(gold, sizes, t, gt)
    wb = gold.workbook()
    set_sizes(wb, gold, sizes)
    write(out, "perturbed", wb, relabel(gold.reply, numeric_fields(t, gold.doors - 2)))


def hedged(gold: Gold, out: Path) -> None:
    """Every size hedged between the right value and a neighbour ("3.45 or 3.75"), the Staff
    Room finish between carpet and LVT, every reply figure given with an alternative."""
    wb = gold.workbook()
    set_sizes(wb, gold, {n: (f"{w:.2f} or {w + 0.30:.2f}", f"{length:.2f} or {length - 0.30:.2f}")
                         for n, (w, length) in gold.size.items()})
    set_finishes(wb, gold, {"Staff Room": f"{gold.finish['Staff Room']} or {gold.by_code['FF-01']}",
                            "Office 2": f"{gold.finish['Office 2']} or {gold.by_code['FF-02']}"})
    gt = totals(gold.size, gold.finish)
    alt = totals(gold.size, {**gold.finish, "Staff Room": gold.by_code["FF-01"]})
    values = {k: f"{gt[k]:.2f} or {alt[k] if abs(alt[k] - gt[k]) > 0.15 * gt[k] else gt[k] * 1.15:.2f} m²"
              for k in ("total", "FF-01", "FF-02", "FF-03", "FF-04")}
    values["doors"] = f"{gold.doors - 1} or {gold.doors}"
    values["scaled"] = ", ".join(gold.scaled) + ", possibly also Reception and Corridor"
    write(out, "hedged", wb, relabel(gold.reply, values))


def one_size(gold: Gold, out: Path) -> None:
    """A standard 3.00 × 3.00 m module for every room, one finish (carpet) everywhere, one
    door per room, every room listed as scaled: the same answer everywhere."""
    sizes = {n: (3.0, 3.0) for n in gold.size}
    finishes = {n: gold.by_code["FF-02"] for n in gold.size}
    t, gt = totals(sizes, finishes), totals(gold.size, gold.finish)
    for name, (gw, gl) in gold.size.items():
        assert abs(9.0 - gw * gl) > max(0.12 * (gw + gl), 0.05 * gw * gl), name
    wb = gold.workbook()
    set_sizes(wb, gold, sizes)
    set_finishes(wb, gold, finishes)
    values = numeric_fields(t, len(gold.rows))
    values["scaled"] = ", ".join(gold.rows)
    values["dimmed"] = "none."
    write(out, "one_size", wb, relabel(gold.reply, values))


def stub(gold: Gold, out: Path) -> None:
    """A header-only Areas sheet and a one-line reply that promises the take-off later."""
    src = gold.workbook()[SHEET]
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET
    ws.append([c.value for c in src[1]])
    write(out, "stub", wb, "Rachel,\n\nThe take-off sheet is set up; areas, finish totals and the door count to follow.\n")


def empty(gold: Gold, out: Path) -> None:
    """A zero-byte workbook and an empty reply."""
    write(out, "empty", None, "", raw=b"")


def fully_wrong(gold: Gold, out: Path) -> None:
    """Every plan-read fact and every conclusion wrong: sizes off by ±30 %, finishes shifted one
    room down the schedule (the Staff Room ends up sealed concrete, not carpet), 8 doors, the
    dimensioned rooms reported as the scaled ones."""
    sizes = scale_sizes(gold, [1.30, 0.70])
    names = list(gold.rows)
    finishes = {n: gold.finish[names[(i + 1) % len(names)]] for i, n in enumerate(names)}
    t, gt = totals(sizes, finishes), totals(gold.size, gold.finish)
    assert_wrong(gold, sizes, t, gt)
    assert code(finishes["Staff Room"]) != "FF-02"
    wb = gold.workbook()
    set_sizes(wb, gold, sizes)
    set_finishes(wb, gold, finishes)
    values = numeric_fields(t, gold.doors - 4)
    values["scaled"] = ", ".join(n for n in names if n not in gold.scaled)
    values["dimmed"] = ", ".join(gold.scaled) + "."
    reply = relabel(gold.reply, values, [("includes the Staff Room, changed from LVT per your letter",
                                          "excludes the Staff Room")])
    write(out, "fully_wrong", wb, reply)


def hedged_units(gold: Gold, out: Path) -> None:
    """The workbook right, every reply figure offered with an alternative that carries its unit
    on both or only on the last number ('181.87 or 139.90 m²', '47.78 m² / 35.83 m²',
    '13 leaves or 12 leaves'): the right value sits among the candidates, first or last."""
    gt = totals(gold.size, gold.finish)
    f = gold.fields
    alt = {k: gt[k] * (1.30 if k in ("total", "FF-04") else 0.75) for k in gt}  # far outside every tolerance
    values = {
        "total": f"{alt['total']:.2f} or {gt['total']:.2f} m²",
        "FF-01": f"{gt['FF-01']:.2f} m² or {alt['FF-01']:.2f} m²",
        "FF-02": f"{gt['FF-02']:.2f} m² / {alt['FF-02']:.2f} m²",
        "FF-03": f"{gt['FF-03']:.2f} sq m or {alt['FF-03']:.2f} sq m",
        "FF-04": f"{gt['FF-04']:.2f} m² or {alt['FF-04']:.2f} m²",
        "doors": f"{gold.doors} leaves or {gold.doors - 1} leaves",
    }
    assert f["scaled"]  # the scaled-room list stays right
    write(out, "hedged_units", gold.workbook(), relabel(gold.reply, values))


def right_in_context(gold: Gold, out: Path) -> None:
    """The hand mark-ups and the brief's change not applied, each committed figure the
    unrevised one with the right figure only as a bracketed remark ('12 (13 if the sketched
    door is built)', 'Carpet tile (FF-02) (mark-up says Safety vinyl sheet (FF-03))'):
    context must not rescue a wrong committed answer."""
    wb = gold.workbook()
    office2, staff = gold.finish["Office 2"], gold.finish["Staff Room"]
    set_finishes(wb, gold, {"Office 2": f"{gold.by_code['FF-02']} (mark-up says {office2})",
                            "Staff Room": f"{gold.by_code['FF-01']} (letter item 3: {staff})"})
    unrevised = {**gold.finish, "Office 2": gold.by_code["FF-02"], "Staff Room": gold.by_code["FF-01"]}
    t, gt = totals(gold.size, unrevised), totals(gold.size, gold.finish)
    for k in ("FF-01", "FF-02", "FF-03"):  # outside the rubric's ±1 % / ±5 % / ±5 %
        assert abs(t[k] - gt[k]) > 0.06 * gt[k], k
    values = {k: f"{t[k]:.2f} m² ({gt[k]:.2f} m² once the mark-ups and the letter are applied)" for k in ("FF-01", "FF-02", "FF-03")}
    values["doors"] = f"{gold.doors - 1} ({gold.doors} if the sketched door is built)"
    write(out, "right_in_context", wb, relabel(gold.reply, values))


BUILDERS = [negated, perturbed, hedged, one_size, stub, empty, fully_wrong, hedged_units, right_in_context]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    args = ap.parse_args()
    gold = Gold(args.gold)
    args.out.mkdir(parents=True, exist_ok=True)
    for build in BUILDERS:
        build(gold, args.out)


if __name__ == "__main__":
    main()
