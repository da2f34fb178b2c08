"""Build the brand_compliance_review alternates (correct reviews in other styles) from the gold.

    python3 make_alternates.py --gold /task/gold --out /out

Every alternate states the same facts as gold/final_reply.md and gold/recommendations.md and
keeps every explicit instruction of prompt.md (a `## MU-0x ...` section per mock-up whose first
line is `MU-0x verdict: Approved|Revise`; a reply table with the columns
`Mock-up | Complies (Yes/No) | Issues found | Required fix`, the ID in the first column and
exactly Yes/No in the second, #RRGGBB hex, the logo width in px, the ratio as x.x:1; after the
table the lines `Compliant mock-ups: N of 4` and `Feedback due: D Month YYYY`). Only the style
differs. The facts are read from the gold files (`Facts`, which fails loudly when the gold no
longer holds a value it looks for), so the alternates follow the gold when it changes; the
prose around them is each alternate's own. Alternates written (see alternates.yaml):

  paraphrase      same structure, every sentence reworded, synonyms for the unfixed labels
  restructured    summary first, numbered issues with <br> in the cells, a timeline table after
                  the two lines; notes with an overview table, revisions first, and `###`
                  sub-headings (Issues / Required changes / Already compliant) in each section
  chat_markdown   chat-assistant style: bold header cells, bold IDs and labels
                  (`**Compliant mock-ups:** 1 of 4`), bold verdict lines, emoji in headings
  named_rows      chat_markdown with the asset's name after the ID in the first column
  verbose         committed answers with correct context numbers and derivations next to them
                  (48 px short of 120 px, 170 / 26 = 6.54, the WCAG formula, the other dates)
                  and correct caveats that contain "no" / "not" / "none"
  formats         other number/colour/date formats: lower-case hex, 72px, 72x16 px, RGB(...),
                  NBSP before units, ISO dates in the notes, a table without outer pipes
  other_tools     the notes as an HTML->Markdown converter and a Windows editor leave them
                  (CRLF, BOM, closed ATX headings, `*   ` bullets, hard wrap at 72 columns,
                  escaped underscores), plus recommendations.html, a LibreOffice .docx and a
                  weasyprint .pdf of the same notes; the reply table padded as prettier aligns it
  minimal         only what the prompt asks for: bare table, the two lines, terse sections
Runs in the sandbox image (python3, LibreOffice, weasyprint); no network, no clock, no randomness."""

from __future__ import annotations

import argparse
import datetime as dt
import html
import re
import shutil
import subprocess
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPLY = "final_reply.md"
RECS = "recommendations.md"
IDS = ("MU-01", "MU-02", "MU-03", "MU-04")
HEADER = "| Mock-up | Complies (Yes/No) | Issues found | Required fix |"
# Sea Mist and White are in the guide's palette (p.4) but in no gold sentence; the verbose
# alternate lists all six approved colours.
SEA_MIST = "#CFE8E6"
WHITE = "#FFFFFF"
NBSP = "\u00a0"


def need(pattern: str, text: str, what: str, flags: int = 0) -> re.Match[str]:
    m = re.search(pattern, text, flags)
    if not m:
        raise SystemExit(f"make_alternates: {what}: pattern {pattern!r} not found in the gold")
    return m


def luminance(hex_: str) -> float:
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def to_date(d: str) -> dt.date:
    day, month, year = d.split()
    return dt.date(int(year), MONTHS.index(month) + 1, int(day))


@dataclass
class Facts:
    """Every value the alternates state, read from the gold reply and notes."""

    verdict: dict[str, str]
    complies: dict[str, str]
    count: str
    total: str
    feedback: str
    final_artwork: str
    live: str
    to_name: str
    to_org: str
    from_line: str
    guide: str
    brief: str
    # MU-01
    m1_logo: int
    m1_pairs: list[tuple[str, str]]  # (pair, ratio)
    # MU-02
    m2_w: int
    m2_h: int
    minimum: int
    min_print: str
    headline: str
    m2_new_h: int
    # MU-03
    hex3: str
    rgb3: tuple[int, int, int]
    teal: str
    navy: str
    m3_logo: int
    # MU-04
    m4_w: int
    m4_h: int
    m4_aspect: str
    master_aspect: str
    coral: str
    sand: str
    ratio4: str
    rule: str
    navy_on_sand: str
    m4_fix_w: int
    m4_fix_h: int
    offer: str
    offer_px: int

    @classmethod
    def read(cls, gold: Path) -> "Facts":
        reply = (gold / REPLY).read_text(encoding="utf-8")
        recs = (gold / RECS).read_text(encoding="utf-8")
        rows: dict[str, list[str]] = {}
        for line in reply.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.lstrip().startswith("|") and cells[0] in IDS:
                rows[cells[0]] = cells
        if sorted(rows) != list(IDS):
            raise SystemExit(f"make_alternates: the gold table has rows {sorted(rows)}")
        verdict = {mu: need(rf"^{mu} verdict: (\w+)\s*$", recs, f"{mu} verdict", re.M).group(1) for mu in IDS}
        r2, r3, r4 = rows["MU-02"], rows["MU-03"], rows["MU-04"]
        m2 = need(r"only (\d+) px wide \((\d+) px tall\), below the (\d+) px digital minimum", r2[2], "MU-02 logo")
        m4 = need(r"stretched horizontally to (\d+) x (\d+) px \(aspect ([\d.]+):1 vs ([\d.]+):1", r4[2], "MU-04 logo")
        c4 = need(r"Sun Coral (#[0-9A-F]{6}) on Sand (#[0-9A-F]{6}) has low contrast, about ([\d.]+):1, below ([\d.]+):1",
                  r4[2], "MU-04 contrast")
        fix4 = need(r"\(e\.g\. (\d+) x (\d+) px\)", r4[3], "MU-04 fix size")
        offer = need(r"offer line \('([^']+)', (\d+) px regular\)", recs, "MU-04 offer line")
        pairs = need(r"Deep Navy on Sand \(([\d.]+):1\), White on Teal \(([\d.]+):1\), Deep Navy on Sun Coral CTA \(([\d.]+):1\)",
                     recs, "MU-01 text pairs")
        rgb = need(r"RGB (\d+) (\d+) (\d+)", recs, "MU-03 RGB")
        to = need(r"^To: ([^,\n]+), ([^\n]+)$", recs, "addressee", re.M)
        ref = need(r"^Reference: ([^;\n]+); ([^.\n]+)\.", recs, "reference line", re.M)
        feedback = need(r"^- Feedback due: (.+?)\s*$", reply, "feedback line", re.M).group(1)
        live = need(r"campaign live (\d+ \w+)", reply, "live date").group(1)
        return cls(
            verdict=verdict,
            complies={mu: rows[mu][1] for mu in IDS},
            count=need(r"Compliant mock-ups: (\d+) of (\d+)", reply, "count").group(1),
            total=need(r"Compliant mock-ups: (\d+) of (\d+)", reply, "count").group(2),
            feedback=feedback,
            final_artwork=need(r"final artwork deadline of (\d+ \w+ \d{4})", recs, "final artwork").group(1),
            live=f"{live} {feedback.split()[-1]}",
            to_name=to.group(1), to_org=to.group(2),
            from_line=need(r"^From: (.+)$", recs, "from line", re.M).group(1),
            guide=ref.group(1), brief=ref.group(2),
            m1_logo=int(need(r"full-colour logo (\d+) px wide", rows["MU-01"][2], "MU-01 logo").group(1)),
            m1_pairs=[("Deep Navy on Sand", pairs.group(1)), ("White on Solvane Teal", pairs.group(2)),
                      ("Deep Navy on the Sun Coral CTA", pairs.group(3))],
            m2_w=int(m2.group(1)), m2_h=int(m2.group(2)), minimum=int(m2.group(3)),
            min_print=need(r"'Do not shrink below \d+ px / (\d+ mm)'", recs, "print minimum").group(1),
            headline=need(r"headline '([^']+)' is set in a serif face", r2[2], "MU-02 headline").group(1),
            m2_new_h=int(need(r"about (\d+) px tall", r2[3], "MU-02 new height").group(1)),
            hex3=need(r"purple (#[0-9A-F]{6}) \(approx", r3[2], "MU-03 hex").group(1),
            rgb3=(int(rgb.group(1)), int(rgb.group(2)), int(rgb.group(3))),
            teal=need(r"Solvane Teal (#[0-9A-F]{6})", r3[3], "teal").group(1),
            navy=need(r"Deep Navy (#[0-9A-F]{6})", r3[3], "navy").group(1),
            m3_logo=int(need(r"Logo size \((\d+) px preview width\)", recs, "MU-03 logo").group(1)),
            m4_w=int(m4.group(1)), m4_h=int(m4.group(2)), m4_aspect=m4.group(3), master_aspect=m4.group(4),
            coral=c4.group(1), sand=c4.group(2), ratio4=c4.group(3), rule=c4.group(4),
            navy_on_sand=need(r"Deep Navy #[0-9A-F]{6} \(([\d.]+):1 on Sand\)", r4[3], "navy on sand").group(1),
            m4_fix_w=int(fix4.group(1)), m4_fix_h=int(fix4.group(2)),
            offer=offer.group(1), offer_px=int(offer.group(2)),
        )

    # derived values (all from the gold numbers)
    @property
    def short_px(self) -> int:
        return self.minimum - self.m2_w

    @property
    def pct_of_min(self) -> int:
        return round(100 * self.m2_w / self.minimum)

    @property
    def exact_ratio(self) -> str:
        return f"{contrast(self.coral, self.sand):.2f}"

    @property
    def lum_coral(self) -> str:
        return f"{luminance(self.coral):.3f}"

    @property
    def lum_sand(self) -> str:
        return f"{luminance(self.sand):.3f}"

    @property
    def white_on_navy(self) -> str:
        return f"{contrast(WHITE, self.navy):.1f}"

    @property
    def white_on_teal(self) -> str:
        return f"{contrast(WHITE, self.teal):.1f}"

    @property
    def exact_aspect(self) -> str:
        return f"{self.m4_w / self.m4_h:.2f}"

    @property
    def stretch(self) -> str:
        return f"{(self.m4_w / self.m4_h) / float(self.master_aspect):.1f}"

    @property
    def hex3_lower(self) -> str:
        return self.hex3.lower()

    def date_iso(self, d: str) -> str:
        return to_date(d).isoformat()

    def days(self, a: str, b: str) -> int:
        return (to_date(b) - to_date(a)).days

    def check(self) -> None:
        """The alternates encode the gold's verdicts in their prose; stop if the gold's change."""
        expected = {"MU-01": ("Approved", "Yes"), "MU-02": ("Revise", "No"), "MU-03": ("Revise", "No"),
                    "MU-04": ("Revise", "No")}
        for mu, (v, c) in expected.items():
            if self.verdict[mu] != v or self.complies[mu] != c:
                raise SystemExit(f"make_alternates: gold verdict of {mu} changed ({self.verdict[mu]}, {self.complies[mu]})")
        if self.count != "1" or self.total != "4":
            raise SystemExit(f"make_alternates: gold count changed: {self.count} of {self.total}")


