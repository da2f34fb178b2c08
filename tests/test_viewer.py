"""The viewer in headless Chromium (Debian's, driven by playwright; no browser is downloaded)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harness.viewer.server import make_server

pytestmark = pytest.mark.docker
DATA = Path(__file__).parent / "data"
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory, sandbox_image) -> Path:
    out = tmp_path_factory.mktemp("viewer-run")
    script = DATA / "scripts" / "sales_summary_rough.yaml"
    result = subprocess.run([sys.executable, "-m", "harness.cli.main", "run", str(DATA / "tasks" / "sales_summary"),
                             "--agent", f"script:{script}", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def viewer_url(run_dir):
    server = make_server([run_dir], "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_viewer_lists_trials_and_shows_a_trial_in_chromium(viewer_url, tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed (scripts/setup.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic"],
        )
        page = browser.new_page()
        page.goto(viewer_url + "/")
        assert page.locator("#trials tr").count() == 2  # header + one trial
        page.click("text=sales_summary__script_sales_summary_rough__r1")
        page.wait_for_selector("#timeline")
        assert page.inner_text("#status") == "finished"
        # The first turn's three calls ran in parallel: their bars overlap on the timeline.
        boxes = [page.locator("rect.call").nth(i).bounding_box() for i in range(3)]
        assert max(b["x"] for b in boxes) < min(b["x"] + b["width"] for b in boxes)
        assert page.locator("rect.call").count() == 9
        # The image the model saw is shown inline and actually loads.
        assert page.evaluate("document.querySelector('img.seen').naturalWidth") == 600
        assert "unknown tool 'spreadsheet_magic'" in page.inner_text("body")
        assert page.locator("#deliverables li").count() == 2
        shot = tmp_path / "trial.png"
        page.screenshot(path=str(shot), full_page=True)
        browser.close()
    assert shot.stat().st_size > 10_000


def test_two_runs_of_the_same_agent_are_both_shown(run_dir, tmp_path):
    """Comparing two runs is the common case, and they share every trial name: each keeps its
    own row and page (the second used to hide the first)."""
    import json
    import shutil

    from harness.viewer.server import Viewer

    again = tmp_path / run_dir.name  # the same folder name too: the labels must still differ
    shutil.copytree(run_dir, again)
    [record_path] = (again / "trials").glob("*/trial.json")
    record = json.loads(record_path.read_text())
    record["status"] = "no_finish"
    record_path.write_text(json.dumps(record))
    viewer = Viewer([run_dir, again])
    status, _, body = viewer.route("/")
    listing = body.decode()
    assert status == 200 and listing.count("<tr>") == 3 and "<th>run</th>" in listing
    keys = sorted(viewer.trials())
    assert keys == [f"{run_dir.name}-2~{record_path.parent.name}", f"{run_dir.name}~{record_path.parent.name}"]
    pages = {key: viewer.route(f"/trial/{key}")[2].decode() for key in keys}
    assert "<b id='status'>no_finish</b>" in pages[keys[0]] and "<b id='status'>finished</b>" in pages[keys[1]]
    assert f"/deliverable/{keys[0]}/" in pages[keys[0]]
    deliverable = pages[keys[0]].split(f"/deliverable/{keys[0]}/", 1)[1].split("'", 1)[0]
    assert viewer.route(f"/deliverable/{keys[0]}/{deliverable}")[0] == 200
    assert viewer.route(f"/trial/{record_path.parent.name}")[0] == 404  # a bare name is ambiguous here
