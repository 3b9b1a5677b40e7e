"""The tutorial's minimax, and the instrumented version that records every call.

Both follow the freeCodeCamp/CodeSweetly guide step for step:

* step 8: list the empty cells in ascending index order;
* step 9: terminal checks in this order: the human has won (lowest score),
  the AI has won (highest score), no empty cell is left (draw);
* steps 10-13: test-play the current mark on each empty cell, recurse for the
  other mark, and save ``{index, score}`` in ``allTestPlayInfos``;
* step 16: the AI keeps the first test-play with a strictly higher score,
  the human the first with a strictly lower one;
* step 17: return that test-play's ``{index, score}``.

Scores are always from the AI's (maximiser's) point of view.

``record()`` never prints or draws. It exploits one fact: the calls below a
given (board, mark to move) are always the same, so each distinct position is
searched once and later calls share the recorded subtree. The call tree is
unchanged: every call keeps its own number, depth and parent (see trace.py).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

from ..games.tictactoe.board import EMPTY_CELLS, HAS_LINE, Board, Mark
from ..games.tictactoe.notation import as_position
from ..scores import TUTORIAL, Scores
from ..trace import DRAW, NOT_TERMINAL, O_WON, X_WON, Positions, Result, Trace


def plain_minimax(
    board: Board,
    to_move: Mark,
    ai: Mark = "X",
    scores: Scores = TUTORIAL,
    on_call: Callable[[Board, Mark, int | None, int], Any] | None = None,
    on_return: Callable[[int], Any] | None = None,
) -> Result:
    """The tutorial's algorithm, plainly: no recording, no sharing of subtrees.

    It is the reference the recorder is tested against. ``on_call(board, mark,
    move, depth)`` and ``on_return(score)``, if given, see every invocation in
    call order.
    """
    ai_is_x = ai == "X"

    def minimax(x: int, o: int, x_moves: bool, move: int | None, depth: int) -> Result:
        mark: Mark = "X" if x_moves else "O"
        if on_call is not None:
            on_call(Board.from_bits(x, o), mark, move, depth)
        # Step 8: the empty cells, in ascending index order.
        empty = EMPTY_CELLS[x | o]
        # Step 9: terminal states, in the tutorial's order.
        ai_bits, human_bits = (x, o) if ai_is_x else (o, x)
        if HAS_LINE[human_bits]:
            result = Result(None, scores.human_win)
        elif HAS_LINE[ai_bits]:
            result = Result(None, scores.ai_win)
        elif not empty:
            result = Result(None, scores.draw)
        else:
            # Steps 10-13: test-play the mark on each empty cell and save its score.
            test_plays = []
            for cell in empty:
                if x_moves:
                    score = minimax(x | 1 << cell, o, False, cell, depth + 1).score
                else:
                    score = minimax(x, o | 1 << cell, True, cell, depth + 1).score
                test_plays.append(Result(cell, score))
            # Step 16: the first strictly best test-play: max for the AI, min for the human.
            best = test_plays[0]
            maximising = x_moves == ai_is_x
            for play in test_plays[1:]:
                if (play.score > best.score) if maximising else (play.score < best.score):
                    best = play
            result = best  # step 17
        if on_return is not None:
            on_return(result.score)
        return result

    return minimax(board.bits("X"), board.bits("O"), to_move == "X", None, 0)


def record(
    board: Board | str, to_move: Mark | None = None, ai: Mark = "X", scores: Scores = TUTORIAL
) -> Trace:
    """Run the instrumented minimax from ``board`` with ``to_move`` to play.

    ``board`` may also be text in any board-file notation (``"X.OX.XOO."``); without
    ``to_move`` the side to move is inferred from the counts, as for a board file.
    Returns the Trace of every invocation. The search itself only records.
    """
    board, to_move = as_position(board, to_move)
    if ai not in ("X", "O") or to_move not in ("X", "O"):
        raise ValueError(f"expected marks 'X' or 'O', found ai={ai!r}, to_move={to_move!r}")
    ai_is_x = ai == "X"
    human_win, ai_win, draw = scores.human_win, scores.ai_win, scores.draw

    # One row per distinct position, in the order first met (root = 0).
    memo: dict[int, int] = {}
    boards = array("l")  # x bits | o bits << 9
    x_to_move = bytearray()
    terminal = bytearray()
    score = array("q")
    best = array("b")  # index into the position's test-plays, -1 if terminal
    first_edge = array("l")
    sizes = array("q")  # number of calls in the subtree, the call itself included
    edge_child = array("l")  # per test-play, in loop order: the position it leads to

    def visit(x: int, o: int, x_moves: int) -> int:
        key = x | o << 9 | x_moves << 18
        found = memo.get(key)
        if found is not None:
            return found  # this position's calls were recorded already
        pid = len(boards)
        memo[key] = pid
        boards.append(x | o << 9)
        x_to_move.append(x_moves)
        occupied = x | o
        ai_bits, human_bits = (x, o) if ai_is_x else (o, x)
        # Step 9, in the tutorial's order: human's win, AI's win, full board.
        if HAS_LINE[human_bits]:
            code, value = (O_WON if ai_is_x else X_WON), human_win
        elif HAS_LINE[ai_bits]:
            code, value = (X_WON if ai_is_x else O_WON), ai_win
        elif occupied == 511:
            code, value = DRAW, draw
        else:
            code = NOT_TERMINAL
        terminal.append(code)
        score.append(0)
        best.append(-1)
        first_edge.append(0)
        sizes.append(1)
        if code != NOT_TERMINAL:
            score[pid] = value
            return pid

        # Steps 10-13: one test-play per empty cell, in ascending order.
        children = []
        for cell in EMPTY_CELLS[occupied]:
            bit = 1 << cell
            children.append(visit(x | bit, o, 0) if x_moves else visit(x, o | bit, 1))
        # Step 16: keep the first test-play whose score is strictly better.
        maximising = bool(x_moves) == ai_is_x
        best_i = 0
        best_score = score[children[0]]
        size = 1
        for i, child in enumerate(children):
            s = score[child]
            if (s > best_score) if maximising else (s < best_score):
                best_i, best_score = i, s
            size += sizes[child]
        # Step 17: the position returns its best test-play's score.
        score[pid] = best_score
        best[pid] = best_i
        sizes[pid] = size
        first_edge[pid] = len(edge_child)
        edge_child.extend(children)
        return pid

    visit(board.bits("X"), board.bits("O"), 1 if to_move == "X" else 0)
    return Trace(
        board=board,
        to_move=to_move,
        ai=ai,
        scores=scores,
        positions=Positions(
            boards, x_to_move, terminal, score, best, first_edge, sizes, edge_child
        ),
    )

