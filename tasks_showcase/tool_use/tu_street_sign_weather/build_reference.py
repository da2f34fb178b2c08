"""Reference: OCR the photo -> that city's weather on the ticket's date -> max temperature in F."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/street_corner.jpg"

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for needle in ("RUE DE RIVOLI", "Paris", "21/06/2024"):
    assert needle in ocr["text"], (needle, ocr["text"])

ref.step()
day = ref.call("weather/daily", {"city": "Paris", "date": "2024-06-21"}, after=[ocr], uses_image=True)

ref.step()
conv = ref.call("units/convert", {"value": day["tmax_c"], "from_unit": "C", "to_unit": "F"}, after=[day])

ref.write(f"The ticket is for a concert in Paris on 21 June 2024 (the sign is Rue de Rivoli, Paris 1er). "
          f"That day's maximum temperature in Paris was {day['tmax_c']} °C, which is {conv['result']:.1f} °F.")
