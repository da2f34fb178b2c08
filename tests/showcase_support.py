"""Helpers for showcase-task tests: canonical content hashes and text extraction of inputs.

Both run inside the sandbox image (it has pymupdf, python-docx, python-pptx, openpyxl), never
on the host: inputs are documents, and the host venv has no document libraries."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

# Runs in the container: prints {"relative path": {"sha": canonical hash, "text": extracted text}}.
# Office files are zips whose entry timestamps change on every save: the canonical hash covers
# each member's bytes (sorted by name) except docProps/core.xml (creation/modification dates).
_PROBE = r'''
import hashlib, io, json, sys, zipfile, pathlib
root = pathlib.Path(sys.argv[1])
out = {}
def office_hash(data):
    h = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in sorted(z.namelist()):
            if name == "docProps/core.xml":
                continue
            h.update(name.encode() + b"\0" + z.read(name))
    return h.hexdigest()
def text_of(path, data):
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        import fitz
        with fitz.open(stream=data, filetype="pdf") as doc:
            return "\n".join(page.get_text() for page in doc)
    if suffix == ".docx":
        import docx
        d = docx.Document(io.BytesIO(data))
        parts = [p.text for p in d.paragraphs]
        parts += [c.text for t in d.tables for r in t.rows for c in r.cells]
        return "\n".join(parts)
    if suffix == ".pptx":
        import pptx
        prs = pptx.Presentation(io.BytesIO(data))
        parts = []
        for slide in prs.slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    parts.append(shape.text_frame.text)
                if getattr(shape, "has_table", False) and shape.has_table:
                    parts += [c.text for r in shape.table.rows for c in r.cells]
            if slide.has_notes_slide:
                parts.append(slide.notes_slide.notes_text_frame.text)
        return "\n".join(parts)
    if suffix == ".xlsx":
        import openpyxl
        wb = openpyxl.load_workbook(io.BytesIO(data), data_only=False)
        return "\n".join(str(c.value) for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.value is not None)
    if suffix in (".csv", ".json", ".geojson", ".txt", ".md", ".html", ".htm", ".xml", ".svg"):
        return data.decode("utf-8", "replace")
    return ""  # raster images: no text layer
for path in sorted(p for p in root.rglob("*") if p.is_file()):
    data = path.read_bytes()
    is_zip = path.suffix.lower() in (".docx", ".pptx", ".xlsx")
    sha = office_hash(data) if is_zip else hashlib.sha256(data).hexdigest()
    out[str(path.relative_to(root))] = {"sha": sha, "text": text_of(path, data)}
print(json.dumps(out))
'''


def probe_inputs(folder: Path, image: str) -> dict[str, dict[str, str]]:
    """Canonical hash and extracted text of every file under `folder`, computed in `image`."""
    folder = folder.resolve()
    result = subprocess.run(
        # As root in the container: a pytest tmp folder (mode 700) must be readable too.
        ["docker", "run", "--rm", "--network", "none", "--user", "0:0", "-v", f"{folder}:/probe:ro", image,
         "python3", "-c", _PROBE, "/probe"],
        capture_output=True, text=True, timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(f"probing {folder} failed: {result.stderr[-2000:]}")
    found = json.loads(result.stdout)
    if not found and any(folder.iterdir()):
        raise RuntimeError(f"probing {folder} read no file (permissions?)")
    return found


def regenerate_inputs(task_dir: Path, image: str, out_dir: Path) -> None:
    """Run the task's make_inputs.py in `image`, writing into out_dir (not the task's own inputs/)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["docker", "run", "--rm", "--network", "none", "--user", f"{_uid()}:{_uid()}",
         "-v", f"{task_dir.resolve()}:/task:ro", "-v", f"{out_dir.resolve()}:/out",
         "-e", "MPLCONFIGDIR=/tmp", "-e", "HOME=/tmp", image, "python3", "/task/make_inputs.py", "--out", "/out"],
        capture_output=True, text=True, timeout=600,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{task_dir.name}/make_inputs.py failed: {result.stderr[-2000:]}")


def _uid() -> int:
    import os

    return os.getuid()
