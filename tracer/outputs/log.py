"""The recursion log as an output: on the terminal, or streamed into a file (``--log``); and ``--stats``,
the summary printed instead of it."""

from __future__ import annotations

import io
import re
import sys
from typing import TextIO, cast

from click import echo

from ..errors import InputError
from ..renderers.stats import render_stats
from ..search import guide_calls
from ..trace import Trace
from .base import Output, Request
from .files import atomic_writer, check_output_path
from .progress import calls_bar

#: Above this many calls the log goes only where asked (``--log``, a pipe), never to a terminal.
TERMINAL_LOG_CALLS = 20_000
#: A log longer than this is cut on a terminal (a few screenfuls; the guide's board takes 84).
TERMINAL_LOG_LINES = 200
#: The line a call starts on: its number after the indent (``   #12 step 11 ...``).
CALL_LINE = re.compile(r"\s*#(\d+) ")


class _Cut(Exception):
    """The terminal has had its screenfuls: the walk stops here."""


class Screenfuls(io.TextIOBase):
    """A terminal's stream that takes the first ``lines`` lines of the log, remembering the
    last call begun, and stops the walk (``_Cut``) when more would follow."""

    def __init__(self, stream: TextIO, lines: int):
        super().__init__()
        self.stream, self.left, self.last_call = stream, lines, 1

    def write(self, text: str) -> int:
        if not text:
            return 0
        if self.left <= 0:
            raise _Cut
        lines = text.splitlines(keepends=True)
        shown = lines[: self.left]
        self.stream.write("".join(shown))
        self.left -= len(shown)
        for line in shown:
            if started := CALL_LINE.match(line):
                self.last_call = int(started.group(1))
        if len(shown) < len(lines):
            raise _Cut
        return len(text)


def is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TerminalLogOutput(Output):
    """The log on standard output: the default, unless something else takes the terminal."""

    option = "the log"
    on_terminal = True

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> TerminalLogOutput | None:
        # Standard output may belong to the tree (-o -), and --stats, --quiet and --log
        # each take the log off the terminal.
        elsewhere = request.stats or request.quiet or request.log_path is not None
        return None if elsewhere or request.tree_path == "-" else cls(trace, request)

    def write(self) -> None:
        from ..renderers.log import write_log

        stream, calls = sys.stdout, self.trace.calls
        if not is_terminal(stream) or self.request.full_log:
            # A bar (on stderr) only when the log goes to a pipe or file while a person watches.
            with calls_bar(calls, "log") as progress:
                write_log(self.trace, stream, progress=progress)
        elif calls > TERMINAL_LOG_CALLS:
            # Hundreds of megabytes scrolling past help nobody: summarise instead.
            echo(render_stats(self.trace), nl=False)
            echo(f"trace: the full log has {calls:,} calls, too many for a terminal (over {TERMINAL_LOG_CALLS:,}): "
                 "--log PATH writes it, or pipe it (trace ... | less), or --full-log prints it here", err=True)
            return
        else:  # a terminal: a few screenfuls, then one line saying what was left out
            screen = Screenfuls(stream, TERMINAL_LOG_LINES)
            try:
                write_log(self.trace, cast("TextIO", screen))
            except _Cut:
                stream.flush()
                echo(f"trace: the log is cut after {TERMINAL_LOG_LINES} lines, in call #{screen.last_call}: "
                     f"{calls - screen.last_call:,} more of its {calls:,} calls are not shown; --log PATH "
                     "writes it all, or pipe it (trace ... | less), or --full-log prints it here", err=True)
                return
        stream.flush()


class LogFileOutput(Output):
    """``--log PATH``: the whole log, streamed into a file in constant memory."""

    option = "--log"
    path_field = "log_path"

    def check(self) -> None:
        if self.path == "-" and self.request.tree_path == "-" and not self.request.no_tree:
            raise InputError("the log and the tree cannot both go to standard output", "--log")
        check_output_path(self.path, "--log")

    def write(self) -> None:
        from ..renderers.log import write_log

        if self.path == "-":  # standard output, like every other option's '-'
            write_log(self.trace, sys.stdout)
            sys.stdout.flush()
            return
        with atomic_writer(self.path) as handle, calls_bar(self.trace.calls, self.path) as progress:
            write_log(self.trace, handle, progress=progress)


class StatsOutput(Output):
    option = "--stats"
    on_terminal = True

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> StatsOutput | None:
        # Standard output belongs to the tree when -o - asks for it.
        return cls(trace, request) if request.stats and request.tree_path != "-" else None

    def render(self) -> None:
        # A variant's summary compares its calls with the guide's minimax on the same game.
        self.text = render_stats(self.trace, baseline=guide_calls(self.trace))

    def write(self) -> None:
        echo(self.text, nl=False)
        if is_terminal(sys.stdout) and self.request.output is None and self.request.fmt is None:
            # Said on a terminal only, so that a pipe or a file gets the summary alone.
            echo("trace: --stats writes no tree file (-o PATH or --format FORMAT writes one)", err=True)
