"""Writes tests/data/realfiles/edge/: hand-made variants of the real files beside this script,
each reproducing a way other tools write (or break) documents that once got a wrong verdict.

    python3 tests/data/realfiles/make_edge_cases.py      (stdlib only; outputs are committed)

The encrypted OOXML file needs msoffcrypto-tool (`pip install msoffcrypto-tool`); without it
the committed copy is kept (encryption salts it randomly, so it differs on every run). Every
other output is rebuilt byte-for-byte (fixed zip timestamps): a rerun shows no diff unless
this script changed."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
EDGE = HERE / "edge"
STAMP = (2024, 1, 1, 0, 0, 0)

# Transitional -> Strict namespaces (ISO/IEC 29500 Strict, as Word/Excel "Strict Open XML" save).
STRICT_NS = {
    "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "http://purl.oclc.org/ooxml/wordprocessingml/main",
    "http://schemas.openxmlformats.org/spreadsheetml/2006/main": "http://purl.oclc.org/ooxml/spreadsheetml/main",
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships":
        "http://purl.oclc.org/ooxml/officeDocument/relationships",
    "http://schemas.openxmlformats.org/drawingml/2006/main": "http://purl.oclc.org/ooxml/drawingml/main",
}
MAIN_CT = {
    "docm": ("wordprocessingml.document.main+xml", "application/vnd.ms-word.document.macroEnabled.main+xml"),
    "pptm": ("presentationml.presentation.main+xml",
             "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"),
    "ppsx": ("presentationml.presentation.main+xml",
             "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"),
    "xlsm": ("spreadsheetml.sheet.main+xml", "application/vnd.ms-excel.sheet.macroEnabled.main+xml"),
}


def read_zip(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as z:
        return [(i.filename, z.read(i)) for i in z.infolist() if not i.is_dir()]


def write_zip(path: Path, members: list[tuple[str, bytes]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)


def case_changed_parts() -> None:
    """Part names differing in case from what the rels and [Content_Types].xml say (seen from
    non-Office writers): /word/Document.xml and [content_types].xml."""
    renames = {"word/document.xml": "word/Document.xml", "[Content_Types].xml": "[content_types].xml",
               "word/_rels/document.xml.rels": "word/_rels/Document.xml.rels"}
    members = [(renames.get(n, n), d) for n, d in read_zip(HERE / "docx" / "blk-paras-and-tables.docx")]
    write_zip(EDGE / "case-parts.docx", members)


def backslash_parts() -> None:
    """Every part name stored with backslashes ("_rels\\.rels", "xl\\sharedStrings.xml"), as some
    Windows zip writers store them; Excel, Apache POI and calamine open such packages."""
    for src, out in ((HERE / "xlsx" / "reveng1.xlsx", EDGE / "backslash-parts.xlsx"),
                     (HERE / "docx" / "blk-paras-and-tables.docx", EDGE / "backslash-parts.docx")):
        write_zip(out, [(name.replace("/", "\\"), data) for name, data in read_zip(src)])


def strict(src: Path, out: Path) -> None:
    """The same package in Strict OOXML namespaces (content types are identical in Strict)."""
    members = []
    for name, data in read_zip(src):
        if name.endswith((".xml", ".rels")):
            text = data.decode("utf-8")
            for old, new in STRICT_NS.items():
                text = text.replace(old, new)
            data = text.encode("utf-8")
        members.append((name, data))
    write_zip(out, members)


def root_workbook() -> None:
    """A workbook whose parts sit at the package root (no xl/ folder), found via _rels/.rels,
    with no Override for the workbook (only the Default xml content type, as some writers do)."""
    members = []
    for name, data in read_zip(HERE / "xlsx" / "shp-embedded-xlsx.xlsx"):
        if name == "[Content_Types].xml":
            text = data.decode()
            text = re.sub(r'<Override PartName="/xl/workbook.xml"[^>]*/>', "", text)
            data = text.replace("/xl/", "/").encode()
        elif name == "_rels/.rels":
            data = data.replace(b'Target="xl/workbook.xml"', b'Target="workbook.xml"')
        members.append((name[3:] if name.startswith("xl/") else name, data))
    write_zip(EDGE / "root-workbook.xlsx", members)


SDT_BLOCK = (
    '<w:sdt><w:sdtPr><w:alias w:val="Summary"/><w:id w:val="101"/></w:sdtPr><w:sdtContent>'
    '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Controlled heading</w:t></w:r></w:p>'
    "<w:p><w:r><w:t>Revenue inside a content control rose twelve percent.</w:t></w:r></w:p>"
    "</w:sdtContent></w:sdt>"
)
INLINE_SDT = (
    "<w:p><w:r><w:t xml:space=\"preserve\">Client: </w:t></w:r><w:sdt><w:sdtPr><w:id w:val=\"102\"/></w:sdtPr>"
    "<w:sdtContent><w:r><w:t>Contoso Holdings</w:t></w:r></w:sdtContent></w:sdt></w:p>"
)
TRACKED = (
    '<w:p><w:r><w:t xml:space="preserve">Terms: </w:t></w:r><w:ins w:id="7" w:author="A" w:date="2024-01-01T00:00:00Z">'
    '<w:r><w:t>net thirty days</w:t></w:r></w:ins><w:del w:id="8" w:author="A" w:date="2024-01-01T00:00:00Z">'
    "<w:r><w:delText>net sixty days</w:delText></w:r></w:del></w:p>"
)
TEXT_BOX = (  # Word writes a text box twice: DrawingML (mc:Choice) and a VML fallback
    '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0"'
    ' distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH>'
    '<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>'
    '<wp:extent cx="2000000" cy="500000"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>'
    '<wp:docPr id="5" name="Text Box 5"/><wp:cNvGraphicFramePr/>'
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
    '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>'
    '<wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="500000"/></a:xfrm>'
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx><w:txbxContent>'
    "<w:p><w:r><w:t>Callout in a text box</w:t></w:r></w:p></w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>"
    "</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict>"
    '<v:shape id="tb5" type="#_x0000_t202" style="width:160pt;height:40pt"><v:textbox><w:txbxContent>'
    "<w:p><w:r><w:t>Callout in a text box</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict>"
    "</mc:Fallback></mc:AlternateContent></w:r></w:p>"
)


def hidden_text_places() -> None:
    """Text python-docx's Document.paragraphs never yields: a block content control (with a
    heading inside), an inline content control, a tracked insertion and a text box."""
    members = []
    for name, data in read_zip(HERE / "docx" / "par-known-styles.docx"):
        if name == "word/document.xml":
            text = data.decode()
            text = text.replace("<w:sectPr", SDT_BLOCK + INLINE_SDT + TRACKED + TEXT_BOX + "<w:sectPr", 1)
            data = text.encode()
        members.append((name, data))
    write_zip(EDGE / "hidden-text.docx", members)


def footnote() -> None:
    """A footnote (in word/footnotes.xml, beside Word's separator notes): document text too."""
    note = ('<w:footnote w:id="1"><w:p><w:r><w:t>Source: annual filing, page 12.</w:t></w:r></w:p></w:footnote>'
            "</w:footnotes>")
    members = []
    for name, data in read_zip(HERE / "docx" / "blk-paras-and-tables.docx"):
        if name == "word/footnotes.xml":
            data = data.decode().replace("</w:footnotes>", note).encode()
        members.append((name, data))
    write_zip(EDGE / "footnote.docx", members)


def main_content_type(src: Path, ext: str, out: Path) -> None:
    """The same package declared as a macro-enabled (or slideshow) document; a stub
    vbaProject.bin rides along for the macro-enabled kinds (it must never run, nor matter)."""
    plain_suffix, new_type = MAIN_CT[ext]
    members = []
    for name, data in read_zip(src):
        if name == "[Content_Types].xml":
            text = data.decode()
            text = re.sub(r'ContentType="[^"]*' + re.escape(plain_suffix) + '"', f'ContentType="{new_type}"', text)
            if ext.endswith("m"):
                text = text.replace("</Types>", '<Default Extension="bin" '
                                    'ContentType="application/vnd.ms-office.vbaProject"/></Types>')
            data = text.encode()
        members.append((name, data))
    if ext.endswith("m"):
        members.append((_vba_path(ext), b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504))
    write_zip(out, members)


def _vba_path(ext: str) -> str:
    return {"docm": "word/vbaProject.bin", "pptm": "ppt/vbaProject.bin", "xlsm": "xl/vbaProject.bin"}[ext]


def pdf_bytes(objects: list[bytes]) -> bytes:
    """A well-formed PDF (correct xref) from numbered object bodies 1..n."""
    out, offsets = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"), []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def pdfs() -> None:
    content = b"BT /F1 24 Tf 72 700 Td (Fuzzed page tree) Tj ET"
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
            b" /Resources << /Font << /F1 5 0 R >> >> >>")
    common = [page, b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
              b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    fuzzed = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1410065407 >>", *common]
    (EDGE / "count-fuzzed.pdf").write_bytes(pdf_bytes(fuzzed))
    # No xref table (MuPDF must repair it) and an empty page tree: nothing to grade.
    (EDGE / "repaired-empty.pdf").write_bytes(
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
        b"trailer<</Root 1 0 R>>\n%%EOF\n")
    # Looks like a PDF, but nothing in it survives MuPDF's repair.
    (EDGE / "garbage.pdf").write_bytes(b"%PDF-1.7\n" + b"garbage that is no object\n" * 40 + b"%%EOF\n")
    # pdfTeX's file with its %PDF- header mangled: poppler still reads its page, so it is a PDF.
    crazy = (HERE / "pdf" / "crazyones.pdf").read_bytes()
    (EDGE / "no-header.pdf").write_bytes(crazy.replace(b"%PDF-1.", b"%XYZ-1.", 1))
    # An XFA form: its filled value lives only in the XFA datasets packet, as LiveCycle writes it.
    data = (b'<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1>'
            b"<Applicant>Dana Whitfield</Applicant><Permit>ZP-2291</Permit></form1></xfa:data></xfa:datasets>")
    label = b"BT /F1 18 Tf 72 700 Td (Applicant:) Tj ET"
    (EDGE / "xfa-form.pdf").write_bytes(pdf_bytes([
        b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA [(datasets) 6 0 R] >> >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        page, b"<< /Length %d >>\nstream\n" % len(label) + label + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"]))
    # ... and with 2 KB of junk in front: neither reader finds its objects.
    (EDGE / "junk-prefix.pdf").write_bytes(b"X" * 2000 + b"\n" + crazy)


def htmls() -> None:
    body = ('<title>Quarterly dashboard – résumé</title></head><body><h1 class="kpi">Revenue</h1>'
            '<script src="https://cdn.example.com/lib.js"></script><img src="https://images.example.com/x.png">'
            "</body></html>\n")
    lie = '<!doctype html><html><head><meta charset="utf-16">'
    (EDGE / "charset-utf16-lie.html").write_bytes((lie + body).encode())
    (EDGE / "charset-bogus.html").write_bytes(
        ('<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html; charset=x-no-such">' + body)
        .encode())
    (EDGE / "utf16-bom.html").write_bytes(("<!doctype html><html><head>" + body).encode("utf-16"))
    (EDGE / "utf16-nobom.html").write_bytes(("<!doctype html><html><head>" + body).encode("utf-16-le"))
    (EDGE / "empty-page.html").write_bytes(b"<!doctype html><html><head></head><body></body></html>\n")
    (EDGE / "utf32-nobom.html").write_bytes(("<!doctype html><html><head>" + body).encode("utf-32-le"))


def encrypted() -> None:
    """Office's "Encrypt with password": an OLE compound file (D0 CF 11 E0), not a zip; also
    under a legacy name (.doc), as people rename such files."""
    try:
        import msoffcrypto.format.ooxml as ooxml  # optional: only to regenerate these files
    except ImportError:
        print("msoffcrypto-tool not installed: keeping the committed encrypted.docx / encrypted.xlsx")
    else:
        for src, out in ((HERE / "docx" / "blk-paras-and-tables.docx", EDGE / "encrypted.docx"),
                         (HERE / "xlsx" / "reveng1.xlsx", EDGE / "encrypted.xlsx")):
            with src.open("rb") as plain, out.open("wb") as sink:
                ooxml.OOXMLFile(plain).encrypt("secret", sink)
    shutil.copyfile(EDGE / "encrypted.docx", EDGE / "encrypted-named.doc")


def main() -> None:
    EDGE.mkdir(exist_ok=True)
    case_changed_parts()
    backslash_parts()
    strict(HERE / "docx" / "blk-paras-and-tables.docx", EDGE / "strict.docx")
    strict(HERE / "xlsx" / "reveng1.xlsx", EDGE / "strict.xlsx")
    root_workbook()
    hidden_text_places()
    footnote()
    main_content_type(HERE / "docx" / "blk-paras-and-tables.docx", "docm", EDGE / "macro.docm")
    main_content_type(HERE / "pptx" / "prs-notes.pptx", "pptm", EDGE / "macro.pptm")
    main_content_type(HERE / "pptx" / "prs-notes.pptx", "ppsx", EDGE / "slideshow.ppsx")
    main_content_type(HERE / "pptx" / "prs-notes.pptx", "ppsx", EDGE / "slideshow-named.pptx")
    main_content_type(HERE / "xlsx" / "reveng1.xlsx", "xlsm", EDGE / "macro.xlsm")
    shutil.copyfile(HERE / "xls" / "ragged.xls", EDGE / "legacy-named.xlsx")
    pdfs()
    htmls()
    encrypted()


if __name__ == "__main__":
    main()
