"""How a JavaScript program writes its boards, read from its syntax tree (never run).

``const currentBoardState = ["X", 1, "O", "X", 4, "X", "O", "O", 8]`` says empty cells hold
their index and the board lives in ``currentBoardState``; ``Array(9).fill("")``,
``[...Array(9).keys()]``, ``let board = [["", "", ""], ...]`` and ``origBoard =
Array.from(Array(9).keys())`` in a start-up function say it too; ``board[i] === ''``,
``cell == null`` and ``typeof board[i] === 'number'`` say what an empty cell holds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tree_sitter import Node

from ..values.reading import Notation, is_number
from .jssource import JsSource, called_name, walk
from .sourcefacts import INDEX, BoardVariable, SourceFacts, board_value, decide, named_marks, scope, side_names

_UNKNOWN = object()
_EQUALITY = frozenset(("===", "==", "!==", "!="))
#: Array methods whose callback's parameter is a cell (``board.filter(c => c === '')``).
_CELL_CALLBACKS = frozenset(("filter", "map", "forEach", "some", "every", "find", "findIndex", "reduce"))
_AI_NAMES = ("ai", "aimark", "aiplayer", "computer", "cpu", "bot", "aisymbol", "comp", "computermark")


def _text(node: Node) -> str:
    return node.text.decode("utf-8") if node.text else ""


def _string(node: Node) -> str:
    raw = _text(node)
    body = raw[1:-1]
    if raw[:1] == "'":
        body = body.replace('\\"', '"').replace('"', '\\"').replace("\\'", "'")
    try:
        return str(json.loads(f'"{body}"'))
    except ValueError:
        return body


class _Values:
    """A small evaluation of literal-like expressions; _UNKNOWN for anything else."""

    def __init__(self, root: Node):
        self.constants: dict[str, Any] = {}
        for declarator, name in _top_declarators(root):  # top-level const/let/var NAME = value
            value = declarator.child_by_field_name("value")
            found = self.value(value) if declarator.type == "variable_declarator" and value is not None else _UNKNOWN
            if found is not _UNKNOWN and not isinstance(found, list):
                self.constants[_text(name)] = found

    def value(self, node: Node, depth: int = 0) -> Any:  # noqa: PLR0911 - one case per literal shape
        kind = node.type
        if depth > 6:
            return _UNKNOWN
        if kind == "parenthesized_expression" and node.named_children:
            return self.value(node.named_children[0], depth + 1)
        if kind == "string":
            return _string(node)
        if kind == "template_string":
            return _text(node)[1:-1] if not any(c.type == "template_substitution" for c in node.children) \
                else _UNKNOWN
        if kind == "number":
            return _number(_text(node))
        if kind in ("null", "undefined"):
            return None
        if kind in ("true", "false"):
            return kind == "true"
        if kind == "unary_expression" and _text(node)[:1] == "-" and node.named_children:
            inner = self.value(node.named_children[0], depth + 1)
            return -inner if is_number(inner) else _UNKNOWN
        if kind == "identifier":
            return self.constants.get(_text(node), _UNKNOWN)
        if kind == "array":
            return self.array(node, depth)
        if kind == "call_expression":
            return self.call(node, depth)
        return _UNKNOWN

    def array(self, node: Node, depth: int) -> Any:
        items: list[Any] = []
        for element in node.named_children:
            if element.type == "comment":
                continue
            if element.type == "spread_element":  # [...Array(9).keys()]
                keys = _array_keys(element.named_children[0]) if element.named_children else None
                if keys is None:
                    return _UNKNOWN
                items.extend(range(keys))
                continue
            value = self.value(element, depth + 1)
            if value is _UNKNOWN:
                return _UNKNOWN
            items.append(value)
        return items

    def call(self, node: Node, depth: int) -> Any:
        """``Array(9).fill(V)``, ``new Array(9).fill(V)``, ``Array.from(Array(9).keys())``."""
        fn, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if fn is None or arguments is None or fn.type != "member_expression":
            return _UNKNOWN
        target, method = fn.child_by_field_name("object"), _text(fn.child_by_field_name("property") or fn)
        args = [a for a in arguments.named_children if a.type != "comment"]
        if method == "fill" and target is not None and len(args) == 1:
            count = _array_of(target)
            value = self.value(args[0], depth + 1)
            if count in (9, 10) and value is not _UNKNOWN:
                return [list(value) if isinstance(value, list) else value for _ in range(count)]
        if method == "from" and target is not None and _text(target) == "Array" and len(args) == 1:
            keys = _array_keys(args[0])
            return list(range(keys)) if keys is not None else _UNKNOWN
        return _UNKNOWN


def _number(text: str) -> Any:
    try:
        return int(text, 0)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return _UNKNOWN


def _array_of(node: Node) -> int | None:
    """``N`` of ``Array(N)`` or ``new Array(N)``."""
    if node.type in ("call_expression", "new_expression"):
        callee = node.child_by_field_name("function") or node.child_by_field_name("constructor")
        arguments = node.child_by_field_name("arguments")
        if callee is not None and _text(callee) == "Array" and arguments is not None \
                and len(arguments.named_children) == 1 and arguments.named_children[0].type == "number":
            count = _number(_text(arguments.named_children[0]))
            return count if isinstance(count, int) else None
    return None


def _array_keys(node: Node) -> int | None:
    """``N`` of ``Array(N).keys()``."""
    fn = node.child_by_field_name("function") if node.type == "call_expression" else None
    if fn is not None and fn.type == "member_expression" and _text(fn.child_by_field_name("property") or fn) == "keys":
        target = fn.child_by_field_name("object")
        return _array_of(target) if target is not None else None
    return None


def _top_declarators(root: Node) -> Iterator[tuple[Node, Node]]:
    """Each top-level ``const/let/var`` declarator naming one variable, with that name."""
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type in ("lexical_declaration", "variable_declaration"):
            for declarator in statement.named_children:
                name = declarator.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    yield declarator, name


def _bound_name(node: Node, declared: set[str]) -> str | None:
    """The top-level variable a value is put in: a top-level binding, or an assignment (anywhere)
    to a name ``declared`` at the top level (with or without a value)."""
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
        name = parent.child_by_field_name("name")
        statement = parent.parent
        outer = statement.parent if statement is not None else None
        top = outer is not None and (outer.type == "program" or outer.type == "export_statement")
        return _text(name) if top and name is not None and name.type == "identifier" else None
    if parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
        name = parent.child_by_field_name("left")
        if name is not None and name.type == "identifier" and _text(name) in declared:
            return _text(name)
    return None


def board_hints(parsed: JsSource) -> list[tuple[Notation, str | None]]:
    """Boards written in the source, with the top-level variable each is put in (if any)."""
    return [(notation, name) for notation, _, name, _ in _boards(parsed)]


def _boards(parsed: JsSource) -> list[tuple[Notation, int, str | None, int]]:
    """``(notation, length, top-level variable or None, line)`` of every board written."""
    root = parsed.tree.root_node
    values, declared = _Values(root), {_text(name) for _, name in _top_declarators(root)}
    found = []
    for node in walk(root):
        if node.type not in ("array", "call_expression", "string", "template_string"):
            continue
        value = values.value(node)
        board = board_value(value) if value is not _UNKNOWN else None
        if board is not None:
            found.append((board[0], board[1], _bound_name(node, declared), node.start_point.row + 1))
    return found


def _cell_names(root: Node) -> set[str]:
    """Parameters of callbacks given to array methods: each is a cell (``c => c === ''``)."""
    names = set()
    for node in walk(root):
        fn = node.child_by_field_name("function") if node.type == "call_expression" else None
        property_ = fn.child_by_field_name("property") if fn is not None and fn.type == "member_expression" \
            else None
        arguments = node.child_by_field_name("arguments")
        if property_ is None or _text(property_) not in _CELL_CALLBACKS or arguments is None \
                or not arguments.named_children:
            continue
        callback = arguments.named_children[0]
        single = callback.child_by_field_name("parameter")
        formal = callback.child_by_field_name("parameters")
        params = [single] if single is not None else list(formal.named_children) if formal is not None else []
        at = 1 if _text(property_) == "reduce" else 0
        if len(params) > at and params[at].type == "identifier":
            names.add(_text(params[at]))
    return names


def compared(parsed: JsSource, shared: dict[str, Any] | None = None, within: set[str] | None = None) -> list[Any]:
    """The values a board's cell is compared with, in source order (INDEX for ``typeof … 'number'``);
    ``shared``: constants of the program's other files (a page's, or the modules it imports);
    ``within``: the functions to read (the search and its helpers; page code compares other things)."""
    root = parsed.tree.root_node
    values, cells = _Values(root), _cell_names(root)
    values.constants = {**(shared or {}), **values.constants}
    roots = [root] if within is None else [fn.node for fn in parsed.functions if fn.name in within and not (
        fn.parent is not None and parsed.functions[fn.parent].name in within)]

    def is_cell(node: Node) -> bool:
        return node.type == "subscript_expression" or (node.type == "identifier" and _text(node) in cells)

    out: list[Any] = []
    for node in (n for top in roots for n in walk(top)):
        operator = node.child_by_field_name("operator") if node.type == "binary_expression" else None
        if operator is None or operator.type not in _EQUALITY:
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        for side, other in ((left, right), (right, left)):
            if side is None or other is None:
                continue
            if side.type == "unary_expression" and _text(side).startswith("typeof") and side.named_children \
                    and is_cell(side.named_children[0]) and values.value(other) == "number":
                out.append(INDEX)
            elif is_cell(side):
                value = values.value(other)
                if value is not _UNKNOWN and not isinstance(value, list):
                    out.append(value)
    return out


def facts(*files: JsSource, searches: set[str] | None = None) -> SourceFacts:
    """The empty token, the marks and the top-level board variables of a parsed program, in one
    file or several (a page's scripts share their top-level names); cells are read as the
    ``searches`` and their helpers compare them (as the whole program does, if not given)."""
    within = scope(searches, {fn.name: fn for parsed in files for fn in parsed.functions}, lambda fn: (
        called_name(node) for node in walk(fn.node) if node.type == "call_expression")) \
        if searches is not None else None
    boards: dict[str, BoardVariable] = {}
    loose: list[Notation] = []
    said: list[Any] = []
    shared = {name: value for parsed in files for name, value in _Values(parsed.tree.root_node).constants.items()}
    for parsed in files:
        for notation, length, name, line in _boards(parsed):
            if name is None:
                loose.append(notation)
            elif name not in boards:
                boards[name] = BoardVariable(name, notation, length, line, _readers(files, name))
        said.extend(compared(parsed, shared, within))
    shown = [pair for parsed in files for pair in number_letters(parsed, shared)]
    found = decide(said, loose, list(boards.values()), set().union(*(mark_texts(parsed) for parsed in files)),
                   named_marks(shared), shown=shown)
    found.names = side_names(shared, found.marks)
    return found


def number_letters(parsed: JsSource, shared: dict[str, Any]) -> list[tuple[Any, Any]]:
    """``(number, text)`` pairs where the source shows a numeric cell as a letter: an object
    ``{1: 'X', '-1': 'O'}``, ``c === 1 ? 'X' : …``, ``if (c === 1) … 'X'``, ``' XO'[c]``."""
    values = _Values(parsed.tree.root_node)
    values.constants = {**shared, **values.constants}
    pairs: list[tuple[Any, Any]] = []
    for node in walk(parsed.tree.root_node):
        if node.type == "pair":
            key, value = node.child_by_field_name("key"), node.child_by_field_name("value")
            if key is not None and value is not None:
                if key.type == "computed_property_name" and key.named_children:  # {[HUMAN]: 'X'}
                    named = values.value(key.named_children[0])
                else:
                    named = _number(_string(key) if key.type == "string" else _text(key))
                pairs.append((named, values.value(value)))
        elif node.type in ("ternary_expression", "if_statement"):
            pairs.extend(_test_letter(node, values))
        elif node.type == "subscript_expression":
            text = node.child_by_field_name("object")
            if text is not None and text.type == "string" and len(_string(text)) == 3:
                pairs.extend((i, _string(text)[i]) for i in (1, 2))
    return pairs


def _test_letter(node: Node, values: _Values) -> list[tuple[Any, Any]]:
    """``c === 1 ? 'X' : …`` or ``if (c === 1) … 'X'``: the number tested and the one letter its
    branch shows, if it shows one."""
    test, body = node.child_by_field_name("condition"), node.child_by_field_name("consequence")
    while test is not None and test.type == "parenthesized_expression" and test.named_children:
        test = test.named_children[0]
    if test is None or body is None or test.type != "binary_expression":
        return []
    operator, right = test.child_by_field_name("operator"), test.child_by_field_name("right")
    if operator is None or operator.type not in ("==", "===") or right is None:
        return []
    shown = {v for n in walk(body) if n.type == "string" and (v := _string(n)).upper() in ("X", "O")}
    return [(values.value(right), shown.pop())] if len(shown) == 1 else []


def _readers(files: tuple[JsSource, ...], name: str) -> tuple[str, ...]:
    """The named functions whose bodies use ``name``."""
    wanted = name.encode()
    return tuple(fn.name for parsed in files for fn in parsed.functions
                 if any(n.type == "identifier" and n.text == wanted for n in walk(fn.node)))


def mark_texts(parsed: JsSource) -> set[str]:
    """The one-letter mark strings the source uses."""
    return {v for n in walk(parsed.tree.root_node) if n.type == "string" and (v := _string(n)) in ("X", "O", "x", "o")}


def ai_hint(parsed: JsSource) -> str | None:
    """The AI's mark, if a top-level binding says it (``const aiMark = "X"``, ``let ai = 'O'``)."""
    values = _Values(parsed.tree.root_node)
    for name, value in values.constants.items():
        if name.lower().replace("_", "") in _AI_NAMES and isinstance(value, str) and value.upper() in ("X", "O"):
            return value.upper()
    return None