def table(rows: list[list[str]], header: str = HEADER, sep: str = "|---|---|---|---|") -> str:
    return "\n".join([header, sep] + ["| " + " | ".join(r) + " |" for r in rows])


# ============================================================================ paraphrase
def paraphrase(f: Facts) -> tuple[str, dict[str, str]]:
    rows = [
        ["MU-01", "Yes",
         f"Nothing to flag: the full-colour logo is {f.m1_logo} px wide with its clear space intact, only brand colours "
         "are used and every text pairing is an approved one (Navy on Sand, White on Teal, Navy on Coral); headline, "
         "CTA and legal line are all there",
         "No change needed - OK to book"],
        ["MU-02", "No",
         f"The reversed logo measures just {f.m2_w} px across ({f.m2_h} px high), under the {f.minimum} px minimum for "
         f"digital (cl. 1.3); the headline \"{f.headline}\" uses a serif typeface instead of Liberation Sans (cl. 3.1)",
         f"Scale the logo up uniformly to {f.minimum} px wide or more (roughly {f.m2_new_h} px high) and keep its clear "
         "space; set the headline in Liberation Sans Bold"],
        ["MU-03", "No",
         f"The background is a purple, roughly {f.hex3}, that is not among the six approved brand colours (cl. 2.1); "
         "the white logo is placed over a panel of diagonal Teal and Sun Coral stripes on Sea Mist, a busy ground the "
         "misuse page forbids",
         f"Swap the background for Solvane Teal {f.teal} (or Deep Navy {f.navy}); drop the striped panel and sit the "
         "reversed logo on the plain Deep Navy footer"],
        ["MU-04", "No",
         f"The logo has been stretched sideways to {f.m4_w} x {f.m4_h} px (about {f.m4_aspect}:1 where the master is "
         f"{f.master_aspect}:1, cl. 1.4) and given an outline plus a drop shadow, effects the misuse page prohibits; "
         f"the offer line is Sun Coral {f.coral} on Sand {f.sand}, which gives poor contrast of only about "
         f"{f.ratio4}:1 against the {f.rule}:1 minimum (cl. 4.1)",
         f"Use the master logo at its true proportions (e.g. {f.m4_fix_w} x {f.m4_fix_h} px) with neither outline nor "
         f"shadow; change the offer line to Deep Navy {f.navy}, which reaches {f.navy_on_sand}:1 on Sand"],
    ]
    reply = f"""**Solvane Summer Shield 2025: sign-off review of Brightfold's four mock-ups**

{table(rows)}

Compliant mock-ups: {f.count} of {f.total}
Feedback due: {f.feedback}

MU-01 is the only one ready for media booking; Brightfold has to rework MU-02, MU-03 and MU-04. After our
feedback, final artwork is due on {f.final_artwork} and the campaign goes live on {f.live}. The full notes for the
agency are in recommendations.md.
"""
    p1, p2, p3 = f.m1_pairs
    recs = f"""# Solvane Summer Shield 2025: brand review notes for Brightfold Studio

For: {f.to_name} ({f.to_org})
From: {f.from_line}
Checked against: {f.guide} and the campaign brief (version 4). Our feedback is due by {f.feedback}.

In short: one mock-up (MU-01) is signed off; MU-02, MU-03 and MU-04 need to be reworked and sent back.

## MU-01 - Instagram post (1080 x 1080)

MU-01 verdict: Approved

- Logo: the full-colour master on Sand at {f.m1_logo} px wide, comfortably over the {f.minimum} px minimum (clause 1.3), scaled in proportion and with its clear space kept (clause 1.2).
- Colour: only Sand, Solvane Teal, Sea Mist, Deep Navy, Sun Coral and White appear (clause 2.1).
- Text contrast: {p1[0]} {p1[1]}:1, {p2[0]} {p2[1]}:1 and {p3[0]} {p3[1]}:1 are all approved pairings (clause 4.1).
- Mandatory copy: headline, 'Shop now' CTA and legal line are all in place (clause 3.4).
- Change needed: nothing.

## MU-02 - Leaderboard banner (728 x 90)

MU-02 verdict: Revise

- Problem 1, logo too small (clause 1.3): the reversed logo measures {f.m2_w} px across and {f.m2_h} px high, short of the {f.minimum} px digital minimum; the misuse page also says 'Do not shrink below {f.minimum} px / {f.min_print}'.
- Problem 2, typeface (clause 3.1): the headline '{f.headline}' uses a serif typeface (bracketed serifs, strong thick-thin contrast) rather than Liberation Sans; serif, script and display faces are outside the identity.
- What to change: scale the reversed logo up uniformly to {f.minimum} px wide or more (roughly {f.m2_new_h} px high) with one cap height of clear space around it (clause 1.2), shortening the supporting line if the banner needs the room; set the headline again in Liberation Sans Bold (clause 3.1).
- Everything else passes: the colours (Teal, White, Sun Coral, Deep Navy, Sea Mist), the contrast (White on Teal {f.white_on_teal}:1, Navy on Coral {p3[1]}:1) and the mandatory copy.

## MU-03 - Poster, A3

MU-03 verdict: Revise

- Problem 1, colour outside the palette (clause 2.1): the main background is a purple of about {f.hex3} (RGB {f.rgb3[0]} {f.rgb3[1]} {f.rgb3[2]}), which is none of the six approved colours.
- Problem 2, logo on a busy ground (logo misuse page, 'Do not place on busy or low-contrast grounds'): the reversed logo sits on a panel of diagonal Teal and Sun Coral stripes over Sea Mist, and the white wordmark gets lost in it.
- What to change: rebuild the background in Solvane Teal {f.teal} (white text stays at {f.white_on_teal}:1) or in Deep Navy {f.navy}; the Sea Mist circle and the Deep Navy footer can stay; take out the striped panel and put the reversed logo straight onto the plain Deep Navy footer.
- Passes: logo size ({f.m3_logo} px wide in the preview), typography and mandatory copy.

## MU-04 - MPU (300 x 250)

MU-04 verdict: Revise

- Problem 1, stretched logo (clause 1.4, 'Do not stretch or squash'): the logo has been pulled out sideways to {f.m4_w} x {f.m4_h} px, about {f.m4_aspect}:1 where the master is {f.master_aspect}:1.
- Problem 2, poor contrast (clause 4.1): the offer line ('{f.offer}', {f.offer_px} px regular) is Sun Coral {f.coral} on Sand {f.sand}, only about {f.ratio4}:1, short of the {f.rule}:1 needed for body text; the guide marks this pair 'NOT permitted for text'.
- Problem 3, effects on the logo (logo misuse page, 'Do not add effects or outlines'): the lockup has been given a Sun Coral outline and a soft grey drop shadow.
- What to change: swap in the supplied master artwork, scaled uniformly (for example {f.m4_fix_w} x {f.m4_fix_h} px) and with neither outline nor shadow; set the offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1 on Sand) and keep Sun Coral for the button alone.

## What happens next

1. Brightfold sends revised versions of MU-02, MU-03 and MU-04 reflecting the changes above.
2. Brand checks the revised files again ahead of the final artwork deadline, {f.final_artwork}.
"""
    return reply, {RECS: recs}


