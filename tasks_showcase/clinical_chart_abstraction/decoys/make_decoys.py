"""Build the clinical_chart_abstraction decoys from the gold deliverables.

Each decoy is a plausible WRONG submission made by transforming gold/chart_abstract.docx and
gold/final_reply.md in place (runs and table cells edited, formatting kept), so the decoys follow
the gold when it changes. Tables are found by their header (vitals, medications, allergies) and
rows by their key (day number, drug name); prose is rewritten by targeted substitutions.
decoys.yaml lists, per decoy, the criteria a correct grader must fail.

Run: python3 make_decoys.py --gold /task/gold --out /out  (writes /out/<name>/final_reply.md and
/out/<name>/deliverables/chart_abstract.docx). Deterministic: no randomness, no clock."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

from docx import Document

DOC, REPLY = "chart_abstract.docx", "final_reply.md"


# -- editing helpers ---------------------------------------------------------------------------

def set_text(owner, text: str) -> None:
    """Replace the text of a cell or paragraph, keeping the first run's formatting."""
    paragraphs = owner.paragraphs if hasattr(owner, "paragraphs") else [owner]
    first = paragraphs[0]
    if first.runs:
        first.runs[0].text = text
        for run in first.runs[1:]:
            run.text = ""
    else:
        first.add_run(text)
    for extra in paragraphs[1:]:
        for run in extra.runs:
            run.text = ""


def all_runs(doc):
    for p in doc.paragraphs:
        yield from p.runs
    for t in doc.tables:
        for row in t.rows:
            for cell in row.cells:
                for p in cell.paragraphs:
                    yield from p.runs


def sub_all(doc, pairs) -> None:
    for run in all_runs(doc):
        text = run.text
        for old, new in pairs:
            text = re.sub(old, new, text)
        run.text = text


def table_with(doc, first_header: str):
    for t in doc.tables:
        if t.rows[0].cells[0].text.strip().lower().startswith(first_header.lower()):
            return t
    raise SystemExit(f"gold has no table starting with {first_header!r}")


def vitals(doc, temps, pulses) -> None:
    """Write per-day max temperature and pulse (lists for days 1..5) into the vitals table."""
    t = table_with(doc, "Day")
    head = [c.text.strip().lower() for c in t.rows[0].cells]
    tc = next(i for i, h in enumerate(head) if h.startswith("max temp"))
    pc = next(i for i, h in enumerate(head) if h.startswith("max pulse"))
    for row in t.rows[1:]:
        day = int(row.cells[0].text.strip())
        set_text(row.cells[tc], str(temps[day - 1]))
        set_text(row.cells[pc], str(pulses[day - 1]))


def gold_vitals(doc) -> tuple[list[str], list[str]]:
    t = table_with(doc, "Day")
    return [r.cells[2].text for r in t.rows[1:]], [r.cells[3].text for r in t.rows[1:]]


def meds(doc, values: dict[str, dict[int, str]]) -> None:
    """values: {drug: {column index: text}} in the medications table (row found by drug name)."""
    t = table_with(doc, "Medication")
    for drug, cols in values.items():
        row = next(r for r in t.rows[1:] if r.cells[0].text.lower().startswith(drug))
        for col, text in cols.items():
            set_text(row.cells[col], text)


def allergy_row(doc, allergen: str, reaction: str, source: str) -> None:
    t = table_with(doc, "Allergen")
    for cell, text in zip(t.rows[1].cells, (allergen, reaction, source)):
        set_text(cell, text)


def paragraphs_under(doc, heading: str):
    """Body paragraphs after the heading that starts with `heading`, up to the next heading."""
    out, inside = [], False
    for p in doc.paragraphs:
        if p.style.name.lower().startswith("heading"):
            inside = p.text.lower().startswith(heading.lower())
            continue
        if inside:
            out.append(p)
    return out


