"""What a learner's Python program defines: its search functions, the functions that call
them, their parameters, and how its boards are written (read from its source, not run)."""

from __future__ import annotations

import ast
from typing import Any

from ..running.record import Function
from ..values.reading import Notation, is_number, read_cells
from .jsinstrument import is_search_name
from .sourcefacts import INDEX, BoardVariable, SourceFacts, board_value, decide, scope, side_names


def functions(tree: ast.Module, wanted: list[str] | None, elsewhere: frozenset[str] = frozenset(),
              recursive: bool = False) -> list[Function]:
    """The functions to record: the search functions (by name, or ``wanted``; else, where
    ``recursive``, those that call themselves) and the functions that call one (their loop may
    be the search's first call), or one of the searches ``elsewhere`` (defined in a module of
    the program's folder)."""
    defs: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]] = []  # (def, where: top/class/nested)

    def visit(body: list[ast.stmt], where: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.append((node, where))
                visit(node.body, "nested")
            elif isinstance(node, ast.ClassDef):
                visit(node.body, "class")
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit([n for n in inner if isinstance(n, ast.stmt)] +
                              [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body],
                              where)

    visit(tree.body, "top")
    names = {d.name for d, _ in defs}
    searches = {n for n in (wanted or []) if n in names} if wanted else {n for n in names if is_search_name(n)}
    if recursive and not searches:
        # A search named otherwise (``search``, ``value``, ``score``) still calls itself.
        searches = {d.name for d, _ in defs if _calls(d, {d.name})}
    if not wanted:
        searches = _drivers_named_as_searches(defs, searches)
    table: list[Function] = []
    seen: set[str] = set()
    for role in ("search", "driver"):
        for d, where in defs:
            if d.name in seen:
                continue
            if (role == "search" and d.name in searches) or (
                    role == "driver" and d.name not in searches and _calls(d, searches | elsewhere)):
                seen.add(d.name)
                # A def nested in another is reached as its latest made function (see the host).
                table.append(Function(d.name, role, _params(d), d.lineno,
                                      {"top": "top", "nested": "nested"}.get(where, "none"), [],
                                      "method" if where == "class" else "declaration",
                                      countdown(d, searches | {d.name})))
    return table


def _drivers_named_as_searches(defs: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]],
                                searches: set[str]) -> set[str]:
    """``searches`` with each one named as a search that only calls a function recursing under
    another name (``minimax(board)`` returning a move, its loop calling ``score_of``) replaced by
    that function: the named one is then its driver, whose move is no score."""
    recursing = {d.name for d, _ in defs if _calls(d, {d.name})} - searches
    out = set(searches)
    for d, _ in defs:
        helpers = {r for r in recursing if _calls(d, {r})}
        if d.name in searches and helpers and not _calls(d, searches):
            out = (out - {d.name}) | helpers
    return out


def countdown(fn: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> list[str]:
    """The parameters ``fn``'s calls of ``names`` pass as ``NAME - …`` (a depth budget)."""
    params = {p.arg for p in [*fn.args.posonlyargs, *fn.args.args]}
    found = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _called_name(node) in names:
            for arg in node.args:
                if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Sub) \
                        and isinstance(arg.left, ast.Name) and arg.left.id in params:
                    found.add(arg.left.id)
    return sorted(found)


def _calls(fn: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> bool:
    """Whether ``fn`` itself (not a function nested in it; a lambda it passes, as ``max``'s key,
    runs as part of its own loop) calls one of ``names``."""
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.Call) and _called_name(node) in names:
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _called_name(call: ast.Call) -> str | None:
    """The name a call calls: ``minimax(…)``, ``self.minimax(…)``, ``game.minimax(…)``."""
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    names = [p.arg for p in [*a.posonlyargs, *a.args]]
    required = len(names) - len(a.defaults)
    # A parameter with a default is left to its default when tracer calls the function.
    return [n if i < required else f"{n}=" for i, n in enumerate(names)]


# ---- how the program writes boards -----------------------------------------------------------

