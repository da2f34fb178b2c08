"""Reference: OCR the receipt || search the expense rules -> read them -> claimable CHF (tip capped) ->
EUR at the receipt date's rate."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/dinner_receipt.jpg"

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for needle in ("16.05.2024", "Subtotal incl. VAT 184.50", "Tip 30.00", "TOTAL CHF 214.50"):
    assert needle in ocr["text"], (needle, ocr["text"])
search = ref.call("docs/search", {"query": "expense receipts tips foreign currency reimbursement"})
assert search["results"][0]["id"] == "expense-receipts"

ref.step()
rules = ref.call("docs/fetch", {"doc_id": "expense-receipts"}, after=[search])
assert "Tips are reimbursable up to 10 percent of the bill" in rules["text"]

ref.step()
chf = ref.call("units/evaluate", {"expression": "184.50 + min(30.00, 0.10 * 184.50)"}, after=[ocr, rules],
               uses_image=True)

ref.step()
eur = ref.call("fx/convert", {"amount": chf["result"], "base": "CHF", "quote": "EUR", "date": "2024-05-16"},
               after=[chf], uses_image=True)

ref.write(f"The receipt (Zunfthaus am See, Zurich, 16.05.2024) shows a CHF 184.50 bill plus a CHF 30.00 tip, "
          f"CHF 214.50 in total. The expense rules reimburse tips up to 10 percent of the bill (CHF 18.45), so the "
          f"claimable amount is CHF {chf['result']:.2f}; foreign-currency expenses are paid in EUR at the reference "
          f"rate on the receipt date, which gives EUR {eur['result']:.2f} (rate {eur['rate']} on 2024-05-16). "
          f"CHF 11.55 of the tip is not reimbursable.")
