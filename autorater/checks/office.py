"""LibreOffice headless conversions: recalculated workbooks, format conversions, PDFs.

Each cold call gets a fresh profile (-env:UserInstallation=file:///tmp/lo-<random>) so
concurrent conversions never share a profile lock, and that profile sets Calc to ALWAYS
recalculate on load (and never run macros or refresh external links).
Measured with LibreOffice 7.4: by default a formula WITHOUT a cached
value (as openpyxl writes them) is computed, but a formula WITH a stale cached value keeps
the stale value; OOXMLRecalcMode / ODFRecalcMode = 0 ("always") fixes both.

Results are cached on disk in the run's work dir, keyed by the file's identity, so every
check (and every worker process) of one runner converts a file once; failures are cached too.

A grading container keeps one LibreOffice warm (warm_office.py: the same profile settings, the
same load and store arguments as --convert-to); a conversion goes to it first and runs cold, as
described above, whenever the warm one cannot do it, so a result never depends on it."""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from pathlib import Path

from autorater.checks import proc, warm_office
from autorater.checks.context import scratch_key
from autorater.checks.result import CheckError, CheckTimeout, InfraError
from autorater.checks.safety import refuse_encrypted_ole

MAX_CONVERT_S = 120.0
COLD_ONLY = {".html", ".htm", ".xhtml"}  # Writer/Web: see uno_convert.FILTERS
_REMEMBERED = {cls.__name__: cls for cls in (CheckError, InfraError, CheckTimeout)}  # keep the kind of failure
_RECALC_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
{items}
</oor:items>
"""
_SETTINGS = (
    # Recalculate every formula on load (0 = always, 1 = never, 2 = ask).
    ("/org.openoffice.Office.Calc/Formula/Load", "OOXMLRecalcMode", "0"),
    ("/org.openoffice.Office.Calc/Formula/Load", "ODFRecalcMode", "0"),
    # Hardening for untrusted files: never run macros, never refresh external links.
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"),
    ("/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", "true"),
    ("/org.openoffice.Office.Calc/Content/Update", "Link", "1"),
    ("/org.openoffice.Office.Writer/Content/Update", "Link", "1"),
)


def registry_xcu() -> str:
    items = "\n".join(
        f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop></item>'
        for path, name, value in _SETTINGS
    )
    return _RECALC_XCU.replace("{items}", items)


def convert(src: Path, target: str, work_dir: Path, timeout_s: float) -> Path:
    """`src` converted by LibreOffice to `target` (an extension such as "xlsx", "pdf", or
    "pdf:writer_web_pdf_Export"); formulas are recalculated. Raises CheckError."""
    refuse_encrypted_ole(src)  # LibreOffice would only say "could not be loaded"
    ext = target.split(":", 1)[0]
    key = scratch_key(src, target)
    out_dir, err_file = work_dir / f"lo-{key}", work_dir / f"lo-{key}.err"
    result = out_dir / f"doc.{ext}"
    if result.exists():
        return result
    if err_file.exists():
        kind, _, message = err_file.read_text().partition("\n")
        raise _REMEMBERED.get(kind, CheckError)(message + " (remembered from an earlier check)")
    try:
        _convert_fresh(src, target, out_dir, result, min(timeout_s, MAX_CONVERT_S))
    except CheckError as exc:  # an infrastructure failure stays one when remembered
        err_file.write_text(f"{type(exc).__name__ if type(exc).__name__ in _REMEMBERED else 'CheckError'}\n{exc}")
        raise
    return result


def _convert_fresh(src: Path, target: str, out_dir: Path, result: Path, timeout_s: float) -> None:
    end = time.monotonic() + timeout_s
    inbox = Path(tempfile.mkdtemp(prefix="lo-in-", dir="/tmp"))
    tmp_out = Path(tempfile.mkdtemp(prefix="lo-out-", dir="/tmp"))
    try:
        # A private copy with a plain name: LibreOffice writes lock files next to its input,
        # and an odd file name cannot confuse the command line. The stem is kept (sanitised)
        # because Calc names a CSV's only sheet after it.
        stem = re.sub(r"[^\w-]", "_", src.stem)[:64] or "doc"
        staged = inbox / f"{stem}{src.suffix.lower()}"
        shutil.copyfile(src, staged)
        produced = tmp_out / f"{stem}{result.suffix}"
        what = f"LibreOffice converting {src.name}"
        warm = None if staged.suffix in COLD_ONLY else warm_office.try_convert(staged, produced, target, timeout_s, what)
        how = "warm" if warm else ("cold" if warm is None else "cold after warm")
        try:
            if not warm:
                _convert_cold(src, staged, target, tmp_out, produced, end - time.monotonic(), what)
        except CheckError:
            how += ", failed"
            raise
        finally:
            warm_office.note(how, src.name, target, timeout_s - (end - time.monotonic()))
        out_dir.mkdir(parents=True, exist_ok=True)
        shutil.move(str(produced), result)
    finally:
        for scratch in (inbox, tmp_out):
            shutil.rmtree(scratch, ignore_errors=True)


def _convert_cold(src: Path, staged: Path, target: str, tmp_out: Path, produced: Path, timeout_s: float, what: str) -> None:
    """A soffice of its own with a fresh profile: the reference behaviour the warm office keeps."""
    profile = Path(tempfile.mkdtemp(prefix="lo-", dir="/tmp"))
    try:
        (profile / "user").mkdir()
        (profile / "user" / "registrymodifications.xcu").write_text(registry_xcu())
        argv = [
            "soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--invisible",
            "--norestore", "--nologo", "--nodefault", "--nolockcheck",
            "--convert-to", target, "--outdir", str(tmp_out), str(staged),
        ]
        done = proc.run(argv, timeout_s, env={"HOME": str(profile)}, what=what)
        if not produced.exists() or produced.stat().st_size == 0:
            detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or [f"exit {done.returncode}"]
            raise CheckError(f"LibreOffice could not convert {src.name} to {produced.suffix[1:]}: {detail[0][:300]}")
    finally:
        shutil.rmtree(profile, ignore_errors=True)