def reply_lines(text: str, labels: dict[str, str], pairs=()) -> str:
    """Rewrite the labelled `Label: value` lines of the reply and apply prose substitutions."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z][\w -]*?)(\s*\([^)]*\))?:\s*(.*)$", line)
        if m and m.group(1) in labels:
            line = f"{m.group(1)}{m.group(2) or ''}: {labels[m.group(1)]}"
        else:
            for old, new in pairs:
                line = re.sub(old, new, line)
        out.append(line)
    return "\n".join(out) + "\n"


# -- the decoys --------------------------------------------------------------------------------

NEGATE = [
    (r"Day 4 dose omitted \(code O, 'cannula tissued'\)", "No dose omitted; all doses given as prescribed"),
    (r"but the observation chart documents a penicillin allergy \(hives\)",
     "and the observation chart documents no penicillin allergy"),
    (r"SAFETY CONCERN: the patient was discharged on amoxicillin-clavulanate, a penicillin — the discharge "
     r"prescription must be reviewed urgently and the allergy record updated\.",
     "No safety concern: discharge on amoxicillin-clavulanate is appropriate."),
    (r"but the MAR shows 4 doses given; the day 4 dose was omitted \(cannula tissued\)\.",
     "and the MAR shows 4 doses given, consistent with the summary; no dose was omitted."),
    (r"^PENICILLIN — hives.*?replacing a struck-through 'NKDA'\.", "No penicillin allergy is documented (NKDA)."),
    (r"the summary's 'five days' is wrong", "consistent with the summary's 'five days'"),
    (r"day 4 omitted, cannula tissued", "no dose omitted"),
    (r"Allergy alert: PENICILLIN \(hives\), handwritten", "Allergy alert: no penicillin allergy, none handwritten"),
    (r"please escalate to the discharging team and pharmacy", "no escalation needed"),
    (r"peaked at 39\.6", "never peaked at 39.6"),
]


def negated(gold: Path, out: Path) -> None:
    """Every conclusion reversed (no allergy, no omission, no safety concern), numbers kept."""
    doc = Document(gold / DOC)
    sub_all(doc, NEGATE)
    allergy_row(doc, "No penicillin allergy (NKDA)", "None", "Observation chart: NKDA, no allergy recorded")
    doc.save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Allergy": "none (NKDA)", "Safety concern": "none"}, NEGATE))


NEGATE_SAFETY = [
    (r"SAFETY CONCERN: the patient was discharged on amoxicillin-clavulanate, a penicillin — the discharge "
     r"prescription must be reviewed urgently and the allergy record updated\.",
     "The patient was discharged on amoxicillin-clavulanate, which is not a penicillin — no safety concern; the "
     "allergy record should be updated."),
    (r"but the MAR shows 4 doses given; the day 4 dose was omitted \(cannula tissued\)\.",
     "and the MAR shows 4 doses given, consistent with the summary (a five-day course; the day 4 dose was omitted, "
     "cannula tissued)."),
    (r"the summary's 'five days' is wrong", "consistent with the summary's 'five days'"),
    (r"she was discharged on amoxicillin-clavulanate — please escalate to the discharging team and pharmacy",
     "please update the allergy record"),
]


def negated_safety(gold: Path, out: Path) -> None:
    """Every fact right (allergy, doses, peak), the two conclusions drawn from them reversed: amoxicillin-clavulanate
    'not a penicillin' (no safety concern) and the 4 ceftriaxone doses 'consistent' with the summary's five days."""
    doc = Document(gold / DOC)
    sub_all(doc, NEGATE_SAFETY)
    doc.save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Safety concern": "penicillin allergy missing from the discharge summary (NKDA) - update the allergy record"},
        NEGATE_SAFETY))


