"""The quiz's explanations and moments, held to what the trace recorded: a window question
says whether the caller's window had moved before the call, and a cache hit's value is
asked as the call begins (it test-plays nothing: there is no step 16 to wait for).
Python's quiz (renderers/quiz.py) and the one built in the page (quizbuild.js) alike."""

from __future__ import annotations

import re

import pytest
from page_notes import BEGIN
from page_steps import PageSteps
from test_cut_words import INF, Called, cut_phrase, infinite, plain_alphabeta
from test_quiz_page import open_page, pages  # noqa: F401 - fixtures

from tracer.cli import build_game, read_input
from tracer.explain import for_trace
from tracer.explain.text import signed
from tracer.renderers.html import asset
from tracer.renderers.quiz import build_settings, questions
from tracer.search import SearchSpec
from tracer.trace import Trace


def trace_of(example: str, algorithm: str, cutoff: str = "ge", scores: str = "tutorial") -> Trace:
    """A bundled example, or a board written as its nine cells, searched."""
    text, source = (example.encode(), "board") if set(example) <= set("XO.") else read_input(None, example)
    return SearchSpec(algorithm, cutoff).run(build_game(text, source, ai="X", scores=scores, order="ascending"))


def built_questions(open_page, trace: Trace, name: str) -> list[dict]:  # noqa: F811
    # The page's policy runs only its own scripts: the game page's builder is added to it.
    view = open_page(trace, fragment="", name=name, bypass_csp=True)
    view.page.add_script_tag(content=asset("quizbuild.js"))
    return list(view.page.evaluate("settings => tracerBuildQuiz(settings)", build_settings())["questions"])


def moved_before(trace: Trace, call: int) -> bool | None:
    """Whether the caller's window had changed by the time it called ``call`` (None: first call)."""
    child = trace.call(call)
    if child.parent is None:
        return None
    parent = trace.call(child.parent)
    return (child.extra("alpha"), child.extra("beta")) != (parent.extra("alpha"), parent.extra("beta"))


def check_window_explanations(trace: Trace, asked: list[tuple[str, int, str]]) -> None:
    moved = unchanged = 0
    for kind, call, why in asked:
        if kind not in ("alpha", "beta"):
            continue
        change = moved_before(trace, call)
        if change is None:
            assert "unchanged so far" not in why and "after" not in why
            continue
        assert ("unchanged so far" in why) == (not change), (call, why)
        moved += change
        unchanged += not change
    assert moved and unchanged  # both kinds of explanation were asked about


def bound_text(value: int | None, low: bool) -> str:
    if value is None:
        return "-∞" if low else "+∞"
    return f"+{value}" if value > 0 else str(value)


@pytest.mark.parametrize(("example", "cutoff"), [("o-to-move", "ge"), ("aima-5.2", "gt"), ("cutoffs-differ", "ge")])
def test_pythons_window_explanations_say_whether_the_callers_window_moved(example, cutoff):
    trace = trace_of(example, "alphabeta", cutoff)
    found = questions(trace)
    check_window_explanations(trace, [(q.kind, q.call, q.explanation) for q in found])
    # A moved window is explained by the caller's last update before the call: the one that
    # set the bound the call receives.
    latest = 0
    for q in found:
        update = re.search(r"after its update ([αβ]) = \S+ → (\S+):", q.explanation)
        if q.kind == "alpha" and update:
            name, value = update.groups()
            call = trace.call(q.call)
            assert value == bound_text(call.extra("alpha" if name == "α" else "beta"), name == "α"), q.explanation
            latest += "after test-play 1)" not in q.explanation
    assert latest or example == "cutoffs-differ"  # some call came after two or more updates


@pytest.mark.parametrize(("example", "cutoff"), [("o-to-move", "ge"), ("aima-5.2", "gt"), ("cutoffs-differ", "ge")])
def test_built_window_explanations_say_whether_the_callers_window_moved(open_page, example, cutoff):  # noqa: F811
    trace = trace_of(example, "alphabeta", cutoff)
    built = built_questions(open_page, trace, f"why-{example}-{cutoff}")
    check_window_explanations(trace, [(q["kind"], q["call"], q["explanation"]) for q in built])


