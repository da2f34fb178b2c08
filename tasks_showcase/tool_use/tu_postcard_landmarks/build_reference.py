"""Reference: distance and bearing from the Brandenburg Gate to each of the four landmarks, all at once."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference

ORIGIN = "Brandenburg Gate"
LANDMARKS = ["Eiffel Tower", "Colosseum", "Big Ben", "Sagrada Família"]

ref = Reference(__file__)
dist = [ref.call("geo/distance", {"origin": ORIGIN, "destination": x}, uses_image=True) for x in LANDMARKS]
bear = [ref.call("geo/bearing", {"origin": ORIGIN, "destination": x}, uses_image=True) for x in LANDMARKS]

far = max(dist, key=lambda x: x["km"])
listing = "; ".join(f"{d['destination']}: {d['km']} km ({d['miles']} mi), heading {b['bearing_deg']}° {b['compass']}"
                    for d, b in zip(dist, bear))
ref.write(f"From the Brandenburg Gate: {listing}. The farthest is the {far['destination']} at {far['km']} km "
          f"({far['miles']} miles).")
