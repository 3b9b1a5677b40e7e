"""The import graph of ``tracer/``: no circle, no module importing one above it, no name tests.

Every import is read with ``ast``: at module level, inside functions, and under
``TYPE_CHECKING`` (those only for the layers: they never run, so they cannot
close a circle). Importing a submodule runs its packages first, so it counts as
importing them too, except the packages the importing module is itself in
(they run before it: the package root always, a package's own ``__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tracer"

#: The layers, lowest first: a module may import its own layer and those below.
LAYERS = [
    ("tracer.errors", "tracer.style", "tracer.scores", "tracer.hooks", "tracer.examples", "tracer.opening"),
    ("tracer.games",),
    ("tracer.trace",),
    ("tracer.search",),
    ("tracer.tracefile",),
    ("tracer.explain",),
    ("tracer.renderers",),
    ("tracer.outputs",),
    ("tracer.cli", "tracer.commands", "tracer.commandline", "tracer.console", "tracer.options",
     "tracer.play", "tracer.check", "tracer.classcheck", "tracer.__main__"),
    ("tracer",),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    """The layer of a module: the deepest matching prefix wins (``tracer`` is only the root)."""
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if prefix == "tracer" and module == "tracer":
                return index
            if prefix != "tracer" and (module == prefix or module.startswith(prefix + ".")):
                return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(module: str) -> list[tuple[str, bool, int]]:
    """``(imported tracer module, runs, line)`` for every import in ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, runs: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                for inner in child.body:  # type: ignore[attr-defined]
                    visit_one(inner, False)
                for inner in child.orelse:  # type: ignore[attr-defined]
                    visit_one(inner, runs)
                continue
            visit_one(child, runs)

    def visit_one(node: ast.AST, runs: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, runs, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.append((name if name in MODULES else base, runs, node.lineno))
        visit(node, runs)

    visit(tree, True)
    return [(name, runs, line) for name, runs, line in found if name.split(".")[0] == "tracer"]


def edges(runs_only: bool) -> dict[str, set[str]]:
    """Each module's imports of other tracer modules, with the packages that run first."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module in MODULES:
        for name, runs, _line in imports_of(module):
            if runs_only and not runs:
                continue
            parts = name.split(".")
            for end in range(2, len(parts) + 1):  # the packages run before the module
                target = ".".join(parts[:end])
                if target in MODULES and target != module and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def test_every_module_sits_in_a_layer():
    assert MODULES, PACKAGE
    for module in MODULES:
        layer(module)


def test_no_module_imports_one_above_it():
    upward = [f"{module}:{line} imports {name} (layer {layer(module)} < {layer(name)})"
              for module in MODULES for name, _runs, line in imports_of(module)
              if name in MODULES and layer(name) > layer(module)]
    assert upward == []


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle a depth-first walk of ``graph`` meets, each as the modules along it."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    found: list[list[str]] = []

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                walk(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    return found


def test_no_circle_of_imports():
    assert circles(edges(runs_only=True)) == []


def test_no_circle_even_through_type_only_imports_outside_trace_check():
    """A type-only import is an edge a reader follows too. ``tracer.check``'s own (its result
    and the modules that present it) go with that package's rewrite into the core's trace."""
    assert [c for c in circles(edges(runs_only=False)) if not c[0].startswith("tracer.check.")] == []


def test_the_checks_find_what_they_look_for():
    """A circle and an upward import are found (on made-up graphs and modules)."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert layer("tracer.renderers.log") > layer("tracer.explain.base") > layer("tracer.trace")
    assert layer("tracer.games.tictactoe.board") < layer("tracer.trace") < layer("tracer") == len(LAYERS) - 1
    # A function-level import is read, and resolved from its package.
    found = imports_of("tracer.renderers.notebook")
    assert ("tracer.renderers.tree", True, found[[n for n, _, _ in found].index("tracer.renderers.tree")][2]) in found


# ---- renderers ask the plug-ins, never a name -------------------------------------------------

#: Where a game's or a search's name may be spelled: their own packages and their plug-ins.
OWNERS = ("tracer.games", "tracer.search", "tracer.explain")


def _names() -> set[str]:
    """Every registered search's name, its settings and per-call facts, and every game's name."""
    from tracer import games, search

    names = {kind.name for kind in games.kinds()}
    for kind in search.kinds():
        names |= {kind.name, *kind.settings, *kind.extras}
    return names


@pytest.mark.parametrize("module", [m for m in MODULES if not m.startswith(OWNERS)])
def test_no_module_tests_a_game_or_a_search_by_name(module):
    """Outside the games, the searches and their plug-ins, no string is a game's or a search's
    name (nor one of its settings or per-call facts), and nothing probes a game's attributes:
    renderers ask the plug-ins."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    names = _names() - {"tree"}  # "tree" is also the JSON trace's key for the call tree
    spelled = [(node.lineno, node.value) for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names]
    assert spelled == []
    probes = [node.lineno for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr") and node.args
              and "game" in ast.unparse(node.args[0])]
    assert probes == []
