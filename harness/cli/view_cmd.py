"""`mka view DIR...`: browse trials, trajectories, deliverables and verdicts locally."""

from __future__ import annotations

from pathlib import Path

import typer

from harness.cli.common import console
from harness.viewer.server import make_server


def view(
    run_dirs: list[Path] = typer.Argument(..., help="Run directories to show."),
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to bind (default: this machine only)."),
    port: int = typer.Option(8765, "--port"),
) -> None:
    """Serve a local web page listing trials; Ctrl-C stops it."""
    server = make_server(run_dirs, host, port)
    console.print(f"viewer on http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
