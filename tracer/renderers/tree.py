"""The game tree as a ``graphviz.Digraph``: one node per call, each drawn as its game draws it.

Large trees are drawn to a depth, with each deeper subtree collapsed into one
summary node; ``plan_tree`` decides what is drawn (cheaply, before any DOT is
built) so an impossible request is refused at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import graphviz

from ..errors import TooLargeError
from ..explain import Marker, for_trace, labels
from ..explain.labels import LegendRow
from ..explain.text import calls
from ..trace import Call, Trace
from . import drawing
from .diagram import Diagram

#: The most boards a drawing may hold unless --max-nodes says otherwise.
DEFAULT_MAX_NODES = 1600
#: Without --depth or --max-nodes, trees up to this many boards are drawn whole; a larger
#: one is drawn to a depth that stays readable (a wider picture shrinks past reading).
READABLE_NODES = 100
#: Never draw more: beyond it a layout takes Graphviz many seconds, and the pure engine
#: (graphviz-pure) over 300 MiB (see benchmarks/RESULTS.md).
HARD_MAX_NODES = 2000
#: When a tree must be collapsed, draw down to the deepest level with at most this many
#: boards side by side: wider pictures stop being readable as a whole.
COLLAPSED_WIDTH = 50
#: A default picture's most boards side by side: about a screen's width (1,600 pixels).
SCREEN_WIDTH = 12


@dataclass
class TreePlan:
    """Which calls a drawing shows: drawn whole, or collapsed into a summary node."""

    top: Call  # the call the drawing starts from (1 unless --focus)
    nodes: list[tuple[Call, bool]] = field(default_factory=list)  # in call order, with True if collapsed
    path: list[Call] = field(default_factory=list)  # from the root down to ``top`` (excluded), drawn as a path
    depth: int | None = None  # drawn below ``top`` (None: everything)
    line: bool = False  # only the chosen line (with its siblings)

    @property
    def collapsed(self) -> list[Call]:
        return [call for call, folded in self.nodes if folded]

    @property
    def hidden_calls(self) -> int:
        """How many calls the summary nodes stand for, beyond themselves."""
        return sum(call.size - 1 for call in self.collapsed)


def _count_to_depth(trace: Trace, call: Call, depth: int) -> int:
    return sum(trace.calls_by_depth(call.pid)[: depth + 1])


def plan_tree(trace: Trace, *, focus: int = 1, depth: int | None = None, line: bool = False,
              max_nodes: int = DEFAULT_MAX_NODES, whole: int | None = None, screen: int | None = None) -> TreePlan:
    """Decide which calls to draw: the subtree under call ``focus`` (with the path to it), to
    ``depth`` levels (deeper subtrees collapsed; by default all that fits ``max_nodes``), or only
    its chosen ``line``, alternatives collapsed. Without ``depth``, a tree of more than ``whole``
    boards is drawn to the deepest level that fits, and with ``screen``, no level wider than
    that; when only the first call would fit, the chosen line instead, if its levels fit.
    Raises TooLargeError, naming the option to change.
    """
    _check_request(trace, focus, depth, max_nodes)
    path = trace.call(focus).path()
    top = path.pop()
    plan = TreePlan(top=top, path=path, line=line)
    if line:
        _plan_line(plan)
        return plan
    drawn, levels = _drawn_depth(trace, top, len(path), depth, max_nodes, whole, screen)
    if screen and drawn == 0 < levels:
        line_plan = TreePlan(top=top, path=path, line=True)
        _plan_line(line_plan)
        if max(len(c.children()) for c, _ in line_plan.nodes) <= screen:
            return line_plan
        # Nothing fits a screen: draw what a size limit alone allows.
        drawn, levels = _drawn_depth(trace, top, len(path), depth, max_nodes, whole)
    plan.depth = drawn if drawn < levels else None
    _plan_levels(plan, drawn)
    return plan


def _check_request(trace: Trace, focus: int, depth: int | None, max_nodes: int) -> None:
    """Refuse a node budget, a focus call or a depth that cannot be drawn (TooLargeError)."""
    if not 1 <= max_nodes <= HARD_MAX_NODES:
        raise TooLargeError(f"--max-nodes must be between 1 and {HARD_MAX_NODES} (a larger drawing takes minutes "
                            f"and gigabytes; draw a part: --depth N, --focus CALL or --line), found {max_nodes}")
    if not 1 <= focus <= trace.calls:
        raise TooLargeError(f"--focus {focus} does not exist: calls run from 1 to {trace.calls}")
    if depth is not None and depth < 0:
        raise TooLargeError(f"--depth must be 0 or more, found {depth}")


def _plan_line(plan: TreePlan) -> None:
    """Fill ``plan`` with the chosen line from its top call, each alternative collapsed."""
    node = plan.top
    while True:
        plan.nodes.append((node, False))
        if node.terminal is not None:
            break
        children = node.children()
        if not children:  # a memo cache hit: its line was drawn where it was computed
            break
        if node.best_index is None:  # it chose none of its test-plays (a learner's call may not)
            for child in children:
                plan.nodes.append((child, child.terminal is None))
            break
        nxt = children[node.best_index]
        for child in children:
            if child is not nxt:
                plan.nodes.append((child, child.terminal is None))
        node = nxt
    plan.nodes.sort(key=lambda item: item[0].call)


def _drawn_depth(trace: Trace, top: Call, path_length: int, depth: int | None, max_nodes: int, whole: int | None,
                 screen: int | None = None) -> tuple[int, int]:
    """The depth to draw below ``top`` (the one asked for, else the deepest that fits) and
    how many levels its subtree has. Raises TooLargeError if that depth needs too many nodes."""
    per_depth = trace.calls_by_depth(top.pid)
    levels = len(per_depth) - 1
    if depth is None:
        depth = levels
        fits = min(max_nodes, whole or max_nodes)
        if sum(per_depth) + path_length > fits or (screen and _drawn_leaves(top, depth, screen) > screen):
            while depth > 0 and (
                _count_to_depth(trace, top, depth) + path_length > fits
                or per_depth[depth] > (screen or COLLAPSED_WIDTH)
                or (screen and _drawn_leaves(top, depth, screen) > screen)
            ):
                depth -= 1
    needed = _count_to_depth(trace, top, min(depth, levels)) + path_length
    if needed > max_nodes:
        raise TooLargeError(f"drawing call {top.call} to depth {depth} needs {needed:,} nodes, over the limit of "
                            f"{max_nodes:,}: lower --depth, pick a subtree with --focus CALL, or raise "
                            f"--max-nodes (at most {HARD_MAX_NODES:,})")
    return depth, levels


def _drawn_leaves(top: Call, depth: int, limit: int) -> int:
    """How many boards end a drawing of ``top`` to ``depth`` (finished games and collapsed
    subtrees): a tree is about that many boards wide. Counting stops past ``limit``."""
    leaves, stack = 0, [(top, 0)]
    while stack and leaves <= limit:
        call, level = stack.pop()
        children = call.children() if level < depth and call.terminal is None else []
        if children:
            stack.extend((child, level + 1) for child in children)
        else:
            leaves += 1
    return leaves


def _plan_levels(plan: TreePlan, depth: int) -> None:
    """Fill ``plan`` with every call down to ``depth`` below its top, in call order; the
    unfinished calls at that depth are collapsed."""
    stack = [(plan.top, 0)]
    while stack:
        call, level = stack.pop()
        folded = level == depth and call.terminal is None
        plan.nodes.append((call, folded))
        if not folded:
            stack.extend((child, level + 1) for child in reversed(call.children()))


def chosen_line(trace: Trace) -> set[int]:
    """The call numbers on the line minimax chose from call #1 (each call's step-16 pick): blue
    in every picture, whatever part of the tree a picture shows."""
    return {1} | {call.call for call in trace.root.chosen_line()}


def summary_boxes(trace: Trace, plan: TreePlan) -> frozenset[int]:
    """The calls a drawing of ``plan`` draws as summary boxes: those collapsed, but for those
    their search draws its own way (a cache hit stays one)."""
    search = for_trace(trace)[1]
    return frozenset(c.call for c in plan.collapsed if search.special_node(c) is None)


def arrow_kinds(trace: Trace, plan: TreePlan) -> set[str]:
    """The kinds of arrow (``EDGE_STYLES``) a drawing of ``plan`` holds between its calls."""
    chosen = chosen_line(trace)
    drawn = {c.call: c for c, _ in plan.nodes}
    pairs = [(drawn[c.parent], c) for c, _ in plan.nodes if c.parent in drawn]
    pairs += list(zip(plan.path, plan.path[1:] + [plan.top], strict=False)) if plan.path else []
    return {_edge_kind(parent, child, chosen) for parent, child in pairs}


#: Blue for the chosen line, black for another pick, grey for a test-play not picked.
EDGE_STYLES = {"chosen": {"color": drawing.CHOSEN, "penwidth": "3", "fontcolor": drawing.CHOSEN},
               "picked": {"color": drawing.PICKED_EDGE, "penwidth": "1.6"},
               "rejected": {"color": drawing.REJECTED_EDGE, "fontcolor": drawing.REJECTED_TEXT}}


def _edge_kind(parent: Call, child: Call, chosen: set[int]) -> str:
    if parent.call in chosen and child.call in chosen:
        return "chosen"
    return "picked" if parent.best == child.move else "rejected"


def describe(trace: Trace, plan: TreePlan) -> str:
    """One line saying what a drawing shows and what it left out."""
    drawn = len(plan.nodes) + len(plan.path)
    what = f"{drawn:,} of {trace.calls:,} calls drawn"
    if plan.line:
        what += f", the chosen line from call #{plan.top.call}"
    elif plan.depth is not None:
        what += f", to depth {plan.depth} below call #{plan.top.call}"
    if plan.collapsed:
        # How to draw more: the option that draws the whole subtree, when it can be drawn.
        boards = plan.top.size + len(plan.path)
        hint = ("the whole tree is too large to draw: see --depth N, --focus CALL, --line" if boards > HARD_MAX_NODES
                else f"the whole tree: --max-nodes {boards:,} (or --depth N, --focus CALL, --line)")
        what += f"; {len(plan.collapsed):,} subtrees ({plan.hidden_calls:,} calls) collapsed into summary nodes; {hint}"
    return what


def game_tree(trace: Trace, plan: TreePlan | None = None, marks: Mapping[int, Marker] | None = None,
              *, framed: bool = True, **options: object) -> graphviz.Digraph:
    """The game tree of ``trace`` as a Digraph (``options`` go to ``plan_tree``). ``marks`` marks
    calls beyond the search's marks (where two trees set side by side differ); without
    ``framed``, no title and no legend (a page that shows them itself keeps the trees small)."""
    if plan is None:
        plan = plan_tree(trace, **options)  # type: ignore[arg-type]
    search = for_trace(trace)[1]
    graph = new_graph("game_tree")
    add_calls(graph, trace, plan, marks=marks)
    if framed:
        _add_note(graph, search.beside_root(), plan)
        finish_graph(graph, tree_title(trace, plan), tree_legend(trace, plan, marks))
    return graph


def tree_title(trace: Trace, plan: TreePlan) -> str:
    """A drawing's title: the search, the position, the calls, what call #1 returns, and what
    part of the tree is drawn."""
    words, search = for_trace(trace)
    returned = search.returned_text(0) or words.returned(trace.result.index, trace.result.score)
    title = f"{search.title()} game tree of {words.setting()}: {calls(trace.calls)}, call #1 returns {returned}"
    title += "".join(f"\n{line}" for line in search.title_lines())
    if plan.path:
        top, moves = plan.top, len(plan.path)
        title += (f"\nIn focus: call #{top.call} ({words.player(top.state)} to move, {moves} "
                  f"move{'s' if moves != 1 else ''} below call #1), with the dashed path down to it")
    if plan.collapsed or plan.path or plan.line:
        title += "\n" + describe(trace, plan)
    return title


def tree_legend(trace: Trace, plan: TreePlan, marks: Mapping[int, Marker] | None = None) -> str:
    """The legend of a drawing of ``plan``: what it draws, the marks on its calls included."""
    return drawing.legend_table(tree_legend_rows(trace, plan, marks))


def shared_legend(drawings: Sequence[tuple[Trace, TreePlan, Mapping[int, Marker] | None]]) -> str:
    """One legend for several drawings set side by side: each sample any of them draws, once, in
    the order first met; where the drawings word it differently (``thick border: … minimax
    chose``, ``… negamax chose``), its words once, then each way they end."""
    texts: dict[str, list[str]] = {}
    for trace, plan, marks in drawings:
        for row in tree_legend_rows(trace, plan, marks):
            said = texts.setdefault(row.symbol, [])
            if row.text not in said:
                said.append(row.text)
    return drawing.legend_table([LegendRow(symbol, _merged(said)) for symbol, said in texts.items()])


def _merged(texts: list[str]) -> str:
    """Several wordings of one legend row as one: ``thick border: A / B`` when they share the
    words before their colon, else each in turn."""
    heads = {text.split(": ", 1)[0] for text in texts}
    if len(texts) > 1 and len(heads) == 1 and all(": " in t for t in texts):
        return f"{heads.pop()}: " + " / ".join(t.split(": ", 1)[1] for t in texts)
    return " / ".join(texts)


def tree_legend_rows(trace: Trace, plan: TreePlan, marks: Mapping[int, Marker] | None = None) -> list[LegendRow]:
    """The legend's rows for a drawing of ``plan`` with ``marks`` on its calls."""
    search = for_trace(trace)[1]
    drawn = sorted([call for call, _ in plan.nodes] + plan.path, key=lambda c: c.call)
    markers = [m for m in ((marks or {}).get(c.call) or search.marker(c) for c in drawn) if m]
    return drawing.legend_rows(trace, tree_uses(trace, plan, focus_path=bool(plan.path), calls=tuple(drawn)), markers)


