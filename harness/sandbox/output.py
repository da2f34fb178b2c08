"""Bounded capture of a command's output: keep the head and the tail, count the middle."""

from __future__ import annotations


class HeadTailBuffer:
    """Holds at most head_cap + tail_cap bytes however much is written."""

    def __init__(self, head_cap: int, tail_cap: int) -> None:
        self._head = bytearray()
        self._tail = bytearray()
        self._head_cap = head_cap
        self._tail_cap = tail_cap
        self.total = 0

    def write(self, data: bytes) -> None:
        self.total += len(data)
        room = self._head_cap - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if not data or self._tail_cap <= 0:
            return
        if len(data) >= self._tail_cap:
            self._tail[:] = data[-self._tail_cap :]
        else:
            self._tail += data
            excess = len(self._tail) - self._tail_cap
            if excess > 0:
                del self._tail[:excess]

    @property
    def cut_bytes(self) -> int:
        return self.total - len(self._head) - len(self._tail)

    def head_bytes(self) -> bytes:
        return bytes(self._head)

    def text(self) -> str:
        head = self._head.decode("utf-8", errors="replace")
        if not self.cut_bytes:
            return head + self._tail.decode("utf-8", errors="replace")
        tail = self._tail.decode("utf-8", errors="replace")
        return f"{head}\n[... {self.cut_bytes} bytes cut ...]\n{tail}"
