"""Build project.bundle: the small, deterministic history of `checkout-service` that the task's
image clones to /opt/mka/checkout-service (a nested .git cannot be committed, a bundle can).

    python3 make_repo.py [--out project.bundle]      (needs git on the machine)

Every commit has a fixed author, committer, date and content, so the commit ids are the same
on every run and every machine; only the bundle's pack bytes may differ between git versions.
The story: 1.3.0 raised the payment gateway's timeout to 30 s for 3-D Secure challenges;
a performance change in the 1.4.0 window cut it to 15 s."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
from pathlib import Path

PEOPLE = {
    "ana": ("Ana Ruiz", "ana.ruiz@example.com"),
    "ben": ("Ben Okafor", "ben.okafor@example.com"),
    "chen": ("Chen Wei", "chen.wei@example.com"),
    "priya": ("Priya Nair", "priya.nair@example.com"),
    "marta": ("Marta Kowalski", "marta.kowalski@example.com"),
    "tomas": ("Tomás Silva", "tomas.silva@example.com"),
}

README = """# checkout-service

Takes a basket, charges the card through the payment gateway and confirms the order.

* `config/payments.toml` - gateway, fraud-check and currency settings
* `src/checkout/` - the service
* `docs/` - design notes
"""


def payments(timeout: int, retries: int = 2, backoff: str = "", fraud: int = 10,
             currencies: str = '["EUR"]') -> str:
    return f"""# Payment settings, read once at start-up.

[gateway]
url = "https://gateway.internal/v2/charges"
timeout_s = {timeout}
retries = {retries}
{backoff}
[fraud]
url = "https://fraud.internal/score"
timeout_s = {fraud}

[currency]
default = "EUR"
accepted = {currencies}
"""


GATEWAY = """import httpx

from checkout.config import settings


def charge(order, card):
    cfg = settings()["gateway"]
    payload = {{"amount": order.total, "currency": order.currency, "card": card.token{extra}}}
    return httpx.post(cfg["url"], json=payload, timeout=cfg["timeout_s"]){log}
"""

DOC_3DS = """# 3-D Secure challenges

When the issuer asks for a challenge, the customer leaves our page for the issuer's (a code by
text message, a banking app approval). Our charge request to the gateway stays open until the
issuer answers.

## Timing budget

| step | measured p99 |
| --- | --- |
| redirect to the issuer | 1.8 s |
| customer completes the challenge | 21.3 s |
| issuer answers the gateway | 1.5 s |
| total | 24.6 s |

Minimum gateway timeout: 28 s (the p99 above plus 3.4 s of margin). A shorter
`[gateway] timeout_s` aborts the charge while the customer is still on the issuer's page, and
the customer sees "Payment could not be completed".
"""

CHANGELOG_132 = """# Changelog

## 1.3.2 - 2024-05-06
- Declines log the issuer's response code.

## 1.3.0 - 2024-03-25
- The gateway waits 30 s, long enough for 3-D Secure challenges (PAY-1874).

## 1.2.0 - 2024-02-19
- GBP and CHF settlement.
"""

CHANGELOG_140 = CHANGELOG_132.replace("# Changelog\n", """# Changelog

