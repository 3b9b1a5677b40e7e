"""The JSON trace: a versioned file holding every call, streamed out and read back.

Format ``tracer-trace`` version 1 (documented in README.md) is the guide's
minimax on tic-tac-toe::

    {"format": "tracer-trace", "version": 1,
     "board": "X.OX.XOO.", "to_move": "X", "ai": "X", "human": "O",
     "scores": {"human_win": -1, "ai_win": 1, "draw": 0},
     "result": {"index": 4, "score": 1}, "calls": 9,
     "tree": {"call": 1, "depth": 0, "board": "X.OX.XOO.", "mark": "X",
              "move": null, "empty": [1, 4, 8], "terminal": null,
              "score": 1, "best": 4, "children": [...]}}

Version 2 adds ``"game"`` (its name) and ``"search"`` (``{"algorithm": …}`` and
the search's settings) to the header, the game's own header fields, and, in each
node, the per-call facts the search recorded (e.g. ``alpha``, ``beta``). A trace
that version 1 can hold exactly is still written as version 1, so existing
readers keep working; both versions are read back.

Every node has the same keys; ``children`` are in loop order.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, BinaryIO, TextIO

from ..errors import InputError
from ..games import GAME_LOADERS
from ..trace import ENTER, MINIMAX, SEARCH_CHECKS, Positions, SearchInfo, Trace

#: A saved trace of the empty board is about 90 MB; refuse files far beyond any real trace.
MAX_BYTES = 512 * 1024 * 1024

FORMAT = "tracer-trace"
VERSION = 1
LATEST = 2


def format_version(trace: Trace) -> int:
    """1 for what version 1 holds exactly (the guide's minimax on tic-tac-toe), else 2."""
    game = trace.game
    plain = game.name == "tictactoe" and getattr(game, "json_settings", lambda: {})() == {}
    # Depth-aware scores are not a fixed triple: a version 1 reader would misread them.
    plain = plain and getattr(getattr(game, "scores", None), "spec", lambda: "")() != "depth"
    return 1 if plain and trace.search.algorithm == "minimax" and not trace.search.settings else 2


def _header(trace: Trace, version: int) -> str:
    game, dumps = trace.game, _compact
    fields: list[tuple[str, Any]] = [("format", FORMAT), ("version", version)]
    if version > 1:
        search = {"algorithm": trace.search.algorithm, **dict(trace.search.settings)}
        fields += [("game", game.name), ("search", search)]
    fields += list(game.json_header())
    order = getattr(game, "order", None)
    if version > 1 and order is not None and "order" not in dict(fields):
        fields.append(("order", list(order)))  # version 2 always names the loop order
    fields += [("result", trace.result.as_dict()), ("calls", trace.calls)]
    return "{" + ",".join(f"{dumps(k)}:{dumps(v)}" for k, v in fields) + ',\n"tree":'


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _node_fields(trace: Trace, pid: int, move: int, extras: list[str]) -> str:
    """Everything of a node after its call number, up to the opening of ``children``."""
    p, game = trace.positions, trace.game
    state = p.state[pid]
    best = p.best[pid]
    best_move = "null" if best < 0 else str(p.edge_move[p.first_edge[pid] + best])
    more = "".join(f'"{name}":{_compact(p.extras[name][pid])},' for name in extras)
    return (
        f',"depth":{p.depth[pid]},{game.json_head(state)}'
        f'"move":{"null" if move < 0 else move},{game.json_tail(state)}'
        f'"terminal":{_compact(game.terminal_names[p.terminal[pid]])},"score":{p.score[pid]},'
        f'"best":{best_move},{more}"children":['
    )


def write_json(
    trace: Trace, out: TextIO, progress: Callable[[int], object] | None = None
) -> None:
    """Stream ``trace`` as JSON to ``out`` in bounded memory."""
    version = format_version(trace)
    out.write(_header(trace, version))
    extras = sorted(trace.positions.extras) if version > 1 else []
    cache: dict[tuple[int, int], str] = {}
    pads = ["\n" + " " * d for d in range(11)]
    chunk: list[str] = []
    append = chunk.append
    first_child = True  # whether the next node is the first child of its parent
    for kind, call, pid, depth, move in trace.events():
        if kind == ENTER:
            key = (pid, move)
            fields = cache.get(key)
            if fields is None:
                fields = cache[key] = _node_fields(trace, pid, move, extras)
            pad = pads[depth] if depth < len(pads) else "\n" + " " * depth
            append(("" if first_child else ",") + pad + '{"call":' + str(call) + fields)
            first_child = True
            if len(chunk) > 8000:
                out.write("".join(chunk))
                chunk.clear()
                if progress is not None:
                    progress(call)
        else:
            append("]}")
            first_child = False
    append("}\n")
    out.write("".join(chunk))


def render_json(trace: Trace) -> str:
    """The JSON trace as one string (for small traces and tests)."""
    import io

    buffer = io.StringIO()
    write_json(trace, buffer)
    return buffer.getvalue()


def load_json(stream: BinaryIO, source: str = "<json>") -> Trace:
    """Read a saved JSON trace back into a Trace, checking it thoroughly.

    Raises InputError naming the source and what is wrong.
    """
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InputError(f"expected a JSON trace of at most {MAX_BYTES} bytes", source)
    try:
        doc = json.loads(data)
    except UnicodeDecodeError:
        raise InputError("expected a UTF-8 JSON trace, found undecodable bytes", source) from None
    except RecursionError:
        raise InputError("expected a JSON trace, found nesting too deep", source) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"expected a JSON trace, found invalid JSON ({exc.msg})", source, exc.lineno) from None
    return trace_from_dict(doc, source)


