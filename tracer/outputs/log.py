"""The recursion log as an output: on the terminal, or streamed into a file (``--log``)."""

from __future__ import annotations

import sys

from ..errors import InputError
from ..renderers.stats import render_stats
from ..trace import Trace
from .base import Output, Request
from .files import atomic_writer, check_output_path
from .progress import calls_bar
from .safe_write import echo

#: Above this many calls the log goes only where asked (``--log``, a pipe), never to a terminal.
TERMINAL_LOG_CALLS = 20_000


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal a person reads."""
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
        stream = sys.stdout
        if is_terminal(stream) and self.trace.calls > TERMINAL_LOG_CALLS:
            # Hundreds of megabytes scrolling past help nobody: summarise instead.
            echo(render_stats(self.trace), nl=False)
            echo(f"trace: the full log has {self.trace.calls:,} calls, too many for a terminal "
                       f"(over {TERMINAL_LOG_CALLS:,}): --log PATH writes it, or pipe it "
                       f"(trace ... | less)", err=True)
            return
        from ..renderers.log import write_log

        # A bar (on stderr) only when the log goes to a pipe or file while a person watches.
        with calls_bar(self.trace.calls, "log") as progress:
            write_log(self.trace, stream, progress=progress)
        stream.flush()


class LogFileOutput(Output):
    """``--log PATH``: the whole log, streamed into a file in constant memory."""

    option = "--log"

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> LogFileOutput | None:
        return None if request.log_path is None else cls(trace, request)

    @property
    def path(self) -> str:
        assert self.request.log_path is not None
        return self.request.log_path

    def paths(self) -> list[str]:
        return [] if self.path == "-" else [self.path]

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
