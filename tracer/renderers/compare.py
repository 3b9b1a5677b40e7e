"""``trace compare``: the guide's minimax and its variants on one board, as a table, JSON or a page.

The first trace is the guide's minimax, the baseline; every other row says how
many calls it saved against it and, when it chose another move, the line of
play it expects. Nothing here searches: the traces come recorded.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ..search import search_name
from ..trace import Call, Trace
from .text import signed


def settings_text(trace: Trace) -> str:
    """``alpha-beta (cutoff ge), order centre-first, scores depth``."""
    parts = [search_name(trace.search.algorithm, trace.search.get("cutoff"))]
    order = getattr(trace.game, "order", None)
    if order is not None and tuple(order) != tuple(range(9)):
        from ..games.tictactoe.game import order_name

        parts.append(f"order {order_name(order)}")
    scores = getattr(trace.game, "scores", None)
    if scores is not None and scores.spec() == "depth":
        parts.append("scores depth")
    if len(parts) > 1 and trace.search.algorithm == "minimax":
        parts[0] = "minimax"  # the guide's algorithm, not the guide's settings
    return ", ".join(parts)


def scores_name(scores: Any) -> str:
    """A score scheme as ``--scores`` names it: ``tutorial``, ``depth``, ``-25,25,0``."""
    from ..scores import NAMED

    return next((name for name, s in NAMED.items() if s == scores), scores.spec())


def expected_line(trace: Trace) -> list[Call]:
    """The calls along the line of play the search expects, from the first call's choice on."""
    node, line = trace.root, []
    while node.terminal is None:
        source = node.extra("cached_from")
        if source is not None:  # memo: continue below the call that computed this position
            node = trace.call(source)
            continue
        node = node.children()[node.best_index or 0]
        line.append(node)
    return line


def line_text(trace: Trace, line: list[Call]) -> str:
    """``X on 4, O on 0, …: draw``."""
    game = trace.game
    moves = []
    parent_state = trace.root.state
    for call in line:
        moves.append(game.edge_label(parent_state, call.move or 0))
        parent_state = call.state
    end = game.terminal_label(line[-1].terminal_code) if line else "over"
    return ", ".join(moves) + f": {end}"


def rows(traces: list[Trace]) -> list[dict[str, Any]]:
    """One dict per trace: settings, move, score, calls, calls saved, and the line if it differs."""
    base = traces[0]
    out = []
    for trace in traces:
        result = trace.result
        order = getattr(trace.game, "order", None)
        scores = getattr(trace.game, "scores", None)
        differs = result.index != base.result.index
        out.append({
            "settings": settings_text(trace),
            "algorithm": trace.search.algorithm,
            **dict(trace.search.settings),
            "order": list(order) if order is not None else None,
            "scores": scores_name(scores) if scores is not None else None,
            "move": result.index,
            **({"label": game_label(trace, result.index)} if hasattr(trace.game, "label") else {}),
            "score": result.score,
            "calls": trace.calls,
            "saved": base.calls - trace.calls,
            "line": line_text(trace, expected_line(trace)) if differs else None,
        })
    return out


def game_label(trace: Trace, move: int | None) -> str | None:
    """A textbook tree's name for the chosen child (None if there is no move)."""
    return None if move is None else str(trace.game.label(move))  # type: ignore[attr-defined]


def render_table(traces: list[Trace]) -> str:
    """The comparison as a text table, then the lines of the variants whose move differs."""
    base = traces[0]
    data = rows(traces)
    head = ("algorithm and settings", "move", "score", "calls", "saved vs the guide's minimax")
    body = []
    for row in data:
        saved = "-" if row is data[0] else f"{row['saved']:,} ({row['saved'] / base.calls:.1%})"
        move = "-" if row["move"] is None else str(row.get("label", row["move"]))
        body.append((row["settings"], move, signed(row["score"]), f"{row['calls']:,}", saved))
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(5)]
    right = {2, 3}

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip() + "\n"

    game = base.game
    text = f"Compared on {game.setting()}\n\n"
    text += line(head) + line(tuple("-" * w for w in widths)) + "".join(line(r) for r in body)
    differing = [r for r in data if r["line"]]
    if differing:
        text += (f"\nThe guide's minimax plays {data[0].get('label', data[0]['move'])}; "
                 f"these choose another move, expecting:\n")
        text += "".join(f"  {r['settings']}: {r['line']}\n" for r in differing)
    return text


def render_json(traces: list[Trace]) -> str:
    """The comparison as data."""
    game = traces[0].game
    header = dict(game.json_header())
    header.pop("scores", None)
    header.pop("order", None)
    head = {"format": "tracer-compare", "version": 1, "game": game.name, **header}
    text = json.dumps(head, ensure_ascii=False)[:-1]
    body = ",\n  ".join(json.dumps(row, ensure_ascii=False) for row in rows(traces))
    return f'{text}, "rows": [\n  {body}\n]}}\n'  # one row per line: diffable, still JSON


def render_html(traces: list[Trace]) -> str:
    """A self-contained page: the table, then each variant's tree side by side (SVG)."""
    from .figures_page import NO_SCRIPTS
    from .tree import describe, game_tree, plan_tree

    columns = []
    for trace, row in zip(traces, rows(traces), strict=True):
        plan = plan_tree(trace)
        svg = game_tree(trace, plan).pipe(format="svg").decode("utf-8")
        svg = svg[svg.index("<svg"):]  # drop the XML prologue: the SVG is inline
        columns.append(
            f'<section><h2>{escape(row["settings"])}</h2>'
            f'<p>{escape(describe(trace, plan))}</p>{svg}</section>'
        )
    table = escape(render_table(traces))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{NO_SCRIPTS}">'
        "<title>trace compare</title><style>"
        "body{font-family:'DejaVu Sans',sans-serif;margin:1em}"
        "pre{background:#fafafa;border:1px solid #ddd;padding:.6em;overflow-x:auto}"
        ".trees{display:flex;gap:1em;overflow-x:auto;align-items:flex-start}"
        ".trees section{flex:0 0 auto;border:1px solid #ddd;padding:.4em;max-width:90vw;overflow:auto}"
        "h2{font-size:1em;margin:.2em 0}section p{font-size:.8em;color:#555;margin:.2em 0}"
        "</style></head><body><h1>The guide's minimax and its variants</h1>"
        f"<pre>{table}</pre><div class=\"trees\">{''.join(columns)}</div></body></html>\n"
    )
