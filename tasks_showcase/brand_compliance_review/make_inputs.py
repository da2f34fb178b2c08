"""Inputs for brand_compliance_review.

Writes (deterministically):
  Solvane_Brand_Guidelines_v3.2.pdf     brand guide: logo, clear space, minimum size, misuse, palette
                                          (hex codes), typography, contrast and approved combinations
  Summer_Shield_2025_campaign_brief.docx the agency's campaign brief listing the four mock-ups
  MU-01_instagram_1080x1080.png          complies
  MU-02_leaderboard_728x90.png           logo below the 120 px minimum (72 px wide); headline set in
                                          a serif face (Liberation Serif Bold), not the brand's sans
  MU-03_poster_A3_preview.png            off-palette purple background (#7A3E9D); the reversed logo
                                          placed on a busy panel of diagonal stripes (a listed misuse)
  MU-04_mpu_300x250.png                  horizontally stretched logo with a Sun Coral outline and a
                                          drop shadow added; offer line in Sun Coral on Sand (about 2.3:1)

What is wrong with each mock-up exists only as pixels.

Usage: python3 make_inputs.py --out DIR
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/truetype/liberation2/"
SANS = FONTS + "LiberationSans-Regular.ttf"
SANS_B = FONTS + "LiberationSans-Bold.ttf"
SERIF_B = FONTS + "LiberationSerif-Bold.ttf"  # MU-02's headline only: not a brand typeface

TEAL = "#0F6E74"
NAVY = "#1B2A41"
CORAL = "#FF6B4A"
SAND = "#F4E9D8"
WHITE = "#FFFFFF"
MIST = "#CFE8E6"
OFF_PALETTE = "#7A3E9D"  # used by MU-03 only; never written in any text layer

PALETTE = [
    ("Solvane Teal", TEAL, "Primary. Backgrounds, logo mark, headlines on light grounds."),
    ("Deep Navy", NAVY, "Text, wordmark, dark backgrounds."),
    ("Sun Coral", CORAL, "Accent. Buttons and highlights only - never for text on light grounds."),
    ("Sand", SAND, "Light backgrounds and panels."),
    ("Sea Mist", MIST, "Tint for secondary panels and illustration."),
    ("White", WHITE, "Reversed logo, text on Teal or Navy."),
]


def rgb(hex_: str) -> tuple[int, int, int]:
    h = hex_.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def lum(hex_: str) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb(hex_)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((lum(a), lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# ---------------------------------------------------------------------------------------
# The logo: shield mark (with a sun and a wave) + SOLVANE wordmark. Rendered large, cropped
# tight, so a placed logo's pixel width is exactly the lockup's width.
# ---------------------------------------------------------------------------------------


def logo(variant: str = "colour") -> Image.Image:
    s = 4  # supersampling
    w, h = 1500 * s, 300 * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    shield = rgb(TEAL) if variant == "colour" else rgb(WHITE)
    word = rgb(NAVY) if variant == "colour" else rgb(WHITE)
    wave = rgb(WHITE) if variant == "colour" else rgb(TEAL)
    x0, y0, sw, sh = 20 * s, 20 * s, 190 * s, 230 * s
    # shield: rounded top, pointed bottom
    d.rounded_rectangle((x0, y0, x0 + sw, y0 + sh * 0.62), radius=34 * s, fill=shield)
    d.polygon([(x0, y0 + sh * 0.5), (x0 + sw, y0 + sh * 0.5), (x0 + sw / 2, y0 + sh)], fill=shield)
    cx, cy, r = x0 + sw / 2, y0 + sh * 0.45, 52 * s
    d.pieslice((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=rgb(CORAL))
    d.rectangle((x0 + 28 * s, cy + 4 * s, x0 + sw - 28 * s, cy + 16 * s), fill=wave)
    d.rectangle((x0 + 48 * s, cy + 30 * s, x0 + sw - 48 * s, cy + 40 * s), fill=wave)
    f = font(SANS_B, 150 * s)
    x = x0 + sw + 38 * s
    for ch in "SOLVANE":
        d.text((x, 62 * s), ch, font=f, fill=word)
        x += f.getlength(ch) + 12 * s
    img = img.crop(img.getbbox())
    return img.resize((img.width // s, img.height // s), Image.LANCZOS)


def place_logo(canvas: Image.Image, xy: tuple[int, int], width: int, variant: str = "colour",
               stretch: float = 1.0, effects: bool = False) -> tuple[int, int]:
    """Paste the logo `width` px wide; stretch > 1 squashes its height (a distorted logo);
    `effects` adds a Sun Coral outline and a soft drop shadow (a listed misuse)."""
    master = logo(variant)
    height = round(width * master.height / master.width / stretch)
    tile = master.resize((width, height), Image.LANCZOS)
    if effects:
        from PIL import ImageFilter
        alpha = tile.split()[3]
        shadow = Image.new("RGBA", tile.size, (40, 40, 40, 255))
        blurred = alpha.point(lambda a: int(a * 0.55)).filter(ImageFilter.GaussianBlur(1.6))
        canvas.paste(shadow, (xy[0] + 4, xy[1] + 4), blurred)
        outline = Image.new("RGBA", tile.size, rgb(CORAL) + (255,))
        canvas.paste(outline, xy, alpha.filter(ImageFilter.MaxFilter(5)))
    canvas.paste(tile, xy, tile)
    return width, height


# ---------------------------------------------------------------------------------------
# Mock-ups
# ---------------------------------------------------------------------------------------


def bottle(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    """A flat illustration of the SPF 50+ bottle in palette colours."""
    cap_h = int(h * 0.16)
    d.rounded_rectangle((x + w * 0.3, y, x + w * 0.7, y + cap_h + 6), radius=max(3, w // 14), fill=NAVY)
    d.rounded_rectangle((x, y + cap_h, x + w, y + h), radius=max(6, w // 5), fill=TEAL)
    d.rounded_rectangle((x + w * 0.12, y + h * 0.38, x + w * 0.88, y + h * 0.8), radius=max(3, w // 16), fill=WHITE)
    fs = int(w * 0.2)
    f = font(SANS_B, max(fs, 1))
    for text, yy, col in () if fs < 10 else (("SPF", 0.44, NAVY), ("50+", 0.58, TEAL)):
        tw = d.textlength(text, font=f)
        d.text((x + (w - tw) / 2, y + h * yy), text, font=f, fill=col)
    r = w * 0.16
    d.ellipse((x + w * 0.5 - r, y + h * 0.25 - r, x + w * 0.5 + r, y + h * 0.25 + r), fill=CORAL)


def text_block(d: ImageDraw.ImageDraw, xy: tuple[float, float], lines: list[str], f: ImageFont.FreeTypeFont,
               fill: str, leading: float) -> float:
    x, y = xy
    for line in lines:
        d.text((x, y), line, font=f, fill=fill)
        y += leading
    return y


def button(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, size: int, fill: str = CORAL,
           ink: str = NAVY) -> None:
    d.rounded_rectangle(box, radius=(box[3] - box[1]) // 2, fill=fill)
    f = font(SANS_B, size)
    tw = d.textlength(text, font=f)
    bb = f.getbbox(text)
    d.text(((box[0] + box[2] - tw) / 2, (box[1] + box[3]) / 2 - (bb[1] + bb[3]) / 2), text, font=f, fill=ink)


def mu01(out: Path) -> None:
    """Instagram square: compliant."""
    W = H = 1080
    im = Image.new("RGB", (W, H), SAND)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 700, W, H), fill=TEAL)
    d.ellipse((640, 110, 1000, 470), fill=MIST)
    bottle(d, 730, 170, 200, 490)
    place_logo(im, (80, 80), 280)
    y = text_block(d, (80, 250), ["Shield your", "summer."], font(SANS_B, 92), NAVY, 104)
    text_block(d, (80, y + 24), ["New Solvane SPF 50+ Daily Fluid.", "Invisible, water-resistant, reef-aware."],
               font(SANS, 34), NAVY, 46)
    button(d, (80, 770, 400, 860), "Shop now", 40)
    text_block(d, (80, 930), ["Summer Shield 2025  |  solvane.com"], font(SANS_B, 36), WHITE, 40)
    text_block(d, (80, 1000), ["Use sun protection as directed. Avoid the midday sun."], font(SANS, 24), WHITE, 30)
    im.save(out / "MU-01_instagram_1080x1080.png", optimize=True)


def mu02(out: Path) -> None:
    """Leaderboard: the logo is 72 px wide, under the 120 px digital minimum."""
    W, H = 728, 90
    im = Image.new("RGB", (W, H), TEAL)
    d = ImageDraw.Draw(im)
    lw, lh = place_logo(im, (18, (H - 20) // 2), 72, variant="white")
    assert lw == 72
    d.line((112, 18, 112, 72), fill=MIST, width=1)
    # the headline is set in a serif face (guide 3.1: Liberation Sans only)
    d.text((130, 8), "Shield your summer.", font=font(SERIF_B, 31), fill=WHITE)
    d.text((131, 45), "New SPF 50+ Daily Fluid - invisible, water-resistant.", font=font(SANS, 16), fill=WHITE)
    d.text((131, 70), "Use sun protection as directed.", font=font(SANS, 11), fill=WHITE)
    bottle(d, 548, 8, 26, 76)
    button(d, (596, 24, 712, 66), "Shop now", 18)
    im.save(out / "MU-02_leaderboard_728x90.png", optimize=True)


STRIPE_PANEL = (40, 968, 404, 1080)  # MU-03: the busy ground behind the logo (x0, y0, x1, y1)


def stripes(canvas: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Diagonal Teal and Sun Coral stripes on Sea Mist, like the guide's busy-ground misuse
    example: every colour is in the palette, so only the pattern is wrong."""
    x0, y0, x1, y1 = box
    panel = Image.new("RGB", (x1 - x0, y1 - y0), MIST)
    pd = ImageDraw.Draw(panel)
    w, h = panel.size
    for k in range(-h, w, 26):
        pd.line((k, h, k + h, 0), fill=TEAL, width=11)
        pd.line((k + 13, h, k + 13 + h, 0), fill=CORAL, width=5)
    canvas.paste(panel, (x0, y0))


