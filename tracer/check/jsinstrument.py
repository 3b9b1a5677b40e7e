"""Instrument a learner's JavaScript so every call of its search function is recorded.

Each recorded function keeps its body untouched under a new name
(``__tracer_orig_minimax``), and a wrapper takes the old name in the same scope:
``function minimax(...a) { return __tracer__.c(K, this, a, __tracer_orig_minimax) }``.
A function declaration is hoisted, so the wrapper is callable wherever the original
was, and the recursive calls inside the body reach it by name. Text is only inserted
into existing lines, never new ones, so every error still names the learner's own line.

Three more insertions let tracer reach functions the program never calls:
a ``peek`` at the top that reads a top-level binding by name, and, for a search function
declared inside another function, a first statement in that function that hands the
nested declarations over (JavaScript hoists them) and leaves before anything else runs,
when, and only when, tracer itself calls it to harvest them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .jsfunctions import JsFunction, find_functions
from .jstokens import Token, tokenize

PREFIX = "__tracer_orig_"
SELF_PREFIX = "__tracer_self_"
ARGS = "__tracer_args"
#: Kinds whose wrapper is a method on ``this`` rather than a function in scope.
MEMBER_KINDS = ("method", "field", "object-method", "object-property")


def normalised(name: str) -> str:
    return name.lower().replace("_", "")


#: A learner's names for a whole search (``minimax``, ``miniMax``, ``mini_max``, ``negamax``,
#: ``minimaxScore``), read lowercased without underscores; and for one side's half of it (the
#: course project's ``max_value``/``min_value``). Learners' names, not tracer's searches'.
WHOLE_SEARCH = re.compile(r"(?:mini|nega)max.*")
HALF_SEARCH = re.compile(r"(?:max|min)value")


def is_search_name(name: str) -> bool:
    """Whether a function's name says it is a minimax search."""
    n = normalised(name)
    return WHOLE_SEARCH.fullmatch(n) is not None or HALF_SEARCH.fullmatch(n) is not None


@dataclass
class Recorded:
    """A function the instrumented program records, as the host and tracer see it."""

    #: Its name; also its key in the function table.
    name: str
    #: ``search`` (a minimax function) or ``driver`` (a function that calls one: its loop
    #: may be the root of the search).
    role: str
    #: Its parameters' names, from its first definition.
    params: list[str]
    #: The line of its first definition.
    line: int
    #: How tracer can call it itself: ``top`` (a top-level binding, read with peek),
    #: ``harvest`` (declared inside the functions ``path``), or ``none``.
    reach: str = "none"
    #: For ``harvest``: the enclosing functions' names, outermost first.
    path: list[str] = field(default_factory=list)
    #: The definition's kind (see JsFunction.kind).
    kind: str = "declaration"
    #: Parameters its own recursive calls pass lowered (``depth - 1``): see record.Function.
    countdown: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "params": self.params, "line": self.line,
                "reach": self.reach, "path": self.path, "kind": self.kind, "countdown": self.countdown}


@dataclass
class Instrumented:
    """The program's instrumented text and what it records."""

    source: str
    functions: list[Recorded]
    #: Every function definition found (for hints and messages).
    definitions: list[JsFunction]
    tokens: list[Token]


def calls_in(fn: JsFunction, tokens: list[Token], names: set[str], found: list[JsFunction]) -> bool:
    """Whether ``fn``'s body, outside the functions nested in it, calls one of ``names``."""
    if fn.body is None:
        return False
    skip = [found[c].body for c in fn.children if found[c].body]
    for i in range(fn.body[0] + 1, fn.body[1]):
        if any(s[0] <= i <= s[1] for s in skip):  # type: ignore[index]
            continue
        tok = tokens[i]
        if tok.kind == "id" and tok.text in names and i + 1 < len(tokens) \
                and tokens[i + 1].text == "(" and tokens[i - 1].text != "function":
            return True
    return False


