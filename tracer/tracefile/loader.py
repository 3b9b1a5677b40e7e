"""Reading a JSON trace back into a Trace: every field checked against its game and its search.

The file is read as a stream (``stream.TraceReader``); only the keys the
format, the trace's game (``GameKind``) and its search (``SearchKind``) define
are read, each checked, and the rebuilt trace must pass ``Trace.check``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, BinaryIO, NoReturn

from .. import games, search
from ..errors import InputError, quote
from ..scores import check_score
from ..trace import Positions, SearchInfo, Trace
from .stream import TraceReader
from .writer import FORMAT, LATEST, result_fields


def load_json(stream: BinaryIO, source: str = "<json>") -> Trace:
    """A saved JSON trace read back in bounded memory and checked; InputError naming the
    source and what is wrong."""
    reader = TraceReader(stream, source, max_depth=readable_depth())
    return _build(reader.nodes(), reader.header, source)


def readable_depth() -> int:
    """The most nested calls (the root is 1) a saved trace may hold: as many as the deepest game makes."""
    return max(kind.max_depth for kind in games.kinds()) + 1


def trace_from_dict(doc: Any, source: str = "<json>") -> Trace:
    """Rebuild a Trace from a parsed JSON trace document (a dict, as json.load gives)."""
    _need(isinstance(doc, dict) and isinstance(doc.get("tree"), dict),
          f'expected a JSON object with "format": "{FORMAT}" and a "tree"', source)
    header = {k: v for k, v in doc.items() if k != "tree"}
    return _build(_walk(doc["tree"], source), header, source)


def _walk(tree: dict[str, Any], source: str) -> Iterator[tuple[int, Any, dict[str, Any], None]]:
    """The nodes of a parsed tree in pre-order, as TraceReader.nodes() yields them."""
    pending: list[tuple[int, Any]] = [(0, tree)]
    while pending:
        depth, node = pending.pop()
        _need(isinstance(node, dict) and isinstance(node.get("children"), list),
              'expected every node to be a JSON object with a "children" array', source)
        fields = {k: v for k, v in node.items() if k not in ("call", "children")}
        yield depth, node.get("call"), fields, None
        pending.extend((depth + 1, child) for child in reversed(node["children"]))


def _need(condition: bool, message: str, source: str) -> None:
    if not condition:
        raise InputError(message, source)


def _is_int(value: object) -> bool:
    return type(value) is int  # not bool, not float: JSON's true and 1.0 are not 1


#: Moves and depths are stored as 16-bit integers; no game here comes near this.
MAX_MOVE = 1 << 15

#: The keys every node has besides the game's; any other key is a per-call fact of the
#: search (an extra). ``call`` and ``children`` are the reader's.
NODE_KEYS = frozenset({"depth", "move", "terminal", "score", "best"})


def _search_info(header: dict[str, Any], source: str) -> tuple[games.GameKind, SearchInfo]:
    """The game's kind and the search the header names, checked."""
    _need(header.get("format") == FORMAT,
          f'expected a JSON object with "format": "{FORMAT}" before its "tree"', source)
    version = header.get("version")
    _need(_is_int(version) and version in (1, LATEST),
          f"expected trace format version 1 or {LATEST}, found {quote(json.dumps(version))}", source)
    if version == 1:  # the guide's minimax on the guide's game: the only trace version 1 holds
        return games.version1(), SearchInfo(search.baseline().name)
    game, found = header.get("game"), header.get("search")
    _need(isinstance(game, str) and _known(games.find, game),
          f'expected "game" to be one of {", ".join(sorted(k.name for k in games.kinds()))}', source)
    names = search.names()
    _need(isinstance(found, dict) and isinstance(found.get("algorithm"), str)
          and _known(search.find, found["algorithm"]),
          f'expected "search" to name an algorithm ({", ".join(sorted(names))})', source)
    assert isinstance(found, dict) and isinstance(game, str)
    allowed = search.find(found["algorithm"], source).settings
    for name, value in found.items():
        if name == "algorithm":
            continue
        _need(name in allowed, 'expected "search" to hold only "algorithm"'
              + "".join(f' and "{k}"' for k in allowed) + f", found the key {quote(json.dumps(name))}",
              source)
        values = allowed[name].values
        _need(isinstance(value, str) and value in values,
              f'expected "{name}" to be one of {", ".join(values)}, found {quote(json.dumps(value))}',
              source)
    settings = tuple((k, v) for k, v in found.items() if k != "algorithm")
    return games.find(game, source), SearchInfo(found["algorithm"], settings)


