from harness.sandbox.output import HeadTailBuffer


def test_small_output_is_kept_whole():
    buf = HeadTailBuffer(10, 10)
    buf.write(b"hello ")
    buf.write(b"world")
    assert buf.text() == "hello world"
    assert buf.cut_bytes == 0


def test_large_output_keeps_head_and_tail_and_counts_the_middle():
    buf = HeadTailBuffer(4, 6)
    for chunk in (b"HEAD", b"-middle-" * 1000, b"..TAIL"):
        buf.write(chunk)
    assert buf.cut_bytes == 8000
    assert buf.text() == "HEAD\n[... 8000 bytes cut ...]\n..TAIL"
    assert buf.total == 4 + 8000 + 6


def test_tail_spanning_many_small_writes():
    buf = HeadTailBuffer(2, 3)
    for ch in b"abcdefgh":
        buf.write(bytes([ch]))
    assert buf.text() == "ab\n[... 3 bytes cut ...]\nfgh"


def test_split_utf8_is_replaced_not_crashing():
    buf = HeadTailBuffer(3, 0)
    buf.write("é€".encode())
    assert buf.text().startswith("é")
