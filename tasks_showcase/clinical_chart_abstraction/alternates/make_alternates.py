"""Build the clinical_chart_abstraction alternates (correct work in other styles) from gold/.

Every alternate states the same facts as gold/chart_abstract.docx and gold/final_reply.md and
keeps every explicit prompt instruction (file name, the heading "Chart abstraction", the episode
line right after it, three tables in order with their exact columns and plain numbers, the
Allergies and Discrepancies sections, a narrative, the six labelled reply lines); only the style
differs: other words, another order, more context, other formats, other tools, the bare minimum.

The facts are read from the gold files (tables by their header, rows by their key, the episode
line and the labelled reply lines by regex), so the alternates follow the gold when it changes.
alternates.yaml lists them.

Run: python3 make_alternates.py --gold /task/gold --out /out  (writes /out/<name>/final_reply.md
and /out/<name>/deliverables/chart_abstract.docx). Deterministic: no randomness, no clock; the
other_tools alternates need LibreOffice (`soffice`) and a writable HOME."""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from docx import Document

DOC, REPLY = "chart_abstract.docx", "final_reply.md"


# -- the gold facts ----------------------------------------------------------------------------

@dataclass
class Day:
    n: int
    date: str  # dd/mm/yyyy as in gold
    temp: str  # as written in gold, e.g. "39.6"
    pulse: str

    @property
    def iso(self) -> date:
        d, m, y = (int(x) for x in self.date.split("/"))
        return date(y, m, d)


@dataclass
class Med:
    key: str  # ceftriaxone, azithromycin, ...
    name: str  # the gold's row label, e.g. "Ceftriaxone 2 g IV once daily (10:00)"
    doses: str
    comment: str


@dataclass
class Facts:
    name: str
    mrn: str
    dob: str
    admitted: str  # "11/03/2024 09:40"
    discharged: str
    ward: str
    consultant: str
    days: list[Day]
    meds: dict[str, Med]
    allergen: str
    reaction: str
    documented: str
    allergy_text: str
    discrepancies: list[str]
    narrative: list[str]
    reply: dict[str, str]
    vitals_note: str
    reply_text: str
    gold: Path

    # derived values ---------------------------------------------------------------------------
    @property
    def peak(self) -> Day:
        return max(self.days, key=lambda d: float(d.temp))

    @property
    def peak_time(self) -> str:
        return self.reply["Peak time"]

    def med(self, key: str) -> Med:
        return self.meds[key]

    def given_days(self, key: str) -> str:
        m = re.search(r"[Gg]iven days ([\d, and-]+?)[.;]", self.med(key).comment)
        return m.group(1).strip() if m else ""

    def omitted_day(self) -> str:
        m = re.search(r"Day (\d) dose omitted", self.med("ceftriaxone").comment)
        return m.group(1) if m else ""

    def prn_times(self) -> str:
        m = re.search(r"PRN doses:\s*(.*?)\.?$", self.med("paracetamol").comment)
        return m.group(1) if m else ""

    @property
    def reaction_short(self) -> str:
        return re.sub(r"\s*\(.*\)", "", self.reaction).strip()

    @property
    def allergen_lower(self) -> str:
        return self.allergen.lower()

    def date_of(self, n: int) -> str:
        return self.days[n - 1].date


def _table(doc, first_header: str):
    for t in doc.tables:
        if t.rows[0].cells[0].text.strip().lower().startswith(first_header.lower()):
            return t
    raise SystemExit(f"gold has no table starting with {first_header!r}")


def _under(doc, heading: str) -> list[str]:
    out, inside = [], False
    for p in doc.paragraphs:
        if p.style.name.lower().startswith("heading"):
            inside = p.text.lower().startswith(heading.lower())
            continue
        if inside and p.text.strip():
            out.append(p.text.strip())
    return out


def read_gold(gold: Path) -> Facts:
    doc = Document(gold / DOC)
    episode = next(p.text for p in doc.paragraphs if p.text.startswith("Episode:"))

    def grab(pattern: str) -> str:
        m = re.search(pattern, episode)
        if not m:
            raise SystemExit(f"gold episode line lacks {pattern!r}: {episode!r}")
        return m.group(1).strip()

    vit = _table(doc, "Day")
    days = [Day(int(r.cells[0].text), r.cells[1].text.strip(), r.cells[2].text.strip(), r.cells[3].text.strip())
            for r in vit.rows[1:]]
    meds = {}
    for r in _table(doc, "Medication").rows[1:]:
        name = r.cells[0].text.strip()
        meds[name.split()[0].lower()] = Med(name.split()[0].lower(), name, r.cells[1].text.strip(), r.cells[2].text.strip())
    al = _table(doc, "Allergen").rows[1].cells
    reply_text = (gold / REPLY).read_text()
    reply = {}
    for line in reply_text.splitlines():
        m = re.match(r"^([A-Za-z][\w -]*?)(\s*\([^)]*\))?:\s*(.+)$", line)
        if m:
            reply[m.group(1)] = m.group(3).strip()
    vitals_note = next((p.text for p in doc.paragraphs if p.text.startswith("Readings are")), "")
    ward = grab(r"\(ward ([^,]+),")
    return Facts(
        name=grab(r"Episode:\s*([^(]+?)\s*\("), mrn=grab(r"MRN\s+([A-Z0-9-]+)"), dob=grab(r"DOB\s+([\d/]+)"),
        admitted=grab(r"Admitted\s+([\d/]+ [\d:]+)"), discharged=grab(r"discharged\s+([\d/]+ [\d:]+)"),
        ward=ward, consultant=grab(r"ward [^,]+,\s*([^)]+)\)"), days=days, meds=meds,
        allergen=al[0].text.strip(), reaction=al[1].text.strip(), documented=al[2].text.strip(),
        allergy_text=" ".join(_under(doc, "Allergies")), discrepancies=_under(doc, "Discrepancies"),
        narrative=_under(doc, "Narrative"), reply=reply, vitals_note=vitals_note, reply_text=reply_text, gold=gold,
    )


# -- writing helpers ---------------------------------------------------------------------------

VITALS_HEAD = ["Day", "Date", "Max temperature (°C)", "Max pulse (bpm)"]
MEDS_HEAD = ["Medication", "Doses given", "Comment"]
ALLERGY_HEAD = ["Allergen", "Reaction", "Documented in"]
MED_ORDER = ["ceftriaxone", "azithromycin", "paracetamol", "enoxaparin"]


