"""One author per sentence: the step-through page says, at every step, what Python says.

The words plug-ins write the page's sentences as templates (``explain.pagewords``
and each game's and search's ``page_phrases``); the page fills them in the browser
(``viewer.js`` with ``phrases.js``), ``tests/page_steps.py`` fills the same ones in
Python. Here the two are held to each other, step by step, on traces of each game
and each search, with several score schemes, loop orders and cutoffs; the steps
themselves are held to ``Trace.events()`` (``test_viewer.expected_steps``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_notes import KINDS
from page_steps import PageSteps, narration
from test_viewer import Viewer

from tracer.cli import build_game, read_input
from tracer.explain import for_trace
from tracer.explain.phrases import Phrases, fill, pieces
from tracer.renderers.html import render_html
from tracer.search import SearchSpec
from tracer.trace import Trace

VIEWER = Path(__file__).resolve().parent.parent / "tracer" / "viewer"

#: (example, algorithm, cutoff, scores, order, the AI's mark): each game, each search, the
#: guide's scores, ±10 and depth-aware ones, three loop orders, both cutoffs, both AIs.
CASES = [
    ("near-endgame", "minimax", "ge", "tutorial", "ascending", "X"),
    ("near-endgame", "alphabeta", "ge", "tutorial", "ascending", "X"),
    ("near-endgame", "memo", "ge", "tutorial", "ascending", "X"),
    ("near-endgame", "minimax", "ge", "ten", "ascending", "O"),
    ("o-to-move", "minimax", "ge", "ten", "centre-first", "X"),
    ("forced-win", "alphabeta", "gt", "depth", "ascending", "X"),
    ("forced-draw", "memo", "ge", "depth", "ascending", "X"),
    ("must-block", "alphabeta", "ge", "ten", "4,0,2,6,8,1,3,5,7", "X"),
    ("cutoffs-differ", "alphabeta", "gt", "tutorial", "ascending", "X"),
    ("aima-5.2", "minimax", "ge", "tutorial", "ascending", "X"),
    ("aima-5.2", "alphabeta", "ge", "tutorial", "ascending", "X"),
    ("uneven-depth", "memo", "ge", "tutorial", "ascending", "X"),
    ("uneven-depth", "alphabeta", "gt", "tutorial", "ascending", "X"),
    ("o-to-move", "negamax", "ge", "tutorial", "ascending", "X"),
    ("forced-win", "negamax", "ge", "depth", "centre-first", "O"),
    ("aima-5.2", "negamax", "ge", "tutorial", "ascending", "X"),
    ("nim", "minimax", "ge", "tutorial", "ascending", "X"),
    ("nim", "alphabeta", "ge", "tutorial", "all-first", "X"),
    ("nim", "memo", "ge", "tutorial", "ascending", "X"),
    ("nim", "negamax", "ge", "tutorial", "ascending", "X"),
]


def expected_steps(trace: Trace) -> list[tuple[str, int]]:
    """The page's steps derived independently from Trace.events(): (kind, the call doing the
    work). A call that makes no test-play (a finished game, a cache hit) has three steps."""
    from tracer.trace import ENTER

    steps: list[tuple[str, int]] = []
    running: list[int] = []
    for kind, call, pid, _depth, _move in trace.events():
        if kind == ENTER:
            if running:
                steps.append(("place", running[-1]))
            steps += [("begin", call), ("empty", call), ("check", call)]
            running.append(call)
        else:
            running.pop()
            if trace.positions.edge_count[pid]:
                steps += [("choose", call), ("return", call)]
            if running:
                steps.append(("save", running[-1]))
    return steps


def trace_of(example: str, algorithm: str, cutoff: str, scores: str, order: str, ai: str) -> Trace:
    text, source = read_input(None, example)
    return SearchSpec(algorithm, cutoff).run(build_game(text, source, ai=ai, scores=scores, order=order))


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("page-words")


@pytest.fixture
def open_trace(browser, pages: Path) -> Iterator:
    views: list[Viewer] = []

    def opener(trace: Trace, name: str) -> Viewer:
        path = pages / f"{name}.html"
        path.write_text(render_html(trace), encoding="utf-8")
        views.append(Viewer(browser, path).open())
        return views[-1]

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
        finally:
            view.close()


def page_story(view: Viewer) -> list[tuple[str, str, str]]:
    """At every step: the story's text, its markup, and the step's kind, as the page shows them."""
    found = view.page.evaluate("""() => {
        const out = [], story = document.getElementById('story'), words = document.getElementById('narration');
        for (let n = 1; n <= tracerViewer.total; n++) {
            tracerViewer.go(n);
            out.push([words.textContent, words.innerHTML, story.dataset.kind + ' ' + story.dataset.call]);
        }
        return out;
    }""")
    return [(str(text), str(markup), str(kind)) for text, markup, kind in found]


@pytest.mark.parametrize(("example", "algorithm", "cutoff", "scores", "order", "ai"), CASES)
def test_the_page_tells_every_step_as_python_does(open_trace, example, algorithm, cutoff, scores, order, ai):
    trace = trace_of(example, algorithm, cutoff, scores, order, ai)
    view = open_trace(trace, f"{example}-{algorithm}-{cutoff}-{scores}-{ai}")
    steps = PageSteps(trace)
    shown = page_story(view)
    assert len(shown) == len(steps) == len(expected_steps(trace))
    # The steps are those Trace.events() gives, derived independently.
    assert [kind for _, _, kind in shown] == [f"{kind} {call}" for kind, call in expected_steps(trace)]
    assert [(KINDS[s.kind], s.top.call) for s in map(steps.step, range(1, len(steps) + 1))] == expected_steps(trace)
    for n, (text, markup, _kind) in enumerate(shown, start=1):
        assert text == steps.narration(n), (n, text)
        # Markup is only the templates' own: bold and code, nothing from a value.
        assert set(re.findall(r"</?([a-z]+)", markup)) <= {"b", "code"}, markup


@pytest.mark.parametrize(("example", "algorithm", "cutoff", "scores", "order", "ai"), CASES)
def test_every_step_says_something_new(example, algorithm, cutoff, scores, order, ai):
    """Stepping on moves the story on: no two steps in a row say the same (a cache hit's
    lookup and its return were once told by one sentence twice)."""
    told = PageSteps(trace_of(example, algorithm, cutoff, scores, order, ai)).narrations()
    earlier = next(told)
    for n, text in enumerate(told, start=2):
        assert text != earlier, (n, text)
        earlier = text


def test_the_text_keeps_the_guide_s_teaching(tutorial_trace):
    """Today's content, now written by the plug-ins: the guide's variable names and steps,
    the first best test-play, a forced win counted in moves, windows and cuts in the log's words."""
    said = list(PageSteps(tutorial_trace).narrations())
    assert said[1] == "Call #1 lists the empty cells of its board: availCellsIndexes = [1, 4, 8]."
    assert said[-1].startswith("Call #1 returns {index: 4, score: 1}: this is bestPlayInfo, the answer "
                               "(steps 24–25). allTestPlayInfos = [{index: 1, score: -1}, "
                               "{index: 4, score: 1}, {index: 8, score: -1}]; max(-1, +1, -1) = +1, first at "
                               "bestTestPlay = 1. X plays cell 4 (centre) and wins at once (score +1).")
    forced = trace_of("forced-win", "minimax", "ge", "tutorial", "ascending", "X")
    assert "can force a win: on the chosen line the game ends after 3 moves (2 by X)" in narration(
        forced, len(PageSteps(forced)))
    cut = trace_of("near-endgame", "alphabeta", "ge", "tutorial", "ascending", "X")
    cut_steps = list(PageSteps(cut).narrations())
    log_reason = for_trace(cut)[1].cut_reason(cut.call(6).pid)
    assert log_reason == "best +1 ≤ α = +1: X would never let the game reach here, so cell 4 is not " \
                         "test-played (pruned)"
    assert any(s.endswith(f" Cut: {log_reason}.") for s in cut_steps)
    assert cut_steps[0].endswith(" It is called with the window α = -∞, β = +∞.")


