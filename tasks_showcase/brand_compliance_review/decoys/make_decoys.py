"""Build the brand_compliance_review decoys (plausible wrong reviews) from the gold files.

    python3 make_decoys.py --gold /task/gold --out /out

Each decoy is a deterministic transformation of gold/final_reply.md (its compliance table and
its labelled lines) and gold/recommendations.md (its per-mock-up sections), so the decoys
follow the gold when its numbers change. Every textual edit goes through `sub`, which fails
loudly when the gold no longer contains the phrase it rewrites: a decoy can then never
silently turn back into right work. Decoys written (see decoys.yaml for what each must fail):

  negated          every conclusion reversed (Yes<->No, off-palette -> approved, undersized ->
                   not below the minimum, low contrast -> sufficient, busy ground -> not busy),
                   every number kept
  ground_denied    one finding denied in a clause: MU-03's busy striped logo ground ("not on a busy
                   ground"), its verdict and everything else kept
  shape_denied     the two other faults of shape denied: MU-02's serif headline ("Liberation Sans,
                   not a serif face") and MU-04's logo outline and shadow ("no outline or shadow")
  perturbed        every value read off the pixels moved by a believable 15-30 % (logo width,
                   background hex, logo size and aspect, text colour, contrast ratio); verdicts kept
  hedged           every measured value offered as one of two candidates ("72 px or 96 px")
  hedged_verdicts  findings kept, but every verdict and the count left uncommitted
  swapped          the right findings written under the wrong mock-ups (rotated MU-02 -> 03 -> 04)
  one_size         everything complies, the same "None" row for every mock-up
  stub             the table header and the section headings only
  empty            empty reply and empty recommendations.md
  fully_wrong      every visual fact and every verdict corrupted; text-layer facts kept
Standard library only (runs in the sandbox image as the host user, no network)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

REPLY = "final_reply.md"
RECS = "recommendations.md"
IDS = ("MU-01", "MU-02", "MU-03", "MU-04")
# Values the gold reads off the pixels and the believable misreadings the perturbed decoy uses
# (each outside the rubric's tolerance band, asserted in `perturbed`).
HEX_WRONG = "#9F63C2"  # each channel +0x25 from #7A3E9D: a lighter purple, outside the ±0x20 band
RGB_WRONG = "159 99 194"
TEXT_WRONG = "Tangerine #E8833A"  # a neighbouring orange instead of Sun Coral #FF6B4A
RATIO_WRONG = "3.1:1"  # about +35 % from 2.3:1, outside the 2.0-2.7 band


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace `old` by `new` exactly `count` times (0 = every occurrence, at least one);
    raise when the gold does not contain it as often, so a gold rewrite breaks the build."""
    found = text.count(old)
    if found == 0 or (count and found != count):
        raise SystemExit(f"make_decoys: expected {count or 'some'} x {old!r} in the gold, found {found}")
    return text.replace(old, new)


def resub(text: str, pattern: str, repl, count: int = 0) -> str:
    """re.sub that must change something."""
    new, n = re.subn(pattern, repl, text, count=count)
    if n == 0:
        raise SystemExit(f"make_decoys: pattern {pattern!r} not found in the gold")
    return new


# ----------------------------------------------------------------------------- the reply table
class Reply:
    """The gold reply split into the text before the table, the rows by mock-up ID and the
    text after it, so a decoy can rewrite single cells and reassemble the reply."""

    def __init__(self, text: str) -> None:
        lines = text.split("\n")
        idx = [i for i, line in enumerate(lines) if line.lstrip().startswith("|")]
        if len(idx) < 2 + len(IDS):
            raise SystemExit("make_decoys: the gold reply has no compliance table")
        first, last = idx[0], idx[-1]
        self.before = "\n".join(lines[:first])
        self.header = lines[first:first + 2]
        self.rows: dict[str, list[str]] = {}
        for line in lines[first + 2:last + 1]:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            self.rows[cells[0].strip("*")] = cells
        self.after = "\n".join(lines[last + 1:])
        missing = [i for i in IDS if i not in self.rows]
        if missing:
            raise SystemExit(f"make_decoys: the gold table lacks rows {missing}")

    def cell(self, mu: str, col: int) -> str:
        return self.rows[mu][col]

    def set(self, mu: str, col: int, value: str) -> None:
        self.rows[mu][col] = value

    def text(self) -> str:
        body = ["| " + " | ".join(self.rows[mu]) + " |" for mu in IDS]
        return "\n".join([self.before, *self.header, *body]) + "\n" + self.after


COMPLIES, ISSUES, FIX = 1, 2, 3


