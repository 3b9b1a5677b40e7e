"""Why a branch was not cut, and legends that name only what their picture holds (issue 22).

With ``--cutoff gt`` a call whose best only equals the window's edge searches on: the
``cutoffs-differ`` tree exists to teach that C (best 3, α = 3) still searches C.2,
which ``ge`` prunes. The log, the page's story and the quiz say so; with ``ge`` no
such sentence appears. The alpha-beta rows of a tree's legend (window, pruned, cut,
bound) each name something its picture draws.
"""

from __future__ import annotations

import re

import pytest

from tracer import examples
from tracer.cli import build_game
from tracer.explain import for_trace
from tracer.renderers.log import render_log
from tracer.renderers.quiz import questions
from tracer.renderers.steps import PageSteps
from tracer.renderers.tree import game_tree
from tracer.search import SearchSpec
from tracer.style import CUT_MARK, SKIPPED_BORDER
from tracer.trace import Trace

NO_CUT = "+3 is not below α = +3, so C.2 is still searched"


def traced(example: str, cutoff: str, algorithm: str = "alphabeta") -> Trace:
    game = build_game(examples.read(example).encode(), f"example:{example}")
    return SearchSpec(algorithm, cutoff).run(game) if algorithm == "alphabeta" else SearchSpec(algorithm).run(game)


def test_gt_says_why_c_is_not_cut_in_the_log_the_page_and_the_quiz():
    trace = traced("cutoffs-differ", "gt")
    log = render_log(trace)
    # C's first child returns 3 = α: the log says so between the window's update and step 13.
    assert re.search(r"β = \+∞ → \+3: MIN can hold it to at most \+3 \(best so far, after test-play 1\)\n"
                     rf" +no cut   {re.escape(NO_CUT)} \(cutoff gt cuts only below α\)\n"
                     r" +step 13  next child: C\.2\n", log), log
    assert log.count("no cut") == 1
    steps = PageSteps(trace)
    told = [s for s in steps.narrations() if "No cut" in s]
    assert len(told) == 1 and f"No cut: {NO_CUT}" in told[0] and told[0].startswith("Call #6 returned")
    found = questions(trace)
    pruned = for_trace(trace)[1].pruned_question(trace.call(5))
    assert pruned.choices[pruned.answer].label == "none" and NO_CUT in pruned.explanation
    after = next(q for q in found if q.kind == "next" and q.call == 5)
    assert after.choices[after.answer].label == "searched" and f"No cut: {NO_CUT}" in after.explanation


@pytest.mark.parametrize("example", ["cutoffs-differ", "near-endgame", "aima-5.2", "forced-win"])
def test_ge_never_says_no_cut(example: str) -> None:
    trace = traced(example, "ge")
    assert "no cut" not in render_log(trace)
    assert not any("No cut:" in s for s in PageSteps(trace).narrations())


def legend_and_picture(trace: Trace) -> tuple[str, str]:
    """A tree's DOT split into its legend (the graph's label) and the rest, the picture."""
    source = game_tree(trace).source
    legend = next(line for line in source.splitlines() if "<B>Legend</B>" in line)
    return legend, source.replace(legend, "")


#: Each alpha-beta legend row, by its words, and what in the picture it explains.
USED_BY = {
    "was made with": lambda picture: "α = " in picture,
    "was called with": lambda picture: "α=" in picture,
    "pruned": lambda picture: CUT_MARK in picture or f'color="{SKIPPED_BORDER}"' in picture,
    "why a call stopped": lambda picture: "cut: " in picture,
    "bound": lambda picture: re.search(r"[≤≥] [+−-]?\d", picture) is not None,
}


@pytest.mark.parametrize(("example", "cutoff"), [(e, c) for e in ("cutoffs-differ", "near-endgame", "aima-5.2",
                                                                  "must-block", "uneven-depth")
                                                 for c in ("ge", "gt")])
def test_each_alpha_beta_legend_row_is_used_by_its_picture(example: str, cutoff: str) -> None:
    trace = traced(example, cutoff)
    legend, picture = legend_and_picture(trace)
    search = for_trace(trace)[1]
    shapes = for_trace(trace)[0].draws_shapes
    rows = search.drawn_legend_rows(shapes=shapes, calls=None)
    assert rows, "the window row is always there"
    for row in rows:
        assert row.text.replace("'", "&#x27;") in legend
        kinds = [name for name in USED_BY if name in row.text]
        assert len(kinds) == 1, row.text
        assert USED_BY[kinds[0]](picture), f"{example} {cutoff}: {row.text!r} names nothing drawn"
    # And what is drawn is named: a pruned branch or a bound never goes unexplained.
    named = " ".join(row.text for row in rows)
    for name, used in USED_BY.items():
        if used(picture) and name in ("pruned", "bound"):
            assert name in named, f"{example} {cutoff}: the picture has {name!r}, the legend does not say"


def test_a_tree_with_nothing_pruned_has_no_pruned_row():
    """The review's finding 7: under gt nothing of the guide's board is pruned (9 calls, as
    minimax), and its legend no longer says pruned, cut or bound."""
    trace = traced("near-endgame", "gt")
    assert trace.calls == 9
    legend, _picture = legend_and_picture(trace)
    assert "pruned" not in legend and "≤ ≥" not in legend and "why a call stopped" not in legend
    legend, _picture = legend_and_picture(traced("near-endgame", "ge"))
    assert "pruned" in legend and "≤ ≥" in legend


def test_the_page_links_the_figures_only_when_written_with_them(cli, tmp_path):
    """Issue 22: ``--figures`` in the same run gives the page a link to their index.html,
    relative to the page; without it the page carries no link (``figures_href`` null)."""
    import json as json_module

    def page_data(page: str) -> dict:
        text = (tmp_path / page).read_text(encoding="utf-8")
        opening = '<script type="application/json" id="trace-data">'
        start = text.index(opening) + len(opening)
        return json_module.loads(text[start:text.index("</script>", start)])

    (tmp_path / "pages").mkdir()
    result = cli("--example", "near-endgame", "--figures", "figs", "--html", "pages/page.html", "-q")
    assert result.exit_code == 0, result.output
    assert page_data("pages/page.html")["figures_href"] == "../figs/index.html"
    assert (tmp_path / "figs" / "index.html").exists()
    result = cli("--example", "near-endgame", "--html", "alone.html", "-q")
    assert result.exit_code == 0, result.output
    assert page_data("alone.html")["figures_href"] is None
