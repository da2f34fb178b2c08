"""The schema of task.toml.

Every model forbids unknown fields and runs in strict mode: a typo such as `limitz` or
`text_only_reply = "yes"` must be refused, never silently ignored or coerced, because a
mistyped override would quietly change what a trial measures.

Rules that span several fields (a deliverable task needs deliverables, paths are unique,
...) live in `cross_field_problems`, which works on the raw TOML mapping too, so the loader
can still report them when other fields fail validation (pydantic skips "after" model
validators once a field has failed)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from harness.validation import format_loc

TASK_ID_PATTERN = r"^[a-z0-9][a-z0-9_\-]*$"

DeliverableFormat = Literal["xlsx", "pptx", "docx", "pdf", "html", "png", "jpg", "csv", "json", "md", "txt"]
# Extensions each format accepts; everything else is the format name itself.
FORMAT_EXTENSIONS: dict[str, tuple[str, ...]] = {"jpg": (".jpg", ".jpeg"), "html": (".html", ".htm")}

Loc = tuple[str | int, ...]


class SpecProblems(ValueError):
    """Several cross-field problems at once, each with the location it concerns.

    Raised from a model validator; pydantic keeps the exception in the error's ctx, and
    the loader unpacks it so every problem is reported under its own field name."""

    def __init__(self, problems: list[tuple[Loc, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{format_loc(loc)}: {msg}" for loc, msg in problems))


def check_relative_path(value: str) -> str:
    """A path that must stay inside the folder it is relative to, on any OS."""
    if not value or not value.strip():
        raise ValueError("must not be empty")
    if "\\" in value:
        raise ValueError(f"must use '/' separators, not backslashes (got {value!r})")
    if value.startswith("/") or ".." in value.split("/"):
        raise ValueError(f"must be relative and must not contain '..' (got {value!r})")
    if value.endswith("/"):
        raise ValueError(f"must name a file, not a folder (got {value!r})")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Deliverable(_Strict):
    path: str  # relative to /workspace
    format: DeliverableFormat
    description: str | None = None

    @field_validator("path")
    @classmethod
    def _path(cls, value: str) -> str:
        return check_relative_path(value)

    @model_validator(mode="after")
    def _extension(self) -> Deliverable:
        allowed = FORMAT_EXTENSIONS.get(self.format, (f".{self.format}",))
        if not self.path.lower().endswith(allowed):
            raise SpecProblems([(("path",), f"extension must match format {self.format!r}"
                                 f" ({' or '.join(allowed)}) (got {self.path!r})")])
        return self


class TaskLimits(_Strict):
    """Per-task overrides of the run's defaults; None keeps the default."""

    max_turns: int | None = Field(default=None, gt=0)
    wall_clock_s: float | None = Field(default=None, gt=0)
    exec_timeout_s: float | None = Field(default=None, gt=0)
    memory_gb: float | None = Field(default=None, gt=0)
    cpus: float | None = Field(default=None, gt=0)
    pids: int | None = Field(default=None, gt=0)
    disk_gb: float | None = Field(default=None, gt=0)  # the /workspace quota (default 10 GiB)

    def sandbox_overrides(self) -> dict[str, Any]:
        """Keyword arguments for `harness.sandbox.SandboxLimits` (kept as a dict so the
        task schema does not import the sandbox layer)."""
        out: dict[str, Any] = {}
        if self.memory_gb is not None:
            out["memory_bytes"] = int(self.memory_gb * 1024**3)
        if self.disk_gb is not None:
            out["workspace_bytes"] = int(self.disk_gb * 1024**3)
        for name in ("cpus", "pids", "exec_timeout_s"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


class McpServerSpec(_Strict):
    """A stdio server started inside the sandbox (`command`), or a remote one (`url`)."""

    name: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_\-]+$")
    command: list[str] = Field(default_factory=list)
    url: str | None = None  # streamable HTTP endpoint
    # HTTP header -> the NAME of an environment variable holding its value (e.g. Authorization:
    # MY_TOKEN): secrets come from the environment at run time, never from the task file.
    headers: dict[str, str] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = None
    timeout_s: float = Field(default=180.0, gt=0)  # per tool call; each progress notification renews it

    @field_validator("headers")
    @classmethod
    def _header_sources(cls, value: dict[str, str]) -> dict[str, str]:
        bad = [f"{h}: {v!r}" for h, v in value.items() if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", v)]
        if bad:
            raise ValueError("each header names an environment variable holding its value, not the value itself"
                             f" ({'; '.join(bad)})")
        return value

    @model_validator(mode="after")
    def _command_or_url(self) -> McpServerSpec:
        if bool(self.command) == bool(self.url):
            raise SpecProblems([(("command",), "give exactly one of command (stdio in the sandbox) or url (remote)")])
        return self


_PYPI_PIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-]*(\[[A-Za-z0-9_,\-]+\])?==[A-Za-z0-9.+!_\-]+$")
_NPM_PIN = re.compile(r"^(@[a-z0-9][a-z0-9._\-]*/)?[a-z0-9][a-z0-9._\-]*@[0-9]+\.[0-9]+\.[0-9]+[A-Za-z0-9.+\-]*$")
_DEBIAN_NAME = re.compile(r"^[a-z0-9][a-z0-9+.\-]+(=[A-Za-z0-9.+:~\-]+)?$")
_PACKAGE_RULES = {  # [environment] field -> what an entry must look like, and the message if not
    "pypi": (_PYPI_PIN, "each entry must pin an exact version, e.g. 'mcp-server-time==2026.10.19'"),
    "npm": (_NPM_PIN, "each entry must pin an exact version, e.g. '@modelcontextprotocol/server-everything@2026.8.31'"),
    "debian": (_DEBIAN_NAME, "not Debian package names"),
}


