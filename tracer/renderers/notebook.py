"""How tracer's objects show themselves in Jupyter: small pictures built here, no Graphviz.

A board is a plain SVG grid in the shared visual language (the cell just played in red,
empty cells showing their index, as the guide's array stores them); a call is its board
with its number and return value; a trace is a card with its board, result, call count
and a small tree (drawn by a layout engine when one is available, else left out).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..games.tictactoe.board import Board, cell_name
from . import drawing
from .text import signed

if TYPE_CHECKING:
    from ..trace import Call, Result, Trace

CELL = 28
#: Most boards a trace's card draws; bigger trees are collapsed to fit (see tree.plan_tree).
CARD_TREE_NODES = 40


def board_svg(
    board: Board,
    *,
    played: int | None = None,
    top: str | None = None,
    bottom: str | None = None,
    fill: str = drawing.INNER_FILL,
    border: str = drawing.INNER_BORDER,
) -> str:
    """A board as a standalone SVG: 3x3 cells, optional text above and below."""
    pad, line = 6, 16
    above = line if top else 0
    below = line if bottom else 0
    # Wide enough for the longest caption (about 6.5 px a character at 11 px).
    longest = max(len(top or ""), len(bottom or ""))
    width = max(3 * CELL + 2 * pad, round(longest * 6.5) + 2 * pad)
    left = (width - 3 * CELL) / 2
    height = 3 * CELL + 2 * pad + above + below
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{drawing.FONT}, sans-serif">',
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="6" '
        f'fill="{fill}" stroke="{border}"/>',
    ]
    if top:
        parts.append(_text(width / 2, pad + 11, top, 11))
    for i, mark in enumerate(board.cells):
        x, y = left + CELL * (i % 3), pad + above + CELL * (i // 3)
        cell_fill = drawing.PLAYED_FILL if i == played else "#ffffff"
        parts.append(f'<rect x="{x:g}" y="{y}" width="{CELL}" height="{CELL}" fill="{cell_fill}" '
                     f'stroke="{drawing.INNER_BORDER}"/>')
        if mark == ".":
            parts.append(_text(x + CELL / 2, y + CELL / 2 + 3, str(i), 9, drawing.INDEX_TEXT))
        else:
            colour = drawing.PLAYED_TEXT if i == played else drawing.CELL_TEXT
            parts.append(_text(x + CELL / 2, y + CELL / 2 + 6, mark, 17, colour))
    if bottom:
        parts.append(_text(width / 2, height - pad - 2, bottom, 11, bold=True))
    parts.append("</svg>")
    return "".join(parts)


def _text(x: float, y: float, text: str, size: int, colour: str = drawing.CELL_TEXT,
          bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="middle" '
            f'fill="{colour}"{weight}>{escape(text)}</text>')


def call_svg(call: Call) -> str:
    """One call: its board (the move that led to it in red), its number, what it returns."""
    trace = call.trace
    kind = drawing.outcome(trace, call)
    top = f"#{call.call} · {'game over' if kind else call.mark + ' to move'}"
    return board_svg(
        call.board,
        played=call.move,
        top=top,
        bottom=f"returns {call.returned}",
        fill=drawing.OUTCOME_FILL[kind] if kind else drawing.INNER_FILL,
        border=drawing.OUTCOME_BORDER[kind] if kind else drawing.INNER_BORDER,
    )


def result_html(result: Result) -> str:
    """A return value as the guide writes it, with the cell it names in words."""
    text = f"<code>{escape(str(result))}</code>"
    if result.index is None:
        return f"{text}: a finished game, score {signed(result.score)}"
    return f"{text}: play cell {result.index} ({cell_name(result.index)}), score {signed(result.score)}"


def trace_html(trace: Trace) -> str:
    """A summary card: the board, who moves, the result, the call count and a small tree."""
    if trace.game.name != "tictactoe":
        facts = [f"<b>{escape(trace.game.setting())}</b>",
                 f"{trace.calls:,} call{'s' if trace.calls != 1 else ''} of {trace.search.algorithm}",
                 f"returns <code>{escape(trace.game.returned(trace.result.index, trace.result.score))}</code>"
                 if hasattr(trace.game, "returned") else f"returns {result_html(trace.result)}"]
        return f"<div class=\"tracer-trace\">{'<br>'.join(facts)}</div>" + _small_tree(trace)
    facts = [
        f"<b>{trace.to_move} to move</b> on <code>{trace.board.compact()}</code>; "
        f"the AI (maximiser) is {trace.ai}",
        f"{trace.calls:,} call{'s' if trace.calls != 1 else ''} of minimax",
        "returns " + result_html(trace.result),
    ]
    card = (
        '<div class="tracer-trace" style="display:flex;gap:12px;align-items:flex-start;'
        'font-family:sans-serif;border:1px solid #ccc;border-radius:6px;padding:8px">'
        f"<div>{board_svg(trace.board, top='call 1')}</div>"
        f"<div>{'<br>'.join(facts)}</div></div>"
    )
    return card + _small_tree(trace)


def _small_tree(trace: Trace) -> str:
    """The game tree, collapsed to a few dozen boards; empty if no engine can draw it."""
    from ..errors import RenderError
    from ..outputs.files import pipe
    from .tree import describe, game_tree, plan_tree

    plan = plan_tree(trace, max_nodes=CARD_TREE_NODES)
    try:
        svg = pipe(game_tree(trace, plan), "svg").decode("utf-8")
    except RenderError as exc:
        return f"<p><i>No tree: {escape(str(exc))}</i></p>"
    svg = svg[svg.index("<svg"):]  # drop the XML prologue and doctype: inline in the page
    what = describe(trace, plan).split(" (see ")[0]  # the CLI's option hints mean nothing here
    return f"<details><summary>game tree ({escape(what)})</summary>{svg}</details>"
