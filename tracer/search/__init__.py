"""The registry of searches: each records every call of one algorithm into a Trace and never prints.

A search is a module ``tracer/search/NAME.py`` defining ``KIND`` (a ``SearchKind``, see
``base.py``), found by its name; ``register`` adds one from elsewhere. The package can be called:
``search(game, algorithm="minimax", **settings) -> Trace`` (``run_search``) records one on a game,
or on what ``tracer.games.as_game`` reads as one.
"""

from __future__ import annotations

import pkgutil
from typing import Any, NamedTuple

from .. import games
from ..errors import InputError, quote
from ..trace import SearchInfo, Trace
from .base import SearchKind, Setting

__all__ = ["GUIDE", "SearchKind", "SearchSpec", "Setting", "Variant", "baseline", "compare_set", "find",
           "guide_calls", "kinds", "names", "register", "run_search", "run_variants", "unregister"]

_KINDS: dict[str, SearchKind] = {}
_found_all = False


def register(kind: SearchKind) -> SearchKind:
    if kind.name in _KINDS or _module_kind(kind.name) not in (None, kind):
        raise ValueError(f"cannot register search {kind.name!r}: the name is taken")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    _KINDS.pop(name, None)


def _module_kind(name: str) -> SearchKind | None:
    import importlib.util

    if not name.isidentifier() or importlib.util.find_spec(f"{__name__}.{name}") is None:
        return None
    kind = getattr(importlib.import_module(f"{__name__}.{name}"), "KIND", None)
    return kind if isinstance(kind, SearchKind) and kind.name == name else None


def kinds() -> list[SearchKind]:
    """Every search offered: the baseline (the guide's minimax) first, then by name."""
    global _found_all
    if not _found_all:
        _found_all = True
        for _finder, name, _is_package in pkgutil.iter_modules(__path__):
            if name not in _KINDS and not name.startswith("_"):
                kind = _module_kind(name)
                if kind is not None:
                    _KINDS[kind.name] = kind
    return sorted((k for k in _KINDS.values() if k.offered), key=lambda k: (not k.baseline, k.name))


def names() -> list[str]:
    return [kind.name for kind in kinds()]


def find(name: str, source: str = "--algorithm") -> SearchKind:
    """The search called ``name``; InputError listing the searches if there is none."""
    kind = _KINDS.get(name)
    if kind is None:
        kind = _module_kind(name)
        if kind is None:
            raise InputError(f"expected a search: one of {', '.join(names())}, found {quote(name)}",
                             source)
        _KINDS[name] = kind
    return kind


def baseline() -> SearchKind:
    return next(kind for kind in kinds() if kind.baseline)


def run_search(game: Any, algorithm: str = "minimax", **settings: Any) -> Trace:
    """Record ``algorithm`` on ``game``, passing it only the settings it takes."""
    kind = find(algorithm, "algorithm")
    unknown = sorted(set(settings) - {name for each in kinds() for name in each.settings})
    if unknown:
        raise TypeError(f"unknown setting {unknown[0]!r}: {algorithm} takes "
                        f"{', '.join(kind.settings) or 'no settings'}")
    wanted = {k: v for k, v in settings.items() if k in kind.settings and v is not None}
    return kind.run(games.as_game(game), **wanted)


class SearchSpec:
    """Which search to run and with what settings, e.g. ``SearchSpec("alphabeta", "gt")``: values by
    position fill the settings in declared order; those it does not take are left out."""

    def __init__(self, algorithm: str = "minimax", *values: Any, **settings: Any):
        kind = find(algorithm, "search")
        named = dict(zip(kind.settings, values, strict=False))
        named.update({k: v for k, v in settings.items() if k in kind.settings})
        kind.check_settings(named)  # a setting given as None takes its default
        self.kind = kind
        self.algorithm = algorithm
        self.settings = kind.full_settings(named)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SearchSpec) and (self.algorithm, self.settings) == (
            other.algorithm, other.settings)

    def __hash__(self) -> int:
        return hash((self.algorithm, self.settings))

    def __repr__(self) -> str:
        return f"SearchSpec({self.algorithm!r}{''.join(f', {k}={v!r}' for k, v in self.settings)})"

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.settings).get(name, default)

    def info(self) -> SearchInfo:
        return SearchInfo(self.algorithm, self.settings)

    def run(self, game: Any) -> Trace:
        return self.kind.run(game, **dict(self.settings))


GUIDE = SearchSpec()


def guide_calls(trace: Trace) -> int | None:
    """The guide's minimax's call count on a trace's game, counted once per state; None for its own
    trace and for a search never compared with it (a learner's)."""
    kind = find(trace.search.algorithm, "trace")
    if kind.baseline or not kind.compare:
        return None
    if kind.baseline_calls is not None:
        return kind.baseline_calls(trace)
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


class Variant(NamedTuple):
    """One row of a comparison: a search and the game (or one of its variations) it runs on."""

    search: SearchSpec
    game: Any


def compare_set(game: Any) -> list[Variant]:
    """What ``trace compare`` runs: every search with each of its compared settings (the baseline
    first), those whose calls depend on the loop order also on the order's variations, and the
    baseline on the score scheme's."""
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
    return [(v, v.search.run(v.game)) for v in compare_set(game)]