def tree_uses(trace: Trace, plan: TreePlan, **flags: Any) -> drawing.Uses:
    """What a drawing of ``plan`` draws, for its legend: its kinds of arrow, its summary boxes and ``flags``."""
    arrows, folded = arrow_kinds(trace, plan), summary_boxes(trace, plan)
    return drawing.Uses(chosen="chosen" in arrows, picked="picked" in arrows, rejected="rejected" in arrows,
                        collapsed=bool(folded), folded=folded, **flags)


def legend_graph(legend: str) -> graphviz.Digraph:
    """A drawing of a legend alone (a page sets it under trees drawn without their own)."""
    graph = new_graph("legend")
    graph.attr(label=labels.html_label(legend))
    return graph


def _add_note(graph: graphviz.Digraph, lines: list[str], plan: TreePlan) -> None:
    """A search's note beside the drawing's first call, in its row (the guide's answer)."""
    if not lines:
        return
    first = f"n{(plan.path[0] if plan.path else plan.top).call}"
    box = labels.table(labels.row(labels.cell(labels.lines(lines, POINT_SIZE=drawing.SMALL_POINTS),
                                              ALIGN="LEFT")),
                       BORDER="1", CELLBORDER="0", CELLPADDING="4", STYLE="ROUNDED", COLOR=drawing.INNER_BORDER,
                       BGCOLOR="#f5f5f5")
    with graph.subgraph() as row:
        row.attr(rank="same")
        row.node("nnote", labels.html_label(box))
        row.edge(first, "nnote", style="invis")


