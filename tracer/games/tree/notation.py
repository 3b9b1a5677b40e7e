"""Tree files (docs/games.md): ``A: [B: [3, 12, 8], C: [2, 4, 6]]``, parsed with exact error positions.

Unlabelled nodes are named by their place (``P.i``; an unlabelled root ``root``, its children
``1``, ``2``, ...): a derived label holds a dot or starts with a digit, so only ``root`` could
clash with a written one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import InputError, decode_text, quote
from ...scores import MAX_SCORE

MAX_BYTES = 256 * 1024
#: Far beyond any textbook exercise (they have tens), small enough that every output stays quick.
MAX_NODES = 5000
#: Levels below the root: parsing recurses per level, and a JSON trace nests one level per call.
MAX_DEPTH = 100
#: Leaf values are scores: within what a JSON trace holds and the page's JavaScript computes exactly.
MAX_VALUE = MAX_SCORE
#: Most digits a leaf value is written with, leading zeros included.
MAX_DIGITS = len(str(MAX_VALUE))

ROOT_LABEL = "root"
LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
INTEGER = re.compile(r"[+-]?[0-9]+")
#: What a bad leaf looks like: a run of characters that is neither a token nor a separator.
WORD = re.compile(r"[^\s,\[\]:#]+")
#: What a tree's first token can be besides ``[``: a label, or a word meant as one
#: (``1st:``, ``Ä:``), which the parser then explains. A board's rows never hold a ``:``.
LABEL_AHEAD = re.compile(r"[^\s\[\]:#,\"']{1,64}[ \t]*:")


@dataclass(slots=True)
class TreeNodes:
    """A parsed tree, its nodes numbered in pre-order (the root is 0, its parent -1), one list per
    field: labels (written or derived), children in loop order, leaf values (None inside)."""

    labels: list[str] = field(default_factory=list)
    children: list[list[int]] = field(default_factory=list)
    values: list[int | None] = field(default_factory=list)
    parents: list[int] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    #: Whether the label was written in the file (False: derived).
    written: list[bool] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.labels)


class _Parser:
    """A recursive-descent parser over one text."""

    def __init__(self, text: str, source: str):
        self.text = text
        self.source = source
        self.pos = 0
        self.nodes = TreeNodes()
        self.where: dict[str, int] = {}  # written label -> its offset, for duplicate errors

    def fail(self, expected: str, at: int | None = None, found: str | None = None) -> InputError:
        at = self.pos if at is None else at
        found = self.found(at) if found is None else found
        line = self.text.count("\n", 0, at) + 1
        return InputError(f"expected {expected}, found {found}", self.source, line, at - self.text.rfind("\n", 0, at))

    def found(self, at: int) -> str:
        if at >= len(self.text):
            return "the end of the file"
        match = WORD.match(self.text, at)
        word = match.group() if match else self.text[at]
        return repr(word if len(word) <= 20 else word[:19] + "…")

    def skip(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c.isspace():
                self.pos += 1
            elif c == "#":
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end
            else:
                break

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def tree(self) -> TreeNodes:
        if self.peek() == "":
            raise self.fail("a tree such as A: [B: [3, 12, 8], C: [2, 4, 6]]")
        self.node(-1, 0)
        if self.peek() != "":
            raise self.fail("the end of the tree (one root node)")
        _derive_labels(self.nodes)
        return self.nodes

    def node(self, parent: int, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise self.fail(f"a tree at most {MAX_DEPTH} levels deep", found="a deeper node")
        at = self.pos
        label = self.label()
        if label == ROOT_LABEL and parent >= 0 and not self.nodes.written[0]:
            raise self.fail(f"a label other than '{ROOT_LABEL}' (the unlabelled root is called "
                            f"'{ROOT_LABEL}')", at=at, found=repr(label))
        index = self.new_node(label, parent, depth)
        c = self.peek()
        if c == "[":
            self.pos += 1
            self.items(index, depth)
        else:
            self.leaf(index, label)
        return index

    def label(self) -> str | None:
        """A ``NAME:`` prefix if one comes next (consumed), else None."""
        self.skip()
        match = LABEL.match(self.text, self.pos)
        word = WORD.match(self.text, self.pos)
        if match is None or word is None or word.end() != match.end():  # no name, or more than one
            self.bad_label()
            return None
        after = match.end()
        rest = self.text[after:].lstrip(" \t")
        if not rest.startswith(":"):
            return None  # not a label: leaf() reports the word as a bad value
        name = match.group()
        if name in self.where:
            raise self.fail(
                f"a label not used before ({name!r} labels the node at "
                f"{self.line_col(self.where[name])})", found=repr(name))
        self.where[name] = self.pos
        self.pos = self.text.index(":", after) + 1
        return name

    def bad_label(self) -> None:
        """Refuse a word before ``:`` that cannot be a label (``1st:``, ``Ä:``)."""
        word = WORD.match(self.text, self.pos)
        if word is not None and self.text[word.end():].lstrip(" \t").startswith(":"):
            raise self.fail("a label: a letter or '_', then letters, digits or '_'",
                            found=quote(word.group(), 40))

    def line_col(self, at: int) -> str:
        return f"{self.text.count(chr(10), 0, at) + 1}:{at - self.text.rfind(chr(10), 0, at)}"

    def new_node(self, label: str | None, parent: int, depth: int) -> int:
        nodes = self.nodes
        if len(nodes) >= MAX_NODES:
            raise self.fail(f"a tree of at most {MAX_NODES} nodes", found="more nodes")
        nodes.labels.append(label or "")
        nodes.written.append(label is not None)
        nodes.children.append([])
        nodes.values.append(None)
        nodes.parents.append(parent)
        nodes.depths.append(depth)
        if parent >= 0:
            nodes.children[parent].append(len(nodes) - 1)
        return len(nodes) - 1

    def items(self, index: int, depth: int) -> None:
        """The children of an inner node, after its ``[``, up to and including ``]``."""
        start = self.pos - 1
        while True:
            c = self.peek()
            if c == "]":
                if not self.nodes.children[index]:
                    raise self.fail("a node inside the brackets (a list needs at least one child)")
                self.pos += 1
                return
            if c == "":
                raise self.fail(f"']' to close the '[' at {self.line_col(start)}")
            if c == "," and self.nodes.children[index]:
                self.pos += 1
                continue
            self.node(index, depth + 1)

    def leaf(self, index: int, label: str | None) -> None:
        """A leaf's integer value (or the error saying what should have been there)."""
        at = self.pos
        match = INTEGER.match(self.text, at)
        if match is None or WORD.match(self.text, match.end()):
            if re.match(r"[0-9+.-]", self.text[at:at + 1]):
                raise self.fail("an integer leaf value")
            if label is not None:
                raise self.fail(f"a node after the label '{label}:' (an integer or a [list])")
            raise self.fail("a node (an integer leaf value, a [list] of nodes, or NAME: before either)")
        written = match.group()
        # The digits are counted before int(), which refuses (or takes long over) thousands of them.
        digits = written.lstrip("+-")
        if len(digits) > MAX_DIGITS or int(digits) > MAX_VALUE:
            raise self.fail(f"a leaf value of at most {MAX_DIGITS} digits, between -{MAX_VALUE:,} and "
                            f"{MAX_VALUE:,}", found=quote(written, 40))
        value = -int(digits) if written.startswith("-") else int(digits)
        self.nodes.values[index] = value
        self.pos = match.end()


