"""Games: what a search explores. A game supplies states; searches and renderers only ask it.

``GAME_LOADERS`` maps each game's name (as the JSON trace spells it) to a
function returning its class, imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _tictactoe() -> Any:
    from .tictactoe.game import TicTacToe

    return TicTacToe


def _tree() -> Any:
    from .tree.game import GameTree

    return GameTree


GAME_LOADERS: dict[str, Callable[[], Any]] = {"tictactoe": _tictactoe, "tree": _tree}


#: What ``as_game`` takes, for its error message.
GAME_FORMS = ("a game (tracer.tree(...), tracer.TicTacToe(...)), a Board, a board as text "
              "('X.OX.XOO.') or as the guide's array ([\"X\", 1, \"O\", ...]), or a tree as text "
              "('A: [B: [3, 12, 8], C: [2, 4, 6]]') or as nested lists of integers ([[3, 12, 8], [2, 4, 6]])")


def as_game(value: object, source: str = "search()") -> Any:
    """The game a Python caller means: a game as it is; a tic-tac-toe board (a Board, its
    text, the guide's array as a list) with the side to move inferred; a textbook tree
    (its text, or nested lists of integers). TypeError for anything else."""
    if hasattr(value, "moves") and hasattr(value, "root"):
        return value
    from .tictactoe.board import Board
    from .tictactoe.game import TicTacToe
    from .tictactoe.notation import as_position
    from .tree.game import tree
    from .tree.notation import BOARD_INDEXES, looks_like_tree

    if isinstance(value, list | tuple):
        flat = all(isinstance(item, str | int) and not isinstance(item, bool) for item in value)
        marks = any(isinstance(item, str) for item in value)
        indexes = BOARD_INDEXES.fullmatch(str(list(value))) is not None
        if not (flat and (marks or indexes)):  # nested lists of integers: a tree
            return tree(list(value))
    elif isinstance(value, str) and looks_like_tree(value):
        return tree(value)
    elif not isinstance(value, str | Board):
        raise TypeError(f"{source} expects {GAME_FORMS}, found {type(value).__name__}")
    board, to_move = as_position(value, None, source)
    return TicTacToe(board, to_move)
