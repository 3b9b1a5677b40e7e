"""What a game is to tracer: its rules (what a search asks) and its kind (how it is found and read).

A game here is a rooted problem: a game's rules together with the position a
search starts from and the scores it gives finished games (OpenSpiel's
``Game``/``State`` split, flattened). States are small integers that only the
game itself decodes, so a search can key them in a dict and a trace can store
them in an array. Scores are always from the maximiser's point of view.

``Rules`` is everything a search and the trace's shared check may ask. How a
state reads in words and how it is drawn is the game's words plug-in
(``tracer/explain/``), named by its kind. ``GameKind`` is the game's entry in
the registry (``tracer.games``): its name, how it recognises and reads its
input files, and how its header and states are written in a JSON trace.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol


class Rules(Protocol):
    """What a search asks of a game: the only members a search may use."""

    #: The game's name, as its kind spells it (``tictactoe``, ``tree``).
    name: str
    #: The state the first call is made on.
    root: int
    #: ``terminal_names[code]``: what a finished state's code means (code 0 = not finished).
    terminal_names: tuple[str | None, ...]

    def maximising(self, state: int) -> bool:
        """Whether the side to move in ``state`` takes the max (the maximiser) or the min."""
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


class GameOption(NamedTuple):
    """A command-line option a game takes (``--ai``), declared by its kind and built into the
    command line once (``tracer.options``); its value reaches ``GameKind.read`` as written."""

    #: The option's name: ``--NAME`` on the command line, ``NAME`` in ``read``'s options.
    name: str
    #: What it does, for ``--help``.
    help: str
    #: The values it takes (any case); empty for free text the game parses itself.
    choices: tuple[str, ...] = ()
    #: Its value when it is not given.
    default: str | None = None
    #: How ``--help`` names its value when it is free text.
    metavar: str | None = None
    #: Whether it is a flag (``--misere``), given or not, taking no value.
    flag: bool = False


class Variation(NamedTuple):
    """The same game with one setting changed, for ``trace compare``."""

    #: What it changes: ``order`` (the loop order: compared with every search whose calls
    #: depend on the order) or ``scores`` (the score scheme: compared with the baseline search).
    changes: str
    #: The changed game.
    game: Any


class GameKind:
    """A game's entry in the registry: its name, its input files and its JSON.

    A game package defines one subclass and registers an instance of it as
    ``KIND`` in its ``__init__.py``; the registry finds it there. Every method
    has a default a game may keep, except ``read``, ``from_json`` and the JSON
    state fields, which only the game can know.
    """

    #: The name ``--game`` and the JSON trace use.
    name: str = ""
    #: Other names ``--game`` accepts.
    aliases: tuple[str, ...] = ()
    #: The game in a few words, for help texts.
    title: str = ""
    #: Its words and pictures: a ``GameWords`` subclass, or where it lives (``module:Class``).
    words: str | type = ""
    #: The values ``--turn`` takes for this game (who moves first), in any case.
    turns: tuple[str, ...] = ()
    #: What ``--turn`` means for this game, for ``--help``.
    turn_help: str = ""
    #: The other command-line options it takes (``--ai``, ``--scores``, ``--order``).
    options: tuple[GameOption, ...] = ()
    #: The most bytes of an input file this game reads.
    max_bytes: int = 64 * 1024
    #: The most moves below the first call a game of this kind can reach: a JSON trace's
    #: reader allows exactly as many nested calls, so every trace written reads back.
    max_depth: int = 64
    #: The keys a JSON node holds for the state (see ``json_head``/``json_tail``).
    json_keys: frozenset[str] = frozenset()
    #: Whether version 1 of the JSON trace, which names no game, is this game's (one game's).
    reads_version1: bool = False
    #: Whether the registry lists it (``--game``, input detection). A game that is no input's
    #: (a learner's recorded search, ``trace check``) is not offered: only found by name.
    offered: bool = True

    def position(self, game: Any, state: int) -> Any:
        """``state`` in the game's own terms, as ``Call.position`` gives it (a named tuple
        whose fields a call offers as its own: ``call.board``); the state itself by default."""
        return state

    def sniff(self, text: str) -> int:
        """How surely ``text`` (an input file's start) is this game's: 0 not at all, higher
        surer. The registry reads an input as the game that answers highest."""
        return 0

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Any:
        """The game an input file's bytes describe, shaped by the command line's
        ``options`` (``turn``, ``ai``, ``scores``, ``order``: each game takes those it
        knows). InputError naming ``source`` and the line on any problem."""
        raise NotImplementedError

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        """The game a JSON trace's header describes; InputError if it is not one."""
        raise NotImplementedError

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        """Header fields that say which game was searched (read back by ``from_json``), as
        version ``version`` of the JSON trace writes them."""
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
        """Called with a JSON trace's rows once they are read, before they are checked: a game
        whose rules are a record (a learner's search, ``trace check``) takes them from the rows.
        Other games have nothing to learn."""

    def json_result(self, game: Any, move: int | None) -> dict[str, Any]:
        """What a JSON trace's ``result`` adds to ``{index, score}``."""
        return {}

    def compare_fields(self, game: Any) -> dict[str, Any]:
        """What each row of ``trace compare --format json`` says of the game's settings: its
        loop order and its score scheme, null for a game without such a setting."""
        return {"order": None, "scores": None}

    def variations(self, game: Any) -> list[Variation]:
        """The game with one of its settings changed, each compared by ``trace compare``."""
        return []
