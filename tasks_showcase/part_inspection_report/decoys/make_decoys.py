"""Build the decoys of part_inspection_report from the gold report, by transformation.

Each decoy is a plausible wrong submission: the gold inspection_report.pdf with some spans
redacted and re-typed in place (PyMuPDF redaction without fill, then insert_text at the
span's origin in the same Helvetica face and size; a Result cell whose verdict flips gets
the other background colour), plus the gold final reply rewritten the same way. Everything
is derived from what the gold report prints (its table rows, nonconforming lines, header
block), so the decoys follow the gold when it changes. Deterministic: no randomness.

Run inside the sandbox image:
    python3 make_decoys.py --gold /task/gold --out /out
writes /out/<decoy>/final_reply.md and /out/<decoy>/deliverables/inspection_report.pdf.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path

import fitz

DELIVERABLE = "inspection_report.pdf"
# Tolerances only the drawing gives (QP-114 restates F03 and F08): what a misreading changes.
DRAWING_ONLY = ("F01", "F02", "F04", "F05", "F06", "F07", "F09")
# A plausible misreading of each drawing-only tolerance: (new tolerance text, lower offset, upper offset).
# Symmetric ones are read too wide, the H7 bore as a symmetric band, geometric frames one step up.
MISREAD = {
    "F01": ("±0.15", -0.15, 0.15),
    "F02": ("±0.030", -0.030, 0.030),
    "F04": ("±0.15", -0.15, 0.15),
    "F05": ("±0.08", -0.08, 0.08),
    "F06": ("+0.20/0", 0.0, 0.20),
    "F07": ("Ø0.25 A|B", 0.0, 0.25),
    "F09": ("Ø0.04 A", 0.0, 0.04),
    # only the fully wrong decoy also corrupts the two tolerances QP-114 restates
    "F03": ("±0.08", -0.08, 0.08),
    "F08": ("0.08", 0.0, 0.08),
}
PASS_BG, FAIL_BG = (0.831, 0.929, 0.855), (0.973, 0.843, 0.855)  # the gold's #d4edda / #f8d7da


@dataclass
class Span:
    text: str
    bbox: fitz.Rect
    origin: fitz.Point
    size: float
    bold: bool
    color: tuple[float, float, float]
    page: int


@dataclass
class Row:
    """One table row: Feature ID, Characteristic, Nominal, Tolerance, Lower, Upper, Min, Max, Result."""
    spans: list[Span]

    @property
    def fid(self) -> str:
        return self.spans[0].text

    def num(self, col: int) -> float:
        return float(self.spans[col].text)


@dataclass
class Report:
    doc: fitz.Document
    spans: list[Span]
    rows: dict[str, Row]
    nc_lines: list[tuple[Span, Span]]  # (bold serial, the rest of the line)
    edits: list[tuple[Span, str | None, dict]] = field(default_factory=list)

    def find(self, pattern: str) -> Span:
        for s in self.spans:
            if re.search(pattern, s.text):
                return s
        raise SystemExit(f"gold report has no span matching {pattern!r}")

    def set(self, span: Span, text: str | None, **opts) -> None:
        self.edits.append((span, text, opts))

    def sub(self, pattern: str, repl: str) -> None:
        """Rewrite the first span matching `pattern` with re.sub."""
        span = self.find(pattern)
        self.set(span, re.sub(pattern, repl, span.text))


def _color(c: int) -> tuple[float, float, float]:
    return ((c >> 16) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255)


def read_report(path: Path) -> Report:
    doc = fitz.open(str(path))
    spans: list[Span] = []
    for pno, page in enumerate(doc):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for s in line["spans"]:
                    if s["text"].strip():
                        spans.append(Span(s["text"], fitz.Rect(s["bbox"]), fitz.Point(s["origin"]), s["size"],
                                          "Bold" in s["font"], _color(s["color"]), pno))
    rows: dict[str, Row] = {}
    for s in spans:
        if re.fullmatch(r"F0[1-9]", s.text):
            same = sorted((t for t in spans if t.page == s.page and abs(t.origin.y - s.origin.y) < 1), key=lambda t: t.origin.x)
            if len(same) == 9:
                rows[s.text] = Row(same)
    nc = []
    for i, s in enumerate(spans[:-1]):
        if s.bold and re.fullmatch(r"\d{2}-\d{4}", s.text) and spans[i + 1].text.startswith(":"):
            nc.append((s, spans[i + 1]))
    assert len(rows) == 9 and nc, "gold report layout not recognised"
    return Report(doc, spans, rows, nc)


def save(rep: Report, out: Path) -> None:
    """Rebuild the report with the edits applied: every page of the gold redrawn from its
    extracted vector paths (a Result cell whose verdict changed gets the other fill), every
    text span re-typed at its origin in the same Helvetica face, size and colour, in reading
    order (top to bottom, left to right) so the text layer reads like a freshly made PDF."""
    edits = {id(span): (text, opts) for span, text, opts in rep.edits}
    recolour = {}
    for span, text, opts in rep.edits:
        if text and opts.get("bg"):
            recolour[(span.page, round(span.bbox.x0), round(span.bbox.y0))] = ((span.bbox.tl + span.bbox.br) / 2, opts["bg"])
    new = fitz.open()
    for pno, page in enumerate(rep.doc):
        target = new.new_page(width=page.rect.width, height=page.rect.height)
        shape = target.new_shape()
        for path in page.get_drawings():
            fill = path.get("fill")
            if fill is not None:
                for (p, _, _), (centre, colour) in recolour.items():
                    if p == pno and path["rect"].contains(centre) and path["rect"].width < 120:
                        fill = colour
            for item in path["items"]:
                if item[0] == "l":
                    shape.draw_line(item[1], item[2])
                elif item[0] == "re":
                    shape.draw_rect(item[1])
                elif item[0] == "qu":
                    shape.draw_quad(item[1])
                elif item[0] == "c":
                    shape.draw_bezier(item[1], item[2], item[3], item[4])
            shape.finish(fill=fill, color=path.get("color"), width=path.get("width") or 0,
                         closePath=bool(path.get("closePath")), even_odd=bool(path.get("even_odd")))
        shape.commit()
        spans = sorted((s for s in rep.spans if s.page == pno), key=lambda s: (round(s.origin.y, 1), s.origin.x))
        shift, prev = 0.0, None
        for span in spans:
            text, opts = edits.get(id(span), (span.text, {}))
            font = "hebo" if span.bold else "helv"
            size = opts.get("size", span.size)
            # a span that continues the previous one on its line (running text, not a table
            # cell) moves by however much the edits before it grew or shrank the line
            flowing = prev is not None and abs(prev.origin.y - span.origin.y) < 0.5 and abs(prev.bbox.x1 - span.bbox.x0) < 0.6
            shift = shift if flowing else 0.0
            prev = span
            old_w = fitz.get_text_length(span.text, fontname=font, fontsize=span.size)
            new_w = fitz.get_text_length(text, fontname=font, fontsize=size) if text else 0.0
            x = span.origin.x + shift
            shift += new_w - old_w
            if not text:
                continue
            if opts.get("right"):
                x = span.bbox.x1 - fitz.get_text_length(text, fontname=font, fontsize=size)
            text = text.replace("\u2013", "-")  # base-14 Helvetica as inserted here has no en dash
            target.insert_text(fitz.Point(x, span.origin.y), text, fontname=font, fontsize=size, color=span.color)
    new.set_metadata(rep.doc.metadata)
    new.save(str(out), garbage=3, deflate=True)


def fmt(x: float) -> str:
    return f"{x:.3f}"


def nominal(row: Row) -> float:
    return float(re.sub(r"[^\d.]", "", row.spans[2].text) or 0)


def flip(word: str) -> str:
    return {"PASS": "FAIL", "FAIL": "PASS"}[word]


def set_result(rep: Report, row: Row, result: str) -> None:
    rep.set(row.spans[8], result, bg=PASS_BG if result == "PASS" else FAIL_BG)


def misread_limits(rep: Report, features) -> dict[str, tuple[float, float]]:
    """Re-type tolerance and limits of `features` as MISREAD says; returns the new limits."""
    limits = {}
    for fid in features:
        row = rep.rows[fid]
        tol, lo_off, hi_off = MISREAD[fid]
        nom = nominal(row)
        lo, hi = (nom + lo_off, nom + hi_off) if nom else (0.0, hi_off)
        rep.set(row.spans[3], tol)
        rep.set(row.spans[4], fmt(lo), right=True)
        rep.set(row.spans[5], fmt(hi), right=True)
        limits[fid] = (lo, hi)
    return limits


def hole_count(rep: Report) -> int:
    return int(re.search(r"(\d+) holes", rep.find(r"Bolt pattern: \d+ holes").text).group(1))


def write(out: Path, name: str, rep: Report | None, reply: str, blank: bool = False) -> None:
    folder = out / name / "deliverables"
    folder.mkdir(parents=True, exist_ok=True)
    if blank:
        doc = fitz.open()
        doc.new_page(width=595.28, height=841.89)
        doc.save(str(folder / DELIVERABLE))
    else:
        save(rep, folder / DELIVERABLE)
    (out / name / "final_reply.md").write_text(reply, encoding="utf-8")


def reply_lines(gold_reply: str) -> dict[str, str]:
    """The gold reply's labelled lines ('- Label: value'), by label."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^- ([^:\n]+): (.*)$", gold_reply, re.M)}


