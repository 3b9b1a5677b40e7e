"""What every output is: the request that asks for it, the ``Output`` it is, and ``run``, which writes
every command's outputs, as the package's notes say."""

from __future__ import annotations

import os
import stat
from abc import ABC, abstractmethod
from typing import Any, ClassVar, NamedTuple

import click

from ..errors import InputError, quote, visible
from ..trace import Trace
from .files import choose_format, same_file
from .safe_write import staged_writes


class Request(NamedTuple):
    """The outputs a run asks for, as the command line's options say (``-`` is standard output)."""

    stem: str = "trace"  # for default output names: the board file's name, or the example's
    output: str | None = None  # -o: where the tree (or JSON) goes
    fmt: str | None = None  # --format
    no_tree: bool = False
    quiet: bool = False
    stats: bool = False
    log_path: str | None = None
    full_log: bool = False
    max_nodes: int | None = None
    depth: int | None = None
    focus: int = 1
    line: bool = False
    figures_dir: str | None = None
    html_path: str | None = None
    engine: str | None = None  # dot, pure, auto; None: $TRACER_ENGINE, else auto
    scale: float = 1.0  # PNG size: 1 is 96 dpi; 2 doubles it, for slides
    #: The files the run reads (the board or the saved trace): no output may replace them.
    inputs: tuple[str, ...] = ()

    def resolved(self) -> Request:
        """The request with the defaults that other outputs imply: a page, a figure series or the
        summary replaces the default tree file (unless ``-o`` or ``--format`` asks for one); a
        page on standard output silences the log."""
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

    def check_options(self) -> None:
        """Refuse an option that would change nothing in what this request writes (a
        drawing's options when nothing is drawn, ``--scale`` without a PNG), never left
        silently unused. Call it on the request as given, before ``resolved``."""
        req = self.resolved()
        tree = None if req.no_tree else req.tree_format
        drawn = tree in ("svg", "png", "pdf", "dot")
        figures = req.figures_dir is not None
        unused = {
            "--max-nodes": req.max_nodes is not None and not (drawn or figures),
            "--depth": req.depth is not None and not (drawn or figures),
            "--line": req.line and not drawn,
            "--focus": req.focus != 1 and not (drawn or req.html_path is not None),
            "--engine": req.engine is not None and not (tree in ("svg", "png", "pdf") or figures),
            "--scale": req.scale != 1.0 and not (tree == "png" or (figures and req.fmt == "png")),
            "-o": self.no_tree and self.output is not None,
            "--format": self.no_tree and self.fmt is not None and not figures,
        }
        for option, useless in unused.items():
            if useless:
                raise InputError("changes nothing in what this run writes: " + _WHY_UNUSED[option]
                                 + "; leave it out", option)

    @property
    def tree_format(self) -> str:
        """The tree file's format (svg when nothing says otherwise)."""
        return choose_format(self.output, self.tree_format_option, self.stem)[1]

    @property
    def tree_format_option(self) -> str | None:
        """``--format`` as it applies to the tree (the figures take it when there is no ``-o``)."""
        if self.figures_dir is not None and self.output is None:
            return None
        return self.fmt

    @property
    def tree_path(self) -> str:
        """Where the tree goes (``-`` for standard output), even when none is written."""
        return choose_format(self.output, self.tree_format_option, self.stem)[0]


#: Why each output option can change nothing, for ``Request.check_options``.
_WHY_UNUSED = {
    "--max-nodes": "it sizes a drawing (the tree as SVG, PNG, PDF or DOT, or --figures)",
    "--depth": "it sizes a drawing (the tree as SVG, PNG, PDF or DOT, or --figures)",
    "--line": "it shapes the tree's drawing (SVG, PNG, PDF or DOT)",
    "--focus": "it picks the call a drawing or the page (--html) starts from",
    "--engine": "it lays out an SVG, PNG or PDF drawing",
    "--scale": "it enlarges PNG pictures",
    "-o": "--no-tree writes no tree",
    "--format": "--no-tree writes no tree (the figures take --format too)",
}


class Output(ABC):
    """One kind of output: planned from a request, checked, rendered, then written."""

    #: The option that asks for it, for messages.
    option: ClassVar[str] = ""
    #: Whether it only prints to the terminal: such outputs (the log, the summary) come
    #: out before anything is drawn, so a drawing that fails never hides them.
    on_terminal: ClassVar[bool] = False
    #: The request's field naming the file it writes (``-``: standard output), if it is one option's.
    path_field: ClassVar[str] = ""

    def __init__(self, trace: Trace, request: Any):
        self.trace = trace  # or, for ``trace compare``, the traces compared
        self.request = request
        self.path: str = str(getattr(request, self.path_field)) if self.path_field else "-"
        self.reports: list[str] = []  # what the run says once everything is written

    def report(self, line: str) -> None:
        """Say ``line`` on standard error once the run's files are all in place."""
        self.reports.append(line)

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> Output | None:
        """This output if a trace run's request asks for it (names its file), else None."""
        return cls(trace, request) if cls.path_field and getattr(request, cls.path_field) is not None else None

    def paths(self) -> list[str]:
        """The files this output will write: its ``path``, unless that is standard output."""
        return [] if self.path == "-" else [self.path]

    def covers(self, path: str) -> bool:
        """Whether writing this output would change ``path`` (symlinks and hard links included)."""
        return any(same_file(path, mine) for mine in self.paths())

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
            click.echo(visible(line), err=True)  # the file names in it are the user's


def check_distinct(outputs: list[Output], inputs: tuple[str, ...]) -> None:
    """Refuse a run whose outputs would overwrite one another or one of its inputs, links
    followed. Standard input, when it is a file, is always one of them: a command may read
    answers or moves from it, and no run should replace what it was fed."""
    every = (*dict.fromkeys((*inputs, "-")),)  # in order, once each
    claimed: list[tuple[Output | _Input, str]] = [(_Input(path), "the input") for path in every]
    for out in outputs:
        for earlier, what in claimed:
            clash = next((p for p in out.paths() if earlier.covers(p)), None) or next(
                (p for p in earlier.paths() if out.covers(p)), None)
            if clash is not None:
                raise InputError(f"{quote(clash, 120)} would be written by {out.option} and is also "
                                 f"{what}: give each output its own file", out.option)
        claimed.append((out, f"written by {out.option}"))


class _Input:
    """A file the run reads, for ``check_distinct``: no output may change it."""

    def __init__(self, path: str):
        self.path = path

    def paths(self) -> list[str]:
        return [] if self.path == "-" else [self.path]

    def covers(self, path: str) -> bool:
        if self.path != "-":
            return same_file(path, self.path)
        # Whether ``path`` is the file standard input reads (``trace - -o b.txt < b.txt``).
        try:
            given = os.fstat(0)  # descriptor 0 itself: the stream object may be closed by now
            target = os.stat(path)
        except (OSError, ValueError, AttributeError):  # no such file yet, or no real stdin
            return False
        return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (target.st_dev, target.st_ino)
