"""python3 -m autorater.checks.uno_convert SRC OUT TARGET BUSY_WAIT_S CONNECT_WAIT_S TOKEN

One conversion through the warm LibreOffice (warm_office.py), exactly as `soffice --convert-to
TARGET` does it in a cold process (LibreOffice 7.4's desktop/source/app/dispatchwatcher.cxx):
the same load arguments (hidden, read-only, silent, a new view; plus, explicitly, macros never
executed and links never updated, which the profile also says), the export filter
`--convert-to` picks for the loaded document's type (TARGET "ext:filter[:options]" names it),
and the same store arguments. Run as its own process under office.convert's timeout, so a
conversion that hangs in LibreOffice is killed like a cold one.

Exit status: 0 converted; otherwise one of the codes below, on which office.convert falls
back to a cold conversion (and, for the ones in DISCARD, replaces the warm office)."""

from __future__ import annotations

import faulthandler
import fcntl
import sys
import time
from pathlib import Path

OK, HUNG, BUSY, UNREACHABLE, ABANDONED, LOAD_FAILED, CRASHED, NO_FILTER, STORE_FAILED = 0, 1, 10, 11, 12, 13, 14, 15, 16
DISCARD = {HUNG, ABANDONED, CRASHED}  # the warm office is dead, wedged or not known to be idle
HANDSHAKE_S = 10.0  # connecting to a listening office takes milliseconds; past this it is wedged

# The filter `--convert-to EXT` guesses (impl_GuessFilter) for each document type, as LibreOffice
# 7.4 prints it ("convert ... using filter : ..."); tests/test_checks_warm_office.py checks that
# the warm and the cold conversions agree. Only these document types are converted warm: an HTML
# page (Writer/Web) comes out of a cold --convert-to with an empty first page and without its
# <h1>, and out of a warm office without that defect, so it stays cold (NO_FILTER) to keep the
# reference result.
FILTERS = {
    ("com.sun.star.sheet.SpreadsheetDocument", "xlsx"): "Calc Office Open XML",
    ("com.sun.star.sheet.SpreadsheetDocument", "pdf"): "calc_pdf_Export",
    ("com.sun.star.text.TextDocument", "docx"): "MS Word 2007 XML",
    ("com.sun.star.text.TextDocument", "pdf"): "writer_pdf_Export",
    ("com.sun.star.presentation.PresentationDocument", "pptx"): "Impress MS PowerPoint 2007 XML",
    ("com.sun.star.presentation.PresentationDocument", "pdf"): "impress_pdf_Export",
}
WARM_SERVICES = {service for service, _ in FILTERS}
NEVER_EXECUTE, NO_UPDATE = 0, 0  # css.document.MacroExecMode / UpdateDocMode


def _props(**values):
    from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

    out = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        out.append(prop)
    return tuple(out)


def _connect(pipe: str):
    import uno  # type: ignore[import-not-found]

    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")


def reachable(pipe: str) -> bool:
    try:
        _connect(pipe)
        return True
    except Exception:  # noqa: BLE001 - NoConnectException and friends: not up (yet)
        return False


def _acquire(handle, wait_s: float) -> bool:
    end = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= end:
                return False
            time.sleep(0.02)


def convert(src: Path, out: Path, target: str, busy_wait_s: float, connect_wait_s: float, token: str) -> int:
    from autorater.checks import warm_office

    state = warm_office.read_state()
    if not warm_office.alive(state):
        return UNREACHABLE
    with open(warm_office.STATE_DIR / "busy.lock", "a+") as lock:  # one conversion at a time
        if not _acquire(lock, busy_wait_s):
            return BUSY
        inflight = warm_office.STATE_DIR / "inflight"
        if inflight.exists():  # its client was killed mid-conversion: the office may still be at it
            return ABANDONED
        inflight.write_text(token)  # the caller's: it tells whether the conversion in flight is its own
        code = _convert_locked(state, src, out, target, connect_wait_s)  # type: ignore[arg-type]
        inflight.unlink(missing_ok=True)  # not reached when this process is killed: see ABANDONED
        return code


def _convert_locked(state: dict, src: Path, out: Path, target: str, connect_wait_s: float) -> int:
    try:
        return _through_office(state, src, out, target, connect_wait_s)
    finally:
        faulthandler.cancel_dump_traceback_later()


def _through_office(state: dict, src: Path, out: Path, target: str, connect_wait_s: float) -> int:
    import uno  # type: ignore[import-not-found]

    from autorater.checks import warm_office

    # A stopped or wedged office accepts the connection and never answers: faulthandler's own
    # thread (it needs no GIL, unlike anything blocked in pyuno) then ends this process with
    # status 1 (HUNG), so the caller converts cold instead of waiting out the whole timeout.
    end = time.monotonic() + connect_wait_s
    while True:  # the office may still be starting
        faulthandler.dump_traceback_later(HANDSHAKE_S, exit=True)
        try:
            ctx = _connect(state["pipe"])
            break
        except Exception:  # noqa: BLE001 - NoConnectException: not listening yet
            faulthandler.cancel_dump_traceback_later()
            if time.monotonic() >= end or not warm_office.alive(state):
                return UNREACHABLE
            time.sleep(0.05)
    ext, _, named = target.partition(":")
    try:
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        faulthandler.cancel_dump_traceback_later()  # from here on, time spent is the file's
        load = _props(Referer="private:OpenEvent", ReadOnly=True, OpenNewView=True, Hidden=True, Silent=True,
                      MacroExecutionMode=NEVER_EXECUTE, UpdateDocMode=NO_UPDATE)
        try:
            doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(str(src)), "_blank", 0, load)
        except Exception as exc:  # noqa: BLE001 - IllegalArgumentException / IOException: the file
            return CRASHED if _gone(exc, state) else LOAD_FAILED
        if doc is None:
            return LOAD_FAILED
        try:
            service = next((a.Value for a in doc.getArgs() if a.Name == "DocumentService"), "")
            name, _, options = named.partition(":")
            name = name or FILTERS.get((service, ext), "")
            if not name or service not in WARM_SERVICES:
                return NO_FILTER
            store = {"ConversionRequestOrigin": "CommandLine", "Overwrite": True, "FilterName": name}
            if options:
                store["FilterOptions"] = options
            try:
                doc.storeToURL(uno.systemPathToFileUrl(str(out)), _props(**store))
            except Exception as exc:  # noqa: BLE001
                return CRASHED if _gone(exc, state) else STORE_FAILED
        finally:
            try:
                doc.close(True)
            except Exception:  # noqa: BLE001 - CloseVetoException, or the office went away
                pass
    except Exception as exc:  # noqa: BLE001 - the bridge died mid-call (DisposedException, ...)
        return CRASHED if _gone(exc, state) else STORE_FAILED
    return OK


def _gone(exc: Exception, state: dict) -> bool:
    """Did the office die (or its bridge break) rather than refuse the file?"""
    from autorater.checks import warm_office

    text = f"{type(exc).__name__} {exc}"
    return "DisposedException" in text or "URP bridge" in text or not warm_office.alive(state)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 6:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    src, out, target, busy, connect, token = args
    return convert(Path(src), Path(out), target, float(busy), float(connect), token)


if __name__ == "__main__":
    sys.exit(main())
