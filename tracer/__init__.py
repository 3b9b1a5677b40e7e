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

What ``tracer`` offers (``help(tracer.NAME)`` tells more):

* ``record(board, to_move=None, ai="X", scores=TUTORIAL)``: the guide's minimax on a
  tic-tac-toe board (a ``Board``, text such as ``"X.OX.XOO."``, the guide's array as a list);
* ``search(game, algorithm="minimax", **settings)``: any search (``"minimax"``,
  ``"alphabeta"`` with ``cutoff="ge"|"gt"``, ``"memo"``) on any game, a board or a tree;
* ``tree(text_or_lists, root="MAX")``: a textbook tree (``GameTree``), such as
  ``tree([[3, 12, 8], [2, 4, 6]])``; ``TicTacToe(board, to_move, ai, scores, order)``:
  a board as a game;
* ``Trace``, ``Call``, ``Result``: what a search records; ``figures(trace)``,
  ``test_play_figure(trace, n)``, ``overview_figure(trace)``: the guide's figures
  (``Figure``, ``FigureSeries``), shown in Jupyter;
* ``Board``, ``Mark``, ``Position``, ``parse_board``, ``cell_name``, ``LINES``: the board;
  ``Scores``, ``TUTORIAL``, ``TENS``: terminal scores; ``plain_minimax``: the guide's
  algorithm written plainly;
* ``TracerError``, ``InputError``, ``RenderError``, ``TooLargeError``: what goes wrong.
"""

from __future__ import annotations

from . import search  # the package, callable: tracer.search(game) records the guide's minimax
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
    "TicTacToe",
    "Figure",
    "FigureSeries",
    "GameTree",
    "TooLargeError",
    "Trace",
    "TracerError",
    "cell_name",
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
    "TicTacToe": "games.tictactoe.game",
    "tree": "games.tree.game",
    "Figure": "renderers.figures",
    "FigureSeries": "renderers.figures",
    "figures": "renderers.figures",
    "overview_figure": "renderers.figures",
    "test_play_figure": "renderers.figures",
}


def __dir__() -> list[str]:
    """Every public name, the lazily loaded ones included (so tab completion and
    ``help(tracer)`` offer them), without loading them."""
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> object:
    """Load the figure functions on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