class _Constants:
    """Module-level names bound to plain values (``EMPTY = None``, ``X = "X"``)."""

    def __init__(self, tree: ast.Module):
        self.values: dict[str, Any] = {}
        for name, node in assignments(tree):
            value = self.evaluate(node)
            if value is not _UNKNOWN:
                self.values[name] = value

    def evaluate(self, node: ast.AST, depth: int = 0) -> Any:
        """A small, safe evaluation of literal-like expressions; _UNKNOWN for anything else."""
        if depth > 6:
            return _UNKNOWN
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self.values.get(node.id, _UNKNOWN)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            inner = self.evaluate(node.operand, depth + 1)
            if not is_number(inner):
                return _UNKNOWN
            return -inner if isinstance(node.op, ast.USub) else inner
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.evaluate(e, depth + 1) for e in node.elts]
            return _UNKNOWN if _UNKNOWN in items else items
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            left, right = self.evaluate(node.left, depth + 1), self.evaluate(node.right, depth + 1)
            if isinstance(left, list) and isinstance(right, int) and 0 < right <= 10:
                return [list(x) if isinstance(x, list) else x for x in left] * right
            return _UNKNOWN
        if isinstance(node, ast.ListComp) and len(node.generators) == 1:
            count = _range_count(node.generators[0].iter)
            element = self.evaluate(node.elt, depth + 1)
            if count and element is not _UNKNOWN:
                return [list(element) if isinstance(element, list) else element for _ in range(count)]
            if count == 9 and isinstance(node.elt, ast.Name) and isinstance(node.generators[0].target, ast.Name) \
                    and node.elt.id == node.generators[0].target.id:
                return list(range(9))
            return _UNKNOWN
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list" \
                and len(node.args) == 1:
            if _range_count(node.args[0]) == 9:
                return list(range(9))
            inner = self.evaluate(node.args[0], depth + 1)
            return list(inner) if isinstance(inner, (str, list)) else _UNKNOWN
        return _UNKNOWN


_UNKNOWN = object()


def assignments(tree: ast.Module) -> list[tuple[str, ast.expr]]:
    """Module-level ``NAME = value`` bindings, ``A, B = x, y`` unpacked."""
    out = []
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name):
            out.append((target.id, node.value))
        elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                and len(target.elts) == len(node.value.elts):
            out.extend((t.id, v) for t, v in zip(target.elts, node.value.elts, strict=True)
                       if isinstance(t, ast.Name))
    return out


def _range_count(node: ast.AST) -> int | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) \
            and isinstance(node.args[0].value, int):
        return node.args[0].value
    return None


def board_hints(tree: ast.Module) -> list[tuple[Notation, str | None]]:
    """Boards written in the source, with the module-level name each is bound to (if any):
    ``board = [" "] * 9``, ``EMPTY = None`` ... ``[[EMPTY, EMPTY, EMPTY], ...]``."""
    constants = _Constants(tree)
    found: list[tuple[Notation, str | None]] = []
    top_level = {id(n.value): n.targets[0].id for n in tree.body
                 if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)}
    inside_list_call = {id(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call)
                        and isinstance(n.func, ast.Name) and n.func.id == "list" and n.args}
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.BinOp, ast.ListComp, ast.Call, ast.Constant)) \
                and id(node) not in inside_list_call:
            value = constants.evaluate(node)
            if value is _UNKNOWN or not isinstance(value, (list, str)):
                continue
            cells = read_cells(value)
            if cells is not None:
                found.append((cells[1], top_level.get(id(node))))
    # A board written as a list tells more than a string of nine characters, which may be anything.
    found.sort(key=lambda hint: hint[0].shape == "string")
    return found


def mark_texts(tree: ast.Module) -> set[str]:
    """The one-letter mark strings the source uses (``"X"``, ``"o"``, ...)."""
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in ("X", "O", "x", "o")}


def ai_hint(tree: ast.Module) -> str | None:
    """The AI's mark, if a module-level name says it (``AI = "O"``, ``ai_player = 'X'``)."""
    for target, value in assignments(tree):
        name = target.lower().replace("_", "")
        if name in ("ai", "aimark", "aiplayer", "computer", "cpu", "bot", "aisymbol", "comp") \
                and isinstance(value, ast.Constant) and str(value.value).upper() in ("X", "O"):
            return str(value.value).upper()
    return None


# ---- the facts both languages give (see sourcefacts) ---------------------------------------------

def _cell_names(tree: ast.Module) -> set[str]:
    """Loop variables that run over a board or a row (``for cell in board``): each is a cell."""
    return {node.target.id for node in ast.walk(tree)
            if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name)
            and not (isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name)
                     and node.iter.func.id in ("range", "enumerate", "len"))}