def compose_reply(head: str, fields: dict[str, str]) -> str:
    return head + "\n\n" + "".join(f"- {k}: {v}\n" for k, v in fields.items())


# -- the decoys -------------------------------------------------------------------------------

def negated(gold: Path, reply: str) -> tuple[Report, str]:
    """Every conclusion negated, every number kept: results flipped, the nonconforming lines
    say the limit is not violated, the summary counts nonconforming instead, the lot accepted."""
    rep = read_report(gold / DELIVERABLE)
    for row in rep.rows.values():
        set_result(rep, row, flip(row.spans[8].text))
    for _, rest in rep.nc_lines:
        rep.set(rest, rest.text.replace(" < lower", ", not below lower").replace(" > upper", ", not above upper")
                .replace(": FAIL", ": PASS"))
    rep.sub(r"^Conforming parts:", "Nonconforming parts:")
    rep.sub(r"Lot disposition: REJECT", "Lot disposition: ACCEPT")
    rep.sub(r"^\. Critical characteristics failed on", ". No critical characteristic failed on")
    f = reply_lines(reply)
    f["Nonconforming parts"] = "none; " + f["Nonconforming parts"] + " were re-checked and are not out of tolerance"
    f["Lot disposition"] = "ACCEPT (no critical characteristic failed)"
    f.pop("Reasons", None)
    return rep, compose_reply("inspection_report.pdf is ready.", f)


