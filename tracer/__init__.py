"""tracer: a step-by-step tracer for the tutorial's minimax on tic-tac-toe.

Record once, render many ways::

    >>> import tracer
    >>> trace = tracer.record(tracer.Board("X.OX.XOO."), to_move="X")
    >>> trace.calls, str(trace.result)
    (9, '{index: 4, score: 1}')
"""

from __future__ import annotations

from .board import LINES, Board, Mark, cell_name
from .boardfile import Position, parse_board
from .errors import InputError, RenderError, TooLargeError, TracerError
from .scores import TENS, TUTORIAL, Scores
from .search import plain_minimax, record
from .trace import Call, Result, Trace

__version__ = "0.1.0"

__all__ = [
    "LINES",
    "Board",
    "Call",
    "InputError",
    "Mark",
    "Position",
    "RenderError",
    "Result",
    "Scores",
    "TENS",
    "TUTORIAL",
    "TooLargeError",
    "Trace",
    "TracerError",
    "cell_name",
    "parse_board",
    "plain_minimax",
    "record",
]
