"""The set of searches ``trace compare`` runs side by side on one game, built from the registries.

Every search of the registry runs with each of the settings it lists for a
comparison (the baseline, the guide's minimax, first); a search whose calls
depend on the loop order also runs on the game's variations of the order; the
baseline also runs on the game's variations of the score scheme. The first row
is the baseline on the game as given: the one the others are measured against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import games
from ..trace import Trace
from . import SearchSpec, baseline, kinds


@dataclass(frozen=True)
class Variant:
    """One row of a comparison: a search and the game it runs on."""

    search: SearchSpec
    #: The game, or one of its variations (``GameKind.variations``).
    game: Any


def compare_set(game: Any) -> list[Variant]:
    """The searches to compare on ``game``, in the order the comparison lists them."""
    variations = games.kind_of(game).variations(game)
    rows = []
    for kind in kinds():
        rows += [Variant(SearchSpec(kind.name, **settings), game) for settings in kind.compare]
        if kind.order_matters:
            rows += [Variant(SearchSpec(kind.name, **kind.compare[0]), v.game)
                     for v in variations if v.changes == "order"]
    base = baseline()
    rows += [Variant(SearchSpec(base.name, **base.compare[0]), v.game)
             for v in variations if v.changes == "scores"]
    return rows


def run_variants(game: Any) -> list[tuple[Variant, Trace]]:
    """Record every search of the comparison on ``game``."""
    return [(v, v.search.run(v.game)) for v in compare_set(game)]
