"""A progress bar on standard error for long writes, shown only to a person watching."""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..trace import Trace

#: Traces smaller than this are written too fast for a bar to help.
MIN_CALLS = 100_000


def progress_bar(trace: Trace, label: str) -> Callable[[int], object] | None:
    """A callback ``show(calls_done)`` drawing a bar on stderr, or None when stderr is not a terminal."""
    if not sys.stderr.isatty() or trace.calls < MIN_CALLS:
        return None
    total = trace.calls

    def show(done: int) -> None:
        width = 30
        filled = width * done // total
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{label}: [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done:,}/{total:,} calls{end}")
        sys.stderr.flush()

    return show
