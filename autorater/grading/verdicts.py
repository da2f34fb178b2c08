"""Writing verdicts.json (the Verdict model itself lives in autorater.scoring.verdicts)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from autorater.scoring.verdicts import Verdict


def write_verdicts(path: Path, header: dict[str, Any], verdicts: list[Verdict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    body = {**header, "verdicts": [v.model_dump() for v in verdicts]}
    tmp.write_text(json.dumps(body, indent=2, ensure_ascii=False))
    os.replace(tmp, path)