def new_graph(name: str) -> graphviz.Digraph:
    """An empty Digraph with the house style (``finish_graph`` sets its title and legend)."""
    graph = Diagram(
        name,
        graph_attr={"labelloc": "t", "labeljust": "l", "fontname": drawing.FONT, "fontsize": str(drawing.TITLE_POINTS),
                    "rankdir": "TB", "nodesep": "0.15", "ranksep": "0.5", "bgcolor": "white", "pad": "0.25"},
        node_attr={"shape": "plain", "fontname": drawing.FONT},
        edge_attr={"fontname": drawing.FONT, "fontsize": str(drawing.SMALL_POINTS), "arrowsize": "0.7"},
    )
    return graph


def finish_graph(graph: graphviz.Digraph, title: str, legend: str) -> None:
    """Put the title and, under it, the legend in the graph's own label: outside the layout,
    where the legend pushes no board aside and bends no edge."""
    lines = [labels.row(labels.cell(labels.font(labels.text(line), POINT_SIZE=drawing.TITLE_POINTS),
                                    ALIGN="LEFT"))
             for line in title.split("\n")]
    graph.attr(label=labels.html_label(labels.table(*lines, labels.row(labels.cell(legend, ALIGN="LEFT")),
                                                    BORDER="0", CELLSPACING="2")))