def check_cache_hit_moments(trace: Trace, asked: list[tuple[str, int, list, list]]) -> None:
    hits = 0
    for kind, call, ask, reveal in asked:
        if kind == "value" and trace.call(call).extra("cache_hit"):
            hits += 1
            assert [list(ask), list(reveal)] == [["begin", call, 0], ["end", call, 0]], call
    assert hits


@pytest.mark.parametrize("example", ["o-to-move", "XO......."])
def test_pythons_quiz_asks_a_cache_hits_value_as_the_call_begins(example):
    trace = trace_of(example, "memo")
    check_cache_hit_moments(trace, [(q.kind, q.call, q.ask, q.reveal) for q in questions(trace)])


@pytest.mark.parametrize("example", ["o-to-move", "XO......."])
def test_the_built_quiz_asks_a_cache_hits_value_as_the_call_begins(open_page, example):  # noqa: F811
    trace = trace_of(example, "memo")
    built = built_questions(open_page, trace, f"hit-{example}")
    check_cache_hit_moments(trace, [(q["kind"], q["call"], q["ask"], q["reveal"]) for q in built])


# ---- how deep a page's quiz goes ----------------------------------------------------------

#: Most questions a page's quiz carries (renderers/quiz.py PAGE_LIMIT, told to quizbuild.js).
LIMIT = 600


def depth_by_the_rule(trace: Trace) -> int:
    """The deepest level whose calls, at about two questions each, fit in the limit; the
    first call's test-plays (depth 1) are always asked. Calls are counted one by one."""
    per_depth: dict[int, int] = {}
    for call in trace:
        per_depth[call.depth] = per_depth.get(call.depth, 0) + 1
    depth = 1
    while depth + 1 in per_depth and 2 * sum(per_depth[d] for d in range(depth + 2)) <= LIMIT:
        depth += 1
    return min(depth, max(per_depth))


def wide_tree(*leaves: int) -> str:
    """A root whose children have these many leaves each."""
    return "[" + ", ".join("[" + " ".join(["1"] * n) + "]" for n in leaves) + "]"


#: (name, tree or board text, side to move): quizzes that end just at, or just past, the limit.
DEPTHS = [
    ("over-at-2", wide_tree(100, 100, 100), None),  # 2 x (1 + 3 + 300) = 608: down to 1 only
    ("at-2", wide_tree(99, 99, 98), None),  # 2 x (1 + 3 + 296) = 600: all of it
    ("shared-rows", "XX.O.....", "O"),  # rows met by several calls: their calls count each time
]


def depth_trace(text: str, turn: str | None) -> Trace:
    return SearchSpec("minimax").run(build_game(text.encode(), "quiz-depth", turn=turn))


@pytest.mark.parametrize(("name", "text", "turn"), DEPTHS)
def test_pythons_page_quiz_goes_as_deep_as_the_limit_allows(name, text, turn):
    from tracer.renderers.quiz import page_data

    trace = depth_trace(text, turn)
    assert page_data(trace)["depth"] == depth_by_the_rule(trace)


@pytest.mark.parametrize(("name", "text", "turn"), DEPTHS)
def test_the_built_quiz_goes_as_deep_as_the_limit_allows(open_page, name, text, turn):  # noqa: F811
    trace = depth_trace(text, turn)
    view = open_page(trace, fragment="", name=f"depth-{name}", bypass_csp=True)
    view.page.add_script_tag(content=asset("quizbuild.js"))
    built = view.page.evaluate("settings => tracerBuildQuiz(settings)", build_settings())
    assert built["depth"] == depth_by_the_rule(trace)
    assert built["complete"] == (built["depth"] == max(call.depth for call in trace))


# ---- α and β questions: the window the textbook's alpha-beta gives, asked as the call begins ----

#: A root MAX whose 14 MIN children hold one leaf each, 1 to 14: α rises at every test-play, so
#: the trace holds 16 bounds, more than a question offers (MAX_CHOICES, 12).
RISING = "[" + ", ".join(f"[{k}]" for k in range(1, 15)) + "]"
WINDOW_CASES = [("aima-5.2", "ge"), ("cutoffs-differ", "gt"), ("o-to-move", "ge"), (RISING, "ge"), (RISING, "gt")]


def window_trace(name: str, cutoff: str) -> Trace:
    if name.startswith("["):
        return SearchSpec("alphabeta", cutoff).run(build_game(name.encode(), "rising"))
    return trace_of(name, "alphabeta", cutoff)


