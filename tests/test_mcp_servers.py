"""The sandbox's MCP tool servers (sandbox_image/mcp_servers), each started as a real stdio subprocess
from the host venv and driven by the official `mcp` client: the tool catalogue, deterministic
answers, and bad arguments coming back as isError results that name the argument. The last test
runs them inside the real sandbox container through the harness's own MCP plumbing (OCR needs the
image's tesseract)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_PARENT = ROOT / "sandbox_image"
DATA = Path(__file__).resolve().parent / "data" / "mcp"
TOOLS = {
    "image": {"image_info", "crop", "rotate", "ocr", "color_stats", "count_shapes", "decode_qr"},
    "units": {"convert", "list_units", "evaluate", "percent_change", "statistics"},
    "geo": {"lookup", "list_places", "distance", "bearing", "nearest", "route", "within_radius", "local_time"},
    "weather": {"list_cities", "daily", "range_stats", "monthly_summary", "hottest_day", "compare"},
    "docs": {"search", "fetch", "list_docs", "find_in_doc"},
    "fx": {"currencies", "rate", "convert", "history"},
}

IN_CI = os.environ.get("CI", "").lower() == "true"
pytestmark = pytest.mark.timeout(120)


@asynccontextmanager
async def server(name: str, workspace: Path) -> AsyncIterator[ClientSession]:
    """`python -m mcp_servers.<name>` over stdio, as the harness starts it in the sandbox."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", f"mcp_servers.{name}"], cwd=str(workspace),
        env={"PYTHONPATH": os.pathsep.join(filter(None, [str(PACKAGE_PARENT), os.environ.get("PYTHONPATH")])),
             "MCP_WORKSPACE": str(workspace), "MCP_LOG_LEVEL": "WARNING"})
    with open(workspace.parent / f"{workspace.name}-{name}.stderr", "w") as errlog:  # noqa: ASYNC230
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


def text_of(result: CallToolResult) -> str:
    first = result.content[0]
    assert isinstance(first, TextContent)
    return first.text


