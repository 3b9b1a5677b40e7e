"""The exceptions tracer raises for bad input and for failures it can explain."""

from __future__ import annotations


class TracerError(Exception):
    """Base class: every error tracer reports to a user without a traceback."""


class InputError(TracerError, ValueError):
    """Bad input (a board file, a saved trace, an option value): exit status 2.

    ``str()`` is one line: ``source:line: what was expected, found 'what'``
    (``source:line:column: …`` when the column is known).
    """

    def __init__(
        self, message: str, source: str | None = None, line: int | None = None, column: int | None = None
    ):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        where = source or ""
        if source is not None and line is not None:
            where = f"{source}:{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}" if where else message)


class RenderError(TracerError, RuntimeError):
    """Producing an output failed at run time (e.g. Graphviz is missing): exit status 1."""


class TooLargeError(TracerError, ValueError):
    """A request would draw more than a limit allows; the message names the option."""