# ============================================================================ restructured
def restructured(f: Facts) -> tuple[str, dict[str, str]]:
    p1, p2, p3 = f.m1_pairs
    rows = [
        ["MU-01", "Yes", "None found", "None - approve"],
        ["MU-02", "No",
         f"1. **Undersized logo** - {f.m2_w} px wide, below the {f.minimum} px digital minimum (cl. 1.3)<br>"
         "2. **Wrong typeface** - headline set in a serif face instead of Liberation Sans (cl. 3.1)",
         f"1. Enlarge the logo to at least {f.minimum} px wide, uniformly<br>2. Reset the headline in Liberation Sans Bold"],
        ["MU-03", "No",
         f"1. **Off-palette background** - purple {f.hex3} (cl. 2.1)<br>"
         "2. **Logo on a busy ground** - diagonal Teal/Sun Coral stripes behind the reversed logo (misuse page)",
         f"1. Background in Solvane Teal {f.teal} or Deep Navy {f.navy}<br>"
         "2. Reversed logo on the plain Deep Navy footer, striped panel removed"],
        ["MU-04", "No",
         f"1. **Low-contrast offer line** - Sun Coral {f.coral} on Sand {f.sand}, about {f.ratio4}:1 (min. {f.rule}:1, cl. 4.1)<br>"
         f"2. **Stretched logo** - {f.m4_w} x {f.m4_h} px, {f.m4_aspect}:1 vs {f.master_aspect}:1 (cl. 1.4)<br>"
         "3. **Effects on the logo** - outline and drop shadow (misuse page)",
         f"1. Offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1)<br>"
         f"2. + 3. Master logo, scaled uniformly ({f.m4_fix_w} x {f.m4_fix_h} px), no outline or shadow"],
    ]
    reply = f"""## Summary

Only **MU-01** (the Instagram square) can go to media booking as it stands. MU-02, MU-03 and MU-04 each break at
least one rule of the {f.guide} and go back to Brightfold for revision; the detail is in `recommendations.md`.

## Compliance table

{table(rows, sep="| :-- | :-: | :-- | :-- |")}

Compliant mock-ups: {f.count} of {f.total}
Feedback due: {f.feedback}

### Timeline (campaign brief)

| Milestone | Date |
|---|---|
| Brand feedback to Brightfold | {f.feedback} |
| Final artwork | {f.final_artwork} |
| Campaign live | {f.live} |

### Next steps

- Send `recommendations.md` to {f.to_name} at {f.to_org}.
- Re-check the three revised files before the final artwork date.
"""
    recs = f"""# Brand compliance review - Summer Shield 2025 mock-ups

**To:** {f.to_name}, {f.to_org}  
**From:** {f.from_line}  
**Checked against:** {f.guide}; {f.brief}  
**Feedback due:** {f.feedback}

## Overview

| Mock-up | Format | Verdict | Issues | Clauses broken |
|---|---|---|---|---|
| MU-02 | Leaderboard 728 x 90 | Revise | 2 | 1.3, 3.1 |
| MU-03 | A3 poster | Revise | 2 | 2.1, logo misuse |
| MU-04 | MPU 300 x 250 | Revise | 3 | 1.4, 4.1, logo misuse |
| MU-01 | Instagram 1080 x 1080 | Approved | 0 | - |

The three mock-ups that need work come first; the approved one is at the end.

## MU-02 · Leaderboard banner, 728 x 90 px

MU-02 verdict: Revise

### Issues

| # | Issue | Guideline | Evidence |
|---|---|---|---|
| 1 | Logo below minimum size | Clause 1.3 (min. {f.minimum} px digital); misuse page 'Do not shrink below {f.minimum} px / {f.min_print}' | The reversed logo is {f.m2_w} px wide and {f.m2_h} px tall |
| 2 | Serif headline | Clause 3.1 (Liberation Sans only) | '{f.headline}' is set in a bold serif face: bracketed serifs, high stroke contrast |

### Required changes

1. Place the reversed logo at {f.minimum} px wide or more (about {f.m2_new_h} px tall), scaled uniformly, with clear space of one cap height (clause 1.2); shorten the supporting line if space is needed.
2. Reset the headline in Liberation Sans Bold.

### Already compliant

Colours (Teal, White, Sun Coral, Deep Navy, Sea Mist); contrast (White on Teal {f.white_on_teal}:1, Navy on Coral {p3[1]}:1); mandatory copy.

## MU-03 · A3 poster (preview)

MU-03 verdict: Revise

### Issues

| # | Issue | Guideline | Evidence |
|---|---|---|---|
| 1 | Off-palette background colour | Clause 2.1 (six approved colours only) | Purple, approximately {f.hex3} (RGB {f.rgb3[0]} {f.rgb3[1]} {f.rgb3[2]}), over the whole poster above the footer |
| 2 | Logo on a busy ground | Logo misuse page: 'Do not place on busy or low-contrast grounds' | The white reversed logo sits on a panel of diagonal Teal and Sun Coral stripes on Sea Mist and loses contrast |

### Required changes

1. Rebuild the background in Solvane Teal {f.teal} (White text stays at {f.white_on_teal}:1) or Deep Navy {f.navy}; keep the Sea Mist circle and the Deep Navy footer.
2. Remove the striped panel and place the reversed logo directly on the plain Deep Navy footer.

### Already compliant

Logo size ({f.m3_logo} px preview width), typography, mandatory copy.

## MU-04 · MPU, 300 x 250 px

MU-04 verdict: Revise

### Issues

| # | Issue | Guideline | Evidence |
|---|---|---|---|
| 1 | Offer line fails contrast | Clause 4.1 (at least {f.rule}:1 for body text; pair listed as 'NOT permitted for text') | '{f.offer}' ({f.offer_px} px regular) in Sun Coral {f.coral} on Sand {f.sand}: about {f.ratio4}:1 |
| 2 | Logo stretched | Clause 1.4; misuse page 'Do not stretch or squash' | {f.m4_w} x {f.m4_h} px, aspect about {f.m4_aspect}:1 against the master's {f.master_aspect}:1 |
| 3 | Effects added to the logo | Logo misuse page: 'Do not add effects or outlines' | A Sun Coral outline around the lockup and a soft grey drop shadow |

### Required changes

1. Set the offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1 on Sand); keep Sun Coral for the button only.
2. Replace the logo with the supplied master artwork scaled uniformly (e.g. {f.m4_fix_w} x {f.m4_fix_h} px), with no outline and no shadow.

## MU-01 · Instagram square, 1080 x 1080 px

MU-01 verdict: Approved

### Checks passed

| Check | Result |
|---|---|
| Logo (clauses 1.2, 1.3) | Full-colour master on Sand, {f.m1_logo} px wide, uniformly scaled, clear space respected |
| Colours (clause 2.1) | Sand, Solvane Teal, Sea Mist, Deep Navy, Sun Coral and White only |
| Text contrast (clause 4.1) | {p1[0]} {p1[1]}:1; {p2[0]} {p2[1]}:1; {p3[0]} {p3[1]}:1 - all approved pairs |
| Mandatory copy (clause 3.4) | Headline, 'Shop now' CTA and legal line present |

### Required changes

None.

## Next steps

- Brightfold to resubmit MU-02, MU-03 and MU-04 with the changes above.
- Brand to re-check the revised files before the final artwork deadline of {f.final_artwork}.
"""
    return reply, {RECS: recs}


