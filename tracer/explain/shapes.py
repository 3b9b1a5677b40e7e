"""Textbook shapes for abstract game trees: MAX ▲, MIN ▼, leaves as squares with their value.

The textbook trees' words give ``SHAPES`` as their ``node_drawing``: their calls are drawn
as AI courses draw them, not as pictures in boxes: each node's backed-up value inside its
shape, its name (and its search's note, such as alpha-beta's window) beside it, and the
branches its search did not search dashed and marked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import graphviz

from ..style import (
    CHOSEN,
    CUT_INK,
    CUT_MARK,
    FONT,
    INNER_BORDER,
    INNER_FILL,
    MARKED,
    OUTCOME_BORDER,
    OUTCOME_FILL,
    PICKED_EDGE,
    REJECTED_EDGE,
    SHAPE_INK,
    SKIPPED_BORDER,
    SMALL_POINTS,
    SUMMARY_BORDER,
)
from ..trace import Call, Trace
from . import Marker, for_trace, labels
from .labels import LegendRow
from .text import bounded, signed

#: MAX and MIN nodes differ by shape, not fill: a blue or pink fill would take the colour
#: of the chosen line or of the page's running call.
MAX_FILL = INNER_FILL
MIN_FILL = INNER_FILL
#: Draw a skipped subtree whole up to this many nodes; a larger one is drawn as its top node.
SKIPPED_SUBTREE_NODES = 40


def pick_footer(trace: Trace, call: Call) -> str:
    """Step 16 spelled out for an inner call: ``min(-1, -1) = -1``, bounds as bounds: ``min(+1, pruned…) ≤ +1``."""
    search = for_trace(trace)[1]
    scores = [bounded(c.score, search.bound_sign(c.pid)) for c in call.children()]
    if search.skipped(call.pid):
        scores.append("pruned…")
    sign = search.bound_sign(call.pid)
    return f"{'max' if call.maximising else 'min'}({', '.join(scores)}) {sign or '='} {signed(call.score)}"


def value_text(trace: Trace, call: Call) -> str:
    """The value in a node: a leaf's value, an inner node's backed-up value, or its bound (``≤ 2``)."""
    value = str(call.score).replace("-", "−")
    sign = for_trace(trace)[1].bound_sign(call.pid)  # the search's own rule: a cut at or below it
    return f"{sign} {value}" if sign else value


def _shape(trace: Trace, state: int) -> tuple[str, str, str, str]:
    """``(shape, width, height, fill)`` of a node of ``state``."""
    game = trace.game
    if game.outcome(state, 0) is not None:
        return "box", "0.42", "0.42", OUTCOME_FILL["leaf"]
    if game.maximising(state):
        return "triangle", "0.75", "0.6", MAX_FILL
    return "invtriangle", "0.75", "0.6", MIN_FILL


def shape_node(trace: Trace, call: Call, *, thick: bool = False, marker: Marker | None = None) -> dict[str, str]:
    """Graphviz attributes drawing ``call`` as a textbook node (its side notes: ``add_node``)."""
    words = for_trace(trace)[0]
    if call.terminal_code:
        return leaf_node(words.node_name(call.state), value_text(trace, call), thick=thick, marker=marker)
    shape, width, height, fill = _shape(trace, call.state)
    if marker is not None:
        style, colour, pen = "filled,dashed", MARKED, "3" if thick else "2.2"
    else:
        style, colour, pen = "filled", CHOSEN if thick else INNER_BORDER, "3" if thick else "1.2"
    return {"label": value_text(trace, call), "shape": shape, "width": width, "height": height,
            "fixedsize": "true", "style": style, "fillcolor": fill, "color": colour, "penwidth": pen,
            "fontsize": "12", "fontname": FONT}


def leaf_node(label: str, value: str, *, thick: bool = False, pruned: bool = False,
              marker: Marker | None = None) -> dict[str, str]:
    """A leaf: a square holding its value, its label small underneath (edges meet the square); a
    ``pruned`` one greyed and dashed, a marked one dashed in ``MARKED`` with its tag under the label."""
    marked = marker is not None
    if marked:
        border = MARKED
    elif thick:
        border = CHOSEN
    else:
        border = SKIPPED_BORDER if pruned else OUTCOME_BORDER["leaf"]
    square = labels.table(
        labels.row(labels.cell(labels.font(labels.text(value), POINT_SIZE="12",
                                           COLOR=SKIPPED_BORDER if pruned else "#212121"),
                               WIDTH="30", HEIGHT="30", FIXEDSIZE="TRUE")),
        BORDER=3 if thick else (2 if marked else 1), COLOR=border, CELLPADDING="0", CELLSPACING="0",
        BGCOLOR="#ffffff" if pruned else OUTCOME_FILL["leaf"], STYLE="DASHED" if pruned or marked else None)
    under = [labels.font(labels.text(label), POINT_SIZE=str(SMALL_POINTS),
                         COLOR=SKIPPED_BORDER if pruned else "#424242")]
    if marker is not None and marker.tag:
        under.append(labels.font(labels.bold(labels.text(marker.tag)), POINT_SIZE=str(SMALL_POINTS), COLOR=MARKED))
    return {"shape": "plain", "label": labels.html_label(labels.table(
        *(labels.row(labels.cell(u)) for u in [square, *under]),
        BORDER="0", CELLBORDER="0", CELLSPACING="0", CELLPADDING="0"))}


def _side_label(lines: list[str], call: int, tag: str = "") -> str:
    """The text beside a node: a mark's ``tag``, its label in bold, the call number, then the other
    lines, at every note's size (the window explains the cuts: it is never the smallest type)."""
    head = labels.bold(labels.text(lines[0])) + " " + labels.font(f"#{call}", COLOR="#595959")
    if tag:
        head = labels.font(labels.bold(labels.text(tag)), COLOR=MARKED) + labels.BREAK + head
    rest = "".join(labels.BREAK + labels.text(t) for t in lines[1:] if t)
    return labels.html_label(labels.font(head + rest, POINT_SIZE=str(SMALL_POINTS)))


