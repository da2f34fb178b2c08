"""The Docker backend of the sandbox protocol."""

from __future__ import annotations

import asyncio
import atexit
import io
import posixpath
import re
import shutil
import tarfile
import tempfile
import threading
import time
from pathlib import Path

import docker
from docker.errors import APIError, NotFound

from harness.sandbox.client import engine_cpus, shared_client
from harness.sandbox.docker_exec import TIMEOUT_EXIT_CODES, new_exec_key, run_exec
from harness.sandbox.docker_process import SandboxProcess
from harness.sandbox.hardening import container_kwargs
from harness.sandbox.lifeline import Lifeline
from harness.sandbox import volumes
from harness.sandbox.tar_safety import extract_member_stream, oversize_reason
from harness.sandbox.quota import QuotaWatch
from harness.sandbox.types import (
    INPUT_DIR,
    WORKSPACE,
    GiB,
    CopyReport,
    ExecResult,
    FileInfo,
    SandboxError,
    SandboxSpec,
)

_CGROUP_COUNTERS = (
    "cat /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control "
    "/sys/fs/cgroup/pids.events /sys/fs/cgroup/pids/pids.events 2>/dev/null; true"
)
_FIND = "find {root} -mindepth 1 -maxdepth {depth} -printf '%y\\t%s\\t%T@\\t%p\\n' 2>/dev/null | head -n {cap}"
_KINDS = {"f": "file", "d": "dir", "l": "symlink"}


