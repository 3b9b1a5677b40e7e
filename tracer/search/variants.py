"""The set of searches ``trace compare`` runs side by side on one game.

Each variant is a search, a loop order and a score scheme (None: the scheme the
user gave). The first is the guide's minimax, the baseline the others are
measured against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..games.tictactoe.game import ASCENDING, CENTRE_FIRST
from ..scores import DEPTH, Scores
from ..trace import Trace
from . import SearchSpec


@dataclass(frozen=True)
class Variant:
    """One row of a comparison: what to run."""

    search: SearchSpec
    order: tuple[int, ...] = ASCENDING
    #: The score scheme, or None for the one the comparison was asked with.
    scores: Scores | None = None


VARIANTS: tuple[Variant, ...] = (
    Variant(SearchSpec("minimax")),
    Variant(SearchSpec("alphabeta", "ge")),
    Variant(SearchSpec("alphabeta", "gt")),
    Variant(SearchSpec("alphabeta", "ge"), CENTRE_FIRST),
    Variant(SearchSpec("memo")),
    Variant(SearchSpec("minimax"), scores=DEPTH),
)


def run_variants(make_game: Callable[[tuple[int, ...], Scores | None], Any],
                 variants: tuple[Variant, ...] = VARIANTS) -> list[tuple[Variant, Trace]]:
    """Record every variant; ``make_game(order, scores)`` builds the game each one searches."""
    return [(v, v.search.run(make_game(v.order, v.scores))) for v in variants]

#: The variants that mean something on any game: no loop orders or score schemes of a board.
GENERIC_VARIANTS: tuple[Variant, ...] = tuple(
    v for v in VARIANTS if v.order == ASCENDING and v.scores is None)
