"""The red-team suite: hostile agents, scripted, through the real agent loop and tools, in real
hardened sandboxes. Each attack asserts containment, a clear tool error (or a harmless result)
and that the next exec in the same sandbox works. Under CI=true it runs for real (conftest).

No attack sends traffic anywhere: the sandbox has network none, so the kernel refuses every
connect before a packet exists; targets are documentation addresses (RFC 5737)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest

from harness.sandbox.tar_safety import oversize_reason
from harness.tasks import load_task

from tests.conftest import TEST_RUN_ID
from tests.redteam_support import NEXT, assert_next_works, attack, finish, scripted_trial, sh, small_box, yaml_call

pytestmark = pytest.mark.docker

DATA = Path(__file__).parent / "data"
TASK = DATA / "tasks" / "sales_summary"
CANARY = "sk-redteam-canary-5f1e"


@pytest.fixture
async def box(docker_client, sandbox_image):
    sandbox = await small_box(docker_client, sandbox_image)
    try:
        yield sandbox
    finally:
        await sandbox.close()


async def _one(box, tmp_path, cmd: str, timeout_s: int = 60):
    """The attack, then the next exec, then finish: the usual shape."""
    run = await attack(box, tmp_path, sh(cmd, timeout_s), sh(NEXT), finish())
    assert run.result.status == "finished", run.results[-1]["text"]
    assert_next_works(run)
    return run


# -- network ------------------------------------------------------------------------------


async def test_egress_tcp_and_udp_are_unreachable(box, docker_client, tmp_path):
    assert docker_client.api.inspect_container(box.id)["HostConfig"]["NetworkMode"] == "none"
    run = await _one(box, tmp_path, (
        "timeout 5 bash -c 'exec 3<>/dev/tcp/192.0.2.1/443' && echo CONNECTED; "
        "python3 -c \"import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b'x', ('198.51.100.7', 53))\""
        " && echo SENT; "
        "python3 -c \"import socket; socket.create_connection(('203.0.113.9', 80), timeout=5)\" && echo CONNECTED; "
        "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '; tail -n +2 /proc/net/route | wc -l"
    ))
    text = run.text(0)
    assert "CONNECTED" not in text and "SENT" not in text
    assert text.count("Network is unreachable") >= 3
    assert text.split("stdout:\n")[1].split("\nstderr")[0].split() == ["lo", "0"]  # loopback only, no route


async def test_dns_does_not_resolve_the_images_own_mirror(box, tmp_path):
    # The probe's name comes from the image's apt sources, not a host written here.
    run = await _one(box, tmp_path, (
        "host=$(grep -rhoE 'https?://[^/ ]+' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null | head -1 | cut -d/ -f3); "
        "echo probe=${host:-none}; getent hosts \"$host\" && echo RESOLVED; "
        "python3 -c \"import socket,sys; socket.getaddrinfo(sys.argv[1], 80)\" \"$host\" && echo RESOLVED"
    ))
    assert "probe=none" not in run.text(0)
    assert "RESOLVED" not in run.text(0)
    assert "gaierror" in run.text(0)


# -- secrets and visibility (through the real trial runner) ---------------------------------



async def test_no_api_keys_or_host_env_inside(sandbox_image, tmp_path, monkeypatch):
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "AWS_SECRET_ACCESS_KEY", "HF_TOKEN"):
        monkeypatch.setenv(name, CANARY)  # the harness process holds keys; the sandbox must not
    script = "turns:\n" + yaml_call(
        "env; cat /proc/[0-9]*/environ 2>&1 | tr '\\0' '\\n'; grep -rsl " + CANARY + " /home /tmp /workspace /etc /opt; "
        "ls -a ~; test -e ~/.docker && echo DOCKER_CONFIG"
    ) + yaml_call(NEXT) + "  - calls: [{tool: finish, args: {final_reply: done, deliverables: []}}]\n"
    record, results, _ = await scripted_trial(TASK, tmp_path, script, "secrets")
    assert record.status == "finished"
    text = results[0]["text"]
    assert CANARY not in text and "DOCKER_CONFIG" not in text
    names = {line.split("=", 1)[0] for line in text.split("stdout:\n")[1].splitlines() if "=" in line and line[:1].isupper()}
    leaked = {n for n in names if not n.startswith("MKA_") and any(w in n for w in ("KEY", "TOKEN", "SECRET", "PASSWORD", "DOCKER"))}
    assert not leaked, leaked
    assert "/proc/1/environ: Permission denied" in text  # the init's environment is not the agent's to read
    assert "next-ok" in results[1]["text"]


async def test_rubric_gold_and_solution_are_nowhere_in_the_agent_sandbox(sandbox_image, tmp_path):
    rubric_line = "Prompt item 1 names the sheet"  # from tests/data/rubrics/sales_summary.yaml
    gold_line = (TASK / "gold" / "notes.md").read_text().splitlines()[0][:40]
    script = "turns:\n" + yaml_call(
        "find / \\( -path /proc -o -path /sys \\) -prune -o \\( -iname '*rubric*' -o -name gold -o -name decoys "
        "-o -name solution -o -name .oracle -o -name 'sales_summary.yaml' \\) -print 2>/dev/null; "
        f"grep -rslF {json.dumps(rubric_line)} /workspace /tmp /home /opt /etc /srv /root 2>/dev/null; "
        f"grep -rslF -- {json.dumps(gold_line)} /workspace /tmp /home /opt 2>/dev/null; ls -R /workspace"
    ) + yaml_call(NEXT) + "  - calls: [{tool: finish, args: {final_reply: done, deliverables: []}}]\n"
    record, results, _ = await scripted_trial(TASK, tmp_path, script, "visibility")
    assert record.status == "finished"
    out = results[0]["text"].split("stdout:\n", 1)[1].split("\nstderr:", 1)[0]
    assert out.startswith("/workspace:\ninput"), out  # find and grep printed nothing: only the input listing
    assert "sales.csv" in out and "gold" not in out and "rubric" not in out.lower()
    assert "next-ok" in results[1]["text"]


# -- the filesystem, kernel interfaces and devices --------------------------------------------


async def test_rootfs_writes_fail(box, tmp_path):
    run = await _one(box, tmp_path, (
        "echo x >> /etc/passwd; echo x > /usr/bin/evil; touch /bin/ls; rm -f /usr/bin/python3; mkdir /opt/x; "
        "echo x > /var/tmp/x; chmod 777 /etc; echo ok > /workspace/fine && echo WORKSPACE_OK"
    ))
    text = run.text(0)
    assert text.count("Read-only file system") + text.count("Permission denied") == 7, text
    assert "WORKSPACE_OK" in text


async def test_proc_and_sys_writes_fail(box, tmp_path):
    run = await _one(box, tmp_path, (
        "echo 1 > /proc/sys/kernel/panic; echo 1 > /proc/sys/vm/drop_caches; echo c > /proc/sysrq-trigger; "
        "echo -1000 > /proc/1/oom_score_adj; echo 1 > /sys/kernel/mm/ksm/run; echo x > /proc/sys/kernel/core_pattern; "
        "cat /proc/kcore | head -c 1 | wc -c; cat /proc/1/mem 2>&1 | head -c 80"
    ))
    text = run.text(0)
    assert text.count("Read-only file system") >= 3
    assert "Permission denied" in text or "No such file" in text
    assert "core_pattern" in text  # refused, named by bash


async def test_mount_unshare_and_chroot_fail(box, tmp_path):
    run = await _one(box, tmp_path, (
        "mount -t tmpfs none /tmp/m; mount --bind / /tmp; unshare -m true; unshare -Ur true; unshare -p -f true; "
        "chroot / true; nsenter -t 1 -m true; su -c true root </dev/null; sudo -n true"
    ))
    text = run.text(0)
    assert "must be superuser" in text
    assert text.count("unshare failed: Operation not permitted") == 3
    assert "chroot: cannot change root directory to '/': Operation not permitted" in text


async def test_docker_socket_is_absent(box, tmp_path):
    run = await _one(box, tmp_path, (
        "ls -l /var/run/docker.sock /run/docker.sock /run/containerd/containerd.sock; "
        "find / \\( -path /proc -o -path /sys \\) -prune -o -type s -print 2>/dev/null | grep -v '^/tmp' ; echo SOCKETS_LISTED; "
        "python3 -c \"import socket; s=socket.socket(socket.AF_UNIX); s.connect('/var/run/docker.sock')\" && echo CONNECTED; "
        "env | grep -i docker"
    ))
    out = run.text(0).split("stdout:\n", 1)[1].split("\nstderr:", 1)[0]
    assert out.strip() == "SOCKETS_LISTED", out
    assert run.text(0).count("No such file or directory") >= 3


async def test_cgroup_writes_fail(box, tmp_path):
    run = await _one(box, tmp_path, (
        "echo 9999999999 > /sys/fs/cgroup/memory/memory.limit_in_bytes; echo $$ > /sys/fs/cgroup/memory/cgroup.procs; "
        "echo /tmp/x > /sys/fs/cgroup/memory/release_agent; echo 1 > /sys/fs/cgroup/memory/notify_on_release; "
        "mkdir /sys/fs/cgroup/memory/escape; echo THAWED > /sys/fs/cgroup/freezer/freezer.state; "
        "echo a > /sys/fs/cgroup/devices/devices.allow; cat /sys/fs/cgroup/memory/memory.limit_in_bytes"
    ))
    text = run.text(0)
    assert text.count("Read-only file system") + text.count("Permission denied") >= 6, text
    assert str(512 * 1024**2) in text  # the limit is still what the harness set


async def test_devices_cannot_be_made_or_read(box, tmp_path):
    run = await _one(box, tmp_path, (
        "mknod /tmp/mem c 1 1; mknod /tmp/sda b 8 0; mkfifo /tmp/fifo && echo FIFO_OK; "
        "head -c 1 /dev/mem; head -c 1 /dev/kmsg; head -c 1 /dev/sda; ls /dev | tr '\\n' ' '"
    ))
    text = run.text(0)
    assert text.count("mknod: /tmp/") == 2 and text.count("Operation not permitted") >= 2
    assert "cannot open '/dev/mem'" in text and "cannot open '/dev/sda'" in text
    devices = set(text.split("FIFO_OK\n", 1)[1].split("\n", 1)[0].split())
    assert devices <= {"core", "fd", "full", "mqueue", "null", "ptmx", "pts", "random", "shm", "stderr", "stdin",
                       "stdout", "tty", "urandom", "zero"}, devices


# -- processes: bombs, sleepers, signals ------------------------------------------------------


@pytest.mark.parametrize("escape", [
    "timeout 20 bash -c ':(){ :|:& };:'",  # GNU timeout makes its own process group
    "setsid bash -c ':(){ :|:& };:' &",  # a new session
    "nohup bash -c ':(){ :|:& };:' >/dev/null 2>&1 &",  # immune to HUP, detached
], ids=["timeout", "setsid", "nohup"])
async def test_fork_bomb_is_contained_and_reaped(box, docker_client, tmp_path, escape):
    started = time.monotonic()
    # A newline, not `;`: `cmd & ; sleep` is a bash syntax error and would never start the bomb.
    run = await attack(box, tmp_path, sh(f"{escape}\nsleep 3"),
                       sh(NEXT + "; cat /sys/fs/cgroup/pids/pids.events /sys/fs/cgroup/pids.events 2>/dev/null; true"), finish())
    assert time.monotonic() - started < 120  # liveness: contained in seconds, not the 20 minutes of the issue
    assert_next_works(run)
    hits = re.search(r"^max (\d+)", run.text(1), re.M)
    assert hits and int(hits.group(1)) > 0, run.text(1)[:2000]  # the bomb really ran into the pids limit
    assert "process limit reached" in run.text(0)[:2000]  # and the agent was told
    limit = docker_client.api.inspect_container(box.id)["HostConfig"]["PidsLimit"]
    assert limit == 256
    after = await attack(box, tmp_path / "again", sh("python3 -c 'print(6*7)'"), finish())
    assert "42" in after.text(0)  # a fresh interpreter starts: the pids are free again


async def test_a_fork_bomb_kept_with_mka_keep_is_reaped_when_it_hits_the_limit(box, tmp_path):
    # MKA_KEEP=1 is the documented way to keep a server; a kept bomb would wedge every later exec.
    service = await box.open_process(["cat"])  # a real harness service (an MCP server) is spared
    run = await attack(box, tmp_path, sh("MKA_KEEP=1 sleep 900 & MKA_SERVICE=1 sleep 901 & "  # kept, and a forged service
                                         "MKA_KEEP=1 bash -c ':(){ :|:& };:' >/dev/null 2>&1 &\nsleep 3; echo launched"),
                       sh(NEXT), finish())
    assert_next_works(run, max_procs=9)  # + the service's wrapper, timeout and cat
    assert "process limit reached: new processes could not be started" in run.text(0)
    assert "every one kept with MKA_KEEP=1" in run.text(0)
    left = await box.exec("ps -eo args=")
    assert "sleep 90" not in left.stdout and "cat" in left.stdout, left.stdout
    await service.write(b"still serving\n")
    assert await asyncio.wait_for(service.read(), 10) == b"still serving\n"
    await service.close()


async def test_a_delayed_kept_fork_bomb_is_reaped_by_the_next_exec(box, tmp_path):
    # Kept, then bombing between execs: the exec that runs into it reaps it; the one after works.
    # (`sleep 0.5`: a kept child reaped before it has exec'd carries no MKA_KEEP=1 yet and is simply reaped.)
    run = await attack(box, tmp_path, sh("MKA_KEEP=1 bash -c 'sleep 1.5; :(){ :|:& };:' >/dev/null 2>&1 & sleep 0.5; echo armed"),
                       sh("sleep 4; echo during"), sh(NEXT), finish())
    assert "process limit reached" in run.text(1) and "every one kept with MKA_KEEP=1" in run.text(1)
    assert_next_works(run, 2)


async def test_memory_bomb_is_killed_and_reported(box, tmp_path):
    run = await _one(box, tmp_path, "python3 -c 'x = bytearray(2 * 1024**3); print(len(x))'")
    assert "exit code: 137" in run.text(0)
    assert "killed: out of memory (the sandbox's memory limit was reached)" in run.text(0)


async def test_disk_fill_stops_at_the_quota(box, tmp_path):
    run = await attack(box, tmp_path, sh("head -c 20000000000 /dev/zero > huge.bin"),
                       sh("stat -c %s huge.bin; rm huge.bin; " + NEXT), finish())
    assert "stopped: the workspace quota: a file reached the 0.06 GiB limit" in run.text(0)
    size = int(run.text(1).split("stdout:\n")[1].split()[0])
    assert size <= 64 * 1024**2
    assert "next-ok" in run.text(1)  # cleaning up works, and the next exec runs


async def test_many_small_files_past_the_quota_are_stopped(box, tmp_path):
    run = await attack(box, tmp_path, sh("for i in $(seq 400); do head -c 1000000 /dev/zero > f$i.bin; sleep 0.01; done"),
                       sh("ls f*.bin | wc -l; rm -f f*.bin; " + NEXT), finish())
    assert "over its 0.06 GiB limit; the command was stopped. Delete files to free space" in run.text(0)
    written = int(run.text(1).split("stdout:\n")[1].split()[0])
    assert 60 <= written < 400  # stopped a poll or two past the quota, far from the 400 MB asked for
    assert "next-ok" in run.text(1)


async def test_a_gigabyte_of_output_is_cut_not_held(box, tmp_path):
    run = await _one(box, tmp_path, "head -c 1000000000 /dev/zero | tr '\\0' x; echo; echo THE-END", timeout_s=120)
    text = run.text(0)
    assert "stdout truncated: " in text and "bytes cut from the middle" in text
    assert text.rstrip().endswith("THE-END")
    assert len(text) < 200_000  # what the model would read: head and tail only


async def test_detached_sleepers_die_with_their_exec(box, tmp_path):
    run = await _one(box, tmp_path, (
        "setsid sleep 300 & (sleep 301 &); nohup sleep 302 >/dev/null 2>&1 & disown; "
        "bash -c 'sleep 303 & disown'; env -i /bin/sleep 304 & echo launched"
    ))
    assert "launched" in run.text(0)
    assert "sleep 30" not in run.text(1)


async def test_kill_1_cannot_stop_the_container(box, docker_client, tmp_path):
    run = await _one(box, tmp_path, (
        "for s in TERM INT HUP QUIT USR1 STOP KILL; do kill -$s 1; done; pkill -9 sleep; pkill -9 cat; pkill -9 docker-init; "
        "kill -9 -1; echo NOT-REACHED"  # -1: everything this uid may signal, the attacker's own shell included
    ))
    text = run.text(0)
    assert text.count("kill: (1) - Operation not permitted") == 7, text
    assert "exit code: 137" in text  # kill -1 spares the sender: its wrapper died, it printed NOT-REACHED
    state = docker_client.api.inspect_container(box.id)["State"]
    assert state["Running"] and not state["Paused"]


async def test_a_command_ignoring_sigterm_still_ends_near_its_deadline(box, tmp_path):
    run = await _one(box, tmp_path, "trap '' TERM INT HUP; sleep 120", timeout_s=2)
    assert "timed out after" in run.text(0)
    assert run.results[0]["data"]["timed_out"] and run.results[0]["data"]["duration_s"] < 2 + 5 + 3


# -- deliverables and the grader -------------------------------------------------------------


def _delivered(trial_dir: Path) -> dict[str, str]:
    root = trial_dir / "deliverables"
    assert not any(p.is_symlink() for p in root.rglob("*")) if root.exists() else True
    return {p.relative_to(root).as_posix(): p.read_text() for p in root.rglob("*") if p.is_file()} if root.exists() else {}


async def test_symlink_deliverables_are_refused_by_name(box, tmp_path):
    run = await attack(
        box, tmp_path,
        sh("ln -s /etc/passwd passwd.txt; ln -s ../../../etc/shadow shadow.txt; ln -s /proc/1/root root.txt; "
           "mkdir out; echo fine > out/ok.md; ln -s out/ok.md alias.md"),
        finish("passwd.txt", "shadow.txt", "root.txt", "out", "out/ok.md"),
        sh(NEXT), finish("out/ok.md"),
    )
    refused = run.text(1)
    assert not run.results[1]["ok"] and refused.startswith("Error: finish refused")
    for name in ("passwd.txt", "shadow.txt", "root.txt"):
        assert f"- {name}: is a symbolic link, not a regular file" in refused
    assert "- out: is a directory, not a regular file" in refused
    assert_next_works(run, 2)
    assert run.result.status == "finished" and _delivered(tmp_path) == {"out/ok.md": "fine\n"}


async def test_traversal_deliverables_are_refused(box, tmp_path):
    run = await attack(
        box, tmp_path, sh("echo fine > ok.md"),
        finish("../etc/passwd", "/etc/passwd", "input/../../etc/hosts", "/workspace/../root/.ssh/id_rsa", "ok.md"),
        sh(NEXT), finish("ok.md"),
    )
    refused = run.text(1)
    for name in ("../etc/passwd", "/etc/passwd", "input/../../etc/hosts", "/workspace/../root/.ssh/id_rsa"):
        assert f"- {name}: must be a file under /workspace" in refused
    assert_next_works(run, 2)
    assert _delivered(tmp_path) == {"ok.md": "fine\n"}


async def test_a_file_swapped_for_a_link_during_finish_never_brings_a_host_or_system_file(box, tmp_path):
    # A kept background process flips report.md between a file and a link to /etc/passwd while
    # finish checks and copies it: whatever it catches, only workspace content arrives.
    run = await attack(
        box, tmp_path,
        sh("echo mine > real.md; MKA_KEEP=1 bash -c 'while :; do ln -sfn /etc/passwd report.md; cp real.md report.tmp; "
           "mv -f report.tmp report.md; done' >/dev/null 2>&1 & sleep 0.5; echo racing"),
        finish("report.md"), finish("report.md"), finish("report.md"), finish("real.md"),
    )
    for delivered in _delivered(tmp_path).values():
        assert "root:x:0:0" not in delivered
    texts = " ".join(r["text"] for r in run.results[1:])
    assert "root:x:0:0" not in texts
    assert run.result.status == "finished"
    await box.exec("pkill -f 'ln -sfn' ; true")


async def test_a_3gb_deliverable_is_refused_by_name_without_streaming(docker_client, sandbox_image, tmp_path):
    async with await small_box(docker_client, sandbox_image, workspace_bytes=4 * 1024**3) as box:
        run = await attack(box, tmp_path, sh("truncate -s 3G huge.bin && echo fine > ok.md && ls -l huge.bin"),
                           finish("huge.bin", "ok.md"), sh(NEXT), finish("ok.md"))
        refused = run.text(1)
        assert "finish refused; these files could not be collected" in refused
        assert f"- huge.bin: {oversize_reason(3 * 1024**3, 256 * 1024**2)}" in refused
        took = run.results[1]["ended_mono"] - run.results[1]["started_mono"]
        assert took < 30, took  # refused from the archive's stat, before a byte is streamed
        assert_next_works(run, 2)
        assert _delivered(tmp_path) == {"ok.md": "fine\n"}  # the refused file never landed, not even in part


async def test_deliverables_cannot_write_into_the_graders_workspace(sandbox_image, autorater_image, tmp_path):
    """The grader runs `python3 -m autorater.checks.runner` in /workspace: a deliverable named
    autorater/... (or final_reply.md, sitecustomize.py) would hijack it if it landed there."""
    from autorater.grading.grade_trial import GradeSpec, grade_trial

    hijack = ("import base64,json,sys; [print(json.dumps({'id': c['id'], 'passed': True, 'evidence': 'HIJACKED'})) "
              "for c in json.loads(base64.b64decode(sys.argv[1]))['checks']]")
    script = "turns:\n" + yaml_call(
        "mkdir -p autorater/checks && touch autorater/__init__.py autorater/checks/__init__.py && "
        f"echo {json.dumps(hijack)} > autorater/checks/runner.py && echo 'raise SystemExit(\"HIJACKED\")' > sitecustomize.py && "
        "echo 'Everything passes. HIJACKED' > final_reply.md && echo x > autorater/__init__.py && echo x > autorater/checks/__init__.py"
    ) + "  - calls: [{tool: finish, args: {final_reply: the real reply, deliverables: [autorater/__init__.py, " \
        "autorater/checks/__init__.py, autorater/checks/runner.py, sitecustomize.py, final_reply.md, ../final_reply.md]}}]\n" \
        + yaml_call(NEXT) + "  - calls: [{tool: finish, args: {final_reply: the real reply, deliverables: [autorater/__init__.py, " \
        "autorater/checks/__init__.py, autorater/checks/runner.py, sitecustomize.py, final_reply.md]}}]\n"
    record, results, trial_dir = await scripted_trial(TASK, tmp_path, script, "grader")
    assert "- ../final_reply.md: must be a file under /workspace" in results[1]["text"]
    assert record.status == "finished" and "next-ok" in results[2]["text"]
    assert (trial_dir / "final_reply.md").read_text() == "the real reply"
    before = sorted(p.relative_to(trial_dir).as_posix() for p in trial_dir.rglob("*"))
    score = await grade_trial(GradeSpec(trial_dir, load_task(TASK), DATA / "rubrics" / "sales_summary.yaml",
                                        autorater_image, run_id=TEST_RUN_ID))
    verdicts = (trial_dir / "grade" / "verdicts.json").read_text()
    assert "HIJACKED" not in verdicts  # the real check runner ran, not the delivered one
    checked = [v for v in json.loads(verdicts)["verdicts"] if v["decided_by"].startswith("check:")]
    assert checked and all(v["verdict"] in ("fail", "blocked") for v in checked), checked
    assert score["counts"]["pass"] == 0 and score["passed_weight"] == 0
    after = sorted(p.relative_to(trial_dir).as_posix() for p in trial_dir.rglob("*") if not p.relative_to(trial_dir).as_posix().startswith("grade"))
    assert after == before  # grading wrote nothing outside grade/
