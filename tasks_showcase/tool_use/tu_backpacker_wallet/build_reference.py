"""Reference: a strict chain: exchange everything on each date, subtract that city's spending, exchange
the remainder at the next stop, ... back to EUR; then the share of the money that came home."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

LEGS = [("2024-03-04", "EUR", "GBP", 310), ("2024-03-09", "GBP", "CHF", 260), ("2024-03-14", "CHF", "CZK", 4800),
        ("2024-03-19", "CZK", "HUF", 52000), ("2024-03-23", "HUF", "PLN", 390), ("2024-03-28", "PLN", "EUR", None)]

ref = Reference(__file__)
amount, prev, trail = 1200, None, []
for i, (date, base, quote, spent) in enumerate(LEGS):
    if i:
        ref.step()
    conv = ref.call("fx/convert", {"amount": amount, "base": base, "quote": quote, "date": date},
                    after=[prev] if prev else [], uses_image=True)
    trail.append(f"{date}: {amount:,} {base} -> {conv['result']:,} {quote}")
    prev, amount = conv, conv["result"]
    if spent is not None:
        ref.step()
        left = ref.call("units/evaluate", {"expression": f"{amount} - {spent}"}, after=[conv], uses_image=True)
        assert left["result"] > 0
        trail.append(f"minus {spent:,} {quote} spent = {left['result']:,} {quote}")
        prev, amount = left, left["result"]

ref.step()
share = ref.call("units/percent_change", {"old": 1200, "new": amount}, after=[prev], uses_image=True)

ref.write(f"Following the diary: {'; '.join(trail)}. You came home with EUR {amount:,.2f}, which is "
          f"{100 + share['percent_change']:.2f}% of the 1200 EUR you left with (a change of "
          f"{share['percent_change']:.2f}%).")
