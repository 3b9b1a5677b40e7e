"""A tic-tac-toe board drawn as a Graphviz HTML-like table: 3x3 cells, in the shared palette."""

from __future__ import annotations

from ...style import (
    CELL_SIZE,
    CELL_TEXT,
    INDEX_POINTS,
    INDEX_TEXT,
    MARK_POINTS,
    PLAYED_FILL,
    PLAYED_TEXT,
    TESTING_BORDER,
    TESTING_FILL,
)
from .board import Board


def _cell(i: int, mark: str, *, played: bool, testing: bool, in_line: bool, line_colour: str) -> str:
    """One cell. Marks are big and bold; an empty cell's index is small and grey, so a
    digit 0 never reads as the mark O, even in the red cell being tested."""
    size = f'WIDTH="{CELL_SIZE}" HEIGHT="{CELL_SIZE}" FIXEDSIZE="TRUE"'
    if mark == ".":
        frame = (f' BORDER="3" COLOR="{TESTING_BORDER}" BGCOLOR="{TESTING_FILL}"' if testing
                 else ' BGCOLOR="white"')
        return (f'<TD {size}{frame}><FONT POINT-SIZE="{INDEX_POINTS}" '
                f'COLOR="{INDEX_TEXT}">{i}</FONT></TD>')
    if played:
        return (f'<TD {size} BGCOLOR="{PLAYED_FILL}"><FONT POINT-SIZE="{MARK_POINTS}" '
                f'COLOR="{PLAYED_TEXT}"><B>{mark}</B></FONT></TD>')
    colour = (line_colour or CELL_TEXT) if in_line else CELL_TEXT
    text = f"<B>{mark}</B>" if in_line else mark
    return (f'<TD {size} BGCOLOR="white"><FONT POINT-SIZE="{MARK_POINTS}" '
            f'COLOR="{colour}">{text}</FONT></TD>')


def grid(
    board: Board,
    played: int | None = None,
    lines: tuple[tuple[int, ...], ...] = (),
    line_colour: str = "",
    *,
    testing: int | None = None,
) -> str:
    """A board as an HTML-like table: 3x3 cells, ``played`` in red, every winning line bold.

    Empty cells show their index in grey, as the guide's array stores it;
    ``testing`` is the empty cell the for-loop is about to test-play (the guide's
    figure 4): framed in red, still showing its index.
    """
    in_line = {c for line in lines for c in line}
    rows = []
    for r in range(3):
        cells = [
            _cell(i, board[i], played=i == played, testing=i == testing, in_line=i in in_line,
                  line_colour=line_colour)
            for i in range(r * 3, r * 3 + 3)
        ]
        rows.append("<TR>" + "".join(cells) + "</TR>")
    return (
        # A fixed size keeps the grid square when a wider caption stretches its cell.
        f'<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="#9e9e9e" '
        f'FIXEDSIZE="TRUE" WIDTH="{3 * CELL_SIZE}" HEIGHT="{3 * CELL_SIZE}">'
        + "".join(rows)
        + "</TABLE>"
    )
