"""Opening OOXML packages that other tools wrote, the way Office does.

python-docx, python-pptx and openpyxl (and LibreOffice, for some of these) refuse or misread
packages that Word/Excel/PowerPoint open without complaint; each case below once gave an
error or a wrong verdict instead of grading the file:
- part names that differ only in case from their references ("[content_types].xml",
  "xl/sharedstrings.xml" referenced as sharedStrings.xml): OPC part names are
  case-insensitive, zip member names are not, so references are rewritten to the names
  the archive really holds;
- a main part sitting anywhere (a workbook at the package root, no xl/ folder), found through
  _rels/.rels like Office finds it, with its content type added when a writer left it out;
- macro-enabled, template and slideshow variants (.docm, .dotx, .pptm, .ppsx, .xlsm, ...):
  read as the plain document (the libraries never execute anything; macros never run);
- Strict OOXML (ISO/IEC 29500 Strict, namespaces http://purl.oclc.org/ooxml/...): the
  libraries read none of it, so the caller converts it with LibreOffice (which reads Strict);
- an OLE compound file (starts D0 CF 11 E0): either an encrypted OOXML package (refused as
  password-protected) or a legacy binary .doc/.xls/.ppt under an OOXML name (converted).

`prepare` returns what the parser should open and notes for the evidence; a package needing
no change is opened in place (no copy)."""

from __future__ import annotations

import posixpath
import shutil
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autorater.checks import office
from autorater.checks.context import CheckContext, scratch_key
from autorater.checks.result import CheckError, InfraError
from autorater.checks.safety import check_size, is_ole, preflight_zip, refuse_encrypted_ole, safe_xml_parser

_CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_STRICT = "http://purl.oclc.org/ooxml/"
_OD = "officedocument."
# family -> (what the check reads, plain main content type, main part's root element)
FAMILIES = {
    "word": ("Word document", f"application/vnd.openxmlformats-{_OD}wordprocessingml.document.main+xml", "document"),
    "presentation": ("presentation", f"application/vnd.openxmlformats-{_OD}presentationml.presentation.main+xml",
                     "presentation"),
    "spreadsheet": ("workbook", f"application/vnd.openxmlformats-{_OD}spreadsheetml.sheet.main+xml", "workbook"),
}
# main content type -> (family, variant read as the plain document)
VARIANTS = {
    "application/vnd.ms-word.document.macroenabled.main+xml": ("word", "macro-enabled document (.docm)"),
    f"application/vnd.openxmlformats-{_OD}wordprocessingml.template.main+xml": ("word", "template (.dotx)"),
    "application/vnd.ms-word.template.macroenabledtemplate.main+xml": ("word", "macro-enabled template (.dotm)"),
    "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml": ("presentation", "macro-enabled deck (.pptm)"),
    f"application/vnd.openxmlformats-{_OD}presentationml.slideshow.main+xml": ("presentation", "slideshow (.ppsx)"),
    "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml":
        ("presentation", "macro-enabled slideshow (.ppsm)"),
    f"application/vnd.openxmlformats-{_OD}presentationml.template.main+xml": ("presentation", "template (.potx)"),
    "application/vnd.ms-powerpoint.template.macroenabled.main+xml": ("presentation", "macro-enabled template (.potm)"),
    "application/vnd.ms-excel.sheet.macroenabled.main+xml": ("spreadsheet", "macro-enabled workbook (.xlsm)"),
    f"application/vnd.openxmlformats-{_OD}spreadsheetml.template.main+xml": ("spreadsheet", "template (.xltx)"),
    "application/vnd.ms-excel.template.macroenabled.main+xml": ("spreadsheet", "macro-enabled template (.xltm)"),
}
_ROOT_FAMILY = {spec[2]: family for family, spec in FAMILIES.items()}
SUFFIX = {"word": ".docx", "presentation": ".pptx", "spreadsheet": ".xlsx"}