def test_python_asks_for_any_step_and_refuses_one_that_does_not_exist(tutorial_trace):
    steps = PageSteps(tutorial_trace)
    assert len(steps) == 51
    step = steps.step(11)
    assert (KINDS[step.kind], step.top.call, [f.call for f in step.frames]) == ("check", 3, [1, 2, 3])
    assert narration(tutorial_trace, 11) == steps.narration(11)
    with pytest.raises(IndexError, match="steps run from 1 to 51"):
        steps.step(52)


# ---- the grammar: one filler in each language --------------------------------------------

TEMPLATES = {
    "plain": "Call #{call} returns `{returned}`.",
    "braces": "{{index: {token}, score: {score}}}",
    "bold": "**Call #1 begins:** {player} to move",
    "values": "{a}{b}",
}
SLOTS = {"call": 7, "returned": "{index: 4, score: 1}", "token": "4", "score": -1, "player": "<b>X</b>",
         "a": "**not bold**", "b": "`not code` {slot} {{"}


def test_python_reads_templates_by_the_grammar():
    assert fill(TEMPLATES["braces"], SLOTS) == "{index: 4, score: -1}"
    assert fill(TEMPLATES["values"], SLOTS) == "**not bold**`not code` {slot} {{"  # values are text
    assert fill(TEMPLATES["bold"], SLOTS) == "Call #1 begins: <b>X</b> to move"
    assert [name for kind, name in pieces(TEMPLATES["plain"]) if kind == "slot"] == ["call", "returned"]
    assert ("bold", "") in pieces(TEMPLATES["bold"])
    with pytest.raises(ValueError, match="lone brace"):
        pieces("a { b")
    with pytest.raises(KeyError):
        fill("{missing}", {})
    phrases = Phrases({"and": " and ", "x": "{a} and {max}"}, {"max": "MAX"})
    assert phrases.say("x", a=1) == "1 and MAX" and phrases.listed(["a", "b", "c"]) == "a, b and c"


