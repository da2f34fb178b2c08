"""Build the energy_trend_workbook decoys (plausible wrong reviews) from the gold files.

    python3 make_decoys.py --gold /task/gold --out /out

Each decoy is a deterministic transformation of gold/energy_review.xlsx, loaded with its
formulas so a changed chart-read month flows through the gold's Monthly totals and Costs
formulas exactly as in an agent's workbook, and of gold/final_reply.md, whose labelled lines
are rewritten. The figures a decoy quotes (peak and dearest month, annual kWh and GBP) are
recomputed from the decoy's own workbook with a small evaluator for the formula language the
gold uses (cell and range references, + - * /, SUM, IF), so every decoy is internally
consistent wrong work. The script asserts that each wrong value is outside the rubric's
tolerance, so a decoy cannot silently become right work when the gold changes."""

from __future__ import annotations

import argparse
import calendar
import re
import shutil
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.utils import column_index_from_string, get_column_letter

XLSX = "energy_review.xlsx"
SITES = ["Northgate Depot", "Riverside Offices", "Eastfield Cold Store"]
MONTHS = [calendar.month_name[m] for m in range(1, 13)]
LABELS = {
    "Peak consumption month": "peak",
    "Peak month consumption": "peak_kwh",
    "Most expensive month": "dear",
    "Annual consumption": "kwh",
    "Annual cost": "gbp",
    "Anomaly site": "site",
    "Anomaly month": "month",
    "Anomaly consumption": "size",
}


# ----------------------------------------------------------------------------- formulas
class Evaluator:
    """Values of an openpyxl workbook's cells, computing formulas (the subset the gold uses)."""

    _REF = r"(?:(?P<sheet>'[^']+'|[A-Za-z_][\w.]*)!)?\$?(?P<col>[A-Z]{1,3})\$?(?P<row>\d+)"

    def __init__(self, wb: Workbook) -> None:
        self.wb = wb
        self.memo: dict[tuple[str, str], object] = {}

    def value(self, sheet: str, ref: str) -> object:
        key = (sheet, ref)
        if key not in self.memo:
            self.memo[key] = None  # a reference cycle reads as empty instead of recursing forever
            raw = self.wb[sheet][ref].value
            self.memo[key] = self._formula(sheet, raw[1:]) if isinstance(raw, str) and raw.startswith("=") else raw
        return self.memo[key]

    def _formula(self, sheet: str, text: str) -> object:
        strings: list[str] = []

        def keep(m: re.Match[str]) -> str:
            strings.append(m.group(1))
            return f"_S[{len(strings) - 1}]"

        expr = re.sub(r'"([^"]*)"', keep, text)
        rng = self._REF + r":\$?(?P<col2>[A-Z]{1,3})\$?(?P<row2>\d+)"
        expr = re.sub(rng, lambda m: f"_R({self._sheet(m, sheet)!r},'{m['col']}{m['row']}','{m['col2']}{m['row2']}')", expr)
        expr = re.sub(r"(?<![\w'])" + self._REF + r"(?![\w(])",
                      lambda m: f"_V({self._sheet(m, sheet)!r},'{m['col']}{m['row']}')", expr)
        expr = re.sub(r"\bIF\(", "_IF(", re.sub(r"\bSUM\(", "_SUM(", expr))
        expr = expr.replace("<>", "!=").replace("^", "**")
        expr = re.sub(r"(?<![<>!=])=(?!=)", "==", expr)
        env = {"_S": strings, "_R": self._range, "_V": self._num_or_text, "_SUM": _sum, "_IF": _if, "__builtins__": {}}
        try:
            return eval(expr, env)  # noqa: S307 - the gold's own formulas, rewritten to calls above
        except (TypeError, ZeroDivisionError):
            return "#VALUE!"

    @staticmethod
    def _sheet(m: re.Match[str], default: str) -> str:
        return m["sheet"].strip("'") if m["sheet"] else default

    def _num_or_text(self, sheet: str, ref: str) -> object:
        v = self.value(sheet, ref)
        return 0 if v is None else v

    def _range(self, sheet: str, a: str, b: str) -> list[object]:
        ca, ra = re.match(r"([A-Z]+)(\d+)", a).groups()
        cb, rb = re.match(r"([A-Z]+)(\d+)", b).groups()
        out = []
        for c in range(column_index_from_string(ca), column_index_from_string(cb) + 1):
            for r in range(int(ra), int(rb) + 1):
                out.append(self.value(sheet, f"{get_column_letter(c)}{r}"))
        return out


