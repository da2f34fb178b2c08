"""Reference: EXIF -> nearest city -> (local time || weather || find the hotel caps) -> (F || the cap
row) -> the cap in local currency."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/site_photo.jpg"

ref = Reference(__file__)
info = ref.call("image/image_info", {"path": IMG})
gps, taken = info["gps"], info["exif"]["datetime_original"]
assert gps == {"lat": 30.0131, "lon": 31.2089} and taken == "2024:10:22 06:40:00", info

ref.step()
near = ref.call("geo/nearest", {"lat": gps["lat"], "lon": gps["lon"], "k": 3, "kind": "city"}, after=[info],
                uses_image=True)
city = near["results"][0]["name"]
assert city == "Cairo", near

ref.step()
local = ref.call("geo/local_time", {"name": city, "utc_datetime": "2024-10-22T06:40:00"}, after=[info, near],
                 uses_image=True)
day = ref.call("weather/daily", {"city": city, "date": "2024-10-22"}, after=[info, near], uses_image=True)
search = ref.call("docs/search", {"query": "hotel cap Cairo"}, after=[near])
assert search["results"][0]["id"] == "travel-policy"

ref.step()
fahr = ref.call("units/convert", {"value": day["tmax_c"], "from_unit": "C", "to_unit": "F"}, after=[day])
cap = ref.call("docs/find_in_doc", {"doc_id": "travel-policy", "text": "Any other city"}, after=[search])
assert cap["matches"][0]["text"] == "| Any other city | 180 EUR or its equivalent |", cap

ref.step()
egp = ref.call("fx/convert", {"amount": 180, "base": "EUR", "quote": "EGP", "date": "2024-10-22"},
               after=[cap, info], uses_image=True)

ref.write(f"The photo's EXIF GPS position is {gps['lat']} N, {gps['lon']} E; the nearest city is {city} "
          f"({near['results'][0]['km']} km away). It was taken at 06:40 UTC on 2024-10-22, which is "
          f"{local['local'][11:16]} local time ({local['abbreviation']}, UTC{local['utc_offset']}). That day's "
          f"maximum in {city} was {day['tmax_c']} °C ({fahr['result']:.1f} °F). {city} has no city-specific hotel "
          f"cap, so the 'any other city' cap of 180 EUR applies: EGP {egp['result']:,.2f} per night at the "
          f"2024-10-22 rate.")
