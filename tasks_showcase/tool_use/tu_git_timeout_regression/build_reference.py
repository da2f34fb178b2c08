"""Reference: the ticket's release window -> the commits in it -> the one that changed the gateway
timeout (who, when, old and new value) -> the earlier commit its message names (who set the old
value, and why) -> the guidance that commit cites. Every call goes to the real mcp-server-git
over stdio, inside the task's image (see _lib/build.sh)."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from refkit import Reference
from stdiokit import StdioTools

REPO = "/opt/mka/checkout-service"  # the prompt names it; the server is confined to it
# From the ticket: the window between the last good and the first bad release, and the suspect.
LAST_GOOD, FIRST_BAD = "2024-05-06", "2024-06-10"
FILE, SECTION, KEY = "config/payments.toml", "gateway", "timeout_s"


def commits(log: str) -> list[dict]:
    out = []
    for block in log.split("Commit: ")[1:]:
        sha, author, date, message = re.match(r"(\w+)\nAuthor: (.*)\nDate: (.*)\nMessage: (.*)", block, re.S).groups()
        out.append({"sha": sha, "author": author, "date": date, "message": message.strip()})
    return out


def header(show: str) -> dict:
    m = re.match(r"commit (\w+)\nAuthor: (.*) <.*>\nDate:   (\S+) (\S+) (\S+)\n\n(.*?)\n\n---", show, re.S)
    assert m, show[:500]
    sha, author, day, time, zone, message = m.groups()
    return {"sha": sha, "author": author, "day": day, "when": f"{day} {time} {zone}",
            "message": "\n".join(line.strip() for line in message.splitlines()).strip()}


def change(show: str, path: str, section: str, key: str) -> tuple[int, int]:
    """(old, new) value of `key` in `[section]` of `path`, from a commit's patch."""
    patch = show.split(f"--- a/{path}\n+++ b/{path}\n", 1)[1].split("\n--- ", 1)[0]
    current, old, new = None, None, None
    for line in patch.splitlines():
        body = line[1:]
        if m := re.match(r"\[(\w+)\]", body):
            current = m[1]
        if current == section and (m := re.match(rf"{key} = (\d+)", body)):
            if line.startswith("-"):
                old = int(m[1])
            elif line.startswith("+"):
                new = int(m[1])
    assert old is not None and new is not None, patch
    return old, new


with StdioTools(__file__) as tools:
    ref = Reference(__file__, tool=tools)
    log = ref.call("git/git_log", {"repo_path": REPO, "start_timestamp": LAST_GOOD, "end_timestamp": FIRST_BAD},
                   uses_image=True)
    window = commits(log.result)
    suspects = [c for c in window if "timeout" in c["message"].lower()]
    assert len(window) == 6 and len(suspects) == 1, window  # one commit of the window talks about timeouts

    ref.step()
    show = ref.call("git/git_show", {"repo_path": REPO, "revision": suspects[0]["sha"]}, after=[log])
    culprit = header(show.result)
    old, new = change(show.result, FILE, SECTION, KEY)
    assert (old, new) == (30, 15)
    fraud_old, fraud_new = change(show.result, FILE, "fraud", KEY)
    earlier_id = re.search(r"value set in ([0-9a-f]{7,40})", culprit["message"])[1]

    ref.step()
    earlier = ref.call("git/git_show", {"repo_path": REPO, "revision": earlier_id}, after=[show])
    setter = header(earlier.result)
    assert change(earlier.result, FILE, SECTION, KEY) == (20, old)
    reason = setter["message"].split("\n\n", 1)[1].replace("\n", " ")
    ticket = re.search(r"\((PAY-\d+)\)", setter["message"])[1]
    doc = re.search(r"docs/\S+\.md", reason)[0]

    ref.step()
    guide = ref.call("git/git_show", {"repo_path": REPO, "revision": f"HEAD:{doc}"}, after=[earlier])
    minimum = int(re.search(r"Minimum gateway timeout: (\d+) s", guide.result)[1])
    p99 = re.search(r"\| total \| ([\d.]+) s \|", guide.result)[1]
    assert new < minimum <= old

    ref.write(
        f"1. The current value, [{SECTION}] {KEY} = {new}, was set by commit {culprit['sha']} "
        f"(\"{culprit['message'].splitlines()[0]}\") by {culprit['author']} on {culprit['when']}; it cut the "
        f"gateway timeout from {old} s to {new} s (and the fraud check's from {fraud_old} s to {fraud_new} s) to follow the platform SLA. "
        f"2. Before it the value was {old} s, set by commit {setter['sha']} by {setter['author']} on {setter['when']} "
        f"for {ticket}: {reason.split(' See ')[0]} "
        f"3. No: {doc} sets a minimum gateway timeout of {minimum} s (the 3-D Secure challenge's p99 of {p99} s plus "
        f"margin), so {new} s is {minimum - new} s short and aborts charges while the customer is still on the "
        f"issuer's page; the earlier {old} s met it.")
