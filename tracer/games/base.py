"""The interface every game offers to the searches and the renderers.

A game here is a rooted problem: a game's rules together with the position a
search starts from and the scores it gives finished games (OpenSpiel's
``Game``/``State`` split, flattened). States are small integers that only the
game itself decodes, so a search can key them in a dict and a trace can store
them in an array. Scores are always from the maximiser's point of view.

Searches use: ``root``, ``maximising``, ``moves``, ``play``, ``outcome``.
Renderers use the rest: how a state, a move and a finished game read in words,
and how a state is drawn (an HTML-like label for Graphviz, data for the page).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Game(Protocol):
    """What searches and renderers may ask of a game."""

    #: The game's name as the JSON trace and the CLI spell it (``tictactoe``, ``tree``).
    name: str
    #: The state the first call is made on.
    root: int
    #: ``TERMINAL_NAMES[code]``: what a finished state's code means (code 0 = not finished).
    terminal_names: tuple[str | None, ...]

    # ---- rules: what a search asks ----------------------------------------------------

    def maximising(self, state: int) -> bool:
        """Whether the side to move in ``state`` takes the max (the AI) or the min."""
        ...

    def moves(self, state: int) -> Sequence[int]:
        """The moves from ``state`` in the order the search's loop tries them."""
        ...

    def play(self, state: int, move: int) -> int:
        """The state after ``move``."""
        ...

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        """``(terminal code, score)`` if ``state`` is finished, else None.

        ``depth`` counts moves from the root, for scores that reward quick wins.
        """
        ...

    # ---- words and pictures: what a renderer asks -------------------------------------

    def player(self, state: int) -> str:
        """Who moves in ``state``, as the log names them (``X``, ``MAX``)."""
        ...

    def describe(self, state: int) -> str:
        """``state`` in one short line of text."""
        ...

    def move_name(self, move: int) -> str:
        """A move in words, e.g. ``cell 4 (centre)``."""
        ...

    def first_call_text(self, state: int) -> str:
        """The first invocation as the guide writes it (step 7), for the log."""
        ...

    def loop_text(self, state: int) -> str:
        """What step 10's for-loop will try from ``state``, in words, for the log."""
        ...

    def legend_testing(self) -> str:
        """What a state drawn with a ``testing`` move shows, for a legend."""
        ...

    def legend_cells(self) -> tuple[str, str]:
        """How a drawn state's empty places and winning lines read, for a legend."""
        ...

    def outcome_kind(self, terminal: int) -> str:
        """A finished state for the maximiser: ``'win'``, ``'loss'`` or ``'draw'``."""
        ...