def compared(tree: ast.Module, within: set[str] | None = None) -> list[Any]:
    """The values a board's cell is compared with (``board[i] == " "``, ``cell is None``,
    ``board[r][c] == EMPTY``), in source order; INDEX for ``isinstance(board[i], int)``;
    ``within``: the functions to read (the search and its helpers), else the whole program."""
    constants, cells = _Constants(tree), _cell_names(tree)
    roots: list[ast.AST] = [tree] if within is None else [
        fn for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name in within]

    def is_cell(node: ast.AST) -> bool:
        return isinstance(node, ast.Subscript) or (isinstance(node, ast.Name) and node.id in cells)

    out: list[Any] = []
    seen: set[int] = set()  # a def nested in another read once
    for node in (n for root in roots for n in ast.walk(root)):
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ast.Compare) and len(node.ops) == 1 \
                and isinstance(node.ops[0], (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
            for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
                value = constants.evaluate(other) if is_cell(side) else _UNKNOWN
                if value is not _UNKNOWN and not isinstance(value, list):
                    out.append(value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2 and is_cell(node.args[0]) and isinstance(node.args[1], ast.Name) \
                and node.args[1].id == "int":
            out.append(INDEX)
    return out


def facts(*trees: ast.Module, searches: set[str] | None = None) -> SourceFacts:
    """As jsfacts.facts, for a program's file and the modules of its folder that it imports."""
    defined = {fn.name: fn for tree in trees for fn in ast.walk(tree)
               if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))}
    within = scope(searches, defined, lambda fn: (_called_name(n) for n in ast.walk(fn) if isinstance(n, ast.Call))) \
        if searches is not None else None
    boards: dict[str, BoardVariable] = {}
    loose: list[Notation] = []
    said: list[Any] = []
    for tree in trees:
        constants = _Constants(tree)
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = constants.evaluate(node.value)
                board = board_value(value) if value is not _UNKNOWN else None
                name = node.targets[0].id
                if board is not None and name not in boards:
                    boards[name] = BoardVariable(name, board[0], board[1], node.lineno, _readers(tree, name))
        loose.extend(notation for notation, bound in board_hints(tree) if bound is None)
        said.extend(compared(tree, within))
    shown = [pair for tree in trees for pair in number_letters(tree)]
    found = decide(said, loose, list(boards.values()), set().union(*(mark_texts(tree) for tree in trees)),
                   shown=shown)
    named = {name: value for tree in trees for name, value in _Constants(tree).values.items()}
    found.names = side_names(named, found.marks)
    return found


def number_letters(tree: ast.Module) -> list[tuple[Any, Any]]:
    """``(number, text)`` pairs where the source shows a numeric cell as a letter: a dict
    ``{1: "X", -1: "O"}``, ``"X" if cell == 1 else ...``, ``if cell == 1: ... "X"``, ``" XO"[cell]``
    or a list of three indexed by the cell (``MARKS[cell]``)."""
    constants = _Constants(tree)
    pairs: list[tuple[Any, Any]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            pairs.extend((constants.evaluate(k), constants.evaluate(v))
                         for k, v in zip(node.keys, node.values, strict=True) if k is not None)
        elif isinstance(node, (ast.IfExp, ast.If)) and isinstance(node.test, ast.Compare) \
                and len(node.test.ops) == 1 and isinstance(node.test.ops[0], (ast.Eq, ast.Is)):
            body = [node.body] if isinstance(node, ast.IfExp) else node.body
            shown = {n.value for b in body for n in ast.walk(b) if isinstance(n, ast.Constant)
                     and isinstance(n.value, str) and n.value.upper() in ("X", "O")}
            if len(shown) == 1:
                pairs.append((constants.evaluate(node.test.comparators[0]), shown.pop()))
        elif isinstance(node, ast.Subscript):  # " XO"[cell], or MARKS[cell] with MARKS = [" ", "X", "O"]
            shown = constants.evaluate(node.value)
            if isinstance(shown, (str, list)) and len(shown) == 3:
                pairs.extend((i, shown[i]) for i in (-1, 1, 2))
    return pairs


def closure_board(tree: ast.Module, name: str) -> str:
    """The board a search nested in another function reads from its enclosing function (a
    parameter or a local there that it indexes, ``board[i]``): its name, or "" if none."""
    for outer in ast.walk(tree):
        if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        inner = next((d for d in outer.body if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))
                      and d.name == name), None)
        if inner is None:
            continue
        own = {p.arg for p in [*inner.args.posonlyargs, *inner.args.args]}
        enclosing = {p.arg for p in [*outer.args.posonlyargs, *outer.args.args]} | {
            t.id for n in outer.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        indexed = [n.value.id for n in ast.walk(inner) if isinstance(n, ast.Subscript)
                   and isinstance(n.value, ast.Name) and n.value.id in enclosing - own]
        return indexed[0] if indexed else ""
    return ""


def _readers(tree: ast.Module, name: str) -> tuple[str, ...]:
    """The functions whose bodies use the module-level ``name``."""
    return tuple(fn.name for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(fn)))


def local_imports(tree: ast.Module) -> list[str]:
    """The modules a program imports by absolute name, in source order."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return list(dict.fromkeys(names))
