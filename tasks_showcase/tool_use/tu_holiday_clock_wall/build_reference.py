"""Reference: find the holiday calendar -> Good Friday's row (date, closures) -> five local times at once."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

CITIES = ["London", "Berlin", "New York", "Singapore", "Sydney"]

ref = Reference(__file__)
search = ref.call("docs/search", {"query": "office holiday calendar 2024 Good Friday"}, uses_image=True)
assert search["results"][0]["id"] == "holiday-calendar-2024", search

ref.step()
row = ref.call("docs/find_in_doc", {"doc_id": "holiday-calendar-2024", "text": "Good Friday"}, after=[search],
               uses_image=True)
assert "2024-03-29 Good Friday | closed | closed | open | closed" in row["matches"][0]["text"], row

ref.step()
times = [ref.call("geo/local_time", {"name": c, "utc_datetime": "2024-03-29T14:00:00"}, after=[row], uses_image=True)
         for c in CITIES]

listing = "; ".join(f"{t['name']} {t['local'][11:16]} {t['abbreviation']} on {t['local'][:10]}" for t in times)
ref.write(f"Good Friday 2024 is 2024-03-29. 14:00 UTC is: {listing}. According to the office holiday calendar the "
          f"London, Berlin and Singapore offices are closed on Good Friday, so only New York can join "
          f"(at 10:00 EDT); Sydney is not one of our offices in the calendar, so its closure is not listed.")
