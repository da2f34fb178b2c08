"""The text of a Word document as a reader sees it, walked from the XML.

python-docx's Document.paragraphs / Paragraph.text see only the body's direct paragraphs
and plain runs, so text that Word, Google Docs and templates put elsewhere was invisible to
the docx checks (a criterion failed although the words were on the page):
- content controls (w:sdt), block-level and inline, and custom XML wrappers;
- tracked insertions (w:ins / w:moveTo: shown) — deletions (w:del / w:moveFrom) are not text;
- text boxes (w:txbxContent), which Word stores twice (DrawingML in mc:Choice plus a VML copy
  in mc:Fallback): only the first choice is read, so nothing counts twice;
- merged table cells: each cell once (python-docx's row.cells repeats a spanned cell);
- headers, footers, footnotes and endnotes, as separate stories.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_WRAPPERS = {  # block-level containers whose paragraphs are read (footnote/endnote: in their parts)
    "sdt", "sdtContent", "customXml", "ins", "moveTo", "smartTag", "fldSimple", "hyperlink", "footnote", "endnote",
}
_SKIPPED = {"del", "moveFrom", "sdtPr", "sdtEndPr", "rPr", "pPr", "instrText", "delText"}
_STORIES = ("header", "footer", "footnotes", "endnotes")


def _name(el: Any) -> tuple[str, str]:
    tag = el.tag
    if not isinstance(tag, str) or not tag.startswith("{"):
        return "", ""
    ns, local = tag[1:].split("}", 1)
    return ns, local


def _children(el: Any) -> Iterator[Any]:
    """Children with markup-compatibility resolved: an mc:AlternateContent yields its first
    mc:Choice's children (never the Fallback copy of the same content)."""
    for child in el:
        ns, local = _name(child)
        if ns == _MC and local == "AlternateContent":
            choice = next((c for c in child if _name(c) == (_MC, "Choice")), None)
            chosen = choice if choice is not None else next((c for c in child if _name(c) == (_MC, "Fallback")), None)
            if chosen is not None:
                yield from _children(chosen)
        else:
            yield child


def paragraphs(container: Any, include_tables: bool = True) -> Iterator[Any]:
    """Every w:p element of a story in reading order: through content controls and tracked
    insertions, into table cells (when `include_tables`), and the paragraphs of a text box
    right after the paragraph that anchors it."""
    for child in _children(container):
        ns, local = _name(child)
        if ns != _W:
            continue
        if local == "p":
            yield child
            for box in _text_boxes(child):
                yield from paragraphs(box, include_tables)
        elif local == "tbl":
            if include_tables:
                for cell in _cells(child):
                    yield from paragraphs(cell, include_tables)
        elif local in _WRAPPERS:
            yield from paragraphs(child, include_tables)


def tables(container: Any) -> Iterator[Any]:
    """The top-level w:tbl elements of a story, in order (also inside content controls)."""
    for child in _children(container):
        ns, local = _name(child)
        if ns == _W and local == "tbl":
            yield child
        elif ns == _W and local in _WRAPPERS:
            yield from tables(child)


def _cells(table: Any) -> Iterator[Any]:
    for child in _children(table):
        ns, local = _name(child)
        if ns == _W and local == "tc":
            yield child
        elif ns == _W and (local == "tr" or local in _WRAPPERS):
            yield from _cells(child)


def _text_boxes(paragraph: Any) -> Iterator[Any]:
    """w:txbxContent elements anchored in this paragraph (not in a nested paragraph, not in
    an mc:Fallback copy)."""
    for box in paragraph.iter(f"{{{_W}}}txbxContent"):
        el, owned = box.getparent(), True
        while el is not None and el is not paragraph:
            if _name(el) in ((_W, "p"), (_MC, "Fallback")):
                owned = False
                break
            el = el.getparent()
        if owned:
            yield box


def paragraph_text(paragraph: Any) -> str:
    """The visible text of one w:p: runs (also inside hyperlinks, fields, content controls and
    tracked insertions), tabs and breaks; not deleted text, field codes or text boxes."""
    out: list[str] = []

    def walk(el: Any) -> None:
        for child in _children(el):
            ns, local = _name(child)
            if ns != _W:  # drawings, math, ...: text boxes are separate paragraphs
                continue
            if local == "t":
                out.append(child.text or "")
            elif local == "tab":
                out.append("\t")
            elif local in ("br", "cr"):
                out.append("\n")
            elif local == "noBreakHyphen":
                out.append("-")
            elif local in _SKIPPED or local in ("p", "tbl", "txbxContent", "drawing", "pict", "object"):
                continue
            else:
                walk(child)

    walk(paragraph)
    return "".join(out)


def stories(doc: Any) -> Iterator[tuple[str, Any]]:
    """(label, root element) of the headers, footers, footnotes and endnotes, in the order the
    document's relationships list them; each part once."""
    from lxml import etree

    from autorater.checks.safety import safe_xml_parser

    found: dict[str, tuple[str, Any]] = {}
    for rel in doc.part.rels.values():
        kind = str(rel.reltype).rsplit("/", 1)[-1]
        if kind in _STORIES and not rel.is_external:
            found.setdefault(str(rel.target_part.partname).lstrip("/"), (kind, rel.target_part))
    for name, (kind, part) in sorted(found.items(), key=lambda item: (_STORIES.index(item[1][0]), item[0])):
        element = getattr(part, "element", None)
        if element is None:
            element = etree.fromstring(part.blob, safe_xml_parser())
        yield f"{kind} ({name})", element
