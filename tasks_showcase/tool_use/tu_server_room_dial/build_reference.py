"""Reference: dial reading in F -> C, in parallel with the day's weather in Berlin; then the difference."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

ref = Reference(__file__)
room = ref.call("units/convert", {"value": 82, "from_unit": "F", "to_unit": "C"}, uses_image=True)
day = ref.call("weather/daily", {"city": "Berlin", "date": "2024-07-03"}, uses_image=True)

ref.step()
diff = ref.call("units/evaluate", {"expression": f"{room['result']} - {day['tmax_c']}"}, after=[room, day])

ref.write(f"The dial reads 82 °F = {room['result']:.2f} °C (photo logged 2024-07-03 in the Berlin office). "
          f"Berlin's maximum that day was {day['tmax_c']} °C, so the server room was "
          f"{diff['result']:.2f} °C warmer than the outdoor maximum.")