# ----------------------------------------------------------------------------- the notes
class Recs:
    """recommendations.md split into its preamble, one section per mock-up (heading, verdict
    line, body) and the closing text."""

    VERDICT = re.compile(r"^(MU-\d\d) verdict: (\w+)\s*$", re.MULTILINE)

    def __init__(self, text: str) -> None:
        parts = re.split(r"(?m)^(?=## )", text)
        self.pre = parts[0]
        self.sections: dict[str, str] = {}
        self.tail = ""
        for part in parts[1:]:
            m = re.match(r"## [^\n]*\b(MU-\d\d)\b", part)
            if m:
                self.sections[m.group(1)] = part
            else:
                self.tail += part
        missing = [i for i in IDS if i not in self.sections]
        if missing:
            raise SystemExit(f"make_decoys: recommendations.md lacks sections {missing}")

    def heading(self, mu: str) -> str:
        return self.sections[mu].split("\n", 1)[0]

    def body(self, mu: str) -> str:
        """The section without its heading and verdict line."""
        rest = self.sections[mu].split("\n", 1)[1]
        return self.VERDICT.sub("", rest, count=1).lstrip("\n")

    def set_verdict(self, mu: str, verdict: str) -> None:
        word = "APPROVED" if verdict == "Approved" else "REVISE"
        heading = re.sub(r"- (APPROVED|REVISE)\s*$", f"- {word}", self.heading(mu))
        sec = heading + "\n" + self.sections[mu].split("\n", 1)[1]
        self.sections[mu] = resub(sec, rf"(?m)^{mu} verdict: \w+", f"{mu} verdict: {verdict}", count=1)

    def set_body(self, mu: str, body: str) -> None:
        verdict = self.VERDICT.search(self.sections[mu])
        line = verdict.group(0) if verdict else f"{mu} verdict: Revise"
        self.sections[mu] = f"{self.heading(mu)}\n\n{line}\n\n{body.rstrip()}\n\n"

    def text(self) -> str:
        return self.pre + "".join(self.sections[mu] for mu in IDS) + self.tail


# ----------------------------------------------------------------------------- decoys
def negated(reply: Reply, recs: Recs) -> None:
    """Every conclusion reversed, every number kept."""
    reply.set("MU-01", COMPLIES, "No")
    c = reply.cell("MU-01", ISSUES)
    c = sub(c, "None: ", "Issues: ")
    c = sub(c, "with clear space", "without clear space")
    c = sub(c, "palette colours only", "off-palette colours")
    c = sub(c, "Navy on Sand", "low-contrast Navy on Sand")
    c = sub(c, "mandatory copy present", "mandatory copy missing")
    reply.set("MU-01", ISSUES, c)
    reply.set("MU-01", FIX, "Rework the logo clear space, colours and contrast before approval")
    for mu in ("MU-02", "MU-03", "MU-04"):
        reply.set(mu, COMPLIES, "Yes")
        reply.set(mu, FIX, "None - approve as is")
    c = reply.cell("MU-02", ISSUES)
    c = sub(c, "Logo undersized: the reversed logo is only", "Logo size compliant: the reversed logo is")
    c = sub(c, "below the 120 px", "not below the 120 px")
    reply.set("MU-02", ISSUES, c)
    c = reply.cell("MU-03", ISSUES)
    c = sub(c, "Off-palette colour:", "Palette colour:")
    c = sub(c, "not one of the six approved colours", "one of the six approved colours")
    c = resub(c, r"the reversed logo sits on a busy panel[^;|]*", "the reversed logo is not on a busy ground "
              "(Teal and Sun Coral accents on Sea Mist), no listed misuse", count=1)
    reply.set("MU-03", ISSUES, c)
    c = reply.cell("MU-04", ISSUES)
    c = sub(c, "Logo distorted: stretched horizontally to", "Logo not distorted: not stretched, scaled uniformly to")
    c = sub(c, "has low contrast", "has sufficient contrast")
    c = sub(c, "below 4.5:1", "not below 4.5:1")
    reply.set("MU-04", ISSUES, c)
    reply.after = resub(reply.after, r"Compliant mock-ups: 1 of 4", "Compliant mock-ups: 3 of 4")
    reply.after = sub(reply.after, "Only MU-01 complies; MU-02, MU-03 and MU-04 need changes",
                      "Only MU-01 needs changes; MU-02, MU-03 and MU-04 comply")
    recs.pre = sub(recs.pre, "1 of 4 mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised",
                   "3 of 4 mock-ups approved (MU-02, MU-03, MU-04). MU-01 must be revised")
    recs.set_verdict("MU-01", "Revise")
    for mu in ("MU-02", "MU-03", "MU-04"):
        recs.set_verdict(mu, "Approved")
    s = recs.sections["MU-01"]
    s = sub(s, "uniformly scaled, clear space respected", "not uniformly scaled, clear space not respected")
    s = sub(s, "- all approved", "- none approved")
    s = sub(s, "Required change: none.", "Required change: rework the logo, colours and text pairs.")
    recs.sections["MU-01"] = s
    s = recs.sections["MU-02"]
    s = sub(s, "- Issue: ", "- Finding: ")
    s = sub(s, "below the 120 px digital minimum", "not below the 120 px digital minimum")
    s = resub(s, r"- Required change: [^\n]*", "- Required change: none.", count=1)
    recs.sections["MU-02"] = s
    s = recs.sections["MU-03"]
    s = sub(s, "- Issue 1: ", "- Finding 1: ")
    s = sub(s, "an off-palette purple", "an approved purple")
    s = resub(s, r"- Issue 2: the reversed logo sits on a busy panel[^\n]*",
              "- Finding 2: the reversed logo is not on a busy ground; the white wordmark keeps its contrast "
              "(no listed misuse).", count=1)
    s = sub(s, "which is not in the approved palette", "which is in the approved palette")
    s = resub(s, r"- Required change: [^\n]*", "- Required change: none.", count=1)
    recs.sections["MU-03"] = s
    s = recs.sections["MU-04"]
    s = sub(s, "the logo is stretched horizontally", "the logo is not stretched, scaled uniformly")
    s = sub(s, "- below the 4.5:1", "- not below the 4.5:1")
    s = sub(s, "and listed as 'NOT permitted for text'", "and permitted for text")
    s = resub(s, r"- Required changes: [^\n]*", "- Required changes: none.", count=1)
    recs.sections["MU-04"] = s
    recs.tail = sub(recs.tail, "resubmit MU-02, MU-03 and MU-04", "resubmit MU-01")


