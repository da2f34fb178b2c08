"""Subprocesses with a deadline that really end: the whole process tree is killed.

LibreOffice is a shell script that starts oosplash, which starts soffice.bin; killing the
direct child leaves the rest running. Children stay in the runner's process group (so the
exec wrapper's group kill still reaches them), and on a timeout we walk /proc to kill the
tree under the child we started. Linux only, like the container."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from autorater.checks.result import CheckTimeout, InfraError


@dataclass(frozen=True)
class Completed:
    returncode: int
    stdout: str
    stderr: str


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, grandchildren, ...), from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # the process ended while we looked
        # The command name (field 2) may hold spaces or parentheses: split after its last ')'.
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def kill_tree(pid: int, *, include_self: bool = True) -> None:
    targets = descendants(pid) + ([pid] if include_self else [])
    for target in targets:
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _lift_memory_limit() -> None:
    # The runner caps its own address space (a hostile file must not take the container);
    # LibreOffice maps far more virtual memory than it uses, so its cap is lifted again.
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def run(argv: list[str], timeout_s: float, *, env: dict[str, str] | None = None, what: str | None = None) -> Completed:
    """Run `argv`; on timeout (or any interruption, e.g. the check's own deadline) kill its tree."""
    if timeout_s <= 0:
        raise CheckTimeout(f"no time left to run {what or argv[0]}")
    try:
        proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})}, preexec_fn=_lift_memory_limit,  # noqa: PLW1509 - single-threaded
        )
    except OSError as exc:  # the grading image lacks the tool: the grader's fault, not the file's
        raise InfraError(f"cannot start {what or argv[0]}: {exc.strerror or exc} (is it installed in the grading image?)") from None
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        kill_tree(proc.pid)
        proc.communicate()
        raise CheckTimeout(f"{what or argv[0]} timed out after {timeout_s:.3g}s and was killed") from None
    except BaseException:
        kill_tree(proc.pid)
        proc.wait()
        raise
    return Completed(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"))
