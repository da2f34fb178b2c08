"""Inputs for contract_redline_review.

Writes (deterministically):
  MSA_NWA-2025-014_clean.docx          the clean agreement as Northwind sent it (the OLD terms)
  Harbourline_cover_letter.pdf         the counterparty's covering letter (no terms in it)
  MSA_countersigned_scan_p1..p4.png    the returned counterpart, scanned: typed clauses with
                                        handwritten strike-throughs, margin edits, initials,
                                        a RECEIVED stamp and a signature block

The handwritten values, the initials and the stamp date exist only as pixels.

Usage: python3 make_inputs.py --out DIR
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/liberation2/"
SERIF = FONTS + "LiberationSerif-Regular.ttf"
SERIF_B = FONTS + "LiberationSerif-Bold.ttf"
HAND = FONTS + "LiberationSans-Italic.ttf"
HAND_B = FONTS + "LiberationSerif-BoldItalic.ttf"
SANS_B = FONTS + "LiberationSans-Bold.ttf"

AGREEMENT_NO = "NWA-MSA-2025-014"
INK = (24, 52, 140)        # blue ballpoint
STAMP = (196, 32, 44)      # red stamp ink

# ---------------------------------------------------------------------------------------
# The agreement. Each paragraph: (style, number, text). Styles: title, sub, head, body, plain,
# sig. Page breaks are explicit. `marks` name phrases the scan annotates (never in the docx).
# ---------------------------------------------------------------------------------------

PAGES: list[list[tuple[str, str, str]]] = [
    [
        ("title", "", "MASTER SERVICES AGREEMENT"),
        ("sub", "", f"Agreement No. {AGREEMENT_NO}"),
        ("plain", "", "THIS AGREEMENT is dated the date of the last signature below and is made BETWEEN:"),
        ("body", "(1)", "NORTHWIND ANALYTICS LTD, a company incorporated in England and Wales with company number "
                        "09876543, whose registered office is at 14 Tanner Street, Leeds LS1 4DX (the \"Supplier\"); and"),
        ("body", "(2)", "HARBOURLINE LOGISTICS LTD, a company incorporated in England and Wales with company number "
                        "11223344, whose registered office is at Dock Road, Felixstowe IP11 3SY (the \"Customer\")."),
        ("plain", "", "BACKGROUND: the Customer wishes to obtain, and the Supplier has agreed to provide, data analytics "
                      "and route-optimisation services on the terms of this Agreement."),
        ("head", "1.", "DEFINITIONS AND INTERPRETATION"),
        ("body", "1.1", "\"Services\" means the data analytics, route-optimisation and reporting services described in "
                        "Schedule 1, as varied in accordance with clause 14."),
        ("body", "1.2", "\"Fees\" means the charges for the Services set out in Schedule 2."),
        ("body", "1.3", "\"Contract Year\" means each period of twelve months beginning on the Effective Date or on "
                        "an anniversary of it."),
        ("body", "1.4", "\"Effective Date\" means the date on which this Agreement has been signed by both parties."),
        ("body", "1.5", "\"Business Day\" means a day other than a Saturday, Sunday or public holiday in England."),
        ("head", "2.", "TERM"),
        ("body", "2.1", "This Agreement commences on the Effective Date and continues for an initial term of thirty-six "
                        "(36) months, after which it renews automatically for successive periods of twelve months "
                        "unless terminated in accordance with clause 12."),
        ("head", "3.", "SERVICES"),
        ("body", "3.1", "The Supplier shall provide the Services from the Effective Date in accordance with this "
                        "Agreement, Good Industry Practice and the service levels in Schedule 3."),
        ("body", "3.2", "The Supplier shall appoint an account manager who shall be the Customer's primary point of "
                        "contact for the Services."),
    ],
    [
        ("head", "4.", "FEES AND PAYMENT"),
        ("body", "4.1", "In consideration of the Services the Customer shall pay the Fees in accordance with Schedule 2. "
                        "The Fees are exclusive of VAT, which the Customer shall pay at the prevailing rate."),
        ("body", "4.2", "The Supplier shall invoice the Customer monthly in arrears. The Customer shall pay each valid "
                        "and undisputed invoice within thirty (30) days of the date of receipt of the invoice."),
        ("body", "4.3", "If the Customer fails to pay any undisputed amount by the due date, interest shall accrue on "
                        "that amount at four per cent (4%) a year above the Bank of England base rate from the due "
                        "date until payment."),
        ("body", "4.4", "The Supplier may increase the Fees once in each Contract Year by no more than the percentage "
                        "increase in CPI over the preceding twelve months, capped at five per cent (5%)."),
        ("head", "5.", "CUSTOMER OBLIGATIONS"),
        ("body", "5.1", "The Customer shall provide the Supplier with timely access to the data, systems and personnel "
                        "reasonably required for the provision of the Services."),
        ("head", "6.", "DATA PROTECTION"),
        ("body", "6.1", "Each party shall comply with the Data Protection Legislation. The parties' processing "
                        "arrangements are set out in the Data Processing Schedule (Schedule 4)."),
        ("head", "7.", "PERSONNEL"),
        ("body", "7.1", "The Supplier shall ensure that all personnel engaged in the Services are suitably skilled, "
                        "experienced and vetted."),
        ("body", "7.2", "The Supplier shall not replace its account manager without giving the Customer reasonable "
                        "prior notice."),
        ("body", "7.3", "Non-solicitation. During the term of this Agreement and for twelve (12) months after its "
                        "termination, neither party shall, without the prior written consent of the other, solicit "
                        "or entice away any employee of the other party who has been engaged in the provision or "
                        "receipt of the Services."),
    ],
    [
        ("head", "8.", "WARRANTIES"),
        ("body", "8.1", "The Supplier warrants that the Services will be performed with reasonable skill and care and "
                        "that each Deliverable will conform in all material respects to its specification for a "
                        "period of ninety (90) days from its acceptance by the Customer."),
        ("body", "8.2", "Except as expressly stated in this Agreement, all warranties, conditions and terms implied "
                        "by statute or common law are excluded to the fullest extent permitted by law."),
        ("head", "9.", "LIMITATION OF LIABILITY"),
        ("body", "9.1", "Nothing in this Agreement limits or excludes either party's liability for death or personal "
                        "injury caused by its negligence, for fraud or fraudulent misrepresentation, or for any "
                        "other liability which cannot lawfully be limited."),
        ("body", "9.2", "Subject to clause 9.1, each party's total aggregate liability arising under or in connection "
                        "with this Agreement shall not exceed GBP 250,000 in each Contract Year."),
        ("body", "9.3", "Subject to clause 9.1, neither party shall be liable for any loss of profits, loss of "
                        "business, depletion of goodwill or any indirect or consequential loss."),
        ("head", "10.", "INSURANCE"),
        ("body", "10.1", "The Supplier shall maintain professional indemnity insurance with a limit of not less than "
                         "GBP 2,000,000 for each claim for the term of this Agreement and six (6) years after."),
        ("head", "11.", "CONFIDENTIALITY"),
        ("body", "11.1", "Each party shall keep the other party's Confidential Information confidential and shall use "
                         "it only for the purposes of this Agreement."),
    ],
    [
        ("head", "12.", "TERMINATION"),
        ("body", "12.1", "Either party may terminate this Agreement with immediate effect by written notice if the "
                         "other party commits a material breach which is not remedied within thirty (30) days of "
                         "written notice requiring it to be remedied."),
        ("body", "12.2", "Either party may terminate this Agreement for convenience by giving the other party not less "
                         "than sixty (60) days' written notice."),
        ("head", "13.", "GOVERNING LAW AND JURISDICTION"),
        ("body", "13.1", "This Agreement and any dispute arising out of it are governed by the law of England and "
                         "Wales, and the courts of England and Wales have exclusive jurisdiction."),
        ("head", "14.", "VARIATION"),
        ("body", "14.1", "No variation of this Agreement is effective unless it is in writing and signed or "
                         "initialled by or on behalf of each party."),
        ("plain", "", "This Agreement has been entered into on the date stated at the beginning of it."),
        ("sig", "", ""),
    ],
]

# Phrase anchors in the scan: (clause number, phrase) -> annotation id.
ANCHORS = {
    ("4.2", "thirty (30)"): "c42",
    ("8.1", "ninety (90)"): "c81",
    ("9.2", "GBP 250,000"): "c92",
    ("12.2", "sixty (60)"): "c122",
}


# ---------------------------------------------------------------------------------------
# The clean DOCX
# ---------------------------------------------------------------------------------------


def write_docx(path: Path) -> None:
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    doc = Document()
    style = doc.styles["Normal"]
    style.font.name = "Times New Roman"
    style.font.size = Pt(11)
    cp = doc.core_properties
    cp.author = "Northwind Analytics Ltd - Legal"
    cp.title = f"Master Services Agreement {AGREEMENT_NO}"
    cp.created = dt.datetime(2025, 2, 24, 9, 0, 0)
    cp.modified = dt.datetime(2025, 2, 24, 9, 0, 0)
    cp.last_modified_by = "Northwind Legal"
    cp.revision = 3
    section = doc.sections[0]
    header = section.header.paragraphs[0]
    header.text = f"Northwind Analytics Ltd / Harbourline Logistics Ltd - MSA {AGREEMENT_NO} - EXECUTION VERSION"
    for page in PAGES:
        for style_name, number, text in page:
            if style_name == "title":
                p = doc.add_paragraph()
                p.alignment = WD_ALIGN_PARAGRAPH.CENTER
                r = p.add_run(text)
                r.bold = True
                r.font.size = Pt(16)
            elif style_name == "sub":
                p = doc.add_paragraph(text)
                p.alignment = WD_ALIGN_PARAGRAPH.CENTER
            elif style_name == "head":
                p = doc.add_paragraph()
                r = p.add_run(f"{number}\t{text}")
                r.bold = True
            elif style_name == "body":
                doc.add_paragraph(f"{number}\t{text}")
            elif style_name == "plain":
                doc.add_paragraph(text)
            elif style_name == "sig":
                for party in ("NORTHWIND ANALYTICS LTD", "HARBOURLINE LOGISTICS LTD"):
                    doc.add_paragraph(f"Signed for and on behalf of {party}")
                    doc.add_paragraph("Signature: ______________________________")
                    doc.add_paragraph("Name: ______________________________")
                    doc.add_paragraph("Title: ______________________________")
                    doc.add_paragraph("Date: ______________________________")
    doc.save(str(path))


# ---------------------------------------------------------------------------------------
# The cover letter PDF
# ---------------------------------------------------------------------------------------


def write_letter(path: Path) -> None:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setTitle("Harbourline Logistics - covering letter")
    c.setAuthor("Harbourline Logistics Ltd")
    w, h = A4
    navy = HexColor("#12355b")
    c.setFillColor(navy)
    c.rect(0, h - 28 * mm, w, 28 * mm, fill=1, stroke=0)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("Helvetica-Bold", 20)
    c.drawString(20 * mm, h - 17 * mm, "HARBOURLINE")
    c.setFont("Helvetica", 10)
    c.drawString(20 * mm, h - 23 * mm, "LOGISTICS LTD  |  Legal Department")
    c.setFont("Helvetica", 8.5)
    c.drawRightString(w - 20 * mm, h - 13 * mm, "Dock Road, Felixstowe IP11 3SY")
    c.drawRightString(w - 20 * mm, h - 17.5 * mm, "legal@harbourline-logistics.co.uk")
    c.drawRightString(w - 20 * mm, h - 22 * mm, "Company no. 11223344")
    c.setFillColor(HexColor("#111111"))
    y = h - 45 * mm
    lines = [
        ("Helvetica", "Private & Confidential - By courier"),
        ("Helvetica", ""),
        ("Helvetica", "Legal Department"),
        ("Helvetica", "Northwind Analytics Ltd"),
        ("Helvetica", "14 Tanner Street"),
        ("Helvetica", "Leeds LS1 4DX"),
        ("Helvetica", ""),
        ("Helvetica", "Our ref: HL/LEG/0412                    Your ref: " + AGREEMENT_NO),
        ("Helvetica", ""),
        ("Helvetica", "6 March 2025"),
        ("Helvetica", ""),
        ("Helvetica", "Dear Colleagues,"),
        ("Helvetica", ""),
        ("Helvetica-Bold", "Master Services Agreement - data analytics and route-optimisation services"),
        ("Helvetica", ""),
    ]
    body = [
        "Thank you for sending us the execution version of the Master Services Agreement. We enclose one",
        "counterpart, signed on behalf of Harbourline Logistics Ltd by our Chief Financial Officer.",
        "",
        "Before signing, we made a small number of manuscript amendments to the enclosed counterpart. These",
        "reflect the points discussed between our commercial teams on our call of 27 February. Where our",
        "signatory has initialled an amendment, it should be read as agreed on our side.",
        "",
        "Please review the amendments, arrange for them to be initialled and for the Agreement to be signed",
        "on behalf of Northwind Analytics Ltd, and return a fully executed copy to us. Under clause 14.1 a",
        "variation is only effective once it has been signed or initialled by or on behalf of each party.",
        "",
        "We look forward to working with you.",
        "",
        "Yours faithfully,",
        "",
        "",
        "",
        "Tomasz Wren",
        "Senior Legal Counsel, Harbourline Logistics Ltd",
        "",
        "Enc. Master Services Agreement (one counterpart, 4 pages)",
    ]
    for font, text in lines + [("Helvetica", t) for t in body]:
        c.setFont(font, 10)
        c.drawString(20 * mm, y, text)
        y -= 5.2 * mm
    # signature flourish (vector strokes, no text)
    c.setStrokeColor(HexColor("#1a2f7a"))
    c.setLineWidth(1.1)
    p = c.beginPath()
    sx, sy = 22 * mm, y + 33 * mm
    p.moveTo(sx, sy)
    for i in range(1, 40):
        t = i / 39
        p.lineTo(sx + 45 * mm * t, sy + 4 * mm * math.sin(t * 11) * (1 - t * 0.5))
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(HexColor("#6b7280"))
    c.setFont("Helvetica", 7)
    c.drawString(20 * mm, 12 * mm, "Harbourline Logistics Ltd is registered in England and Wales. "
                 "Registered office: Dock Road, Felixstowe IP11 3SY.")
    c.showPage()
    c.save()


# ---------------------------------------------------------------------------------------
# The scanned counterpart
# ---------------------------------------------------------------------------------------

DPI = 130
PW, PH = int(8.27 * DPI), int(11.69 * DPI)     # A4 portrait
LEFT, RIGHT_MARGIN, TOP = 112, 228, 150
TEXT_W = PW - LEFT - RIGHT_MARGIN
BODY_SIZE = 18
LINE = 35


def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def layout_page(draw: ImageDraw.ImageDraw, page: list[tuple[str, str, str]], y: int,
                boxes: dict[str, list[tuple[int, int, int, int]]], para_boxes: dict[str, tuple[int, int, int, int]]) -> int:
    f_body, f_bold = font(SERIF, BODY_SIZE), font(SERIF_B, BODY_SIZE)
    for style, number, text in page:
        if style == "title":
            f = font(SERIF_B, 27)
            w = draw.textlength(text, font=f)
            draw.text(((PW - w) / 2 - 20, y), text, font=f, fill=(20, 20, 20))
            y += 40
            continue
        if style == "sub":
            w = draw.textlength(text, font=f_body)
            draw.text(((PW - w) / 2 - 20, y), text, font=f_body, fill=(20, 20, 20))
            y += 38
            continue
        if style == "head":
            y += 8
            draw.text((LEFT, y), number, font=f_bold, fill=(20, 20, 20))
            draw.text((LEFT + 52, y), text, font=f_bold, fill=(20, 20, 20))
            y += LINE + 4
            continue
        if style == "sig":
            para_boxes["sig"] = (LEFT, y + 14, LEFT + TEXT_W, y + 14)
            y = signature_block(draw, y + 14)
            continue
        indent = 0 if style == "plain" else 52
        if number:
            draw.text((LEFT, y), number, font=f_body, fill=(20, 20, 20))
        x0 = LEFT + indent
        words = text.split(" ")
        # char offsets of each word
        offsets, pos = [], 0
        for word in words:
            offsets.append(pos)
            pos += len(word) + 1
        lines: list[list[int]] = [[]]
        width = 0.0
        space = draw.textlength(" ", font=f_body)
        for i, word in enumerate(words):
            wl = draw.textlength(word, font=f_body)
            if lines[-1] and width + space + wl > TEXT_W - indent:
                lines.append([])
                width = 0.0
            width += (space if lines[-1] else 0) + wl
            lines[-1].append(i)
        top = y
        word_boxes: dict[int, tuple[int, int, int, int]] = {}
        for li, idxs in enumerate(lines):
            x = float(x0)
            # justify all but the last line
            natural = sum(draw.textlength(words[i], font=f_body) for i in idxs) + space * (len(idxs) - 1)
            extra = (TEXT_W - indent - natural) / max(1, len(idxs) - 1) if li < len(lines) - 1 else 0.0
            for i in idxs:
                wl = draw.textlength(words[i], font=f_body)
                draw.text((x, y), words[i], font=f_body, fill=(20, 20, 20))
                word_boxes[i] = (int(x), y, int(x + wl), y + BODY_SIZE + 3)
                x += wl + space + extra
            y += LINE
        para_boxes[number] = (LEFT, top, LEFT + TEXT_W, y)
        for (clause, phrase), key in ANCHORS.items():
            if clause != number:
                continue
            start = text.index(phrase)
            end = start + len(phrase)
            hit = [word_boxes[i] for i, off in enumerate(offsets) if off < end and off + len(words[i]) > start]
            boxes[key] = hit
        y += 9
    return y


def signature_block(draw: ImageDraw.ImageDraw, y: int) -> int:
    f = font(SERIF, BODY_SIZE)
    fb = font(SERIF_B, BODY_SIZE)
    col = [LEFT, LEFT + 380]
    for x, party in zip(col, ("NORTHWIND ANALYTICS LTD", "HARBOURLINE LOGISTICS LTD")):
        draw.text((x, y), "Signed for and on behalf of", font=f, fill=(20, 20, 20))
        draw.text((x, y + LINE), party, font=fb, fill=(20, 20, 20))
        for k, label in enumerate(("Signature:", "Name:", "Title:", "Date:")):
            yy = y + LINE * 2 + 26 + k * 48
            draw.text((x, yy), label, font=f, fill=(20, 20, 20))
            draw.line((x + 88, yy + 20, x + 330, yy + 20), fill=(60, 60, 60), width=1)
    return y + LINE * 2 + 26 + 4 * 48


class Pen:
    """Handwriting-like text: per-glyph rotation, scale, slant and baseline jitter, ink colour."""

    def __init__(self, img: Image.Image, rng: random.Random) -> None:
        self.img = img
        self.rng = rng

    def write(self, xy: tuple[float, float], text: str, size: int = 30, color=INK, bold: bool = False,
              slope: float = -0.03) -> tuple[int, int, int, int]:
        rng = self.rng
        f = font(HAND_B if bold else HAND, size)
        x, y = xy
        x0 = x
        for ch in text:
            if ch == " ":
                x += size * 0.33
                continue
            tile = Image.new("L", (size * 2, size * 2), 0)
            d = ImageDraw.Draw(tile)
            d.text((size * 0.5, size * 0.35), ch, font=f, fill=255)
            if rng.random() < 0.7:  # a second, offset pass thickens the stroke like a ballpoint
                d.text((size * 0.5 + 1, size * 0.35 + rng.choice((0, 1))), ch, font=f, fill=220)
            sc = rng.uniform(0.94, 1.07)
            shear = 0.22 + rng.uniform(-0.06, 0.06)
            cx, cy = size * 0.8, size * 0.9  # scale and slant about the glyph's middle
            tile = tile.transform(tile.size, Image.AFFINE,
                                  (1 / sc, shear, cx - cx / sc - shear * cy, 0, 1 / sc, cy - cy / sc),
                                  resample=Image.BICUBIC)
            tile = tile.rotate(rng.uniform(-7, 7), resample=Image.BICUBIC)
            yy = y + rng.uniform(-2.5, 2.5) + (x - x0) * slope
            ink = Image.new("RGB", tile.size, color)
            self.img.paste(ink, (int(x - size * 0.5), int(yy - size * 0.35)), tile)
            adv = f.getlength(ch) * sc * rng.uniform(0.9, 1.02)
            x += adv
        return int(x0), int(y), int(x), int(y + size)

    def strike(self, box: tuple[int, int, int, int], color=INK, width: int = 3) -> None:
        x0, y0, x1, y1 = box
        ym = (y0 + y1) / 2 + 1
        d = ImageDraw.Draw(self.img)
        pts = []
        n = 12
        for i in range(n + 1):
            t = i / n
            pts.append((x0 - 4 + (x1 - x0 + 8) * t, ym + self.rng.uniform(-1.2, 1.2) + (t - 0.5) * 3))
        d.line(pts, fill=color, width=width, joint="curve")

    def caret(self, x: float, y: float, color=INK) -> None:
        d = ImageDraw.Draw(self.img)
        d.line([(x - 7, y + 8), (x, y - 4), (x + 7, y + 8)], fill=color, width=2)

    def arrow(self, a: tuple[float, float], b: tuple[float, float], color=INK) -> None:
        d = ImageDraw.Draw(self.img)
        pts = []
        for i in range(11):
            t = i / 10
            pts.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - math.sin(t * math.pi) * 14))
        d.line(pts, fill=color, width=2, joint="curve")
        ang = math.atan2(b[1] - pts[-2][1], b[0] - pts[-2][0])
        for s in (2.6, -2.6):
            d.line([b, (b[0] - 12 * math.cos(ang + s / 6 * math.pi / 2.2), b[1] - 12 * math.sin(ang + s / 6 * math.pi / 2.2))],
                   fill=color, width=2)

    def initials(self, xy: tuple[float, float], letters: str = "MP") -> None:
        """Initials with an underline flourish."""
        x0, y0, x1, y1 = self.write(xy, letters, size=26, bold=True, slope=-0.05)
        d = ImageDraw.Draw(self.img)
        pts = [(x0 - 3 + (x1 - x0 + 14) * t / 8, y1 + 4 - t * 1.2 + self.rng.uniform(-1, 1)) for t in range(9)]
        d.line(pts, fill=INK, width=2, joint="curve")

    def signature(self, x: float, y: float) -> None:
        d = ImageDraw.Draw(self.img)
        pts = []
        for i in range(120):
            t = i / 119
            pts.append((x + 230 * t + 10 * math.sin(t * 31), y + 12 * math.sin(t * 17) * (1.1 - t) - 6 * t))
        d.line(pts, fill=INK, width=2, joint="curve")
        d.line([(x + 20, y + 16), (x + 200, y + 9)], fill=INK, width=2)


# ---------------------------------------------------------------------------------------
# Stroke handwriting: glyphs are pen paths (not a font), drawn with a jittered, slanted,
# connected ballpoint line, the way a hurried person writes in a margin.
# ---------------------------------------------------------------------------------------
# Each glyph: (advance width, [stroke, ...]); a stroke is points (x, y) in a box whose cap
# height is 1 (y = 0 at the top, 1 on the baseline).
GLYPHS: dict[str, tuple[float, list[list[tuple[float, float]]]]] = {
    "0": (0.62, [[(0.38, 0.0), (0.12, 0.15), (0.04, 0.6), (0.25, 1.0), (0.52, 0.85), (0.6, 0.35), (0.45, 0.02), (0.3, 0.05)]]),
    "1": (0.4, [[(0.2, 0.02), (0.3, 0.0), (0.22, 1.0)]]),
    "2": (0.62, [[(0.04, 0.24), (0.22, 0.02), (0.48, 0.02), (0.58, 0.24), (0.42, 0.52), (0.02, 0.98), (0.3, 0.9), (0.64, 0.96)]]),
    "3": (0.6, [[(0.04, 0.14), (0.3, 0.0), (0.55, 0.12), (0.48, 0.38), (0.22, 0.48), (0.52, 0.58), (0.6, 0.84), (0.32, 1.0), (0.02, 0.88)]]),
    "4": (0.66, [[(0.44, 0.0), (0.02, 0.66), (0.66, 0.64)], [(0.5, 0.28), (0.44, 1.02)]]),
    "5": (0.6, [[(0.16, 0.04), (0.1, 0.44), (0.36, 0.38), (0.6, 0.56), (0.58, 0.86), (0.3, 1.0), (0.02, 0.9)],
                [(0.16, 0.03), (0.64, 0.0)]]),
    "6": (0.6, [[(0.55, 0.04), (0.28, 0.12), (0.06, 0.52), (0.1, 0.9), (0.34, 1.0), (0.56, 0.82), (0.5, 0.56), (0.24, 0.54), (0.08, 0.72)]]),
    "7": (0.6, [[(0.0, 0.04), (0.62, 0.0), (0.32, 0.52), (0.18, 1.0)]]),
    "8": (0.6, [[(0.5, 0.1), (0.3, 0.0), (0.08, 0.16), (0.2, 0.4), (0.52, 0.62), (0.58, 0.86), (0.34, 1.0), (0.06, 0.86), (0.16, 0.6), (0.46, 0.4), (0.54, 0.14), (0.38, 0.0)]]),
    "9": (0.6, [[(0.56, 0.24), (0.36, 0.44), (0.1, 0.36), (0.12, 0.08), (0.4, 0.0), (0.58, 0.2), (0.5, 0.62), (0.34, 1.02)]]),
    ",": (0.22, [[(0.12, 0.86), (0.12, 1.04), (0.0, 1.22)]]),
    "/": (0.5, [[(0.5, 0.0), (0.0, 1.0)]]),
    "-": (0.4, [[(0.02, 0.6), (0.38, 0.56)]]),
    "£": (0.66, [[(0.6, 0.14), (0.45, 0.0), (0.26, 0.08), (0.22, 0.5), (0.16, 0.88), (0.0, 1.0), (0.3, 0.92), (0.66, 0.98)], [(0.02, 0.52), (0.46, 0.5)]]),
    "G": (0.7, [[(0.62, 0.12), (0.38, 0.0), (0.1, 0.18), (0.04, 0.68), (0.3, 1.0), (0.62, 0.86), (0.64, 0.56), (0.36, 0.56)]]),
    "B": (0.62, [[(0.06, 0.0), (0.05, 1.0)], [(0.06, 0.02), (0.44, 0.04), (0.52, 0.24), (0.12, 0.47), (0.56, 0.6), (0.56, 0.88), (0.04, 0.98)]]),
    "P": (0.6, [[(0.06, 1.0), (0.06, 0.0)], [(0.06, 0.02), (0.46, 0.04), (0.56, 0.24), (0.42, 0.48), (0.06, 0.5)]]),
    "M": (0.82, [[(0.0, 1.0), (0.1, 0.0), (0.4, 0.66), (0.7, 0.0), (0.8, 1.0)]]),
    "T": (0.74, [[(0.0, 0.04), (0.74, 0.0)], [(0.38, 0.02), (0.33, 1.0)]]),
    "W": (0.96, [[(0.0, 0.0), (0.2, 1.0), (0.46, 0.3), (0.7, 1.0), (0.96, 0.0)]]),
    "R": (0.62, [[(0.06, 1.0), (0.06, 0.0)], [(0.06, 0.02), (0.44, 0.04), (0.54, 0.24), (0.4, 0.46), (0.06, 0.5), (0.6, 1.0)]]),
}


def catmull(points: list[tuple[float, float]], steps: int = 8) -> list[tuple[float, float]]:
    if len(points) < 3:
        return points
    p = [points[0]] + points + [points[-1]]
    out = []
    for i in range(1, len(p) - 2):
        p0, p1, p2, p3 = p[i - 1], p[i], p[i + 1], p[i + 2]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * ((2 * p1[k]) + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                                   + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3) for k in range(2)))
    out.append(points[-1])
    return out


class Hand:
    """A person's hurried handwriting drawn as pen strokes (a path, not a font): every glyph's
    control points jitter, the line slants and drifts, consecutive characters are often joined
    by a connecting stroke, and the ballpoint line varies in width."""

    def __init__(self, img: Image.Image, rng: random.Random, slant: float = 0.26, mess: float = 0.055) -> None:
        self.img, self.rng, self.slant, self.mess = img, rng, slant, mess

    def write(self, xy: tuple[float, float], text: str, size: float = 28, color=INK, width: float = 2.4,
              slope: float = -0.04, join: float = 0.4) -> tuple[int, int, int, int]:
        """`xy` is the top left of the cap height; returns the ink's bounding box."""
        rng, ss = self.rng, 3
        x, y = xy
        pad = int(size * 2)
        est = sum(GLYPHS[c][0] if c in GLYPHS else 0.4 for c in text) * size * 1.2 + 2 * pad
        w, h = int(est), int(size * 1.6 + 2 * pad)
        tile = Image.new("L", (w * ss, h * ss), 0)
        d = ImageDraw.Draw(tile)
        pen_x, prev_end = float(pad), None
        for ch in text:
            if ch == " ":
                pen_x += size * 0.35
                prev_end = None
                continue
            adv, strokes = GLYPHS[ch]
            sc = size * rng.uniform(0.88, 1.12)
            rot = math.radians(rng.uniform(-6, 6))
            base = pad + size * 0.3 + (pen_x - pad) * slope + rng.uniform(-0.06, 0.06) * size
            first = True
            for stroke in strokes:
                pts = []
                for px, py in stroke:
                    jx, jy = rng.gauss(0, self.mess), rng.gauss(0, self.mess)
                    gx, gy = (px + jx) * sc, (py + jy) * sc
                    gx, gy = gx * math.cos(rot) - gy * math.sin(rot), gx * math.sin(rot) + gy * math.cos(rot)
                    gx += (sc - gy) * self.slant
                    pts.append((pen_x + gx, base + gy))
                if (first and prev_end is not None and ch.isalnum() and abs(pts[0][1] - prev_end[1]) < 0.5 * sc
                        and rng.random() < join):
                    pts = [prev_end] + pts  # the pen did not lift between characters
                first = False
                path = catmull(pts)
                lw = width * rng.uniform(0.85, 1.2)
                for (ax, ay), (bx, by) in zip(path, path[1:]):
                    wd = max(1.0, lw * rng.uniform(0.8, 1.15)) * ss
                    d.line([(ax * ss, ay * ss), (bx * ss, by * ss)], fill=rng.randint(200, 255), width=int(round(wd)))
                    r = wd / 2
                    d.ellipse((bx * ss - r, by * ss - r, bx * ss + r, by * ss + r), fill=230)
                prev_end = path[-1] if ch.isalnum() else None
            pen_x += adv * sc * rng.uniform(0.95, 1.15) + size * rng.uniform(0.07, 0.17)
        tile = tile.resize((w, h), Image.LANCZOS)
        ox, oy = int(x - pad), int(y - pad)
        ink = Image.new("RGB", tile.size, color)
        self.img.paste(ink, (ox, oy), tile)
        bb = tile.getbbox() or (0, 0, 1, 1)
        return ox + bb[0], oy + bb[1], ox + bb[2], oy + bb[3]

    def scribble(self, box: tuple[int, int, int, int], color=INK, width: int = 2) -> None:
        """Cross a written value out with a tight zig-zag of back-and-forth strokes."""
        x0, y0, x1, y1 = box
        d = ImageDraw.Draw(self.img)
        pts, n = [], 9
        for i in range(n + 1):
            t = i / n
            yy = y0 + 4 + (y1 - y0 - 8) * t + self.rng.uniform(-2, 2)
            pts.append((x0 - 3 + self.rng.uniform(-2, 2) if i % 2 == 0 else x1 + 3 + self.rng.uniform(-2, 2), yy))
        d.line(pts, fill=color, width=width, joint="curve")