@pytest.mark.parametrize(("name", "cutoff"), WINDOW_CASES)
def test_an_alpha_or_beta_questions_answer_is_the_window_the_rule_gives(name: str, cutoff: str) -> None:
    """Each α and β question's answer is the bound the call was called with in a plain
    alpha-beta, and it is among the choices offered, wherever the offered run starts."""
    trace = window_trace(name, cutoff)
    made = plain_alphabeta(trace.game, cutoff)
    offered_late = False
    for q in questions(trace):
        if q.kind not in ("alpha", "beta"):
            continue
        called = made[q.call - 1]
        low = q.kind == "alpha"
        assert q.choices[q.answer].label == infinite(called.alpha if low else called.beta, low), (name, q.call)
        offered_late |= q.choices[0].label != "-∞"
    assert offered_late == name.startswith("["), "the rising tree offers runs that leave -∞ out"


class PageMoments:
    """The page's step for a moment: a call's first step or its last (its return, or the
    check of a leaf), plus an offset."""

    def __init__(self, steps: PageSteps):
        self.spans: dict[int, tuple[int, int]] = {}
        for n in range(1, len(steps) + 1):
            call = steps.step(n).top.call
            self.spans[call] = (self.spans.get(call, (n, n))[0], n)

    def __call__(self, moment: tuple[str, int, int]) -> int:
        anchor, call, offset = moment
        first, last = self.spans[call]
        return (first if anchor == "begin" else last) + offset


@pytest.mark.parametrize(("name", "cutoff"), WINDOW_CASES[:3])
def test_an_alpha_or_beta_question_is_asked_as_its_call_begins(name: str, cutoff: str) -> None:
    """A call's window is given as it begins: its α and β questions are asked at that step
    (the page blurs the window there until answered) and the answer revealed after it."""
    trace = window_trace(name, cutoff)
    made = plain_alphabeta(trace.game, cutoff)
    steps = PageSteps(trace)
    page_step = PageMoments(steps)
    asked = [q for q in questions(trace) if q.kind in ("alpha", "beta")]
    assert asked
    for q in asked:
        called = made[q.call - 1]
        ask, reveal = page_step(q.ask), page_step(q.reveal)
        assert steps.step(ask).kind == BEGIN and steps.step(ask).top.call == q.call, q
        window = f"α = {infinite(called.alpha, True)}, β = {infinite(called.beta, False)}"
        assert window in steps.narration(ask), (q, steps.narration(ask))
        assert reveal > ask, q


#: (board or example, cutoff, loop order): cuts for MAX and MIN, ties under gt, and a loop order
#: (centre-first: 4, then the corners from 0) whose second test-play is often cell 0.
NEXT_CASES = [("aima-5.2", "ge", "ascending"), ("cutoffs-differ", "gt", "ascending"),
              ("o-to-move", "ge", "ascending"), (".O...X..X", "ge", "centre-first"),
              (".O...X..X", "gt", "centre-first")]


@pytest.mark.parametrize(("name", "cutoff", "order"), NEXT_CASES)
def test_each_next_question_names_the_test_play_the_rule_searches_or_prunes(name, cutoff, order):
    """After each test-play of a call that has another, or that the rule stops early: "Call #C
    returned v. Is call #N's next test-play, M, searched or pruned?" — M is the next test-play
    the plain alpha-beta searches, or the first it prunes, and the answer says which."""
    text, source = (name.encode(), "board") if set(name) <= set("XO.") else read_input(None, name)
    trace = SearchSpec("alphabeta", cutoff).run(build_game(text, source, ai="X", scores="tutorial", order=order))
    words = for_trace(trace)[0]
    expected = []
    for called in plain_alphabeta(trace.game, cutoff):
        for i, child in enumerate(called.children):
            searched = i + 1 < len(called.children)
            if searched or called.pruned:
                nxt = called.searched[i + 1] if searched else called.pruned[0]
                expected.append((called.number, child, words.move_short(nxt), "searched" if searched else "pruned"))
    asked = []
    for q in questions(trace):
        if q.kind == "next":
            found = re.fullmatch(r"Call #(\d+) returned \S+( \S+)?\. Is call #(\d+)'s next test-play, (.+), "
                                 r"searched or pruned\?", q.prompt)
            assert found is not None and int(found.group(3)) == q.call, q.prompt
            asked.append((q.call, int(found.group(1)), found.group(4), q.choices[q.answer].label))
    assert sorted(asked) == sorted(expected)
    if order == "centre-first":
        assert (words.move_short(0), "searched") in {(a[2], a[3]) for a in asked}, "cell 0 comes second"


