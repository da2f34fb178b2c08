"""Reference: OCR the box and note -> (product search || trip weather) -> product sheet -> energy in Wh
-> kWh."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/lantern_box.jpg"

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
assert "AUR-200 Camping Lantern" in ocr["text"] and "20-27 Jan 2024" in ocr["text"], ocr["text"]

ref.step()
search = ref.call("docs/search", {"query": "Aurora AUR-200 lantern runtime battery"}, after=[ocr], uses_image=True)
assert search["results"][0]["id"] == "product-aurora-lamp"
cold = ref.call("weather/range_stats", {"city": "Berlin", "start": "2024-01-20", "end": "2024-01-27"}, after=[ocr],
                uses_image=True)

ref.step()
sheet = ref.call("docs/fetch", {"doc_id": "product-aurora-lamp"}, after=[search])
assert "10 000 mAh Li-ion, 37 Wh" in sheet["text"] and "10 h medium" in sheet["text"]

ref.step()
wh = ref.call("units/evaluate", {"expression": "7 * 5 / 10 * 37"}, after=[sheet, ocr], uses_image=True)

ref.step()
kwh = ref.call("units/convert", {"value": wh["result"], "from_unit": "Wh", "to_unit": "kWh"}, after=[wh])

ref.write(f"The box is an Aurora AUR-200 lantern: 37 Wh battery, 10 h runtime on medium. The note plans 7 nights x "
          f"5 h on medium = 35 h, i.e. 3.5 full battery charges (so at least 3 recharges after starting full), "
          f"{wh['result']:g} Wh = {kwh['result']:g} kWh of energy. Berlin over 20-27 Jan 2024: lowest minimum "
          f"{cold['lowest_tmin_c']} °C, mean daily minimum {cold['mean_tmin_c']} °C, {cold['total_precip_mm']} mm "
          f"of precipitation on {cold['wet_days']} wet days.")
