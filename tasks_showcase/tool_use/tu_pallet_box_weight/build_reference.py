"""Reference: count the crates of each colour -> total mass in kg -> pounds."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

IMG = "/workspace/input/pallet_overhead.jpg"
WEIGHTS = {"red": 12.5, "blue": 8.0, "green": 3.2}

ref = Reference(__file__)
counts = {c: ref.call("image/count_shapes", {"path": IMG, "color": c}) for c in WEIGHTS}
n = {c: call["count"] for c, call in counts.items()}
assert n == {"red": 7, "blue": 5, "green": 9}, n

ref.step()
expr = f"{n['red']} * 12.5 + {n['blue']} * 8.0 + {n['green']} * 3.2 + 25"
kg = ref.call("units/evaluate", {"expression": expr}, after=list(counts.values()), uses_image=True)

ref.step()
lb = ref.call("units/convert", {"value": kg["result"], "from_unit": "kg", "to_unit": "lb"}, after=[kg])

ref.write(f"The pallet carries {n['red']} red, {n['blue']} blue and {n['green']} green crates. With the label's "
          f"weights (12.5, 8.0 and 3.2 kg) and the 25 kg pallet: {expr} = {kg['result']} kg, "
          f"which is {lb['result']:.1f} lb.")