def _sum(*args: object) -> float:
    total = 0.0
    for a in args:
        for v in a if isinstance(a, list) else [a]:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                total += v  # SUM skips text, as a spreadsheet does
    return total


def _if(cond: object, yes: object, no: object = False) -> object:
    return yes if cond else no


# ----------------------------------------------------------------------------- gold
class Gold:
    """The gold review: which Monthly cells were chart-read (Notes), the reply's labelled lines."""

    def __init__(self, gold: Path) -> None:
        self.dir = gold
        wb = self.workbook()
        mon = wb["Monthly"]
        self.chart_cells: list[tuple[str, int, str]] = []  # (site, month, cell)
        for m in range(1, 13):
            note = mon.cell(m + 1, 6).value or ""
            for j, site in enumerate(SITES):
                if site.lower() in str(note).lower():
                    self.chart_cells.append((site, m, f"{get_column_letter(2 + j)}{m + 1}"))
        self.kwh = {(s, m): float(mon.cell(m + 1, 2 + j).value) for j, s in enumerate(SITES) for m in range(1, 13)}
        self.reply = (gold / "final_reply.md").read_text()
        self.fields = {LABELS[m.group(1)]: m.group(2).strip() for m in _label_lines(self.reply)}
        self.summary = figures(wb)

    def workbook(self) -> Workbook:
        return load_workbook(self.dir / XLSX)  # formulas kept


def _label_lines(text: str):
    return re.finditer(r"^(" + "|".join(re.escape(k) for k in LABELS) + r"):[ \t]*(.*)$", text, flags=re.M)


def relabel(reply: str, values: dict[str, str], prose: list[tuple[str, str]] = ()) -> str:
    """The gold reply with the labelled lines' values replaced. The gold's explanatory
    paragraphs restate its conclusions ("July's peak is driven by ..."), which would contradict
    a decoy's answers, so only the opening paragraph, the labelled block and the closing
    provenance paragraph are kept (after the `prose` replacements)."""
    paragraphs = reply.strip().split("\n\n")
    labelled = [i for i, p in enumerate(paragraphs) if any(_label_lines(p))]
    keep = {0, len(paragraphs) - 1, *labelled}
    reply = "\n\n".join(p for i, p in enumerate(paragraphs) if i in keep) + "\n"

    def sub(m: re.Match[str]) -> str:
        key = LABELS[m.group(1)]
        return f"{m.group(1)}: {values[key]}" if key in values else m.group(0)

    out = re.sub(r"^(" + "|".join(re.escape(k) for k in LABELS) + r"):[ \t]*(.*)$", sub, reply, flags=re.M)
    for old, new in prose:
        out = out.replace(old, new)
    return out


def figures(wb: Workbook) -> dict[str, object]:
    """Monthly totals and costs of a workbook as its formulas compute them."""
    ev = Evaluator(wb)
    kwh = {m: _num(ev.value("Monthly", f"E{m + 1}")) for m in range(1, 13)}
    gbp = {m: _num(ev.value("Costs", f"E{m + 1}")) for m in range(1, 13)}
    peak, dear = max(kwh, key=kwh.get), max(gbp, key=gbp.get)
    return {"kwh": kwh, "gbp": gbp, "peak": peak, "dear": dear, "annual_kwh": sum(kwh.values()),
            "annual_gbp": sum(gbp.values()), "ev": ev}