class DockerSandbox:
    """A hardened container; see harness.sandbox.hardening for what 'hardened' means."""

    def __init__(self, spec: SandboxSpec, container, client: docker.DockerClient) -> None:
        self.spec = spec
        self.container = container
        self._client = client
        self._closed = False
        self._counters = {"oom_kill": 0, "pids_max": 0}
        self._keep_pids = ""  # the container's init and command: never reaped (see harness.sandbox.reaper)
        self._services: set[str] = set()  # exec keys of the harness's own services (MCP servers)
        self._quota = QuotaWatch(client.api, container.id, spec.user, spec.limits.workspace_bytes, spec.limits.quota_poll_s)

    @classmethod
    async def create(cls, spec: SandboxSpec, client: docker.DockerClient | None = None) -> DockerSandbox:
        client = client or shared_client()
        kwargs = container_kwargs(spec, engine_cpus(client), role=spec.role)
        try:
            container = await asyncio.to_thread(_start, client, kwargs)
        except APIError as exc:
            raise SandboxError(f"cannot start sandbox from {spec.image}: {exc.explanation or exc}") from exc
        box = cls(spec, container, client)
        await box._find_own_processes()
        return box

    async def _find_own_processes(self) -> None:
        """Before any agent command runs, PID 1's children are only the container's command."""
        raw = await run_exec(
            # (and the reaper's 0.1 s pause: a FIFO nobody writes, see harness.sandbox.reaper)
            self._client.api, self.container.id, ["/bin/sh", "-c", "mkfifo -m 600 /tmp/.mka-wait; cat /proc/1/task/1/children"],
            timeout_s=30, user=self.spec.user, cwd="/", env={}, head_bytes=4096, tail_bytes=0,
        )
        self._keep_pids = " ".join(["1", *raw.stdout.text().split()])

    def _marked(self, env: dict[str, str] | None) -> dict[str, str]:
        return {**(env or {}), "MKA_KEEP_PIDS": self._keep_pids, "MKA_SERVICE_KEYS": " ".join(sorted(self._services))}

    @property
    def id(self) -> str:
        return self.container.id

    async def __aenter__(self) -> DockerSandbox:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # -- commands -------------------------------------------------------------------

    async def exec(
        self,
        cmd: str | list[str],
        *,
        timeout: float | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> ExecResult:
        self._check_open()
        limits = self.spec.limits
        timeout = limits.exec_timeout_s if timeout is None else timeout
        argv = ["bash", "-c", cmd] if isinstance(cmd, str) else list(cmd)
        key, marked = new_exec_key(), {**self._marked(env), "MKA_FSIZE_KB": self._quota.fsize_kb}
        watchdog = asyncio.ensure_future(self._quota.watch(key, marked))
        try:
            raw = await run_exec(
                self._client.api, self.container.id, argv,
                timeout_s=timeout, host_grace_s=limits.host_grace_s, user=self.spec.user, cwd=cwd or WORKSPACE, env=marked,
                head_bytes=limits.output_head_bytes, tail_bytes=limits.output_tail_bytes, exec_key=key,
            )
        except BaseException:
            watchdog.cancel()
            raise
        quota = await self._quota.verdict(watchdog, key)
        if quota is None and raw.exit_code == 153:  # 128 + SIGXFSZ: a file hit RLIMIT_FSIZE
            quota = f"the workspace quota: a file reached the {limits.workspace_bytes / GiB:.2f} GiB limit"
        timed_out = raw.killed_by_host or (
            raw.exit_code in TIMEOUT_EXIT_CODES and raw.duration_s >= timeout - 0.05
        )
        oom = pids = False
        # Limits announce themselves by a non-zero exit or an error message ("fork: retry:
        # Resource temporarily unavailable"); only then is it worth reading the counters.
        if raw.exit_code != 0 or timed_out or raw.stderr.total:
            oom, pids = await self._new_limit_events()
        return ExecResult(
            exit_code=raw.exit_code,
            stdout=raw.stdout.text(),
            stderr=raw.stderr.text(),
            stdout_cut_bytes=raw.stdout.cut_bytes,
            stderr_cut_bytes=raw.stderr.cut_bytes,
            timed_out=timed_out,
            oom_killed=oom,
            pids_limit_hit=pids,
            duration_s=raw.duration_s,
            quota_exceeded=quota,
        )

    async def _new_limit_events(self) -> tuple[bool, bool]:
        """Did the memory or pids limit fire since we last looked? (cgroup v1 or v2 counters)"""
        raw = await run_exec(
            self._client.api, self.container.id, ["/bin/sh", "-c", _CGROUP_COUNTERS],
            timeout_s=10, user=self.spec.user, cwd="/", env=self._marked(None), head_bytes=8192, tail_bytes=0,
        )
        text = raw.stdout.text()
        now = {
            "oom_kill": sum(int(n) for n in re.findall(r"^oom_kill (\d+)", text, re.M)),
            "pids_max": sum(int(n) for n in re.findall(r"^max (\d+)", text, re.M)),
        }
        fired = {k: now[k] > self._counters[k] for k in now}
        self._counters = now
        return fired["oom_kill"], fired["pids_max"]

    async def open_process(
        self, argv: list[str], *, cwd: str | None = None, env: dict[str, str] | None = None, lifetime_s: float = 8 * 3600,
    ) -> SandboxProcess:
        """Start a long-lived process with stdin/stdout attached (an MCP stdio server)."""
        self._check_open()
        process = await SandboxProcess.start(
            self._client.api, self.container.id, argv, user=self.spec.user, cwd=cwd or WORKSPACE,
            env=self._marked({**self.spec.env, **(env or {})}), lifetime_s=lifetime_s,
        )
        self._services.add(process.key)  # survives even the reaping after a pids-limit hit
        return process

    # -- files ----------------------------------------------------------------------

    async def read_file(self, path: str, *, max_bytes: int | None = None) -> bytes:
        self._check_open()
        cap = max_bytes or self.spec.limits.read_file_max_bytes
        raw = await run_exec(
            self._client.api, self.container.id, ["cat", "--", path],
            timeout_s=120, user=self.spec.user, cwd=WORKSPACE, env={}, head_bytes=cap, tail_bytes=0,
        )
        if raw.exit_code != 0:
            raise SandboxError(f"cannot read {path}: {raw.stderr.text().strip() or f'exit {raw.exit_code}'}")
        if raw.stdout.cut_bytes:
            raise SandboxError(f"cannot read {path}: {raw.stdout.total} bytes is over the {cap}-byte cap")
        return raw.stdout.head_bytes()

    async def write_file(self, path: str, data: bytes | str) -> None:
        self._check_open()
        rel = _workspace_relative(path)
        payload = data.encode() if isinstance(data, str) else data
        archive = io.BytesIO()
        with tarfile.open(fileobj=archive, mode="w") as tar:
            _add_parent_dirs(tar, rel)
            info = _owned(tarfile.TarInfo(rel), self.spec.user)
            info.size, info.mode = len(payload), 0o644
            tar.addfile(info, io.BytesIO(payload))
        await self._put_archive(archive.getvalue(), path)

    async def copy_in(self, src: Path, dest: str = INPUT_DIR) -> None:
        """Copy a host directory's contents (or one file) to `dest` under /workspace."""
        self._check_open()
        src = Path(src)
        if not src.exists():
            raise SandboxError(f"copy_in: {src} does not exist")
        rel = _workspace_relative(dest)
        archive = io.BytesIO()
        with tarfile.open(fileobj=archive, mode="w") as tar:
            _add_parent_dirs(tar, rel + "/x")
            files = [src] if src.is_file() else sorted(src.rglob("*"))
            for item in files:
                if item.is_symlink():
                    continue  # task inputs are plain files; never ship a host link
                name = posixpath.join(rel, item.name if src.is_file() else item.relative_to(src).as_posix())
                tar.add(item, arcname=name, recursive=False, filter=lambda ti: _owned(ti, self.spec.user))
        await self._put_archive(archive.getvalue(), dest)

    async def _put_archive(self, payload: bytes, shown_path: str) -> None:
        try:
            ok = await asyncio.to_thread(self.container.put_archive, WORKSPACE, payload)
        except APIError as exc:
            raise SandboxError(f"cannot write {shown_path}: {exc.explanation or exc}") from exc
        if not ok:
            raise SandboxError(f"cannot write {shown_path}: the engine refused the archive")

    async def copy_out(self, paths: list[str], dest: Path) -> CopyReport:
        """Copy files or directories under /workspace to `dest`, keeping their relative paths.

        Unsafe entries are refused with a reason; everything else still arrives."""
        self._check_open()
        report = CopyReport()
        dest = Path(dest)
        dest.mkdir(parents=True, exist_ok=True)
        for path in paths:
            await asyncio.to_thread(self._copy_out_one, path, dest, report, 0)
        return report

    def _copy_out_one(self, path: str, dest: Path, report: CopyReport, depth: int) -> None:
        absolute = posixpath.normpath(posixpath.join(WORKSPACE, path))
        if not absolute.startswith(WORKSPACE + "/"):
            report.refuse(path, f"outside {WORKSPACE}")
            return
        try:
            stream, stat = self.container.get_archive(absolute)
        except NotFound:
            report.refuse(path, "no such file in the sandbox")
            return
        except APIError as exc:
            report.refuse(path, f"cannot read: {exc.explanation or exc}")
            return
        parent = posixpath.dirname(absolute)
        host_parent = dest / posixpath.relpath(parent, WORKSPACE)
        cap = self.spec.limits.copy_out_max_file_bytes
        is_dir = bool(stat.get("mode", 0) & (1 << 31))  # Go's os.ModeDir
        if not is_dir and int(stat.get("size") or 0) > cap:  # refused before a byte is streamed
            stream.close()
            report.refuse(path, oversize_reason(int(stat["size"]), cap))
            return
        if stat.get("mode", 0) & (1 << 27):  # Go's os.ModeSymlink: the path itself is a link
            stream.close()
            target = posixpath.normpath(posixpath.join(parent, stat.get("linkTarget") or ""))
            if not target.startswith(WORKSPACE + "/") or depth >= 8:
                report.refuse(path, f"symlink to {target} leaves {WORKSPACE}")
                return
            self._copy_link_target(path, target, host_parent / posixpath.basename(absolute), report, depth)
            return
        host_parent.mkdir(parents=True, exist_ok=True)
        extract_member_stream(
            stream, archive_parent=parent, dest=host_parent,
            max_file_bytes=self.spec.limits.copy_out_max_file_bytes, report=report,
        )

    def _copy_link_target(self, path: str, target: str, final: Path, report: CopyReport, depth: int) -> None:
        """A link that stays inside /workspace arrives as a copy of the file it points to."""
        with tempfile.TemporaryDirectory(dir=final.parent.parent if final.parent.exists() else None) as tmp:
            staged = CopyReport()
            self._copy_out_one(target, Path(tmp), staged, depth + 1)
            report.refused.extend(staged.refused)
            files = [f for f in staged.copied if f.is_file()]
            if len(files) != 1:
                if files:
                    report.refuse(path, f"symlink to directory {target}: copy the directory itself")
                return
            final.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(files[0]), final)
            report.copied.append(final)

    async def list_files(self, root: str = WORKSPACE, *, max_depth: int = 12, max_entries: int = 20000) -> list[FileInfo]:
        self._check_open()
        result = await self.exec(
            _FIND.format(root=_quote(root), depth=max_depth, cap=max_entries), timeout=60
        )
        entries = []
        for line in result.stdout.splitlines():
            parts = line.split("\t", 3)
            if len(parts) == 4:
                kind, size, mtime, path = parts
                entries.append(FileInfo(path=path, size=int(size), mtime=float(mtime), kind=_KINDS.get(kind, "other")))
        return entries

    # -- lifecycle -------------------------------------------------------------------

    async def close(self) -> None:
        """Force-remove the container; its workspace volume follows at once, off this call's
        path (harness.sandbox.volumes: the exit waits for it)."""
        if self._closed:
            return
        self._closed = True
        await asyncio.to_thread(_remove, self.container, defer_volumes=True)

    def _check_open(self) -> None:
        if self._closed:
            raise SandboxError("sandbox is closed")


