"""Reference: decode the poster's QR offer -> group total in SGD -> EUR at the deadline's rate."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/design_week_poster.jpg"

ref = Reference(__file__)
qr = ref.call("image/decode_qr", {"path": IMG})
assert qr["count"] == 1 and "SGD 380" in qr["codes"][0]["text"] and "2024-09-18" in qr["codes"][0]["text"], qr

ref.step()
total = ref.call("units/evaluate", {"expression": "380 * 4 * (1 - 0.15)"}, after=[qr], uses_image=True)

ref.step()
eur = ref.call("fx/convert", {"amount": total["result"], "base": "SGD", "quote": "EUR", "date": "2024-09-18"},
               after=[total], uses_image=True)

ref.write(f"The QR code's early-bird offer is SGD 380 per person, book by 2024-09-18, with 15% off the total for "
          f"groups of 4 or more. Four passes: 4 x 380 = SGD 1,520, minus 15% = SGD {total['result']:,.2f}. At the "
          f"2024-09-18 rate ({eur['rate']} EUR per SGD) that is EUR {eur['result']:,.2f}.")