def add_calls(graph: graphviz.Digraph, trace: Trace, plan: TreePlan, *, explain: bool = False,
              edge_scores: bool = False, marks: Mapping[int, Marker] | None = None) -> None:
    """Add the plan's nodes and edges to ``graph``; ``explain`` spells out step 16 at every
    inner call, ``edge_scores`` labels each edge with the score travelling back up it."""
    chosen = chosen_line(trace)
    drawn = {call.call: call for call, _ in plan.nodes}
    nodes = drawing.node_drawing(trace)
    nodes.style(graph)
    for step in plan.path:
        nodes.add_node(graph, f"n{step.call}", trace, step, thick=step.call in chosen, captioned=False)
    # The path to a call in focus is dashed (its siblings are not drawn).
    for above, below in zip(plan.path, plan.path[1:] + [plan.top], strict=False):
        _add_edge(graph, trace, above, below, chosen, edge_scores, style="dashed")
    for call, folded in plan.nodes:
        _add_call_node(graph, trace, call, folded=folded, thick=call.call in chosen,
                       explain=explain, marker=(marks or {}).get(call.call))
        parent = drawn.get(call.parent) if call.parent is not None else None
        if parent is not None:
            _add_edge(graph, trace, parent, call, chosen, edge_scores)
    # Their skipped test-plays (alpha-beta's) are drawn after the searched ones.
    for call, folded in plan.nodes:
        if not folded:
            nodes.add_skipped(graph, trace, call, "n")