# ============================================================================ chat_markdown
def chat_markdown(f: Facts) -> tuple[str, dict[str, str]]:
    p1, p2, p3 = f.m1_pairs
    rows = [
        ["**MU-01**", "Yes", f"No issues - full-colour logo at {f.m1_logo} px with clear space, palette colours only, approved text pairs, all mandatory copy present", "None - approve as is"],
        ["**MU-02**", "No",
         f"**Logo too small:** {f.m2_w} px wide vs the {f.minimum} px digital minimum (1.3). **Serif headline:** '{f.headline}' is in a serif face, not Liberation Sans (3.1)",
         f"Scale the logo up to ≥ {f.minimum} px wide (≈ {f.m2_new_h} px tall), uniformly; reset the headline in Liberation Sans Bold"],
        ["**MU-03**", "No",
         f"**Off-palette background:** purple ≈ {f.hex3}, not one of the six approved colours (2.1). **Busy logo ground:** reversed logo on diagonal Teal/Coral stripes (misuse page)",
         f"Switch the background to Solvane Teal {f.teal} (or Deep Navy {f.navy}); move the logo onto the plain Navy footer"],
        ["**MU-04**", "No",
         f"**Stretched logo:** {f.m4_w} × {f.m4_h} px, ≈ {f.m4_aspect}:1 vs {f.master_aspect}:1 (1.4). **Logo effects:** outline + drop shadow (misuse page). **Low contrast:** offer line in Sun Coral {f.coral} on Sand {f.sand} ≈ {f.ratio4}:1, below {f.rule}:1 (4.1)",
         f"Use the master logo scaled uniformly ({f.m4_fix_w} × {f.m4_fix_h} px) with no outline/shadow; offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1)"],
    ]
    header = "| **Mock-up** | **Complies (Yes/No)** | **Issues found** | **Required fix** |"
    reply = f"""Hi Priya - I've reviewed all four Summer Shield mock-ups against the brand guidelines (v3.2) and the campaign brief. Here's the summary:

### 📋 Compliance overview

{table(rows, header=header)}

**Compliant mock-ups:** {f.count} of {f.total}
**Feedback due:** {f.feedback}

### 🔑 Key takeaways

- ✅ **MU-01** is ready for media booking.
- ❌ **MU-02, MU-03, MU-04** need revisions before they can be approved.
- ⏰ Final artwork is due **{f.final_artwork}**, and the campaign goes live **{f.live}**, so there are {f.days(f.feedback, f.final_artwork)} days between our feedback and final files.

The full notes for Brightfold are in **`recommendations.md`**. Let me know if you'd like me to draft the cover email to {f.to_name}!
"""
    recs = f"""# Summer Shield 2025 — Brand Compliance Recommendations

> **To:** {f.to_name}, {f.to_org}
> **From:** {f.from_line}
> **Reference:** {f.guide}; {f.brief}
> **Feedback due:** {f.feedback}

**Bottom line:** 1 of 4 mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised and resubmitted.

---

## MU-01 — Instagram square (1080 × 1080) ✅

**MU-01 verdict: Approved**

- **Logo:** full-colour master on Sand, **{f.m1_logo} px** wide (min. {f.minimum} px, clause 1.3), uniformly scaled, clear space respected (clause 1.2).
- **Colours:** palette only — Sand, Solvane Teal, Sea Mist, Deep Navy, Sun Coral, White (clause 2.1).
- **Contrast:** {p1[0]} **{p1[1]}:1**, {p2[0]} **{p2[1]}:1**, {p3[0]} **{p3[1]}:1** — all approved (clause 4.1).
- **Mandatory copy:** headline, "Shop now" CTA, legal line ✔ (clause 3.4).
- **Required change:** none.

---

## MU-02 — Leaderboard (728 × 90) ❌

**MU-02 verdict: Revise**

1. **Logo undersized (clause 1.3).** The reversed logo is **{f.m2_w} px** wide and {f.m2_h} px tall — below the {f.minimum} px digital minimum ("Do not shrink below {f.minimum} px / {f.min_print}").
2. **Wrong typeface (clause 3.1).** The headline "{f.headline}" is set in a **serif** face (bracketed serifs, high stroke contrast); the identity uses Liberation Sans only.

**Required changes:**
- Place the reversed logo at **≥ {f.minimum} px** wide (≈ {f.m2_new_h} px tall), scaled uniformly, with one cap height of clear space (clause 1.2); shorten the supporting line if needed.
- Reset the headline in **Liberation Sans Bold**.

*Compliant:* colours, contrast (White on Teal {f.white_on_teal}:1; Navy on Coral {p3[1]}:1), mandatory copy.

---

## MU-03 — A3 poster ❌

**MU-03 verdict: Revise**

1. **Off-palette colour (clause 2.1).** The main background is purple, **≈ {f.hex3}** (RGB {f.rgb3[0]} {f.rgb3[1]} {f.rgb3[2]}) — not in the approved palette.
2. **Logo on a busy ground (logo misuse page).** The reversed logo sits on a busy panel of diagonal Teal and Sun Coral stripes on Sea Mist; the white wordmark loses contrast ("Do not place on busy or low-contrast grounds").

**Required changes:**
- Rebuild the background in **Solvane Teal {f.teal}** (White text stays at {f.white_on_teal}:1) or **Deep Navy {f.navy}**; keep the Sea Mist circle and Deep Navy footer.
- Remove the striped panel and place the reversed logo directly on the **plain Deep Navy footer**.

*Compliant:* logo size ({f.m3_logo} px preview width), typography, mandatory copy.

---

## MU-04 — MPU (300 × 250) ❌

**MU-04 verdict: Revise**

1. **Distorted logo (clause 1.4).** Stretched horizontally to **{f.m4_w} × {f.m4_h} px** — aspect ≈ {f.m4_aspect}:1 vs the master's {f.master_aspect}:1 ("Do not stretch or squash").
2. **Low-contrast offer line (clause 4.1).** "{f.offer}" ({f.offer_px} px regular) is Sun Coral {f.coral} on Sand {f.sand} — **≈ {f.ratio4}:1**, below the {f.rule}:1 body-text minimum; listed as "NOT permitted for text".
3. **Effects added to the logo (logo misuse page).** A Sun Coral **outline** around the lockup and a soft grey **drop shadow** ("Do not add effects or outlines").

**Required changes:**
- Replace the logo with the supplied master artwork, scaled uniformly (e.g. {f.m4_fix_w} × {f.m4_fix_h} px), **no outline or shadow**.
- Set the offer line in **Deep Navy {f.navy}** ({f.navy_on_sand}:1 on Sand); keep Sun Coral for the button only.

---

## Next steps

1. Brightfold resubmits MU-02, MU-03 and MU-04 with the changes above.
2. Brand re-checks the revised files before the final artwork deadline (**{f.final_artwork}**).
"""
    return reply, {RECS: recs}


