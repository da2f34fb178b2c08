"""The run's output folder: a full disk stops the run cleanly, loses nothing finished and
resumes; an --out that cannot be a folder is refused before anything runs.

The disk is a real tmpfs sized to hold the trials already done plus about one more, so the
run fills it for real (ENOSPC from the kernel, not a fake error)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.recording.writes import OutputUnwritable, unwritable_cause, write_atomic, writing
from harness.sandbox.hardening import LABEL_RUN

from tests.conftest import IN_CI

DATA = Path(__file__).parent / "data"
TASK = DATA / "tasks" / "sales_summary"
PAGE = 4096


def _mka(*args: str) -> subprocess.CompletedProcess:
    """The CLI, with lines wide enough that no message is folded across lines."""
    return subprocess.run([sys.executable, "-m", "harness.cli.main", *args], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "COLUMNS": "500"})


def _used(mount: Path) -> int:
    stat = os.statvfs(mount)
    return (stat.f_blocks - stat.f_bfree) * stat.f_frsize


def _resize(mount: Path, size: int) -> None:
    subprocess.run(["mount", "-o", f"remount,size={size}", str(mount)], check=True, capture_output=True)


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True, text=True)
    if made.returncode != 0:
        reason = f"cannot mount a tmpfs for the full-disk tests: {made.stderr.strip()}"
        pytest.fail(reason) if IN_CI else pytest.skip(reason)
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False, capture_output=True)


def _records(out: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in (out / "trials").glob("*/trial.json")}


@pytest.mark.docker
def test_a_full_disk_stops_the_run_keeps_what_finished_and_the_rerun_resumes(small_disk, docker_client, sandbox_image):
    out = small_disk / "out"
    first = _mka("run", str(TASK), "--agent", "oracle", "--out", str(out))
    assert first.returncode == 0, first.stderr
    one_trial = _used(small_disk)
    _resize(small_disk, one_trial + one_trial // 2 + PAGE)  # room for about half a trial more
    args = ("run", str(TASK), "--agent", "oracle", "--repeats", "4", "--concurrency", "2", "--out", str(out))
    full = _mka(*args)
    assert full.returncode == 1, full.stderr[-3000:]
    assert "the run stopped: cannot write " + str(out / "trials") in full.stderr
    assert "No space left on device" in full.stderr and "run the same command again to resume" in full.stderr
    assert "Traceback" not in full.stderr, full.stderr[-3000:]
    assert docker_client.containers.list(all=True, filters={"label": f"{LABEL_RUN}=out"}) == []  # sandboxes removed
    kept = _records(out)
    assert kept["sales_summary__oracle__r1"]["status"] == "finished"  # the finished trial is untouched
    before = (out / "trials" / "sales_summary__oracle__r1" / "trial.json").read_text()
    assert not list(out.rglob("*.part"))  # no half-written record takes the room left
    _resize(small_disk, 8 * 1024 * 1024)
    again = _mka(*args)
    assert again.returncode == 0, again.stderr[-3000:]
    records = _records(out)
    assert sorted(records) == [f"sales_summary__oracle__r{i}" for i in range(1, 5)]
    assert all(r["status"] == "finished" for r in records.values())
    assert (out / "trials" / "sales_summary__oracle__r1" / "trial.json").read_text() == before


@pytest.mark.docker
def test_a_disk_already_full_runs_nothing_and_says_why(small_disk, sandbox_image):
    filler = small_disk / "filler"
    with pytest.raises(OSError):  # fill every block there is
        with open(filler, "wb") as f:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
    out = small_disk / "out"
    result = _mka("run", str(TASK), "--agent", "oracle", "--out", str(out))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-3000:]
    assert f"nothing was run: cannot write {out / 'run.json'}: No space left on device" in result.stderr
    assert not (out / "trials").exists() and not list(out.glob("*.part"))


@pytest.mark.docker
def test_a_full_disk_stops_grading_and_the_next_grade_does_the_rest(small_disk, tmp_path, docker_client, sandbox_image,
                                                                    autorater_image):
    source = tmp_path / "run"
    made = _mka("run", str(TASK), "--agent", "oracle", "--repeats", "3", "--out", str(source))
    assert made.returncode == 0, made.stderr
    out = small_disk / "run"
    subprocess.run(["cp", "-r", str(source), str(out)], check=True)
    _resize(small_disk, _used(small_disk) + PAGE)  # one page: the first verdicts.json does not fit
    grade = ("grade", str(out), "--tasks", str(DATA / "tasks"), "--rubrics", str(DATA / "rubrics"))
    full = _mka(*grade)
    assert full.returncode == 1, full.stderr[-3000:]
    assert "grading stopped: cannot write " in full.stderr and "No space left on device" in full.stderr, full.stderr[-3000:]
    assert "Traceback" not in full.stderr
    assert not list(out.rglob("*.part")) and not list(out.rglob("score.json"))
    assert docker_client.containers.list(all=True, filters={"label": f"{LABEL_RUN}=grade-run"}) == []  # none grading on
    _resize(small_disk, 8 * 1024 * 1024)
    again = _mka(*grade)
    assert again.returncode == 0, again.stderr[-3000:]
    assert len(list(out.rglob("grade/score.json"))) == 3


def test_write_atomic_keeps_the_old_file_when_the_new_one_does_not_fit(tmp_path, monkeypatch):
    target = tmp_path / "score.json"
    write_atomic(target, '{"wsr": 0.5}')
    real = Path.write_text

    def full(self, data, *args, **kwargs):
        real(self, data[: len(data) // 2], *args, **kwargs)  # a torn half, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(OutputUnwritable, match=f"cannot write {target}: No space left on device"):
        write_atomic(target, '{"wsr": 1.0, "counts": {}}')
    monkeypatch.undo()
    assert target.read_text() == '{"wsr": 0.5}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["score.json"]


def test_only_a_disk_without_room_stops_the_run():
    for code in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
        try:
            try:
                raise OSError(code, os.strerror(code), "/runs/x/trial.json")
            except OSError as inner:
                raise RuntimeError("the trial failed") from inner
        except RuntimeError as exc:
            found = unwritable_cause(exc)
        assert found is not None and found.path == "/runs/x/trial.json" and found.reason == os.strerror(code)
    assert unwritable_cause(PermissionError(errno.EACCES, "Permission denied")) is None  # not "no room": a real error
    assert unwritable_cause(ConnectionResetError(errno.ECONNRESET, "reset")) is None
    with pytest.raises(PermissionError):
        with writing(Path("/x")):
            raise PermissionError(errno.EACCES, "Permission denied")


async def test_the_suite_stops_at_the_first_trial_that_cannot_be_recorded(tmp_path):
    """No docker: a fake executor. Trial 1 runs long, trial 2 hits the full disk: trial 1 is
    cancelled with the reason, nothing queued starts, and the run raises."""
    import asyncio

    from harness.runner.agents import AgentSpec
    from harness.runner.suite import SuiteRunner
    from harness.runner.trial import TrialSpec, why_stopped

    started, stopped = [], {}

    async def execute(spec, on_event=None, provider_gates=None):
        started.append(spec.trial_id)
        if spec.trial_id == "t2":
            await asyncio.sleep(0.05)
            raise OSError(errno.ENOSPC, "No space left on device", str(spec.trial_dir / "trial.json"))
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError as exc:
            stopped[spec.trial_id] = why_stopped(exc)
            raise

    specs = [TrialSpec(TASK, AgentSpec("oracle", None), tmp_path, f"t{i}") for i in range(1, 6)]
    runner = SuiteRunner(specs, concurrency=2, execute=execute)
    with pytest.raises(OutputUnwritable, match="t2/trial.json: No space left on device"):
        await asyncio.wait_for(runner.run(), timeout=30)
    assert started == ["t1", "t2"]
    assert stopped == {"t1": f"the run stopped: cannot write {tmp_path / 'trials' / 't2' / 'trial.json'}: No space left on device"}
    states = {k: t.state for k, t in runner.state.trials.items()}
    assert states["t1"] == states["t2"] == "interrupted" and [states[f"t{i}"] for i in (3, 4, 5)] == ["not started"] * 3


@pytest.mark.docker
@pytest.mark.parametrize("where, reason", [("{tmp}/a-file/out", "{tmp}/a-file: Not a directory"),
                                           ("/proc/no-such/out", "No such file or directory")])
def test_an_out_that_cannot_be_a_folder_is_refused_before_anything_runs(tmp_path, where, reason, sandbox_image):
    """The first is refused before any check; the second only the kernel can refuse (as root,
    /proc looks writable), at run.json, before any trial."""
    (tmp_path / "a-file").write_text("not a folder")
    out = where.format(tmp=tmp_path)
    result = _mka("run", str(TASK), "--agent", "oracle", "--out", out)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-3000:]
    assert f"error: --out {out}: cannot write the run folder there: {reason.format(tmp=tmp_path)}" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # nothing written anywhere
