"""``trace play --html``: the game against the AI as one self-contained page.

The page never searches. For each setting it offers (which mark opens, the AI's mark, the
scores) it carries the minimax graph recorded from the empty board, the viewer's columns,
identical ones stored once: every reachable board is a row, its chosen test-play the AI's
move. Alpha-beta's calls depend on the window, so for each AI mark and scheme the page also
carries alpha-beta recorded from every board where the AI is to move, into one shared graph.
The 2.3 MB of JSON travel deflated in base64; the browser's ``DecompressionStream`` inflates it.
"""

from __future__ import annotations

import base64
import json
import zlib
from html import escape
from itertools import product
from typing import Any

from .. import search
from ..errors import InputError
from ..explain import for_trace, game_words, word_classes
from ..explain.tictactoe import TicTacToeWords
from ..games.tictactoe.board import LINES, Board, Mark
from ..games.tictactoe.game import TERMINAL_NAMES, TicTacToe, pack
from ..renderers import html as viewer_page
from ..scores import NAMED, Scores
from ..trace import Trace

#: What the page offers, in the order its menus list them.
AI_MARKS: tuple[Mark, ...] = ("X", "O")
SCHEMES: dict[str, str] = {"tutorial": "-1 / +1 / 0 (the tutorial)", "ten": "-10 / +10 / 0 (±10)"}


def searches() -> dict[str, str]:
    return {kind.name: kind.game_page for kind in search.kinds() if kind.game_page}


#: Columns stored once each, by their index in the pool (in the order first met).
Pool = dict[tuple[int, ...], int]


def _pooled(pool: Pool, columns: dict[str, list[int]]) -> dict[str, int]:
    return {name: pool.setdefault(tuple(column), len(pool)) for name, column in columns.items()}


def graph_settings() -> list[dict[str, Any]]:
    """Every game the page offers a graph of the baseline search for: opening mark, AI's mark, scores."""
    base = search.baseline().name
    return [{"first": first, "ai": ai, "scores": scheme, "search": base}
            for scheme, ai, first in product(SCHEMES, AI_MARKS, AI_MARKS)]


def game_data(ai: Mark = "X", scheme: str = "tutorial") -> dict[str, Any]:
    """What the page embeds: one recorded position graph per setting, columns pooled, the
    step-through's words (``words``), and the setting the page starts with (``ai``, ``scheme``)."""
    pool: Pool = {}
    graphs, traces = [], []
    for setting in graph_settings():
        scores: Scores = NAMED[setting["scores"]]
        trace = search.baseline().run(TicTacToe(Board.empty(), setting["first"], setting["ai"], scores))
        positions = _pooled(pool, viewer_page.viewer_data(trace)["positions"])
        graphs.append({**setting, "scheme": scores.as_dict(), "positions": positions})
        traces.append(trace)
    decisions, decided = [], []
    for kind in search.kinds():
        if kind.game_page and kind.recorder is not None:
            for scheme_name, ai_mark in product(SCHEMES, AI_MARKS):
                block, trace = decisions_of(kind, ai_mark, scheme_name, pool)
                decisions.append(block)
                decided.append(trace)
    game = game_words(traces[0].game)
    return {
        "graphs": graphs,
        "decisions": decisions,
        "columns": [list(column) for column in pool],
        "choices": {"ai": list(AI_MARKS), "scores": SCHEMES, "search": searches()},
        "initial": {"ai": ai, "scores": scheme},
        "game": {"module": game.page_module, **(game.page_data() or {})},
        "words": page_words(traces, decided),
        "lines": [list(line) for line in LINES],
        "terminal_names": list(TERMINAL_NAMES),
    }


