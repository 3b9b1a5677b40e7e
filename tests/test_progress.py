"""Progress on the terminal: click's bar for counted work, an elapsed-time line for layouts."""

from __future__ import annotations

import io
import time

from tracer.outputs.progress import calls_bar, waiting


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_bar_counts_to_the_end_and_finishes_its_line():
    out = Terminal()
    with calls_bar(300_000, "big.log", stream=out) as progress:
        assert progress is not None
        for done in range(0, 300_001, 50_000):
            progress(done)
    text = out.getvalue()
    assert "big.log" in text and "100%" in text and "300000/300000" in text
    assert text.endswith("\n")


def test_no_bar_off_a_terminal_or_for_little_work():
    with calls_bar(300_000, "x", stream=io.StringIO()) as progress:
        assert progress is None
    out = Terminal()
    with calls_bar(500, "x", stream=out) as progress:
        assert progress is None
    assert out.getvalue() == ""


def test_the_bar_line_is_finished_even_when_writing_fails():
    out = Terminal()
    try:
        with calls_bar(300_000, "big.log", stream=out) as progress:
            assert progress is not None
            progress(1_000)
            raise OSError("disk full")
    except OSError:
        pass
    assert out.getvalue().endswith("\n")


def test_a_long_wait_shows_its_time_then_erases_its_line():
    out = Terminal()
    with waiting("laying out", stream=out, delay=0.05):
        time.sleep(0.3)
    text = out.getvalue()
    assert "\rlaying out: 0 s" in text
    assert text.endswith("\r\x1b[K")


def test_a_short_wait_shows_nothing():
    out = Terminal()
    with waiting("laying out", stream=out, delay=5):
        pass
    assert out.getvalue() == ""
