"""Words and pictures as plug-ins: the one lookup that gives a renderer a trace's two plug-ins.

A game's kind and a search's kind (``tracer.games``, ``tracer.search``) each
name their words plug-in; ``for_trace(trace)`` loads the game's ``GameWords``
and the search's ``SearchWords`` (see ``base.py``) and keeps them with the
trace, so a renderer asks for them once and never tests a name.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from .. import games, search
from . import labels
from .base import (
    FigureWords,
    GameLogWords,
    GamePageWords,
    GamePictureWords,
    GameQuizWords,
    GameTerms,
    GameWords,
    Marker,
    NodeLook,
    Note,
    SearchLogWords,
    SearchPageWords,
    SearchPictureWords,
    SearchQuizWords,
    SearchTerms,
    SearchWords,
)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["FigureWords", "GameLogWords", "GamePageWords", "GamePictureWords", "GameQuizWords", "GameTerms",
           "GameWords", "Marker", "NodeLook", "Note", "SearchLogWords", "SearchPageWords", "SearchPictureWords",
           "SearchQuizWords", "SearchTerms", "SearchWords", "for_trace", "game_words", "labels", "search_name",
           "search_words", "word_classes"]

_GAMES: WeakKeyDictionary[Any, GameWords] = WeakKeyDictionary()
_TRACES: WeakKeyDictionary[Any, tuple[GameWords, SearchWords]] = WeakKeyDictionary()


def _load(where: str | type) -> Any:
    """A plug-in class, or the one ``module:Class`` names."""
    if not isinstance(where, str):
        return where
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def game_words(game: Any) -> GameWords:
    """The words of ``game`` (a game's rules), made once per game."""
    words = _GAMES.get(game)
    if words is None:
        words = _GAMES[game] = _load(games.kind_of(game).words)(game)
    return words


def search_words(trace: Any, algorithm: str | None = None) -> SearchWords:
    """The words of the search that recorded ``trace`` (or of ``algorithm``, on ``trace``)."""
    kind = search.find(algorithm or trace.search.algorithm, "trace")
    return _load(kind.words)(trace, game_words(trace.game), kind)


def for_trace(trace: Any) -> tuple[GameWords, SearchWords]:
    """The game's words and the search's words for ``trace``, made once per trace."""
    found = _TRACES.get(trace)
    if found is None:
        found = _TRACES[trace] = (game_words(trace.game), search_words(trace))
    return found


def search_name(algorithm: str, settings: tuple[tuple[str, Any], ...] = ()) -> str:
    """A search in a few words (``alpha-beta (cutoff gt)``), before any trace is recorded."""
    from types import SimpleNamespace

    kind = search.find(algorithm, "search")
    # Its name depends only on its settings: a stand-in trace carries them.
    stand_in = SimpleNamespace(search=SimpleNamespace(settings=settings))
    return str(_load(kind.words)(stand_in, None, kind).name())


def word_classes() -> list[type[SearchWords]]:
    """Every search's words plug-in class, in the search registry's order."""
    return [_load(kind.words) for kind in search.kinds()]