def choose(definitions: list[JsFunction], tokens: list[Token], wanted: list[str] | None) -> dict[str, str]:
    """``{name: role}`` of the functions to record: the search functions (by name, or the
    names ``--function`` gave) and the drivers that call them."""
    names = {d.name for d in definitions}
    searches = {n for n in wanted if n in names} if wanted else {n for n in names if is_search_name(n)}
    roles = {n: "search" for n in searches}
    for d in definitions:
        if d.name not in searches and calls_in(d, tokens, searches, definitions):
            roles.setdefault(d.name, "driver")
    return roles


def instrument(source: str, wanted: list[str] | None = None) -> Instrumented:
    """Instrument ``source``; raise JsSyntaxError if it cannot be tokenized."""
    tokens = tokenize(source)
    definitions = find_functions(tokens)
    roles = choose(definitions, tokens, wanted)
    table = _table(definitions, roles, tokens)
    index = {r.name: k for k, r in enumerate(table)}
    edits: list[tuple[int, int, str]] = []  # (start offset, end offset, replacement)
    prologue_at = _prologue_offset(source, tokens)
    edits.append((prologue_at, prologue_at, "__tracer__.peek=(n)=>eval(n);"))
    renamed_bindings: set[str] = set()
    for d in definitions:
        if d.name in index:
            edits.extend(_wrap(d, index[d.name], tokens, definitions, prologue_at))
            if d.kind in ("binding", "assignment"):
                renamed_bindings.add(d.name)
    edits.extend(_rename_bindings(tokens, renamed_bindings, {d.name_token for d in definitions}))
    edits.extend(_harvest_prologues(definitions, tokens, table, source))
    return Instrumented(_apply(source, edits), table, definitions, tokens)


def _table(definitions: list[JsFunction], roles: dict[str, str], tokens: list[Token]) -> list[Recorded]:
    """The function table: one entry per recorded name, searches first, in source order."""
    table: list[Recorded] = []
    seen: set[str] = set()
    for role in ("search", "driver"):
        for d in definitions:
            if roles.get(d.name) == role and d.name not in seen:
                seen.add(d.name)
                reach, path = _reach(d, definitions, tokens)
                table.append(Recorded(d.name, role, d.params, d.line, reach, path, d.kind,
                                      _countdown(d, tokens, roles)))
    return table


def _countdown(d: JsFunction, tokens: list[Token], roles: dict[str, str]) -> list[str]:
    """The parameters ``d``'s calls of the search functions pass as ``NAME - …``."""
    if d.body is None:
        return []
    found: set[str] = set()
    for i in range(d.body[0] + 1, d.body[1]):
        if tokens[i].kind != "id" or tokens[i].text not in roles or tokens[i + 1].text != "(":
            continue
        depth, argument = 0, []  # type: tuple[int, list[Token]]
        for j in range(i + 2, d.body[1]):
            text = tokens[j].text
            if text in ("(", "[", "{"):
                depth += 1
            elif text in (")", "]", "}"):
                if depth == 0:
                    _lowered(argument, d.params, found)
                    break
                depth -= 1
            elif text == "," and depth == 0:
                _lowered(argument, d.params, found)
                argument = []
                continue
            argument.append(tokens[j])
    return sorted(found)


def _lowered(argument: list[Token], params: list[str], found: set[str]) -> None:
    texts = [t.text for t in argument]
    if len(texts) >= 3 and texts[0] in params and texts[1] == "-":
        found.add(texts[0])


def _reach(d: JsFunction, definitions: list[JsFunction], tokens: list[Token]) -> tuple[str, list[str]]:
    """How tracer can get hold of ``d`` to call it: a top-level binding, or by harvesting."""
    if d.kind in MEMBER_KINDS:
        return "none", []
    if d.parent is None or (d.kind == "assignment" and _declaration_of(d.name, tokens) is None):
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
    if d.kind in ("method", "object-method", "object-property"):
        head = "static " if d.static else ""
        tail = "," if d.kind.startswith("object") else " "
        return f"{head}{d.name}(...{ARGS}){{return __tracer__.c({k},this,{ARGS},this.{orig})}}{tail}"
    if d.kind == "field":
        head = "static " if d.static else ""
        return f"{head}{d.name}=(...{ARGS})=>__tracer__.c({k},this,{ARGS},this.{orig});"
    return f";function {d.name}(...{ARGS}){{return __tracer__.c({k},this,{ARGS},{orig})}}"


