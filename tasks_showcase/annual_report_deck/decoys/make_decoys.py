"""Build the decoys of annual_report_deck from the gold deck, by transformation.

Each decoy is a plausible wrong submission: gold/investor_deck.pptx with its text runs (slide
text, table cells, speaker notes) rewritten in place and the segment chart's data replaced,
plus the gold final reply rewritten the same way. The chart readings are taken from what the
gold deck prints (segment table, key-figures table, peer table), so the decoys follow the gold
when it changes; only the kind of error is fixed here (which readings are off, by how much,
how a hedge or a negation is phrased). Deterministic: no randomness.

Run inside the sandbox image:
    python3 make_decoys.py --gold /task/gold --out /out
writes /out/<decoy>/final_reply.md and /out/<decoy>/deliverables/investor_deck.pptx.
"""

from __future__ import annotations

import argparse
import re
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pptx import Presentation
from pptx.chart.data import CategoryChartData

DELIVERABLE = "investor_deck.pptx"
# How the perturbed reading is off: each bar by a believable 15-30 %, the margin line
# lower (so the rank changes), the peak two ticks early.
BAR_FACTOR = {"Industrial Automation": 0.82, "Energy Systems": 1.23, "Digital Services": 0.79}
FY23_FACTOR, MARGIN_FACTOR, MARGIN23_FACTOR, PEAK_FACTOR, PEAK_SHIFT = 0.93, 0.73, 0.80, 0.93, -2


@dataclass
class Facts:
    """The chart readings and derived figures as the gold deck prints them."""
    segments: dict[str, int]
    group: int
    group23: int
    margin: float
    margin23: float
    peak: float
    peak_year: int
    rank: int
    peers: dict[str, float]  # peer name -> margin (Aldermoor excluded)

    @property
    def shares(self) -> dict[str, float]:
        return {k: 100 * v / self.group for k, v in self.segments.items()}

    @property
    def growth(self) -> float:
        return 100 * (self.group / self.group23 - 1)

    @property
    def median(self) -> float:
        return statistics.median(self.peers.values())


def runs(prs) -> Iterator:
    """Every text run of the deck: shapes (groups included), table cells, speaker notes."""
    def shapes(coll):
        for sh in coll:
            yield sh
            if sh.shape_type == 6:
                yield from shapes(sh.shapes)
    for slide in prs.slides:
        frames = []
        for sh in shapes(slide.shapes):
            if sh.has_text_frame:
                frames.append(sh.text_frame)
            if getattr(sh, "has_table", False) and sh.has_table:
                frames += [c.text_frame for row in sh.table.rows for c in row.cells]
        if slide.has_notes_slide:
            frames.append(slide.notes_slide.notes_text_frame)
        for tf in frames:
            for p in tf.paragraphs:
                yield from p.runs


def table_rows(prs, slide_no: int) -> list[list[str]]:
    for sh in prs.slides[slide_no - 1].shapes:
        if getattr(sh, "has_table", False) and sh.has_table:
            return [[c.text for c in row.cells] for row in sh.table.rows]
    raise SystemExit(f"gold deck: no table on slide {slide_no}")


def money(text: str) -> int:
    return int(float(re.sub(r"[^\d.]", "", text)))


def read_facts(prs) -> Facts:
    seg = {r[0]: money(r[1]) for r in table_rows(prs, 3)[1:] if r[0] != "Group"}
    kf = {r[0]: r[1:] for r in table_rows(prs, 2)}
    peak = re.search(r"([\d.]+)% in (\d{4})", kf["Margin peak (ten-year record)"][0])
    peers = {r[0]: float(r[2].rstrip("%")) for r in table_rows(prs, 4)[1:] if not r[0].startswith("Aldermoor")}
    rank = int(re.search(r"Rank (\d) of 5", " ".join(r.text for r in runs(prs))).group(1))
    return Facts(seg, money(kf["Group revenue"][0]), money(kf["Group revenue"][1]), float(kf["Operating margin"][0].rstrip("%")),
                 float(kf["Operating margin"][1].rstrip("%")), float(peak.group(1)), int(peak.group(2)), rank, peers)


def perturb(f: Facts) -> Facts:
    seg = {k: round(v * BAR_FACTOR[k]) for k, v in f.segments.items()}
    margin = round(f.margin * MARGIN_FACTOR, 1)
    rank = 1 + sum(m > margin for m in f.peers.values())
    return Facts(seg, sum(seg.values()), round(f.group23 * FY23_FACTOR), margin, round(f.margin23 * MARGIN23_FACTOR, 1),
                 round(f.peak * PEAK_FACTOR, 1), f.peak_year + PEAK_SHIFT, rank, f.peers)


