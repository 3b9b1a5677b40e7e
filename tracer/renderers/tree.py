"""The game tree as a ``graphviz.Digraph``: one node per call, boards as 3x3 grids.

Large trees are drawn to a depth, with each deeper subtree collapsed into one
summary node; ``plan_tree`` decides what is drawn (cheaply, before any DOT is
built) so an impossible request is refused at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import graphviz

from ..errors import TooLargeError
from ..trace import Call, Trace
from . import drawing, variant_drawing, variants
from .text import calls, returned, signed

#: Draw whole trees up to this many calls (every board with six or fewer empty cells fits).
DEFAULT_MAX_NODES = 1600
#: Graphviz needs over ten seconds beyond this; never draw more.
HARD_MAX_NODES = 10000
#: When a tree must be collapsed, draw down to the deepest level with at most this many
#: boards side by side: wider pictures stop being readable as a whole.
COLLAPSED_WIDTH = 50


@dataclass
class TreePlan:
    """Which calls a drawing shows: drawn whole, or collapsed into a summary node."""

    #: The call the drawing starts from (1 unless ``--focus``).
    top: Call
    #: Calls drawn, in call order, each with True if its subtree is collapsed.
    nodes: list[tuple[Call, bool]] = field(default_factory=list)
    #: The calls from the root down to ``top`` (excluding ``top``), drawn as a path.
    path: list[Call] = field(default_factory=list)
    #: Depth below ``top`` drawn (None = everything).
    depth: int | None = None
    #: Whether only the chosen line (with siblings) is drawn.
    line: bool = False

    @property
    def collapsed(self) -> list[Call]:
        """The summary nodes."""
        return [call for call, folded in self.nodes if folded]

    @property
    def hidden_calls(self) -> int:
        """How many calls the summary nodes stand for, beyond themselves."""
        return sum(call.size - 1 for call in self.collapsed)


def _count_to_depth(trace: Trace, call: Call, depth: int) -> int:
    return sum(trace.calls_by_depth(call.pid)[: depth + 1])


def plan_tree(
    trace: Trace,
    *,
    focus: int = 1,
    depth: int | None = None,
    line: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> TreePlan:
    """Decide which calls to draw. Raises TooLargeError, naming the option to change.

    Args:
        focus: draw the subtree under this call number (with the path to it).
        depth: draw this many levels below ``focus``; deeper subtrees are collapsed.
            By default everything is drawn if it fits ``max_nodes``, otherwise the
            deepest level that fits.
        line: draw only the chosen line of play from ``focus``, with the
            alternatives at each step collapsed.
        max_nodes: the node budget.
    """
    if not 1 <= max_nodes <= HARD_MAX_NODES:
        raise TooLargeError(
            f"--max-nodes must be between 1 and {HARD_MAX_NODES} "
            f"(Graphviz needs minutes beyond that), found {max_nodes}"
        )
    if not 1 <= focus <= trace.calls:
        raise TooLargeError(f"--focus {focus} does not exist: calls run from 1 to {trace.calls}")
    if depth is not None and depth < 0:
        raise TooLargeError(f"--depth must be 0 or more, found {depth}")
    path = trace.call(focus).path()
    top = path.pop()
    plan = TreePlan(top=top, path=path, line=line)

    if line:
        node = top
        while True:
            plan.nodes.append((node, False))
            if node.terminal is not None:
                break
            children = node.children()
            if not children:  # a memo cache hit: its line was drawn where it was computed
                break
            nxt = children[node.best_index or 0]
            for child in children:
                if child is not nxt:
                    plan.nodes.append((child, child.terminal is None))
            node = nxt
        plan.nodes.sort(key=lambda item: item[0].call)
        return plan

    per_depth = trace.calls_by_depth(top.pid)
    levels = len(per_depth) - 1
    if depth is None:
        depth = levels
        if sum(per_depth) + len(path) > max_nodes:
            while depth > 0 and (
                _count_to_depth(trace, top, depth) + len(path) > max_nodes
                or per_depth[depth] > COLLAPSED_WIDTH
            ):
                depth -= 1
    needed = _count_to_depth(trace, top, min(depth, levels)) + len(path)
    if needed > max_nodes:
        raise TooLargeError(
            f"drawing call {top.call} to depth {depth} needs {needed:,} nodes, over the limit of "
            f"{max_nodes:,}: lower --depth, pick a subtree with --focus CALL, or raise "
            f"--max-nodes (at most {HARD_MAX_NODES:,})"
        )
    plan.depth = depth if depth < levels else None

    stack = [(top, 0)]
    while stack:
        call, level = stack.pop()
        folded = level == depth and call.terminal is None
        plan.nodes.append((call, folded))
        if not folded:
            stack.extend((child, level + 1) for child in reversed(call.children()))
    return plan


def _chosen_line(top: Call) -> set[int]:
    calls = {top.call}
    node = top
    while node.terminal is None and node.size > 1:  # a memo cache hit has no children
        node = node.children()[node.best_index or 0]
        calls.add(node.call)
    return calls


def describe(trace: Trace, plan: TreePlan) -> str:
    """One line saying what a drawing shows and what it left out."""
    drawn = len(plan.nodes) + len(plan.path)
    what = f"{drawn:,} of {trace.calls:,} calls drawn"
    if plan.line:
        what += f", the chosen line from call {plan.top.call}"
    elif plan.depth is not None:
        what += f", to depth {plan.depth} below call {plan.top.call}"
    if plan.collapsed:
        what += (
            f"; {len(plan.collapsed):,} subtrees ({plan.hidden_calls:,} calls) collapsed "
            f"into summary nodes (see --depth, --focus, --line)"
        )
    return what


def game_tree(trace: Trace, plan: TreePlan | None = None, **options: object) -> graphviz.Digraph:
    """The game tree of ``trace`` as a Digraph (``options`` go to ``plan_tree``)."""
    if plan is None:
        plan = plan_tree(trace, **options)  # type: ignore[arg-type]
    title = (
        f"{variant_drawing.title_prefix(trace)} game tree of {trace.game.setting()}. {calls(trace.calls)}, "
        f"returns {returned(trace.result.index, trace.result.score)}"
    )
    if plan.collapsed or plan.path or plan.line:
        title += "\n" + describe(trace, plan)
    graph = new_graph("game_tree", title)
    add_calls(graph, trace, plan)
    graph.node(
        "legend", drawing.legend_label(trace, collapsed=bool(plan.collapsed)), shape="plain"
    )
    # Keep the legend beside the first board instead of below the widest level.
    graph.body.append(f"\t{{rank=same; legend; n{(plan.path or [plan.top])[0].call}}}\n")
    return graph


def new_graph(name: str, title: str) -> graphviz.Digraph:
    """An empty Digraph with the house style: title on top, boards as plain nodes."""
    return graphviz.Digraph(
        name,
        graph_attr={
            "label": title,
            "labelloc": "t",
            "fontname": drawing.FONT,
            "fontsize": "12",
            "rankdir": "TB",
            "nodesep": "0.12",
            "ranksep": "0.45",
            "bgcolor": "white",
            "pad": "0.2",
        },
        node_attr={"shape": "plain", "fontname": drawing.FONT},
        edge_attr={"fontname": drawing.FONT, "fontsize": "9", "arrowsize": "0.6"},
    )


def add_calls(
    graph: graphviz.Digraph,
    trace: Trace,
    plan: TreePlan,
    prefix: str = "n",
    *,
    explain: bool = False,
    edge_scores: bool = False,
) -> None:
    """Add the plan's nodes and edges to ``graph`` (shared with the figures).

    ``explain`` spells out step 16 at every inner call (see ``drawing.call_label``);
    ``edge_scores`` labels each edge with the score travelling back up it.
    """
    chosen = _chosen_line(plan.top)
    drawn = {call.call: call for call, _ in plan.nodes}
    cut: list[Call] = []  # alpha-beta: their pruned test-plays are drawn after the searched ones
    for step in plan.path:
        graph.node(f"{prefix}{step.call}", drawing.call_label(trace, step))
    for above, below in zip(plan.path, plan.path[1:] + [plan.top], strict=False):
        graph.edge(
            f"{prefix}{above.call}",
            f"{prefix}{below.call}",
            label=" " + trace.game.edge_label(above.state, below.move or 0),
            style="dashed",
            color=drawing.REJECTED_EDGE,
        )
    for call, folded in plan.nodes:
        thick = call.call in chosen
        source = variants.cache_source(trace, call.pid)
        if source is not None:
            label = variant_drawing.hit_label(trace, call, source)
        elif folded:
            label = drawing.summary_label(trace, call, thick=thick)
        else:
            label = drawing.call_label(trace, call, thick=thick, explain=explain,
                                       caption=variant_drawing.caption(trace, call))
        graph.node(f"{prefix}{call.call}", label)
        if not folded:
            cut.append(call)
        parent = drawn.get(call.parent) if call.parent is not None else None
        if parent is not None:
            if parent.call in chosen and call.call in chosen:
                attrs = {"color": drawing.CHOSEN, "penwidth": "3", "fontcolor": drawing.CHOSEN}
            elif parent.best == call.move:
                attrs = {"color": drawing.PICKED_EDGE, "penwidth": "1.4"}
            else:
                attrs = {"color": drawing.REJECTED_EDGE, "fontcolor": "#757575"}
            graph.edge(
                f"{prefix}{parent.call}",
                f"{prefix}{call.call}",
                label=" " + trace.game.edge_label(parent.state, call.move or 0)
                + (f"\n ↑ {signed(call.score)}" if edge_scores else ""),
                **attrs,
            )
    for call in cut:
        variant_drawing.add_pruned(graph, trace, call, prefix)

