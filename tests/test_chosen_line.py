"""``Call.chosen_line``: the one walk of the line each call chose, held to a plain reference."""

from __future__ import annotations

import pytest

import tracer
from tracer.explain import for_trace

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def reference_line(cells: str, to_move: str, ai: str = "X") -> tuple[list[int], str]:
    """The guide's minimax written plainly: the moves of the line it chooses, and how it ends."""

    def value(board: list[str], mover: str) -> tuple[int, int | None]:
        for mark, score in ((("O" if ai == "X" else "X"), -1), (ai, 1)):  # step 9's order
            if any(all(board[c] == mark for c in line) for line in LINES):
                return score, None
        empty = [c for c in range(9) if board[c] == "."]
        if not empty:
            return 0, None
        best, best_cell = None, None
        for cell in empty:
            board[cell] = mover
            score, _ = value(board, "O" if mover == "X" else "X")
            board[cell] = "."
            if best is None or (score > best if mover == ai else score < best):  # the first best stays
                best, best_cell = score, cell
        return best, best_cell  # type: ignore[return-value]

    board, mover, moves = list(cells), to_move, []
    while True:
        _, cell = value(board, mover)
        if cell is None:
            wins = [mark for mark in "XO" if any(all(board[c] == mark for c in line) for line in LINES)]
            return moves, wins[0] if wins else "draw"
        board[cell] = mover
        moves.append(cell)
        mover = "O" if mover == "X" else "X"


@pytest.mark.parametrize("cells, to_move", [("X.OX.XOO.", "X"), ("X...O....", "X"), ("XO.......", "X")])
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "memo", "negamax"])
def test_the_line_followed_through_cache_hits_is_the_reference_line(cells, to_move, algorithm):
    trace = tracer.search(tracer.TicTacToe(tracer.Board(cells), to_move), algorithm)
    line = trace.root.chosen_line(for_trace(trace)[1].continues_at)
    moves, end = reference_line(cells, to_move)
    assert [call.move for call in line] == moves
    assert line[-1].terminal == end


def test_without_its_source_the_line_stops_at_a_cache_hit():
    trace = tracer.search(tracer.TicTacToe(tracer.Board("X...O...."), "X"), "memo")
    line = trace.root.chosen_line()
    moves, _ = reference_line("X...O....", "X")
    assert [call.move for call in line] == moves[: len(line)]
    assert line[-1].terminal is None and line[-1].size == 1  # answered from the cache: no test-plays


def test_a_textbook_tree_line_goes_down_the_backed_up_value():
    """Russell & Norvig's figure 5.2: MAX picks B (value 3), B's MIN picks its leaf 3."""
    trace = tracer.search(tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]"))
    line = trace.root.chosen_line()
    assert [call.score for call in line] == [3, 3]
    assert [call.call for call in line] == [2, 3]
    assert line[-1].terminal is not None
