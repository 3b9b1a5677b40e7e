"""Textbook trees' words and pictures: nodes by their labels, MAX and MIN, leaves valued for MAX."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from . import labels, pagewords
from .base import GameWords
from .labels import LegendRow
from .shapes import SHAPES

if TYPE_CHECKING:
    from typing import Any

    from ..games.tree.game import GameTree
    from ..trace import Trace


class TreeWords(GameWords):
    """A tree's nodes named by their labels; drawn as textbook shapes (MAX ▲, MIN ▼, leaves ■)."""

    game: GameTree
    node_drawing = SHAPES
    position_words = "one per node"
    moves_noun = "children"

    def player(self, state: int) -> str:
        return self.game.player(state)

    def describe(self, state: int) -> str:
        """``node B`` or ``leaf B.1`` (the page's ``tree.node`` and ``tree.leaf``)."""
        kind = "tree.node" if self.game.nodes.values[state] is None else "tree.leaf"
        return self.phrases().say(kind, label=self.game.label(state))

    def node_name(self, state: int) -> str:
        return self.game.label(state)

    def setting(self) -> str:
        g = self.game
        return f"the tree {g.source} ({len(g.nodes)} nodes, {g.root_player} at the root)"

    def move_name(self, move: int) -> str:
        return f"node {self.game.label(move)}"

    def move_short(self, move: int) -> str:
        return self.game.label(move)

    def moves_text(self, state: int) -> str:
        return "children " + ", ".join(self.game.label(k) for k in self.game.moves(state))

    def point_of_view(self, state: int) -> str:
        return "" if self.game.maximising(state) else " (values are from MAX's point of view)"

    def move_phrase(self, state: int, move: int) -> str:
        return f"{self.player(state)} moves from {self.game.label(state)} to {self.game.label(move)}"

    def edge_label(self, state: int, move: int) -> str:
        return ""

    def log_header(self) -> str:
        g = self.game
        leaves = len(g.leaves())
        other = "MIN" if g.root_player == "MAX" else "MAX"
        return (
            f"Minimax trace of the tree {g.source} ({len(g.nodes)} nodes, {leaves} leaves). "
            f"{g.root_player} moves at the root ({g.label(0)}), {other} one level down, "
            f"and so on.\nLeaf values are from MAX's point of view: MAX takes the max, MIN the min.\n\n"
        )

    def first_call_text(self, state: int) -> str:
        return f"minimax({self.game.label(state)})"

    def step8_text(self, state: int) -> str:
        kids = self.game.moves(state)
        if not kids:
            return "no children"
        return "children: " + ", ".join(self.game.label(k) for k in kids)

    def loop_text(self, state: int) -> str:
        return f"{self.player(state)} tries {self.moves_text(state)}"

    def next_text(self, move: int) -> str:
        return f"next child: {self.game.label(move)}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        return f"{self.game.label(state)} is a leaf worth {self.game.nodes.values[state]}"

    def answer_text(self, state: int, move: int) -> str:
        return f"{self.player(state)} moves to bestPlayInfo.child: {self.move_name(move)}"

    def terminal_label(self, terminal: int) -> str:
        return "leaf"

    def score_text(self, score: int) -> str:
        return str(score)

    def value_prediction(self, state: int, terminal: int, score: int) -> str:
        if terminal:
            return f"{self.game.label(state)} is a leaf worth {score}"
        how = "the largest" if self.game.maximising(state) else "the smallest"
        return f"{self.player(state)} at {self.game.label(state)} takes {how} value below it: {score}"

    def stats_head(self) -> tuple[str, str]:
        g = self.game
        return ("tree", f"{g.source}: {len(g.nodes)} nodes, {len(g.leaves())} leaves, "
                        f"{g.root_player} at the root")

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        return [("  leaves visited", f"{terminal['leaf']:,} of {len(self.game.leaves()):,}")]

    def page_heading(self) -> str:
        g = self.game
        return (f"the tree {g.source} · {len(g.nodes)} nodes · {g.root_player} at the root · "
                f"leaf values for MAX")

    def figures_intro(self, trace: Trace) -> str:
        from html import escape

        g = self.game
        other = "MIN" if g.root_player == "MAX" else "MAX"
        best = trace.root.best
        text = (f"The tree {g.source}: {len(g.nodes)} nodes, {len(g.leaves())} leaves. "
                f"{g.root_player} moves at the root, {other} one level down, and so on; leaf "
                f"values are from MAX's point of view. ")
        if best is None:
            return escape(text + "The root is a leaf, so minimax returns its value at once.")
        return escape(text + (
            f"Call #1 tries the root's {self.moves_text(0)} in turn: one figure per child, "
            f"then the overview. In all, minimax makes {trace.calls:,} calls and {g.root_player} "
            f"moves to {g.label(best)}. Numbers such as #5 are call numbers, as in the log."))

    def test_play_words(self, state: int, move: int, call: int) -> str:
        label = self.game.label
        return (f"child {label(move)}: {self.player(state)} tries the move from "
                f"{label(state)} to {label(move)}, and minimax is called on "
                f"{self.describe(move)}: call #{call}, {self.player(move)} to move.")

    def test_play_alt(self, state: int, move: int) -> str:
        return (f"the root {self.game.label(state)} trying its child {self.game.label(move)}, "
                f"an arrow down to that child")

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "") -> str:
        """The node as a small table: its shape and label (where a box needs a picture)."""
        value = self.game.nodes.values[state]
        glyph = "■" if value is not None else ("▲" if self.game.maximising(state) else "▼")
        text = f"{glyph} {self.game.label(state)}" + ("" if value is None else f" = {value}")
        return labels.table(labels.row(labels.cell(labels.text(text))), BORDER="0")

    def legend_rows(self, *, played: bool, testing: bool, fills: Collection[str],
                    finished: Collection[str], states: Collection[int] | None = None) -> list[LegendRow]:
        return []

    page_module = "tree"

    def page_data(self) -> dict[str, Any]:
        g = self.game
        return {"labels": list(g.nodes.labels), "children": [list(g.moves(s)) for s in range(len(g.nodes))]}

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        return {"node": list(states), "max_to_move": [int(self.game.maximising(s)) for s in states]}

    def page_moves_derived(self) -> bool:
        # The module lists a node's children in the tree's order.
        return True

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **PAGE_PHRASES}

    def page_constants(self) -> dict[str, str]:
        return {**super().page_constants(), "state_var": "node", "value": "value",
                "state_scored": "valued this node"}

    def page_legend(self) -> list[tuple[str, str, str]]:
        # A tree's cards stay white (a value is no outcome): its finished subtree is drawn so
        # (the swatch: .sw.summary with .sw.leaf's white fill).
        tree_rows = [("summary leaf", "", SUMMARY_ROW) if cls == "summary" else (cls, sample, text)
                     for cls, sample, text in pagewords.TREE_LEGEND]
        return [("", "", "▲ MAX node, ▼ MIN node"), ("", "", "■ leaf, with its value for MAX"), *tree_rows]

    def code_lines(self) -> list[tuple[str, str, str]]:
        return list(CODE_LINES)

    def code_terminal(self) -> dict[str, str]:
        return {"leaf": "leaf"}


