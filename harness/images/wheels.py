"""Download the wheels an image installs, on the host, into its build context.

The build may have no route to PyPI; the host always has pip and its cache. Wheels
are picked for the image's interpreter (Debian bookworm: CPython 3.11, glibc 2.36)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from harness.paths import project_root

IMAGE_PYTHON = "3.11"
PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "any")


class WheelDownloadError(RuntimeError):
    pass


def project_dependencies() -> list[str]:
    """The harness's own runtime dependencies plus what building it offline needs."""
    meta = tomllib.loads((project_root() / "pyproject.toml").read_text())
    return list(meta["project"]["dependencies"]) + list(meta["build-system"]["requires"])


def download_wheels(requirement_files: list[Path], extra: list[str], dest: Path) -> int:
    """Fill dest with wheels for the given requirements; return how many wheels it holds."""
    if not requirement_files and not extra:
        return 0
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--only-binary=:all:", "--python-version", IMAGE_PYTHON,
        "--implementation", "cp", "--abi", "cp" + IMAGE_PYTHON.replace(".", ""),
        "-d", str(dest),
    ]
    for platform in PLATFORMS:
        cmd += ["--platform", platform]
    for req in requirement_files:
        cmd += ["-r", str(req)]
    cmd += extra
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        errors = [ln for ln in proc.stderr.splitlines() if "ERROR" in ln] or proc.stderr.splitlines()[-10:]
        raise WheelDownloadError("pip download failed:\n" + "\n".join(errors))
    return len(list(dest.glob("*.whl")))
