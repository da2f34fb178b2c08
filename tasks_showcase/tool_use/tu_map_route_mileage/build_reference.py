"""Reference: leg distances of the red route || find the mileage rule -> read it -> claim amount."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

ref = Reference(__file__)
route = ref.call("geo/route", {"stops": ["Brussels", "Amsterdam", "Hamburg", "Copenhagen"]}, uses_image=True)
search = ref.call("docs/search", {"query": "private car mileage reimbursement"})
assert search["results"][0]["id"] == "travel-policy", search

ref.step()
policy = ref.call("docs/fetch", {"doc_id": "travel-policy"}, after=[search])
assert "0.30 EUR per km" in policy["text"] and "multiplied by 1.2" in policy["text"]

ref.step()
claim = ref.call("units/evaluate", {"expression": f"{route['total_km']} * 1.2 * 0.30"}, after=[route, policy])

legs = ", ".join(f"{leg['from']}-{leg['to']} {leg['km']} km" for leg in route["legs"])
ref.write(f"The red route is Brussels (1) -> Amsterdam (2) -> Hamburg (3) -> Copenhagen (4): {legs}, "
          f"{route['total_km']} km great-circle in total. The travel policy pays 0.30 EUR per km on the "
          f"great-circle distance multiplied by 1.2, so the claim is {route['total_km']} x 1.2 x 0.30 = "
          f"EUR {claim['result']:.2f}.")