def strings(f: Facts) -> dict[str, str]:
    """Every printed form of a chart-derived figure, keyed by a stable name."""
    out = {f"seg:{k}": f"€{v}m" for k, v in f.segments.items()}
    out |= {f"share:{k}": f"{v:.1f}%" for k, v in f.shares.items()}
    out |= {"group": f"€{f.group}m", "group23": f"€{f.group23}m", "growth": f"{f.growth:.1f}%", "margin": f"{f.margin:.1f}%",
            "margin23": f"{f.margin23:.1f}%", "peak": f"{f.peak:.1f}%", "peak_year": f"{f.peak_year}",
            "rank": f"Rank {f.rank} of 5", "gap": f"{abs(f.peak - f.margin):.1f} pp below",
            "vs_median": f"{abs(f.margin - f.median):.1f} pp {'above' if f.margin >= f.median else 'below'}"}
    return out


def mapper(old: dict[str, str], new: dict[str, str]) -> Callable[[str], str]:
    """A rewrite that replaces each old printed figure by its counterpart in one pass (so a
    new value is never rewritten again), matching whole numbers only."""
    table = {old[k]: new[k] for k in old if k in new and old[k] != new[k]}
    if not table:
        return lambda s: s
    pattern = re.compile("|".join(rf"(?<![\d.]){re.escape(k)}(?![\d])" for k in sorted(table, key=len, reverse=True)))
    return lambda s: pattern.sub(lambda m: table[m.group(0)], s)


def rewrite(prs, fn: Callable[[str], str]) -> None:
    for run in runs(prs):
        new = fn(run.text)
        if new != run.text:
            run.text = new


def set_chart(prs, values: dict[str, float]) -> None:
    for sh in prs.slides[2].shapes:
        if getattr(sh, "has_chart", False) and sh.has_chart:
            data = CategoryChartData()
            data.categories = list(values)
            data.add_series(sh.chart.plots[0].series[0].name, list(values.values()))
            sh.chart.replace_data(data)


def save(out: Path, name: str, prs, reply: str) -> None:
    folder = out / name / "deliverables"
    folder.mkdir(parents=True, exist_ok=True)
    prs.save(folder / DELIVERABLE)
    (out / name / "final_reply.md").write_text(reply, encoding="utf-8")


# -- the decoys -------------------------------------------------------------------------------

def perturbed(gold: Path, reply: str) -> tuple[object, str]:
    """Every chart reading off by a believable amount; group, shares, growth, rank and the
    gaps recomputed from the wrong readings, so the deck stays internally consistent."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    g = perturb(f)
    fn = mapper(strings(f), strings(g))
    rewrite(prs, fn)
    set_chart(prs, g.segments)
    return prs, fn(reply)


def hedged(gold: Path, reply: str) -> tuple[object, str]:
    """Each chart reading given as two candidates, the right one and the perturbed one
    ("€412m or €338m", "2021 or 2019", "Rank 3 or 4 of 5")."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    old, alt = strings(f), strings(perturb(f))
    both = {k: f"{old[k]} or {alt[k]}" for k in old if not k.startswith(("gap", "vs_"))}
    both["rank"] = f"Rank {f.rank} or {perturb(f).rank} of 5"
    fn = mapper(old, both)
    rewrite(prs, fn)
    return prs, fn(reply) + "\nThe charts have no data labels, so each figure above is one of two plausible readings.\n"


NEGATIONS = [  # (pattern, replacement): each conclusion turned round, numbers kept
    (r"The margin peaked at ([\d.]+)% in (\d{4}) and has eased every year since",
     r"The margin did not peak at \1% in \2 and has not eased since"),
    (r"(\d+\.\d)% in (\d{4})", r"\1%, not reached in \2"),
    (r"Margin ([\d.]+) pp below its (\d{4}) peak; third year of decline", r"Margin did not peak in \2; no decline, \1 pp gap closed"),
    (r"Rank (\d) of 5, ([\d.]+) pp above", r"not Rank \1 of 5, \2 pp below"),
    (r"Revenue up ([\d.]+)% with growth in all three segments", r"Revenue not up \1%; no growth in the three segments"),
    (r"^\u2022 (Currency|Customer concentration|Input-cost inflation|Cyber security): ", "\u2022 \\1: not a principal risk any more; "),
    (r"^(- )?Margin peak year: (\d{4})$", r"\1Margin peak year: not \2 (the record has no clear peak)"),
    (r"^(- )?Margin rank: Rank (\d) of 5$", r"\1Margin rank: not Rank \2 of 5"),
]