## 1.4.0 - 2024-06-10
- Saved cards are shown first.
- Gateway calls retry 502 and 503 responses with backoff.
- Outbound calls follow the platform SLA timeouts (OPS-311).
- The payment error page is translated into German and French.
""")

# (who, date, message, {path: content}, tag). Dates carry their own time zone; a message may name
# an earlier commit by its ticket ({PAY-1874}), filled in with that commit's short id.
HISTORY = [
    ("ana", "2024-01-08T09:12:00+01:00", "Initial checkout service",
     {"README.md": README, "config/payments.toml": payments(20),
      "src/checkout/__init__.py": "", "src/checkout/gateway.py": GATEWAY.format(extra="", log="")}, None),
    ("ben", "2024-01-22T14:40:00+01:00", "gateway: send an idempotency key with every charge",
     {"src/checkout/gateway.py": GATEWAY.format(extra=', "idempotency_key": order.id', log="")}, None),
    ("ana", "2024-02-05T11:03:00+01:00", "docs: 3-D Secure flow and timing budget",
     {"docs/payments/3ds.md": DOC_3DS}, None),
    ("chen", "2024-02-19T16:25:00+01:00", "payments: settle in GBP and CHF",
     {"config/payments.toml": payments(20, currencies='["EUR", "GBP", "CHF"]')}, "v1.2.0"),
    ("priya", "2024-03-11T10:47:00+01:00",
     "gateway: raise the timeout to 30 s for 3-D Secure challenges (PAY-1874)\n\n"
     "Card payments that needed a 3-D Secure challenge were aborted at 20 s while the\n"
     "customer was still on the issuer's page. See docs/payments/3ds.md for the timing\n"
     "budget; 30 s keeps the charge open until the issuer answers.",
     {"config/payments.toml": payments(30, currencies='["EUR", "GBP", "CHF"]')}, None),
    ("ben", "2024-03-25T09:30:00+01:00", "ci: run the tests on Python 3.12",
     {".ci/python-version": "3.12\n"}, "v1.3.0"),
    ("chen", "2024-04-15T15:05:00+02:00", "gateway: log the issuer's response code on declines",
     {"src/checkout/gateway.py": GATEWAY.format(
         extra=', "idempotency_key": order.id',
         log='\n\n\ndef log_decline(response, log):\n    log.warning("declined: %s", response.json().get("issuer_code"))')},
     "v1.3.1"),
    ("ana", "2024-05-03T12:00:00+02:00", "Release 1.3.2", {"CHANGELOG.md": CHANGELOG_132}, "v1.3.2"),
    ("marta", "2024-05-08T10:21:00+02:00", "checkout: show saved cards first",
     {"src/checkout/cards.py": "def ordered(cards):\n    return sorted(cards, key=lambda c: not c.saved)\n"}, None),
    ("ben", "2024-05-14T13:58:00+02:00", "gateway: retry 502 and 503 responses with backoff",
     {"config/payments.toml": payments(30, retries=3, backoff="backoff_ms = 400\n",
                                       currencies='["EUR", "GBP", "CHF"]')}, None),
    ("chen", "2024-05-21T09:44:00+02:00", "deps: bump httpx to 0.27",
     {"requirements.txt": "httpx==0.27.0\n"}, None),
    ("tomas", "2024-05-29T17:36:00+02:00",
     "perf: apply the platform SLA timeouts to outbound calls (OPS-311)\n\n"
     "The platform SLA caps every outbound call at 15 s, and the fraud check at 8 s.\n"
     "Aligns config/payments.toml with it. Supersedes the gateway value set in {PAY-1874}.",
     {"config/payments.toml": payments(15, retries=3, backoff="backoff_ms = 400\n", fraud=8,
                                       currencies='["EUR", "GBP", "CHF"]')}, None),
    ("marta", "2024-06-04T11:15:00+02:00", "checkout: translate the payment error page (de, fr)",
     {"src/checkout/templates/payment_error.de.html": "<p>Die Zahlung konnte nicht abgeschlossen werden.</p>\n",
      "src/checkout/templates/payment_error.fr.html": "<p>Le paiement n'a pas pu aboutir.</p>\n"}, None),
    ("ana", "2024-06-07T16:02:00+02:00", "Release 1.4.0", {"CHANGELOG.md": CHANGELOG_140}, "v1.4.0"),
]


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=env).stdout.strip()


def build(out: Path) -> None:
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    base_env.update({"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "TZ": "UTC"})
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "checkout-service"
        subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=base_env)
        shas: dict[str, str] = {}
        for who, date, message, files, tag in HISTORY:
            for path, content in files.items():
                target = repo / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(content, encoding="utf-8")
            name, email = PEOPLE[who]
            env = dict(base_env, GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email, GIT_AUTHOR_DATE=date,
                       GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email, GIT_COMMITTER_DATE=date)
            git(repo, "add", "-A", env=env)
            git(repo, "commit", "-q", "--no-verify", "-m", re.sub(r"\{(\w+-\d+)\}", lambda m: shas[m[1]], message),
                env=env)
            for ticket in re.findall(r"\((\w+-\d+)\)", message.splitlines()[0]):
                shas[ticket] = git(repo, "rev-parse", "--short=10", "HEAD", env=env)
            if tag:
                git(repo, "tag", tag, env=env)  # lightweight: no tagger date to pin
        git(repo, "bundle", "create", str(out.resolve()), "--all", env=base_env)
        print(git(repo, "log", "--format=%H %an %ad %s", "--date=iso", env=base_env))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "project.bundle")
    build(parser.parse_args().out)


if __name__ == "__main__":
    main()
