"""Reference: OCR the board -> the six destinations' weather on their dates (parallel) -> statistics."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/departures_board.jpg"
FLIGHTS = [("Rome", "2024-08-05"), ("Madrid", "2024-08-06"), ("Cairo", "2024-08-07"), ("Tokyo", "2024-08-08"),
           ("New York", "2024-08-09"), ("Sydney", "2024-08-10")]

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for city, date in FLIGHTS:
    assert city.upper() in ocr["text"] and f"{date[-2:]} AUG" in ocr["text"], (city, ocr["text"])

ref.step()
days = [ref.call("weather/daily", {"city": c, "date": d}, after=[ocr], uses_image=True) for c, d in FLIGHTS]

ref.step()
tmax = [day["tmax_c"] for day in days]
stats = ref.call("units/statistics", {"values": tmax}, after=days)

warmest = max(days, key=lambda x: x["tmax_c"])
listing = "; ".join(f"{x['city']} {x['date']}: {x['tmax_c']} °C" for x in days)
ref.write(f"Maximum temperatures on the flight dates: {listing}. The warmest destination is {warmest['city']} "
          f"({warmest['tmax_c']} °C on {warmest['date']}); the average of the six maxima is "
          f"{stats['mean']:.2f} °C.")
