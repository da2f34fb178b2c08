"""Reference: EXIF -> checkpoint 1 = nearest place -> (its coordinates || start-day weather) ->
[nearest unused place -> its coordinates] x 5 -> (route || start-finish distance || bearing)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/rally_start.jpg"

ref = Reference(__file__)
info = ref.call("image/image_info", {"path": IMG})
gps = info["gps"]
assert gps == {"lat": 41.9512, "lon": 12.4417} and info["exif"]["datetime_original"] == "2024:04:21 08:15:00"

ref.step()
near = ref.call("geo/nearest", {"lat": gps["lat"], "lon": gps["lon"], "k": 5}, after=[info], uses_image=True)
checkpoints = [near["results"][0]["name"]]
assert checkpoints == ["Rome"]

ref.step()
place = ref.call("geo/lookup", {"name": "Rome"}, after=[near])
weather = ref.call("weather/daily", {"city": "Rome", "date": "2024-04-21"}, after=[near, info], uses_image=True)
while len(checkpoints) < 6:
    ref.step()
    near = ref.call("geo/nearest", {"lat": place["lat"], "lon": place["lon"], "k": 5}, after=[place])
    checkpoints.append(next(r["name"] for r in near["results"] if r["name"] not in checkpoints))
    ref.step()
    if len(checkpoints) < 6:
        place = ref.call("geo/lookup", {"name": checkpoints[-1]}, after=[near])

start, finish = checkpoints[0], checkpoints[-1]
route = ref.call("geo/route", {"stops": checkpoints}, after=[near])
dist = ref.call("geo/distance", {"origin": start, "destination": finish}, after=[near])
bear = ref.call("geo/bearing", {"origin": start, "destination": finish}, after=[near])

ref.write(f"The photo's GPS ({gps['lat']}, {gps['lon']}) is nearest to {start}, so checkpoint 1 is {start}. "
          f"Following 'nearest unused gazetteer place' from each checkpoint gives: {' -> '.join(checkpoints)}. "
          f"The rally covers {route['total_km']} km great-circle ({route['total_miles']} miles). The finish, "
          f"{finish}, is {dist['km']} km from the start as the crow flies, bearing {bear['bearing_deg']}° "
          f"({bear['compass']}). On the start day (2024-04-21) {start} had {weather['tmin_c']}-{weather['tmax_c']} °C "
          f"and {weather['precip_mm']} mm of rain.")
