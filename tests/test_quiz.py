"""The quiz's questions and answers (tracer/renderers/quiz.py) and `trace quiz` in the terminal."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pytest

import tracer
from tracer import Board
from tracer.renderers.log import render_log
from tracer.renderers.quiz import (
    first_call_questions,
    page_data,
    page_depth,
    questions,
)
from tracer.search.minimax import plain_minimax

#: Boards the quiz is checked on: (board, side to move, AI).
BOARDS = [
    ("X.OX.XOO.", "X", "X"),   # the guide's
    ("X.OX.XOO.", "X", "O"),   # the same, O the AI
    ("XOXXOO.X.", "O", "X"),   # O to move
    ("XO..X..O.", "X", "X"),   # a few hundred calls
    ("XXXOO....", "O", "X"),   # already over
]


@dataclass
class RefCall:
    """One call as the plain reference minimax makes it."""

    move: int | None
    depth: int
    mark: str
    score: int = 0
    children: list[RefCall] = field(default_factory=list)


def reference_calls(board: str, to_move: str, ai: str) -> list[RefCall]:
    """Every call of the plain reference minimax, in call order, with its score and children."""
    calls: list[RefCall] = []
    running: list[RefCall] = []

    def on_call(_board, mark, move, depth):
        node = RefCall(move, depth, mark)
        if running:
            running[-1].children.append(node)
        calls.append(node)
        running.append(node)

    def on_return(score):
        running.pop().score = score

    plain_minimax(Board(board), to_move, ai=ai, on_call=on_call, on_return=on_return)  # type: ignore[arg-type]
    return calls


def reference_best(node: RefCall, ai: str) -> int:
    """The guide's step 16, done here by hand: the first test-play with the best score."""
    scores = [c.score for c in node.children]
    want = max(scores) if node.mark == ai else min(scores)
    return node.children[scores.index(want)].move  # type: ignore[return-value]


@pytest.mark.parametrize(("board", "to_move", "ai"), BOARDS)
def test_every_answer_is_the_reference_minimax_s_for_every_call(board, to_move, ai):
    trace = tracer.record(Board(board), to_move, ai=ai)
    ref = reference_calls(board, to_move, ai)
    asked = questions(trace)
    values = {q.call: q for q in asked if q.kind == "value"}
    picks = {q.call: q for q in asked if q.kind == "pick"}
    assert sorted(values) == list(range(1, len(ref) + 1))  # one value question per call
    for number, node in enumerate(ref, start=1):
        q = values[number]
        assert q.accepts(str(node.score)) == q.answer
        assert q.depth == node.depth
        wrong = [c for i, c in enumerate(q.choices) if i != q.answer]
        assert all(q.accepts(c.label) != q.answer for c in wrong)
        if len(node.children) > 1:
            best = reference_best(node, ai)
            assert picks[number].accepts(str(best)) == picks[number].answer
            assert picks[number].accepts(f"cell {best}") == picks[number].answer
            assert [c.label for c in picks[number].choices] == [f"cell {c.move}" for c in node.children]
        else:
            assert number not in picks  # a single test-play leaves nothing to pick


def test_explanations_are_lines_of_the_log(tutorial_trace):
    log = render_log(tutorial_trace)
    for q in questions(tutorial_trace):
        step, _, text = q.explanation.removeprefix("Step ").partition(": ")
        first = text.split("; step 17: ")[0].rstrip(".")
        assert f"step {step}" in log and first in log, q.explanation
        assert q.explanation.count(". ") == 0  # one sentence


def test_the_guide_s_board_in_words(tutorial_trace):
    asked = questions(tutorial_trace)
    call3 = next(q for q in asked if q.kind == "value" and q.call == 3)
    assert call3.prompt == "What score does call #3 (cell 4 played: X to move on XXO/XOX/OO.) return?"
    assert [c.label for c in call3.choices] == ["-1", "0", "+1"]
    assert call3.right.label == "-1"
    assert call3.explanation == "Step 9: O (the human) has three in a row (cells 2, 4, 6): return {score: -1}."
    pick1 = next(q for q in asked if q.kind == "pick" and q.call == 1)
    assert pick1.right.label == "cell 4"
    assert pick1.explanation == ("Step 16: X is the AI, so max(-1, +1, -1) = +1: "
                                 "bestTestPlay = 1 (cell 4, the highest).")
    # Asked just before step 16 of call 1, revealed at it; call 3 (terminal) as it begins.
    assert (pick1.ask, pick1.reveal) == (("end", 1, -2), ("end", 1, -1))
    assert (call3.ask, call3.reveal) == (("begin", 3, 0), ("end", 3, 0))