def perturbed(gold: Path, reply: str, corrupt_all: bool = False) -> tuple[Report, str]:
    """The drawing misread: tolerances plausibly off, material C35, two holes fewer; results,
    nonconforming lines, count and disposition recomputed consistently from the misreading."""
    rep = read_report(gold / DELIVERABLE)
    features = tuple(MISREAD) if corrupt_all else DRAWING_ONLY
    limits = misread_limits(rep, features)
    serials_failing: dict[str, list] = {}
    kept_c = set()
    for serial, rest in rep.nc_lines:
        fid = re.search(r"F0\d", rest.text).group(0)
        value = float(re.search(r"measured ([\d.]+)", rest.text).group(1))
        lo, hi = limits.get(fid, (rep.rows[fid].num(4), rep.rows[fid].num(5)))
        if lo <= value <= hi:
            rep.set(serial, None)
            rep.set(rest, None)
        else:
            limit = lo if value < lo else hi
            rep.set(rest, re.sub(r"limit [\d.]+", f"limit {fmt(limit)}", rest.text))
            serials_failing.setdefault(serial.text, []).append(fid)
            if "class C" in rest.text:
                kept_c.add(fid)
    for fid, row in rep.rows.items():
        lo, hi = limits.get(fid, (row.num(4), row.num(5)))
        result = "PASS" if lo <= row.num(6) and row.num(7) <= hi else "FAIL"
        if result != row.spans[8].text:
            set_result(rep, row, result)
    n = hole_count(rep)
    rep.sub(r"\d+ holes", f"{n - 2} holes")
    rep.sub(r"\(\d+×\)", f"({n - 2}×)")
    rep.sub(r"^ Ø[\d.]+ \S+", f" Ø{nominal(rep.rows['F06']):.2f} {MISREAD['F06'][0]}")
    rep.sub(r"C45 \(1\.0503\)", "C35 (1.0501)")
    total = int(re.search(r"of (\d+)", rep.find(r"^Conforming parts:").text).group(1))
    conforming = total - len(serials_failing)
    rep.sub(r"\d+ of \d+", f"{conforming} of {total}")
    verdict = "REJECT" if kept_c else ("HOLD" if serials_failing else "ACCEPT")
    rep.sub(r"Lot disposition: \w+", f"Lot disposition: {verdict}")
    crit = sorted(kept_c)
    rep.sub(r"failed on \d+ sample\(s\) \([^)]*\)", f"failed on {len(crit)} sample(s) ({', '.join(crit) or 'none'})")
    f = reply_lines(reply)
    f["Nonconforming parts"] = ", ".join(sorted(serials_failing)) or "none"
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{conforming} of {total}"
    f["Bolt pattern"] = f"{n - 2} holes (counted on the drawing)"
    f["Lot disposition"] = verdict
    return rep, compose_reply("inspection_report.pdf is ready.", f)


