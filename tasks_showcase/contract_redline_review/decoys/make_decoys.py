"""Build the contract_redline_review decoys (plausible wrong memos) from the gold reply.

    python3 make_decoys.py --gold /task/gold --out /out

The task is reply-only: each decoy is a deterministic transformation of gold/final_reply.md
(its labelled lines `Received:`, `Signatory:`, `Signature date:`, `Total amendments:`,
`Missing initials:`, its amendment table and its recommendation prose), so the decoys follow
the gold when it changes. Every textual edit goes through `sub`/`resub`, which fail loudly
when the gold no longer holds what they rewrite. Decoys written (decoys.yaml says what each
must fail):

  negated          every conclusion reversed (initialled Yes<->No, 7.3 "not deleted", the
                   missing-initials line and the Northwind block flipped), every value kept
  perturbed        every value read off the scans misread (dates, name, 45/180/400,000/120)
  hedged           every answer offered as one of two candidates, no Yes/No committed
  swapped_terms    original and new terms exchanged in every row (struck value read as new)
  extra_row        the tick beside 10.1 reported as a sixth, un-initialled amendment
  struck_value     the scribbled-out "60" of the 4.2 margin read as the new term (not the "45")
  tw_counted       the "TW" under 12.2 (counsel's, not the signatory's) counted as its initials
  one_size         one answer everywhere: every amendment initialled, both dates the cover
                   letter's 6 March 2025
  aside_hedged     every answer committed up front, an alternative or hedge beside it in
                   brackets ("11 March 2025 (or 13 March 2025)", "Yes (probably)",
                   "9.2 and 12.2 (possibly also 8.1)"): still no committed answer
  context_right    a wrong value committed, the right one only as context beside it
                   ("6 March 2025 (the stamp reads 11/3/25)", "60 days (a 45 is also in the margin)")
  stub             the memo heading and the table header only
  empty            an empty reply
  fully_wrong      wrong clauses, wrong values, wrong dates and name, initials flipped
Standard library only (runs in the sandbox image as the host user, no network)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

REPLY = "final_reply.md"
CLAUSES = ("4.2", "7.3", "8.1", "9.2", "12.2")
CLAUSE, SUBJECT, ORIGINAL, NEW, INITIALLED = range(5)


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace `old` by `new`; `count` is how often the gold must hold it (0: at least once).
    Raises when it does not, so a gold rewrite breaks the build instead of the decoy."""
    found = text.count(old)
    if found == 0 or (count and found != count):
        raise SystemExit(f"make_decoys: expected {count or 'some'} x {old!r} in the gold, found {found}")
    return text.replace(old, new)


def resub(text: str, pattern: str, repl: str, count: int = 0) -> str:
    new, n = re.subn(pattern, repl, text, count=count, flags=re.MULTILINE)
    if n == 0:
        raise SystemExit(f"make_decoys: pattern {pattern!r} not found in the gold")
    return new


class Memo:
    """The gold memo: text before the table, the rows by clause number, text after it."""

    def __init__(self, text: str) -> None:
        lines = text.split("\n")
        idx = [i for i, line in enumerate(lines) if line.lstrip().startswith("|")]
        if len(idx) < 2 + len(CLAUSES):
            raise SystemExit("make_decoys: the gold reply has no amendment table")
        first, last = idx[0], idx[-1]
        self.before = "\n".join(lines[:first])
        self.header = lines[first:first + 2]
        self.rows: list[list[str]] = [[c.strip() for c in line.strip().strip("|").split("|")]
                                      for line in lines[first + 2:last + 1]]
        self.after = "\n".join(lines[last + 1:])
        found = [r[CLAUSE] for r in self.rows]
        if found != list(CLAUSES):
            raise SystemExit(f"make_decoys: the gold table has rows {found}, expected {list(CLAUSES)}")

    def row(self, clause: str) -> list[str]:
        return next(r for r in self.rows if r[CLAUSE] == clause)

    def field(self, label: str, value: str) -> None:
        """Rewrite the `label:` line (before or after the table) to `value`."""
        pattern = rf"^(\s*[-*]?\s*\**{re.escape(label)}:\**\s*).*$"
        for part in ("before", "after"):
            text = getattr(self, part)
            if re.search(pattern, text, re.MULTILINE):
                setattr(self, part, re.sub(pattern, lambda m: m.group(1) + value, text, count=1, flags=re.MULTILINE))
                return
        raise SystemExit(f"make_decoys: the gold reply has no {label!r} line")

    def prose(self, old: str, new: str) -> None:
        """Replace a phrase of the text after the table (the recommendation)."""
        self.after = sub(self.after, old, new, count=0)

    def text(self) -> str:
        body = ["| " + " | ".join(r) + " |" for r in self.rows]
        return "\n".join([self.before, *self.header, *body]) + "\n" + self.after


def _flip(value: str) -> str:
    return {"Yes": "No", "No": "Yes"}[value]


