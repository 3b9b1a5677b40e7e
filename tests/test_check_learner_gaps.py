"""``trace check`` on shapes it once misread: a search nested in another function, a numeric
board whose program shows its own letters, a function named minimax that only drives a
recursive helper and returns a bare move, and a learner's alpha-beta windows in the outputs.

Expected values come from the programs' own text (their constants, their symbols) and from the
plain reference minimax of ``checking``, never from tracer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from checking import LEARNERS, play_values, run_check, run_text, value, won
from click.testing import CliRunner

import tracer
from tracer.cli import main

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


# ---- a learner's alpha-beta: its windows and bounds in the outputs ---------------------------

INF = float("inf")


def reference_alphabeta(board: str, mover: str, alpha: float, beta: float, out: list[tuple[str, float, float, float]],
                        ) -> float:
    """A plain fail-soft alpha-beta (X the AI and the maximiser, a cut once alpha >= beta, cells
    in ascending order), as py_alphabeta.py is written: each call's (board, alpha, beta, value)
    in the order the calls start."""
    at = len(out)
    out.append((board, alpha, beta, 0.0))
    if won(board, "O") or won(board, "X") or "." not in board:
        best = -1.0 if won(board, "O") else 1.0 if won(board, "X") else 0.0
    else:
        best = -INF if mover == "X" else INF
        for i in range(9):
            if board[i] != ".":
                continue
            got = reference_alphabeta(board[:i] + mover + board[i + 1:], "O" if mover == "X" else "X",
                                      alpha, beta, out)
            if mover == "X":
                best, alpha = max(best, got), max(alpha, max(best, got))
            else:
                best, beta = min(best, got), min(beta, min(best, got))
            if alpha >= beta:
                break
    out[at] = (board, out[at][1], out[at][2], best)
    return best


def bound_text(value: float, low: bool) -> str:
    if value in (INF, -INF):
        return "-∞" if low else "+∞"
    return f"{value:+.0f}" if value else "0"


def test_each_call_s_window_and_bound_are_in_the_trace_and_the_log(tmp_path: Path) -> None:
    """py_alphabeta.py's loop calls minimax(child, 0, -inf, inf, False) for each of X's moves:
    every call's window in the saved trace and the log is the reference alpha-beta's, and a
    value is marked a bound exactly where it is not the board's minimax value."""
    board = "XO..X...O"
    calls: list[tuple[str, float, float, float]] = []
    for i in (i for i in range(9) if board[i] == "."):
        reference_alphabeta(board[:i] + "X" + board[i + 1:], "O", -INF, INF, calls)
    saved, log = tmp_path / "mine.json", tmp_path / "calls.txt"
    code, _, err = run_text(str(LEARNERS / "py_alphabeta.py"), "--boards", "0", "-o", str(saved), "--log", str(log))
    assert code == 0, err
    nodes: list[dict[str, object]] = []

    def walk(node: dict[str, object]) -> None:
        nodes.append(node)
        for child in node.get("children", []):  # type: ignore[attr-defined]
            walk(child)

    walk(json.loads(saved.read_text())["tree"])
    assert nodes[0]["window"] is None and len(nodes) == 1 + len(calls)  # call #1 is the loop: no window
    bounds = 0
    for node, (cells, alpha, beta, got) in zip(nodes[1:], calls, strict=True):
        assert node["board"] == cells
        assert node["window"] == f"α = {bound_text(alpha, True)}, β = {bound_text(beta, False)}"
        mover = "X" if cells.count("X") == cells.count("O") else "O"
        exact = value(cells, mover, "X")
        assert node["bound"] == (None if got == exact else "≤" if got <= alpha else "≥"), (cells, got, exact)
        bounds += node["bound"] is not None
    assert bounds > 0  # the position has calls that only bound their board's score
    text = log.read_text()
    assert text.count("window   called with α = ") == len(calls)
    assert text.count("only a bound, not the board's score") == bounds


