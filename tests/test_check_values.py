"""``trace check`` reads values as the program writes them and writes what was due the same way.

The programs are in tests/learners/, each written for these tests in the shape learners use
(``[x, y, score]``, ``(move, score)``, ``{evaluation, id}``, a board of ten cells, a board of
``true``/``false``/``null``, a top-level board the helpers read). On the guide's board
``X.O/X.X/OO.`` with X to move, the guide's minimax makes 9 calls and its test-plays of cells
1, 4 and 8 are worth -1, +1, -1 to X (the reference in tests/checking.py says so too, below):
a search that keeps the lowest test-play at X's first call returns cell 1's -1 instead of cell
4's +1, and departs at call #1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from checking import LEARNERS, calls, play_values, run_check, run_text

GUIDE_BOARD = "X.OX.XOO."


def test_the_reference_agrees_with_the_docstring() -> None:
    assert play_values(GUIDE_BOARD, "X", "X") == [-1, 1, -1]
    assert calls(GUIDE_BOARD, "X") == 9


def planted(tmp_path: Path, name: str, old: str, new: str) -> str:
    """A copy of the learner ``name`` with ``old`` replaced by ``new`` (once, and it must be there)."""
    text = (LEARNERS / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def test_x_y_score_is_read_as_a_move_and_a_score() -> None:
    """``[x, y, score]`` with ``[-1, -1, score]`` at finished boards: the guide's 9 calls and scores."""
    code, data, err = run_check(str(LEARNERS / "py_xy_score.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9 and data["board"] == GUIDE_BOARD


def test_x_y_score_expected_in_its_own_shape(tmp_path: Path) -> None:
    path = planted(tmp_path, "py_xy_score.py", "if player == COMP and found[2] > best[2]",
                   "if player == COMP and found[2] < best[2]")
    code, data, _ = run_check(path)
    assert code == 1 and data["verdict"] == "wrong"
    wrong = data["first_wrong"]
    # Calls #1-#6 find a better value at least once, but call #7 (X to move on XOO/X.X/OOX,
    # O having played cell 1 at #6) has one test-play, cell 4 (row 1, column 1), a win worth
    # +1: kept only if lower than -inf, it is never kept, and -inf (as Python writes it) is
    # returned with the placeholder move.
    assert (wrong["call"], wrong["board"], wrong["returned"], wrong["expected"]) == (
        7, "XOOX.XOOX", [-1, -1, "-inf"], [1, 1, 1])
    code, text, _ = run_text(path)
    assert "returned  [-1, -1, -inf]" in text and "expected  [1, 1, 1]" in text


def test_move_score_pairs_read_by_what_finished_boards_return(tmp_path: Path) -> None:
    """``(move, score)`` with ``(-1, score)`` at finished boards: -1 is no cell, the second is the score."""
    code, data, err = run_check(str(LEARNERS / "py_move_score.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9
    path = planted(tmp_path, "py_move_score.py", 'pick = max if turn == "X" else min', "pick = min")
    code, text, _ = run_text(path)
    assert code == 1
    assert "returned  (1, -1)" in text and "expected  (4, 1)" in text


@pytest.mark.node
def test_evaluation_and_id_on_a_board_of_true_false_null(tmp_path: Path) -> None:
    code, data, err = run_check(str(LEARNERS / "js_evaluation_id.js"), "--function", "search")
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9 and data["board"] == GUIDE_BOARD
    path = planted(tmp_path, "js_evaluation_id.js", "xToMove ? got > pick.evaluation",
                   "xToMove ? got < pick.evaluation")
    code, text, _ = run_text(path, "--function", "search")
    assert code == 1
    # As in test_x_y_score_expected_in_its_own_shape: call #7's one test-play (X on cell 4, +1)
    # is never kept below the starting -2. The learner's own keys, in the learner's own order.
    assert "call      #7, X to move on XOO/X.X/OOX" in text
    assert "returned  {evaluation: -2, id: -1}" in text and "expected  {evaluation: 1, id: 4}" in text


def test_a_board_of_ten_cells_numbered_from_one() -> None:
    code, data, err = run_check(str(LEARNERS / "py_ten_cells.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["first_call"] == "tracer" and data["board"] == GUIDE_BOARD
    code, text, _ = run_text(str(LEARNERS / "py_ten_cells.py"))
    # Written as the program writes its board: cell 0 unused, then cells 1-9.
    assert "minimax([' ', 'X', ' ', 'O', 'X', ' ', 'X', 'O', 'O', ' '], True)" in text


@pytest.mark.node
def test_a_top_level_board_the_helpers_read_is_the_one_filled() -> None:
    """Its empty-cell helper reads ``origBoard``, not its parameter: a fresh array would make it
    recurse forever on call #1's board; filled in place, it is the guide's search on ±10."""
    code, data, err = run_check(str(LEARNERS / "js_global_board.js"))
    assert code == 0, err
    expected: dict[str, Any] = {"verdict": "correct", "calls": 9, "first_call": "tracer",
                                "differences": ["score scale"]}
    assert {k: data[k] for k in expected} == expected


def test_no_returned_expected_pair_reads_the_same(tmp_path: Path) -> None:
    path = planted(tmp_path, "py_xy_score.py", "return [-1, -1, score_of(state)]", "return [-1, -1, 0]")
    code, text, _ = run_text(path)
    returned = [line for line in text.splitlines() if line.strip().startswith("returned")]
    expected = [line for line in text.splitlines() if line.strip().startswith("expected")]
    assert code == 1
    for got, due in zip(returned, expected, strict=True):
        assert got.split(None, 1)[1] != due.split(None, 1)[1]


# ---- --call: the first call made the way the program makes it ------------------------------


@pytest.mark.node
def test_a_call_tracer_cannot_make_is_refused_with_the_reason() -> None:
    """minimax(node) reads node.cells and node.turn: a board passed in its place makes call #1
    raise, which is tracer's doing, not the learner's: exit status 2, one line, naming --call."""
    code, out, err = run_text(str(LEARNERS / "js_node_object.js"))
    assert code == 2 and out == ""
    assert err.startswith("trace: error: ") and err.count("\n") == 1
    assert "call #1 raised TypeError" in err and "--call" in err


@pytest.mark.node
def test_call_says_how_the_program_calls_it() -> None:
    code, data, err = run_check(str(LEARNERS / "js_node_object.js"), "--call", "minimax(game)")
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9 and data["board"] == GUIDE_BOARD
    # Each position is set into game.cells (four boards searched, not the guide's four times);
    # game.turn stays X's, so only positions with X to move are tried.
    positions = data["positions"]
    assert len({p["board"] for p in positions}) == len(positions) == 4
    assert all(p["to_move"] == "X" and p["verdict"] == "identical" for p in positions)
    code, text, _ = run_text(str(LEARNERS / "js_node_object.js"), "--call", "minimax(game)")
    assert "as --call minimax(game) says" in text


def test_call_in_python_fills_the_board_it_names() -> None:
    """The expression passes the top-level board; tracer sets the position into it first."""
    code, data, err = run_check(str(LEARNERS / "py_xy_score.py"), "--call",
                                "minimax(board, len(empties(board)), COMP)")
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9 and data["board"] == GUIDE_BOARD


@pytest.mark.parametrize("name", ["py_xy_score.py", pytest.param("js_node_object.js", marks=pytest.mark.node)])
def test_call_that_is_no_expression_is_bad_input(name: str) -> None:
    code, out, err = run_text(str(LEARNERS / name), "--call", "minimax(board,")
    assert code == 2 and out == ""
    assert err.startswith("trace: error: --call: expected a ") and err.count("\n") == 1


@pytest.mark.parametrize(("name", "call"), [
    ("py_board_at_top_only.py", "minimax(0, True)"),
    pytest.param("js_board_at_top_only.js", "minimax(0, true)", marks=pytest.mark.node),
])
def test_a_board_is_never_passed_as_depth(name: str, call: str) -> None:
    """minimax(depth, isMaximizing) reads a top-level board: tracer fills that board and passes a
    depth and a flag, never the board in the depth's place; each call's board is the top-level
    one as the call starts. Scored 10 - depth / depth - 10, a plain minimax on the guide's board:
    correct (the scale differs), in the guide's 9 calls."""
    code, out, err = run_text(str(LEARNERS / name))
    assert code == 0, err
    assert f"First call: {call} (" in out and "Verdict: correct" in out and "Calls: 9 " in out


def test_keys_of_its_own_learned_from_finished_boards(tmp_path: Path) -> None:
    """{'worth'} at finished boards, {'worth', 'where'} above: worth is the score, where the move."""
    code, data, err = run_check(str(LEARNERS / "py_own_keys.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9
    path = planted(tmp_path, "py_own_keys.py", 'worth > chosen["worth"] if m == "X"',
                   'worth < chosen["worth"] if m == "X"')
    code, text, _ = run_text(path, "--boards", "0")
    # X keeps the lowest at call #1: cell 1's -1 (the first kept, never beaten by a lower one),
    # where cell 4's +1 is due (see the module's docstring).
    assert code == 1 and "call      #1," in text
    assert "returned  {'worth': -1, 'where': 1}" in text and "expected  {'worth': 1, 'where': 4}" in text


def test_a_dictionary_of_cells_numbered_from_one() -> None:
    """{1: 'X', 2: ' ', ...}: its loop returns key 5 (the middle cell, completing X's middle
    row), cell 4 of the guide's board; the loop and its 8 minimax calls are the guide's 9.
    On the other positions tracer fills the program's own dictionary, which its helpers read."""
    code, data, err = run_check(str(LEARNERS / "py_dict_board.py"))
    assert code == 0, err
    assert data["verdict"] == "correct" and data["differences"] == ["score scale"]
    assert data["calls"] == 9 and data["loop"] is True and data["board"] == GUIDE_BOARD
    assert len(data["positions"]) == 4 and all(p["verdict"] == "correct" for p in data["positions"])


@pytest.mark.node
def test_x_y_score_in_javascript(tmp_path: Path) -> None:
    """The same shape in JavaScript, its depth counting the empty cells down (3 on the guide's
    board, never 0), ±Infinity written as JavaScript writes it."""
    code, data, err = run_check(str(LEARNERS / "js_xy_score.js"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["calls"] == 9 and data["first_call"] == "tracer"
    code, text, _ = run_text(str(LEARNERS / "js_xy_score.js"))
    assert "First call: minimax([[1, 0, -1], [1, 0, 1], [-1, -1, 0]], 3, 1)" in text
    path = planted(tmp_path, "js_xy_score.js", "player === COMP ? found[2] > best[2]",
                   "player === COMP ? found[2] < best[2]")
    code, data, _ = run_check(path, "--boards", "0")
    wrong = data["first_wrong"]
    # As in test_x_y_score_expected_in_its_own_shape.
    assert (wrong["call"], wrong["returned"], wrong["expected"]) == (7, [-1, -1, "-Infinity"], [1, 1, 1])


@pytest.mark.parametrize("name", ["py_move_at_depth_zero.py",
                                  pytest.param("js_move_at_depth_zero.js", marks=pytest.mark.node)])
def test_a_first_call_that_returns_its_cell(name: str) -> None:
    """``return depth == 0 ? bestMove : bestScore``: call #1 returns cell 4 (the best test-play,
    worth +1 or 10 - 1 = 9), read as a move, not as a score of 4; on the other positions the
    side to move is passed as the program's own call passed it (its flag, whatever its name)."""
    code, data, err = run_check(str(LEARNERS / name))
    assert code == 0, err
    assert data["verdict"] in ("identical", "correct") and data["calls"] == 9
    for p in data["positions"]:
        assert p["verdict"] in ("identical", "correct") and p["name"].split(", ")[-1] in (
            f"{p['to_move']} to move", f"{p['to_move']} must block", "the program's own")


@pytest.mark.node
def test_a_first_call_that_returns_a_wrong_cell(tmp_path: Path) -> None:
    """Call #1 answers cell 1 whatever it found (worth -8 on 10 - depth), where cell 4 (+9) is
    due; 1 is no score of its test-plays, so it reads as the cell it chose."""
    path = planted(tmp_path, "js_move_at_depth_zero.js", "return depth === 0 ? bestMove : bestScore;",
                   "return depth === 0 ? 1 : bestScore;")
    code, data, _ = run_check(path, "--boards", "0")
    wrong = data["first_wrong"]
    assert code == 1 and wrong["call"] == 1 and (wrong["returned"], wrong["expected"]) == (1, 4)


def test_a_first_call_whose_cell_reads_as_a_score_is_caught_elsewhere(tmp_path: Path) -> None:
    """On ±1, cell 1 is also the score +1 (the guide's board's value): read as a score there, the
    search is the guide's; the positions checked after it tell its X calls keep the lowest."""
    path = planted(tmp_path, "py_move_at_depth_zero.py", "v > best_value if x_to_move",
                   "v < best_value if x_to_move")
    code, data, _ = run_check(path, "--boards", "0")
    assert code == 0 and data["verdict"] == "identical"
    code, data, _ = run_check(path)
    assert code == 1 and data["verdict"] == "wrong" and data["first_wrong"]["position"] >= 2
    assert data["first_wrong"]["to_move"] == "X"  # only X's choice was changed


def test_marks_of_a_str_subclass_without_a_dict_are_read_as_their_letters(tmp_path: Path) -> None:
    # A mark that is a str subclass with __slots__ (no __dict__) is read as the letter it holds, as
    # a plain "X" would be: the guide's 9 calls, identical, its boards written with plain letters.
    program = planted(tmp_path, "py_guide_port.py", 'ai_mark = "X"\nhuman_mark = "O"\n',
                      'class Mark(str):\n    __slots__ = ()\n\n\nai_mark = Mark("X")\nhuman_mark = Mark("O")\n')
    code, data, err = run_check(program)
    assert code == 0, err
    assert (data["verdict"], data["calls"], data["board"]) == ("identical", calls(GUIDE_BOARD, "X"), GUIDE_BOARD)
