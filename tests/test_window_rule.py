"""The step-through's own alpha-beta (viewer.js): the window after each test-play and the cut,
held for every row of several searches to the textbook's rule, written out here.

Russell & Norvig's loop, per call: the window (alpha, beta) it was called with; after each
test-play returns, the call's best so far is the max (MAX) or min (MIN) of the scores; a
MAX call stops once best >= beta (cutoff ge; best > beta under gt), a MIN call once
best <= alpha (best < alpha); otherwise MAX raises alpha to its best, MIN lowers beta.
The page narrates every window update and cut from this, and its code panel and quiz
read it: a page that applied another rule would teach it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_viewer import Viewer

from tracer.cli import build_game, read_input
from tracer.renderers.html import render_html
from tracer.search import SearchSpec
from tracer.trace import Trace

INF = float("inf")

#: (example or board, algorithm settings): boards with ties at the window's edges, and trees.
CASES = [
    ("near-endgame", "ge"),
    ("o-to-move", "ge"),
    ("o-to-move", "gt"),
    ("XO.......", "ge"),
    ("XO.......", "gt"),
    ("aima-5.2", "ge"),
    ("cutoffs-differ", "ge"),
    ("cutoffs-differ", "gt"),
]


def windows_by_the_rule(alpha: float, beta: float, maximising: bool, scores: list[int],
                        cutoff: str) -> list[tuple[float, float, bool, float]]:
    """(alpha, beta, cut, best) after 0, 1, ... test-plays, by the textbook's loop."""
    best = -INF if maximising else INF
    found = [(alpha, beta, False, best)]
    for score in scores:
        best = max(best, score) if maximising else min(best, score)
        if maximising:
            cut = best >= beta if cutoff == "ge" else best > beta
        else:
            cut = best <= alpha if cutoff == "ge" else best < alpha
        if not cut:
            alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
        found.append((alpha, beta, cut, best))
        if cut:
            break
    return found


def trace_of(name: str, cutoff: str) -> Trace:
    if set(name) <= set("XO."):  # a board
        text, source = name.encode(), "board"
    else:
        text, source = read_input(None, name)
    return SearchSpec("alphabeta", cutoff).run(build_game(text, source, ai="X", scores="tutorial", order="ascending"))


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("window-pages")


@pytest.fixture
def page_of(browser, pages: Path) -> Iterator:
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


READ_WINDOWS = """() => {
    const R = tracerRows, out = [];
    for (let pid = 0; pid < R.data.positions.score.length; pid++) {
        // windowAfter is searches/alphabeta.js's
        for (let done = 0; done <= R.moves(pid).length; done++) out.push(R.search.windowAfter(pid, done));
    }
    return out;
}"""


def bound(value: float | None, low: bool) -> float:
    return (-INF if low else INF) if value is None else value


@pytest.mark.parametrize(("name", "cutoff"), CASES)
def test_the_pages_window_and_cut_follow_the_textbooks_rule_on_every_row(page_of, name, cutoff):
    trace = trace_of(name, cutoff)
    view = page_of(trace, f"{name}-{cutoff}")
    shown = view.page.evaluate(READ_WINDOWS)
    p, game = trace.positions, trace.game
    expected = []
    for pid in range(len(p)):
        scores = [p.score[child] for _move, child in p.children(pid)]
        rule = windows_by_the_rule(bound(p.extras["alpha"][pid], True), bound(p.extras["beta"][pid], False),
                                   game.maximising(p.state[pid]), scores, cutoff)
        assert len(rule) == len(scores) + 1  # the search stopped where the rule stops
        assert rule[-1][2] or not p.extras["pruned"][pid]  # nothing pruned without a cut
        expected += [[None if abs(a) == INF else a, None if abs(b) == INF else b, cut, best]
                     for a, b, cut, best in rule]
    assert shown == expected


def test_the_cases_reach_the_edges_of_the_rule():
    """The rows above include cuts on equality (ge) and ties that do not cut (gt), for MAX
    and MIN calls alike: a page that got the edge wrong would show it."""
    seen = set()
    for name, cutoff in CASES:
        trace = trace_of(name, cutoff)
        p, game = trace.positions, trace.game
        for pid in range(len(p)):
            maximising = game.maximising(p.state[pid])
            alpha, beta = bound(p.extras["alpha"][pid], True), bound(p.extras["beta"][pid], False)
            scores = [p.score[child] for _move, child in p.children(pid)]
            for alpha_, beta_, cut, best in windows_by_the_rule(alpha, beta, maximising, scores, cutoff)[1:]:
                edge = best == (beta_ if maximising else alpha_)
                if edge:
                    seen.add((cutoff, "MAX" if maximising else "MIN", cut))
                # A window that changed: beta lowered by a MIN call, alpha raised by a MAX one.
                if not cut and (beta_ < beta if not maximising else alpha_ > alpha):
                    seen.add(("moved", "MAX" if maximising else "MIN"))
    assert {("ge", "MAX", True), ("ge", "MIN", True), ("gt", "MAX", False), ("gt", "MIN", False),
            ("moved", "MAX"), ("moved", "MIN")} <= seen