#: The legend's finished subtree, as a tree's card is drawn: white, its border doubled.
SUMMARY_ROW = "finished subtree (a white card with a double border, its value and call count inside)"

#: How a textbook tree is told on the step-through page (over ``pagewords.PHRASES``).
PAGE_PHRASES: dict[str, str] = {
    "tree.node": "node {label}",
    "tree.leaf": "leaf {label}",
    "kind.empty": "the children",
    "returned.move": "{{child: {short}, value: {score}}}",
    "returned.none": "{{value: {score}}}",
    "meaning.value": "value {score} for MAX",
    "meaning.at_most": "only a bound, as a cut below left children unsearched: MAX gets at most {score} there",
    "meaning.at_least": "only a bound, as a cut below left children unsearched: MAX gets at least {score} there",
    "story.begin.first": ("**Call #1 begins:** minimax is invoked on the root, node {label}, with {player} "
                          "({role}) to move. What it returns will be the answer."),
    "story.begin": ("**Call #{call} begins:** call #{parent} tries the move to node {label} and runs "
                    "minimax on it, with {player} ({role}) to move. Call #{parent} waits."),
    "story.empty": "Call #{call} lists the children of {label}: `[{moves}]`.",
    "story.empty.none": "Node {label} has no children: it is a leaf.",
    "story.check.leaf": ("{label} is a leaf worth **{score}**. Call #{call} returns `{returned}` without "
                         "trying anything."),
    "story.check.on.one": ("{label} is not a leaf, so call #{call} tries its child and keeps the {keeps} "
                           "value."),
    "story.check.on.many": ("{label} is not a leaf, so call #{call} tries each child in turn and keeps the "
                            "{keeps} value."),
    "story.place": ("Call #{call} tries child {short} ({number} of {count}): minimax is called on it "
                    "(that will be call #{child})."),
    "story.save": "Call #{child} returned `{child_returned}`. Call #{call} saves `{info}`.",
    "story.save.bound": "That value is {meaning}.",
    "story.save.next": "Next: child {next_short}.",
    "story.save.last": "That was the last child it tries.",
    "story.choose.max": ("{over} {player} takes the **largest** of {values}: {value}, first at "
                         "child {short}."),
    "story.choose.min": ("{over} {player} takes the **smallest** of {values}: {value}, first at "
                         "child {short}."),
    "story.return.first": ("**Call #1 returns `{returned}`**: {player} moves to node {short}, backed-up "
                           "value {score}. The search made {calls} calls."),
    "story.return": ("Call #{call} returns `{returned}` to call #{parent}: node {label} is worth {score} "
                     "with best play below it."),
    "story.return.bound": ("Call #{call} returns `{returned}` to call #{parent}: that is {meaning}, not what "
                           "node {label} is worth with best play."),
    "foot.leaf": "leaf: {score}",
    "edge.move": "",
    "stack.call": "minimax({label})",
    "stack.moves": "children = [{moves}]",
    "var.state.name": "node",
    "var.state": "{label}",
    "var.moves.name": "children",
    "var.placed.name": "child",
    "var.result": "{{value: {score}}}",
    "var.best.name": "bestValue",
}

#: The guide's minimax over a tree's nodes, as the code panel shows it (see ``pagewords.CODE``).
CODE_LINES: list[tuple[str, str, str]] = pagewords.code_with({
    "def": "def minimax(node, player{args}):",
    "empty": "    children = the children of node",
    "over": "    if node is a leaf: return {{value: its value}}",
    "for": "    for child in children:",
    "recurse": "        result = minimax(child, the other player{args})",
    "push": "        allTestPlayInfos.append({{child: child, value: result.value}})",
    "start": "    bestValue = -infinity if player is {max} else +infinity",
    "if": "        if allTestPlayInfos[i].value beats bestValue:  # > for {max}, < for {min}",
    "keep": "            bestValue = allTestPlayInfos[i].value; bestTestPlay = i",
    "first": 'bestPlayInfo = minimax(the root, "{root_player}"{first_args})',
    "use": "{root_player} moves to bestPlayInfo.child",
}, renamed={"over": "leaf"})
