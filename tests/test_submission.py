"""Submissions: a packed run verifies; tampering with scores, deliverables or rubrics is caught."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tarfile
from pathlib import Path

import pytest

from harness.submission.pack import pack
from harness.submission.verify import verify
from tests.cli_support import run_mka

pytestmark = pytest.mark.docker
DATA = Path(__file__).parent / "data"
TASKS, RUBRICS = DATA / "tasks", DATA / "rubrics"


def _mka(*args: str) -> None:
    result = run_mka(*args, timeout=800)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def bundle(tmp_path_factory, sandbox_image, autorater_image) -> Path:
    run = tmp_path_factory.mktemp("run")
    _mka("run", str(TASKS / "quarterly_pack"), "--agent", "oracle", "--out", str(run))
    _mka("grade", str(run), "--tasks", str(TASKS), "--rubrics", str(RUBRICS))
    out = run.parent / "submission.tar.gz"
    pack(run, out, rubrics_dir=RUBRICS)
    return out


def _rewrite(bundle: Path, dest: Path, change, *, fix_manifest: bool) -> Path:
    """Copy the bundle, apply change(name, bytes) -> bytes, optionally re-hash the manifest."""
    members: dict[str, bytes] = {}
    with tarfile.open(bundle, "r:gz") as archive:
        for member in archive.getmembers():
            members[member.name] = archive.extractfile(member).read()
    for name in list(members):
        members[name] = change(name, members[name])
    if fix_manifest:
        manifest = json.loads(members["manifest.json"])
        manifest["files"] = {n: hashlib.sha256(members[n]).hexdigest() for n in manifest["files"]}
        members["manifest.json"] = json.dumps(manifest).encode()
    with tarfile.open(dest, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return dest


def test_a_packed_run_verifies(bundle):
    report = verify(bundle, suite=TASKS, rubrics=RUBRICS)
    assert report.ok, report.problems
    assert report.checked["scores"] == 1 and report.checked["files"] > 10
    with tarfile.open(bundle) as archive:
        manifest = json.load(archive.extractfile("manifest.json"))
    assert manifest["harness"]["version"] and manifest["tasks"]["quarterly_pack"] and manifest["rubrics"]["quarterly_pack"]
    assert all(v.startswith("sha256:") for v in manifest["images"].values())


def test_a_changed_score_is_rejected_even_with_a_consistent_manifest(bundle, tmp_path):
    def inflate(name: str, data: bytes) -> bytes:
        if name.endswith("grade/score.json"):
            score = json.loads(data)
            score["counts"]["pass"] += 2
            score["counts"]["unjudged"] -= 2
            score["wsr"] = 1.0
            return json.dumps(score).encode()
        return data

    report = verify(_rewrite(bundle, tmp_path / "t.tar.gz", inflate, fix_manifest=True), suite=TASKS, rubrics=RUBRICS)
    assert not report.ok
    assert any("score.json wsr = 1.0, verdicts give None" in p for p in report.problems)


def test_a_changed_deliverable_is_rejected_by_hash(bundle, tmp_path):
    def swap(name: str, data: bytes) -> bytes:
        return data.replace(b"188000", b"199000") if name.endswith("summary.json") else data

    report = verify(_rewrite(bundle, tmp_path / "t.tar.gz", swap, fix_manifest=False), suite=TASKS, rubrics=RUBRICS)
    assert any(p.endswith("summary.json: sha256 differs from the manifest (file changed after packing)") for p in report.problems)


def test_a_changed_deliverable_with_rehashed_manifest_is_caught_by_regrade(bundle, tmp_path):
    def swap(name: str, data: bytes) -> bytes:
        return data.replace(b"188000", b"199000") if name.endswith("summary.json") else data

    report = verify(_rewrite(bundle, tmp_path / "t.tar.gz", swap, fix_manifest=True), suite=TASKS, rubrics=RUBRICS, regrade=True)
    assert any("json_profit: submitted pass, regrade gives fail" in p for p in report.problems)


def test_a_different_rubric_is_rejected(bundle, tmp_path):
    rubrics = tmp_path / "rubrics"
    shutil.copytree(RUBRICS, rubrics)
    path = rubrics / "quarterly_pack.yaml"
    path.write_text(path.read_text().replace("weight: 5", "weight: 4", 1))
    report = verify(bundle, suite=TASKS, rubrics=rubrics)
    assert any("rubric quarterly_pack: differs from the suite's rubrics/quarterly_pack.yaml" in p for p in report.problems)


@pytest.fixture(scope="module")
def tool_use_bundle(tmp_path_factory, sandbox_image) -> Path:
    """A tool-use trial graded by M3 (grade/m3.json, no score.json): packable and verifiable."""
    run = tmp_path_factory.mktemp("tool-use-run")
    _mka("run", str(TASKS / "meeting_time"), "--agent", "oracle", "--out", str(run))
    _mka("grade", str(run), "--tasks", str(TASKS))
    out = run.parent / "tool-use.tar.gz"
    pack(run, out, rubrics_dir=RUBRICS)
    return out


def test_a_tool_use_run_packs_and_its_m3_is_rescored_on_verify(tool_use_bundle):
    report = verify(tool_use_bundle, suite=TASKS, rubrics=RUBRICS)
    assert report.ok, report.problems
    assert report.checked["m3_rescored"] == 1 and report.checked["scores"] == 0
    with tarfile.open(tool_use_bundle) as archive:
        names = archive.getnames()
    assert "trials/meeting_time__oracle__r1/grade/m3.json" in names


def test_an_inflated_m3_is_caught_by_rescoring_even_with_a_consistent_manifest(tool_use_bundle, tmp_path):
    """The trajectory says the model called convert_time for London; m3.json still claims the
    perfect match it had for Paris. Hashes agree (manifest rewritten): only rescoring can tell."""
    def tamper(name: str, data: bytes) -> bytes:
        return data.replace(b"Europe/Paris", b"Europe/London") if name.endswith("trajectory.jsonl") else data

    report = verify(_rewrite(tool_use_bundle, tmp_path / "t.tar.gz", tamper, fix_manifest=True), suite=TASKS, rubrics=RUBRICS)
    assert not report.ok
    assert any(p.startswith("meeting_time__oracle__r1: m3.json argument_similarity = ") and "rescoring gives" in p
               for p in report.problems), report.problems


def test_a_run_with_an_ungraded_trial_is_not_packed(tmp_path, sandbox_image):
    from harness.submission.pack import PackError

    run = tmp_path / "run"
    _mka("run", str(TASKS / "meeting_time"), "--agent", "oracle", "--out", str(run))
    with pytest.raises(PackError, match="ungraded trials .*meeting_time__oracle__r1"):
        pack(run, tmp_path / "x.tar.gz", rubrics_dir=RUBRICS)


def test_the_suite_index_finds_tool_use_tasks_in_a_subfolder():
    """tasks_showcase keeps its tool-use tasks under tool_use/: a submission of the main job
    names them by id, and verify must find them there."""
    from harness.paths import project_root
    from harness.submission.verify import suite_tasks

    showcase = project_root() / "tasks_showcase"
    tasks = suite_tasks(showcase)
    assert tasks["tu_backpacker_wallet"] == showcase / "tool_use" / "tu_backpacker_wallet"
    assert tasks["annual_report_deck"] == showcase / "annual_report_deck"
    assert suite_tasks(showcase / "no-such-folder") == {}
