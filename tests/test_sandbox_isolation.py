"""The sandbox is hardened by default: no network, no privileges, read-only root."""

from __future__ import annotations

import pytest

from harness.sandbox import DockerSandbox

from tests.conftest import make_spec, probe_target

pytestmark = pytest.mark.docker


async def test_network_egress_and_dns_fail(sandbox, sandbox_image):
    host, address = probe_target(sandbox_image)  # the image's apt mirror: reachable from the host
    result = await sandbox.exec(
        f"timeout 5 bash -c 'exec 3<>/dev/tcp/{address}/80' && echo CONNECTED; "
        f"getent hosts {host} && echo RESOLVED; "
        f"python3 -c \"import urllib.request; urllib.request.urlopen('http://{host}', timeout=5)\" && echo FETCHED; "
        "ip route 2>/dev/null; cat /proc/net/route | tail -n +2 | wc -l"
    )
    assert "CONNECTED" not in result.stdout
    assert "RESOLVED" not in result.stdout
    assert "FETCHED" not in result.stdout
    assert "Network is unreachable" in result.stderr
    assert result.stdout.strip().splitlines()[-1] == "0"  # no routes at all


async def test_writes_outside_workspace_fail(sandbox):
    result = await sandbox.exec(
        "echo 1 > /proc/sys/kernel/panic; echo x > /rootfile; echo x > /usr/bin/evil; "
        "echo ok > /workspace/fine && echo ok > /tmp/fine && echo ok > $HOME/fine && echo WORKSPACE_TMP_HOME_WRITABLE"
    )
    assert result.stderr.count("Read-only file system") >= 3
    assert "WORKSPACE_TMP_HOME_WRITABLE" in result.stdout


async def test_no_privileges(sandbox):
    result = await sandbox.exec(
        "id -u; grep -E '^(CapEff|CapBnd|NoNewPrivs|Seccomp):' /proc/self/status; cat /proc/1/cmdline | tr '\\0' ' '"
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "1000"
    fields = dict(line.split(":\t") for line in lines[1:5])
    assert fields["CapEff"] == "0000000000000000"
    assert fields["CapBnd"] == "0000000000000000"
    assert fields["NoNewPrivs"] == "1"
    assert fields["Seccomp"] == "2"  # filtering: Docker's default profile is on
    assert "docker-init" in lines[5]  # an init reaps zombies as PID 1


async def test_init_reaps_orphaned_zombies(sandbox):
    # The child's grandchild is orphaned and exits: only an init that reaps leaves no zombie.
    await sandbox.exec("setsid bash -c 'sleep 0.2 &' ; sleep 1")
    result = await sandbox.exec("ps -eo stat= | grep -c '^Z' || true")
    assert result.stdout.strip() == "0"


async def test_two_sandboxes_cannot_see_each_other(docker_client, sandbox_image):
    first = await DockerSandbox.create(make_spec(sandbox_image, trial="a"), client=docker_client)
    second = await DockerSandbox.create(make_spec(sandbox_image, trial="b"), client=docker_client)
    try:
        await first.write_file("secret.txt", "first's secret")
        await first.exec("echo tmp-secret > /tmp/first.txt")
        seen = await second.exec("ls -a /workspace /tmp; cat /workspace/secret.txt /tmp/first.txt")
        assert "secret" not in seen.stdout
        assert seen.exit_code != 0
        procs = await second.exec("ps -eo args=")
        assert "first" not in procs.stdout
    finally:
        await first.close()
        await second.close()


async def test_limits_are_applied(docker_client, sandbox_image):
    spec = make_spec(sandbox_image, memory_bytes=768 * 1024**2, pids=200, cpus=64)
    async with await DockerSandbox.create(spec, client=docker_client) as box:
        attrs = docker_client.api.inspect_container(box.id)["HostConfig"]
        assert attrs["NetworkMode"] == "none"
        assert attrs["ReadonlyRootfs"] is True
        assert attrs["CapDrop"] == ["ALL"]
        assert attrs["Memory"] == 768 * 1024**2
        assert attrs["PidsLimit"] == 200
        assert attrs["Init"] is True
        # More CPUs than the engine has are clamped rather than refused.
        assert attrs["NanoCpus"] == docker_client.info()["NCPU"] * 10**9