def mu03(out: Path) -> None:
    """A3 poster preview (842 x 1191): background in an off-palette purple; the reversed logo sits
    on a busy striped panel (guide misuse page: 'Do not place on busy or low-contrast grounds')."""
    W, H = 842, 1191
    im = Image.new("RGB", (W, H), OFF_PALETTE)
    d = ImageDraw.Draw(im)
    d.ellipse((300, 330, 780, 810), fill=MIST)
    d.rectangle((0, 930, W, H), fill=NAVY)
    bottle(d, 450, 360, 200, 560)
    y = text_block(d, (64, 96), ["Shield your", "summer."], font(SANS_B, 84), WHITE, 94)
    text_block(d, (64, y + 18), ["New SPF 50+", "Daily Fluid"], font(SANS, 36), WHITE, 46)
    button(d, (64, 600, 296, 676), "Shop now", 34)
    stripes(im, STRIPE_PANEL)
    place_logo(im, (64, 990), 300, variant="white")
    text_block(d, (64, 1110), ["Use sun protection as directed. Avoid the midday sun.  solvane.com"],
               font(SANS, 18), WHITE, 22)
    im.save(out / "MU-03_poster_A3_preview.png", optimize=True)


def mu04(out: Path) -> None:
    """MPU 300 x 250: logo stretched horizontally; offer line in Sun Coral on Sand."""
    W, H = 300, 250
    im = Image.new("RGB", (W, H), SAND)
    d = ImageDraw.Draw(im)
    place_logo(im, (16, 14), 170, stretch=1.45, effects=True)
    d.text((16, 64), "Shield your", font=font(SANS_B, 27), fill=NAVY)
    d.text((16, 94), "summer.", font=font(SANS_B, 27), fill=NAVY)
    d.text((16, 134), "Save 20% this week with", font=font(SANS, 14), fill=CORAL)
    d.text((16, 152), "code SUN20 at solvane.com", font=font(SANS, 14), fill=CORAL)
    button(d, (16, 186, 130, 222), "Shop now", 16)
    bottle(d, 210, 70, 62, 164)
    d.text((16, 232), "Use sun protection as directed.", font=font(SANS, 10), fill=NAVY)
    im.save(out / "MU-04_mpu_300x250.png", optimize=True)