def test_the_tree_shows_windows_and_a_bound_as_a_bound(tmp_path: Path) -> None:
    """Every call drawn (trace render of the saved check): each window under its call and in the
    legend, and a value that is only a bound written ≤ or ≥, exactly where the reference's
    value is not the board's minimax value."""
    source = (LEARNERS / "py_alphabeta.py").read_text()
    start = 'board = ["X", "O", " ", " ", "X", " ", " ", " ", "O"]'
    assert start in source
    program = tmp_path / "small.py"
    program.write_text(source.replace(start, 'board = ["O", "O", " ", " ", "X", "X", " ", " ", " "]'))
    saved, dot = tmp_path / "mine.json", tmp_path / "tree.dot"
    code, _, err = run_text(str(program), "--boards", "0", "-o", str(saved))
    assert code == 0, err
    assert CliRunner().invoke(main, ["render", str(saved), "-o", str(dot), "--max-nodes", "100"]).exit_code == 0
    drawn = dot.read_text()
    calls: list[tuple[str, float, float, float]] = []
    board = "OO..XX..."
    for i in (i for i in range(9) if board[i] == "."):
        reference_alphabeta(board[:i] + "X" + board[i + 1:], "O", -INF, INF, calls)
    bounds = []
    for cells, alpha, beta, got in calls:
        assert f"α = {bound_text(alpha, True)}, β = {bound_text(beta, False)}" in drawn
        mover = "X" if cells.count("X") == cells.count("O") else "O"
        if got != value(cells, mover, "X"):
            bounds.append(f"returns {'≤' if got <= alpha else '≥'} {bound_text(got, True)} (a bound)")
    assert bounds and all(b in drawn for b in bounds)
    assert drawn.count("(a bound)") == len(bounds)
    assert "the window (α, β) your program called it with" in drawn


def test_a_saved_check_from_before_windows_still_reads(tmp_path: Path) -> None:
    """A file written before calls kept their window and bound reads them as null; a fact
    recorded from the start (what a call returned) is still required."""
    saved = tmp_path / "mine.json"
    code, _, err = run_text(str(REAL / "py_closure_board.py"), "--boards", "0", "-o", str(saved))
    assert code == 0, err
    text = saved.read_text()
    older = tmp_path / "older.json"
    older.write_text(re.sub(r'"(window|bound)":(null|"[^"]*"),?', "", text))
    assert '"window"' not in older.read_text()
    loaded = tracer.load(str(older))
    assert loaded.calls == 178 and all(c.extra("window") is None for c in loaded)
    broken = tmp_path / "broken.json"
    broken.write_text(re.sub(r'"returned":(null|"[^"]*"),?', "", text))
    result = CliRunner().invoke(main, ["render", str(broken), "--stats"])
    assert result.exit_code == 2 and "expected key 'returned'" in result.stderr


@pytest.mark.node
def test_a_javascript_numeric_board_reads_its_letters(tmp_path: Path) -> None:
    """{[HUMAN]: 'X', [COMPUTER]: 'O'} with HUMAN = 2; and a function showing -1 as X by a ternary."""
    code, data, err = run_check(str(REAL / "js_numeric_symbols.js"), "--boards", "0")
    assert code == 0, err
    assert data["ai"] == "O" and data["board"] == "X.OX..O.X"
    assert data["marks"] == {"X": {"value": 2, "name": "HUMAN"}, "O": {"value": 1, "name": "COMPUTER"}}
    source = (REAL / "js_numeric_symbols.js").read_text()
    source = source.replace("const EMPTY = 0, HUMAN = 2, COMPUTER = 1;", "const EMPTY = 0, HUMAN = -1, COMPUTER = 1;")
    source = source.replace("const SYMBOL = { [EMPTY]: '', [HUMAN]: 'X', [COMPUTER]: 'O' };",
                            "function show(c) { return c === HUMAN ? 'X' : c === COMPUTER ? 'O' : ''; }")
    program = tmp_path / "ternary.js"
    program.write_text(source.replace("SYMBOL[c]", "show(c)"))
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 0, err
    assert data["ai"] == "O" and data["marks"]["X"] == {"value": -1, "name": "HUMAN"}


# ---- remembered scores (a cache) -------------------------------------------------------------