def stamp(page: Image.Image, center: tuple[int, int], rng: np.random.Generator) -> tuple[float, float]:
    """A red rubber 'RECEIVED' stamp with blank DATE and BY lines (the post room writes the date
    in by hand), rotated, with uneven ink. Returns the page position of the DATE line's start."""
    w, h = 330, 150
    tile = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((4, 4, w - 5, h - 5), radius=10, outline=255, width=5)
    d.rounded_rectangle((14, 14, w - 15, h - 15), radius=6, outline=255, width=2)
    f1, f2, f3 = font(SANS_B, 34), font(SANS_B, 17), font(SANS_B, 14)
    for text, f, yy in (("RECEIVED", f1, 22), ("NORTHWIND ANALYTICS - LEGAL", f3, 116)):
        tw = d.textlength(text, font=f)
        d.text(((w - tw) / 2, yy), text, font=f, fill=255)
    d.text((30, 78), "DATE", font=f2, fill=255)
    d.line((84, 94, 200, 94), fill=255, width=2)
    d.text((210, 78), "BY", font=f2, fill=255)
    d.line((240, 94, 300, 94), fill=255, width=2)
    arr = np.asarray(tile).astype(np.float32) / 255.0
    noise = rng.random(arr.shape)
    arr = arr * (0.55 + 0.45 * (noise > 0.18))  # ink dropouts
    arr *= np.clip(0.75 + 0.25 * np.linspace(1, 0.4, w)[None, :], 0, 1)  # uneven pressure
    angle = 7.5
    tile = Image.fromarray((arr * 235).astype(np.uint8)).rotate(angle, expand=True, resample=Image.BICUBIC)
    ink = Image.new("RGB", tile.size, STAMP)
    layer = page.copy()
    ox, oy = center[0] - tile.size[0] // 2, center[1] - tile.size[1] // 2
    layer.paste(ink, (ox, oy), tile)
    page.paste(Image.blend(page, layer, 0.85))

    def to_page(u: float, v: float) -> tuple[float, float]:
        a = math.radians(angle)
        dx, dy = u - w / 2, v - h / 2
        return (ox + tile.size[0] / 2 + dx * math.cos(a) + dy * math.sin(a),
                oy + tile.size[1] / 2 - dx * math.sin(a) + dy * math.cos(a))
    return to_page(92, 66), to_page(244, 68)