def _need(condition: bool, message: str, source: str) -> None:
    if not condition:
        raise InputError(message, source)


#: The keys every node has; any other key is a per-call fact of the search (an extra).
NODE_KEYS = {"call", "depth", "move", "terminal", "score", "best", "children"}


def _search_info(doc: dict[str, Any], version: int, source: str) -> tuple[str, SearchInfo]:
    """The game's name and the search of a header."""
    if version == 1:
        return "tictactoe", MINIMAX
    game, search = doc.get("game"), doc.get("search")
    _need(isinstance(game, str) and game in GAME_LOADERS,
          f'expected "game" to be one of {", ".join(sorted(GAME_LOADERS))}, found {game!r}', source)
    _need(isinstance(search, dict) and search.get("algorithm") in SEARCH_CHECKS,
          f'expected "search" to name an algorithm ({", ".join(sorted(SEARCH_CHECKS))})', source)
    assert isinstance(search, dict) and isinstance(game, str)
    settings = tuple((k, _frozen(v)) for k, v in search.items() if k != "algorithm")
    return game, SearchInfo(search["algorithm"], settings)


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def trace_from_dict(doc: Any, source: str = "<json>") -> Trace:
    """Rebuild a Trace from a parsed JSON trace document (version 1 or 2)."""
    _need(isinstance(doc, dict) and doc.get("format") == FORMAT,
          f'expected a JSON object with "format": "{FORMAT}"', source)
    version = doc.get("version")
    _need(type(version) is int and version in (1, LATEST),
          f"expected trace format version 1 or {LATEST}, found {version!r}", source)
    game_name, search = _search_info(doc, version, source)
    game = GAME_LOADERS[game_name]().from_json(doc, source)
    _need("tree" in doc, 'expected a "tree" in the trace', source)
    rows = _RowBuilder(game, source).build(doc["tree"])
    trace = Trace(game, rows, search)
    try:
        trace.check()
    except AssertionError as exc:
        raise InputError(f"expected a consistent trace: {exc}", source) from None
    _need(doc.get("calls") == trace.calls,
          f'expected "calls" to be {trace.calls}, found {doc.get("calls")!r}', source)
    result = doc.get("result")
    _need(result == trace.result.as_dict(),
          f'expected "result" to be {trace.result.as_dict()}, found {result!r}', source)
    return trace