async def ok(session: ClientSession, tool: str, **args: Any) -> dict[str, Any]:
    result = await session.call_tool(tool, args)
    assert isinstance(result, CallToolResult)
    assert not result.is_error, text_of(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


async def error(session: ClientSession, tool: str, **args: Any) -> str:
    result = await session.call_tool(tool, args)
    assert isinstance(result, CallToolResult) and result.is_error, f"{tool}({args}) should fail"
    return text_of(result)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    ws.mkdir()
    return ws


async def test_catalogue_every_tool_is_described(workspace):
    listed: dict[str, list[Any]] = {}

    async def list_one(name: str) -> None:
        async with server(name, workspace) as session:
            listed[name] = (await session.list_tools()).tools

    async with anyio.create_task_group() as tg:
        for name in TOOLS:
            tg.start_soon(list_one, name)
    assert {n: {t.name for t in tools} for n, tools in listed.items()} == TOOLS
    assert sum(len(tools) for tools in listed.values()) >= 30
    for tools in listed.values():
        for tool in tools:
            assert tool.description and len(tool.description.strip()) > 30, tool.name
            assert tool.input_schema["type"] == "object", tool.name
            for prop, schema in tool.input_schema.get("properties", {}).items():
                assert schema, (tool.name, prop)


async def test_units(workspace):
    async with server("units", workspace) as s:
        assert (await ok(s, "convert", value=100, from_unit="km/h", to_unit="mph"))["result"] == 62.13711922
        assert (await ok(s, "convert", value=98.6, from_unit="°F", to_unit="celsius"))["result"] == 37.0
        assert (await ok(s, "convert", value=2, from_unit="acres", to_unit="ha"))["result"] == 0.8093712845
        assert (await ok(s, "evaluate", expression="(12.5 * 3 + 4) / 2 + sqrt(16)"))["result"] == 24.75
        assert (await ok(s, "percent_change", old=80, new=100))["percent_change"] == 25.0
        stats = await ok(s, "statistics", values=[1, 2, 3, 4, 10])
        assert (stats["mean"], stats["median"], stats["stdev"]) == (4.0, 3.0, 3.535534)
        assert "'to_unit'" in await error(s, "convert", value=1, from_unit="kg", to_unit="km")
        assert "'expression'" in await error(s, "evaluate", expression="__import__('os').system('id')")
        assert "'old'" in await error(s, "percent_change", old=0, new=5)
        assert "value" in await error(s, "convert", value="lots", from_unit="m", to_unit="ft")


async def test_geo(workspace):
    async with server("geo", workspace) as s:
        assert (await ok(s, "lookup", name="münchen"))["name"] == "Munich"
        assert (await ok(s, "distance", origin="London", destination="Paris"))["km"] == 343.6
        trip = await ok(s, "route", stops=["London", "Paris", "Berlin"])
        assert [leg["km"] for leg in trip["legs"]] == [343.6, 877.5] and trip["total_km"] == 1221.0
        near = await ok(s, "nearest", lat=48.86, lon=2.29, k=2)
        assert [r["name"] for r in near["results"]] == ["Eiffel Tower", "Paris"]
        assert (await ok(s, "local_time", name="Tokyo", utc_datetime="2024-07-01T09:30:00Z"))["local"] \
            == "2024-07-01T18:30:00+09:00"
        message = await error(s, "distance", origin="Londn", destination="Paris")
        assert "'origin'" in message and "London" in message
        assert "'lat'" in await error(s, "nearest", lat=95, lon=0)


async def test_weather(workspace):
    async with server("weather", workspace) as s:
        day = await ok(s, "daily", city="NYC", date="2024-07-04")
        assert (day["city"], day["tmax_c"], day["tmin_c"], day["precip_mm"]) == ("New York", 33.8, 24.9, 0.0)
        june = await ok(s, "range_stats", city="London", start="2024-06-01", end="2024-06-30")
        assert (june["days"], june["total_precip_mm"], june["wet_days"]) == (30, 32.3, 6)
        assert (await ok(s, "hottest_day", city="Tokyo", month=8))["date"] == "2024-08-28"
        assert (await ok(s, "compare", cities=["London", "Madrid", "Cairo"], date="2024-07-15"))["warmest"] \
            == "Madrid"
        assert "'date'" in await error(s, "daily", city="Paris", date="2023-07-04")
        assert "'city'" in await error(s, "daily", city="Lyon", date="2024-07-04")


async def test_fx(workspace):
    async with server("fx", workspace) as s:
        eur_usd = await ok(s, "rate", base="EUR", quote="USD", date="2024-03-15")
        assert (eur_usd["rate"], eur_usd["inverse"]) == (1.05439, 0.948414)
        converted = await ok(s, "convert", amount=28000, base="JPY", quote="€", date="2024-03-15")
        assert (converted["quote"], converted["result"]) == ("EUR", 177.62)
        week = await ok(s, "history", base="GBP", quote="EUR", start="2024-01-01", end="2024-01-05")
        assert week["days"] == 5 and week["max"] == {"date": "2024-01-04", "rate": 1.16149}
        assert "'quote'" in await error(s, "rate", base="EUR", quote="XYZ")
        assert "'date'" in await error(s, "rate", base="EUR", quote="GBP", date="2025-01-01")


async def test_docs(workspace):
    async with server("docs", workspace) as s:
        hits = await ok(s, "search", query="hotel cap Tokyo", k=3)
        assert hits["results"][0]["id"] == "travel-policy"
        assert (await ok(s, "search", query="train London Paris"))["results"][0]["id"] == "timetable-channel-rail"
        row = await ok(s, "find_in_doc", doc_id="timetable-channel-rail", text="CR 9014")
        assert row["matches"] == [{"line": 9, "text": "| CR 9014 | daily | 09:01 | 12:17 |"}]
        assert "| Tokyo | 28000 JPY |" in (await ok(s, "fetch", doc_id="travel-policy"))["text"]
        assert (await ok(s, "list_docs", tag="product"))["count"] == 5
        assert "'doc_id'" in await error(s, "fetch", doc_id="no-such-doc")
        assert "'k'" in await error(s, "search", query="drone", k=0)


def draw_shapes(path: Path) -> None:
    img = Image.new("RGB", (400, 300), "white")
    draw = ImageDraw.Draw(img)
    draw.ellipse((20, 20, 80, 80), fill=(220, 30, 30))
    draw.ellipse((120, 30, 170, 80), fill=(220, 30, 30))
    draw.polygon([(300, 150), (380, 150), (340, 80)], fill=(220, 30, 30))
    draw.rectangle((200, 40, 260, 100), fill=(30, 60, 200))
    draw.rectangle((50, 200, 150, 260), fill=(40, 160, 60))
    draw.point((390, 290), fill=(220, 30, 30))  # below min_area
    img.save(path)


def photo_with_qr(path: Path) -> None:
    """The bundled QR code, scaled, tilted 12 degrees and pasted on a coloured 'photo'."""
    code = Image.open(DATA / "qr_sku.png").convert("RGB").resize((300, 300), Image.Resampling.NEAREST)
    photo = Image.new("RGB", (900, 700), (90, 120, 80))
    photo.paste(code.rotate(12, expand=True, fillcolor=(90, 120, 80)), (400, 250))
    photo.save(path)


async def test_image(workspace):
    draw_shapes(workspace / "shapes.png")
    async with server("image", workspace) as s:
        info = await ok(s, "image_info", path="shapes.png")
        assert (info["format"], info["width"], info["height"]) == ("PNG", 400, 300)
        red = await ok(s, "count_shapes", path="shapes.png", color="red")
        assert red["count"] == 3
        assert [sh["fill_ratio"] for sh in red["shapes"]] == [0.506, 0.782, 0.779]  # triangle, 2 circles
        assert (await ok(s, "count_shapes", path="shapes.png"))["count"] == 5
        assert (await ok(s, "count_shapes", path="shapes.png", color="#1e3cc8"))["count"] == 1
        stats = await ok(s, "color_stats", path="shapes.png", k=4)
        assert [(d["hex"], d["name"]) for d in stats["dominant"]] == [
            ("#ffffff", "white"), ("#dc1e1e", "red"), ("#28a03c", "green"), ("#1e3cc8", "blue")]
        crop = await ok(s, "crop", path="shapes.png", x=200, y=40, width=61, height=61, out_path="out/blue.png")
        assert Image.open(crop["out_path"]).getpixel((30, 30)) == (30, 60, 200)
        turned = await ok(s, "rotate", path="shapes.png", degrees=90, out_path="out/turned.png")
        assert (turned["width"], turned["height"]) == (300, 400)
        assert "'path'" in await error(s, "image_info", path="../outside.png")
        assert "'path'" in await error(s, "color_stats", path="missing.png")
        assert "'width'" in await error(s, "crop", path="shapes.png", x=350, y=0, width=100, height=10,
                                        out_path="out/x.png")
        assert "'color'" in await error(s, "count_shapes", path="shapes.png", color="chartreuse")
        assert "region.width" in await error(s, "color_stats", path="shapes.png",
                                             region={"x": 0, "y": 0, "width": 0, "height": 5})


def needs_deqr() -> None:
    try:
        import deqr  # noqa: F401
    except ImportError:
        if IN_CI:
            pytest.fail("deqr (the QR decoder) is not installed: it is a dev dependency", pytrace=False)
        pytest.skip("deqr is not installed")


async def test_image_decode_qr(workspace):
    needs_deqr()
    draw_shapes(workspace / "shapes.png")
    (workspace / "input").mkdir()
    photo_with_qr(workspace / "input" / "shelf.jpg")
    async with server("image", workspace) as s:
        qr = await ok(s, "decode_qr", path="input/shelf.jpg")
        assert [c["text"] for c in qr["codes"]] == ["SKU AUR-200 | Meridian Outfitters | lot 2024-117"]
        assert qr["codes"][0]["center"] == [577, 427]
        assert (await ok(s, "decode_qr", path="shapes.png"))["count"] == 0


def sign_png(path: Path) -> None:
    img = Image.new("RGB", (900, 260), "white")
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=56)
    draw.text((40, 40), "PLATFORM 4", fill="black", font=font)
    draw.text((40, 140), "Departures to Paris", fill="black", font=font)
    img.save(path)


