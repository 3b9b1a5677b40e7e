"""What a game is to tracer: its rules (what a search asks) and its kind (how it is found and read).

A game is a rooted problem: rules, the position a search starts from and the scores of
finished games (OpenSpiel's ``Game``/``State`` split, flattened). States are small integers
only the game decodes, so a search keys them in a dict and a trace stores them in an array.
Scores are always from the maximiser's point of view. Words and pictures are the game's
plug-in in ``tracer/explain/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol


class Rules(Protocol):
    """What a search asks of a game: the only members a search may use."""

    name: str
    root: int
    #: ``terminal_names[code]``: what a finished state's code means (code 0 = not finished).
    terminal_names: tuple[str | None, ...]

    def maximising(self, state: int) -> bool: ...

    def moves(self, state: int) -> Sequence[int]:
        """The moves from ``state`` in the order the search's loop tries them."""
        ...

    def play(self, state: int, move: int) -> int: ...

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        """``(terminal code, score)`` if ``state`` is finished, else None; ``depth`` counts
        moves from the root, for scores that reward quick wins."""
        ...


class GameOption(NamedTuple):
    """A command-line option a game takes (``--ai``), declared by its kind and built into the
    command line once (``tracer.options``); its value reaches ``GameKind.read`` as written."""

    #: ``--NAME`` on the command line, ``NAME`` in ``read``'s options.
    name: str
    help: str
    #: The values it takes (any case); empty for free text the game parses itself.
    choices: tuple[str, ...] = ()
    default: str | None = None
    metavar: str | None = None
    #: A flag (``--misere``) takes no value.
    flag: bool = False


class Variation(NamedTuple):
    """The same game with one setting changed, for ``trace compare``."""

    #: ``order`` (compared with every search whose calls depend on the order) or ``scores``
    #: (compared with the baseline search).
    changes: str
    game: Any


class GameKind:
    """A game's entry in the registry: its name, its input files and its JSON.

    A game package registers an instance of its subclass as ``KIND`` in its ``__init__.py``.
    Every method has a default except ``read``, ``from_json`` and the JSON state fields.
    """

    name: str = ""
    #: Other names ``--game`` accepts.
    aliases: tuple[str, ...] = ()
    title: str = ""
    #: A ``GameWords`` subclass, or where it lives (``module:Class``).
    words: str | type = ""
    #: The values ``--turn`` takes (who moves first), in any case, and what it means for ``--help``.
    turns: tuple[str, ...] = ()
    turn_help: str = ""
    options: tuple[GameOption, ...] = ()
    max_bytes: int = 64 * 1024
    #: The deepest call a game of this kind can reach: a JSON trace's reader allows as many.
    max_depth: int = 64
    #: The keys a JSON node holds for the state (see ``json_head``/``json_tail``).
    json_keys: frozenset[str] = frozenset()
    #: Whether version 1 of the JSON trace, which names no game, is this game's.
    reads_version1: bool = False
    #: Whether ``--game`` and input detection list it (a learner's recorded search is only found by name).
    offered: bool = True

    def position(self, game: Any, state: int) -> Any:
        """``state`` in the game's own terms (its ``position(state)``, if it has one): a named tuple whose
        fields a call offers (``call.board``)."""
        return game.position(state) if hasattr(game, "position") else state

    def sniff(self, text: str) -> int:
        """How surely ``text`` is this game's: 0 not at all, higher surer (the highest wins)."""
        return 0

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Any:
        """The game an input file's bytes describe, shaped by the command line's ``options``;
        InputError naming ``source`` and the line on any problem."""
        raise NotImplementedError

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        """The game a JSON trace's header describes; InputError if it is not one."""
        raise NotImplementedError

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        """Header fields that say which game was searched (read back by ``from_json``)."""
        return []

    def json_version1(self, game: Any) -> bool:
        """Whether version 1 of the JSON trace holds ``game`` exactly (the guide's own game)."""
        return False

    def json_head(self, game: Any, state: int) -> str:
        """A JSON node's state fields before its ``move`` (each ending with a comma)."""
        raise NotImplementedError

    def json_tail(self, game: Any, state: int) -> str:
        """A JSON node's state fields after its ``move``."""
        return ""

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        """The state a JSON node holds; ValueError saying what is wrong."""
        raise NotImplementedError

    def rows_read(self, game: Any, rows: Any) -> None:
        """Called with a JSON trace's rows before they are checked: a game whose rules are a
        record (a learner's search) takes them from the rows."""

    def json_result(self, game: Any, move: int | None) -> dict[str, Any]:
        """What a JSON trace's ``result`` adds to ``{index, score}``."""
        return {}

    def compare_fields(self, game: Any) -> dict[str, Any]:
        """The game's loop order and score scheme in ``trace compare --format json``."""
        return {"order": None, "scores": None}

    def variations(self, game: Any) -> list[Variation]:
        """The game with one of its settings changed, each compared by ``trace compare``."""
        return []
