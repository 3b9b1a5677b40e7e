"""Small positions whose log and DOT are kept as expected-output files in tests/golden."""

from __future__ import annotations

from tracer import Board, Trace, record

#: name -> (board, side to move, AI).
POSITIONS = {
    "tutorial": ("X.OX.XOO.", "X", "X"),
    "x-won": ("XXXOO....", "O", "X"),
    "draw": ("XOXXOOOXX", "O", "X"),
    "o-to-move": ("XOXXOO.X.", "O", "X"),
    "ai-o": ("X.OX.XOO.", "X", "O"),
}


def trace_of(name: str) -> Trace:
    """The trace of one of POSITIONS."""
    board, to_move, ai = POSITIONS[name]
    return record(Board(board), to_move, ai=ai)  # type: ignore[arg-type]