def test_a_cache_is_a_sound_shortcut_and_a_wrong_memo_is_named() -> None:
    code, data, err = run_check(str(REAL / "py_memo_dict.py"))
    assert code == 0, err
    assert data["verdict"] == "correct" and data["differences"] == ["remembers"]
    code, text, _ = run_text(str(REAL / "py_memo_dict_in_loop.py"), "--boards", "0")
    assert code == 1
    call = int(text.split("call      #")[1].split(",")[0])
    assert "without test-playing a cell, though an earlier call searched this same board and returned" in text
    board = text.split(" to move on ")[1].split("\n")[0].replace("/", "")
    mover = "X" if board.count("X") == board.count("O") else "O"
    assert f"expected  {value(board, mover, 'X')}" in text and call > 1


# ---- boards written other ways -----------------------------------------------------------------

def test_rows_written_as_strings_are_read_and_written_back(tmp_path: Path) -> None:
    """["X__", "_X_", "__O"]: read as a board; with no call of its own but such a board in its
    source, tracer writes the guide's board the same way and the program's search makes the
    guide's 9 calls; with no board in its source, tracer's flat call fails and it says so."""
    code, data, err = run_check(str(REAL / "py_text_rows.py"), "--boards", "0")
    assert code == 0, err
    assert data["board"] == "X...X...O" and data["to_move"] == "O"
    source = (REAL / "py_text_rows.py").read_text()
    program = tmp_path / "no_call.py"
    program.write_text(source.replace('next_move("O", ["X__", "_X_", "__O"])', 'START = ["___", "___", "___"]'))
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 0, err
    assert data["first_call"] == "tracer" and data["verdict"] == "identical" and data["calls"] == 9
    program.write_text(source.replace('next_move("O", ["X__", "_X_", "__O"])', ""))
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 2 and "call #1 raised IndexError" in err and "--call EXPR" in err