def windows_after(called: Called) -> list[tuple[float, float]]:
    """The plain alpha-beta's window after each test-play of ``called`` that did not cut."""
    alpha, beta, best, found = called.alpha, called.beta, -INF if called.maximising else INF, []
    for score in called.scores:
        best = max(best, score) if called.maximising else min(best, score)
        alpha, beta = (max(alpha, best), beta) if called.maximising else (alpha, min(beta, best))
        found.append((alpha, beta))
    return found


@pytest.mark.parametrize(("name", "cutoff", "order"), NEXT_CASES)
def test_each_next_question_is_explained_and_asked_by_the_rule(name, cutoff, order):
    """A next question is asked as the test-play's call returns and revealed after it. Its
    explanation gives the cut the rule makes (the comparison) when the next test-play is
    pruned; else the window's update after that test-play when the window moved, and no
    update when it did not."""
    text, source = (name.encode(), "board") if set(name) <= set("XO.") else read_input(None, name)
    trace = SearchSpec("alphabeta", cutoff).run(build_game(text, source, ai="X", scores="tutorial", order=order))
    made = plain_alphabeta(trace.game, cutoff)
    steps = PageSteps(trace)
    page_step = PageMoments(steps)
    told = {"moved": 0, "still": 0, "cut": 0}
    for q in questions(trace):
        if q.kind != "next":
            continue
        called = made[q.call - 1]
        returned = re.match(r"Call #(\d+) returned", q.prompt)
        assert returned is not None, q.prompt
        i = called.children.index(int(returned.group(1)))
        ask, reveal = page_step(q.ask), page_step(q.reveal)
        assert ask == page_step(("end", called.children[i], 0)), q  # as the test-play returns
        assert reveal > ask, q
        if q.choices[q.answer].label == "pruned":
            told["cut"] += 1
            assert q.explanation.startswith(f"Cut: {cut_phrase(called, cutoff)}: "), q.explanation
            assert f"Cut: {cut_phrase(called, cutoff)}" in steps.narration(reveal)
            continue
        before = (called.alpha, called.beta) if i == 0 else windows_after(called)[i - 1]
        after = windows_after(called)[i]
        if after == before:
            told["still"] += 1
            assert "→" not in q.explanation, q.explanation
        elif called.maximising:
            told["moved"] += 1
            assert f"α = {infinite(before[0], True)} → {signed(int(after[0]))}" in q.explanation, q.explanation
        else:
            told["moved"] += 1
            assert f"β = {infinite(before[1], False)} → {signed(int(after[1]))}" in q.explanation, q.explanation
    assert all(told.values()) or name in ("aima-5.2", "cutoffs-differ"), told


@pytest.mark.parametrize("board", [".O...X..X", "X.O.X.O.."])
def test_a_seen_before_question_is_asked_as_its_call_begins_and_revealed_by_the_story(board):
    """"Has the position of call #N been met before?" is asked at the call's first step,
    whose story does not tell, and revealed at the step that does: "Cache hit: call #S…"
    exactly for the calls a plain memo answers from its dictionary."""
    from test_variants import plain_memo

    trace = trace_of(board, "memo")
    mark = "O" if board.count("X") > board.count("O") else "X"
    plain = plain_memo(board, mark, "X")[2]
    steps = PageSteps(trace)
    page_step = PageMoments(steps)
    hits = 0
    for q in questions(trace):
        if q.kind != "seen":
            continue
        _cells, _mark, hit, source = plain[q.call - 1]
        ask, reveal = page_step(q.ask), page_step(q.reveal)
        assert ask == page_step(("begin", q.call, 0)) and "Cache hit" not in steps.narration(ask), q
        assert reveal > ask and (f"Cache hit: call #{source} " in steps.narration(reveal)) == hit, q
        assert q.choices[q.answer].label == ("yes" if hit else "no")
        hits += hit
    assert hits


