"""Print the task table of tasks_showcase/tool_use/README.md (markdown) from the task folders.

    python3 tasks_showcase/tool_use/_lib/summary.py [--counts]"""

from __future__ import annotations

import json
import sys
import tomllib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GROUPS = ("chain-", "parallel-", "-heavy", "dim-")


def main() -> None:
    rows, counts = [], Counter()
    for task in sorted(HERE.glob("tu_*/task.toml")):
        spec = tomllib.loads(task.read_text())
        ref = json.loads((task.parent / spec["tool_use"]["reference"]).read_text())
        tags = [t for g in GROUPS for t in spec["tags"] if g in t]
        counts.update(tags)
        servers = ", ".join(s["name"] for s in spec["tool_use"]["mcp_servers"])
        n_calls = sum(len(s["calls"]) for s in ref["steps"])
        widths = "/".join(str(len(s["calls"])) for s in ref["steps"])
        rows.append(f"| `{spec['id']}` | {' '.join(tags)} | {servers} | {len(ref['steps'])} / {n_calls} ({widths}) |")
    print("| task | tags | MCP servers | steps / calls (calls per step) |\n| --- | --- | --- | --- |")
    print("\n".join(rows))
    if "--counts" in sys.argv:
        print()
        print(", ".join(f"{tag}: {n}" for tag, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
