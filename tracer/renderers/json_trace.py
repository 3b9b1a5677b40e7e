"""The JSON trace: a versioned file holding every call, streamed out and read back.

Format ``tracer-trace`` version 1 (documented in README.md)::

    {"format": "tracer-trace", "version": 1,
     "board": "X.OX.XOO.", "to_move": "X", "ai": "X", "human": "O",
     "scores": {"human_win": -1, "ai_win": 1, "draw": 0},
     "result": {"index": 4, "score": 1}, "calls": 9,
     "tree": {"call": 1, "depth": 0, "board": "X.OX.XOO.", "mark": "X",
              "move": null, "empty": [1, 4, 8], "terminal": null,
              "score": 1, "best": 4, "children": [...]}}

Every node has the same keys; ``children`` are in loop order (ascending cell).
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from ..errors import InputError, quote
from ..games.tictactoe.board import Board
from ..scores import Scores, check_score
from ..trace import ENTER, TERMINAL_CODES, Positions, Trace
from .json_stream import MAX_BYTES, TraceReader  # noqa: F401 - MAX_BYTES kept importable

FORMAT = "tracer-trace"
VERSION = 1


def _node_fields(trace: Trace, pid: int, move: int) -> str:
    """Everything of a node after its call number, up to the opening of ``children``."""
    p = trace.positions
    board = p.board(pid)
    terminal = p.terminal[pid]
    best = p.best[pid]
    return (
        f',"depth":{trace.depth_of(pid)},"board":"{board.cells}","mark":"{p.mark(pid)}",'
        f'"move":{"null" if move < 0 else move},"empty":[{",".join(map(str, board.empty_cells()))}],'
        f'"terminal":{json.dumps(TERMINAL_NAMES_JSON[terminal])},"score":{p.score[pid]},'
        f'"best":{"null" if best < 0 else p.moves(pid)[best]},"children":['
    )


TERMINAL_NAMES_JSON: tuple[str | None, ...] = (None, "X", "O", "draw")


def write_json(
    trace: Trace, out: TextIO, progress: Callable[[int], object] | None = None
) -> None:
    """Stream ``trace`` as JSON to ``out`` in bounded memory."""
    out.write(
        "{"
        f'"format":"{FORMAT}","version":{VERSION},'
        f'"board":"{trace.board.cells}","to_move":"{trace.to_move}",'
        f'"ai":"{trace.ai}","human":"{trace.human}",'
        f'"scores":{json.dumps(trace.scores.as_dict(), separators=(",", ":"))},'
        f'"result":{json.dumps(trace.result.as_dict(), separators=(",", ":"))},'
        f'"calls":{trace.calls},\n"tree":'
    )
    cache: dict[int, str] = {}
    pads = ["\n" + " " * d for d in range(11)]
    chunk: list[str] = []
    append = chunk.append
    first_child = True  # whether the next node is the first child of its parent
    for kind, call, pid, depth, move in trace.events():
        if kind == ENTER:
            key = pid * 16 + move + 1
            fields = cache.get(key)
            if fields is None:
                fields = cache[key] = _node_fields(trace, pid, move)
            append(("" if first_child else ",") + pads[depth] + '{"call":' + str(call) + fields)
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

    The file is read as a stream (tracer.renderers.json_stream), in bounded memory.
    Raises InputError naming the source and what is wrong.
    """
    reader = TraceReader(stream, source)
    return _build(reader.nodes(), reader.header, source)


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


def _check_header(header: dict[str, Any], source: str) -> None:
    """The fields that say what the file is, checked before any node is read."""
    _need(header.get("format") == FORMAT,
          f'expected a JSON object with "format": "{FORMAT}" before its "tree"', source)
    version = header.get("version")
    _need(_is_int(version) and version == VERSION,
          f"expected trace format version {VERSION}, found {quote(json.dumps(version))}", source)


def _node_info(fields: dict[str, Any], where: str, source: str) -> tuple[Any, ...]:
    """A node's own fields checked (types, board, empty cells, best); returned as a tuple."""

    def need(condition: bool, message: Callable[[], str]) -> None:
        if not condition:  # the message is built only when needed: this runs per node
            raise InputError(f"{where}: {message()}", source)

    missing = [k for k in NODE_KEYS if k not in fields]
    need(not missing, lambda: f"expected key {quote(missing[0])} in the node")
    cells, mark, node_terminal = fields["board"], fields["mark"], fields["terminal"]
    need(isinstance(cells, str) and len(cells) == 9 and not set(cells) - set("XO."),
         lambda: "expected a board of 9 characters X, O or '.', found "
                 + (quote(cells) if isinstance(cells, str) else quote(json.dumps(cells))))
    need(mark in ("X", "O") and (node_terminal is None or isinstance(node_terminal, str))
         and node_terminal in TERMINAL_CODES,
         lambda: "expected mark and terminal of the documented types")
    node_depth, node_move, node_best, node_empty = (
        fields["depth"], fields["move"], fields["best"], fields["empty"])
    need(_is_int(node_depth) and (node_move is None or _is_int(node_move)),
         lambda: "expected integers for depth and move")
    try:
        score = check_score(fields["score"])
    except ValueError as exc:
        raise InputError(f"{where}: {exc}", source) from None
    board = Board(cells)
    empty = board.empty_cells()
    need(isinstance(node_empty, list) and all(map(_is_int, node_empty)) and node_empty == empty,
         lambda: f"expected empty cells {empty}, found {quote(json.dumps(node_empty))}")
    terminal = TERMINAL_CODES[node_terminal]
    need(node_best is None if terminal else _is_int(node_best) and node_best in empty,
         lambda: "expected best to be one of the empty cells (null if terminal), "
                 f"found {quote(json.dumps(node_best))}")
    children = 0 if terminal else len(empty)
    best = -1 if node_best is None else empty.index(node_best)
    bits = board.bits("X") | board.bits("O") << 9
    return cells + mark, node_depth, node_move, empty, children, (terminal, score, best), bits


