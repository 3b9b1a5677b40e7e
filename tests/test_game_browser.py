"""The game page (`trace play --html`) played in a real headless Chromium."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracer.games.tictactoe.board import Board, other
from tracer.games.tictactoe.game import TicTacToe
from tracer.play.match import choose_move, outcome_of
from tracer.play.page import render_game_page
from tracer.renderers.quiz import questions
from tracer.scores import NAMED, TUTORIAL, Scores
from tracer.search import SearchSpec
from tracer.trace import Trace

CONFIGS = [("X", "ai"), ("X", "human"), ("O", "ai"), ("O", "human")]


def steps_of(trace: Trace) -> int:
    """How many steps the viewer replays for a trace: 3 per call, 2 more per inner call
    (choose, return) and 2 per test-play (place, save)."""
    calls, terminal = trace.calls, trace.stats().terminal_calls
    return 3 * calls + 2 * (calls - terminal) + 2 * (calls - 1)


class GamePage:
    """The game page in the browser, with every request and console problem it caused."""

    def __init__(self, browser, path: Path, **context: object):
        self.url = path.resolve().as_uri()
        self.context = browser.new_context(**({"viewport": {"width": 1280, "height": 900}} | context))
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda m: m.type in ("error", "warning")
                     and self.problems.append(f"console {m.type}: {m.text}"))
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.goto(self.url)
        self.page.wait_for_function("window.tracerGame !== undefined")  # its data read

    def board(self) -> Board:
        texts = self.page.locator("#board [data-cell]").evaluate_all(
            "cells => cells.map(c => c.textContent)")
        return Board("".join(t or "." for t in texts))

    def outcome(self) -> str | None:
        return self.page.locator("#status").get_attribute("data-outcome")

    def reasons(self) -> list[str]:
        return self.page.locator("#moves li.ai .reason").all_inner_texts()

    def setup(self, ai: str, scores: str = "tutorial") -> None:
        self.page.select_option("#ai-mark", ai)
        self.page.select_option("#scores", scores)

    def check_clean(self) -> None:
        assert self.problems == [], "the page logged problems"
        assert self.requests and all(url.split("#")[0] == self.url for url in self.requests), (
            f"the page made network requests: {self.requests}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "game.html"
    path.write_text(render_game_page(), encoding="utf-8")
    return path


@pytest.fixture
def game(browser, game_path: Path) -> Iterator[GamePage]:
    page = GamePage(browser, game_path)
    yield page
    try:
        page.check_clean()
    finally:
        page.close()


def play_out(game: GamePage, ai: str, first: str, human_move, scores: Scores = TUTORIAL) -> Board:
    """Start a game, click the human's moves until it ends; check every AI move and reason
    against tracer's own decision for that board. Returns the final board."""
    human = other(ai)
    game.page.click("#play-game" if first == "ai" else "#new-game")
    board, to_move = Board.empty(), ai if first == "ai" else human
    decisions = 0
    while outcome_of(board) is None:
        if to_move == ai:
            decision = choose_move(board, ai, scores)
            board = board.play(decision.cell, ai)
            decisions += 1
            assert game.reasons()[decisions - 1] == decision.reason()
        else:
            shown = game.board()
            assert shown == board, f"the page shows {shown.cells}, expected {board.cells}"
            cell = human_move(board, human)
            game.page.click(f"[data-cell='{cell}']")
            board = board.play(cell, human)
        to_move = other(to_move)
    assert game.board() == board
    assert len(game.reasons()) == decisions
    return board


def lowest_cell(board: Board, _mark: str) -> int:
    return board.empty_cells()[0]


def best_reply(board: Board, mark: str) -> int:
    """The human plays tracer's own minimax for its mark: the game ends in a draw."""
    return choose_move(board, mark).cell


def check_end(game: GamePage, board: Board) -> None:
    end = outcome_of(board)
    assert end is not None
    assert game.outcome() == ("draw" if end.draw else end.winner)
    classes = game.page.locator("#board [data-cell]").evaluate_all("cells => cells.map(c => c.className)")
    winning = [i for i, c in enumerate(classes) if "win" in c.split()]
    assert winning == list(end.line)
    assert all(("draw" in c.split()) == end.draw for c in classes)
    strike = game.page.locator("#strike")
    assert strike.is_visible() == (not end.draw)  # the line is struck through: not colour alone
    if not end.draw:
        cell = game.page.locator(f"[data-cell='{end.line[0]}']")
        assert "winning line" in cell.get_attribute("aria-label")
        colour = cell.evaluate("c => getComputedStyle(c).backgroundColor")
        red, green, blue = (int(v) for v in colour[colour.index("(") + 1:-1].split(",")[:3])
        assert green > red and green > blue  # green
    else:
        colour = game.page.locator("[data-cell='0']").evaluate("c => getComputedStyle(c).backgroundColor")
        red, green, blue = (int(v) for v in colour[colour.index("(") + 1:-1].split(",")[:3])
        assert red == green == blue  # grey


