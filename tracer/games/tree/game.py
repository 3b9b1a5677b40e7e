"""An abstract game tree's rules: MAX and MIN levels over nodes, leaves valued for MAX.

A state is a node's index in pre-order (the root is 0) and a move the index of the child it
leads to, so ``play(state, move)`` is ``move``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...errors import safe_name
from .notation import TreeNodes, format_tree, nested_list_text, parse_tree

LEAF = 1
TERMINAL_NAMES: tuple[str | None, ...] = (None, "leaf")


class TreeNode(NamedTuple):
    """A call's position in a textbook tree's terms: ``call.node`` (its label), ``call.player`` (MAX, MIN)."""

    node: str
    player: str


class GameTree:
    """A textbook tree from its root: who moves first, and the leaves' values."""

    name = "tree"
    terminal_names = TERMINAL_NAMES
    root = 0

    def __init__(self, nodes: TreeNodes, root_player: str = "MAX", source: str = "<string>"):
        if root_player not in ("MAX", "MIN"):
            raise ValueError(f"expected root player 'MAX' or 'MIN', found {root_player!r}")
        self.nodes = nodes
        self.root_player = root_player
        #: Where the tree came from, as every output shows it (escaped, a long name cut).
        self.source = safe_name(source, 200)
        self._moves = tuple(tuple(kids) for kids in nodes.children)
        self._index = {label: i for i, label in enumerate(nodes.labels)}

    @classmethod
    def parse(cls, text: str, root_player: str = "MAX", source: str = "<string>") -> GameTree:
        return cls(parse_tree(text, source), root_player, source)

    def __repr__(self) -> str:
        return f"GameTree.parse({format_tree(self.nodes)!r}, root_player={self.root_player!r})"

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

    def player(self, state: int) -> str:
        """``MAX`` or ``MIN``: who moves at ``state``."""
        return "MAX" if self.maximising(state) else "MIN"

    def position(self, state: int) -> TreeNode:
        """``state`` as its node's label and who moves there."""
        return TreeNode(self.label(state), self.player(state))


def tree(text: str | list[Any], *, root: str = "MAX") -> GameTree:
    """A textbook tree to search: ``tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6]]")``, or
    the same tree as nested lists of integers, ``tracer.tree([[3, 12, 8], [2, 4, 6]])``."""
    if isinstance(text, list | tuple):
        text = nested_list_text(text)
    if not isinstance(text, str):
        raise TypeError("tree() expects a tree as text such as 'A: [B: [3, 12, 8], C: [2, 4, 6]]' "
                        f"or nested lists of integers such as [[3, 12, 8], [2, 4, 6]], found {text!r}")
    return GameTree.parse(text, root.upper(), "<string>")
