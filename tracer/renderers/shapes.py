"""Textbook shapes for abstract game trees: MAX ▲, MIN ▼, leaves as squares with their value.

Games that set ``draws_shapes`` (the textbook trees) are drawn the way AI
courses draw them, instead of as pictures in boxes: each node's backed-up value
inside its shape, its label (and, for alpha-beta, the window it was called
with) beside it, and the branches alpha-beta pruned drawn dashed and marked.
The game tree, the figures and the notebook view all draw nodes through here.
"""

from __future__ import annotations

from html import escape
from typing import Any

import graphviz

from ..style import CHOSEN, FONT, INNER_BORDER, OUTCOME_BORDER, OUTCOME_FILL, PICKED_EDGE, REJECTED_EDGE
from ..trace import Call, Trace

MAX_FILL = "#e3f2fd"
MIN_FILL = "#fce4ec"
PRUNED = "#bdbdbd"
CUT = "#c62828"
#: Draw a pruned subtree whole up to this many nodes; a larger one is drawn as its top node.
PRUNED_SUBTREE_NODES = 40


def draws_shapes(trace: Trace) -> bool:
    """Whether ``trace``'s game is drawn as textbook shapes."""
    return bool(getattr(trace.game, "draws_shapes", False))


def bound_text(value: int | None, low: bool) -> str:
    """A window bound in words: the number, or -∞/+∞ for an open side."""
    if value is None:
        return "−∞" if low else "+∞"
    return str(value).replace("-", "−")


def window_text(call: Call) -> str:
    """``α=3 β=+∞``: the window alpha-beta called ``call`` with ('' for other searches)."""
    if call.trace.positions.extras.get("alpha") is None:
        return ""
    return f"α={bound_text(call.extra('alpha'), True)} β={bound_text(call.extra('beta'), False)}"


def value_text(call: Call) -> str:
    """The value in a node: a leaf's value, an inner node's backed-up value, or its bound
    (``≤ 2``: a MIN node alpha-beta cut off is worth at most what it found)."""
    value = str(call.score).replace("-", "−")
    if call.terminal_code or not call.extra("pruned"):
        return value
    return ("≥ " if call.maximising else "≤ ") + value


def _shape(trace: Trace, state: int) -> tuple[str, str, str, str]:
    """``(shape, width, height, fill)`` of a node of ``state``."""
    game = trace.game
    if game.outcome(state, 0) is not None:
        return "box", "0.42", "0.42", OUTCOME_FILL["leaf"]
    if game.maximising(state):
        return "triangle", "0.75", "0.6", MAX_FILL
    return "invtriangle", "0.75", "0.6", MIN_FILL


def shape_node(trace: Trace, call: Call, *, thick: bool = False, explain: bool = False) -> dict[str, str]:
    """Graphviz attributes drawing ``call`` as a textbook node."""
    from .drawing import pick_footer

    if call.terminal_code:
        return leaf_node(_label(trace, call.state), value_text(call), thick=thick)
    shape, width, height, fill = _shape(trace, call.state)
    side = [_label(trace, call.state), window_text(call)]
    if explain:
        side.append(pick_footer(trace, call))
    border = INNER_BORDER
    return {
        "label": value_text(call),
        "xlabel": _side_label(side, call.call),
        "shape": shape,
        "width": width,
        "height": height,
        "fixedsize": "true",
        "style": "filled",
        "fillcolor": fill,
        "color": CHOSEN if thick else border,
        "penwidth": "3" if thick else "1.2",
        "fontsize": "12",
        "fontname": FONT,
    }


def leaf_node(label: str, value: str, *, thick: bool = False, pruned: bool = False) -> dict[str, str]:
    """A leaf: a square holding its value, its label small underneath (edges meet the square)."""
    border = CHOSEN if thick else (PRUNED if pruned else OUTCOME_BORDER["leaf"])
    fill = "#ffffff" if pruned else OUTCOME_FILL["leaf"]
    text = PRUNED if pruned else "#212121"
    style = ' STYLE="DASHED"' if pruned else ""
    return {
        "shape": "plain",
        "label": (
            f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">'
            f'<TR><TD><TABLE BORDER="{3 if thick else 1}" COLOR="{border}" CELLPADDING="0" '
            f'CELLSPACING="0" BGCOLOR="{fill}"{style}><TR><TD WIDTH="30" HEIGHT="30" FIXEDSIZE="TRUE">'
            f'<FONT POINT-SIZE="12" COLOR="{text}">{escape(value)}</FONT></TD></TR></TABLE></TD></TR>'
            f'<TR><TD><FONT POINT-SIZE="9" COLOR="{"#9e9e9e" if pruned else "#424242"}">'
            f"{escape(label)}</FONT></TD></TR></TABLE>>"
        ),
    }