#: The keys every node has (a later version may add more; they are ignored here).
NODE_KEYS = ("depth", "board", "mark", "move", "empty", "terminal", "score", "best")


def _build(nodes: Iterator[tuple[int, Any, dict[str, Any], str | None]],
           header: dict[str, Any], source: str) -> Trace:
    """Number positions and store edges as the search does, from pre-order nodes.

    Every node is checked against its parent (depth, move, number of children) and
    a position met again must repeat its first subtree exactly.
    """
    memo: dict[str, int] = {}  # board + mark to move -> position number
    infos: dict[str, tuple[Any, ...]] = {}
    boards, x_to_move, terminal = array("l"), bytearray(), bytearray()
    score, best, first_edge, sizes, edge_child = (
        array("q"), array("b"), array("l"), array("q"), array("l"))
    outcome: list[tuple[int, int, int]] = []  # (terminal, score, best) per position
    edges: list[list[int] | None] = []
    stack: list[tuple[int, list[int], int, list[int], bool]] = []
    next_call = 1

    def close() -> None:
        pid, kids, expected, _, known = stack.pop()
        if len(kids) != expected:
            raise InputError(f"the node of position {pid}: expected {expected} children "
                             f"(one per empty cell), found {len(kids)}", source)
        if known:
            if edges[pid] != kids:
                raise InputError(f"the node of position {pid}: differs from an earlier call "
                                 "on the same position", source)
            return
        edges[pid] = kids
        if kids:
            first_edge[pid] = len(edge_child)
            edge_child.extend(kids)
            sizes[pid] = 1 + sum(sizes[c] for c in kids)

    for depth, call, fields, key in nodes:
        if next_call == 1:
            _check_header(header, source)
        while len(stack) > depth:
            close()
        info = infos.get(key) if key is not None else None
        if info is None:
            info = _node_info(fields, f"call {next_call}", source)
            if key is not None and len(infos) < 100_000:
                infos[key] = info
        position, node_depth, node_move, empty, expected, result, bits = info
        if stack:
            parent = stack[-1]
            index = len(parent[1])
            if index >= parent[2]:
                raise InputError(f"call {next_call}: expected {parent[2]} children "
                                 "(one per empty cell), found more", source)
            move: int | None = parent[3][index]
        elif next_call == 1:
            move = None
        else:
            raise InputError(f"call {next_call}: expected one root node", source)
        if not (call == next_call and call.__class__ is int and node_depth == depth
                and node_move == move):
            raise InputError(f"call {next_call}: expected call number {next_call}, depth {depth} "
                             f"and move {json.dumps(move)}, found "
                             f"{quote(json.dumps([call, node_depth, node_move]))}", source)
        pid = memo.get(position)
        known = pid is not None
        if pid is None:
            # Number the position on first meeting, as the search does.
            pid = memo[position] = len(boards)
            boards.append(bits)
            x_to_move.append(position[9] == "X")
            terminal.append(result[0])
            score.append(result[1])
            best.append(result[2])
            first_edge.append(0)
            sizes.append(1)
            outcome.append(result)
            edges.append(None)
        elif result is not outcome[pid] and result != outcome[pid]:
            raise InputError(f"call {next_call}: differs from an earlier call on the same position",
                             source)
        if stack:
            parent[1].append(pid)
        stack.append((pid, [], expected, empty, known))
        next_call += 1
    _need(next_call > 1, "expected a tree with at least its root node", source)
    while stack:
        close()
    return _finish(header, Positions(boards, x_to_move, terminal, score, best, first_edge, sizes,
                                     edge_child), source)


def _finish(header: dict[str, Any], positions: Positions, source: str) -> Trace:
    """The Trace, once its header agrees with the tree read."""
    try:
        board = Board(header["board"])
        to_move, ai = header["to_move"], header["ai"]
        _need(to_move in ("X", "O") and ai in ("X", "O"),
              f'expected "to_move" and "ai" to be "X" or "O", found {quote(repr((to_move, ai)))}',
              source)
        sc = header["scores"]
        _need(isinstance(sc, dict), 'expected "scores" to be an object', source)
        scores = Scores(check_score(sc["human_win"]), check_score(sc["ai_win"]),
                        check_score(sc["draw"]))
    except KeyError as exc:
        raise InputError(f"expected a complete trace header, found no key {exc}", source) from None
    except (TypeError, ValueError) as exc:
        raise InputError(f"expected a valid trace header: {exc}", source) from None
    trace = Trace(board, to_move, ai, scores, positions)
    root = positions.board(0)
    _need(trace.board == root and trace.to_move == positions.mark(0),
          "expected the tree's root to hold the trace's board and side to move", source)
    try:
        trace.check()
    except AssertionError as exc:
        raise InputError(f"expected a consistent trace: {exc}", source) from None
    calls = header.get("calls")
    _need(_is_int(calls) and calls == trace.calls,
          f'expected "calls" to be {trace.calls}, found {quote(json.dumps(calls))}', source)
    result = header.get("result")
    expected = trace.result.as_dict()
    _need(isinstance(result, dict) and result.keys() == expected.keys()
          and all(_is_int(v) or v is None for v in result.values()) and result == expected,
          f'expected "result" to be {expected}, found {quote(json.dumps(result))}', source)
    return trace
