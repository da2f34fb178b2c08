"""The container settings every sandbox gets unless a task explicitly relaxes one."""

from __future__ import annotations

import socket
from datetime import UTC, datetime

import psutil
from docker.types import Mount

from harness.sandbox.types import WORKSPACE, SandboxSpec

LABEL_ROLE = "org.mka.role"
LABEL_RUN = "org.mka.run"
LABEL_TRIAL = "org.mka.trial"
LABEL_WORKSPACE = "org.mka.workspace"  # on a sandbox's workspace volume: the sandbox's role
LABEL_OWNER_HOST = "org.mka.owner-host"
LABEL_OWNER_PID = "org.mka.owner-pid"
LABEL_OWNER_STARTED = "org.mka.owner-started"
# The container's own init and command run as `nobody`, every exec as spec.user: an agent can
# then neither signal PID 1 (tini forwards SIGTERM/INT/HUP to its child and exits with it, so
# `kill 1` as the same uid stopped the whole container) nor kill the lifeline (`kill -9 -1`,
# `pkill cat`). Without CAP_KILL not even uid 0 inside can signal it.
INIT_USER = "65534:65534"
# The container's command: it lives exactly as long as its stdin is open. The process that
# creates a sandbox attaches to that stdin before starting it and holds the connection; the
# engine closes stdin when that client disconnects (StdinOnce), which the kernel does when the
# owner dies however it dies (SIGKILL, a Ray worker killed with its driver, an OOM kill). The
# command then ends and the engine removes the container with its anonymous volumes
# (AutoRemove): a dead harness leaves no running sandbox behind, even with nobody to prune.
LIFELINE = ["sh", "-c", "exec cat >/dev/null"]
# Thread-pool sizes libraries would otherwise take from the host's core count: a container's
# CPU quota is invisible to nproc, so OpenMP (tesseract, OpenBLAS builds, numexpr) starts one
# spinning thread per host core and is throttled by the quota. Tesseract under a 1-CPU quota
# on 2 cores ran 103 page reads in 31.7 s with its default threads and 10.5 s with one, with
# byte-identical output. A task's own env (spec.env) still overrides these.
THREAD_ENV_VARS = ("OMP_NUM_THREADS", "OMP_THREAD_LIMIT", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def thread_env(cpus: float) -> dict[str, str]:
    """The thread-pool variables for a container allowed CPUS cores (at least one thread)."""
    n = str(max(1, int(cpus)))
    return {name: n for name in THREAD_ENV_VARS}


def owner_labels() -> dict[str, str]:
    """Who created the container, so `mka sandbox prune` can tell a dead run's leftovers (one
    created but never started, or one the engine failed to remove)."""
    me = psutil.Process()
    return {
        LABEL_OWNER_HOST: socket.gethostname(),
        LABEL_OWNER_PID: str(me.pid),
        LABEL_OWNER_STARTED: f"{me.create_time():.3f}",
    }


def container_kwargs(spec: SandboxSpec, engine_cpus: int, role: str = "sandbox") -> dict:
    limits = spec.limits
    cpus = min(limits.cpus, float(engine_cpus))
    uid_opts = "uid=1000,gid=1000" if spec.user == "agent" else ""
    return dict(
        image=spec.image,
        command=LIFELINE,
        stdin_open=True,
        detach=False,  # docker-py's only spelling of StdinOnce (with stdin_open): see LIFELINE
        auto_remove=True,
        init=True,  # docker-init as PID 1 reaps zombies
        user=INIT_USER,  # execs name their own user (spec.user); see INIT_USER
        working_dir=WORKSPACE,
        hostname="sandbox",
        environment={"HOME": spec.home, **thread_env(cpus), **spec.env},
        network_mode=spec.network,
        cap_drop=["ALL"],
        security_opt=["no-new-privileges:true"],  # default seccomp profile stays on
        read_only=True,
        tmpfs={
            "/tmp": f"rw,nosuid,nodev,size={limits.tmp_bytes},mode=1777",
            spec.home: f"rw,nosuid,nodev,size=512m,mode=0700,{uid_opts}".rstrip(","),
        },
        # An anonymous volume, seeded from the image's /workspace and removed with the container;
        # labelled, so a prune finds it if its owner died between the two removals.
        mounts=[Mount(target=WORKSPACE, source=None, type="volume", labels={LABEL_WORKSPACE: spec.role})],
        mem_limit=limits.memory_bytes,
        memswap_limit=limits.memory_bytes,  # no swap: a memory hog is killed, not slowed
        nano_cpus=int(cpus * 1e9),
        pids_limit=limits.pids,
        ipc_mode="private",
        labels={
            LABEL_ROLE: role,
            LABEL_RUN: spec.run_id,
            LABEL_TRIAL: spec.trial_id,
            "org.mka.created": datetime.now(UTC).isoformat(timespec="seconds"),
            **owner_labels(),
        },
    )


def owner_alive(labels: dict[str, str]) -> bool:
    """Whether the harness process that made a container still runs (on this host)."""
    if labels.get(LABEL_OWNER_HOST) != socket.gethostname():
        return True  # another machine's: not ours to judge
    try:
        proc = psutil.Process(int(labels.get(LABEL_OWNER_PID, "-1")))
        return abs(proc.create_time() - float(labels.get(LABEL_OWNER_STARTED, "0"))) < 1.0
    except (psutil.Error, ValueError):
        return False
