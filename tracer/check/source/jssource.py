"""A JavaScript program read with a real parser (tree-sitter's JavaScript grammar), as ``ast``
reads Python: where it defines its functions, their parameters, lines and nesting.

The shapes learners write: ``function minimax(…) {…}``, ``const minimax = (…) => …``,
``const minimax = function (…) {…}``, ``miniMax = (…) => …`` (an assignment, maybe to an
undeclared name), methods of a class (``minimax(…) {…}``, ``static``, a field
``minimax = (…) => …``) and of an object literal (``minimax(…) {…}``, ``minimax: function``),
each maybe behind ``export``. Offsets are byte offsets into the UTF-8 text, as the tree has them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser, Tree

_PARSER = Parser(Language(tree_sitter_javascript.language()))
FUNCTION_VALUES = frozenset(("function_expression", "function", "arrow_function", "generator_function"))
_DECLARATIONS = frozenset(("function_declaration", "generator_function_declaration"))


class JsSyntaxError(ValueError):
    """The text is not JavaScript: the parser's first error, with its line and column (from 1)."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"{message} (line {line}, column {column})")
        self.line = line
        self.column = column
        self.index = 0  # which of several files it is in (see jsinstrument.instrument_all)


@dataclass
class JsFunction:
    """One named function definition in a JavaScript program (spans and offsets in bytes)."""

    name: str  # the binding's, the property's or the method's name
    # "declaration", "binding" (const/let/var), "assignment", "method", "field" (a class
    # field), "object-method" or "object-property".
    kind: str
    name_span: tuple[int, int]
    start: int  # where a wrapper can be put in front of the definition
    params: list[str]  # a destructured parameter is ""
    body: tuple[int, int] | None  # the ``{ … }`` (None for an arrow with an expression body)
    line: int  # of the name
    node: Node  # the function node itself
    static: bool = False
    self_name: tuple[int, int] | None = None  # a function expression's own name
    export: tuple[tuple[int, int], bool] | None = None  # ``export [default ]`` in front: (span, default?)
    parent: int | None = None  # the index of the definition this one is inside
    children: list[int] = field(default_factory=list)  # the definitions directly inside it


