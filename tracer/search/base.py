"""What a search declares to tracer: its name, its settings and per-call facts, its recorder and its rule.

Its recorder fills ``Positions`` and never prints; its rule check runs on every row after the
checks all searches share (``Trace.check``), so a trace read back is checked as one just recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..games.base import Rules
    from ..trace import Positions, Trace


class Setting(NamedTuple):
    """One setting of a search: the values it takes (as the command line and JSON spell them), its
    default and its ``--help``."""

    values: tuple[str, ...]
    default: str
    help: str = ""


#: Whether a per-call fact's value read from a JSON trace is one the search records.
ExtraCheck = Callable[[object], bool]


class SearchKind(NamedTuple):
    """A search's entry in the registry."""

    #: The name ``--algorithm`` and the JSON trace use (also its module's name).
    name: str
    title: str
    #: ``run(game, **settings) -> Trace``: records every call from the game's root.
    run: Callable[..., Trace]
    #: ``check(trace, pid, where)``: this search's own rules for one row (AssertionError if broken).
    check: Callable[[Trace, int, str], None]
    #: A ``SearchWords`` subclass, or where it lives (``module:Class``).
    words: str | type
    help: str = ""
    settings: Mapping[str, Setting] = MappingProxyType({})
    #: The facts it records per call (``Positions.extras``), each with the check of a value read back.
    extras: Mapping[str, ExtraCheck] = MappingProxyType({})
    #: Those of ``extras`` added after files were written without them (read as null).
    later_extras: tuple[str, ...] = ()
    #: Facts its rows imply, ``column(trace) -> one JSON value per row``: written in every call
    #: (alpha-beta's ``bound``) and checked against the rows when a file has them.
    derived: Mapping[str, Callable[[Trace], list[Any]]] = MappingProxyType({})
    #: The settings ``trace compare`` runs it with, one row each.
    compare: tuple[Mapping[str, str], ...] = ({},)
    #: Whether its calls depend on the loop order (``trace compare`` then runs the order's variations).
    order_matters: bool = False
    #: The search the others are measured against (the guide's minimax): one in the registry.
    baseline: bool = False
    #: Whether version 1 of the JSON trace (which names no search) holds its traces.
    json_version1: bool = False
    #: What the game page (``trace play --html``) calls it ('': not offered there).
    game_page: str = ""
    #: Whether ``--algorithm``, ``trace compare`` and the game page list it (a learner's is only found by name).
    offered: bool = True
    #: For a search whose calls depend on more than the position (alpha-beta's window): makes a
    #: recorder ``(game, **settings)`` whose ``root(state)`` records from ``state`` into rows shared
    #: with every earlier one and whose ``trace()`` holds them all (the game page's decisions).
    recorder: Callable[..., Any] | None = None
    #: How many calls the baseline would make on a checked trace's game, read from its rows
    #: (negamax makes the baseline's very calls); None: ``guide_calls`` plays the game.
    baseline_calls: Callable[[Trace], int] | None = None

    def full_settings(self, given: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """Every setting's value (None: the default), in declared order."""
        return tuple((name, given.get(name) or s.default) for name, s in self.settings.items())

    def check_settings(self, given: Mapping[str, Any]) -> None:
        """ValueError unless each of its settings that ``given`` names has a value it takes."""
        for name, setting in self.settings.items():
            value = given.get(name)
            if value is not None and value not in setting.values:
                raise ValueError(f"expected {name} to be one of {', '.join(setting.values)}, found {value!r}")


#: ``begin(row, state, finished)``: sees each new row as soon as it is added.
Begin = Callable[[int, int, "tuple[int, int] | None"], None]
#: ``choose(row, state, moves, children)``: a searched row's pick, score and edges.
Choose = Callable[[int, int, "Sequence[int]", list[int]], None]


def record_each_position(game: Rules, rows: Positions, *, begin: Begin | None = None,
                         choose: Choose | None = None, reuse: Callable[[int], int] | None = None) -> None:
    """The guide's recursion from ``game``'s root, recorded into ``rows``: each distinct state met
    at a depth is searched once, and a later call on it shares its row (or the row ``reuse(row)``
    gives: memo's cache hit); ``choose`` defaults to the guide's first strictly best."""
    memo: dict[int, int] = {}  # state << 16 | depth -> its row
    moves_of, play, outcome, add, known = game.moves, game.play, game.outcome, rows.add, memo.get
    if choose is None:
        choose = first_best(game, rows)

    def visit(state: int, depth: int) -> int:
        finished = outcome(state, depth)  # step 9
        pid = memo[state << 16 | depth] = add(state, depth, *(finished or ()))
        if begin is not None:
            begin(pid, state, finished)
        if finished is not None:
            return pid
        moves = moves_of(state)  # step 8
        children = []
        below = depth + 1
        for move in moves:  # steps 10-13: one test-play per move, in loop order
            child = play(state, move)
            row = known(child << 16 | below)  # met before: its calls were recorded already
            children.append(visit(child, below) if row is None else row if reuse is None else reuse(row))
        choose(pid, state, moves, children)
        return pid

    visit(game.root, 0)


def first_best(game: Rules, rows: Positions) -> Choose:
    """Steps 16 and 17: keep the first strictly best test-play (max for the maximiser, min for the
    other side) and return it."""
    maximising, score = game.maximising, rows.score

    def choose(pid: int, state: int, moves: Sequence[int], children: list[int]) -> None:
        scores = [score[child] for child in children]
        top = max(scores) if maximising(state) else min(scores)
        rows.set_edges(pid, moves, children, scores.index(top), top)

    return choose
