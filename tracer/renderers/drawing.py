"""The visual language shared by every diagram: boards as 3x3 grids, colours, legend.

The game tree, the test-play figures and the browser viewer all draw boards
and outcomes the same way; their colours come from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from ..style import (  # noqa: F401 - the palette is part of this module's interface
    CELL_SIZE,
    CELL_TEXT,
    CHOSEN,
    CHOSEN_FILL,
    FONT,
    INDEX_TEXT,
    INNER_BORDER,
    INNER_FILL,
    OUTCOME_BORDER,
    OUTCOME_FILL,
    OUTCOME_INK,
    OUTCOME_SYMBOL,
    PICKED_EDGE,
    PLAYED_FILL,
    PLAYED_TEXT,
    REJECTED_EDGE,
    REJECTED_TEXT,
    SMALL_POINTS,
    SUMMARY_BORDER,
    SUMMARY_FILL,
    TESTING_BORDER,
    TESTING_FILL,
    TITLE_POINTS,
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
    kind = trace.game.outcome_kind(terminal) if terminal else None
    picture = trace.game.picture(
        state, played=played, testing=testing, terminal=terminal,
        line_colour=OUTCOME_INK[kind] if kind else border,
    )
    extra = "".join(
        f'<TR><TD><FONT POINT-SIZE="{SMALL_POINTS}">{escape(text)}</FONT></TD></TR>'
        for text in (caption.split("\n") if caption else [])
    )
    return (
        f'<<TABLE BORDER="{3 if thick else 1}" CELLBORDER="0" CELLSPACING="1" CELLPADDING="2" '
        f'BGCOLOR="{fill}" COLOR="{border}" STYLE="ROUNDED">'
        f'<TR><TD><FONT POINT-SIZE="{SMALL_POINTS}">{escape(title)}</FONT></TD></TR>'
        f"<TR><TD>{picture}</TD></TR>"
        f'<TR><TD><FONT POINT-SIZE="{SMALL_POINTS + 1}"><B>{escape(footer)}</B></FONT></TD></TR>'
        f"{extra}</TABLE>>"
    )


def call_footer(trace: Trace, call: Call) -> str:
    """The score line under a board: how the call got its score."""
    if call.terminal_code:
        symbol = OUTCOME_SYMBOL[trace.game.outcome_kind(call.terminal_code)]
        return f"{symbol} {trace.game.terminal_label(call.terminal_code)}: {signed(call.score)}"
    return f"{'max' if call.maximising else 'min'} = {signed(call.score)}"


def pick_footer(trace: Trace, call: Call) -> str:
    """Step 16 spelled out for an inner call: ``min(-1, -1) = -1``."""
    scores = ", ".join(signed(r.score) for r in call.test_plays)
    return f"{'max' if call.maximising else 'min'}({scores}) = {signed(call.score)}"


def pick_reason(trace: Trace, call: Call) -> str:
    """Why step 16 picked the test-play it did: ``O picks cell 4, the first lowest``."""
    scores = [r.score for r in call.test_plays]
    word = "highest" if call.maximising else "lowest"
    if call.extra("pruned"):  # alpha-beta stopped this loop early
        return f"{call.player} stops after {trace.game.move_short(call.test_plays[-1].index or 0)}: a cut"
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


@dataclass(frozen=True)
class Uses:
    """What a picture draws, so its legend explains exactly that (and nothing it lacks)."""

    #: Blue arrows: the line minimax chose from the first call.
    chosen: bool = True
    #: Boards with a thick border: calls on that line.
    thick: bool = True
    #: Summary boxes for collapsed subtrees.
    collapsed: bool = False
    #: An empty cell framed in red: the cell the for-loop is testing (the guide's figure 4).
    testing: bool = False
    #: The red step-11 arrow into the test-play a figure follows.
    step11_arrow: bool = False
    #: ``↑ -1`` under an arrow: the score the call below returns.
    edge_scores: bool = False
    #: ``max(-1, +1) = +1`` and the pick spelled out under inner boards.
    explain: bool = False
    #: Dashed arrows: the path from the first call down to a call in focus.
    focus_path: bool = False
    #: The blue box holding what the first call returns.
    result_box: bool = False
    #: Boards of several calls joined by arrows (call numbers, scores, black and grey arrows).
    tree: bool = True
    #: A red cell holding the mark just played.
    played: bool = True
    #: Finished games (outcome colours and winning lines).
    outcomes: bool = True


def legend_label(trace: Trace, uses: Uses = Uses()) -> str:
    """The legend: every colour, line, border and note the picture uses, and the score scheme.

    Entries sit in two columns so the legend stays short; it goes in the graph's
    label (see ``tree.finish_graph``), outside the layout of the boards.
    """
    from .shapes import draws_shapes

    if draws_shapes(trace):  # a textbook tree: its own symbols, laid out as below
        return _two_columns(_shape_entries(trace, uses))
    entries = _board_entries(trace, uses) + _call_entries(uses) + _arrow_entries(uses)
    entries.extend(_variant_entries(trace))
    return _two_columns(entries)


def _shape_entries(trace: Trace, uses: Uses) -> list[str]:
    """A textbook tree's legend entries: its own symbols, then the figures' extra notes."""
    from .shapes import shape_legend

    rows = re.findall(r"<TR>(.*?)</TR>",
                      shape_legend(trace, collapsed=uses.collapsed, chosen=uses.chosen))
    entries: list[str] = [_legend_size(row.replace("<TD>", '<TD ALIGN="RIGHT">', 1))
               for row in rows[1:]]  # rows[0] is its own title
    if uses.edge_scores:
        entries.append(_text_entry("↑ 3", CELL_TEXT, "the value the node below the line "
                                                     "returns (step 12 saves it)"))
    if uses.step11_arrow:
        entries.append(_arrow(PLAYED_FILL, "red line: step 11, the child this figure "
                                           "follows; ↑ step 12, the value saved", bold=True))
    if uses.focus_path:
        entries.append(_arrow(REJECTED_EDGE, "dashed line: the path from call #1 to the call "
                                             "in focus (other children not drawn)", dashed=True))
    if uses.result_box:
        entries.append(_swatch(CHOSEN_FILL, CHOSEN, "blue box: what call #1 returns, kept in "
                                                    "bestPlayInfo (step 24)", border=3))
    return entries


def _board_entries(trace: Trace, uses: Uses) -> list[str]:
    """The legend entries for what the game draws on its boards: marks, cells, outcomes."""
    game = trace.game
    entries: list[str] = []
    if uses.played:
        entries.extend(_swatch(PLAYED_FILL, PLAYED_FILL, text) for text in game.legend_marks())
    if uses.testing:
        entries.append(_swatch(TESTING_FILL, TESTING_BORDER, game.legend_testing(), border=3))
    digits, line = game.legend_cells()
    entries.append(_text_entry("0", INDEX_TEXT, digits))
    if uses.outcomes:
        entries.append(_text_entry("X", OUTCOME_INK["win"], line))
        entries.extend(_swatch(OUTCOME_FILL[kind], OUTCOME_BORDER[kind],
                               f"{OUTCOME_SYMBOL[kind]} {text}")
                       for kind, text in game.legend_outcomes())
    return entries


def _call_entries(uses: Uses) -> list[str]:
    """The legend entries for the notes around a board: call number, scores, boxes, borders."""
    entries = [_text_entry("#5", CELL_TEXT, "call number: calls are numbered in the "
                                            "order they start (the log's #N)")]
    if uses.tree:
        entries.append(_text_entry("max =", CELL_TEXT, "the score a call returns: the highest of "
                                   "its test-plays (the AI) or the lowest (the human)"))
    if uses.explain:
        entries.append(_text_entry("min(…)", CELL_TEXT, "step 16 over the scores in "
                                                        "allTestPlayInfos, and the pick it makes"))
    if uses.edge_scores:
        entries.append(_text_entry("↑ -1", CELL_TEXT, "the score the call below the arrow returns "
                                                      "(step 12 saves it)"))
    if uses.collapsed:
        entries.append(_swatch(SUMMARY_FILL, SUMMARY_BORDER, "summary box: a whole subtree drawn as "
                               "its first board, with its score and call count"))
    if uses.thick:
        entries.append(_swatch(INNER_FILL, INNER_BORDER, "thick border: a board on the line "
                                                         "minimax chose from call #1", border=3))
    return entries


def _arrow_entries(uses: Uses) -> list[str]:
    """The legend entries for the arrows (and the result box) between a tree's boards."""
    entries: list[str] = []
    if uses.chosen:
        entries.append(_arrow(CHOSEN, "thick blue arrow: the line minimax chose from call #1",
                              bold=True))
    if uses.tree:
        entries.append(_arrow(PICKED_EDGE, "black arrow: the test-play a call picked (step 16)"))
        entries.append(_arrow(REJECTED_EDGE, "grey arrow: a test-play it did not pick"))
    if uses.step11_arrow:
        entries.append(_arrow(PLAYED_FILL, "red arrow: step 11, the test-play this figure "
                                           "follows; ↑ step 12, the score saved", bold=True))
    if uses.focus_path:
        entries.append(_arrow(REJECTED_EDGE, "dashed arrow: the path from call #1 to the call in "
                                             "focus (other test-plays not drawn; blue where it "
                                             "is the chosen line)", dashed=True))
    if uses.result_box:
        entries.append(_swatch(CHOSEN_FILL, CHOSEN, "blue box: what call #1 returns, kept in "
                                                    "bestPlayInfo (step 24)", border=3))
    return entries


