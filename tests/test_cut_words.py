"""Why a branch was not cut, and legends that name only what their picture holds (issue 22).

With ``--cutoff gt`` a call whose best only equals the window's edge searches on: the
``cutoffs-differ`` tree exists to teach that C (best 3, α = 3) still searches C.2,
which ``ge`` prunes. The log, the page's story and the quiz say so; with ``ge`` no
such sentence appears. The alpha-beta rows of a tree's legend (window, pruned, cut,
bound) each name something its picture draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from page_notes import SAVE
from page_steps import PageSteps

from tracer import examples
from tracer.cli import build_game
from tracer.explain import for_trace, labels
from tracer.explain.text import INDENT, signed
from tracer.renderers.log import render_log
from tracer.renderers.quiz import questions
from tracer.renderers.tree import game_tree
from tracer.search import SearchSpec
from tracer.style import CUT_MARK, SKIPPED_BORDER
from tracer.trace import Call, Trace

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
    shapes = for_trace(trace)[0].node_drawing is not None
    rows = search.drawn_legend_rows(shapes=shapes, calls=None)
    assert rows, "the window row is always there"
    for row in rows:
        assert row.text.replace("'", "&#x27;") in legend
        kinds = [name for name in USED_BY if name in row.text]
        assert len(kinds) == 1, row.text
        assert USED_BY[kinds[0]](picture), f"{example} {cutoff}: {row.text!r} names nothing drawn"
    # And what is drawn is named: a window, a pruned branch, a cut or a bound never goes unexplained.
    named = " ".join(row.text for row in rows)
    for name, used in USED_BY.items():
        if used(picture):
            assert name in named, f"{example} {cutoff}: the picture has {name!r}, the legend does not say"
    # A sample looks like what it stands for: the pruned test-play's arrow is dashed, in its colour.
    sample = re.search(r"<TD[^>]*>((?:(?!</TD>).)*)</TD><TD[^>]*><FONT[^>]*>a test-play cut off", legend)
    if sample is not None:
        edges = re.findall(rf"-> \S+ \[[^\]]*color=\"{SKIPPED_BORDER}\"[^\]]*\]", picture)
        assert edges and all("style=dashed" in edge for edge in edges), edges
        assert f'COLOR="{SKIPPED_BORDER}"' in sample.group(1) and labels.DASHED_ARROW in sample.group(1)


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
        text = (tmp_path / page).read_text(encoding="utf-8") if page != "-" else result.stdout
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
    # A page on standard output may land anywhere: no relative link can reach the figures.
    result = cli("--example", "near-endgame", "--figures", "figs", "--html", "-")
    assert result.exit_code == 0, result.output
    assert page_data("-")["figures_href"] is None


# ---- every cut, as the textbook's alpha-beta makes it, and the words that tell it ----------
#
# A plain alpha-beta written here (Russell & Norvig's loop: best so far, the cut test with
# ``ge`` or ``gt``, MAX raising α and MIN lowering β) runs each game from its root and
# records, per call in call order, its window on entry, the test-plays it searched, the
# scores they returned and the ones it pruned. The log, the tree's captions and step 16's
# reason must name exactly those facts: a cut where and only where the rule cuts, after the
# test-play it stopped at, the bound it crossed, and which side would never allow the game
# there; a score returned after a cut at or below is a bound (fail-soft: at most when it
# is at or below α, at least when at or above β; strictly outside with ``gt``).

INF = float("inf")

#: Examples (textbook trees and boards) and boards whose searches cut on an equality, after a
#: first test-play of cell 0, and after several test-plays, for MAX and MIN calls.
RULE_CASES = [(name, cutoff) for name in ("near-endgame", "o-to-move", "aima-5.2", "cutoffs-differ",
                                          "uneven-depth", "slow-win", "forced-draw", ".O...XXOX", ".OX..XXO.")
              for cutoff in ("ge", "gt")]


@dataclass
class Called:
    """One call of the plain alpha-beta."""

    state: int
    maximising: bool
    alpha: float
    beta: float
    number: int = 0
    searched: list[int] = field(default_factory=list)
    children: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    pruned: list[int] = field(default_factory=list)
    best: float = 0
    cut_below: bool = False

    def stops(self, best: float, cutoff: str) -> bool:
        """The cut test of this call's window (the call never moves the bound it tests)."""
        if self.maximising:
            return best >= self.beta if cutoff == "ge" else best > self.beta
        return best <= self.alpha if cutoff == "ge" else best < self.alpha

    def bound(self, cutoff: str) -> str:
        """'≤', '≥' or '' (exact): what the returned score says of the true value."""
        if not self.cut_below or not self.searched:
            return ""
        if self.best < self.alpha or (cutoff == "ge" and self.best == self.alpha):
            return "≤"
        if self.best > self.beta or (cutoff == "ge" and self.best == self.beta):
            return "≥"
        return ""


