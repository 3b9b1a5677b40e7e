"""The step-by-step viewer: a trace as one self-contained HTML page.

The page carries the trace's position columns (one row per distinct position) and reads every
call and step out of them in the browser, as ``Trace`` does, so the empty board's 549,946 calls
make a page of a few hundred kilobytes. Its JavaScript and CSS (``tracer/viewer/``) are inlined.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from importlib import resources
from typing import Any

from .. import style
from ..errors import InputError
from ..explain import for_trace
from ..trace import Trace
from .quiz import build_settings, page_data
from .stats import search_lines


def _colour(name: str) -> str:
    """A colour by its CSS name: ``win-fill`` is ``OUTCOME_FILL["win"]``, ``played-fill`` is ``PLAYED_FILL``."""
    outcome, _, part = name.partition("-")
    if outcome in ("win", "loss", "draw"):
        return getattr(style, f"OUTCOME_{part.upper()}")[outcome]
    return getattr(style, name.upper().replace("-", "_"))


#: Colours of the shared visual language, handed to the page as CSS variables.
COLOURS: dict[str, str] = {name: _colour(name) for name in [
    "played-fill", "played-text", "win-fill", "win-border", "loss-fill", "loss-border", "win-ink", "loss-ink",
    "draw-ink", "running", "running-on-dark", "draw-fill", "draw-border", "inner-fill", "inner-border", "chosen",
    "picked-edge", "rejected-edge", "summary-fill", "summary-border", "hit-border", "cell-text", "marked",
    "marked-ink", "index-text"]}

# Placeholders in page.html, each replaced exactly once.
SLOT = re.compile(r"/\*@(\w+)@\*/|<!--@(\w+)@-->")


def asset(name: str) -> str:
    return resources.files("tracer").joinpath("viewer", name).read_text(encoding="utf-8")


def check_start_call(trace: Trace, start_call: int) -> None:
    """InputError unless the page can open at call ``start_call``."""
    if not 1 <= start_call <= trace.calls:
        raise InputError(f"call {start_call} does not exist: calls run from 1 to {trace.calls}", "--focus")


def check_page(trace: Trace) -> None:
    """InputError unless the page can draw the trace's game and tell its search."""
    words, search = for_trace(trace)
    if words.page_data() is None:
        raise InputError(f"the step-through page cannot draw this game ({trace.game.name}) yet: "
                         "write the log, the tree or the figures instead", "--html")
    if search.page_data() is None:
        raise InputError(f"the step-through page cannot narrate {search.name()} yet: "
                         "write the log, the tree or the figures instead", "--html")


def viewer_data(trace: Trace, start_call: int = 1, figures_href: str | None = None) -> dict[str, Any]:
    """What the page needs: the rows, what the game's and the search's page modules read, and
    every template it fills. ``figures_href``: the figures page written in the same run, relative
    to the page (None: the page names the guide's figures without links, and says how to write them)."""
    check_start_call(trace, start_call)
    check_page(trace)
    words, search = for_trace(trace)
    p = trace.positions
    columns: dict[str, list[Any]] = {name: list(getattr(p, name))
                                     for name in ("terminal", "score", "best", "first_edge", "sizes", "edge_child")}
    columns.update(words.page_columns(p.state, p.terminal))
    if not (search.kind.baseline and words.page_moves_derived()):
        # The page then reads each call's test-plays from the edges (alpha-beta skips some).
        columns.update(edge_move=list(p.edge_move), edge_count=list(p.edge_count))
    bounds = search.bound_signs()
    if bounds is not None:  # which scores are only bounds (alpha-beta's cuts): never shown as values
        columns["bound"] = bounds
    return {
        "game": {"module": words.page_module, **(words.page_data() or {})},
        "search": {"module": search.page_module, **(search.page_data() or {})},
        "words": page_words(trace),
        # None: no figure links at all (the figures page cannot tell this search's calls).
        "figures": [name for number, name in GUIDE_FIGURES if words.guide_figure(trace, number) is not None]
        if search.narrates_figures else None,
        "figures_href": figures_href,
        "calls": trace.calls,
        "result": trace.result.as_dict(),
        "start_call": start_call,
        "positions": columns,
    }


#: The guide's single-board figures, by number, as the figures page names their files.
GUIDE_FIGURES = ((4, "tested-cell"), (5, "after-test-play"), (10, "final-board"))


def page_words(trace: Trace) -> dict[str, Any]:
    """Every template of the page and the tables its slots are looked up in: the game's
    (merged first) and the search's, each from its words plug-in."""
    words, search = for_trace(trace)
    return {
        "game": {"phrases": words.page_phrases(), "constants": words.page_constants(),
                 "legend": page_legend(trace), "code": words.code_lines(),
                 **words.page_tables(trace, search.skipped)},
        "search": search_words_data(search),
    }


#: The page legend's swatch classes that stand for an outcome's colour.
OUTCOME_SWATCHES = frozenset({"win", "loss", "draw", "leaf"})


