"""``trace check`` on shapes it once misread: a search nested in another function, a numeric
board whose program shows its own letters, a function named minimax that only drives a
recursive helper and returns a bare move, and a learner's alpha-beta windows in the outputs.

Expected values come from the programs' own text (their constants, their symbols) and from the
plain reference minimax of ``checking``, never from tracer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from checking import LEARNERS, play_values, run_check, run_text

REAL = LEARNERS / "real"


def best_cells(board: str, mover: str) -> list[int]:
    """The best moves on ``board`` for ``mover`` (the AI), by the reference minimax."""
    empty = [i for i in range(9) if board[i] == "."]
    values = play_values(board, mover, mover)
    return [cell for cell, v in zip(empty, values, strict=True) if v == max(values)]


# ---- a search nested in another function ----------------------------------------------------

NESTED_AFTER_INPUT = '''
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def play():
    board = [" "] * 9

    def minimax(b, player):
        w = winner(b)
        if w is not None:
            return 1 if w == "O" else -1
        if " " not in b:
            return 0
        scores = []
        for i in range(9):
            if b[i] == " ":
                b[i] = player
                scores.append(minimax(b, "X" if player == "O" else "O"))
                b[i] = " "
        return max(scores) if player == "O" else min(scores)

    while winner(board) is None and " " in board:
        board[int(input("your move: "))] = "X"


play()
'''


def test_a_nested_search_the_program_defined_is_called_by_tracer(tmp_path: Path) -> None:
    """The game waits for input (none comes) after defining its nested search: tracer calls the
    search as the program's run made it, on the guide's board, and finds the guide's calls."""
    program = tmp_path / "nested.py"
    program.write_text(NESTED_AFTER_INPUT)
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 0, err
    assert data["first_call"] == "tracer" and data["verdict"] == "identical"
    assert data["calls"] == data["guide_calls"] == 9  # the guide's own count from its board


def test_a_nested_search_its_run_never_defined_is_refused_with_why(tmp_path: Path) -> None:
    program = tmp_path / "never.py"
    program.write_text("def main(go=False):\n    if not go:\n        return\n\n"
                       "    def minimax(board, player):\n        return 0\n\n"
                       "    print(minimax([' '] * 9, 'X'))\n\n\nmain()\n")
    code, data, err = run_check(str(program))
    assert code == 2 and data == {}
    assert err.startswith("trace: error: ") and err.count("\n") == 1
    assert "defined inside another function" in err and "--call EXPR" in err


def test_a_closure_s_board_is_read_and_named(tmp_path: Path) -> None:
    """minimax(is_ai) reads ai_move's board: the report says so, and a planted mistake in the
    nested search (O's test-play kept where X's is due) is found."""
    code, text, err = run_text(str(REAL / "py_closure_board.py"), "--boards", "0")
    assert code == 0, err
    assert "minimax(is_ai) at line 12, playing on board, a variable of the function it is defined in" in text
    source = (REAL / "py_closure_board.py").read_text()
    planted = tmp_path / "closure_same_mark.py"
    planted.write_text(source.replace("board[i] = ai if is_ai else human", "board[i] = ai"))
    code, data, _ = run_check(str(planted), "--boards", "0")
    assert code == 1 and data["verdict"] == "wrong"
    assert "X's turn, but O was played" in data["first_wrong"]["why"]  # the human's turn, O's mark


# ---- numeric boards: the sides named as the program names them ------------------------------

def test_a_numeric_board_s_sides_are_its_own_letters() -> None:
    """SYMBOLS = {EMPTY: ".", AI: "O", HUMAN: "X"} with AI = 1: the program's 1 is O, the AI."""
    code, data, err = run_check(str(REAL / "py_numeric_symbols.py"), "--boards", "0")
    assert code == 0, err
    assert data["ai"] == "O" and data["to_move"] == "O"
    assert data["board"] == "X.OX..O.X"  # its board [HUMAN, EMPTY, AI, HUMAN, ...] in its own letters
    assert data["marks"] == {"X": {"value": -1, "name": "HUMAN"}, "O": {"value": 1, "name": "AI"}}
    code, text, _ = run_text(str(REAL / "py_numeric_symbols.py"), "--boards", "0")
    assert "with O to move; O is the AI." in text
    assert "Marks: X is the program's -1 (HUMAN), O its 1 (AI)." in text


def test_a_numeric_board_without_letters_names_its_constants() -> None:
    """HUMAN = -1, COMP = +1 and no letter shown: X and O are said to be its 1 (COMP), -1 (HUMAN)."""
    code, data, err = run_check(str(REAL / "py_xyscore_numeric.py"), "--boards", "0")
    assert code == 0, err
    assert data["marks"] == {"X": {"value": 1, "name": "COMP"}, "O": {"value": -1, "name": "HUMAN"}}
    assert data["ai"] == "X"  # minimax(board, depth, COMP) plays the program's 1, written X


@pytest.mark.parametrize("symbols", ['{0: " ", 1: "X", 2: "O"}', '" XO"'])
def test_a_board_of_0_1_2_reads_as_its_symbols(tmp_path: Path, symbols: str) -> None:
    """1 shown as X and 2 as O (a dict, or a string indexed by the cell): the AI, 2, is O."""
    source = (REAL / "py_numeric_symbols.py").read_text()
    source = source.replace("EMPTY, AI, HUMAN = 0, 1, -1", "EMPTY, AI, HUMAN = 0, 2, 1")
    source = source.replace('SYMBOLS = {EMPTY: ".", AI: "O", HUMAN: "X"}', f"SYMBOLS = {symbols}")
    source = source.replace("minimax(board, -who)", "minimax(board, AI + HUMAN - who)")
    program = tmp_path / "twelve.py"
    program.write_text(source)
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 0, err
    assert data["ai"] == "O" and data["board"] == "X.OX..O.X"
    assert data["marks"]["X"]["value"] == 1 and data["marks"]["O"]["value"] == 2


# ---- a function named minimax that only drives a recursive helper ---------------------------

def test_a_minimax_that_returns_a_move_is_the_helper_s_driver() -> None:
    code, data, err = run_check(str(REAL / "py_minimax_drives_helper.py"), "--boards", "0")
    assert code == 0, err
    assert data["verdict"] == "identical" and data["loop"] is True


def test_a_driver_s_wrong_move_is_said_as_a_move() -> None:
    """It keeps the lowest score: it plays cell 0 where the reference's best is one cell."""
    board = "..OX..OX."
    best = best_cells(board, "X")
    assert best == [4]
    code, text, _ = run_text(str(REAL / "py_minimax_drives_helper_worst.py"), "--boards", "0")
    assert code == 1
    assert "returned  0\n" in text and f"expected  {best[0]} (a best move: cell {best[0]})" in text


@pytest.mark.node
def test_a_driver_s_row_and_column_are_said_in_its_shape(tmp_path: Path) -> None:
    source = (REAL / "js_minimax_drives_helper.js").read_text()
    planted = tmp_path / "worst.js"
    planted.write_text(source.replace("let bestScore = -2", "let bestScore = 2").replace(
        "if (s > bestScore)", "if (s < bestScore)"))
    board = "X...O..X."
    best = best_cells(board, "O")
    code, text, _ = run_text(str(planted), "--boards", "0")
    assert code == 1
    chosen = json.loads(text.split("returned  ")[1].split("\n")[0])
    assert chosen[0] * 3 + chosen[1] not in best
    assert f"expected  [{best[0] // 3}, {best[0] % 3}] (a best move: cell {best[0]})" in text