def page_words(traces: list[Trace], decided: list[Trace]) -> dict[str, Any]:
    """The step-through's and the page's own templates, each written once: the game's (with
    its constants and score tables per AI mark and scheme) and each offered search's."""
    first = viewer_page.page_words(traces[0])["game"]
    shared = {key: first[key] for key in ("phrases", "legend", "code", "moves", "code_terminal")}
    shared["phrases"] = {**shared["phrases"], **game_words(traces[0].game).play_phrases()}
    settings: dict[tuple[str, str], dict[str, Any]] = {}
    for trace in [*traces, *decided]:
        words = viewer_page.page_words(trace)["game"]
        game = game_words(trace.game).game
        key = (game.ai, scheme_of(game.scores))
        found = settings.setdefault(key, {"ai": key[0], "scores": key[1], "constants": words["constants"],
                                          "terminals": words["terminals"], "fixed": words["fixed"], "values": {}})
        found["values"].update(words["values"])
    for setting in settings.values():
        setting["values"] = dict(sorted(setting["values"].items()))
    searches_words = {}
    for trace in [traces[0], *decided]:
        search_words = for_trace(trace)[1]
        searches_words[trace.search.algorithm] = {
            **viewer_page.search_words_data(search_words), "module": search_words.page_module,
            "phrases": {**search_words.page_phrases(), **search_words.play_phrases()}}
    return {"game": shared, "settings": list(settings.values()), "searches": searches_words}


def decisions_of(kind: search.SearchKind, ai: Mark, scheme: str, pool: Pool) -> tuple[dict[str, Any], Trace]:
    """A search whose calls depend on more than the position (alpha-beta), recorded from
    every board where the AI (``ai``) is to move in a game with ``scheme``, either side
    opening, into one graph: its columns (pooled), the search's per-row facts
    (``variant``) and ``roots``, each such state's first row; and the graph as a trace."""
    scores: Scores = NAMED[scheme]
    if scores.as_dict().get("per_move"):
        raise ValueError(f"{kind.title}'s searches share rows only if scores ignore depth")
    game = TicTacToe(Board.empty(), ai, ai, scores)
    assert kind.recorder is not None
    recorder = kind.recorder(game, **dict(kind.full_settings({})))
    rows = recorder.rows
    roots: dict[int, int] = {}
    for first in AI_MARKS:
        stack, met = [pack(Board.empty(), first)], set()
        while stack:
            state = stack.pop()
            if state in met or game.outcome(state, 0):
                continue
            met.add(state)
            if not game.maximising(state):  # the human may play any cell
                stack.extend(game.play(state, move) for move in game.moves(state))
                continue
            row = roots[state] = recorder.root(state)
            stack.append(game.play(state, rows.edge_move[rows.first_edge[row] + rows.best[row]]))
    trace = recorder.trace()
    data = viewer_page.viewer_data(trace)
    counted = for_trace(trace)[1].counted_rows()
    block = {
        "ai": ai, "scores": scheme, "search": kind.name, "scheme": scores.as_dict(),
        "positions": _pooled(pool, data["positions"]),
        # The search's facts for the page; those it keeps per row are sliced with the rows.
        "variant": {"algorithm": kind.name, **{k: v for k, v in data["search"].items() if k != "module"},
                    "per_row": sorted(set(data["search"]) & set(kind.extras))},
        "roots": {str(state): row for state, row in sorted(roots.items())},
    }
    if counted is not None:  # what the search's summary counts, below each decision's first row
        totals = subtree_totals(trace, counted)
        block["summaries"] = {str(row): totals[row] for row in sorted(set(roots.values()))}
    return block, trace


def subtree_totals(trace: Trace, counted: list[int]) -> list[int]:
    """Per row: ``counted`` summed over its whole subtree, each row as often as it is called."""
    p = trace.positions
    totals = [0] * len(p)
    for pid in sorted(range(len(p)), key=lambda r: p.sizes[r]):  # children first
        totals[pid] = counted[pid] + sum(totals[child] for _, child in p.children(pid))
    return totals


