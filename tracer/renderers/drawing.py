"""The visual language shared by every diagram: boards as 3x3 grids, colours, legend.

The game tree, the test-play figures and the browser viewer all draw boards
and outcomes the same way; their colours come from here.
"""

from __future__ import annotations

from html import escape

from ..style import (  # noqa: F401 - the palette is part of this module's interface
    CELL_SIZE,
    CELL_TEXT,
    CHOSEN,
    FONT,
    INDEX_TEXT,
    INNER_BORDER,
    INNER_FILL,
    OUTCOME_BORDER,
    OUTCOME_FILL,
    PICKED_EDGE,
    PLAYED_FILL,
    PLAYED_TEXT,
    REJECTED_EDGE,
    SUMMARY_BORDER,
    SUMMARY_FILL,
)
from ..trace import Call, Trace
from .text import signed


def outcome(trace: Trace, call: Call) -> str | None:
    """A terminal call's outcome for the maximiser (``'win'``, ``'loss'``, ``'draw'``), None if not terminal."""
    code = call.terminal_code
    return trace.game.outcome_kind(code) if code else None


def value_outcome(trace: Trace, score: int) -> str:
    """What a returned score predicts for the maximiser: ``'win'``, ``'loss'`` or ``'draw'``."""
    return trace.game.value_kind(score)


def state_label(
    trace: Trace,
    state: int,
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
    terminal: int = 0,
) -> str:
    """A node label: title, the state's picture (the game draws it), footer; one framed box.

    ``caption`` may hold several lines (``\n``), each drawn on its own row.
    """
    picture = trace.game.picture(
        state, played=played, testing=testing, terminal=terminal, line_colour=border
    )
    extra = "".join(
        f'<TR><TD><FONT POINT-SIZE="8">{escape(text)}</FONT></TD></TR>'
        for text in (caption.split("\n") if caption else [])
    )
    return (
        f'<<TABLE BORDER="{3 if thick else 1}" CELLBORDER="0" CELLSPACING="1" CELLPADDING="2" '
        f'BGCOLOR="{fill}" COLOR="{border}" STYLE="ROUNDED">'
        f'<TR><TD><FONT POINT-SIZE="9">{escape(title)}</FONT></TD></TR>'
        f"<TR><TD>{picture}</TD></TR>"
        f'<TR><TD><FONT POINT-SIZE="9"><B>{escape(footer)}</B></FONT></TD></TR>'
        f"{extra}</TABLE>>"
    )


def call_footer(trace: Trace, call: Call) -> str:
    """The score line under a board: how the call got its score."""
    if call.terminal_code:
        return f"{trace.game.terminal_label(call.terminal_code)}: {signed(call.score)}"
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
        return f"{call.player}'s only test-play: {trace.game.move_short(call.best or 0)}"
    if scores.count(call.score) > 1:
        word = f"first {word}"
    return f"{call.player} picks {trace.game.move_short(call.best or 0)}, the {word}"


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
    title = f"#{call.call} · {call.player} to move" if kind is None else f"#{call.call} · game over"
    return state_label(
        trace,
        call.state,
        title,
        pick_footer(trace, call) if explain and kind is None else call_footer(trace, call),
        played=call.move,
        fill=OUTCOME_FILL[kind] if kind else INNER_FILL,
        border=OUTCOME_BORDER[kind] if kind else INNER_BORDER,
        terminal=call.terminal_code,
        thick=thick,
        caption="\n".join(filter(None, [pick_reason(trace, call) if explain and kind is None
                                         else None, caption])) or None,
    )


def summary_label(trace: Trace, call: Call, *, thick: bool = False) -> str:
    """A collapsed subtree: its first board, its score and the calls it stands for."""
    last = call.call + call.size - 1
    return state_label(
        trace,
        call.state,
        f"#{call.call} · {call.player} to move",
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
        *(swatch(PLAYED_FILL, PLAYED_FILL, text) for text in trace.game.legend_marks()),
        *(swatch(OUTCOME_FILL[kind], OUTCOME_BORDER[kind], text)
          for kind, text in trace.game.legend_outcomes()),
    ]
    if collapsed:
        rows.append(swatch(SUMMARY_FILL, SUMMARY_BORDER, "subtree collapsed (calls not drawn)"))
    if chosen:
        rows.append(arrow(CHOSEN, chosen_text, "<B>"
                          ).replace("&#8594;</FONT>", "&#8594;</B></FONT>"))
    rows.append(arrow(PICKED_EDGE, "the test-play a call picked (max / min)"))
    rows.append(arrow(REJECTED_EDGE, "a test-play it did not pick"))
    from .variant_drawing import legend_rows

    rows += legend_rows(trace)
    return (
        '<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1" COLOR="#bdbdbd" '
        'BGCOLOR="#fafafa">' + "".join(rows) + "</TABLE>>"
    )
