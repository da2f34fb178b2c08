"""The viewer's HTTP server: stdlib, bound to 127.0.0.1 by default, read-only over run dirs.

Previews of office and PDF deliverables are rendered on demand in a fresh network-less
autorater container (deliverables are untrusted) and cached beside the trial."""

from __future__ import annotations

import asyncio
import json
import mimetypes
from functools import partial
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

from harness.reports.collect import collect
from harness.reports.document import build_report, render_html
from harness.viewer.pages import page, trial_list, trial_page

PREVIEW_DIR = "previews"


class Viewer:
    def __init__(self, run_dirs: list[Path]) -> None:
        self.run_dirs = run_dirs
        self.labels = run_labels(run_dirs)

    def trials(self) -> dict[str, Path]:
        """Every trial by its key in URLs: its name, or with several run dirs "<run>~<name>" (two
        runs of the same agents share every trial name; neither may hide the other)."""
        return {key: trial for key, (_, trial) in self._listed().items()}

    def _listed(self) -> dict[str, tuple[str, Path]]:
        out = {}
        for run, label in zip(self.run_dirs, self.labels):
            for p in sorted((run / "trials").glob("*/trial.json")):
                out[p.parent.name if len(self.run_dirs) == 1 else f"{label}~{p.parent.name}"] = (label, p.parent)
        return out

    def route(self, path: str) -> tuple[int, str, bytes]:
        parts = [unquote(p) for p in path.split("?")[0].split("/") if p]
        listed = self._listed()
        trials = {key: trial for key, (_, trial) in listed.items()}
        if not parts:
            runs = {key: label for key, (label, _) in listed.items()} if len(self.run_dirs) > 1 else None
            return 200, "text/html", trial_list(trials, runs).encode()
        if parts[0] == "report":
            rows, planned, notes = collect(self.run_dirs)
            return 200, "text/html", render_html(build_report(rows, notes, planned, resamples=2000)).encode()
        if len(parts) < 2 or parts[1] not in trials:
            return 404, "text/plain", b"not found"
        key = parts[1]
        trial = trials[key]
        if parts[0] == "trial":
            return 200, "text/html", trial_page(trial, key).encode()
        if parts[0] == "media" and len(parts) == 3:
            matches = list((trial / "media").glob(f"{parts[2]}.*"))
            return _file(matches[0], trial) if matches else (404, "text/plain", b"no such image")
        if parts[0] == "deliverable":
            return _file(trial / "deliverables" / "/".join(parts[2:]), trial / "deliverables")
        if parts[0] == "previewimg":
            return _file(trial / PREVIEW_DIR / "/".join(parts[2:]), trial / PREVIEW_DIR)
        if parts[0] == "preview":
            return self._preview(trial, key, "/".join(parts[2:]))
        return 404, "text/plain", b"not found"

    def _preview(self, trial: Path, key: str, rel: str) -> tuple[int, str, bytes]:
        source = (trial / "deliverables" / rel).resolve()
        if not source.is_relative_to((trial / "deliverables").resolve()) or not source.is_file():
            return 404, "text/plain", b"no such deliverable"
        out = trial / PREVIEW_DIR / rel
        if not any(out.glob("*.png")):
            try:
                asyncio.run(render_preview(source, out))
            except Exception as exc:  # noqa: BLE001 - show the reason on the page
                reason = f"<p>could not render {escape(rel)}: {escape(str(exc))}</p>"
                return 500, "text/html", page("preview failed", reason).encode()
        images = "".join(f"<p><img class='seen' style='max-width:100%' src='/previewimg/{key}/{rel}/{p.name}'></p>"
                         for p in sorted(out.glob("*.png")))
        return 200, "text/html", page(rel, f"<h1>{rel}</h1>{images or '<p>(no pages)</p>'}").encode()


def run_labels(run_dirs: list[Path]) -> list[str]:
    """A short, distinct label per run dir: its folder name, numbered when two share one."""
    labels: list[str] = []
    for run in run_dirs:
        label, n = run.resolve().name or "run", 1
        while label in labels:
            n += 1
            label = f"{run.resolve().name}-{n}"
        labels.append(label)
    return labels


async def render_preview(source: Path, out: Path) -> None:
    from harness.images import resolve_image
    from harness.sandbox import SandboxSpec, create_sandbox
    from harness.sandbox.client import shared_client

    spec = SandboxSpec(image=resolve_image(shared_client(), "autorater"), network="none", role="autorater", run_id="viewer")
    async with await create_sandbox(spec) as box:
        await box.copy_in(source, "/workspace/deliverables")
        result = await box.exec(["python3", "-m", "autorater.checks.render", f"deliverables/{source.name}", "/workspace/pages"], timeout=300)
        if not result.ok:
            raise RuntimeError(render_failure(result.stdout, result.stderr, result.exit_code))
        out.mkdir(parents=True, exist_ok=True)
        pages = [i.path for i in await box.list_files("/workspace/pages") if i.path.endswith(".png")]
        await box.copy_out([p.removeprefix("/workspace/") for p in pages], out.parent / ".tmp-preview")
        for png in (out.parent / ".tmp-preview" / "pages").glob("*.png"):
            png.replace(out / png.name)


def render_failure(stdout: str, stderr: str, exit_code: int) -> str:
    """Why a render failed: the renderer's own reason (the "error" of the JSON report it
    prints, e.g. "report.docx is password-protected / encrypted ..."), else stderr's tail."""
    for line in reversed(stdout.strip().splitlines()):
        try:
            reason = json.loads(line).get("error")
        except (ValueError, AttributeError):
            continue
        if reason:
            return str(reason)
    return stderr.strip()[-500:] or f"the renderer exited with status {exit_code}"


def _file(path: Path, root: Path) -> tuple[int, str, bytes]:
    path = path.resolve()
    if not path.is_relative_to(root.resolve()) or not path.is_file():
        return 404, "text/plain", b"not found"
    return 200, mimetypes.guess_type(path.name)[0] or "application/octet-stream", path.read_bytes()


class _Handler(BaseHTTPRequestHandler):
    def __init__(self, viewer: Viewer, *args, **kwargs) -> None:
        self.viewer = viewer
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        status, content_type, body = self.viewer.route(self.path)
        self.send_response(status)
        self.send_header("Content-Type", content_type + ("; charset=utf-8" if content_type.startswith("text/") else ""))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # keep the terminal quiet
        pass


def make_server(run_dirs: list[Path], host: str = "127.0.0.1", port: int = 8765) -> ThreadingHTTPServer:
    return ThreadingHTTPServer((host, port), partial(_Handler, Viewer(run_dirs)))
