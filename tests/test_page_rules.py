"""The step-through page held to the search's rule, in a real headless Chromium: negamax
negates a returned score only where the side to move changes, and alpha-beta's code panel
lights the cut test and the bound of the side that moves (MAX: ``≥ β`` then ``α``; MIN:
``≤ α`` then ``β``), the bound only when no cut follows."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from test_viewer import Viewer

import tracer
from tracer.games.tictactoe.game import TicTacToe
from tracer.games.tree.game import GameTree
from tracer.renderers.html import render_html
from tracer.search import SearchSpec

TREE = [[[3, 1], 5], [[2, 4], [6, 0]]]


class MaxMovesTwice(GameTree):
    """The tree above with MAX to move at the root and again at its children, then the sides
    alternating: one side moves twice in a row."""

    def maximising(self, state: int) -> bool:
        depth = self.nodes.depths[state]
        return depth <= 1 or depth % 2 == 1


def max_moves(depth: int) -> bool:
    return depth <= 1 or depth % 2 == 1


def plain_negamax(node: Any, depth: int) -> int:
    """The score for the side to move at ``node``: a leaf's value as MAX scores it, turned
    to the mover's view; a returned score negated only where the mover changes."""
    if not isinstance(node, list):
        return node if max_moves(depth) else -node
    same = max_moves(depth) == max_moves(depth + 1)
    return max(plain_negamax(child, depth + 1) * (1 if same else -1) for child in node)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


@pytest.fixture
def page(browser, tmp_path: Path):
    views: list[Viewer] = []

    def opener(trace: tracer.Trace) -> Viewer:
        path = tmp_path / f"p{len(views)}.html"
        path.write_text(render_html(trace), encoding="utf-8")
        views.append(Viewer(browser, path).open(""))
        return views[-1]

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
        finally:
            view.close()


def story(view: Viewer, selector: str) -> list[tuple[str, int, str]]:
    """``(kind, call, selector's text)`` at every step of the page, first to last."""
    found = view.page.evaluate("""(selector) => {
        const story = document.querySelector('#story'), out = [];
        for (let n = 1; n <= tracerViewer.total; n++) {
            tracerViewer.go(n);
            out.push([story.dataset.kind, Number(story.dataset.call),
                      [...document.querySelectorAll(selector)].map((e) => e.textContent).join('\\n')]);
        }
        return out;
    }""", selector)
    return [(str(kind), int(call), str(text)) for kind, call, text in found]


def steps_of(steps: list[tuple[str, int, str]], call: int, kind: str) -> list[str]:
    """The texts at each step of ``kind`` in ``call``, in order."""
    return [text for k, c, text in steps if k == kind and c == call]


def test_negamax_on_the_page_keeps_a_score_where_the_mover_stays(page) -> None:
    trace = SearchSpec("negamax").run(MaxMovesTwice(tracer.tree(str(TREE)).nodes))
    # The root's two test-plays leave MAX to move: their scores are taken as returned.
    values = [plain_negamax(child, 1) for child in TREE]
    assert values == [5, 2] and plain_negamax(TREE, 0) == 5
    steps = story(page(trace), "#narration")
    chose = steps_of(steps, 1, "choose")
    assert len(chose) == 1
    assert f"max({', '.join(map(signed, values))}) = {signed(max(values))}" in chose[0], chose[0]
    saves = steps_of(steps, 1, "save")
    assert len(saves) == 2 and all("moves again" in text for text in saves), saves


@pytest.mark.parametrize("board, mark", [("XO..X..O.", "O"), ("XO..X.O..", "X")])
def test_alphabetas_code_panel_lights_the_movers_cut_test_and_bound(page, board: str, mark: str) -> None:
    trace = SearchSpec("alphabeta").run(TicTacToe(tracer.Board(board), mark))
    steps = story(page(trace), "#code-panel li.running")
    extras = trace.positions.extras
    checked = cuts = 0
    for number in (1, *(c.call for c in trace.call(1).children())):
        call = trace.call(number)
        if call.terminal:
            continue
        lit = steps_of(steps, number, "save")
        returned = [child.score for child in call.children()]
        assert len(lit) == len(returned), (number, lit)
        alpha, beta = extras["alpha"][call.pid], extras["beta"][call.pid]
        for j, cut in enumerate(cuts_after(call.maximising, returned, alpha, beta)):
            text = lit[j]
            own, other = ("≥ β", "≤ α") if call.maximising else ("≤ α", "≥ β")
            bound, not_bound = ("α = max", "β = min") if call.maximising else ("β = min", "α = max")
            assert own in text and other not in text, (number, j, text)
            assert (bound in text) == (not cut) and not_bound not in text, (number, j, text)
            checked += 1
            cuts += cut
    assert checked > 10 and cuts > 0


def cuts_after(maximising: bool, returned: list[int], alpha: int | None, beta: int | None) -> list[bool]:
    """After each returned score, whether the textbook's alpha-beta (cutoff ≥) cuts: MAX when its
    best so far reaches β, MIN when it reaches α; else the mover's bound moves to its best."""
    low = -math.inf if alpha is None else alpha
    high = math.inf if beta is None else beta
    best = -math.inf if maximising else math.inf
    found = []
    for score in returned:
        best = max(best, score) if maximising else min(best, score)
        cut = best >= high if maximising else best <= low
        found.append(cut)
        if not cut and maximising:
            low = max(low, best)
        elif not cut:
            high = min(high, best)
    return found