def _known(find: Callable[[str], Any], name: str) -> bool:
    """Whether the registry finds ``name``: those it offers, and those found only by name
    (a learner's recorded search, which ``trace check`` saves)."""
    try:
        find(name)
    except InputError:
        return False
    return True


def _build(nodes: Iterator[tuple[int, Any, dict[str, Any], str | None]],
           header: dict[str, Any], source: str) -> Trace:
    """The Trace of pre-order nodes, checked against the header, the game and the search."""
    builder: _RowBuilder | None = None
    info: SearchInfo | None = None
    for depth, call, fields, key in nodes:
        if builder is None:  # the header's fields come before the tree
            kind, info = _search_info(header, source)
            # Only the keys the format, the game and the search define are read: any
            # other key in the header or a node (a later version's) is left unread.
            found = search.find(info.algorithm, source)
            builder = _RowBuilder(kind, kind.from_json(header, source), source, found.extras,
                                  tuple(found.derived), found.later_extras)
        builder.node(depth, call, fields, key)
    _need(builder is not None and info is not None, "expected a tree with at least its root node", source)
    assert builder is not None and info is not None
    while builder.stack:
        builder.close()
    rows = builder.rows
    builder.kind.rows_read(builder.game, rows)
    trace = Trace(builder.game, rows, info)
    try:
        trace.check()
    except AssertionError as exc:
        raise InputError(f"expected a consistent trace: {exc}", source) from None
    _check_derived(trace, builder.derived, source)
    calls = header.get("calls")
    _need(_is_int(calls) and calls == trace.calls,
          f'expected "calls" to be {trace.calls}, found {quote(json.dumps(calls))}', source)
    result, expected = header.get("result"), result_fields(trace)
    _need(isinstance(result, dict) and result == expected
          and all(_is_int(v) or v is None for v in result.values() if not isinstance(v, str)),
          f'expected "result" to be {expected}, found {quote(json.dumps(result))}', source)
    return trace


def _check_derived(trace: Trace, given: dict[str, dict[int, tuple[int, Any]]], source: str) -> None:
    """Each fact the search's rows imply (alpha-beta's ``bound``), where the file gives it
    (older files do not), must be what the rows imply."""
    derived = search.find(trace.search.algorithm, source).derived
    for name, found in given.items():
        column = derived[name](trace)
        for pid, (call, value) in found.items():
            if column[pid] != value:
                raise InputError(f'call {call}: expected "{name}" to be '
                                 f"{json.dumps(column[pid], ensure_ascii=False)}, found "
                                 f"{quote(json.dumps(value, ensure_ascii=False))}", source)


