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
