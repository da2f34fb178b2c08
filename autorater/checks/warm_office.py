"""python3 -m autorater.checks.warm_office start | wait [SECONDS] | stop | status

One LibreOffice kept warm per grading container, so a trial's conversions skip the cold start.

`start` (run by the host as soon as the grading container exists, see
autorater.grading.checks_host.start_office) launches soffice in the background and returns at
once; it goes on loading while the deliverables are copied in. The warm office:
- has its own profile holding exactly the settings of every cold conversion
  (office.registry_xcu: recalculate every formula on load, never run macros, never refresh
  links), and every load through it also asks for no macros and no link updates;
- listens on a UNO pipe only — a Unix socket in the container's /tmp, no TCP port at all (the
  container has network none anyway);
- carries MKA_KEEP=1, so the exec wrapper's reaper lets it live across execs
  (harness/sandbox/reaper.py), and MKA_OFFICE=1, by which it is told from a reused pid.
office.convert sends each conversion to it through a short-lived client (uno_convert.py) and
falls back to the cold conversion whenever the warm one cannot answer (never started, not up
in time, busy, crashed, killed, no matching filter, a file it could not load); a conversion
that hangs in it kills it. A dead or killed warm office is restarted in the background for
the next conversion (at most MAX_RESTARTS times per container: a file that crashes it each
time must not keep two CPUs busy)."""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from autorater.checks import proc
from autorater.checks.proc import kill_tree

STATE_DIR = Path("/tmp/mka-office")  # the container's tmpfs, private to this uid's processes
MAX_RESTARTS = 3
MARK = "MKA_OFFICE=1"
last_failure = ""  # why the last warm attempt of this process fell back (for conversions.log)
BUSY_WAIT_S = 3.0  # longer than a typical conversion; past it, a cold one runs beside the warm
CONNECT_WAIT_S = 15.0  # an office still starting is ready sooner than a cold one would be


def _state_file() -> Path:
    return STATE_DIR / "state.json"


@contextmanager
def _locked(name: str):
    STATE_DIR.mkdir(mode=0o700, exist_ok=True)
    with open(STATE_DIR / name, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_state() -> dict | None:
    """{"pid", "pipe", "started", "restarts"} of the warm office last launched, or None."""
    try:
        state = json.loads(_state_file().read_text())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) and isinstance(state.get("pid"), int) else None


def _write_state(state: dict) -> None:
    partial = STATE_DIR / "state.json.tmp"
    partial.write_text(json.dumps(state))
    partial.rename(_state_file())


def alive(state: dict | None) -> bool:
    """Whether the process the state names is still our warm office (not a reused pid)."""
    if not state:
        return False
    proc = Path(f"/proc/{state['pid']}")
    try:
        if (proc / "stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            return False
        return MARK.encode() in (proc / "environ").read_bytes().split(b"\0")
    except (OSError, IndexError):
        return False


def _launch(restarts: int) -> dict:
    from autorater.checks.office import registry_xcu

    profile = STATE_DIR / "profile"
    shutil.rmtree(profile, ignore_errors=True)  # a killed office may have left it half-written
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(registry_xcu())
    pipe = f"mka-office-{secrets.token_hex(6)}"
    argv = [
        "soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--invisible",
        "--norestore", "--nologo", "--nodefault", "--nolockcheck", f"--accept=pipe,name={pipe};urp;",
    ]
    env = {**os.environ, "HOME": str(profile), "MKA_KEEP": "1", "MKA_OFFICE": "1"}
    # Detached through a shell that exits at once: the office is never a child of the caller
    # (a runner's worker is killed with its whole process tree when it ends), init adopts it.
    launcher = subprocess.run(  # noqa: S603 - fixed argv
        ["/bin/sh", "-c", 'exec "$@" </dev/null >>office.log 2>&1 & echo $!', "sh", *argv],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, cwd=str(STATE_DIR),
        start_new_session=True, preexec_fn=_lift_memory_limit, timeout=30,  # noqa: PLW1509 - no threads here
    )
    pid = int(launcher.stdout.strip() or 0)
    (STATE_DIR / "inflight").unlink(missing_ok=True)  # whatever the last office was doing is gone with it
    state = {"pid": pid, "pipe": pipe, "started": time.time(), "restarts": restarts}
    _write_state(state)
    return state


def _lift_memory_limit() -> None:
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)  # LibreOffice maps far more than it uses
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def note(how: str, name: str, target: str, seconds: float) -> None:
    """One line per conversion in conversions.log (only where a warm office was started): how
    each ran and why a warm attempt fell back, for tests and for anyone asking why a trial
    graded slowly."""
    if STATE_DIR.is_dir():
        line = {"how": how, "file": name, "target": target, "s": round(seconds, 3)}
        if "after warm" in how:
            line["warm"] = last_failure
        with open(STATE_DIR / "conversions.log", "a") as log:
            log.write(json.dumps(line) + "\n")