def add_table(doc, rows: list[list[str]], style: str | None = "Table Grid", bold_header: bool = True):
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    if style:
        t.style = style
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            cell = t.cell(i, j)
            cell.text = ""
            run = cell.paragraphs[0].add_run(text)
            if i == 0 and bold_header:
                run.bold = True
    return t


def bullets(doc, items: list[str], style: str = "List Bullet") -> None:
    for item in items:
        doc.add_paragraph(item, style=style)


def labelled(doc, label: str, text: str):
    p = doc.add_paragraph()
    p.add_run(label).bold = True
    p.add_run(text)
    return p


def c_to_f(c: str) -> str:
    return f"{float(c) * 9 / 5 + 32:.1f}"


def write(out: Path, doc, reply: str) -> None:
    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    doc.save(out / "deliverables" / DOC)
    (out / REPLY).write_text(reply)


def soffice(args: list[str], cwd: Path) -> None:
    """Run LibreOffice headless with a private profile (HOME may be shared)."""
    profile = Path(tempfile.mkdtemp(prefix="lo-profile-", dir=os.environ.get("HOME", "/tmp")))
    cmd = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore", *args]
    res = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    shutil.rmtree(profile, ignore_errors=True)
    if res.returncode != 0:
        raise SystemExit(f"soffice failed ({res.returncode}): {res.stdout}\n{res.stderr}")


# -- the alternates ----------------------------------------------------------------------------

