"""tracer: a step-by-step tracer for the tutorial's minimax on tic-tac-toe.

Record once, render many ways::

    >>> import tracer
    >>> trace = tracer.record(tracer.Board("X.OX.XOO."), to_move="X")
    >>> trace.calls, str(trace.result)
    (9, '{index: 4, score: 1}')

A textbook tree is a game too::

    >>> fig52 = tracer.search(tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]"))
    >>> fig52.game.label(fig52.result.index), fig52.result.score
    ('B', 3)
"""

from __future__ import annotations

from . import check, search  # packages, callable: tracer.check(fn, board), tracer.search(game)
from .errors import InputError, RenderError, TooLargeError, TracerError
from .games.tictactoe.board import LINES, Board, Mark, cell_name
from .games.tictactoe.notation import Position, parse_board
from .scores import TENS, TUTORIAL, Scores
from .search.minimax import plain_minimax, record
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
    "Figure",
    "FigureSeries",
    "GameTree",
    "TooLargeError",
    "Trace",
    "TracerError",
    "cell_name",
    "check",
    "figures",
    "overview_figure",
    "parse_board",
    "plain_minimax",
    "record",
    "search",
    "test_play_figure",
    "tree",
]

#: Names loaded on first use, so ``import tracer`` does not import graphviz.
_LAZY = {
    "GameTree": "games.tree.game",
    "tree": "games.tree.game",
    "Figure": "renderers.figures",
    "FigureSeries": "renderers.figures",
    "figures": "renderers.figures",
    "overview_figure": "renderers.figures",
    "test_play_figure": "renderers.figures",
}


def __getattr__(name: str) -> object:
    """Load the figure functions on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
