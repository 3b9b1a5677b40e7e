"""Progress on the terminal for the slow steps: writing huge logs and traces (``calls_bar``), and
layouts (``waiting``). Both show only when standard error is a terminal, and both end their line
cleanly, on success and on failure alike.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

import click

from ..errors import visible

#: Below this many calls a log or trace is written in about a second: no bar.
BAR_MIN_CALLS = 100_000
#: How long a wait lasts before its line appears, and how often it is redrawn (seconds).
WAIT_DELAY = 1.0
WAIT_TICK = 0.5

Progress = Callable[[int], object]


def _terminal(stream: TextIO | None) -> TextIO | None:
    stream = stream if stream is not None else sys.stderr
    return stream if stream.isatty() else None


@contextmanager
def calls_bar(total: int, label: str, *, stream: TextIO | None = None,
              minimum: int = BAR_MIN_CALLS) -> Iterator[Progress | None]:
    """``with calls_bar(trace.calls, path) as progress: write_log(..., progress=progress)``: click's
    bar for work counted in calls, or None when no bar is wanted (not a terminal, too little work)."""
    terminal = _terminal(stream)
    if terminal is None or total < minimum:
        yield None
        return

    with click.progressbar(length=total, label=visible(label), file=terminal, show_pos=True,
                           show_percent=True, width=30) as bar:
        shown = 0

        def progress(done: int) -> None:
            nonlocal shown
            step = min(done, total) - shown
            if step > 0:
                bar.update(step)
                shown += step

        yield progress


@contextmanager
def waiting(label: str, *, stream: TextIO | None = None, delay: float = WAIT_DELAY) -> Iterator[None]:
    """Show ``label: 3 s`` on the terminal while the block runs, once it has taken ``delay``
    (a Graphviz layout, which cannot be counted); the line is erased when the block ends."""
    terminal = _terminal(stream)
    if terminal is None:
        yield
        return

    done = threading.Event()
    drawn = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        if done.wait(delay):
            return
        while not done.is_set():
            click.echo(f"\r{visible(label)}: {time.monotonic() - start:.0f} s", file=terminal, nl=False)
            drawn.set()
            done.wait(WAIT_TICK)

    thread = threading.Thread(target=tick, name="tracer-waiting", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if drawn.is_set():
            click.echo("\r\x1b[K", file=terminal, nl=False)  # erase the line
