"""Outputs: the only code that writes files, each output one ``Output``, all of a run planned together.

A run asks for outputs with options (``Request``). ``produce`` plans every
output a trace run asks for and hands them to ``run`` (``base.py``), which
every command's outputs go through: it refuses outputs that would replace an
input or each other, checks them all, prints what goes to the terminal (the
log or the summary), then renders every file and only then writes them all,
so a bad request or a failed rendering leaves the file system as it was.

Adding an output of a trace run is one module with an ``Output`` subclass and
one line in ``_PLANNERS``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..trace import Trace
from .base import Output, Request, check_distinct, run
from .figure_files import FiguresOutput
from .log import LogFileOutput, StatsOutput, TerminalLogOutput
from .page import PageOutput
from .tree import TreeOutput

__all__ = ["Output", "Request", "check_distinct", "plan", "produce", "run"]


#: Each output's planner. Files are rendered and written in this order; the figures come last,
#: since their folder is swapped into place as a whole and the other files wait for it.
_PLANNERS: list[Callable[[Trace, Request], Output | None]] = [
    StatsOutput.plan, TerminalLogOutput.plan, PageOutput.plan, LogFileOutput.plan, TreeOutput.plan,
    FiguresOutput.plan]


def plan(trace: Trace, request: Request) -> list[Output]:
    """Every output the request asks for, in the order they are produced."""
    req = request.resolved()
    return [out for make in _PLANNERS if (out := make(trace, req)) is not None]


def produce(trace: Trace, request: Request) -> None:
    request.check_options()
    run(plan(trace, request), request.inputs)