def _add_edge(graph: graphviz.Digraph, trace: Trace, parent: Call, child: Call, chosen: set[int],
              edge_scores: bool, **extra: str) -> None:
    """The arrow of ``child``'s move, with the score it hands back up if ``edge_scores``."""
    label = " " + for_trace(trace)[0].edge_label(parent.state, child.move or 0)
    if edge_scores:
        label += f"\n ↑ {drawing.score_text(trace, child)}"
    graph.edge(f"n{parent.call}", f"n{child.call}", label=label, **extra,
               **EDGE_STYLES[_edge_kind(parent, child, chosen)])


def _add_call_node(graph: graphviz.Digraph, trace: Trace, call: Call, *, folded: bool, thick: bool, explain: bool,
                   marker: Marker | None = None) -> None:
    """Add one call's node: one its search draws its own way (a memo cache hit), a summary
    box, a textbook shape or the game's picture; ``marker`` marks it beyond its search's mark."""
    look = for_trace(trace)[1].special_node(call)
    if look is not None:
        graph.node(f"n{call.call}", drawing.look_label(trace, call, look, marker))
    elif folded:
        graph.node(f"n{call.call}", drawing.summary_label(trace, call, thick=thick, marker=marker))
    else:
        drawing.node_drawing(trace).add_node(graph, f"n{call.call}", trace, call, thick=thick,
                                             explain=explain, marker=marker)