def paraphrase(g: Facts, out: Path) -> None:
    """Gold's structure, every sentence and free label reworded."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    doc.add_paragraph(
        f"Episode identification — patient {g.name} (synthetic record), MRN {g.mrn}, born {g.dob}; admitted "
        f"{g.admitted.replace(' ', ' at ')} to ward {g.ward} under {g.consultant}, discharged home "
        f"{g.discharged.replace(' ', ' at ')}. Abstracted from the scanned TPR chart, the scanned MAR and the typed "
        "discharge summary.")
    doc.add_heading("Daily maximum observations", 2)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d])
    doc.add_paragraph(
        "Each value is the highest point plotted for that hospital day: blue crosses for temperature, red dots for "
        "pulse. The grid's minor divisions are 0.2 °C and 4 bpm, and observations were charted every four hours "
        f"(first set on day 1 at 10:00, last set on day {d[-1].n} at 14:00).")
    doc.add_heading("Medication administration record", 2)
    add_table(doc, [MEDS_HEAD,
                    [cef.name.replace(" once daily", " daily"), cef.doses,
                     f"Day {g.omitted_day()} ({g.date_of(int(g.omitted_day()))[:5]}) dose omitted — MAR code O, the "
                     f"cannula had tissued. Administered on days {g.given_days('ceftriaxone')}."],
                    [azi.name.replace(" once daily", " daily"), azi.doses,
                     "Administered on days 1 and 2, then stopped on 13/03 by Dr Okafor once the Legionella urinary "
                     "antigen came back negative."],
                    [par.name, par.doses, f"As-needed doses charted at {g.prn_times()}."],
                    [enx.name.replace(" once daily", " daily"), enx.doses,
                     "Withheld on day 1 (code H, awaiting platelet count); administered days 2, 3 and 4; the day 5 "
                     "dose was due at 18:00, after she had left at 16:00."]])
    doc.add_heading("Allergies", 2)
    add_table(doc, [ALLERGY_HEAD,
                    [g.allergen, f"{g.reaction_short} (history from her daughter)",
                     "Observation (TPR) chart, allergy box — red-ink handwritten entry dated 12/03, signed J.K. RN, "
                     "with the original 'NKDA' struck through"]])
    doc.add_paragraph(
        f"One drug allergy is documented in the records: {g.allergen_lower}, reaction {g.reaction_short.lower()}, "
        "reported by the patient's daughter. It was added by hand to the allergy box of the observation chart on "
        "12/03 by J.K. RN, who struck out the earlier 'NKDA'. The typed discharge summary and the pharmacy-printed "
        "header of the MAR both still say no known drug allergies (NKDA).")
    doc.add_heading("Discrepancies", 2)
    bullets(doc, [
        f"Allergy status — the discharge summary gives NKDA, whereas the observation chart carries a handwritten "
        f"{g.allergen_lower} allergy ({g.reaction_short.lower()}). Safety concern: the discharge prescription is "
        "amoxicillin-clavulanate, which is itself a penicillin; the prescriber and pharmacy need to review it "
        "urgently and the allergy must be added to the electronic record.",
        f"Ceftriaxone course — the summary states that five days of IV ceftriaxone were completed; the MAR records "
        f"{cef.doses} doses, because the day {g.omitted_day()} dose was omitted when the cannula tissued.",
        f"Azithromycin — summary and MAR tell the same story: stopped after the negative Legionella antigen, "
        f"{azi.doses} doses in total (days 1–2). Listed for completeness only.",
        f"Enoxaparin — the summary describes once-daily VTE prophylaxis, yet only {enx.doses} doses were given "
        "(day 1 held pending platelets, the discharge-day dose not due until after she had gone home).",
    ])
    doc.add_heading("Narrative", 2)
    doc.add_paragraph(
        f"A 72-year-old woman (synthetic record) came in through the Emergency Department on {d[0].date} with "
        f"right lower lobe community-acquired pneumonia, CURB-65 score 2. She was febrile on arrival (38.1 °C at "
        f"10:00) and reached {d[0].temp} °C on day 1. The fever peaked on hospital day {pk.n} ({pk.date[:5]}) at "
        f"{g.peak_time}, at {pk.temp} °C, with the pulse also at its highest ({pk.pulse} bpm); paracetamol 1 g went in "
        "at 14:20 and the doctor was informed.")
    doc.add_paragraph(
        f"Day 3 brought a second spike to {d[2].temp} °C, when two sets of blood cultures were taken. From then on the "
        f"fever settled: maximum {d[3].temp} °C on day 4, when she was weaned to room air, and {d[4].temp} °C on day 5 "
        f"with a pulse of {d[4].pulse}. She received {cef.doses} doses of IV ceftriaxone, {azi.doses} of azithromycin, "
        f"{par.doses} PRN paracetamol doses and {enx.doses} doses of enoxaparin, and went home on day 5.")
    reply = (
        "I've saved the abstraction as `chart_abstract.docx`.\n\n"
        f"Her temperature peaked at {pk.temp} °C on hospital day {pk.n} ({pk.date}) at {g.peak_time}. The MAR shows "
        f"ceftriaxone was actually administered {cef.doses} times — the day {g.omitted_day()} dose was omitted because the "
        "cannula had tissued — so the discharge summary's 'five days' overstates the course. The allergy you need to "
        f"know about is {g.allergen_lower} (reaction: {g.reaction_short.lower()}), handwritten on the observation chart on "
        "12/03. The discharge summary says NKDA and she went home on amoxicillin-clavulanate, so please escalate this "
        "to the discharging team and pharmacy today.\n\n"
        f"Peak temperature (°C): {pk.temp}\n"
        f"Peak hospital day: {pk.n}\n"
        f"Peak time: {g.peak_time}\n"
        f"Ceftriaxone doses given: {cef.doses}\n"
        f"Allergy: {g.allergen} – {g.reaction_short.lower()}\n"
        "Safety concern: amoxicillin-clavulanate (a penicillin) prescribed on discharge despite the charted penicillin "
        "allergy\n")
    write(out, doc, reply)


def restructured(g: Facts, out: Path) -> None:
    """Summary and narrative first, ### sub-headings, bullet lists, a fourth table for the
    discrepancies; the reply leads with the answer, uses a table and a fenced block of labels."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    labelled(doc, "Episode: ", f"{g.name} · MRN {g.mrn} · DOB {g.dob} · admitted {g.admitted} · discharged "
                              f"{g.discharged} · ward {g.ward} · {g.consultant}")
    doc.add_heading("Summary", 2)
    doc.add_heading("Key findings", 3)
    bullets(doc, [
        f"ALLERGY ALERT: {g.allergen.upper()} ({g.reaction_short.lower()}) is documented on the observation chart only; "
        "the discharge summary says NKDA.",
        "Discharged on amoxicillin-clavulanate, a penicillin, despite the penicillin allergy: urgent review needed.",
        f"Ceftriaxone: {cef.doses} doses given, not the five days the summary claims (day {g.omitted_day()} omitted).",
        f"Peak temperature {pk.temp} °C on day {pk.n} at {g.peak_time}.",
    ])
    doc.add_heading("Narrative", 3)
    doc.add_paragraph(
        f"Synthetic 72-year-old woman with right lower lobe community-acquired pneumonia (CURB-65 2), admitted "
        f"{d[0].date}. Febrile from arrival (38.1 °C at 10:00; day 1 maximum {d[0].temp} °C), with the highest reading "
        f"of the stay on hospital day {pk.n} ({pk.date[:5]}) at {g.peak_time}: peak temperature {pk.temp} °C, pulse "
        f"{pk.pulse} bpm. Paracetamol 1 g was given at 14:20 and the doctor informed.")
    doc.add_paragraph(
        f"A second spike of {d[2].temp} °C on day 3 prompted blood cultures; thereafter the fever resolved "
        f"({d[3].temp} °C on day 4, {d[4].temp} °C on day 5). Oxygen was weaned to room air on day 4 and she was "
        f"discharged home on day 5 ({d[4].date[:5]}) at 16:00.")
    doc.add_heading("Vitals", 2)
    doc.add_heading("Daily maxima", 3)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d], style="Light Grid Accent 1")
    doc.add_heading("Method", 3)
    bullets(doc, ["Source: plotted points on the scanned TPR chart (no values are written on it).",
                  "Temperature: blue crosses, 0.2 °C per minor division; pulse: red dots, 4 bpm per minor division.",
                  "4-hourly observations; day 1 from 10:00, day 5 until 14:00."])
    doc.add_heading("Medications", 2)
    add_table(doc, [MEDS_HEAD,
                    ["Ceftriaxone 2 g IV", cef.doses, f"Day {g.omitted_day()} dose omitted (code O): cannula tissued."],
                    ["Azithromycin 500 mg PO", azi.doses, "Discontinued 13/03 (Legionella antigen negative)."],
                    ["Paracetamol 1 g PO PRN", par.doses, f"PRN: {g.prn_times()}."],
                    ["Enoxaparin 40 mg SC", enx.doses, "Day 1 held (code H, platelets pending); day 5: discharged before "
                                                       "the 18:00 dose."]], style="Light Grid Accent 1")
    doc.add_heading("Allergies", 2)
    doc.add_heading("Documented allergies", 3)
    add_table(doc, [ALLERGY_HEAD, [g.allergen, g.reaction, g.documented]], style="Light Grid Accent 1")
    doc.add_heading("Where each record stands", 3)
    bullets(doc, [f"Observation chart: {g.allergen.upper()} – {g.reaction_short.lower()} (per daughter), red ink, "
                  "12/03, J.K. RN; 'NKDA' struck through.",
                  "MAR header (pharmacy-printed 11/03): NKDA.",
                  "Discharge summary: NKDA."])
    doc.add_heading("Discrepancies", 2)
    add_table(doc, [
        ["Item", "Discharge summary", "Scanned chart / MAR", "Consequence"],
        ["Allergy", "NKDA", f"{g.allergen} allergy ({g.reaction_short.lower()}) on the observation chart",
         "Safety concern: discharged on amoxicillin-clavulanate although she has a penicillin allergy — review the "
         "prescription urgently and update the allergy record."],
        ["Ceftriaxone", "Completed five days of IV ceftriaxone",
         f"MAR: ceftriaxone {cef.doses} doses given, day {g.omitted_day()} omitted (cannula tissued); the summary's five "
         "days is wrong", "Course one dose short; coding should reflect what was given."],
        ["Enoxaparin", "Once-daily prophylaxis", f"{enx.doses} doses (day 1 held, day 5 discharged)", "Documentation only."],
    ], style="Light Grid Accent 1")
    doc.add_heading("Safety concern", 3)
    doc.add_paragraph("Penicillin allergy recorded on the chart, yet the discharge prescription is "
                      "amoxicillin-clavulanate (a penicillin): escalate to the discharging team and pharmacy now.")
    reply = (
        "**Bottom line:** the patient has a charted penicillin allergy but was discharged on amoxicillin-clavulanate — "
        "this needs escalating today.\n\n"
        "| Item | Finding |\n|---|---|\n"
        f"| Peak temperature | {pk.temp} °C, hospital day {pk.n} ({pk.date}), {g.peak_time} |\n"
        f"| Ceftriaxone | {cef.doses} doses actually given (day {g.omitted_day()} omitted, cannula tissued) |\n"
        f"| Allergy | {g.allergen} — {g.reaction_short.lower()} (observation chart, handwritten 12/03) |\n\n"
        "### Notes\n"
        "- The discharge summary says NKDA and 'five days' of ceftriaxone; both disagree with the scans.\n"
        "- Full details are in `chart_abstract.docx` (vitals, doses, allergies, discrepancies, narrative).\n\n"
        "```\n"
        f"Peak temperature (°C): {pk.temp}\n"
        f"Peak hospital day: {pk.n}\n"
        f"Peak time: {g.peak_time}\n"
        f"Ceftriaxone doses given: {cef.doses}\n"
        f"Allergy: {g.allergen} ({g.reaction_short.lower()})\n"
        "Safety concern: discharged on amoxicillin-clavulanate despite a documented penicillin allergy\n"
        "```\n")
    write(out, doc, reply)


