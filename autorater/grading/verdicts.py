"""A verdict per criterion, and the verdicts.json file."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

VerdictValue = Literal["pass", "fail", "blocked", "unjudged"]


@dataclass
class Verdict:
    criterion_id: str
    verdict: VerdictValue
    decided_by: str  # check:<kind> | llm:<model> | blocked | none
    rationale: str = ""
    evidence: str = ""
    cited_files: list[str] = field(default_factory=list)
    blocked_by: str | None = None


def write_verdicts(path: Path, header: dict[str, Any], verdicts: list[Verdict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_text(json.dumps({**header, "verdicts": [asdict(v) for v in verdicts]}, indent=2, ensure_ascii=False))
    os.replace(tmp, path)
