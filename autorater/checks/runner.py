"""python3 -m autorater.checks.runner JOB_B64 | --job FILE [--only ID] [--inline]

Job: {"root": "/workspace", "checks": [{"id", "file", "spec"}], "timeout_s": 60,
      "memory_mb": 4096}   ("check": {...} instead of "checks" runs a single check)
Files resolve under <root>/deliverables/; reply.* kinds read <root>/final_reply.md.
Output: one JSON line per check on stdout, in job order, flushed as each completes:
      {"id", "passed", "evidence", "where", "error", "duration_s"}

Isolation: the checks run in a forked worker process (address space capped, stdout
redirected so stray prints cannot corrupt the stream) that works through the list and
reports each result over a pipe. The supervisor gives every check `timeout_s` (the worker's
own SIGALRM deadline fires first; the supervisor kills the worker's process tree a few
seconds later if that did not help, e.g. stuck in C code). A crashed or killed worker costs
only its current check: that check is reported failed, later checks on the same file fail
fast (the file is marked as poisonous), and a fresh worker carries on with the rest.
--inline skips the worker (one process, SIGALRM only)."""

from __future__ import annotations

import argparse
import base64
import json
import os
import resource
import select
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from autorater.checks.context import Memo
from autorater.checks.execute import file_key, run_check
from autorater.checks.proc import kill_tree
from autorater.checks.result import failed

GRACE_S = 5.0


def _emit(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _crash_record(check: dict[str, Any], reason: str, started: float) -> dict[str, Any]:
    # A hung or crashed worker is the grader's failure: the host retries the check alone.
    return {"id": check.get("id"), **failed(reason, infra=True).to_json(), "duration_s": round(time.monotonic() - started, 3)}


def _worker(checks: list[dict[str, Any]], out_fd: int, job: dict[str, Any], poisoned: dict[str, str]) -> None:
    """Runs in the forked child; never returns."""
    try:
        os.dup2(2, 1)  # library prints go to stderr, never into the result stream
        limit, hard = int(job["memory_mb"]) * 1024 * 1024, resource.getrlimit(resource.RLIMIT_AS)[1]
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        memo = Memo()
        for check in checks:
            key = file_key(check)
            if key in poisoned:
                record = _crash_record(check, poisoned[key], time.monotonic())
            else:
                record = run_check(check, job["root"], job["work_dir"], memo, job["timeout_s"])
            os.write(out_fd, (json.dumps(record, ensure_ascii=False) + "\n").encode())
    finally:
        os._exit(0)


class _Lines:
    """Newline-delimited records from a pipe, with a timeout per record."""

    def __init__(self, fd: int) -> None:
        self.fd, self.buf = fd, b""

    def next(self, timeout_s: float) -> bytes | None:
        """A line; b"" at end of stream; None on timeout."""
        end = time.monotonic() + timeout_s
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return b""
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line


def supervise(checks: list[dict[str, Any]], job: dict[str, Any]) -> None:
    pending, poisoned = list(checks), dict[str, str]()
    while pending:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            _worker(pending, write_fd, job, poisoned)
        os.close(write_fd)
        lines, reaped = _Lines(read_fd), False
        try:
            while pending:
                check, started = pending[0], time.monotonic()
                line = lines.next(job["timeout_s"] + GRACE_S)
                if line:
                    _emit(json.loads(line))
                    pending.pop(0)
                    continue
                spec = check.get("spec")
                kind = spec.get("kind", "check") if isinstance(spec, dict) else "check"
                if line is None:
                    kill_tree(pid)
                    what = f"timed out after {job['timeout_s']:g}s (stuck past its deadline; the worker was killed)"
                    message = f"{kind} {what}"
                else:
                    what, reaped = f"crashed the grader ({_exit_status(pid)})", True
                    message = f"{kind} {what}"
                _emit(_crash_record(check, message, started))
                if (key := file_key(check)) is not None:
                    poisoned[key] = f"not evaluated: an earlier check on {key} {what}"
                pending.pop(0)
                break
        finally:
            os.close(read_fd)
            if not reaped:  # never signal a pid after reaping it: it may belong to someone else now
                kill_tree(pid)
                _reap(pid)


def _exit_status(pid: int) -> str:
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return "worker gone"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return f"killed by signal {sig}" + (" — probably out of memory" if sig == 9 else "")
    return f"worker exited with status {os.WEXITSTATUS(status)}"


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def load_job(args: argparse.Namespace) -> dict[str, Any]:
    raw = Path(args.job).read_bytes() if args.job else base64.b64decode(args.job_b64, validate=False)
    job = json.loads(raw)
    checks = job.get("checks") if "checks" in job else [job["check"]]
    if not isinstance(checks, list) or not all(isinstance(c, dict) for c in checks):
        raise ValueError("job.checks must be a list of objects")
    if args.only:
        checks = [c for c in checks if c.get("id") == args.only]
    return {
        "root": Path(job.get("root") or "/workspace"),
        "checks": checks,
        "timeout_s": float(job.get("timeout_s") or 60),
        "memory_mb": int(job.get("memory_mb") or 4096),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m autorater.checks.runner", description=__doc__.split("\n")[0])
    parser.add_argument("job_b64", nargs="?", help="the job JSON, base64-encoded")
    parser.add_argument("--job", help="read the job JSON from this file instead")
    parser.add_argument("--only", help="run only the check with this id")
    parser.add_argument("--inline", action="store_true", help="no worker process (debugging)")
    args = parser.parse_args(argv)
    if not args.job and not args.job_b64:
        parser.error("give the job as base64 or with --job FILE")
    try:
        job = load_job(args)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"invalid job: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    job["work_dir"] = Path(tempfile.mkdtemp(prefix="mka-checks-"))
    try:
        if args.inline:
            memo = Memo()
            for check in job["checks"]:
                _emit(run_check(check, job["root"], job["work_dir"], memo, job["timeout_s"]))
        else:
            supervise(job["checks"], job)
    finally:
        shutil.rmtree(job["work_dir"], ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