def negated(m: Memo) -> None:
    """Every conclusion reversed, every value kept."""
    for r in m.rows:
        r[INITIALLED] = _flip(r[INITIALLED])
    r = m.row("7.3")
    r[NEW] = "Clause not deleted: kept in full (no strike-through, no margin note)"
    missing = [r[CLAUSE] for r in m.rows if r[INITIALLED] == "No"]
    m.field("Missing initials", ", ".join(missing[:-1]) + " and " + missing[-1])
    m.before = sub(m.before, "signature block is still blank", "signature block is not blank: it is already signed")
    m.prose('Three of the amendments carry the initials "MP" and two do not.',
            'Two of the amendments carry the initials "MP" and three do not.')
    m.prose("Clauses 9.2 and 12.2 are not initialled by Harbourline's signatory and must be initialled "
            "(or otherwise confirmed in writing) before we countersign.",
            "Clauses 9.2 and 12.2 are initialled by Harbourline's signatory and need no further confirmation "
            "before we countersign.")
    m.prose("the un-initialled liability cap increase", "the initialled liability cap increase")
    m.prose("the loss of the non-solicitation clause", "the retained non-solicitation clause")


# Believable misreadings of what the scans show (each outside the rubric's acceptance).
MISREAD = {
    "Received": "13 March 2025", "Signature date": "3 March 2025", "Signatory": "Marina Petrovic, CFO",
    "4.2": ("45 days", "60 days"), "8.1": ("180 days", "150 days"), "9.2": ("GBP 400,000", "GBP 450,000"),
    "12.2": ("120 days", "90 days"),
}


def perturbed(m: Memo) -> None:
    """Structure, initials and the 7.3 deletion kept; every value read off the scans misread."""
    for label in ("Received", "Signature date", "Signatory"):
        m.field(label, MISREAD[label])
    for clause in ("4.2", "8.1", "9.2", "12.2"):
        right, wrong = MISREAD[clause]
        r = m.row(clause)
        r[NEW] = sub(r[NEW], right, wrong)
    m.prose("GBP 250,000 to GBP 400,000, +GBP 150,000", "GBP 250,000 to GBP 450,000, +GBP 200,000")
    m.prose("the doubled termination notice (60 to 120 days)", "the longer termination notice (60 to 90 days)")
    m.prose("45-day payment, a 180-day warranty", "60-day payment, a 150-day warranty")


def hedged(m: Memo) -> None:
    """Every answer offered as one of two candidates; nothing committed."""
    m.field("Received", "11 March 2025 or 13 March 2025 (the stamp is faint)")
    m.field("Signature date", "5 March 2025 or 3 March 2025")
    m.field("Signatory", "Maria Petrova (or Marina Petrovic), CFO")
    for clause in ("4.2", "8.1", "9.2", "12.2"):
        right, wrong = MISREAD[clause]
        r = m.row(clause)
        r[NEW] = sub(r[NEW], right, f"{right} or {wrong}")
    m.row("7.3")[NEW] = "Possibly deleted (struck through?)"
    for r in m.rows:
        r[INITIALLED] = "Yes?" if r[INITIALLED] == "Yes" else "No (unclear)"
    m.field("Total amendments", "5 or 6")
    m.field("Missing initials", "9.2 and 12.2, possibly also 8.1")


def swapped_terms(m: Memo) -> None:
    """The struck value read as the new one: original and new terms exchanged in every row."""
    for r in m.rows:
        r[ORIGINAL], r[NEW] = r[NEW], r[ORIGINAL]


def extra_row(m: Memo) -> None:
    """The reviewer's tick beside 10.1 reported as a sixth amendment, without initials."""
    m.rows.insert(4, ["10.1", "Insurance", "GBP 2,000,000 for each claim", "Ticked in the margin - accepted as marked", "No"])
    m.field("Total amendments", "6")
    m.field("Missing initials", "9.2, 10.1 and 12.2")
    m.prose("- The tick beside clause 10.1 (insurance) on page 3 is a reviewer's mark, not an amendment.\n", "")


def struck_value(m: Memo) -> None:
    """The scribbled-out first figure of the 4.2 margin read as the new term: 60 days, not 45."""
    r = m.row("4.2")
    r[NEW] = sub(r[NEW], "45 days", "60 days")
    m.prose("together with 45-day payment", "together with 60-day payment")
    m.prose('a first figure "60" is scribbled out and "45" written beside it: 45 days is the term marked',
            'the figure "60" is written (next to a "45")')


def tw_counted(m: Memo) -> None:
    """Any initials counted as the signatory's: the TW under 12.2 taken as initialling it."""
    m.row("12.2")[INITIALLED] = "Yes"
    m.field("Missing initials", "9.2")
    m.prose("Clauses 9.2 and 12.2 are not initialled by Harbourline's signatory",
            "Clause 9.2 is not initialled by Harbourline's signatory")
    m.prose('not the signatory\'s "MP", so 12.2 is treated as not initialled by her', 'which initial 12.2')