def _num(v: object) -> float:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def reply_values(f: dict[str, object], site: str, month: str, size: str) -> dict[str, str]:
    return {
        "peak": f"{MONTHS[f['peak'] - 1]} 2024",
        "peak_kwh": f"{f['kwh'][f['peak']]:,.0f} kWh",
        "dear": f"{MONTHS[f['dear'] - 1]} 2024",
        "kwh": f"{f['annual_kwh']:,.0f} kWh",
        "gbp": f"£{f['annual_gbp']:,.2f}",
        "site": site, "month": month, "size": size,
    }


def set_peak_dear(wb: Workbook, peak: str, dear: str) -> None:
    wb["Costs"]["B16"] = peak
    wb["Costs"]["B17"] = dear


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


def assert_far(found: float, want: float, rel: float, what: str) -> None:
    assert abs(found - want) > 1.5 * rel * abs(want), (what, found, want)


def with_readings(gold: Gold, factors: list[float], *, mwh: bool = False) -> tuple[Workbook, dict[str, object]]:
    """The gold workbook with each chart-read cell times its factor (rounded to 500 kWh, as a
    reader would), the Monthly values optionally rewritten in MWh; peak and dear month recomputed."""
    wb = gold.workbook()
    mon = wb["Monthly"]
    for (site, m, cell), f in zip(gold.chart_cells, factors):
        value = round(gold.kwh[(site, m)] * f / 500) * 500
        assert_far(value, gold.kwh[(site, m)], 0.04, cell)
        mon[cell] = value
    if mwh:
        for m in range(1, 13):
            for j in range(3):
                c = mon.cell(m + 1, 2 + j)
                c.value = round(c.value / 1000, 1)
    f = figures(wb)
    set_peak_dear(wb, f"{MONTHS[f['peak'] - 1]} 2024", f"{MONTHS[f['dear'] - 1]} 2024")
    return wb, f


# ----------------------------------------------------------------------------- decoys
def negated(gold: Gold, out: Path) -> None:
    """Numbers kept, every conclusion negated: the summary cells and reply lines disown each
    answer ('not July 2024'), the notes deny the chart reads, and the reply finds no anomaly."""
    wb = gold.workbook()
    g = gold.fields
    set_peak_dear(wb, f"not {g['peak']}", f"not {g['dear']}")
    for site, m, _ in gold.chart_cells:
        wb["Monthly"].cell(m + 1, 6).value = f"{site}: supplier read, not read from a chart"
    values = {k: f"not {v}" for k, v in g.items() if k not in ("site", "month", "size")}
    values.update(site=f"none (no anomaly at {g['site']})", month=f"none; {g['month']} is not anomalous",
                  size=f"none; {g['size']} is within the normal range")
    reply = relabel(gold.reply, values)
    reply += (f"\n{g['site']} shows no spike in {g['month']}: its {g['size']} reading is not an anomaly, and "
              f"{g['peak']} is not the peak month.\n")
    write(out, "negated", wb, reply)


def perturbed(gold: Gold, out: Path) -> None:
    """Each chart-read month off by 18–25 % (a misread gridline), so the July peak and the
    October cost lead move elsewhere; formulas carry the error into totals and costs. The
    anomaly is still placed at the right site and month, but its size is the misread one."""
    # factors in month order of the chart-read cells: Feb, Mar, May, Jul, Oct, Nov
    wb, f = with_readings(gold, [1.22, 0.80, 1.18, 0.80, 0.75, 0.82])
    s = gold.summary
    assert f["peak"] != s["peak"] and f["dear"] != s["dear"], (f["peak"], f["dear"])
    assert_far(f["annual_kwh"], s["annual_kwh"], 0.008, "annual kWh")
    assert_far(f["annual_gbp"], s["annual_gbp"], 0.008, "annual GBP")
    spike = next(c for site, m, c in gold.chart_cells if site == "Riverside Offices" and m == 10)
    size = wb["Monthly"][spike].value
    write(out, "perturbed", wb, relabel(gold.reply, reply_values(f, gold.fields["site"], gold.fields["month"], f"{size:,.0f} kWh")))


