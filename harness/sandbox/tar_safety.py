"""Extract a tar stream from an untrusted container onto the host, member by member.

Refused (and named, while every other member still arrives): absolute names, names with
`..`, device files and FIFOs, files over the size cap, and links whose target leaves
the workspace. Links that stay inside are materialised as copies of their target, so
no link is ever created on the host."""

from __future__ import annotations

import posixpath
import shutil
import tarfile
from pathlib import Path, PurePosixPath

from harness.sandbox.types import WORKSPACE, CopyReport

_CHUNK = 1024 * 1024


class ChunkStream:
    """A file-like reader over an iterator of byte chunks (Docker's archive stream)."""

    def __init__(self, chunks) -> None:
        self._chunks = iter(chunks)
        self._buf = b""

    def read(self, n: int = -1) -> bytes:
        while n < 0 or len(self._buf) < n:
            try:
                self._buf += next(self._chunks)
            except StopIteration:
                break
        if n < 0:
            data, self._buf = self._buf, b""
        else:
            data, self._buf = self._buf[:n], self._buf[n:]
        return data


def extract_member_stream(
    chunks,
    *,
    archive_parent: str,
    dest: Path,
    max_file_bytes: int,
    report: CopyReport,
) -> None:
    """Extract Docker's archive of a path whose parent directory is `archive_parent`.

    Member names are relative to archive_parent (Docker names them from the path's basename)."""
    links: list[tuple[str, Path, str]] = []  # (sandbox path, host path, sandbox target)
    dest_root = dest.resolve()
    with tarfile.open(fileobj=ChunkStream(chunks), mode="r|") as archive:
        for member in archive:
            sandbox_path = posixpath.join(archive_parent, member.name)
            problem = _name_problem(member.name)
            if problem:
                report.refuse(sandbox_path, problem)
                continue
            host_path = dest_root / member.name
            if not host_path.resolve().is_relative_to(dest_root):
                report.refuse(sandbox_path, "would be written outside the destination")
                continue
            if member.isdir():
                host_path.mkdir(parents=True, exist_ok=True)
            elif member.issym() or member.islnk():
                target = _link_target(member, archive_parent)
                if not _inside_workspace(target):
                    report.refuse(sandbox_path, f"link to {target} leaves {WORKSPACE}")
                else:
                    links.append((sandbox_path, host_path, target))
            elif member.isreg():
                if member.size > max_file_bytes:
                    report.refuse(sandbox_path, oversize_reason(member.size, max_file_bytes))
                    continue
                _write_regular(archive, member, host_path)
                report.copied.append(host_path)
            else:
                report.refuse(sandbox_path, f"not a regular file (tar type {member.type!r}: device, FIFO or other)")
    _materialise_links(links, archive_parent, dest_root, report)


def _name_problem(name: str) -> str | None:
    if name.startswith("/") or PurePosixPath(name).is_absolute():
        return "absolute member name in archive"
    if ".." in PurePosixPath(name).parts:
        return "member name contains '..'"
    return None


def _link_target(member: tarfile.TarInfo, archive_parent: str) -> str:
    if member.islnk():  # hard link: linkname is another member's name
        return posixpath.normpath(posixpath.join(archive_parent, member.linkname))
    base = posixpath.dirname(posixpath.join(archive_parent, member.name))
    return posixpath.normpath(posixpath.join(base, member.linkname))


def _inside_workspace(path: str) -> bool:
    return path == WORKSPACE or path.startswith(WORKSPACE + "/")


def _write_regular(archive: tarfile.TarFile, member: tarfile.TarInfo, host_path: Path) -> None:
    host_path.parent.mkdir(parents=True, exist_ok=True)
    if host_path.is_symlink():
        host_path.unlink()
    source = archive.extractfile(member)
    assert source is not None
    with open(host_path, "wb") as sink:
        shutil.copyfileobj(source, sink, _CHUNK)


def _materialise_links(links, archive_parent: str, dest_root: Path, report: CopyReport) -> None:
    for sandbox_path, host_path, target in links:
        relative = posixpath.relpath(target, archive_parent)
        source = (dest_root / relative).resolve()
        if relative.startswith("..") or not source.is_relative_to(dest_root) or not source.is_file():
            report.refuse(sandbox_path, f"link target {target} was not among the copied files")
            continue
        host_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, host_path)
        report.copied.append(host_path)


def oversize_reason(size: int, cap: int) -> str:
    """Why a file is refused for its size (one wording wherever a size cap applies)."""
    return f"{size} bytes is over the {cap}-byte cap"