@pytest.mark.parametrize(("ai", "first"), CONFIGS)
def test_complete_games_by_clicking_follow_tracers_decisions(game, ai, first):
    game.setup(ai)
    board = play_out(game, ai, first, lowest_cell)
    check_end(game, board)
    assert game.outcome() == ai  # a naive human loses
    board = play_out(game, ai, first, best_reply)
    check_end(game, board)
    assert game.outcome() == "draw"  # best play on both sides draws


def test_ten_scores_change_the_reasons_not_the_moves(game):
    game.setup("X", "ten")
    board = play_out(game, "X", "human", lowest_cell, NAMED["ten"])
    check_end(game, board)
    assert "+10" in " ".join(game.reasons()) or "-10" in " ".join(game.reasons())


def test_a_finished_game_takes_no_more_moves(game):
    board = play_out(game, "X", "ai", lowest_cell)
    empty = board.empty_cells()
    assert empty
    # aria-disabled: Playwright would wait for it to be enabled; a user can still click it.
    game.page.click(f"[data-cell='{empty[0]}']", force=True)
    assert game.board() == board
    assert "over" in game.page.locator("#status").inner_text()


def test_a_taken_cell_is_refused(game):
    game.page.click("#play-game")  # X opens on cell 0
    game.page.click("[data-cell='0']", force=True)  # aria-disabled, but clickable
    assert game.board() == Board("X........")
    assert "taken" in game.page.locator("#status").inner_text()


def open_step_through(game: GamePage, move: int):
    game.page.click(f"#moves li[data-move='{move}'] button.step-through")
    frame = game.page.frame_locator("#steps-frame")
    frame.locator("#story[data-step]").wait_for()
    return frame


def frame_step(frame) -> tuple[int, str, int]:
    data = frame.locator("#story").evaluate(
        "s => [Number(s.dataset.step), s.dataset.kind, Number(s.dataset.call)]")
    return int(data[0]), str(data[1]), int(data[2])


def test_a_decisions_step_through_opens_and_reaches_its_last_step(game):
    game.page.click("#new-game")  # X is the AI; the human (O) opens
    game.page.click("[data-cell='4']")
    game.page.click("[data-cell='2']")
    board = Board("X.O.O.X..")  # X answered 4 with 0, and 2 with 6 (trace play's README game)
    assert game.board() == board
    decision = choose_move(Board("X.O.O...."), "X", number=4)
    frame = open_step_through(game, 4)
    assert game.page.locator("#steps").is_visible()
    assert frame_step(frame) == (1, "begin", 1)
    assert f"call #1 of {decision.trace.calls:,}" in frame.locator("#where").inner_text()
    # The stack and the tree of the decision's own recursion: call 1 is on X.O/.O./...
    stack = frame.locator("#stack > li").first.inner_text()
    assert 'minimax(currBdSt, "X")' in stack
    # The keys work inside at once; End goes to the last step: call 1 returns its answer.
    game.page.keyboard.press("End")
    step, kind, call = frame_step(frame)
    assert (step, kind, call) == (steps_of(decision.trace), "return", 1)
    assert f"{{index: {decision.cell}, score: {decision.trace.result.score}}}" in \
        frame.locator("#narration").inner_text()
    assert frame.locator("#tree .card").count() > 1
    # No figures page sits beside the game page: the step-through names and links none (issue 22).
    assert frame.locator("#badge .figure-link").count() == 0 and frame.locator("#badge a").count() == 0
    game.page.keyboard.press("Escape")
    assert not game.page.locator("#steps").is_visible()
    # Another decision opens on its own recursion.
    frame = open_step_through(game, 2)
    first = choose_move(Board("....O...."), "X", number=2)
    assert f"call #1 of {first.trace.calls:,}" in frame.locator("#where").inner_text()
    frame.locator("#last").click()
    assert frame_step(frame)[0] == steps_of(first.trace)
    game.page.click("#close-steps")
    assert not game.page.locator("#steps").is_visible()