def test_a_method_s_board_argument_comes_before_its_object_s_board() -> None:
    """_score(self, board, turn, me) on deep copies while self.board keeps the game's board: each
    call's board is its argument (the search is the guide's, call for call)."""
    code, data, err = run_check(str(REAL / "py_class_deepcopy.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["board"] == "X...O...X"


def test_a_first_call_with_no_readable_board_is_refused(tmp_path: Path) -> None:
    program = tmp_path / "counter.py"
    program.write_text('def minimax(state, player):\n    if state["moves"] >= 2:\n        return 0\n'
                       '    return max(minimax({"moves": state["moves"] + 1}, player) for _ in range(2))\n\n\n'
                       'print(minimax({"moves": 0}, "X"))\n')
    code, data, err = run_check(str(program))
    assert code == 2 and data == {}
    assert err.startswith("trace: error: ") and err.count("\n") == 1
    assert "holds no board trace check can read" in err and "minimax({'moves': 0}, 'X')" in err


def test_a_loop_s_calls_are_named_by_the_search_they_call(tmp_path: Path) -> None:
    """best_move's loop is call #1; the function its test-plays call, and the outputs name, is
    minimax (the one that calls itself), never best_move."""
    log = tmp_path / "calls.txt"
    code, _, err = run_text(str(LEARNERS / "py_alphabeta.py"), "--boards", "0", "--log", str(log))
    assert code == 0, err
    assert "its search function minimax;" in log.read_text()


def test_a_move_score_depth_triple_is_read_by_its_score(tmp_path: Path) -> None:
    """((row, col), score, depth): the score is the middle part. The program is correct; with
    MIN keeping the highest score instead, a call returns a value its window does not allow."""
    code, data, err = run_check(str(REAL / "py_alphabeta_triple.py"))
    assert code == 0, err
    assert data["verdict"] == "correct" and "alpha-beta" in data["differences"]
    assert data["scores"] == "±10, 0 for a draw, from O's point of view (the AI's)"
    source = (REAL / "py_alphabeta_triple.py").read_text()
    program = tmp_path / "min_keeps_highest.py"
    program.write_text(source.replace("if got[1] < best[1] or", "if got[1] > best[1] or"))
    code, data, _ = run_check(str(program))
    assert code == 1 and data["verdict"] == "wrong"
    wrong = data["first_wrong"]
    # The expected pair: the part tracer judges, the score, is the reference's (O's view, ±10).
    assert len(wrong["returned"]) == 3 and isinstance(wrong["returned"][0], list)
    assert wrong["expected"][1] == 10 * value(wrong["board"], wrong["to_move"], "O")


def test_an_alpha_beta_keeping_a_later_move_over_a_bound_is_no_tie_break() -> None:
    """The player keeps its first strictly best test-play; where an earlier test-play only
    returned a bound (a cut below it), the later exact one is no tie kept last."""
    code, data, err = run_check(str(REAL / "py_player_game_object.py"))
    assert code == 0, err
    assert data["verdict"] == "correct" and "tie-breaking" not in data["differences"]
    assert data["alpha_beta"]["exact"] is not None


def test_a_list_of_marks_indexed_by_the_cell_says_which_number_is_x(tmp_path: Path) -> None:
    """MARKS = [".", "O", "X"] and MARKS[c]: the program's 1 (its AI) is O, its 2 is X."""
    source = (REAL / "py_numeric_symbols.py").read_text()
    source = source.replace("EMPTY, AI, HUMAN = 0, 1, -1", "EMPTY, AI, HUMAN = 0, 1, 2")
    source = source.replace('SYMBOLS = {EMPTY: ".", AI: "O", HUMAN: "X"}', 'MARKS = [".", "O", "X"]')
    source = source.replace("SYMBOLS[c]", "MARKS[c]").replace("minimax(board, -who)", "minimax(board, 3 - who)")
    program = tmp_path / "marks.py"
    program.write_text(source)
    code, data, err = run_check(str(program), "--boards", "0")
    assert code == 0, err
    assert data["ai"] == "O" and data["board"] == "X.OX..O.X"
    assert data["marks"] == {"X": {"value": 2, "name": "HUMAN"}, "O": {"value": 1, "name": "AI"}}


JS_CLOSURE = """
function aiMove(board) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  const winner = () => lines.map(([a, b, c]) => board[a] && board[a] === board[b] && board[a] === board[c]
    ? board[a] : null).find(w => w) || null;
  function minimax(isAi) {
    const w = winner();
    if (w) return w === 'O' ? 1 : -1;
    if (!board.includes('')) return 0;
    let best = isAi ? -2 : 2;
    for (let i = 0; i < 9; i++) {
      if (board[i] !== '') continue;
      board[i] = isAi ? 'O' : 'X';
      const s = minimax(!isAi);
      board[i] = '';
      best = isAi ? Math.max(best, s) : Math.min(best, s);
    }
    return best;
  }
  return minimax(true);
}
console.log(aiMove(['X', '', 'O', '', 'X', '', '', 'O', '']));
"""


@pytest.mark.node
def test_a_javascript_search_on_its_enclosing_function_s_board_is_refused_with_why(tmp_path: Path) -> None:
    program = tmp_path / "closure.js"
    program.write_text(JS_CLOSURE)
    code, data, err = run_check(str(program))
    assert code == 2 and data == {}
    assert err.startswith("trace: error: ") and err.count("\n") == 1
    assert "plays on a variable of the function it is defined in" in err and err.rstrip().endswith("minimax(true)")


def test_the_step_through_page_tells_each_window_and_each_bound(tmp_path: Path) -> None:
    """The page's story (told with the page's own templates, as tests/page_steps.py walks it):
    every call of the learner's alpha-beta begins with its window, and a value that is only a
    bound is told as one where it returns, exactly where the reference's value is not the score."""
    from page_steps import PageSteps

    saved = tmp_path / "mine.json"
    code, _, err = run_text(str(LEARNERS / "py_alphabeta.py"), "--boards", "0", "-o", str(saved))
    assert code == 0, err
    story = list(PageSteps(tracer.load(str(saved))).narrations())
    board = "XO..X...O"
    calls: list[tuple[str, float, float, float]] = []
    for i in (i for i in range(9) if board[i] == "."):
        reference_alphabeta(board[:i] + "X" + board[i + 1:], "O", -INF, INF, calls)
    windows = [s for s in story if "Your program called it with the window" in s]
    assert len(windows) == len(calls)
    for told, (_, alpha, beta, _) in zip(windows, calls, strict=True):
        assert f"with the window α = {bound_text(alpha, True)}, β = {bound_text(beta, False)}." in told
    bounds = sum(1 for cells, _, _, got in calls
                 if got != value(cells, "X" if cells.count("X") == cells.count("O") else "O", "X"))
    assert sum(s.count("only a bound, right for the window your program passed") for s in story) == bounds > 0
