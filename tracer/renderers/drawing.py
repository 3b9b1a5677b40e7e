"""The visual language shared by every diagram: boards as 3x3 grids, colours, legend.

The game tree, the test-play figures and the browser viewer all draw boards
and outcomes the same way; their colours come from here.
"""

from __future__ import annotations

from html import escape

from ..games.tictactoe.board import Board, Mark
from ..trace import Call, Trace
from .text import signed

FONT = "DejaVu Sans"

#: The cell just played (the tutorial's figures 4-5 mark it in red).
PLAYED_FILL = "#d32f2f"
PLAYED_TEXT = "#ffffff"
#: Outcomes for the AI: the tutorial's game shows a win in green and a draw in grey.
OUTCOME_FILL = {"win": "#c8e6c9", "loss": "#ffd8b0", "draw": "#e0e0e0"}
OUTCOME_BORDER = {"win": "#2e7d32", "loss": "#e65100", "draw": "#616161"}
INNER_FILL = "#ffffff"
INNER_BORDER = "#757575"
#: The chosen line of play from the root.
CHOSEN = "#1565c0"
#: A test-play that a call picked (step 16) and one it rejected.
PICKED_EDGE = "#212121"
REJECTED_EDGE = "#9e9e9e"
SUMMARY_FILL = "#f3e5f5"
SUMMARY_BORDER = "#6a1b9a"
CELL_TEXT = "#212121"
INDEX_TEXT = "#b0b0b0"
CELL_SIZE = 20


def outcome(trace: Trace, call: Call) -> str | None:
    """A terminal call's outcome for the AI: ``'win'``, ``'loss'``, ``'draw'``; None if not terminal."""
    if call.terminal is None:
        return None
    if call.terminal == "draw":
        return "draw"
    return "win" if call.terminal == trace.ai else "loss"


def value_outcome(trace: Trace, score: int) -> str:
    """What a returned score predicts for the AI: ``'win'``, ``'loss'`` or ``'draw'``."""
    s = trace.scores
    if score >= s.ai_win:
        return "win"
    if score <= s.human_win:
        return "loss"
    return "draw"


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


def board_label(
    board: Board,
    title: str,
    footer: str,
    *,
    played: int | None = None,
    fill: str = INNER_FILL,
    border: str = INNER_BORDER,
    line: tuple[int, ...] = (),
    thick: bool = False,
    caption: str | None = None,
    testing: int | None = None,
) -> str:
    """A node label: title, the board grid, footer; all inside one framed box.

    ``caption`` may hold several lines (``\n``), each drawn on its own row.
    """
    extra = "".join(
        f'<TR><TD><FONT POINT-SIZE="8">{escape(text)}</FONT></TD></TR>'
        for text in (caption.split("\n") if caption else [])
    )
    return (
        f'<<TABLE BORDER="{3 if thick else 1}" CELLBORDER="0" CELLSPACING="1" CELLPADDING="2" '
        f'BGCOLOR="{fill}" COLOR="{border}" STYLE="ROUNDED">'
        f'<TR><TD><FONT POINT-SIZE="9">{escape(title)}</FONT></TD></TR>'
        f"<TR><TD>{grid(board, played, line, border, testing=testing)}</TD></TR>"
        f'<TR><TD><FONT POINT-SIZE="9"><B>{escape(footer)}</B></FONT></TD></TR>'
        f"{extra}</TABLE>>"
    )


def call_footer(trace: Trace, call: Call) -> str:
    """The score line under a board: how the call got its score."""
    if call.terminal == "draw":
        return f"draw: {signed(call.score)}"
    if call.terminal is not None:
        return f"{call.terminal} wins: {signed(call.score)}"
    return f"{'max' if call.maximising else 'min'} = {signed(call.score)}"


def pick_footer(trace: Trace, call: Call) -> str:
    """Step 16 spelled out for an inner call: ``min(-1, -1) = -1``."""
    scores = ", ".join(signed(r.score) for r in call.test_plays)
    return f"{'max' if call.maximising else 'min'}({scores}) = {signed(call.score)}"


