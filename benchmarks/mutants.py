"""Mutants: one small change each to a Python module (found in its syntax tree) or a JavaScript file.

A mutant is a byte range of one file and its replacement. The Python operators are
the usual ones of mutation testing, kept to what can change behaviour:

* a comparison's boundary (``<`` and ``<=``, ``>`` and ``>=``) or its sense (``==`` and
  ``!=``, ``in`` and ``not in``, ``is`` and ``is not``);
* ``and`` and ``or``; a ``not`` or a unary minus dropped; the two branches of
  ``a if c else b`` swapped; ``if x:`` made ``if not x:`` where ``x`` is not a comparison;
* arithmetic and bit operators swapped (``+`` and ``-``, ``*`` and ``/``, ``|`` and ``&``, ...);
* an integer one higher (``0`` one, ``1`` zero), ``True`` and ``False``; ``min`` and ``max``,
  ``any`` and ``all``; a text normalised no more (``x.strip()``, ``x.lower()`` become ``x``);
* a statement dropped (a call, an assignment, a ``raise``, a ``break``, a ``continue``).

Left alone: strings (messages, patterns), docstrings, type annotations, ``assert``
statements (internal sanity checks), ``if TYPE_CHECKING:`` blocks, f-strings, and
``zip``'s ``strict=`` (lengths match by construction). JavaScript mutants are written
by hand in the configuration (a ``find`` text and its ``replace``).

A mutant's key names it without a line number (path, enclosing function, change and,
if the same change occurs again there, its occurrence), so the configuration's
lists of equivalent mutants and of the CI sample survive edits elsewhere in a file.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

#: Comparison operators and what each becomes (boundary or sense).
COMPARISONS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
#: Arithmetic and bit operators and what each becomes.
OPERATORS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift,
}
#: Built-in functions swapped for their opposite.
OPPOSITES = {"min": "max", "max": "min", "any": "all", "all": "any"}
#: Methods that normalise text: ``x.strip()`` is mutated to ``x``.
NORMALISERS = {"strip", "lstrip", "rstrip", "lower", "upper", "casefold"}
#: Keyword arguments whose value is not mutated (see the module's notes).
QUIET_KEYWORDS = {"strict"}


@dataclass(frozen=True)
class Mutant:
    """One small change to one file."""

    #: The file, relative to the repository.
    path: str
    #: Lines the changed code spans (1-based, inclusive).
    line: int
    end_line: int
    #: The enclosing function or class (``Recorder.root``), ``<module>`` or ``js``.
    scope: str
    #: The change in words: ``best >= beta`` → ``best > beta``.
    change: str
    #: Byte range of the file replaced, and its replacement.
    start: int
    end: int
    replacement: bytes
    #: 1 for the first mutant of this path, scope and change, 2 for the next, ...
    occurrence: int = 1
    #: Whether the changed code runs as the module is imported (its own lines, a class's body,
    #: a function's defaults and decorators) rather than when a function is called.
    at_import: bool = False

    @property
    def key(self) -> str:
        """The mutant's name, stable under edits elsewhere in the file."""
        again = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.path}::{self.scope}::{self.change}{again}"

    def apply(self, source: bytes) -> bytes:
        """``source`` (the file's bytes) with this change made."""
        return source[: self.start] + self.replacement + source[self.end :]


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _change(old: str, new: str, context: int = 24) -> str:
    """``old`` → ``new`` in words, long code cut down to its changed part and some context."""
    old, new = " ".join(old.split()), " ".join(new.split())
    if max(len(old), len(new)) <= 70:
        return f"`{old}` → `{new}`"
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    start = max(0, head - context)

    def cut(text: str) -> str:
        end = min(len(text), len(text) - tail + context)
        return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")

    return f"`{cut(old)}` → `{cut(new)}`"


@dataclass
class _Site:
    """A change found in the tree, before it is placed in the file's bytes."""

    node: ast.AST
    new: str
    change: str
    scope: str
    at_import: bool


