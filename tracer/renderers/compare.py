"""``trace compare``: the guide's minimax and its variants on one board, as a table, JSON or a page.

The first trace is the guide's minimax, the baseline; every other row says how
many calls it saved against it and, when it chose another move, the line of
play it expects. Nothing here searches: the traces come recorded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from typing import Any

from .. import games
from ..explain import Marker, for_trace
from ..explain.text import capitalised, signed
from ..trace import Call, Trace


def settings_text(trace: Trace) -> str:
    """``alpha-beta (cutoff ge), order centre-first, scores depth``."""
    words, search = for_trace(trace)
    varied = words.setting_words()
    return ", ".join([search.short_name() if varied else search.name(), *varied])


def line_text(trace: Trace) -> str:
    """The line of play the search expects, from the first call's choice on: ``X on 4, O on 0, …: draw``."""
    words, search = for_trace(trace)
    line = trace.root.chosen_line(search.continues_at)
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
            "line": line_text(trace) if differs else None,
        })
    return out


def table_cells(traces: list[Trace]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The table's heading and rows, as text: settings, move, score, calls, calls saved."""
    base = traces[0]
    words = for_trace(base)[0]
    data = rows(traces)
    base_name = for_trace(base)[1].name()
    head: tuple[str, ...] = ("algorithm and settings", "move", "score", "calls", f"saved vs {base_name}")
    body: list[tuple[str, ...]] = []
    for row in data:
        saved = "-" if row is data[0] else f"{row['saved']:,} ({row['saved'] / base.calls:.1%})"
        move = "-" if row["move"] is None else words.move_token(row["move"])
        body.append((str(row["settings"]), move, signed(row["score"]), f"{row['calls']:,}", saved))
    return head, body


def differing_lines(traces: list[Trace]) -> tuple[str, list[str]]:
    """What the first search plays, and the lines of the searches that choose another move."""
    words, base_name = for_trace(traces[0])[0], for_trace(traces[0])[1].name()
    data = rows(traces)
    first = "-" if data[0]["move"] is None else words.move_token(data[0]["move"])
    lead = f"{capitalised(base_name)} plays {first}; these choose another move, expecting:"
    return lead, [f"{r['settings']}: {r['line']}" for r in data if r["line"]]


def render_table(traces: list[Trace]) -> str:
    """The comparison as a text table, then the lines of the searches whose move differs."""
    head, body = table_cells(traces)
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(5)]
    right = {2, 3}

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip() + "\n"

    text = f"Compared on {for_trace(traces[0])[0].setting()}\n\n"
    text += line(head) + line(tuple("-" * w for w in widths)) + "".join(line(r) for r in body)
    lead, lines = differing_lines(traces)
    if lines:
        text += f"\n{lead}\n" + "".join(f"  {entry}\n" for entry in lines)
    return text


def html_table(traces: list[Trace]) -> str:
    """The comparison as an HTML table whose first column wraps, so that on a phone the moves,
    scores and calls stay on the screen; then the differing lines."""
    head, body = table_cells(traces)
    numeric = ' class="n"'
    cells = "".join(f"<th{numeric if i in (2, 3) else ''}>{escape(c)}</th>" for i, c in enumerate(head))
    trs = "".join("<tr>" + "".join(f"<td{numeric if i in (2, 3) else ''}>{escape(c)}</td>" for i, c in enumerate(r))
                  + "</tr>" for r in body)
    lead, lines = differing_lines(traces)
    after = (f"<p>{escape(lead)}</p><ul>" + "".join(f"<li>{escape(e)}</li>" for e in lines) + "</ul>") if lines else ""
    return (f'<div class="table"><p>Compared on {escape(for_trace(traces[0])[0].setting())}</p>'
            f'<table class="compare"><thead><tr>{cells}</tr></thead><tbody>{trs}</tbody></table>{after}</div>')


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


#: The compare page's look: each search a column, all at one scale that fits the widest tree
#: to its column (each tree's width is a share of its column) unless its words would then fall
#: under 10 px (the trees then keep that size and scroll in their frames), a zoom per column,
#: stacked on a phone; differences in violet, the colour no outcome uses. The table's font and size are
#: named: a bare monospace's default size is a browser's own (13px in Chromium, 12 in Firefox).
PAGE_CSS = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #212121; background: #fff;
       margin: 0; padding: .8em 1em; line-height: 1.4; }