def page_furniture(draw: ImageDraw.ImageDraw, n: int) -> None:
    f = font(SERIF, 13)
    draw.text((LEFT, 62), f"Master Services Agreement {AGREEMENT_NO}", font=f, fill=(70, 70, 70))
    t = "EXECUTION VERSION"
    draw.text((LEFT + TEXT_W - draw.textlength(t, font=f), 62), t, font=f, fill=(70, 70, 70))
    draw.line((LEFT, 82, LEFT + TEXT_W, 82), fill=(120, 120, 120), width=1)
    draw.line((LEFT, PH - 96, LEFT + TEXT_W, PH - 96), fill=(120, 120, 120), width=1)
    t = f"Page {n} of 4"
    draw.text((LEFT + TEXT_W - draw.textlength(t, font=f), PH - 88), t, font=f, fill=(70, 70, 70))
    draw.text((LEFT, PH - 88), "Northwind Analytics Ltd / Harbourline Logistics Ltd - Confidential", font=f,
              fill=(70, 70, 70))


def scan_effects(img: Image.Image, rng: np.random.Generator, angle: float) -> Image.Image:
    arr = np.asarray(img).astype(np.float32)
    paper = np.array([247, 245, 238], dtype=np.float32)
    arr = arr / 255.0 * paper  # paper tint (multiplies white to cream)
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    img = img.filter(ImageFilter.GaussianBlur(0.6))
    img = img.rotate(angle, resample=Image.BICUBIC, fillcolor=(205, 205, 200), expand=False)
    arr = np.asarray(img).astype(np.float32)
    h, w, _ = arr.shape
    # scanner shading towards the left edge and light grain
    shade = np.clip(0.9 + 0.1 * np.minimum(1, np.arange(w) / 90.0), 0, 1)[None, :, None]
    arr = arr * shade
    # dust specks
    for _ in range(35):
        y, x = int(rng.integers(0, h)), int(rng.integers(0, w))
        arr[y:y + 2, x:x + int(rng.integers(1, 3))] *= 0.55
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    return img.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def write_scans(out: Path) -> None:
    rng = random.Random(20250311)
    nrng = np.random.default_rng(20250311)
    angles = [0.55, -0.8, 0.35, -0.6]
    for n, page in enumerate(PAGES, start=1):
        img = Image.new("RGB", (PW, PH), (255, 255, 255))
        draw = ImageDraw.Draw(img)
        page_furniture(draw, n)
        boxes: dict[str, list[tuple[int, int, int, int]]] = {}
        paras: dict[str, tuple[int, int, int, int]] = {}
        y_end = layout_page(draw, page, TOP, boxes, paras)
        assert y_end < PH - 110, f"page {n} overflows ({y_end})"
        pen = Pen(img, rng)
        hand = Hand(img, rng)
        margin_x = LEFT + TEXT_W + 22

        def initials(xy: tuple[float, float], letters: str) -> None:
            """Stroke-written initials with an underline flourish."""
            x0, y0, x1, y1 = hand.write(xy, letters, size=22, width=2.2, join=0.9)
            d = ImageDraw.Draw(img)
            pts = [(x0 - 3 + (x1 - x0 + 14) * t / 8, y1 + 3 - t * 1.2 + rng.uniform(-1, 1)) for t in range(9)]
            d.line(pts, fill=INK, width=2, joint="curve")

        if n == 1:
            date_at, by_at = stamp(img, (PW - 330, PH - 215), nrng)
            # the post room's clerk writes the date (UK day/month/year) and initials on the stamp
            hand.write((date_at[0] + 4, date_at[1] - 4), "11/3/25", size=24, width=2.2)
            hand.write((by_at[0] + 2, by_at[1] - 2), "RB", size=20, width=2.0)

        def amend(key: str, value: str, initials_by: str | None) -> tuple[float, float]:
            """Strike the phrase, caret at its start, leader line to the margin, new value there
            (stroke handwriting); initials under it when given. Returns the value's position."""
            bx = boxes[key]
            for b in bx:
                pen.strike(b)
            cx, cy = bx[0][0] + 12, bx[0][1]
            pen.caret(cx, cy + 17)
            d = ImageDraw.Draw(img)
            gap = cy - 6
            d.line([(cx, cy - 2), (cx + 4, gap), (margin_x - 8, gap + rng.uniform(-1.5, 1.5))], fill=INK, width=2)
            parts = value.split("\n")
            for k, part in enumerate(parts):
                hand.write((margin_x + 2 + 8 * k, cy - 16 - 28 * (len(parts) - 1 - k)), part, size=25)
            if initials_by:
                initials((margin_x + 18, cy + 20), initials_by)
            return margin_x + 2, cy - 16

        if n == 2:
            # 4.2: thirty (30) -> first "60" written, scribbled out, then "45" beside it; initialled
            bx = boxes["c42"]
            for b in bx:
                pen.strike(b)
            cx, cy = bx[0][0] + 12, bx[0][1]
            pen.caret(cx, cy + 17)
            d = ImageDraw.Draw(img)
            d.line([(cx, cy - 2), (cx + 4, cy - 6), (margin_x - 8, cy - 6)], fill=INK, width=2)
            first = hand.write((margin_x + 2, cy - 16), "60", size=25)
            hand.scribble(first)
            hand.write((first[2] + 10, cy - 20), "45", size=25)
            initials((margin_x + 18, cy + 20), "MP")
            # 7.3: whole clause struck through, "Delete" + MP in the margin
            x0, y0, x1, y1 = paras["7.3"]
            d.line([(x0 + 40, y0 + 4), (x1 - 10, y1 - 8)], fill=INK, width=3)
            d.line([(x0 + 40, y1 - 8), (x1 - 10, y0 + 4)], fill=INK, width=3)
            d.rectangle((x0 - 8, y0 - 4, x1 + 6, y1 - 2), outline=INK, width=2)
            pen.write((margin_x + 2, y0 + 8), "Delete", size=27)
            initials((margin_x + 12, y0 + 48), "MP")
        if n == 3:
            amend("c81", "180", "MP")                   # 8.1: ninety (90) -> 180, initialled
            amend("c92", "GBP\n400,000", None)          # 9.2: GBP 250,000 -> GBP 400,000, NOT initialled
            # an unchanged clause with a reviewer's tick (not an amendment)
            x0, y0, x1, y1 = paras["10.1"]
            d = ImageDraw.Draw(img)
            d.line([(margin_x + 14, y0 + 14), (margin_x + 22, y0 + 24), (margin_x + 40, y0 - 2)], fill=INK, width=3)
        if n == 4:
            # 12.2: sixty (60) -> 120, initialled "TW" by Harbourline's counsel (Tomasz Wren, who
            # signs the cover letter), not by the signatory: still not initialled by her
            amend("c122", "120", "TW")
            # Harbourline signature block (right column); Northwind's stays blank
            sig_y = paras["sig"][1] + LINE * 2 + 26
            sx = LEFT + 380 + 95
            pen.signature(sx, sig_y + 4)
            pen.write((sx, sig_y + 48 - 10), "Maria Petrova", size=24, slope=0)
            pen.write((sx, sig_y + 96 - 10), "CFO", size=24, slope=0)
            hand.write((sx + 4, sig_y + 144 - 12), "5/3/25", size=24, width=2.2)
        scan = scan_effects(img, nrng, angles[n - 1])
        scan.save(out / f"MSA_countersigned_scan_p{n}.png", optimize=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_docx(out / f"MSA_{AGREEMENT_NO.replace('NWA-MSA-', 'NWA-')}_clean.docx")
    write_letter(out / "Harbourline_cover_letter.pdf")
    write_scans(out)


if __name__ == "__main__":
    main()
