"""Which Debian mirror to build from, and which host the isolation probes aim at: both come
from apt's own configuration, never from a host name written into the code.

A user behind a corporate mirror has exactly that mirror in /etc/apt; the bootstrapped base
image inherits it in its own sources.list, so the network probes inside a sandbox try to reach
the one outside host the machine is known to use (and must fail to)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

APT_DIR = Path("/etc/apt")
_LIST_LINE = re.compile(r"^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)")


def apt_mirrors(apt_dir: Path = APT_DIR) -> list[tuple[str, str]]:
    """(URI, suite) for every enabled `deb` source, one-line .list and deb822 .sources files alike."""
    found: list[tuple[str, str]] = []
    files = [apt_dir / "sources.list", *sorted((apt_dir / "sources.list.d").glob("*.list")),
             *sorted((apt_dir / "sources.list.d").glob("*.sources"))]
    for path in files:
        try:
            text = path.read_text(errors="replace")
        except OSError:
            continue
        if path.suffix == ".sources":
            for stanza in re.split(r"\n\s*\n", text):
                fields = dict(re.findall(r"^(\w[\w-]*):\s*(.+)$", stanza, re.M))
                if "deb" not in fields.get("Types", "").split() or fields.get("Enabled", "yes").lower() == "no":
                    continue
                found += [(uri, suite) for uri in fields.get("URIs", "").split() for suite in fields.get("Suites", "").split()]
        else:
            found += [m.groups() for line in text.splitlines() if (m := _LIST_LINE.match(line))]
    return found


def debian_mirror(release: str = "bookworm", apt_dir: Path = APT_DIR) -> str | None:
    """The host's mirror for `release` itself (not -security / -updates), if apt names one."""
    for uri, suite in apt_mirrors(apt_dir):
        if suite == release and urlparse(uri).scheme in ("http", "https"):
            return uri.rstrip("/")
    return None


# For a probe run inside a container: the host name of the first http(s) apt source of the
# image (what the image was built from), or nothing when it has none.
PROBE_HOST_SH = (
    "sed -nE 's#^[[:space:]]*(deb[[:space:]]+(\\[[^]]*\\][[:space:]]+)?|URIs:[[:space:]]*)https?://([^/[:space:]]+).*#\\3#p' "
    "/etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null | head -n1"
)
