"""Oracle for brand_compliance_review: recommendations.md and the reply table.

The author knows what each mock-up shows; the numbers are re-measured from the pixels (and checked
against what the author drew) so the evidence quoted to the agency is exact.
Runs inside the sandbox (cwd /workspace); outside it the current directory stands in."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

WS = Path("/workspace") if Path("/workspace/input").is_dir() else Path.cwd()
INPUT = WS / "input"

PALETTE = {"Solvane Teal": "#0F6E74", "Deep Navy": "#1B2A41", "Sun Coral": "#FF6B4A", "Sand": "#F4E9D8",
           "Sea Mist": "#CFE8E6", "White": "#FFFFFF"}


def pixels(name: str) -> np.ndarray:
    return np.asarray(Image.open(INPUT / name).convert("RGB")).astype(int)


def ink_bbox(a: np.ndarray, region: tuple[int, int, int, int], ground: tuple[int, int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = region
    mask = np.abs(a[y0:y1, x0:x1] - np.array(ground)).sum(axis=2) > 40
    ys, xs = np.nonzero(mask)
    return int(xs.min() + x0), int(ys.min() + y0), int(xs.max() + x0), int(ys.max() + y0)


def rel_lum(hex_: str) -> float:
    vals = [int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in vals]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: str, b: str) -> float:
    hi, lo = sorted((rel_lum(a), rel_lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# MU-01: full-colour logo on Sand, top left
mu01 = pixels("MU-01_instagram_1080x1080.png")
x0, _, x1, _ = ink_bbox(mu01, (0, 0, 600, 200), (244, 233, 216))
mu01_logo_w = x1 - x0 + 1
# MU-02: reversed logo on Teal, left end
mu02 = pixels("MU-02_leaderboard_728x90.png")
x0, y0, x1, y1 = ink_bbox(mu02, (0, 0, 110, 90), (15, 110, 116))
mu02_logo_w, mu02_logo_h = x1 - x0 + 1, y1 - y0 + 1
# MU-03: background colour
mu03 = pixels("MU-03_poster_A3_preview.png")
bg = "#%02X%02X%02X" % tuple(int(v) for v in mu03[20, 20])
# MU-03: the ground behind the reversed logo (bottom left, on the navy footer): count colour
# changes along a row just above the wordmark; a plain ground has none, the striped panel many.
row = mu03[975, 30:420]
ground_changes = int((np.abs(np.diff(row, axis=0)).sum(axis=1) > 60).sum())
# MU-04: logo proportions and the offer-line colour
mu04 = pixels("MU-04_mpu_300x250.png")
# The MU-04 logo carries an added outline and drop shadow, so its ink box is larger than the
# placed lockup: the author placed it 170 px wide, squashed to 26 px (make_inputs.py, stretch 1.45).
mu04_w, mu04_h = 170, 26
master_aspect = mu01_logo_w / (ink_bbox(mu01, (0, 0, 600, 200), (244, 233, 216))[3] - ink_bbox(mu01, (0, 0, 600, 200), (244, 233, 216))[1] + 1)
coral_on_sand = ratio(PALETTE["Sun Coral"], PALETTE["Sand"])

assert mu02_logo_w == 72 and bg == "#7A3E9D" and mu01_logo_w == 280, (mu02_logo_w, bg, mu01_logo_w)
assert ground_changes >= 20, ground_changes  # the busy striped panel behind the MU-03 logo
assert 6.0 < mu04_w / mu04_h < 7.0 and 4.2 < master_aspect < 4.6

table = f"""| Mock-up | Complies (Yes/No) | Issues found | Required fix |
|---|---|---|---|
| MU-01 | Yes | None: full-colour logo {mu01_logo_w} px wide with clear space, palette colours only, Navy on Sand / White on Teal / Navy on Coral text, mandatory copy present | None - approve as is |
| MU-02 | No | Logo undersized: the reversed logo is only {mu02_logo_w} px wide ({mu02_logo_h} px tall), below the 120 px digital minimum (clause 1.3); wrong typeface: the headline 'Shield your summer.' is set in a serif face, not Liberation Sans (clause 3.1) | Enlarge the logo to at least 120 px wide (about 27 px tall), scaled uniformly; tighten the layout to keep clear space; reset the headline in Liberation Sans Bold |
| MU-03 | No | Off-palette colour: the poster background is purple {bg} (approx.), not one of the six approved colours (clause 2.1); the reversed logo sits on a busy panel of diagonal Teal and Sun Coral stripes on Sea Mist, a listed misuse ('Do not place on busy or low-contrast grounds') | Replace the background with Solvane Teal #0F6E74 (or Deep Navy #1B2A41); remove the striped panel and place the reversed logo on the plain Deep Navy footer |
| MU-04 | No | Logo distorted: stretched horizontally to {mu04_w} x {mu04_h} px (aspect {mu04_w / mu04_h:.1f}:1 vs {master_aspect:.1f}:1 master, clause 1.4); effects added to the logo: an outline stroke and a drop shadow, a listed misuse ('Do not add effects or outlines'); offer line in Sun Coral #FF6B4A on Sand #F4E9D8 has low contrast, about {coral_on_sand:.1f}:1, below 4.5:1 (clause 4.1) | Re-place the master logo scaled uniformly (e.g. 170 x {round(170 / master_aspect)} px), with no outline or shadow; set the offer line in Deep Navy #1B2A41 (12.0:1 on Sand) |"""

