"""code_only baseline for brand_compliance_review: the strongest honest review without looking
at the images.

What a capable agent without `view_image` would build: the rules come from the guidelines PDF
text (palette hex codes, minimum logo width, logo proportions, contrast minimums) and the
campaign brief DOCX (mock-up IDs, files, the feedback date); every mock-up is then measured by a
generic pipeline that would work on any flat-colour ad:
  - colours: the exact-pixel histogram; a colour covering >= 1 % of the image that is neither a
    palette colour nor an anti-aliasing blend of two palette colours is reported off-palette;
  - logo: Tesseract (3x upscale, sparse text) finds the word closest to the brand name; the
    lockup is the run of non-background columns/rows around it (the mark sits beside the
    wordmark); its width is checked against the minimum and its width/height against the
    guide's proportion;
  - contrast: for every OCR text line, the ground is the commonest colour on the box's border and
    the ink the commonest colour inside it that differs from the ground; the WCAG ratio is
    compared with the guide's body/large-text minimums;
  - mandatory copy: the guide's legal line and the brief's CTA, fuzzy-matched in the OCR text.
It never reads gold/, visual_facts.json, make_inputs.py or the rubric, and hard-codes nothing
read off an image. It always commits to a verdict (the prompt demands Yes or No).
Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

import difflib
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import fitz
import numpy as np
from docx import Document
from PIL import Image

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"


# ----------------------------------------------------------------------------- rules (text)
def guide_rules() -> dict:
    pdf = next(INPUT.glob("*Guidelines*.pdf"), None) or next(INPUT.glob("*.pdf"))
    with fitz.open(str(pdf)) as doc:
        text = "\n".join(page.get_text() for page in doc)
    palette = {m.group(1).strip(): m.group(2).upper()
               for m in re.finditer(r"^([A-Z][A-Za-z ]+)\nHEX (#[0-9A-Fa-f]{6})", text, re.MULTILINE)}
    num = lambda pat, default: float(m.group(1)) if (m := re.search(pat, text, re.S)) else default  # noqa: E731
    clause = lambda pat, default: m.group(1) if (m := re.search(pat, text)) else default  # noqa: E731
    return {
        "palette": palette,
        "min_px": num(r"at least (\d+) px wide in digital", 120),
        "aspect": num(r"([\d.]+) times as wide as it is tall", 0.0),
        "body": num(r"at least ([\d.]+):1 for body text", 4.5),
        "large": num(r"at least ([\d.]+):1 for large\s+text", 3.0),
        "large_px": num(r"large\s+text\s*\((\d+) px", 24),
        "legal": clause(r"legal line '([^']+)'", "Use sun protection as directed."),
        "c_size": clause(r"(\d\.\d)\s+Minimum size", "1.3"), "c_prop": clause(r"(\d\.\d)\s+Proportions", "1.4"),
        "c_pal": clause(r"(\d\.\d)\s+Only the six colours", "2.1"), "c_con": clause(r"(\d\.\d)\s+All text must", "4.1"),
        "c_copy": clause(r"(\d\.\d)\s+Mandatory copy", "3.4"),
    }


def brief_facts() -> tuple[list[dict], str, str]:
    docx = next(INPUT.glob("*brief*.docx"), None) or next(INPUT.glob("*.docx"))
    doc = Document(str(docx))
    text = "\n".join(p.text for p in doc.paragraphs)
    mockups = []
    for table in doc.tables:
        head = [c.text.strip().lower() for c in table.rows[0].cells]
        if "id" in head and "file" in head:
            for row in table.rows[1:]:
                cells = {h: c.text.strip() for h, c in zip(head, row.cells)}
                mockups.append(cells)
    due = re.search(r"feedback[^:\n]*:\s*(?:by\s+)?(\d{1,2} \w+ \d{4})", text, re.I)
    cta = re.search(r"CTA '([^']+)'", text)
    return mockups, due.group(1) if due else "", cta.group(1) if cta else "Shop now"


# ----------------------------------------------------------------------------- colour maths
def hex_of(c) -> str:
    return "#%02X%02X%02X" % tuple(int(v) for v in c)


def rgb_of(h: str) -> np.ndarray:
    return np.array([int(h[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def luminance(c) -> float:
    v = np.asarray(c, dtype=float) / 255
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2])


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colour_name(c, palette: dict[str, str], tol: float = 30) -> str:
    name, d = min(((n, float(np.linalg.norm(rgb_of(h) - c))) for n, h in palette.items()), key=lambda t: t[1])
    return f"{name} {palette[name]}" if d <= tol else hex_of(c)


def is_blend(c: np.ndarray, pal: list[np.ndarray], tol: float = 14) -> bool:
    """Does `c` lie on a segment between two palette colours (anti-aliasing of an edge)?"""
    for i, a in enumerate(pal):
        for b in pal[i + 1:]:
            ab = b - a
            t = float(np.clip(np.dot(c - a, ab) / max(np.dot(ab, ab), 1e-9), 0, 1))
            if np.linalg.norm(a + t * ab - c) <= tol:
                return True
    return False


# ----------------------------------------------------------------------------- OCR
@dataclass
class Word:
    text: str
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in original pixels (inclusive)
    conf: float
    line: tuple[int, int, int]


def ocr_words(img: Image.Image) -> list[Word]:
    scale = 3 if img.width < 1000 else 1
    up = img.resize((img.width * scale, img.height * scale), Image.LANCZOS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "up.png"
        up.save(path)
        tsv = subprocess.run(["tesseract", str(path), "stdout", "--psm", "11", "tsv"], capture_output=True,
                             text=True, timeout=120).stdout
    words = []
    for line in tsv.splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) < 12 or not parts[11].strip():
            continue
        left, top, width, height, conf = (float(p) for p in parts[6:11])
        box = (int(left / scale), int(top / scale), int((left + width) / scale) - 1, int((top + height) / scale) - 1)
        words.append(Word(parts[11].strip(), box, conf, (int(parts[2]), int(parts[3]), int(parts[4]))))
    return words


def lines_of(words: list[Word]) -> list[tuple[str, tuple[int, int, int, int]]]:
    groups: dict[tuple[int, int, int], list[Word]] = {}
    for w in words:
        if w.conf >= 30 and re.search(r"[A-Za-z0-9]", w.text):
            groups.setdefault(w.line, []).append(w)
    out = []
    for ws in groups.values():
        box = (min(w.box[0] for w in ws), min(w.box[1] for w in ws), max(w.box[2] for w in ws), max(w.box[3] for w in ws))
        out.append((" ".join(w.text for w in ws), box))
    return out


# ----------------------------------------------------------------------------- measurements
def commonest(pixels: np.ndarray) -> np.ndarray:
    packed = (pixels[:, 0].astype(np.int64) << 16) | (pixels[:, 1].astype(np.int64) << 8) | pixels[:, 2]
    vals, counts = np.unique(packed, return_counts=True)
    v = int(vals[counts.argmax()])
    return np.array([(v >> 16) & 255, (v >> 8) & 255, v & 255], dtype=float)


def border(a: np.ndarray, box, pad: int = 2) -> np.ndarray:
    h, w, _ = a.shape
    x0, y0, x1, y1 = max(0, box[0] - pad), max(0, box[1] - pad), min(w - 1, box[2] + pad), min(h - 1, box[3] + pad)
    ring = np.concatenate([a[y0, x0:x1 + 1], a[y1, x0:x1 + 1], a[y0:y1 + 1, x0], a[y0:y1 + 1, x1]])
    return ring.reshape(-1, 3)


def runs_around(ink: np.ndarray, lo: int, hi: int, gap: int) -> tuple[int, int]:
    """Extend [lo, hi] over a 1-D ink profile while the blank gaps stay <= gap."""
    n = len(ink)
    while True:
        nxt = next((i for i in range(lo - 1, max(-1, lo - gap - 2), -1) if ink[i]), None)
        if nxt is None:
            break
        lo = nxt
    while True:
        nxt = next((i for i in range(hi + 1, min(n, hi + gap + 2)) if ink[i]), None)
        if nxt is None:
            break
        hi = nxt
    return lo, hi


def logo_box(a: np.ndarray, words: list[Word], brand: str) -> tuple[int, int, int, int] | None:
    """The lockup around the OCR word most like the brand name (not a URL)."""
    # A wordmark stands on its own line (beside a mark OCR reads as a symbol); the brand name in
    # running copy ("New Solvane SPF 50+") or a URL is not the logo.
    per_line: dict[tuple[int, int, int], int] = {}
    for w in words:
        if len(re.sub(r"[^A-Za-z0-9]", "", w.text)) >= 3:
            per_line[w.line] = per_line.get(w.line, 0) + 1
    cands = []
    for w in words:
        letters = re.sub(r"[^a-z_]", "", w.text.lower())
        if "." in w.text or len(letters) < 4:
            continue
        r = difflib.SequenceMatcher(None, letters, brand).ratio()
        if r >= 0.6:
            cands.append((per_line.get(w.line, 1) == 1, r, w.box[3] - w.box[1], w))
    if not cands:
        return None
    best = max(cands, key=lambda c: c[:3])[3]
    x0, y0, x1, y1 = best.box
    h = y1 - y0 + 1
    ground = commonest(border(a, best.box, pad=max(2, h // 2)))
    mask = np.abs(a.astype(float) - ground).sum(axis=2) > 60
    band = mask[max(0, y0 - h):y1 + h + 1]
    cols = band.any(axis=0)
    cols[x0:x1 + 1] |= True
    lx, rx = runs_around(cols, x0, x1, gap=max(2, int(0.8 * h)))
    rows = mask[:, lx:rx + 1].any(axis=1)
    rows[y0:y1 + 1] |= True
    ty, by = runs_around(rows, y0, y1, gap=max(1, int(0.25 * h)))
    return lx, ty, rx, by


@dataclass
class Review:
    mid: str
    asset: str
    issues: list[str] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)


def review(m: dict, rules: dict, cta: str) -> Review:
    rv = Review(m["id"], f"{m.get('asset', '')} {m.get('size', '')}".strip())
    img = Image.open(INPUT / m["file"]).convert("RGB")
    a = np.asarray(img)
    pal = {n: rgb_of(h) for n, h in rules["palette"].items()}
    pal_list = list(pal.values())
    # colours
    flat = a.reshape(-1, 3)
    packed = (flat[:, 0].astype(np.int64) << 16) | (flat[:, 1].astype(np.int64) << 8) | flat[:, 2]
    vals, counts = np.unique(packed, return_counts=True)
    order = counts.argsort()[::-1]
    off = []
    for i in order:
        share = counts[i] / flat.shape[0]
        if share < 0.01:
            break
        v = int(vals[i])
        c = np.array([(v >> 16) & 255, (v >> 8) & 255, v & 255], dtype=float)
        if min(np.linalg.norm(c - p) for p in pal_list) > 40 and not is_blend(c, pal_list):
            off.append((c, share))
    if off:
        c, share = off[0]
        rv.issues.append(f"Off-palette colour: {hex_of(c)} (RGB {' '.join(str(int(v)) for v in c)}) covers "
                         f"{share:.0%} of the image and is not one of the approved colours (clause {rules['c_pal']})")
        rv.fixes.append("Rebuild the off-palette areas in an approved colour (Solvane Teal #0F6E74 or Deep Navy #1B2A41)")
    else:
        rv.evidence.append("colours: palette colours only (exact-pixel histogram)")
    # logo
    words = ocr_words(img)
    brand = "solvane"
    box = logo_box(a, words, brand)
    if box is None:
        rv.evidence.append("logo: not located by OCR")
    else:
        w, h = box[2] - box[0] + 1, box[3] - box[1] + 1
        aspect = w / h
        print_asset = "mm" in m.get("size", "")
        rv.evidence.append(f"logo: lockup {w} x {h} px at x {box[0]}-{box[2]}, aspect {aspect:.1f}:1")
        if not print_asset and w < rules["min_px"]:
            rv.issues.append(f"Logo undersized: the logo is {w} px wide ({h} px tall), below the "
                             f"{rules['min_px']:.0f} px digital minimum (clause {rules['c_size']})")
            rv.fixes.append(f"Enlarge the logo to at least {rules['min_px']:.0f} px wide, scaled uniformly")
        if rules["aspect"] and abs(aspect / rules["aspect"] - 1) > 0.12:
            rv.issues.append(f"Logo distorted: {'stretched' if aspect > rules['aspect'] else 'squashed'} to {w} x {h} px "
                             f"(aspect {aspect:.1f}:1 vs {rules['aspect']:.1f}:1 master, clause {rules['c_prop']})")
            rv.fixes.append(f"Re-place the master logo scaled uniformly (e.g. {w} x {round(w / rules['aspect'])} px)")
    # text contrast
    low = []
    for text, lbox in lines_of(words):
        if box and lbox[0] >= box[0] - 2 and lbox[2] <= box[2] + 2 and lbox[1] >= box[1] - 2 and lbox[3] <= box[3] + 2:
            continue  # the wordmark itself
        x0, y0, x1, y1 = lbox
        ground = commonest(border(a, lbox))
        inside = a[y0:y1 + 1, x0:x1 + 1].reshape(-1, 3).astype(float)
        far = inside[np.abs(inside - ground).sum(axis=1) > 60]
        if len(far) < 10:
            continue
        # The ink: the median of the pixels farthest from the ground (top 10 % of the distance
        # range). Small text is mostly anti-aliased blends, so the commonest non-ground colour
        # would understate the contrast.
        dist = np.abs(far - ground).sum(axis=1)
        ink = np.median(far[dist >= 0.9 * dist.max()], axis=0).round()
        ratio = contrast(ink, ground)
        large = (y1 - y0 + 1) >= rules["large_px"]
        need = rules["large"] if large else rules["body"]
        print(f"{m['id']}: line {text!r} box {lbox} ink {hex_of(ink)} ground {hex_of(ground)} {ratio:.2f}:1")
        if ratio < need:
            low.append((text, ink, ground, ratio, need))
    if low:
        text, ink, ground, ratio, need = min(low, key=lambda t: t[3])
        lines = "; ".join(f"'{t[0]}'" for t in low[:3])
        rv.issues.append(f"Low contrast: {lines} set in {colour_name(ink, rules['palette'])} on "
                         f"{colour_name(ground, rules['palette'])}, contrast about {ratio:.1f}:1, below {need:.1f}:1 "
                         f"(clause {rules['c_con']})")
        rv.fixes.append("Set the low-contrast text in Deep Navy #1B2A41 (or another approved text pair)")
    else:
        rv.evidence.append(f"contrast: every OCR text line meets {rules['body']}:1 (large text {rules['large']}:1)")
    # mandatory copy
    flat_text = re.sub(r"[^a-z0-9 ]", "", " ".join(w.text for w in words).lower())
    for label, phrase in (("legal line", rules["legal"]), ("CTA", cta)):
        target = re.sub(r"[^a-z0-9 ]", "", phrase.lower())
        n = len(target)
        best = max((difflib.SequenceMatcher(None, flat_text[i:i + n], target).ratio()
                    for i in range(0, max(1, len(flat_text) - n + 1))), default=0.0)
        # OCR recall on stylised buttons is imperfect, so a phrase it cannot find is reported as
        # unconfirmed for a human to check rather than failed as missing.
        rv.evidence.append(f"mandatory copy: the {label} '{phrase}' " + (
            "found by OCR" if best >= 0.7 else "not confirmed by OCR - check"))
    return rv


def main() -> None:
    rules = guide_rules()
    mockups, due, cta = brief_facts()
    reviews = [review(m, rules, cta) for m in mockups]
    rows = []
    for r in reviews:
        ok = not r.issues
        issues = "None: " + "; ".join(r.evidence) if ok else "; ".join(r.issues)
        fix = "None - approve as is" if ok else "; ".join(r.fixes)
        rows.append(f"| {r.mid} | {'Yes' if ok else 'No'} | {issues} | {fix} |")
    n_ok = sum(not r.issues for r in reviews)
    reply = ("| Mock-up | Complies (Yes/No) | Issues found | Required fix |\n|---|---|---|---|\n" + "\n".join(rows)
             + f"\n\n- Compliant mock-ups: {n_ok} of {len(reviews)}\n- Feedback due: {due}\n\n"
             "Measured with OCR and pixel analysis against the guidelines (palette, minimum size "
             f"{rules['min_px']:.0f} px, proportions {rules['aspect']}:1, contrast {rules['body']}:1). "
             "Details for the agency are in recommendations.md.\n")
    recs = ["# Summer Shield 2025 - brand compliance recommendations\n",
            f"Feedback due {due}. {n_ok} of {len(reviews)} mock-ups approved.\n"]
    for r in reviews:
        verdict = "Approved" if not r.issues else "Revise"
        recs.append(f"## {r.mid} - {r.asset} - {verdict.upper()}\n\n{r.mid} verdict: {verdict}\n")
        recs += [f"- Issue: {i}." for i in r.issues] + [f"- Required change: {f}." for f in r.fixes]
        recs += [f"- Checked: {e}." for e in r.evidence]
        recs.append("")
    (WS / "recommendations.md").write_text("\n".join(recs) + "\n", encoding="utf-8")
    (WS / "final_reply.md").write_text(reply, encoding="utf-8")
    print(reply)


if __name__ == "__main__":
    main()
