"""What a learner reads and types, held to the rules it states: a bound says on which side
the value lies, step 16's tie is named, quiz answers are read as typed, and ``compare``'s
JSON header claims nothing that differs between its rows."""

from __future__ import annotations

import json

import pytest

import tracer
from tracer import Board
from tracer.play.match import choose_move
from tracer.renderers.quiz import questions


def signed(score: int) -> str:
    """A score as the guide's words write it: +1, 0, -1."""
    return f"+{score}" if score > 0 else str(score)


# ---- trace play: the reason line and "why" ------------------------------------------------


@pytest.mark.parametrize(("board", "reason"), [
    # Two test-plays share the highest score: step 16 keeps the first, cell 7.
    ("XXOOXO...", "X plays cell 7 (bottom-middle): test-plays 6 → -1, 7 → +1, 8 → +1; "
                  "max is +1, first at cell 7 (7 calls)"),
    # Three share it (every test-play loses).
    ("XXOX.OO..", "X plays cell 4 (centre): test-plays 4 → -1, 7 → -1, 8 → -1; max is -1, "
                  "first at cell 4 (12 calls)"),
    # One alone has it: nothing to break.
    ("X.OX.XOO.", "X plays cell 4 (centre): test-plays 1 → -1, 4 → +1, 8 → -1; max is +1 (9 calls)"),
    ("XO.XO....", None),
])
def test_the_reason_names_step_16s_choice_whenever_the_best_score_is_shared(board, reason):
    decision = choose_move(Board(board), "X")
    plays = decision.trace.root.test_plays
    best = max(p.score for p in plays)
    tied = [p.index for p in plays if p.score == best]
    assert decision.cell == tied[0]  # the guide's step 16: the first strictly higher
    text = decision.reason()
    assert (f"max is {signed(best)}, first at cell {tied[0]} (" in text) == (len(tied) > 1)
    if reason is not None:
        assert text == reason


def test_why_says_a_cut_score_is_at_most_what_it_shows(cli):
    """Alpha-beta on O...X...O (X to move): once cell 1 returned 0 (alpha = 0), each later
    test-play is a MIN call that stops as soon as its best <= alpha, so the score it shows
    is an upper bound: its value is at most that. Cell 2 shows <= 0 and is truly -1
    (O blocks at 6 and then threatens two lines)."""
    result = cli("play", "--first", "human", "--algorithm", "alphabeta", input="0\n8\nwhy\nq\n")
    assert result.exit_code == 0, result.output
    explained = result.output.split("cell 0-8: why\n")[1]
    assert "  cell 1 → 0: then O on 7, X on 6, O on 2, X on 5, O on 3: draw\n" in explained
    assert ("  cell 2 → ≤ 0: a cut below showed it is at most 0, no better than an earlier test-play, "
            "so its line was not worked out\n") in explained
    assert "at least" not in explained
    assert tracer.plain_minimax(Board("O.X.X...O"), "O").score == -1 <= 0
    for cell in (2, 3, 5, 6, 7):
        line = next(s for s in explained.splitlines() if s.startswith(f"  cell {cell} → ≤ "))
        bound = int(line.split("≤ ")[1].split(":")[0])
        assert tracer.plain_minimax(Board("O...X...O").play(cell, "X"), "O").score <= bound
        assert f"it is at most {signed(bound)}," in line


# ---- quiz answers, as learners type them ------------------------------------------------


def test_quiz_answers_are_read_whatever_their_case_and_spacing(tutorial_trace):
    found = {(q.kind, q.call): q for q in questions(tutorial_trace)}
    pick = found[("pick", 1)]
    assert pick.right.label == "cell 4"
    for typed in ["cell 4", "CELL 4", "Cell 4", "  cell   4  ", "\tcell\t4\n", " 4 "]:
        assert pick.accepts(typed) == pick.answer, typed
    assert pick.accepts("cell4") is None and pick.accepts("cell 5") is None
    value = found[("value", 2)]
    assert value.right.label == "-1"
    for typed in ["-1", " -1 ", "-1\n"]:
        assert value.accepts(typed) == value.answer, typed


def test_alphabeta_quiz_answers_are_read_whatever_their_case(tmp_path):
    from tracer.games.tictactoe.game import TicTacToe

    trace = tracer.search(TicTacToe(Board("X.OX.XOO."), "X", "X"), "alphabeta")
    found = questions(trace)
    bound = next(q for q in found if q.kind == "alpha" and q.right.label == "-∞")
    for typed in ["-inf", "-INF", " -Infinity ", "-∞"]:
        assert bound.accepts(typed) == bound.answer, typed
    nxt = next(q for q in found if q.kind == "next")
    for typed in [nxt.right.label.upper(), f"  {nxt.right.label.title()} ", nxt.right.label[0].upper()]:
        assert nxt.accepts(typed) == nxt.answer, typed


def test_trace_quiz_takes_answers_in_capitals_with_spaces(cli):
    result = cli("quiz", "--example", "near-endgame", input="  -1 \n+1\n -1\nCELL  4\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Right:") == 4
    assert result.output.rstrip().endswith("4 of 4 right.")


# ---- trace compare --format json ---------------------------------------------------------


def test_compare_json_header_holds_only_what_every_row_shares(cli):
    """The rows differ in loop order and scores (the centre-first and depth-aware variants):
    each row says its own, and the header neither."""
    result = cli("compare", "--example", "near-endgame", "--format", "json", "--scores", "ten")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert set(doc) == {"format", "version", "game", "board", "to_move", "ai", "human", "rows"}
    assert len({tuple(row["order"]) for row in doc["rows"]}) > 1
    assert {row["scores"] for row in doc["rows"]} == {"ten", "depth"}


def test_compare_json_header_holds_no_order_even_when_the_first_row_has_one():
    from tracer.games.tictactoe.game import ASCENDING, CENTRE_FIRST, TicTacToe
    from tracer.renderers.compare import render_json
    from tracer.search import SearchSpec

    traces = [SearchSpec("minimax").run(TicTacToe(Board("X.OX.XOO."), "X", "X", order=order))
              for order in (CENTRE_FIRST, ASCENDING)]
    doc = json.loads(render_json(traces))
    assert "order" not in doc and "scores" not in doc
    assert [row["order"] for row in doc["rows"]] == [list(CENTRE_FIRST), list(ASCENDING)]