def _side_label(lines: list[str], call: int) -> str:
    """The text beside a node: its label in bold, the call number, then the other lines small."""
    head = f"<B>{escape(lines[0])}</B> <FONT POINT-SIZE=\"8\" COLOR=\"#757575\">#{call}</FONT>"
    rest = "".join(f'<BR/><FONT POINT-SIZE="8">{escape(t)}</FONT>' for t in lines[1:] if t)
    return f"<<FONT POINT-SIZE=\"10\">{head}{rest}</FONT>>"


def add_pruned(graph: graphviz.Digraph, trace: Trace, call: Call, prefix: str) -> None:
    """Draw the branches alpha-beta pruned at ``call``: dashed, greyed, the edge marked ✂."""
    pruned = call.extra("pruned") or ()
    game = trace.game
    for move in pruned:
        child = game.play(call.state, move)
        name = f"{prefix}{call.call}_pruned_{move}"
        graph.edge(f"{prefix}{call.call}", name, label="✂", fontcolor=CUT, fontsize="14", color=PRUNED,
                   style="dashed", penwidth="1.2")
        _add_pruned_subtree(graph, trace, child, name, call.depth + 1)


def _add_pruned_subtree(graph: graphviz.Digraph, trace: Trace, state: int, name: str, depth: int) -> None:
    game = trace.game
    small = len(game.subtree(state)) <= PRUNED_SUBTREE_NODES if hasattr(game, "subtree") else False
    finished = game.outcome(state, depth)
    if finished is not None:
        graph.node(name, **leaf_node(_label(trace, state), str(finished[1]).replace("-", "−"), pruned=True))
        return
    shape, width, height, _ = _shape(trace, state)
    graph.node(name, label="", shape=shape, width=width, height=height, fixedsize="true",
               style="dashed", color=PRUNED, fontcolor=PRUNED, fontsize="12",
               xlabel=f"<<FONT POINT-SIZE=\"10\" COLOR=\"{PRUNED}\">{escape(_label(trace, state))}</FONT>>")
    if not small:
        return
    for move in game.moves(state):
        child_name = f"{name}_{move}"
        graph.edge(name, child_name, color=PRUNED, style="dashed")
        _add_pruned_subtree(graph, trace, game.play(state, move), child_name, depth + 1)


def _label(trace: Trace, state: int) -> str:
    label = getattr(trace.game, "label", None)
    return label(state) if label else trace.game.describe(state)


def shape_legend(trace: Trace, *, collapsed: bool = False, chosen: bool = True,
                 chosen_text: str = "the line minimax chose from the root") -> str:
    """The legend for textbook shapes: what ▲, ▼, ■, the colours and the marks mean."""
    def row(symbol: str, colour: str, text: str) -> str:
        return (f'<TR><TD><FONT COLOR="{colour}">{symbol}</FONT></TD>'
                f'<TD ALIGN="LEFT"><FONT POINT-SIZE="9">{escape(text)}</FONT></TD></TR>')

    rows = [
        '<TR><TD COLSPAN="2" ALIGN="LEFT"><FONT POINT-SIZE="10"><B>Legend</B></FONT></TD></TR>',
        row("▲", "#1565c0", "MAX node: takes the largest value below"),
        row("▼", "#ad1457", "MIN node: takes the smallest value below"),
        row("■", OUTCOME_BORDER["leaf"], "leaf: its value for MAX"),
        row("3", "#212121", "inside a node: the value it backs up"),
    ]
    if trace.positions.extras.get("alpha") is not None:
        rows.append(row("α β", "#212121", "beside a node: the window it was called with"))
        rows.append(row("≤ ≥", "#212121", "a bound: the node stopped early (cutoff)"))
        rows.append(row("✂", CUT, "a branch pruned: never searched"))
    if collapsed:
        rows.append(row("▣", "#6a1b9a", "subtree collapsed (calls not drawn)"))
    if chosen:
        # Not "minimax": the same legend serves alpha-beta's trees.
        text = chosen_text.replace("the line minimax chose", "the line chosen")
        rows.append(row("<B>━</B>", CHOSEN, text))
    rows.append(row("━", PICKED_EDGE, "the child a node picked (max / min)"))
    rows.append(row("━", REJECTED_EDGE, "a child it did not pick"))
    return ('<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" CELLPADDING="1" COLOR="#bdbdbd" '
            'BGCOLOR="#fafafa">' + "".join(rows) + "</TABLE>>")


def graph_attrs() -> dict[str, Any]:
    """Graph attributes textbook drawings need: labels beside nodes must be placed."""
    # ordering=out keeps each node's children left to right in loop order, pruned ones included.
    return {"forcelabels": "true", "nodesep": "0.3", "ranksep": "0.5", "ordering": "out"}


def edge_attrs() -> dict[str, Any]:
    """Textbook trees join nodes with plain lines: the tree is read top-down anyway."""
    return {"arrowhead": "none"}
