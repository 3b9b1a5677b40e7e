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
from collections.abc import Callable
from typing import Any, BinaryIO, TextIO

from ..errors import InputError
from ..games.tictactoe.board import Board
from ..scores import Scores
from ..trace import ENTER, TERMINAL_CODES, Positions, Trace

FORMAT = "tracer-trace"
VERSION = 1
#: A saved trace of the empty board is about 90 MB; refuse files far beyond any real trace.
MAX_BYTES = 512 * 1024 * 1024


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


def trace_from_dict(doc: Any, source: str = "<json>") -> Trace:
    """Rebuild a Trace from a parsed JSON trace document."""
    _need(isinstance(doc, dict) and doc.get("format") == FORMAT,
          f'expected a JSON object with "format": "{FORMAT}"', source)
    _need(doc.get("version") == VERSION,
          f"expected trace format version {VERSION}, found {doc.get('version')!r}", source)
    try:
        board = Board(doc["board"])
        to_move, ai = doc["to_move"], doc["ai"]
        _need(to_move in ("X", "O") and ai in ("X", "O"),
              f'expected "to_move" and "ai" to be "X" or "O", found {to_move!r}, {ai!r}', source)
        sc = doc["scores"]
        scores = Scores(int(sc["human_win"]), int(sc["ai_win"]), int(sc["draw"]))
        tree = doc["tree"]
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"expected a complete trace header, found a problem with {exc}", source) from None

    memo: dict[tuple[str, str], int] = {}
    boards, x_to_move, terminal = array("l"), bytearray(), bytearray()
    score, best, first_edge, sizes, edge_child = (
        array("q"), array("b"), array("l"), array("q"), array("l"))
    next_call = [1]

    empty_of: dict[str, list[int]] = {}

    def convert(node: Any, depth: int, move: int | None) -> int:
        """Check one node (and its subtree) and return its position row."""
        where = f"call {next_call[0]}"
        _need(isinstance(node, dict), f"{where}: expected a JSON object for a node", source)
        try:
            call, cells, mark, children = node["call"], node["board"], node["mark"], node["children"]
            node_score, node_terminal, node_move = node["score"], node["terminal"], node["move"]
            node_depth, node_best, node_empty = node["depth"], node["best"], node["empty"]
        except KeyError as exc:
            raise InputError(f"{where}: expected key {exc} in the node", source) from None
        _need(call == next_call[0], f"{where}: expected call number {next_call[0]}, found {call!r}", source)
        # The move is checked against the parent's empty cells, not taken from the node.
        _need(node_depth == depth and node_move == move,
              f"{where}: expected depth {depth} and move {move}, found {node_depth!r} and {node_move!r}",
              source)
        _need(isinstance(cells, str) and len(cells) == 9 and not set(cells) - set("XO."),
              f"{where}: expected a board of 9 characters X, O or '.', found {cells!r}", source)
        _need(mark in ("X", "O") and node_terminal in TERMINAL_CODES and isinstance(children, list)
              and isinstance(node_score, int) and not isinstance(node_score, bool),
              f"{where}: expected mark, terminal, score and children of the documented types", source)
        empty = empty_of.get(cells)
        if empty is None:
            empty = empty_of[cells] = Board(cells).empty_cells()
        _need(node_empty == empty, f"{where}: expected empty cells {empty}, found {node_empty!r}", source)
        expected_children = 0 if node_terminal is not None else len(empty)
        _need(len(children) == expected_children,
              f"{where}: expected {expected_children} children (one per empty cell), found {len(children)}",
              source)
        _need(node_best is None if node_terminal is not None else node_best in empty,
              f"{where}: expected best to be one of the empty cells (null if terminal), found {node_best!r}",
              source)
        next_call[0] += 1
        key = (cells, mark)
        known = memo.get(key)
        if known is None:
            # Number the position on first meeting, as the search does, so a loaded
            # trace has the very rows of the recorded one.
            pid = len(boards)
            memo[key] = pid
            b = Board(cells)
            boards.append(b.bits("X") | b.bits("O") << 9)
            x_to_move.append(mark == "X")
            terminal.append(TERMINAL_CODES[node_terminal])
            score.append(node_score)
            best.append(-1 if node_best is None else empty.index(node_best))
            first_edge.append(0)
            sizes.append(1)
        # A terminal node has empty cells but no children: zip stops at the shorter list.
        child_pids = [convert(child, depth + 1, cell) for child, cell in zip(children, empty, strict=False)]
        if known is not None:
            start = first_edge[known]
            same = (
                score[known] == node_score
                and terminal[known] == TERMINAL_CODES[node_terminal]
                and (best[known] < 0 if node_best is None else empty[best[known]] == node_best)
                and list(edge_child[start : start + len(child_pids)]) == child_pids
            )
            _need(same, f"{where}: differs from an earlier call on the same position", source)
            return known
        if child_pids:
            # Edges are stored when the position's subtree is done, again as the search does.
            first_edge[pid] = len(edge_child)
            edge_child.extend(child_pids)
            sizes[pid] = 1 + sum(sizes[c] for c in child_pids)
        return pid

    convert(tree, 0, None)
    positions = Positions(boards, x_to_move, terminal, score, best, first_edge, sizes, edge_child)
    trace = Trace(board, to_move, ai, scores, positions)
    _need(trace.board == Board(tree["board"]) and trace.to_move == tree["mark"],
          "expected the tree's root to hold the trace's board and side to move", source)
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
