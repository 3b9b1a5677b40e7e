"""What ``trace check`` tells a learner, detail by detail (issue 36): the named mistake's own
sentence, the call numbers it gives, the move it expects, the kind of departure, the side to
move, the parameters it fills in, the positions it checks.

Each program is a small learner's program written here (or the gallery's port of the guide,
tests/learners/py_guide_port.py, with one slip made by hand), run through ``trace check`` as
a learner runs it. What is expected comes from the guide's rules worked by hand, or from the
plain reference search below, which imports nothing of tracer: every call number is counted
in the guide's order (a call's test-plays in ascending cell order, each whole, calls
numbered as they start).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from checking import LEARNERS, calls, play_values, run_check, run_text, value, won
from click.testing import CliRunner

from tracer.cli import main

GUIDE = "X.OX.XOO."
PORT = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")


def port_with(tmp_path: Path, name: str, old: str, new: str) -> str:
    """The guide's port with one slip: ``old`` replaced by ``new``; the path of the program."""
    assert PORT.count(old) == 1, f"the port no longer holds {old!r} once"
    path = tmp_path / name
    path.write_text(PORT.replace(old, new), encoding="utf-8")
    return str(path)


def walk(board: str, mover: str, number: int = 1) -> Iterator[tuple[int, str, str]]:
    """Every call of the guide's minimax from ``board``, in call order: (number, board, mover)."""
    yield number, board, mover
    if won(board, "X") or won(board, "O") or "." not in board:
        return
    nxt = "O" if mover == "X" else "X"
    child = number + 1
    for cell in range(9):
        if board[cell] == ".":
            after = board[:cell] + mover + board[cell + 1:]
            yield from walk(after, nxt, child)
            child += calls(after, nxt)


def returns(board: str, mover: str, number: int = 1) -> Iterator[tuple[int, str, str]]:
    """The same calls in the order they return (a call after every call it made)."""
    if won(board, "X") or won(board, "O") or "." not in board:
        yield number, board, mover
        return
    nxt = "O" if mover == "X" else "X"
    child = number + 1
    for cell in range(9):
        if board[cell] == ".":
            after = board[:cell] + mover + board[cell + 1:]
            yield from returns(after, nxt, child)
            child += calls(after, nxt)
    yield number, board, mover


def number_of(board: str, mover: str, target: str) -> int:
    """The number of the first call on ``target`` in the guide's search from ``board``."""
    return next(n for n, b, _ in walk(board, mover) if b == target)


def first_best(board: str, mover: str, ai: str) -> tuple[int, list[int]]:
    """The guide's chosen cell (the first of the best, in ascending order) and every best cell."""
    empty = [i for i in range(9) if board[i] == "."]
    scores = play_values(board, mover, ai)
    best = max(scores) if mover == ai else min(scores)
    tied = [cell for cell, score in zip(empty, scores, strict=True) if score == best]
    return tied[0], tied


# ---- the named mistake's own sentence -------------------------------------------------------

def test_missing_cell_names_which_cell_it_misses(tmp_path: Path) -> None:
    """A loop that skips the first empty cell is told so, and one that skips the last is told
    that: the two sentences are not the same and each says its own cell (guide, step 10)."""
    first = port_with(tmp_path, "skips_first.py", "for cell in available:", "for cell in available[1:]:")
    code, data, _ = run_check(first, "--boards", "0")
    assert (code, data["difference"]) == (1, "missing-cell")
    assert "misses the first one" in data["mistake"] and "last" not in data["mistake"]
    assert data["first_wrong"]["why"] == ("it test-played cells 4, 8 but not cell 1: step 10's for-loop "
                                          "test-plays every empty cell (availCellsIndexes = [1, 4, 8])")
    code, text, _ = run_text(first, "--boards", "0")
    assert "Named difference: missing-cell. The loop over the empty cells misses the first one" in text

    last = port_with(tmp_path, "skips_last.py", "for cell in available:", "for cell in available[:-1]:")
    code, data, _ = run_check(last)
    assert data["difference"] == "missing-cell" and data["matching_mistakes"][0] == "missing-cell"
    assert "misses the last one" in data["mistake"] and "first" not in data["mistake"].split(":")[0]
    code, text, _ = run_text(last)
    assert "Named difference: missing-cell. The loop over the empty cells misses the last one" in text


# ---- the move expected among tied best moves -------------------------------------------------

WORST_LOOP = '''
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, depth, is_maximizing):
    won = winner(board)
    if won == "X":
        return 1
    if won == "O":
        return -1
    if " " not in board:
        return 0
    scores = []
    for i in range(9):
        if board[i] == " ":
            board[i] = "X" if is_maximizing else "O"
            scores.append(minimax(board, depth + 1, not is_maximizing))
            board[i] = " "
    return max(scores) if is_maximizing else min(scores)


def find_best_move(board):
    best_score, best_move = 1000, None
    for i in range(9):
        if board[i] == " ":
            board[i] = "X"
            score = minimax(board, 0, False)
            board[i] = " "
            if score < best_score:  # the slip: the lowest test-play is kept
                best_score, best_move = score, i
    return best_move


board = list("BOARD")
print("AI plays", find_best_move(board))
'''


def test_expected_move_is_the_first_of_tied_best_moves(tmp_path: Path) -> None:
    """On XO./X../.O. X's test-plays score -1, +1, -1, +1, -1 (cells 2, 4, 5, 6, 8): cells 4 and
    6 tie for the best, and the guide keeps the first, 4. A loop keeping the lowest plays 2."""
    board = "XO.X...O."
    chosen, tied = first_best(board, "X", "X")
    assert (chosen, tied) == (4, [4, 6])  # the hand-worked values, as the reference has them
    program = tmp_path / "worst_loop.py"
    program.write_text(WORST_LOOP.replace("BOARD", board.replace(".", " ")), encoding="utf-8")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert code == 1
    assert "  expected  4 (a best move: cell 4)\n" in text
    assert "it chose cell 2, whose test-play scores -1, but the best scores +1 (cell 4)" in text
    code, data, _ = run_check(str(program), "--boards", "0")
    assert data["first_wrong"]["call"] == 1 and data["first_wrong"]["kind"] == "wrong-move"