# The printed tolerance under the approved redline (ECR-2291), for a reader who misses the handwriting.
STRUCK = {"F01": ("±0.10", -0.10, 0.10), "F04": ("±0.10", -0.10, 0.10)}


def struck_print(gold: Path, reply: str) -> tuple[Report, str]:
    """The handwritten redline missed: F01 and F04 inspected against the struck-through printed
    ±0.10; results, nonconforming lines, count and the reply recomputed consistently."""
    rep = read_report(gold / DELIVERABLE)
    limits = {}
    for fid, (tol, lo_off, hi_off) in STRUCK.items():
        row = rep.rows[fid]
        nom = nominal(row)
        limits[fid] = (nom + lo_off, nom + hi_off)
        rep.set(row.spans[3], tol)
        rep.set(row.spans[4], fmt(limits[fid][0]), right=True)
        rep.set(row.spans[5], fmt(limits[fid][1]), right=True)
        result = "PASS" if limits[fid][0] <= row.num(6) and row.num(7) <= limits[fid][1] else "FAIL"
        if result != row.spans[8].text:
            set_result(rep, row, result)
    failing = set()
    for serial, rest in rep.nc_lines:
        fid = re.search(r"F0\d", rest.text).group(0)
        value = float(re.search(r"measured ([\d.]+)", rest.text).group(1))
        lo, hi = limits.get(fid, (rep.rows[fid].num(4), rep.rows[fid].num(5)))
        if lo <= value <= hi:
            rep.set(serial, None)
            rep.set(rest, None)
        else:
            failing.add(serial.text)
    total = int(re.search(r"of (\d+)", rep.find(r"^Conforming parts:").text).group(1))
    rep.sub(r"\d+ of \d+", f"{total - len(failing)} of {total}")
    f = reply_lines(reply)
    f["Nonconforming parts"] = ", ".join(sorted(failing))
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{total - len(failing)} of {total}"
    return rep, compose_reply("inspection_report.pdf is ready.", f)