def start() -> dict:
    """Launch the warm office unless one is already running; returns its state."""
    import importlib.util

    if importlib.util.find_spec("uno") is None:  # python3-uno: the client's half of the bridge
        raise RuntimeError("python3-uno is not installed: conversions stay cold")
    with _locked("start.lock"):
        state = read_state()
        if alive(state):
            return state  # type: ignore[return-value]
        return _launch(0)


def stop() -> None:
    with _locked("start.lock"):
        state = read_state()
        if alive(state):
            kill_tree(state["pid"])  # type: ignore[index]
        _state_file().unlink(missing_ok=True)


def discard(state: dict, *, restart: bool) -> None:
    """The warm office failed a conversion (crashed, hung, left a conversion unfinished): kill
    it and, unless it has been restarted too often, launch a fresh one in the background."""
    with _locked("start.lock"):
        current = read_state()
        if not current or current.get("pid") != state.get("pid"):
            return  # someone already replaced it
        if alive(current):
            kill_tree(current["pid"])
        restarts = int(current.get("restarts") or 0) + 1
        if restart and restarts <= MAX_RESTARTS:
            _launch(restarts)
        else:
            _state_file().unlink(missing_ok=True)


def try_convert(staged: Path, produced: Path, target: str, timeout_s: float, what: str) -> bool | None:
    """Convert through the warm office: True when `produced` was written; False when it was tried
    and failed, None when there is none to try; on both the caller converts cold. A conversion
    that times out (or is interrupted by the check's deadline) inside the warm office raises
    like a cold one would, after killing the office."""
    state = read_state()
    if state is None:
        return None  # never started in this container (or given up on): cold, as always
    if not alive(state):
        discard(state, restart=True)  # died since the last conversion: cold now, warm again next time
        return None
    token = secrets.token_hex(8)
    argv = [sys.executable, "-m", "autorater.checks.uno_convert", str(staged), str(produced), target,
            f"{min(BUSY_WAIT_S, timeout_s / 4):.3f}", f"{min(CONNECT_WAIT_S, timeout_s / 2):.3f}", token]
    try:
        done = proc.run(argv, timeout_s, what=what)
    except BaseException:  # our timeout, or the check's deadline: the office may be stuck on our file
        if _inflight() == token:
            discard(state, restart=True)
        raise
    from autorater.checks import uno_convert

    if done.returncode == uno_convert.OK and produced.is_file() and produced.stat().st_size > 0:
        return True
    global last_failure
    last_failure = f"exit {done.returncode}: {(done.stderr.strip().splitlines() or [''])[-1][:200]}"
    produced.unlink(missing_ok=True)
    if done.returncode in uno_convert.DISCARD or not alive(state):
        discard(state, restart=True)
    return False


def _inflight() -> str | None:
    try:
        return (STATE_DIR / "inflight").read_text()
    except OSError:
        return None


def wait_ready(timeout_s: float) -> bool:
    """Block until the warm office accepts a UNO connection (for benchmarks and tests)."""
    from autorater.checks import uno_convert

    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        state = read_state()
        if alive(state) and uno_convert.reachable(state["pipe"]):  # type: ignore[index]
            return True
        time.sleep(0.1)
    return False


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "start":
        try:
            state = start()
        except (OSError, RuntimeError, ValueError, subprocess.SubprocessError) as exc:
            print(f"warm office not started: {exc}", file=sys.stderr)
            return 1
        print(json.dumps(state))
        return 0
    if command == "stop":
        stop()
        return 0
    if command == "wait":
        return 0 if wait_ready(float(args[1]) if len(args) > 1 else 30.0) else 1
    if command == "status":
        state = read_state()
        print(json.dumps({**(state or {}), "alive": alive(state)}))
        return 0 if alive(state) else 1
    print(__doc__.splitlines()[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