@pytest.mark.parametrize(("ending", "as_returned"), [
    ("return best_move", lambda cell: cell),
    ("return (best_move // 3, best_move % 3)", lambda cell: [cell // 3, cell % 3])])
def test_a_loops_wrong_move_in_json_is_the_move_returned_and_the_move_due(
        tmp_path: Path, ending: str, as_returned: Any) -> None:
    """The program's own loop (call #1) keeps the lowest test-play: the JSON's first_wrong says
    what the report says, the move it returned and the move due (the reference minimax's first
    best), each as the program writes a move (a cell, or a (row, column) pair), never a score."""
    board = "XO.X...O."
    empty = [i for i in range(9) if board[i] == "."]
    scores = play_values(board, "X", "X")
    chosen = empty[scores.index(min(scores))]  # the slip: the first lowest test-play is kept
    due, _ = first_best(board, "X", "X")
    program = tmp_path / "worst_loop.py"
    source = WORST_LOOP.replace("BOARD", board.replace(".", " "))
    assert source.count("return best_move") == 1
    program.write_text(source.replace("return best_move", ending), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["kind"]) == (1, 1, "wrong-move")
    assert (wrong["returned"], wrong["expected"]) == (as_returned(chosen), as_returned(due))
    code, text, _ = run_text(str(program), "--boards", "0")
    written = [str(tuple(v)) if isinstance(v, list) else str(v) for v in (as_returned(chosen), as_returned(due))]
    assert f"  returned  {written[0]}\n  expected  {written[1]} (a best move: cell {due})\n" in text


#: The human's branch falls off the end of the function: it returns None.
MIN_FALLS_OFF = ('''    else:
        best_score = float("inf")
        for i, play in enumerate(test_plays):
            if play["score"] < best_score:
                best_score, best = play["score"], i
    return test_plays[best]''', '''        return test_plays[best]
    best_score = float("inf")
    for i, play in enumerate(test_plays):
        if play["score"] < best_score:
            best_score, best = play["score"], i''')


def test_expected_move_among_tied_best_in_an_inner_call(tmp_path: Path) -> None:
    """Call #2 (O to move on XX./X.X/OO.) has two test-plays scoring -1, cells 4 and 8: a
    correct search returns the first, 4, with -1."""
    chosen, tied = first_best("XXOX.XOO.", "O", "X")
    assert (chosen, tied) == (4, [4, 8])
    program = port_with(tmp_path, "min_returns_nothing.py", *MIN_FALLS_OFF)
    code, data, _ = run_check(program, "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, data["verdict"]) == (1, "error")
    assert wrong["call"] == 2 and wrong["board"] == "XXOX.XOO." and wrong["to_move"] == "O"
    # A call that returns nothing is said to, never taken for a wrong score.
    assert wrong["kind"] == "no-score" and wrong["returned"] is None
    assert wrong["expected"] == {"index": 4, "score": -1}
    assert wrong["why"] == ("it returned nothing: O is the human, so min(-1, -1) = -1: step 16 keeps "
                            "the lowest test-play and step 17 returns it")
    # Its caller crashed reading the score of nothing: the error is call #1's.
    assert data["error"]["call"] == 1 and data["error"]["type"] == "TypeError"


def test_a_finished_board_that_returns_nothing(tmp_path: Path) -> None:
    """A draw check with a bare ``return``: the guide's board never reaches a full board, the
    draw position does (the second position checked), where the first call on a full board with
    no line returns nothing; its caller crashes reading the score."""
    program = port_with(tmp_path, "draw_returns_nothing.py", '    if not available:\n        return {"score": 0}',
                        "    if not available:\n        return")
    code, data, _ = run_check(program)
    assert (code, data["verdict"]) == (1, "error")
    wrong = data["first_wrong"]
    assert wrong["position"] == 2 and data["positions"][1]["name"].startswith("a draw")
    start, mover = data["positions"][1]["board"], data["positions"][1]["to_move"]
    number, board, to_move = next((n, b, m) for n, b, m in walk(start, mover)
                                  if "." not in b and not won(b, "X") and not won(b, "O"))
    assert (wrong["call"], wrong["board"], wrong["to_move"]) == (number, board, to_move)
    assert wrong["kind"] == "no-score" and wrong["returned"] is None and wrong["expected"] == {"score": 0}
    assert wrong["why"] == "no empty cell and no three in a row: a draw: step 9 returns {score: 0}"
    # Checking stops at the first position that is not right: the block position is not asked.
    assert [p["verdict"] for p in data["positions"]] == ["identical", "error"]


# ---- a wrong score, in the log's words ---------------------------------------------------------

BOTH_MAXIMISE = ('''        best_score = float("inf")
        for i, play in enumerate(test_plays):
            if play["score"] < best_score:''', '''        best_score = float("-inf")
        for i, play in enumerate(test_plays):
            if play["score"] > best_score:''')


def test_a_wrong_score_is_explained_with_the_scores_as_the_log_writes_them(tmp_path: Path) -> None:
    """Both sides keep their highest test-play: the first call to return wrong is the first O
    call, in the order calls return, whose test-plays do not all score alike; a draw among them
    is written 0 (never +0), a win +1, a loss -1, as the log writes scores."""
    board = ".XOO.X..."
    number, cells, _ = next((n, b, m) for n, b, m in returns(board, "X") if m == "O" and "." in b
                            and not won(b, "X") and not won(b, "O") and len(set(play_values(b, "O", "X"))) > 1)
    assert (number, cells, play_values(cells, "O", "X")) == (9, "XXOOOX.X.", [-1, 0])
    source = PORT.replace('current_board_state = ["X", 1, "O", "X", 4, "X", "O", "O", 8]',
                          'current_board_state = [0, "X", "O", "O", 4, "X", 6, 7, 8]')
    program = tmp_path / "both_maximise.py"
    program.write_text(source.replace(*BOTH_MAXIMISE), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"], wrong["kind"]) == (1, number, cells, "wrong-score")
    assert wrong["returned"] == {"index": 8, "score": 0} and wrong["expected"] == {"index": 6, "score": -1}
    assert wrong["why"] == ("O is the human, so min(-1, 0) = -1: step 16 keeps the lowest test-play and "
                            "step 17 returns it")


# ---- call numbers after a sibling's subtree ---------------------------------------------------

AFTER_SIBLINGS = "X.OX.XOOX"  # X's third test-play from the guide's board, after 1's and 4's subtrees
BOARD_LIST = '["X", 1, "O", "X", 4, "X", "O", "O", "X"]'


def test_an_error_is_placed_in_its_call_after_a_siblings_subtree(tmp_path: Path) -> None:
    number = number_of(GUIDE, "X", AFTER_SIBLINGS)
    assert number == 1 + calls("XXOX.XOO.", "O") + calls("X.OXXXOO.", "O") + 1 == 6
    program = port_with(tmp_path, "raises.py", "    available = empty_cells(board)\n",
                        f"    available = empty_cells(board)\n    if board == {BOARD_LIST}:\n"
                        "        raise ValueError('a slip')\n")
    code, data, _ = run_check(program, "--boards", "0")
    assert (code, data["verdict"]) == (1, "error")
    error = data["error"]
    assert (error["call"], error["board"], error["to_move"], error["type"]) == (number, AFTER_SIBLINGS, "O",
                                                                                   "ValueError")
    code, text, _ = run_text(program, "--boards", "0")
    assert f"in call #{number}, O to move on X.O/X.X/OOX" in text


def test_a_departure_is_numbered_after_a_siblings_subtree(tmp_path: Path) -> None:
    number = number_of(GUIDE, "X", AFTER_SIBLINGS)
    program = port_with(tmp_path, "gives_up.py", "    available = empty_cells(board)\n",
                        f"    available = empty_cells(board)\n    if board == {BOARD_LIST}:\n"
                        '        return {"score": 0}\n')
    code, data, _ = run_check(program, "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"], wrong["to_move"]) == (1, number, AFTER_SIBLINGS, "O")
    chosen, _ = first_best(AFTER_SIBLINGS, "O", "X")
    assert wrong["expected"] == {"index": chosen, "score": min(play_values(AFTER_SIBLINGS, "O", "X"))}
    code, text, _ = run_text(program, "--boards", "0")
    assert f"Verdict: wrong: call #{number} is the first to depart from a correct search." in text


# ---- the tie-break and order differences: their first call -----------------------------------

def test_tie_breaking_names_its_first_call(tmp_path: Path) -> None:
    """A ``>=`` tie-break keeps the last of equal test-plays: correct, differing in tie-breaking
    first at the first call (in call order) with two best test-plays, where it keeps the last
    of them and the guide the first: on XOX/.O./... (X to move) not the first call, whose best
    test-play is alone, but call #19, after calls with one best each."""
    board = "XOX.O...."
    source = PORT.replace('current_board_state = ["X", 1, "O", "X", 4, "X", "O", "O", 8]',
                          "current_board_state = " + repr([c if c != "." else i for i, c in enumerate(board)]))
    source = source.replace('play["score"] > best_score', 'play["score"] >= best_score')
    program = tmp_path / "ties_last.py"
    program.write_text(source.replace('play["score"] < best_score', 'play["score"] <= best_score'), encoding="utf-8")
    number, cells, mover = next((n, b, m) for n, b, m in walk(board, "X")
                                if not won(b, "X") and not won(b, "O") and "." in b
                                and len(first_best(b, m, "X")[1]) > 1)
    _, tied = first_best(cells, mover, "X")
    assert number == 19 and len(first_best(board, "X", "X")[1]) == 1
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["tie-breaking"])
    detail = data["differences_detail"][0]
    assert detail["call"] == number
    assert detail["text"].endswith(f"(first at call #{number}: cell {tied[-1]} where the guide keeps cell {tied[0]})")


def test_order_names_the_cells_as_tried(tmp_path: Path) -> None:
    """A loop over the empty cells backwards: correct, differing in order at call #1, whose
    test-plays are listed in the order it made them."""
    program = port_with(tmp_path, "backwards.py", "for cell in available:", "for cell in reversed(available):")
    code, data, _ = run_check(program, "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["order"])
    detail = data["differences_detail"][0]
    assert detail["call"] == 1 and detail["text"].endswith("(first at call #1: 8, 4, 1)")
    # On every position checked (the program's own, then three tracer asks), named by the first.
    code, data, _ = run_check(program)
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["order"])
    detail = data["differences_detail"][0]
    assert detail["positions"] == [1, 2, 3, 4]
    assert (detail["position"], detail["board"], detail["to_move"]) == (1, GUIDE, "X")


# ---- the side to move, read from the marks on the board ---------------------------------------

COUNTS = '''
def minimax(board):
    mark = "X" if board.count("X") == board.count("O") else "O"
    for cell in emptycells(board):  # the slip: the helper is called empty_cells
        board[cell] = mark
    return 0


def empty_cells(board):
    return [i for i, c in enumerate(board) if c == " "]


minimax(list("BOARD"))
'''


def test_side_to_move_from_the_mark_counts(tmp_path: Path) -> None:
    """A search told no side, whose first call raises before any test-play: the side to move is
    read from the marks, X with as many marks as O (X opened), O with one fewer."""
    for board, mover in (("X.OX.XOO.", "X"), ("XXOX.XOO.", "O")):
        program = tmp_path / f"counts_{mover}.py"
        program.write_text(COUNTS.replace("BOARD", board.replace(".", " ")), encoding="utf-8")
        code, data, _ = run_check(str(program), "--boards", "0")
        assert (code, data["verdict"], data["to_move"]) == (1, "error", mover)
        assert data["error"]["to_move"] == mover and data["error"]["call"] == 1
        code, text, _ = run_text(str(program), "--boards", "0")
        rows = f"{board[:3]}/{board[3:6]}/{board[6:]}"
        assert f"Position: {rows} with {mover} to move" in text
        assert f"in call #1, {mover} to move on {rows}" in text


# ---- a call trying a cell twice -----------------------------------------------------------------

def test_a_cell_tried_twice_in_a_row(tmp_path: Path) -> None:
    """Centre first, then every empty cell, the centre again. From the guide's board: #2 is X on
    4 (X wins); #3 X on 1, O to move, tries 4 (#4, O wins on 2, 4, 6) and 4 again (#5)."""
    program = port_with(tmp_path, "centre_twice.py", "for cell in available:",
                        "for cell in ([4] if 4 in available else []) + available:")
    code, data, _ = run_check(program, "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"], wrong["to_move"]) == (1, 5, "XXOXOXOO.", "X")
    assert wrong["kind"] == "tried-twice"
    assert wrong["why"] == ("call #3 had already test-played cell 4: step 13 moves on to the next empty "
                            "cell, so each is tried once")


# ---- the first call tracer makes itself: the parameters it fills in ----------------------------

DEFAULTS = '''
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, depth=0, player="X"):
    won = winner(board)
    if won is not None:
        return 1 if won == "X" else -1
    if None not in board:
        return 0
    other = "O" if player == "X" else "X"
    scores = []
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            scores.append(minimax(board, depth + 1, other))
            board[cell] = None
    return max(scores) if player == "X" else min(scores)
'''


def test_parameters_with_defaults_keep_them(tmp_path: Path) -> None:
    """``minimax(board, depth=0, player="X")``, never called by the program: tracer passes the
    board alone, and the defaults (and every parameter after one) stay as the program has them."""
    program = tmp_path / "defaults.py"
    program.write_text(DEFAULTS, encoding="utf-8")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert code == 0, text
    assert "First call: minimax(['X', None, 'O', 'X', None, 'X', 'O', 'O', None]) (the program made no" in text
    assert "Verdict: identical" in text and "Calls: 9 (" in text


COUNTING_UP = {
    "py": ('''
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(cells):
    for a, b, c in LINES:
        if cells[a] is not None and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def minimax(cells, depth, is_maximizing):
    won = winner(cells)
    if won == "X":
        return 10 - depth
    if won == "O":
        return depth - 10
    if None not in cells:
        return 0
    best = -100 if is_maximizing else 100
    for cell in range(9):
        if cells[cell] is None:
            cells[cell] = "X" if is_maximizing else "O"
            score = minimax(cells, depth + 1, not is_maximizing)
            cells[cell] = None
            best = max(best, score) if is_maximizing else min(best, score)
    return best
''', "minimax(['X', None, 'O', 'X', None, 'X', 'O', 'O', None], 0, True)"),
    "js": ('''
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function winner(cells) {
  for (const [a, b, c] of LINES) {
    if (cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]) return cells[a];
  }
  return null;
}

function minimax(cells, depth, isMaximizing) {
  const won = winner(cells);
  if (won === "X") return 10 - depth;
  if (won === "O") return depth - 10;
  if (!cells.includes(null)) return 0;
  let best = isMaximizing ? -100 : 100;
  for (let cell = 0; cell < 9; cell++) {
    if (cells[cell] === null) {
      cells[cell] = isMaximizing ? "X" : "O";
      const score = minimax(cells, depth + 1, !isMaximizing);
      cells[cell] = null;
      best = isMaximizing ? Math.max(best, score) : Math.min(best, score);
    }
  }
  return best;
}
''', 'minimax(["X", null, "O", "X", null, "X", "O", "O", null], 0, true)'),
}


@pytest.mark.parametrize("language", ["py", pytest.param("js", marks=pytest.mark.node)])
def test_a_depth_counted_up_starts_at_zero(language: str, tmp_path: Path) -> None:
    """A depth passed on as ``depth + 1`` counts up from the first call: tracer passes 0 (a
    budget passed on as ``depth - 1`` would start at the moves left), so the program's own
    ``10 - depth`` reads as it is written."""
    source, first = COUNTING_UP[language]
    program = tmp_path / f"counting_up.{language}"
    program.write_text(source, encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["score scale"])
    assert data["scores"] == ("10 - depth for a win, depth - 10 for a loss, 0 for a draw, "
                              "from X's point of view (the AI's)")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert f"First call: {first} (the program made no search call of its own" in text


# ---- what tracer cannot call ------------------------------------------------------------------

def test_a_nested_search_is_not_called(tmp_path: Path) -> None:
    """A Python search defined inside a function the program never calls cannot be reached:
    one error line, exit status 2, saying what to do."""
    program = tmp_path / "nested.py"
    program.write_text('def start_game():\n    def minimax(board, mark):\n        return {"score": 0}\n\n'
                       '    return minimax\n\n\nprint("ready")\n', encoding="utf-8")
    code, text, err = run_text(str(program))
    assert code == 2 and text == ""
    assert err == (f"trace: error: {program}: the program made no call of minimax, and its run never defined "
                   "minimax, which is defined inside another function (trace check calls such a search only as "
                   "the program's own run made it): call that function from the program's top level, or say how "
                   "with --call EXPR\n")


# ---- which positions are checked ----------------------------------------------------------------

def test_boards_never_asks_a_position_already_checked() -> None:
    """``--boards 30``: 31 positions, each once, the program's own first (among the varied
    positions, smallest searches first, is one of the three named ones)."""
    code, data, err = run_check(str(LEARNERS / "py_guide_port.py"), "--boards", "30")
    assert code == 0, err
    boards = [(p["board"], p["to_move"]) for p in data["positions"]]
    assert len(boards) == data["searches"] == 31 and len(set(boards)) == 31
    assert boards[0] == (GUIDE, "X") and data["positions"][0]["name"] == "the program's own"


def test_checking_stops_at_the_programs_first_wrong_search(tmp_path: Path) -> None:
    """A program that searches twice, wrong the first time: its second search is not checked,
    nor any other position, and the verdict is the first search's."""
    program = port_with(tmp_path, "two_searches.py", "    available = empty_cells(board)\n",
                        f"    available = empty_cells(board)\n    if board == {BOARD_LIST}:\n"
                        '        return {"score": 0}\n')
    with open(program, "a", encoding="utf-8") as file:
        file.write('print(minimax(["X", "O", "X", 3, "O", 5, 6, 7, 8], ai_mark))\n')
    code, data, _ = run_check(program)
    assert (code, data["verdict"], data["searches"]) == (1, "wrong", 1)
    assert [p["board"] for p in data["positions"]] == [GUIDE]
    assert data["first_wrong"]["call"] == 6 and data["first_wrong"]["position"] == 1


# ---- the saved trace and the log: what they say of the departure and the error -----------------

def test_a_saved_trace_whose_last_call_departs_reads_back(tmp_path: Path) -> None:
    """The port that gives up on X.O/X.X/OOX (call #6, its last call: it makes none below it):
    its JSON trace names call #6 of 6 as the departure, and ``trace render`` reads it back."""
    program = port_with(tmp_path, "gives_up.py", "    available = empty_cells(board)\n",
                        f"    available = empty_cells(board)\n    if board == {BOARD_LIST}:\n"
                        '        return {"score": 0}\n')
    saved = tmp_path / "calls.json"
    code, _, err = run_text(program, "--boards", "0", "-o", str(saved))
    assert code == 1 and saved.exists(), err
    header = saved.read_text(encoding="utf-8").split("\n")[0]
    assert '"calls":6,' in header and '"departure":{"call":6,' in header
    result = CliRunner().invoke(main, ["render", str(saved), "--log", "-", "--no-tree"])
    assert result.exit_code == 0, result.stderr
    assert "Verdict: wrong: call #6 is the first to depart from a correct search (marked ‼)." in result.stdout
    # The guide's answer from the board is a cell of the board: a saved trace saying otherwise is refused.
    bad = tmp_path / "bad.json"
    bad.write_text(saved.read_text(encoding="utf-8").replace('"guide_index":4,', '"guide_index":9,'),
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(bad), "--log", "-", "--no-tree"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f'trace: error: {bad}: expected "check" to hold a valid "guide_index", found 9\n'


def test_the_log_names_the_call_an_error_happened_in(tmp_path: Path) -> None:
    number = number_of(GUIDE, "X", AFTER_SIBLINGS)
    program = port_with(tmp_path, "raises.py", "    available = empty_cells(board)\n",
                        f"    available = empty_cells(board)\n    if board == {BOARD_LIST}:\n"
                        "        raise ValueError('a slip')\n")
    log = tmp_path / "calls.log"
    code, _, err = run_text(program, "--boards", "0", "--log", str(log))
    assert code == 1, err
    line = PORT.split("\n").index("    available = empty_cells(board)") + 3  # the raise, two lines below it
    assert f"Verdict: error: ValueError: a slip at line {line} in call #{number}.\n" in log.read_text(encoding="utf-8")


def test_missing_cell_says_either_where_the_calls_cannot_tell(tmp_path: Path) -> None:
    """With one empty cell (4), skipping the first empty cell and skipping the last make the same
    calls: the sentence names both, never one of them."""
    source = PORT.replace('current_board_state = ["X", 1, "O", "X", 4, "X", "O", "O", 8]',
                          'current_board_state = ["X", "O", "X", "X", 4, "O", "O", "X", "O"]')
    program = tmp_path / "one_empty.py"
    program.write_text(source.replace("for cell in available:", "for cell in available[1:]:"), encoding="utf-8")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert code == 1
    assert ("Named difference: missing-cell. The loop over the empty cells misses one of them (the first "
            "empty cell or the last empty cell: on this position the calls fit each of these): step 10's "
            "for-loop test-plays every empty cell step 8 found.\n") in text


# ---- a move in the program's own shape ----------------------------------------------------------

def test_a_move_on_a_board_of_rows_is_expected_as_row_and_column(tmp_path: Path) -> None:
    """The course project's minimax(board) returns an action (row, column); one that keeps the
    lowest test-play for X plays (2, 0), cell 6, on X.X/OO./...: expected is the first of the best,
    cell 1, written as the program writes actions, (0, 1), never (1, 0)."""
    chosen, tied = first_best("X.XOO....", "X", "X")
    assert (chosen, tied) == (1, [1, 5])
    source = (LEARNERS / "py_cs50.py").read_text(encoding="utf-8")
    slip = ('''        best, move = -math.inf, None
        for action in actions(board):
            value = min_value(result(board, action))
            if value > best:''', '''        best, move = math.inf, None
        for action in actions(board):
            value = min_value(result(board, action))
            if value < best:''')
    assert source.count(slip[0]) == 1
    program = tmp_path / "cs50_lowest.py"
    program.write_text(source.replace(*slip), encoding="utf-8")
    board = tmp_path / "board.txt"
    board.write_text("X.X\nOO.\n...\n", encoding="utf-8")
    code, data, _ = run_check(str(program), str(board), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["kind"]) == (1, 1, "wrong-move")
    assert wrong["returned"] == [2, 0] and wrong["expected"] == [chosen // 3, chosen % 3] == [0, 1]
    code, text, _ = run_text(str(program), str(board), "--boards", "0")
    assert f"  returned  (2, 0)\n  expected  (0, 1) (a best move: cell {chosen})\n" in text


def test_the_page_opens_at_call_1_even_where_the_tree_is_drawn_from_the_departure(tmp_path: Path) -> None:
    """Both sides keep their highest test-play, from XO./.../... (8,232 calls): the first call to
    return wrong is deep in the search, so the drawing starts near it; the step-through page
    still opens at call #1, for the learner to step down to it."""
    source = PORT.replace('current_board_state = ["X", 1, "O", "X", 4, "X", "O", "O", 8]',
                          'current_board_state = ["X", "O", 2, 3, 4, 5, 6, 7, 8]')
    program = tmp_path / "both_maximise.py"
    program.write_text(source.replace(*BOTH_MAXIMISE), encoding="utf-8")
    page = tmp_path / "calls.html"
    code, data, err = run_check(str(program), "--boards", "0", "--html", str(page))
    assert code == 1 and data["calls"] == calls("XO.......", "X") == 8232
    assert f"trace: wrote {page} (your 8,232 calls step by step, the first departure marked)\n" in err
    number = data["first_wrong"]["call"]
    assert number > 1 and data["first_wrong"]["kind"] == "wrong-score"
    starts = re.findall(r'"start_call":\s*(\d+)', page.read_text(encoding="utf-8"))
    assert starts == ["1"]


def test_a_call_that_returns_nothing_departs_as_it_returns(tmp_path: Path) -> None:
    """The O branch falls off the end of the function: call #2 returns nothing once its own
    test-plays (#3, #4) have returned, so the saved trace and the log place the departure at its
    return, not at its start."""
    program = port_with(tmp_path, "min_returns_nothing.py", *MIN_FALLS_OFF)
    saved = tmp_path / "calls.json"
    code, _, err = run_text(program, "--boards", "0", "-o", str(saved))
    assert code == 1, err
    header = saved.read_text(encoding="utf-8").split("\n")[0]
    assert '"departure":{"call":2,"kind":"no-score","when":"return",' in header


CENTRE_FIRST_LOOP = WORST_LOOP.replace("best_score, best_move = 1000, None", "best_score, best_move = -1000, None") \
    .replace("if score < best_score:  # the slip: the lowest test-play is kept", "if score > best_score:") \
    .replace('    for i in range(9):\n        if board[i] == " ":\n            board[i] = "X"\n            score',
             '    for i in [4] + list(range(9)):  # the centre first, then every cell: the centre again\n'
             '        if board[i] == " ":\n            board[i] = "X"\n            score')


def test_a_loop_of_the_program_that_tries_a_cell_twice(tmp_path: Path) -> None:
    """The program's own loop (find_best_move) tries the centre, then every empty cell, the
    centre again: not one search whose first call tries a cell twice (its test-plays are not
    each a different cell), but a search per call, each judged alone; the centre's board is
    searched twice, said as re-searches (on XO./X../.O.: 5 empty cells, 6 searches)."""
    assert CENTRE_FIRST_LOOP.count("[4] + list(range(9))") == 1
    program = tmp_path / "centre_first.py"
    program.write_text(CENTRE_FIRST_LOOP.replace("BOARD", "XO X   O "), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"], data["loop"]) == (0, "correct", ["re-searches"], False)
    assert data["searches"] == 6 and [p["verdict"] for p in data["positions"]] == ["identical"] * 6
    boards = [p["board"] for p in data["positions"]]
    assert boards[0] == boards[2] == "XO.XX..O." and len(set(boards)) == 5


def test_checking_stops_at_the_first_wrong_position_tracer_asks(tmp_path: Path) -> None:
    """A draw scored as a win: right on the guide's board (no game from it is drawn), wrong on
    the draw position; the positions after it are not asked."""
    program = port_with(tmp_path, "draw_is_a_win.py", '    if not available:\n        return {"score": 0}',
                        '    if not available:\n        return {"score": 1}')
    code, data, _ = run_check(program)
    assert (code, data["verdict"], data["first_wrong"]["position"]) == (1, "wrong", 2)
    assert [p["verdict"] for p in data["positions"]] == ["identical", "wrong"]


def test_a_search_that_stops_early_is_not_said_to_try_every_cell(tmp_path: Path) -> None:
    """Backwards, and stopping at a test-play that wins for the side to move. From the guide's
    board: #1 tries 8 (#2: O tries 4, #3, and wins: #2 stops), then 4 (#4, X wins): #1 stops.
    Correct, but never "having tried each empty cell once"."""
    program = port_with(tmp_path, "stops_backwards.py", "for cell in available:", "for cell in reversed(available):")
    source = Path(program).read_text(encoding="utf-8").replace(
        "        test_plays.append(play)\n",
        "        test_plays.append(play)\n        if play[\"score\"] == (1 if mark == ai_mark else -1):\n"
        "            break  # a win for the side to move: nothing better to find\n")
    Path(program).write_text(source, encoding="utf-8")
    code, text, _ = run_text(program, "--boards", "0")
    assert code == 0
    assert ("Verdict: correct: every call returned its board's score (or, given a window, a bound right for "
            "it) and the first call chose a best move, but it differs from the guide's minimax in:\n"
            "  - order: it tries the empty cells in another order than the guide's ascending one (first at "
            "call #1: 8, 4)\n"
            "  - stops-at-best: 2 calls (the first #1) returned as soon as a test-play reached a win for the "
            "side to move, the best score possible there, without test-playing the cells after it\n") in text
    assert "Calls: 4 (the guide's minimax makes 9 from this position)." in text


# ---- readings a learner sees in the report: issue 36's remaining hand mutants ------------------

#: WORST_LOOP's minimax alone: a number returned, X maximising, ±1 and 0 (right as it stands).
NUMBER_MINIMAX = WORST_LOOP.split("def find_best_move")[0]

#: The eight lines of three, as the programs below write them.
PY_LINES = ("LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), "
            "(0, 4, 8), (2, 4, 6)]\n")


def test_a_first_call_returning_a_lowest_score_that_is_also_a_cell_reads_as_a_score(tmp_path: Path) -> None:
    """O to move on .../.../XOX: O's test-plays score +1 on cell 0 and 0 at best, so the search
    returns 0, O's lowest score, which is also an empty cell whose test-play is the highest. Read
    as the score it is (a search backwards, so not identical), never as O choosing cell 0."""
    board = "......XOX"
    scores = play_values(board, "O", "X")
    assert (scores[0], max(scores), min(scores)) == (1, 1, 0)  # cell 0 is O's worst test-play
    program = tmp_path / "backwards.py"
    program.write_text(NUMBER_MINIMAX.replace("    for i in range(9):", "    for i in reversed(range(9)):")
                       + f'\nprint(minimax(list("{board.replace(".", " ")}"), 0, False))\n', encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["order"])
    assert (data["board"], data["to_move"], data["calls"]) == (board, "O", calls(board, "O"))


def test_a_cut_that_returns_infinity_is_a_bound_on_betas_side(tmp_path: Path) -> None:
    """Alpha-beta returning ±∞ at each cut: a bound on the side of the window its board's score
    is on, even where that score equals β (a plain alpha-beta below finds such calls), so the
    search is correct, with alpha-beta's note, not wrong."""
    def cuts_at_beta(board: str, mover: str, alpha: float, beta: float) -> tuple[float, int]:
        """The program's value from ``board`` and how many of its calls returned ∞ where their
        board's score equals β."""
        if won(board, "X") or won(board, "O") or "." not in board:
            return value(board, mover, "X"), 0
        best, found, nxt = (-math.inf if mover == "X" else math.inf), 0, "O" if mover == "X" else "X"
        for cell in (i for i in range(9) if board[i] == "."):
            score, more = cuts_at_beta(board[:cell] + mover + board[cell + 1:], nxt, alpha, beta)
            found += more
            if mover == "X":
                best, alpha = max(best, score), max(alpha, max(best, score))
            else:
                best, beta = min(best, score), min(beta, min(best, score))
            if beta <= alpha:
                at_beta = mover == "X" and value(board, mover, "X") == beta
                return (math.inf if mover == "X" else -math.inf), found + at_beta
        return best, found

    board = "XO..X...O"
    assert sum(cuts_at_beta(board[:i] + "X" + board[i + 1:], "O", -math.inf, math.inf)[1]
               for i in range(9) if board[i] == ".") > 0
    source = (LEARNERS / "py_alphabeta.py").read_text(encoding="utf-8")
    for old, new in (("                if beta <= alpha:\n                    break",
                      "                if beta <= alpha:\n                    return math.inf"),
                     ("            if beta <= alpha:\n                break",
                      "            if beta <= alpha:\n                return -math.inf")):
        assert source.count(old) == 1
        source = source.replace(old, new)
    program = tmp_path / "cut_infinity.py"
    program.write_text(source, encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"], data["board"]) == (0, "correct", ["alpha-beta"], board)


def test_a_loops_depth_scale_says_where_depth_0_is(tmp_path: Path) -> None:
    """Scores 10 - depth from a loop that calls minimax(board, 0, ...) after its test-play: depth
    0 is at the loop's test-plays (X wins at once on cell 6 of XO./X../.O., scoring 10 - 0)."""
    program = tmp_path / "depth_loop.py"
    source = WORST_LOOP.replace("if score < best_score:  # the slip: the lowest test-play is kept",
                                "if score > best_score:").replace("best_score, best_move = 1000, None",
                                                                  "best_score, best_move = -1000, None")
    for old, new in (('    if won == "X":\n        return 1\n', '    if won == "X":\n        return 10 - depth\n'),
                     ('    if won == "O":\n        return -1\n', '    if won == "O":\n        return depth - 10\n')):
        assert source.count(old) == 1
        source = source.replace(old, new)
    assert won("XO.X..XO.", "X")  # cell 6 wins for X on the spot
    program.write_text(source.replace("BOARD", "XO X   O "), encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["score scale"])
    assert data["scores"] == ("10 - depth for a win, depth - 10 for a loss, 0 for a draw (depth 0 at the "
                              "loop's test-plays), from X's point of view (the AI's)")


def test_one_board_searched_for_each_side_is_no_re_search(tmp_path: Path) -> None:
    """The program scores XO./X../.O. for X, then for O: two positions (a side to move makes
    another position), each the guide's search, neither a board searched again."""
    program = tmp_path / "both_sides.py"
    program.write_text(NUMBER_MINIMAX + '\nboard = list("XO X   O ")\nprint(minimax(board, 0, True))\n'
                       'print(minimax(board, 0, False))\n', encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "identical", [])
    assert [(p["board"], p["to_move"]) for p in data["positions"]] == [("XO.X...O.", "X"), ("XO.X...O.", "O")]


def test_a_python_state_of_nested_rows_is_shown_whole(tmp_path: Path) -> None:
    """minimax(state, is_maximizing) with the board as rows inside a dict: the first call's line
    shows the state as given, and the board read from it is searched as the guide's."""
    program = tmp_path / "state.py"
    program.write_text(PY_LINES + '''

def minimax(state, is_maximizing):
    cells = [cell for row in state["rows"] for cell in row]
    for a, b, c in LINES:
        if cells[a] is not None and cells[a] == cells[b] == cells[c]:
            return 1 if cells[a] == "X" else -1
    if None not in cells:
        return 0
    scores = []
    for i in range(9):
        r, c = divmod(i, 3)
        if state["rows"][r][c] is None:
            state["rows"][r][c] = "X" if is_maximizing else "O"
            scores.append(minimax(state, not is_maximizing))
            state["rows"][r][c] = None
    return max(scores) if is_maximizing else min(scores)


print(minimax({"rows": [["X", "O", None], ["X", None, None], [None, "O", None]]}, True))
''', encoding="utf-8")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert code == 0
    assert ("First call: minimax({'rows': [['X', 'O', None], ['X', None, None], [None, 'O', None]]}, True) "
            "(made by the program)\nPosition: XO./X../.O. with X to move; X is the AI.\n") in text
    assert f"Calls: {calls('XO.X...O.', 'X')} " in text


def test_scores_kept_under_evaluation_beside_another_number(tmp_path: Path) -> None:
    """Objects {evaluation, depth} (and an index inside): every finished board's object holds two
    numbers, so the score is known by its key's name alone; the search is the guide's."""
    program = tmp_path / "evaluation.py"
    program.write_text(PY_LINES + '''

def minimax(board, depth, is_maximizing):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return {"evaluation": 1 if board[a] == "X" else -1, "depth": depth}
    if " " not in board:
        return {"evaluation": 0, "depth": depth}
    best = None
    for i in range(9):
        if board[i] == " ":
            board[i] = "X" if is_maximizing else "O"
            result = minimax(board, depth + 1, not is_maximizing)
            board[i] = " "
            if best is None or (result["evaluation"] > best["evaluation"] if is_maximizing
                                else result["evaluation"] < best["evaluation"]):
                best = {"evaluation": result["evaluation"], "depth": depth, "index": i}
    return best


print(minimax(list("XO X   O "), 0, True))
''', encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["calls"]) == (0, "identical", calls("XO.X...O.", "X"))


def test_a_python_nan_is_written_as_python_writes_it(tmp_path: Path) -> None:
    """X's best starts at float("nan"): max(nan, v) keeps nan, so the first of X's calls to
    return (in the guide's return order) returns nan, written nan (Python), not NaN."""
    program = tmp_path / "nan_best.py"
    assert NUMBER_MINIMAX.count("    scores = []\n") == 1
    program.write_text(NUMBER_MINIMAX.replace(
        "    return max(scores) if is_maximizing else min(scores)",
        '    best = float("nan") if is_maximizing else float("inf")\n    for score in scores:\n'
        "        best = max(best, score) if is_maximizing else min(best, score)\n    return best")
        + '\nprint(minimax(list("XO X   O "), 0, True))\n', encoding="utf-8")
    first = next((n, b) for n, b, m in returns("XO.X...O.", "X")
                 if m == "X" and "." in b and not won(b, "X") and not won(b, "O"))
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"], wrong["returned"]) == (1, *first, "nan")
    code, text, _ = run_text(str(program), "--boards", "0")
    assert f"  call      #{first[0]}, X to move on " in text and "  returned  nan\n" in text


def test_a_test_play_that_is_no_cell_is_named_by_its_place_among_the_calls_test_plays(tmp_path: Path) -> None:
    """py_not_restored.py never takes a test-play back: call #2 (O on XXO/X.X/OO.) test-plays
    cell 4, then cell 8 with O still on 4, a move that is no one cell. The page names it by its
    place among call #2's test-plays, counted from 1: test-play 2; the log says it is one
    board, in the singular."""
    page, log = tmp_path / "calls.html", tmp_path / "calls.txt"
    code, _, _ = run_text(str(LEARNERS / "py_not_restored.py"), "--boards", "0", "--html", str(page), "--log", str(log))
    assert code == 1
    assert ("step 10  O test-plays cell 4, then 1 board that is not its own with one empty cell filled\n"
            in log.read_text(encoding="utf-8"))
    names = re.search(r'"short":(\{[^}]*\})', page.read_text(encoding="utf-8"))
    assert names is not None
    odd = {move: name for move, name in json.loads(names[1]).items() if not name.startswith("cell ")}
    assert list(odd.values()) == ["test-play 2"]


def test_a_wrong_mark_names_whose_turn_it_was_and_what_was_played(tmp_path: Path) -> None:
    """X on every turn from XO./X../.O.: call #1 test-plays cell 2, so call #2 is O's turn on
    XOX/X../.O., and it puts X on its first empty cell, 4; call #3 is that board."""
    program = tmp_path / "x_always.py"
    slip = ('board[i] = "X" if is_maximizing else "O"', 'board[i] = "X"  # the slip: X on every turn')
    assert NUMBER_MINIMAX.count(slip[0]) == 1
    program.write_text(NUMBER_MINIMAX.replace(*slip) + '\nprint(minimax(list("XO X   O "), 0, True))\n',
                       encoding="utf-8")
    assert number_of("XO.X...O.", "X", "XOXX...O.") == 2  # the guide's call #2, O to move
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"]) == (1, 3, "XOXXX..O.")
    assert wrong["why"] == ("call #2 is O's turn, but X was played on cell 4: step 11 test-plays the current "
                            "player's mark, O")


def test_a_depth_scored_search_that_stops_at_a_win_on_the_move_is_correct(tmp_path: Path) -> None:
    """Scores 10 - depth, and a call stops once a test-play wins on the spot (9 - depth for X,
    the best any test-play of a call at that depth can score): correct, its stops said so; the
    calls and the stops counted by the plain search below."""
    def stopping(board: str, mover: str) -> tuple[int, int]:
        """Calls and calls that stopped early, of a search that stops at a win on the move."""
        if won(board, "X") or won(board, "O") or "." not in board:
            return 1, 0
        made, stops, empty = 1, 0, [i for i in range(9) if board[i] == "."]
        for n, cell in enumerate(empty):
            child = board[:cell] + mover + board[cell + 1:]
            more, more_stops = stopping(child, "O" if mover == "X" else "X")
            made, stops = made + more, stops + more_stops
            if won(child, mover):
                return made, stops + (n < len(empty) - 1)
        return made, stops

    source = NUMBER_MINIMAX
    for old, new in (('    if won == "X":\n        return 1\n', '    if won == "X":\n        return 10 - depth\n'),
                     ('    if won == "O":\n        return -1\n', '    if won == "O":\n        return depth - 10\n'),
                     ('            board[i] = " "\n', '            board[i] = " "\n'
                      '            if scores[-1] == (9 - depth if is_maximizing else depth - 9):\n'
                      '                break  # a win on this very move: nothing scores better\n')):
        assert source.count(old) == 1
        source = source.replace(old, new)
    program = tmp_path / "stops_at_best.py"
    program.write_text(source + '\nprint(minimax(list("XO X   O "), 0, True))\n', encoding="utf-8")
    made, stops = stopping("XO.X...O.", "X")
    code, data, _ = run_check(str(program), "--boards", "0")
    assert (code, data["verdict"], data["differences"]) == (0, "correct", ["score scale", "stops-at-best"])
    assert data["calls"] == made
    code, text, _ = run_text(str(program), "--boards", "0")
    assert f"  - stops-at-best: {stops} calls (the first #1) returned as soon as a test-play reached a win" in text


def test_a_cell_undone_to_the_other_mark_is_no_mark_left_behind(tmp_path: Path) -> None:
    """The undo writes the other side's mark, not a space. From XO./X../.O., call #2 (O on
    XOX/X../.O.) test-plays 4: call #3, XOX/XO./.O., is O's win and returns at once; the undo
    puts X on 4, so call #4 gets XOX/XXO/.O.: not call #2's board with one O added, and cell
    4 holds no O left behind (never said to be "not reset")."""
    assert won("XOXXO..O.", "O") and number_of("XO.X...O.", "X", "XOXXO..O.") == 3
    program = tmp_path / "undo_other_mark.py"
    slip = ('            board[i] = " "\n', '            board[i] = "O" if is_maximizing else "X"  # not a space\n')
    assert NUMBER_MINIMAX.count(slip[0]) == 1
    program.write_text(NUMBER_MINIMAX.replace(*slip) + '\nprint(minimax(list("XO X   O "), 0, True))\n',
                       encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"], wrong["board"]) == (1, 4, "XOXXXO.O.")
    assert wrong["why"] == "its board XOX/XXO/.O. is not call #2's board XOX/X../.O. with one O added (step 11)"


def test_a_stop_one_test_play_after_the_known_score_is_a_departure(tmp_path: Path) -> None:
    """The first call searches its own board first (a re-search: its score), then test-plays
    cells, meaning to stop at the first that reaches that score, but stops one test-play late.
    Only a stop at the first is a shortcut: this one leaves cells untried (the plain minimax's
    test-play scores say which)."""
    board = "XO.X...O."
    empty = [i for i in range(9) if board[i] == "."]
    scores = play_values(board, "X", "X")
    first = scores.index(value(board, "X", "X"))  # the first test-play reaching the board's score
    tried, untried = empty[:first + 2], empty[first + 2:]
    assert (tried, untried) == ([2, 4, 5], [6, 8])  # as worked by hand: cell 4 is X's first +1
    program = tmp_path / "one_late.py"
    program.write_text(PY_LINES + '''

def minimax(board, is_maximizing, find_move=False):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return 1 if board[a] == "X" else -1
    if " " not in board:
        return 0
    target = minimax(board, is_maximizing) if find_move else None  # its own score first
    scores, seen = [], False
    for i in range(9):
        if board[i] == " ":
            board[i] = "X" if is_maximizing else "O"
            scores.append(minimax(board, not is_maximizing))
            board[i] = " "
            if seen:
                break  # the slip: one test-play after the one that reached the score
            seen = find_move and scores[-1] == target
    return max(scores) if is_maximizing else min(scores)


print(minimax(list("XO X   O "), True, find_move=True))
''', encoding="utf-8")
    code, data, _ = run_check(str(program), "--boards", "0")
    wrong = data["first_wrong"]
    assert (code, wrong["call"]) == (1, 1)
    assert wrong["why"] == (f"it test-played cells {', '.join(map(str, tried))} but not cells "
                            f"{', '.join(map(str, untried))}: step 10's for-loop test-plays every empty cell "
                            f"(availCellsIndexes = [{', '.join(map(str, empty))}])")


def test_a_call_given_no_board_is_said_to_be_the_side_to_move_at_its_depth(tmp_path: Path) -> None:
    """O is the AI (O's wins score +1) and X moves first on XO./X../.O.; at depth 1 the
    test-play of cell 8 passes board.copy().reverse(), which is None. That call is two plies
    below the first, so X is to move there (not the AI, O); the log says so."""
    program = tmp_path / "no_board.py"
    source = NUMBER_MINIMAX
    for old, new in (('    if won == "X":\n        return 1\n    if won == "O":\n        return -1\n',
                      '    if won == "O":\n        return 1\n    if won == "X":\n        return -1\n'),
                     ('board[i] = "X" if is_maximizing else "O"', 'board[i] = "O" if is_maximizing else "X"'),
                     ("scores.append(minimax(board, depth + 1, not is_maximizing))",
                      "after = board.copy().reverse() if (depth, i) == (1, 8) else board  # reverse() gives None\n"
                      "            scores.append(minimax(after, depth + 1, not is_maximizing))")):
        assert source.count(old) == 1
        source = source.replace(old, new)
    program.write_text(source + '\nprint(minimax(list("XO X   O "), 0, False))\n', encoding="utf-8")
    number = number_of("XO.X...O.", "X", "XOXX...OO")  # X on 2 at depth 0, then O on 8 at depth 1
    log = tmp_path / "calls.txt"
    code, text, _ = run_text(str(program), "--boards", "0", "--log", str(log))
    assert code == 1 and "Position: XO./X../.O. with X to move; O is the AI.\n" in text
    assert f"#{number} step 11  a call with no board -> X to move on (no board)\n" in log.read_text(encoding="utf-8")
