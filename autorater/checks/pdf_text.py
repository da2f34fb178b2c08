"""A PDF page's text as a reader sees it: the content stream's text plus filled form fields
and FreeText annotations.

A filled AcroForm shows "First Name  Alice" on screen, but "Alice" lives in a widget
annotation, not in the page's content stream, so MuPDF's page text has only "First Name".
Field values (text fields, combo and list boxes) and FreeText comments are added here, each
placed where it is drawn (so "First Name Alice" is one visual line), and an XFA form's data
is added to its first page. Check boxes and buttons are left out: their "values" (On, Off,
Yes) are states, not text anyone reads."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from autorater.checks.safety import safe_xml_parser

_TEXT_WIDGETS = {"Text", "ComboBox", "ListBox"}
_XFA_PAIR = re.compile(r"\((\w+)\)\s*(\d+)\s+\d+\s+R")
_XFA_ONE = re.compile(r"^(\d+)\s+\d+\s+R$")


@dataclass(frozen=True)
class Extra:
    """Text drawn on the page outside its content stream: where it came from, and where."""

    source: str  # "form field 'FirstName'", "FreeText annotation", "XFA form data"
    text: str
    rect: tuple[float, float, float, float] | None


def extras(page: Any) -> list[Extra]:
    """The page's field values and annotation texts. A form tree MuPDF cannot walk ("Cycle in
    field parents") or annotations it cannot read give none: the page's own text still counts."""
    out: list[Extra] = []
    try:
        for widget in page.widgets() or []:
            value = widget.field_value
            if widget.field_type_string not in _TEXT_WIDGETS or value in (None, "", "Off"):
                continue
            text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            out.append(Extra(f"form field {widget.field_name!r}", text, tuple(widget.rect)))
    except Exception:  # noqa: BLE001 - a damaged form tree
        pass
    try:
        for annot in page.annots() or []:
            if annot.type[1] == "FreeText" and (annot.info.get("content") or "").strip():
                out.append(Extra("FreeText annotation", annot.info["content"], tuple(annot.rect)))
    except Exception:  # noqa: BLE001 - damaged annotations
        pass
    if page.number == 0:
        out += [Extra("XFA form data", text, None) for text in xfa_values(page.parent)]
    return out


def page_text(page: Any) -> tuple[str, list[Extra]]:
    """(the content stream's text, the extras): callers search both, and say which matched."""
    return page.get_text("text"), extras(page)


def full_text(page: Any) -> str:
    text, more = page_text(page)
    return "\n".join([text, *(e.text for e in more)]) if more else text


def page_words(page: Any) -> list[tuple]:
    """MuPDF's words, plus each extra's words laid out across its rectangle (an XFA value,
    with no place on the page, goes below everything)."""
    words = list(page.get_text("words"))
    bottom = max((w[3] for w in words), default=0.0)
    for n, extra in enumerate(extras(page)):
        parts = extra.text.split()
        if not parts:
            continue
        if extra.rect is None:
            x0, y0, x1, y1 = 0.0, bottom + 20.0 * (n + 1), 500.0, bottom + 20.0 * (n + 1) + 10.0
        else:
            x0, y0, x1, y1 = extra.rect
        step = (x1 - x0) / len(parts)
        words += [(x0 + i * step, y0, x0 + (i + 1) * step, y1, part, -1, -1, i) for i, part in enumerate(parts)]
    return words


def xfa_values(doc: Any) -> list[str]:
    """The text values in an XFA form's datasets packet (empty for any other PDF)."""
    try:
        kind, value = doc.xref_get_key(doc.pdf_catalog(), "AcroForm/XFA")
    except Exception:  # noqa: BLE001 - a damaged catalog: no XFA to read
        return []
    xref = None
    if kind == "array":
        pairs = dict(_XFA_PAIR.findall(value))
        xref = int(pairs["datasets"]) if "datasets" in pairs else None
    elif kind == "xref" and (m := _XFA_ONE.match(value)):
        xref = int(m.group(1))  # one stream holding the whole XDP: its datasets are inside
    if xref is None:
        return []
    try:
        data = doc.xref_stream(xref) or b""
        from lxml import etree

        root = etree.fromstring(data, safe_xml_parser())
    except Exception:  # noqa: BLE001 - unreadable XFA data is no text
        return []
    datasets = [el for el in root.iter() if isinstance(el.tag, str) and etree.QName(el).localname == "data"] or [root]
    values = []
    for data_el in datasets:
        for el in data_el.iter():
            if isinstance(el.tag, str) and len(el) == 0 and (el.text or "").strip():
                values.append(el.text.strip())
    return values[:2000]
