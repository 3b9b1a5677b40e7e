"""A learner's own search, recorded by ``trace check``: registered so its traces check, read back
and find their words, never offered as a choice.

``run`` replays the record (``tracer.games.learner``); its rule: a call's chosen test-play is
one of its calls. Per call, as the program writes values: ``returned`` (null if nothing),
``scored`` (whether that held a score), ``told`` (the side its arguments named), ``raised``
(its error or the limit it was stopped at), ``window`` (an alpha-beta's, else null) and
``bound`` (``≥``/``≤`` where it returned only a bound, from the AI's point of view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..trace import Positions, SearchInfo, Trace
from .base import SearchKind

if TYPE_CHECKING:
    from typing import Any

#: The longest text a per-call fact holds (the trace file reader's limit on one string is 4,096).
MAX_TEXT = 4000
#: The per-call facts, in the order the trace's columns are made.
FACTS = ("returned", "scored", "told", "raised", "window", "bound")


def _text(value: Any) -> bool:
    return value is None or (isinstance(value, str) and len(value) <= MAX_TEXT)


def _side(value: Any) -> bool:
    return value in (None, "X", "O")


def replay(game: Any) -> Trace:
    """The record's calls again, read from the game's rules; the per-call facts are left empty."""
    rows = Positions()
    rows.extras = {name: [] for name in FACTS}

    def add(state: int, depth: int) -> int:
        pid = rows.add(state, depth, *(game.outcome(state, depth) or (0, 0)))
        for column in rows.extras.values():
            column.append(None)
        return pid

    # An explicit stack, as the record was built: a runaway search is thousands of calls deep.
    stack: list[tuple[int, int, int, list[int], list[int]]] = [
        (game.root, add(game.root, 0), 0, list(game.moves(game.root)), [])]
    while stack:
        state, pid, depth, moves, children = stack[-1]
        if game.outcome(state, depth) is None and len(children) < len(moves):
            child = game.play(state, moves[len(children)])
            child_pid = add(child, depth + 1)
            children.append(child_pid)
            stack.append((child, child_pid, depth + 1, list(game.moves(child)), []))
            continue
        stack.pop()
        if game.outcome(state, depth) is None:
            # Every unfinished call of the record has its pick and score (-1 and 0 if it never returned).
            rows.set_edges(pid, moves, children, game.chosen[state], game.scores[state])
    return Trace(game, rows, SearchInfo("learner", ()))


def check(trace: Trace, pid: int, where: str) -> None:
    p = trace.positions
    if not -1 <= p.best[pid] < p.edge_count[pid]:
        raise AssertionError(f"{where}: chosen test-play {p.best[pid]} is not one of its calls")


KIND = SearchKind(
    name="learner",
    title="a learner's minimax",
    run=replay,
    check=check,
    words="tracer.explain.learner:LearnerSearchWords",
    help="the calls a learner's program made (trace check)",
    extras={"returned": _text, "scored": lambda value: isinstance(value, bool), "told": _side, "raised": _text,
            "window": _text, "bound": lambda value: value in (None, "≤", "≥")},
    later_extras=("window", "bound"),
    compare=(),
    offered=False,
)