def plain_alphabeta(game: Any, cutoff: str) -> list[Called]:
    """Every call of alpha-beta on ``game`` from its root (window -∞, +∞), in call order."""
    made: list[Called] = []

    def call(state: int, depth: int, alpha: float, beta: float) -> Called:
        here = Called(state, game.maximising(state), alpha, beta)
        made.append(here)
        here.number = len(made)
        finished = game.outcome(state, depth)
        if finished:
            here.best = finished[1]
            return here
        best = -INF if here.maximising else INF
        moves = list(game.moves(state))
        for i, move in enumerate(moves):
            child = call(game.play(state, move), depth + 1, alpha, beta)
            here.searched.append(move)
            here.children.append(child.number)
            here.scores.append(int(child.best))
            here.cut_below |= child.cut_below
            best = max(best, child.best) if here.maximising else min(best, child.best)
            if here.stops(best, cutoff):
                here.pruned = moves[i + 1:]
                break
            alpha, beta = (max(alpha, best), beta) if here.maximising else (alpha, min(beta, best))
        here.best = best
        here.cut_below |= bool(here.pruned)
        return here

    call(game.root, 0, -INF, INF)
    return made


def rule_trace(name: str, cutoff: str) -> tuple[Trace, list[Called]]:
    """The traced search and the plain one, call for call the same calls."""
    if set(name) <= set("XO."):
        trace = SearchSpec("alphabeta", cutoff).run(build_game(name.encode(), name))
    else:
        trace = traced(name, cutoff)
    made = plain_alphabeta(trace.game, cutoff)
    assert [c.state for c in trace_calls(trace)] == [c.state for c in made], name
    return trace, made


def trace_calls(trace: Trace) -> list[Call]:
    found, stack = [], [trace.root]
    while stack:
        call = stack.pop()
        found.append(call)
        stack.extend(reversed(call.children()))
    return found


def infinite(value: float, low: bool) -> str:
    return ("-∞" if low else "+∞") if abs(value) == INF else signed(int(value))


def opponent(trace: Trace, called: Called) -> str:
    """The side that moves after this call's mover: the one whose bound the cut crossed."""
    words = for_trace(trace)[0]
    return words.min_name if called.maximising else words.max_name


def cut_phrase(called: Called, cutoff: str) -> str:
    """``best +2 ≤ α = +3``: the comparison the rule's cut made."""
    if called.maximising:
        return f"best {signed(int(called.best))} {'≥' if cutoff == 'ge' else '>'} β = {infinite(called.beta, False)}"
    return f"best {signed(int(called.best))} {'≤' if cutoff == 'ge' else '<'} α = {infinite(called.alpha, True)}"


