"""The `mka` command. Each verb group lives in its own module."""

from __future__ import annotations

import faulthandler
import importlib
import os
import signal
import sys

import click
import typer
from typer.core import TyperGroup

# Verb → (module, attribute): a function is one command, a Typer app a group of them. Modules
# load when their verb runs (or `--help` lists them): importing all of them cost every call
# ~0.5 s of start-up (the agreement, Ray and grading stacks) whatever the verb.
COMMANDS: dict[str, tuple[str, str]] = {
    "image": ("harness.cli.image_cmd", "app"),
    "sandbox": ("harness.cli.sandbox_cmd", "app"),
    "task": ("harness.cli.task_cmd", "app"),
    "run": ("harness.cli.run_cmd", "run"),
    "rubric": ("harness.cli.rubric_cmd", "app"),
    "grade": ("harness.cli.grade_cmd", "grade"),
    "report": ("harness.cli.report_cmd", "report"),
    "agreement": ("harness.cli.agreement_cmd", "agreement"),
    "submit": ("harness.cli.submit_cmd", "app"),
    "view": ("harness.cli.view_cmd", "view"),
    "m3": ("harness.cli.m3_cmd", "app"),
    "cluster": ("harness.cli.cluster_cmd", "app"),
}


def load_command(name: str) -> click.Command:
    """The click command for verb NAME, importing its module now."""
    module, attr = COMMANDS[name]
    target = getattr(importlib.import_module(module), attr)
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)
    else:
        single = typer.Typer()
        single.command(name)(target)
        command = typer.main.get_command(single)
    command.name = name
    return command


class LazyGroup(TyperGroup):
    """The root group: lists every verb, builds one only when it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return load_command(cmd_name) if cmd_name in COMMANDS else None


app = typer.Typer(
    name="mka",
    cls=LazyGroup,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Evaluate multimodal, tool-using agents on professional work."""


def main() -> None:
    """The console script: the app, then an exit that never waits on a wedged worker thread
    (harness.runner.signals reports those; joining them would hang a finished command)."""
    from harness.runner.signals import wedged_threads  # noqa: PLC0415 - keeps `mka --help` light

    # `kill -USR1 <pid>` prints every thread's stack to stderr: how a stuck run or grading
    # shows where it waits, without stopping it.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    try:
        app()
        code: int = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    if wedged_threads():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
