"""tracer: a step-by-step tracer for the tutorial's minimax on tic-tac-toe, and for any game.

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
* ``search(game, algorithm="minimax", **settings)`` (the plain function ``run_search``): any search (``"minimax"``,
  ``"alphabeta"`` with ``cutoff="ge"|"gt"``, ``"memo"``) on any game, a board or a tree;
* ``tree(text_or_lists, root="MAX")``: a textbook tree (``GameTree``), such as
  ``tree([[3, 12, 8], [2, 4, 6]])``; ``TicTacToe(board, to_move, ai, scores, order)``:
  a board as a game; ``Nim(heaps, misere=False, order="ascending")``: Nim from heaps such
  as ``[1, 3, 5]``;
* ``check(fn, board)`` (the plain function ``check_function``): a learner's own minimax
  function run and held, call by call, against the guide's (``trace check`` for a program
  file); ``check_class(folder)``: every submission in a class folder checked apart, the
  rows returned (``trace check DIR``);
* ``Trace``, ``Call``, ``Result``: what a search records; ``save(trace, path)`` and
  ``load(path)``: a trace as a JSON file; ``figures(trace)``, ``test_play_figure(trace, n)``,
  ``overview_figure(trace)``: the guide's figures (``Figure``, ``FigureSeries``), shown in
  Jupyter;
* ``Board``, ``Mark``, ``Position``, ``parse_board``, ``cell_name``, ``LINES``: the board;
  ``Scores``, ``TUTORIAL``, ``TENS``: terminal scores; ``plain_minimax``: the guide's
  algorithm written plainly;
* ``TracerError``, ``InputError``, ``RenderError``, ``TooLargeError``: what goes wrong.

This package root names the public API (each name loaded on first use) and installs the
answers to what lower modules ask of higher ones (``tracer.hooks``).
"""

from __future__ import annotations

import types
from importlib import import_module
from typing import IO, TYPE_CHECKING, Any

from . import check, hooks, search

if TYPE_CHECKING:
    from pathlib import Path

    from .games.tictactoe.board import Board, Mark
    from .scores import Scores
    from .trace import Trace

__version__ = "0.1.0"

_LAZY = {
    "InputError": "errors", "RenderError": "errors", "TooLargeError": "errors", "TracerError": "errors",
    "LINES": "games.tictactoe.board", "Board": "games.tictactoe.board", "Mark": "games.tictactoe.board",
    "cell_name": "games.tictactoe.board",
    "Position": "games.tictactoe.notation", "parse_board": "games.tictactoe.notation",
    "TENS": "scores", "TUTORIAL": "scores", "Scores": "scores",
    "Call": "trace", "Result": "trace", "Trace": "trace",
    "plain_minimax": "search.minimax", "run_search": "search", "check_function": "check.running.notebook",
    "check_class": "classcheck",
    "GameTree": "games.tree.game", "tree": "games.tree.game", "TicTacToe": "games.tictactoe.game",
    "Nim": "games.nim.game",
    "Figure": "renderers.figures", "FigureSeries": "renderers.figures", "figures": "renderers.figures",
    "overview_figure": "renderers.figures", "test_play_figure": "renderers.figures",
}

__all__ = sorted([*_LAZY, "check", "load", "record", "save", "search"])


def __dir__() -> list[str]:
    """Every public name, the lazy ones too (for tab completion and ``help(tracer)``), unloaded."""
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> object:
    """Load a public name on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def record(board: Board | str | list[str | int], to_move: Mark | None = None, ai: Mark = "X",
           scores: Scores | str | None = None) -> Trace:
    """Run the guide's minimax on a tic-tac-toe ``board`` with ``to_move`` to play.

    ``board`` may also be text in any board-file notation (``"X.OX.XOO."``) or the
    guide's array as a list; without ``to_move`` the side to move is inferred from the
    counts, as for a board file. ``scores`` is a Scores or its name as ``--scores``
    spells it (``"ten"``, ``"depth"``, ``"-25,25,0"``). Returns the Trace of every
    invocation. The search itself only records.
    """
    from .games.tictactoe.game import TicTacToe
    from .games.tictactoe.notation import as_position
    from .scores import TUTORIAL, as_scores
    from .search.minimax import search

    board, to_move = as_position(board, to_move)
    return search(TicTacToe(board, to_move, ai, TUTORIAL if scores is None else as_scores(scores)))


def load(source: str | Path | IO[bytes], name: str | None = None) -> Trace:
    """A trace read back from a JSON trace file (a path, or a binary stream), checked in full.

    InputError naming the file (or ``name``) and what is wrong if it is not a consistent trace.
    """
    from .tracefile import load_json

    if hasattr(source, "read"):
        return load_json(source, name or "<json>")  # type: ignore[arg-type]
    with open(source, "rb") as stream:
        return load_json(stream, name or str(source))


def save(trace: Trace, target: str | Path | IO[str]) -> None:
    """Write ``trace`` as a JSON trace: to a file, safely (replaced only once complete), or a text stream."""
    from .tracefile import write_json

    if hasattr(target, "write"):
        write_json(trace, target)  # type: ignore[arg-type]
        return
    from .outputs.files import atomic_writer

    with atomic_writer(target) as handle:
        write_json(trace, handle)


# ---- the answers lower modules ask for (see tracer.hooks) ---------------------------------


def _describe_state(game: Any) -> Any:
    from .explain import game_words

    words = game_words(game)
    return lambda state: f"{words.describe(state)}, {words.player(state)} to move"


def _lay_out(graph: Any) -> str:
    from .outputs.files import pipe

    return pipe(graph, "svg").decode("utf-8")


def _loaded(module: str, name: str) -> Any:
    """An answer that is the function ``name`` of ``module``, imported on the first question."""
    return lambda *args: getattr(import_module(f".{module}", __name__), name)(*args)


hooks.install(search_rule=lambda algorithm: search.find(algorithm, "trace").check,
              describe_state=_describe_state, lay_out=_lay_out,
              describe_trace=_loaded("renderers.notebook", "describe_trace"),
              describe_call=_loaded("renderers.notebook", "describe_call"),
              show_trace=lambda trace: _loaded("renderers.notebook", "trace_html")(trace, _lay_out),
              show_call=_loaded("renderers.notebook", "call_svg"),
              show_result=_loaded("renderers.notebook", "result_html"),
              draw_trace=lambda trace: _lay_out(_loaded("renderers.tree", "game_tree")(trace)),
              show_board=_loaded("explain.tictactoe", "board_svg"),
              class_check=_loaded("classcheck.command", "run_class_command"))


# ---- tracer.search(game) and tracer.check(fn): packages that can be called ------------------


class _CallablePackage(types.ModuleType):
    """A package that can be called as its function: ``tracer.search(game)`` and
    ``tracer.check(fn, board)`` were documented before the packages of the same names grew."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function: Any = __getattr__(_CALLED_AS[self.__name__])
        return function(*args, **kwargs)


_CALLED_AS = {f"{__name__}.search": "run_search", f"{__name__}.check": "check_function"}
search.__class__ = check.__class__ = _CallablePackage