def test_the_rule_cases_reach_every_edge_of_the_rule():
    """The cases below hold cuts on an equality (ge) and equalities that do not cut (gt), for
    MAX and MIN; cuts after one test-play of cell 0 and after several test-plays."""
    seen = set()
    for name, cutoff in RULE_CASES:
        trace, made = rule_trace(name, cutoff)
        for called in made:
            side = "MAX" if called.maximising else "MIN"
            best = -INF if called.maximising else INF
            for score in called.scores:
                best = max(best, score) if called.maximising else min(best, score)
                if best == (called.beta if called.maximising else called.alpha):
                    seen.add((cutoff, side, called.stops(best, cutoff)))
            if called.pruned and called.searched == [0] and for_trace(trace)[0].node_drawing is None:
                seen.add(("after cell 0",))
            if called.pruned and len(called.searched) > 1:
                seen.add(("after several", side))
    assert {("ge", "MAX", True), ("ge", "MIN", True), ("gt", "MAX", False), ("gt", "MIN", False),
            ("after cell 0",), ("after several", "MAX"), ("after several", "MIN")} <= seen, seen


RULE_LINE = re.compile(r"a MAX call stops (?:only )?once its best (≥|>) β, a MIN call once its best (≤|<) α")
COMPARE = {"≥": float.__ge__, ">": float.__gt__, "≤": float.__le__, "<": float.__lt__}


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_the_logs_rule_line_is_the_rule_the_search_cuts_by(name: str, cutoff: str) -> None:
    """The log's ``Search:`` line states the cut test; applied to every test-play of every
    call, it stops exactly where the textbook's loop with this cutoff stops."""
    trace, made = rule_trace(name, cutoff)
    line = next(line for line in render_log(trace).splitlines() if line.startswith("Search: alpha-beta"))
    found = RULE_LINE.search(line)
    assert found is not None, line
    for_max, for_min = COMPARE[found.group(1)], COMPARE[found.group(2)]
    for called in made:
        best = -INF if called.maximising else INF
        for score in called.scores:
            best = max(best, score) if called.maximising else min(best, score)
            said = for_max(float(best), called.beta) if called.maximising else for_min(float(best), called.alpha)
            assert said == called.stops(best, cutoff), f"{name} {cutoff}: {line}"


CUT_LINE = re.compile(r"(?P<compare>best \S+ [≥>≤<] [αβ] = \S+): (?P<who>\S+) would never let the game reach "
                      r"here, so (?P<moves>.+) (?:is|are) not test-played \(pruned\)")