def _subtree_fits(game: Any, state: int, depth: int, limit: int) -> bool:
    """Whether the game's subtree below ``state`` has at most ``limit`` nodes (it stops counting there)."""
    count, stack = 0, [(state, depth)]
    while stack:
        state, depth = stack.pop()
        count += 1
        if count > limit:
            return False
        if game.outcome(state, depth) is None:
            stack.extend((game.play(state, m), depth + 1) for m in game.moves(state))
    return True


def _add_skipped_subtree(graph: graphviz.Digraph, trace: Trace, state: int, name: str, depth: int) -> None:
    game, words = trace.game, for_trace(trace)[0]
    finished = game.outcome(state, depth)
    if finished is not None:
        graph.node(name, **leaf_node(words.node_name(state), str(finished[1]).replace("-", "−"), pruned=True))
        return
    shape, width, height, _ = _shape(trace, state)
    graph.node(name, label="", shape=shape, width=width, height=height, fixedsize="true",
               style="dashed", color=SKIPPED_BORDER, fontcolor=SKIPPED_BORDER, fontsize="12",
               xlabel=labels.html_label(labels.font(labels.text(words.node_name(state)), POINT_SIZE="10",
                                                    COLOR=SKIPPED_BORDER)))
    if not _subtree_fits(game, state, depth, SKIPPED_SUBTREE_NODES):
        return
    for move in game.moves(state):
        child_name = f"{name}_{move}"
        graph.edge(name, child_name, color=SKIPPED_BORDER, style="dashed")
        _add_skipped_subtree(graph, trace, game.play(state, move), child_name, depth + 1)


