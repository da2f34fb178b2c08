"""Folders between head and nodes: a hostile archive cannot write outside its folder, and a
trial directory is installed whole, replacing a partial one, with nothing left in between."""

from __future__ import annotations

import io
import tarfile

import pytest

from harness.runner.ray_files import cached, install, pack, pack_chunks, staging_dir, unpack


def test_a_folder_round_trips_and_replaces_an_older_one_whole(tmp_path):
    src = tmp_path / "node" / "trial"
    (src / "deliverables").mkdir(parents=True)
    (src / "trial.json").write_text('{"status": "finished"}')
    (src / "deliverables" / "report.md").write_text("# done\n")
    final = tmp_path / "out" / "trials" / "t1"
    (final / "partial").mkdir(parents=True)  # what an interrupted earlier attempt left
    staging = staging_dir(final, tmp_path / "out" / ".incoming")
    unpack(b"".join(pack_chunks(src)), staging)
    install(staging, final)
    assert sorted(p.relative_to(final).as_posix() for p in final.rglob("*")) == [
        "deliverables", "deliverables/report.md", "trial.json"]
    assert not list((tmp_path / "out" / ".incoming").iterdir())
    assert oct(final.stat().st_mode & 0o777) == "0o755"


def test_a_hostile_archive_is_refused(tmp_path):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        data = b"owned"
        member = tarfile.TarInfo("../escaped.txt")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
    with pytest.raises(tarfile.OutsideDestinationError):
        unpack(buffer.getvalue(), tmp_path / "dest")
    assert not (tmp_path / "escaped.txt").exists()


def test_a_task_bundle_is_extracted_once_per_node(tmp_path):
    task = tmp_path / "tasks" / "sales_summary"
    (task / "inputs").mkdir(parents=True)
    (task / "task.toml").write_text('id = "sales_summary"\n')
    bundle = pack(task)
    first = cached(bundle, tmp_path / "cache")
    (first / "marker").write_text("kept")
    again = cached(bundle, tmp_path / "cache")
    assert again == first and again.name == "sales_summary" and (again / "marker").exists()


def test_cache_entries_unused_for_a_week_go_when_a_new_one_is_made(tmp_path):
    import os
    import time

    from harness.runner.ray_files import CACHE_MAX_AGE_S

    cache = tmp_path / "cache"
    folders = {}
    for name in ("old", "used", "fresh"):
        folders[name] = tmp_path / "tasks" / name
        folders[name].mkdir(parents=True)
        (folders[name] / "task.toml").write_text(f'id = "{name}"\n')
    old, used = cached(pack(folders["old"]), cache), cached(pack(folders["used"]), cache)
    leftover = cache / ".deadbeef-12345678"  # a staging folder a killed worker left
    leftover.mkdir()
    week_ago = time.time() - CACHE_MAX_AGE_S - 60
    for entry in (old.parent, used.parent, leftover):
        os.utime(entry, (week_ago, week_ago))
    assert cached(pack(folders["used"]), cache) == used  # a use refreshes its entry
    fresh = cached(pack(folders["fresh"]), cache)  # a new entry sweeps the unused ones
    assert fresh.is_dir() and used.is_dir()
    assert not old.parent.exists() and not leftover.exists()
    assert cached(pack(folders["old"]), cache).is_dir()  # an evicted bundle is simply extracted again
