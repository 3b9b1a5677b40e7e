"""``trace check`` on the gallery of learners' programs in tests/learners/.

Each program was written for this gallery, in its own style. What each should get is
written down below from reasoning about the guide's board (``X.O/X.X/OO.``, X to move,
9 calls: #1 the root; #2 X on 1 -> O to move on XXO/X.X/OO., whose test-plays #3 (O on 4)
and #4 (O on 8) both win for O; #5 X on 4 wins for X; #6 X on 8 -> O to move on X.O/X.X/OOX,
with #7 O on 1 (X then wins with #8, X on 4) and #9 O on 4, a win for O), not from
tracer's own output. Where a number cannot be worked out by hand (the calls from another
board), the small independent reference in tests/checking.py gives it.
"""

from __future__ import annotations

from typing import Any

import pytest
from checking import LEARNERS, calls, run_check, run_text

GUIDE_BOARD = "X.OX.XOO."

#: file -> (exit status, expected JSON fields). ``first_wrong``/``error`` list only the fields checked.
PYTHON: dict[str, tuple[int, dict[str, Any]]] = {
    # The guide's algorithm, step for step: the guide's 9 calls.
    "py_guide_port.py": (0, {"verdict": "identical", "difference": None, "calls": 9, "guide_calls": 9}),
    # minimax(board, depth, is_maximizing) returning 10 - depth / depth - 10, called by find_best_move's
    # loop (call #1) on the guide's board: 8 minimax calls + the loop = the guide's 9, scores on another scale.
    "py_depth_loop.py": (0, {"verdict": "correct", "difference": None, "calls": 9, "guide_calls": 9,
                             "differences": ["score scale"], "loop": True}),
    # The course project: no call of its own, so tracer calls minimax(board) on the guide's board,
    # written as rows of X, O and None; actions() lists the cells in ascending order.
    "py_cs50.py": (0, {"verdict": "identical", "calls": 9, "first_call": "tracer", "board": GUIDE_BOARD}),
    # The same project with (value, action) pairs and the cells tried from the last: minimax(board)
    # hands its own board to max_value (one call), so 9 calls, but in another order.
    "py_cs50_pairs.py": (0, {"verdict": "correct", "calls": 9, "differences": ["order"]}),
    # Negamax on XX./O.O/... (X to move): scores from the side to move.
    "py_negamax.py": (0, {"verdict": "correct", "differences": ["point of view"], "board": "XX.O.O...",
                          "calls": calls("XX.O.O...", "X")}),
    # The board lives in self; the AI is O and moves first on the guide's board. O on 1 lets X win
    # (X on 4), O on 4 and O on 8 win for O at once; the loop keeps the first of them, cell 4.
    # Calls: the loop, then O on 1 (and below it X on 4, X on 8, then O on 4), O on 4, O on 8: 7.
    "py_class.py": (0, {"verdict": "identical", "calls": 7, "to_move": "O", "ai": "O", "loop": True}),
    # 1 for X, -1 for O, 0 for empty: the guide's board, the guide's search.
    "py_numeric.py": (0, {"verdict": "identical", "calls": 9}),
    # Strings of lowercase marks and spaces.
    "py_string_board.py": (0, {"verdict": "identical", "calls": 9}),
    # The best starts at 0: on the guide's board every call has a test-play better than 0 for its
    # mover (#1: +1; #2: -1; #6: -1; #7: +1), so nothing shows there; the second position checked
    # by default (.XO/O.X/..., a draw, X to move) reaches XXO/OXX/O.. with O to move, whose
    # test-plays both let X complete a line (O on 7: X on 8 takes the diagonal; O on 8: X on 7
    # takes the middle column), +1 each: the human's best, started at 0, keeps neither.
    "py_best_init.py": (1, {"verdict": "wrong", "difference": "best-init",
                            "first_wrong": {"board": "XXOOXXO..", "to_move": "O", "returned": 0, "expected": 1,
                                            "position": 2}}),
    # O's test-play of cell 4 (#3) is not taken back, so #4 (O on 8) is made on XXO/XOX/OOO.
    "py_not_restored.py": (1, {"verdict": "wrong", "difference": "board-not-restored",
                               "first_wrong": {"call": 4, "board": "XXOXOXOOO", "to_move": "X",
                                               "returned": {"score": -1}, "expected": None}}),
    # #2 (O to move on XXO/X.X/OO.) finds both test-plays at -1, then reads scores[4] of a list of 2.
    "py_crash.py": (1, {"verdict": "error", "error": {"type": "IndexError", "line": 25, "call": 2,
                                                      "board": "XXOX.XOO.", "to_move": "O"}}),
    # It never places the mark: #2 is made on #1's board unchanged, and so on until Python stops it.
    "py_runaway.py": (1, {"verdict": "error", "error": {"type": "RecursionError", "line": 17},
                          "first_wrong": {"call": 2, "board": GUIDE_BOARD, "expected": None,
                                          "kind": "not-played"}}),
    # Its own run stops at input() (no standard input): tracer calls minimax(board, False) on the
    # guide's board, X (the human, as its AI is O) to move: the guide's 9 calls, from O's point of view.
    "py_input.py": (0, {"verdict": "identical", "calls": 9, "first_call": "tracer", "ai": "O"}),
    # The program's own top level is the loop over X's moves: the guide's tree, scores ±10.
    "py_toplevel_loop.py": (0, {"verdict": "correct", "calls": 9, "differences": ["score scale"], "loop": True}),
}

