"""The /workspace quota: overlay2 on ext4 has no per-volume size limit, so it is enforced
in two layers. RLIMIT_FSIZE (set by the exec wrapper) stops any single file exactly at the
quota; this watchdog measures the workspace while a command runs and stops the command when
its writes take the total past the quota. A command that only deletes is never stopped, so
an agent over quota can always clean up. The bound on the host's disk is the quota plus what
a writer manages between two polls (the first poll comes after 0.5 s)."""

from __future__ import annotations

import asyncio

import docker

from harness.sandbox.docker_exec import kill_exec, run_exec
from harness.sandbox.types import WORKSPACE, GiB

_USAGE = ["timeout", "20", "du", "-sxB1", WORKSPACE]


class QuotaWatch:
    def __init__(self, api: docker.APIClient, container_id: str, user: str, quota_bytes: int, poll_s: float) -> None:
        self.api, self.container_id, self.user = api, container_id, user
        self.quota, self.poll_s = quota_bytes, poll_s
        self.last_usage = 0  # bytes at the last measurement
        self._stopping: set[str] = set()  # execs this watchdog has begun to stop

    @property
    def fsize_kb(self) -> str:
        """The wrapper's `ulimit -f` (1 KiB blocks): no single file past the quota."""
        return str(max(self.quota // 1024, 1))

    async def usage(self) -> int | None:
        raw = await run_exec(self.api, self.container_id, _USAGE, timeout_s=30, user=self.user, cwd="/", env={},
                             head_bytes=4096, tail_bytes=0)
        first = raw.stdout.text().split()
        return int(first[0]) if first and first[0].isdigit() else None

    async def watch(self, exec_key: str, env: dict[str, str]) -> str:
        """Poll until the workspace grows past the quota, then stop that exec and say why.
        Cancelled by the caller when the command ends first."""
        delay = min(0.5, self.poll_s)
        while True:
            await asyncio.sleep(delay)
            delay = self.poll_s
            used = await self.usage()
            if used is None:
                continue
            growing, self.last_usage = used > self.last_usage, used
            if used > self.quota and growing:
                self._stopping.add(exec_key)  # from here the verdict must reach the caller (see verdict)
                await kill_exec(self.api, self.container_id, self.user, exec_key, env)
                return (f"the workspace quota: /workspace holds {used / GiB:.2f} GiB, over its {self.quota / GiB:.2f} GiB"
                        " limit; the command was stopped. Delete files to free space")

    async def verdict(self, watchdog: asyncio.Future, exec_key: str) -> str | None:
        """Once the command has ended: why the watchdog stopped it, or None. The command's
        stream ends as soon as the stop kills it, often before `kill_exec` has returned: a stop
        under way is waited for (its reaper then finished too), never cancelled with its reason."""
        if exec_key not in self._stopping:
            watchdog.cancel()
            return None
        try:
            return await watchdog
        except Exception:  # noqa: BLE001 - the engine failed mid-stop: the command still was over quota
            return f"the workspace quota: /workspace went over its {self.quota / GiB:.2f} GiB limit; the command was stopped"
        finally:
            self._stopping.discard(exec_key)