def _start(client: docker.DockerClient, kwargs: dict):
    """Create, hold the lifeline (harness.sandbox.lifeline), then start: the container never
    runs without an owner whose death ends it."""
    container = client.containers.create(**kwargs)
    try:
        _LIVE.add(container, Lifeline.attach(container))
        container.start()
    except BaseException:
        _remove(container)
        raise
    return container


def _remove(container, *, defer_volumes: bool = False) -> None:
    later = volumes.anonymous_volumes(container) if defer_volumes else []
    try:
        container.remove(force=True, v=not later)
    except NotFound:
        pass  # removed by someone else (a prune: with its volumes); a leftover volume goes below
    except APIError as exc:
        if "already in progress" not in str(exc):
            raise  # still there, volume and all: the exit hook or a prune removes both
    finally:
        _LIVE.discard(container)
    if later:
        volumes.remove_later(container.client.api, later)


class _LiveContainers:
    """Containers this process started and has not removed yet.

    The atexit hook is the last line of defence (an exception that skipped `close`,
    an interpreter shutting down on Ctrl-C); it is installed on first use, not at import.
    Each one's lifeline is cut when it leaves, so even a removal that failed ends it."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[object, Lifeline]] = {}
        self._lock = threading.Lock()
        self._hooked = False

    def add(self, container, lifeline: Lifeline) -> None:
        with self._lock:
            self._items[container.id] = (container, lifeline)
            if not self._hooked:
                atexit.register(self.remove_all)
                self._hooked = True

    def discard(self, container) -> None:
        with self._lock:
            item = self._items.pop(container.id, None)
        if item is not None:
            item[1].cut()

    def remove_all(self) -> None:
        with self._lock:
            leftovers = [container for container, _ in self._items.values()]
        for container in leftovers:
            try:
                _remove(container)
            except Exception:  # noqa: BLE001 - best effort at exit; prune catches the rest
                pass


_LIVE = _LiveContainers()


def _workspace_relative(path: str) -> str:
    absolute = posixpath.normpath(posixpath.join(WORKSPACE, path))
    if not absolute.startswith(WORKSPACE + "/"):
        raise SandboxError(f"{path}: only paths under {WORKSPACE} can be written from the host")
    return posixpath.relpath(absolute, WORKSPACE)


def _add_parent_dirs(tar: tarfile.TarFile, rel: str) -> None:
    parts = rel.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        info = tarfile.TarInfo("/".join(parts[:i]))
        info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, int(time.time())
        tar.addfile(_owned(info, "agent"))


def _owned(info: tarfile.TarInfo, user: str) -> tarfile.TarInfo:
    if user == "agent":
        info.uid = info.gid = 1000
        info.uname = info.gname = "agent"
    return info


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"
