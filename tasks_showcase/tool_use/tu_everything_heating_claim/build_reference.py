"""Reference: the two open offices' readings in parallel -> each office's points (65 minus its
reading) -> the claim (the points added up) -> the claim line posted on the echo channel. Every
call goes to the real server-everything over stdio, inside the task's image (see _lib/build.sh)."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference
from stdiokit import StdioTools

OFFICES = ["Chicago", "New York"]  # from the board: Los Angeles is struck through
BASE = 65  # "points per office = 65 - feed temperature"


def total(call) -> int:
    m = re.fullmatch(r"The sum of (-?\d+) and (-?\d+) is (-?\d+)\.", call.result)
    assert m and int(m[1]) == call.arguments["a"] and int(m[2]) == call.arguments["b"], call.result
    return int(m[3])


with StdioTools(__file__) as tools:
    ref = Reference(__file__, tool=tools)
    feeds = [ref.call("everything/get-structured-content", {"location": office}, uses_image=True) for office in OFFICES]
    temps = [feed["temperature"] for feed in feeds]
    assert all(isinstance(t, int) and t < BASE for t in temps), temps  # both offices need heating

    ref.step()
    points = [ref.call("everything/get-sum", {"a": BASE, "b": -t}, after=[feed], uses_image=True)
              for feed, t in zip(feeds, temps)]
    per_office = [total(p) for p in points]
    assert per_office == [BASE - t for t in temps]

    ref.step()
    claim_call = ref.call("everything/get-sum", {"a": per_office[0], "b": per_office[1]}, after=points)
    claim = total(claim_call)

    ref.step()
    line = f"HEAT CLAIM {claim} PTS"
    posted = ref.call("everything/echo", {"message": line}, after=[claim_call], uses_image=True)
    assert posted.result == f"Echo: {line}", posted.result

    ref.write(
        "; ".join(f"{office}: the feed reads {t}, so {BASE} - {t} = {p} points" for office, t, p in
                  zip(OFFICES, temps, per_office))
        + f" (Los Angeles is crossed out: closed until January). The claim is {per_office[0]} + {per_office[1]} = "
        f"{claim} points; posted \"{line}\" and the ops channel echoed \"{posted.result}\".")
