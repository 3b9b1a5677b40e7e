"""The guide's minimax: the search that records every call, its rule check, and a plain reference.

Both follow the freeCodeCamp/CodeSweetly guide step for step (the steps are named where they
happen): empty cells in ascending order, the terminal checks human win, AI win, full board,
the first strictly best test-play kept. Scores are from the AI's (maximiser's) point of view.
``search()`` records each distinct position once (the calls below it never change).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..scores import TUTORIAL, Scores
from ..trace import Positions, Result, SearchInfo, Trace
from .base import SearchKind, record_each_position

if TYPE_CHECKING:
    from ..games.base import Rules
    from ..games.tictactoe.board import Board, Mark


def plain_minimax(board: Board, to_move: Mark, ai: Mark = "X", scores: Scores = TUTORIAL,
                  on_call: Callable[[Board, Mark, int | None, int], Any] | None = None,
                  on_return: Callable[[int], Any] | None = None) -> Result:
    """The tutorial's algorithm, plainly (the recorder's reference, on tic-tac-toe):
    ``on_call(board, mark, move, depth)`` and ``on_return(score)`` see every invocation in order."""
    from ..games.tictactoe.board import EMPTY_CELLS, HAS_LINE, Board

    ai_is_x = ai == "X"

    def finished(x: int, o: int) -> Result | None:
        """Step 9: a finished game's score, checked in the tutorial's order."""
        ai_bits, human_bits = (x, o) if ai_is_x else (o, x)
        if HAS_LINE[human_bits]:
            return Result(None, scores.human_win)
        if HAS_LINE[ai_bits]:
            return Result(None, scores.ai_win)
        return None if EMPTY_CELLS[x | o] else Result(None, scores.draw)

    def minimax(x: int, o: int, x_moves: bool, move: int | None, depth: int) -> Result:
        if on_call is not None:
            on_call(Board.from_bits(x, o), "X" if x_moves else "O", move, depth)
        result = finished(x, o)
        if result is None:
            # Steps 8 and 10-13: test-play the mark on each empty cell, in ascending index
            # order, and save its score.
            test_plays = [
                Result(cell, (minimax(x | 1 << cell, o, False, cell, depth + 1) if x_moves
                              else minimax(x, o | 1 << cell, True, cell, depth + 1)).score)
                for cell in EMPTY_CELLS[x | o]]
            # Steps 16 and 17: max and min keep the first of equal scores, as the guide does.
            best = max if x_moves == ai_is_x else min
            result = best(test_plays, key=lambda play: play.score)
        if on_return is not None:
            on_return(result.score)
        return result

    return minimax(board.bits("X"), board.bits("O"), to_move == "X", None, 0)


def search(game: Rules) -> Trace:
    rows = Positions.filling()
    record_each_position(game, rows)
    return Trace(game, rows.pack(), SearchInfo("minimax"))


def check_minimax(trace: Trace, pid: int, where: str) -> None:
    """The guide's minimax: every move searched in order, the first strictly best kept."""
    p, game = trace.positions, trace.game
    if p.terminal[pid]:
        return
    state = p.state[pid]
    children = p.children(pid)
    if [move for move, _ in children] != list(game.moves(state)):
        raise AssertionError(f"{where}: test-plays are not the moves in loop order")
    child_scores = [p.score[child] for _, child in children]
    want = max(child_scores) if game.maximising(state) else min(child_scores)
    if p.score[pid] != want or p.best[pid] != child_scores.index(want):
        raise AssertionError(f"{where}: returns {p.score[pid]} via test-play {p.best[pid]}, expected "
                             f"{want} via the first best, test-play {child_scores.index(want)}")


KIND = SearchKind(
    name="minimax",
    title="the guide's minimax",
    run=search,
    check=check_minimax,
    words="tracer.explain.minimax:MinimaxWords",
    help="the guide's",
    baseline=True,
    json_version1=True,
    game_page="minimax (the tutorial's)",
)