# ============================================================================ named_rows
NAMES = {"MU-01": "Instagram square 1080 × 1080", "MU-02": "Leaderboard 728 × 90", "MU-03": "A3 poster",
         "MU-04": "MPU 300 × 250"}


def named_rows(f: Facts) -> tuple[str, dict[str, str]]:
    """chat_markdown with the asset name after the ID in the first column ('**MU-02** · Leaderboard
    728 × 90'), as models often label rows; everything else identical."""
    reply, files = chat_markdown(f)
    for mu, name in NAMES.items():
        reply = reply.replace(f"| **{mu}** |", f"| **{mu}** · {name} |", 1)
    if reply.count(" · ") < len(NAMES):
        raise SystemExit("make_alternates: named_rows did not label every row")
    return reply, files


# ============================================================================ verbose
def verbose(f: Facts) -> tuple[str, dict[str, str]]:
    p1, p2, p3 = f.m1_pairs
    rows = [
        ["MU-01", "Yes",
         f"None. Full-colour master logo {f.m1_logo} px wide (more than twice the {f.minimum} px minimum of clause 1.3), "
         "uniformly scaled (not stretched) with its clear space respected; no colours outside the six-colour palette; "
         f"every text pair is approved: {p1[0]} {p1[1]}:1, {p2[0]} {p2[1]}:1, {p3[0]} {p3[1]}:1 (all at or above "
         f"{f.rule}:1); headline, 'Shop now' CTA and legal line present",
         "None - approve as submitted"],
        ["MU-02", "No",
         f"1) Logo undersized: the reversed logo measures {f.m2_w} px wide x {f.m2_h} px tall, i.e. {f.short_px} px "
         f"short of the {f.minimum} px digital minimum in clause 1.3 (only {f.pct_of_min} % of it); 2) Wrong typeface: "
         f"the headline '{f.headline}' is set in a bold serif face (bracketed serifs, high stroke contrast), whereas "
         "clause 3.1 allows Liberation Sans only. Colours and contrast (White on Teal "
         f"{f.white_on_teal}:1, Navy on Coral {p3[1]}:1) are fine",
         f"Enlarge the logo to at least {f.minimum} px wide ({f.minimum} / {f.master_aspect} ≈ {f.m2_new_h} px tall), "
         "scaled uniformly with one cap height of clear space (clause 1.2); tighten the layout if needed; reset the "
         "headline in Liberation Sans Bold"],
        ["MU-03", "No",
         f"1) Off-palette background: the poster background is purple, approx. {f.hex3} (RGB {f.rgb3[0]}, {f.rgb3[1]}, "
         f"{f.rgb3[2]}); the six approved colours are Solvane Teal {f.teal}, Deep Navy {f.navy}, Sea Mist {SEA_MIST}, "
         f"Sun Coral {f.coral}, Sand {f.sand} and White {WHITE} (clause 2.1), and {f.hex3} is none of them; 2) Logo "
         "on a busy ground: the reversed (white) logo sits on a panel of diagonal Teal and Sun Coral stripes on Sea "
         "Mist, the listed misuse 'Do not place on busy or low-contrast grounds'. Logo size "
         f"({f.m3_logo} px preview width), typography and mandatory copy comply",
         f"Rebuild the background in Solvane Teal {f.teal} (White on Teal = {f.white_on_teal}:1) or Deep Navy "
         f"{f.navy} (White on Navy = {f.white_on_navy}:1); remove the striped panel and place the reversed logo on "
         "the plain Deep Navy footer"],
        ["MU-04", "No",
         f"1) Logo distorted: stretched horizontally to {f.m4_w} x {f.m4_h} px, aspect {f.m4_aspect}:1 "
         f"({f.m4_w} / {f.m4_h} = {f.exact_aspect}) against the master's {f.master_aspect}:1, i.e. about "
         f"{f.stretch}x too wide for its height (clause 1.4); 2) Effects added to the logo: a Sun Coral outline "
         "around the lockup and a soft grey drop shadow, the listed misuse 'Do not add effects or outlines'; 3) Low "
         f"contrast: the offer line '{f.offer}' ({f.offer_px} px regular) is Sun Coral {f.coral} on Sand {f.sand} = "
         f"{f.ratio4}:1 (WCAG: ({f.lum_sand} + 0.05) / ({f.lum_coral} + 0.05) ≈ {f.exact_ratio}), below the "
         f"{f.rule}:1 body-text minimum of clause 4.1; the guide lists this pair as 'NOT permitted for text'",
         f"Re-place the supplied master artwork scaled uniformly, e.g. {f.m4_fix_w} x {f.m4_fix_h} px "
         f"({f.m4_fix_w} / {f.master_aspect} ≈ {f.m4_fix_w / float(f.master_aspect):.1f}), with no outline and no "
         f"shadow; set the offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1 on Sand), keeping Sun Coral for the "
         "button only"],
    ]
    reply = f"""# Summer Shield 2025 - brand compliance review of the four Brightfold mock-ups

I reviewed each mock-up against the {f.guide} - logo rules 1.1-1.5 and the misuse page, palette
clause 2.1, typography 3.1-3.4, accessibility 4.1 - and against the {f.brief}. Logo sizes were
measured on the pixels of each PNG, colours were sampled from the artwork and contrast ratios computed with the
WCAG 2.1 formula the guide refers to.

{table(rows)}

Compliant mock-ups: {f.count} of {f.total} (MU-01 only; MU-02, MU-03 and MU-04 need revision)
Feedback due: {f.feedback} (per the brief's timeline; final artwork follows on {f.final_artwork} and the campaign goes live on {f.live})

## Why these verdicts

- **MU-01** passes every check: the logo is {f.m1_logo} px wide, well above {f.minimum} px; there is no off-palette
  colour; and the lowest text contrast is {p3[1]}:1 (Navy on the Coral button), still above {f.rule}:1.
- **MU-02** fails on size ({f.m2_w} px against {f.minimum} px, clause 1.3) and on typeface (serif headline,
  clause 3.1). Its colours are all from the palette, so colour is not the problem here.
- **MU-03** fails on colour (purple {f.hex3}, clause 2.1) and on the busy striped ground behind the logo
  (misuse page). The logo is not too small ({f.m3_logo} px in the preview).
- **MU-04** fails three ways: a stretched logo ({f.m4_aspect}:1 vs {f.master_aspect}:1), effects (outline and drop
  shadow) on the logo, and Coral-on-Sand offer text at about {f.ratio4}:1, where clause 4.1 requires {f.rule}:1.
  The logo width itself ({f.m4_w} px) is above the minimum; the issue is its proportions and the effects.

The agency needs this feedback by {f.feedback}; that leaves {f.days(f.feedback, f.final_artwork)} days to the final artwork on {f.final_artwork}.
The detailed, per-mock-up notes for {f.to_name} are in `recommendations.md`.
"""
    recs = f"""# Summer Shield 2025 - brand compliance recommendations for Brightfold Studio

To: {f.to_name}, {f.to_org}
From: {f.from_line}
Reference: {f.guide}; {f.brief}. Feedback due {f.feedback} (final artwork {f.final_artwork}, campaign live {f.live}).

Summary: {f.count} of {f.total} mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised and resubmitted;
between them they carry seven issues (two, two and three), listed below with the clause each one breaks, the
evidence and the exact change we need.

How we checked: logo widths were measured on the pixels of each PNG (the guide's digital minimum is {f.minimum} px,
clause 1.3), colours were sampled from the artwork and compared with the six palette colours of clause 2.1, and
text contrast was computed with the WCAG 2.1 formula (clause 4.1: at least {f.rule}:1 for body text).

## MU-01 - Instagram square 1080 x 1080 - APPROVED

MU-01 verdict: Approved

- Logo: full-colour master on Sand, {f.m1_logo} px wide - {f.m1_logo - f.minimum} px above the {f.minimum} px minimum (clause 1.3) - uniformly scaled (its aspect matches the master's {f.master_aspect}:1) with clear space of at least one cap height on every side (clause 1.2).
- Colours: Sand {f.sand}, Solvane Teal {f.teal}, Sea Mist {SEA_MIST}, Deep Navy {f.navy}, Sun Coral {f.coral} and White {WHITE}; there is no colour outside the palette (clause 2.1).
- Text pairs: {p1[0]} ({p1[1]}:1), {p2[0]} ({p2[1]}:1) and {p3[0]} ({p3[1]}:1) - all above {f.rule}:1 and all on the approved list (clause 4.1).
- Mandatory copy: headline, 'Shop now' CTA and the legal line 'Use sun protection as directed.' are present (clause 3.4).
- Required change: none. None of the problems found in the other three mock-ups occurs here.

## MU-02 - Leaderboard 728 x 90 - REVISE

MU-02 verdict: Revise

- Issue 1 - logo below the minimum size (clause 1.3; misuse page 'Do not shrink below {f.minimum} px / {f.min_print}'): the reversed logo measures {f.m2_w} px wide and {f.m2_h} px tall ({f.m2_w} / {f.m2_h} = {f.m2_w / f.m2_h:.1f}, so it is uniformly scaled, just too small). It is {f.short_px} px short of the {f.minimum} px minimum, i.e. at {f.pct_of_min} % of the required width.
- Issue 2 - wrong typeface (clause 3.1: 'Use Liberation Sans only. Serif, script and display faces are not part of the identity'): the headline '{f.headline}' is set in a bold serif face - bracketed serifs and high stroke contrast are visible on every letter - and it is not Liberation Sans.
- Required change: place the reversed logo at least {f.minimum} px wide; at the master's {f.master_aspect}:1 that is {f.minimum} / {f.master_aspect} ≈ {f.m2_new_h} px tall, which fits the 90 px banner height with clear space of one cap height (clause 1.2). Shorten the supporting line if space is needed. Reset the headline in Liberation Sans Bold (clause 3.1).
- What is fine: colours (Teal, White, Sun Coral, Deep Navy, Sea Mist - no off-palette colour), contrast (White on Teal {f.white_on_teal}:1; Navy on Coral CTA {p3[1]}:1) and the mandatory copy.

## MU-03 - A3 poster - REVISE

MU-03 verdict: Revise

- Issue 1 - off-palette colour (clause 2.1: 'Only the six colours below may be used'): the main background is purple, approximately {f.hex3} (RGB {f.rgb3[0]} {f.rgb3[1]} {f.rgb3[2]}). It matches none of the six palette colours - it is a mid purple, neither a teal like Solvane Teal {f.teal} nor a navy like Deep Navy {f.navy} - so it is not in the approved palette.
- Issue 2 - logo on a busy ground (logo misuse page: 'Do not place on busy or low-contrast grounds'): the reversed logo sits on a panel of diagonal Teal and Sun Coral stripes on Sea Mist, and the white wordmark does not stand out against the stripes.
- Required change: rebuild the background in Solvane Teal {f.teal} (White text then reads at {f.white_on_teal}:1) or Deep Navy {f.navy} ({f.white_on_navy}:1); keep the Sea Mist circle and the Deep Navy footer; remove the striped panel and place the reversed logo directly on the plain Deep Navy footer, where clause 1.5 allows the reversed version.
- What is fine: logo size ({f.m3_logo} px preview width, so the logo is not undersized), typography (Liberation Sans throughout) and mandatory copy.

## MU-04 - MPU 300 x 250 - REVISE

MU-04 verdict: Revise

- Issue 1 - logo stretched (clause 1.4; misuse page 'Do not stretch or squash'): the logo measures {f.m4_w} x {f.m4_h} px, an aspect of {f.m4_w} / {f.m4_h} = {f.exact_aspect} (about {f.m4_aspect}:1) against the master's {f.master_aspect}:1, i.e. roughly {f.stretch} times too wide for its height. Its width is not the problem ({f.m4_w} px is above {f.minimum} px).
- Issue 2 - low-contrast offer line (clause 4.1): '{f.offer}' ({f.offer_px} px regular, so body text) is Sun Coral {f.coral} on Sand {f.sand}. Relative luminances {f.lum_sand} (Sand) and {f.lum_coral} (Coral) give ({f.lum_sand} + 0.05) / ({f.lum_coral} + 0.05) = {f.exact_ratio}, about {f.ratio4}:1 - below the {f.rule}:1 body-text minimum, and not even the 3:1 allowed for large text; the guide lists Sun Coral on Sand as 'NOT permitted for text'.
- Issue 3 - effects added to the logo (logo misuse page: 'Do not add effects or outlines'): a Sun Coral outline runs round the lockup and a soft grey drop shadow sits below and to the right of it. The master artwork has no outline and no shadow, so neither may be added.
- Required changes: replace the logo with the supplied master artwork scaled uniformly (e.g. {f.m4_fix_w} x {f.m4_fix_h} px, since {f.m4_fix_w} / {f.master_aspect} ≈ {f.m4_fix_w / float(f.master_aspect):.1f}), with no outline or shadow; set the offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1 on Sand), keeping Sun Coral for the button only.

## Next steps

1. Brightfold to resubmit MU-02, MU-03 and MU-04 with the changes above (MU-01 needs no resubmission).
2. Brand to re-check the revised files before the final artwork deadline of {f.final_artwork} - {f.days(f.feedback, f.final_artwork)} days after this feedback ({f.feedback}) and {f.days(f.final_artwork, f.live)} days before the campaign goes live on {f.live}.
"""
    return reply, {RECS: recs}


