"""The sandbox protocol and its value types.

A backend (Docker today; Kubernetes or a microVM later) implements `Sandbox`: run a
command, move files in and out, list what is there, and go away. Everything a caller
needs to know about a command's fate is in `ExecResult`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

WORKSPACE = "/workspace"
INPUT_DIR = "/workspace/input"
GiB = 1024**3
MiB = 1024**2


class SandboxError(RuntimeError):
    """A sandbox operation could not be carried out (the command's own failure is an ExecResult)."""


@dataclass(frozen=True)
class SandboxLimits:
    memory_bytes: int = 16 * GiB
    cpus: float = 4.0  # clamped to what the engine has
    pids: int = 1024
    exec_timeout_s: float = 300.0
    # How long past the in-container timeout (and its 5 s kill grace) the host waits
    # before killing the command's process group itself.
    host_grace_s: float = 10.0
    # Head and tail kept of each output stream; the middle is cut and counted.
    output_head_bytes: int = 32 * 1024
    output_tail_bytes: int = 32 * 1024
    read_file_max_bytes: int = 256 * MiB
    copy_out_max_file_bytes: int = 256 * MiB
    tmp_bytes: int = 2 * GiB
    # /workspace quota: no file may grow past it (RLIMIT_FSIZE) and a watchdog stops a command
    # whose writes take the total past it; the host's disk is never filled.
    workspace_bytes: int = 10 * GiB
    quota_poll_s: float = 1.0


@dataclass(frozen=True)
class SandboxSpec:
    image: str
    network: Literal["none", "bridge"] = "none"
    limits: SandboxLimits = field(default_factory=SandboxLimits)
    run_id: str = "adhoc"
    trial_id: str = "adhoc"
    env: dict[str, str] = field(default_factory=dict)
    user: str = "agent"
    home: str = "/home/agent"
    role: str = "sandbox"  # container label: sandbox (agent) or autorater (grading)


@dataclass(frozen=True)
class ExecResult:
    exit_code: int | None  # None when the command never reported one (killed from the host)
    stdout: str
    stderr: str
    stdout_cut_bytes: int = 0
    stderr_cut_bytes: int = 0
    timed_out: bool = False
    oom_killed: bool = False
    pids_limit_hit: bool = False
    duration_s: float = 0.0
    quota_exceeded: str | None = None  # what the workspace quota watchdog saw, when it stopped the command

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out

    def notes(self) -> list[str]:
        """Plain-language facts about how the command ended, for people and models."""
        out = []
        if self.timed_out:
            out.append(f"timed out after {self.duration_s:.0f}s; its process group was killed")
        if self.oom_killed:
            out.append("killed: out of memory (the sandbox's memory limit was reached)")
        if self.pids_limit_hit:
            out.append("process limit reached: new processes could not be started")
        if self.quota_exceeded:
            out.append(f"stopped: {self.quota_exceeded}")
        for name, cut in (("stdout", self.stdout_cut_bytes), ("stderr", self.stderr_cut_bytes)):
            if cut:
                out.append(f"{name} truncated: {cut} bytes cut from the middle")
        return out


@dataclass(frozen=True)
class FileInfo:
    path: str  # absolute path inside the sandbox
    size: int
    mtime: float
    kind: Literal["file", "dir", "symlink", "other"]


@dataclass
class CopyReport:
    copied: list[Path] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (path in sandbox, reason)

    def refuse(self, path: str, reason: str) -> None:
        self.refused.append((path, reason))


@runtime_checkable
class Sandbox(Protocol):
    async def exec(
        self,
        cmd: str | list[str],
        *,
        timeout: float | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> ExecResult: ...

    async def read_file(self, path: str, *, max_bytes: int | None = None) -> bytes: ...

    async def write_file(self, path: str, data: bytes | str) -> None: ...

    async def copy_in(self, src: Path, dest: str = INPUT_DIR) -> None: ...

    async def copy_out(self, paths: list[str], dest: Path) -> CopyReport: ...

    async def list_files(self, root: str = WORKSPACE) -> list[FileInfo]: ...

    async def open_process(
        self, argv: list[str], *, cwd: str | None = None, env: dict[str, str] | None = None, lifetime_s: float = 8 * 3600,
    ) -> SandboxService: ...

    async def close(self) -> None: ...

    async def __aenter__(self) -> Sandbox: ...

    async def __aexit__(self, *exc) -> None: ...


@runtime_checkable
class SandboxService(Protocol):
    """A long-lived process with stdin/stdout attached (an MCP stdio server)."""

    stderr: Any  # a bounded buffer with .text(), for error messages

    async def read(self) -> bytes | None: ...

    async def write(self, data: bytes) -> None: ...

    async def close(self) -> int | None: ...
