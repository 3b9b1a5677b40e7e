"""The recursion log as an output: on the terminal, or streamed into a file (``--log``)."""

from __future__ import annotations

import sys

from ..renderers.log import write_log
from . import Output, Request
from .files import atomic_writer, check_output_path
from .progress import progress_bar


class TerminalLogOutput(Output):
    """The log on standard output: the default, unless something else takes the terminal."""

    option = "the log"
    on_terminal = True

    @classmethod
    def plan(cls, trace, request: Request):  # type: ignore[no-untyped-def]
        # Standard output may belong to the tree (-o -), and --stats, --quiet and --log
        # each take the log off the terminal.
        elsewhere = request.stats or request.quiet or request.log_path is not None
        return None if elsewhere or request.tree_path == "-" else cls(trace, request)

    def write(self) -> None:
        stream = sys.stdout
        # A bar only when the log goes to a file while a person watches the terminal.
        bar = None if stream.isatty() else progress_bar(self.trace, "log")
        write_log(self.trace, stream, progress=bar)
        stream.flush()


class LogFileOutput(Output):
    """``--log PATH``: the whole log, streamed into a file in constant memory."""

    option = "--log"

    @classmethod
    def plan(cls, trace, request: Request):  # type: ignore[no-untyped-def]
        return None if request.log_path is None else cls(trace, request)

    @property
    def path(self) -> str:
        assert self.request.log_path is not None
        return self.request.log_path

    def paths(self) -> list[str]:
        return [self.path]

    def check(self) -> None:
        check_output_path(self.path, "--log")

    def write(self) -> None:
        with atomic_writer(self.path) as handle:
            write_log(self.trace, handle, progress=progress_bar(self.trace, self.path))
