"""Instrument a learner's JavaScript so every call of its search function is recorded.

Each recorded function keeps its body under a new name (``__tracer_orig_minimax``), and a
wrapper takes the old name in the same scope: ``function minimax(...a) { return
__tracer__.c(K, this, a, __tracer_orig_minimax) }``, hoisted as the original was, so the
recursive calls reach it by name. Text is only inserted into existing lines, so every error
still names the learner's own line. To reach functions the program never calls, a ``see`` at
the top hands over a way to read the file's top-level bindings, and a function enclosing a
search declaration gets a first statement that hands its (hoisted) declarations over and
leaves, when tracer itself calls it to harvest them. Offsets come from the syntax tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..running.record import Function
from .jssource import JsFunction, JsSource, JsSyntaxError, after_directives, calls_in, countdown, parse, span, walk

PREFIX = "__tracer_orig_"
SELF_PREFIX = "__tracer_self_"
ARGS = "__tracer_args"
#: Kinds whose wrapper is a method on ``this`` rather than a function in scope.
MEMBER_KINDS = ("method", "field", "object-method", "object-property")


def normalised(name: str) -> str:
    return name.lower().replace("_", "")


#: Learners' names (lowercased, no underscores) for a whole search (``miniMax``, ``negamax``,
#: ``minimaxScore``, ``alpha_beta``, ``abminimax``) and for one side's half (``max_value``).
WHOLE_SEARCH = re.compile(r"(?:ab)?(?:mini|nega|min)max.*|alphabeta.*")
HALF_SEARCH = re.compile(r"(?:max|min)value")


def is_search_name(name: str) -> bool:
    """Whether a function's name says it is a minimax search."""
    n = normalised(name)
    return WHOLE_SEARCH.fullmatch(n) is not None or HALF_SEARCH.fullmatch(n) is not None


@dataclass
class Instrumented:
    """The program's instrumented text and what it records."""

    source: str
    functions: list[Function]
    parsed: JsSource


def choose(parsed: list[JsSource], wanted: list[str] | None) -> dict[str, str]:
    """``{name: role}`` of the functions to record: the search functions (by name, or the
    names ``--function`` gave) and the drivers that call them, in any of the files."""
    definitions = [d for p in parsed for d in p.functions]
    names = {d.name for d in definitions}
    searches = {n for n in wanted if n in names} if wanted else {n for n in names if is_search_name(n)}
    if not wanted and not searches:
        # A search named otherwise (``search``, ``value``, ``score``) still calls itself.
        searches = {d.name for p in parsed for d in p.functions if calls_in(d, {d.name}, p.functions)}
    if not wanted:
        # One named as a search that only calls a function recursing under another name is its
        # driver (``minimax(board)`` returning a move, its loop calling ``scoreOf``).
        recursing = {d.name for p in parsed for d in p.functions if calls_in(d, {d.name}, p.functions)} - searches
        for p in parsed:
            for d in p.functions:
                helpers = {r for r in recursing if calls_in(d, {r}, p.functions)}
                if d.name in searches and helpers and not calls_in(d, searches, p.functions):
                    searches = (searches - {d.name}) | helpers
    roles = {n: "search" for n in searches}
    for p in parsed:
        for d in p.functions:
            if d.name not in searches and calls_in(d, searches, p.functions):
                roles.setdefault(d.name, "driver")
    return roles


def instrument_all(sources: list[str], wanted: list[str] | None = None,
                   tolerated: frozenset[int] = frozenset()) -> list[Instrumented]:
    """Instrument the files of one program with one function table (a search in one file, its
    driver in another); JsSyntaxError (``index``: which file) unless the file is ``tolerated``."""
    parsed = []
    for place, source in enumerate(sources):
        try:
            parsed.append(parse(source, place in tolerated))
        except JsSyntaxError as exc:
            exc.index = place
            raise
    roles = choose(parsed, wanted)
    table = _table(parsed, roles)
    index = {r.name: k for k, r in enumerate(table)}
    return [Instrumented(_edited(p, index, table), table, p) for p in parsed]


def _edited(parsed: JsSource, index: dict[str, int], table: list[Function]) -> str:
    """One file's text with its recorded functions wrapped (see the module's docstring)."""
    definitions = parsed.functions
    edits: list[tuple[int, int, str]] = []  # (start offset, end offset, replacement), in bytes
    prologue_at = _prologue_offset(parsed)
    # Each file hands over a way to read its own top-level names (a module's are its own).
    edits.append((prologue_at, prologue_at, "__tracer__.see((n)=>eval(n));"))
    renamed_bindings: set[str] = set()
    for d in definitions:
        if d.name in index:
            edits.extend(_wrap(d, index[d.name], parsed, prologue_at))
            if d.kind in ("binding", "assignment"):
                renamed_bindings.add(d.name)
    edits.extend(_rename_bindings(parsed, renamed_bindings, {d.name_span for d in definitions}))
    edits.extend(_harvest_prologues(definitions, table))
    return _apply(parsed.data, edits)


def _table(parsed: list[JsSource], roles: dict[str, str]) -> list[Function]:
    """The function table: one entry per recorded name, searches first, in source order."""
    table: list[Function] = []
    seen: set[str] = set()
    for role in ("search", "driver"):
        for d, source in [(d, p) for p in parsed for d in p.functions]:
            if roles.get(d.name) == role and d.name not in seen:
                seen.add(d.name)
                reach, path = _reach(d, source)
                table.append(Function(d.name, role, list(d.params), d.line, reach, path, d.kind,
                                      countdown(d, set(roles))))
    return table


