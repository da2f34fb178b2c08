"""Sandboxes: hardened containers where agents work and deliverables are graded."""

from harness.sandbox.backends import create_sandbox
from harness.sandbox.docker_sandbox import DockerSandbox
from harness.sandbox.types import (
    INPUT_DIR,
    WORKSPACE,
    CopyReport,
    ExecResult,
    FileInfo,
    Sandbox,
    SandboxError,
    SandboxLimits,
    SandboxService,
    SandboxSpec,
)

__all__ = [
    "INPUT_DIR", "WORKSPACE", "CopyReport", "DockerSandbox", "ExecResult", "FileInfo",
    "Sandbox", "SandboxError", "SandboxLimits", "SandboxService", "SandboxSpec", "create_sandbox",
]
