"""Check a tool-use run: every trial finished and every tool result was ok.

    .venv/bin/python tasks_showcase/tool_use/_lib/check_run.py RUN_DIR [--allow-errors]

Prints one line per trial (status, tool calls, failed calls) and exits 1 if a trial did not
finish or, unless --allow-errors (for scripts that make a wrong call on purpose), if any
tool_result has "ok": false."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    allow_errors = "--allow-errors" in sys.argv
    if len(args) != 1:
        print(__doc__)
        return 2
    trials = sorted(p for p in (Path(args[0]) / "trials").iterdir() if (p / "trial.json").is_file())
    bad = 0
    for trial in trials:
        record = json.loads((trial / "trial.json").read_text())
        results = [json.loads(line) for line in (trial / "trajectory.jsonl").read_text().splitlines() if line.strip()]
        results = [e for e in results if e.get("type") == "tool_result"]
        failed = [f"{e['name']}: {e.get('text', '')[:160]!r}" for e in results if not e.get("ok")]
        problem = record.get("status") != "finished" or (failed and not allow_errors)
        bad += bool(problem)
        print(f"{'FAIL' if problem else 'ok  '} {trial.name}: {record.get('status')}, {len(results)} tool results, "
              f"{len(failed)} not ok")
        for line in failed:
            print(f"       {line}")
    print(f"{len(trials)} trials, {bad} with problems")
    return 1 if bad or not trials else 0


if __name__ == "__main__":
    sys.exit(main())
