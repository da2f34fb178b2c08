"""Inputs: a screenshot of the incident ticket in the team's tracker (release window, symptom,
suspect file and setting)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, out_dir, save_png
from PIL import Image, ImageDraw

SEED = 2401  # no randomness: a flat screenshot

DESCRIPTION = [
    "Since the 1.4.0 upgrade, customers whose bank asks for a 3-D Secure",
    "code see \"Payment could not be completed\" about 15 s after the",
    "issuer's challenge page opens. Orders without a challenge go through.",
    "",
    "Suspect setting:  config/payments.toml  ->  [gateway] timeout_s",
]
ASK = [
    "1. Which commit set the current value? Who made it, and when?",
    "2. What was the value before, and who set that one (and why)?",
    "3. Does the current value meet our 3-D Secure guidance?",
]


def main():
    out = out_dir()
    w, h = 1280, 860
    img = Image.new("RGB", (w, h), (244, 245, 247))
    d = ImageDraw.Draw(img)
    dark, grey, blue, line = (23, 43, 77), (94, 108, 132), (0, 82, 204), (223, 225, 230)
    # top bar and breadcrumbs
    d.rectangle((0, 0, w, 56), fill=(7, 71, 166))
    d.text((24, 14), "Tracker", font=font("sans-bold", 24), fill=(255, 255, 255))
    d.text((170, 18), "Projects    Filters    Dashboards", font=font("sans", 19), fill=(222, 235, 255))
    d.text((24, 76), "Projects  /  Checkout  /  INC-4471", font=font("sans", 18), fill=grey)
    d.text((24, 106), "Card payments fail during 3-D Secure since 1.4.0", font=font("sans-bold", 32), fill=dark)
    # main panel
    d.rectangle((24, 164, 860, 836), fill=(255, 255, 255), outline=line)
    d.text((48, 184), "Description", font=font("sans-bold", 22), fill=dark)
    for i, text in enumerate(DESCRIPTION):
        f = font("mono-bold", 19) if text.startswith("Suspect") else font("sans", 20)
        d.text((48, 226 + i * 34), text, font=f, fill=dark)
    d.line((48, 420, 836, 420), fill=line, width=2)
    d.text((48, 440), "Asked of on-call engineering", font=font("sans-bold", 22), fill=dark)
    for i, text in enumerate(ASK):
        d.text((48, 482 + i * 36), text, font=font("sans", 20), fill=dark)
    d.line((48, 610, 836, 610), fill=line, width=2)
    d.text((48, 628), "Activity", font=font("sans-bold", 22), fill=dark)
    d.ellipse((48, 672, 84, 708), fill=(101, 84, 192))
    d.text((56, 678), "JM", font=font("sans-bold", 16), fill=(255, 255, 255))
    d.text((100, 672), "Jana Meyer (Support)  ·  2024-06-12 09:41", font=font("sans", 17), fill=grey)
    d.text((100, 698), "37 failed checkouts since Monday, all with a challenge step.", font=font("sans", 19),
           fill=dark)
    # details sidebar
    d.rectangle((884, 164, 1256, 836), fill=(255, 255, 255), outline=line)
    d.text((908, 184), "Details", font=font("sans-bold", 22), fill=dark)
    fields = [("Status", "OPEN"), ("Priority", "P1 - High"), ("Component", "checkout-service"),
              ("Affects version", "1.4.0"), ("  released", "2024-06-10"), ("Last good version", "1.3.2"),
              ("  released", "2024-05-06"), ("Assignee", "On-call engineer"), ("Reporter", "Jana Meyer")]
    for i, (k, v) in enumerate(fields):
        y = 232 + i * 56
        d.text((908, y), k, font=font("sans", 18), fill=grey)
        colour = (0, 101, 64) if k == "Status" else blue if "version" in k else dark
        d.text((908, y + 22), v, font=font("sans-bold", 20), fill=colour)
    save_png(img, out / "incident_ticket.png")


if __name__ == "__main__":
    main()
