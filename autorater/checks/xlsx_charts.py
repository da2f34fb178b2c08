"""Charts in a workbook, read from the package XML (not through openpyxl, which drops charts
it cannot model and ignores chartsheets' extended charts).

Path: workbook.xml sheets → sheet rels → drawing → drawing rels → chart parts. Both classic
charts (c:chartSpace) and Office 2016 "chartEx" charts (waterfall, histogram, ...) are read."""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from autorater.checks.safety import safe_xml_parser

_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_CLASSIC = {
    "barChart": "bar", "bar3DChart": "bar", "lineChart": "line", "line3DChart": "line",
    "pieChart": "pie", "pie3DChart": "pie", "ofPieChart": "pie", "doughnutChart": "doughnut",
    "scatterChart": "scatter", "areaChart": "area", "area3DChart": "area", "radarChart": "radar",
    "bubbleChart": "bubble", "stockChart": "stock", "surfaceChart": "surface", "surface3DChart": "surface",
}
_CHARTEX = {
    "waterfall": "waterfall", "clusteredcolumn": "histogram", "paretoline": "histogram", "treemap": "treemap",
    "sunburst": "sunburst", "funnel": "funnel", "boxwhisker": "boxwhisker", "regionmap": "map",
}


@dataclass
class ChartInfo:
    sheet: str
    part: str
    types: list[str] = field(default_factory=list)  # e.g. ["bar", "column"] or ["bar", "line"] for a combo
    series: int = 0
    title: str | None = None

    def describe(self) -> str:
        kinds = "/".join(dict.fromkeys(self.types)) or "unknown-type"
        title = f" titled {self.title!r}" if self.title else ""
        return f"{self.sheet}: {kinds} chart with {self.series} series{title}"


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


class _Package:
    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.parser = safe_xml_parser()
        self.names = set(archive.namelist())

    def xml(self, part: str):
        from lxml import etree

        return etree.fromstring(self.archive.read(part), self.parser)

    def rels(self, part: str) -> list[tuple[str, str, str]]:
        """(id, type, absolute target) of a part's relationships."""
        folder, name = posixpath.split(part)
        rels_part = posixpath.join(folder, "_rels", name + ".rels")
        if rels_part not in self.names:
            return []
        out = []
        for rel in self.xml(rels_part).iter(f"{_REL_NS}Relationship"):
            target = rel.get("Target") or ""
            if rel.get("TargetMode") == "External":
                continue
            if target.startswith("/"):
                absolute = target.lstrip("/")  # relative to the package root
            else:
                absolute = posixpath.normpath(posixpath.join(folder, target))
            out.append((rel.get("Id") or "", rel.get("Type") or "", absolute))
        return out


def read_charts(path: Path) -> list[ChartInfo]:
    with zipfile.ZipFile(path) as archive:
        pkg = _Package(archive)
        book = next((t for _, kind, t in pkg.rels("") if kind.endswith("/officeDocument")), "xl/workbook.xml")
        targets = {rid: target for rid, _, target in pkg.rels(book)}
        charts: list[ChartInfo] = []
        for sheet in pkg.xml(book).iter():
            if _local(sheet.tag) != "sheet":
                continue
            sheet_part = targets.get(sheet.get(_R_ID) or "")
            if not sheet_part or sheet_part not in pkg.names:
                continue
            for _, kind, drawing in pkg.rels(sheet_part):
                if kind.endswith("/drawing") and drawing in pkg.names:
                    for _, ckind, chart in pkg.rels(drawing):
                        if (ckind.endswith("/chart") or ckind.endswith("/chartEx")) and chart in pkg.names:
                            charts.append(_chart(pkg, sheet.get("name") or "?", chart))
        return charts


def _chart(pkg: _Package, sheet: str, part: str) -> ChartInfo:
    info = ChartInfo(sheet=sheet, part=part)
    root = pkg.xml(part)
    for el in root.iter():
        name = _local(el.tag)
        if name in _CLASSIC:
            info.types.append(_CLASSIC[name])
            if name in ("barChart", "bar3DChart"):
                direction = next((c.get("val") for c in el if _local(c.tag) == "barDir"), "col")
                if direction == "col":
                    info.types.append("column")
            info.series += sum(1 for c in el if _local(c.tag) == "ser")
        elif name == "series" and el.get("layoutId"):  # chartEx
            info.types.append(_CHARTEX.get(el.get("layoutId", "").lower(), el.get("layoutId", "").lower()))
            info.series += 1
        elif name == "title" and info.title is None and _local(el.getparent().tag) == "chart":  # not axis titles
            words = [t.text or "" for t in el.iter() if _local(t.tag) in ("t", "v")]
            info.title = " ".join(w.strip() for w in words if w.strip()) or None
    return info