def one_size(m: Memo) -> None:
    """One answer everywhere: every amendment initialled, every date the cover letter's."""
    for label in ("Received", "Signature date"):
        m.field(label, "6 March 2025")
    for r in m.rows:
        r[INITIALLED] = "Yes"
    m.field("Missing initials", "none")
    m.prose('Three of the amendments carry the initials "MP" and two do not.',
            'All five amendments carry the initials "MP".')
    m.prose("Clauses 9.2 and 12.2 are not initialled by Harbourline's signatory and must be initialled "
            "(or otherwise confirmed in writing) before we countersign.",
            "Every amendment is initialled by Harbourline's signatory, so nothing needs confirming before we countersign.")
    m.prose("the un-initialled liability cap increase", "the liability cap increase")


def fully_wrong(m: Memo) -> None:
    """Every fact read off the scans and every conclusion corrupted."""
    m.field("Received", "6 March 2025")
    m.field("Signature date", "11 March 2025")
    m.field("Signatory", "Mark Peters, Finance Director")
    wrong_clause = {"4.2": "4.1", "7.3": "7.2", "8.1": "8.2", "9.2": "10.1", "12.2": "12.1"}
    for r in m.rows:
        if r[CLAUSE] in MISREAD:
            right, wrong = MISREAD[r[CLAUSE]]
            r[NEW] = sub(r[NEW], right, wrong)
        else:
            r[NEW] = "Clause kept; wording unchanged apart from the heading"
        r[INITIALLED] = _flip(r[INITIALLED])
        r[CLAUSE] = wrong_clause[r[CLAUSE]]
    m.field("Total amendments", "4")
    m.field("Missing initials", "4.1, 7.2 and 8.2")
    m.before = sub(m.before, "signature block is still blank", "signature block has already been signed")
    m.prose("Clauses 9.2 and 12.2 are not initialled", "Clauses 4.1, 7.2 and 8.2 are not initialled")
    m.prose('Three of the amendments carry the initials "MP" and two do not.',
            'Two of the amendments carry the initials "MP" and three do not.')
    m.prose("all five amendments", "all four amendments")
    m.prose("the un-initialled liability cap increase (GBP 250,000 to GBP 400,000, +GBP 150,000",
            "the initialled liability cap increase (GBP 250,000 to GBP 450,000, +GBP 200,000")
    m.prose("the doubled termination notice (60 to 120 days)", "the longer termination notice (60 to 90 days)")
    m.prose("45-day payment, a 180-day warranty and the loss of the non-solicitation clause",
            "60-day payment, a 150-day warranty and the retained non-solicitation clause")
    m.prose("- The tick beside clause 10.1 (insurance) on page 3 is a reviewer's mark, not an amendment.",
            "- Clause 10.1 (insurance) was amended in manuscript and initialled.")


def aside_hedged(m: Memo) -> None:
    """Every answer committed first, then undone by an alternative or hedge in brackets."""
    m.field("Received", "11 March 2025 (or 13 March 2025: the stamp is faint)")
    m.field("Signature date", "5 March 2025 (possibly 3 March 2025)")
    for r in m.rows:
        r[INITIALLED] = "Yes (probably)" if r[INITIALLED] == "Yes" else "No (possibly Yes)"
    m.field("Total amendments", "5 (possibly 6)")
    m.field("Missing initials", "9.2 and 12.2 (possibly also 8.1)")


def context_right(m: Memo) -> None:
    """A wrong value committed, the right one only as context beside it."""
    m.field("Received", "6 March 2025 (the stamp itself reads 11/3/25)")
    r = m.row("4.2")
    r[NEW] = sub(r[NEW], "45 days from receipt of invoice", "60 days from receipt of invoice (a 45 is also in the margin)")
    m.field("Total amendments", "6 (five struck clauses and the 10.1 tick; 5 if the tick is ignored)")


def stub(m: Memo) -> None:
    """The memo heading and the table header, nothing else."""
    m.before = m.before.split("\n", 1)[0] + "\n"
    m.rows = []
    m.after = ""


DECOYS = {"negated": negated, "perturbed": perturbed, "hedged": hedged, "swapped_terms": swapped_terms,
          "extra_row": extra_row, "struck_value": struck_value, "tw_counted": tw_counted, "one_size": one_size, "fully_wrong": fully_wrong,
          "aside_hedged": aside_hedged, "context_right": context_right, "stub": stub}


def write(out: Path, name: str, reply: str) -> None:
    (out / name / "deliverables").mkdir(parents=True, exist_ok=True)  # reply-only task: no files
    (out / name / REPLY).write_text(reply, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    gold = (args.gold / REPLY).read_text(encoding="utf-8")
    for name, make in DECOYS.items():
        memo = Memo(gold)
        make(memo)
        write(args.out, name, memo.text())
    write(args.out, "empty", "")
    print(f"wrote {len(DECOYS) + 1} decoys to {args.out}")


if __name__ == "__main__":
    main()
