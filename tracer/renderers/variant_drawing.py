"""How the diagrams draw what a variant search adds: windows, pruned test-plays, cache hits.

For the guide's minimax every function here adds nothing, so its DOT stays
byte for byte. Pruned test-plays are small dashed "not searched" boxes on
dashed edges; an alpha-beta call shows the window it was called with, and the
call that cut says why; a memo cache hit is its own kind of node, naming the
call that computed its score.
"""

from __future__ import annotations

from html import escape

import graphviz

from ..trace import Call, Trace
from . import variants
from .text import signed

#: Not searched: a pruned test-play's box and edge.
PRUNED_TEXT = "#9e9e9e"
PRUNED_BORDER = "#bdbdbd"
#: A memo cache hit: a score looked up, not searched.
HIT_FILL = "#e3f2fd"
HIT_BORDER = "#1e88e5"


def title_prefix(trace: Trace) -> str:
    """``Minimax`` for the guide's search, else the variant's name for a diagram's title."""
    name = variants.algorithm(trace)
    if name == "alphabeta":
        return f"Alpha-beta (cutoff {trace.search.get('cutoff', 'ge')})"
    if name == "memo":
        return "Memoised minimax"
    return "Minimax"


def caption(trace: Trace, call: Call) -> str | None:
    """Extra lines under a call's board: its window, and the cut if it made one."""
    if variants.algorithm(trace) != "alphabeta":
        return None
    lines = [variants.window_text(trace, call.pid)]
    reason = variants.cut_reason(trace, call.pid)
    if reason:
        test = reason.split(":", 1)[0]
        lines.append(f"cut: {test}")
        lines.append(f"{variants.opponent(trace, call.pid)} would never allow this")
    bound = variants.bound_word(trace, call)
    if bound:
        lines.append(f"returns {bound}{signed(call.score)} (a bound)")
    return "\n".join(lines)


def hit_label(trace: Trace, call: Call, source: int) -> str:
    """A memo cache hit: the board, the score looked up, and the call it came from."""
    from .drawing import state_label

    return state_label(
        trace, call.state, f"#{call.call} · cache hit",
        f"= {signed(call.score)} from call #{source}",
        played=call.move, fill=HIT_FILL, border=HIT_BORDER,
        caption="answered from the cache,\nnot searched again",
    )


def add_pruned(graph: graphviz.Digraph, trace: Trace, call: Call, prefix: str) -> None:
    """A dashed edge from ``call`` to one small box naming the test-plays its cut skipped."""
    skipped = variants.pruned(trace, call.pid)
    if not skipped:
        return
    name = f"{prefix}{call.call}p"
    graph.node(name, (
        f'<<TABLE BORDER="1" CELLBORDER="0" CELLPADDING="2" STYLE="DASHED,ROUNDED" '
        f'COLOR="{PRUNED_BORDER}"><TR><TD><FONT POINT-SIZE="8" COLOR="{PRUNED_TEXT}">'
        f"{escape(variants.moves_text(trace, skipped))}<BR/>not searched<BR/>(pruned)"
        f"</FONT></TD></TR></TABLE>>"
    ))
    label = (trace.game.edge_label(call.state, skipped[0])
             if len(skipped) == 1 else f"{len(skipped)} test-plays")
    graph.edge(f"{prefix}{call.call}", name, label=" " + label,
               style="dashed", color=PRUNED_BORDER, fontcolor=PRUNED_TEXT)


def legend_rows(trace: Trace) -> list[str]:
    """The legend's rows for what the variant draws (none for the guide's minimax)."""
    name = variants.algorithm(trace)
    rows = []

    def row(symbol: str, text: str) -> str:
        return (f'<TR><TD>{symbol}</TD><TD ALIGN="LEFT"><FONT POINT-SIZE="9">{escape(text)}'
                "</FONT></TD></TR>")

    if name == "alphabeta":
        rows.append(row('<FONT POINT-SIZE="9">α β</FONT>',
                        "the window a call was made with: X is sure of α, O of β"
                        .replace("X", getattr(trace.game, "ai", "MAX"))
                        .replace("O of", f"{getattr(trace.game, 'human', 'MIN')} of")))
        rows.append(row(f'<FONT COLOR="{PRUNED_BORDER}">- - &#8594;</FONT>',
                        "a test-play cut off (pruned): not searched"))
        rows.append(row('<FONT POINT-SIZE="9">cut</FONT>',
                        "why a call stopped: its best reached the window's edge"))
        rows.append(row('<FONT POINT-SIZE="9">≤ ≥</FONT>',
                        "a cut call's score is only a bound on the true one"))
    if name == "memo":
        rows.append(
            f'<TR><TD WIDTH="12" HEIGHT="12" FIXEDSIZE="TRUE" BGCOLOR="{HIT_FILL}" COLOR="{HIT_BORDER}" '
            f'BORDER="1"></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="9">cache hit: the score of an '
            "earlier call on the same position (#N)</FONT></TD></TR>")
    if variants.depth_scores(trace):
        rows.append(row('<FONT POINT-SIZE="9">10-d</FONT>',
                        "depth-aware scores: a win 10 - depth, a loss depth - 10"))
    return rows