def ground_denied(reply: Reply, recs: Recs) -> None:
    """Gold with one visual finding denied: MU-03 stays No / Revise for its purple background,
    but its logo is said NOT to sit on a busy ground (what a colour histogram alone concludes)."""
    reply.set("MU-03", ISSUES, resub(reply.cell("MU-03", ISSUES), r"the reversed logo sits on a busy panel[^;|]*",
                                     "the reversed logo is not placed on a busy or patterned ground", count=1))
    recs.sections["MU-03"] = resub(recs.sections["MU-03"], r"- Issue 2: the reversed logo sits on a busy panel[^\n]*",
                                   "- Logo ground: the reversed logo is not on a busy or striped ground.", count=1)
    # and no fix for it: the denial is the decoy's whole position
    reply.set("MU-03", FIX, resub(reply.cell("MU-03", FIX), r";[^;|]*striped panel[^;|]*", "", count=1))
    recs.sections["MU-03"] = resub(recs.sections["MU-03"], r";[^;\n]*striped panel[^;\n]*", ".", count=1)


def shape_denied(reply: Reply, recs: Recs) -> None:
    """Gold with the two faults of shape denied, what OCR and a colour histogram conclude: MU-02
    keeps No / Revise for its small logo but its headline is 'Liberation Sans, not a serif face';
    MU-04 keeps No / Revise for its proportions and contrast but 'no outline or shadow on the logo'."""
    reply.set("MU-02", ISSUES, resub(reply.cell("MU-02", ISSUES), r"; wrong typeface: [^;|]*",
                                     "; the headline is set in Liberation Sans, not a serif face", count=1))
    reply.set("MU-02", FIX, sub(reply.cell("MU-02", FIX), "; reset the headline in Liberation Sans Bold", ""))
    reply.set("MU-04", ISSUES, resub(reply.cell("MU-04", ISSUES), r"; effects added to the logo: [^;|]*",
                                     "; no outline or shadow on the logo", count=1))
    reply.set("MU-04", FIX, sub(reply.cell("MU-04", FIX), ", with no outline or shadow", ""))
    s = recs.sections["MU-02"]
    s = resub(s, r"- Issue 2: the headline [^\n]*", "- Headline: set in Liberation Sans as required, no serif face.", count=1)
    s = sub(s, "; reset the headline in Liberation Sans Bold (clause 3.1)", "")
    recs.sections["MU-02"] = s
    s = recs.sections["MU-04"]
    s = resub(s, r"- Issue 3: effects have been added [^\n]*", "- Logo finish: no outline or shadow has been added.", count=1)
    recs.sections["MU-04"] = s


