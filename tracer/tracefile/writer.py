"""Writing the JSON trace, streamed in bounded memory.

Version 1 holds the guide's minimax on tic-tac-toe, and such a trace is still written so,
for existing readers; version 2 adds the game, the search and its settings to the header,
and to each node the per-call facts the search recorded, then those its rows imply.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from .. import games, search
from ..trace import ENTER, Trace

if TYPE_CHECKING:
    from ..games import GameKind

FORMAT = "tracer-trace"
VERSION = 1
LATEST = 2


def format_version(trace: Trace) -> int:
    """1 for what version 1 holds exactly (the guide's minimax on tic-tac-toe), else 2."""
    plain = games.kind_of(trace.game).json_version1(trace.game)
    kind = search.find(trace.search.algorithm, "trace")
    return 1 if plain and kind.json_version1 and not trace.search.settings else 2


def _header(trace: Trace, version: int) -> str:
    game, dumps = trace.game, _compact
    fields: list[tuple[str, Any]] = [("format", FORMAT), ("version", version)]
    if version > 1:
        found = {"algorithm": trace.search.algorithm, **dict(trace.search.settings)}
        fields += [("game", game.name), ("search", found)]
    fields += games.kind_of(game).json_header(game, version)
    fields += [("result", result_fields(trace)), ("calls", trace.calls)]
    return "{" + ",".join(f"{dumps(k)}:{dumps(v)}" for k, v in fields) + ',\n"tree":'


def result_fields(trace: Trace) -> dict[str, Any]:
    """The header's ``result``: ``{index, score}`` and what the game adds (a tree: the label)."""
    extra = games.kind_of(trace.game).json_result(trace.game, trace.result.index)
    return {**trace.result.as_dict(), **extra}


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _node_fields(trace: Trace, kind: GameKind, pid: int, move: int, extras: list[str],
                 derived: dict[str, list[Any]]) -> str:
    """Everything of a node after its call number, up to the opening of ``children``."""
    p, game = trace.positions, trace.game
    state = p.state[pid]
    best = p.best[pid]
    best_move = "null" if best < 0 else str(p.edge_move[p.first_edge[pid] + best])
    more = "".join(f'"{name}":{_compact(p.extras[name][pid])},' for name in extras)
    more += "".join(f'{_compact(name)}:{_compact(column[pid])},' for name, column in derived.items())
    return (
        f',"depth":{p.depth[pid]},{kind.json_head(game, state)}'
        f'"move":{"null" if move < 0 else move},{kind.json_tail(game, state)}'
        f'"terminal":{_compact(game.terminal_names[p.terminal[pid]])},"score":{p.score[pid]},'
        f'"best":{best_move},{more}"children":['
    )


def write_json(trace: Trace, out: TextIO, progress: Callable[[int], object] | None = None) -> None:
    """Stream ``trace`` as JSON to ``out`` in bounded memory."""
    version = format_version(trace)
    out.write(_header(trace, version))
    extras = sorted(trace.positions.extras) if version > 1 else []
    implied = search.find(trace.search.algorithm, "trace").derived if version > 1 else {}
    derived = {name: column(trace) for name, column in sorted(implied.items())}
    kind = games.kind_of(trace.game)
    cache: dict[tuple[int, int], str] = {}
    pads = ["\n" + " " * d for d in range(11)]
    chunk: list[str] = []
    append = chunk.append
    first_child = True  # whether the next node is the first child of its parent
    for event, call, pid, depth, move in trace.events():
        if event == ENTER:
            key = (pid, move)
            fields = cache.get(key)
            if fields is None:
                fields = cache[key] = _node_fields(trace, kind, pid, move, extras, derived)
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
    buffer = io.StringIO()
    write_json(trace, buffer)
    return buffer.getvalue()
