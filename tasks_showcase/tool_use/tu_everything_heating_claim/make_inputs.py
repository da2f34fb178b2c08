"""Inputs: a photo of the facilities team's whiteboard: the week's heating top-up rule, the
offices it covers (one crossed out) and the line to post on the ops channel."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
import numpy as np
from imgkit import font, gradient, grain, out_dir, save_jpeg, shadow_paste, texture, vignette
from PIL import Image, ImageDraw

SEED = 4747
BLUE, BLACK, RED, GREEN = (24, 60, 160), (30, 30, 34), (190, 30, 36), (20, 120, 60)
LINES = [  # (text, colour, size, indent)
    ("HEATING TOP-UP CLAIM  -  week 47", BLACK, 50, 0),
    ("Offices on the weather feed:", BLUE, 40, 0),
    ("Chicago", BLUE, 44, 60),
    ("Los Angeles", BLUE, 44, 60),  # crossed out below
    ("New York", BLUE, 44, 60),
    ("Points per office = 65 - feed temperature", BLACK, 40, 0),
    ("Claim = the offices' points added up", BLACK, 40, 0),
    ("Post on the ops channel:", GREEN, 40, 0),
    ("HEAT CLAIM <claim> PTS", GREEN, 46, 60),
]


def board():
    rng = np.random.default_rng(SEED)
    w, h = 1200, 860
    img = texture((w, h), (246, 247, 245), SEED, amount=4)
    d = ImageDraw.Draw(img)
    y = 50
    for text, colour, size, indent in LINES:
        x = 60 + indent + rng.normal(0, 3)
        d.text((x, y + rng.normal(0, 2)), text, font=font("arial-italic", size), fill=colour)
        if text == "Los Angeles":  # closed for refurbishment: struck through, with a note
            tw = d.textlength(text, font=font("arial-italic", size))
            d.line((x - 10, y + 30, x + tw + 12, y + 22), fill=RED, width=6)
            d.text((x + tw + 40, y + 6), "closed until Jan", font=font("arial-italic", 34), fill=RED)
        y += int(size * 1.75)
    d.rectangle((0, 0, w - 1, h - 1), outline=(170, 172, 176), width=14)  # aluminium frame
    return img


def main():
    out = out_dir()
    wall = gradient((1400, 1050), (196, 190, 178), (170, 164, 152))
    shadow_paste(wall, board(), (100, 90), angle=0.8, offset=12, blur=14)
    marker_tray = Image.new("RGB", (1000, 26), (150, 152, 156))
    wall.paste(marker_tray, (200, 960))
    save_jpeg(vignette(grain(wall, SEED, 2.5), 0.2), out / "whiteboard.jpg", quality=85)


if __name__ == "__main__":
    main()