async def test_image_ocr(workspace):
    if shutil.which("tesseract") is None:  # scripts/setup.sh installs it; never a silent skip
        pytest.fail("tesseract is not installed on this host (apt-get install tesseract-ocr)")
    sign_png(workspace / "sign.png")
    async with server("image", workspace) as s:
        text = (await ok(s, "ocr", path="sign.png"))["text"]
        assert "PLATFORM 4" in text and "Paris" in text
        line = await ok(s, "ocr", path="sign.png", region={"x": 0, "y": 120, "width": 900, "height": 120},
                        psm=7, with_boxes=True, scale=2)
        assert "Departures" in line["text"] and "PLATFORM" not in line["text"]
        assert all(120 <= w["box"][1] < 240 and w["box"][0] + w["box"][2] <= 900 for w in line["boxes"])
        assert "'lang'" in await error(s, "ocr", path="sign.png", lang="klingon")


def test_synthetic_data_regenerates_byte_for_byte(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_PARENT)}
    subprocess.run([sys.executable, "-m", "mcp_servers.generate_data", "--out", str(tmp_path)],
                   check=True, env=env, capture_output=True)
    for name in ("weather.csv", "fx.csv"):
        bundled = PACKAGE_PARENT / "mcp_servers" / "data" / name
        assert (tmp_path / name).read_bytes() == bundled.read_bytes(), name