def own_lines(log: str) -> dict[int, list[str]]:
    """Per call number: the log's lines at its own level (its notes, the saves of its
    test-plays, steps 14 to 17), stripped, in order."""
    found: dict[int, list[str]] = {}
    opened: dict[int, int] = {}
    header = re.compile(r"^( *)#(\d+) step")
    for line in log.splitlines():
        head = header.match(line)
        if head:
            level = len(head.group(1)) // len(INDENT)
            opened[level] = int(head.group(2))
            found.setdefault(opened[level], []).append(line.strip())
            continue
        stripped = line.lstrip(" ")
        level = (len(line) - len(stripped)) // len(INDENT) - 1
        if level in opened and stripped:
            found.setdefault(opened[level], []).append(stripped.rstrip())
    return found


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_the_log_tells_each_cut_where_the_rule_makes_it(name: str, cutoff: str) -> None:
    """A cut line for exactly the calls the rule stops with test-plays left, right after the
    save of the test-play it stopped at, naming the comparison, the side whose bound it
    crossed, and the pruned test-plays."""
    trace, made = rule_trace(name, cutoff)
    words = for_trace(trace)[0]
    lines = own_lines(render_log(trace))
    for number, called in enumerate(made, start=1):
        mine = lines[number]
        cuts = [i for i, line in enumerate(mine) if line == "cut" or line.startswith("cut ")]
        if not called.pruned:
            assert cuts == [], f"{name} {cutoff} #{number}: {mine}"
            continue
        saves = [i for i, line in enumerate(mine) if line.startswith("step 12")]
        assert len(saves) == len(called.searched) and cuts == [saves[-1] + 1], f"{name} #{number}: {mine}"
        said = CUT_LINE.search(mine[cuts[0]])
        assert said is not None, mine[cuts[0]]
        assert said.group("compare") == cut_phrase(called, cutoff)
        assert said.group("who") == opponent(trace, called)
        assert said.group("moves") == words.moves_list(called.pruned)


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_a_calls_caption_says_its_window_its_cut_and_its_bound(name: str, cutoff: str) -> None:
    """Under each call's picture: the window it was called with; ``cut: best … α = …`` and
    who would never allow it when the rule stopped it early; ``returns ≤ v (a bound)`` when
    its score is only a bound."""
    trace, made = rule_trace(name, cutoff)
    search = for_trace(trace)[1]
    for call, called in zip(trace_calls(trace), made, strict=True):
        if not called.searched:
            continue
        lines = (search.caption(call) or "").split("\n")
        expected = [f"α = {infinite(called.alpha, True)}, β = {infinite(called.beta, False)}"]
        if called.pruned:
            expected += [f"cut: {cut_phrase(called, cutoff)}", f"{opponent(trace, called)} would never allow this"]
        sign = called.bound(cutoff)
        if sign:
            expected.append(f"returns {sign} {signed(int(called.best))} (a bound)")
        assert lines == expected, f"{name} {cutoff} #{call.call}"


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_step_16s_reason_says_where_a_call_stopped(name: str, cutoff: str) -> None:
    """A picture's reason for step 16's pick: ``O stops after cell 1: a cut`` names the last
    test-play searched when, and only when, the rule stopped the call with test-plays left."""
    from tracer.renderers.drawing import pick_reason

    trace, made = rule_trace(name, cutoff)
    words = for_trace(trace)[0]
    for call, called in zip(trace_calls(trace), made, strict=True):
        if not called.searched:
            continue
        reason = pick_reason(trace, call)
        stopped = f"{words.player(called.state)} stops after {words.move_short(called.searched[-1])}: a cut"
        assert (reason == stopped) if called.pruned else ("stops" not in reason), f"{name} #{call.call}: {reason}"


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_the_pages_legend_names_pruned_test_plays_only_when_the_rule_prunes(name: str, cutoff: str) -> None:
    """The step-through's legend has a row for pruned test-plays when the search pruned
    some, and says that nothing is pruned when it pruned none."""
    from tracer.renderers.html import page_words

    trace, made = rule_trace(name, cutoff)
    pruned = any(called.pruned for called in made)
    legend = page_words(trace)["search"]["legend"]
    assert any(kind == "pruned" for kind, _sample, _text in legend) == pruned, legend
    assert any("nothing is pruned" in text for _kind, _sample, text in legend) == (not pruned), legend


@pytest.mark.parametrize(("name", "cutoff"), RULE_CASES)
def test_the_pages_story_tells_each_window_change_the_rule_makes(name: str, cutoff: str) -> None:
    """As a test-play is saved, the story says ``α rises: α = -∞ → +3`` (a MAX call) or
    ``β falls: β = +∞ → +3`` (MIN) when the plain alpha-beta's window moves there, the cut
    when it stops there, and neither otherwise."""
    trace, made = rule_trace(name, cutoff)
    steps = PageSteps(trace)
    seen = set()
    for n in range(1, len(steps) + 1):
        step = steps.step(n)
        if step.kind != SAVE:
            continue
        called, story = made[step.top.call - 1], steps.narration(n)
        alpha, beta, best = called.alpha, called.beta, -INF if called.maximising else INF
        for score in called.scores[:step.j]:
            best = max(best, score) if called.maximising else min(best, score)
            alpha, beta = (max(alpha, best), beta) if called.maximising else (alpha, min(beta, best))
        best = max(best, called.scores[step.j]) if called.maximising else min(best, called.scores[step.j])
        moved = rose = fell = ""
        if called.stops(best, cutoff):
            assert f"Cut: {cut_phrase(called, cutoff)}: " in story, story
        elif called.maximising and best > alpha:
            moved = rose = f"α rises: α = {infinite(alpha, True)} → {signed(int(best))}."
        elif not called.maximising and best < beta:
            moved = fell = f"β falls: β = {infinite(beta, False)} → {signed(int(best))}."
        assert (rose or "α rises") in story if rose else "α rises" not in story, story
        assert (fell or "β falls") in story if fell else "β falls" not in story, story
        seen.add(moved[:7])
    assert seen >= {"α rises", "β falls"}, seen