def _viewer_template() -> str:
    """The viewer's page with its code, styles and quiz in place and, still open, the
    slots the game fills for each decision (title, heading, the decision's positions)."""
    offered = [words.page_module for kind, words in zip(search.kinds(), word_classes(), strict=True)
               if kind.game_page]
    slots = {
        "colours": viewer_page.css_variables(),
        "css": viewer_page.asset("viewer.css"),
        "phrases": viewer_page.asset("phrases.js"),
        "modules": viewer_page.module_scripts([TicTacToeWords.page_module], offered),
        "codepanel": viewer_page.asset("codepanel.js"),
        "js": viewer_page.asset("viewer.js"),
        # The step-through builds its questions from the decision's rows: written out, they'd be megabytes.
        **viewer_page.built_quiz_slots(),
    }
    slots.update({name: f"<!--@{name}@-->" for name in ("title", "h1", "heading")})
    slots["data"] = "/*@data@*/"
    page = viewer_page.asset("page.html")
    return viewer_page.seal(viewer_page.SLOT.sub(lambda m: slots[m.group(1) or m.group(2)], page))


def render_game_page(ai: Mark = "X", scores: str = "tutorial") -> str:
    """The whole game page as one string, starting with the AI as ``ai`` and ``scores``."""
    viewer = _viewer_template()
    data = game_data(ai, scores)
    size = data["game"]["size"]
    slots = {
        "colours": viewer_page.css_variables(),
        "css": viewer_page.asset("game.css"),
        "data": deflated_json(data),
        "size": str(size),
        "board": _board(size),
        "phrases": viewer_page.asset("phrases.js"),
        "modules": viewer_page.module_scripts([data["game"]["module"]], []),
        "viewer": _script_string(viewer),
        "js": viewer_page.asset("game.js"),
        "schemes": _options(SCHEMES),
        "searches": _options(searches()),
    }
    page = viewer_page.asset("game.html")
    # A step-through opens in a frame of this page and inherits its policy, so it allows its scripts too.
    filled = viewer_page.SLOT.sub(lambda m: slots[m.group(1) or m.group(2)], page)
    return viewer_page.seal(filled, viewer_page.script_hashes(viewer))


def deflated_json(value: Any) -> str:
    """``value`` as JSON, deflated (zlib's format, which the browser's ``DecompressionStream``
    reads as "deflate") and in base64: letters, digits, ``+/=`` only, safe in any element."""
    packed = zlib.compress(viewer_page.script_json(value).encode("utf-8"), 9)
    return base64.b64encode(packed).decode("ascii")


def _board(size: int) -> str:
    """The board's cells as buttons, row by row (the page's script labels and fills them)."""
    return "\n        ".join("".join(f'<button type="button" data-cell="{row * size + col}"></button>'
                                       for col in range(size)) for row in range(size))


def _script_string(text: str) -> str:
    """A string as JSON that is safe inside a <script> element, whatever markup it holds."""
    return json.dumps(text, ensure_ascii=True).replace("<", "\\u003c")


def _options(choices: dict[str, str]) -> str:
    return "".join(f'<option value="{escape(name)}">{escape(label)}</option>' for name, label in choices.items())


def scheme_of(scores: Scores | None) -> str:
    """The name of the score scheme the page starts with; InputError if it offers no such scheme."""
    names = {NAMED[name]: name for name in SCHEMES}
    scheme = names.get(scores or NAMED["tutorial"])
    if scheme is None:
        raise InputError(f"the game page offers the schemes {', '.join(SCHEMES)}, found "
                         f"{(scores or NAMED['tutorial']).spec()!r} (the terminal game takes any triple)",
                         "--scores")
    return scheme


def build_page(ai: Mark, scheme: str) -> tuple[bytes, str]:
    """The page's bytes, and what ``trace play --html`` says about it."""
    data = render_game_page(ai, scheme).encode("utf-8")
    settings = len(graph_settings())
    return data, (f"{len(data) / 1024:,.0f} KiB: the game, its {settings} recorded minimax searches and"
                  " alpha-beta's decisions, offline")