def negated(gold: Path, reply: str) -> tuple[object, str]:
    """The conclusions turned round with every number kept: the peak year denied, the rank
    denied, the trend and the position against the median reversed, each reported risk
    declared no longer a principal risk."""
    prs = Presentation(gold / DELIVERABLE)

    def fn(s: str) -> str:
        for pat, rep in NEGATIONS:
            s = re.sub(pat, rep, s, flags=re.M)
        return s
    rewrite(prs, fn)
    return prs, fn(reply)


def one_size(gold: Path, reply: str) -> tuple[object, str]:
    """The same answer everywhere: the three segments equal (a third of group revenue each,
    33.3 %), Aldermoor's margin equal to the peer median."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    third = round(f.group / 3)
    g = Facts({k: third for k in f.segments}, f.group, f.group23, round(f.median, 1), f.margin23, f.peak, f.peak_year,
              1 + sum(m > f.median for m in f.peers.values()), f.peers)
    old, new = strings(f), strings(g)
    new["group"], new["growth"] = old["group"], old["growth"]  # the group total stays as read
    fn = mapper(old, new)
    rewrite(prs, fn)
    set_chart(prs, g.segments)
    return prs, fn(reply)


def stub(gold: Path, reply: str) -> tuple[object, str]:
    """The five slide titles and nothing else: bodies, tables, chart and notes removed."""
    prs = Presentation(gold / DELIVERABLE)
    for slide in prs.slides:
        for sh in list(slide.shapes):
            if sh != slide.shapes.title:
                sh._element.getparent().remove(sh._element)
        if slide.has_notes_slide:
            slide.notes_slide.notes_text_frame.text = ""
    return prs, "investor_deck.pptx is ready.\n"


def empty(gold: Path, reply: str) -> tuple[object, str]:
    """A presentation without slides and an empty reply."""
    prs = Presentation(gold / DELIVERABLE)
    ids = prs.slides._sldIdLst
    for sld in list(ids):
        prs.part.drop_rel(sld.rId)
        ids.remove(sld)
    return prs, ""


# What the solid (adjusted) line of Figure 2 shows, for a reader who takes it for the reported one:
# FY2024 15.1 %, FY2023 15.9 %, peak 15.9 % in 2023 (the input's fixed second series, not a perturbation).
ADJUSTED_2024, ADJUSTED_2023, ADJUSTED_PEAK, ADJUSTED_PEAK_YEAR = 15.1, 15.9, 15.9, 2023


def wrong_series(gold: Path, reply: str) -> tuple[object, str]:
    """The margin read from the wrong line of Figure 2 (the solid adjusted series, same colour
    as the dashed reported one): FY2024 margin, FY2023 margin, peak and peak year, rank and gaps
    recomputed; the segment readings kept."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    g = Facts(f.segments, f.group, f.group23, ADJUSTED_2024, ADJUSTED_2023, ADJUSTED_PEAK, ADJUSTED_PEAK_YEAR,
              1 + sum(m > ADJUSTED_2024 for m in f.peers.values()), f.peers)
    fn = mapper(strings(f), strings(g))
    rewrite(prs, fn)
    return prs, fn(reply)


