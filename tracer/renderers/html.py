"""The step-by-step viewer: a trace as one self-contained HTML page.

The page carries the trace's compact position columns (one row per distinct
position, see ``Positions``) and reads every call and every step out of them
in the browser, the way ``Trace`` does in Python, so even the empty board's
549,946 calls make a page of a few hundred kilobytes. The JavaScript and CSS
live beside this package in ``tracer/viewer/`` and are inlined; the page loads
nothing from anywhere.
"""

from __future__ import annotations

import json
import re
from html import escape
from importlib import resources
from typing import Any

from ..errors import InputError
from ..games.tictactoe.board import CELL_NAMES, LINES, Mark
from ..outputs.files import check_output_path
from ..trace import TERMINAL_NAMES, Trace
from . import drawing
from .text import signed

#: Colours of the shared visual language, handed to the page as CSS variables.
COLOURS: dict[str, str] = {
    "played-fill": drawing.PLAYED_FILL,
    "played-text": drawing.PLAYED_TEXT,
    "win-fill": drawing.OUTCOME_FILL["win"],
    "win-border": drawing.OUTCOME_BORDER["win"],
    "loss-fill": drawing.OUTCOME_FILL["loss"],
    "loss-border": drawing.OUTCOME_BORDER["loss"],
    "draw-fill": drawing.OUTCOME_FILL["draw"],
    "draw-border": drawing.OUTCOME_BORDER["draw"],
    "inner-fill": drawing.INNER_FILL,
    "inner-border": drawing.INNER_BORDER,
    "chosen": drawing.CHOSEN,
    "picked-edge": drawing.PICKED_EDGE,
    "rejected-edge": drawing.REJECTED_EDGE,
    "summary-fill": drawing.SUMMARY_FILL,
    "summary-border": drawing.SUMMARY_BORDER,
    "cell-text": drawing.CELL_TEXT,
    "index-text": drawing.INDEX_TEXT,
}

# Placeholders in page.html, each replaced exactly once.
_SLOT = re.compile(r"/\*@(\w+)@\*/|<!--@(\w+)@-->")


def _asset(name: str) -> str:
    """One of the viewer's files, read from the installed package."""
    return resources.files("tracer").joinpath("viewer", name).read_text(encoding="utf-8")


def _winning_lines(trace: Trace) -> list[int]:
    """Per position: the index in LINES of the winner's line, -1 if nobody has won."""
    p = trace.positions
    result = []
    for pid in range(len(p)):
        winner = TERMINAL_NAMES[p.terminal[pid]]
        line = None
        if winner in ("X", "O"):
            mark: Mark = "X" if winner == "X" else "O"
            line = p.board(pid).winning_line(mark)
        result.append(LINES.index(line) if line else -1)
    return result


def viewer_data(trace: Trace, start_call: int = 1) -> dict[str, Any]:
    """What the page needs: the input, the score scheme and the position columns."""
    if not 1 <= start_call <= trace.calls:
        raise InputError(
            f"call {start_call} does not exist: calls run from 1 to {trace.calls}", "--focus"
        )
    p = trace.positions
    return {
        "board": trace.board.cells,
        "to_move": trace.to_move,
        "ai": trace.ai,
        "human": trace.human,
        "scores": trace.scores.as_dict(),
        "calls": trace.calls,
        "result": trace.result.as_dict(),
        "start_call": start_call,
        "lines": [list(line) for line in LINES],
        "cell_names": list(CELL_NAMES),
        "terminal_names": list(TERMINAL_NAMES),
        "positions": {
            "boards": list(p.boards),
            "x_to_move": list(p.x_to_move),
            "terminal": list(p.terminal),
            "score": list(p.score),
            "best": list(p.best),
            "first_edge": list(p.first_edge),
            "sizes": list(p.sizes),
            "edge_child": list(p.edge_child),
            "line": _winning_lines(trace),
        },
    }


def _script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element."""
    text = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def _css_variables() -> str:
    body = "".join(f"--{name}:{value};" for name, value in COLOURS.items())
    return f':root{{{body}--font:"{drawing.FONT}",system-ui,sans-serif;}}'


def title(trace: Trace) -> str:
    """The page title: the board and who moves."""
    return (
        f"Minimax step by step: {trace.board.compact()}, {trace.to_move} to move "
        f"({trace.calls:,} call{'s' if trace.calls != 1 else ''})"
    )


def render_html(trace: Trace, start_call: int = 1) -> str:
    """The whole page as one string; it opens at ``start_call`` unless its URL names a step."""
    s = trace.scores
    slots = {
        "title": escape(title(trace)),
        "heading": escape(
            f"{trace.board.compact()} · {trace.to_move} to move · "
            f"{trace.ai} is the AI (max), {trace.human} the human (min) · "
            f"scores: {trace.human} wins {signed(s.human_win)}, {trace.ai} wins "
            f"{signed(s.ai_win)}, draw {signed(s.draw)}"
        ),
        "colours": _css_variables(),
        "css": _asset("viewer.css"),
        "data": _script_json(viewer_data(trace, start_call)),
        "js": _asset("viewer.js"),
    }
    page = _asset("page.html")
    return _SLOT.sub(lambda m: slots[m.group(1) or m.group(2)], page)


def check_html_path(path: str, tree_output: str | None) -> None:
    """Refuse, before anything is written, a page path that cannot be written."""
    if path == "-":
        if tree_output == "-":
            raise InputError("the page and the tree cannot both go to standard output", "--html")
        return
    check_output_path(path, "--html")


def describe_page(trace: Trace) -> str:
    """What the command says about the page it wrote."""
    if trace.calls < 10_000:
        return f"{trace.calls:,} calls, every step replayable"
    return (
        f"{trace.calls:,} calls, every step replayable; the tree shows the path to the "
        f"running call and its test-plays, finished subtrees collapsed with their call counts"
    )
