"""A tic-tac-toe board drawn as a Graphviz HTML-like table: 3x3 cells, in the shared palette."""

from __future__ import annotations

from ...style import CELL_SIZE, CELL_TEXT, INDEX_TEXT, PLAYED_FILL, PLAYED_TEXT
from .board import Board


def grid(
    board: Board,
    played: int | None = None,
    line: tuple[int, ...] = (),
    line_colour: str = "",
    *,
    testing: int | None = None,
) -> str:
    """A board as an HTML-like table: 3x3 cells, ``played`` in red, ``line`` in bold colour.

    Empty cells show their index in light grey, as the tutorial's array stores it;
    ``testing`` is an empty cell the for-loop is about to test-play (the tutorial's
    figure 4): red, showing its index.
    """
    rows = []
    for r in range(3):
        cells = []
        for c in range(3):
            i = r * 3 + c
            mark = board[i]
            attrs = f'WIDTH="{CELL_SIZE}" HEIGHT="{CELL_SIZE}" FIXEDSIZE="TRUE"'
            if i == testing and mark == ".":
                cells.append(
                    f'<TD {attrs} BGCOLOR="{PLAYED_FILL}"><FONT COLOR="{PLAYED_TEXT}">'
                    f"<B>{i}</B></FONT></TD>"
                )
            elif i == played:
                cells.append(
                    f'<TD {attrs} BGCOLOR="{PLAYED_FILL}"><FONT COLOR="{PLAYED_TEXT}">'
                    f"<B>{mark}</B></FONT></TD>"
                )
            elif mark == ".":
                cells.append(
                    f'<TD {attrs} BGCOLOR="white"><FONT POINT-SIZE="8" '
                    f'COLOR="{INDEX_TEXT}">{i}</FONT></TD>'
                )
            elif i in line:
                cells.append(
                    f'<TD {attrs} BGCOLOR="white"><FONT COLOR="{line_colour or CELL_TEXT}">'
                    f"<B>{mark}</B></FONT></TD>"
                )
            else:
                cells.append(
                    f'<TD {attrs} BGCOLOR="white"><FONT COLOR="{CELL_TEXT}">{mark}</FONT></TD>'
                )
        rows.append("<TR>" + "".join(cells) + "</TR>")
    return (
        # A fixed size keeps the grid square when a wider caption stretches its cell.
        f'<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="#9e9e9e" '
        f'FIXEDSIZE="TRUE" WIDTH="{3 * CELL_SIZE}" HEIGHT="{3 * CELL_SIZE}">'
        + "".join(rows)
        + "</TABLE>"
    )