def test_the_page_fills_templates_as_python_does(open_trace, tutorial_trace):
    view = open_trace(tutorial_trace, "grammar")
    filled = view.page.evaluate("""([templates, slots]) => {
        const p = tracerPhrases.phrases(templates, {});
        const out = {};
        for (const key of Object.keys(templates)) {
            const box = document.createElement('p');
            tracerPhrases.setMarkup(box, p.say(key, slots));
            out[key] = [p.text(key, slots), box.textContent, box.innerHTML];
        }
        return out;
    }""", [TEMPLATES, SLOTS])
    for key, template in TEMPLATES.items():
        text, shown, markup = filled[key]
        assert text == shown == fill(template, SLOTS), key
    assert filled["bold"][2] == "<b>Call #1 begins:</b> &lt;b&gt;X&lt;/b&gt; to move"
    assert filled["plain"][2] == "Call #7 returns <code>{index: 4, score: 1}</code>."


# ---- the core knows no game and no search ------------------------------------------------

#: The page's core: it may name no game, no search and none of their settings or facts.
CORE = ["viewer.js", "codepanel.js", "quizbuild.js", "quiz.js", "phrases.js"]


@pytest.mark.parametrize("name", CORE)
def test_the_core_names_no_game_and_no_search(name):
    from tracer import games, search

    names = {kind.name for kind in games.kinds()} - {"tree"}  # "tree" is also the tree panel's id
    for kind in search.kinds():
        names |= {kind.name, *kind.settings, *kind.extras}
    source = (VIEWER / name).read_text(encoding="utf-8")
    literals = set(re.findall(r'"([^"\\\n]*)"', source)) | set(re.findall(r"'([^'\\\n]*)'", source))
    assert literals & names == set()


@pytest.mark.parametrize("path", sorted(VIEWER.rglob("*.js")), ids=lambda p: p.name)
def test_no_script_packs_a_3x3_board(path):
    """A board's size and packing come from the page data: no 9-cell or 18-bit constants."""
    source = path.read_text(encoding="utf-8")
    assert not re.search(r"\b(511|512|0x1ff|262143|0x3ffff)\b|[<>]{2} ?(9|18)\b|% ?3\b|repeat\(3", source)


def test_a_sentence_of_every_template_the_page_needs_is_written(tutorial_trace):
    """Every key the core asks for has a template in the neutral words, so a game or a search
    with no words of its own still gets a whole page."""
    from tracer.explain import tictactoe, tree
    from tracer.explain.pagewords import PHRASES

    def asked(name: str) -> set[str]:
        source = (VIEWER / name).read_text(encoding="utf-8")
        return set(re.findall(r'\b(?:text|say)\("([a-z_.]+)"', source))

    core = set().union(*map(asked, CORE))
    assert core and core - set(PHRASES) == set()
    assert asked("games/tictactoe.js") - set(PHRASES) <= set(tictactoe.PAGE_PHRASES)
    assert asked("games/tree.js") - set(PHRASES) <= set(tree.PAGE_PHRASES)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("case", [CASES[2], CASES[10], CASES[14]], ids=["memo", "tree-alphabeta", "nim-alphabeta"])
def test_the_pages_of_other_modules_pass_axe_in_both_colour_schemes(browser, pages, case, scheme):
    from test_game_browser import axe_violations

    path = pages / f"axe-{case[0]}-{case[1]}.html"
    path.write_text(render_html(trace_of(*case)), encoding="utf-8")
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        for step in (2, 12, 30):
            page.goto(path.as_uri() + f"#step={step}")
            page.wait_for_selector("#story[data-step]")
            assert axe_violations(page) == [], step
    finally:
        context.close()
