"""The agent's tool set for a trial. A disabled tool is absent from the schema, not failing."""

from __future__ import annotations

from harness.tools.base import Tool
from harness.tools.code_exec import CodeExecTool
from harness.tools.finish import FinishTool
from harness.tools.view_image import ViewImageTool
from harness.tools.web_search import WebSearchTool

CORE_TOOLS = ("code_exec", "view_image", "web_search", "finish")
# Tools an ablation may remove; finish never (a run could not end) and code_exec never (nothing could be done).
DISABLEABLE = ("view_image", "web_search")


class ToolConfigError(ValueError):
    pass


def make_tools(*, disabled: set[str], exec_timeout_s: float, with_search: bool) -> list[Tool]:
    unknown = disabled - set(DISABLEABLE)
    if unknown:
        raise ToolConfigError(f"--disable-tool {', '.join(sorted(unknown))}: only {', '.join(DISABLEABLE)} can be disabled")
    tools: list[Tool] = [CodeExecTool(exec_timeout_s)]
    if "view_image" not in disabled:
        tools.append(ViewImageTool())
    if with_search and "web_search" not in disabled:
        tools.append(WebSearchTool())
    tools.append(FinishTool())
    return tools
