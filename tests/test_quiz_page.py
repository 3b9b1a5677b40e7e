"""The step-through page's quiz mode (#quiz), answered in a real headless Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_viewer import Viewer, expected_steps

import tracer
from tracer import Board, Trace
from tracer.explain.text import signed
from tracer.renderers.html import render_html

#: Boards whose every accepted answer is checked: (board, side to move, AI).
BOARDS = [
    ("X.OX.XOO.", "X", "X"),
    ("X.OX.XOO.", "X", "O"),
    ("XOXXOO.X.", "O", "X"),
    ("XO..X..O.", "X", "X"),
]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("quiz-pages")


def page_of(pages: Path, trace: Trace, name: str) -> Path:
    path = pages / f"{name}.html"
    if not path.exists():
        path.write_text(render_html(trace), encoding="utf-8")
    return path


@pytest.fixture
def open_page(browser, pages: Path) -> Iterator:
    """``open_page(trace, fragment)``: a fresh browser context (so fresh storage) on the page."""
    views: list[Viewer] = []

    def opener(trace: Trace, fragment: str = "#quiz", name: str = "tutorial", **context) -> Viewer:
        view = Viewer(browser, page_of(pages, trace, name), **context)
        views.append(view)
        view.open(fragment)
        return view

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
            assert all(url.split("#")[0] == view.url for url in view.requests), (
                f"the page made network requests: {view.requests}")
        finally:
            view.close()


def asked(view: Viewer) -> list[dict]:
    return list(view.page.evaluate("tracerQuiz.asked()"))


def truth(trace: Trace, question: dict) -> int:
    """The recorded answer, read here from the trace: the score returned or the move picked."""
    call = trace.call(question["call"])
    if question["kind"] == "value":
        return call.score
    assert question["kind"] == "pick"
    assert call.best is not None
    return call.best


def typed_value(trace: Trace, call_number: int) -> str:
    """The value answer as a learner types it: the score, or, for a call alpha-beta's cut left
    with only a bound (issue 22), the bound (``<=1``)."""
    from tracer.explain import for_trace

    call = trace.call(call_number)
    sign = for_trace(trace)[1].bound_sign(call.pid)
    return {"≤": "<=", "≥": ">=", "": ""}[sign] + str(call.score)


def denotes(label: str) -> int:
    """The number a choice's label or a typed answer names: ``+1`` → 1, ``cell 4`` → 4."""
    return int(label.removeprefix("cell ").strip())


def quiz_state(view: Viewer) -> tuple[str, int, int]:
    """(state, right, answered) as the panel shows them."""
    data = view.page.evaluate("""() => {
        const p = document.getElementById('quiz'), s = document.getElementById('quiz-score');
        return [p.dataset.state, Number(s.dataset.right), Number(s.dataset.answered)];
    }""")
    return str(data[0]), int(data[1]), int(data[2])


def check_ask_and_reveal(trace: Trace, view: Viewer, question: dict, steps: list[tuple[str, int]]) -> None:
    """The page asks before the answer shows, and reveals it at the step that shows it."""
    kind, call = steps[question["ask"] - 1]
    if question["kind"] == "value" and not trace.call(question["call"]).children():
        assert (kind, call) == ("begin", question["call"])
        assert steps[question["reveal"] - 1] == ("check", question["call"])
    else:
        assert kind == "save" and call == question["call"]  # its last test-play just saved
        assert steps[question["reveal"] - 1] == ("choose", question["call"])


