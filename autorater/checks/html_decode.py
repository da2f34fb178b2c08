"""Decoding an HTML deliverable's bytes the way a browser would, robustly.

Handing the raw bytes to BeautifulSoup let a lying declaration win: a UTF-8 page declaring
<meta charset="utf-16"> decoded to CJK noise, parsed to nothing, and so "no external
requests" passed on a page full of CDN scripts. The order here:
1. a byte-order mark (UTF-8, UTF-16, UTF-32) decides;
2. NUL bytes in every other position with no BOM: UTF-16 (LE or BE);
3. a charset declared in <meta> or an XML declaration, if Python knows it, it is not
   UTF-16/32 (the HTML standard ignores those in a prescan, and they cannot be declared in
   ASCII-compatible bytes anyway) and the bytes decode strictly with it;
4. UTF-8, if the bytes are valid UTF-8; then windows-1252 (the web's default for legacy
   pages); and never failing: UTF-8 with replacement characters.
`markup_tags` counts tag-like openings so the caller can refuse a page that visibly holds
markup but parsed to no element (an error, never a vacuous pass)."""

from __future__ import annotations

import codecs
import re

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_DECLARED = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)|<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9._:-]+)""",
    re.IGNORECASE,
)
# A tag opening other than html/head/body (which a parser invents for any text anyway).
_TAG = re.compile(rb"<(?!(?:html|head|body)[\s>/])[A-Za-z][A-Za-z0-9-]*[\s>/]", re.IGNORECASE)
_PRESCAN = 4096  # bytes searched for a declaration, as a browser's prescan does (1024) with margin


def decode(raw: bytes) -> tuple[str, str]:
    """(text, how it was decoded: the encoding and why)."""
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom):].decode(name, errors="replace"), f"{name} (byte-order mark)"
    sample = raw[:_PRESCAN]
    if len(sample) >= 8:
        odd, even = sample[1::2].count(0), sample[0::2].count(0)
        half = len(sample) // 2
        if odd > half * 0.4 and even < half * 0.05:
            return raw.decode("utf-16-le", errors="replace"), "utf-16-le (no byte-order mark; detected from NUL bytes)"
        if even > half * 0.4 and odd < half * 0.05:
            return raw.decode("utf-16-be", errors="replace"), "utf-16-be (no byte-order mark; detected from NUL bytes)"
    declared = _declared(sample)
    ignored = ""
    if declared is not None:
        name = _codec(declared)
        if name is None:
            ignored = f"; declared charset {declared!r} is unknown, ignored"
        elif name.startswith(("utf-16", "utf-32")):
            ignored = f"; declared charset {declared!r} cannot describe these bytes, ignored"
        else:
            try:
                return raw.decode(name), f"{name} (declared)"
            except UnicodeDecodeError:
                ignored = f"; declared charset {declared!r} does not decode the bytes, ignored"
    for name in ("utf-8", "windows-1252"):
        try:
            return raw.decode(name), name + ignored
        except UnicodeDecodeError:
            continue
    return raw.decode("utf-8", errors="replace"), "utf-8 with replacement characters" + ignored


def _declared(sample: bytes) -> str | None:
    m = _DECLARED.search(sample)
    if not m:
        return None
    return (m.group(1) or m.group(2)).decode("ascii", "replace")


def _codec(label: str) -> str | None:
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def markup_tags(raw: bytes, text: str) -> int:
    """How many tag-like openings (html/head/body aside) the file holds, in its bytes (NULs dropped, so UTF-16/32
    markup counts too) or in the decoded text, whichever shows more."""
    return max(len(_TAG.findall(raw.replace(b"\0", b""))), len(_TAG.findall(text.encode("utf-8", "replace"))))