class _RowBuilder:
    """Turns the pre-order nodes of a JSON trace back into the search's rows.

    Rows are numbered on first meeting and their edges stored when their subtree is done,
    as the searches do, so a loaded trace has the very rows of the recorded one. A node met
    again must repeat the first one's subtree exactly.
    """

    def __init__(self, kind: games.GameKind, game: Any, source: str,
                 extras: Mapping[str, Callable[[Any], bool]], derived: tuple[str, ...], later: tuple[str, ...]):
        self.kind, self.game, self.source = kind, game, source
        # The search's per-call facts with their value checks; those a file written before
        # they were recorded leaves out (read as null); the facts the rows imply, as given
        # (call number and value per row), checked once the rows are built.
        self.extra_checks, self.later, self.derived_names = extras, later, derived
        self.derived: dict[str, dict[int, tuple[int, Any]]] = {name: {} for name in derived}
        self.rows = Positions()
        self.memo: dict[tuple[Any, ...], int] = {}
        self.infos: dict[str, tuple[Any, ...]] = {}
        # Per row: its (terminal, score), and once its subtree is read, its (moves, child
        # rows, chosen index), which every later meeting must repeat.
        self.results: list[tuple[int, int]] = []
        self.edges: list[tuple[list[Any], list[int], int] | None] = []
        self.next_call = 1
        self.extra_names: list[str] | None = None
        # Open calls: [row, key, best move, moves so far, child rows so far, known row].
        self.stack: list[list[Any]] = []

    def fail(self, message: str) -> NoReturn:
        raise InputError(f"call {self.next_call}: {message}", self.source)

    def node(self, depth: int, call: Any, fields: dict[str, Any], key: str | None) -> None:
        """Take the next node in pre-order (its subtree follows it).

        Runs once per call (549,946 times for the empty board), so it keeps to local
        names and cached checks: a node's own fields are checked once per distinct text.
        """
        stack = self.stack
        while len(stack) > depth:
            self.close()
        if depth != len(stack) or (depth == 0 and self.next_call != 1):
            self.fail("expected one root node, its calls nested below it")
        if call != self.next_call or type(call) is not int:
            self.fail(f"expected call number {self.next_call}, found {quote(json.dumps(call))}")
        info = self.infos.get(key) if key is not None else None
        if info is None:
            info = self.info(fields)
            if key is not None and len(self.infos) < 100_000:
                self.infos[key] = info
        row_key, result, node_depth, move, best = info
        if node_depth != depth or (move is None) != (depth == 0):
            self.fail(f"expected depth {depth} and a move (null at the root), found "
                      f"{quote(json.dumps([node_depth, move]))}")
        pid = self.memo.get(row_key)
        known = pid is not None
        if pid is None:
            pid = self.new_row(row_key, result, depth)
        elif self.results[pid] != result:
            self.fail("differs from an earlier call on the same position")
        for name in self.derived_names:
            if name in fields:
                self.derived[name].setdefault(pid, (call, fields[name]))
        if stack:
            parent = stack[-1]
            parent[3].append(move)
            parent[4].append(pid)
        stack.append([pid, row_key, best, [], [], known])
        self.next_call += 1

    def new_row(self, row_key: tuple[Any, ...], result: tuple[int, int], depth: int) -> int:
        """Number a row on its first meeting, as the search does."""
        pid = self.memo[row_key] = self.rows.add(row_key[0], depth, *result)
        self.results.append(result)
        self.edges.append(None)
        names = [name for name, _ in row_key[2]]
        if self.extra_names is None:
            self.extra_names = names
            self.rows.extras.update((name, []) for name in names)
        if names != self.extra_names:
            self.fail(f"expected the per-call keys {self.extra_names}, found {names}")
        for name, value in row_key[2]:
            self.rows.extras[name].append(value)
        return pid

    def info(self, fields: dict[str, Any]) -> tuple[Any, ...]:
        """A node's own fields, checked: ``(row key, (terminal, score), depth, move, best)``, the
        key being what searches key rows by: the state, its depth, the search's per-call facts."""
        missing = [k for k in sorted(NODE_KEYS | self.kind.json_keys) if k not in fields]
        if missing:
            self.fail(f"expected key {quote(missing[0])} in the node")
        depth, move, best = fields["depth"], fields["move"], fields["best"]
        if not _is_int(depth) or not (move is None or _is_int(move)) or not (best is None or _is_int(best)):
            self.fail("expected integers (or null) for depth, move and best")
        if not all(value is None or 0 <= value < MAX_MOVE for value in (depth, move, best)):
            self.fail(f"expected depth, move and best between 0 and {MAX_MOVE - 1}, found "
                      f"{quote(json.dumps([depth, move, best]))}")
        try:
            score = check_score(fields["score"])
            state = self.kind.state_from_json(self.game, fields)
        except ValueError as exc:
            self.fail(str(exc))
        names = self.game.terminal_names
        terminal = fields["terminal"]
        if not (terminal is None or isinstance(terminal, str)) or terminal not in names:
            self.fail(f"expected terminal to be one of {list(names)}, found {quote(json.dumps(terminal))}")
        return (state, depth, self.extras(fields)), (names.index(terminal), score), depth, move, best

    def extras(self, fields: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        """The per-call facts the trace's search records, each checked; other keys are not read."""
        found: list[tuple[str, Any]] = []
        for name in sorted(self.extra_checks):
            if name not in fields and name in self.later:
                found.append((name, None))  # a file from before the search recorded it
                continue
            if name not in fields:
                self.fail(f"expected key {quote(name)} in the node, as this trace's search records it")
            if not self.extra_checks[name](fields[name]):
                self.fail(f"expected a valid {quote(name)}, found {quote(json.dumps(fields[name]))}")
            value = fields[name]
            found.append((name, tuple(value) if isinstance(value, list) else value))
        return tuple(found)

    def close(self) -> None:
        """The innermost open call's subtree is complete: store or compare its edges."""
        pid, _key, best, moves, children, known = self.stack.pop()
        if best is not None and best not in moves:
            self.fail(f"expected best to be one of the moves {moves} (null if none), found {best!r}")
        best_index = -1 if best is None else moves.index(best)
        if known:
            if self.edges[pid] != (moves, children, best_index):
                self.fail("differs from an earlier call on the same position")
            return
        self.edges[pid] = (moves, children, best_index)
        if children:
            self.rows.set_edges(pid, moves, children, best_index, self.rows.score[pid])