def hedged(gold: Gold, out: Path) -> None:
    """Each chart-read cell a range ('140,000–150,000'), the summary months and every reply
    line offered with an alternative, the anomaly 'Riverside Offices or Northgate Depot'."""
    wb = gold.workbook()
    for site, m, cell in gold.chart_cells:
        v = gold.kwh[(site, m)]
        wb["Monthly"][cell] = f"{v * 0.95:,.0f}–{v * 1.05:,.0f}"
    s = gold.summary
    second = max((m for m in s["kwh"] if m != s["peak"]), key=s["kwh"].get)
    second_dear = max((m for m in s["gbp"] if m != s["dear"]), key=s["gbp"].get)
    g = gold.fields
    set_peak_dear(wb, f"{g['peak']} or {MONTHS[second - 1]} 2024", f"{g['dear']} or {MONTHS[second_dear - 1]} 2024")
    values = {
        "peak": f"{g['peak']} or {MONTHS[second - 1]} 2024",
        "peak_kwh": f"{g['peak_kwh']} or {s['kwh'][second]:,.0f} kWh",
        "dear": f"{g['dear']} or {MONTHS[second_dear - 1]} 2024",
        "kwh": f"{g['kwh']} or {s['annual_kwh'] * 0.98:,.0f} kWh",
        "gbp": f"{g['gbp']} or £{s['annual_gbp'] * 0.98:,.2f}",
        "site": f"{g['site']} or Northgate Depot",
        "month": f"{g['month']} or September 2024",
        "size": f"{g['size']} or {float(re.sub(r'[^0-9.]', '', g['size'])) * 0.9:,.0f} kWh",
    }
    write(out, "hedged", wb, relabel(gold.reply, values))


def one_size(gold: Gold, out: Path) -> None:
    """Every missing month filled with the same flat 80,000 kWh and no anomaly anywhere
    (everything looks normal); totals, costs and the summary follow from that."""
    wb = gold.workbook()
    for site, m, cell in gold.chart_cells:
        assert_far(80000, gold.kwh[(site, m)], 0.04, cell)
        wb["Monthly"][cell] = 80000
    f = figures(wb)
    s = gold.summary
    assert f["peak"] != s["peak"] and f["dear"] != s["dear"], (f["peak"], f["dear"])
    set_peak_dear(wb, f"{MONTHS[f['peak'] - 1]} 2024", f"{MONTHS[f['dear'] - 1]} 2024")
    reply = relabel(gold.reply, reply_values(f, "none", "none", "none"))
    write(out, "one_size", wb, reply)


def stub(gold: Gold, out: Path) -> None:
    """Header rows only on Monthly and Costs; a reply that promises the figures later."""
    src = gold.workbook()
    wb = Workbook()
    wb.active.title = "Monthly"
    wb.create_sheet("Costs")
    for name in ("Monthly", "Costs"):
        wb[name].append([c.value for c in src[name][1]])
    write(out, "stub", wb, "The 2024 review workbook is set up; figures to follow once the portal export is back.\n")


def empty(gold: Gold, out: Path) -> None:
    """A zero-byte workbook and an empty reply."""
    write(out, "empty", None, "", raw=b"")


def fully_wrong(gold: Gold, out: Path) -> None:
    """Every chart read and every conclusion wrong: readings off by ±25–30 %, the whole Monthly
    sheet in MWh (so every cost formula is off by a factor of 1000), the notes naming the wrong
    sites, and the anomaly placed at Northgate Depot in February."""
    wb, f = with_readings(gold, [1.28, 0.72, 1.30, 0.70, 0.70, 1.27], mwh=True)  # Feb, Mar, May, Jul, Oct, Nov
    for m in range(1, 13):  # notes shifted: each chart-read note moves to the next site
        c = wb["Monthly"].cell(m + 1, 6)
        if c.value:
            c.value = "Read from dashboard chart: " + ", ".join(
                SITES[(SITES.index(s) + 1) % 3] for s in SITES if s.lower() in c.value.lower())
    s = gold.summary
    assert f["peak"] != s["peak"] and f["dear"] != s["dear"], (f["peak"], f["dear"])
    reply = relabel(gold.reply, reply_values(f, "Northgate Depot", "February 2024", "40,000 kWh"))
    write(out, "fully_wrong", wb, reply)


