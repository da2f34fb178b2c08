"""Reference: nine nearest-unvisited hops (each within_radius on the previous stop), then the route
total, then the driving-time estimate."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

LANDMARKS = {"Eiffel Tower", "Colosseum", "Statue of Liberty", "Sydney Opera House", "Brandenburg Gate", "Big Ben",
             "Sagrada Família"}

ref = Reference(__file__)
stops, prev = ["Lyon"], None
for hop in range(9):
    if hop:
        ref.step()
    call = ref.call("geo/within_radius", {"name": stops[-1], "km": 800}, after=[prev] if prev else [],
                    uses_image=hop == 0)
    nxt = next(r for r in call["results"] if r["name"] not in LANDMARKS and r["name"] not in stops)
    stops.append(nxt["name"])
    prev = call

ref.step()
route = ref.call("geo/route", {"stops": stops}, after=[prev])

ref.step()
hours = ref.call("units/evaluate", {"expression": f"{route['total_km']} * 1.2 / 75"}, after=[route])

ref.write(f"Starting in Lyon, the nearest-unvisited tour is {' -> '.join(stops)} (every hop under 800 km). "
          f"The tour is {route['total_km']} km great-circle ({route['total_miles']} miles); with the 1.2 road "
          f"factor at 75 km/h that is about {hours['result']:.1f} hours of driving.")