def test_the_opening_decision_steps_through_all_549946_calls(game):
    game.page.click("#play-game")
    frame = open_step_through(game, 1)
    decision = choose_move(Board.empty(), "X")
    assert "call #1 of 549,946" in frame.locator("#where").inner_text()
    frame.locator("#last").click()
    assert frame_step(frame) == (steps_of(decision.trace), "return", 1)


def test_keyboard_play_with_arrows_enter_and_digits(game):
    game.page.click("#new-game")  # the human (O) opens
    game.page.focus("[data-cell='4']")
    game.page.keyboard.press("ArrowRight")  # to cell 5
    game.page.keyboard.press("ArrowUp")     # to cell 2
    game.page.keyboard.press("Enter")
    expected = Board("..O......")
    expected = expected.play(choose_move(expected, "X").cell, "X")
    assert game.board() == expected
    free = [c for c in expected.empty_cells() if c != 4][0]
    game.page.keyboard.press(str(free))
    after = expected.play(free, "O")
    after = after.play(choose_move(after, "X").cell, "X")
    assert game.board() == after
    focused = game.page.evaluate("document.activeElement.dataset.cell")
    assert focused == str(free)


def test_settings_apply_at_once_before_the_first_move(game):
    game.page.select_option("#ai-mark", "O")
    assert "You are X" in game.page.locator("#status").inner_text()
    game.page.click("[data-cell='4']")
    reply = choose_move(Board("....X...."), "O")
    assert game.board() == Board("....X....").play(reply.cell, "O")
    game.page.select_option("#ai-mark", "X")  # mid-game: applies to the next game
    assert "next game" in game.page.locator("#settings-note").inner_text()
    assert game.board() == Board("....X....").play(reply.cell, "O")


# ---- screens, colour schemes, accessibility ------------------------------------------------


