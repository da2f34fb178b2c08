"""Build the contract_redline_review alternates (correct memos in other styles) from the gold.

    python3 make_alternates.py --gold /task/gold --out /out

The task is reply-only: every alternate is a memo (final_reply.md) stating the same facts as
gold/final_reply.md and keeping every explicit instruction of prompt.md (the lines
`Received: <date>`, `Signatory: <name>`, `Signature date: <date>` with dates written like
`3 April 2025`; a table with the columns `Clause | Subject | Original term |
New term (as marked) | Initialled (Yes/No)`, the clause number as in the agreement, values
with units or currency, a deletion said to be one, exactly Yes or No, no clause that was not
amended; `Total amendments: N` on its own line; `Missing initials: <clauses>` first in the
recommendation). Only the style differs. The facts are read from the gold memo (`Facts`,
which fails loudly when the gold no longer holds a value it looks for), so the alternates
follow the gold when it changes; the prose around them is each alternate's own.
Alternates written (see alternates.yaml):

  paraphrase      same structure, every sentence reworded, synonyms in Subject and term cells
  restructured    bottom line first, numbered dates list, a details table, rows ordered by risk
                  with bold clause numbers, `###` sub-headings inside the recommendation
  chat_markdown   chat-assistant style: bold labels (`**Received:** 11 March 2025`), emoji
                  headings, bold header cells, a closing offer to draft the reply
  verbose         every answer with correct context beside it: the handwritten forms, the
                  cover letter's 6 March 2025, the cancelled "60" next to the 45, +GBP 150,000
                  (+60 %), "doubled from 60", notes in brackets on the Missing initials line
  formats         other formats for the same values: "forty-five (45) days", "£250k" / "£400k",
                  "120-day notice", "Total amendments: five", "cl. 9.2; cl. 12.2", ISO and
                  dd/mm/yyyy dates in the prose
  other_tools     the memo as a word processor exports it to Markdown (pandoc style: hard
                  breaks as trailing backslashes, padded pipe table with alignment colons,
                  curly quotes, text wrapped at 72 columns), with memo.docx (LibreOffice) and
                  memo.pdf (weasyprint) of the same memo delivered alongside
  redline_markup  the gold memo with its New term cells written as a redline: the struck
                  original in Markdown strike-through, the new value in bold
  minimal         only what the prompt asks for: the three lines, the table, the total, the
                  Missing initials line and two sentences
Runs in the sandbox image (python3, LibreOffice, weasyprint); no network, no clock, no randomness."""

from __future__ import annotations

import argparse
import html
import re
import shutil
import subprocess
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPLY = "final_reply.md"
CLAUSES = ("4.2", "7.3", "8.1", "9.2", "12.2")
HEADER = "| Clause | Subject | Original term | New term (as marked) | Initialled (Yes/No) |"
SEP = "|---|---|---|---|---|"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def need(pattern: str, text: str, what: str, flags: int = 0) -> re.Match[str]:
    m = re.search(pattern, text, flags)
    if not m:
        raise SystemExit(f"make_alternates: {what}: pattern {pattern!r} not found in the gold")
    return m


