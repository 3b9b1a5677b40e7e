"""How tracer's objects show themselves in Jupyter: small pictures and cards, drawn without Graphviz.

A call is its state's picture with its number and return value; a result reads as the guide
writes it; a trace is a card with its first state, result, call count and a small tree, laid
out by a function the caller passes, so this module never runs a layout engine itself.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from ..errors import RenderError
from ..explain import for_trace, game_words
from ..explain.text import signed
from . import drawing

if TYPE_CHECKING:
    import graphviz

    from ..trace import Call, Result, Trace

#: Most calls a trace's card draws; bigger trees are collapsed to fit (see tree.plan_tree).
CARD_TREE_NODES = 40

#: Lays a graph out as SVG text.
LayOut = Callable[["graphviz.Digraph"], str]


def describe_trace(trace: Trace) -> str:
    """A trace's ``repr``: its first state, who moves, the search, the calls and the result."""
    words = for_trace(trace)[0]
    root = trace.game.root
    result = words.returned(trace.result.index, trace.result.score)
    return (f"<Trace {words.describe(root)} {words.player(root)} to move, "
            f"{trace.search.algorithm}: {trace.calls} calls, result {result}>")


def describe_call(call: Call) -> str:
    """A call's ``repr``: its number, depth, state, who moves and what it returns."""
    words = for_trace(call.trace)[0]
    returned = words.returned(call.best, call.score)
    return (f"<Call {call.call} depth {call.depth} {words.describe(call.state)} "
            f"{words.player(call.state)} to move, returns {returned}>")


def call_svg(call: Call) -> str:
    """One call: its state (the move that led to it in red), its number, what it returns."""
    trace = call.trace
    words = for_trace(trace)[0]
    kind = drawing.outcome(trace, call)
    top = f"#{call.call} · {'game over' if kind else words.player(call.state) + ' to move'}"
    sign = for_trace(trace)[1].bound_sign(call.pid)
    bottom = f"returns {words.returned(call.best, call.score)}"
    if sign:  # alpha-beta's cut left only a bound
        bottom += f", only {sign} {signed(call.score)}"
    fill = drawing.OUTCOME_FILL[kind] if kind else drawing.INNER_FILL
    border = drawing.OUTCOME_BORDER[kind] if kind else drawing.INNER_BORDER
    picture = words.svg_picture(call.state, played=call.move, top=top, bottom=bottom, fill=fill,
                                border=border)
    return picture if picture is not None else text_card([top, words.describe(call.state), bottom],
                                                         fill, border)


def text_card(lines: list[str], fill: str, border: str) -> str:
    """Lines of text in a small framed SVG card (for a state its game does not draw as SVG)."""
    width = max(120, round(max(map(len, lines)) * 6.5) + 12)
    height = 16 * len(lines) + 12
    texts = "".join(f'<text x="{width / 2:g}" y="{20 + 16 * i}" font-size="11" text-anchor="middle" '
                    f'fill="{drawing.CELL_TEXT}">{escape(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{drawing.FONT}, sans-serif">'
            f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="6" fill="{fill}" '
            f'stroke="{border}"/>{texts}</svg>')


def result_html(result: Result) -> str:
    """A return value as its game writes it (the guide's ``{index, score}`` for tic-tac-toe),
    with the move it names in words."""
    words = None if result.game is None else game_words(result.game)
    said = str(result) if words is None else words.returned(result.index, result.score)
    text = f"<code>{escape(said)}</code>"
    if result.index is None:
        return f"{text}: a finished game, score {signed(result.score)}"
    if words is None:
        return f"{text}: score {signed(result.score)}"
    return f"{text}: play {escape(words.move_name(result.index))}, score {signed(result.score)}"


def trace_html(trace: Trace, lay_out: LayOut) -> str:
    """A summary card: the first state, who moves, the result, the call count and a small tree."""
    words, search = for_trace(trace)
    root = trace.game.root
    calls = f"{trace.calls:,} call{'s' if trace.calls != 1 else ''} of {escape(search.short_name())}"
    picture = words.svg_picture(root, top="call 1")
    if picture is None:
        facts = [f"<b>{escape(words.setting())}</b>", calls,
                 f"returns <code>{escape(words.returned(trace.result.index, trace.result.score))}</code>"]
        return f"<div class=\"tracer-trace\">{'<br>'.join(facts)}</div>" + small_tree(trace, lay_out)
    facts = [
        f"<b>{escape(words.player(root))} to move</b> on <code>{escape(words.describe(root))}</code>; "
        f"{escape(words.players_line())}",
        calls,
        "returns " + result_html(trace.result),
    ]
    card = ('<div class="tracer-trace" style="display:flex;gap:12px;align-items:flex-start;'
            'font-family:sans-serif;border:1px solid #ccc;border-radius:6px;padding:8px">'
            f"<div>{picture}</div><div>{'<br>'.join(facts)}</div></div>")
    return card + small_tree(trace, lay_out)


def small_tree(trace: Trace, lay_out: LayOut) -> str:
    """The game tree, collapsed to a few dozen calls; a note instead if it cannot be laid out."""
    from .tree import describe, game_tree, plan_tree

    plan = plan_tree(trace, max_nodes=CARD_TREE_NODES)
    try:
        svg = lay_out(game_tree(trace, plan))
    except RenderError as exc:
        return f"<p><i>No tree: {escape(str(exc))}</i></p>"
    svg = svg[svg.index("<svg"):]  # drop the XML prologue and doctype: inline in the page
    what = describe(trace, plan).split(" (see ")[0]  # the CLI's option hints mean nothing here
    return f"<details><summary>game tree ({escape(what)})</summary>{svg}</details>"
