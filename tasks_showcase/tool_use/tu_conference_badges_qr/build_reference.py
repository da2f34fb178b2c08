"""Reference: decode the poster QR || search the travel rules -> (four distances to the venue, the
venue's weather, the policy text: all at once) -> per diem for two days -> in each payroll currency."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/summit_desk.jpg"
HOMES = ["London", "Warsaw", "Stockholm", "Madrid"]
PAYROLL = {"London": "GBP", "Warsaw": "PLN", "Stockholm": "SEK"}

ref = Reference(__file__)
qr = ref.call("image/decode_qr", {"path": IMG})
assert qr["count"] == 1 and "Berlin" in qr["codes"][0]["text"] and "2024-09-12" in qr["codes"][0]["text"], qr
search = ref.call("docs/search", {"query": "travel policy rail mandatory 600 km per diem allowance"})
assert search["results"][0]["id"] == "travel-policy"

ref.step()
dist = [ref.call("geo/distance", {"origin": h, "destination": "Berlin"}, after=[qr], uses_image=True)
        for h in HOMES]
day = ref.call("weather/daily", {"city": "Berlin", "date": "2024-09-12"}, after=[qr], uses_image=True)
policy = ref.call("docs/fetch", {"doc_id": "travel-policy"}, after=[search])
assert "Rail is mandatory for journeys under 600 km" in policy["text"]
assert "55 EUR per full travel day in Europe" in policy["text"]

ref.step()
eur = ref.call("units/evaluate", {"expression": "2 * 55"}, after=[policy])

ref.step()
pay = {h: ref.call("fx/convert", {"amount": eur["result"], "base": "EUR", "quote": c, "date": "2024-09-12"},
                   after=[eur, qr], uses_image=True) for h, c in PAYROLL.items()}

rows = []
for h, x in zip(HOMES, dist):
    mode = "train required (under 600 km)" if x["km"] < 600 else "may fly"
    money = f"{pay[h]['result']:,.2f} {pay[h]['quote']}" if h in pay else "110.00 EUR"
    rows.append(f"{h}: {x['km']} km, {mode}, per diem {money}")
ref.write(f"The QR code puts the summit at the Congress Centre Mitte in Berlin on 2024-09-12. "
          f"{'; '.join(rows)}. The per diem is 55 EUR per full travel day in Europe, 2 x 55 = 110 EUR each, "
          f"converted at the 2024-09-12 rates. Berlin that day: {day['tmin_c']}-{day['tmax_c']} °C, "
          f"{day['precip_mm']} mm of rain.")