@dataclass
class Prepared:
    """path: what to open. how: "ooxml" (a package the libraries read), "strict" (Strict
    OOXML: convert with LibreOffice first) or "legacy" (a binary Office file: convert)."""

    path: Path
    how: str = "ooxml"
    notes: list[str] = field(default_factory=list)

    def note(self) -> str | None:
        return "; ".join(self.notes) or None


def prepare(src: Path, family: str, work_dir: Path) -> Prepared:
    """Make `src` openable as a `family` package, or raise CheckError saying why it cannot be."""
    what = FAMILIES[family][0]
    check_size(src)
    if is_ole(src):
        refuse_encrypted_ole(src)
        return Prepared(src, "legacy", [f"a legacy binary Office file (OLE compound document) named {src.suffix}"])
    preflight_zip(src, what)
    with zipfile.ZipFile(src) as archive:
        return _Package(src, archive, family).prepare(work_dir)


def _apple_double(name: str) -> bool:
    posix = name.replace("\\", "/")
    return posix.startswith("__MACOSX/") or posix.rsplit("/", 1)[-1].startswith("._")


class _Package:
    def __init__(self, src: Path, archive: zipfile.ZipFile, family: str) -> None:
        self.src, self.archive, self.family = src, archive, family
        members = [i.filename for i in archive.infolist() if not i.is_dir()]
        # macOS's zip adds AppleDouble files ("__MACOSX/_rels/._.rels"): no part of the package.
        self.dropped = [name for name in members if _apple_double(name)]
        self.names = [name for name in members if not _apple_double(name)]
        # A part name as the package means it: Windows writers store "xl\\sharedStrings.xml" and
        # "_rels\\.rels", which Excel, Apache POI and calamine read as folders; so do we.
        self.posix = {name: name.replace("\\", "/") for name in self.names}
        self.by_posix: dict[str, str] = {}
        self.lower: dict[str, str] = {}
        for name, posix in self.posix.items():
            self.by_posix.setdefault(posix, name)
            self.lower.setdefault(posix.lower(), name)
        self.parser = safe_xml_parser()
        self.renames: dict[str, str] = {n: p for n, p in self.posix.items() if n != p}  # member -> new member name
        self.rewritten: dict[str, bytes] = {}  # new member name -> new content
        self.notes: list[str] = []
        if self.dropped:
            self.notes.append(f"{len(self.dropped)} macOS resource-fork entr{'y' if len(self.dropped) == 1 else 'ies'} "
                              "(__MACOSX/, ._*) left out, as Office does")
        if self.renames:
            self.notes.append(f"{len(self.renames)} part name(s) written with backslashes read as folders, "
                              f"as Office does (e.g. {next(iter(self.renames))})")
        self.case_fixes: list[str] = []  # members whose names differ in case from their references

    def actual(self, name: str) -> str | None:
        """The member holding part `name` (OPC part names are case-insensitive; a backslash in
        a member's name is a folder separator)."""
        return self.by_posix.get(name) or self.lower.get(name.lower())

    def final(self, member: str) -> str:
        """The name `member` gets in the package the parser opens."""
        return self.renames.get(member, member)

    def xml(self, member: str) -> Any:
        from lxml import etree

        try:
            return etree.fromstring(self.archive.read(member), self.parser)
        except etree.XMLSyntaxError as exc:
            raise CheckError(f"{self.src.name}: part {member} is not well-formed XML ({exc})") from None

    def prepare(self, work_dir: Path) -> Prepared:
        what = FAMILIES[self.family][0]
        types_member = self._canonical("[Content_Types].xml")
        rels_member = self._canonical("_rels/.rels")
        if types_member is None or rels_member is None:
            missing = "[Content_Types].xml" if types_member is None else "_rels/.rels"
            raise CheckError(f"{self.src.name} is not an Office Open XML {what}: the package has no {missing}")
        main, strict = self._main_part(rels_member)
        if strict or self._root(main)[0].startswith(_STRICT):
            return Prepared(self.src, "strict", ["Strict OOXML (ISO/IEC 29500 Strict)"])
        self._fix_references()
        self._fix_content_types(types_member, main)
        notes = list(self.notes)
        if self.case_fixes:
            shown = ", ".join(list(dict.fromkeys(self.case_fixes))[:4])
            notes.insert(0, f"part names matched case-insensitively, as Office does ({shown})")
        if not self.renames and not self.rewritten and not self.dropped:
            return Prepared(self.src, "ooxml", notes)
        return Prepared(self._write(work_dir), "ooxml", notes)

    def _canonical(self, name: str) -> str | None:
        member = self.actual(name)
        if member is not None and self.posix[member] != name:
            self.renames[member] = name
            self.case_fixes.append(member)
        return member

    def _main_part(self, rels_member: str) -> tuple[str, bool]:
        for rel in self.xml(rels_member).iter(f"{_REL_NS}Relationship"):
            kind = rel.get("Type") or ""
            if kind.endswith("/officeDocument") and rel.get("TargetMode") != "External":
                target = posixpath.normpath((rel.get("Target") or "").lstrip("/"))
                member = self.actual(target)
                if member is None:
                    raise CheckError(f"{self.src.name}: its main part {target} (named in _rels/.rels) is missing")
                return member, kind.startswith(_STRICT)
        raise CheckError(f"{self.src.name}: _rels/.rels names no main document part (officeDocument relationship)")

    def _root(self, member: str) -> tuple[str, str]:
        """(namespace, local name) of a part's root element, read without parsing the whole
        part (a document.xml or sheet can be tens of megabytes)."""
        from lxml import etree

        try:
            with self.archive.open(member) as stream:
                for _, el in etree.iterparse(stream, events=("start",), resolve_entities=False, no_network=True,
                                             load_dtd=False, huge_tree=False):
                    name = etree.QName(el)
                    return name.namespace or "", name.localname
        except etree.XMLSyntaxError as exc:
            raise CheckError(f"{self.src.name}: part {member} is not well-formed XML ({exc})") from None
        raise CheckError(f"{self.src.name}: part {member} is empty")

    def _fix_references(self) -> None:
        """Point every relationship at the member the archive really has; move each part's
        .rels file next to the part's real name."""
        from lxml import etree

        for member in [n for n in self.names if n.lower().endswith(".rels")]:
            name = self.posix[member]
            folder = posixpath.dirname(posixpath.dirname(name))  # "<dir>/_rels/x.rels" -> "<dir>"
            source = posixpath.join(folder, posixpath.basename(name)[: -len(".rels")])
            real_source = self.actual(source)
            if real_source is not None and name.lower() != "_rels/.rels":
                folder_of, name_of = posixpath.split(self.final(real_source))
                want = posixpath.join(folder_of, "_rels", name_of + ".rels")
                if want != self.final(member):
                    self.renames[member] = want
                    self.case_fixes.append(member)
            root, changed = self.xml(member), False
            for rel in root.iter(f"{_REL_NS}Relationship"):
                target = (rel.get("Target") or "").replace("\\", "/")
                if rel.get("TargetMode") == "External" or not target or "://" in target:
                    continue
                base = "" if name.lower() == "_rels/.rels" else folder
                joined = target.lstrip("/") if target.startswith("/") else posixpath.join(base, target)
                absolute = posixpath.normpath(joined)
                real = self.actual(absolute)
                if real is not None and (self.final(real) != absolute or target != rel.get("Target")):
                    rel.set("Target", "/" + self.final(real))
                    if self.posix[real] != absolute:  # found case-insensitively
                        self.case_fixes.append(real)
                    changed = True
            if changed:
                self.rewritten[self.final(member)] = etree.tostring(
                    root, xml_declaration=True, encoding="UTF-8", standalone=True)

    def _fix_content_types(self, types_member: str, main: str) -> None:
        from lxml import etree

        root = self.xml(types_member)
        label, plain, _ = FAMILIES[self.family]
        overrides = {(o.get("PartName") or "").replace("\\", "/").lstrip("/").lower(): o
                     for o in root.iter(f"{_CT_NS}Override")}
        changed = False
        for key, override in overrides.items():  # a PartName in the wrong case (or with backslashes)
            real = self.actual(key)
            if real is not None and override.get("PartName") != "/" + self.final(real):
                if self.final(real).lower() != key:
                    self.case_fixes.append(real)
                override.set("PartName", "/" + self.final(real))
                changed = True
        main_override = overrides.get(self.posix[main].lower())
        declared = (main_override.get("ContentType") or "") if main_override is not None else ""
        element = self._root(main)[1]
        found = _ROOT_FAMILY.get(element)
        if found is None:
            raise CheckError(f"{self.src.name}: its main part {main} is a <{element}>, not a {label}")
        if found != self.family:
            raise CheckError(f"{self.src.name} is a {FAMILIES[found][0]}, not a {label}")
        variant = VARIANTS.get(declared.lower())
        if declared.lower() == plain:
            pass
        elif variant is not None and variant[0] == self.family:
            self.notes.append(f"{variant[1]} read as a plain {label}; macros are never run")
            main_override.set("ContentType", plain)
            changed = True
        elif main_override is None:
            etree.SubElement(root, f"{_CT_NS}Override", PartName="/" + self.final(main), ContentType=plain)
            self.notes.append(f"no content type declared for the main part {main}: read as a {label}")
            changed = True
        else:  # an unknown type on a part whose root element says what it is
            main_override.set("ContentType", plain)
            self.notes.append(f"main part declared as {declared!r}; its content is a {label}, read as one")
            changed = True
        if changed:
            self.rewritten[self.final(types_member)] = etree.tostring(
                root, xml_declaration=True, encoding="UTF-8", standalone=True)

    def _write(self, work_dir: Path) -> Path:
        key = scratch_key(self.src)
        out = work_dir / f"ooxml-{key}" / f"doc{SUFFIX[self.family]}"  # openpyxl insists on a suffix
        if out.exists():
            return out
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as dest:
            for info in self.archive.infolist():
                if info.is_dir() or _apple_double(info.filename):
                    continue
                name = self.renames.get(info.filename, info.filename)
                if name in self.rewritten:
                    dest.writestr(name, self.rewritten[name])
                    continue
                target = zipfile.ZipInfo(name, info.date_time)
                target.compress_type = zipfile.ZIP_DEFLATED
                with self.archive.open(info) as data, dest.open(target, "w") as sink:
                    shutil.copyfileobj(data, sink, 1 << 20)
        partial.rename(out)
        return out


@dataclass(frozen=True)
class Readable:
    """A file a library can open: path, what was done to it (for the evidence), and whether
    LibreOffice produced it (then it is already recalculated)."""

    path: Path
    note: str | None
    by_libreoffice: bool = False


def readable(ctx: CheckContext, family: str) -> Readable:
    """The check's file as a package python-docx / python-pptx / openpyxl can open: prepared
    in place when possible, else converted by LibreOffice (Strict OOXML, legacy binaries)."""
    src = ctx.file()
    prepared = ctx.load(f"ooxml.{family}", lambda: prepare(src, family, ctx.work_dir))
    if prepared.how == "ooxml":
        return Readable(prepared.path, prepared.note())
    try:
        converted = office.convert(src, SUFFIX[family][1:], ctx.work_dir, ctx.remaining())
    except InfraError:  # a timeout or a missing LibreOffice: the grader's problem, reported as such
        raise
    except CheckError as exc:
        if prepared.how == "strict":
            raise CheckError(
                f"{src.name} is Strict OOXML (ISO/IEC 29500 Strict), which is read through a LibreOffice "
                f"conversion, and that failed: {exc}"
            ) from None
        raise
    return Readable(converted, f"{prepared.note()}: converted by LibreOffice", by_libreoffice=True)