def verbose(g: Facts, out: Path) -> None:
    """Committed answers with correct context numbers, derivations and references right beside
    them (prior values, °F, times, initials, form numbers) in the document and the reply."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days
    rise = float(pk.temp) - float(d[0].temp)
    los = (d[-1].iso - d[0].iso).days
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    doc.add_paragraph(
        f"Episode: {g.name} (synthetic test patient), MRN {g.mrn}, DOB {g.dob} (72 y, F), ward {g.ward}, bed 14, "
        f"consultant {g.consultant}. Admitted {g.admitted} via ED; discharged home {g.discharged} — length of stay "
        f"{los} nights, {len(d)} hospital days. Sources: observation chart SAG-NUR-014 (scan), MAR SAG-PHA-002 (scan), "
        "discharge summary SAG-DS-01 (typed, completed 15/03/2024 15:30).")
    doc.add_heading("Vitals (daily maxima read off the plotted TPR chart)", 2)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d])
    doc.add_paragraph("Per-day detail (time of each maximum, change on the previous day):")
    prev = None
    for x in d:
        change = "" if prev is None else f", {float(x.temp) - float(prev.temp):+.1f} °C on day {prev.n}"
        extra = {1: "; arrival value 38.1 °C at 10:00 (the summary's figure) was not the day's maximum",
                 2: f"; highest of the admission, {rise:.1f} °C above day 1; paracetamol 1 g PO at 14:20, Dr informed",
                 3: "; secondary spike at 10:00, blood cultures ×2",
                 4: "; oxygen weaned to room air", 5: "; last observations at 14:00, discharged 16:00"}[x.n]
        when = g.peak_time if x is pk else ("14:00" if x.n == 1 else "10:00")
        doc.add_paragraph(f"Day {x.n} ({x.date[:5]}): {x.temp} °C ({c_to_f(x.temp)} °F) and {x.pulse} bpm, both at "
                          f"{when}{change}{extra}.", style="List Bullet")
    doc.add_paragraph(g.vitals_note + " Reading tolerance about ±0.1 °C and ±2 bpm.")
    doc.add_heading("Medications administered (MAR)", 2)
    add_table(doc, [MEDS_HEAD,
                    [cef.name, cef.doses,
                     f"{cef.doses} of 5 scheduled doses given (days {g.given_days('ceftriaxone')}; initials JK, AB, JK, "
                     f"AB). Day {g.omitted_day()} ({g.date_of(int(g.omitted_day()))[:5]}) dose omitted — code O, "
                     "'cannula tissued' (MT). The discharge summary's 'completed five days' overstates this by 1 dose."],
                    [azi.name, azi.doses,
                     f"{azi.doses} of 2 charted doses (days 1–2, JK and AB); DISCONTINUED 13/03 by Dr Okafor after a "
                     "negative urinary Legionella antigen, so days 3–5 were never due."],
                    [par.name, par.doses,
                     f"{par.doses} PRN doses over 3 days (2 on day 1, 3 on day 2, 1 on day 3): {g.prn_times()}; "
                     "each ticked and initialled."],
                    [enx.name, enx.doses,
                     f"{enx.doses} of 5 calendar days: day 1 held (code H, platelets pending), given days 2–4 at 18:00 "
                     "(MT, JK, MT), day 5 not given — discharged at 16:00, before the 18:00 dose."]])
    doc.add_heading("Allergies", 2)
    add_table(doc, [ALLERGY_HEAD,
                    [g.allergen, "Hives (urticaria), as reported by the patient's daughter",
                     "Observation chart SAG-NUR-014, allergy/sensitivities box: red-ink handwritten entry "
                     "'PENICILLIN – hives (per daughter) 12/3 J.K. RN' written over a struck-through 'NKDA'; a pharmacy "
                     "'allergy status checked' stamp overlies it"]])
    doc.add_paragraph(
        f"{g.allergen.upper()} — {g.reaction_short.lower()} (per daughter), documented once, on the observation chart, "
        "on 12/03 (hospital day 2) by J.K. RN. The two other records were never updated: the discharge summary's "
        "Allergies field reads 'No known drug allergies (NKDA)' and the pharmacy-printed MAR header reads 'No known "
        "drug allergies (as at 11/03/24 09:55)'. No other allergen or reaction appears in any of the three records.")
    doc.add_heading("Discrepancies", 2)
    bullets(doc, [
        "Allergy (discharge summary vs observation chart): summary NKDA vs chart PENICILLIN – hives, dated 12/03. "
        "SAFETY CONCERN — the patient was discharged on amoxicillin-clavulanate 625 mg PO three times daily for 2 days "
        "(to complete 7 days of antibiotics), which is a penicillin; the discharge prescription must be reviewed "
        "urgently (contact the patient and GP), the allergy added to the electronic record and the event reported.",
        f"Ceftriaxone (discharge summary vs MAR): the summary says she 'completed five days of IV ceftriaxone', but "
        f"the MAR shows {cef.doses} doses given — 1 fewer than stated; the day {g.omitted_day()} (14/03) dose was "
        "omitted because the cannula had tissued.",
        f"Enoxaparin (discharge summary vs MAR): 'VTE prophylaxis with enoxaparin 40 mg SC once daily' — MAR shows "
        f"{enx.doses} doses (day 1 held pending platelets; day 5 not given, discharged at 16:00).",
        f"Azithromycin: summary 'stopped once the urinary Legionella antigen was negative' matches the MAR "
        f"({azi.doses} doses, discontinued 13/03) — noted for completeness, no discrepancy.",
        "Admission temperature: the summary's 38.1 °C / HR 102 are the 10:00 arrival values; the day 1 maxima on "
        f"the chart are {d[0].temp} °C and {d[0].pulse} bpm at 14:00.",
    ])
    doc.add_heading("Narrative", 2)
    doc.add_paragraph(
        f"72-year-old woman (synthetic record), admitted {g.admitted} with right lower lobe community-acquired "
        "pneumonia (CURB-65 2; CRP 186 mg/L, WCC 15.2 ×10⁹/L, SpO2 91 % on air). Febrile on arrival (38.1 °C at "
        f"10:00), rising to {d[0].temp} °C on day 1. The temperature peaked at {pk.temp} °C ({c_to_f(pk.temp)} °F) on "
        f"hospital day {pk.n} ({pk.date}) at {g.peak_time} — {rise:.1f} °C above the day 1 maximum — with pulse "
        f"{pk.pulse} bpm, RR 26/min and SpO2 91 % on 2 L/min; paracetamol 1 g PO was given at 14:20 and the doctor "
        "informed.")
    doc.add_paragraph(
        f"The fever then evolved in steps: {d[2].temp} °C on day 3 (10:00 spike, blood cultures ×2), {d[3].temp} °C on "
        f"day 4 and {d[4].temp} °C on day 5 (pulse {d[4].pulse}), i.e. below 38 °C from day 4 on; oxygen 2 L/min to "
        f"day 2, 1 L/min on day 3 and room air from day 4. Treatment: IV ceftriaxone ({cef.doses} doses given), oral azithromycin "
        f"({azi.doses} doses), PRN paracetamol ({par.doses} doses), enoxaparin ({enx.doses} doses). Discharged home on "
        f"day 5 at 16:00 on amoxicillin-clavulanate — see the safety concern above.")
    reply = (
        "Chart abstraction written to `chart_abstract.docx` (3 tables: vitals for days 1–5, 4 medications, 1 allergy; "
        "plus discrepancies and narrative).\n\n"
        f"- **Peak temperature:** {pk.temp} °C ({c_to_f(pk.temp)} °F) on hospital day {pk.n} ({pk.date}) at "
        f"{g.peak_time}, pulse {pk.pulse} bpm at the same time; {rise:.1f} °C above the day 1 maximum of {d[0].temp} °C, "
        f"then down to {d[4].temp} °C by day 5.\n"
        f"- **Ceftriaxone:** {cef.doses} doses actually given (days {g.given_days('ceftriaxone')}); day "
        f"{g.omitted_day()} omitted (code O, cannula tissued). The summary's 'five days' is 1 dose too many.\n"
        f"- **Allergy:** {g.allergen.upper()} — {g.reaction_short.lower()} (per daughter), handwritten on the observation "
        "chart 12/03 by J.K. RN. The discharge summary and MAR header still say NKDA, and she was discharged on "
        "amoxicillin-clavulanate 625 mg TDS — please escalate to the discharging team and pharmacy.\n\n"
        f"Peak temperature (°C): {pk.temp} (= {c_to_f(pk.temp)} °F; day 1 max was {d[0].temp})\n"
        f"Peak hospital day: {pk.n} ({pk.date})\n"
        f"Peak time: {g.peak_time} (paracetamol 1 g given at 14:20)\n"
        f"Ceftriaxone doses given: {cef.doses} (of 5 scheduled; day {g.omitted_day()} omitted, cannula tissued)\n"
        f"Allergy: {g.allergen} — {g.reaction_short.lower()} (urticaria), per daughter; handwritten on the observation chart "
        "12/03 (NOT on the discharge summary, which says NKDA)\n"
        "Safety concern: discharged on amoxicillin-clavulanate 625 mg PO TDS (a penicillin) despite the documented "
        "penicillin allergy — needs urgent review\n")
    write(out, doc, reply)


def verbose_caveats(g: Facts, out: Path) -> None:
    """Gold's layout with correct caveats that carry negation words ('not', 'no', 'none',
    'NKDA') right next to the committed answers, in the tables, the prose and the reply."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    doc.add_paragraph(
        f"Episode: {g.name} (synthetic test patient — not a real person), MRN {g.mrn}, DOB {g.dob}. Admitted "
        f"{g.admitted}, discharged {g.discharged} (ward {g.ward}, {g.consultant}).")
    doc.add_heading("Vitals", 2)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d])
    doc.add_paragraph("No temperature or pulse values are written on the chart; all figures are read from the plotted "
                      "points. None of the daily maxima is the typed summary's arrival value (38.1 °C, HR 102).")
    doc.add_heading("Medications", 2)
    add_table(doc, [MEDS_HEAD,
                    [cef.name, cef.doses, f"Not given on day {g.omitted_day()} (14/03): omitted, code O, cannula "
                                          "tissued. Every other daily dose was signed for."],
                    [azi.name, azi.doses, "Discontinued 13/03, no doses after day 2 (not a missed dose)."],
                    [par.name, par.doses, f"PRN: {g.prn_times()}. None after 13/03."],
                    [enx.name, enx.doses, "Not given on day 1 (held, platelets pending) nor on day 5 (discharged "
                                          "16:00, before the 18:00 dose)."]])
    doc.add_heading("Allergies", 2)
    add_table(doc, [ALLERGY_HEAD,
                    [g.allergen,
                     f"{g.reaction_short} — no anaphylaxis recorded",
                     "Observation chart allergy box only (handwritten, 12/03, J.K. RN); not on the MAR header or the "
                     "discharge summary"]])
    doc.add_paragraph(
        f"{g.allergen}: {g.reaction_short.lower()}, reported by the daughter and handwritten on the observation chart on "
        "12/03. This is the only allergy in the records. It is not on the discharge summary or the pharmacy-printed "
        "MAR header, which both say NKDA (no known drug allergies).")
    doc.add_heading("Discrepancies", 2)
    bullets(doc, [
        "Allergy: the discharge summary says NKDA, which is not correct — the chart documents a penicillin allergy. "
        "Safety concern: she was discharged on amoxicillin-clavulanate, a penicillin, and the summary does not mention "
        "the allergy; the prescription must be reviewed urgently.",
        f"Ceftriaxone: the summary states five days of IV ceftriaxone; the MAR shows only {cef.doses} doses, since the "
        f"day {g.omitted_day()} dose was not given (cannula tissued).",
        f"Azithromycin: no discrepancy ({azi.doses} doses, stopped 13/03 as the summary says).",
        f"Enoxaparin: the summary does not mention the held day 1 dose; the MAR shows {enx.doses} doses.",
    ])
    doc.add_heading("Narrative", 2)
    doc.add_paragraph(
        f"Admitted on {d[0].date} with community-acquired pneumonia, febrile from arrival ({d[0].temp} °C maximum on "
        "day 1). The discharge summary does not give the peak, but the chart shows it clearly: "
        f"{pk.temp} °C on hospital day {pk.n} ({pk.date[:5]}) at {g.peak_time}, with pulse {pk.pulse} bpm.")
    doc.add_paragraph(
        f"The fever did not settle at once — {d[2].temp} °C on day 3 — but came down to {d[3].temp} °C on day 4 and "
        f"{d[4].temp} °C on day 5. No further fever was charted before discharge home on day 5.")
    reply = (
        "Done — `chart_abstract.docx` is written.\n\n"
        f"The peak was {pk.temp} °C on hospital day {pk.n} at {g.peak_time} (not on admission). Ceftriaxone was given "
        f"{cef.doses} times, not five: day {g.omitted_day()} was omitted. The allergy is penicillin (hives), which is not "
        "on the discharge summary.\n\n"
        f"Peak temperature (°C): {pk.temp}\n"
        f"Peak hospital day: {pk.n}\n"
        f"Peak time: {g.peak_time}\n"
        f"Ceftriaxone doses given: {cef.doses} (not 5)\n"
        f"Allergy: {g.allergen} – {g.reaction_short.lower()}; not on the discharge summary (NKDA)\n"
        "Safety concern: discharged on amoxicillin-clavulanate although the penicillin allergy was not transcribed "
        "to the discharge summary\n")
    write(out, doc, reply)


