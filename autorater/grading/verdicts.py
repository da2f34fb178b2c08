"""Writing verdicts.json (the Verdict model itself lives in autorater.scoring.verdicts)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from autorater.scoring.verdicts import Verdict
from harness.recording.writes import write_atomic


def write_verdicts(path: Path, header: dict[str, Any], verdicts: list[Verdict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {**header, "verdicts": [v.model_dump() for v in verdicts]}
    write_atomic(path, json.dumps(body, indent=2, ensure_ascii=False))