def test_depth_keeps_the_calls_down_to_it(tutorial_trace):
    first = questions(tutorial_trace, depth=1)
    assert {(q.kind, q.call) for q in first} == {
        ("value", 1), ("pick", 1), ("value", 2), ("value", 5), ("value", 6)}


def test_a_page_carries_questions_down_to_a_depth_that_fits(empty_trace, tutorial_trace):
    assert page_depth(tutorial_trace) == 3 and page_data(tutorial_trace)["complete"]
    data = page_data(empty_trace)
    assert data["depth"] == 2 and not data["complete"]
    # 1 + 9 + 72 calls down to depth 2, and a pick for each of the 10 above it.
    assert len(data["questions"]) == 82 + 10
    assert page_data(tutorial_trace)["key"] != data["key"]


def test_pruned_answers_are_read_in_any_order():
    from tracer.explain import game_words
    from tracer.games.tictactoe.game import TicTacToe

    pruned_answer = game_words(TicTacToe(Board("X.OX.XOO."), "X")).moves_answer
    assert pruned_answer("8, 5") == pruned_answer("5 8") == "5 8"
    assert pruned_answer("none") == pruned_answer("no cells") == "none"


def test_the_terminal_asks_the_first_call_s_test_plays_then_the_pick(tutorial_trace):
    asked = first_call_questions(tutorial_trace)
    assert [(q.kind, q.call) for q in asked] == [("value", 2), ("value", 5), ("value", 6), ("pick", 1)]


# ---- trace quiz ---------------------------------------------------------------------


def test_trace_quiz_all_right(cli):
    result = cli("quiz", "--example", "near-endgame", input="-1\n+1\n-1\n4\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Right:") == 4 and "Not quite" not in out
    assert "Q1. What score does call #2 (cell 1 played: O to move on XXO/X.X/OO.) return? [-1, 0, +1]" in out
    assert "Q4. Step 16: which test-play does call #1 pick?" in out
    assert out.rstrip().endswith("Score: values returned 3/3, test-plays picked 1/1: 4 of 4 right.")


