"""Reference: decode the e-invoice QR -> find the hotel caps -> the Tokyo cap -> excess over the stay ->
EUR at the first night's rate."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/hotel_receipt.jpg"

ref = Reference(__file__)
qr = ref.call("image/decode_qr", {"path": IMG})
assert qr["count"] == 1 and "94500 JPY" in qr["codes"][0]["text"] and "Nights: 3" in qr["codes"][0]["text"], qr

ref.step()
search = ref.call("docs/search", {"query": "hotel cap Tokyo"}, after=[qr], uses_image=True)
assert search["results"][0]["id"] == "travel-policy"

ref.step()
cap = ref.call("docs/find_in_doc", {"doc_id": "travel-policy", "text": "Tokyo"}, after=[search], uses_image=True)
assert cap["matches"][0]["text"] == "| Tokyo | 28000 JPY |", cap

ref.step()
excess = ref.call("units/evaluate", {"expression": "94500 - 3 * 28000"}, after=[qr, cap], uses_image=True)

ref.step()
eur = ref.call("fx/convert", {"amount": excess["result"], "base": "JPY", "quote": "EUR", "date": "2024-04-08"},
               after=[excess], uses_image=True)

ref.write(f"The e-invoice QR code gives 3 nights at Hotel Sakura Shinjuku, Tokyo from 2024-04-08, room total "
          f"94,500 JPY incl. tax, i.e. 31,500 JPY per night. The travel policy caps Tokyo hotels at 28,000 JPY per "
          f"night, so the stay exceeds the cap by 3,500 JPY per night, {excess['result']:,} JPY in total, which is "
          f"EUR {eur['result']:,.2f} at the 2024-04-08 rate.")