@dataclass
class _Finder(ast.NodeVisitor):
    """Walks a module and lists every change the operators make."""

    sites: list[_Site] = field(default_factory=list)
    scopes: list[str] = field(default_factory=list)
    #: Per enclosing function, the local names bound so far (statements are dropped only in
    #: functions, and an assignment only if it rebinds names: dropping a first binding
    #: only raises NameError).
    bound: list[set[str]] = field(default_factory=list)

    #: How many function bodies (or lambdas) enclose the node visited: 0 at import time.
    calls: int = 0

    def scope(self) -> str:
        return ".".join(self.scopes) or "<module>"

    def site(self, node: ast.AST, new: str, change: str) -> None:
        self.sites.append(_Site(node, new, change, self.scope(), self.calls == 0))

    # ---- statements, and where not to look ---------------------------------------------

    def generic_visit(self, node: ast.AST) -> None:
        for _name, value in ast.iter_fields(node):
            if isinstance(value, list):
                if value and isinstance(value[0], ast.stmt):
                    self._statements(value)
                else:
                    for item in value:
                        if isinstance(item, ast.AST):
                            self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def _statements(self, body: list[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # a docstring
            if self.bound and self._droppable(stmt, self.bound[-1]):
                self.site(stmt, "pass", f"`{_short(ast.unparse(stmt))}` dropped")
            self.visit(stmt)
            if self.bound:
                self.bound[-1] |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)
                                   and isinstance(n.ctx, ast.Store)}

    @staticmethod
    def _droppable(stmt: ast.stmt, bound: set[str]) -> bool:
        if isinstance(stmt, ast.Expr):
            return not isinstance(stmt.value, ast.Constant)  # not ``...``
        if isinstance(stmt, ast.Raise | ast.AugAssign | ast.Break | ast.Continue):
            return True
        if isinstance(stmt, ast.Assign) or (isinstance(stmt, ast.AnnAssign) and stmt.value is not None):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            return names <= bound
        return False

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for deco in node.decorator_list:
            self.visit(deco)
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.scopes.append(node.name)
        args = node.args
        self.bound.append({a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                                           *filter(None, [args.vararg, args.kwarg])]})
        self.calls += 1
        self._statements(node.body)
        self.calls -= 1
        self.bound.pop()
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - ast.NodeVisitor's naming

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.calls += 1
        self.visit(node.body)
        self.calls -= 1

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scopes.append(node.name)
        self._statements(node.body)
        self.scopes.pop()

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        self._negate(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._negate(node.test)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        return

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return  # 3.11 gives no reliable positions inside f-strings

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)  # not the annotation

    def visit_keyword(self, node: ast.keyword) -> None:
        if node.arg not in QUIET_KEYWORDS:
            self.visit(node.value)

    # ---- expressions changed -----------------------------------------------------------

    def _add(self, node: ast.AST, new: ast.AST | str) -> None:
        text = new if isinstance(new, str) else ast.unparse(new)
        change = _change(ast.unparse(node), text)
        self.site(node, f"({text})", change)

    def _negate(self, test: ast.expr) -> None:
        if not isinstance(test, ast.Compare | ast.BoolOp) and not (
                isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
            self._add(test, ast.UnaryOp(ast.Not(), test))

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            ops = list(node.ops)
            ops[i] = COMPARISONS[type(op)]()
            self._add(node, ast.Compare(node.left, ops, node.comparators))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._add(node, ast.BoolOp(other, node.values))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
            value = node.operand.value
            if type(value) is int:
                self._add(node, ast.Constant(1 - value))  # -c becomes -c + 1
            return
        if isinstance(node.op, ast.Not | ast.USub):
            self._add(node, node.operand)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._add(node, ast.IfExp(node.test, node.orelse, node.body))  # the same as negating the test
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        texts = (ast.Constant, ast.JoinedStr)
        is_text = any(isinstance(side, texts) and not isinstance(getattr(side, "value", 0), int | float)
                      for side in (node.left, node.right))
        swap = OPERATORS.get(type(node.op))
        if swap is not None and not is_text:
            self._add(node, ast.BinOp(node.left, swap(), node.right))
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = OPERATORS.get(type(node.op))
        if swap is not None:
            new = ast.AugAssign(node.target, swap(), node.value)
            self.site(node, ast.unparse(new), _change(ast.unparse(node), ast.unparse(new)))
        self.visit(node.value)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if type(value) is bool:
            self._add(node, ast.Constant(not value))
        elif type(value) is int:
            self._add(node, ast.Constant(0 if value == 1 else value + 1))

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in OPPOSITES:
            self._add(node.func, OPPOSITES[node.func.id])
        if isinstance(node.func, ast.Attribute) and node.func.attr in NORMALISERS:
            self._add(node, node.func.value)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name) and node.value.id in (
                "tuple", "list", "dict", "set", "type", "Callable", "Sequence", "Iterator"):
            return  # a type written as a value (a cast, an alias)
        self.generic_visit(node)


def _line_starts(source: bytes) -> list[int]:
    starts = [0]
    for i, byte in enumerate(source):
        if byte == 0x0A:
            starts.append(i + 1)
    return starts


def python_mutants(path: str, source: bytes) -> Iterator[Mutant]:
    """Every mutant of one Python module (``source`` is its bytes), in file order."""
    finder = _Finder()
    finder.visit(ast.parse(source))
    starts = _line_starts(source)
    seen: dict[tuple[str, str], int] = {}
    sites = sorted(finder.sites, key=lambda s: (s.node.lineno, s.node.col_offset, s.change))  # type: ignore[attr-defined]
    for site in sites:
        node: ast.expr = site.node  # type: ignore[assignment]
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = starts[node.lineno - 1] + node.col_offset
        end = starts[node.end_lineno - 1] + node.end_col_offset
        replacement = site.new.encode("utf-8")
        mutated = source[:start] + replacement + source[end:]
        try:
            compile(mutated, path, "exec", dont_inherit=True)
        except SyntaxError:
            continue
        count = seen[(site.scope, site.change)] = seen.get((site.scope, site.change), 0) + 1
        yield Mutant(path, node.lineno, node.end_lineno, site.scope, site.change, start, end,
                     replacement, count, site.at_import)


def js_mutant(path: str, source: bytes, find: str, replace: str) -> Mutant:
    """The hand-written mutant replacing ``find`` (which must occur once) by ``replace``."""
    needle = find.encode("utf-8")
    start = source.find(needle)
    if start < 0 or source.find(needle, start + 1) >= 0:
        how = "is not" if start < 0 else "is more than once"
        raise ValueError(f"{path}: {find!r} {how} in the file: update the JavaScript mutants")
    line = source.count(b"\n", 0, start) + 1
    change = _change(find, replace)
    return Mutant(path, line, line + find.count("\n"), "js", change, start, start + len(needle),
                  replace.encode("utf-8"))