JAVASCRIPT: dict[str, tuple[int, dict[str, Any]]] = {
    # Arrow functions, null for empty, lowercase marks, ±10 with the AI's win checked first.
    "js_arrow_null.js": (0, {"verdict": "correct", "calls": 9, "differences": ["score scale"]}),
    # A p5.js sketch's shape, never searching under node: tracer fills the global board in place
    # (its checkWinner reads it) and calls minimax(board, 0, true). Scores ±10.
    "js_rows_global.js": (0, {"verdict": "correct", "calls": 9, "first_call": "tracer",
                              "differences": ["score scale"]}),
    "js_string_board.js": (0, {"verdict": "identical", "calls": 9}),
    # A class: this.minimax, "_" for empty.
    "js_class.js": (0, {"verdict": "identical", "calls": 9}),
    # An object literal, "-" for empty, O (the AI) to move first: see py_class.py (without a loop:
    # the root is O's call itself, 7 calls).
    "js_object.js": (0, {"verdict": "identical", "calls": 7, "to_move": "O"}),
    # miniMax = function minimaxSearch(...): an undeclared name, a named function expression, ±10.
    "js_assignment.js": (0, {"verdict": "correct", "calls": 9, "differences": ["score scale"]}),
    "js_negamax.js": (0, {"verdict": "correct", "calls": 9, "differences": ["point of view"]}),
    # Recurses on the same board: #2 is made on #1's board unchanged, then node's stack runs out.
    "js_runaway.js": (1, {"verdict": "error", "error": {"type": "RangeError", "line": 9},
                          "first_wrong": {"call": 2, "board": GUIDE_BOARD, "kind": "not-played"}}),
    # #2 (O to move) calls a misspelt minimaxx before any test-play of its own.
    "js_crash.js": (1, {"verdict": "error", "error": {"type": "ReferenceError", "line": 14, "call": 2,
                                                      "board": "XXOX.XOO.", "to_move": "O",
                                                      "message": "minimaxx is not defined"}}),
}


def check_expected(data: dict[str, Any], expected: dict[str, Any]) -> None:
    for key, want in expected.items():
        if key in ("first_wrong", "error") and isinstance(want, dict):
            assert data[key] is not None, f"{key} is null: {data}"
            for field, value in want.items():
                assert data[key][field] == value, f"{key}.{field}: {data[key][field]!r} != {value!r}"
        else:
            assert data[key] == want, f"{key}: {data[key]!r} != {want!r}"


@pytest.mark.parametrize("name", sorted(PYTHON))
def test_python_gallery(name: str) -> None:
    status, expected = PYTHON[name]
    code, data, err = run_check(str(LEARNERS / name))
    assert code == status, err
    check_expected(data, expected)


@pytest.mark.node
@pytest.mark.parametrize("name", sorted(JAVASCRIPT))
def test_javascript_gallery(name: str) -> None:
    status, expected = JAVASCRIPT[name]
    code, data, err = run_check(str(LEARNERS / name))
    assert code == status, err
    check_expected(data, expected)


@pytest.mark.parametrize(("name", "words"), [
    ("py_syntax.py", ["py_syntax.py:1:", "invalid Python"]),
    ("py_no_search.py", ["no search function found", "--function"]),
    pytest.param("js_syntax.js", ["js_syntax.js:2:", "invalid JavaScript"], marks=pytest.mark.node),
    pytest.param("js_no_search.js", ["no search function found"], marks=pytest.mark.node),
])
def test_programs_that_cannot_be_checked(name: str, words: list[str]) -> None:
    """Exit status 2 and one line ``trace: error: ...``, nothing on standard output."""
    code, out, err = run_text(str(LEARNERS / name))
    assert code == 2 and out == ""
    assert err.startswith("trace: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err


@pytest.mark.node
def test_time_limit_before_any_search() -> None:
    """A busy loop before the first search call: stopped at --timeout, an error, never a traceback."""
    code, data, err = run_check(str(LEARNERS / "js_busy.js"), "--timeout", "1")
    assert code == 1 and "Traceback" not in err
    assert data["verdict"] == "error" and data["calls"] == 0
    assert data["error"]["kind"] == "time-limit"