class _RowBuilder:
    """Turns the nested nodes of a JSON trace back into the search's rows.

    Rows are numbered on first meeting and their edges stored when their subtree
    is done, as the searches do, so a loaded trace has the very rows of the
    recorded one. A node met again must repeat the first one exactly.
    """

    def __init__(self, game: Any, source: str):
        self.game = game
        self.source = source
        self.rows = Positions()
        self.memo: dict[tuple[Any, ...], int] = {}
        self.next_call = 1
        self.extra_names: list[str] | None = None

    def build(self, tree: Any) -> Positions:
        self.convert(tree, 0, None)
        return self.rows

    def fail(self, message: str) -> None:
        raise InputError(f"call {self.next_call}: {message}", self.source)

    def fields(self, node: Any, depth: int, move: int | None) -> tuple[Any, ...]:
        """Check a node's own fields; return its row key (everything but call and children)."""
        if not isinstance(node, dict):
            self.fail("expected a JSON object for a node")
        missing = [k for k in ("call", "depth", "move", "terminal", "score", "best", "children")
                   if k not in node]
        if missing:
            self.fail(f"expected key {missing[0]!r} in the node")
        if node["call"] != self.next_call:
            self.fail(f"expected call number {self.next_call}, found {node['call']!r}")
        # The move is checked against the parent's moves, not taken from the node.
        if node["depth"] != depth or node["move"] != move:
            self.fail(f"expected depth {depth} and move {move}, found {node['depth']!r} and {node['move']!r}")
        score, children = node["score"], node["children"]
        if type(score) is not int or not isinstance(children, list):
            self.fail("expected an integer score and a list of children")
        names = self.game.terminal_names
        if node["terminal"] not in names:
            self.fail(f"expected terminal to be one of {list(names)}, found {node['terminal']!r}")
        try:
            state = self.game.state_from_json(node)
        except ValueError as exc:
            self.fail(str(exc))
        extras = tuple(sorted((k, _frozen(v)) for k, v in node.items()
                              if k not in NODE_KEYS and k not in self.game.json_keys))
        return (state, names.index(node["terminal"]), score, node["best"], extras)

    def convert(self, node: Any, depth: int, move: int | None) -> int:
        """Check one node (and its subtree) and return its row."""
        key = self.fields(node, depth, move)
        state, terminal, score, best, extras = key
        self.next_call += 1
        known = self.memo.get(key)
        pid = known
        if known is None:
            pid = self.memo[key] = self.rows.add(state, depth, terminal, score)
            self.add_extras(pid, extras)
        children = node["children"]
        moves = self.child_moves(children)
        child_rows = [self.convert(child, depth + 1, m) for child, m in zip(children, moves, strict=True)]
        if best is not None and best not in moves:
            self.fail(f"expected best to be one of the moves {moves} (null if none), found {best!r}")
        best_index = -1 if best is None else moves.index(best)
        assert pid is not None
        if known is not None:
            if self.rows.children(known) != list(zip(moves, child_rows, strict=True)) or \
                    self.rows.best[known] != best_index:
                self.fail("differs from an earlier call on the same position")
            return known
        if child_rows:
            self.rows.set_edges(pid, moves, child_rows, best_index, score)
        elif best_index != -1:
            self.fail("expected best to be null for a call with no test-plays")
        return pid

    def child_moves(self, children: list[Any]) -> list[int]:
        moves = []
        for child in children:
            move = child.get("move") if isinstance(child, dict) else None
            if type(move) is not int:
                self.fail(f"expected each child to have an integer move, found {move!r}")
            moves.append(move)
        return moves

    def add_extras(self, pid: int, extras: tuple[tuple[str, Any], ...]) -> None:
        names = [name for name, _ in extras]
        if self.extra_names is None:
            self.extra_names = names
            for name in names:
                self.rows.extras[name] = []
        if names != self.extra_names:
            self.fail(f"expected the per-call keys {self.extra_names}, found {names}")
        for name, value in extras:
            self.rows.extras[name].append(value)