def num(text: str, what: str) -> int:
    """The one number of a gold cell, commas removed ('GBP 250,000 in ...' -> 250000)."""
    m = need(r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(?![\d.])", text, what)
    return int(m.group(1).replace(",", ""))


def words(n: int) -> str:
    ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    if n < 20:
        return ones[n]
    if n < 100:
        return tens[n // 10] + ("" if n % 10 == 0 else "-" + ones[n % 10])
    if n < 1000:
        rest = n % 100
        return ones[n // 100] + " hundred" + ("" if rest == 0 else " and " + words(rest))
    raise ValueError(n)


def gbp(n: int) -> str:
    return f"GBP {n:,}"


def iso(d: str) -> str:
    day, month, year = d.split()
    return f"{year}-{MONTHS.index(month) + 1:02d}-{int(day):02d}"


def dmy(d: str) -> str:
    day, month, year = d.split()
    return f"{int(day):02d}/{MONTHS.index(month) + 1:02d}/{year}"


@dataclass
class Facts:
    received: str
    received_hand: str
    stamp_page: str
    signatory: str
    title: str
    signed: str
    signed_hand: str
    sig_page: str
    pay_old: int
    pay_new: int
    pay_cancelled: int
    nonsol_months: int
    warr_old: int
    warr_new: int
    cap_old: int
    cap_new: int
    notice_old: int
    notice_new: int
    initialled: dict[str, str]
    total: int
    missing: list[str]
    initials: str
    other_initials: str
    counsel: str
    counsel_title: str
    variation: str
    tick: str
    letter_date: str

    @classmethod
    def read(cls, gold: Path) -> "Facts":
        t = (gold / REPLY).read_text(encoding="utf-8")
        rows: dict[str, list[str]] = {}
        for line in t.splitlines():
            if line.lstrip().startswith("|"):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if re.fullmatch(r"\d+\.\d+", cells[0]):
                    rows[cells[0]] = cells
        if tuple(rows) != CLAUSES:
            raise SystemExit(f"make_alternates: the gold table has rows {list(rows)}, expected {list(CLAUSES)}")
        sig = need(r"^- Signatory: ([^,\n]+), (.+)$", t, "signatory", re.M)
        missing = need(r"^Missing initials: (.+)$", t, "missing initials", re.M).group(1)
        tw = need(r'The initials beside [\d.]+ are "(\w+)" \(apparently ([^,]+), Harbourline\'s ([^,]+), who signs '
                  r'the covering letter\), not the signatory\'s "(\w+)"', t, "other initials")
        return cls(
            received=need(r"^- Received: (.+)$", t, "received", re.M).group(1),
            received_hand=need(r'wrote by hand \("([^"]+)"\)', t, "stamp handwriting").group(1),
            stamp_page=need(r"RECEIVED stamp of [^.]*? on page (\d+)", t, "stamp page").group(1),
            signatory=sig.group(1), title=sig.group(2),
            signed=need(r"^- Signature date: (.+)$", t, "signature date", re.M).group(1),
            signed_hand=need(r'dated it "([^"]+)"', t, "signature handwriting").group(1),
            sig_page=need(r"signed her block on page (\d+)", t, "signature page").group(1),
            pay_old=num(rows["4.2"][2], "4.2 original"), pay_new=num(rows["4.2"][3], "4.2 new"),
            pay_cancelled=int(need(r'a first figure "(\d+)" is scribbled out', t, "4.2 cancelled figure").group(1)),
            nonsol_months=num(rows["7.3"][2], "7.3 original"),
            warr_old=num(rows["8.1"][2], "8.1 original"), warr_new=num(rows["8.1"][3], "8.1 new"),
            cap_old=num(rows["9.2"][2], "9.2 original"), cap_new=num(rows["9.2"][3], "9.2 new"),
            notice_old=num(rows["12.2"][2], "12.2 original"), notice_new=num(rows["12.2"][3], "12.2 new"),
            initialled={c: rows[c][4] for c in CLAUSES},
            total=int(need(r"^Total amendments: (\d+)", t, "total", re.M).group(1)),
            missing=re.findall(r"\d+\.\d+", missing),
            initials=tw.group(4), other_initials=tw.group(1), counsel=tw.group(2), counsel_title=tw.group(3),
            variation=need(r"Under clause (\d+\.\d+) a variation", t, "variation clause").group(1),
            tick=need(r"The tick beside clause (\d+\.\d+)", t, "tick").group(1),
            # the covering letter's date is in no gold sentence; read from the letter (PDF text layer)
            letter_date="6 March 2025",
        )

    def check(self) -> None:
        """The alternates' prose encodes which amendments are initialled; stop if the gold's change."""
        expected = {"4.2": "Yes", "7.3": "Yes", "8.1": "Yes", "9.2": "No", "12.2": "No"}
        if self.initialled != expected or self.missing != ["9.2", "12.2"] or self.total != len(CLAUSES):
            raise SystemExit(f"make_alternates: gold conclusions changed: {self.initialled}, {self.missing}, {self.total}")

    @property
    def cap_up(self) -> int:
        return self.cap_new - self.cap_old

    @property
    def cap_pct(self) -> int:
        return round(100 * self.cap_up / self.cap_old)

    def k(self, n: int) -> str:
        return f"£{n // 1000}k"


def table(rows: list[list[str]], header: str = HEADER, sep: str = SEP) -> str:
    return "\n".join([header, sep] + ["| " + " | ".join(r) + " |" for r in rows])


# ============================================================================ paraphrase
def paraphrase(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["4.2", "Invoice payment period", f"{f.pay_old} days after the invoice is received",
         f"{f.pay_new} days after the invoice is received", i["4.2"]],
        ["7.3", "Employee non-solicit", f"Mutual ban on poaching staff during the term and for {f.nonsol_months} months after",
         "Struck out in its entirety (margin note: 'Delete')", i["7.3"]],
        ["8.1", "Warranty", f"{f.warr_old} days after acceptance", f"{f.warr_new} days after acceptance", i["8.1"]],
        ["9.2", "Overall liability cap", f"{gbp(f.cap_old)} per Contract Year", f"{gbp(f.cap_new)} per Contract Year", i["9.2"]],
        ["12.2", "Notice to terminate for convenience", f"{f.notice_old} days' notice in writing",
         f"{f.notice_new} days' notice in writing", i["12.2"]],
    ]
    return f"""**Memorandum**

To: Dana Okafor, Senior Counsel
Subject: Harbourline Logistics' signed counterpart of MSA NWA-MSA-2025-014

- Received: {f.received}
- Signatory: {f.signatory} ({f.title})
- Signature date: {f.signed}

The receipt date is taken from page {f.stamp_page} of the scan, where our post room filled in "{f.received_hand}" by hand on the red RECEIVED stamp of Northwind Analytics - Legal. On page {f.sig_page}, Harbourline's CFO signed her block and added the date "{f.signed_hand}". Our own (Northwind) signature block is still blank.

{table(rows)}

Total amendments: {f.total}

Three of the changes bear the initials "{f.initials}"; the remaining two do not bear hers.

**Recommendation**

Missing initials: {f.missing[0]}, {f.missing[1]}

Before we countersign, Harbourline's signatory has to initial clauses {f.missing[0]} and {f.missing[1]}, or confirm them in writing.
- Clause {f.variation} makes a variation effective only once it is signed or initialled on behalf of each party, so if we agree to the changes, Northwind has to initial all five as well.
- The points that matter commercially are the two without her initials: the liability cap rises from {gbp(f.cap_old)} to {gbp(f.cap_new)} (GBP {f.cap_up:,} more per Contract Year) and the termination notice doubles from {f.notice_old} to {f.notice_new} days. Add {f.pay_new}-day payment, a {f.warr_new}-day warranty and the loss of the non-solicit, and every change works in Harbourline's favour; commercial and insurance should sign off before we countersign.
- The tick in the margin at clause {f.tick} (insurance, page 3) is a reviewer's tick rather than a change.
- In the 4.2 margin the first figure, "{f.pay_cancelled}", is scribbled out with "{f.pay_new}" beside it, so {f.pay_new} days is the term as marked. The initials at 12.2 read "{f.other_initials}" - apparently {f.counsel}, Harbourline's {f.counsel_title}, who signed the covering letter - and are not "{f.initials}", so we treat 12.2 as not initialled by the signatory.
"""


# ============================================================================ restructured
def restructured(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["**9.2**", "Limitation of liability - aggregate cap", f"{gbp(f.cap_old)} in each Contract Year",
         f"{gbp(f.cap_new)} in each Contract Year", i["9.2"]],
        ["**12.2**", "Termination for convenience - notice", f"{f.notice_old} days' written notice",
         f"{f.notice_new} days' written notice", i["12.2"]],
        ["**4.2**", "Payment terms", f"{f.pay_old} days from receipt of invoice", f"{f.pay_new} days from receipt of invoice", i["4.2"]],
        ["**7.3**", "Non-solicitation of employees", f"{f.nonsol_months}-month mutual non-solicitation",
         "Deleted (clause struck through, 'Delete' in the margin)", i["7.3"]],
        ["**8.1**", "Warranty period", f"{f.warr_old} days from acceptance", f"{f.warr_new} days from acceptance", i["8.1"]],
    ]
    return f"""# MSA NWA-MSA-2025-014 - Harbourline's returned counterpart

## Bottom line

Do not countersign yet. Harbourline's CFO made {words(f.total)} handwritten amendments; two of them ({f.missing[0]} and {f.missing[1]}) do not carry her initials and must be initialled or confirmed first, and all of them favour Harbourline.

## 1. Receipt and signature

1. Received: {f.received}
2. Signatory: {f.signatory}
3. Signature date: {f.signed}

| Item | What the scan shows | Where |
|---|---|---|
| RECEIVED stamp | Red stamp of Northwind Analytics - Legal, DATE line filled in by hand "{f.received_hand}" | p. {f.stamp_page} |
| Harbourline signature block | Signed by {f.signatory}, {f.title}, dated "{f.signed_hand}" | p. {f.sig_page} |
| Northwind signature block | Blank - not yet signed | p. {f.sig_page} |

## 2. Handwritten amendments

Un-initialled amendments first:

{table(rows)}

Total amendments: {f.total}

## 3. Recommendation

Missing initials: {f.missing[1]} and {f.missing[0]}

### Before we countersign

- Ask Harbourline to have {f.signatory} initial {f.missing[0]} and {f.missing[1]} (or confirm them in writing). The initials beside 12.2 are "{f.other_initials}" ({f.counsel}, {f.counsel_title}, who signs the covering letter), not hers.
- Under clause {f.variation} a variation takes effect only once signed or initialled on behalf of each party: if we accept the amendments, Northwind must initial all {words(f.total)} as well.

### Commercial points

- Liability cap {gbp(f.cap_old)} -> {gbp(f.cap_new)} (+GBP {f.cap_up:,} per Contract Year) and termination notice {f.notice_old} -> {f.notice_new} days are the material changes.
- With {f.pay_new}-day payment, a {f.warr_new}-day warranty and the non-solicitation clause gone, every amendment favours Harbourline; get commercial and insurance sign-off.

### Notes on the marks

- In the 4.2 margin a first figure "{f.pay_cancelled}" is scribbled out and "{f.pay_new}" written beside it: the term marked is {f.pay_new} days.
- The tick beside clause {f.tick} (insurance) on page 3 is a reviewer's mark, not an amendment.
"""


# ============================================================================ chat_markdown
def chat_markdown(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["4.2", "Payment terms", f"{f.pay_old} days from receipt of invoice", f"**{f.pay_new} days** from receipt of invoice", i["4.2"]],
        ["7.3", "Non-solicitation (employees)", f"{f.nonsol_months}-month mutual non-solicit", "**Deleted** in full", i["7.3"]],
        ["8.1", "Warranty period", f"{f.warr_old} days from acceptance", f"**{f.warr_new} days** from acceptance", i["8.1"]],
        ["9.2", "Liability cap (aggregate)", f"{gbp(f.cap_old)} per Contract Year", f"**{gbp(f.cap_new)}** per Contract Year", i["9.2"]],
        ["12.2", "Termination for convenience (notice)", f"{f.notice_old} days' written notice", f"**{f.notice_new} days'** written notice", i["12.2"]],
    ]
    header = "| **Clause** | **Subject** | **Original term** | **New term (as marked)** | **Initialled (Yes/No)** |"
    return f"""Hi Dana — I've compared Harbourline's scanned counterpart against our clean execution version. Here's the memo.

## 📬 Receipt & signature

**Received:** {f.received}
**Signatory:** {f.signatory}, {f.title}
**Signature date:** {f.signed}

*(The post room handwrote "{f.received_hand}" on the RECEIVED stamp on p.{f.stamp_page}; Ms Petrova dated her signature "{f.signed_hand}" on p.{f.sig_page}. Northwind's signature block is still blank.)*

## ✏️ Handwritten amendments

{table(rows, header=header)}

**Total amendments:** {f.total}

## ⚠️ Recommendation

**Missing initials:** {f.missing[0]}, {f.missing[1]}

Clause **{f.missing[0]}** has no initials at all, and the initials on **{f.missing[1]}** are "{f.other_initials}" ({f.counsel}, their {f.counsel_title}) — not the signatory's "{f.initials}". Both need her initials (or written confirmation) **before we countersign**.

Other things to watch:

- **Clause {f.variation}:** a variation only takes effect once signed or initialled on behalf of *each* party — so we'd need to initial all {f.total} amendments too if we accept them.
- **Commercial impact:** every change favours Harbourline. The big ones are the un-initialled cap increase ({gbp(f.cap_old)} → {gbp(f.cap_new)}, +GBP {f.cap_up:,} a Contract Year) and the doubled termination notice ({f.notice_old} → {f.notice_new} days). Worth getting commercial and insurance sign-off.
- **Clause 4.2:** the margin shows a scribbled-out "{f.pay_cancelled}" next to "{f.pay_new}" — {f.pay_new} days is the live figure.
- **Clause {f.tick}:** the tick in the margin is just a reviewer's mark, not an amendment.

Happy to draft the cover email back to Harbourline asking for the missing initials if that helps!
"""


# ============================================================================ verbose
def verbose(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["4.2", "Fees and payment - payment term for valid, undisputed invoices",
         f"{words(f.pay_old)} ({f.pay_old}) days of the date of receipt of the invoice",
         f"{f.pay_new} days from receipt of invoice (a first margin figure \"{f.pay_cancelled}\" is scribbled out and "
         f"\"{f.pay_new}\" written beside it; +{f.pay_new - f.pay_old} days)", i["4.2"]],
        ["7.3", "Personnel - mutual non-solicitation of employees",
         f"{words(f.nonsol_months)} ({f.nonsol_months})-month mutual non-solicitation of employees engaged in the Services, during the term and after termination",
         "Deleted in full - the clause is boxed and crossed through, with 'Delete' in the margin; no replacement wording", i["7.3"]],
        ["8.1", "Warranties - warranty period for Deliverables",
         f"{words(f.warr_old)} ({f.warr_old}) days from acceptance by the Customer",
         f"{f.warr_new} days from acceptance (doubled, +{f.warr_new - f.warr_old} days)", i["8.1"]],
        ["9.2", "Limitation of liability - total aggregate cap (subject to 9.1)",
         f"{gbp(f.cap_old)} in each Contract Year",
         f"{gbp(f.cap_new)} in each Contract Year (+GBP {f.cap_up:,}, +{f.cap_pct} %)", i["9.2"]],
        ["12.2", "Termination for convenience - notice period",
         f"{words(f.notice_old)} ({f.notice_old}) days' written notice",
         f"{f.notice_new} days' written notice (doubled from {f.notice_old})", i["12.2"]],
    ]
    return f"""**Memo: returned counterpart of the Master Services Agreement NWA-MSA-2025-014 (Harbourline Logistics Ltd)**

To: Dana Okafor, Senior Counsel, Northwind Analytics
Re: handwritten amendments on Harbourline's signed counterpart (four scanned pages) and their covering letter of {f.letter_date}

I compared each page of the scan, clause by clause, with our clean execution version (DOCX) and read the covering letter.

- Received: {f.received} (handwritten "{f.received_hand}" on the DATE line of our red RECEIVED stamp, scan p. {f.stamp_page}; the covering letter itself is dated {f.letter_date})
- Signatory: {f.signatory}, Chief Financial Officer of Harbourline Logistics Ltd (handwritten name in their signature block, scan p. {f.sig_page}; the letter only says "our Chief Financial Officer")
- Signature date: {f.signed} (written "{f.signed_hand}" against her signature, UK day/month order - the day before the {f.letter_date} covering letter and six days before receipt)

The Northwind Analytics signature block on p. {f.sig_page} (signature, name, title and date lines) is still blank.

{table(rows)}

Total amendments: {f.total} (clauses 4.2, 7.3, 8.1, 9.2 and 12.2; the tick beside clause {f.tick} is not an amendment)

Three amendments (4.2, 7.3 and 8.1) carry {f.signatory}'s initials "{f.initials}"; 9.2 carries no initials at all, and the initials beside 12.2 are "{f.other_initials}", not hers.

**Recommendation**

Missing initials: {f.missing[0]} (no initials at all) and {f.missing[1]} (initialled "{f.other_initials}" by {f.counsel}, not by the signatory)

Neither {f.missing[0]} nor {f.missing[1]} is initialled by Harbourline's signatory, so both must be initialled by her (or otherwise confirmed in writing) before we countersign. I would not countersign the counterpart as it stands.

- **Variation formalities.** Clause {f.variation} says no variation is effective unless it is in writing and signed or initialled by or on behalf of each party. The covering letter (signed by {f.counsel}, {f.counsel_title}) repeats this and asks us to initial the amendments. If we accept any of them, Northwind must initial each accepted amendment - all {words(f.total)} if we accept all of them - and sign the blank Northwind block.
- **Liability cap (9.2).** The cap goes from {gbp(f.cap_old)} to {gbp(f.cap_new)} in each Contract Year, an increase of GBP {f.cap_up:,} (+{f.cap_pct} %). This is the most material change, and it is one of the two that the signatory has not initialled; our insurers should confirm cover before we agree it (clause 10.1 requires us, as Supplier, to carry professional indemnity insurance of at least GBP 2,000,000 per claim).
- **Termination notice (12.2).** Doubled from {f.notice_old} to {f.notice_new} days' written notice; it applies to either party, and the initials beside it are "{f.other_initials}", apparently {f.counsel}'s, not the signatory's "{f.initials}".
- **The initialled changes.** Payment moves from {f.pay_old} to {f.pay_new} days (+{f.pay_new - f.pay_old} days of cash-flow), the warranty from {f.warr_old} to {f.warr_new} days, and the mutual non-solicitation clause (7.3) is deleted. Together with the two above, every amendment favours Harbourline; I suggest commercial and insurance sign-off before countersigning.
- **Marks that are not amendments.** In the 4.2 margin the first figure "{f.pay_cancelled}" is scribbled out and "{f.pay_new}" written beside it, so {f.pay_new} days is the term marked (not {f.pay_cancelled}). The tick beside clause {f.tick} (insurance) on p. 3 is a reviewer's mark with no change to the text.
"""


# ============================================================================ formats
def formats(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["4.2", "Payment terms", f"{words(f.pay_old)} ({f.pay_old}) days", f"{words(f.pay_new)} ({f.pay_new}) days", i["4.2"]],
        ["7.3", "Non-solicitation", f"{f.nonsol_months}-mo. mutual non-solicit", "DELETED", i["7.3"]],
        ["8.1", "Warranty", f"{f.warr_old}-day warranty", f"{f.warr_new}-day warranty", i["8.1"]],
        ["9.2", "Liability cap", f"{f.k(f.cap_old)} per Contract Year", f"{f.k(f.cap_new)} per Contract Year", i["9.2"]],
        ["12.2", "Termination notice", f"{f.notice_old}-day notice", f"{f.notice_new}-day notice", i["12.2"]],
    ]
    sep = "|:---:|:---|---:|---:|:---:|"
    return f"""MEMO - MSA NWA-MSA-2025-014 (Harbourline), returned counterpart

Received: {f.received}
Signatory: {f.signatory}, CFO
Signature date: {f.signed}

(Stamp p.{f.stamp_page}: {dmy(f.received)}; signature p.{f.sig_page}: {iso(f.signed)}; cover letter: {iso(f.letter_date)}. Northwind block: blank.)

{table(rows, sep=sep)}

Total amendments: five

Initialled "{f.initials}": 3/5. Not initialled by the signatory: 2/5.

RECOMMENDATION

Missing initials: cl. {f.missing[0]}; cl. {f.missing[1]}

- cl. {f.missing[0]}: no initials; cl. {f.missing[1]}: initials "{f.other_initials}" ({f.counsel}) ≠ signatory - both to be initialled/confirmed before we countersign.
- cl. {f.variation}: variation effective only if signed/initialled by each party → Northwind to initial all 5 if accepted.
- Exposure: cap {f.k(f.cap_old)} → {f.k(f.cap_new)} (+{f.k(f.cap_up)}, +{f.cap_pct}%); notice {f.notice_old}d → {f.notice_new}d; payment {f.pay_old}d → {f.pay_new}d; warranty {f.warr_old}d → {f.warr_new}d; non-solicit deleted. All in Harbourline's favour - commercial + insurance sign-off advised.
- cl. 4.2 margin: "{f.pay_cancelled}" scribbled out, "{f.pay_new}" beside it → {f.pay_new}d. cl. {f.tick}: tick only (no amendment).
"""


# ============================================================================ other_tools
def other_tools(f: Facts, work: Path) -> tuple[str, dict[str, bytes]]:
    i = f.initialled
    rows = [
        ["4.2", "Payment terms", f"thirty ({f.pay_old}) days from receipt of invoice", f"{f.pay_new} days from receipt of invoice", i["4.2"]],
        ["7.3", "Non-solicitation of employees", f"{f.nonsol_months}-month mutual non-solicitation of employees",
         "Clause deleted in full (struck through, \u201cDelete\u201d in margin)", i["7.3"]],
        ["8.1", "Warranty period", f"ninety ({f.warr_old}) days from acceptance", f"{f.warr_new} days from acceptance", i["8.1"]],
        ["9.2", "Limitation of liability (aggregate cap)", f"{gbp(f.cap_old)} in each Contract Year", f"{gbp(f.cap_new)} in each Contract Year", i["9.2"]],
        ["12.2", "Termination for convenience (notice period)", f"sixty ({f.notice_old}) days\u2019 written notice",
         f"{f.notice_new} days\u2019 written notice", i["12.2"]],
    ]
    if words(f.pay_old) != "thirty" or words(f.warr_old) != "ninety" or words(f.notice_old) != "sixty":
        raise SystemExit("make_alternates: gold original terms changed")
    head = ["Clause", "Subject", "Original term", "New term (as marked)", "Initialled (Yes/No)"]
    paras = {
        "dates": [f"Received: {f.received}", f"Signatory: {f.signatory}, {f.title}", f"Signature date: {f.signed}"],
        "intro": (f"The received date is the one our post room wrote by hand (\u201c{f.received_hand}\u201d) on the red "
                  f"RECEIVED stamp of Northwind Analytics \u2013 Legal on page {f.stamp_page} of the scan; Harbourline\u2019s "
                  f"CFO signed her block on page {f.sig_page} and dated it \u201c{f.signed_hand}\u201d. The Northwind "
                  "Analytics signature block is still blank."),
        "count": f"Three of the amendments carry the initials \u201c{f.initials}\u201d and two do not.",
        "rec": (f"Clauses {f.missing[0]} and {f.missing[1]} are not initialled by Harbourline\u2019s signatory and must be "
                "initialled (or otherwise confirmed in writing) before we countersign."),
        "bullets": [
            f"Under clause {f.variation} a variation only takes effect once signed or initialled on behalf of each party, "
            f"so all {words(f.total)} amendments also need Northwind\u2019s initials if we accept them.",
            f"Commercially, the un-initialled liability cap increase ({gbp(f.cap_old)} to {gbp(f.cap_new)}, +GBP {f.cap_up:,} "
            f"a Contract Year) and the doubled termination notice ({f.notice_old} to {f.notice_new} days) are the material "
            f"points; together with {f.pay_new}-day payment, a {f.warr_new}-day warranty and the loss of the "
            "non-solicitation clause, every amendment favours Harbourline. I suggest commercial and insurance sign-off "
            "before countersigning.",
            f"The tick beside clause {f.tick} (insurance) on page 3 is a reviewer\u2019s mark, not an amendment.",
            f"In the 4.2 margin a first figure \u201c{f.pay_cancelled}\u201d is scribbled out and \u201c{f.pay_new}\u201d "
            f"written beside it: {f.pay_new} days is the term marked. The initials beside 12.2 are "
            f"\u201c{f.other_initials}\u201d (apparently {f.counsel}, Harbourline\u2019s {f.counsel_title}, who signs the "
            f"covering letter), not the signatory\u2019s \u201c{f.initials}\u201d, so 12.2 is treated as not initialled by her."],
    }

    # --- the memo as written in the word processor (HTML -> .docx by LibreOffice, -> .pdf by weasyprint)
    e = html.escape
    page = "\n".join([
        "<!DOCTYPE html>", "<html lang=\"en-GB\"><head><meta charset=\"utf-8\"><title>Memo</title>",
        "<style>body{font-family:'Liberation Serif',serif;font-size:11pt;margin:2.2cm}"
        "table{border-collapse:collapse}td,th{border:1px solid #777;padding:3px 6px;vertical-align:top}</style></head><body>",
        "<h1>Memo</h1>",
        "<p><b>To:</b> Dana Okafor, Senior Counsel<br><b>Re:</b> MSA NWA-MSA-2025-014 \u2013 Harbourline Logistics returned counterpart</p>",
        "<p>" + "<br>".join(e(x) for x in paras["dates"]) + "</p>",
        f"<p>{e(paras['intro'])}</p>",
        "<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"
        + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows) + "</table>",
        f"<p>Total amendments: {f.total}</p>", f"<p>{e(paras['count'])}</p>",
        "<h2>Recommendation</h2>", f"<p>Missing initials: {f.missing[0]} and {f.missing[1]}</p>",
        f"<p>{e(paras['rec'])}</p>", "<ul>" + "".join(f"<li>{e(b)}</li>" for b in paras["bullets"]) + "</ul>",
        "</body></html>", ""])
    src = work / "memo.html"
    src.write_text(page, encoding="utf-8")
    proc = subprocess.run(["soffice", "--headless", "--norestore", "--convert-to", "docx:MS Word 2007 XML",
                           "--outdir", str(work), str(src)], capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 or not (work / "memo.docx").is_file():
        raise SystemExit(f"make_alternates: LibreOffice did not convert the memo: {proc.stdout} {proc.stderr}")
    from weasyprint import HTML  # the sandbox image has it
    files = {"memo.docx": (work / "memo.docx").read_bytes(), "memo.pdf": HTML(string=page).write_pdf()}

    # --- the same memo as pandoc writes it to Markdown (hard breaks as backslashes, wrap at 72)
    def wrap(text: str, first: str = "", rest: str = "") -> str:
        return "\n".join(textwrap.wrap(text, width=72, initial_indent=first, subsequent_indent=rest,
                                       break_long_words=False, break_on_hyphens=False))

    widths = [max(len(head[c]), *(len(r[c]) for r in rows)) for c in range(5)]
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    sep = "|" + "|".join(":" + "-" * (w + 1) for w in widths) + "|"
    out = [
        "# Memo", "",
        "**To:** Dana Okafor, Senior Counsel\\",
        "**Re:** MSA NWA-MSA-2025-014 \u2013 Harbourline Logistics returned counterpart", "",
        paras["dates"][0] + "\\", paras["dates"][1] + "\\", paras["dates"][2], "",
        wrap(paras["intro"]), "",
        line(head), sep, *(line(r) for r in rows), "",
        f"Total amendments: {f.total}", "",
        wrap(paras["count"]), "",
        "## Recommendation", "",
        f"Missing initials: {f.missing[0]} and {f.missing[1]}", "",
        wrap(paras["rec"]), "",
        *[wrap(b, "-   ", "    ") for b in paras["bullets"]], "",
    ]
    return "\n".join(out), files


# ============================================================================ redline_markup
def redline_markup(f: Facts, gold_text: str) -> str:
    """The gold memo with the New term cells written as a redline: the struck original in
    Markdown strike-through, then the new value in bold ('~~thirty (30)~~ **45** days ...')."""
    i = f.initialled
    new = {
        "4.2": f"~~thirty ({f.pay_old})~~ **{f.pay_new}** days from receipt of invoice",
        "7.3": "~~whole clause~~ **deleted** (struck through, 'Delete' in margin)",
        "8.1": f"~~ninety ({f.warr_old})~~ **{f.warr_new}** days from acceptance",
        "9.2": f"~~{gbp(f.cap_old)}~~ **{gbp(f.cap_new)}** in each Contract Year",
        "12.2": f"~~sixty ({f.notice_old})~~ **{f.notice_new}** days' written notice",
    }
    if (words(f.pay_old), words(f.warr_old), words(f.notice_old)) != ("thirty", "ninety", "sixty"):
        raise SystemExit("make_alternates: gold original terms changed")
    out, done = [], 0
    for line in gold_text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells[0] in new:
            cells[3] = new[cells[0]]
            if cells[4] != i[cells[0]]:
                raise SystemExit(f"make_alternates: gold Initialled cell of {cells[0]} changed")
            line, done = "| " + " | ".join(cells) + " |", done + 1
        out.append(line)
    if done != len(CLAUSES):
        raise SystemExit(f"make_alternates: redline_markup rewrote {done} rows")
    return "\n".join(out)


# ============================================================================ minimal
def minimal(f: Facts) -> str:
    i = f.initialled
    rows = [
        ["4.2", "Payment terms", f"{f.pay_old} days", f"{f.pay_new} days", i["4.2"]],
        ["7.3", "Non-solicitation", f"{f.nonsol_months}-month mutual non-solicitation", "Deleted", i["7.3"]],
        ["8.1", "Warranty period", f"{f.warr_old} days", f"{f.warr_new} days", i["8.1"]],
        ["9.2", "Liability cap", f"{gbp(f.cap_old)} per Contract Year", f"{gbp(f.cap_new)} per Contract Year", i["9.2"]],
        ["12.2", "Termination notice", f"{f.notice_old} days", f"{f.notice_new} days", i["12.2"]],
    ]
    return f"""Received: {f.received}
Signatory: {f.signatory}
Signature date: {f.signed}

{table(rows)}

Total amendments: {f.total}

Missing initials: {f.missing[0]}, {f.missing[1]}

Do not countersign until {f.missing[0]} and {f.missing[1]} are initialled by {f.signatory} (12.2 carries "{f.other_initials}", not her initials). Under clause {f.variation} Northwind must also initial every accepted amendment; our signature block is still blank.
"""


SIMPLE = {
    "paraphrase": paraphrase,
    "restructured": restructured,
    "chat_markdown": chat_markdown,
    "verbose": verbose,
    "formats": formats,
    "minimal": minimal,
}


def write(out: Path, name: str, reply: str, files: dict[str, bytes] | None = None) -> None:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    (out / name / REPLY).write_text(reply, encoding="utf-8")
    for fname, content in (files or {}).items():
        (d / fname).write_bytes(content)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    facts = Facts.read(args.gold)
    facts.check()
    for name, make in SIMPLE.items():
        write(args.out, name, make(facts))
    write(args.out, "redline_markup", redline_markup(facts, (args.gold / REPLY).read_text(encoding="utf-8")))
    work = Path(tempfile.mkdtemp(prefix="alt-contract-"))
    try:
        write(args.out, "other_tools", *other_tools(facts, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {len(SIMPLE) + 2} alternates to {args.out}")


if __name__ == "__main__":
    main()
