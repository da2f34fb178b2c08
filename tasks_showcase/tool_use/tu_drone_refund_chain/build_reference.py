"""Reference: OCR the slip -> search the refund rules -> read the policy -> refund in NOK -> EUR on the
return date."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/return_slip.jpg"

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for needle in ("Nimbus N2", "2024-02-26", "NOK 5190.00", "Opened, resaleable"):
    assert needle in ocr["text"], (needle, ocr["text"])

ref.step()
search = ref.call("docs/search", {"query": "refund opened drone restocking fee"}, after=[ocr], uses_image=True)
assert search["results"][0]["id"] == "refund-policy"

ref.step()
policy = ref.call("docs/fetch", {"doc_id": "refund-policy"}, after=[search])
assert "15 percent restocking fee" in policy["text"] and "within 30 days" in policy["text"]

ref.step()
nok = ref.call("units/evaluate", {"expression": "5190 * (1 - 0.15)"}, after=[ocr, policy], uses_image=True)

ref.step()
eur = ref.call("fx/convert", {"amount": nok["result"], "base": "NOK", "quote": "EUR", "date": "2024-02-26"},
               after=[nok], uses_image=True)

ref.write(f"The slip is an opened, resaleable Nimbus N2 drone (electronics) returned on 2024-02-26, 14 days after "
          f"delivery, so within the 30-day window. The refund policy deducts a 15 percent restocking fee for opened "
          f"electronics: 5190 x 0.85 = NOK {nok['result']:,.2f} to refund to the original card. At the 2024-02-26 "
          f"rate ({eur['rate']} EUR per NOK) that is EUR {eur['result']:,.2f}.")