def busy_ground(master: Image.Image) -> Image.Image:
    """The logo over diagonal stripes (a misuse example)."""
    w, h = master.width + 80, master.height + 60
    bg = Image.new("RGBA", (w, h), rgb(MIST) + (255,))
    d = ImageDraw.Draw(bg)
    for k in range(-h, w, 26):
        d.line((k, h, k + h, 0), fill=rgb(TEAL) + (255,), width=11)
        d.line((k + 13, h, k + 13 + h, 0), fill=rgb(CORAL) + (255,), width=5)
    bg.paste(master, (40, 30), master)
    return bg


def drop_shadow(master: Image.Image) -> Image.Image:
    """The logo with a heavy drop shadow and outline (a misuse example)."""
    from PIL import ImageFilter
    w, h = master.width + 40, master.height + 40
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    alpha = master.split()[3]
    shadow = Image.new("RGBA", master.size, (0, 0, 0, 150))
    shadow.putalpha(alpha.point(lambda a: a * 0.6))
    out.paste(shadow, (26, 26), shadow)
    out = out.filter(ImageFilter.GaussianBlur(5))
    outline = Image.new("RGBA", master.size, rgb(CORAL) + (255,))
    grown = alpha.filter(ImageFilter.MaxFilter(9))
    out.paste(outline, (16, 16), grown)
    out.paste(master, (16, 16), master)
    return out


