"""Reference: decode the QR rules -> nine chained radius searches (each from the city the previous one
chose) -> for the finale city, four independent look-ups at once."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/roadshow_poster.jpg"
LANDMARKS = {"Eiffel Tower", "Colosseum", "Statue of Liberty", "Sydney Opera House", "Brandenburg Gate", "Big Ben",
             "Sagrada Família"}

ref = Reference(__file__)
qr = ref.call("image/decode_qr", {"path": IMG})
text = qr["codes"][0]["text"]
assert qr["count"] == 1 and "Kick-off: Seattle, 2024-06-03" in text and "USD 65" in text, qr

stops, prev = ["Seattle"], qr
for _ in range(9):
    ref.step()
    call = ref.call("geo/within_radius", {"name": stops[-1], "km": 3000}, after=[prev], uses_image=prev is qr)
    stops.append(next(r["name"] for r in call["results"] if r["name"] not in LANDMARKS and r["name"] not in stops))
    prev = call
finale = stops[-1]
assert finale == "Montreal", stops

ref.step()
route = ref.call("geo/route", {"stops": stops}, after=[prev])
local = ref.call("geo/local_time", {"name": finale, "utc_datetime": "2024-06-12T23:30:00"}, after=[prev, qr],
                 uses_image=True)
ticket = ref.call("fx/convert", {"amount": 65, "base": "USD", "quote": "CAD", "date": "2024-06-12"},
                  after=[prev, qr], uses_image=True)
far = ref.call("geo/distance", {"origin": stops[0], "destination": finale}, after=[prev])

ref.write(f"Following the QR code's rule from Seattle: {' -> '.join(stops)}. The finale is in {finale}. The tour "
          f"covers {route['total_km']:,} km great-circle ({route['total_miles']:,} miles); {finale} is "
          f"{far['km']:,} km from Seattle as the crow flies. The livestream at 23:30 UTC on 2024-06-12 is "
          f"{local['local'][11:16]} {local['abbreviation']} in {finale}, and a USD 65 finale ticket is "
          f"CAD {ticket['result']:.2f} at the 2024-06-12 rate.")
