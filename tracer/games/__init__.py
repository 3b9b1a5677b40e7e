"""The registry of games: every game tracer knows, found by name, by alias, or by its input's text.

A game is a package under ``tracer/games/`` whose ``__init__.py`` defines ``KIND``, its
``GameKind``; the registry finds them the first time it is asked. ``register`` adds one from
elsewhere (a notebook, a test).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from ..errors import InputError, quote
from .base import GameKind, GameOption, Rules, Variation

__all__ = ["GameKind", "GameOption", "Rules", "Variation", "as_game", "find", "kind_of", "kinds", "names",
           "register", "sniff", "unregister", "version1"]

_KINDS: dict[str, GameKind] = {}
_found_builtins = False


def _builtins() -> None:
    global _found_builtins
    if _found_builtins:
        return
    _found_builtins = True

    for _finder, name, is_package in sorted(pkgutil.iter_modules(__path__), key=lambda found: found[1]):
        if is_package:
            kind = getattr(importlib.import_module(f"{__name__}.{name}"), "KIND", None)
            if isinstance(kind, GameKind) and kind.name not in _KINDS:
                _KINDS[kind.name] = kind


def register(kind: GameKind) -> GameKind:
    _builtins()
    taken = {name for k in _KINDS.values() for name in (k.name, *k.aliases)}
    clash = {kind.name, *kind.aliases} & taken
    if not kind.name or clash:
        raise ValueError(f"cannot register game {kind.name!r}: the name {sorted(clash)} is taken"
                         if clash else "a game needs a name")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    _KINDS.pop(name, None)


def kinds() -> list[GameKind]:
    _builtins()
    return [kind for kind in _KINDS.values() if kind.offered]


def names() -> list[str]:
    return [name for kind in kinds() for name in (kind.name, *kind.aliases)]


def find(name: str, source: str = "--game") -> GameKind:
    """The game called ``name`` (or one of its aliases); InputError listing the games if none is."""
    _builtins()
    for kind in _KINDS.values():
        if name == kind.name or name in kind.aliases:
            return kind
    raise InputError(f"expected a game: one of {', '.join(names())}, found {quote(name)}", source)


def kind_of(game: Any) -> GameKind:
    return find(game.name, "game")


def version1() -> GameKind:
    """The game version 1 of the JSON trace holds (it names none): the guide's."""
    return next(kind for kind in kinds() if kind.reads_version1)


def sniff(data: bytes | str) -> GameKind:
    """The game an input file is written for: the one most sure its text is its own."""
    text = data if isinstance(data, str) else data.decode("utf-8", "replace")
    text = text.removeprefix("\ufeff")
    found = kinds()
    scores = [kind.sniff(text) for kind in found]
    best = max(range(len(found)), key=lambda i: (scores[i], -i))
    if scores[best] <= 0:
        raise InputError(f"expected the input of a game ({', '.join(names())}), found none "
                         "that reads it: name the game with --game", "input")
    return found[best]


GAME_FORMS = ("a game (tracer.tree(...), tracer.TicTacToe(...)), a Board, a board as text "
              "('X.OX.XOO.') or as the guide's array ([\"X\", 1, \"O\", ...]), or a tree as text "
              "('A: [B: [3, 12, 8], C: [2, 4, 6]]') or as nested lists of integers ([[3, 12, 8], [2, 4, 6]])")


def as_game(value: object, source: str = "search()") -> Any:
    """The game a Python caller means: a game as it is, else its input as a file would hold it
    (text, or a Python list written out as text), read as ``trace FILE`` reads a file."""
    if hasattr(value, "moves") and hasattr(value, "root"):
        return value
    from .tictactoe.board import Board

    options: dict[str, Any] = {}
    if isinstance(value, Board):
        options["in_a_row"] = value.in_a_row
        value = value.compact()
    elif isinstance(value, list | tuple):
        value = _list_text(value)
    if not isinstance(value, str):
        raise TypeError(f"{source} expects {GAME_FORMS}, found {type(value).__name__}")
    data = value.encode("utf-8")
    return sniff(value).read(data, source, options)


def _list_text(items: list[Any] | tuple[Any, ...]) -> str:
    """A list as a file's text: with a mark in it the guide's array, else nested lists (a tree)."""
    from .tictactoe.cells import array_text
    from .tree.notation import nested_list_text

    if all(type(item) in (str, int) for item in items) and any(isinstance(item, str) for item in items):
        return array_text(items)
    return nested_list_text(items)
