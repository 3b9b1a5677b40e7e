"""Every named difference, planted by hand in the guide's own JavaScript (read from its text at
test time, never copied here) and in the gallery's Python port of it, then found by ``trace check``.

What each should give on the guide's board is worked out by hand from the guide's 9 calls
(see test_check_gallery.py's docstring); where a mistake shows only on other boards, the
board ``--boards`` stops at is held to the independent reference in tests/checking.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from checking import (
    LEARNERS,
    guide_program,
    long_guide_program,
    play_values,
    run_check,
    value,
)
from test_check_gallery import check_expected

GUIDE = "X.OX.XOO."

#: mistake -> (JavaScript edits of the guide's program, Python edits of py_guide_port.py).
EDITS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {
    "board-not-restored": (
        [("currBdSt[availCellsIndexes[i]] = currentTestPlayInfo.index;", "")],
        [('        board[cell] = play["index"]\n', "")]),
    "same-mark-recursion": (
        [("const result = minimax(currBdSt, humanMark);", "const result = minimax(currBdSt, aiMark);")],
        [('minimax(board, human_mark)["score"]', 'minimax(board, ai_mark)["score"]')]),
    "max-min-swapped": (
        [("let bestScore = -Infinity;", "let bestScore = SWAP;"),
         ("let bestScore = Infinity;", "let bestScore = -Infinity;"),
         ("let bestScore = SWAP;", "let bestScore = Infinity;"),
         ("allTestPlayInfos[i].score > bestScore", "allTestPlayInfos[i].score SWAP bestScore"),
         ("allTestPlayInfos[i].score < bestScore", "allTestPlayInfos[i].score > bestScore"),
         ("allTestPlayInfos[i].score SWAP bestScore", "allTestPlayInfos[i].score < bestScore")],
        [('best_score = float("-inf")', "best_score = SWAP"),
         ('best_score = float("inf")', 'best_score = float("-inf")'),
         ("best_score = SWAP", 'best_score = float("inf")'),
         ('play["score"] > best_score', 'play["score"] SWAP best_score'),
         ('play["score"] < best_score', 'play["score"] > best_score'),
         ('play["score"] SWAP best_score', 'play["score"] < best_score')]),
    "last-best": (
        [("allTestPlayInfos[i].score > bestScore", "allTestPlayInfos[i].score >= bestScore"),
         ("allTestPlayInfos[i].score < bestScore", "allTestPlayInfos[i].score <= bestScore")],
        [('play["score"] > best_score', 'play["score"] >= best_score'),
         ('play["score"] < best_score', 'play["score"] <= best_score')]),
    "draw-before-win": (
        [("if (checkIfWinnerFound(currBdSt, humanMark)) {",
          "if (availCellsIndexes.length === 0) {\n        return {score: 0};\n"
          "    } else if (checkIfWinnerFound(currBdSt, humanMark)) {")],
        [("    if has_won(board, human_mark):",
          "    if not available:\n        return {\"score\": 0}\n    if has_won(board, human_mark):")]),
    "human-win-unchecked": (
        [("if (checkIfWinnerFound(currBdSt, humanMark)) {\n        return {score: -1};\n    } else if", "if")],
        [('    if has_won(board, human_mark):\n        return {"score": -1}\n', "")]),
    "returns-last": (
        [("return allTestPlayInfos[bestTestPlay];", "return allTestPlayInfos[allTestPlayInfos.length - 1];")],
        [("return test_plays[best]", "return test_plays[-1]")]),
    "missing-cell-first": (
        [("for (let i = 0; i < availCellsIndexes.length; i++) {\n        // Step 11",
          "for (let i = 1; i < availCellsIndexes.length; i++) {\n        // Step 11")],
        [("for cell in available:", "for cell in available[1:]:")]),
    "missing-cell-last": (
        [("for (let i = 0; i < availCellsIndexes.length; i++) {\n        // Step 11",
          "for (let i = 0; i < availCellsIndexes.length - 1; i++) {\n        // Step 11")],
        [("for cell in available:", "for cell in available[:-1]:")]),
    "best-init": (
        [("let bestScore = -Infinity;", "let bestScore = 0;"), ("let bestScore = Infinity;", "let bestScore = 0;")],
        [('best_score = float("-inf")', "best_score = 0"), ('best_score = float("inf")', "best_score = 0")]),
}

#: What each mistake gives on the guide's board (worked out by hand; see the module docstring).
ON_GUIDE_BOARD: dict[str, tuple[int, dict[str, Any]]] = {
    # #2 (O to move) test-plays 4 (#3) and leaves it: #4, O on 8, sees XXO/XOX/OOO.
    "board-not-restored": (1, {"verdict": "wrong", "difference": "board-not-restored", "first_wrong": {
        "call": 4, "board": "XXOXOXOOO", "to_move": "X", "expected": None, "kind": "not-taken-back"}}),
    # #2, after X on 1, is told X moves again.
    "same-mark-recursion": (1, {"verdict": "wrong", "difference": "same-mark-recursion", "first_wrong": {
        "call": 2, "board": "XXOX.XOO.", "to_move": "X", "expected": None, "kind": "told-wrong-side"}}),
    # O maximises: #2 still returns -1 (both test-plays -1) and #7 +1 (one test-play), but #6 takes
    # max(+1 from #7, -1 from #9) = +1 with cell 1, where min gives -1 with cell 4.
    "max-min-swapped": (1, {"verdict": "wrong", "difference": "max-min-swapped", "first_wrong": {
        "call": 6, "board": "X.OX.XOOX", "to_move": "O", "returned": {"index": 1, "score": 1},
        "expected": {"index": 4, "score": -1}}}),
    # #2's tie (-1, -1): the last, cell 8. Scores all right: correct, not wrong.
    "last-best": (0, {"verdict": "correct", "difference": "last-best", "differences": ["tie-breaking"],
                      "first_wrong": None}),
    # #8 (X on 4 after O on 1) fills the board and wins: 0 instead of +1. #3, #4, #5 and #9 are
    # wins on boards that are not full.
    "draw-before-win": (1, {"verdict": "wrong", "difference": "draw-before-win", "first_wrong": {
        "call": 8, "board": "XOOXXXOOX", "to_move": "O", "returned": {"score": 0}, "expected": {"score": 1}}}),
    # #3 (O has 2, 4, 6) goes on: X on 8 fills the board without a line, a draw.
    "human-win-unchecked": (1, {"verdict": "wrong", "difference": "human-win-unchecked", "first_wrong": {
        "call": 3, "board": "XXOXOXOO.", "to_move": "X", "returned": {"index": 8, "score": 0},
        "expected": {"score": -1}, "kind": "finished-board"}}),
    # Every call below the root returns the same score its best does; the root returns cell 8's -1.
    "returns-last": (1, {"verdict": "wrong", "difference": "returns-last", "first_wrong": {
        "call": 1, "board": GUIDE, "to_move": "X", "returned": {"index": 8, "score": -1},
        "expected": {"index": 4, "score": 1}}}),
    # The root tries 4 (#2, a win for X) and 8 (#3); #3 (O to move) tries 4 only, not 1, and O on 4
    # wins (cells 2, 4, 6): #3 stopped at the first test-play reaching the best score O can have, -1,
    # a sound stop. The root goes on after its win at 4 to 8 and never tries 1: its score (+1, cell 4)
    # is right, but only because cell 1 happens not to matter here, so it departs as it returns.
    "missing-cell-first": (1, {"verdict": "wrong", "difference": "missing-cell", "first_wrong": {
        "call": 1, "board": GUIDE, "to_move": "X", "kind": "missing-cells",
        "returned": {"index": 4, "score": 1}, "expected": {"index": 4, "score": 1}}}),
    # The root tries 1 (#2) and 4 (X wins); #2 (O to move) tries 4 only (O wins), not 8: again every
    # score is right, and on this board it is also exactly what stopping at the first winning
    # test-play does, the sound reading named first.
    "missing-cell-last": (0, {"verdict": "correct", "difference": "stops-at-win",
                              "differences": ["stops-at-best"], "first_wrong": None,
                              "matching_mistakes": ["stops-at-win", "missing-cell"]}),
    # Every call on the guide's board has a test-play better than 0 for its mover: nothing shows.
    "best-init": (0, {"verdict": "identical", "difference": None}),
}


def edited(text: str, edits: list[tuple[str, str]]) -> str:
    for old, new in edits:
        assert old in text, f"the program no longer holds {old!r}"
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def guide_text(pytestconfig: pytest.Config) -> str:
    from conftest import guide_path

    return guide_path(pytestconfig).read_text(encoding="utf-8")


@pytest.mark.guide_js
def test_guide_as_it_is(guide_text: str, tmp_path: Path) -> None:
    program = tmp_path / "guide.js"
    program.write_text(guide_program(guide_text), encoding="utf-8")
    code, data, _ = run_check(str(program))
    assert code == 0
    check_expected(data, {"verdict": "identical", "calls": 9, "guide_calls": 9, "board": GUIDE,
                          "first_call": "program", "difference": None})


@pytest.mark.guide_js
@pytest.mark.parametrize("mistake", sorted(EDITS))
def test_guide_javascript_with_a_mistake(mistake: str, guide_text: str, tmp_path: Path) -> None:
    program = tmp_path / f"{mistake}.js"
    program.write_text(edited(guide_program(guide_text), EDITS[mistake][0]), encoding="utf-8")
    status, expected = ON_GUIDE_BOARD[mistake]
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == status, err
    check_expected(data, expected)


@pytest.mark.parametrize("mistake", sorted(EDITS))
def test_python_port_with_a_mistake(mistake: str, tmp_path: Path) -> None:
    program = tmp_path / f"{mistake.replace('-', '_')}.py"
    source = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    program.write_text(edited(source, EDITS[mistake][1]), encoding="utf-8")
    status, expected = ON_GUIDE_BOARD[mistake]
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == status, err
    check_expected(data, expected)


def no_best_found(board: str, mover: str, ai: str) -> bool:
    """Whether a best starting at 0 keeps none of ``board``'s test-plays (the reference says)."""
    scores = play_values(board, mover, ai)
    return all(s <= 0 for s in scores) if mover == ai else all(s >= 0 for s in scores)


