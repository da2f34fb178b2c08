"""Where the project's own files live (the repository or an installed copy)."""

from __future__ import annotations

import os
from pathlib import Path


def project_root() -> Path:
    """The checkout that holds sandbox_image/, tasks_showcase/ and rubrics/.

    MKA_HOME overrides it (the harness container mounts the checkout at /work)."""
    override = os.environ.get("MKA_HOME")
    if override:
        return Path(override).resolve()
    here = Path(__file__).resolve().parent.parent
    if (here / "sandbox_image").is_dir():
        return here
    return Path.cwd().resolve()