def test_trace_quiz_wrong_answers_show_the_right_one_and_why(cli):
    result = cli("quiz", "--example", "near-endgame", input="1\nmaybe\n0\n-1\ncell 1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Not quite: the trace says -1. Step 16: O is the human, so min(-1, -1) = -1" in out
    assert "Type one of: -1, 0, +1." in out  # 'maybe' is asked again, not scored
    assert "Not quite: the trace says +1. Step 9: X (the AI) has three in a row (cells 3, 4, 5)" in out
    assert "Not quite: the trace says cell 4. Step 16: X is the AI, so max(-1, +1, -1) = +1" in out
    assert out.rstrip().endswith("Score: values returned 1/3, test-plays picked 0/1: 1 of 4 right.")


def test_trace_quiz_reads_the_board_then_the_answers_from_standard_input(cli):
    result = cli("quiz", "-", input="X.O\nX.X\nOO.\n\n-1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Right: -1." in result.output and "Right: +1." in result.output
    # The input ended before the last two questions: the score counts what was answered.
    assert result.output.rstrip().endswith("Score: values returned 2/2: 2 of 2 right.")


def test_trace_quiz_on_a_finished_game(cli, tmp_path):
    (tmp_path / "won.txt").write_text("XXX\nOO.\n...\n")
    result = cli("quiz", "won.txt", "--turn", "O")
    assert result.exit_code == 0
    assert result.output.rstrip().endswith("The game is already over on this board: there is nothing to predict.")


@pytest.mark.parametrize("args", [(), ("b.txt", "--example", "near-endgame"), ("missing.txt",),
                                  ("--example", "nope")])
def test_trace_quiz_bad_input_is_one_line(cli, args):
    result = cli("quiz", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: ")


# ---- alpha-beta and memo: the questions against the plain references ---------------

VARIANT_BOARDS = [("X.OX.XOO.", "X", "X"), ("XO..X..O.", "X", "X"), ("X...O....", "X", "O")]


def variant_trace(board: str, to_move: str, ai: str, algorithm: str, cutoff: str = "ge"):
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import SearchSpec

    game = TicTacToe(Board(board), to_move, ai, tracer.TUTORIAL, tuple(range(9)))  # type: ignore[arg-type]
    return SearchSpec(algorithm, cutoff).run(game)


def typed_bound(value: float) -> str:
    return {float("-inf"): "-inf", float("inf"): "+inf"}.get(value) or str(int(value))


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
@pytest.mark.parametrize(("board", "to_move", "ai"), VARIANT_BOARDS)
def test_alphabeta_questions_are_the_reference_s_for_every_call(board, to_move, ai, cutoff):
    from test_variants import plain_alphabeta

    trace = variant_trace(board, to_move, ai, "alphabeta", cutoff)
    _move, _score, ref = plain_alphabeta(board, to_move, ai, cutoff, list(range(9)))
    asked = questions(trace)
    by = {(q.kind, q.call): q for q in asked}
    nexts: dict[int, list] = {}
    for q in asked:
        if q.kind == "next":
            nexts.setdefault(q.call, []).append(q)
    for number, (_cells, _mark, alpha, beta, pruned) in enumerate(ref, start=1):
        for kind, bound in (("alpha", alpha), ("beta", beta)):
            q = by[(kind, number)]
            assert q.accepts(typed_bound(bound)) == q.answer, (number, kind, bound)
        call = trace.call(number)
        said = [q.right.label for q in nexts.get(number, [])]
        # After each searched test-play but the last: searched; then pruned if there was a cut.
        assert said == ["searched"] * (len(call.children()) - 1) + (["pruned"] if pruned else [])
        if pruned:
            assert f"{pruned[0]}, searched or pruned?" in nexts[number][-1].prompt
            assert nexts[number][-1].explanation.startswith("Cut: best ")


def test_alphabeta_on_the_guide_s_board_cuts_cell_4_at_call_6():
    trace = variant_trace("X.OX.XOO.", "X", "X", "alphabeta")
    asked = {(q.kind, q.call): q for q in questions(trace)}
    assert asked[("alpha", 6)].right.label == "+1" and asked[("beta", 6)].right.label == "+∞"
    assert asked[("alpha", 6)].explanation == (
        "Window: called with α = +1, β = +∞, call #1's window after its update "
        "α = -1 → +1: X can get at least +1 (best so far, after test-play 2).")
    cut = [q for q in questions(trace) if q.kind == "next" and q.call == 6]
    assert [q.right.label for q in cut] == ["pruned"]
    assert cut[0].explanation == ("Cut: best +1 ≤ α = +1: X would never let the game reach here, "
                                  "so cell 4 is not test-played (pruned).")


def test_memo_seen_questions_are_the_reference_s_cache_hits():
    from test_variants import plain_memo

    board, to_move, ai = "XO..X..O.", "X", "X"
    trace = variant_trace(board, to_move, ai, "memo")
    _move, _score, ref = plain_memo(board, to_move, ai)
    seen = {q.call: q for q in questions(trace) if q.kind == "seen"}
    assert len(seen) == len(ref) == trace.calls
    for number, (_cells, _mark, hit, source) in enumerate(ref, start=1):
        q = seen[number]
        assert q.accepts("yes" if hit else "no") == q.answer
        if hit:
            assert f"call {source} already computed this position" in q.explanation


def test_trace_quiz_alphabeta_asks_which_cells_are_pruned(cli):
    # Call #6 (X on 8) is cut after O's cell 1: it returns only a bound, <= +1 (minimax: -1).
    answers = "-1\n1\n<=1\n4\nnone\nnone\n4\n"
    result = cli("quiz", "--example", "near-endgame", "--algorithm", "alphabeta", input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Which test-plays of call #6 (cell 8 played: O to move on X.O/X.X/OOX) are pruned?" in out
    assert "Right: cell 4. Cut: best +1 ≤ α = +1" in out
    assert out.rstrip().endswith("pruned test-plays 3/3: 7 of 7 right.")
    wrong = cli("quiz", "--example", "near-endgame", "--algorithm", "alphabeta",
                input="-1\n1\n1\n4\nnone\n\n8\n1 4\n")
    assert "Type cell numbers, or none." in wrong.output  # an empty line is asked again
    assert "Not quite: the trace says none. No cut in call #2" in wrong.output
    assert "Not quite: the trace says cell 4. Cut: best +1" in wrong.output
    # +1 as if it were call #6's value is wrong: the answer is the bound, and it says why.
    assert ("Not quite: the trace says ≤ +1. Step 16: O is the human, so min(+1) = ≤ +1 (only a bound): "
            "bestTestPlay = 0 "
            "(cell 1, the only one searched)") in wrong.output
    assert "(only a bound, ≤ +1: the true score is at most +1)" in wrong.output
    assert wrong.output.rstrip().endswith("pruned test-plays 1/3: 4 of 7 right.")


def test_a_pruned_cells_answer_naming_no_cell_is_asked_again_not_taken_as_none(cli):
    # The fifth question's answer is "none"; a line of words naming no cell ("cells", "and")
    # is neither none nor a set of cells, so the question is asked again and then answered right.
    answers = "-1\n1\n<=1\n4\ncells and\nnone\nnone\n4\n"
    out = cli("quiz", "--example", "near-endgame", "--algorithm", "alphabeta", input=answers).output
    assert out.count("Type cell numbers, or none.") == 1
    assert out.rstrip().endswith("pruned test-plays 3/3: 7 of 7 right.")


# ---- trace quiz as the README tells it: the session, its answers and its line limits ---------

#: The near-endgame example's answers, all right (the guide's steps 9, 16 and 17).
RIGHT = ["-1", "+1", "-1", "4"]
#: The guide's board drawn as `trace play` draws one (cells 1, 4 and 8 empty).
GUIDE_BOARD = " X | 1 | O\n---+---+---\n X | 4 | X\n---+---+---\n O | O | 8\n"


def quiz(cli, answers: str, *args: str) -> str:
    result = cli("quiz", *(args or ("--example", "near-endgame")), input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_quiz_opens_with_the_log_s_header_the_board_and_the_first_call_s_moves(cli, tutorial_trace):
    from tracer.renderers.log import header
    out = quiz(cli, "")
    # The log's header, one empty line, the board, one empty line, then the moves in turn.
    assert out.startswith(header(tutorial_trace).rstrip("\n") + "\n\n" + GUIDE_BOARD + "\n"
                          "Call #1 test-plays X's moves in turn: cell 1, cell 4, cell 8. ")


def test_a_quiz_names_cell_0_among_the_moves(cli):
    # O in the centre, X on cell 1: X to move may play cell 0 (every empty cell, ascending).
    board = ".X.\n.O.\n...\n\n"
    out = quiz(cli, board, "-")
    assert "Call #1 test-plays X's moves in turn: cell 0, cell 2, cell 3, cell 5, cell 6, cell 7, cell 8. " in out


@pytest.mark.parametrize("typed", ["  -1  ", "\t+1 ", "-1"])
def test_answers_are_read_whatever_their_spacing_and_echoed_trimmed(cli, typed):
    out = quiz(cli, typed + "\n")
    assert f"> {typed.strip()}\n" in out
    assert ("Right: -1." if typed.strip() == "-1" else "Not quite: the trace says -1.") in out


@pytest.mark.parametrize("word", ["q", " Q ", "QUIT", "Exit"])
def test_q_stops_the_quiz_whatever_its_case_and_spacing(cli, word):
    out = quiz(cli, f"-1\n{word}\n+1\n-1\n4\n")
    assert "Q2." in out and "Q3." not in out and "Type one of" not in out
    assert out.rstrip().endswith("Score: values returned 1/1: 1 of 1 right.")


def test_a_session_returns_how_many_were_right_and_echoes_only_piped_answers(tutorial_trace):
    import io

    from tracer.play.quiz import QuizSession
    lines: list[str] = []
    right = QuizSession(tutorial_trace, io.StringIO("-1\n0\n"), lines.append).run()
    assert right == 1 and not any(line.startswith("> ") for line in lines)
    over = tracer.record(Board("XXXOO...."), "O")  # X has won: nothing is asked, none right
    assert QuizSession(over, io.StringIO("-1\n"), lines.append).run() == 0
    assert lines[-1].startswith("The game is already over")


def test_answers_of_256_characters_are_read_and_longer_ones_skipped(cli):
    # README: answers are lines of at most 256 characters; a longer one is skipped.
    at_limit = "-1".ljust(256)
    out = quiz(cli, at_limit + "\n" + "\n".join(RIGHT[1:]) + "\n")
    assert "skipped" not in out and "Type one of" not in out
    assert out.rstrip().endswith("4 of 4 right.")
    over = "-1".ljust(257)
    out = quiz(cli, over + "\n0\n")
    assert "(an answer longer than 256 characters was skipped)" in out
    assert "Type one of" not in out  # the rest of the long line is dropped, not read as an answer
    assert "Not quite: the trace says -1." in out and "Right: -1." not in out
    long = "-1" + " " * 5000 + "x" * 70000
    out = quiz(cli, long + "\n" + "\n".join(RIGHT) + "\n")
    assert "Type one of" not in out and out.rstrip().endswith("4 of 4 right.")


def test_a_long_answer_is_echoed_cut_to_60_characters(cli):
    sixty, sixty_one = "9" * 60, "8" * 61
    out = quiz(cli, f"{sixty}\n{sixty_one}\n")
    assert f"> {sixty}\n" in out
    assert f"> {'8' * 59}…\n" in out


def test_input_with_no_line_end_within_1_mib_is_one_error(cli):
    result = cli("quiz", "--example", "near-endgame", input="-1" + "x" * (3 << 20))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("trace: error: <stdin>") and "no line end" in lines[-1]


def test_a_line_of_exactly_1_mib_is_skipped_and_one_character_more_ends_the_quiz(tutorial_trace):
    # README: a line longer than 256 characters is skipped; no line end within 1 MiB
    # (1,048,576 characters) ends the session.
    from tracer.errors import InputError
    from tracer.play.quiz import QuizSession

    mib = 1 << 20
    for length in (mib, mib - 1, 257, 300_000):
        lines: list[str] = []
        answers = "x" * length + "\n" + "\n".join(RIGHT) + "\n"
        assert QuizSession(tutorial_trace, io.StringIO(answers), lines.append).run() == 4, length
        assert sum("was skipped" in line for line in lines) == 1
    for answers in ("x" * (mib + 1) + "\n-1\n", "x" * (mib + 1), "x" * (3 * mib)):
        with pytest.raises(InputError, match="no line end within 1,048,576 characters"):
            QuizSession(tutorial_trace, io.StringIO(answers), [].append).run()


def test_quitting_leaves_one_empty_line_before_the_score(tutorial_trace):
    from tracer.play.quiz import QuizSession

    for answers in ("q\n", "", "-1\nquit\n"):
        lines: list[str] = []
        QuizSession(tutorial_trace, io.StringIO(answers), lines.append).run()
        text = "\n".join(lines)
        assert text.endswith("]\n\nScore: " + text.rsplit("Score: ", 1)[1]), answers
        assert "\n\n\n" not in text


def test_answers_that_are_not_utf8_are_one_error(cli):
    result = cli("quiz", "--example", "near-endgame", input=b"-1\n\xff\xfe\n")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].startswith("trace: error: <stdin>")


def test_pruned_answers_read_none_whatever_its_case(cli):
    # The README: type the cells in any order, or `none`; answers are read whatever their case.
    answers = "-1\n1\n<=1\n4\n NONE \nNone\n4\n"
    out = quiz(cli, answers, "--example", "near-endgame", "--algorithm", "alphabeta")
    assert "Type cell numbers, or none." not in out
    assert out.rstrip().endswith("pruned test-plays 3/3: 7 of 7 right.")


def test_the_pick_says_the_ai_takes_the_highest_and_a_bound_sits_below_its_score(cli):
    out = quiz(cli, "-1\n+1\n-1\n")
    # X is the AI, the maximiser: its pick is the first with the highest score (the guide's step 16).
    assert "Q4. Step 16: which test-play does call #1 pick? X takes the first with the highest score. " \
           "[cell 1, cell 4, cell 8]" in out
    pruned = quiz(cli, "", "--example", "near-endgame", "--algorithm", "alphabeta")
    # Scores lowest first; "at most +1" is listed just below +1, above 0's exact score.
    assert "return? [-1, 0, ≤ +1, +1]" in pruned


def test_a_textbook_tree_s_pick_is_read_by_its_node_name_in_any_case(cli):
    # AIMA figure 5.2: B, C and D are worth 3, 2 and 2; MAX moves to B (its first highest).
    out = quiz(cli, "3\n2\n2\nb\n", "--example", "aima-5.2")
    assert "Type one of" not in out
    assert out.rstrip().endswith("4 of 4 right.")


def test_a_board_on_standard_input_is_read_to_its_empty_line_and_never_past_its_limit():
    import io

    from tracer.play.quiz import read_board_lines
    # A board of exactly `limit` characters: all of it, then its empty line; the answers follow.
    board = "ab\n" * 33 + "x\n"  # 101 characters
    stdin = io.StringIO(board + "\n-1\n")
    assert read_board_lines(stdin, 101) == board and stdin.readline() == "-1\n"
    # Input that goes on past the limit: one character past it is read (so the game's size
    # check refuses the board), never more, however much follows.
    endless = io.StringIO("ab\n" * 1_000_000)
    assert len(read_board_lines(endless, 100)) == 101
    one_line = io.StringIO("#" * 1_000_000 + "\n")
    assert len(read_board_lines(one_line, 100)) == 101


def test_a_line_whose_end_comes_past_1_mib_is_one_error(cli):
    result = cli("quiz", "--example", "near-endgame", input="x" * (3 << 19) + "\n-1\n")  # 1.5 MiB
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].startswith("trace: error: <stdin>")


def test_standard_input_that_fails_is_one_error_line():
    import io

    from tracer.errors import EnvironmentFault, InputError
    from tracer.play.quiz import read_line
    with pytest.raises(InputError):  # bytes that are not UTF-8, read strictly
        read_line(io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"), encoding="utf-8"))
    closed = io.StringIO("-1\n")
    closed.close()
    with pytest.raises(EnvironmentFault):
        read_line(closed)


def test_a_page_keeps_the_deepest_level_whose_questions_fit_two_a_call(tutorial_trace):
    per_depth = tutorial_trace.calls_by_depth(0)
    # Exactly at a level's two questions a call it fits; one question under, it does not.
    for depth in range(1, len(per_depth)):
        fits = 2 * sum(per_depth[:depth + 1])
        assert page_depth(tutorial_trace, fits) == depth
        assert page_depth(tutorial_trace, fits - 1) == depth - 1
    # The first call's test-plays are left out only when they alone pass the limit.
    assert page_depth(tutorial_trace, 2) == 0


@pytest.mark.parametrize("heaps", [[1, 1, 4], [1, 2, 3], [1, 4], [3, 3], [1, 6]])
def test_the_page_s_quiz_is_complete_exactly_when_it_reaches_the_deepest_call(heaps):
    # The page offers "every call" only when its questions go down to the trace's deepest
    # call. Nim [1, 1, 4] stops one level short of its deepest call (depth 6), at depth 5,
    # the deepest of its first test-play: it is not complete.
    from tracer.games.nim.game import Nim
    from tracer.renderers.quiz import page_data

    trace = tracer.search(Nim(heaps))
    data = page_data(trace)
    deepest = max(trace.call(n).depth for n in range(1, trace.calls + 1))
    assert data["complete"] == (data["depth"] >= deepest)
    assert max(q["depth"] for q in data["questions"]) <= data["depth"]
    if heaps == [1, 1, 4]:  # the case where a shallower first test-play would mislead
        assert data["depth"] == deepest - 1 and not data["complete"]
