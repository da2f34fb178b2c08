"""The `mka` command. Each verb group lives in its own module."""

from __future__ import annotations

import faulthandler
import os
import signal
import sys

import typer

from harness.cli import agreement_cmd, cluster_cmd, decoys_cmd, grade_cmd, image_cmd, m3_cmd, report_cmd, rubric_cmd, run_cmd, sandbox_cmd, submit_cmd, task_cmd, view_cmd

app = typer.Typer(
    name="mka",
    help="Evaluate multimodal, tool-using agents on professional work.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


app.add_typer(image_cmd.app, name="image")
app.add_typer(sandbox_cmd.app, name="sandbox")
app.add_typer(task_cmd.app, name="task")
app.command("run")(run_cmd.run)
rubric_cmd.app.command("decoys")(decoys_cmd.decoys)
app.add_typer(rubric_cmd.app, name="rubric")
app.command("grade")(grade_cmd.grade)
app.command("report")(report_cmd.report)
app.command("agreement")(agreement_cmd.agreement)
app.add_typer(submit_cmd.app, name="submit")
app.command("view")(view_cmd.view)
app.add_typer(m3_cmd.app, name="m3")
app.add_typer(cluster_cmd.app, name="cluster")


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