def _wrap(d: JsFunction, k: int, tokens: list[Token], definitions: list[JsFunction],
          prologue_at: int) -> list[tuple[int, int, str]]:
    name = tokens[d.name_token]
    edits = [(name.start, name.end, PREFIX + d.name)]
    if d.self_name_token is not None:
        own = tokens[d.self_name_token]
        edits.append((own.start, own.end, SELF_PREFIX + own.text))
    if d.kind == "assignment":
        # The wrapper goes where the name is declared, or at the top for an undeclared name.
        declared = _declaration_of(d.name, tokens)
        at = tokens[declared].start if declared is not None else prologue_at
        if declared is None and any(e.kind == "assignment" and e.name == d.name and e.name_token
                                    < d.name_token for e in definitions):
            return edits  # one wrapper per undeclared name
        edits.append((at, at, _wrapper(d, k)))
        return edits
    at = tokens[d.start_token].start
    edits.append((at, at, _wrapper(d, k)))
    return edits


def _declaration_of(name: str, tokens: list[Token]) -> int | None:
    """The ``let``/``var``/``const`` token that declares ``name`` without a function, if any."""
    for i in range(len(tokens) - 1):
        if tokens[i].kind == "id" and tokens[i].text in ("let", "var", "const") \
                and tokens[i + 1].text == name:
            return i
    return None


def _rename_bindings(tokens: list[Token], names: set[str], done: set[int]) -> list[tuple[int, int, str]]:
    """Every other declaration of, and assignment to, a renamed binding: renamed too."""
    edits = []
    for i, tok in enumerate(tokens):
        if tok.kind != "id" or tok.text not in names or i in done:
            continue
        prev = tokens[i - 1] if i else None
        after_keyword = prev is not None and prev.kind == "id" and prev.text in ("let", "var", "const")
        assigned = i + 1 < len(tokens) and tokens[i + 1].text == "=" and (
            prev is None or prev.text in (";", "{", "}") or tok.newline_before)
        if after_keyword or assigned:
            edits.append((tok.start, tok.end, PREFIX + tok.text))
    return edits


def _harvest_prologues(definitions: list[JsFunction], tokens: list[Token], table: list[Recorded],
                       source: str) -> list[tuple[int, int, str]]:
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
        body = definitions[parent].body
        assert body is not None
        at = _after_directives(tokens, body[0] + 1, tokens[body[0]].end)
        handed = ",".join(f"{n}:{n}" for n in names)
        edits.append((at, at, f"if(__tracer__.h){{__tracer__.got({{{handed}}});throw __tracer__.STOP}}"))
    return edits


def _after_directives(tokens: list[Token], i: int, default: int) -> int:
    """The offset after a directive prologue (``"use strict";``) starting at token ``i``."""
    at = default
    while i < len(tokens) and tokens[i].kind == "str":
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if nxt is not None and nxt.text == ";":
            at, i = nxt.end, i + 2
        elif nxt is None or nxt.newline_before or nxt.text == "}":
            at, i = tokens[i].end, i + 1
        else:
            break
    return at


def _prologue_offset(source: str, tokens: list[Token]) -> int:
    """Where top-level text can go: after a ``#!`` line and the file's directives."""
    start = 0
    if source.startswith("#!"):
        end = source.find("\n")
        start = len(source) if end < 0 else end + 1
    return _after_directives(tokens, 0, start) if tokens and tokens[0].kind == "str" else start


def _apply(source: str, edits: list[tuple[int, int, str]]) -> str:
    out, last = [], 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        out.append(source[last:start])
        out.append(text)
        last = max(last, end)
    out.append(source[last:])
    return "".join(out)
