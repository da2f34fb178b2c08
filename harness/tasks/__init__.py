"""Task folders: the task.toml schema, loading and validation."""

from harness.tasks.loader import Task, TaskError, find_task_dirs, load_suite, load_task
from harness.tasks.model import (
    Deliverable,
    EnvironmentSpec,
    McpServerSpec,
    TaskLimits,
    TaskSpec,
    ToolUseSpec,
)

__all__ = [
    "Deliverable",
    "EnvironmentSpec",
    "McpServerSpec",
    "Task",
    "TaskError",
    "TaskLimits",
    "TaskSpec",
    "ToolUseSpec",
    "find_task_dirs",
    "load_suite",
    "load_task",
]