def test_where_the_answer_sits_in_an_offered_run_gives_nothing_away():
    """A question with more choices than it offers shows a run holding the answer; over any
    MAX_CHOICES calls in a row, the answer (far from either end of the list) sits once at
    each place of the run, so its place says nothing of it."""
    from tracer.explain.questions import MAX_CHOICES, choice_window

    count, answer = 3 * MAX_CHOICES, MAX_CHOICES + MAX_CHOICES // 2
    for first in (1, 5, 100):
        places = []
        for call in range(first, first + MAX_CHOICES):
            offered = choice_window(count, answer, call)
            assert len(offered) == MAX_CHOICES and answer in offered
            places.append(answer - offered.start)
        assert sorted(places) == list(range(MAX_CHOICES)), places
    # Near either end of the list, the run still holds the answer and stays inside the list.
    for near_end in (0, 1, count - 2, count - 1):
        for call in range(1, MAX_CHOICES + 1):
            offered = choice_window(count, near_end, call)
            assert near_end in offered and offered.start >= 0 and offered.stop <= count
            assert len(offered) == MAX_CHOICES


#: A MAX root over 20 MIN nodes of two leaves each, v and 41 - v: 40 different leaf values.
MANY_VALUES = "[" + ", ".join(f"[{v}, {41 - v}]" for v in range(1, 21)) + "]"


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "memo", "negamax"])
def test_a_question_offers_at_most_twelve_scores_however_many_a_tree_holds(algorithm):
    """MAX_CHOICES's meaning: a question offers at most 12 choices; with more scores to choose
    from (a textbook tree of 40 leaf values), 12 of them, the recorded answer among them."""
    game = build_game(MANY_VALUES.encode(), "many")
    trace = SearchSpec(algorithm).run(game)

    def value(state: int) -> int:  # plain minimax, for MAX
        if not game.moves(state):
            return int(game.outcome(state, 0)[1])
        found = [value(game.play(state, m)) for m in game.moves(state)]
        return max(found) if game.maximising(state) else min(found)

    scored = [q for q in questions(trace) if q.kind in ("value", "mover", "alpha", "beta")]
    assert scored
    for q in scored:
        assert len(q.choices) == 12, (q.kind, q.call, len(q.choices))
        if q.kind == "value" and algorithm != "alphabeta":  # alpha-beta's may be a bound
            call = trace.call(q.call)
            assert q.right.label == signed(value(call.state)), q.call


@pytest.mark.parametrize(("choice", "typed"), [
    (("score", 1), ["+1", "1", " +1 "]), (("score", -2), ["-2"]), (("score", 0), ["0"]),
    (("bounded", 2, "≤"), ["≤ +2", "≤+2", "≤2", "<= 2", "<=+2", "<=2", " <= +2"]),
    (("bounded", -1, "≥"), ["≥ -1", ">=-1", ">= -1"]),
    (("bound", "+∞"), ["+∞", "∞", "+inf", "inf", "+infinity", "Infinity"]),
    (("bound", "-∞"), ["-∞", "-inf", "-INFINITY"]), (("bound", "+3"), ["+3", "3"]), (("bound", "-3"), ["-3"]),
])
def test_an_answer_may_be_typed_in_each_spelling_its_docstring_lists(choice, typed):
    """``+1`` also as ``1``; a bound ``≤ +2`` also as ``≤2``, ``<= 2``, ``<=+2``; a window's
    ``-∞`` also as ``-inf`` and ``-infinity`` (a ``+`` may be left out): each names the choice,
    not one of the others offered beside it."""
    from tracer.explain.questions import Question, bound_choice, bounded_choice, score_choice

    make = {"score": score_choice, "bounded": bounded_choice, "bound": bound_choice}
    others = {"score": [score_choice(v) for v in (-1, 2, -3)],
              "bounded": [bounded_choice(v, s) for v in (1, -2, 3) for s in "≤≥"],
              "bound": [bound_choice(t) for t in ("+2", "-2", "0")]}
    kind, *args = choice
    right = make[kind](*args)
    q = Question(kind="value", call=1, depth=0, prompt="", choices=(*others[kind], right),
                 answer=len(others[kind]), explanation="", ask=("begin", 1, 0), reveal=("end", 1, 0))
    for text in typed:
        assert q.accepts(text) == q.answer, text