reply = f"""**Summer Shield 2025 - brand review of the four mock-ups**

{table}

- Compliant mock-ups: 1 of 4
- Feedback due: 16 May 2025

Only MU-01 complies; MU-02, MU-03 and MU-04 need changes before media booking. Final artwork is due 23 May,
campaign live 2 June. The detailed notes for the agency are in recommendations.md.
"""

recs = f"""# Summer Shield 2025 - brand compliance recommendations

To: Leo Marchetti, Brightfold Studio
From: Priya Shah, Brand Manager, Solvane Skincare
Reference: Solvane Brand Guidelines v3.2 (March 2025); campaign brief v4. Feedback due 16 May 2025.

Summary: 1 of 4 mock-ups approved (MU-01). MU-02, MU-03 and MU-04 must be revised and resubmitted.

## MU-01 - Instagram square 1080 x 1080 - APPROVED

MU-01 verdict: Approved

- Logo: full-colour master on Sand, {mu01_logo_w} px wide (minimum 120 px, clause 1.3), uniformly scaled, clear space respected (clause 1.2).
- Colours: Sand, Solvane Teal, Sea Mist, Deep Navy, Sun Coral and White only (clause 2.1).
- Text pairs: Deep Navy on Sand (12.0:1), White on Teal (6.0:1), Deep Navy on Sun Coral CTA (5.1:1) - all approved (clause 4.1).
- Mandatory copy: headline, 'Shop now' CTA and legal line present (clause 3.4).
- Required change: none.

## MU-02 - Leaderboard 728 x 90 - REVISE

MU-02 verdict: Revise

- Issue: the reversed logo is {mu02_logo_w} px wide and {mu02_logo_h} px tall, below the 120 px digital minimum (clause 1.3; 'Do not shrink below 120 px / 30 mm', logo misuse page).
- Issue 2: the headline 'Shield your summer.' is set in a serif face (bracketed serifs, high stroke contrast), not in Liberation Sans (clause 3.1: serif, script and display faces are not part of the identity).
- Required change: place the reversed logo at least 120 px wide (about 27 px tall), scaled uniformly, with clear space of one cap height (clause 1.2); shorten the supporting line if space is needed; reset the headline in Liberation Sans Bold (clause 3.1).
- Colours (Teal, White, Sun Coral, Deep Navy, Sea Mist), contrast (White on Teal 6.0:1; Navy on Coral CTA 5.1:1) and mandatory copy comply.

## MU-03 - A3 poster - REVISE

MU-03 verdict: Revise

- Issue 1: the main background is an off-palette purple, approximately {bg} (RGB 122 62 157), which is not in the approved palette (clause 2.1).
- Issue 2: the reversed logo sits on a busy panel of diagonal Teal and Sun Coral stripes on Sea Mist; the white wordmark loses contrast against it (logo misuse page: 'Do not place on busy or low-contrast grounds').
- Required change: rebuild the background in Solvane Teal #0F6E74 (White text stays at 6.0:1) or Deep Navy #1B2A41; keep the Sea Mist circle and Deep Navy footer; remove the striped panel and place the reversed logo directly on the plain Deep Navy footer.
- Logo size (300 px preview width), typography and mandatory copy comply.

## MU-04 - MPU 300 x 250 - REVISE

MU-04 verdict: Revise

- Issue 1: the logo is stretched horizontally - {mu04_w} x {mu04_h} px, an aspect of about {mu04_w / mu04_h:.1f}:1 against the master's {master_aspect:.1f}:1 (clause 1.4; 'Do not stretch or squash').
- Issue 2: the offer line ('Save 20% this week with code SUN20 at solvane.com', 14 px regular) is Sun Coral #FF6B4A on Sand #F4E9D8, contrast about {coral_on_sand:.1f}:1 - below the 4.5:1 body-text minimum and listed as 'NOT permitted for text' (clause 4.1).
- Issue 3: effects have been added to the logo: a Sun Coral outline around the lockup and a soft grey drop shadow (logo misuse page: 'Do not add effects or outlines').
- Required changes: replace the logo with the supplied master artwork scaled uniformly (e.g. 170 x {round(170 / master_aspect)} px), with no outline or shadow; set the offer line in Deep Navy #1B2A41 (12.0:1 on Sand), keeping Sun Coral for the button only.

## Next steps

1. Brightfold to resubmit MU-02, MU-03 and MU-04 with the changes above.
2. Brand to re-check the revised files before the final artwork deadline of 23 May 2025.
"""

(WS / "recommendations.md").write_text(recs, encoding="utf-8")
(WS / "final_reply.md").write_text(reply, encoding="utf-8")
print(reply)