P_TEMPS = ["38.0", "39.1", "38.4", "37.3", "37.5"]   # each day's max misread by 0.4-0.5 °C
P_PULSES = ["100", "110", "96", "104", "96"]          # each day's max misread by 10-14 bpm
PERTURB = [
    (r"SAFETY CONCERN: the patient was discharged on amoxicillin-clavulanate, a penicillin — .*",
     "SAFETY CONCERN: the allergy record must be updated before the next admission."),
    (r"PENICILLIN", "SULPHONAMIDE"), (r"[Pp]enicillin", "sulphonamide"), (r"\bhives\b", "rash"),
    (r"39\.6 °C on hospital day 2 \(12/03\) at 14:00 with a pulse of 124",
     "39.1 °C on hospital day 3 (13/03) at 10:00 with a pulse of 110"),
    (r"39\.6 °C on hospital day 2 \(12/03/2024\) at 14:00", "39.1 °C on hospital day 3 (13/03/2024) at 10:00"),
    (r"rising to 38\.4 °C", "rising to 38.0 °C"), (r"still 38\.9 °C", "still 38.4 °C"),
    (r"maximum 37\.8 °C", "maximum 37.3 °C"), (r"maximum 37\.1 °C, pulse\s+84", "maximum 37.5 °C, pulse 96"),
    (r"MAR shows 4 doses given; the day 4 dose was omitted", "MAR shows 3 doses given; the day 3 dose was omitted"),
    (r"ceftriaxone \(4 doses given\)", "ceftriaxone (3 doses given)"),
    (r"azithromycin \(2 doses\)", "azithromycin (3 doses)"), (r"only 2 doses \(days 1-2\)", "3 doses (days 1-3)"),
    (r"paracetamol\s+\(6 doses\)", "paracetamol (5 doses)"),
    (r"enoxaparin prophylaxis \(3 doses\)", "enoxaparin prophylaxis (4 doses)"), (r"shows 3 doses \(day 1 held",
                                                                                 "shows 4 doses (day 1 held"),
    (r"4 doses actually given \(day 4 omitted", "3 doses actually given (day 3 omitted"),
]
P_MEDS = {
    "ceftriaxone": {1: "3", 2: "Given days 1, 2 and 5. Day 3 dose omitted (code O). Summary says five days completed."},
    "azithromycin": {1: "3"}, "paracetamol": {1: "5"}, "enoxaparin": {1: "4"},
}
P_REPLY = {"Peak temperature": "39.1", "Peak hospital day": "3", "Peak time": "10:00", "Ceftriaxone doses given": "3",
           "Allergy": "Sulphonamide (rash)", "Safety concern": "none"}


def perturb_doc(gold: Path):
    doc = Document(gold / DOC)
    vitals(doc, P_TEMPS, P_PULSES)
    meds(doc, P_MEDS)
    sub_all(doc, PERTURB)
    allergy_row(doc, "Sulphonamide", "Rash (reported by daughter)", "MAR header, pharmacy-printed 11/03")
    return doc


def perturbed(gold: Path, out: Path) -> None:
    """Every value read off the scans wrong by a believable step; structure kept."""
    perturb_doc(gold).save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), P_REPLY, PERTURB))


def hedged(gold: Path, out: Path) -> None:
    """Every visual answer offered as two candidates, the right one among them."""
    doc = Document(gold / DOC)
    temps, pulses = gold_vitals(doc)
    vitals(doc, [f"{t} or {p}" for t, p in zip(temps, P_TEMPS)], [f"{a} or {b}" for a, b in zip(pulses, P_PULSES)])
    t = table_with(doc, "Medication")
    for row, alt in zip(t.rows[1:], ("5", "3", "5", "4")):
        set_text(row.cells[1], f"{row.cells[1].text.strip()} or {alt}")
    meds(doc, {"ceftriaxone": {2: "Day 4 dose possibly omitted (code O or a tick: unclear on the scan)."}})
    allergy_row(doc, "Penicillin or cephalosporin", "Hives or rash", "Observation chart or MAR")
    sub_all(doc, [
        (r"peaked at 39\.6 °C on hospital day 2 \(12/03\) at 14:00",
         "peaked at 39.6 or 39.1 °C on hospital day 2 or 3 (12/03 or 13/03) at 14:00 or 10:00"),
        (r"MAR shows 4 doses given", "MAR shows 4 or 5 doses given"),
    ])
    doc.save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Peak temperature": "39.6 or 39.1", "Peak hospital day": "2 or 3", "Peak time": "14:00 or 10:00",
        "Ceftriaxone doses given": "4 or 5", "Allergy": "penicillin or possibly none",
        "Safety concern": "possibly amoxicillin-clavulanate, or none"}))


