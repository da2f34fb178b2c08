"""Check that a trial saw the same tool results the reference was built from.

Runs inside the sandbox image with the task's inputs at /workspace/input (see _lib/build.sh for
the mounts):  python3 _lib/compare_results.py TASK_DIR TRIAL_DIR
Re-runs every reference call with the bundled server code and compares its JSON result with
the text of the matching tool_result in the trial's trajectory (numbers compared as floats).
A task with an [environment] is checked in its own image (`mka image build --tasks TASK_DIR`
prints its tag): its calls go to its declared servers over stdio (stdiokit), and a text result
must equal the trial's text."""

from __future__ import annotations

import json
import sys
import tomllib
from contextlib import nullcontext
from pathlib import Path

from refkit import run_tool
from stdiokit import StdioTools


def same(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(a)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def main() -> int:
    task, trial = Path(sys.argv[1]), Path(sys.argv[2])
    ref = json.loads((task / "reference.json").read_text())
    results = {}
    for line in (trial / "trajectory.jsonl").read_text().splitlines():
        event = json.loads(line)
        if event.get("type") == "tool_result":
            results[event["call_id"]] = event
    own = "environment" in tomllib.loads((task / "task.toml").read_text())
    with StdioTools(str(task / "task.toml")) if own else nullcontext(run_tool) as tool:
        bad = compare(ref, results, tool)
    print(f"{task.name}: {sum(len(s['calls']) for s in ref['steps'])} calls, {bad} mismatches")
    return 1 if bad else 0


def compare(ref: dict, results: dict, tool) -> int:
    bad = 0
    for t, step in enumerate(ref["steps"], start=1):
        for i, call in enumerate(step["calls"], start=1):
            got = results.get(f"ref_{t}_{i}")
            if got is None or not got.get("ok"):
                print(f"  {call['id']} {call['name']}: no ok result in the trial")
                bad += 1
                continue
            expected = tool(call["name"], call["arguments"])
            if not same(expected, got["text"] if isinstance(expected, str) else json.loads(got["text"])):
                print(f"  {call['id']} {call['name']}: trial result differs from the direct call")
                bad += 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
