"""Shared helpers: server construction, argument errors, bundled data and the workspace."""

from __future__ import annotations

import csv
import datetime as dt
import difflib
import os
import unicodedata
from pathlib import Path
from typing import Any, Literal, cast

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

DATA_DIR = Path(__file__).resolve().parent / "data"
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

__all__ = [
    "DATA_DIR",
    "ToolError",
    "bad_arg",
    "make_server",
    "norm_key",
    "parse_date",
    "read_csv",
    "suggest",
    "workspace_path",
    "workspace_root",
]


def make_server(name: str, instructions: str) -> MCPServer:
    level = os.environ.get("MCP_LOG_LEVEL", "WARNING").upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        level = "WARNING"
    return MCPServer(name=f"mka-{name}", instructions=instructions, version="1.0.0",
                     log_level=cast(LogLevel, level))


def bad_arg(arg: str, message: str) -> ToolError:
    """The error a tool raises for a bad argument: the model sees it as an isError result."""
    return ToolError(f"invalid argument '{arg}': {message}")


def norm_key(text: str) -> str:
    """Case-, accent- and punctuation-insensitive key for name matching."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(c if c.isalnum() else " " for c in decomposed if not unicodedata.combining(c))
    return " ".join(kept.split())


def suggest(word: str, choices: list[str], n: int = 3) -> str:
    close = difflib.get_close_matches(word, choices, n=n, cutoff=0.6)
    return f" (did you mean: {', '.join(close)}?)" if close else ""


def parse_date(value: str, arg: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        raise bad_arg(arg, f"{value!r} is not a date in YYYY-MM-DD form") from None


def read_csv(name: str) -> list[dict[str, str]]:
    with open(DATA_DIR / name, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def workspace_root() -> Path:
    return Path(os.environ.get("MCP_WORKSPACE", "/workspace")).resolve()


def workspace_path(value: str, arg: str, *, must_exist: bool = True) -> Path:
    """Resolve a path given by the model: relative to the workspace, never outside it."""
    if not isinstance(value, str) or not value.strip():
        raise bad_arg(arg, "must be a non-empty path")
    root = workspace_root()
    raw = Path(value.strip())
    path = (raw if raw.is_absolute() else root / raw).resolve()
    if path != root and root not in path.parents:
        raise bad_arg(arg, f"{value!r} is outside the workspace {root}")
    if must_exist and not path.is_file():
        raise bad_arg(arg, f"no such file: {value!r}")
    return path


def jsonable(value: Any) -> Any:
    """Round floats for stable, readable output."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
