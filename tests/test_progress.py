"""Progress on the terminal: click's bar for counted work, an elapsed-time line for layouts."""

from __future__ import annotations

import io
import re
import threading
import time

from tracer.outputs.progress import WAIT_TICK, calls_bar, waiting

#: One frame of the bar as drawn: the label, the cells, the calls done of the total, the percentage.
FRAME = re.compile(r"(?P<label>.*?)  \[(?P<cells>[^\]]*)\]  (?P<done>\d+)/(?P<total>\d+) +(?P<pct>\d+)%")


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


def frames(text: str) -> list[tuple[str, str, int, int, int]]:
    """Every frame the bar drew (each starts its line again with a carriage return)."""
    found = []
    for part in text.split("\r")[1:]:
        match = FRAME.match(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", part))  # click hides the cursor
        assert match is not None, part
        found.append((match["label"], match["cells"], int(match["done"]), int(match["total"]), int(match["pct"])))
    return found


def test_the_bar_shows_from_its_documented_minimum_of_calls():
    """README: a progress bar for 100,000 calls or more; below that the work takes about a second."""
    out = Terminal()
    with calls_bar(100_000, "big.log", stream=out) as progress:
        assert progress is not None
    assert frames(out.getvalue())[0][2:4] == (0, 100_000)
    quiet = Terminal()
    with calls_bar(99_999, "big.log", stream=quiet) as progress:
        assert progress is None
    assert quiet.getvalue() == ""


def test_the_bar_draws_each_count_as_given_never_backwards_never_past_the_end():
    """Each frame shows the calls done so far (a count past the total shows the total; a smaller
    count than one already shown changes nothing) in 30 cells, one filled per whole thirtieth."""
    out = Terminal()
    counts = [1, 2, 2, 5, 3, 9, 10, 12]
    with calls_bar(10, "small.log", stream=out, minimum=1) as progress:
        assert progress is not None
        for done in counts:
            progress(done)
    text = out.getvalue()
    shown = frames(text)
    # A reference: the most done so far, held at the total; a frame only when it changes.
    expected = [0]
    for done in counts:
        if min(max(done, expected[-1]), 10) != expected[-1]:
            expected.append(min(done, 10))
    assert [done for _label, _cells, done, _total, _pct in shown] == expected == [0, 1, 2, 5, 9, 10]
    for label, cells, done, total, pct in shown:
        assert label == "small.log" and total == 10 and pct == done * 100 // 10
        assert len(cells) == 30 and cells == "#" * (30 * done // 10) + "-" * (30 - 30 * done // 10)
    assert shown[-1][1] == "#" * 30 and text.endswith("\n")


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
    assert "\n" not in text  # redrawn in place: one line, then erased


def test_the_wait_is_redrawn_every_tick_not_continually():
    out = Terminal()
    start = time.monotonic()
    with waiting("laying out", stream=out, delay=0):
        while "\r" not in out.getvalue() and time.monotonic() - start < 10:
            time.sleep(0.01)  # the first frame, however busy the machine
        time.sleep(0.3)
    elapsed = time.monotonic() - start
    drawn = out.getvalue().count("\rlaying out: ")
    assert 1 <= drawn <= 1 + elapsed / WAIT_TICK, (drawn, elapsed)


class SlowTerminal(Terminal):
    """A terminal that takes a while to take each redrawn line (a slow link, a busy emulator)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawing = threading.Event()

    def write(self, text: str) -> int:
        if text.startswith("\r") and text != "\r\x1b[K":
            self.drawing.set()
            time.sleep(0.2)
        return super().write(text)


def test_a_wait_ending_mid_draw_stops_its_thread_and_still_leaves_a_clean_line():
    """The block may end while its line is being drawn: the line is still finished, then
    erased, and nothing is left running to draw on the next output."""
    out = SlowTerminal()
    with waiting("laying out", stream=out, delay=0):
        assert out.drawing.wait(5)
    assert not [t for t in threading.enumerate() if t.name == "tracer-waiting"]
    text = out.getvalue()
    assert text.startswith("\rlaying out: ") and text.endswith("\r\x1b[K")


def test_a_short_wait_shows_nothing():
    out = Terminal()
    with waiting("laying out", stream=out, delay=5):
        pass
    assert out.getvalue() == ""


#: A program whose terminal stops taking output (paused with Ctrl-S, or a stalled link) while
#: its wait's line is drawn: the wait's thread blocks in the middle of a write for good.
STALLED = """
import io, sys, threading
from tracer.outputs.progress import waiting

class Stalled(io.StringIO):
    def isatty(self):
        return True

    def write(self, text):
        print("stalled", flush=True)
        threading.Event().wait()

with waiting("laying out", stream=Stalled(), delay=0):
    pass
"""


def test_ctrl_c_ends_a_program_whose_wait_line_is_stalled(tmp_path):
    """Ctrl-C while the wait's thread is stuck on a stalled terminal still ends the program:
    the thread never keeps the process alive once the program itself is done."""
    import signal
    import subprocess
    import sys

    # Ctrl-C's default action, as on a terminal (a shell starts background jobs with it ignored).
    def interruptible() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    with subprocess.Popen([sys.executable, "-c", STALLED], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, preexec_fn=interruptible) as program:
        try:
            assert program.stdout is not None and program.stdout.readline() == "stalled\n"
            time.sleep(0.2)  # the program is now waiting for its thread
            program.send_signal(signal.SIGINT)
            _out, err = program.communicate(timeout=20)
        finally:
            program.kill()
    assert "KeyboardInterrupt" in err