def pick_reason(trace: Trace, call: Call) -> str:
    """Why step 16 picked the test-play it did: ``O picks cell 4, the first lowest``."""
    scores = [r.score for r in call.test_plays]
    word = "highest" if call.maximising else "lowest"
    if len(scores) == 1:
        return f"{call.mark}'s only test-play: cell {call.best}"
    if scores.count(call.score) > 1:
        word = f"first {word}"
    return f"{call.mark} picks cell {call.best}, the {word}"


def call_label(
    trace: Trace,
    call: Call,
    *,
    thick: bool = False,
    caption: str | None = None,
    explain: bool = False,
) -> str:
    """The standard drawing of one call: call number, mark to move, board, score.

    With ``explain``, an inner call shows step 16 in full (``min(-1, -1) = -1``)
    and which test-play it picked and why.
    """
    kind = outcome(trace, call)
    winner: Mark | None = call.terminal if call.terminal in ("X", "O") else None  # type: ignore[assignment]
    line = call.board.winning_line(winner) if winner else None
    title = f"#{call.call} · {call.mark} to move" if kind is None else f"#{call.call} · game over"
    return board_label(
        call.board,
        title,
        pick_footer(trace, call) if explain and kind is None else call_footer(trace, call),
        played=call.move,
        fill=OUTCOME_FILL[kind] if kind else INNER_FILL,
        border=OUTCOME_BORDER[kind] if kind else INNER_BORDER,
        line=line or (),
        thick=thick,
        caption="\n".join(filter(None, [pick_reason(trace, call) if explain and kind is None
                                         else None, caption])) or None,
    )


def summary_label(trace: Trace, call: Call, *, thick: bool = False) -> str:
    """A collapsed subtree: its first board, its score and the calls it stands for."""
    last = call.call + call.size - 1
    return board_label(
        call.board,
        f"#{call.call} · {call.mark} to move",
        f"{'max' if call.maximising else 'min'} = {signed(call.score)}",
        played=call.move,
        fill=SUMMARY_FILL,
        border=SUMMARY_BORDER,
        thick=thick,
        caption=f"{call.size:,} calls collapsed\n#{call.call} – #{last}",
    )


def legend_label(
    trace: Trace,
    *,
    collapsed: bool = False,
    chosen: bool = True,
    chosen_text: str = "the line minimax chose from the root",
) -> str:
    """The legend: what the colours and arrows mean, with the score scheme."""
    s = trace.scores

    def swatch(fill: str, border: str, text: str) -> str:
        return (
            f'<TR><TD WIDTH="12" HEIGHT="12" FIXEDSIZE="TRUE" BGCOLOR="{fill}" COLOR="{border}" '
            f'BORDER="1"></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="9">{escape(text)}</FONT></TD></TR>'
        )

    def arrow(colour: str, text: str, weight: str = "") -> str:
        return (
            f'<TR><TD><FONT COLOR="{colour}">{weight}&#8594;</FONT></TD>'
            f'<TD ALIGN="LEFT"><FONT POINT-SIZE="9">{escape(text)}</FONT></TD></TR>'
        )

    rows = [
        '<TR><TD COLSPAN="2" ALIGN="LEFT"><FONT POINT-SIZE="10"><B>Legend</B></FONT></TD></TR>',
        swatch(PLAYED_FILL, PLAYED_FILL, "the cell just played"),
        swatch(OUTCOME_FILL["win"], OUTCOME_BORDER["win"],
               f"{trace.ai} (AI) wins: {signed(s.ai_win)}"),
        swatch(OUTCOME_FILL["loss"], OUTCOME_BORDER["loss"],
               f"{trace.human} (human) wins: {signed(s.human_win)}"),
        swatch(OUTCOME_FILL["draw"], OUTCOME_BORDER["draw"], f"draw: {signed(s.draw)}"),
    ]
    if collapsed:
        rows.append(swatch(SUMMARY_FILL, SUMMARY_BORDER, "subtree collapsed (calls not drawn)"))
    if chosen:
        rows.append(arrow(CHOSEN, chosen_text, "<B>"
                          ).replace("&#8594;</FONT>", "&#8594;</B></FONT>"))
    rows.append(arrow(PICKED_EDGE, "the test-play a call picked (max / min)"))
    rows.append(arrow(REJECTED_EDGE, "a test-play it did not pick"))
    return (
        '<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1" COLOR="#bdbdbd" '
        'BGCOLOR="#fafafa">' + "".join(rows) + "</TABLE>>"
    )