def one_size(gold: Path, out: Path) -> None:
    """The same answer everywhere: every day 38.1 °C / 100 bpm, every drug 5 doses, no allergy,
    no discrepancy."""
    doc = Document(gold / DOC)
    vitals(doc, ["38.1"] * 5, ["100"] * 5)
    t = table_with(doc, "Medication")
    for row in t.rows[1:]:
        set_text(row.cells[1], "5")
        set_text(row.cells[2], "Given once daily as prescribed, all doses given.")
    allergy_row(doc, "None", "—", "All records: NKDA")
    for p in paragraphs_under(doc, "Allergies"):
        set_text(p, "No allergy documented in any record (NKDA).")
    for p in paragraphs_under(doc, "Discrepancies"):
        set_text(p, "None: the discharge summary agrees with the chart and the MAR.")
    for p in paragraphs_under(doc, "Narrative"):
        set_text(p, "Admitted with community-acquired pneumonia; temperature about 38.1 °C and pulse about 100 on "
                    "each day of the admission; treated with antibiotics and discharged home on day 5.")
    doc.save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), {
        "Peak temperature": "38.1", "Peak hospital day": "1", "Peak time": "10:00", "Ceftriaxone doses given": "5",
        "Allergy": "none", "Safety concern": "none"}, NEGATE))


def empty(gold: Path, out: Path) -> None:
    """A zero-byte document and an empty reply."""
    (out / "deliverables" / DOC).write_bytes(b"")
    (out / REPLY).write_text("")


def stub(gold: Path, out: Path) -> None:
    """Header-only: the gold's headings and table header rows, every other paragraph blank."""
    doc = Document(gold / DOC)
    for t in doc.tables:
        for row in list(t.rows)[1:]:
            row._tr.getparent().remove(row._tr)
    for p in doc.paragraphs:
        if not p.style.name.lower().startswith("heading"):
            set_text(p, "")
    doc.save(out / "deliverables" / DOC)
    last_block = (gold / REPLY).read_text().strip().split("\n\n")[-1]
    labels = [m.group(0)[:-1] for m in re.finditer(r"(?m)^[A-Za-z][^:\n]*:", last_block)]
    (out / REPLY).write_text("Abstraction to follow.\n\n" + "".join(f"{label}: TBD\n" for label in labels))


def fully_wrong(gold: Path, out: Path) -> None:
    """Every visual fact and every conclusion wrong: perturbed vitals and doses, no allergy,
    no discrepancy or safety concern, wrong peak."""
    doc = perturb_doc(gold)
    allergy_row(doc, "None", "—", "All records: NKDA")
    for p in paragraphs_under(doc, "Allergies"):
        set_text(p, "No allergy documented in any record (NKDA).")
    for p in paragraphs_under(doc, "Discrepancies"):
        set_text(p, "None: the discharge summary agrees with the chart and the MAR (ceftriaxone given as "
                    "stated, consistent).")
    doc.save(out / "deliverables" / DOC)
    labels = dict(P_REPLY, Allergy="none", **{"Safety concern": "none"})
    (out / REPLY).write_text(reply_lines((gold / REPLY).read_text(), labels, PERTURB + NEGATE))


DECOYS = {"negated": negated, "negated_safety": negated_safety, "perturbed": perturbed, "hedged": hedged,
          "one_size": one_size, "empty": empty, "stub": stub, "fully_wrong": fully_wrong}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--only", nargs="*", help="build only these decoys")
    args = ap.parse_args()
    for name, build in DECOYS.items():
        if args.only and name not in args.only:
            continue
        out = args.out / name
        shutil.rmtree(out, ignore_errors=True)
        (out / "deliverables").mkdir(parents=True)
        build(args.gold, out)


if __name__ == "__main__":
    main()