def _perturb_values(text: str, *, hedge: bool = False) -> str:
    """Move every pixel-derived value of the gold to a believable misreading (or, with
    `hedge`, offer the misreading next to the right value). Used on reply cells and notes."""
    out = text
    if not hedge:
        out = out.replace("280 px wide", "240 px wide")
    out = out.replace("72 px wide (16 px tall)", "72 px or 96 px wide (16 px tall)" if hedge
                      else "92 px wide (20 px tall)")
    out = re.sub(r"\b72 px wide and 16 px tall", "72 or 96 px wide and 16 px tall" if hedge
                 else "92 px wide and 20 px tall", out)
    out = out.replace("#7A3E9D", "#7A3E9D or " + HEX_WRONG if hedge else HEX_WRONG)
    out = out.replace("RGB 122 62 157", "RGB 122 62 157" if hedge else "RGB " + RGB_WRONG)
    if not hedge:
        out = out.replace("170 x 26 px", "150 x 30 px").replace("6.5:1", "5.0:1").replace("4.4:1", "4.0:1")
        out = out.replace("170 x 38 px", "150 x 38 px")
    out = out.replace("Sun Coral #FF6B4A on Sand", "Sun Coral or Tangerine (#FF6B4A or #E8833A) on Sand" if hedge
                      else TEXT_WRONG + " on Sand")
    out = re.sub(r"about 2\.3:1", "about 2.3:1 or " + RATIO_WRONG if hedge else "about " + RATIO_WRONG, out)
    return out


def perturbed(reply: Reply, recs: Recs) -> None:
    """Verdicts and structure kept; every value read off the pixels misread by 15-35 %."""
    for mu in IDS:
        reply.set(mu, ISSUES, _perturb_values(reply.cell(mu, ISSUES)))
        reply.set(mu, FIX, _perturb_values(reply.cell(mu, FIX)))
        recs.sections[mu] = _perturb_values(recs.sections[mu])
    joined = reply.text() + recs.text()
    for right in ("#7A3E9D", "72 px", "2.3:1", "#FF6B4A on", "170 x 26"):
        assert right not in joined, f"perturbed still holds {right!r}"


def hedged(reply: Reply, recs: Recs) -> None:
    """Verdicts committed; every measured value offered as one of two candidates."""
    for mu in IDS:
        reply.set(mu, ISSUES, _perturb_values(reply.cell(mu, ISSUES), hedge=True))
        recs.sections[mu] = _perturb_values(recs.sections[mu], hedge=True)
    joined = reply.text() + recs.text()
    for hedge in ("72 px or 96 px", "72 or 96 px", "#7A3E9D or", "2.3:1 or", "Coral or"):
        assert hedge in joined, f"hedged lacks {hedge!r}"


def hedged_verdicts(reply: Reply, recs: Recs) -> None:
    """Findings kept word for word; no verdict and no count is committed."""
    for mu, cell in zip(IDS, ("Probably Yes", "Yes/No", "No (possibly Yes)", "Unclear - probably No")):
        reply.set(mu, COMPLIES, cell)
    reply.after = resub(reply.after, r"Compliant mock-ups: 1 of 4", "Compliant mock-ups: 1 or 2 of 4")
    for mu, verdict in zip(IDS, ("Approved?", "Revise or approve", "Possibly revise", "Revise / approve")):
        recs.sections[mu] = resub(recs.sections[mu], rf"(?m)^{mu} verdict: \w+", f"{mu} verdict: {verdict}", count=1)


def swapped(reply: Reply, recs: Recs) -> None:
    """Verdicts right, findings right, but each written under the wrong mock-up (rotated)."""
    order = ("MU-02", "MU-03", "MU-04")
    issues = {mu: (reply.cell(mu, ISSUES), reply.cell(mu, FIX)) for mu in order}
    bodies = {mu: recs.body(mu) for mu in order}
    for mu, src in zip(order, ("MU-04", "MU-02", "MU-03")):
        reply.set(mu, ISSUES, issues[src][0])
        reply.set(mu, FIX, issues[src][1])
        recs.set_body(mu, bodies[src])


NONE_CELL = ("None: logo at least 120 px wide and uniformly scaled with clear space, palette colours only, "
             "approved text pairs of at least 4.5:1, mandatory copy present")