def test_a_whole_quiz_answered_right_with_the_keyboard(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    steps = expected_steps(tutorial_trace)
    questions = asked(view)
    # Every call: a value question for each of the 9 calls and a pick for the three
    # calls with a choice to make (call 7 has one test-play only).
    assert sorted((q["kind"], q["call"]) for q in questions) == sorted(
        [("value", n) for n in range(1, 10)] + [("pick", 1), ("pick", 2), ("pick", 6)])
    assert [q["ask"] for q in questions] == sorted(q["ask"] for q in questions)
    for number, question in enumerate(questions):
        assert quiz_state(view) == ("asking", number, number)
        assert view.now()[0] == question["ask"]
        check_ask_and_reveal(tutorial_trace, view, question, steps)
        answer = truth(tutorial_trace, question)
        view.page.keyboard.type(str(answer))
        view.page.keyboard.press("Enter")
        assert quiz_state(view) == ("right", number + 1, number + 1)
        feedback = view.text("#quiz-feedback")
        label = signed(answer) if question["kind"] == "value" else f"cell {answer}"
        assert feedback.startswith(f"Right: {label}. Step ")
        later = questions[number + 1]["ask"] if number + 1 < len(questions) else None
        if later != question["ask"]:
            assert view.now()[0] == question["reveal"]
        view.page.keyboard.press("Enter")  # next question
    assert quiz_state(view) == ("finished", 12, 12)
    assert view.text("#quiz-prompt").startswith("Quiz finished: 12 of 12 right.")
    score = view.text("#quiz-score")
    assert "values returned 9/9" in score and "test-plays picked 3/3" in score


def test_a_whole_quiz_answered_wrong_shows_each_right_answer_and_why(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    questions = asked(view)
    for number, question in enumerate(questions):
        right = truth(tutorial_trace, question)
        wrong = next(label for label in question["choices"] if denotes(label) != right)
        view.page.keyboard.type(wrong)
        view.page.keyboard.press("Enter")
        assert quiz_state(view) == ("wrong", 0, number + 1)
        label = signed(right) if question["kind"] == "value" else f"cell {right}"
        feedback = view.text("#quiz-feedback")
        assert feedback.startswith(f"Not quite: you said {wrong}, the trace says {label}. Step ")
        call = tutorial_trace.call(question["call"])
        if call.terminal is None:  # why, in the log's words: step 16 of that call
            scores = ", ".join(signed(t.score) for t in call.test_plays)
            assert (f"({scores}) = {signed(call.score)}: bestTestPlay = {call.best_index} "
                    f"(cell {call.best}, the ") in feedback
        else:
            assert "has three in a row" in feedback or "a draw" in feedback
        marked = view.page.locator("#quiz-choices .choice.answer")
        assert marked.count() == 1 and marked.inner_text() == label
        view.page.keyboard.press("Enter")
    assert quiz_state(view) == ("finished", 0, 12)
    score = view.text("#quiz-score")
    assert "values returned 0/9" in score and "test-plays picked 0/3" in score


def test_an_unknown_answer_is_not_scored(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    view.page.keyboard.type("seven")
    view.page.keyboard.press("Enter")
    assert quiz_state(view) == ("asking", 0, 0)
    assert view.text("#quiz-feedback") == "Type one of: -1, 0, +1."


def test_choices_are_buttons_too(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    first = asked(view)[0]
    right = signed(truth(tutorial_trace, first))
    view.page.locator("#quiz-choices .choice", has_text=right).first.press("Enter")
    assert quiz_state(view) == ("right", 1, 1)


def test_progress_survives_a_reload_and_can_be_reset(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    questions = asked(view)
    for question in questions[:3]:
        view.page.keyboard.type(str(truth(tutorial_trace, question)))
        view.page.keyboard.press("Enter")
        view.page.keyboard.press("Enter")
    view.page.reload()
    view.page.wait_for_selector("#story[data-step]")
    assert quiz_state(view) == ("asking", 3, 3)  # still in quiz mode, at the fourth question
    assert view.now()[0] == questions[3]["ask"]
    view.page.locator("#quiz-reset").click()
    assert quiz_state(view) == ("asking", 0, 0)
    assert view.now()[0] == questions[0]["ask"]


def test_quiz_mode_is_off_without_the_link_and_q_toggles_it(open_page, tutorial_trace):
    view = open_page(tutorial_trace, fragment="")
    assert not view.page.locator("#quiz").is_visible()
    view.page.keyboard.press("q")
    assert view.page.locator("#quiz").is_visible()
    assert view.page.evaluate("document.activeElement.id") == "quiz-input"
    view.page.keyboard.press("ArrowRight")  # typing in the quiz does not step the replay
    assert view.now()[0] == asked(view)[0]["ask"]


def test_reveal_all_lists_every_answer(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    questions = asked(view)
    view.page.locator("#quiz-reveal").click()
    items = view.page.locator("#quiz-all li")
    assert items.count() == len(questions)
    for i, question in enumerate(questions):
        right = truth(tutorial_trace, question)
        label = signed(right) if question["kind"] == "value" else f"cell {right}"
        assert items.nth(i).locator("b").inner_text() == label


def test_first_call_difficulty_asks_the_test_plays_as_they_begin(open_page, tutorial_trace):
    view = open_page(tutorial_trace)
    steps = expected_steps(tutorial_trace)
    view.page.select_option("#quiz-level", "1")
    questions = asked(view)
    assert [(q["kind"], q["call"]) for q in questions] == [
        ("value", 2), ("value", 5), ("value", 6), ("value", 1), ("pick", 1)]
    for q in questions[:3]:  # predicted from the board, before any test-play of theirs
        assert steps[q["ask"] - 1] == ("begin", q["call"])
        last = "return" if tutorial_trace.call(q["call"]).children() else "check"
        assert steps[q["reveal"] - 1] == (last, q["call"])
    assert quiz_state(view) == ("asking", 0, 0)
    assert view.now()[0] == questions[0]["ask"]


@pytest.mark.parametrize(("board", "to_move", "ai"), BOARDS)
def test_every_answer_the_page_accepts_is_the_trace_s(open_page, board, to_move, ai):
    trace = tracer.record(Board(board), to_move, ai=ai)  # type: ignore[arg-type]
    view = open_page(trace, name=f"{board}-{to_move}-{ai}")
    levels = view.page.locator("#quiz-level option").evaluate_all("os => os.map(o => o.value)")
    for level in levels:
        view.page.select_option("#quiz-level", level)
        questions = asked(view)
        if level == levels[-1]:  # every call is asked about
            assert {q["call"] for q in questions if q["kind"] == "value"} == set(range(1, trace.calls + 1))
        for question in questions:
            right = truth(trace, question)
            typed = [*question["choices"], str(right), f" {right} ", "x", ""]
            typed += [f"cell {denotes(c)}" if question["kind"] == "pick" else str(denotes(c))
                      for c in question["choices"]]
            verdicts = view.page.evaluate(
                "([id, texts]) => texts.map((t) => tracerQuiz.judge(id, t))", [question["id"], typed])
            for text, verdict in zip(typed, verdicts, strict=True):
                if text.strip() in ("x", ""):
                    assert verdict is None
                else:
                    assert verdict == (denotes(text) == right), (question, text)


# ---- alpha-beta ---------------------------------------------------------------------


def alphabeta_truths(board: str, to_move: str, ai: str) -> tuple[Trace, dict[tuple[str, int], list[str]]]:
    """The alpha-beta trace, and for each (kind, call) the answers the plain reference gives."""
    from test_variants import plain_alphabeta

    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import SearchSpec

    trace = SearchSpec("alphabeta").run(TicTacToe(Board(board), to_move, ai, tracer.TUTORIAL, tuple(range(9))))
    _move, _score, ref = plain_alphabeta(board, to_move, ai, "ge", list(range(9)))
    bound = {float("-inf"): "-∞", float("inf"): "+∞"}
    truths: dict[tuple[str, int], list[str]] = {}
    for number, (_cells, _mark, alpha, beta, pruned) in enumerate(ref, start=1):
        truths[("alpha", number)] = [bound.get(alpha) or signed(int(alpha))]
        truths[("beta", number)] = [bound.get(beta) or signed(int(beta))]
        searched = len(trace.call(number).children())
        truths[("next", number)] = ["searched"] * (searched - 1) + (["pruned"] if pruned else [])
    return trace, truths


def test_alphabeta_quiz_on_the_guide_s_board_answered_right_by_keyboard(open_page):
    trace, truths = alphabeta_truths("X.OX.XOO.", "X", "X")
    view = open_page(trace, name="alphabeta")
    questions = asked(view)
    kinds = {q["kind"] for q in questions}
    assert kinds == {"alpha", "beta", "value", "pick", "next"}
    steps = expected_steps(trace)
    assert view.total() == len(steps)  # the page replays alpha-beta's own 8 calls
    seen_next: dict[int, int] = {}
    for number, question in enumerate(questions):
        kind, call = question["kind"], question["call"]
        assert view.now()[0] == question["ask"]
        if kind in ("alpha", "beta"):  # asked as the call begins, its window hidden till answered
            assert steps[question["ask"] - 1] == ("begin", call)
            hidden = view.page.evaluate("""() => [document.getElementById('narration').className,
                [...document.querySelectorAll('#stack .code')].filter((n) => n.textContent.startsWith('window'))
                  .map((n) => n.classList.contains('quiz-secret'))]""")
            assert hidden[0] == "quiz-secret" and hidden[1] and all(hidden[1])
        if kind == "next":  # asked as a test-play returns, revealed as the caller saves it
            returned = steps[question["ask"] - 1]
            assert returned[0] in ("return", "check") and returned[1] != call
            assert steps[question["reveal"] - 1] == ("save", call)
        if kind == "value":
            answer = typed_value(trace, call)
        elif kind == "pick":
            answer = str(truth(trace, question))
        elif kind == "next":
            answer = truths[(kind, call)][seen_next.get(call, 0)]
            seen_next[call] = seen_next.get(call, 0) + 1
        else:
            answer = truths[(kind, call)][0].replace("∞", "inf")
        view.page.keyboard.type(answer)
        view.page.keyboard.press("Enter")
        assert quiz_state(view) == ("right", number + 1, number + 1), (question, answer)
        view.page.keyboard.press("Enter")
    assert quiz_state(view)[0] == "finished"
    nexts = sum(len(v) for (kind, _call), v in truths.items() if kind == "next")
    assert nexts == 4  # calls 1 (twice), 2 and 6
    assert f"searched or pruned {nexts}/{nexts}" in view.text("#quiz-score")
    assert f"α on entry {trace.calls}/{trace.calls}" in view.text("#quiz-score")
    # The one cut: call 6 stops after cell 1, cell 4 is pruned.
    assert truths[("next", 6)] == ["pruned"]


def test_alphabeta_wrong_cut_answer_shows_the_log_s_cut_reason(open_page):
    trace, _truths = alphabeta_truths("X.OX.XOO.", "X", "X")
    view = open_page(trace, name="alphabeta")
    questions = asked(view)
    cut = next(i for i, q in enumerate(questions) if q["kind"] == "next" and q["call"] == 6)
    for question in questions[:cut]:  # answer up to it by the choice buttons, right each time
        index = view.page.evaluate(
            "([id, labels]) => labels.findIndex((l) => tracerQuiz.judge(id, l))", [question["id"], question["choices"]])
        view.page.locator("#quiz-choices .choice").nth(index).press("Enter")
        view.page.keyboard.press("Enter")
    view.page.keyboard.type("searched")
    view.page.keyboard.press("Enter")
    assert view.text("#quiz-feedback") == (
        "Not quite: you said searched, the trace says pruned. Cut: best +1 ≤ α = +1: X would never "
        "let the game reach here, so cell 4 is not test-played (pruned).")


@pytest.mark.parametrize(("board", "to_move", "ai"), [("X.OX.XOO.", "X", "X"), ("XO..X..O.", "X", "X")])
def test_every_alphabeta_answer_the_page_accepts_is_the_reference_s(open_page, board, to_move, ai):
    trace, truths = alphabeta_truths(board, to_move, ai)
    view = open_page(trace, name=f"ab-{board}")
    seen_next: dict[int, int] = {}
    for question in asked(view):
        kind, call = question["kind"], question["call"]
        if kind not in ("alpha", "beta", "next"):
            continue
        if kind == "next":
            right = truths[(kind, call)][seen_next.get(call, 0)]
            seen_next[call] = seen_next.get(call, 0) + 1
        else:
            right = truths[(kind, call)][0]
        verdicts = view.page.evaluate("([id, texts]) => texts.map((t) => tracerQuiz.judge(id, t))",
                                      [question["id"], question["choices"]])
        assert [label for label, ok in zip(question["choices"], verdicts, strict=True) if ok] == [right]
    assert seen_next == {call: len(answers) for (kind, call), answers in truths.items()
                         if kind == "next" and answers}


def test_memo_seen_before_is_the_reference_s_cache_hit_and_hidden_till_answered(open_page):
    from test_variants import plain_memo

    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import SearchSpec

    board = "XO..X..O."
    trace = SearchSpec("memo").run(TicTacToe(Board(board), "X", "X", tracer.TUTORIAL, tuple(range(9))))
    _move, _score, ref = plain_memo(board, "X", "X")
    view = open_page(trace, name="memo")
    seen = [q for q in asked(view) if q["kind"] == "seen"]
    assert len(seen) == len(ref) == trace.calls
    verdicts = view.page.evaluate("(ids) => ids.map((id) => tracerQuiz.judge(id, 'yes'))", [q["id"] for q in seen])
    assert verdicts == [ref[q["call"] - 1][2] for q in seen]
    # Up to the first cache hit, right answers by the choice buttons; then its label is hidden.
    first_hit = next(q for q, hit in zip(seen, verdicts, strict=True) if hit)
    for question in asked(view):
        if question["id"] == first_hit["id"]:
            break
        index = view.page.evaluate("([id, labels]) => labels.findIndex((l) => tracerQuiz.judge(id, l))",
                                   [question["id"], question["choices"]])
        view.page.locator("#quiz-choices .choice").nth(index).press("Enter")
        view.page.keyboard.press("Enter")
    assert view.text("#quiz-prompt").startswith(f"Has the position of call #{first_hit['call']} ")
    secret = view.page.evaluate("[...document.querySelectorAll('.quiz-secret')].map((n) => n.textContent)")
    assert f"cache hit: #{ref[first_hit['call'] - 1][3]}" in secret
    view.page.keyboard.type("yes")
    view.page.keyboard.press("Enter")
    assert view.text("#quiz-feedback").startswith(
        f"Right: yes. Memo: cache hit: call {ref[first_hit['call'] - 1][3]} already computed this position")
    assert view.page.evaluate("document.querySelectorAll('.quiz-secret').length") == 0


def test_alphabeta_quiz_on_the_aima_tree_answered_right_by_keyboard(open_page):
    # Russell & Norvig's figure 5.2: the answers come from the recorded trace itself.
    from tracer import examples
    from tracer.games.tree.game import GameTree
    from tracer.search import SearchSpec

    text = examples.read("aima-5.2")
    tree = GameTree.parse(text, "MAX", "example:aima-5.2")
    trace = SearchSpec("alphabeta").run(tree)
    view = open_page(trace, name="aima-alphabeta")
    questions = asked(view)
    assert {q["kind"] for q in questions} == {"alpha", "beta", "value", "pick", "next"}

    def bound(value, infinite: str) -> str:
        return infinite if value is None else signed(int(value))

    seen_next: dict[int, int] = {}
    for number, question in enumerate(questions):
        call = trace.call(question["call"])
        kind = question["kind"]
        if kind == "value":
            answer = typed_value(trace, call.call)
        elif kind == "pick":
            answer = trace.game.label(call.best)
        elif kind == "alpha":
            answer = bound(call.extra("alpha"), "-inf")
        elif kind == "beta":
            answer = bound(call.extra("beta"), "inf")
        else:  # after its k-th test-play returns, is the next one searched?
            k = seen_next[call.call] = seen_next.get(call.call, 0) + 1
            answer = "searched" if k < len(call.children()) else "pruned"
        view.page.keyboard.type(answer)
        view.page.keyboard.press("Enter")
        assert quiz_state(view) == ("right", number + 1, number + 1), (question, answer)
        view.page.keyboard.press("Enter")
    assert quiz_state(view)[0] == "finished"
    # The textbook's answer: C stops after its first leaf, so C.2 and C.3 are pruned.
    c = next(c for c in trace.root.children() if trace.game.label(c.move) == "C")
    assert [trace.game.label(m) for m in c.extra("pruned")] == ["C.2", "C.3"]


# ---- the questions the game's step-throughs build in the page (quizbuild.js) ----------

#: Traces the built questions are held to Python's on: (example, algorithm, cutoff, scores, order).
BUILT = [
    ("near-endgame", "minimax", "ge", "tutorial", "ascending"),
    ("near-endgame", "alphabeta", "ge", "tutorial", "ascending"),
    ("near-endgame", "memo", "ge", "tutorial", "ascending"),
    ("o-to-move", "minimax", "ge", "ten", "ascending"),
    ("empty-board", "alphabeta", "gt", "ten", "ascending"),
    ("empty-board", "memo", "ge", "depth", "centre-first"),
    ("slow-win", "alphabeta", "ge", "depth", "4,0,2,6,8,1,3,5,7"),
    ("aima-5.2", "alphabeta", "ge", "tutorial", "ascending"),
    ("uneven-depth", "memo", "ge", "tutorial", "ascending"),
    ("nim", "alphabeta", "ge", "tutorial", "all-first"),
    ("nim", "memo", "ge", "tutorial", "ascending"),
]


@pytest.mark.parametrize(("example", "algorithm", "cutoff", "scores", "order"), BUILT)
def test_questions_built_in_the_page_are_pythons(open_page, example, algorithm, cutoff, scores, order):
    from tracer.cli import build_game, read_input
    from tracer.renderers.html import asset
    from tracer.renderers.quiz import build_settings
    from tracer.search import SearchSpec

    text, source = read_input(None, example)
    trace = SearchSpec(algorithm, cutoff).run(build_game(text, source, ai="X", scores=scores, order=order))
    # The page's policy runs only its own scripts: this test adds the game page's builder.
    view = open_page(trace, fragment="", name=f"built-{example}-{algorithm}-{scores}", bypass_csp=True)
    view.page.add_script_tag(content=asset("quizbuild.js"))
    built = view.page.evaluate("settings => tracerBuildQuiz(settings)", build_settings())
    written = view.page.evaluate("JSON.parse(document.getElementById('quiz-data').textContent)")
    assert (built["depth"], built["complete"]) == (written["depth"], written["complete"])
    assert (built["kinds"], built["titles"]) == (written["kinds"], written["titles"])
    # Everything but the explanation, which is the viewer's narration of the answer's step.
    assert [{**q, "explanation": ""} for q in built["questions"]] == \
        [{**q, "explanation": ""} for q in written["questions"]]
    for q in built["questions"]:
        assert q["explanation"] and "<" not in q["explanation"], q
        if q["kind"] == "value" and not trace.call(q["call"]).children():
            # A finished game's {score: S}, or a cache hit's earlier answer ({index: I, score: S},
            # Nim's {move: M, score: S}), or a tree leaf's {value: S}.
            score = trace.call(q["call"]).score
            assert re.search(rf"\{{(?:[^{{}}]*, )?(?:score|value): {score}\}}", q["explanation"]), q


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_with_its_quiz_passes_axe_in_both_colour_schemes(browser, pages, scheme):
    from test_game_browser import axe_violations

    from tracer.search import SearchSpec

    trace = SearchSpec("alphabeta").run(tracer.record(Board("X.OX.XOO."), "X").game)
    view = Viewer(browser, page_of(pages, trace, "axe-alphabeta"))
    view.context.close()
    view.context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    view.page = view.context.new_page()
    try:
        view.page.goto(view.url + "#quiz")
        view.page.wait_for_selector("#story[data-step]")
        assert axe_violations(view.page) == []
        view.page.locator("#quiz-choices .choice").nth(1).click()  # a wrong answer, and why
        assert axe_violations(view.page) == []
        view.page.click("#quiz-toggle")
        view.page.click("#last")
        assert axe_violations(view.page) == []
        background = view.page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (background == "rgb(255, 255, 255)") == (scheme == "light")
        # The story keeps its words inside its box, above the tree.
        story = view.page.locator("#story").bounding_box()
        tree = view.page.locator("#tree-panel").bounding_box()
        assert story and tree and story["y"] + story["height"] <= tree["y"]
        narration = view.page.locator("#narration").bounding_box()
        assert narration and narration["y"] + narration["height"] <= story["y"] + story["height"]
    finally:
        view.close()


def test_an_open_question_keeps_the_replay_from_showing_its_answer(open_page, tutorial_trace):
    """While a question waits for its answer, every way forward (step, next call, end, the
    slider, play, an address) stops at the step where it is asked and says why; going back is
    free. Answered, the replay shows the answer and may go on up to the next question's step;
    with the quiz off it goes anywhere."""
    view = open_page(tutorial_trace)
    page = view.page
    first, second = asked(view)[:2]
    at = first["ask"]
    assert view.now()[0] == at and first["reveal"] > at
    moves = [lambda: page.locator("#next").click(), lambda: page.locator("#next-call").click(),
             lambda: page.locator("#last").click(), lambda: page.locator("#play").click(),
             lambda: page.locator("#slider").fill(str(first["reveal"] + 3)),
             lambda: page.evaluate(f"location.hash = '#step={first['reveal']}'")]
    for move in moves:
        move()
        page.wait_for_timeout(300)  # the player's first tick, the hash's event
        assert view.now()[0] == at
        assert page.locator("#quiz-feedback").inner_text().startswith("Answer first")
    page.locator("#prev").click()
    assert view.now()[0] == at - 1  # back: free
    page.locator("#quiz-choices button").nth(0).click()  # any answer reveals the answer
    assert view.now()[0] == first["reveal"]
    page.locator("#last").click()  # on, but not past where the next question is asked
    assert view.now()[0] == max(second["ask"], first["reveal"])
    page.locator("#quiz-toggle").click()  # the quiz off: anywhere
    page.locator("#last").click()
    assert view.now()[0] == view.page.evaluate("tracerViewer.total")