def _reach(d: JsFunction, parsed: JsSource) -> tuple[str, list[str]]:
    """How tracer can get hold of ``d`` to call it: a top-level binding, or by harvesting."""
    definitions = parsed.functions
    if d.kind in MEMBER_KINDS:
        return "none", []
    if d.parent is None or (d.kind == "assignment" and _declaration_of(d.name, parsed) is None):
        return "top", []  # an undeclared name is a global: its wrapper is at the top
    path: list[str] = []
    node = d
    while node.parent is not None:
        if node.kind != "declaration":  # only declarations exist before their function runs
            return "none", []
        parent = definitions[node.parent]
        if parent.kind in MEMBER_KINDS or parent.body is None:
            return "none", []
        path.insert(0, parent.name)
        node = parent
    return "harvest", path


def _wrapper(d: JsFunction, k: int) -> str:
    orig = PREFIX + d.name
    head = "static " if d.static else ""
    if d.kind in ("method", "object-method", "object-property"):
        tail = "," if d.kind.startswith("object") else " "
        return f"{head}{d.name}(...{ARGS}){{return __tracer__.c({k},this,{ARGS},this.{orig})}}{tail}"
    if d.kind == "field":
        return f"{head}{d.name}=(...{ARGS})=>__tracer__.c({k},this,{ARGS},this.{orig});"
    wrapper = f"function {d.name}(...{ARGS}){{return __tracer__.c({k},this,{ARGS},{orig})}}"
    if d.export is not None:
        # The module exports the wrapper under the name; the original loses its ``export``.
        return f"export {'default ' if d.export[1] else ''}{wrapper};"
    return ";" + wrapper


def _wrap(d: JsFunction, k: int, parsed: JsSource, prologue_at: int) -> list[tuple[int, int, str]]:
    edits = [(*d.name_span, PREFIX + d.name)]
    if d.self_name is not None:
        own = parsed.data[d.self_name[0]:d.self_name[1]].decode("utf-8")
        edits.append((*d.self_name, SELF_PREFIX + own))
    if d.export is not None:
        edits.append((*d.export[0], ""))
    if d.kind == "assignment":
        # The wrapper goes where the name is declared, or at the top for an undeclared name.
        declared = _declaration_of(d.name, parsed)
        at = declared if declared is not None else prologue_at
        if declared is None and any(e.kind == "assignment" and e.name == d.name and e.name_span
                                    < d.name_span for e in parsed.functions):
            return edits  # one wrapper per undeclared name
        edits.append((at, at, _wrapper(d, k)))
        return edits
    edits.append((d.start, d.start, _wrapper(d, k)))
    return edits


def _declaration_of(name: str, parsed: JsSource) -> int | None:
    """Where the first ``let``/``var``/``const`` declaring ``name`` starts, if any."""
    for node in walk(parsed.tree.root_node):
        if node.type == "variable_declarator":
            target = node.child_by_field_name("name")
            if target is not None and target.type == "identifier" and target.text == name.encode() \
                    and node.parent is not None:
                return node.parent.start_byte
    return None


def _rename_bindings(parsed: JsSource, names: set[str], done: set[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Every other declaration of, and assignment to, a renamed binding: renamed too."""
    edits = []
    wanted = {n.encode() for n in names}
    for node in walk(parsed.tree.root_node):
        field = {"variable_declarator": "name", "assignment_expression": "left"}.get(node.type)
        target = node.child_by_field_name(field) if field else None
        if target is not None and target.type == "identifier" and target.text in wanted \
                and span(target) not in done:
            edits.append((*span(target), PREFIX + parsed.text(target)))
    return edits


def _harvest_prologues(definitions: list[JsFunction], table: list[Function]) -> list[tuple[int, int, str]]:
    """The first statement of each function that encloses a harvestable search function."""
    hand_over: dict[int, list[str]] = {}  # enclosing definition -> names to hand over
    for entry in table:
        if entry.reach != "harvest":
            continue
        for d in definitions:
            if d.name != entry.name or d.kind != "declaration":
                continue
            node = d
            while node.parent is not None:
                names = hand_over.setdefault(node.parent, [])
                if node.name not in names:
                    names.append(node.name)
                node = definitions[node.parent]
    edits = []
    for parent, names in hand_over.items():
        body = definitions[parent].node.child_by_field_name("body")
        assert body is not None
        at = after_directives(body, body.start_byte + 1)
        handed = ",".join(f"{n}:{n}" for n in names)
        edits.append((at, at, f"if(__tracer__.h){{__tracer__.got({{{handed}}});throw __tracer__.STOP}}"))
    return edits


def _prologue_offset(parsed: JsSource) -> int:
    """Where top-level text can go: on the line after a ``#!`` line, after the file's directives."""
    start = 0
    if parsed.data.startswith(b"#!"):
        end = parsed.data.find(b"\n")
        start = len(parsed.data) if end < 0 else end + 1
    return after_directives(parsed.tree.root_node, start)


def _apply(data: bytes, edits: list[tuple[int, int, str]]) -> str:
    out, last = [], 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        out.append(data[last:start])
        out.append(text.encode("utf-8"))
        last = max(last, end)
    out.append(data[last:])
    return b"".join(out).decode("utf-8")