def _two_columns(entries: list[str]) -> str:
    """The legend's table: its title, then ``entries`` (each two cells) in two columns."""
    half = (len(entries) + 1) // 2
    rows = "".join(
        "<TR>" + left + (entries[half + i] if half + i < len(entries) else "<TD></TD><TD></TD>")
        + "</TR>"
        for i, left in enumerate(entries[:half])
    )
    return (
        f'<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1" COLOR="#bdbdbd" '
        f'BGCOLOR="#fafafa"><TR><TD COLSPAN="4" ALIGN="LEFT"><FONT POINT-SIZE="{TITLE_POINTS}">'
        f"<B>Legend</B></FONT></TD></TR>{rows}</TABLE>"
    )


def _variant_entries(trace: Trace) -> list[str]:
    """What a variant search adds to the legend (alpha-beta's windows and cuts, memo's hits),
    as entries of this legend's two columns."""
    from .variant_drawing import legend_rows

    return [_legend_size(row.removeprefix("<TR>").removesuffix("</TR>")) for row in legend_rows(trace)]


def _legend_size(entry: str) -> str:
    """Another module's legend entry in this legend's type size (projector-sized)."""
    return entry.replace('POINT-SIZE="9"', f'POINT-SIZE="{SMALL_POINTS}"')


def _words(text: str) -> str:
    return f'<TD ALIGN="LEFT"><FONT POINT-SIZE="{SMALL_POINTS}">{escape(text)}</FONT></TD>'


def _swatch(fill: str, colour: str, text: str, *, border: int = 1) -> str:
    return (
        f'<TD WIDTH="18" HEIGHT="16" FIXEDSIZE="TRUE" BGCOLOR="{fill}" COLOR="{colour}" '
        f'BORDER="{border}"></TD>' + _words(text)
    )


def _text_entry(sample: str, colour: str, text: str) -> str:
    return (
        f'<TD ALIGN="RIGHT"><FONT POINT-SIZE="{SMALL_POINTS}" COLOR="{colour}"><B>'
        f"{escape(sample)}</B></FONT></TD>" + _words(text)
    )


def _arrow(colour: str, text: str, *, bold: bool = False, dashed: bool = False) -> str:
    glyph = "- - &#8594;" if dashed else "&#8212;&#8594;"
    if bold:
        glyph = f"<B>{glyph}</B>"
    return (
        f'<TD ALIGN="RIGHT"><FONT POINT-SIZE="{SMALL_POINTS + 2}" COLOR="{colour}">{glyph}'
        f"</FONT></TD>" + _words(text)
    )