def hedged(gold: Path, reply: str) -> tuple[Report, str]:
    """Two candidates wherever the drawing had to be read: each drawing-only limit as
    'gold/misread', the drawing-dependent verdicts 'PASS/FAIL', hole count, material, count
    and disposition with an alternative."""
    rep = read_report(gold / DELIVERABLE)
    for fid in DRAWING_ONLY:
        row = rep.rows[fid]
        _, lo_off, hi_off = MISREAD[fid]
        nom = nominal(row)
        alt_hi = nom + hi_off if nom else hi_off
        rep.set(row.spans[5], f"{row.spans[5].text}/{fmt(alt_hi)}", right=True, size=5.5)
        if nom and lo_off:
            rep.set(row.spans[4], f"{row.spans[4].text}/{fmt(nom + lo_off)}", right=True, size=5.5)
    for fid in ("F01", "F02", "F04", "F05", "F07"):
        rep.set(rep.rows[fid].spans[8], "PASS/FAIL", size=6)
    for _, rest in rep.nc_lines:
        if not re.search(r"F03", rest.text):
            rep.set(rest, rest.text.replace(": FAIL", ": FAIL or PASS"))
    n = hole_count(rep)
    rep.sub(r"\d+ holes", f"{n} or {n - 2} holes")
    rep.sub(r"C45 \(1\.0503\)", "C45 (1.0503) or C35")
    m = re.search(r"(\d+) of (\d+)", rep.find(r"^Conforming parts:").text)
    rep.sub(r"\d+ of \d+", f"{m.group(1)} or {int(m.group(2)) - 1} of {m.group(2)}")
    rep.sub(r"Lot disposition: REJECT", "Lot disposition: REJECT or HOLD")
    f = reply_lines(reply)
    serials = f["Nonconforming parts"].split(", ")
    f["Nonconforming parts"] = f"{serials[0]}, possibly also {', '.join(serials[1:])}"
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{m.group(1)} or {int(m.group(2)) - 1} of {m.group(2)}"
    f["Bolt pattern"] = f"{n} or {n - 2} holes"
    f["Lot disposition"] = "REJECT or HOLD, depending on the drawing tolerances"
    return rep, compose_reply("inspection_report.pdf is ready; some drawing values were hard to read.", f)


def one_size(gold: Path, reply: str) -> tuple[Report, str]:
    """Everything passes: every Result PASS, no nonconforming part, all 10 conform, ACCEPT."""
    rep = read_report(gold / DELIVERABLE)
    for row in rep.rows.values():
        if row.spans[8].text != "PASS":
            set_result(rep, row, "PASS")
    for i, (serial, rest) in enumerate(rep.nc_lines):
        rep.set(serial, "None" if i == 0 else None)
        rep.set(rest, ": all parts within the drawing limits." if i == 0 else None)
    total = re.search(r"of (\d+)", rep.find(r"^Conforming parts:").text).group(1)
    rep.sub(r"\d+ of \d+", f"{total} of {total}")
    rep.sub(r"Lot disposition: REJECT", "Lot disposition: ACCEPT")
    rep.sub(r"^\. Critical characteristics failed on \d+ sample\(s\) \([^)]*\)", ". No characteristic failed")
    f = reply_lines(reply)
    f["Nonconforming parts"] = "none"
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{total} of {total}"
    f["Lot disposition"] = "ACCEPT"
    return rep, compose_reply("inspection_report.pdf is ready.", f)


def stub(gold: Path, reply: str) -> tuple[Report, str]:
    """Title and header block only: everything from the bolt-pattern line down is removed."""
    rep = read_report(gold / DELIVERABLE)
    cut = rep.find(r"^Bolt pattern:").bbox.y0 - 1
    for s in rep.spans:
        if s.page > 0 or s.bbox.y0 >= cut:
            rep.set(s, None)
    return rep, "inspection_report.pdf is ready.\n"


