"""Running one check in the current process: validate, resolve the file, evaluate, and turn
every failure mode into a CheckResult (never an exception)."""

from __future__ import annotations

import posixpath
import signal
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from autorater.checks.context import CheckContext, Memo
from autorater.checks.registry import evaluator
from autorater.checks.result import Absent, CheckError, CheckResult, Deadline, InfraError, ReadersDisagree, failed
from autorater.checks.specs import CheckSpecError, parse_check, reads_reply

REPLY_FILE = "final_reply.md"
DELIVERABLES = "deliverables"
MAX_TEXT = 2000  # characters of evidence / error per result


def file_key(check: dict[str, Any]) -> str | None:
    """The deliverable a job entry reads (as named), without validating it; None for reply kinds."""
    raw = check.get("spec")
    spec: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if str(spec.get("kind", "")).startswith("reply."):
        return None
    name = spec.get("file") or check.get("file")
    return str(name) if name else None


def resolve(root: Path, name: str | None) -> tuple[Path, str]:
    """The deliverable's real path, refusing anything outside <root>/deliverables."""
    if not name:
        raise CheckError("no file given: set the check's `file` or the criterion's `file`")
    rel = posixpath.normpath(name.replace("\\", "/")).lstrip("/") if not name.startswith("/") else None
    if rel is None or rel == ".." or rel.startswith("../"):
        raise CheckError(f"file {name!r} is not a path inside the deliverables folder")
    base = (root / DELIVERABLES).resolve()
    candidates = [rel]
    if rel.startswith(DELIVERABLES + "/"):
        candidates.append(rel[len(DELIVERABLES) + 1 :])  # tolerate "deliverables/x.xlsx"
    for candidate in candidates:
        path = (base / candidate).resolve()
        if path != base and base not in path.parents:
            raise CheckError(f"{name} resolves outside the deliverables folder (symlink?)")
        if path.is_file():
            return path, candidate
        if path.exists():
            raise CheckError(f"{DELIVERABLES}/{candidate} is not a regular file")
    present = sorted(p.name for p in base.iterdir())[:20] if base.is_dir() else []
    listing = ", ".join(present) if present else "the folder is empty or missing"
    raise CheckError(f"file not found: {DELIVERABLES}/{rel} (deliverables: {listing})")


@contextmanager
def deadline(seconds: float):
    """Raise Deadline in the main thread when `seconds` pass (SIGALRM)."""

    def fire(signum: int, frame: Any) -> None:
        raise Deadline()

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.01))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_check(check: dict[str, Any], root: Path, work_dir: Path, memo: Memo, timeout_s: float) -> dict[str, Any]:
    """One job entry -> one output record {id, passed, evidence, where, error, duration_s}."""
    started = time.monotonic()
    record = _evaluate(check, root, work_dir, memo, timeout_s, started).to_json()
    for key in ("evidence", "error"):  # keep lines small: the host reads a bounded stream
        if isinstance(record[key], str) and len(record[key]) > MAX_TEXT:
            record[key] = record[key][: MAX_TEXT - 1] + "…"
    return {"id": check.get("id"), **record, "duration_s": round(time.monotonic() - started, 3)}


def _evaluate(
    check: dict[str, Any], root: Path, work_dir: Path, memo: Memo, timeout_s: float, started: float
) -> CheckResult:
    try:
        spec = parse_check(check.get("spec"))  # type: ignore[arg-type]
    except CheckSpecError as exc:
        return failed(f"invalid check spec: {exc}", infra=True)  # the rubric's fault, not the model's
    kind: str = spec.kind  # type: ignore[attr-defined]
    try:
        with deadline(timeout_s):
            if reads_reply(kind):
                path, rel = root / REPLY_FILE, REPLY_FILE
                if not path.is_file():
                    raise CheckError(f"no final reply: {REPLY_FILE} is missing")
            else:
                path, rel = resolve(root, getattr(spec, "file", None) or check.get("file"))
            ctx = CheckContext(root, path, rel, started + timeout_s, work_dir, memo)
            return evaluator(kind)(spec, ctx)
    except Deadline:
        return failed(f"{kind} timed out after {timeout_s:g}s (per-check limit)", infra=True)
    except Absent as exc:
        return CheckResult(passed=False, evidence=f"{exc} → fail")
    except ReadersDisagree as exc:
        return CheckResult(passed=False, evidence=f"{exc} → undecided", undecided=True)
    except InfraError as exc:
        return failed(str(exc), infra=True)
    except CheckError as exc:
        return failed(str(exc))
    except MemoryError:
        return failed(f"{kind} ran out of memory (the grader's per-check memory limit) reading the file", infra=True)
    except RecursionError:
        return failed(f"{kind} could not evaluate the file: nesting too deep")
    except Exception as exc:  # noqa: BLE001 - a parser failing on untrusted input is a failed check
        return failed(f"{kind} could not evaluate the file: {type(exc).__name__}: {str(exc)[:500]}")