# ============================================================================ formats
def formats(f: Facts) -> tuple[str, dict[str, str]]:
    p1, p2, p3 = f.m1_pairs
    hx = f.hex3_lower
    coral, sand, teal, navy = f.coral.lower(), f.sand.lower(), f.teal.lower(), f.navy.lower()
    rows = [
        ["MU-01", "Yes", f"None (logo {f.m1_logo}px, palette only, text pairs {p1[1]}:1 / {p2[1]}:1 / {p3[1]}:1)", "None"],
        ["MU-02", "No",
         f"Logo {f.m2_w}×{f.m2_h} px (w×h) - under the {f.minimum}px minimum, cl. 1.3; headline in a serif face, not Liberation Sans (cl. 3.1)",
         f"Logo ≥{f.minimum}px wide (≈{f.m2_new_h}px tall), uniform scaling; headline in Liberation Sans Bold"],
        ["MU-03", "No",
         f"Off-palette purple background {hx} = rgb({f.rgb3[0]}, {f.rgb3[1]}, {f.rgb3[2]}) (cl. 2.1); logo on a busy striped panel (teal/coral diagonals)",
         f"Background → Solvane Teal {teal} (alt. Deep Navy {navy}); logo on the plain navy footer"],
        ["MU-04", "No",
         f"Logo stretched to {f.m4_w}×{f.m4_h} px (AR {f.exact_aspect} vs {f.master_aspect}, cl. 1.4); outline + drop shadow on logo; offer text {coral} (Sun Coral) on {sand} (Sand): low contrast, {f.ratio4}:1 vs ≥{f.rule}:1 (cl. 4.1)",
         f"Master logo at {f.m4_fix_w}×{f.m4_fix_h} px, no effects; offer text in {navy} (Deep Navy, {f.navy_on_sand}:1)"],
    ]
    body = "\n".join(" | ".join(r) for r in rows)
    reply = f"""Summer Shield 2025 - brand review ({f.date_iso(f.feedback)} deadline)

Mock-up | Complies (Yes/No) | Issues found | Required fix
--- | --- | --- | ---
{body}

Compliant mock-ups: {f.count} of {f.total}
Feedback due: {f.feedback}

Final artwork {f.date_iso(f.final_artwork)}; go-live {f.date_iso(f.live)}. Notes for the agency: recommendations.md.
"""
    n = NBSP
    recs = f"""# Summer Shield 2025 – brand compliance recommendations

To: {f.to_name}, {f.to_org}
From: {f.from_line}
Ref.: {f.guide}; {f.brief}
Feedback due: {f.date_iso(f.feedback)}

Approved: 1/4 (MU-01). To revise: 3/4 (MU-02, MU-03, MU-04).

## MU-01 – Instagram 1080×1080 px – approved

MU-01 verdict: Approved

- Logo: full-colour master, W{n}={n}{f.m1_logo}{n}px (min.{n}{f.minimum}{n}px, cl.{n}1.3), uniform scale, clear space OK (cl.{n}1.2).
- Colours: palette only – {sand}, {teal}, {SEA_MIST.lower()}, {navy}, {coral}, {WHITE.lower()} (cl.{n}2.1).
- Contrast: navy/sand {p1[1]}{n}:{n}1; white/teal {p2[1]}{n}:{n}1; navy/coral {p3[1]}{n}:{n}1 – approved pairs (cl.{n}4.1).
- Copy: headline, CTA, legal line ✓ (cl.{n}3.4).
- Change: none.

## MU-02 – Leaderboard 728×90 px – revise

MU-02 verdict: Revise

- Issue: reversed logo {f.m2_w}{n}px wide × {f.m2_h}{n}px tall (≈{n}{f.pct_of_min}{n}% of the {f.minimum}{n}px digital minimum, cl.{n}1.3).
- Issue: headline “{f.headline}” set in a serif face; cl.{n}3.1 allows Liberation Sans only.
- Change: logo ≥{n}{f.minimum}{n}px × ≈{n}{f.m2_new_h}{n}px, uniform scale, clear space 1{n}× cap height (cl.{n}1.2); headline in Liberation Sans Bold.

## MU-03 – A3 poster (297×420{n}mm) – revise

MU-03 verdict: Revise

- Issue: background colour {hx} / RGB({f.rgb3[0]},{n}{f.rgb3[1]},{n}{f.rgb3[2]}) – off-palette (cl.{n}2.1).
- Issue: reversed logo placed on a busy panel of diagonal teal & coral stripes on sea mist (misuse: “Do not place on busy or low-contrast grounds”).
- Change: background → {teal} (Solvane Teal, white text {f.white_on_teal}{n}:{n}1) or {navy} (Deep Navy); striped panel removed, logo on the plain navy footer.
- OK: logo {f.m3_logo}{n}px (preview), type, copy.

## MU-04 – MPU 300×250 px – revise

MU-04 verdict: Revise

- Issue: logo stretched – {f.m4_w}{n}px × {f.m4_h}{n}px, AR{n}≈{n}{f.exact_aspect} vs. {f.master_aspect} (cl.{n}1.4).
- Issue: offer line (“{f.offer}”, {f.offer_px}{n}px) {coral} on {sand} → contrast {f.exact_ratio}{n}:{n}1 < {f.rule}{n}:{n}1 (cl.{n}4.1).
- Issue: outline ({coral}) + grey drop shadow added to the logo (misuse: “Do not add effects or outlines”).
- Change: master logo at {f.m4_fix_w}{n}px × {f.m4_fix_h}{n}px, no effects; offer line in {navy} ({f.navy_on_sand}{n}:{n}1 on sand).

## Next steps

1. Brightfold → resubmit MU-02/03/04.
2. Brand → re-check before {f.date_iso(f.final_artwork)}.
"""
    return reply, {RECS: recs}