@pytest.mark.docker
async def test_servers_inside_the_sandbox(sandbox, tmp_path):
    """As a task runs them: `python3 -m mcp_servers.<name>` inside the container (non-root, read-only
    root fs, no network), over docker-exec stdio. Uses the package baked at /opt/mka when the image
    has it, else an upload of this checkout's copy (before the Dockerfile bakes it in)."""
    from harness.mcp.tools import McpServer, connect_servers

    baked = (await sandbox.exec("test -f /opt/mka/mcp_servers/__init__.py")).exit_code == 0
    if baked:
        pythonpath = "/opt/mka"
    else:
        await sandbox.copy_in(PACKAGE_PARENT / "mcp_servers", "/workspace/.mka-test/mcp_servers")
        await sandbox.exec("find /workspace/.mka-test -name __pycache__ -prune -exec rm -rf {} +")
        pythonpath = "/workspace/.mka-test"
    sign_png(tmp_path / "sign.png")
    photo_with_qr(tmp_path / "shelf.jpg")
    await sandbox.copy_in(tmp_path / "sign.png")
    await sandbox.copy_in(tmp_path / "shelf.jpg")
    env = {"PYTHONPATH": pythonpath}
    servers = [McpServer(n, ["python3", "-m", f"mcp_servers.{n}"], env) for n in ("image", "geo")]
    async with AsyncExitStack() as stack:
        tools = {t.name: t for t in await connect_servers(stack, sandbox, servers)}
        assert {"image/ocr", "image/decode_qr", "geo/distance"} <= set(tools)
        read = await tools["image/ocr"].run({"path": "input/sign.png"}, None)
        assert read.ok and "PLATFORM 4" in read.text and "Paris" in read.text
        far = await tools["geo/distance"].run({"origin": "Paris", "destination": "London"}, None)
        assert far.ok and '"km": 343.6' in far.text
        bad = await tools["image/ocr"].run({"path": "/etc/passwd"}, None)
        assert not bad.ok and "'path'" in bad.text
        qr = await tools["image/decode_qr"].run({"path": "input/shelf.jpg"}, None)
        if baked:  # the same Dockerfile change installs deqr
            assert qr.ok and "SKU AUR-200" in qr.text, qr.text
        else:
            assert qr.ok or "deqr" in qr.text
