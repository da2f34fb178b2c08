"""A sandbox's lifeline: the connection to its command's stdin, held by the process that made it.

The container's command (harness.sandbox.hardening.LIFELINE) ends when its stdin closes, and
the engine then removes the container and its anonymous volumes. The engine closes that stdin
when the one attached client disconnects, so the container lives exactly as long as this
connection: cut on purpose by `cut()`, or by the kernel when the owner dies in any way, SIGKILL
and a Ray worker killed along with its driver included. Nothing reads or writes the connection."""

from __future__ import annotations

import socket


class Lifeline:
    def __init__(self, sock) -> None:
        self._sock = sock
        self._raw = getattr(sock, "_sock", sock)  # the socket under docker-py's SocketIO

    @classmethod
    def attach(cls, container) -> Lifeline:
        """Attach to a created, not yet started, container's stdin (before it starts, so no
        moment exists in which it runs without an owner)."""
        return cls(container.attach_socket(params={"stdin": 1, "stream": 1}))

    def cut(self) -> None:
        """Disconnect: the container's command ends and the engine removes the container."""
        for step in (lambda: self._raw.shutdown(socket.SHUT_RDWR), self._raw.close, self._sock.close):
            try:
                step()
            except OSError:
                pass