# ============================================================================ other_tools
def _md_inline(s: str) -> str:
    """What an HTML->Markdown converter (turndown/markdownify) escapes in running text."""
    return s.replace("_", "\\_")


def other_tools(f: Facts, work: Path) -> tuple[str, dict[str, str | bytes]]:
    p1, p2, p3 = f.m1_pairs
    sections = [
        ("MU-01", "Instagram square 1080 x 1080", "Approved", [
            f"Logo: full-colour master on Sand, {f.m1_logo} px wide (minimum {f.minimum} px, clause 1.3), uniformly scaled, clear space respected (clause 1.2). File: MU-01_instagram_1080x1080.png.",
            "Colours: Sand, Solvane Teal, Sea Mist, Deep Navy, Sun Coral and White only (clause 2.1).",
            f"Text pairs: {p1[0]} ({p1[1]}:1), {p2[0]} ({p2[1]}:1), {p3[0]} ({p3[1]}:1) - all approved (clause 4.1).",
            "Mandatory copy: headline, 'Shop now' CTA and legal line present (clause 3.4).",
            "Required change: none."]),
        ("MU-02", "Leaderboard 728 x 90", "Revise", [
            f"Issue 1 (clause 1.3): the reversed logo is {f.m2_w} px wide and {f.m2_h} px tall, below the {f.minimum} px digital minimum ('Do not shrink below {f.minimum} px / {f.min_print}'). File: MU-02_leaderboard_728x90.png.",
            f"Issue 2 (clause 3.1): the headline '{f.headline}' is set in a serif face (bracketed serifs, high stroke contrast) instead of Liberation Sans.",
            f"Required change: place the reversed logo at least {f.minimum} px wide (about {f.m2_new_h} px tall), scaled uniformly, with clear space of one cap height (clause 1.2); shorten the supporting line if space is needed; reset the headline in Liberation Sans Bold.",
            f"Colours, contrast (White on Teal {f.white_on_teal}:1, Navy on Coral {p3[1]}:1) and mandatory copy comply."]),
        ("MU-03", "A3 poster", "Revise", [
            f"Issue 1 (clause 2.1): the main background is an off-palette purple, approximately {f.hex3} (RGB {f.rgb3[0]} {f.rgb3[1]} {f.rgb3[2]}), which is not in the approved palette. File: MU-03_poster_A3_preview.png.",
            "Issue 2 (logo misuse page, 'Do not place on busy or low-contrast grounds'): the reversed logo sits on a busy panel of diagonal Teal and Sun Coral stripes on Sea Mist, and the white wordmark loses contrast against it.",
            f"Required change: rebuild the background in Solvane Teal {f.teal} (White text stays at {f.white_on_teal}:1) or Deep Navy {f.navy}; keep the Sea Mist circle and Deep Navy footer; remove the striped panel and place the reversed logo directly on the plain Deep Navy footer.",
            f"Logo size ({f.m3_logo} px preview width), typography and mandatory copy comply."]),
        ("MU-04", "MPU 300 x 250", "Revise", [
            f"Issue 1 (clause 1.4, 'Do not stretch or squash'): the logo is stretched horizontally to {f.m4_w} x {f.m4_h} px, an aspect of about {f.m4_aspect}:1 against the master's {f.master_aspect}:1. File: MU-04_mpu_300x250.png.",
            f"Issue 2 (clause 4.1): the offer line ('{f.offer}', {f.offer_px} px regular) is Sun Coral {f.coral} on Sand {f.sand}, contrast about {f.ratio4}:1 - below the {f.rule}:1 body-text minimum and listed as 'NOT permitted for text'.",
            "Issue 3 (logo misuse page, 'Do not add effects or outlines'): effects have been added to the logo, a Sun Coral outline around the lockup and a soft grey drop shadow.",
            f"Required changes: replace the logo with the supplied master artwork scaled uniformly (e.g. {f.m4_fix_w} x {f.m4_fix_h} px), with no outline or shadow; set the offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1 on Sand), keeping Sun Coral for the button only."]),
    ]
    title = "Summer Shield 2025 - brand compliance recommendations"
    meta = [f"To: {f.to_name}, {f.to_org}", f"From: {f.from_line}",
            f"Reference: {f.guide}; {f.brief}. Feedback due {f.feedback}."]
    summary = f"Summary: {f.count} of {f.total} mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised and resubmitted."
    steps = ["Brightfold to resubmit MU-02, MU-03 and MU-04 with the changes above.",
             f"Brand to re-check the revised files before the final artwork deadline of {f.final_artwork}."]

    # --- the HTML the notes were written in (the source of the .docx and the .pdf)
    e = html.escape
    parts = [f"<!DOCTYPE html>\n<html lang=\"en-GB\"><head><meta charset=\"utf-8\"><title>{e(title)}</title>",
             "<style>body{font-family:'Liberation Sans',Arial,sans-serif;font-size:10.5pt;margin:2cm}"
             "h1{color:#0F6E74}h2{color:#1B2A41;border-bottom:1px solid #CFE8E6}</style></head><body>",
             f"<h1>{e(title)}</h1>", "<p>" + "<br>".join(e(m) for m in meta) + "</p>", f"<p>{e(summary)}</p>"]
    for mu, label, verdict, items in sections:
        parts += [f"<h2>{mu} - {e(label)}</h2>", f"<p>{mu} verdict: {verdict}</p>",
                  "<ul>" + "".join(f"<li>{e(i)}</li>" for i in items) + "</ul>"]
    parts += ["<h2>Next steps</h2>", "<ol>" + "".join(f"<li>{e(s)}</li>" for s in steps) + "</ol>", "</body></html>\n"]
    page = "\n".join(parts)

    # --- the Markdown an HTML->Markdown converter writes for it, saved by a Windows editor
    def wrap(text: str, first: str, rest: str) -> list[str]:
        return textwrap.wrap(_md_inline(text), width=72, initial_indent=first, subsequent_indent=rest,
                             break_long_words=False, break_on_hyphens=False)

    md: list[str] = [f"# {title} #", ""]
    for i, m in enumerate(meta):
        md += [line + ("  " if i < len(meta) - 1 and j == len(wrap(m, '', '')) - 1 else "")
               for j, line in enumerate(wrap(m, "", ""))]
    md += [""] + wrap(summary, "", "") + [""]
    for mu, label, verdict, items in sections:
        md += [f"## {mu} - {label} ##", "", f"{mu} verdict: {verdict}", ""]
        for item in items:
            md += wrap(item, "*   ", "    ")
        md += [""]
    md += ["## Next steps ##", ""]
    for k, s in enumerate(steps, 1):
        md += wrap(s, f"{k}.  ", "    ")
    recs_md = "\ufeff" + "\r\n".join(md) + "\r\n"

    files: dict[str, str | bytes] = {RECS: recs_md.encode("utf-8"), "recommendations.html": page}
    src = work / "recommendations.html"
    src.write_text(page, encoding="utf-8")
    proc = subprocess.run(["soffice", "--headless", "--norestore", "--convert-to", "docx:MS Word 2007 XML",
                           "--outdir", str(work), str(src)], capture_output=True, text=True, timeout=300)
    docx = work / "recommendations.docx"
    if proc.returncode != 0 or not docx.is_file():
        raise SystemExit(f"make_alternates: LibreOffice did not convert the notes: {proc.stdout} {proc.stderr}")
    files["recommendations.docx"] = docx.read_bytes()
    from weasyprint import HTML  # the sandbox image has it
    files["recommendations.pdf"] = HTML(string=page).write_pdf()

    # --- the reply table as prettier aligns it
    rows = [
        ["MU-01", "Yes", "None", "None - approve as is"],
        ["MU-02", "No", f"Logo undersized: {f.m2_w} px wide (below the {f.minimum} px digital minimum, clause 1.3); headline in a serif face, not Liberation Sans (clause 3.1)",
         f"Enlarge the logo to at least {f.minimum} px wide, scaled uniformly; reset the headline in Liberation Sans Bold"],
        ["MU-03", "No", f"Off-palette background: purple {f.hex3} (approx.), not one of the six approved colours (clause 2.1); reversed logo on a busy striped panel (misuse page)",
         f"Background in Solvane Teal {f.teal} (or Deep Navy {f.navy}); logo on the plain Deep Navy footer"],
        ["MU-04", "No", f"Logo stretched to {f.m4_w} x {f.m4_h} px ({f.m4_aspect}:1 vs {f.master_aspect}:1, clause 1.4); outline and drop shadow added to the logo (misuse page); offer line Sun Coral {f.coral} on Sand {f.sand}, low contrast about {f.ratio4}:1, below {f.rule}:1 (clause 4.1)",
         f"Master logo scaled uniformly ({f.m4_fix_w} x {f.m4_fix_h} px) without outline or shadow; offer line in Deep Navy {f.navy} ({f.navy_on_sand}:1)"],
    ]
    head = ["Mock-up", "Complies (Yes/No)", "Issues found", "Required fix"]
    widths = [max(len(head[c]), *(len(r[c]) for r in rows)) for c in range(4)]
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    sep = "| " + " | ".join([":" + "-" * (widths[0] - 1), ":" + "-" * (widths[1] - 2) + ":",
                             "-" * widths[2], "-" * widths[3]]) + " |"
    reply = "\n".join(["Summer Shield 2025 - brand review", "", line(head), sep, *(line(r) for r in rows), "",
                       f"Compliant mock-ups: {f.count} of {f.total}  ", f"Feedback due: {f.feedback}", "",
                       "Notes for Brightfold: recommendations.md (also as .docx and .pdf).", ""])
    return reply, files


