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
from typing import Any, Protocol


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

    def role(self, state: int) -> str:
        """The mover's part in words: ``the AI`` / ``the human``, ``the maximiser`` / ``the minimiser``."""
        ...

    def describe(self, state: int) -> str:
        """``state`` in one short line of text."""
        ...

    def setting(self) -> str:
        """Where the search starts, in one phrase, for titles."""
        ...

    def log_header(self) -> str:
        """The lines that open a recursion log: the game, the players, the scores."""
        ...

    def move_name(self, move: int) -> str:
        """A move in words, e.g. ``cell 4 (centre)``."""
        ...

    def move_short(self, move: int) -> str:
        """A move in a word or two, e.g. ``cell 4``."""
        ...

    def move_phrase(self, state: int, move: int) -> str:
        """``state``'s mover making ``move``, e.g. ``X on cell 1 (top-middle)``."""
        ...

    def edge_label(self, state: int, move: int) -> str:
        """A tree edge from ``state`` by ``move``, short: ``X on 4``."""
        ...

    def point_of_view(self, state: int) -> str:
        """A note for a score reported while the minimiser moves ('' if none is needed)."""
        ...

    def step8_text(self, state: int) -> str:
        """What the call finds to try (the guide's step 8)."""
        ...

    def search_text(self, state: int) -> str:
        """Step 9 when the game goes on: what the call will try."""
        ...

    def first_call_text(self, state: int) -> str:
        """The first invocation as the guide writes it (step 7), for the log."""
        ...

    def loop_text(self, state: int) -> str:
        """What step 10's for-loop will try from ``state``, in words, for the log."""
        ...

    def undo_text(self, move: int) -> str:
        """Step 12's undoing of a test-play, for the log ('' if nothing is undone)."""
        ...

    def next_text(self, move: int) -> str:
        """Step 13: the for-loop moving on to ``move``, for the log."""
        ...

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """A finished game in one clause (the guide's step 9)."""
        ...

    def terminal_label(self, terminal: int) -> str:
        """A finished game in two words, under its picture."""
        ...

    def outcome_kind(self, terminal: int) -> str:
        """A finished game for the maximiser: ``win``, ``loss`` or ``draw`` (for colours)."""
        ...

    def value_kind(self, score: int) -> str:
        """What a returned score predicts for the maximiser: ``win``, ``loss`` or ``draw``."""
        ...

    def legend_marks(self) -> list[str]:
        """What the highlighted part of a picture means, for legends."""
        ...

    def legend_testing(self) -> str:
        """What a state drawn with a ``testing`` move shows, for a legend."""
        ...

    def legend_cells(self) -> tuple[str, str]:
        """How a drawn state's empty places and winning lines read, for a legend."""
        ...

    def legend_outcomes(self) -> list[tuple[str, str]]:
        """``(kind, text)`` for each kind of finished game, for legends."""
        ...

    def picture(
        self,
        state: int,
        *,
        played: int | None = None,
        testing: int | None = None,
        terminal: int = 0,
        line_colour: str = "",
    ) -> str:
        """``state`` drawn as a Graphviz HTML-like label fragment."""
        ...

    def page_data(self) -> dict[str, Any]:
        """What the step-through page needs to know about the game."""
        ...

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        """Per-row columns the page draws states from."""
        ...

    # ---- the JSON trace ---------------------------------------------------------------

    #: The keys a JSON node holds for the state.
    json_keys: frozenset[str]

    def json_header(self) -> list[tuple[str, Any]]:
        """Header fields that say which game was searched."""
        ...

    def json_head(self, state: int) -> str:
        """A JSON node's state fields before its ``move``."""
        ...

    def json_tail(self, state: int) -> str:
        """A JSON node's state fields after its ``move``."""
        ...

    def state_from_json(self, node: dict[str, Any]) -> int:
        """The state a JSON node holds; ValueError saying what is wrong."""
        ...