def _derive_labels(nodes: TreeNodes) -> None:
    """Give every unlabelled node its Dewey label (see the module docstring)."""
    if not nodes.written[0]:
        nodes.labels[0] = ROOT_LABEL
    for index in range(len(nodes)):  # pre-order: a parent is labelled before its children
        for position, child in enumerate(nodes.children[index], start=1):
            if not nodes.written[child]:
                parent = nodes.labels[index]
                unnamed_root = index == 0 and not nodes.written[0]
                nodes.labels[child] = str(position) if unnamed_root else f"{parent}.{position}"
    # Written labels differ (checked while parsing), derived ones differ from them by form.
    assert len(set(nodes.labels)) == len(nodes.labels)


def parse_tree(text: str, source: str = "<string>") -> TreeNodes:
    """Parse a tree; InputError ``source:line:col: expected …, found …`` on any problem."""
    return _Parser(text, source).tree()


def decode(data: bytes, source: str) -> str:
    return decode_text(data, source, MAX_BYTES, f"expected a tree file of at most {MAX_BYTES:,} bytes")


def looks_like_tree(data: bytes | str) -> bool:
    """Whether a file's first line with content starts as a tree does: ``[`` or a label ``NAME:``."""
    text = data if isinstance(data, str) else data[:MAX_BYTES].decode("utf-8", "replace")
    for raw in text.lstrip("\ufeff").split("\n"):
        line = raw.split("#", 1)[0].strip()
        if line:
            return line.startswith("[") or LABEL_AHEAD.match(line) is not None
    return False


def format_tree(nodes: TreeNodes, index: int = 0) -> str:
    """The tree in its own notation with every label written (parses back to the same tree)."""
    parts: list[str] = []

    def write(i: int) -> None:
        parts.append(f"{nodes.labels[i]}: " if nodes.written[i] else "")
        if nodes.values[i] is not None:
            parts.append(str(nodes.values[i]))
            return
        parts.append("[")
        for k, child in enumerate(nodes.children[i]):
            if k:
                parts.append(", ")
            write(child)
        parts.append("]")

    write(index)
    return "".join(parts)


def nested_list_text(tree: list[object] | tuple[object, ...]) -> str:
    """A tree given as nested Python lists of integers (``[[3, 12, 8], [2, 4, 6]]``), in
    the notation above; TypeError for anything but an integer or a list of nodes."""
    parts: list[str] = []

    def write(node: object, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ValueError(f"expected a tree at most {MAX_DEPTH} levels deep, found a deeper list")
        if type(node) is int:
            parts.append(str(node))
        elif isinstance(node, list | tuple):
            parts.append("[")
            for i, child in enumerate(node):
                parts.append(", " if i else "")
                write(child, depth + 1)
            parts.append("]")
        else:
            raise TypeError("expected a tree as nested lists of integers, such as "
                            f"[[3, 12, 8], [2, 4, 6]] (each leaf an integer), found {node!r}")

    write(tree, 0)
    return "".join(parts)
