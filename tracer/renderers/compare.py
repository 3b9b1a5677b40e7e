"""``trace compare``: the guide's minimax and its variants on one board, as a table, JSON or a page.

The first trace is the guide's minimax, the baseline; every other row says how
many calls it saved against it and, when it chose another move, the line of
play it expects. Nothing here searches: the traces come recorded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from .. import games
from ..explain import for_trace
from ..explain.text import capitalised, signed
from ..trace import Call, Trace


def settings_text(trace: Trace) -> str:
    """``alpha-beta (cutoff ge), order centre-first, scores depth``."""
    words, search = for_trace(trace)
    varied = words.setting_words()
    return ", ".join([search.short_name() if varied else search.name(), *varied])


def expected_line(trace: Trace) -> list[Call]:
    """The calls along the line of play the search expects, from the first call's choice on."""
    search = for_trace(trace)[1]
    node, line = trace.root, []
    while node.terminal is None:
        source = search.continues_at(node)
        if source is not None:  # answered from elsewhere (memo): continue below its source
            node = source
            continue
        node = node.children()[node.best_index or 0]
        line.append(node)
    return line


def line_text(trace: Trace, line: list[Call]) -> str:
    """``X on 4, O on 0, …: draw``."""
    words = for_trace(trace)[0]
    moves = []
    parent_state = trace.root.state
    for call in line:
        moves.append(words.edge_label(parent_state, call.move or 0))
        parent_state = call.state
    end = words.terminal_label(line[-1].terminal_code) if line else "over"
    return ", ".join(moves) + f": {end}"


def rows(traces: list[Trace]) -> list[dict[str, Any]]:
    """One dict per trace: settings, move, score, calls, calls saved, and the line if it differs."""
    base = traces[0]
    out = []
    for trace in traces:
        result, kind = trace.result, games.kind_of(trace.game)
        differs = result.index != base.result.index
        out.append({
            "settings": settings_text(trace),
            "algorithm": trace.search.algorithm,
            **dict(trace.search.settings),
            **kind.compare_fields(trace.game),
            "move": result.index,
            **kind.json_result(trace.game, result.index),
            "score": result.score,
            "calls": trace.calls,
            "saved": base.calls - trace.calls,
            "line": line_text(trace, expected_line(trace)) if differs else None,
        })
    return out


def render_table(traces: list[Trace]) -> str:
    """The comparison as a text table, then the lines of the searches whose move differs."""
    base = traces[0]
    words = for_trace(base)[0]
    base_name = for_trace(base)[1].name()
    data = rows(traces)
    head = ("algorithm and settings", "move", "score", "calls", f"saved vs {base_name}")
    body = []
    for row in data:
        saved = "-" if row is data[0] else f"{row['saved']:,} ({row['saved'] / base.calls:.1%})"
        move = "-" if row["move"] is None else words.move_token(row["move"])
        body.append((row["settings"], move, signed(row["score"]), f"{row['calls']:,}", saved))
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(5)]
    right = {2, 3}

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip() + "\n"

    text = f"Compared on {words.setting()}\n\n"
    text += line(head) + line(tuple("-" * w for w in widths)) + "".join(line(r) for r in body)
    differing = [r for r in data if r["line"]]
    if differing:
        first = "-" if data[0]["move"] is None else words.move_token(data[0]["move"])
        text += f"\n{capitalised(base_name)} plays {first}; these choose another move, expecting:\n"
        text += "".join(f"  {r['settings']}: {r['line']}\n" for r in differing)
    return text


def render_json(traces: list[Trace]) -> str:
    """The comparison as data."""
    game = traces[0].game
    header = dict(games.kind_of(game).json_header(game))
    header.pop("scores", None)
    header.pop("order", None)
    head = {"format": "tracer-compare", "version": 1, "game": game.name, **header}
    text = json.dumps(head, ensure_ascii=False)[:-1]
    body = ",\n  ".join(json.dumps(row, ensure_ascii=False) for row in rows(traces))
    return f'{text}, "rows": [\n  {body}\n]}}\n'  # one row per line: diffable, still JSON


def render_html(traces: list[Trace], svgs: Sequence[str], notes: Sequence[str]) -> str:
    """A self-contained page: the table, then each search's tree side by side (``svgs[i]``,
    the SVG of trace ``i``'s tree, with ``notes[i]`` saying what it shows)."""
    from .figures_page import NO_SCRIPTS

    columns = []
    for row, svg, note in zip(rows(traces), svgs, notes, strict=True):
        svg = svg[svg.index("<svg"):]  # drop the XML prologue: the SVG is inline
        columns.append(
            f'<section><h2>{escape(row["settings"])}</h2>'
            f'<p>{escape(note)}</p>{svg}</section>'
        )
    table = escape(render_table(traces))
    title = capitalised(for_trace(traces[0])[1].name())
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{NO_SCRIPTS}">'
        "<title>trace compare</title><style>"
        "body{font-family:'DejaVu Sans',sans-serif;margin:1em}"
        "pre{background:#fafafa;border:1px solid #ddd;padding:.6em;overflow-x:auto}"
        ".trees{display:flex;gap:1em;overflow-x:auto;align-items:flex-start}"
        ".trees section{flex:0 0 auto;border:1px solid #ddd;padding:.4em;max-width:90vw;overflow:auto}"
        "h2{font-size:1em;margin:.2em 0}section p{font-size:.8em;color:#555;margin:.2em 0}"
        f"</style></head><body><h1>{escape(title, quote=False)} and its variants</h1>"
        f"<pre>{table}</pre><div class=\"trees\">{''.join(columns)}</div></body></html>\n"
    )
