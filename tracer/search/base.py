"""What a search declares to tracer: its name, its settings and per-call facts, its recorder and its rule.

A search module defines ``KIND``, a ``SearchKind``; the registry
(``tracer.search``) finds it by the module's name. Its recorder fills
``Positions`` and never prints; its rule check runs on every row of a trace
after the checks all searches share (``Trace.check``), so a trace read back
from a file is checked as thoroughly as one just recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..games.base import Rules
    from ..trace import Positions, Trace


class Setting(NamedTuple):
    """One setting of a search: the values it takes, and the one used unless another is asked for."""

    #: Every value it takes, as the command line and the JSON trace spell them.
    values: tuple[str, ...]
    #: The value used when none is given.
    default: str
    #: What it does, for ``--help``.
    help: str = ""


#: A per-call fact's check: whether a value read from a JSON trace is one the search records.
ExtraCheck = Callable[[object], bool]


class SearchKind(NamedTuple):
    """A search's entry in the registry."""

    #: The name ``--algorithm`` and the JSON trace use (also its module's name).
    name: str
    #: The search in a few words: ``alpha-beta``.
    title: str
    #: ``function(game, **settings) -> Trace``: records every call from the game's root.
    run: Callable[..., Trace]
    #: ``check(trace, pid, where)``: this search's own rules for one row (AssertionError if broken).
    check: Callable[[Trace, int, str], None]
    #: Its words: a ``SearchWords`` subclass, or where it lives (``module:Class``).
    words: str | type
    #: What ``--algorithm`` says of it.
    help: str = ""
    #: Its settings by name (e.g. alpha-beta's ``cutoff``), in the order they are listed.
    settings: Mapping[str, Setting] = MappingProxyType({})
    #: The facts it records per call (``Positions.extras``), each with the check of a value read back.
    extras: Mapping[str, ExtraCheck] = MappingProxyType({})
    #: Those of ``extras`` it began recording after files were written without them: a call a
    #: file writes without one reads it as null.
    later_extras: tuple[str, ...] = ()
    #: Facts its rows imply, by name: ``column(trace) -> one JSON value per row``. The JSON trace
    #: writes each in every call (alpha-beta's ``bound``: which scores are only bounds) and,
    #: when a file has it (older files may not), checks it against what the rows imply.
    derived: Mapping[str, Callable[[Trace], list[Any]]] = MappingProxyType({})
    #: The settings ``trace compare`` runs it with, one row each.
    compare: tuple[Mapping[str, str], ...] = ({},)
    #: Whether the calls it makes depend on the loop order (then ``trace compare`` also runs
    #: it on the game's variations of the order).
    order_matters: bool = False
    #: The search the others are measured against (the guide's minimax): one in the registry.
    baseline: bool = False
    #: Whether version 1 of the JSON trace (which names no search) holds its traces.
    json_version1: bool = False
    #: What the game page (``trace play --html``) calls it in its menu ('' : not offered there).
    game_page: str = ""
    #: Whether the registry lists it: ``--algorithm`` offers it, ``trace compare`` runs it, the game
    #: page has it. A search recorded elsewhere (a learner's program, ``trace check``) is not
    #: offered: it is found by name (so its traces check and read back), never listed.
    offered: bool = True
    #: For a search whose calls depend on more than the position (alpha-beta's window): makes
    #: a recorder ``(game, **settings)`` whose ``root(state)`` records a search from ``state``
    #: into rows shared with every earlier one, and whose ``trace()`` holds them all. The game
    #: page records the AI's decisions with it; None: the baseline's rows serve.
    recorder: Callable[..., Any] | None = None
    #: ``baseline_calls(trace)``: how many calls the baseline would make on the trace's game,
    #: read from this search's own rows of a checked trace (negamax makes the baseline's very
    #: calls); None: ``tracer.search.guide_calls`` counts them by playing the game.
    baseline_calls: Callable[[Trace], int] | None = None

    def full_settings(self, given: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """Every setting's value: those given that it takes (None: the default), in declared order."""
        return tuple((name, given.get(name) or s.default) for name, s in self.settings.items())

    def check_settings(self, given: Mapping[str, Any]) -> None:
        """ValueError unless each of its settings that ``given`` names has a value it takes.

        Settings it does not take are other searches' (``SearchSpec`` leaves them out).
        """
        for name, setting in self.settings.items():
            value = given.get(name)
            if value is not None and value not in setting.values:
                raise ValueError(f"expected {name} to be one of {', '.join(setting.values)}, found {value!r}")


#: ``begin(row, state, finished)``: sees each new row as soon as it is added.
Begin = Callable[[int, int, "tuple[int, int] | None"], None]
#: ``choose(row, state, moves, children)``: a searched row's pick, score and edges.
Choose = Callable[[int, int, "Sequence[int]", list[int]], None]


def record_each_position(
    game: Rules, rows: Positions, *, begin: Begin | None = None, choose: Choose | None = None,
    reuse: Callable[[int], int] | None = None,
) -> None:
    """The guide's recursion from ``game``'s root, recorded into ``rows``: each distinct state
    met at a depth is searched once, and a later call on it shares its row (the calls below a
    state at a depth never change; in tic-tac-toe the depth follows from the state, in a game
    of heaps it does not). ``reuse(row)`` gives the row a later call records instead (memo's
    cache hit; None: the same row); ``choose`` defaults to the guide's first strictly best."""
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
    """Steps 16 and 17: keep the first test-play whose score is strictly better (max for the
    maximiser, min for the other side) and return it; the edges are stored once the subtree is done."""
    maximising, score = game.maximising, rows.score

    def choose(pid: int, state: int, moves: Sequence[int], children: list[int]) -> None:
        scores = [score[child] for child in children]
        top = max(scores) if maximising(state) else min(scores)
        rows.set_edges(pid, moves, children, scores.index(top), top)

    return choose