h1 { font-size: 1.3em; margin: 0 0 .4em; }
.table { background: #fafafa; border: 1px solid #ddd; padding: .6em; overflow-x: auto;
         font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .8rem; }
.table p { margin: 0 0 .5em; }
.table ul { margin: .3em 0 0; padding-left: 1.5em; }
table.compare { border-collapse: collapse; font: inherit; }
table.compare th { text-align: left; border-bottom: 1px solid #999; font-weight: normal; }
table.compare th, table.compare td { padding: .05em .6em .05em 0; vertical-align: top; }
table.compare .n { text-align: right; }
table.compare td:not(:first-child) { white-space: nowrap; }
.trees { display: grid; gap: .8em; grid-template-columns: repeat(auto-fit, minmax(min(100%, 30em), 1fr));
         align-items: start; }
.trees section { min-width: 0; border: 1px solid #d0d0d0; border-radius: 6px; padding: .5em; }
.trees section.differs { border: 2px solid #a500f0; }
.trees h2 { font-size: 1em; margin: 0 0 .2em; }
.trees p { font-size: .82em; color: #555; margin: 0 0 .3em; }
.trees p.diff { color: #6a00a0; font-weight: bold; }
.drawing { overflow: auto; max-height: 75vh; }
.drawing svg { display: block; height: auto; }
.zoom { font-size: .8em; margin: .2em 0; }
.zoom label { cursor: pointer; margin-right: .7em; }
.trees input[type=radio] { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.trees input.full:checked ~ .drawing svg { width: auto !important; max-width: none; }
.trees input.fit:checked ~ .zoom label.fit, .trees input.full:checked ~ .zoom label.full {
  font-weight: bold; text-decoration: underline; }
.trees input:focus-visible ~ .zoom { outline: 2px solid #0072b2; }
details { font-size: .85em; margin-top: .3em; }
p.key { font-size: .85em; margin: .3em 0; border-left: 4px dashed #a500f0; padding-left: .5em; }
@media (max-width: 40em) { body { padding: .5em; } .drawing { max-height: 60vh; }
  table.compare th:first-child, table.compare td:first-child { min-width: 9em; } }
"""


def _column(i: int, settings: str, svg: str, note: str, diff: str, share: str) -> str:
    """Search ``i``'s column of the compare page: its tree ``svg`` at width ``share``."""
    from .figures_page import inline_svg

    name = f"t{i}"
    framed = ' class="differs"' if "another move" in diff else ""
    return (
        f'<section id="{name}"{framed}>'
        f'<h2>{i + 1} · {escape(settings)}</h2><p>{escape(note)}</p>'
        + (f'<p class="{"diff" if " not made " in diff or "another move" in diff else "same"}">'
           f"{escape(diff)}</p>" if diff else "")
        + f'<input type="radio" class="fit" name="z{name}" id="z{name}-fit" checked>'
        f'<input type="radio" class="full" name="z{name}" id="z{name}-full">'
        f'<div class="zoom">Zoom: <label class="fit" for="z{name}-fit">'
        f"one scale for all, fitted (words at least {LEGIBLE_PX} px)</label>"
        f'<label class="full" for="z{name}-full">full size (scroll to pan)</label></div>'
        f'<div class="drawing" role="img" aria-label="{escape(settings)}: {escape(note)}">'
        + inline_svg(svg, name).replace("<svg ", f'<svg style="width:{share}" ', 1)
        + "</div></section>")


def render_html(traces: list[Trace], svgs: Sequence[str], notes: Sequence[str],
                differences: Sequence[str] = (), legend: str = "", marked: bool = False) -> str:
    """A self-contained page: the table, then each search's tree (``svgs[i]``, without title and
    legend) in its own column with ``notes[i]`` and ``differences[i]``, then ``legend``'s SVG once;
    ``marked``: the trees mark calls another column's search does not make."""
    from .figures_page import NO_SCRIPTS, inline_svg

    widths = [_svg_width(svg) for svg in svgs]
    widest = max(widths, default=1.0) or 1.0
    legible = legible_scale(svgs)
    columns = [
        _column(i, row["settings"], svg, note, differences[i] if i < len(differences) else "",
                f"max({100 * widths[i] / widest:.2f}%, {widths[i] * 4 / 3 * legible:.0f}px)")
        for i, (row, svg, note) in enumerate(zip(rows(traces), svgs, notes, strict=True))]
    title = capitalised(for_trace(traces[0])[1].name())
    key = f'<p class="key">{escape(capitalised(DIFFERENCE_WORDS))}.</p>' if marked else ""
    legend_part = ('<details><summary>Legend</summary><div class="drawing">'
                   f"{inline_svg(legend, 'legend')}</div></details>") if legend else ""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{NO_SCRIPTS}">'
        f"<title>trace compare</title><style>{PAGE_CSS}</style></head><body>"
        f"<h1>{escape(title, quote=False)} and its variants, side by side</h1>"
        f"{html_table(traces)}{key}{legend_part}<div class=\"trees\">{''.join(columns)}</div></body></html>\n"
    )


#: The smallest words a fitted tree of the compare page shows, in CSS pixels.
LEGIBLE_PX = 10


def legible_scale(svgs: Sequence[str]) -> float:
    """The scale (CSS px per point-drawn px) under which some tree's smallest words would fall
    under LEGIBLE_PX: the trees, all at one scale, never shrink below it (0 if none says)."""
    from .figures_page import legible_width

    scales = []
    for svg in svgs:
        width = legible_width(svg, LEGIBLE_PX)
        if width is not None:
            scales.append(width / (_svg_width(svg) * 4 / 3))
    return max(scales, default=0.0)


def _svg_width(svg: str) -> float:
    """An SVG's width in points, as Graphviz wrote it."""
    found = re.search(r'<svg[^>]*?width="([0-9.]+)pt"', svg)
    return float(found.group(1)) if found else 1.0


def differences(traces: list[Trace]) -> list[str]:
    """Per trace, how its search differs from the first's: the calls the first makes that it
    does not, and a different chosen move."""
    base = traces[0]
    words = for_trace(base)[0]
    out = []
    for trace in traces:
        if trace is base:
            out.append("")
            continue
        parts = []
        missing = base.calls - _shared_calls(base, trace)
        if missing:
            parts.append(f"{missing:,} of the first search's {base.calls:,} calls not made here")
        if trace.result.index != base.result.index:
            parts.append(f"another move: {words.returned(trace.result.index, trace.result.score)} "
                         f"where the first returns {words.returned(base.result.index, base.result.score)}")
        out.append("; ".join(parts) if parts else "the same calls and the same move as the first")
    return out


def _shared_calls(base: Trace, other: Trace) -> int:
    """How many of ``base``'s calls ``other`` also makes: the same moves from the first call."""
    shared, stack = 0, [(base.root, other.root)]
    while stack:
        mine, theirs = stack.pop()
        shared += 1
        by_move = {child.move: child for child in theirs.children()}
        for child in mine.children():
            match = by_move.get(child.move)
            if match is not None:
                stack.append((child, match))
    return shared


#: What the compare page's violet dashed frame means, in one line (the page and its legend say it).
DIFFERENCE_WORDS = ("violet dashed frame: a call this column's search makes and another column's "
                    "does not (the tag names those columns, at the top of each such part)")


def makes(trace: Trace, moves: Sequence[int | None]) -> bool:
    """Whether ``trace``'s search made the call reached by ``moves`` from its first call (not
    when it pruned a move on the way, or answered a call on the way from its cache)."""
    node = trace.root
    for move in moves:
        node = next((c for c in node.children() if c.move == move), None)  # type: ignore[assignment]
        if node is None:
            return False
    return True


def not_made_by(traces: Sequence[Trace], column: int, call: Call) -> list[int]:
    """The columns (numbered from 1) whose search does not make ``call`` of column ``column``'s trace."""
    moves = tuple(c.move for c in call.path()[1:])  # what names one call in every search's tree
    return [j + 1 for j, other in enumerate(traces) if j != column and not makes(other, moves)]


def difference_marks(traces: Sequence[Trace], drawn: Sequence[Sequence[Call]]) -> list[dict[int, Marker]]:
    """Per column, a violet mark on each call drawn (``drawn[i]``) that another column's search
    does not make; the tag, naming those columns, stands at the top of each such part (where the
    call above is unmarked or lacks from other columns), the frames below it untagged."""
    out = []
    for i, calls in enumerate(drawn):
        missing = {call.call: not_made_by(traces, i, call) for call in calls}
        marks = {}
        for call in calls:
            columns = missing[call.call]
            if not columns:
                continue
            above = missing.get(call.parent) if call.parent is not None else None
            tag = "" if above == columns else "not in " + ", ".join(map(str, columns))
            marks[call.call] = Marker(tag, dashed=True, legend=DIFFERENCE_WORDS)
        out.append(marks)
    return out
