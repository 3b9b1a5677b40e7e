"""An abstract game tree as a game the searches and renderers can use.

A state is a node's index in pre-order (the root is 0), and a move is the
index of the child it leads to, so every move names its node and
``play(state, move)`` is just ``move``. Levels alternate between MAX and MIN
from the root's player; a leaf is a finished game scored with its value,
always from MAX's point of view.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ...errors import InputError
from .notation import TreeNodes, format_tree, parse_tree

LEAF = 1
TERMINAL_NAMES: tuple[str | None, ...] = (None, "leaf")


class GameTree:
    """A textbook tree from its root: who moves first, and the leaves' values."""

    name = "tree"
    terminal_names = TERMINAL_NAMES
    root = 0
    #: Renderers draw this game's nodes as textbook shapes, not as pictures in boxes.
    draws_shapes = True

    def __init__(self, nodes: TreeNodes, root_player: str = "MAX", source: str = "<string>"):
        if root_player not in ("MAX", "MIN"):
            raise ValueError(f"expected root player 'MAX' or 'MIN', found {root_player!r}")
        self.nodes = nodes
        self.root_player = root_player
        self.source = source
        self._moves = tuple(tuple(kids) for kids in nodes.children)
        self._index = {label: i for i, label in enumerate(nodes.labels)}

    @classmethod
    def parse(cls, text: str, root_player: str = "MAX", source: str = "<string>") -> GameTree:
        """The game of a tree written in the tree notation (see ``notation``)."""
        return cls(parse_tree(text, source), root_player, source)

    def __repr__(self) -> str:
        return f"GameTree.parse({format_tree(self.nodes)!r}, root_player={self.root_player!r})"

    def __len__(self) -> int:
        return len(self.nodes)

    # ---- rules ------------------------------------------------------------------------

    def maximising(self, state: int) -> bool:
        return (self.nodes.depths[state] % 2 == 0) == (self.root_player == "MAX")

    def moves(self, state: int) -> Sequence[int]:
        return self._moves[state]

    def play(self, state: int, move: int) -> int:
        return move

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        value = self.nodes.values[state]
        return None if value is None else (LEAF, value)

    # ---- decoding ---------------------------------------------------------------------

    def label(self, state: int) -> str:
        """The node's label (written in the file, or derived from its place)."""
        return self.nodes.labels[state]

    def node(self, label: str) -> int:
        """The state of the node labelled ``label``; KeyError if there is none."""
        return self._index[label]

    def leaves(self, state: int = 0) -> list[int]:
        """The leaves under ``state`` (itself if it is one), left to right."""
        if self.nodes.values[state] is not None:
            return [state]
        return [leaf for child in self._moves[state] for leaf in self.leaves(child)]

    def subtree(self, state: int) -> list[int]:
        """``state`` and every node below it, in pre-order."""
        found = [state]
        for child in self._moves[state]:
            found.extend(self.subtree(child))
        return found

    # ---- words ------------------------------------------------------------------------

    def player(self, state: int) -> str:
        return "MAX" if self.maximising(state) else "MIN"

    def role(self, state: int) -> str:
        return "the maximiser" if self.maximising(state) else "the minimiser"

    def describe(self, state: int) -> str:
        kind = "node" if self.nodes.values[state] is None else "leaf"
        return f"{kind} {self.label(state)}"

    def move_name(self, move: int) -> str:
        return f"node {self.label(move)}"

    def move_short(self, move: int) -> str:
        return self.label(move)

    def point_of_view(self, state: int) -> str:
        return "" if self.maximising(state) else " (values are from MAX's point of view)"

    def move_phrase(self, state: int, move: int) -> str:
        return f"{self.player(state)} moves from {self.label(state)} to {self.label(move)}"

    def edge_label(self, state: int, move: int) -> str:
        return ""

    def returned(self, move: int | None, score: int) -> str:
        """A return value as the log writes it: ``{child: B, value: 3}`` or ``{value: 3}``."""
        return f"{{value: {score}}}" if move is None else f"{{child: {self.label(move)}, value: {score}}}"

    def outcome_kind(self, terminal: int) -> str:
        return "leaf"

    def value_kind(self, score: int) -> str:
        return "value"

    def terminal_label(self, terminal: int) -> str:
        return "leaf"

    def legend_marks(self) -> list[str]:
        return []

    def legend_outcomes(self) -> list[tuple[str, str]]:
        return [("leaf", "a leaf, with its value for MAX")]

    def legend_testing(self) -> str:
        return "the child the for-loop is trying"

    def legend_cells(self) -> tuple[str, str]:
        """A tree has no cells: its nodes read by their labels, its leaves by their values."""
        return ("label: a node's name in the tree", "■ value: a leaf's value for MAX")

    def terminal_sentence(self, state: int, terminal: int) -> str:
        return f"{self.label(state)} is a leaf worth {self.nodes.values[state]}"

    def step8_text(self, state: int) -> str:
        kids = self._moves[state]
        if not kids:
            return "no children"
        return "children: " + ", ".join(self.label(k) for k in kids)

    def search_text(self, state: int) -> str:
        return f"{self.player(state)} tries each child in order"

    def first_call_text(self, state: int) -> str:
        """The first call, as the log writes it: ``minimax(A)``."""
        return f"minimax({self.label(state)})"

    def loop_text(self, state: int) -> str:
        """What the for-loop will try: ``MAX tries children B, C, D``."""
        return f"{self.player(state)} tries {self.moves_text(state)}"

    def answer_text(self, state: int, move: int) -> str:
        """Step 25 for a tree: the root's player moves to the child kept in bestPlayInfo."""
        return f"{self.player(state)} moves to bestPlayInfo.child: {self.move_name(move)}"

    def undo_text(self, move: int) -> str:
        return ""  # moving down a tree changes nothing that must be put back

    def next_text(self, move: int) -> str:
        return f"next child: {self.label(move)}"

    def setting(self) -> str:
        return f"the tree {self.source} ({len(self.nodes)} nodes, {self.root_player} at the root)"

    def log_header(self) -> str:
        leaves = len(self.leaves())
        other = "MIN" if self.root_player == "MAX" else "MAX"
        return (
            f"Minimax trace of the tree {self.source} ({len(self.nodes)} nodes, {leaves} leaves). "
            f"{self.root_player} moves at the root ({self.label(0)}), {other} one level down, "
            f"and so on.\nLeaf values are from MAX's point of view: MAX takes the max, MIN the min.\n\n"
        )

    #: What one row of the trace stands for, for ``--stats``.
    position_words = "one per node"

    def stats_head(self) -> tuple[str, str]:
        """The first row of ``--stats``."""
        return ("tree", f"{self.source}: {len(self.nodes)} nodes, {len(self.leaves())} leaves, "
                        f"{self.root_player} at the root")

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        """The rows under "terminal calls": how many of the tree's leaves were visited."""
        total = len(self.leaves())
        return [("  leaves visited", f"{terminal['leaf']:,} of {total:,}")]

    # ---- words for the figures -----------------------------------------------------

    def moves_text(self, state: int) -> str:
        """What a node's for-loop tries: ``children B, C, D``."""
        return "children " + ", ".join(self.label(k) for k in self._moves[state])

    def prediction(self, state: int, terminal: int, score: int) -> str:
        """What a child's call found, for a figure's caption."""
        if terminal:
            return f"{self.label(state)} is a leaf worth {score}"
        how = "the largest" if self.maximising(state) else "the smallest"
        return f"{self.player(state)} at {self.label(state)} takes {how} value below it: {score}"

    def test_play_words(self, state: int, move: int, call: int) -> str:
        """Step 11 at the root, for a figure's narration."""
        return (f"child {self.label(move)}: {self.player(state)} tries the move from "
                f"{self.label(state)} to {self.label(move)}, and minimax is called on "
                f"{self.describe(move)}: call #{call}, {self.player(move)} to move.")

    def figures_intro(self, calls: int, best: int | None) -> str:
        """The opening paragraph of the figures page."""
        other = "MIN" if self.root_player == "MAX" else "MAX"
        text = (f"The tree {self.source}: {len(self.nodes)} nodes, {len(self.leaves())} leaves. "
                f"{self.root_player} moves at the root, {other} one level down, and so on; leaf "
                f"values are from MAX's point of view. ")
        if best is None:
            return text + "The root is a leaf, so minimax returns its value at once."
        return text + (
            f"Call #1 tries the root's {self.moves_text(0)} in turn: one figure per child, "
            f"then the overview. In all, minimax makes {calls:,} calls and {self.root_player} "
            f"moves to {self.label(best)}. Numbers such as #5 are call numbers, as in the log.")

    # ---- pictures ---------------------------------------------------------------------

    def picture(self, state: int, **_: Any) -> str:
        """The node as a small HTML-like table: its shape and label (boxes that need a picture)."""
        value = self.nodes.values[state]
        glyph = "■" if value is not None else ("▲" if self.maximising(state) else "▼")
        text = f"{glyph} {self.label(state)}" + ("" if value is None else f" = {value}")
        return f'<TABLE BORDER="0"><TR><TD>{escape(text)}</TD></TR></TABLE>'

    def page_data(self) -> dict[str, Any]:
        # MAX and MIN stand where a board has the AI's and the human's marks.
        return {
            "game": self.name,
            "labels": list(self.nodes.labels),
            "children": [list(kids) for kids in self._moves],
            "ai": "MAX",
            "human": "MIN",
            "root_player": self.root_player,
            "terminal_names": list(TERMINAL_NAMES),
        }

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        return {
            "node": list(states),
            "max_to_move": [int(self.maximising(s)) for s in states],
            "depth": [self.nodes.depths[s] for s in states],
        }

    def page_heading(self) -> str:
        """The line under the step-by-step page's title."""
        return (f"the tree {self.source} · {len(self.nodes)} nodes · {self.root_player} at the root · "
                f"leaf values for MAX")

    #: The keys a JSON node holds for the state.
    json_keys = frozenset({"label", "player"})

    def json_header(self) -> list[tuple[str, Any]]:
        # The tree's name comes too, so a re-rendered trace reads as the original did.
        return [("root_player", self.root_player), ("game_tree", format_tree(self.nodes)),
                ("source", self.source)]

    def json_result(self, move: int | None) -> dict[str, Any]:
        """What the JSON result adds to ``{index, score}``: the chosen child's label."""
        return {"label": None if move is None else self.label(move)}

    @classmethod
    def from_json(cls, doc: dict[str, Any], source: str) -> GameTree:
        text, player = doc.get("game_tree"), doc.get("root_player")
        if not isinstance(text, str) or player not in ("MAX", "MIN"):
            raise InputError('expected "game_tree" (a tree in the tree notation) and '
                             f'"root_player" ("MAX" or "MIN"), found {player!r}', source)
        try:
            game = cls.parse(text, player, f'{source} "game_tree"')
        except InputError as exc:
            raise InputError(f'expected a valid "game_tree": {exc}', source) from None
        name = doc.get("source")
        game.source = name if isinstance(name, str) else source
        return game

    def state_from_json(self, node: dict[str, Any]) -> int:
        label = node.get("label")
        if label not in self._index:
            raise ValueError(f"expected the label of a node of the tree, found {label!r}")
        state = self._index[label]
        if node.get("player") != self.player(state):
            raise ValueError(f"expected player {self.player(state)!r} at {label}, found {node.get('player')!r}")
        return state

    def json_head(self, state: int) -> str:
        label = self.label(state).replace("\\", "\\\\").replace('"', '\\"')
        return f'"label":"{label}","player":"{self.player(state)}",'

    def json_tail(self, state: int) -> str:
        return ""


def tree(text: str | list[Any], *, root: str = "MAX") -> GameTree:
    """A textbook tree to search: ``tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6]]")``, or
    the same tree as nested lists of integers, ``tracer.tree([[3, 12, 8], [2, 4, 6]])``."""
    from .notation import nested_list_text

    if isinstance(text, list | tuple):
        text = nested_list_text(text)
    if not isinstance(text, str):
        raise TypeError("tree() expects a tree as text such as 'A: [B: [3, 12, 8], C: [2, 4, 6]]' "
                        f"or nested lists of integers such as [[3, 12, 8], [2, 4, 6]], found {text!r}")
    return GameTree.parse(text, root.upper(), "<string>")