def one_size(reply: Reply, recs: Recs) -> None:
    """Every mock-up complies: the same row and the same section for all four."""
    fix = reply.cell("MU-01", FIX)
    for mu in IDS:
        reply.set(mu, COMPLIES, "Yes")
        reply.set(mu, ISSUES, NONE_CELL)
        reply.set(mu, FIX, fix)
        recs.set_verdict(mu, "Approved")
        recs.set_body(mu, "- Logo, palette, typography, contrast and mandatory copy comply (clauses 1.2-1.4, 2.1, "
                          "3.4, 4.1).\n- Required change: none.")
    reply.after = resub(reply.after, r"Compliant mock-ups: 1 of 4", "Compliant mock-ups: 4 of 4")
    reply.after = sub(reply.after, "Only MU-01 complies; MU-02, MU-03 and MU-04 need changes before media booking",
                      "All four mock-ups comply and can go to media booking")
    recs.pre = sub(recs.pre, "1 of 4 mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised and resubmitted.",
                   "4 of 4 mock-ups approved.")
    recs.tail = sub(recs.tail, "Brightfold to resubmit MU-02, MU-03 and MU-04 with the changes above.",
                    "Brightfold to release all four files for media booking.")


def fully_wrong(reply: Reply, recs: Recs) -> None:
    """Every visual fact and every verdict corrupted: the compliant MU-01 is failed for an
    undersized logo and an off-palette colour it does not have, the three faulty ones pass
    with invented clean measurements. The text-layer facts (120 px, 4.5:1, the date) stay."""
    reply.set("MU-01", COMPLIES, "No")
    reply.set("MU-01", ISSUES, "Logo undersized: the full-colour logo is only 96 px wide, below the 120 px digital "
                               "minimum (clause 1.3); background colour #3E9D7A is not in the palette (clause 2.1)")
    reply.set("MU-01", FIX, "Enlarge the logo to 120 px and rebuild the background in Sand #F4E9D8")
    clean = {
        "MU-02": "None: reversed logo 150 px wide with clear space, palette colours only, White on Teal 6.0:1",
        "MU-03": "None: background Solvane Teal #0F6E74, palette colours only, White on Teal 6.0:1",
        "MU-04": "None: logo uniformly scaled at 150 x 34 px, offer line Deep Navy on Sand 12.0:1",
    }
    for mu, cell in clean.items():
        reply.set(mu, COMPLIES, "Yes")
        reply.set(mu, ISSUES, cell)
        reply.set(mu, FIX, "None - approve as is")
    reply.after = resub(reply.after, r"Compliant mock-ups: 1 of 4", "Compliant mock-ups: 3 of 4")
    reply.after = sub(reply.after, "Only MU-01 complies; MU-02, MU-03 and MU-04 need changes",
                      "Only MU-01 needs changes; MU-02, MU-03 and MU-04 comply")
    recs.pre = sub(recs.pre, "1 of 4 mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised",
                   "3 of 4 mock-ups approved (MU-02, MU-03, MU-04). MU-01 must be revised")
    recs.set_verdict("MU-01", "Revise")
    recs.set_body("MU-01", f"- Issue: {reply.cell('MU-01', ISSUES)}.\n- Required change: {reply.cell('MU-01', FIX)}.")
    for mu, cell in clean.items():
        recs.set_verdict(mu, "Approved")
        recs.set_body(mu, f"- {cell}.\n- Required change: none.")
    recs.tail = sub(recs.tail, "resubmit MU-02, MU-03 and MU-04", "resubmit MU-01")


def stub(reply: Reply, recs: Recs) -> None:
    """The table header with no rows, the section headings with no content."""
    reply.rows = {}
    reply.before, reply.after = "", ""
    recs.pre = recs.pre.split("\n", 1)[0] + "\n\n"
    recs.sections = {mu: recs.heading(mu) + "\n\n" for mu in IDS}
    recs.tail = ""


DECOYS = {"negated": negated, "ground_denied": ground_denied, "shape_denied": shape_denied, "perturbed": perturbed, "hedged": hedged, "hedged_verdicts": hedged_verdicts,
          "swapped": swapped, "one_size": one_size, "fully_wrong": fully_wrong, "stub": stub}


def write(out: Path, name: str, reply: str, recs: str) -> None:
    (out / name / "deliverables").mkdir(parents=True, exist_ok=True)
    (out / name / REPLY).write_text(reply, encoding="utf-8")
    (out / name / "deliverables" / RECS).write_text(recs, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    gold_reply = (args.gold / REPLY).read_text(encoding="utf-8")
    gold_recs = (args.gold / RECS).read_text(encoding="utf-8")
    for name, make in DECOYS.items():
        reply, recs = Reply(gold_reply), Recs(gold_recs)
        make(reply, recs)
        text = reply.text() if reply.rows else "\n".join(reply.header) + "\n"
        write(args.out, name, text, recs.text())
    write(args.out, "empty", "", "")
    print(f"wrote {len(DECOYS) + 1} decoys to {args.out}")


if __name__ == "__main__":
    main()