def wrong_hatch(gold: Path, reply: str) -> tuple[object, str]:
    """Two hatch patterns of Figure 1 confused (dots and cross-hatch): the Energy Systems and
    Digital Services readings swapped, shares and the chart recomputed; group, margin kept."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    seg = dict(f.segments)
    seg["Energy Systems"], seg["Digital Services"] = f.segments["Digital Services"], f.segments["Energy Systems"]
    g = Facts(seg, f.group, f.group23, f.margin, f.margin23, f.peak, f.peak_year, f.rank, f.peers)
    fn = mapper(strings(f), strings(g))
    rewrite(prs, fn)
    set_chart(prs, g.segments)
    return prs, fn(reply)


OTHER_PEERS = ["Halvorsen", "Marlowe", "Tessaro", "Rydberg"]  # not the peer sheet's companies
WRONG_RISKS = ["Interest rates: higher refinancing cost on the revolving facility",
               "Pandemic disruption: site closures and travel restrictions",
               "Regulation: new EU machinery directive compliance cost",
               "Talent: shortage of software engineers in Digital Services"]


def fully_wrong(gold: Path, reply: str) -> tuple[object, str]:
    """Every chart reading wrong (as perturbed) and every conclusion wrong (as negated), plus
    the text facts corrupted: operating profit, peer margins and median, peer names, risks."""
    prs, text = perturbed(gold, reply)
    f = read_facts(Presentation(gold / DELIVERABLE))
    peer_names = {name.split()[0]: other for name, other in zip(f.peers, OTHER_PEERS)}

    def wrong(s: str) -> str:
        for pat, rep in NEGATIONS:
            s = re.sub(pat, rep, s, flags=re.M)
        s = re.sub(r"€(\d+)\.(\d)m", lambda m: f"€{int(m.group(1)) - 12}.{m.group(2)}m", s)  # operating profit
        s = re.sub(r"(?<![\d.])(8\.7|9\.9|11\.9|13\.9|15\.3)%", lambda m: f"{float(m.group(1)) - 1.3:.1f}%", s)
        for old, new in peer_names.items():
            s = s.replace(old, new)
        return s
    rewrite(prs, wrong)
    risk_runs = [r for sh in prs.slides[4].shapes if sh.has_text_frame for p in sh.text_frame.paragraphs
                 for r in p.runs if r.text.startswith("\u2022 ")]
    for run, risk in zip(risk_runs, WRONG_RISKS):
        run.text = "\u2022 " + risk
    return prs, wrong(text)


def superseded(gold: Path, reply: str) -> tuple[object, str]:
    """The perturbed readings committed, each next to the right one marked as rejected: "€338m
    (not €412m)", "2019 (not 2021)", "Rank 4 of 5 (not Rank 3 of 5)" in the deck, "(revised
    from €412m)" in the reply. The right figure is present everywhere, but only as a value the
    answer says it is not: a grader must read the committed one."""
    prs = Presentation(gold / DELIVERABLE)
    f = read_facts(prs)
    old, new = strings(f), strings(perturb(f))
    plain = ("gap", "vs_median")  # derived wording, recomputed without a marker
    keys = [k for k in old if old[k] != new[k]]

    def marked(how: str) -> dict[str, str]:
        return {k: new[k] if k in plain else f"{new[k]} ({how} {old[k]})" for k in keys}
    rewrite(prs, mapper({k: old[k] for k in keys}, marked("not")))
    set_chart(prs, perturb(f).segments)
    return prs, mapper({k: old[k] for k in keys}, marked("revised from"))(reply)


# The same denials written as prose after the risk's name (a copula + negation, or a "not material" adjective).
RISK_DENIALS = {
    "Currency": "\u2022 Currency is no longer a principal risk: ",
    "Customer concentration": "\u2022 Customer concentration: considered immaterial now; ",
    "Input-cost inflation": "\u2022 Input-cost inflation is not considered a principal risk any more; ",
    "Cyber security": "\u2022 Cyber security: negligible; ",
}


def negated_prose(gold: Path, reply: str) -> tuple[object, str]:
    """As negated, with each risk denied in prose after its name ("Currency is no longer a
    principal risk: ...", "Customer concentration: considered immaterial now; ...") instead of
    a comment that opens with the denial."""
    prs = Presentation(gold / DELIVERABLE)
    risk = re.compile(r"^\u2022 (Currency|Customer concentration|Input-cost inflation|Cyber security): ")

    def fn(s: str) -> str:
        if risk.match(s):
            return risk.sub(lambda m: RISK_DENIALS[m.group(1)], s)
        for pat, rep in NEGATIONS:
            s = re.sub(pat, rep, s, flags=re.M)
        return s
    rewrite(prs, fn)
    return prs, fn(reply)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    reply = (args.gold / "final_reply.md").read_text(encoding="utf-8")
    for name, build in (("negated", negated), ("perturbed", perturbed), ("hedged", hedged), ("one_size", one_size),
                        ("stub", stub), ("empty", empty), ("fully_wrong", fully_wrong), ("wrong_series", wrong_series),
                        ("wrong_hatch", wrong_hatch), ("superseded", superseded),
                        ("negated_prose", negated_prose)):
        prs, text = build(args.gold, reply)
        save(args.out, name, prs, text)


if __name__ == "__main__":
    main()
