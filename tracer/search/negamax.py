"""Negamax: minimax written from the side to move's point of view, its recorder and its rule check.

Each call returns ``max(-child)`` for the side to move (docs/searches.md), negating only where
the mover changes. The score column stays the maximiser's, as for every search; what negamax
returns sits beside it, in ``mover_score``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..trace import Positions, SearchInfo, Trace
from .base import SearchKind, record_each_position

if TYPE_CHECKING:
    from ..games.base import Rules


def for_mover(score: int, maximising: bool) -> int:
    return score if maximising else -score


def search(game: Rules) -> Trace:
    rows = Positions.filling()
    mover_score: list[int] = []
    rows.extras["mover_score"] = mover_score
    row_max: list[bool] = []  # per row: whether the maximiser moves
    maximising = game.maximising

    def begin(pid: int, state: int, finished: tuple[int, int] | None) -> None:
        row_max.append(maximising(state))
        # A finished game scores from its mover's point of view; an unfinished one once its test-plays are in.
        mover_score.append(0 if finished is None else for_mover(finished[1], row_max[pid]))

    def choose(pid: int, state: int, moves: Sequence[int], children: list[int]) -> None:
        # max(-child): each returned score negated where the mover changes; the first best kept.
        mover_max = row_max[pid]
        values = [-mover_score[c] if row_max[c] != mover_max else mover_score[c] for c in children]
        top = mover_score[pid] = max(values)
        # The maximiser's view, as every search records.
        rows.set_edges(pid, moves, children, values.index(top), for_mover(top, mover_max))

    record_each_position(game, rows, begin=begin, choose=choose)
    return Trace(game, rows.pack(), SearchInfo("negamax"))


def negated_scores(trace: Trace, pid: int) -> list[int]:
    """Row ``pid``'s test-plays' scores as its mover sees them (negamax's ``-child``)."""
    p, maximising = trace.positions, trace.game.maximising
    column = p.extras["mover_score"]
    mover_max = maximising(p.state[pid])
    return [-column[c] if maximising(p.state[c]) != mover_max else column[c] for _, c in p.children(pid)]


def check_negamax(trace: Trace, pid: int, where: str) -> None:
    """Negamax's rules for one row: the first max of its test-plays' negated scores (or a finished
    game's score) for its mover, and the same value from the maximiser's view as its score."""
    p, game = trace.positions, trace.game
    state = p.state[pid]
    mover_max = game.maximising(state)
    got = p.extras["mover_score"][pid]
    if p.score[pid] != for_mover(got, mover_max):
        raise AssertionError(f"{where}: returns {got} for its mover, which is not its score "
                             f"{p.score[pid]} seen from the side to move")
    if p.terminal[pid]:
        return
    children = p.children(pid)
    if [move for move, _ in children] != list(game.moves(state)):
        raise AssertionError(f"{where}: test-plays are not the moves in loop order")
    values = negated_scores(trace, pid)
    want = max(values)
    if got != want or p.best[pid] != values.index(want):
        raise AssertionError(f"{where}: returns {got} via test-play {p.best[pid]}, expected max(-child) = "
                             f"{want} via the first best, test-play {values.index(want)}")


KIND = SearchKind(
    name="negamax",
    title="negamax",
    run=search,
    check=check_negamax,
    words="tracer.explain.negamax:NegamaxWords",
    help="scores from the side to move: max(-child)",
    extras={"mover_score": lambda value: type(value) is int},
    # Negamax makes the guide's very calls (``check_negamax`` holds each row to it).
    baseline_calls=lambda trace: trace.calls,
)