def hedged_units(gold: Gold, out: Path) -> None:
    """The workbook right; the reply's kWh figures offered with an alternative that carries the
    unit on both or only on the last number ('549,000 or 457,500 kWh', '4,752,500 kWh /
    4,657,450 kWh', '118 MWh or 94 MWh'): the right value sits among the candidates."""
    s, g = gold.summary, gold.fields
    peak_kwh = s["kwh"][s["peak"]]
    size = float(re.sub(r"[^0-9.]", "", g["size"]))
    alt_peak, alt_kwh, alt_size = peak_kwh * 1.2, s["annual_kwh"] * 0.98, size * 0.8
    assert_far(alt_peak, peak_kwh, 0.03, "peak kWh")
    assert_far(alt_kwh, s["annual_kwh"], 0.008, "annual kWh")
    assert_far(alt_size, size, 0.05, "anomaly size")
    values = {
        "peak_kwh": f"{alt_peak:,.0f} or {peak_kwh:,.0f} kWh",
        "kwh": f"{s['annual_kwh']:,.0f} kWh / {alt_kwh:,.0f} kWh",
        "size": f"{size / 1000:,.0f} MWh or {alt_size / 1000:,.0f} MWh",
    }
    write(out, "hedged_units", gold.workbook(), relabel(gold.reply, values))


def right_in_context(gold: Gold, out: Path) -> None:
    """Riverside's October spike dismissed as a logger fault and interpolated (the mean of its
    September and November), so October is no longer dearest and the anomaly goes to another
    site; each committed answer is the resulting wrong one, with the right one only in a
    bracket ('July 2024 (October 2024 if the Riverside spike is real)'): context must not rescue it."""
    site, month, cell = next((s_, m, c) for s_, m, c in gold.chart_cells if s_ == gold.fields["site"] and f"{MONTHS[m - 1]} 2024" == gold.fields["month"])
    j = SITES.index(site)
    wb = gold.workbook()
    mon = wb["Monthly"]
    interpolated = round((gold.kwh[(site, month - 1)] + gold.kwh[(site, month + 1)]) / 2 / 250) * 250
    assert_far(interpolated, gold.kwh[(site, month)], 0.05, cell)
    mon[cell] = interpolated
    mon.cell(month + 1, 6).value = f"{site}: interpolated between its neighbouring months (the dashboard spike looks like a logger fault)"
    f, s, g = figures(wb), gold.summary, gold.fields
    assert f["dear"] != s["dear"], f["dear"]
    # one interpolated month moves the annual figures by about 1 %: outside the rubric's ±0.8 % (margin 1.1x)
    assert_far(f["annual_kwh"], s["annual_kwh"], 0.006, "annual kWh")
    assert_far(f["annual_gbp"], s["annual_gbp"], 0.006, "annual GBP")
    dear = f"{MONTHS[f['dear'] - 1]} 2024"
    set_peak_dear(wb, f"{MONTHS[f['peak'] - 1]} 2024", f"{dear} ({g['dear']} if the {site} spike is real)")
    other = SITES[(j + 1) % 3]
    values = reply_values(f, f"{other} ({site}' {g['month']} spike treated as a logger fault)",
                          f"{MONTHS[month - 2]} 2024 ({g['month']} on the {site} chart)", f"{interpolated:,.0f} kWh")
    values["dear"] = f"{dear} ({g['dear']} if the {site} spike is real)"
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
