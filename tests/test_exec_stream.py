"""Who closes an exec's stream. Closing a socket from one thread while another is between two
reads of it frees the descriptor number; the next connection the process opens gets it, and
the reader then waits on (and reads) that stranger's socket for ever — an intermittent hang at
exit. So the reader thread alone closes; the deadline and cancellation only shut it down."""

from __future__ import annotations

import socket
import struct
import threading

from harness.sandbox.docker_exec import _end_stream, _pump_frames
from harness.sandbox.output import HeadTailBuffer


def _frame(stream: int, data: bytes) -> bytes:
    return struct.pack(">BxxxL", stream, len(data)) + data  # Docker's multiplexed stream header


def test_ending_a_stream_shuts_it_down_but_leaves_its_descriptor_to_the_reader():
    """No reader here, so nothing can close it meanwhile: the number stays taken, reads end."""
    ours, engine = socket.socketpair()
    fd = ours.fileno()
    _end_stream(ours)
    assert ours.fileno() == fd  # shut down, not closed: the number is not free for reuse yet
    assert ours.recv(16) == b""  # a reader blocked on it would wake with end-of-stream
    ours.close()
    engine.close()


def test_shutting_the_stream_down_wakes_the_reader_and_the_reader_closes_it():
    ours, engine = socket.socketpair()
    out, err = HeadTailBuffer(1024, 0), HeadTailBuffer(1024, 0)
    engine.sendall(_frame(1, b"partial output"))
    reader = threading.Thread(target=_pump_frames, args=(ours, out, err), daemon=True)
    reader.start()
    reader.join(0.5)
    assert reader.is_alive()  # blocked: the engine never ends the stream
    _end_stream(ours)
    reader.join(5)
    assert not reader.is_alive() and ours.fileno() == -1  # woke, and closed it itself
    assert out.text() == "partial output"
    engine.close()


def test_a_stream_that_ends_is_read_whole_and_closed_by_its_reader():
    ours, engine = socket.socketpair()
    out, err = HeadTailBuffer(1024, 0), HeadTailBuffer(1024, 0)
    engine.sendall(_frame(1, b"out") + _frame(2, b"err"))
    engine.close()
    _pump_frames(ours, out, err)
    assert (out.text(), err.text(), ours.fileno()) == ("out", "err", -1)
