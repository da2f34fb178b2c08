"""Reference: eight chained weather comparisons (each over the cities still unvisited, on the next
day), then the route length || the chosen days' maxima, then the flight budget."""

import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

ref = Reference(__file__)
remaining = ["Paris", "Berlin", "Madrid", "Rome", "New York", "Tokyo", "Sydney", "Singapore", "Cairo"]
stops, maxima, prev, day = ["London"], [], None, dt.date(2024, 1, 9)
for hop in range(8):
    if hop:
        ref.step()
    cmp_ = ref.call("weather/compare", {"cities": list(remaining), "date": day.isoformat()},
                    after=[prev] if prev else [], uses_image=True)
    best = cmp_["warmest"]
    stops.append(best)
    maxima.append(next(r["tmax_c"] for r in cmp_["results"] if r["city"] == best))
    remaining.remove(best)
    prev, day = cmp_, day + dt.timedelta(days=1)

ref.step()
route = ref.call("geo/route", {"stops": stops}, after=[prev], uses_image=True)
stats = ref.call("units/statistics", {"values": maxima}, after=[prev])

ref.step()
cost = ref.call("units/evaluate", {"expression": f"{route['total_km']} * 0.09"}, after=[route], uses_image=True)

hops = "; ".join(f"{(dt.date(2024, 1, 9) + dt.timedelta(days=i)).isoformat()} -> {c} ({t} °C)"
                 for i, (c, t) in enumerate(zip(stops[1:], maxima)))
ref.write(f"Starting in London on 8 Jan: {hops}. Berlin is never reached. The route "
          f"{' -> '.join(stops)} is {route['total_km']:,} km great-circle, so the flights come to about "
          f"EUR {cost['result']:,.2f} at 0.09 EUR/km. The maxima on the chosen days average {stats['mean']:.2f} °C "
          f"(from {stats['max']} °C down to {stats['min']} °C).")
