"""`mka sandbox prune|smoke`: housekeeping and a quick look inside a fresh sandbox."""

from __future__ import annotations

import asyncio

import typer
from rich.table import Table

from harness.cli.common import console, docker_client, fail
from harness.images import ImageMissingError, resolve_image
from harness.images.mirror import PROBE_HOST_SH
from harness.sandbox import SandboxError, SandboxSpec, create_sandbox
from harness.sandbox.prune import prune_containers

app = typer.Typer(help="Manage sandbox containers.", no_args_is_help=True)

SMOKE_SCRIPT = r"""
set -e
echo "user: $(id -un) (uid $(id -u)); workdir: $(pwd); inputs: $(ls input | wc -l) file(s)"
python3 -c "import fitz, pptx, docx, openpyxl, PIL, numpy, pandas, matplotlib, reportlab, weasyprint, tesserocr; print('python libraries: ok')"
soffice --version | head -n1
tesseract --version 2>&1 | head -n1
pdftoppm -v 2>&1 | head -n1
cd /tmp && printf 'a,b\n1,2\n' > t.csv && soffice --headless --convert-to xlsx t.csv >/dev/null 2>&1 && echo "libreoffice headless conversion: ok"
host=$(PROBE_HOST_SH); host=${host:-localhost}
(getent hosts "$host" >/dev/null 2>&1 && echo "network: $host REACHABLE") || echo "network: none, $host unreachable (as it should be)"
(touch /etc/probe 2>/dev/null && echo "root fs: WRITABLE") || echo "root fs: read-only"
""".replace("PROBE_HOST_SH", PROBE_HOST_SH)


@app.command("prune")
def prune(
    run: str = typer.Option(None, "--run", help="Remove every container of this run id."),
    all_: bool = typer.Option(False, "--all", help="Also remove containers of harness processes still alive."),
) -> None:
    """Remove sandbox and grading containers left by dead runs."""
    removed = prune_containers(docker_client(), run_id=run, include_live=all_)
    for item in removed:
        typer.echo(f"removed {item.short_id} ({item.role}, run {item.run_id}, trial {item.trial_id})")
    console.print(f"{len(removed)} container(s) removed")


@app.command("smoke")
def smoke(image: str = typer.Option("sandbox", help="Image key (sandbox, autorater) or a tag.")) -> None:
    """Start a fresh hardened sandbox, show what is inside, and remove it."""
    client = docker_client()
    try:
        tag = resolve_image(client, image) if ":" not in image else image
    except ImageMissingError as exc:
        fail(str(exc))
    result = asyncio.run(_smoke(tag))
    table = Table(title=f"fresh sandbox from {tag}", show_header=False)
    for line in result.stdout.strip().splitlines():
        table.add_row(line)
    console.print(table)
    if not result.ok:
        fail(f"smoke command failed (exit {result.exit_code}): {result.stderr.strip()}")


async def _smoke(tag: str):
    try:
        async with await create_sandbox(SandboxSpec(image=tag, run_id="smoke")) as box:
            return await box.exec(SMOKE_SCRIPT, timeout=120)
    except SandboxError as exc:
        fail(str(exc))
