"""Searches: each records every call of one algorithm into a Trace and never prints.

``SEARCHES`` maps an algorithm's name (as ``--algorithm`` and the JSON trace
spell it) to ``function(game, **settings) -> Trace``. Importing this package
also registers each search's own rule check in ``tracer.trace.SEARCH_CHECKS``.

The package can be called, too::

    tracer.search(game, algorithm="minimax", **settings) -> Trace

``tracer.search(game)`` records the guide's minimax, ``tracer.search(game,
"alphabeta", cutoff="gt")`` another search (``"minimax"``, ``"alphabeta"``,
``"memo"``). ``game`` is a game (``tracer.tree(...)``, ``tracer.TicTacToe(...)``),
or what reads as one: a board (``"X.OX.XOO."``, a ``Board``, the guide's array as a
list) or a textbook tree (``"A: [B: [3, 12, 8], C: [2, 4, 6]]"``, ``[[3, 12, 8],
[2, 4, 6]]``). So ``tracer.search`` stays this package (``import
tracer.search.alphabeta`` works) and is the short way to trace a game.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..trace import Trace
from . import alphabeta, memo, minimax

#: name -> function(game, **settings) -> Trace
SEARCHES: dict[str, Callable[..., Trace]] = {
    "minimax": minimax.search,
    "alphabeta": alphabeta.search,
    "memo": memo.search,
}

#: The settings each search takes (``--cutoff`` only means something to alpha-beta).
SETTINGS: dict[str, tuple[str, ...]] = {"minimax": (), "alphabeta": ("cutoff",), "memo": ()}


def run_search(game: Any, algorithm: str = "minimax", **settings: Any) -> Trace:
    """Record ``algorithm`` on ``game``, passing it only the settings it takes.

    ``game`` may also be what ``tracer.games.as_game`` reads as one: a board such as
    ``"X.OX.XOO."``, a Board, or a textbook tree as text or nested lists.
    """
    from ..games import as_game

    if algorithm not in SEARCHES:
        raise ValueError(f"unknown algorithm {algorithm!r}: expected one of {', '.join(SEARCHES)}")
    unknown = sorted(set(settings) - {name for names in SETTINGS.values() for name in names})
    if unknown:
        raise TypeError(f"unknown setting {unknown[0]!r}: {algorithm} takes "
                        f"{', '.join(SETTINGS[algorithm]) or 'no settings'}")
    wanted = {k: v for k, v in settings.items() if k in SETTINGS[algorithm] and v is not None}
    return SEARCHES[algorithm](as_game(game), **wanted)


@dataclass(frozen=True)
class SearchSpec:
    """Which search to run and with what settings: what ``--algorithm``/``--cutoff`` chose."""

    #: ``minimax`` (the guide's), ``alphabeta`` or ``memo``.
    algorithm: str = "minimax"
    #: Alpha-beta's cutoff rule, ``ge`` or ``gt`` (ignored by the other searches).
    cutoff: str = "ge"

    def __post_init__(self) -> None:
        if self.algorithm not in SEARCHES:
            raise ValueError(f"expected an algorithm in {', '.join(SEARCHES)}, found {self.algorithm!r}")
        if self.cutoff not in alphabeta.CUTOFFS:
            raise ValueError(f"expected cutoff 'ge' or 'gt', found {self.cutoff!r}")

    def run(self, game: Any) -> Trace:
        """Record this search on ``game``."""
        return run_search(game, self.algorithm, cutoff=self.cutoff)

    def name(self) -> str:
        """The search in a few words: ``alpha-beta (cutoff ge)``, ``the guide's minimax``."""
        return search_name(self.algorithm, self.cutoff)


def search_name(algorithm: str, cutoff: str | None = None) -> str:
    """An algorithm in words, as logs and tables name it."""
    if algorithm == "alphabeta":
        return f"alpha-beta (cutoff {cutoff or 'ge'})"
    if algorithm == "memo":
        return "memoised minimax"
    return "the guide's minimax"


GUIDE = SearchSpec()


def guide_calls(trace: Trace) -> int | None:
    """The guide's minimax's call count on a variant's game (None for the guide's own trace).

    Counted, not recorded: the number of calls below a state never changes, so
    each state's count is worked out once (as the recording search shares rows).
    """
    if trace.search.algorithm == "minimax":
        return None
    game = trace.game
    moves, play, outcome = game.moves, game.play, game.outcome
    sizes: dict[int, int] = {}

    def size(state: int, depth: int) -> int:
        found = sizes.get(state)
        if found is None:
            found = 1
            if outcome(state, depth) is None:
                for move in moves(state):
                    after = play(state, move)
                    found += sizes.get(after) or size(after, depth + 1)
            sizes[state] = found
        return found

    return size(game.root, 0)


class _CallablePackage(types.ModuleType):
    """This package, callable as ``run_search``."""

    def __call__(self, game: Any, algorithm: str = "minimax", **settings: Any) -> Trace:
        """Record ``algorithm`` (the guide's minimax unless named) on ``game``."""
        return run_search(game, algorithm, **settings)


sys.modules[__name__].__class__ = _CallablePackage
