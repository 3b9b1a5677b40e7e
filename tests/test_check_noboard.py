"""``trace check`` on searches that take no board: ``minimax(depth, isMax)`` or ``minimax(player)``
playing on a top-level board (a module global, a top-level array, a game object's field).

Each call's board is the program's board as the call starts. What each program should get comes
from the plain reference minimax in tests/checking.py (``value``, ``calls``) or from reasoning
about its position, written beside each test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checking import LEARNERS, calls, run_check, run_text, value

GUIDE_BOARD = "X.OX.XOO."


@pytest.mark.node
def test_a_search_on_a_top_level_array_is_checked_on_the_board_it_plays_on() -> None:
    # Nothing calls minimax(depth, isMax): tracer sets the guide's board into `grid` and calls it
    # for X; a plain minimax makes the guide's 9 calls in the guide's order.
    code, data, err = run_check(str(LEARNERS / "js_global_grid.js"))
    assert (code, data["verdict"], data["first_call"]) == (0, "identical", "tracer"), err
    assert (data["board"], data["to_move"], data["calls"]) == (GUIDE_BOARD, "X", calls(GUIDE_BOARD, "X"))
    # Every position tracer checks is set into `grid` the same way, each side to move included.
    assert [p["verdict"] for p in data["positions"]] == ["identical"] * len(data["positions"])
    _, text, _ = run_text(str(LEARNERS / "js_global_grid.js"))
    assert "First call: minimax(0, true) " in text  # the board recorded beside it is not an argument
    assert "Search function: minimax(depth, isMax) at line 13, playing on the top-level variable grid\n" in text


@pytest.mark.node
def test_a_top_level_array_search_that_maximises_for_both_is_wrong(tmp_path: Path) -> None:
    # O's side takes the maximum, from a best of +Infinity: the first call where O moves (#2, after
    # X on 1: XXO/X.X/OO.) returns Infinity, where both of O's test-plays win (-1).
    broken = tmp_path / "grid.js"
    broken.write_text((LEARNERS / "js_global_grid.js").read_text(encoding="utf-8").replace(
        "Math.max(best, score) : Math.min(best, score)", "Math.max(best, score) : Math.max(best, score)"),
        encoding="utf-8")
    code, data, _ = run_check(str(broken), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, data["verdict"], wrong["call"], wrong["board"], wrong["to_move"]) == (1, "wrong", 2, "XXOX.XOO.", "O")
    assert wrong["expected"] == value("XXOX.XOO.", "O", "X") == -1


def test_a_module_global_search_is_checked_where_the_program_calls_it() -> None:
    # The program calls minimax("X") on its own board X.../.O./... (X in a corner, O in the centre).
    code, data, err = run_check(str(LEARNERS / "py_global_board.py"))
    assert (code, data["verdict"], data["first_call"]) == (0, "identical", "program"), err
    assert (data["board"], data["to_move"]) == ("X...O....", "X")
    assert data["calls"] == calls("X...O....", "X")
    # The program printed the value a plain minimax gives its board.
    assert data["output"]["stdout"] == f"value with X to move: {value('X...O....', 'X', 'X')}\n"


def test_a_module_global_search_with_max_and_min_swapped_is_wrong_and_named(tmp_path: Path) -> None:
    broken = tmp_path / "swapped.py"
    broken.write_text((LEARNERS / "py_global_board.py").read_text(encoding="utf-8").replace(
        'max(scores) if player == "X" else min(scores)', 'min(scores) if player == "X" else max(scores)'),
        encoding="utf-8")
    code, data, _ = run_check(str(broken), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, data["verdict"], data["matching_mistakes"]) == (1, "wrong", ["max-min-swapped"])
    # The departing call's board is one the search really played on: the reference's value of it
    # is what was expected, and the program returned something else.
    assert wrong["expected"] == value(wrong["board"], wrong["to_move"], "X") != wrong["returned"]


@pytest.mark.node
def test_a_search_reading_its_objects_board_field_is_checked() -> None:
    # game.board is X.O/.O./..X with X to move (X must block O's diagonal at 6).
    code, data, err = run_check(str(LEARNERS / "js_class_board.js"))
    assert (code, data["verdict"], data["first_call"]) == (0, "identical", "program"), err
    assert (data["board"], data["to_move"], data["calls"]) == ("X.O.O...X", "X", calls("X.O.O...X", "X"))
    assert data["output"]["stdout"] == f"{value('X.O.O...X', 'X', 'X')}\n"


@pytest.mark.node
def test_a_const_board_read_by_helpers_only_is_snapshotted_too(tmp_path: Path) -> None:
    # The search never names the board; only its helpers do (the program's one top-level board).
    program = tmp_path / "helpers.js"
    program.write_text(
        "const cells = Array(9).fill(' ');\n"
        "const wins = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];\n"
        "function has(m) { return wins.some((l) => l.every((i) => cells[i] === m)); }\n"
        "function free() { return [0,1,2,3,4,5,6,7,8].filter((i) => cells[i] === ' '); }\n"
        "function put(i, m) { cells[i] = m; }\n"
        "function minimax(player) {\n"
        "  if (has('O')) return -10;\n  if (has('X')) return 10;\n  if (free().length === 0) return 0;\n"
        "  const scores = free().map((i) => { put(i, player); const s = minimax(player === 'X' ? 'O' : 'X');"
        " put(i, ' '); return s; });\n"
        "  return player === 'X' ? Math.max(...scores) : Math.min(...scores);\n}\n",
        encoding="utf-8")
    code, data, err = run_check(str(program))
    assert (code, data["verdict"], data["board"], data["to_move"]) == (0, "correct", GUIDE_BOARD, "X"), err
    assert data["calls"] == calls(GUIDE_BOARD, "X") and data["differences"] == ["score scale"]


def test_a_python_search_reading_self_board_is_checked() -> None:
    # g.board is X.O/.O./..X with X to move, set by the program before its own call.
    code, data, err = run_check(str(LEARNERS / "py_self_board.py"))
    assert (code, data["verdict"], data["first_call"]) == (0, "identical", "program"), err
    assert (data["board"], data["to_move"], data["calls"]) == ("X.O.O...X", "X", calls("X.O.O...X", "X"))
    assert data["output"]["stdout"] == f"{value('X.O.O...X', 'X', 'X')}\n"


@pytest.mark.node
def test_call_expr_on_a_search_that_takes_no_board_fills_the_board_it_plays_on() -> None:
    # --call names only the search; `grid` (empty in the program) is still set to the guide's board.
    code, data, err = run_check(str(LEARNERS / "js_global_grid.js"), "--call", "minimax(0, true)")
    assert (code, data["verdict"], data["board"], data["to_move"]) == (0, "identical", GUIDE_BOARD, "X"), err
    assert data["calls"] == calls(GUIDE_BOARD, "X")


def test_call_expr_fills_a_python_module_global(tmp_path: Path) -> None:
    program = tmp_path / "empty.py"
    program.write_text((LEARNERS / "py_global_board.py").read_text(encoding="utf-8")
                       .replace('board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]', 'board = [" "] * 9')
                       .replace('print("value with X to move:", minimax("X"))', ""), encoding="utf-8")
    code, data, err = run_check(str(program), "--call", 'minimax("X")')
    assert (code, data["verdict"], data["board"], data["to_move"]) == (0, "identical", GUIDE_BOARD, "X"), err