@pytest.mark.guide_js
def test_guide_best_init_is_found_on_other_boards(guide_text: str, tmp_path: Path) -> None:
    """In JavaScript a call that keeps no best returns undefined, and its caller crashes reading
    ``.score``: an error, the call that returned nothing as the departure, the mistake named."""
    program = tmp_path / "best-init.js"
    program.write_text(edited(guide_program(guide_text), EDITS["best-init"][0]), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards")
    assert code == 1 and data["verdict"] == "error" and data["difference"] == "best-init"
    assert data["error"]["type"] == "TypeError" and "score" in data["error"]["message"]
    wrong = data["first_wrong"]
    assert wrong["returned"] is None and data["error"]["call"] < wrong["call"]
    assert no_best_found(wrong["board"], wrong["to_move"], data["ai"])
    assert wrong["expected"]["score"] == value(wrong["board"], wrong["to_move"], data["ai"])
    assert data["board"] != GUIDE and 1 < data["searches"] <= 30


def test_right_on_the_guide_board_wrong_elsewhere() -> None:
    """py_best_init.py returns its running best, 0, where every test-play is worse than 0: found
    on another position (by default, as by --boards), with the mistake named; never on the guide's
    board (--boards 0 checks only that one)."""
    code, data, _ = run_check(str(LEARNERS / "py_best_init.py"), "--boards", "0")
    assert code == 0 and data["verdict"] == "identical"
    code, data, _ = run_check(str(LEARNERS / "py_best_init.py"))
    assert code == 1 and data["verdict"] == "wrong" and data["difference"] == "best-init"
    wrong = data["first_wrong"]
    assert wrong["returned"] == 0 and wrong["expected"] != 0
    assert no_best_found(wrong["board"], wrong["to_move"], data["ai"])
    assert wrong["expected"] == value(wrong["board"], wrong["to_move"], data["ai"])
    assert data["board"] != GUIDE and data["searches"] > 1


def test_python_port_best_init_crashes_on_other_boards(tmp_path: Path) -> None:
    """The port indexes its test-plays by the best's place; with no best that is None: a TypeError
    in the very call that kept no best."""
    program = tmp_path / "best_init.py"
    source = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    program.write_text(edited(source, EDITS["best-init"][1]), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "40")
    assert code == 1 and data["verdict"] == "error" and data["difference"] == "best-init"
    error = data["error"]
    assert error["type"] == "TypeError" and error["line"] == 47
    assert no_best_found(error["board"], error["to_move"], data["ai"])


@pytest.mark.guide_js
def test_longer_browser_version(tmp_path: Path, long_guide: str) -> None:
    """The longer guide's program: page code that does nothing under tracer's stand-in page, and
    minimax declared inside insertCompMark, which the page never calls: tracer takes it out of
    that function and calls it on the guide's board, with empty cells as their index."""
    program = tmp_path / "script.js"
    program.write_text(long_guide_program(long_guide), encoding="utf-8")
    code, data, err = run_check(str(program))
    assert code == 0, err
    check_expected(data, {"verdict": "identical", "calls": 9, "first_call": "tracer", "board": GUIDE})