def fully_wrong(gold: Path, reply: str) -> tuple[Report, str]:
    """Every visual fact and every conclusion wrong: all tolerances misread (also F03/F08),
    measured extremes shifted, every Result inverted, the conforming serials listed as
    nonconforming, a wrong count and hole count, another material, the lot accepted."""
    rep = read_report(gold / DELIVERABLE)
    misread_limits(rep, tuple(MISREAD))
    for row in rep.rows.values():
        rep.set(row.spans[6], fmt(row.num(6) + 0.011), right=True)
        rep.set(row.spans[7], fmt(row.num(7) + 0.013), right=True)
        set_result(rep, row, flip(row.spans[8].text))
    samples = re.search(r"(\d{2})-(\d{4}) to \d{2}-(\d{4})", rep.find(r"\d{2}-\d{4} to").text)
    failing = {s.text for s, _ in rep.nc_lines}
    every = [f"{samples.group(1)}-{k}" for k in range(int(samples.group(2)), int(samples.group(3)) + 1)]
    wrong = [s for s in every if s not in failing]
    for i, (serial, rest) in enumerate(rep.nc_lines):
        if i < len(wrong):
            rep.set(serial, wrong[i])
            rep.set(rest, rest.text.replace(": FAIL", ": FAIL (re-measured)"))
        else:  # more failure lines than conforming serials to swap in: drop the rest
            rep.set(serial, None)
            rep.set(rest, None)
    n = hole_count(rep)
    rep.sub(r"\d+ holes", f"{n - 2} holes")
    rep.sub(r"\(\d+×\)", f"({n - 2}×)")
    rep.sub(r"C45 \(1\.0503\)", "C35 (1.0501)")
    total = int(re.search(r"of (\d+)", rep.find(r"^Conforming parts:").text).group(1))
    rep.sub(r"\d+ of \d+", f"{total - 2} of {total}")
    rep.sub(r"Lot disposition: REJECT", "Lot disposition: ACCEPT")
    rep.sub(r"^\. Critical characteristics failed on", ". No critical characteristic failed on")
    f = reply_lines(reply)
    f["Nonconforming parts"] = ", ".join(wrong[: len(rep.nc_lines)])
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{total - 2} of {total}"
    f["Bolt pattern"] = f"{n - 2} holes"
    f["Lot disposition"] = "ACCEPT"
    return rep, compose_reply("inspection_report.pdf is ready.", f)


def context_wrong(gold: Path, reply: str) -> tuple[Report, str]:
    """A wrong answer committed, the right one only in context: hole count, material, conforming
    count and disposition give a wrong value with the gold one in brackets; the two redline
    failures are called accepted on the struck print; the reply commits to the same wrong values."""
    rep = read_report(gold / DELIVERABLE)
    n = hole_count(rep)
    rep.sub(r"\d+ holes", f"{n - 2} holes ({n} if the hidden-line holes count)")
    rep.sub(r"C45 \(1\.0503\)", "C35 (1.0501; C45 in the parts list)")
    m = re.search(r"(\d+) of (\d+)", rep.find(r"^Conforming parts:").text)
    conforming, total = int(m.group(1)), int(m.group(2))
    redline = [(s, r) for s, r in rep.nc_lines if re.search(r"F0[14]\b", r.text) and " > " in r.text]
    rep.sub(r"\d+ of \d+", f"{conforming + len(redline)} of {total} ({conforming} if the redline ECR-2291 applies)")
    for _, rest in redline:
        rep.set(rest, rest.text.replace(": FAIL", ": accepted on the printed ±0.10"))
    rep.sub(r"Lot disposition: REJECT", "Lot disposition: HOLD (REJECT if the MRB confirms)")
    f = reply_lines(reply)
    kept = {s.text for s, _ in redline}
    f["Nonconforming parts"] = ", ".join(s for s in f["Nonconforming parts"].split(", ") if s not in kept)
    f.pop("Reasons", None)
    f["Conforming parts"] = f"{conforming + len(redline)} of {total} ({conforming} with the redline)"
    f["Bolt pattern"] = f"{n - 2} holes ({n} if the hidden-line holes count)"
    f["Lot disposition"] = "HOLD (REJECT if the MRB confirms)"
    return rep, compose_reply("inspection_report.pdf is ready.", f)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    reply = (args.gold / "final_reply.md").read_text(encoding="utf-8")
    for name, build in (("negated", negated), ("perturbed", perturbed), ("hedged", hedged),
                        ("one_size", one_size), ("stub", stub), ("fully_wrong", fully_wrong), ("struck_print", struck_print),
                        ("context_wrong", context_wrong)):
        rep, text = build(args.gold, reply)
        write(args.out, name, rep, text)
    write(args.out, "empty", None, "", blank=True)


if __name__ == "__main__":
    main()