def axe_violations(page_or_frame) -> list[str]:
    """axe-core's violations (the engine comes with the axe-playwright-python package)."""
    import axe_playwright_python  # the test extra "browser" installs it

    script = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
    page_or_frame.evaluate(script)
    # Each document is checked on its own (the step-through's frame separately).
    result = page_or_frame.evaluate("axe.run(document, {iframes: false, resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: "
            f"{[n['target'] for n in v['nodes']][:3]})" for v in result["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_passes_axe_in_both_colour_schemes(browser, game_path, scheme):
    game = GamePage(browser, game_path, color_scheme=scheme)
    try:
        assert axe_violations(game.page) == []
        play_out(game, "X", "human", lowest_cell)  # a finished game, a won line, reasons
        assert axe_violations(game.page) == []
        game.page.click("#moves li[data-move='2'] button.step-through")
        game.page.frame_locator("#steps-frame").locator("#story[data-step]").wait_for()
        assert axe_violations(game.page) == []
        [frame] = [f for f in game.page.frames if f.url.startswith("about:srcdoc")]
        assert axe_violations(frame) == []
        frame.click("#quiz-toggle")  # the quiz panel, asking
        assert frame.locator("#quiz").get_attribute("data-state") == "asking"
        assert axe_violations(frame) == []
        frame.click("#quiz-toggle")
        frame.click("#last")  # every card drawn, finished subtrees with their captions
        assert axe_violations(frame) == []
        frame_background = frame.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (frame_background == "rgb(255, 255, 255)") == (scheme == "light")
        background = game.page.evaluate("getComputedStyle(document.body).backgroundColor")
        level = sum(int(v) for v in background[background.index("(") + 1:-1].split(",")[:3])
        assert (level < 150) == (scheme == "dark")
        game.check_clean()
    finally:
        game.close()


def test_a_phone_sized_screen_shows_the_whole_board_without_sideways_scrolling(browser, game_path):
    game = GamePage(browser, game_path, viewport={"width": 360, "height": 740}, has_touch=True,
                    is_mobile=True)
    try:
        box = game.page.locator("#board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["width"] >= 250  # cells big enough for a finger
        assert game.page.evaluate("document.documentElement.scrollWidth") <= 360
        game.page.tap("#play-game")
        game.page.tap("[data-cell='4']")
        assert game.board().cells.count(".") == 6
        # A decision's step-through and its quiz fit the width too, a wrong answer shown.
        game.page.locator("#moves li[data-move='3'] button.step-through").tap()
        frame = game.page.frame_locator("#steps-frame")
        frame.locator("#story[data-step]").wait_for()
        frame.locator("#quiz-toggle").tap()
        frame.locator("#quiz-choices .choice").first.tap()
        width = frame.locator("html").evaluate("h => [h.scrollWidth, h.clientWidth]")
        assert width[0] <= width[1], f"the step-through scrolls sideways: {width}"
        game.check_clean()
    finally:
        game.close()


def test_the_first_ai_move_appears_promptly(game):
    # Not a speed target (benchmarks/ measures that): a guard against a page that searches.
    start = time.perf_counter()
    game.page.click("#play-game")
    assert game.board() == Board("X........")
    assert time.perf_counter() - start < 10


# ---- alpha-beta: the AI's moves and step-throughs from its recorded searches ----------


def alphabeta_from(board: Board, ai: str, scores: Scores = TUTORIAL) -> Trace:
    """Alpha-beta (cutoff ge, ascending) recorded from ``board`` with the AI to move."""
    return SearchSpec("alphabeta").run(TicTacToe(board, ai, ai, scores))


def pruned_calls(trace: Trace) -> int:
    """The test-plays alpha-beta pruned, over every call (walked call by call, not by row)."""
    return sum(len(call.extra("pruned")) for call in trace)


@pytest.mark.parametrize(("ai", "first"), CONFIGS)
def test_alphabeta_games_follow_its_recorded_searches_and_step_through_with_windows(game, ai, first):
    game.setup(ai)
    game.page.select_option("#search", "alphabeta")
    game.page.click("#play-game" if first == "ai" else "#new-game")
    human = other(ai)
    board, to_move, decisions = Board.empty(), ai if first == "ai" else human, 0
    while outcome_of(board) is None:
        if to_move == ai:
            cell = choose_move(board, ai).cell
            searched = alphabeta_from(board, ai)
            assert searched.result.index == cell  # alpha-beta picks minimax's move
            decisions += 1
            # The reason is trace play's, word for word, pruned test-plays included.
            expected = choose_move(board, ai, search=SearchSpec("alphabeta")).reason()
            assert game.reasons()[decisions - 1] == expected
            assert expected.endswith(f"({searched.calls:,} call{'s' if searched.calls > 1 else ''}, "
                                     f"alpha-beta (cutoff ge): {pruned_calls(searched):,} test-play"
                                     f"{'' if pruned_calls(searched) == 1 else 's'} pruned)")
            last = (decisions, board, searched)
            board = board.play(cell, ai)
        else:
            assert game.board() == board
            cell = board.empty_cells()[-1]
            game.page.click(f"[data-cell='{cell}']")
            board = board.play(cell, human)
        to_move = other(to_move)
    assert game.board() == board and len(game.reasons()) == decisions
    # The last decision's step-through is alpha-beta's, window and all.
    number, before, searched = last
    item = game.page.locator("#moves li.ai").nth(number - 1).get_attribute("data-move")
    frame = open_step_through(game, int(item or 0))
    assert frame_step(frame) == (1, "begin", 1)
    assert f"call #1 of {searched.calls:,}" in frame.locator("#where").inner_text()
    frame.locator("#next").click()
    assert "α" in frame.locator("#stack").inner_text()
    frame.locator("#last").click()
    step, kind, call = frame_step(frame)
    assert (kind, call) == ("return", 1) and step > 1
    assert f"{{index: {searched.result.index}, score: {searched.result.score}}}" in \
        frame.locator("#narration").inner_text()
    game.page.click("#close-steps")


# ---- the quiz inside a decision's step-through --------------------------------------


def step_through_frame(game: GamePage):
    [frame] = [f for f in game.page.frames if f.url.startswith("about:srcdoc")]
    return frame


def answer_every_question(frame, trace: Trace) -> list[tuple[str, int]]:
    """Answer the step-through's quiz with the answers tracer's Python quiz reads from
    ``trace`` (the decision recorded on its own); return the (kind, call) asked."""
    right = {(q.kind, q.call, q.prompt): q.right.label for q in questions(trace)}
    asked: list[tuple[str, int]] = []
    panel = frame.locator("#quiz")
    while panel.get_attribute("data-state") == "asking":
        number = int(panel.get_attribute("data-question") or -1)
        [question] = [q for q in frame.evaluate("tracerQuiz.asked()") if q["id"] == number]
        prompt = frame.locator("#quiz-prompt").inner_text()
        label = right[(question["kind"], question["call"], prompt)]
        frame.locator("#quiz-choices .choice").filter(has_text=re.compile(f"^{re.escape(label)}$")).click()
        assert panel.get_attribute("data-state") == "right", frame.locator("#quiz-feedback").inner_text()
        assert frame.locator("#quiz-feedback").inner_text().startswith(f"Right: {label}. ")
        asked.append((question["kind"], question["call"]))
        frame.locator("#quiz-next").click()
    assert panel.get_attribute("data-state") == "finished"
    score = frame.locator("#quiz-score")
    assert score.get_attribute("data-right") == score.get_attribute("data-answered") == str(len(asked))
    return asked


def test_a_decisions_step_through_has_the_quiz_with_the_recorded_answers(game):
    game.page.click("#new-game")  # X is the AI; the human (O) opens in the centre
    game.page.click("[data-cell='4']")
    game.page.click("[data-cell='2']")
    decision = choose_move(Board("X.O.O...."), "X", number=4)
    open_step_through(game, 4)
    frame = step_through_frame(game)
    frame.click("#quiz-toggle")
    # A few hundred calls: the quiz starts with the first call's test-plays and offers deeper levels.
    levels = frame.locator("#quiz-level option").all_inner_texts()
    assert levels[0] == "only the first call's test-plays" and len(levels) > 1
    asked = answer_every_question(frame, decision.trace)
    first_calls = [c.call for c in decision.trace.root.children()]
    assert sorted(asked) == sorted([("pick", 1), ("value", 1)] + [("value", c) for c in first_calls])
    # A deeper level asks more, each answer again the recorded one.
    frame.select_option("#quiz-level", index=1)
    frame.click("#quiz-reset")
    deeper = answer_every_question(frame, decision.trace)
    assert len(deeper) > len(asked)
    assert {kind for kind, _call in deeper} == {"value", "pick"}


def test_an_alphabeta_decisions_quiz_asks_windows_and_cuts(game):
    game.page.select_option("#search", "alphabeta")
    game.page.click("#new-game")
    game.page.click("[data-cell='0']")
    board = Board("O...X....")  # X answered the corner with the centre
    assert game.board() == board
    game.page.click("[data-cell='8']")
    searched = alphabeta_from(Board("O...X...O"), "X")
    open_step_through(game, 4)
    frame = step_through_frame(game)
    frame.click("#quiz-toggle")
    frame.select_option("#quiz-level", index=0)
    asked = answer_every_question(frame, searched)
    kinds = {kind for kind, _call in asked}
    assert {"alpha", "beta", "value", "pick", "next"} <= kinds
    assert ("value", 1) in asked


@pytest.mark.parametrize(("ai", "first", "search", "scores"), [
    ("X", "human", "minimax", "tutorial"),
    ("O", "ai", "minimax", "ten"),
    ("O", "human", "alphabeta", "tutorial"),
    ("X", "ai", "alphabeta", "ten"),
])
def test_every_decisions_quiz_asks_what_pythons_quiz_asks(game, ai, first, search, scores):
    """Each AI decision of a whole game: the questions its step-through builds are those
    tracer's Python quiz writes for the decision recorded on its own (bar the wording of
    the explanation, which is the replay's narration)."""
    from tracer.renderers.quiz import build_settings, page_data

    game.setup(ai, scores)
    game.page.select_option("#search", search)
    game.page.click("#play-game" if first == "ai" else "#new-game")
    spec = SearchSpec(search)
    board, to_move, number = Board.empty(), ai if first == "ai" else other(ai), 0
    while outcome_of(board) is None:
        if to_move == ai:
            number += 1
            decision = choose_move(board, ai, NAMED[scores], search=spec)
            item = game.page.locator("#moves li.ai").nth(number - 1).get_attribute("data-move")
            open_step_through(game, int(item or 0))
            built = step_through_frame(game).evaluate("s => tracerBuildQuiz(s)", build_settings())
            written = page_data(decision.trace)
            assert (built["depth"], built["complete"]) == (written["depth"], written["complete"])
            assert [{**q, "explanation": ""} for q in built["questions"]] == \
                [{**q, "explanation": "", "ask": list(q["ask"]), "reveal": list(q["reveal"]),
                  "ask_alone": q["ask_alone"] and list(q["ask_alone"]),
                  "reveal_alone": q["reveal_alone"] and list(q["reveal_alone"])}
                 for q in written["questions"]]
            game.page.click("#close-steps")
            board = board.play(decision.cell, ai)
        else:
            cell = board.empty_cells()[0]
            game.page.click(f"[data-cell='{cell}']")
            board = board.play(cell, other(ai))
        to_move = other(to_move)
    assert number >= 3  # no game ends before the AI has moved three times