def verbose_annotated(g: Facts, out: Path) -> None:
    """Every statement tagged with its source record in brackets and annotated in place, as an
    abstractor writing for an audit trail: the allergen cell says where the allergy is NOT
    recorded, comments cite the MAR codes, reply lines carry trailing context."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    doc.add_paragraph(f"{g.name} [all records] — MRN {g.mrn} [all records] — admitted {g.admitted} [summary, MAR label] — "
                      f"discharged {g.discharged} [summary].")
    doc.add_heading("Vital signs [observation chart]", 2)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d])
    doc.add_paragraph("[chart] Values are the highest plotted points per day; none are written as numbers on the form.")
    doc.add_heading("Medication administration [MAR]", 2)
    add_table(doc, [MEDS_HEAD,
                    [cef.name, cef.doses, f"[MAR] ✓ days {g.given_days('ceftriaxone')}; day {g.omitted_day()} circled "
                                          "'O' with 'cannula tissued' = omitted. [Summary] claims five days."],
                    [azi.name, azi.doses, "[MAR] ✓ days 1–2; 'DISCONTINUED 13/3 Dr Okafor'. [Summary] stopped after "
                                          "negative Legionella antigen."],
                    [par.name, par.doses, f"[MAR, PRN section] {g.prn_times()}."],
                    [enx.name, enx.doses, "[MAR] day 1 circled 'H' (plt pending) = held; ✓ days 2–4; day 5 "
                                          "'discharged'."]])
    doc.add_heading("Allergies", 2)
    add_table(doc, [ALLERGY_HEAD,
                    [f"{g.allergen} (not on the discharge summary, which says NKDA)", f"{g.reaction_short} (per daughter)",
                     "Observation chart allergy box, handwritten 12/03, J.K. RN"]])
    doc.add_paragraph(f"[chart] {g.allergen.upper()} – {g.reaction_short.lower()}, handwritten in red over a "
                      "struck-through NKDA, 12/03, J.K. RN. [summary] NKDA. [MAR header] NKDA.")
    doc.add_heading("Discrepancies", 2)
    bullets(doc, [
        "[summary vs chart] Allergy: NKDA vs penicillin (hives). Safety concern: the discharge medication "
        "amoxicillin-clavulanate is a penicillin, prescribed to a patient with a documented penicillin allergy — "
        "escalate to the discharging team and pharmacy.",
        f"[summary vs MAR] Ceftriaxone: 'completed five days' vs {cef.doses} doses given (day {g.omitted_day()} omitted, "
        "cannula tissued).",
        f"[summary vs MAR] Enoxaparin: 'once daily' vs {enx.doses} doses (day 1 held, day 5 discharged before the dose).",
    ])
    doc.add_heading("Narrative", 2)
    doc.add_paragraph(
        f"[summary] Community-acquired pneumonia, right lower lobe, CURB-65 2; febrile on arrival. [chart] Day 1 "
        f"maximum {d[0].temp} °C. The temperature peaked at {pk.temp} °C on hospital day {pk.n} ({pk.date[:5]}) at "
        f"{g.peak_time}, pulse {pk.pulse} bpm; [chart annotation] paracetamol 1 g PO at 14:20, doctor informed.")
    doc.add_paragraph(
        f"[chart] Second spike {d[2].temp} °C on day 3 (blood cultures ×2), then {d[3].temp} °C on day 4 (room air) and "
        f"{d[4].temp} °C on day 5. [summary] Discharged home {g.discharged}.")
    reply = (
        "Abstraction saved to `chart_abstract.docx`; each statement in it is tagged with its source record.\n\n"
        f"Peak {pk.temp} °C on hospital day {pk.n} at {g.peak_time} [chart]. Ceftriaxone: {cef.doses} doses actually given "
        f"[MAR], not the five days the summary claims. Allergy: penicillin (hives) [chart only] — the patient went home "
        "on amoxicillin-clavulanate.\n\n"
        f"Peak temperature (°C): {pk.temp}\n"
        f"Peak hospital day: {pk.n}\n"
        f"Peak time: {g.peak_time} (paracetamol 1 g given at 14:20)\n"
        f"Ceftriaxone doses given: {cef.doses} — days {g.given_days('ceftriaxone')}\n"
        f"Allergy: {g.allergen} ({g.reaction_short.lower()}) [observation chart]\n"
        "Safety concern: amoxicillin-clavulanate on discharge despite the documented penicillin allergy\n")
    write(out, doc, reply)


def formats(g: Facts, out: Path) -> None:
    """The same values in other formats: ISO and long dates, 12-hour times, °C / °F, capitalised
    drug names, words for ordinals, bold Markdown labels in the reply."""
    pk, cef, azi, par, enx = g.peak, g.med("ceftriaxone"), g.med("azithromycin"), g.med("paracetamol"), g.med("enoxaparin")
    d = g.days

    def long(x: Day) -> str:
        return x.iso.strftime("%a %d %b %Y")  # e.g. Mon 11 Mar 2024

    def iso(s: str) -> str:
        dd, mm, rest = s.split("/")
        yyyy, *time = rest.split(" ")
        return f"{yyyy}-{mm}-{dd}" + (f" {time[0]}" if time else "")

    ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    twelve = clock12(g.peak_time)
    doc = Document()
    doc.add_heading("Chart abstraction", 1)
    doc.add_paragraph(f"Patient {g.name.upper()} | MRN {g.mrn} | DOB {iso(g.dob)} | Admission {iso(g.admitted)} | "
                      f"Discharge {iso(g.discharged)}")
    doc.add_heading("1. Vitals", 2)
    add_table(doc, [VITALS_HEAD] + [[str(x.n), long(x), x.temp, x.pulse] for x in d], style="Medium Shading 1 Accent 1")
    doc.add_heading("2. Medications", 2)
    add_table(doc, [MEDS_HEAD,
                    ["CEFTRIAXONE 2 g IV o.d.", cef.doses,
                     f"Omitted on day {g.omitted_day()} ({iso(g.date_of(int(g.omitted_day())))}): code 'O', cannula tissued."],
                    ["AZITHROMYCIN 500 mg PO o.d.", azi.doses, f"DC'd {iso(g.date_of(3))} (Legionella Ag negative)."],
                    ["PARACETAMOL 1 g PO q6h PRN", par.doses, f"PRN ×{par.doses}: {prn12(g.prn_times())}."],
                    ["ENOXAPARIN 40 mg SC o.d.", enx.doses, f"Day 1 held ('H', plt pending); day 5 n/a (d/c {clock12(g.discharged.split()[1])})."]],
              style="Medium Shading 1 Accent 1")
    doc.add_heading("3. Allergies", 2)
    add_table(doc, [ALLERGY_HEAD, [g.allergen.upper(), "Urticaria/hives (per daughter)",
                                   f"TPR chart SAG-NUR-014, handwritten {iso(g.date_of(2))}, J.K. RN"]],
              style="Medium Shading 1 Accent 1")
    doc.add_paragraph(f"{g.allergen.upper()} → urticaria/hives. Source: TPR (observation) chart, handwritten entry of "
                      f"{d[1].iso.strftime('%d %B %Y')}. Discharge summary & MAR header: NKDA.")
    doc.add_heading("4. Discrepancies", 2)
    bullets(doc, [
        "Allergy status: discharge summary = NKDA ≠ TPR chart = PENICILLIN (urticaria/hives). ⚠ SAFETY: d/c Rx is "
        "amoxicillin-clavulanate 625 mg PO t.d.s. — a penicillin. Review the Rx urgently; update the allergy record.",
        f"Ceftriaxone: summary = five days IV; MAR = {cef.doses} doses (day {g.omitted_day()} omitted, cannula tissued).",
        f"Enoxaparin: summary = daily prophylaxis; MAR = {enx.doses} doses (day 1 held, day 5 n/a).",
    ])
    doc.add_heading("5. Narrative", 2)
    doc.add_paragraph(
        f"CAP, right lower lobe, CURB-65 = 2. T on arrival 38.1 °C / 100.6 °F (10 a.m.); day 1 max {d[0].temp} °C. The "
        f"temperature peaked at {pk.temp} °C / {c_to_f(pk.temp)} °F at {twelve} on {pk.iso.isoformat()}, the "
        f"{ordinal[pk.n]} hospital day (HR {pk.pulse}/min); PCM 1 g PO given at 2:20 p.m.")
    doc.add_paragraph(
        f"Fever course: {d[2].temp} °C (day 3, blood cultures ×2) → {d[3].temp} °C (day 4, room air) → {d[4].temp} °C "
        f"(day 5, HR {d[4].pulse}/min). Discharged home {iso(g.discharged)}.")
    reply = (
        f"`chart_abstract.docx` saved. Peak {pk.temp} °C ({c_to_f(pk.temp)} °F) on day {pk.n} "
        f"({pk.iso.isoformat()}) at {g.peak_time} h; ceftriaxone ×{cef.doses} actually given; allergy: PENICILLIN "
        "(urticaria/hives) — discharged on co-amoxiclav, please escalate.\n\n"
        f"**Peak temperature (°C):** {float(pk.temp):.2f}\n"
        f"**Peak hospital day:** {pk.n}\n"
        f"**Peak time:** {g.peak_time}\n"
        f"**Ceftriaxone doses given:** {cef.doses}\n"
        f"**Allergy:** {g.allergen.upper()} (urticaria/hives)\n"
        "**Safety concern:** co-amoxiclav (amoxicillin-clavulanate) on discharge despite penicillin allergy\n")
    write(out, doc, reply)


def clock12(hhmm: str) -> str:
    hh, mm = (int(x) for x in hhmm.split(":"))
    return f"{hh % 12 or 12}{'' if mm == 0 else f':{mm:02d}'} {'p.m.' if hh >= 12 else 'a.m.'}"


def prn12(times: str) -> str:
    """'11/03 14:20, 22:10; 12/03 06:05' -> '2:20 p.m. & 10:10 p.m. (11 Mar); 6:05 a.m. (12 Mar)'."""
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    parts = []
    for chunk in times.split(";"):
        day, rest = chunk.strip().split(" ", 1)
        dd, mm = day.split("/")
        clocks = [clock12(t.strip()) for t in rest.split(",")]
        parts.append(f"{' & '.join(clocks)} ({int(dd)} {months[int(mm) - 1]})")
    return "; ".join(parts)


def other_tools(g: Facts, out: Path) -> None:
    """Gold's content written as HTML and converted to .docx by LibreOffice (no python-docx)."""
    e = html.escape
    docx_gold = Document(g.gold / DOC)

    def table(t) -> str:
        rows = []
        for i, r in enumerate(t.rows):
            tag = "th" if i == 0 else "td"
            rows.append("<tr>" + "".join(f"<{tag}>{e(c.text)}</{tag}>" for c in r.cells) + "</tr>")
        return f'<table border="1" cellpadding="4" cellspacing="0">{rows[0]}{"".join(rows[1:])}</table>'

    body = []
    tables = iter(docx_gold.tables)
    from docx.oxml.ns import qn
    from docx.table import Table
    from docx.text.paragraph import Paragraph
    in_list = False
    for el in docx_gold.element.body.iterchildren():
        if el.tag == qn("w:p"):
            p = Paragraph(el, docx_gold)
            style = p.style.name.lower()
            if not p.text.strip():
                continue
            if style.startswith("list") and not in_list:
                body.append("<ul>")
                in_list = True
            elif not style.startswith("list") and in_list:
                body.append("</ul>")
                in_list = False
            if style.startswith("heading"):
                lvl = style.split()[-1]
                body.append(f"<h{lvl}>{e(p.text)}</h{lvl}>")
            elif style.startswith("list"):
                body.append(f"<li>{e(p.text)}</li>")
            else:
                body.append(f"<p>{e(p.text)}</p>")
        elif el.tag == qn("w:tbl"):
            if in_list:
                body.append("</ul>")
                in_list = False
            body.append(table(Table(el, docx_gold)))
    if in_list:
        body.append("</ul>")
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Chart abstraction</title>"
            "<style>body{font-family:Arial,sans-serif} th{background:#ddd}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
    work = Path(tempfile.mkdtemp(prefix="alt-html-", dir=os.environ.get("HOME", "/tmp")))
    (work / "chart_abstract.html").write_text(page, encoding="utf-8")
    soffice(["--convert-to", "docx:MS Word 2007 XML", "--outdir", str(work / "out"), str(work / "chart_abstract.html")], work)
    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    shutil.copy(work / "out" / "chart_abstract.docx", out / "deliverables" / DOC)
    shutil.rmtree(work, ignore_errors=True)
    (out / REPLY).write_text(g.reply_text)


