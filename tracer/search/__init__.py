"""Searches: each records every call of one algorithm into a Trace and never prints.

``SEARCHES`` maps an algorithm's name (as ``--algorithm`` and the JSON trace
spell it) to ``function(game, **settings) -> Trace``. Importing this package
also registers each search's own rule check in ``tracer.trace.SEARCH_CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable
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
    """Record ``algorithm`` on ``game``, passing it only the settings it takes."""
    wanted = {k: v for k, v in settings.items() if k in SETTINGS[algorithm] and v is not None}
    return SEARCHES[algorithm](game, **wanted)
