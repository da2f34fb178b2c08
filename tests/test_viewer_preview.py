"""The viewer's deliverable preview, rendered in a real autorater container: a render that
fails shows the renderer's own reason (not an empty "exit 1"), and a good file shows pages."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.viewer.server import Viewer

pytestmark = pytest.mark.docker
REAL = Path(__file__).parent / "data" / "realfiles"


@pytest.fixture
def trial(tmp_path, autorater_image) -> Path:
    trial = tmp_path / "run" / "trials" / "t1"
    (trial / "deliverables").mkdir(parents=True)
    (trial / "trial.json").write_text(json.dumps({"task": "t", "model": "m", "status": "finished"}))
    shutil.copyfile(REAL / "edge" / "encrypted.docx", trial / "deliverables" / "report.docx")
    shutil.copyfile(REAL / "pdf" / "crazyones.pdf", trial / "deliverables" / "summary.pdf")
    return trial


def test_preview_shows_why_a_render_failed(trial):
    status, content_type, body = Viewer([trial.parents[1]]).route("/preview/t1/report.docx")
    text = body.decode()
    assert status == 500 and content_type == "text/html", text
    assert "could not render report.docx" in text and "password-protected / encrypted" in text, text


def test_preview_shows_the_pages_of_a_good_file(trial):
    status, _, body = Viewer([trial.parents[1]]).route("/preview/t1/summary.pdf")
    assert status == 200 and "/previewimg/t1/summary.pdf/" in body.decode(), body[:500]
    pages = sorted((trial / "previews" / "summary.pdf").glob("*.png"))
    assert len(pages) == 1 and pages[0].read_bytes().startswith(b"\x89PNG"), pages