@dataclass
class JsSource:
    """A parsed program: its text as bytes, its tree and its named functions."""

    data: bytes
    tree: Tree
    functions: list[JsFunction]

    def text(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8")


def parse(text: str, tolerant: bool = False) -> JsSource:
    """Parse ``text``; JsSyntaxError naming the first place the parser could not read, unless
    ``tolerant`` (node accepts the text: the grammar lags behind, and its tree is read as it is)."""
    data = text.encode("utf-8")
    tree = _PARSER.parse(data)
    if tree.root_node.has_error and not tolerant:
        _raise_first_error(tree.root_node, data)
    return JsSource(data, tree, find_functions(tree.root_node))


def _raise_first_error(root: Node, data: bytes) -> None:
    node = root
    while True:
        inner = next((c for c in node.children if c.has_error or c.is_missing or c.is_error), None)
        if inner is None or node.is_error or node.is_missing:
            break
        node = inner
    row, column = node.start_point
    line_start = data.rfind(b"\n", 0, node.start_byte) + 1
    column = len(data[line_start:line_start + column].decode("utf-8", "replace")) + 1
    if node.is_missing:
        raise JsSyntaxError(f"expected {node.type!r}", row + 1, column)
    bad = data[node.start_byte:node.end_byte].decode("utf-8", "replace").strip().split("\n")[0][:20]
    raise JsSyntaxError(f"cannot read {bad!r}" if bad else "unexpected end of input", row + 1, column)


def walk(node: Node) -> Iterator[Node]:
    """Every node under ``node``, itself first, in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def span(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


def find_functions(root: Node) -> list[JsFunction]:
    """Every named function definition under ``root``, in source order, nesting linked."""
    found: list[JsFunction] = []

    def visit(node: Node, parent: int | None) -> None:
        for child in node.children:
            definition = _definition(child)
            inner = parent
            if definition is not None:
                definition.parent = parent
                found.append(definition)
                inner = len(found) - 1
                if parent is not None:
                    found[parent].children.append(inner)
            visit(child, inner)

    visit(root, None)
    return found


def _definition(node: Node) -> JsFunction | None:
    kind = node.type
    if kind in _DECLARATIONS:
        name = node.child_by_field_name("name")
        return _make(name, "declaration", node, node) if name is not None else None
    if kind == "variable_declarator":
        return _bound(node, node.child_by_field_name("name"), node.child_by_field_name("value"), "binding")
    if kind == "assignment_expression":
        return _bound(node, node.child_by_field_name("left"), node.child_by_field_name("right"), "assignment")
    if kind == "method_definition":
        name = node.child_by_field_name("name")
        words = {c.type for c in node.children if not c.is_named}
        if name is None or name.type != "property_identifier" or words & {"get", "set"} \
                or name.text == b"constructor":
            return None
        within_class = node.parent is not None and node.parent.type == "class_body"
        return _make(name, "method" if within_class else "object-method", node, node, "static" in words)
    if kind in ("field_definition", "pair"):  # a class field, an object literal's property
        name = node.child_by_field_name("property" if kind == "field_definition" else "key")
        value = node.child_by_field_name("value")
        if name is None or name.type != "property_identifier" or value is None or value.type not in FUNCTION_VALUES:
            return None
        if kind == "pair":
            return _make(name, "object-property", value, node)
        return _make(name, "field", value, node, any(c.type == "static" for c in node.children))
    return None


def _bound(node: Node, name: Node | None, value: Node | None, kind: str) -> JsFunction | None:
    """``NAME = function…`` as a const/let/var binding or an assignment."""
    if name is None or name.type != "identifier" or value is None or value.type not in FUNCTION_VALUES:
        return None
    # A binding's wrapper goes before its const/let/var keyword; an assignment's, before its name.
    start = node.parent if kind == "binding" and node.parent is not None else name
    made = _make(name, kind, value, start)
    own = value.child_by_field_name("name")
    if own is not None:
        made.self_name = span(own)
    return made


def _make(name: Node, kind: str, fn: Node, start: Node, static: bool = False) -> JsFunction:
    body = fn.child_by_field_name("body")
    made = JsFunction(name.text.decode("utf-8") if name.text else "", kind, span(name), start.start_byte,
                      params(fn), span(body) if body is not None and body.type == "statement_block" else None,
                      name.start_point.row + 1, fn, static)
    wrapper = start.parent
    if wrapper is not None and wrapper.type == "export_statement":
        made.start = wrapper.start_byte
        made.export = ((wrapper.start_byte, start.start_byte), any(c.type == "default" for c in wrapper.children))
    return made


def params(fn: Node) -> list[str]:
    """A function node's parameter names: ``""`` for a destructured one."""
    single = fn.child_by_field_name("parameter")
    if single is not None:
        return [single.text.decode("utf-8") if single.text else ""]
    formal = fn.child_by_field_name("parameters")
    if formal is None:
        return []
    names = []
    for p in formal.named_children:
        if p.type == "comment":
            continue
        if p.type == "assignment_pattern":
            p = p.child_by_field_name("left") or p
        elif p.type == "rest_pattern":
            p = p.named_children[0] if p.named_children else p
        names.append(p.text.decode("utf-8") if p.type == "identifier" and p.text else "")
    return names


def called_name(call: Node) -> str | None:
    """The name a call expression calls: ``minimax(…)``, ``this.minimax(…)``, ``ai.minimax(…)``."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return None
    if fn.type == "member_expression":
        fn = fn.child_by_field_name("property")
    return fn.text.decode("utf-8") if fn is not None and fn.type in ("identifier", "property_identifier") \
        and fn.text else None


def calls_in(fn: JsFunction, names: set[str], found: list[JsFunction]) -> bool:
    """Whether ``fn``'s body, outside the named functions nested in it, calls one of ``names``."""
    body = fn.node.child_by_field_name("body")
    if body is None:
        return False
    nested = {found[c].node.id for c in fn.children}
    stack = [body]
    while stack:
        node = stack.pop()
        if node.id in nested:
            continue
        if node.type == "call_expression" and called_name(node) in names:
            return True
        stack.extend(node.children)
    return False


def countdown(fn: JsFunction, names: set[str]) -> list[str]:
    """The parameters ``fn``'s calls of ``names`` pass as ``NAME - …`` (a depth budget)."""
    own = set(fn.params)
    found = set()
    for node in walk(fn.node):
        if node.type != "call_expression" or called_name(node) not in names:
            continue
        arguments = node.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else []:
            left = argument.child_by_field_name("left")
            operator = argument.child_by_field_name("operator")
            if argument.type == "binary_expression" and operator is not None and operator.type == "-" \
                    and left is not None and left.type == "identifier" and left.text \
                    and left.text.decode("utf-8") in own:
                found.add(left.text.decode("utf-8"))
    return sorted(found)


def after_directives(block: Node, default: int) -> int:
    """The offset after a body's (or the program's) directive prologue (``"use strict";``)."""
    at = default
    for child in block.named_children:
        if child.type in ("comment", "hash_bang_line"):
            continue
        if child.type == "expression_statement" and len(child.named_children) == 1 \
                and child.named_children[0].type == "string":
            at = child.end_byte
            continue
        break
    return at
