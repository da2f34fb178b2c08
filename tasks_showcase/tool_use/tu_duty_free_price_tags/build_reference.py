"""Reference: five conversions to EUR on the photo date || find the product sheet -> list price -> % gap."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

DATE = "2024-11-15"
PRICES = [("London Heathrow", 389, "GBP"), ("Zurich", 419, "CHF"), ("Tokyo Haneda", 61800, "JPY"),
          ("New York JFK", 449, "USD"), ("Stockholm Arlanda", 3690, "SEK")]

ref = Reference(__file__)
conv = [ref.call("fx/convert", {"amount": a, "base": c, "quote": "EUR", "date": DATE}, uses_image=True)
        for _, a, c in PRICES]
search = ref.call("docs/search", {"query": "Nimbus N2 drone price"})
assert search["results"][0]["id"] == "product-nimbus-drone"

ref.step()
line = ref.call("docs/find_in_doc", {"doc_id": "product-nimbus-drone", "text": "price"}, after=[search])
assert "price 449 EUR" in line["matches"][0]["text"], line

ref.step()
best = min(range(len(conv)), key=lambda i: conv[i]["result"])
gap = ref.call("units/percent_change", {"old": 449, "new": conv[best]["result"]}, after=[*conv, line])

listing = "; ".join(f"{shop}: {a:,} {c} = EUR {x['result']:,.2f}" for (shop, a, c), x in zip(PRICES, conv))
ref.write(f"At the {DATE} rates: {listing}. The cheapest is {PRICES[best][0]} at EUR {conv[best]['result']:,.2f}, "
          f"which is {abs(gap['percent_change']):.2f}% below our list price of EUR 449 "
          f"(EUR {abs(gap['difference']):.2f} less).")