class TextbookShapes:
    """How trees draw a textbook tree's calls (a game's ``node_drawing``; ``Boxes`` draws the others)."""

    def style(self, graph: graphviz.Digraph) -> None:
        """Labels beside nodes must be placed; plain lines join nodes (the tree is read top-down)."""
        # ordering=out keeps each node's children left to right in loop order, pruned ones included.
        graph.graph_attr.update({"forcelabels": "true", "nodesep": "0.3", "ranksep": "0.5", "ordering": "out"})
        graph.edge_attr.update({"arrowhead": "none"})

    def add_node(self, graph: graphviz.Digraph, name: str, trace: Trace, call: Call, *, thick: bool = False,
                 explain: bool = False, marker: Marker | None = None, captioned: bool = True) -> None:
        """Draw ``call`` as a textbook node named ``name``; an inner node's name, call number and notes go in
        a node of their own just right of it, so edges route around them (not through, as an xlabel's)."""
        attrs = shape_node(trace, call, thick=thick, marker=marker)
        graph.node(name, **attrs)
        if call.terminal_code:
            return
        words, search = for_trace(trace)
        side = [words.node_name(call.state), search.shape_note(call)]
        if explain:
            side.append(pick_footer(trace, call))
        graph.node(f"{name}_side", label=_side_label(side, call.call, marker.tag if marker else ""), shape="plain")
        with graph.subgraph() as row:
            row.attr(rank="same")
            row.edge(name, f"{name}_side", style="invis", minlen="0")

    def add_tested_root(self, graph: graphviz.Digraph, trace: Trace, box: Callable[[], str]) -> None:
        """Call #1 as a test-play figure draws it: its shape, as everywhere (``box``: the boxes' label)."""
        self.add_node(graph, "n1", trace, trace.root, thick=True)

    def add_skipped(self, graph: graphviz.Digraph, trace: Trace, call: Call, prefix: str) -> None:
        """Draw the branches ``call``'s search did not search: dashed, greyed, the edge marked ✂."""
        game = trace.game
        for move in for_trace(trace)[1].skipped(call.pid):
            child = game.play(call.state, move)
            name = f"{prefix}{call.call}_pruned_{move}"
            graph.edge(f"{prefix}{call.call}", name, label=CUT_MARK, fontcolor=CUT_INK, fontsize="14",
                       color=SKIPPED_BORDER, style="dashed", penwidth="1.2")
            _add_skipped_subtree(graph, trace, child, name, call.depth + 1)

    def legend_rows(self, trace: Trace, uses: Any, finished: frozenset[str], figure_rows: list[LegendRow],
                    mark_rows: list[LegendRow]) -> list[LegendRow]:
        """The shapes' rows for what ``uses`` says the picture draws (each only when it holds it), then a
        figure's rows and the marks'."""
        def row(symbol: str, colour: str, text: str) -> LegendRow:
            return LegendRow(labels.symbol(symbol, colour=colour, align="RIGHT"), text)

        inner = [c for c in uses.calls if c.terminal is None] if uses.calls is not None else None
        found = [
            (True, row("▲", SHAPE_INK, "MAX node: takes the largest value below")),
            (inner is None or any(not c.maximising for c in inner),
             row("▼", SHAPE_INK, "MIN node: takes the smallest value below")),
            ("leaf" in finished, row("■", OUTCOME_BORDER["leaf"], "leaf: its value for MAX")),
            (inner is None or bool(inner), row("3", "#212121", "inside a node: the value it backs up")),
        ]
        rows = [r for used, r in found if used]
        rows += for_trace(trace)[1].drawn_legend_rows(shapes=True, calls=uses.calls, folded=uses.folded)
        if uses.collapsed:
            rows.append(row("▣", SUMMARY_BORDER, "subtree collapsed (calls not drawn)"))
        if uses.chosen:
            rows.append(row(labels.bold("━"), CHOSEN, "the line chosen from the root"))
        if uses.picked:
            rows.append(row("━", PICKED_EDGE, "the child a node picked (max / min)"))
        if uses.rejected:
            rows.append(row("━", REJECTED_EDGE, "a child it did not pick"))
        return rows + figure_rows + mark_rows


SHAPES = TextbookShapes()

