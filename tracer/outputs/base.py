"""What every output is: the request that asks for it, the ``Output`` it is, and ``run``, which writes them all.

``run`` takes any planned outputs (a trace run's, ``trace compare``'s,
``trace play``'s game page and saved decisions), refuses outputs that would
replace an input or each other, checks them all, prints what goes to the
terminal, then renders every file and only then writes them all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, NamedTuple

import click

from ..trace import Trace
from .safe_write import staged_writes


class Request(NamedTuple):
    """The outputs a run asks for, as the command line's options say."""

    #: File name stem for default output names (the board file's name, or the example's).
    stem: str = "trace"
    #: ``-o``: where the tree (or JSON) goes; ``-`` is standard output.
    output: str | None = None
    #: ``--format``: svg, png, pdf, dot or json.
    fmt: str | None = None
    no_tree: bool = False
    quiet: bool = False
    stats: bool = False
    log_path: str | None = None
    max_nodes: int | None = None
    depth: int | None = None
    focus: int = 1
    line: bool = False
    figures_dir: str | None = None
    html_path: str | None = None
    #: The layout engine (``dot``, ``pure``, ``auto``; None: $TRACER_ENGINE, else auto).
    engine: str | None = None
    #: PNG size: 1 is 96 dpi; 2 doubles it, for slides.
    scale: float = 1.0
    #: The files the run reads (the board or the saved trace): no output may replace them.
    inputs: tuple[str, ...] = ()

    def resolved(self) -> Request:
        """The request with the defaults that other outputs imply.

        A page, a figure series or the summary replaces the default tree file (unless ``-o`` or
        ``--format`` asks for one); a page on standard output silences the log.
        """
        req = self
        if req.html_path is not None:
            req = req._replace(no_tree=req.no_tree or (req.output is None and req.fmt is None),
                          quiet=req.quiet or req.html_path == "-")
        if req.stats and req.output is None and req.fmt is None:
            # The summary replaces the log; like a page, it writes a tree only when asked.
            req = req._replace(no_tree=True)
        if req.figures_dir is not None and req.output is None:
            # The figures include the overview: a tree file only if -o asks for one.
            req = req._replace(no_tree=True)
        return req

    @property
    def tree_format_option(self) -> str | None:
        """``--format`` as it applies to the tree (the figures take it when there is no ``-o``)."""
        if self.figures_dir is not None and self.output is None:
            return None
        return self.fmt

    @property
    def tree_path(self) -> str:
        """Where the tree goes (``-`` for standard output), even when none is written."""
        from .files import choose_format

        return choose_format(self.output, self.tree_format_option, self.stem)[0]


class Output(ABC):
    """One kind of output: planned from a request, checked, rendered, then written."""

    #: The option that asks for it, for messages.
    option: ClassVar[str] = ""
    #: Whether it only prints to the terminal: such outputs (the log, the summary) come
    #: out before anything is drawn, so a drawing that fails never hides them.
    on_terminal: ClassVar[bool] = False

    def __init__(self, trace: Trace, request: Any):
        #: What it presents: a trace (or, for ``trace compare``, the traces compared).
        self.trace = trace
        self.request = request
        #: What the run says about this output once everything is written.
        self.reports: list[str] = []

    def report(self, line: str) -> None:
        """Say ``line`` on standard error once the run's files are all in place."""
        self.reports.append(line)

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> Output | None:
        """This output if a trace run's request asks for it, else None."""
        return None

    def paths(self) -> list[str]:
        """The files this output will write (not standard output)."""
        return []

    def check(self) -> None:  # noqa: B027 - optional: most outputs have nothing to check
        """Raise InputError or TooLargeError before anything is written."""

    def render(self) -> None:  # noqa: B027 - optional: streamed outputs render as they write
        """Build the output in memory (or nothing, for a streamed one)."""

    @abstractmethod
    def write(self) -> None:
        """Write it, and say what was written unless the run is quiet."""


def run(outputs: list[Output], inputs: tuple[str, ...] = ()) -> None:
    """Check, render, then write ``outputs``; none may replace one of ``inputs`` or another."""
    check_distinct(outputs, inputs)
    for out in outputs:
        out.check()
    printed = [out for out in outputs if out.on_terminal]
    files = [out for out in outputs if not out.on_terminal]
    for out in printed:
        out.render()
        out.write()
    for out in files:
        out.render()
    # Files are moved into place only once every one of them is written in full.
    with staged_writes():
        for out in files:
            out.write()
    for out in files:
        for line in out.reports:
            click.echo(line, err=True)


def check_distinct(outputs: list[Output], inputs: tuple[str, ...]) -> None:
    """Refuse a run whose outputs would overwrite one another or one of its inputs."""
    from ..errors import InputError
    from .files import same_file

    seen: list[tuple[str, str]] = [(path, "the input") for path in inputs if path != "-"]
    for out in outputs:
        for path in out.paths():
            for earlier, what in seen:
                if same_file(path, earlier):
                    raise InputError(
                        f"{path!r} would be written by {out.option} and is also {what}: "
                        f"give each output its own file", out.option)
            seen.append((path, f"the file of {out.option}"))
