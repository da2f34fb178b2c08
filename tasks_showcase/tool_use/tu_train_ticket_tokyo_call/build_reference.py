"""Reference: OCR the e-ticket -> find the timetable -> the train's row (arrival, Paris local) -> Paris
UTC offset that day -> Tokyo local time of the arrival instant."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/eticket.png"

ref = Reference(__file__)
ocr = ref.call("image/ocr", {"path": IMG})
for needle in ("CR 9036", "14 Aug 2024", "Paris Nord", "London St Pancras"):
    assert needle in ocr["text"], (needle, ocr["text"])

ref.step()
search = ref.call("docs/search", {"query": "Channel Rail timetable CR 9036"}, after=[ocr], uses_image=True)
assert search["results"][0]["id"] == "timetable-channel-rail"

ref.step()
row = ref.call("docs/find_in_doc", {"doc_id": "timetable-channel-rail", "text": "CR 9036"}, after=[search],
               uses_image=True)
assert row["matches"][0]["text"] == "| CR 9036 | daily | 14:31 | 17:47 |", row

ref.step()
paris = ref.call("geo/local_time", {"name": "Paris", "utc_datetime": "2024-08-14T17:47:00"}, after=[row],
                 uses_image=True)
assert paris["utc_offset"] == "+02:00"

ref.step()
tokyo = ref.call("geo/local_time", {"name": "Tokyo", "utc_datetime": "2024-08-14T15:47:00"}, after=[paris])

ref.write(f"Train CR 9036 on 14 Aug 2024 leaves London St Pancras at 14:31 and arrives at Paris Nord at 17:47 "
          f"Paris time. Paris is on UTC+02:00 (CEST) that day, so you arrive at 15:47 UTC, which is "
          f"{tokyo['local'][11:16]} {tokyo['abbreviation']} on {tokyo['local'][:10]} in Tokyo (just before 1 am on "
          f"Thursday 15 August).")
