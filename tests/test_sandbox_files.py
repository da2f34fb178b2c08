"""Files in and out of the sandbox; copy_out refuses what is unsafe and keeps the rest."""

from __future__ import annotations

import pytest

from harness.sandbox import DockerSandbox, SandboxError

from tests.conftest import make_spec

pytestmark = pytest.mark.docker


async def test_copy_in_read_write_and_list(sandbox, tmp_path):
    (tmp_path / "plans").mkdir()
    (tmp_path / "plans" / "floor.png").write_bytes(b"\x89PNG fake")
    (tmp_path / "brief.txt").write_text("area take-off")
    await sandbox.copy_in(tmp_path)
    assert await sandbox.read_file("/workspace/input/brief.txt") == b"area take-off"
    owner = await sandbox.exec("stat -c %U input/plans/floor.png; echo more >> input/brief.txt && echo appended")
    assert owner.stdout.split() == ["agent", "appended"]

    await sandbox.write_file("out/notes.md", "# Notes\n")
    listing = {info.path: info for info in await sandbox.list_files()}
    assert listing["/workspace/out/notes.md"].size == 8
    assert listing["/workspace/out"].kind == "dir"
    assert listing["/workspace/input/plans/floor.png"].kind == "file"


async def test_read_file_errors_are_clear(sandbox):
    with pytest.raises(SandboxError, match="cannot read /workspace/nope.txt"):
        await sandbox.read_file("/workspace/nope.txt")
    await sandbox.exec("head -c 5000 /dev/zero > big.bin")
    with pytest.raises(SandboxError, match="over the 100-byte cap"):
        await sandbox.read_file("/workspace/big.bin", max_bytes=100)
    assert len(await sandbox.read_file("/workspace/big.bin")) == 5000
    with pytest.raises(SandboxError, match="only paths under /workspace"):
        await sandbox.write_file("/etc/passwd", "x")


async def test_copy_out_refuses_escaping_symlinks_and_keeps_good_files(sandbox, tmp_path):
    await sandbox.exec(
        "mkdir -p out/sub && echo report > out/report.md && echo deep > out/sub/deep.txt && "
        "ln -s /etc/passwd out/passwd-link && ln -s ../../../etc/shadow out/sub/rel-link && "
        "ln -s report.md out/alias.md && mkfifo out/pipe && ln -s /etc/passwd top-link"
    )
    report = await sandbox.copy_out(["out", "top-link", "missing.txt", "../etc/hosts"], tmp_path)
    refused = dict(report.refused)
    assert (tmp_path / "out" / "report.md").read_text() == "report\n"
    assert (tmp_path / "out" / "sub" / "deep.txt").read_text() == "deep\n"
    assert (tmp_path / "out" / "alias.md").read_text() == "report\n"  # link inside: a copy
    assert not (tmp_path / "out" / "alias.md").is_symlink()
    assert "leaves /workspace" in refused["/workspace/out/passwd-link"]
    assert "leaves /workspace" in refused["/workspace/out/sub/rel-link"]
    assert "leaves /workspace" in refused["top-link"]
    assert "not a regular file" in refused["/workspace/out/pipe"]
    assert "no such file" in refused["missing.txt"]
    assert "outside /workspace" in refused["../etc/hosts"]
    assert not any(p.is_symlink() for p in tmp_path.rglob("*"))
    assert not (tmp_path / "out" / "passwd-link").exists()


async def test_copy_out_size_cap(docker_client, sandbox_image, tmp_path):
    async with await DockerSandbox.create(make_spec(sandbox_image, copy_out_max_file_bytes=1000), client=docker_client) as box:
        await box.exec("head -c 5000 /dev/urandom > big.bin && echo small > small.txt")
        report = await box.copy_out(["big.bin", "small.txt"], tmp_path)
        assert [p.name for p in report.copied] == ["small.txt"]
        # Refused from the archive's stat, before a byte is streamed (tar_safety keeps its own cap too).
        assert report.refused == [("big.bin", "5000 bytes is over the 1000-byte cap")]
