"""code_only baseline for contract_redline_review: the strongest honest memo without looking at
the scans.

What a capable agent without `view_image` would build: the clean DOCX gives every clause, its
heading and its original wording; the scans are read by a generic OCR and pixel pipeline:
  - the body text column of each page is OCR'd (Tesseract, 2x upscale) to locate the clause
    numbers down the left edge and the column's right edge;
  - manuscript margin notes are the ink clusters right of that edge, split by blank rows; each
    is OCR'd on its own and classified as a value (a number, with a currency code when one sits
    above it), a deletion ("Delete", fuzzy), or initials (any other legible or ink-bearing mark
    next to a value); a note is attributed to the clause whose vertical range contains it, and
    a clause with a mark but no value or deletion (a tick) is not an amendment;
  - the RECEIVED stamp is the red ink of page 1, isolated by colour, de-rotated by trying small
    angles and OCR'd for a date; month names are corrected against the calendar (fuzzy);
  - the signature blocks are read from the OCR words right of each 'Name:' / 'Date:' label;
    a block with no words after its labels is reported blank.
The original term is the quantity in the clean clause whose kind matches the margin value
(a currency amount, or an "n (n) days" period). It never reads gold/, visual_facts.json,
make_inputs.py or the rubric and hard-codes nothing read off a scan; where OCR is unsure it
still commits to its best reading (the prompt demands one).
Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

import difflib
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from docx import Document
from PIL import Image
from tesserocr import PyTessBaseAPI

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
CURRENCIES = ("GBP", "EUR", "USD", "£", "€", "$")


# ----------------------------------------------------------------------------- OCR helpers
@dataclass
class Word:
    text: str
    x0: int
    y0: int
    x1: int
    y1: int
    conf: float
    line: tuple[int, int, int]


# tesseract as a library (Debian's python3-tesserocr, the same engine as the command): the model
# loads once for all of this solver's reads instead of once per read (~65 ms each, most of its time)
OCR = PyTessBaseAPI(lang="eng")


def tesseract(img: Image.Image, psm: int, scale: int = 2) -> list[Word]:
    up = img.resize((img.width * scale, img.height * scale), Image.LANCZOS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "x.png"
        up.save(path)  # read back from a PNG file, as the command would: the same pixels and resolution
        OCR.SetPageSegMode(psm)
        OCR.SetImageFile(str(path))
        tsv = OCR.GetTSVText(0)
    out = []
    for row in tsv.splitlines():  # the rows of the command's TSV, without its header line
        p = row.split("\t")
        if len(p) < 12 or not p[11].strip():
            continue
        left, top, width, height, conf = (float(v) for v in p[6:11])
        out.append(Word(p[11].strip(), int(left / scale), int(top / scale), int((left + width) / scale),
                        int((top + height) / scale), conf, (int(p[2]), int(p[3]), int(p[4]))))
    return out


def _lines(words: list[Word]) -> list[str]:
    groups: dict[tuple[int, int, int], list[Word]] = {}
    for wd in words:
        groups.setdefault(wd.line, []).append(wd)
    return [" ".join(x.text for x in sorted(ws, key=lambda x: x.x0)) for _, ws in sorted(groups.items())]


def vote_lines(crop: Image.Image) -> list[str]:
    """Handwriting OCR is unstable: read the crop with several page-segmentation modes and
    scales and keep the reading most of them agree on (ties: the longest)."""
    readings = []
    for psm, scale in ((6, 2), (6, 3), (7, 2), (7, 3), (11, 2), (11, 3), (13, 3)):
        parts = [re.sub(r"^[^A-Za-z0-9£€$]+|[^A-Za-z0-9%]+$", "", ln) for ln in _lines(tesseract(crop, psm, scale))]
        parts = [x for x in parts if re.search(r"[A-Za-z0-9]", x)]
        if parts:
            readings.append(tuple(parts))
    if not readings:
        return [""]
    counts: dict[tuple[str, ...], int] = {}
    for r in readings:
        counts[r] = counts.get(r, 0) + 1
    return list(max(counts, key=lambda r: (counts[r], len(" ".join(r)))))


def text_of(img: Image.Image, psm: int = 7, scale: int = 3) -> str:
    return " ".join(w.text for w in tesseract(img, psm, scale)).strip()


def fix_month(token: str) -> str | None:
    best = difflib.get_close_matches(token.capitalize(), MONTHS + [m[:3] for m in MONTHS], n=1, cutoff=0.6)
    if not best:
        return None
    return next(m for m in MONTHS if m.startswith(best[0][:3]))


def find_date(text: str) -> str | None:
    """'5 Match 2025' / '11 MAR 2025' -> '5 March 2025' (month fuzzy-matched to the calendar)."""
    for m in re.finditer(r"\b(\d{1,2})\s*[.,]?\s*([A-Za-z]{3,9})\.?,?\s*(\d{4})\b", text):
        month = fix_month(m.group(2))
        if month and 1 <= int(m.group(1)) <= 31:
            return f"{int(m.group(1))} {month} {m.group(3)}"
    return None


# ----------------------------------------------------------------------------- the clean DOCX
def clean_clauses() -> tuple[dict[str, str], dict[str, str]]:
    docx = next(INPUT.glob("*clean*.docx"), None) or next(INPUT.glob("*.docx"))
    clauses, headings, section = {}, {}, ""
    for p in Document(str(docx)).paragraphs:
        if m := re.match(r"^(\d+)\.\t(.+)$", p.text):
            section = m.group(2).strip().capitalize()
        elif m := re.match(r"^(\d+\.\d+)\t(.*)$", p.text):
            clauses[m.group(1)] = m.group(2)
            lead = re.match(r"^([A-Z][\w -]{2,40})\.\s", m.group(2))
            headings[m.group(1)] = lead.group(1) if lead else section
    return clauses, headings


def parties_of() -> list[str]:
    docx = next(INPUT.glob("*clean*.docx"), None) or next(INPUT.glob("*.docx"))
    return [m.group(1) for p in Document(str(docx)).paragraphs
            if (m := re.match(r"^\(\d\)\t([A-Z][A-Z &]+? (?:LTD|LIMITED|PLC|LLP|INC))\b", p.text))]


# ----------------------------------------------------------------------------- a scanned page
@dataclass
class Note:
    text: str
    y0: int
    y1: int
    kind: str = ""  # value | currency | delete | initials | mark


@dataclass
class Amendment:
    clause: str
    value: str = ""
    deleted: bool = False
    initialled: bool = False
    page: int = 0
    notes: list[str] = field(default_factory=list)


def classify(text: str, ink: int) -> str:
    t = text.strip().strip("—-_~.,'\"|").strip()
    if re.fullmatch(r"(GBP|EUR|USD|£|€|\$)\s*[\d][\d,. ]*", t, re.I):
        return "value"
    if t.upper() in CURRENCIES or difflib.SequenceMatcher(None, t.upper(), "GBP").ratio() >= 0.67 and len(t) <= 4:
        return "currency"
    if re.fullmatch(r"[\d][\d,. ]*", t) and re.search(r"\d{2,}", t):
        return "value"
    if difflib.SequenceMatcher(None, t.lower(), "delete").ratio() >= 0.6:
        return "delete"
    if re.fullmatch(r"[A-Za-z]{2,3}", t) or (ink >= 60 and len(t) <= 4):
        return "initials"
    return "mark"


def read_page(path: Path, n: int) -> tuple[list[Word], list[Amendment], Image.Image]:
    img = Image.open(path).convert("RGB")
    gray = np.asarray(img.convert("L")).astype(int)
    h, w = gray.shape
    words = tesseract(img.convert("L"), 4)
    # the body column: clause numbers down the left edge, right edge of full lines
    lines: dict[tuple[int, int, int], list[Word]] = {}
    for wd in words:
        lines.setdefault(wd.line, []).append(wd)
    # Justified lines share one right edge; a line OCR ran into a margin note sticks out, so
    # take the median, not the maximum.
    full = [max(x.x1 for x in ws) for ws in lines.values() if len(ws) >= 8]
    right = int(np.median(full)) if full else int(w * 0.8)
    # Clause numbers: a second OCR pass on the left strip alone (a struck or boxed clause can
    # hide its number from the full-page pass).
    strip = tesseract(img.convert("L").crop((0, 0, int(w * 0.2), h)), 4, scale=3)
    seen = {}
    for wd in words + strip:
        if re.fullmatch(r"\d{1,2}\.\d", wd.text) and wd.x0 < w * 0.2:
            seen.setdefault(wd.text, wd.y0)
    numbers = sorted((y, num) for num, y in seen.items())
    # margin ink clusters, split by blank rows
    dark = gray < 150
    margin = dark[:, right + 10:]
    rows = margin.sum(axis=1) >= 1
    rows[: int(h * 0.06)] = False
    rows[int(h * 0.93):] = False
    notes: list[Note] = []
    y = 0
    while y < h:
        if not rows[y]:
            y += 1
            continue
        y0 = y
        while y < h and (rows[y] or rows[y:y + 5].any()):
            y += 1
        y1 = y - 1
        ink = int(margin[y0:y1 + 1].sum())
        if y1 - y0 >= 6 and ink >= 25:
            cols = np.nonzero(margin[y0:y1 + 1].any(axis=0))[0]
            box = (right + 10 + int(cols.min()) - 4, y0 - 4, right + 10 + int(cols.max()) + 5, y1 + 5)
            # a note may hold several handwritten lines ("GBP" over "400,000"): OCR it as a
            # block and classify each line; the first line's kind decides, a value wins
            crop = img.convert("L").crop(box)
            parts = vote_lines(crop)
            kinds = [classify(part, ink) for part in parts]
            text = " ".join(parts)
            kind = "value" if "value" in kinds else ("delete" if "delete" in kinds else kinds[0])
            if kind == "value" and any(k == "currency" for k in kinds) and not re.match(r"(GBP|EUR|USD|£|€|\$)", text):
                cur = next(p for p, k in zip(parts, kinds) if k == "currency").upper()
                text = f"{'GBP' if difflib.SequenceMatcher(None, cur, 'GBP').ratio() >= 0.67 else cur} " + \
                    " ".join(p for p, k in zip(parts, kinds) if k == "value")
            notes.append(Note(text, y0, y1, kind))
    # Values and deletions belong to the clause whose vertical range holds them; initials to
    # the value or deletion just above them (they are written under it and may spill into the
    # next clause's range). A currency code on its own just above an amount belongs to it.
    found: dict[str, Amendment] = {}
    anchors: list[tuple[Note, Amendment]] = []
    for note in notes:
        if note.kind not in ("value", "delete"):
            continue
        centre = (note.y0 + note.y1) / 2
        owner = None
        for (ny, num), nxt in zip(numbers, numbers[1:] + [(h, "")]):
            if ny - 12 <= centre < nxt[0] - 12:
                owner = num
        if owner is None:
            continue
        a = found.setdefault(owner, Amendment(owner, page=n))
        if note.kind == "value":
            a.value = note.text
        else:
            a.deleted = True
        anchors.append((note, a))
    for note in notes:
        if note.kind in ("initials", "currency"):
            above = [(note.y0 - an.y1, an, a) for an, a in anchors if -5 <= note.y0 - an.y1 <= 70]
            below = [(an.y0 - note.y1, an, a) for an, a in anchors if 0 <= an.y0 - note.y1 <= 15]
            if note.kind == "currency" and below:
                a = min(below, key=lambda t: t[0])[2]
                if not re.match(r"(GBP|EUR|USD|£|€|\$)", a.value):
                    a.value = f"GBP {a.value}"
            elif note.kind == "initials" and above:
                min(above, key=lambda t: t[0])[2].initialled = True
    amendments = [a for a in found.values() if a.deleted or re.search(r"\d", a.value)]
    print(f"page {n}: right edge {right}, clause marks {numbers}, notes {[(x.text, x.kind, x.y0) for x in notes]}")
    return words, amendments, img


def received_stamp(img: Image.Image) -> str | None:
    a = np.asarray(img).astype(int)
    red = (a[:, :, 0] - a[:, :, 1] > 50) & (a[:, :, 0] - a[:, :, 2] > 40)
    ys, xs = np.nonzero(red)
    if len(ys) < 200:
        return None
    box = (int(xs.min()) - 5, int(ys.min()) - 5, int(xs.max()) + 5, int(ys.max()) + 5)
    ink = Image.fromarray(np.where(red, 0, 255).astype(np.uint8)).crop(box)
    # The stamp's skew: the principal axis of its ink (a stamp is wider than tall), then a few
    # angles around it (OCR on every angle of a range is too slow for the time budget).
    pts = np.stack([xs, ys], axis=1).astype(float)
    pts -= pts.mean(axis=0)
    evals, evecs = np.linalg.eigh(np.cov(pts.T))
    vx, vy = evecs[:, int(np.argmax(evals))]
    skew = float(np.degrees(np.arctan2(-vy, vx)))
    skew = (skew + 90) % 180 - 90
    best = None
    for angle in [round(skew, 1), round(skew - 2, 1), round(skew + 2, 1), 0]:
        text = text_of(ink.rotate(-angle, expand=True, fillcolor=255), psm=6, scale=2)
        date = find_date(text)
        print(f"stamp at {angle} deg: {text!r}")
        if date:
            best = date
            break
    return best


def signature_blocks(words: list[Word], img: Image.Image, parties: list[str]) -> dict[str, dict[str, str]]:
    """{'left'|'right': {'name', 'date', 'title', 'signature', 'party'}}: each label's field is
    the strip right of it (to the other block or the page edge), re-OCR'd as one line; a strip
    with no ink is blank. The party of a block is the DOCX party whose name OCR finds lowest on
    the page on that side."""
    width = img.width
    gray = np.asarray(img.convert("L")).astype(int)
    labels = [wd for wd in words if wd.text.rstrip(":").lower() in ("name", "date", "title", "signature")
              and wd.text.endswith(":")]
    split = (min(wd.x0 for wd in labels if wd.x0 > width * 0.3) - 10) if any(wd.x0 > width * 0.3 for wd in labels) \
        else width // 2
    blocks: dict[str, dict[str, str]] = {"left": {}, "right": {}}
    for wd in labels:
        side = "left" if wd.x0 < split else "right"
        x1 = split - 5 if side == "left" else width - 20
        box = (wd.x1 + 4, wd.y0 - 8, x1, wd.y1 + 6)
        strip = gray[box[1]:box[3], box[0]:box[2]].copy()
        # the ruled writing line is a row dark over much of the strip: blank it, then what
        # ink is left is handwriting
        rule = (strip < 160).mean(axis=1) > 0.3
        strip[rule] = 255
        has_ink = int((strip < 130).sum()) > 40
        text = text_of(Image.fromarray(strip.astype(np.uint8)), psm=7, scale=3) if has_ink else ""
        blocks[side][wd.text.rstrip(":").lower()] = re.sub(r"[^\w ,.'-]", "", text).strip(" _-")
    for party in parties:
        first = party.split()[0]
        hits = [wd for wd in words if wd.text.isupper() and difflib.SequenceMatcher(None, wd.text, first).ratio() >= 0.8]
        if hits:
            low = max(hits, key=lambda wd: wd.y0)
            blocks["left" if low.x0 < split else "right"]["party"] = party
    return blocks


# ----------------------------------------------------------------------------- the memo
def original_term(text: str, value: str) -> str:
    """The quantity of the clean clause the margin value replaces: a currency amount for a
    currency value or an amount with thousands separators, otherwise an "n (n) days" period."""
    money = re.match(r"(GBP|EUR|USD|£|€|\$)", value) or re.search(r"\d{1,3},\d{3}", value)
    if money and re.search(r"(GBP|EUR|USD|£|€|\$)\s?[\d,]+", text):
        m = re.search(r"(GBP|EUR|USD|£|€|\$)\s?[\d,]+(?: in each [A-Z][a-z]+ [A-Z][a-z]+)?", text)
    else:
        m = re.search(r"\b[a-z][a-z-]* \(\d+\) (?:days|months|years)'?(?: [a-z]+ notice| from [a-z ]+?(?=[,.;]))?", text)
    return m.group(0) if m else text[:80]


def new_term(original: str, value: str) -> str:
    digits = re.sub(r"[^\d,]", "", value)
    if re.match(r"(GBP|EUR|USD|£|€|\$)", original):
        return re.sub(r"(GBP|EUR|USD|£|€|\$)\s?[\d,]+", lambda m: f"{m.group(1)} {digits}", original, count=1)
    return re.sub(r"\b[a-z][a-z-]* \(\d+\)", digits, original, count=1)


def main() -> None:
    clauses, headings = clean_clauses()
    scans = sorted(INPUT.glob("*scan*.png"), key=lambda p: int(re.search(r"(\d+)\D*$", p.stem).group(1)))
    amendments: list[Amendment] = []
    received, last_words, last_img = None, [], None
    for i, path in enumerate(scans, 1):
        words, found, img = read_page(path, i)
        amendments += found
        if received is None:
            received = received_stamp(img)
        last_words, last_img = words, img
    if received is None:
        # The stamp's date could not be read: the covering letter's date is the best evidence of
        # when the counterpart was sent (the prompt demands a date).
        letter = next(INPUT.glob("*letter*.pdf"), None) or next(INPUT.glob("*.pdf"), None)
        if letter:
            import fitz
            with fitz.open(str(letter)) as doc:
                received = find_date("\n".join(page.get_text() for page in doc))
    parties = parties_of()
    blocks = signature_blocks(last_words, last_img, parties) if last_img else {"left": {}, "right": {}}
    print("signature blocks:", blocks)
    # we are the first party of the clean version (the memo is written for its counsel)
    ours_name = parties[0] if parties else ""
    theirs = next((b for b in blocks.values() if b.get("party") and b.get("party") != ours_name), blocks["right"])
    ours = blocks["left"] if theirs is blocks["right"] else blocks["right"]
    signatory = theirs.get("name", "").strip() or "not legible"
    signed = find_date(theirs.get("date", "")) or theirs.get("date", "") or "not legible"
    ours_blank = not any(ours.get(k) for k in ("name", "date", "title"))

    order = sorted(amendments, key=lambda a: tuple(int(x) for x in a.clause.split(".")))
    rows = []
    for a in order:
        text = clauses.get(a.clause, "")
        subject = headings.get(a.clause, "")
        if a.deleted:
            sentences = re.split(r"(?<=\.)\s", text) if text else ["clause text"]
            body = sentences[1] if len(sentences) > 1 and len(sentences[0]) < 40 else sentences[0]
            original = (body[:100] + "...") if len(body) > 100 else body
            rows.append((a.clause, subject, original, "Clause deleted in full ('Delete' in margin)", a.initialled))
        else:
            original = original_term(text, a.value)
            rows.append((a.clause, subject, original, new_term(original, a.value), a.initialled))
    missing = [r[0] for r in rows if not r[4]]
    table = "\n".join(f"| {c} | {s} | {o} | {n} | {'Yes' if i else 'No'} |" for c, s, o, n, i in rows)
    missing_line = (", ".join(missing[:-1]) + " and " + missing[-1]) if len(missing) > 1 else (missing[0] if missing else "none")
    variation = next((k for k, v in clauses.items() if v.startswith("No variation")), None)
    reply = f"""**Memo - MSA returned counterpart (read by OCR and pixel analysis of the scans)**

- Received: {received or 'not legible on the stamp'}
- Signatory: {signatory}
- Signature date: {signed}

The Northwind Analytics signature block is {'still blank' if ours_blank else 'completed'} on the last page of the scan.

| Clause | Subject | Original term | New term (as marked) | Initialled (Yes/No) |
|---|---|---|---|---|
{table}

Total amendments: {len(rows)}

**Recommendation**

Missing initials: {missing_line}

{('Clauses ' + missing_line + ' are not initialled by the signatory and must be initialled or otherwise confirmed in writing before we countersign.') if missing else 'Every amendment carries initials.'}
{chr(10).join(f"- Unconfirmed: clause {c} ({s.lower()}) changes {o} to {n}; do not countersign until it is initialled or confirmed in writing." for c, s, o, n, i in rows if not i)}
{f'- Under clause {variation} a variation is effective only once signed or initialled on behalf of each party, so we must initial every amendment we accept.' if variation else ''}
- The manuscript values were read by OCR from the margin of the scans; check the amounts against the scan before countersigning.
"""
    (WS / "final_reply.md").write_text(reply, encoding="utf-8")
    print(reply)


if __name__ == "__main__":
    main()