# ============================================================================ minimal
def minimal(f: Facts) -> tuple[str, dict[str, str]]:
    rows = [
        ["MU-01", "Yes", "None", "None"],
        ["MU-02", "No", f"Logo {f.m2_w} px wide, below {f.minimum} px minimum (1.3); serif headline (3.1)",
         f"Logo ≥ {f.minimum} px wide, uniform scale; headline in Liberation Sans"],
        ["MU-03", "No", f"Off-palette background {f.hex3} (2.1); logo on busy striped ground",
         f"Background Solvane Teal {f.teal}; logo on plain Navy footer"],
        ["MU-04", "No", f"Logo stretched ({f.m4_w} x {f.m4_h} px, 1.4); outline and shadow on logo; offer text Sun Coral {f.coral} on Sand {f.sand}: contrast {f.ratio4}:1 (< {f.rule}:1, 4.1)",
         f"Master logo, uniform scale, no effects; offer text Deep Navy {f.navy}"],
    ]
    reply = f"""{table(rows)}

Compliant mock-ups: {f.count} of {f.total}
Feedback due: {f.feedback}
"""
    recs = f"""## MU-01
MU-01 verdict: Approved
No issues. No change required.

## MU-02
MU-02 verdict: Revise
- Clause 1.3: logo {f.m2_w} px wide; minimum {f.minimum} px. Change: enlarge to at least {f.minimum} px wide, uniform scale.
- Clause 3.1: headline set in a serif face. Change: reset in Liberation Sans Bold.

## MU-03
MU-03 verdict: Revise
- Clause 2.1: background {f.hex3} is not a palette colour. Change: use Solvane Teal {f.teal}.
- Logo misuse (busy grounds): logo on a striped panel. Change: place it on the plain Deep Navy footer.

## MU-04
MU-04 verdict: Revise
- Clause 1.4: logo stretched to {f.m4_w} x {f.m4_h} px ({f.m4_aspect}:1; master {f.master_aspect}:1). Change: master logo, uniform scale.
- Logo misuse (effects): outline and drop shadow on the logo. Change: remove both.
- Clause 4.1: offer line Sun Coral on Sand, {f.ratio4}:1, below {f.rule}:1. Change: set it in Deep Navy {f.navy}.
"""
    return reply, {RECS: recs}


SIMPLE = {
    "paraphrase": paraphrase,
    "restructured": restructured,
    "chat_markdown": chat_markdown,
    "named_rows": named_rows,
    "verbose": verbose,
    "formats": formats,
    "minimal": minimal,
}


def write(out: Path, name: str, reply: str, files: dict[str, str | bytes]) -> None:
    d = out / name / "deliverables"
    d.mkdir(parents=True, exist_ok=True)
    (out / name / REPLY).write_text(reply, encoding="utf-8")
    for fname, content in files.items():
        if isinstance(content, bytes):
            (d / fname).write_bytes(content)
        else:
            (d / fname).write_text(content, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    facts = Facts.read(args.gold)
    facts.check()
    for name, make in SIMPLE.items():
        write(args.out, name, *make(facts))
    work = Path(tempfile.mkdtemp(prefix="alt-brand-"))
    try:
        write(args.out, "other_tools", *other_tools(facts, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {len(SIMPLE) + 1} alternates to {args.out}")


if __name__ == "__main__":
    main()
