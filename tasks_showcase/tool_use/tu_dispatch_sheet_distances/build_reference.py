"""Reference: OCR the dispatch sheet -> six warehouse-to-customer distances at once -> statistics."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/dispatch_sheet.jpg"
CITIES = ["Paris", "Berlin", "Vienna", "Milan", "Copenhagen", "Madrid"]

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for needle in ["Rotterdam", *CITIES]:
    assert needle in ocr["text"], (needle, ocr["text"])

ref.step()
dist = [ref.call("geo/distance", {"origin": "Rotterdam", "destination": c}, after=[ocr], uses_image=True)
        for c in CITIES]

ref.step()
stats = ref.call("units/statistics", {"values": [x["km"] for x in dist]}, after=dist)

listing = "; ".join(f"{x['destination']} {x['km']} km" for x in dist)
far = [x for x in dist if x["km"] > 1000]
assert [x["destination"] for x in far] == ["Madrid"], far
ref.write(f"Great-circle distances from the Rotterdam warehouse: {listing}. Total {stats['sum']:.1f} km, "
          f"average {stats['mean']:.1f} km per order. Only one order goes more than 1000 km: MO-2024-04452 to "
          f"Madrid ({far[0]['km']} km).")