# ---------------------------------------------------------------------------------------
# Brand guide PDF
# ---------------------------------------------------------------------------------------


def write_guide(path: Path) -> None:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    W, H = landscape(A4)
    c = canvas.Canvas(str(path), pagesize=(W, H), invariant=1)
    c.setTitle("Solvane Brand Guidelines v3.2")
    c.setAuthor("Solvane Skincare Ltd - Brand Team")
    c.setSubject("Brand identity guidelines")

    def img_reader(im: Image.Image) -> ImageReader:
        buf = io.BytesIO()
        im.save(buf, format="PNG")
        buf.seek(0)
        return ImageReader(buf)

    colour_logo, white_logo = logo("colour"), logo("white")

    def header(n: int, title: str, section: str) -> None:
        c.setFillColor(HexColor(SAND))
        c.rect(0, 0, W, H, fill=1, stroke=0)
        c.setFillColor(HexColor(TEAL))
        c.rect(0, H - 16 * mm, W, 16 * mm, fill=1, stroke=0)
        c.setFillColor(HexColor(WHITE))
        c.setFont("Helvetica-Bold", 11)
        c.drawString(15 * mm, H - 10 * mm, f"{section}  |  {title}")
        c.setFont("Helvetica", 9)
        c.drawRightString(W - 15 * mm, H - 10 * mm, "Solvane Brand Guidelines v3.2  |  March 2025")
        c.setFillColor(HexColor(NAVY))
        c.setFont("Helvetica", 8)
        c.drawString(15 * mm, 8 * mm, "Internal and agency use. Questions: brand@solvane.com")
        c.drawRightString(W - 15 * mm, 8 * mm, f"{n}")

    def para(x: float, y: float, lines: list[str], size: float = 10, leading: float = 14, fontname: str = "Helvetica",
             colour: str = NAVY) -> float:
        c.setFillColor(HexColor(colour))
        c.setFont(fontname, size)
        for line in lines:
            c.drawString(x, y, line)
            y -= leading
        return y

    # 1 cover
    c.setFillColor(HexColor(TEAL))
    c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setFillColor(HexColor(MIST))
    c.circle(W - 70 * mm, H / 2, 62 * mm, fill=1, stroke=0)
    lw = 120 * mm
    c.drawImage(img_reader(white_logo), 25 * mm, H - 70 * mm, width=lw, height=lw * white_logo.height / white_logo.width,
                mask="auto")
    para(25 * mm, H - 100 * mm, ["Brand Guidelines"], size=34, leading=40, fontname="Helvetica-Bold", colour=WHITE)
    para(25 * mm, H - 115 * mm, ["Version 3.2  -  March 2025", "Logo, colour, typography and accessibility rules",
                                "for all Solvane communications, print and digital."], size=13, leading=18, colour=WHITE)
    c.showPage()

    # 2 logo, clear space, minimum size
    header(2, "Logo", "01")
    aspect = colour_logo.width / colour_logo.height
    c.drawImage(img_reader(colour_logo), 20 * mm, H - 52 * mm, width=105 * mm, height=105 * mm / aspect, mask="auto")
    from reportlab.lib.utils import simpleSplit
    rules = [
        "1.1  The master lockup combines the shield mark and the SOLVANE wordmark. Always use the supplied "
        "artwork files; never redraw, re-space or re-type the wordmark.",
        "1.2  Clear space: keep a margin of at least x on every side, where x is the cap height of the "
        "wordmark. No text, image edge or graphic element may enter this area.",
        "1.3  Minimum size: the full lockup must be at least 120 px wide in digital media and at least "
        "30 mm wide in print. Below this the wordmark is not legible; choose a larger format instead of "
        "shrinking the logo.",
        f"1.4  Proportions: the lockup is {aspect:.1f} times as wide as it is tall. Always scale it uniformly "
        "(lock the aspect ratio); a stretched or squashed logo is never acceptable.",
        "1.5  Colour versions: full colour on Sand or White; reversed (all white) on Solvane Teal or Deep Navy.",
    ]
    y = H - 68 * mm
    for rule in rules:
        lines = simpleSplit(rule, "Helvetica", 10.5, 125 * mm)
        y = para(20 * mm, y, lines, size=10.5, leading=14.5) - 5
    # clear-space diagram
    bx, bw = 178 * mm, 80 * mm
    bh = bw / aspect
    by = H - 62 * mm
    xunit = bh * 0.45
    c.setFillColor(HexColor(WHITE))
    c.rect(bx - xunit, by - xunit, bw + 2 * xunit, bh + 2 * xunit, fill=1, stroke=0)
    c.setStrokeColor(HexColor(CORAL))
    c.setDash(3, 2)
    c.rect(bx - xunit, by - xunit, bw + 2 * xunit, bh + 2 * xunit, fill=0, stroke=1)
    c.setDash()
    c.drawImage(img_reader(colour_logo), bx, by, width=bw, height=bh, mask="auto")
    c.setFillColor(HexColor(CORAL))
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(bx + bw / 2, by + bh + xunit / 2 - 3, "x")
    c.drawCentredString(bx - xunit / 2, by + bh / 2 - 3, "x")
    c.drawCentredString(bx + bw + xunit / 2, by + bh / 2 - 3, "x")
    c.drawCentredString(bx + bw / 2, by - xunit / 2 - 3, "x")
    para(bx - xunit, by - xunit - 7 * mm, ["Clear space: x = cap height of the wordmark"], size=9,
         fontname="Helvetica-Bold")
    # minimum size
    my = H - 112 * mm
    mw = 30 * mm
    c.drawImage(img_reader(colour_logo), bx, my, width=mw, height=mw / aspect, mask="auto")
    c.setStrokeColor(HexColor(NAVY))
    c.setLineWidth(0.8)
    c.line(bx, my - 4 * mm, bx + mw, my - 4 * mm)
    c.line(bx, my - 5.5 * mm, bx, my - 2.5 * mm)
    c.line(bx + mw, my - 5.5 * mm, bx + mw, my - 2.5 * mm)
    para(bx, my - 10 * mm, ["Minimum width", "Digital: 120 px   Print: 30 mm"], size=9, leading=12,
         fontname="Helvetica-Bold")
    c.showPage()

    # 3 logo misuse
    header(3, "Logo misuse", "01")
    para(20 * mm, H - 30 * mm, ["Do not alter the logo. Each of the following is a brand violation."], size=12,
         fontname="Helvetica-Bold")
    cases = [
        ("Do not stretch or squash", colour_logo.resize((int(colour_logo.width * 1.5), colour_logo.height))),
        ("Do not recolour", colour_logo.convert("LA").convert("RGBA")),
        ("Do not rotate", colour_logo.rotate(12, expand=True)),
        ("Do not shrink below 120 px / 30 mm", colour_logo),
        ("Do not place on busy or low-contrast grounds", busy_ground(colour_logo)),
        ("Do not add effects or outlines", drop_shadow(colour_logo)),
    ]
    for i, (label, im) in enumerate(cases):
        col, row = i % 3, i // 3
        x = 20 * mm + col * 88 * mm
        y = H - 95 * mm - row * 75 * mm
        c.setFillColor(HexColor(WHITE))
        c.rect(x, y, 80 * mm, 55 * mm, fill=1, stroke=0)
        w = 60 * mm if i != 3 else 14 * mm
        h = w * im.height / im.width
        c.drawImage(img_reader(im), x + (80 * mm - w) / 2, y + (55 * mm - h) / 2, width=w, height=h, mask="auto")
        c.setStrokeColor(HexColor("#C0392B"))
        c.setLineWidth(2)
        c.line(x + 72 * mm, y + 47 * mm, x + 78 * mm, y + 53 * mm)
        c.line(x + 72 * mm, y + 53 * mm, x + 78 * mm, y + 47 * mm)
        para(x, y - 6 * mm, [label], size=10, fontname="Helvetica-Bold")
    c.showPage()

    # 4 colour palette
    header(4, "Colour palette", "02")
    para(20 * mm, H - 30 * mm, ["2.1  Only the six colours below may be used for backgrounds, type, graphics and buttons.",
                                "      No other colours, tints outside this list or gradients are permitted in brand-owned layouts."],
         size=10.5, leading=15)
    for i, (name, hx, use) in enumerate(PALETTE):
        x = 20 * mm + (i % 3) * 88 * mm
        y = H - 100 * mm - (i // 3) * 62 * mm
        c.setFillColor(HexColor(hx))
        c.setStrokeColor(HexColor("#9AA5B1"))
        c.rect(x, y, 80 * mm, 32 * mm, fill=1, stroke=1 if hx in (WHITE, SAND) else 0)
        r, g, b = rgb(hx)
        para(x, y - 6 * mm, [name], size=11, fontname="Helvetica-Bold")
        para(x, y - 11 * mm, [f"HEX {hx}   RGB {r} {g} {b}"], size=9.5, leading=12)
        para(x, y - 16 * mm, [use], size=8, leading=10)
    c.showPage()

    # 5 typography
    header(5, "Typography", "03")
    para(20 * mm, H - 35 * mm, ["Liberation Sans Bold"], size=30, fontname="Helvetica-Bold", leading=34)
    para(20 * mm, H - 48 * mm, ["Headlines, CTAs and the offer line. Sentence case, tight leading (1.1)."], size=11)
    para(20 * mm, H - 70 * mm, ["Liberation Sans Regular"], size=30, leading=34)
    para(20 * mm, H - 83 * mm, ["Body copy, legal lines and captions. Leading 1.3-1.5."], size=11)
    para(20 * mm, H - 110 * mm, [
        "3.1  Use Liberation Sans only. Serif, script and display faces are not part of the identity.",
        "3.2  Minimum type size: 10 px in digital display formats, 7 pt in print.",
        "3.3  Headlines in Deep Navy on light grounds, in White on Solvane Teal or Deep Navy.",
        "3.4  Mandatory copy on every asset: the CTA, and the legal line 'Use sun protection as directed.'",
    ], size=10.5, leading=15)
    c.showPage()

    # 6 accessibility and approved combinations
    header(6, "Accessibility and colour combinations", "04")
    para(20 * mm, H - 30 * mm, [
        "4.1  All text must meet WCAG 2.1 AA contrast: at least 4.5:1 for body text, at least 3:1 for large text",
        "      (24 px and above, or 19 px bold and above). Approved text/ground pairs are listed below.",
    ], size=10.5, leading=15)
    combos = [(WHITE, TEAL), (NAVY, SAND), (NAVY, WHITE), (WHITE, NAVY), (NAVY, CORAL), (TEAL, SAND),
              (CORAL, SAND), (WHITE, CORAL), (TEAL, NAVY)]
    names = {hx: n for n, hx, _ in PALETTE}
    for i, (fg, bg) in enumerate(combos):
        x = 20 * mm + (i % 3) * 88 * mm
        y = H - 78 * mm - (i // 3) * 40 * mm
        c.setFillColor(HexColor(bg))
        c.setStrokeColor(HexColor("#9AA5B1"))
        c.rect(x, y, 34 * mm, 24 * mm, fill=1, stroke=1 if bg in (WHITE, SAND) else 0)
        c.setFillColor(HexColor(fg))
        c.setFont("Helvetica-Bold", 16)
        c.drawString(x + 5 * mm, y + 9 * mm, "Aa")
        ratio = contrast(fg, bg)
        ok = "Approved for all text" if ratio >= 4.5 else ("Large text only" if ratio >= 3 else "NOT permitted for text")
        para(x + 38 * mm, y + 17 * mm, [f"{names[fg]} on {names[bg]}"], size=9.5, fontname="Helvetica-Bold")
        para(x + 38 * mm, y + 11 * mm, [f"Contrast {ratio:.1f}:1"], size=9.5)
        para(x + 38 * mm, y + 5 * mm, [ok], size=9.5,
             colour="#1E7B34" if ratio >= 4.5 else ("#8A5A00" if ratio >= 3 else "#B42318"))
    c.showPage()
    c.save()


# ---------------------------------------------------------------------------------------
# Campaign brief DOCX
# ---------------------------------------------------------------------------------------


def write_brief(path: Path) -> None:
    from docx import Document
    from docx.shared import Pt, RGBColor

    doc = Document()
    doc.styles["Normal"].font.name = "Arial"
    doc.styles["Normal"].font.size = Pt(10.5)
    cp = doc.core_properties
    cp.author = "Brightfold Studio"
    cp.title = "Summer Shield 2025 - Campaign Brief"
    cp.created = dt.datetime(2025, 5, 7, 10, 0, 0)
    cp.modified = dt.datetime(2025, 5, 9, 16, 30, 0)
    cp.last_modified_by = "Brightfold Studio"
    cp.revision = 4
    h = doc.add_heading("Summer Shield 2025 - Campaign Brief", level=1)
    for r in h.runs:
        r.font.color.rgb = RGBColor(0x0F, 0x6E, 0x74)
    doc.add_paragraph("Client: Solvane Skincare Ltd    Agency: Brightfold Studio    Version: 4 (for brand review)")
    doc.add_heading("Objective", level=2)
    doc.add_paragraph("Launch the new Solvane SPF 50+ Daily Fluid for the summer season and drive online sales "
                      "through solvane.com, with a target of 40,000 trial purchases in June and July.")
    doc.add_heading("Key message", level=2)
    doc.add_paragraph("Shield your summer: invisible, water-resistant daily protection. Tone: confident, warm, "
                      "simple. Audience: adults 25-45 who exercise and travel outdoors.")
    doc.add_heading("Mandatory elements", level=2)
    for item in ("Solvane master logo (supplied artwork only)", "Headline 'Shield your summer.'",
                 "CTA 'Shop now'", "Legal line 'Use sun protection as directed.'",
                 "Compliance with Solvane Brand Guidelines v3.2 (March 2025) in full"):
        doc.add_paragraph(item, style="List Bullet")
    doc.add_heading("Mock-ups for brand review", level=2)
    rows = [
        ("ID", "Asset", "Channel", "Size", "File"),
        ("MU-01", "Social square", "Instagram / Facebook feed", "1080 x 1080 px", "MU-01_instagram_1080x1080.png"),
        ("MU-02", "Leaderboard banner", "Programmatic display", "728 x 90 px", "MU-02_leaderboard_728x90.png"),
        ("MU-03", "Poster", "Pharmacy windows (print, A3)", "297 x 420 mm (preview)", "MU-03_poster_A3_preview.png"),
        ("MU-04", "MPU banner", "Programmatic display", "300 x 250 px", "MU-04_mpu_300x250.png"),
    ]
    t = doc.add_table(rows=len(rows), cols=5)
    t.style = "Light Grid Accent 1"
    for i, row in enumerate(rows):
        for j, val in enumerate(row):
            t.cell(i, j).text = val
    doc.add_heading("Timeline", level=2)
    for item in ("Brand review feedback to Brightfold: by 16 May 2025",
                 "Final artwork: 23 May 2025", "Campaign live: 2 June 2025"):
        doc.add_paragraph(item, style="List Bullet")
    doc.add_heading("Approvals", level=2)
    doc.add_paragraph("Brand Manager (Solvane) signs off every asset against the brand guidelines before media "
                      "booking. Please return a per-asset verdict and the changes required.")
    doc.add_paragraph("Agency contact: Leo Marchetti, Account Director, Brightfold Studio - leo@brightfold.studio")
    doc.save(str(path))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_guide(out / "Solvane_Brand_Guidelines_v3.2.pdf")
    write_brief(out / "Summer_Shield_2025_campaign_brief.docx")
    mu01(out)
    mu02(out)
    mu03(out)
    mu04(out)


if __name__ == "__main__":
    main()
