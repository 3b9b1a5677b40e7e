"""Textbook trees' words and pictures: nodes by their labels, MAX and MIN, leaves valued for MAX."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import labels
from .base import GameWords
from .labels import LegendRow

if TYPE_CHECKING:
    from ..games.tree.game import GameTree
    from ..trace import Trace


class TreeWords(GameWords):
    """A tree's nodes named by their labels; drawn as textbook shapes (MAX ▲, MIN ▼, leaves ■)."""

    game: GameTree
    draws_shapes = True
    position_words = "one per node"
    moves_noun = "children"

    def player(self, state: int) -> str:
        return self.game.player(state)

    def describe(self, state: int) -> str:
        kind = "node" if self.game.nodes.values[state] is None else "leaf"
        return f"{kind} {self.game.label(state)}"

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
        """What a node's for-loop tries: ``children B, C, D``."""
        return "children " + ", ".join(self.game.label(k) for k in self.game.moves(state))

    def point_of_view(self, state: int) -> str:
        return "" if self.game.maximising(state) else " (values are from MAX's point of view)"

    def move_phrase(self, state: int, move: int) -> str:
        return f"{self.player(state)} moves from {self.game.label(state)} to {self.game.label(move)}"

    def edge_label(self, state: int, move: int) -> str:
        return ""

    def returned(self, move: int | None, score: int) -> str:
        """A return value as the log writes it: ``{child: B, value: 3}`` or ``{value: 3}``."""
        return f"{{value: {score}}}" if move is None else f"{{child: {self.game.label(move)}, value: {score}}}"

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
        """The first call, as the log writes it: ``minimax(A)``."""
        return f"minimax({self.game.label(state)})"

    def step8_text(self, state: int) -> str:
        kids = self.game.moves(state)
        if not kids:
            return "no children"
        return "children: " + ", ".join(self.game.label(k) for k in kids)

    def loop_text(self, state: int) -> str:
        """What the for-loop will try: ``MAX tries children B, C, D``."""
        return f"{self.player(state)} tries {self.moves_text(state)}"

    def next_text(self, move: int) -> str:
        return f"next child: {self.game.label(move)}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        return f"{self.game.label(state)} is a leaf worth {self.game.nodes.values[state]}"

    def answer_text(self, state: int, move: int) -> str:
        """Step 25 for a tree: the root's player moves to the child kept in bestPlayInfo."""
        return f"{self.player(state)} moves to bestPlayInfo.child: {self.move_name(move)}"

    def terminal_label(self, terminal: int) -> str:
        return "leaf"

    def prediction(self, state: int, terminal: int, score: int, bound: str) -> str:
        """What a child's call found, for a figure's caption."""
        if terminal:
            return f"{self.game.label(state)} is a leaf worth {score}"
        how = "the largest" if self.game.maximising(state) else "the smallest"
        return f"{self.player(state)} at {self.game.label(state)} takes {how} value below it: {score}"

    def stats_head(self) -> tuple[str, str]:
        g = self.game
        return ("tree", f"{g.source}: {len(g.nodes)} nodes, {len(g.leaves())} leaves, "
                        f"{g.root_player} at the root")

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        """The rows under "terminal calls": how many of the tree's leaves were visited."""
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

    def legend_rows(self, *, played: bool, testing: bool, outcomes: bool) -> list[LegendRow]:
        return []

    def page_data(self) -> dict[str, Any]:
        g = self.game
        # MAX and MIN stand where a board has the AI's and the human's marks.
        return {
            "game": g.name,
            "labels": list(g.nodes.labels),
            "children": [list(kids) for kids in (g.moves(s) for s in range(len(g.nodes)))],
            "ai": "MAX",
            "human": "MIN",
            "root_player": g.root_player,
            "terminal_names": list(g.terminal_names),
        }

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        return {
            "node": list(states),
            "max_to_move": [int(self.game.maximising(s)) for s in states],
            "depth": [self.game.nodes.depths[s] for s in states],
        }