class EnvironmentSpec(_Strict):
    """What this task adds to the shared sandbox image (Harbor-style per-task environment).

    `mka image build --tasks DIR` builds a derived image offline: wheels and npm packages are
    fetched on the host, Debian packages come from the image's apt sources. Versions are pinned
    (a task must see the same tools every run); the tag is a hash of all of it, so a changed
    environment is rebuilt and a stale image is refused."""

    debian: list[str] = Field(default_factory=list)  # apt package names (optionally name=version)
    pypi: list[str] = Field(default_factory=list)  # name==version
    npm: list[str] = Field(default_factory=list)  # name@x.y.z (scoped names too); node comes with them
    dockerfile: str | None = None  # relative to the task; FROM ${SANDBOX_IMAGE}, its folder is the context

    @field_validator("pypi", "npm", "debian")
    @classmethod
    def _pinned(cls, value: list[str], info: ValidationInfo) -> list[str]:
        pattern, problem = _PACKAGE_RULES[info.field_name]
        bad = [v for v in value if not pattern.match(v)]
        if bad:
            raise ValueError(f"{problem} (got {bad})")
        return value

    @field_validator("dockerfile")
    @classmethod
    def _dockerfile(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value)

    @model_validator(mode="after")
    def _not_empty(self) -> EnvironmentSpec:
        if not (self.debian or self.pypi or self.npm or self.dockerfile):
            raise SpecProblems([((), "an [environment] must add something: debian, pypi, npm or dockerfile")])
        return self


class ToolUseSpec(_Strict):
    images: list[str] = Field(default_factory=list)  # relative to inputs/
    mcp_servers: list[McpServerSpec] = Field(default_factory=list)
    reference: str  # reference trajectory, relative to the task folder

    @field_validator("images")
    @classmethod
    def _images(cls, value: list[str]) -> list[str]:
        return [check_relative_path(item) for item in value]

    @field_validator("reference")
    @classmethod
    def _reference(cls, value: str) -> str:
        return check_relative_path(value)

    @model_validator(mode="after")
    def _unique_servers(self) -> ToolUseSpec:
        seen: dict[str, int] = {}
        problems: list[tuple[Loc, str]] = []
        for i, server in enumerate(self.mcp_servers):
            if server.name in seen:
                problems.append((("mcp_servers", i, "name"),
                                 f"duplicate of mcp_servers[{seen[server.name]}].name (got {server.name!r})"))
            seen.setdefault(server.name, i)
        if problems:
            raise SpecProblems(problems)
        return self


class TaskSpec(_Strict):
    id: str = Field(pattern=TASK_ID_PATTERN)
    title: str = Field(min_length=1)
    sector: str = Field(min_length=1)
    occupation: str = Field(min_length=1)
    difficulty: Literal["easy", "medium", "hard"]
    kind: Literal["deliverable", "tool_use"] = "deliverable"
    description: str | None = None
    tags: list[str] = Field(default_factory=list)
    deliverables: list[Deliverable] = Field(default_factory=list)
    limits: TaskLimits | None = None
    network: Literal["none", "bridge"] = "none"
    text_only_reply: bool = False
    tool_use: ToolUseSpec | None = None
    web_search_corpus: str | None = None  # folder relative to the task or its suite
    environment: EnvironmentSpec | None = None  # extra packages: the task runs in a derived image

    @field_validator("web_search_corpus")
    @classmethod
    def _corpus(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value.rstrip("/") or value)

    @model_validator(mode="after")
    def _consistent(self) -> TaskSpec:
        problems = cross_field_problems(self.model_dump())
        if problems:
            raise SpecProblems(problems)
        return self


def cross_field_problems(data: Mapping[str, Any]) -> list[tuple[Loc, str]]:
    """Rules between fields. Defensive about types: it also runs on raw TOML that failed
    field validation, where any value may have the wrong shape."""
    problems: list[tuple[Loc, str]] = []
    kind = data.get("kind", "deliverable")
    deliverables = data.get("deliverables") or []
    if not isinstance(deliverables, list):
        deliverables = []
    text_only = data.get("text_only_reply") is True
    has_tool_use = data.get("tool_use") is not None

    if kind == "deliverable" and not deliverables and not text_only:
        problems.append((("deliverables",), "a deliverable task needs at least one [[deliverables]] entry"
                         " (or text_only_reply = true)"))
    if text_only and deliverables:
        # The answer is the final reply; declared files would never be graded.
        problems.append((("text_only_reply",), "a text-only task must not declare [[deliverables]]"))
    if kind == "tool_use" and not has_tool_use:
        problems.append((("tool_use",), "a tool_use task needs a [tool_use] section"))
    if kind == "deliverable" and has_tool_use:
        problems.append((("tool_use",), "only allowed when kind = \"tool_use\""))

    seen: dict[str, int] = {}
    for i, item in enumerate(deliverables):
        path = item.get("path") if isinstance(item, Mapping) else None
        if not isinstance(path, str) or not path:
            continue
        key = posixpath.normpath(path)  # "./a.md" and "a.md" are the same file
        if key in seen:
            problems.append((("deliverables", i, "path"),
                             f"duplicate of deliverables[{seen[key]}].path (got {path!r})"))
        seen.setdefault(key, i)
    return problems