def other_tools_writer(g: Facts, out: Path) -> None:
    """Gold's document opened and re-saved by LibreOffice Writer (docx -> odt -> docx), as when a
    reviewer edits it in Writer; the reply as gold."""
    work = Path(tempfile.mkdtemp(prefix="alt-lo-", dir=os.environ.get("HOME", "/tmp")))
    shutil.copy(g.gold / DOC, work / "chart_abstract.docx")
    soffice(["--convert-to", "odt", "--outdir", str(work / "odt"), str(work / "chart_abstract.docx")], work)
    soffice(["--convert-to", "docx:MS Word 2007 XML", "--outdir", str(work / "docx"), str(work / "odt" / "chart_abstract.odt")], work)
    (out / "deliverables").mkdir(parents=True, exist_ok=True)
    shutil.copy(work / "docx" / "chart_abstract.docx", out / "deliverables" / DOC)
    shutil.rmtree(work, ignore_errors=True)
    (out / REPLY).write_text(g.reply_text)


def minimal(g: Facts, out: Path) -> None:
    """Only what the prompt asks: a Title-style heading, the episode line, three bare tables, one
    sentence or two per section, the six labelled lines."""
    pk, cef = g.peak, g.med("ceftriaxone")
    d = g.days
    doc = Document()
    doc.add_heading("Chart abstraction", 0)
    doc.add_paragraph(f"{g.name}, MRN {g.mrn}, admitted {g.admitted.split()[0]}, discharged {g.discharged.split()[0]}.")
    add_table(doc, [VITALS_HEAD] + [[str(x.n), x.date, x.temp, x.pulse] for x in d], style=None, bold_header=False)
    doc.add_paragraph()
    add_table(doc, [MEDS_HEAD] + [[k.capitalize(), g.med(k).doses, c] for k, c in (
        ("ceftriaxone", f"Day {g.omitted_day()} dose omitted (cannula tissued)."),
        ("azithromycin", "Discontinued 13/03."),
        ("paracetamol", "PRN."),
        ("enoxaparin", "Day 1 held (platelets pending); day 5 not given (discharged)."))], style=None, bold_header=False)
    doc.add_heading("Allergies", 1)
    doc.add_paragraph(f"{g.allergen} ({g.reaction_short.lower()}): handwritten on the observation chart, 12/03. The "
                      "discharge summary and MAR header say NKDA.")
    add_table(doc, [ALLERGY_HEAD, [g.allergen, g.reaction_short, "Observation chart (handwritten)"]], style=None,
              bold_header=False)
    doc.add_heading("Discrepancies", 1)
    doc.add_paragraph("Discharge summary says NKDA; the observation chart documents a penicillin allergy. Safety "
                      "concern: discharged on amoxicillin-clavulanate, a penicillin.")
    doc.add_paragraph(f"Discharge summary says five days of ceftriaxone; the MAR shows {cef.doses} doses (day "
                      f"{g.omitted_day()} omitted).")
    doc.add_heading("Narrative", 1)
    doc.add_paragraph(
        f"Admitted with community-acquired pneumonia. Temperature {d[0].temp} °C on day 1, peak {pk.temp} °C on day "
        f"{pk.n} at {g.peak_time}, then {d[2].temp} °C on day 3, {d[3].temp} °C on day 4 and {d[4].temp} °C on day 5. "
        "Discharged home on day 5.")
    reply = (
        "Written `chart_abstract.docx`.\n\n"
        f"Peak temperature (°C): {pk.temp}\n"
        f"Peak hospital day: {pk.n}\n"
        f"Peak time: {g.peak_time}\n"
        f"Ceftriaxone doses given: {cef.doses}\n"
        f"Allergy: {g.allergen} ({g.reaction_short.lower()})\n"
        "Safety concern: discharged on amoxicillin-clavulanate despite penicillin allergy\n")
    write(out, doc, reply)


ALTERNATES = {"paraphrase": paraphrase, "restructured": restructured, "verbose": verbose,
              "verbose_caveats": verbose_caveats, "verbose_annotated": verbose_annotated, "formats": formats, "other_tools": other_tools,
              "other_tools_writer": other_tools_writer, "minimal": minimal}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--only", nargs="*", help="build only these alternates")
    args = ap.parse_args()
    facts = read_gold(args.gold)
    for name, build in ALTERNATES.items():
        if args.only and name not in args.only:
            continue
        out = args.out / name
        shutil.rmtree(out, ignore_errors=True)
        (out / "deliverables").mkdir(parents=True)
        build(facts, out)


if __name__ == "__main__":
    main()
