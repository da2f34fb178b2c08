"""Refuse hostile files before a parser sees them.

What we rely on, and what we add:
- Zip bombs: zipfile trusts the sizes in the central directory and never inflates a member
  past its declared size, so checking the declared sizes (total, and the compression ratio
  of big members) before openpyxl/python-docx/python-pptx open the archive is sound.
- XML entity expansion ("billion laughs") and external entities: OOXML never needs a DTD,
  so any XML part declaring one (<!DOCTYPE / <!ENTITY, in UTF-8 or UTF-16) is refused
  outright. Behind that: python-docx/python-pptx parse with lxml resolve_entities=False,
  openpyxl uses the stdlib parser on expat ≥ 2.4 (which caps entity amplification), and
  defusedxml is not installed. Our own XML parsing uses SAFE_PARSER below.
- Office's "Encrypt with password" output is an OLE compound file, not a zip: it is named
  as password-protected (refuse_encrypted_ole), never reported as a corrupt zip.
- Everything runs in a network-less container under a per-check deadline and, in the
  runner's worker, an address-space limit.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from autorater.checks.result import CheckError

MiB = 1024 * 1024
MAX_FILE_BYTES = 256 * MiB
MAX_ZIP_MEMBERS = 20_000
MAX_ZIP_TOTAL = 1024 * MiB  # declared uncompressed bytes, all members together
MAX_RATIO = 200  # uncompressed / compressed, for members over RATIO_FLOOR
RATIO_FLOOR = 16 * MiB
_XML_SUFFIXES = (".xml", ".rels", ".vml")
CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_STREAMS = ("EncryptedPackage".encode("utf-16-le"), "EncryptionInfo".encode("utf-16-le"))
_DTD_MARKERS = tuple(
    marker.encode(enc) for marker in ("<!DOCTYPE", "<!ENTITY") for enc in ("utf-8", "utf-16-le", "utf-16-be")
)


def check_size(path: Path, limit: int = MAX_FILE_BYTES) -> int:
    size = path.stat().st_size
    if size > limit:
        raise CheckError(f"{path.name} is {size / MiB:.0f} MiB, over the {limit / MiB:.0f} MiB limit for grading")
    return size


def is_ole(path: Path) -> bool:
    """An OLE compound file (legacy .doc/.xls/.ppt, or an encrypted OOXML package)?"""
    with path.open("rb") as fh:
        return fh.read(8) == CFB_MAGIC


def refuse_encrypted_ole(path: Path) -> None:
    """Raise CheckError for Office's "Encrypt with password" output: an OLE compound file
    holding EncryptionInfo/EncryptedPackage streams (whatever the file's name says)."""
    if not is_ole(path):
        return
    with path.open("rb") as fh:
        if _holds_any(fh, _ENCRYPTED_STREAMS):
            raise CheckError(
                f"{path.name} is password-protected / encrypted (an encrypted Office file is an OLE compound "
                "file holding an EncryptedPackage, not a zip): it cannot be graded without the password"
            )


def preflight_zip(path: Path, what: str) -> None:
    """Raise CheckError unless `path` is a sane zip container (OOXML/ODF)."""
    check_size(path)
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            _check_infos(infos, path.name)
            for info in infos:
                if info.filename.lower().endswith(_XML_SUFFIXES):
                    _refuse_dtd(archive, info, path.name)
    except zipfile.BadZipFile as exc:
        refuse_encrypted_ole(path)  # "not a zip" because it is encrypted: say so
        raise CheckError(f"{path.name} is not a valid {what} file (corrupt zip container: {exc})") from None
    except (zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError, OSError) as exc:
        # RuntimeError: encrypted member; NotImplementedError: unsupported compression
        raise CheckError(f"{path.name} cannot be read as a {what} file: {exc}") from None


def _check_infos(infos: list[zipfile.ZipInfo], name: str) -> None:
    if len(infos) > MAX_ZIP_MEMBERS:
        raise CheckError(f"{name} refused: {len(infos)} archive members (limit {MAX_ZIP_MEMBERS})")
    total = sum(i.file_size for i in infos)
    if total > MAX_ZIP_TOTAL:
        raise CheckError(
            f"{name} refused as a possible zip bomb: it declares {total / MiB:,.0f} MiB uncompressed "
            f"(limit {MAX_ZIP_TOTAL / MiB:,.0f} MiB)"
        )
    for info in infos:
        if info.flag_bits & 0x1:
            raise CheckError(f"{name} refused: member {info.filename} is encrypted")
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > RATIO_FLOOR and ratio > MAX_RATIO:
            raise CheckError(
                f"{name} refused as a possible zip bomb: member {info.filename} inflates "
                f"{ratio:,.0f}× to {info.file_size / MiB:,.0f} MiB "
                f"(limit {MAX_RATIO}× above {RATIO_FLOOR // MiB} MiB)"
            )


def _refuse_dtd(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> None:
    with archive.open(info) as stream:
        if _holds_any(stream, _DTD_MARKERS):
            raise CheckError(
                f"{name} refused: XML part {info.filename} declares a DTD/entities "
                "(<!DOCTYPE>/<!ENTITY>), which OOXML never needs (entity-expansion attack)"
            )


def _holds_any(stream, markers, chunk_bytes: int = 1 << 20) -> bool:
    """Whether any marker occurs in the stream, read in chunks (a marker may span two)."""
    overlap = max(len(m) for m in markers) - 1
    tail = b""
    while chunk := stream.read(chunk_bytes):
        window = tail + chunk
        if any(marker in window for marker in markers):
            return True
        tail = window[-overlap:] if overlap else b""
    return False


def safe_xml_parser():  # -> lxml.etree.XMLParser (lxml is imported lazily: container only)
    from lxml import etree

    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