def page_legend(trace: Trace) -> list[tuple[str, str, str]]:
    """The game's page legend, its outcome rows only for the outcomes the page colours: a
    finished game's, or what a score (not a bound) predicts for a summary or a cache hit."""
    words, search = for_trace(trace)
    p = trace.positions
    used = {words.outcome_kind(code) for code in set(p.terminal) if code}
    used |= {words.value_kind(p.score[pid]) for pid in range(len(p)) if not search.bound_sign(pid)}
    return [row for row in words.page_legend() if row[0] not in OUTCOME_SWATCHES or row[0] in used]


def search_words_data(search: Any) -> dict[str, Any]:
    """A search's part of the page's words: its templates, constants, legend rows and code lines."""
    return {"phrases": search.page_phrases(), "constants": search.page_constants(),
            "legend": search.page_legend(), "code": search.code_parts(), "without_code": search.page_without_code}


def module_scripts(games: list[str | None], searches: list[str | None]) -> str:
    """The scripts of the named game and search modules (``tracer/viewer/games/``, ``searches/``)."""
    found = [asset(f"games/{name}.js") for name in games if name]
    found += [asset(f"searches/{name}.js") for name in searches if name]
    return "\n".join(found)


def script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element: no ``<`` at all, so no text in the
    data can close the element or look like the start of another."""
    text = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c")


#: Where page.html and game.html name the scripts their content security policy allows.
SCRIPT_HASHES = "'tracer-script-hashes'"
# The page's own scripts: elements with no type (data is type="application/json").
_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def script_hashes(page: str) -> list[str]:
    """The CSP source of each script ``page`` ships itself (``'sha256-…'``), in order."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"
        for body in _SCRIPT.findall(page)
    ]


def seal(page: str, also: list[str] | None = None) -> str:
    """The page with its policy allowing exactly its own scripts (and ``also``: those of a
    page it shows in a frame, which inherits this policy), so the browser runs no other
    script, whatever text a trace put into the page."""
    hashes = list(dict.fromkeys(script_hashes(page) + list(also or [])))
    if SCRIPT_HASHES not in page:
        raise ValueError("the page template names no place for its script hashes")
    return page.replace(SCRIPT_HASHES, " ".join(hashes), 1)


def css_variables() -> str:
    body = "".join(f"--{name}:{value};" for name, value in COLOURS.items())
    return f':root{{{body}--font:"{style.FONT}",system-ui,sans-serif;}}'


def title(trace: Trace) -> str:
    """The page title: the search, the first state and who moves."""
    words, search = for_trace(trace)
    root = trace.game.root
    return (f"{search.title()} step by step: {words.describe(root)}, {words.player(root)} to move "
            f"({trace.calls:,} call{'s' if trace.calls != 1 else ''})")


def quiz_slots(trace: Trace) -> dict[str, str]:
    """The quiz mode's script, style and questions (tracer/renderers/quiz.py)."""
    return {"quiz_css": asset("quiz.css"), "quiz_data": script_json(page_data(trace)), "quiz_js": asset("quiz.js")}


def built_quiz_slots() -> dict[str, str]:
    """The quiz mode for a page that builds its questions from its rows (the game's
    step-throughs): the same panel, with quizbuild.js in front of quiz.js."""
    return {"quiz_css": asset("quiz.css"), "quiz_data": script_json(build_settings()),
            "quiz_js": asset("quizbuild.js") + "\n" + asset("quiz.js")}


#: A page without a quiz: no panel, no script, no questions.
NO_QUIZ = {"quiz_css": "", "quiz_data": "null", "quiz_js": ""}


def render_html(trace: Trace, start_call: int = 1, figures_href: str | None = None) -> str:
    """The whole page as one string; it opens at ``start_call`` unless its URL names a step.
    ``figures_href``: the figures page written with it, relative to it (see ``viewer_data``)."""
    words, search_words = for_trace(trace)
    without_quiz = search_words.page_without_quiz
    search = " · ".join(search_lines(trace) + ([without_quiz] if without_quiz else []))
    slots = {
        "title": escape(title(trace)),
        "h1": escape(search_words.phrases().say("page.h1")),
        "phrases": asset("phrases.js"),
        "modules": module_scripts([words.page_module], [search_words.page_module]),
        "heading": escape(words.page_heading() + (f" · {search}" if search else "")),
        "colours": css_variables(),
        "css": asset("viewer.css"),
        "data": script_json(viewer_data(trace, start_call, figures_href)),
        "codepanel": asset("codepanel.js"),
        "js": asset("viewer.js"),
        **(NO_QUIZ if without_quiz else quiz_slots(trace)),
    }
    page = asset("page.html")
    return seal(SLOT.sub(lambda m: slots[m.group(1) or m.group(2)], page))


def describe_page(trace: Trace) -> str:
    """What the command says about the page it wrote."""
    if trace.calls < 10_000:
        return f"{trace.calls:,} calls, every step replayable"
    return (f"{trace.calls:,} calls, every step replayable; the tree shows the path to the running call and "
            "its test-plays, finished subtrees collapsed with their call counts")
