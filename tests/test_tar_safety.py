"""Hostile archives: every bad member is refused by name and the good ones still arrive."""

from __future__ import annotations

import io
import tarfile

from harness.sandbox.tar_safety import extract_member_stream
from harness.sandbox.types import CopyReport


def _archive(members: list[tuple[tarfile.TarInfo, bytes | None]]) -> list[bytes]:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    blob = raw.getvalue()
    return [blob[i : i + 700] for i in range(0, len(blob), 700)]  # arrives in chunks


def _info(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    return info


def test_hostile_members_refused_good_ones_extracted(tmp_path):
    dest = tmp_path / "dest"
    dest.mkdir()
    chunks = _archive(
        [
            (_info("out", tarfile.DIRTYPE), None),
            (_info("out/good.txt"), b"good"),
            (_info("out/../../escape.txt"), b"evil"),
            (_info("/etc/cron.d/evil"), b"evil"),
            (_info("out/dev", tarfile.CHRTYPE), None),
            (_info("out/up", tarfile.SYMTYPE, "../../../etc/passwd"), None),
            (_info("out/hard", tarfile.LNKTYPE, "../../etc/shadow"), None),
            (_info("out/same", tarfile.SYMTYPE, "good.txt"), None),
            (_info("out/big.bin"), b"x" * 5000),
            (_info("out/last.txt"), b"last"),
        ]
    )
    report = CopyReport()
    extract_member_stream(chunks, archive_parent="/workspace", dest=dest, max_file_bytes=1000, report=report)
    refused = dict(report.refused)
    assert (dest / "out" / "good.txt").read_bytes() == b"good"
    assert (dest / "out" / "last.txt").read_bytes() == b"last"
    assert (dest / "out" / "same").read_bytes() == b"good"
    assert refused["/workspace/out/../../escape.txt"] == "member name contains '..'"
    assert refused["/etc/cron.d/evil"] == "absolute member name in archive"
    assert "device, FIFO" in refused["/workspace/out/dev"]
    assert refused["/workspace/out/up"] == "link to /etc/passwd leaves /workspace"
    assert "leaves /workspace" in refused["/workspace/out/hard"]
    assert "over the 1000-byte cap" in refused["/workspace/out/big.bin"]
    assert not (tmp_path / "escape.txt").exists()
    assert sorted(p.name for p in report.copied) == ["good.txt", "last.txt", "same"]
    assert not any(p.is_symlink() for p in dest.rglob("*"))
